"""The puzzles of a lesson as a learner meets them: a card tried until the puzzle is solved
(a wrong one first, when the walk finds one), each message read and compared with the
puzzle's own words (the verdict and the reason for the wrong and the right card), the
cards already played shown, then the next puzzle."""

from __future__ import annotations

from playwright.sync_api import Locator, expect

from tressette_learn.engine import Card
from tressette_learn.i18n import t
from tressette_learn.teaching.puzzles import words
from tressette_learn.teaching.puzzles.bank import Puzzle, load_puzzles

from .page import Findings
from .tables import PLAYABLE

SOLVED = ".tl-message.tl-good"
WALKED = 2  # puzzles walked per lesson (each one also checks the step to the next)
ANSWER_MS = 30_000  # the kernel's answer to a card, on a machine running the whole suite


def walk_puzzles(board: Locator, findings: Findings, where: str, lang: str,
                 lesson_id: str | None = None) -> None:
    """Solve the first puzzles of ``board`` by trying the learner's cards in turn (and, with
    ``lesson_id``, read each answer against the puzzle's words)."""
    counter = board.locator(".tl-stepper-text")
    total = int(counter.inner_text().split()[-1])
    stored = load_puzzles(lesson_id) if lesson_id else []
    for number in range(1, min(WALKED, total) + 1):
        expect(counter).to_have_text(t("puzzle.position", lang, n=number, total=total))
        expect(board.locator(".tl-puzzle-played")).to_contain_text(t("puzzle.played", lang))
        said = solve(board)
        if said is None:
            findings.add(where, f"puzzle {number}: no card the learner may play solves it")
            return
        if stored:
            read_answers(stored[number - 1], said, lang, findings, f"{where} puzzle {number}")
        if number < total:
            board.locator(".tl-step-next").click()


def read_answers(puzzle: Puzzle, said: list[tuple[str, str]], lang: str, findings: Findings,
                 where: str) -> None:
    """Each card tried was answered with the puzzle's words: the wrong ones with what they
    cost, the last (right) one with the one verdict and its reason."""
    for number, (card, text) in enumerate(said, 1):
        right = number == len(said)
        expected = (words.solved if right else words.wrong)(puzzle, Card.parse(card)).get(lang)
        if " ".join(expected.split()) not in " ".join(text.split()):
            findings.add(where, f"{card} was answered {text!r}, not {expected!r}")


def solve(board: Locator) -> list[tuple[str, str]] | None:
    """Try each playable card (the last first: rarely the answer) until one solves it: the
    cards tried and the answer each got, or None when none solves it."""
    table = board.locator(".tl-table")
    expect(table).to_have_attribute("data-status", "your_turn")
    tried: set[str] = set()
    said: list[tuple[str, str]] = []
    hand = table.locator(f".tl-seat.tl-pos-bottom {PLAYABLE}")
    # the kernel's answer to a card: the puzzle solved (perhaps after the computers finish
    # the trick), or the hand drawn again for another try (slow under load)
    answered = board.locator(f"{SOLVED}, .tl-table .tl-seat.tl-pos-bottom {PLAYABLE}")
    while True:
        expect(answered.first).to_be_visible(timeout=ANSWER_MS)
        if board.locator(SOLVED).count():
            said[-1] = (said[-1][0], board.locator(SOLVED).inner_text())
            return said
        cards = [c for c in hand.all()
                 if c.get_attribute("data-card") not in tried]
        if not cards:
            return None
        card, before = cards[-1], board.locator(".tl-message").inner_text()
        name = card.get_attribute("data-card") or ""
        tried.add(name)
        card.click()
        message = board.locator(".tl-message")
        expect(message).not_to_have_text(before, timeout=ANSWER_MS)  # each card is answered
        said.append((name, message.inner_text()))
