"""A review's values searched while the deal is played (issue 24).

The positions a review solves exactly are valued card by card on the solver service at low
priority (:class:`ReviewAhead`); the review at the end then only gathers them. It must be the
very review computed at the end, and search nothing more when every position is known.
"""

from __future__ import annotations

import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

from tressette_learn.ai import review as review_module
from tressette_learn.ai.review import EACH_FOR_HIMSELF_LIMIT, ReviewAhead, review
from tressette_learn.ai.solve import compiled as fastsolver
from tressette_learn.ai.solve.client import RemoteCore
from tressette_learn.ai.solve.position import position_from_deal
from tressette_learn.ai.solve.service import SolverService
from tressette_learn.engine import Deal, Seat
from tressette_learn.engine.actions import Play

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "benchmarks"))

from review_ahead_cpu import deals, replayed  # noqa: E402


@pytest.fixture(scope="module")
def service() -> Iterator[SolverService]:
    with SolverService.start(workers=1) as running:
        yield running


@pytest.fixture
def on_service(service: SolverService, monkeypatch: pytest.MonkeyPatch) -> SolverService:
    """This process searches on ``service``, as a kernel of a server does."""
    monkeypatch.setattr(fastsolver, "_remote", RemoteCore(service.address, service.key))
    monkeypatch.setattr(fastsolver, "_looked_up", True)
    return service


def played(preset: str, seed: int) -> Deal:
    return deals(preset, 1, seed)[0]


@pytest.mark.parametrize(("preset", "seed"), [("standard", 3), ("standard", 11), ("a_due", 5)])
def test_the_review_from_values_searched_during_play_is_the_review_at_the_end(
        on_service: SolverService, monkeypatch: pytest.MonkeyPatch, preset: str,
        seed: int) -> None:
    final = played(preset, seed)
    seat = Seat(0)
    at_the_end = review(final, seat).to_json()
    ahead = ReviewAhead()
    assert replayed(final, ahead)
    exact = sum(1 for p in at_the_end["plays"] if p["exact"])
    assert ahead.searched >= exact > 0  # every exact play of the seat, and the others' too
    asked: list[int] = []
    real = review_module.card_values_many

    def counting(positions, **kw):  # type: ignore[no-untyped-def]
        asked.append(len(positions))
        return real(positions, **kw)

    monkeypatch.setattr(review_module, "card_values_many", counting)
    gathered = review(final, seat, known=ahead.known).to_json()
    assert gathered == at_the_end
    assert asked == []  # every exact position was known: nothing searched at the end
    ahead.close()


def test_each_for_himself_only_the_tricks_the_review_solves_are_searched_ahead(
        on_service: SolverService) -> None:
    """A Traversone deal (10 tricks left cost minutes there): the last eight tricks' 32
    positions only, and the review from them is the review at the end."""
    final = played("traversone", 3)
    ahead = ReviewAhead()
    assert replayed(final, ahead)
    assert ahead.searched == 4 * EACH_FOR_HIMSELF_LIMIT
    assert review(final, Seat(0), known=ahead.known).to_json() == \
        review(final, Seat(0)).to_json()
    ahead.close()


def test_a_review_with_some_values_known_searches_the_rest_and_is_the_same(
        on_service: SolverService) -> None:
    final = played("standard", 7)
    ahead = ReviewAhead()
    half = Deal(final.rules, final.dealer, {s: final.dealt_hand(s) for s in final.seats},
                final.dealt_stock, final.match_scores)
    for action in final.actions[:len(final.actions) // 2]:
        half.apply(action)
    ahead.follow(half)
    assert ahead.wait(120)
    assert review(final, Seat(1), known=ahead.known).to_json() == \
        review(final, Seat(1)).to_json()
    ahead.close()


def test_without_a_service_nothing_is_searched_ahead(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(fastsolver, "_remote", None)
    monkeypatch.setattr(fastsolver, "_looked_up", True)
    ahead = ReviewAhead()
    ahead.follow(played("standard", 2))
    assert ahead.wait(1) and ahead.searched == 0 and not ahead.known


def test_a_low_priority_search_answers_as_a_normal_one(service: SolverService) -> None:
    deal = played("standard", 4)
    walker = Deal(deal.rules, deal.dealer, {s: deal.dealt_hand(s) for s in deal.seats},
                  deal.dealt_stock, deal.match_scores)
    for action in deal.actions:
        if isinstance(action, Play) and len(walker.tricks) == 6:
            break
        walker.apply(action)
    pos = position_from_deal(walker)
    core = RemoteCore(service.address, service.key)
    assert core.card_values(pos, True, idle=True) == core.card_values(pos, True)
    assert core.card_values(pos, False, idle=True) == core.card_values(pos, False)


def test_a_low_priority_search_never_waits_for_a_core_a_review_holds() -> None:
    from tressette_learn.ai.solve import service as solver_service

    made: list[object] = []
    pool = solver_service.CorePool(1, idle_workers=1, make=lambda: made.append(1) or object())
    with pool.take(since=1.0) as busy:
        assert pool.idle is not None
        with pool.idle.take(since=2.0) as searcher:  # the review's core is held: no wait
            assert isinstance(searcher, solver_service.IdleSearcher) and searcher is not busy
    assert made == [1]  # the searcher's process starts at its first request only
