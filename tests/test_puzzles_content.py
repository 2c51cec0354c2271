"""The puzzle bank re-solved: every stored answer is the solver's today (shown hands on the
layout, hidden hands over every fitting deal, each stored re-dealt layout replayed), every
puzzle has a clear answer, and the bank is big enough and worded in both languages."""

import pytest
from learner_text import check_sentence, said_twice

from tressette_learn.ai.inference import Sample, knowledge_from_view
from tressette_learn.teaching.puzzles import words
from tressette_learn.teaching.puzzles.bank import lessons_with_puzzles, load_puzzles
from tressette_learn.teaching.puzzles.check import check, layout_loss, warm
from tressette_learn.teaching.puzzles.find import is_clear
from tressette_learn.teaching.puzzles.themes import BY_NAME, THEMES
from tressette_learn.ui.puzzle import PuzzleSet
from tressette_learn.ui.settings import Settings

PUZZLES = [p for lesson in lessons_with_puzzles() for p in load_puzzles(lesson)]


@pytest.fixture(scope="module", autouse=True)
def solver():
    warm()


def test_the_bank_holds_sixty_puzzles_of_every_theme():
    assert len(PUZZLES) >= 60
    assert {p.theme for p in PUZZLES} == {theme.name for theme in THEMES}
    assert any(p.shown for p in PUZZLES) and any(not p.shown for p in PUZZLES)


@pytest.mark.parametrize("puzzle", PUZZLES, ids=lambda p: p.id)
def test_the_stored_answer_is_the_solvers(puzzle):
    deal = puzzle.deal()
    theme = BY_NAME[puzzle.theme]
    answer = theme.judged(deal, check(deal, puzzle.shown))
    stored = puzzle.answer
    assert answer.deals == stored.deals
    assert answer.accepted == stored.accepted
    assert is_clear(answer)
    for now, then in zip(answer.cards, stored.cards, strict=True):
        assert (now.card, now.points, now.worst) == (then.card, then.points, then.worst)
        assert now.loss == pytest.approx(then.loss, abs=1e-3)
        assert now.best_share == pytest.approx(then.best_share, abs=1e-4)
        if then.layout is not None:  # a re-dealt layout that fits the view and loses
            hands = {s: deal.hand_mask(s) for s in deal.seats}
            hands.update({s: h.mask for s, h in then.layout.items()})
            assert knowledge_from_view(deal.view(puzzle.seat)).violation(Sample(hands)) is None
            assert layout_loss(deal, then.card, then.layout) == then.worst
    assert puzzle.shown == theme.shown and theme.fits(deal) is not None
    assert theme.keeps(deal, answer) is not None


@pytest.mark.parametrize("lang", ["en", "it"])
def test_every_puzzle_is_worded(lang):
    for puzzle in PUZZLES:
        wrong = next(r.card for r in puzzle.answer.cards
                     if r.card not in puzzle.answer.accepted)
        for text in (words.title(puzzle), words.prompt(puzzle), words.hint(puzzle),
                     words.wrong(puzzle, wrong),
                     words.solved(puzzle, puzzle.answer.accepted[0])):
            check_sentence(text.get(lang))


@pytest.mark.parametrize("lang", ["en", "it"])
def test_a_verdict_for_several_right_cards_says_each_thing_once(lang):
    """"Both are right: whichever you play, your side makes 7 points" is not followed by
    "either card makes 7 points" (a lead with a signal tells each card's signal in turn)."""
    several = [p for p in PUZZLES if len(p.answer.accepted) > 1 and not p.lead_signal]
    assert len({p.theme for p in several}) >= 5
    for puzzle in several:
        text = words.solved(puzzle, puzzle.answer.accepted[0]).get(lang)
        assert not said_twice(text), (puzzle.id, said_twice(text), text)
    partner = {"en": "Your partner now knows", "it": "Ora il compagno"}[lang]
    signals = [p for p in PUZZLES if len(p.answer.accepted) > 1 and p.lead_signal]
    assert signals
    for puzzle in signals:  # each card's signal is true, then once what partner learns
        text = words.solved(puzzle, puzzle.answer.accepted[0]).get(lang)
        assert text.count(partner) == 1, (puzzle.id, text)


@pytest.mark.parametrize("lesson", lessons_with_puzzles())
def test_every_puzzle_on_its_board_answers_a_wrong_and_a_right_card_in_its_words(lesson):
    """What a learner reads on the board for one wrong card and one right card of every
    stored puzzle, in both languages, is the puzzle's verdict and reason (the browser walk
    reads the first two of each lesson)."""
    settings = Settings()
    board = PuzzleSet(lesson, settings=settings)
    for number, puzzle in enumerate(board.puzzles):
        legal = board.table.deal.legal_cards()
        wrong = next((r.card for r in puzzle.answer.cards
                      if r.card not in puzzle.answer.accepted and r.card in legal), None)
        right = puzzle.answer.accepted[-1]
        for lang in ("en", "it"):
            settings.lang = lang
            board.retry()
            if wrong is not None:
                assert board.try_card(wrong) is False, (puzzle.id, wrong)
                assert " ".join(words.wrong(puzzle, wrong).get(lang).split()) in " ".join(
                    board.table.message.split()), (puzzle.id, lang)
            assert board.try_card(right) is True, (puzzle.id, right)
            assert " ".join(words.solved(puzzle, right).get(lang).split()) in " ".join(
                board.table.message.split()), (puzzle.id, lang)
        assert board.next() is (number + 1 < len(board.puzzles))
