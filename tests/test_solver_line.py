"""The solver's line in a review: when no rule of thumb explains the better card, the review
tells the trick (or two) where the two cards' best lines part, and those account for the cost."""

from __future__ import annotations

import pytest
from conftest import complete_deal, play_moves
from hypothesis import given
from hypothesis import strategies as st
from learner_text import sentence_problems, text_problems

from tressette_learn.ai import make_player, play_deal, solver_line
from tressette_learn.ai.review import ReviewedPlay, review
from tressette_learn.ai.solve import CardValue, Position, reference_card_values
from tressette_learn.ai.solver_line import best_line, consequence, contrast, story
from tressette_learn.engine import Card, Deal, Rules
from tressette_learn.i18n import Phrase
from tressette_learn.teaching.puzzles.bank import lessons_with_puzzles, load_puzzles
from tressette_learn.teaching.puzzles.words import wrong

# N holds the Three and the Four of cups for the last two tricks; W the Two and the Ace
DEAL_F = {"N": "3d 2d Ad Rd Cd Fd 7d 6d 3c 4c", "W": "5d 4d 3s 2s As Rs Cs Fs 2c Ac",
          "S": "3b 2b Ab Rb Cb Fb 7b 6b Rc Cc", "E": "Fc 7c 6c 5c 7s 6s 5s 4s 5b 4b"}
EIGHT_TRICKS = ("3d 5d 3b 7s 2d 4d 2b 6s Ad 3s Ab 5s Rd 2s Rb 4s Cd As Cb 5b Fd Rs Fb 4b "
                "7d Cs 7b Fc 6d Fs 6b 7c")
CONTRAST = "explain.best_line.contrast"


def two_tricks_left() -> Deal:
    deal = complete_deal(Rules.preset("standard"), "E", DEAL_F)
    play_moves(deal, EIGHT_TRICKS)
    return deal


def test_the_contrast_names_the_trick_the_better_card_wins() -> None:
    """Leading the Three of cups wins trick 9 (3 thirds) and gives West the last trick with
    the Ace (Ace, a court card, the point of the last trick: 2 points and a third); leading
    the Four lets West take trick 9 cheaply and North's Three takes the last (2 points)."""
    said = contrast(two_tricks_left(), Card.parse("4c"), Card.parse("3c"))
    assert said is not None
    assert said.get("en") == (
        "With the best play at every seat from here on: after the Three of cups, West takes "
        "the last trick, worth 2 points and a third, with the Ace of cups; after the Four of "
        "cups, you take the last trick, worth 2 points, with the Three of cups.")
    assert said.get("it") == (
        "Se da qui in poi tutti giocano al meglio: dopo il Tre di coppe, Ovest fa l'ultima "
        "presa, che vale 2 punti e un terzo, con l'Asso di coppe; dopo il Quattro di coppe, "
        "fai tu l'ultima presa, che vale 2 punti, con il Tre di coppe.")


def test_a_gain_over_two_tricks_is_told_by_both() -> None:
    """North leads after five tricks: the Four of cups gives West this trick with the Ace
    (1 point and a third) and trick 7; the Jack of coins takes both. Neither trick alone
    accounts for the difference, the two do; West is named once for both."""
    deal = complete_deal(Rules.preset("standard"), "E", DEAL_F)
    play_moves(deal, " ".join(EIGHT_TRICKS.split()[:20]))
    said = contrast(deal, Card.parse("Fd"), Card.parse("4c"))
    assert said is not None
    assert said.get("en") == (
        "With the best play at every seat from here on: after the Four of cups, West takes "
        "this trick, worth 1 point and a third, with the Ace of cups, and trick 7, worth two "
        "thirds of a point, with the Jack of swords; after the Jack of coins, you take this "
        "trick, worth 1 point, with the Jack of coins, and trick 7, worth 1 point and a third, "
        "with the Six of coins.")
    assert said.get("it") == (
        "Se da qui in poi tutti giocano al meglio: dopo il Quattro di coppe, Ovest fa questa "
        "presa, che vale 1 punto e un terzo, con l'Asso di coppe, e anche la settima presa, "
        "che vale due terzi di punto, con il Fante di spade; dopo il Fante di denari, fai tu "
        "questa presa, che vale 1 punto, con il Fante di denari, e anche la settima presa, che "
        "vale 1 punto e un terzo, con il Sei di denari.")
    wrong_card = consequence(deal, Card.parse("4c"), (Card.parse("Fd"),))
    assert wrong_card is not None and wrong_card.get("en") == (
        "With the best play at every seat from here on: after the Four of cups, West takes "
        "this trick, worth 1 point and a third, with the Ace of cups, and trick 7, worth two "
        "thirds of a point, with the Jack of swords.")


@pytest.mark.parametrize(("gains", "told"), [
    ([3, -1, 0], (0,)), ([1, -2, 3], (2,)), ([2, 2, -1], (0, 1)), ([3, 0, 3, -2], (0, 2)),
    ([-1, 2, -1, 2, -1], (1,)), ([2, 2, 2], None), ([1, 1, 1, 0], None), ([0, 0], None),
    ([], None)])
def test_a_story_is_the_fewest_tricks_that_gain_the_whole(
        gains: list[int], told: tuple[int, ...] | None) -> None:
    assert story(gains) == told


@given(st.lists(st.integers(-9, 9), max_size=10))
def test_a_storys_tricks_each_gain_and_together_gain_the_whole(gains: list[int]) -> None:
    told = story(gains)
    if told is None:  # no one trick, and no two, gain the whole
        gaining = sorted(g for g in gains if g > 0)
        assert not gaining or sum(gaining[-2:]) < sum(gains)
        return
    assert len(told) in (1, 2) and list(told) == sorted(set(told))
    assert all(gains[i] > 0 for i in told) and sum(gains[i] for i in told) >= sum(gains)
    if len(told) == 2:
        assert max(gains) < sum(gains)


def test_the_line_is_played_to_the_end_with_the_first_card_given() -> None:
    deal = two_tricks_left()
    line = best_line(deal, Card.parse("4c"))
    assert line.is_over() and line.plays[len(deal.plays)].card == Card.parse("4c")
    assert len(deal.plays) == 32  # the deal itself is untouched


def tricks_told(line: Phrase) -> list[Phrase]:
    """The tricks a line tells: one, or the two of ``explain.line.both``."""
    if line.key == "explain.line.both":
        return [line.facts["first"], line.facts["second"]]
    return [line]


def _gain(play: ReviewedPlay, deal: Deal, said: Phrase) -> int:
    """What the told tricks gain the mover's side after the better card, from the facts."""
    side = deal.side_of(play.seat)

    def taken(line: Phrase) -> int:
        total = 0
        for part in tricks_told(line):
            worth = part.facts["worth"]
            thirds = worth.facts.get("n", 0) if isinstance(worth, Phrase) else 0
            total += thirds if deal.side_of(part.facts["seat"]) == side else 0
        return total

    return deal.rules.sign * (taken(said.facts["instead"]) - taken(said.facts["then"]))


@pytest.mark.parametrize("preset", ["standard", "a_perdere", "a_due", "col_morto"])
def test_a_reviews_contrast_accounts_for_the_whole_cost(preset: str) -> None:
    """Beginners' deals: every mistake told by the solver's lines (alone, or after an a
    perdere "the Ace beats the Four", a fact that is no reason) is exact, names the card
    played and the better card, one or two tricks not before the mistake's, and those tricks
    alone gain the better card at least the points the mistake cost (thirds rounded down)."""
    told = 0
    for seed in range(6):
        deal = Deal.new(Rules.preset(preset), seed=seed)
        play_deal(deal, {seat: make_player("beginner", seed) for seat in deal.seats})
        for play in review(deal, deal.seats[0]).mistakes:
            said = play.explanation.phrase
            if said.key == "explain.fact_then_line":  # "The Ace beats the Four." first
                assert play.explanation.reason == "overtake"
                said = said.facts["line"]
            if said.key != CONTRAST:
                continue
            told += 1
            assert play.exact and said.facts["played"] == play.card
            assert said.facts["card"] == play.explained != play.card
            then, instead = (tricks_told(said.facts[k]) for k in ("then", "instead"))
            numbers = [part.facts["trick"] for part in then]
            assert numbers == [part.facts["trick"] for part in instead]
            assert numbers == sorted(set(numbers)) and numbers[0] >= play.trick
            assert _gain(play, deal, said) >= 3 * play.cost - 2
            for lang in ("en", "it"):
                text = play.explanation.get(lang)
                assert text_problems(text, lang) + sentence_problems(text) == [], text
    assert told


def test_a_wrong_card_is_told_what_goes_wrong_without_naming_the_right_one() -> None:
    said = consequence(two_tricks_left(), Card.parse("3c"), (Card.parse("4c"),))
    assert said is not None
    assert said.get("en") == (
        "With the best play at every seat from here on: after the Three of cups, West takes "
        "the last trick, worth 2 points and a third, with the Ace of cups.")
    assert said.get("it") == (
        "Se da qui in poi tutti giocano al meglio: dopo il Tre di coppe, Ovest fa l'ultima "
        "presa, che vale 2 punti e un terzo, con l'Asso di coppe.")


def test_every_shown_puzzle_tells_a_wrong_cards_trick_taken_by_the_wrong_side() -> None:
    """Puzzles with every hand shown: a wrong card's answer, when it tells tricks, tells ones
    still to be played that the other side takes (a perdere: the learner's side), and reads
    well in both languages."""
    told = 0
    for lesson in lessons_with_puzzles():
        for puzzle in load_puzzles(lesson):
            if not puzzle.shown or puzzle.lead_signal:
                continue
            deal = puzzle.deal()
            for result in puzzle.answer.cards:
                if result.sound:
                    continue
                parts = [p for p in wrong(puzzle, result.card).parts
                         if isinstance(p, Phrase) and p.key == "explain.line.after"]
                if not parts:
                    continue
                told += 1
                assert parts[0].facts["played"] == result.card
                for then in tricks_told(parts[0].facts["then"]):
                    assert then.facts["trick"] > len(deal.tricks)
                    ours = deal.side_of(then.facts["seat"]) == deal.side_of(puzzle.seat)
                    assert ours == deal.rules.a_perdere, (puzzle.id, result.card)
                for lang in ("en", "it"):
                    assert text_problems(parts[0].get(lang), lang) == []
    assert told >= 50


def test_without_a_compiled_core_only_short_lines_are_told(monkeypatch: pytest.MonkeyPatch) -> None:
    """The static site has no compiled core: the pure-Python solver plays a line of two
    tricks on, but a position with five tricks left gets no line and no search at all (it
    would take seconds)."""
    solved: list[int] = []

    def reference(pos: Position, points_only: bool) -> list[CardValue]:
        solved.append(pos.tricks_left)
        return reference_card_values(pos)

    monkeypatch.setattr(solver_line, "cannot_compile", lambda: RuntimeError("browser"))
    monkeypatch.setattr(solver_line, "card_values", reference)
    said = consequence(two_tricks_left(), Card.parse("3c"), (Card.parse("4c"),))
    assert said is not None and "West takes the last trick" in said.get("en")
    assert solved and max(solved) <= 2
    deal = complete_deal(Rules.preset("standard"), "E", DEAL_F)
    play_moves(deal, " ".join(EIGHT_TRICKS.split()[:20]))
    assert len(deal.tricks) == 5
    solved.clear()
    cards = deal.legal_cards()
    assert consequence(deal, cards[0], cards[1:]) is None and solved == []
