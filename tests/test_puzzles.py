"""Puzzles: the checker (shown and re-dealt hidden hands), the finder's clear-answer rule,
the bank's schema errors, the words and the widget (wrong card, right card, hint, retry,
forged messages, Italian), and the "which card signals?" puzzles (the leads that make a
signal true, a false one explained, the right one led with its signal)."""

import copy
import json

import pytest
from learner_text import check_sentence

from tressette_learn.content import ContentError, lessons_dir
from tressette_learn.engine import Card, IllegalPlay, Rank, Seat
from tressette_learn.engine.cards import FULL_DECK_MASK, mask_of, parse_cards
from tressette_learn.engine.rules import Rules
from tressette_learn.engine.signals import most_telling, true_signals
from tressette_learn.i18n import Language, card_name, cards_names, speaking, t
from tressette_learn.teaching.puzzles import words
from tressette_learn.teaching.puzzles.bank import load_puzzles, read_file, read_puzzle
from tressette_learn.teaching.puzzles.check import Answer, CardResult, check, layout_loss
from tressette_learn.teaching.puzzles.find import is_clear, positions, try_theme
from tressette_learn.teaching.puzzles.lead_signals import MARGIN, sound_leads
from tressette_learn.teaching.puzzles.themes import BY_NAME
from tressette_learn.ui.events import subscribe
from tressette_learn.ui.puzzle import PuzzleBoard, PuzzleSet
from tressette_learn.ui.settings import Settings

STRATEGY = json.loads((lessons_dir() / "puzzles" / "07_strategy.json").read_text())


def hidden_puzzle(lucky: bool):
    """A stored hidden puzzle of the bank with (or without) a lucky wrong card."""
    for lesson in ("08_signals", "07_strategy", "09_declarations"):
        data = json.loads((lessons_dir() / "puzzles" / f"{lesson}.json").read_text())
        for puzzle in read_file(lesson, data):
            if not puzzle.shown and not puzzle.lead_signal and any(
                    puzzle.answer.lucky(r.card) == lucky
                                        for r in puzzle.answer.cards if not r.sound):
                return puzzle
    raise AssertionError("no such puzzle in the bank")


# -- the checker ----------------------------------------------------------------------------
def test_a_shown_position_prices_every_card_on_the_layout():
    position = next(d for d in positions("standard", 1002)
                    if len(d.tricks) == 8)
    answer = check(position, shown=True)
    assert answer.deals == 1
    best = max(r.points for r in answer.cards)
    for r in answer.cards:
        assert r.loss == best - r.points and r.sound == (r.points == best)


def test_hidden_hands_accept_only_a_card_sound_on_every_fitting_deal():
    puzzle = hidden_puzzle(lucky=True)
    answer = check(puzzle.deal(), shown=False)
    assert answer.deals > 1 and answer.deals == puzzle.answer.deals
    lucky = next(r for r in answer.cards if answer.lucky(r.card))
    # best on the actual layout, yet not accepted: a re-dealt layout makes it lose
    assert answer.lost_here(lucky.card) == 0 and lucky.card not in answer.accepted
    assert layout_loss(puzzle.deal(), lucky.card, lucky.layout) == lucky.worst > 0
    for card in answer.accepted:
        assert answer.result(card).best_share == 1.0


def test_the_clear_answer_rule_rejects_ties_and_near_misses():
    def result(card, worst, share):
        return CardResult(Card.parse(card), 5, float(worst), worst, share)
    one = (result("3c", 0, 1.0), result("4c", 1, 0.0), result("5d", 2, 0.0))
    assert is_clear(Answer(one, 1))
    ties = (result("3c", 0, 1.0), result("4c", 0, 1.0), result("5d", 1, 0.0))
    assert not is_clear(Answer(ties, 1))  # two of three cards right: no puzzle
    rare = (result("3c", 0, 1.0), result("4c", 1, 0.97), result("5d", 2, 0.0))
    assert not is_clear(Answer(rare, 500))  # 4c loses on 3% of the deals only
    assert not is_clear(Answer((result("3c", 0, 1.0),), 1))  # one legal card


def test_a_theme_keeps_only_positions_of_its_kind():
    # a lead is no "following" puzzle, whatever the solver says
    leads = [d for d in positions("standard", 1012) if not d.current]
    assert all(try_theme(BY_NAME["following"], 1012, d) is None for d in leads)
    found = [try_theme(BY_NAME["following"], 1012, d) for d in positions("standard", 1012)]
    hit = next(f for f in found if f is not None)
    assert hit.deal.current and hit.facts["suit"] == hit.deal.current[0].card.suit


# -- the bank's schema ----------------------------------------------------------------------
def puzzle_data(**changes):
    item = copy.deepcopy(STRATEGY["puzzles"][0])
    item.update(changes)
    return item


@pytest.mark.parametrize(("change", "field"), [
    ({"theme": "chess"}, "theme: unknown theme"),
    ({"theme": "signals"}, "theme: signals is taught in 08_signals"),
    ({"seat": "N"}, "seat: N is not to play"),
    ({"seat": "X"}, "seat: "),
    ({"goal": 40}, "goal: "),
    ({"facts": {"ace": "Zz"}}, "facts.ace: "),
    ({"facts": {"colour": "red"}}, "facts.colour: unknown fact"),
    ({"shown": "yes"}, "shown: wrong type"),
    ({"secret": 1}, "secret: unknown field"),
])
def test_a_malformed_puzzle_names_the_field(change, field):
    with pytest.raises(ContentError, match=field):
        read_puzzle("07_strategy", puzzle_data(**change), "puzzles/07_strategy.json")


def test_a_missing_field_or_a_wrong_answer_is_named():
    item = puzzle_data()
    del item["record"]
    with pytest.raises(ContentError, match="record: missing"):
        read_puzzle("07_strategy", item, "here")
    item = puzzle_data()
    item["answer"]["accepted"] = [c for c in item["answer"]["cards"]
                                  if c not in item["answer"]["accepted"]][:1]
    with pytest.raises(ContentError, match="answer.accepted"):
        read_puzzle("07_strategy", item, "here")
    item = puzzle_data()
    item["answer"]["cards"].popitem()
    with pytest.raises(ContentError, match="answer.cards: expected every legal card"):
        read_puzzle("07_strategy", item, "here")
    with pytest.raises(ContentError, match="used twice"):
        read_file("07_strategy", {"lesson": "07_strategy",
                                  "puzzles": [puzzle_data(), puzzle_data()]})


# -- the words ------------------------------------------------------------------------------
@pytest.mark.parametrize("lang", ["en", "it"])
def test_every_sentence_of_a_wrong_hidden_card_is_worded(lang):
    puzzle = hidden_puzzle(lucky=True)
    card = next(r.card for r in puzzle.answer.cards if puzzle.answer.lucky(r.card))
    text = words.wrong(puzzle, card).get(lang)
    for sentence in (words.prompt(puzzle).get(lang), text,
                     words.solved(puzzle, puzzle.answer.accepted[0]).get(lang)):
        check_sentence(sentence)
    assert card_name(card, lang) in text
    layout = puzzle.answer.result(card).layout
    assert cards_names(layout[Seat.E], lang) in text  # the re-dealt layout, named
    assert ("only by luck" if lang == "en" else "solo per fortuna") in text


# -- the widget -----------------------------------------------------------------------------
@pytest.fixture
def board():
    settings = Settings()
    heard = []
    stop = subscribe(heard.append)
    widget = PuzzleSet("07_strategy", settings=settings)
    widget.heard = heard
    yield widget
    stop()


def wrong_card(puzzle):
    return next(r.card for r in puzzle.answer.cards if not r.sound)


def results(board):
    return [e for e in board.heard if e.kind == "result"]


def test_a_wrong_card_says_what_it_costs_and_lets_the_learner_try_again(board):
    puzzle = board.puzzle
    card = wrong_card(puzzle)
    assert board.try_card(card) is False
    cost = puzzle.answer.lost_here(card)
    assert f"costs {cost} point" in board.table.message
    assert card in board.table.deal.hand(Seat.S)  # nothing was played
    assert not results(board)  # the attempt goes on
    assert board.try_card(puzzle.answer.accepted[0]) is True
    (result,) = results(board)
    assert result.correct and result.item == puzzle.id and result.source == "puzzles-07_strategy"
    assert result.data["mistakes"] == 1 and result.data["hints"] == 0
    assert result.data["points_lost"] == cost and result.data["exercise"] == "puzzle"
    assert result.data["lesson"] == "07_strategy" and len(result.data["attempt"]) == 32
    assert result.data["seconds"] >= 0 and result.data["title"]["it"]


def test_a_right_card_solves_with_the_explanation_and_nothing_more_is_played(board):
    right = board.puzzle.answer.accepted[0]
    assert board.try_card(right) is True
    assert board.table.message.startswith("Solved!")
    assert right not in board.table.deal.hand(Seat.S)
    assert board.try_card(wrong_card(board.puzzle)) is None  # solved: the table waits
    said = board.table.state["status_text"]  # what next: never the guided hand's buttons
    assert said.endswith("takes the trick.") if not board.table.deal.current else \
        said == "Go on to the next puzzle, or try this one again, with the buttons below the table."
    (result,) = results(board)
    assert result.data["mistakes"] == 0 and result.data["points_lost"] == 0


def test_the_last_puzzle_solved_says_there_is_no_next_one(board):
    while board.next():
        pass
    assert board.try_card(board.puzzle.answer.accepted[0]) is True
    assert board.table.state["status_text"].endswith(
        "That was the last puzzle of this lesson: try it again, or go back to an earlier one, "
        "with the buttons below the table.")
    board.previous()
    assert board.try_card(board.puzzle.answer.accepted[0]) is True
    assert board.table.state["status_text"].endswith(
        "Go on to the next puzzle, or try this one again, with the buttons below the table.")


def test_a_right_card_that_ends_the_trick_points_to_the_puzzle_s_buttons() -> None:
    """It said "Press “Next trick” to go on": a puzzle has no such button."""
    widget = PuzzleSet("09_declarations", settings=Settings())
    puzzle = widget.puzzle
    assert len(puzzle.deal().current) == 3  # South plays last to the trick
    assert widget.try_card(wrong_card(puzzle)) is False
    widget.retry()
    assert widget.try_card(puzzle.answer.accepted[0]) is True
    assert widget.table.status == "paused"
    assert widget.table.state["status_text"] == (
        "East takes the trick. Go on to the next puzzle, or try this one again, with the "
        "buttons below the table.")


def test_a_hint_counts_once_and_the_retry_is_a_new_attempt(board):
    board.hint()
    board.hint()
    assert "tricks" in board.hint_text.value
    assert "hint" not in board.controls.offered()
    board.retry()  # left unsolved after a hint: a failed attempt
    (failed,) = results(board)
    assert not failed.correct and failed.data["hints"] == 1
    assert board.hints == 0 and board.hint_text.value == ""
    board.try_card(board.puzzle.answer.accepted[0])
    solved = results(board)[-1]
    assert solved.correct and solved.data["attempt"] != failed.data["attempt"]
    board.retry()  # a solved attempt was already reported
    assert len(results(board)) == 2


def test_next_and_previous_move_one_puzzle_and_say_n_of_n(board):
    total = len(board.puzzles)
    assert board.controls.state["text"] == f"Puzzle 1 of {total}"
    assert not board.previous()
    assert board.next() and board.index == 1
    assert board.controls.state["text"] == f"Puzzle 2 of {total}"
    assert board.table.deal.plays == board.puzzles[1].deal().plays
    assert board.previous() and board.index == 0
    assert not results(board)  # nothing was tried: no attempt to report


def test_forged_messages_change_nothing(board):
    deal_before = list(board.table.deal.plays)
    not_mine = next(c for c in board.table.deal.hand(Seat.N))
    board.table._on_message(None, {"type": "play", "card": str(not_mine)}, None)
    board.table._on_message(None, {"type": "undo"}, None)
    board.table._on_message(None, {"type": "play", "card": "<script>"}, None)
    board.controls._on_message(None, {"type": "step", "action": "solve_it"}, None)
    assert board.table.deal.plays == deal_before
    assert not [e for e in board.heard if e.kind in ("answer", "result")]
    board.controls._on_message(None, {"type": "step", "action": "next"}, None)
    assert board.index == 1


def test_the_puzzle_speaks_italian_and_redraws_on_a_language_switch(board):
    board.try_card(wrong_card(board.puzzle))
    board.settings.lang = "it"
    assert "Problema 1 di" in board.controls.state["text"]
    assert "Prova un'altra carta." in board.table.message
    assert "coppia" in board.prompt.value
    assert "Suggerimento" in board.controls.state["steps"][1]["label"]


def test_a_lesson_without_puzzles_says_so():
    widget = PuzzleSet("01_deck", settings=Settings())
    assert "no puzzles" in widget.prompt.value
    empty = PuzzleBoard([], source="none", settings=Settings())
    assert empty.controls.state["steps"] == []


def test_a_solved_puzzle_is_stored_for_the_signed_in_learner_with_its_stars(tmp_path):
    from tressette_learn.store import Store
    from tressette_learn.teaching.stars import stars
    from tressette_learn.ui.classroom.recorder import Recorder

    url = f"sqlite:///{tmp_path / 'progress.sqlite'}"
    rec = Recorder(url)
    try:
        rec.sign_in("Anna", "3B")
        widget = PuzzleSet("07_strategy", settings=Settings())
        widget.try_card(wrong_card(widget.puzzle))
        widget.try_card(widget.puzzle.answer.accepted[0])
    finally:
        rec.close()
    store = Store(url)
    (kept,) = store.results(store.sign_in("Anna", "3B"))
    assert (kept.exercise, kept.item, kept.mistakes) == ("puzzle", widget.puzzle.id, 1)
    assert stars(kept) == (2 if kept.points_lost <= 1 else 1)


# -- which card signals? -------------------------------------------------------------------
SIGNALS_BANK = read_file("08_signals", json.loads(
    (lessons_dir() / "puzzles" / "08_signals.json").read_text()))
LEADS = [p for p in SIGNALS_BANK if p.lead_signal]


def honest_leads(deal, signal):
    """The leads the engine lets South make with ``signal`` (a false signal is refused)."""
    honest = set()
    for card in deal.legal_cards():
        trial = deal.copy()
        try:
            trial.play(card, signal)
        except IllegalPlay:
            continue
        honest.add(card)
    return honest


def good_leads(deal, signal):
    """The honest leads with ``signal`` on which no signal that tells more is honest too
    (busso tells more than volo, volo more than striscio): what a good player leads."""
    order = ("busso", "volo", "striscio")
    more = [honest_leads(deal, s) for s in order[:order.index(signal)]]
    return honest_leads(deal, signal).difference(*more)


def test_the_bank_asks_every_signal_on_the_lead():
    assert len(LEADS) >= 6
    assert {p.lead_signal for p in LEADS} == {"busso", "volo", "striscio"}
    for puzzle in LEADS:
        deal = puzzle.deal()
        assert not deal.current and deal.to_play == Seat.S  # South leads


@pytest.mark.parametrize("puzzle", LEADS, ids=lambda p: p.id)
def test_a_signal_lead_accepts_exactly_the_leads_the_engine_lets_signal(puzzle):
    deal = puzzle.deal()
    accepted = set(puzzle.answer.accepted)
    assert accepted == good_leads(deal, puzzle.lead_signal)
    assert 1 <= len(accepted) <= 2 and 2 * len(accepted) <= len(deal.legal_cards())
    best = min(r.loss for r in puzzle.answer.cards)  # and each is sound play
    assert all(puzzle.answer.result(c).loss - best <= MARGIN for c in accepted)


def test_the_signal_themes_judge_by_the_rule_not_the_solver():
    # a puzzle where the solver's best cards are not the honest leads
    puzzle = next(p for p in LEADS
                  if set(p.answer.accepted) != {r.card for r in p.answer.cards if r.sound})
    deal, theme = puzzle.deal(), BY_NAME[puzzle.theme]
    plain = check(deal, shown=False)
    honest = good_leads(deal, puzzle.lead_signal)
    assert set(plain.accepted) != honest and set(theme.judged(deal, plain).accepted) == honest
    found = try_theme(theme, puzzle.seed, deal)
    assert found is not None and found.answer.accepted == puzzle.answer.accepted
    following = next(d for d in positions("standard", 1012) if d.current)
    assert try_theme(theme, 1012, following) is None  # not a lead: no signal to give


def test_the_clear_rule_for_a_signal_counts_the_rule_cards_only():
    def result(card, worst):
        return CardResult(Card.parse(card), 5, float(worst), worst, float(not worst))
    cards = (result("3c", 0), result("4c", 0), result("5d", 0), result("Rb", 2))
    assert is_clear(Answer(cards, 9).choosing((Card.parse("Rb"),)))  # wrong by the rule
    assert not is_clear(Answer(cards, 9).choosing(tuple(map(Card.parse, ("3c", "4c", "5d")))))
    assert not is_clear(Answer(cards, 9))  # by the solver: three of four cards are best


def test_a_signal_lead_whose_lead_gives_away_too_much_is_not_kept():
    def result(card, loss):
        return CardResult(Card.parse(card), 5, loss, 1, 0.5)
    answer = Answer((result("3c", 0.1), result("4c", 0.1 + MARGIN + 0.05)), 9)
    assert sound_leads(None, answer.choosing((Card.parse("3c"),))) == {}
    assert sound_leads(None, answer.choosing((Card.parse("4c"),))) is None


def test_a_stored_signal_lead_with_a_wrong_accepted_card_is_refused():
    data = json.loads((lessons_dir() / "puzzles" / "08_signals.json").read_text())
    item = next(p for p in data["puzzles"] if p["theme"].startswith("lead_"))
    item["answer"]["accepted"] = [c for c in item["answer"]["cards"]
                                  if c not in item["answer"]["accepted"]][:1]
    with pytest.raises(ContentError, match=r"not the leads that carry the signal"):
        read_puzzle("08_signals", item, "here")


@pytest.fixture
def leads_board():
    heard = []
    stop = subscribe(heard.append)
    widget = PuzzleBoard(LEADS, source="puzzles-08_signals", settings=Settings())
    widget.heard = heard
    yield widget
    stop()


def test_a_false_signal_is_explained_and_nothing_is_played(leads_board):
    board = leads_board
    while board.puzzle.lead_signal != "busso":
        board.next()
    puzzle = board.puzzle
    wrong = next(r.card for r in puzzle.answer.cards if r.card not in puzzle.answer.accepted)
    plays = list(board.table.deal.plays)
    assert board.try_card(wrong) is False
    message = board.table.message
    assert message.startswith(f"After {card_name(wrong, 'en')} ")
    assert "a busso would be false" in message and message.endswith("Try another card.")
    assert board.table.deal.plays == plays and wrong in board.table.deal.hand(Seat.S)
    (answer,) = [e for e in board.heard if e.kind == "answer"]
    assert answer.correct is False and answer.data["cost"] == words.points_lost(puzzle, wrong)
    board.settings.lang = "it"
    assert "il busso sarebbe falso" in board.table.message
    assert board.table.message.startswith(f"Dopo {card_name(wrong, 'it')} ")


@pytest.mark.parametrize("lang", ["en", "it"])
def test_the_right_card_is_led_with_its_signal_and_the_table_says_so(leads_board, lang):
    board = leads_board
    board.settings.lang = lang
    knocks = {"en": "South knocks (busso)", "it": "Sud bussa"}[lang]
    for index, puzzle in enumerate(LEADS):
        assert board.index == index
        right = puzzle.answer.accepted[-1]
        assert board.try_card(right) is True
        lead = board.table.deal.current[0]
        assert (lead.seat, lead.card, lead.signal) == (Seat.S, right, puzzle.lead_signal)
        said = board.table.state["lead_signal"]
        assert said == t(f"table.signal_said.{puzzle.lead_signal}", lang, seat=Seat.S)
        if puzzle.lead_signal == "busso":
            assert said.startswith(knocks)
        message = board.table.message
        check_sentence(message)
        true = {"en": f"the {puzzle.lead_signal} is true", "it": "è vero"}[lang]
        assert true in message and card_name(right, lang) in message
        board.next()
    solved = [e for e in board.heard if e.kind == "result"]
    assert len(solved) == len(LEADS) and all(e.correct for e in solved)
    assert all(e.data["points_lost"] == 0 and e.data["lesson"] == "08_signals" for e in solved)


@pytest.mark.parametrize("puzzle", [p for p in LEADS if p.lead_signal == "striscio"],
                         ids=lambda p: p.id)
def test_a_striscio_on_a_lead_that_keeps_the_master_is_wrong_and_said_why(puzzle):
    """A striscio is true on such a lead, but a good player knocks: the puzzle refuses it
    and names the master card kept, in both languages."""
    deal = puzzle.deal()
    knock = next(c for c in deal.legal_cards() if set(deal.true_signals(c)) >= {"busso",
                                                                             "striscio"})
    assert knock not in puzzle.answer.accepted
    suit = [c for c in deal.hand(Seat.S) if c.suit == knock.suit and c != knock]
    master = max(suit, key=lambda c: c.bit)
    for lang in ("en", "it"):
        said = words.wrong(puzzle, knock).get(lang)
        assert card_name(master, lang) in said
        assert ("knocks (busso)" if lang == "en" else "bussa") in said
        check_sentence(said)


SEED = Rules.preset("standard")
CLUB = SEED.with_options(signal_convention="club")


def test_the_signal_a_good_player_gives_is_the_true_one_that_tells_most():
    """3s 2s 5b Cd 7c 6c, nothing played: the Three keeps the Two, the master (busso,
    though a striscio is true too); the Five of batons is the last baton (volo); the Seven
    of cups keeps the Six but no master and no pezzo (striscio)."""
    hand = mask_of(parse_cards("3s 2s 5b Cd 7c 6c"))
    for lead, seed, club in (("3s", "busso", "busso"), ("2s", "busso", "busso"),
                             ("5b", "volo", "volo"), ("7c", "striscio", "striscio")):
        card = Card.parse(lead)
        after, out = hand & ~card.bit, FULL_DECK_MASK & ~card.bit
        assert most_telling(SEED.true_signals(card, after, out)) == seed
        assert most_telling(CLUB.true_signals(card, after, out)) == club
    three = Card.parse("3s")
    assert set(true_signals(three, hand & ~three.bit, FULL_DECK_MASK & ~three.bit)) == {
        "busso", "striscio"}


@pytest.mark.parametrize("lang", ["en", "it"])
def test_a_puzzle_with_french_faces_names_its_cards_the_french_way(board, lang):
    board.settings.faces, board.settings.lang = "french", lang
    card = wrong_card(board.puzzle)
    board.try_card(card)
    french = card_name(card, speaking(lang, "french"))
    assert french != card_name(card, lang)
    assert french[:1].upper() + french[1:] in board.table.message or french in \
        board.table.message, board.table.message
    italian_suits = {"en": ("coins", "cups", "swords", "batons"),
                     "it": ("denari", "coppe", "spade", "bastoni")}[lang]
    said = board.table.message + board.prompt.value
    assert not any(f"of {suit}" in said or f"di {suit}" in said for suit in italian_suits), said


def test_a_declaration_puzzle_names_every_card_the_seat_declared() -> None:
    """Lesson 9 puzzle 1 named three Aces; the table showed the napoletana too."""
    puzzles = [p for p in load_puzzles("09_declarations") if p.theme == "declarations"]
    assert puzzles
    for puzzle in puzzles:
        deal = puzzle.deal()
        seat = puzzle.facts["seat"]
        declared = {c for d in deal.declarations if d.seat == seat for c in d.cards}
        assert set(puzzle.facts["cards"]) == declared, puzzle.id
    said = words.prompt(puzzles[0]).get("en")
    assert said.startswith("North declared the Three, the Two and the Ace of cups, the Ace "
                           "of coins and the Ace of swords at the first trick.")


def test_a_signal_read_in_italian_says_what_was_done_with_the_card() -> None:
    """It said "l'ha volata" of the Cavallo: a masculine card, and volare takes no object."""
    signals = [p for p in load_puzzles("08_signals") if p.theme == "signals"]
    knight = next(p for p in signals if p.facts["card"].rank == Rank.CAVALLO)
    assert knight.facts["signal"] == "volo"
    for lang in ("it", Language("it", "french")):  # il Cavallo, la Donna: no agreement
        assert "e ha lasciato cadere la carta sul tavolo (volo)." in words.prompt(knight).get(lang)
    slid = next(p for p in signals if p.facts["signal"] == "striscio")
    assert "e ha strisciato la carta sul tavolo (striscio)." in words.prompt(slid).get("it")
