"""The puzzles of a lesson as a learner meets them: a card tried until the puzzle is solved
(a wrong one first, when the walk finds one), each message read, then the next puzzle."""

from __future__ import annotations

from playwright.sync_api import Locator, expect

from tressette_learn.i18n import t

from .page import Findings
from .tables import PLAYABLE

SOLVED = ".tl-message.tl-good"
WALKED = 2  # puzzles walked per lesson (each one also checks the step to the next)
ANSWER_MS = 30_000  # the kernel's answer to a card, on a machine running the whole suite


def walk_puzzles(board: Locator, findings: Findings, where: str, lang: str) -> None:
    """Solve the first puzzles of ``board`` by trying the learner's cards in turn."""
    counter = board.locator(".tl-stepper-text")
    total = int(counter.inner_text().split()[-1])
    for number in range(1, min(WALKED, total) + 1):
        expect(counter).to_have_text(t("puzzle.position", lang, n=number, total=total))
        if not solve(board):
            findings.add(where, f"puzzle {number}: no card the learner may play solves it")
            return
        if number < total:
            board.locator(".tl-step-next").click()


def solve(board: Locator) -> bool:
    """Try each playable card (the last first: rarely the answer) until one solves it."""
    table = board.locator(".tl-table")
    expect(table).to_have_attribute("data-status", "your_turn")
    tried: set[str] = set()
    hand = table.locator(f".tl-seat.tl-pos-bottom {PLAYABLE}")
    # the kernel's answer to a card: the puzzle solved (perhaps after the computers finish
    # the trick), or the hand drawn again for another try (slow under load)
    answered = board.locator(f"{SOLVED}, .tl-table .tl-seat.tl-pos-bottom {PLAYABLE}")
    while True:
        expect(answered.first).to_be_visible(timeout=ANSWER_MS)
        if board.locator(SOLVED).count():
            return True
        cards = [c for c in hand.all()
                 if c.get_attribute("data-card") not in tried]
        if not cards:
            return False
        card, said = cards[-1], board.locator(".tl-message").inner_text()
        tried.add(card.get_attribute("data-card") or "")
        card.click()
        expect(board.locator(".tl-message")).not_to_have_text(
            said, timeout=ANSWER_MS)  # each card is answered
