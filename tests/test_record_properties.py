"""Property tests of the records: a deal written with ``write_record`` and read back with
``replay`` is the same deal (hands, plays, tricks, declarations, draws, calls, redeal and
result), finished or not, in every preset and some option variations; a match written with
``write_match_record`` and read back with ``match_from_records`` has the same totals,
results and outcome."""

from __future__ import annotations

import json
import random
from typing import Any

from conftest import complete_deal, play_all, rules, split_deal, table_rules
from hypothesis import HealthCheck, Phase, event, given, note, settings
from hypothesis import strategies as st

from tressette_learn.engine import (
    DECK,
    Card,
    Deal,
    Match,
    Rules,
    Seat,
    match_from_records,
    record_from_deal,
    replay,
    score_breakdown,
    write_match_record,
    write_record,
)
from tressette_learn.engine.seats import seats_for

DEAL_SETTINGS = settings(max_examples=400, deadline=None, derandomize=True,
                         suppress_health_check=[HealthCheck.too_slow])
WINDOW_SETTINGS = settings(max_examples=150, deadline=None, derandomize=True,
                           suppress_health_check=[HealthCheck.too_slow],
                           phases=[Phase.explicit, Phase.generate, Phase.shrink])
MATCH_SETTINGS = settings(max_examples=60, deadline=None, derandomize=True,
                          suppress_health_check=[HealthCheck.too_slow])

# the 16 cards worth nothing: a hand of ten of them may ask for a redeal
BLANKS = [c for c in DECK if c.thirds == 0]


@st.composite
def record_rules(draw: st.DrawFn) -> Rules:
    """conftest's tables (every preset, some options), plus calling out, redeals, cappotto,
    other targets and the a perdere options."""
    base = draw(table_rules())
    options: dict[str, Any] = {}
    if draw(st.booleans()):
        options["target"] = draw(st.sampled_from([11, 21, 31]))
    if not base.a_perdere and base.partners and draw(st.booleans()):
        options["calling_out"] = True
        options["wrong_call_penalty"] = draw(st.sampled_from(["lose_match", "ignored"]))
    if draw(st.booleans()):
        options["redeal"] = True
    if draw(st.booleans()):
        options["cappotto"] = True
        options["cappotto_definition"] = draw(st.sampled_from(["all_tricks", "all_points"]))
        options["cappotto_effect"] = draw(st.sampled_from(["double", "bonus"]))
        options["reversed_cappotto"] = draw(st.booleans())
    if base.a_perdere:
        options["ace_of_bastoni_eleven"] = draw(st.booleans())
        options["perdere_tie"] = draw(st.sampled_from(["last_trick", "play_on"]))
    return base.with_options(**options) if options else base


@st.composite
def record_deals(draw: st.DrawFn) -> Deal:
    """A fresh deal at such a table, any dealer, some match totals before it; sometimes one
    seat holds a worthless hand (so a redeal can be asked)."""
    r = draw(record_rules())
    dealer = draw(st.sampled_from(seats_for(r.players)))
    scores = {side: draw(st.integers(0, r.target - 1)) for side in r.sides}
    seed = draw(st.integers(0, 2**32 - 1))
    if r.redeal and draw(st.booleans()):
        rng = random.Random(seed)
        seats = seats_for(r.players)
        poor = seats[rng.randrange(len(seats))]
        blanks = rng.sample(BLANKS, 10)
        return complete_deal(r, dealer, {poor: blanks}, stock=_shuffled_rest(blanks, rng, r),
                             match_scores=scores)
    return Deal.new(r, dealer, seed, scores)


def _shuffled_rest(taken: list[Card], rng: random.Random, r: Rules) -> list[Card]:
    """With two players, a shuffled stock top so that the completed stock is not sorted."""
    if r.players != 2:
        return []
    rest = [c for c in DECK if c not in taken]
    rng.shuffle(rest)
    return rest[:20]


def act(deal: Deal, rnd: random.Random, calls: float = 0.15) -> None:
    """One random step: maybe a redeal, declarations and a call (in either order), then a
    random legal card, with a random true signal on some leads."""
    if not deal.plays:
        for seat in deal.seats:
            if deal.redeal_reason(seat) is None and rnd.random() < 0.3:
                if rnd.random() < 0.5:
                    declare(deal, rnd)
                deal.redeal(seat)
                return
    between = bool(deal.tricks) and not deal.current
    # calls are likelier while declarations may still be made: their order matters
    chance = min(1.0, 3 * calls) if deal.declaration_window() else calls
    steps = [declare, call] if rnd.random() < 0.5 else [call, declare]
    for do in steps:
        if do is declare or (between and rnd.random() < chance):
            do(deal, rnd)
            if deal.is_over():
                return
    legal = deal.legal_cards()
    chosen = legal[rnd.randrange(len(legal))]
    signals = deal.true_signals(chosen)
    deal.play(chosen, rnd.choice([None, *signals]) if signals else None)


def declare(deal: Deal, rnd: random.Random) -> None:
    if deal.declaration_window():
        for seat in deal.seats:
            for decl in deal.available_declarations(seat):
                if rnd.random() < 0.6:
                    deal.declare(decl)


def call(deal: Deal, rnd: random.Random) -> None:
    side = rnd.choice(deal.sides)
    if deal.call_reason(side) is None:
        deal.call_out(side)


def describe(deal: Deal) -> None:
    note(f"rules={deal.rules.to_json()}")
    note(write_record(deal))
    event("finished" if deal.is_over() else "unfinished")
    for what, present in [("redeal", deal.redeal_by is not None), ("calls", deal.calls),
                          ("declarations", deal.declarations), ("signals", any(
                              p.signal for p in deal.plays)), ("draws", deal.draws),
                          ("ended by a call", deal.ended_by_call is not None)]:
        if present:
            event(what)


def same_deal(deal: Deal, again: Deal) -> None:
    """Everything observable about two deals agrees."""
    assert again.rules == deal.rules and again.dealer == deal.dealer
    assert again.match_scores == deal.match_scores
    for seat in deal.seats:
        assert list(again.dealt_hand(seat)) == list(deal.dealt_hand(seat))
        assert list(again.hand(seat)) == list(deal.hand(seat))
    assert again.dealt_stock == deal.dealt_stock and again.stock == deal.stock
    assert again.plays == deal.plays
    assert again.tricks == deal.tricks
    assert again.current == deal.current
    assert again.declarations == deal.declarations
    assert again.draws == deal.draws
    assert again.calls == deal.calls
    assert again.ended_by_call == deal.ended_by_call
    assert again.redeal_by == deal.redeal_by
    assert again.to_play == deal.to_play and again.is_over() == deal.is_over()
    assert list(again.legal_cards()) == list(deal.legal_cards())
    assert again.result() == deal.result()
    assert score_breakdown(again) == score_breakdown(deal)
    assert record_from_deal(again) == record_from_deal(deal)


@DEAL_SETTINGS
@given(record_deals(), st.randoms(use_true_random=False),
       st.one_of(st.integers(0, 40), st.just(99)))
def test_a_deal_record_replays_to_the_same_deal(deal: Deal, rnd: random.Random,
                                                 stop: int) -> None:
    # ``stop`` cards (or the whole deal when it is larger than the deal): finished and
    # unfinished deals alike, stopped mid-trick or between tricks
    while not deal.is_over() and len(deal.plays) < stop:
        act(deal, rnd)
    if not deal.is_over() and rnd.random() < 0.5:
        declare(deal, rnd)
        if not deal.current and deal.tricks and rnd.random() < 0.3:
            call(deal, rnd)
    describe(deal)
    text = write_record(deal)
    again = replay(text)
    same_deal(deal, again)
    assert write_record(again) == text


@DEAL_SETTINGS
@given(record_deals(), st.randoms(use_true_random=False))
def test_a_record_of_format_1_keeps_its_cappotto_meaning(deal: Deal, rnd: random.Random) -> None:
    # RULES.md §5 made "all 11 points" the default; a record written before (no "format")
    # that turned cappotto on without naming a definition meant "all tricks"
    while not deal.is_over():
        act(deal, rnd)
    describe(deal)
    record = json.loads(write_record(deal))
    assert ("format" in record) == deal.rules.cappotto
    if not deal.rules.cappotto or deal.rules.cappotto_definition != "all_tricks":
        return
    old = {key: value for key, value in record.items() if key != "format"}
    spec = old["rules"] if isinstance(old["rules"], dict) else {"preset": old["rules"]}
    old["rules"] = {key: value for key, value in spec.items() if key != "cappotto_definition"}
    old["rules"]["cappotto"] = True
    again = replay(old)
    assert again.rules == deal.rules
    assert again.result() == deal.result()
    assert json.loads(write_record(again)) == record


@st.composite
def window_deals(draw: st.DrawFn) -> Deal:
    """A deal where calls (wrong ones ignored) and declarations both follow the first trick."""
    r = rules(draw(st.sampled_from(["standard", "online", "quattro_denari", "col_morto"])),
              calling_out=True, wrong_call_penalty="ignored")
    scores = {side: draw(st.integers(0, 20)) for side in ("NS", "EW")}
    dealer = draw(st.sampled_from(list(Seat)))
    return Deal.new(r, dealer, draw(st.integers(0, 2**32 - 1)), scores)


@WINDOW_SETTINGS
@given(window_deals(), st.randoms(use_true_random=False))
def test_calls_and_declarations_in_any_order_replay_the_same(deal: Deal,
                                                            rnd: random.Random) -> None:
    # after the first trick: calls and declarations in a random order, then random play
    while not deal.tricks:
        act(deal, rnd, calls=0.0)
    moves: list[Any] = [*(("declare", d) for seat in deal.seats
                          for d in deal.available_declarations(seat)),
                        *(("call", side) for side in deal.sides for _ in range(2))]
    rnd.shuffle(moves)
    for kind, what in moves:
        if deal.is_over():
            break
        if kind == "declare" and deal.declaration_reason(what) is None and rnd.random() < 0.7:
            deal.declare(what)
        elif kind == "call" and rnd.random() < 0.5:
            deal.call_out(what)
    while not deal.is_over() and rnd.random() < 0.95:
        act(deal, rnd, calls=0.05)
    describe(deal)
    text = write_record(deal)
    again = replay(text)
    same_deal(deal, again)
    assert write_record(again) == text


def test_a_call_made_before_the_declarations_replays_in_order() -> None:
    # Calling out with the "ignored" penalty, conftest's SPLIT layout: N takes the first trick
    # (3d Ad Rd Cd), then EW call with 18 before the deal + nothing captured = 18 < 21 (wrong,
    # ignored: play goes on), and only then W declares the three 2s he holds (3 points), which
    # the engine allows. The record must replay the call as it was made: 18 points and wrong,
    # the deal going on; declaring first would make it 21 points and correct, ending the deal.
    r = rules(calling_out=True, wrong_call_penalty="ignored")
    deal = split_deal(r, match_scores={"NS": 0, "EW": 18})
    play_all(deal, "3d Ad Rd Cd")
    wrong = deal.call_out("EW")
    assert (wrong.points, wrong.correct) == (18, False) and not deal.is_over()
    for decl in deal.available_declarations(Seat.W):  # the engine lets W declare now
        deal.declare(decl)
    again = replay(write_record(deal))
    assert again.calls == deal.calls
    assert not again.is_over()
    same_deal(deal, again)


# -- match records -----------------------------------------------------------------------------


@st.composite
def match_rules(draw: st.DrawFn) -> Rules:
    r = draw(record_rules())
    return r.with_options(target=11, fixed_deals=draw(st.sampled_from([None, None, 2])))


@MATCH_SETTINGS
@given(match_rules(), st.integers(0, 2**32 - 1), st.randoms(use_true_random=False),
       st.booleans())
def test_a_match_record_replays_to_the_same_match(rules_: Rules, seed: int, rnd: random.Random,
                                                  unfinished: bool) -> None:
    match = Match(rules_, seed=seed)
    note(f"rules={rules_.to_json()} seed={seed}")
    for _ in range(12):  # a match to 11 is short; a bound all the same
        if match.is_over():
            break
        if rules_.redeal and rnd.random() < 0.2:
            # a worthless hand for someone, so that a redeal may be asked
            blanks = rnd.sample(BLANKS, 10)
            match.replace_deal(complete_deal(rules_, match.deal.dealer,
                                             {rnd.choice(match.deal.seats): blanks},
                                             stock=_shuffled_rest(blanks, rnd, rules_),
                                             match_scores=dict(match.totals)))
        while not match.deal.is_over():
            act(match.deal, rnd, calls=0.05)
        match.next_deal()
    if unfinished and not match.is_over():
        for _ in range(rnd.randrange(1, 15)):
            if match.deal.is_over():
                break
            act(match.deal, rnd, calls=0.0)
    text = write_match_record(match)
    note(text)
    event("over" if match.is_over() else "in progress")
    event(f"{len(match.finished)} deals")
    if any(r.redeal_by is not None for r in match.results):
        event("redeal")
    if any(d.calls for d in match.finished):
        event("calls")
    again = match_from_records(text)
    assert again.totals == match.totals
    assert again.results == match.results
    assert again.result() == match.result()
    assert again.is_over() == match.is_over()
    assert again.stake == match.stake
    assert [d.dealer for d in again.finished] == [d.dealer for d in match.finished]
    for deal, twin in zip(match.finished, again.finished, strict=True):
        same_deal(deal, twin)
    if not match.is_over() and match.deal.actions:
        same_deal(match.deal, again.deal)
    assert write_match_record(again) == text
