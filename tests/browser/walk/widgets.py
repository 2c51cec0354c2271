"""The other things a learner uses on a page: the memory drill, the thirds slider, a match
against the computer, and every button left on the page (none may do nothing)."""

from __future__ import annotations

import re

from playwright.sync_api import Locator, Page, expect

from tressette_learn.i18n import t

from .page import Findings, changes, normal
from .tables import TablePlayer

COACH_TIMEOUT = 120_000  # ms: a hint or a review searches the deal
# ms: a kernel still busy (the computers playing, the chart drawn) answers a click late on a
# loaded machine; a button that does change its part of the page returns at once
BUSY_KERNEL = 30_000
# Buttons a sweep leaves alone: cards (played by the walk), the language and faces switch
# (checked on their own), and a toggle already chosen (pressing it again changes nothing).
SWEEP = ("button:visible:not([disabled]):not([aria-disabled='true']):not(.tl-card)"
         ":not(.mod-active)")
NOT_SWEPT = ".tl-lang-switch, .tl-faces-switch"


def memory_drill(page: Page, drill: Locator, findings: Findings, where: str) -> None:
    """Hide the tricks, answer every question with the first card offered, then a new deal."""
    hide = drill.locator(".tl-memory-hide")
    if not hide.is_visible():
        findings.add(where, "none of the drill's buttons is shown (Hide the tricks, Check, "
                            "Next, New deal): nothing can be done with it")
        return
    with findings.step(f"{where}, Hide"):
        hide.click()
        expect(drill.locator(".tl-memory-check")).to_be_visible()
    for number in range(1, 30):
        here = f"{where}, question {number}"
        with findings.step(here):
            drill.locator(".tl-cardpicker .tl-card").first.click()
            expect(drill.locator(".tl-cardpicker .tl-card.selected")).to_have_count(1)
            drill.locator(".tl-memory-check").click()
            expect(drill.locator("[role=status]")).not_to_have_text("")
        following = drill.locator(".tl-memory-next")
        if not following.is_visible():
            break
        following.click()
        expect(drill.locator(".tl-memory-check")).to_be_visible()
    with findings.step(f"{where}, New deal"):
        assert changes(page, drill.element_handle(), drill.locator(".tl-memory-new").click), \
            "New deal changed nothing"


DEALING_TICK = 2_000  # ms: more than the dealing show's longest pause between steps


def dealing_show(page: Page, show: Locator, findings: Findings, where: str) -> None:
    """The deal drawn card by card: Step twice with the keyboard (the shuffle, the cut),
    Play and Pause, then Play to the end: forty cards, ten a seat, and the caption moves
    on at every step."""
    caption = show.locator(".tl-dealing-caption")

    def step_of() -> str:
        return show.get_attribute("data-step") or ""

    with findings.step(f"{where}, Step"):
        for _ in range(2):
            before, said = step_of(), normal(caption.inner_text())
            show.locator(".tl-dealing-step").focus()
            show.locator(".tl-dealing-step").press("Enter")
            expect(show).not_to_have_attribute("data-step", before)
            expect(caption).not_to_have_text(said)
    with findings.step(f"{where}, Play and Pause"):
        show.locator(".tl-dealing-play").click()
        expect(show).to_have_attribute("data-playing", "true")
        before = step_of()
        page.clock.fast_forward(DEALING_TICK)
        expect(show).not_to_have_attribute("data-step", before)
        show.locator(".tl-dealing-pause").click()
        expect(show).to_have_attribute("data-playing", "false")
    with findings.step(f"{where}, Play to the end"):
        show.locator(".tl-dealing-play").click()
        for _ in range(60):
            if show.get_attribute("data-kind") == "lead":
                break
            before = step_of()
            page.clock.fast_forward(DEALING_TICK)
            expect(show).not_to_have_attribute("data-step", before)
        expect(show).to_have_attribute("data-kind", "lead")
        expect(show.locator(".tl-dealing-card")).to_have_count(40)
        for seat in show.locator(".tl-dealing-seat").all():
            expect(seat.locator(".tl-dealing-card")).to_have_count(10)


def thirds_slider(page: Page, split: Locator, findings: Findings, where: str) -> None:
    """Move the slider one step with the keyboard: both sides' points change, the total
    stays 11."""
    with findings.step(f"{where}, the slider"):
        text = split.locator(".tl-split-text")
        before = normal(text.inner_text())
        handle = split.locator(".noUi-handle, input[type=range]").first
        handle.focus()
        handle.press("ArrowRight")
        expect(text).not_to_have_text(before)
        expect(text).to_contain_text("11")


def play_match(page: Page, match: Locator, findings: Findings, lang: str) -> None:
    """Start a match at the easiest level, ask for a hint, play the deal to its end, ask
    for the review, then deal the next deal."""
    where = "match"
    with findings.step(f"{where}, Start"):
        match.locator(".tl-match-level select").select_option(index=0)
        match.locator(".tl-match-start").click()
        expect(match.locator(".tl-table")).to_be_visible()
    player = TablePlayer(page, match, findings, f"{where}, deal 1", lang)
    coach = match.locator(".tl-coach-output")
    with findings.step(f"{where}, Hint"):
        expect(player.table).to_have_attribute("data-status", "your_turn",
                                               timeout=COACH_TIMEOUT)
        match.locator(".tl-coach-hint").click()
        expect(coach).not_to_have_text(re.compile(r"^\s*$|" + re.escape(
            t("coach.thinking", lang))), timeout=COACH_TIMEOUT)
    player.play_to_the_end()
    with findings.step(f"{where}, Review"):
        expect(coach).to_have_text(re.compile(r"^\s*$"))  # the hint left with its card
        match.locator(".tl-coach-review").click()
        expect(coach.locator(".tl-coach-summary")).to_be_visible(timeout=COACH_TIMEOUT)
    with findings.step(f"{where}, Next deal"):
        # the kernel may still be recording the review (the store, the class's review)
        player.act(match.locator(".tl-match-next"), timeout=BUSY_KERNEL)
        expect(player.table).not_to_have_attribute("data-status", "over", timeout=BUSY_KERNEL)


def sweep_buttons(page: Page, findings: Findings) -> None:
    """Click every visible, enabled button the walk left: each must change its part of
    the page (the cell output it is in)."""
    buttons = [b for b in page.locator(SWEEP).element_handles()
               if not b.evaluate(f"(b) => !!b.closest({NOT_SWEPT!r})")]
    for button in buttons:
        if not (button.is_visible() and button.is_enabled()):
            continue  # an earlier click hid or disabled it
        label = normal(button.inner_text()) or button.get_attribute("aria-label") or "?"
        root = button.evaluate_handle(
            "(b) => b.closest('.jp-OutputArea-output') || document.body")
        if not changes(page, root.as_element(), button.click, limit=BUSY_KERNEL):
            findings.add(f"button “{label}”", "pressing it changes nothing on the page")
