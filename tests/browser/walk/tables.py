"""Playing the card tables as a learner: a refused card, a signal, declaring, undo, a
redeal where it is offered, every trick to the end of the deal, and a new deal."""

from __future__ import annotations

import re

from playwright.sync_api import Locator, Page, expect

from tressette_learn.i18n import side_name

from ..conftest import COMPUTER_TIMEOUT
from .page import ANSWER_TIMEOUT, Findings, normal

# The learner's cards: those the rules allow, and those a click only explains (aria-disabled).
PLAYABLE = "button.tl-card.legal[data-msg]"
REFUSED = "button.tl-card.illegal[data-msg]"
COMPUTER_DELAY = 1_000  # ms: more than the table's pause before a computer's card
MAX_ACTIONS = 400


class TablePlayer:
    """Plays one table (the ``.tl-table`` under ``host``) until its deal is over."""

    def __init__(self, page: Page, host: Locator, findings: Findings, where: str,
                 lang: str) -> None:
        self.page, self.findings, self.where, self.lang = page, findings, where, lang
        self.table = host.locator(".tl-table").first
        self.tried: set[str] = set()

    @property
    def status(self) -> str:
        return self.table.get_attribute("data-status") or ""

    def step(self) -> str:
        return self.table.get_attribute("data-step") or ""

    def act(self, target: Locator, timeout: float = ANSWER_TIMEOUT, force: bool = False) -> None:
        """Click ``target`` and wait until the table has redrawn (``force``: a card that is
        aria-disabled, which a mouse still clicks)."""
        before = self.step()
        target.click(force=force)
        expect(self.table).not_to_have_attribute("data-step", before, timeout=timeout)

    def settled(self) -> str:
        """Wait while the computers play; the status once the learner must act. The
        computers' pause between cards is skipped (the page's clock jumps over it)."""
        for _ in range(MAX_ACTIONS):
            status, step = self.table.evaluate("(t) => [t.dataset.status, t.dataset.step]")
            if status not in ("waiting", "thinking"):
                return str(status)
            if status == "waiting":
                self.page.clock.fast_forward(COMPUTER_DELAY)
            expect(self.table).not_to_have_attribute("data-step", step, timeout=COMPUTER_TIMEOUT)
        raise AssertionError(f"the computers did not stop after {MAX_ACTIONS} cards")

    def play_to_the_end(self) -> None:
        """Every card of the deal; ``over`` at the end (a finding otherwise)."""
        for _ in range(MAX_ACTIONS):
            status = self.settled()
            if status == "over":
                self.check_scores()
                return
            if status == "paused":
                self.findings.add(self.where, "the table stopped (paused) in the middle of "
                                              "a deal, with no control to go on")
                return
            if status == "trick_done":
                self.act(self.table.locator(".tl-next"))
            else:
                self.learner_turn()
        self.findings.add(self.where, f"the deal did not end after {MAX_ACTIONS} actions")

    def learner_turn(self) -> None:
        """Try each control once (redeal, declarations, a refused card, a signal, call
        out, undo), then play the first playable card."""
        for css in (".tl-redeal", ".tl-declare", ".tl-call"):
            button = self.table.locator(css).first
            if css not in self.tried and button.is_visible():
                self.tried.add(css)
                with self.findings.step(f"{self.where}, button “{button.inner_text()}”"):
                    hand = self.hand()
                    self.act(button)
                    if css == ".tl-redeal":
                        self.after_redeal(hand)
                        return
                    if self.status == "over":
                        return
        if "refused" not in self.tried and self.table.locator(REFUSED).count():
            self.tried.add("refused")
            self.refused_card()
        signal = self.table.locator(".tl-signal").first
        if "signal" not in self.tried and signal.is_visible():
            self.tried.add("signal")
            self.act(signal)
        card = self.table.locator(PLAYABLE).first
        name = card.get_attribute("data-card") or ""
        if "keyboard" not in self.tried:
            self.tried.add("keyboard")
            self.by_keyboard(card)
        else:
            self.act(card)
        if self.table.locator(".tl-message.tl-error").is_visible() and \
                self.table.locator(".tl-signal.selected").count():
            # a signal the hand does not allow was refused: play without it
            self.act(self.table.locator(".tl-signal.selected"))
            self.act(self.table.locator(PLAYABLE).first)
        elif "undo" not in self.tried and self.table.locator(".tl-undo").is_visible():
            self.tried.add("undo")
            self.undo(name)

    def by_keyboard(self, card: Locator) -> None:
        """Play a card as a keyboard user: focus it, press Space; the focus stays on the
        table once it is the learner's turn again."""
        here = f"{self.where}, keyboard"
        before = self.step()
        card.focus()
        card.press(" ")
        try:
            expect(self.table).not_to_have_attribute("data-step", before, timeout=ANSWER_TIMEOUT)
        except AssertionError:
            self.findings.add(here, "Space on a focused card does not play it")
            self.act(card)
        with self.findings.step(here):
            if self.settled() != "over" and not self.table.evaluate(
                    "(t) => t.contains(document.activeElement)"):
                self.findings.add(here, "the focus leaves the table after a card is played")

    def refused_card(self) -> None:
        """A card the rules forbid: the table says why, and the card stays in hand."""
        card = self.table.locator(REFUSED).first
        name = card.get_attribute("data-card")
        with self.findings.step(f"{self.where}, a card that may not be played ({name})"):
            self.act(card, force=True)
            expect(self.table.locator(".tl-message.tl-error")).not_to_have_text("")
            expect(self.table.locator(f'.tl-seat .tl-card[data-card="{name}"]')).to_have_count(1)

    def undo(self, card: str) -> None:
        """Undo takes the learner's card back into the hand; then it is played again."""
        with self.findings.step(f"{self.where}, Undo"):
            self.settled()
            self.act(self.table.locator(".tl-undo"))
            expect(self.table.locator(f'.tl-seat .tl-card[data-card="{card}"]')).to_have_count(1)

    def hand(self) -> list[str]:
        """The learner's cards, by their codes."""
        cards = self.table.locator("button.tl-card[data-msg]")
        return [c.get_attribute("data-card") or "" for c in cards.all()]

    def after_redeal(self, before: list[str]) -> None:
        """A deal sent back is dealt again at once, by the same dealer (the learner still
        leads), and the table says so; it gives no score, as if the deal had been played."""
        self.settled()
        message = normal(self.table.locator(".tl-message").inner_text())
        words = {"en": "deals again", "it": "ridà le carte"}[self.lang]
        if words not in message:
            self.findings.add(self.where, f"after the redeal the table does not say who deals "
                                          f"again: “{message}”")
        if self.status != "your_turn" or self.hand() == before:
            self.findings.add(self.where, f"after the redeal no new hand to lead from "
                                          f"(status {self.status})")
        if self.table.locator(".tl-result").is_visible():
            result = normal(self.table.locator(".tl-result").inner_text())
            self.findings.add(self.where, f"after the redeal the table gives a result, as if "
                                          f"the deal had been played: “{result}”")

    def check_scores(self) -> None:
        """The line under the table and the result must give each side the same points
        (when nothing was declared)."""
        if self.table.locator(".tl-declared").count():
            return
        result = normal(self.table.locator(".tl-result").inner_text())
        for pile in self.table.locator(".tl-pile").all():
            side = pile.get_attribute("data-side") or ""
            text = normal(pile.inner_text())
            said = re.search(r"\((\d+)", text)
            told = re.search(rf"{re.escape(side_name(side, self.lang))}: (\d+)", result)
            if said and told and said.group(1) != told.group(1):
                self.findings.add(self.where, f"scores do not add up on screen: “{text}” "
                                              f"but the result says “{result}”")

    def new_deal(self) -> None:
        """The New deal button deals again."""
        button = self.table.locator(".tl-new")
        if button.is_visible():
            with self.findings.step(f"{self.where}, New deal"):
                self.act(button)
                expect(self.table).not_to_have_attribute("data-status", "over")
