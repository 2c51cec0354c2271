"""Stepping a guided hand to its end through its own controls, as a learner would: the next
trick (or the next card), at each "your move" a card of the learner's, or Show me."""

from __future__ import annotations

import re

from playwright.sync_api import Locator, Page, expect

from tressette_learn.content import names
from tressette_learn.engine import Card
from tressette_learn.i18n import card_name
from tressette_learn.teaching.guided import HandScript

from .page import Findings, normal, settle
from .tables import PLAYABLE, TablePlayer

JUDGE_TIMEOUT = 60_000  # ms: the solver checks the learner's card
MAX_CLICKS = 200
DECK_SIZE = 40  # the guided hands are deals of four hands of ten (a hidden hand: backs)
TRICKS = re.compile(r"(\d+)")


class GuidedWalker(TablePlayer):
    """One ``.tl-guided`` hand."""

    def __init__(self, page: Page, hand: Locator, findings: Findings, where: str,
                 lang: str) -> None:
        super().__init__(page, hand, findings, where, lang)
        self.hand = hand
        steps = hand.locator(".tl-stepper")
        self.forward = steps.locator(".tl-step-forward_trick")
        self.show_me = steps.locator(".tl-step-show_me")
        self.back = steps.locator(".tl-step-back_trick")
        self.back_card = steps.locator(".tl-step-back")
        self.next_trick = self.table.locator(".tl-next")
        self.clicks = self.moves = 0

    def walk(self) -> None:
        """From where the hand opens to its end, a trick at a time; then a trick back and a
        card back."""
        start = self.tricks_done()
        for _ in range(MAX_CLICKS):
            before = self.step()
            if self.show_me.is_visible():
                self.your_move()
            elif self.usable(self.forward) or self.usable(self.next_trick):
                self.step_on()
            else:
                break
            if self.step() == before:
                self.findings.add(self.where, "stuck: the last control pressed changed "
                                              "nothing, the walk stops here")
                return
        else:
            self.findings.add(self.where, f"still not at its end after {MAX_CLICKS} clicks")
        tricks = self.tricks_done() - start
        if not self.clicks and not self.moves:
            self.findings.add(self.where, "no control steps the hand on")
        if self.clicks > tricks + 2:
            self.findings.add(self.where, f"{self.clicks} clicks to step through {tricks} "
                                          "trick(s): one click per card")
        for back in (self.back, self.back_card):
            with self.findings.step(f"{self.where}, “{back.inner_text()}” at the end"):
                assert self.usable(back), "no control to step back at the end"
                self.act(back)

    @staticmethod
    def usable(button: Locator) -> bool:
        """Shown, and not disabled (nor ``aria-disabled``, which keeps the focus)."""
        return button.is_visible() and button.is_enabled() and \
            button.get_attribute("aria-disabled") != "true"

    def tricks_done(self) -> int:
        """Tricks taken by both sides, as the lines under the table say."""
        total = 0
        for pile in self.table.locator(".tl-pile").all():
            found = TRICKS.search(pile.inner_text())
            total += int(found.group(1)) if found else 0
        return total

    def step_on(self) -> None:
        if self.usable(self.forward) and self.usable(self.next_trick):
            self.findings.add(self.where, "two controls to go on at once: “"
                              f"{self.next_trick.inner_text()}” and “{self.forward.inner_text()}”")
        button = self.forward if self.usable(self.forward) else self.next_trick
        self.clicks += 1
        with self.findings.step(f"{self.where}, “{button.inner_text()}”"):
            self.act(button)
            settle(self.page, self.hand, quiet=150)

    def your_move(self) -> None:
        """The hand waits for the learner's card, and the cards must respond: a card that
        loses points is refused (and stays in the hand), a card as good as the best is
        accepted (one other than the record's, where there is one) and is the card shown
        on the table; the hand's last move is left to Show me."""
        self.moves += 1
        comment = normal(self.hand.locator(".tl-guided-comment").inner_text())[:80]
        here = f"{self.where}, your move {self.moves} (“{comment}”)"
        if self.status != "your_turn":
            self.findings.add(here, "the comment asks for a card but the table says “"
                              f"{normal(self.table.locator('.tl-status').inner_text())}” "
                              "and the cards do not respond")
            if self.next_trick.is_visible():
                self.act(self.next_trick)
                settle(self.page, self.hand, quiet=150)
        plan = self.plan()
        if plan is None:  # no solver answers stored: the first card the learner may play
            first = self.table.locator(PLAYABLE).first.get_attribute("data-card") or ""
            if self.offer_card(here, first) is True:
                return
        else:
            right, wrong, last = plan
            if wrong and self.offer_card(here, wrong) is not False:
                self.findings.add(here, f"the card {wrong} loses points but was not refused")
            if right and not last and self.offer_card(here, right) is not True:
                self.findings.add(here, f"the card {right} is as good as the best but was "
                                        "not accepted")
                return
            if right and not last:
                return
        with self.findings.step(f"{here}, Show me"):
            self.act(self.show_me, timeout=JUDGE_TIMEOUT)
            settle(self.page, self.hand)

    def plan(self) -> tuple[str, str, bool] | None:
        """From the hand's stored solver answers for this move: a right card (not the
        record's, where another is as good), a wrong card (or ""), and whether it is the
        hand's last move; None when the walk cannot tell."""
        script = SCRIPTS.get(normal(self.hand.locator("h3").first.inner_text()))
        step = DECK_SIZE - self.table.locator(".tl-seat .tl-card, .tl-seat .tl-back").count()
        values = script.solved.get(step) if script else None
        if not script or not values:
            return None
        best = script.record.rules.best(v.points for v in values)  # a perdere: the fewest
        recorded = str(script.record.plays[step].card)
        right = sorted((str(v.card) for v in values if v.points == best),
                       key=lambda card: card == recorded)
        wrong = [str(v.card) for v in values if v.points != best]
        return right[0], wrong[0] if wrong else "", step == max(script.your_moves)

    def offer_card(self, here: str, name: str) -> bool | None:
        """Click the learner's card ``name``: True when the hand accepts it (and then shows
        that very card on the table, no longer in the hand), False when it refuses it (and
        the card stays in the hand), None when the walk could not tell."""
        card = self.table.locator(f'.tl-seat .tl-card[data-card="{name}"]')
        message = self.table.locator(".tl-message")
        verdict = None
        with self.findings.step(f"{here}, the card {name}"):
            self.act(card, timeout=JUDGE_TIMEOUT)
            expect(message).to_have_class(re.compile(r"tl-(good|error)"), timeout=JUDGE_TIMEOUT)
            verdict = "tl-good" in (message.get_attribute("class") or "")
            settle(self.page, self.hand)
            said = normal(message.inner_text())[:100]
            if verdict:
                self.accepted(here, name, said)
            if not verdict and not card.count():
                self.findings.add(here, f"{name} was refused (“{said}”) but left the hand")
        return verdict

    def accepted(self, here: str, name: str, said: str) -> None:
        """An accepted card is the one on the table, no longer in the hand; or, where the
        deal goes on as recorded, the comment says which card was played instead and that
        the learner's stays in the hand."""
        on_table = self.table.locator(f'.tl-played[data-card="{name}"]').count()
        in_hand = self.table.locator(f'.tl-seat .tl-card[data-card="{name}"]').count()
        if on_table and not in_hand:
            return
        shown = self.table.locator(".tl-played").last.get_attribute("data-card") or ""
        comment = normal(self.hand.locator(".tl-guided-comment").inner_text()).lower()
        told = all(card_name(Card.parse(c), self.lang, "bare").lower() in comment
                   for c in (name, shown) if c)
        if not (in_hand and shown and told):
            self.findings.add(here, f"{name} was accepted (“{said}”) but the table shows "
                                    f"{shown or 'nothing'} played and {name} "
                                    f"{'still in the hand' if in_hand else 'gone'}, and the "
                                    "comment does not say why")


def _scripts() -> dict[str, HandScript]:
    """Every guided hand by its title, in both languages."""
    found = {}
    for name in names("hands", ".json"):
        script = HandScript.load(name)
        found.update({normal(script.title[lang]): script for lang in ("en", "it")})
    return found


SCRIPTS = _scripts()
