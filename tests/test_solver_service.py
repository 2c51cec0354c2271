"""The solver service: one process searches for every kernel of a server.

A kernel told about the service gets exactly the in-process solver's answers without ever
loading numba; a client without the key is not heard; a forged request gets an error naming
its field and the service goes on; when the service is gone a kernel searches itself.
"""

from __future__ import annotations

import contextlib
import dataclasses
import json
import os
import subprocess
import sys
import threading
import time
from collections.abc import Iterator
from multiprocessing.connection import Client
from pathlib import Path
from typing import Any

import pytest
from test_fastsolver import CASES, random_deal

from tressette_learn.ai.solve import client as solver_client  # (names before ai/solve/)
from tressette_learn.ai.solve import compiled as fastsolver
from tressette_learn.ai.solve import service as solver_service
from tressette_learn.ai.solve.client import RemoteCore, ServiceUnavailable
from tressette_learn.ai.solve.position import position_from_deal
from tressette_learn.ai.solve.service import SolverService
from tressette_learn.ai.solve.wire import (
    MAX_MESSAGE,
    Request,
    WireError,
    decode_position,
    decode_reply,
    decode_request,
    encode_request,
)

ROOT = Path(__file__).resolve().parents[1]


@pytest.fixture(scope="module")
def service() -> Iterator[SolverService]:
    fastsolver.warm_up(background=False)  # the in-process answers to compare with
    with SolverService.start(workers=2) as running:
        yield running


def remote(service: SolverService) -> RemoteCore:
    return RemoteCore(service.address, service.key)


@pytest.mark.parametrize(("preset", "tricks_left", "extra"), CASES[::3])
def test_the_service_answers_as_the_solver_in_this_process(
        service: SolverService, preset: str, tricks_left: int, extra: int) -> None:
    pos = position_from_deal(random_deal(preset, 500 + tricks_left * 10 + extra,
                                         tricks_left, extra))
    local = fastsolver.new_core()
    core = remote(service)
    assert core.position_value(pos) == local.position_value(pos)
    for points_only in (False, True):
        assert core.card_values(pos, points_only) == local.card_values(pos, points_only)


def test_many_kernels_asking_at_once_get_their_own_answers(service: SolverService) -> None:
    positions = [position_from_deal(random_deal("standard", 900 + i, 5, i % 4))
                 for i in range(8)]
    local = fastsolver.new_core()
    expected = [local.card_values(pos, False) for pos in positions]
    got: dict[int, dict[int, int]] = {}
    core = remote(service)  # one connection per thread

    def ask(i: int) -> None:
        got[i] = core.card_values(positions[i], False)

    threads = [threading.Thread(target=ask, args=(i,)) for i in range(len(positions))]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(60)
    assert [got[i] for i in range(len(positions))] == expected


KERNEL = """
import json, sys
from tressette_learn.ai.solve import compiled as fastsolver
from tressette_learn.ai.solve.position import position_from_deal
from test_fastsolver import random_deal
deal = random_deal("a_due", 77, 11, 1)
fastsolver.warm_up(background=False)
values = fastsolver.fast_solve_full_deal(deal)
print(json.dumps({"values": [[str(v.card), v.thirds] for v in values],
                  "value": fastsolver.fast_position_value(position_from_deal(deal)),
                  "numba": "numba" in sys.modules}))
"""


def run_kernel(env: dict[str, str], script: str = KERNEL) -> dict[str, object]:
    """A process that asks the solver what a lesson page asks (with ``env``)."""
    clean = {k: v for k, v in os.environ.items() if k not in (solver_service.ADDRESS_ENV,
                                                              solver_service.KEY_ENV)}
    done = subprocess.run([sys.executable, "-c", script], env={**clean, **env}, cwd=ROOT / "tests",
                          capture_output=True, text=True, timeout=300, check=True)
    result: dict[str, object] = json.loads(done.stdout.splitlines()[-1])
    result["stderr"] = done.stderr
    return result


def test_a_kernel_told_about_the_service_never_loads_numba(service: SolverService) -> None:
    deal = random_deal("a_due", 77, 11, 1)
    expected = fastsolver.fast_solve_full_deal(deal)
    assert expected is not None
    shared = run_kernel(service.env())
    assert shared["numba"] is False
    assert shared["values"] == [[str(v.card), v.thirds] for v in expected]
    assert shared["value"] == fastsolver.fast_position_value(position_from_deal(deal))
    alone = run_kernel({})
    assert alone["numba"] is True and alone["values"] == shared["values"]


HINTS = """
import json, sys
from tressette_learn.ai.hints import hint
from tressette_learn.engine import Deal, Rules
out = []
for preset, seed, left in [("standard", 3, 6), ("standard", 4, 3), ("a_due", 5, 9)]:
    deal = Deal.new(Rules.preset(preset), seed=seed)
    while deal.rules.tricks_per_deal - len(deal.tricks) > left or deal.current:
        deal.play(deal.legal_cards()[-1])
    out.append(hint(deal.view(deal.to_play), seed=1, block=True).to_json())
print(json.dumps({"answers": out, "numba": "numba" in sys.modules}))
"""

REVIEWS = """
import json, sys
from tressette_learn.ai import make_player, play_deal
from tressette_learn.ai.review import review
from tressette_learn.engine import Deal, Rules, Seat
out = []
for preset, seed in [("standard", 8), ("a_due", 9)]:
    deal = Deal.new(Rules.preset(preset), seed=seed)
    play_deal(deal, {s: make_player("club", int(s)) for s in deal.seats})
    out.append(review(deal, Seat(0)).to_json())
print(json.dumps({"answers": out, "numba": "numba" in sys.modules}))
"""


@pytest.mark.parametrize("script", [HINTS, REVIEWS], ids=["hints", "reviews a trick at a time"])
def test_what_the_service_solves_for_a_kernel_is_what_the_kernel_would_find(
        service: SolverService, script: str) -> None:
    shared = run_kernel(service.env(), script)
    assert shared["numba"] is False, shared["stderr"]
    alone = run_kernel({}, script)
    assert alone["numba"] is True and shared["answers"] == alone["answers"]


def batch_json(**change: object) -> bytes:
    """A batched call: the deal's position and two rows that deal its cards."""
    deal = random_deal("standard", 5, 3, 0)
    pos = dataclasses.asdict(position_from_deal(deal))
    mover, other = pos["to_play"], (pos["to_play"] + 1) % 4
    swapped = list(pos["hands"])
    low, high = swapped[other] & -swapped[other], swapped[(other + 1) % 4]
    high &= -high
    swapped[other] ^= low | high
    swapped[(other + 1) % 4] ^= low | high
    legal = position_from_deal(deal).legal()
    rows = {"hands": [pos["hands"], swapped], "stocks": [], "reps": [(legal & -legal)
            .bit_length() - 1], "nodes": 0, "session": "ab12"}
    assert swapped[mover] == pos["hands"][mover]
    rows.update(change)
    return json.dumps({"op": "rows", "pos": pos, "rows": rows}).encode()


def test_a_batched_call_answers_and_a_forged_one_is_refused_naming_its_field(
        service: SolverService) -> None:
    values, nodes, _ = decode_reply(raw_ask(service, batch_json()))
    assert len(values) == 2 and nodes > 0
    cut, _, _ = decode_reply(raw_ask(service, batch_json(stop=1, session="cd34")))
    assert len(cut) == 2 and cut == values  # the last trick played out: still exact
    pos = position_from_deal(random_deal("standard", 5, 3, 0))
    stolen = [*pos.hands[:3], pos.hands[3] | 1 << 39]
    for change, field in [({"session": "../x"}, "session:"), ({"reps": [99]}, "reps:"),
                          ({"nodes": -1}, "nodes:"), ({"hands": []}, "hands: expected 1"),
                          ({"hands": [stolen]}, "hands:"), ({"stocks": [[1]]}, "hands:"),
                          ({"hands": [[*pos.hands[:3], 0]]}, "a row must deal"),
                          ({"stop": pos.tricks_left}, "stop:"), ({"stop": -1}, "stop:")]:
        with pytest.raises(WireError, match=field):
            decode_reply(raw_ask(service, batch_json(**change)))
    assert still_answers(service)


def test_a_hint_never_waits_behind_a_reviews_search() -> None:
    pool = solver_service.CorePool(1)
    order: list[str] = []
    with pool.take():  # the one core is busy with a review's search
        review = threading.Thread(target=lambda: take_and_note(pool.take(), order, "review"))
        review.start()
        hint = threading.Thread(target=lambda: take_and_note(pool.hint(), order, "hint"))
        hint.start()
        hint.join(10)
        assert order == ["hint"]  # the review still waits for the core
    review.join(10)
    assert order == ["hint", "review"]


def test_the_review_that_began_first_gets_the_free_core_first() -> None:
    pool = solver_service.CorePool(1)
    order: list[str] = []
    with pool.take():
        waiters = []
        for name, since in [("third", 3.0), ("first", 1.0), ("second", 2.0)]:
            waiter = threading.Thread(
                target=lambda n=name, s=since: take_and_note(pool.take(since=s), order, n))
            waiter.start()
            waiters.append(waiter)
            time.sleep(0.1)  # they queue in this order, not in the order of their runs
    for waiter in waiters:
        waiter.join(10)
    assert order == ["first", "second", "third"]


def test_a_connections_requests_close_together_are_one_run() -> None:
    turn = solver_service.Turn()
    turn.begin()
    began = turn.since
    turn.answered = time.monotonic()
    turn.begin()  # at once: the same run (a review's next trick)
    assert turn.since == began
    turn.answered -= 2 * solver_service.RUN_GAP_S  # as if the last answer were long ago
    turn.begin()
    assert turn.since > began


class Waiting:
    """A connection whose next request is (or is not) already there."""

    def __init__(self, next_soon: bool) -> None:
        self.next_soon = next_soon

    def poll(self, timeout: float) -> bool:
        return self.next_soon


def test_a_review_keeps_its_core_between_its_tricks_and_then_gives_it_back() -> None:
    pool = solver_service.CorePool(1)
    core = object()
    pool.free.append(core)
    pool.made = 1
    turn = solver_service.Turn()
    turn.begin()
    assert turn.core_from(pool) is core
    turn.end(Waiting(next_soon=True))  # the next trick is asked at once: the core stays
    assert turn.holding and pool.free == []
    turn.begin()
    assert turn.core_from(pool) is core
    turn.end(Waiting(next_soon=False))  # the review is over: the core goes back
    assert not turn.holding and pool.free == [core]


def take_and_note(place: contextlib.AbstractContextManager[Any], order: list[str],
                  name: str) -> None:
    with place:
        order.append(name)


def test_a_sequence_is_answered_as_its_positions_one_by_one(service: SolverService) -> None:
    deal = random_deal("standard", 71, 6, 0)
    positions = []
    for _ in range(4):
        positions.append(position_from_deal(deal))
        deal.play(deal.legal_cards()[0])
    local = fastsolver.new_core()
    assert remote(service).card_values_many(positions, True) == \
        [local.card_values(pos, True) for pos in positions]
    assert still_answers(service)


def test_a_forged_sequence_names_the_position_at_fault(service: SolverService) -> None:
    good = json.loads(position_json())["pos"]
    bad = {**good, "to_play": 9}
    for positions, field in [([], "positions: expected a list of 1"),
                             ([good, bad], r"positions\[1\]: to_play:"),
                             ([good] * 65, "positions: expected a list of 1 to 64")]:
        data = json.dumps({"op": "sequence", "positions": positions}).encode()
        with pytest.raises(WireError, match=field):
            decode_reply(raw_ask(service, data))
    assert still_answers(service)


def test_a_kernel_searches_itself_when_the_service_is_gone() -> None:
    with SolverService.start(workers=1) as gone:
        env = gone.env()
    result = run_kernel(env)
    assert result["numba"] is True
    assert result["values"] == run_kernel({})["values"]
    assert "loading the solver in this process instead" in str(result["stderr"])


def test_in_process_fallback_when_the_service_stops_mid_lesson(
        monkeypatch: pytest.MonkeyPatch) -> None:
    pos = position_from_deal(random_deal("standard", 31, 4, 2))
    expected = fastsolver.new_core().position_value(pos)
    with SolverService.start(workers=1) as running:
        monkeypatch.setattr(fastsolver, "_remote", remote(running))
        monkeypatch.setattr(fastsolver, "_looked_up", True)
        assert fastsolver.fast_position_value(pos) == expected
        assert fastsolver._service() is not None
    assert fastsolver.fast_position_value(pos) == expected  # the service has stopped
    assert fastsolver._service() is None


def test_a_client_without_the_key_is_not_heard(service: SolverService) -> None:
    with pytest.raises(ServiceUnavailable, match="digest"):
        RemoteCore(service.address, b"x" * 32).ready()
    assert still_answers(service)


def still_answers(service: SolverService) -> bool:
    core = remote(service)
    core.wait_ready()
    return core.ready()


def raw_ask(service: SolverService, data: bytes) -> bytes:
    with Client(service.address, family="AF_UNIX", authkey=service.key) as conn:
        conn.send_bytes(data)
        return bytes(conn.recv_bytes())


def position_json(**change: object) -> bytes:
    pos = dataclasses.asdict(position_from_deal(random_deal("standard", 5, 3, 1)))
    pos.update(change)
    return json.dumps({"op": "value", "pos": pos}).encode()


@pytest.mark.parametrize(("data", "field"), [
    (b"not json", "request: not JSON"),
    (b'{"op": "solve"}', "op:"),
    (position_json(to_play=9), "to_play:"),
    (position_json(hands=[1, 2, 3]), "hands:"),
    (position_json(trick=[[0, 55]]), "trick:"),
    (position_json(values=[1] * 39), "values:"),
    (position_json(next_seat=[1, 2, 3, 3]), "next_seat:"),
    (position_json(next_seat=[3, 0, 1, 0]), "next_seat: expected a cycle"),
    (position_json(hands=[1, 1, 2, 4]), "a card is in two places"),
    (position_json(low_wins="yes"), "low_wins:"),
    (position_json(extra=1), "pos: expected the fields"),
])
def test_a_forged_request_gets_an_error_naming_its_field(service: SolverService, data: bytes,
                                                         field: str) -> None:
    with pytest.raises(WireError, match=field):
        decode_reply(raw_ask(service, data))
    pos = position_from_deal(random_deal("standard", 5, 3, 1))
    assert remote(service).position_value(pos) == fastsolver.new_core().position_value(pos)


def test_a_message_too_long_closes_only_that_connection(service: SolverService) -> None:
    with pytest.raises((EOFError, OSError)):
        raw_ask(service, b"x" * (MAX_MESSAGE + 1))
    assert still_answers(service)


def test_a_client_that_leaves_during_its_search_harms_no_one(service: SolverService) -> None:
    pos = position_from_deal(random_deal("standard", 61, 9, 0))
    with Client(service.address, family="AF_UNIX", authkey=service.key) as conn:
        conn.send_bytes(encode_request(Request("cards", pos)))
    assert still_answers(service)
    small = position_from_deal(random_deal("standard", 62, 3, 1))
    assert remote(service).position_value(small) == fastsolver.new_core().position_value(small)


def test_requests_round_trip_every_field() -> None:
    pos = position_from_deal(random_deal("a_due", 8, 11, 1))
    back = decode_request(encode_request(Request("cards", pos, True)))
    assert back == Request("cards", pos, True)
    with pytest.raises(WireError, match="pos: expected an object"):
        decode_position([1, 2])


def test_the_service_exits_with_the_server_that_started_it(tmp_path: Path) -> None:
    starter = ("import sys, os; from tressette_learn.ai.solve import SolverService;"
               "s = SolverService.start(workers=1); print(s.process.pid, flush=True);"
               "os._exit(0)")
    out = subprocess.run([sys.executable, "-c", starter], capture_output=True, text=True,
                         timeout=60, check=True)
    pid = int(out.stdout.split()[0])
    deadline = time.monotonic() + 10
    while Path(f"/proc/{pid}").exists() and time.monotonic() < deadline:
        time.sleep(0.1)
    assert not Path(f"/proc/{pid}").exists() or "Z" in Path(f"/proc/{pid}/stat").read_text()


def test_the_environment_names_a_service_only_with_address_and_key(
        monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv(solver_service.ADDRESS_ENV, raising=False)
    monkeypatch.setenv(solver_service.KEY_ENV, "00ff")
    assert solver_client.from_environment() is None
    monkeypatch.setenv(solver_service.ADDRESS_ENV, "/nowhere/solver.sock")
    core = solver_client.from_environment()
    assert core is not None and core.key == b"\x00\xff"
    monkeypatch.setenv(solver_service.KEY_ENV, "not hex")
    assert solver_client.from_environment() is None
