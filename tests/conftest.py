"""Shared helpers for the engine tests: building deals from explicit hands, fixed layouts
worked out by hand, state snapshots, and hypothesis strategies."""

from __future__ import annotations

import contextlib
import os
import random
import shutil
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterable, Iterator, Mapping
from pathlib import Path
from typing import Any

import pytest
from hypothesis import strategies as st

from tressette_learn.ai.solve.wire import ADDRESS_ENV, KEY_ENV
from tressette_learn.engine import (
    DECK,
    PRESETS,
    Card,
    Deal,
    DealResult,
    Match,
    Rules,
    Seat,
    parse_cards,
)
from tressette_learn.engine.refusals import RefusalError
from tressette_learn.engine.seats import seats_for
from tressette_learn.engine.svg import set_display
from tressette_learn.engine_words import svg_labels

CardsLike = str | Iterable[Card] | Iterable[str]
PROJECT_ROOT = Path(__file__).resolve().parent.parent
# The learner walk's screenshots (tests/browser/walk), one folder per language and size.
WALK_SHOTS = Path(os.environ.get("TRESSETTE_WALK_SHOTS", PROJECT_ROOT / "build" / "walk"))
STARTED = pytest.StashKey[float]()

# Tests run in a terminal of a served machine search in their own processes; the tests of
# the solver service set these themselves.
for _name in (ADDRESS_ENV, KEY_ENV):
    os.environ.pop(_name, None)


def cards(text: CardsLike) -> tuple[Card, ...]:
    """``cards("3c 2c Ad")`` -> the three cards (also accepts lists of cards or texts)."""
    if isinstance(text, str):
        return parse_cards(text)
    return tuple(c if isinstance(c, Card) else Card.parse(c) for c in text)


def card(text: str) -> Card:
    return Card.parse(text)


def rules(name: str = "standard", **options: Any) -> Rules:
    """A preset with some options changed."""
    return Rules.preset(name).with_options(**options) if options else Rules.preset(name)


def complete_hands(players: int, hands: Mapping[Seat | str, CardsLike],
                   stock: CardsLike = ()) -> tuple[dict[Seat, tuple[Card, ...]], tuple[Card, ...]]:
    """Complete partial hands (and a partial stock top) deterministically.

    The cards nobody was given are taken in deck index order and handed round-robin to the
    seats that still need cards (in the order N, E, S, W, or S, N for two players); what is
    left after every hand holds 10 cards goes under the given stock cards.
    """
    seats = seats_for(players)
    given = {Seat.parse(s): list(cards(h)) for s, h in hands.items()}
    for seat in given:
        assert seat in seats, f"{seat} does not play with {players} players"
    top = list(cards(stock))
    used = [c for h in given.values() for c in h] + top
    assert len(used) == len(set(used)), "a card is given twice"
    full = {seat: list(given.get(seat, [])) for seat in seats}
    assert all(len(h) <= 10 for h in full.values()), "a hand has more than 10 cards"
    rest = [c for c in DECK if c not in set(used)]
    turn = 0
    while any(len(h) < 10 for h in full.values()):
        seat = seats[turn % len(seats)]
        turn += 1
        if len(full[seat]) < 10:
            full[seat].append(rest.pop(0))
    stock_out = tuple(top + rest) if players == 2 else tuple(top)
    assert players == 2 or not rest
    return {s: tuple(h) for s, h in full.items()}, stock_out


def complete_deal(rules_: Rules, dealer: Seat | str, hands: Mapping[Seat | str, CardsLike],
                  stock: CardsLike = (), match_scores: Mapping[str, int] | None = None) -> Deal:
    """``Deal(rules, dealer, hands, stock)`` from partial hands completed by
    :func:`complete_hands`."""
    full, stock_out = complete_hands(rules_.players, hands, stock)
    return Deal(rules_, Seat.parse(dealer), full, stock_out, match_scores)


@contextlib.contextmanager
def refused(kind: str, **facts: Any) -> Iterator[None]:
    """Expect an engine error that carries the refusal ``kind`` with these facts."""
    with pytest.raises(RefusalError) as caught:
        yield
    refusal = caught.value.refusal
    assert refusal is not None and refusal.kind == kind, caught.value
    assert {name: refusal.facts.get(name) for name in facts} == facts, refusal


def play_all(deal: Deal, texts: str) -> None:
    """Play the cards of ``texts`` in order, each by the seat to play."""
    for text in texts.split():
        deal.play(Card.parse(text))


def play_moves(deal: Deal, moves: str) -> None:
    """Play moves in turn: ``4c``, ``4c!busso`` (with a signal) or ``*`` (first legal card)."""
    for move in moves.split():
        if move == "*":
            deal.play(deal.legal_cards()[0])
        else:
            text, _, signal = move.partition("!")
            deal.play(Card.parse(text), signal or None)  # type: ignore[arg-type]


def play_out(deal: Deal) -> None:
    """Finish a deal by always playing the first legal card."""
    while not deal.is_over():
        deal.play(deal.legal_cards()[0])


def random_match(rules_: Rules, seed: int) -> Match:
    """A match played to its end with random legal cards (``seed`` for both)."""
    rng = random.Random(seed)
    match = Match(rules_, seed=seed)
    while not match.is_over():
        while not match.deal.is_over():
            match.deal.play(rng.choice(list(match.deal.legal_cards())))
        match.next_deal()
    return match


def snapshot(deal: Deal) -> dict[str, Any]:
    """Everything observable about a deal's state, for exact before/after comparisons."""
    return {
        "hands": {s: str(deal.hand(s)) for s in deal.seats},
        "stock": tuple(deal.stock),
        "plays": tuple(deal.plays),
        "tricks": tuple(deal.tricks),
        "current": tuple(deal.current),
        "to_play": deal.to_play,
        "declarations": tuple(deal.declarations),
        "draws": tuple(deal.draws),
        "calls": tuple(deal.calls),
        "ended_by_call": deal.ended_by_call,
        "redeal_by": deal.redeal_by,
        "legal": str(deal.legal_cards()),
        "result": deal.result(),
        "actions": deal.actions,
    }


# --- layouts worked out by hand (dealer E, so N leads; play goes N -> W -> S -> E) -----------

# One suit each: N leads denari and, since nobody else holds a denari, wins all ten tricks.
# Every hand holds a napoletana (3, 2, ace of its suit).
SUITED_HANDS = {
    Seat.N: "3d 2d Ad Rd Cd Fd 7d 6d 5d 4d",
    Seat.W: "3c 2c Ac Rc Cc Fc 7c 6c 5c 4c",
    Seat.S: "3s 2s As Rs Cs Fs 7s 6s 5s 4s",
    Seat.E: "3b 2b Ab Rb Cb Fb 7b 6b 5b 4b",
}

# NS take 14 thirds (4 points), EW 21 thirds with the last trick (7 points): 4 + 7 = 11.
#  T1 N: 3d Ad Rd Cd  -> N  6 thirds      T6 E: 6c Fc 2c 7c -> W  2
#  T2 N: 3c Ac Rc Cc  -> N  6             T7 W: 2s 7s 6s Fs -> W  2
#  T3 N: Fd 7d 2d 6d  -> S  2             T8 W: 2b 7b 6b Fb -> W  2
#  T4 S: Cs 3s As Rs  -> E  6             T9 W: 5c 5s 5b 5d -> W  0
#  T5 E: 3b Ab Rb Cb  -> E  6             T10 W: 4c 4s 4b 4d -> W 0 + 3 for the last trick
# NS 6+6+2 = 14; EW 6+6+2+2+2+0+0+3 = 21. (The ace of bastoni is in T5, taken by E.)
SPLIT_HANDS = {
    Seat.N: "3d 3c Fd As Ab Fc Fs Fb 5d 4d",
    Seat.W: "Ad Ac 7d Rs Rb 2c 2s 2b 5c 4c",
    Seat.S: "Rd Rc 2d Cs Cb 7c 7s 7b 5s 4s",
    Seat.E: "Cd Cc 6d 3s 3b 6c 6s 6b 5b 4b",
}
SPLIT_TRICKS = [
    "3d Ad Rd Cd", "3c Ac Rc Cc", "Fd 7d 2d 6d", "Cs 3s As Rs", "3b Ab Rb Cb",
    "6c Fc 2c 7c", "2s 7s 6s Fs", "2b 7b 6b Fb", "5c 5s 5b 5d", "4c 4s 4b 4d",
]

# NS take every point but not every trick: N leads 4d, W takes it with 5d (no points:
# 4d 5d 4b 4c), W leads 4s, N takes it with 3s and then leads his eight spade.
ALL_POINTS_HANDS = {
    Seat.N: "3s 2s As Rs Cs Fs 7s 6s 5s 4d",
    Seat.W: "3d 2d Ad Rd Cd Fd 7d 6d 5d 4s",
    Seat.S: "3b 2b Ab Rb Cb Fb 7b 6b 5b 4b",
    Seat.E: "3c 2c Ac Rc Cc Fc 7c 6c 5c 4c",
}
ALL_POINTS_TRICKS = [
    "4d 5d 4b 4c",  # W wins (no points)
    "4s 3b 3c 3s",  # W leads 4s, S and E discard, N follows with 3s and wins
    "2s 2d 2b 2c", "As Ad Ab Ac", "Rs Rd Rb Rc", "Cs Cd Cb Cc", "Fs Fd Fb Fc",
    "7s 7d 7b 7c", "6s 6d 6b 6c", "5s 3d 5b 5c",
]


def suited_deal(rules_: Rules | None = None, **kw: Any) -> Deal:
    return Deal(rules_ or rules(), Seat.E, {s: cards(h) for s, h in SUITED_HANDS.items()}, **kw)


def split_deal(rules_: Rules | None = None, **kw: Any) -> Deal:
    return Deal(rules_ or rules(), Seat.E, {s: cards(h) for s, h in SPLIT_HANDS.items()}, **kw)


def all_points_deal(rules_: Rules | None = None) -> Deal:
    return Deal(rules_ or rules(), Seat.E, {s: cards(h) for s, h in ALL_POINTS_HANDS.items()})


# --- hypothesis strategies ----------------------------------------------------------------

def check_points(table_rules: Rules, result: DealResult) -> None:
    """Two sides: the floors sum to the deal's points. Each for himself: up to 2 points of
    fractions are lost; a reversed cappotto gives 0 to the taker and the deal's points to
    every other player."""
    points = sorted(s.card_points for s in result.sides.values())
    full = table_rules.deal_points
    if result.cappotto is not None and table_rules.reversed_cappotto:
        assert points == [0] + [full] * (len(points) - 1)
    elif len(points) == 2:
        assert sum(points) == full
    else:
        assert full - 2 <= sum(points) <= full


PRESET_NAMES = sorted(PRESETS)
preset_names = st.sampled_from(PRESET_NAMES)


@st.composite
def table_rules(draw: st.DrawFn) -> Rules:
    """A preset, sometimes with a few options changed that the rule book allows."""
    base = Rules.preset(draw(preset_names))
    options: dict[str, Any] = {}
    if draw(st.booleans()):
        options["deal_packet"] = draw(st.sampled_from([1, 5]))
        if base.players != 2:
            options["first_lead"] = draw(st.sampled_from(["dealer_right", "four_of_denari"]))
        if base.declarations:
            options["declaration_timing"] = draw(
                st.sampled_from(["end_of_first_trick", "before_first_lead"]))
            options["declarations_compulsory"] = draw(st.booleans())
        if base.players == 2:
            options["follow_suit_with_stock"] = draw(st.booleans())
        if base.signals:
            options["signal_convention"] = draw(st.sampled_from(["seed", "club"]))
        if base.players == 4 and not base.partners and draw(st.booleans()):
            options["partners"], options["signals"] = True, draw(st.booleans())
        elif base.players == 4 and draw(st.booleans()):
            options["partners"], options["signals"] = False, False
            options["calling_out"] = False
        if draw(st.booleans()):
            options["cappotto"] = True
            options["reversed_cappotto"] = draw(st.booleans())
            options["cappotto_definition"] = draw(st.sampled_from(["all_points", "all_tricks"]))
    return base.with_options(**options) if options else base


@st.composite
def random_deals(draw: st.DrawFn, rules_strategy: st.SearchStrategy[Rules] | None = None
                 ) -> Deal:
    """A fresh deal: some rules, a seeded shuffle and any dealer of the table."""
    r = draw(rules_strategy if rules_strategy is not None else table_rules())
    seed = draw(st.integers(0, 2**32 - 1))
    dealer = draw(st.sampled_from(seats_for(r.players)))
    return Deal.new(r, dealer=dealer, seed=seed)


# choices used to walk through a deal: each step picks legal[i % len(legal)]
choices = st.lists(st.integers(0, 39), min_size=40, max_size=40)


@pytest.fixture(autouse=True)
def _default_display():
    """Every test starts and ends in English with Italian faces (widgets share settings)."""
    yield
    settings = sys.modules.get("tressette_learn.ui.settings")
    if settings is not None:
        settings.SETTINGS.lang, settings.SETTINGS.faces = "en", "italian"
    set_display(faces="italian", labels=svg_labels("en"))


# -- progress databases: SQLite files and a real PostgreSQL server ---------------------
@pytest.fixture(scope="session")
def postgres_url():
    """A throwaway PostgreSQL server for this test session (in a folder its user can reach)."""
    folder = Path(tempfile.mkdtemp(prefix="tressette-pg-"))
    folder.chmod(0o755)
    port = _free_port()
    result = subprocess.run([str(PROJECT_ROOT / "scripts/start-postgres"), str(folder),
                             str(port)],
                            capture_output=True, text=True, timeout=180)
    if result.returncode != 0:
        pytest.fail(f"could not start PostgreSQL:\n{result.stderr}", pytrace=False)
    yield result.stdout.strip()
    subprocess.run([str(PROJECT_ROOT / "scripts/stop-postgres"), str(folder)], timeout=60,
                   check=False)
    shutil.rmtree(folder, ignore_errors=True)


def _free_port() -> int:
    from tressette_learn.serve.server import free_port

    return free_port()


@pytest.fixture(params=["sqlite", "postgres"])
def url(request: pytest.FixtureRequest, tmp_path: Path) -> str:
    """A fresh database per test."""
    return fresh_database(request, request.param, tmp_path)


@pytest.fixture(params=["sqlite", "postgres", "browser"])
def store_url(request: pytest.FixtureRequest, tmp_path: Path,
              monkeypatch: pytest.MonkeyPatch) -> str:
    """A fresh store per test (open it with ``open_store``): a database, or the static
    site's store in the browser, with a dict standing in for ``localStorage``."""
    if request.param == "browser":
        from tressette_learn.store import BROWSER_URL, browser_store

        monkeypatch.setattr(browser_store, "BROWSER_STORAGE", browser_store.MirroredStorage())
        return BROWSER_URL
    return fresh_database(request, request.param, tmp_path)


def fresh_database(request: pytest.FixtureRequest, kind: str, folder: Path) -> str:
    """A new empty database of ``kind`` (``sqlite`` or ``postgres``) for one test."""
    if kind == "sqlite":
        return f"sqlite:///{folder / 'progress.sqlite'}"
    import psycopg

    base = request.getfixturevalue("postgres_url")
    name = f"f{abs(hash(folder)) % 10**9}"
    with psycopg.connect(base, autocommit=True) as conn:
        conn.execute(f"CREATE DATABASE {name}")
    return base.rsplit("/", 1)[0] + f"/{name}"




@pytest.fixture(scope="session")
def lite_site() -> Path:
    """The static site's folder (docs/lite.md), built first unless newer than its sources."""
    try:
        from scripts import build_lite
    except ImportError as err:  # voici-core or jupyterlite missing
        pytest.fail(f"the static build needs the `lite` extra (`make lite`): {err}",
                    pytrace=False)
    return build_lite.ensure_built()


def run_async(coroutine: Any) -> Any:
    """``asyncio.run(coroutine)`` in a thread of its own: in the whole suite the browser tests
    leave Playwright's event loop running in the main thread, where asyncio.run refuses."""
    import asyncio
    import concurrent.futures

    with concurrent.futures.ThreadPoolExecutor(1) as thread:
        return thread.submit(asyncio.run, coroutine).result()


def pytest_sessionstart(session: pytest.Session) -> None:
    session.config.stash[STARTED] = time.time()


def pytest_terminal_summary(terminalreporter: pytest.TerminalReporter) -> None:
    """Where this run's walk screenshots are (the walk may have run in a worker process)."""
    started = terminalreporter.config.stash.get(STARTED, time.time())
    shots = [p for p in WALK_SHOTS.glob("*/*.png") if p.stat().st_mtime >= started]
    if shots:
        terminalreporter.write_line(f"learner walk: {len(shots)} screenshots in {WALK_SHOTS} "
                                    "(one per lesson, language and size)")
