"""The compiled exact solver gives exactly the pure-Python reference's answers.

Positions come from seeded deals played at random (every preset's table: 4 players, col
morto, a perdere, two players with the stock near its end, with it empty, and with free
play while it lasts). The reference (``solver.solve_full_deal``) is the judge; a full
10-trick deal takes it minutes, so its answers for two full deals are written below (how
they were made is said there, and ``TRESSETTE_SLOW_TESTS=1`` recomputes them).
"""

from __future__ import annotations

import json
import os
import random
import subprocess
import sys
import threading
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tressette_learn.ai.solve import compiled as fastsolver  # (its name before ai/solve/)
from tressette_learn.ai.solve import reference as solver
from tressette_learn.ai.solve.position import Position, position_from_deal
from tressette_learn.engine import DECK, Deal, Rules

ROOT = Path(__file__).resolve().parents[1]


@pytest.fixture(scope="module", autouse=True)
def _compiled() -> None:
    fastsolver.warm_up(background=False)


def random_deal(preset: str, seed: int, tricks_left: int, extra: int = 0) -> Deal:
    """A seeded deal played at random until ``tricks_left`` tricks are left, then ``extra``
    cards of the next trick."""
    rules = Rules.preset(preset)
    rng = random.Random(seed)
    deal = Deal.new(rules, seed=seed)
    while rules.tricks_per_deal - len(deal.tricks) > tricks_left or len(deal.current) < extra:
        legal = deal.legal_mask()
        deal.play(DECK[rng.choice([c for c in range(40) if legal >> c & 1])])
    return deal


def summary(values: list[solver.CardValue] | None) -> list[tuple[str, int | None, int]] | None:
    return None if values is None else [(str(v.card), v.thirds, v.points) for v in values]


def assert_agrees(deal: Deal) -> None:
    expected = solver.solve_full_deal(deal)
    got = fastsolver.fast_solve_full_deal(deal)
    assert got == expected, (summary(got), summary(expected))
    assert all(type(v) is solver.CardValue for v in got or [])


# (preset, tricks left, cards already in the current trick): 4-player tables 3-6 tricks
# left at every seat of a trick; two players with the stock still holding 2 or 4 cards
# (12 and 11 tricks left), and with it empty (<= 10).
CASES = (
    [("standard", t, e) for t in (3, 4, 5, 6) for e in (0, 1, 2, 3)]
    + [("col_morto", t, e) for t in (4, 6) for e in (0, 3)]
    + [("a_perdere", t, e) for t in (3, 4, 5, 6) for e in (0, 2, 3)]
    + [("a_due", t, e) for t in (5, 11) for e in (0, 1)] + [("a_due", 12, 1)]
    + [("gamelake", t, e) for t in (4, 11) for e in (0, 1)] + [("gamelake", 12, 1)]
)


@pytest.mark.parametrize(("preset", "tricks_left", "extra"), CASES)
@pytest.mark.parametrize("seed", [11, 12])
def test_agrees_with_reference(preset: str, tricks_left: int, extra: int, seed: int) -> None:
    deal = random_deal(preset, seed * 100 + tricks_left * 10 + extra, tricks_left, extra)
    if Rules.preset(preset).players == 2 and tricks_left > 10:
        assert deal.stock, "the stock should still be in play"
    assert_agrees(deal)


@settings(max_examples=40, deadline=None)
@given(preset=st.sampled_from(["standard", "col_morto", "a_perdere", "a_due", "gamelake"]),
       seed=st.integers(0, 10**6), tricks_left=st.integers(1, 4), extra=st.integers(0, 3))
def test_agrees_on_small_random_positions(preset: str, seed: int, tricks_left: int,
                                          extra: int) -> None:
    if Rules.preset(preset).players == 2:
        tricks_left, extra = tricks_left + 7 * (seed % 2), extra % 2  # some with the stock
    assert_agrees(random_deal(preset, seed, tricks_left, extra))


@pytest.mark.parametrize(("preset", "seed", "extra"),
                         [("standard", 1, 0), ("standard", 2, 2), ("a_perdere", 4, 1),
                          ("col_morto", 4, 3)])
def test_agrees_with_seven_tricks_left(preset: str, seed: int, extra: int) -> None:
    assert_agrees(random_deal(preset, 700 + seed, 7, extra))


def test_agrees_with_eight_tricks_left() -> None:
    assert_agrees(random_deal("standard", 801, 8, 3))


def test_position_value_matches_reference_search() -> None:
    for seed, (preset, tricks_left, extra) in enumerate(
            [("standard", 5, 0), ("standard", 6, 2), ("a_perdere", 5, 1), ("a_due", 11, 1),
             ("gamelake", 11, 1), ("col_morto", 6, 0)]):
        pos = position_from_deal(random_deal(preset, 40 + seed, tricks_left, extra))
        before = (list(pos.hands), list(pos.trick), pos.gone, pos.stock_pos)
        expected = solver.ReferenceSolver(position_from_deal(
            random_deal(preset, 40 + seed, tricks_left, extra))).search(-1, solver.INFINITY)
        assert fastsolver.fast_position_value(pos) == expected
        assert (list(pos.hands), list(pos.trick), pos.gone, pos.stock_pos) == before


def test_points_values_are_the_reference_points() -> None:
    for seed, preset in enumerate(["standard", "a_perdere", "a_due", "col_morto"]):
        for extra in (0, 1):
            deal = random_deal(preset, 60 + seed, 5, extra)
            expected = solver.solve_full_deal(deal)
            got = fastsolver.fast_points_values(deal)
            assert got is not None
            assert [(v.card, v.points) for v in got] == [(v.card, v.points) for v in expected]
            assert all(v.thirds is None for v in got)


def reference_card_values(pos: Position) -> list[solver.CardValue]:
    """``solver.solve_full_deal``'s computation, for a position instead of a deal."""
    reference = solver.ReferenceSolver(pos)
    side = pos.side[pos.to_play]
    remaining = solver.future_thirds(pos)
    values: dict[int, int] = {}
    out = []
    for rep, card in solver.equivalent_moves(pos, pos.legal()):
        if rep not in values:
            values[rep] = reference.child(rep, -1, solver.INFINITY)
        thirds = pos.captured[side] + (values[rep] if side == 0 else remaining - values[rep])
        out.append(solver.CardValue(DECK[card], thirds, thirds // 3))
    return out


def test_card_values_of_sampled_positions() -> None:
    """Hint-like use: the hidden hands re-dealt at random (hand sizes kept)."""
    rng = random.Random(8)
    for seed, (preset, tricks_left, extra) in enumerate(
            [("standard", 5, 0), ("standard", 6, 1), ("a_perdere", 5, 2), ("col_morto", 5, 3)]):
        pos = position_from_deal(random_deal(preset, 120 + seed, tricks_left, extra))
        others = [s for s in range(4) if s != pos.to_play]
        pool = [c for s in others for c in range(40) if pos.hands[s] >> c & 1]
        rng.shuffle(pool)
        for s in others:
            size = pos.hands[s].bit_count()
            pos.hands[s] = sum(1 << c for c in pool[:size])
            pool = pool[size:]
        expected = reference_card_values(pos)
        assert fastsolver.fast_card_values(pos) == expected
        assert fastsolver.fast_position_card_values(pos) == {
            v.card.index: v.thirds for v in expected}
        points = fastsolver.fast_card_values(pos, points_only=True)
        assert points == [solver.CardValue(v.card, None, v.points)  # type: ignore[arg-type]
                          for v in expected]


# Made once with the reference: solver.solve_full_deal(Deal.new(Rules.preset("standard"),
# seed=s)) for s = 1, 2 (10 to 14 minutes each in pure Python here, too slow for the suite:
# rerun that line to check them); the list is every
# legal card of the opening leader (N) with its side's thirds and points at the deal's end.
FULL_DEALS: dict[int, list[list[str | int]]] = {
    1: [["6d", 12, 4], ["5d", 12, 4], ["3c", 11, 3], ["Fc", 12, 4], ["7c", 12, 4],
        ["5c", 12, 4], ["Rs", 21, 7], ["7s", 21, 7], ["3b", 21, 7], ["Ab", 21, 7]],
    2: [["Fd", 20, 6], ["Ac", 20, 6], ["Fc", 20, 6], ["5c", 20, 6], ["As", 18, 6],
        ["Rs", 18, 6], ["3b", 20, 6], ["Rb", 18, 6], ["Fb", 18, 6], ["7b", 18, 6]],
}


@pytest.mark.parametrize("seed", sorted(FULL_DEALS))
def test_full_deal_matches_recorded_reference(seed: int) -> None:
    deal = Deal.new(Rules.preset("standard"), seed=seed)
    got = summary(fastsolver.fast_solve_full_deal(deal))
    assert got == [tuple(v) for v in FULL_DEALS[seed]]
    best = max(v.thirds for v in fastsolver.fast_solve_full_deal(deal) or [])
    pos = position_from_deal(deal)
    first_side = pos.side[pos.to_play] == 0
    value = fastsolver.fast_position_value(pos)
    assert value == (best if first_side else solver.future_thirds(pos) - best)


def test_table_kept_between_queries_gives_the_same_answers() -> None:
    """Bounds stored by one query are reused by the next: walk down one deal (each
    position is a descendant of the previous one), switch tables (a perdere shares no
    bounds with standard), come back, and compare every answer with the reference."""
    deal = random_deal("standard", 77, 6)
    rng = random.Random(5)
    walk = []
    while len(deal.tricks) < 9:
        walk.append(deal.copy())
        legal = deal.legal_mask()
        deal.play(DECK[rng.choice([c for c in range(40) if legal >> c & 1])])
    other = random_deal("a_perdere", 77, 6)
    expected = {id(d): solver.solve_full_deal(d) for d in [*walk, other]}
    for order in (walk, [other], walk[::-1], [other], walk):
        for d in order:
            assert fastsolver.fast_solve_full_deal(d) == expected[id(d)]
    fastsolver.reset_table()
    for d in walk[::2]:
        assert fastsolver.fast_solve_full_deal(d) == expected[id(d)]


def test_tiny_table_with_constant_replacement() -> None:
    """A 4-entry table: every store evicts; answers must not change."""
    from tressette_learn.ai.solve import _kernel

    core = fastsolver._Core(_kernel, log2_size=2)
    for seed, (preset, tricks_left, extra) in enumerate(
            [("standard", 5, 0), ("a_due", 11, 1), ("a_perdere", 5, 2), ("standard", 6, 0)]):
        deal = random_deal(preset, 90 + seed, tricks_left, extra)
        pos = position_from_deal(deal)
        expected = solver.ReferenceSolver(position_from_deal(deal)).search(-1, solver.INFINITY)
        assert core.position_value(pos) == expected
        assert core.position_value(pos) == expected  # again, with whatever is stored


def test_finished_deal_has_no_cards() -> None:
    deal = random_deal("standard", 5, 1)
    while not deal.is_over():
        legal = deal.legal_mask()
        deal.play(DECK[(legal & -legal).bit_length() - 1])
    assert fastsolver.fast_solve_full_deal(deal) == []
    assert fastsolver.fast_points_values(deal) == []


def test_non_blocking_while_another_search_holds_the_table() -> None:
    deal = random_deal("standard", 31, 5, 1)
    expected = solver.solve_full_deal(deal)
    assert fastsolver.is_ready()
    with fastsolver._solve_lock:  # as if another thread were searching
        got = fastsolver.fast_solve_full_deal(deal, block=False)
    assert got == expected
    result: list[object] = []
    thread = threading.Thread(target=lambda: result.append(fastsolver.fast_solve_full_deal(deal)))
    thread.start()
    thread.join(timeout=60)
    assert result == [expected]


COLD_SCRIPT = """
import json, sys, time
from tressette_learn.ai.solve import compiled as fastsolver
from tressette_learn.engine import Deal, Rules, DECK
deal = Deal.new(Rules.preset("standard"), seed=3)
while len(deal.tricks) < 6:
    legal = deal.legal_mask()
    deal.play(DECK[(legal & -legal).bit_length() - 1])
t = time.perf_counter()
first = fastsolver.fast_solve_full_deal(deal, block=False)
first_s = time.perf_counter() - t
ready_then = fastsolver.is_ready()
t = time.perf_counter()
fastsolver.warm_up(background=False)
warm_s = time.perf_counter() - t
later = fastsolver.fast_solve_full_deal(deal, block=False)
summary = lambda vs: None if vs is None else [[str(v.card), v.thirds, v.points] for v in vs]
print(json.dumps({"first": summary(first), "first_s": first_s, "ready_then": ready_then,
                  "warm_s": warm_s, "later": summary(later)}))
"""


def test_non_blocking_entry_point_in_a_fresh_process(tmp_path: Path) -> None:
    """With an empty numba cache the first call must not wait for the compiler: it returns
    None at once, and the right answer once compiled."""
    env = dict(os.environ, NUMBA_CACHE_DIR=str(tmp_path / "numba-cache"))
    env["PYTHONPATH"] = os.pathsep.join([str(ROOT), env.get("PYTHONPATH", "")])
    out = subprocess.run([sys.executable, "-c", COLD_SCRIPT], env=env, capture_output=True,
                         text=True, timeout=300, check=True)
    report = json.loads(out.stdout.strip().splitlines()[-1])
    deal = Deal.new(Rules.preset("standard"), seed=3)
    while len(deal.tricks) < 6:
        legal = deal.legal_mask()
        deal.play(DECK[(legal & -legal).bit_length() - 1])
    expected = [[str(v.card), v.thirds, v.points] for v in solver.solve_full_deal(deal)]
    # a call that waited for the compiler would have returned the answer with the core ready
    assert report["first"] is None and not report["ready_then"]
    assert report["later"] == expected
    assert any((tmp_path / "numba-cache").rglob("*.nbi")), "the kernel should be cached"


def test_cache_dir_falls_back_to_the_user_cache(monkeypatch: pytest.MonkeyPatch,
                                                tmp_path: Path) -> None:
    import numba

    monkeypatch.setenv("NUMBA_CACHE_DIR", "unset below; restored after the test")
    monkeypatch.delenv("NUMBA_CACHE_DIR")
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path))
    monkeypatch.setenv("LOCALAPPDATA", str(tmp_path))
    monkeypatch.setenv("HOME", str(tmp_path))
    monkeypatch.setattr(fastsolver.os, "access", lambda path, mode: False)
    monkeypatch.setattr(numba.config, "CACHE_DIR", numba.config.CACHE_DIR)
    fastsolver._configure_numba_cache()
    target = str(fastsolver._user_cache_dir())
    assert target.startswith(str(tmp_path)) and "tressette_learn" in target
    assert os.environ["NUMBA_CACHE_DIR"] == target
    assert target == numba.config.CACHE_DIR
    monkeypatch.setenv("NUMBA_CACHE_DIR", "/somewhere/chosen")
    fastsolver._configure_numba_cache()
    assert os.environ["NUMBA_CACHE_DIR"] == "/somewhere/chosen"
