"""The sizing model (``benchmarks/sizing.py``): its arithmetic on the committed measurement
(``benchmarks/measured/``) and on made-up figures, and its refusals of nonsense."""

from __future__ import annotations

import copy
import json
import math
import re
import sys
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest
import yaml

BENCHMARKS = Path(__file__).resolve().parents[1] / "benchmarks"
sys.path.insert(0, str(BENCHMARKS))
import sizing  # noqa: E402
from sizing import GIB, Assumptions, Measured, SizingError, size  # noqa: E402

FOOTPRINT = json.loads((BENCHMARKS / "measured" / "learner_footprint.json").read_text())
HUB = json.loads((BENCHMARKS / "measured" / "hub_footprint.json").read_text())
SOLVERS = ("kernel", "node")


def measured(solver: str = "kernel") -> Measured:
    return Measured.of(FOOTPRINT, solver)


@pytest.mark.parametrize("solver", SOLVERS)
def test_doubling_the_learners_never_lowers_the_nodes(solver: str) -> None:
    a, m = Assumptions(solver=solver), measured(solver)
    learners = 1
    while learners <= 6000:
        assert size(2 * learners, m, a).user_nodes >= size(learners, m, a).user_nodes
        assert size(learners + 1, m, a).user_nodes >= size(learners, m, a).user_nodes
        learners = 2 * learners + 1


@pytest.mark.parametrize("learners", [1, 20, 21, 22, 30, 300, 3000])
def test_the_nodes_hold_every_learner_and_no_node_more_than_needed(learners: int) -> None:
    s = size(learners, measured(), Assumptions())
    assert s.user_nodes * s.pods_per_node >= learners
    assert (s.user_nodes - 1) * s.pods_per_node < learners


@pytest.mark.parametrize("solver", SOLVERS)
def test_the_memory_guarantee_covers_a_learner_in_a_match(solver: str) -> None:
    mode = FOOTPRINT["solver_in_service" if solver == "node" else "solver_in_kernel"]
    in_match = sum(mode[name]["peak_mb"] for name in ("server", "index_kernel", "play_kernel"))
    pod = size(30, measured(solver), Assumptions(solver=solver)).pod
    assert pod.memory_guarantee_mib >= in_match * Assumptions().margin
    assert pod.memory_guarantee_mib % sizing.MEMORY_STEP == 0


@pytest.mark.parametrize("solver", SOLVERS)
def test_the_memory_limit_covers_a_play_kernel_that_loads_the_solver_itself(solver: str) -> None:
    """With a service per node too: a kernel whose service stops loads the solver itself."""
    alone = FOOTPRINT["solver_in_kernel"]
    widest = sum(alone[name]["peak_mb"] for name in ("server", "index_kernel", "play_kernel"))
    pod = size(30, measured(solver), Assumptions(solver=solver)).pod
    assert pod.memory_limit_mib >= widest + 2 * alone["lesson_kernel"]["peak_mb"]
    assert pod.memory_limit_mib >= pod.memory_guarantee_mib


@pytest.mark.parametrize("solver", SOLVERS)
@pytest.mark.parametrize("node", [(2, 8), (4, 16), (8, 32), (16, 64), (4, 32), (8, 16)])
def test_the_guarantees_never_overcommit_a_node(solver: str, node: tuple[int, int]) -> None:
    a = Assumptions(solver=solver, node_cpu=node[0], node_memory_gib=node[1])
    s = size(300, measured(solver), a)
    assert s.pods_per_node * s.pod.cpu_guarantee + s.solver.cpu + a.reserved_cpu \
        <= a.node_cpu + 1e-9
    assert s.pods_per_node * s.pod.memory_guarantee_mib + s.solver.memory_mib \
        <= (a.node_memory_gib - a.reserved_memory_gib) * GIB
    assert s.node_start_s <= a.start_goal_s  # a node's learners all start within the goal


def test_a_larger_node_never_holds_fewer_learners_nor_needs_more_nodes() -> None:
    m, small = measured(), Assumptions()
    for large in (replace(small, node_cpu=8), replace(small, node_memory_gib=32),
                  replace(small, node_cpu=8, node_memory_gib=32)):
        assert size(3000, m, large).pods_per_node >= size(3000, m, small).pods_per_node
        assert size(3000, m, large).user_nodes <= size(3000, m, small).user_nodes


def test_a_node_with_no_room_for_memory_is_bound_by_memory() -> None:
    s = size(30, measured(), Assumptions(node_cpu=64, node_memory_gib=8))
    assert s.bound_by == "memory"
    s = size(30, measured(), Assumptions(node_cpu=1, node_memory_gib=64))
    assert s.bound_by == "CPU"


def made_up(**changes: Any) -> dict[str, Any]:
    """The committed footprint with round figures: server 100, kernels 100, 200 playing."""
    footprint = copy.deepcopy(FOOTPRINT)
    for mode in ("solver_in_service", "solver_in_kernel"):
        part = footprint[mode]
        part["server"]["peak_mb"] = 100
        part["index_kernel"]["peak_mb"] = part["lesson_kernel"]["peak_mb"] = 100
        part["play_kernel"]["peak_mb"] = 200 if mode == "solver_in_kernel" else 150
        part["play_kernel"]["start_cpu_s"] = 1.5
        part["index_kernel"]["cpu_s"] = part["lesson_kernel"]["cpu_s"] = 1.0
        part["session_cpu_s"] = 5.5  # the match: 3.5 s, of which 1.5 s to show the page
        part["db_connections"], part["db_backend_mb"] = 3, 6
        part.update(changes)
    return footprint


def test_the_arithmetic_on_round_figures() -> None:
    a = Assumptions(margin=1.0, start_goal_s=15, deal_minutes=5, extra_tabs=2,
                    node_cpu=4, node_memory_gib=16, reserved_cpu=0.5, reserved_memory_gib=4)
    s = size(100, Measured.of(made_up(), "kernel"), a)
    assert s.pod.memory_guarantee_mib == 448  # 100 + 100 + 200 = 400, up to 64 MiB steps
    assert s.pod.memory_limit_mib == 640  # 400 and two more lessons of 100
    assert s.pod.cpu_guarantee == pytest.approx(0.11)  # 1.5 / 15 + 2 / 300, up to 0.01
    assert s.pods_per_node == min(math.floor(3.5 / 0.11), math.floor(12 * 1024 / 448)) == 27
    assert s.bound_by == "memory"
    assert s.user_nodes == 4  # 100 / 27, up
    assert s.db_connections == 300 and s.db_max_connections == 300 + a.db_reserved
    assert s.db_backends_mib == 600
    assert s.pooler is False and size(200, Measured.of(made_up(), "kernel"), a).pooler is True


def test_a_solver_service_per_node_takes_its_room_from_the_node() -> None:
    a = Assumptions(solver="node")
    with_service = size(300, measured("node"), a)
    assert with_service.solver.memory_mib >= FOOTPRINT["solver_in_service"]["solver_service"][
        "peak_mb"]
    bigger = Measured.of(made_up(), "node")
    huge = replace(bigger, service_mb=8 * GIB)
    assert size(300, huge, a).pods_per_node < size(300, bigger, a).pods_per_node
    assert size(300, measured("kernel"), Assumptions()).solver.memory_mib == 0


def test_the_load_run_raises_the_cpu_when_it_measured_more() -> None:
    m = Measured.of(FOOTPRINT, "kernel", {"server_cpu_s_per_learner": 40.0,
                                          "solver_service_mb": 500.0})
    assert m.match_cpu_s == 40.0
    assert size(30, m, Assumptions()).pod.cpu_guarantee > size(30, measured(),
                                                               Assumptions()).pod.cpu_guarantee


def test_the_hub_grows_with_the_learners() -> None:
    a, m = Assumptions(), measured()
    small, large = size(30, m, a, HUB).hub_memory_mib, size(3000, m, a, HUB).hub_memory_mib
    assert small is not None and large is not None
    assert large >= small >= HUB["hub_mb"][0] * a.hub_margin
    assert size(30, m, a).hub_memory_mib is None  # no hub measured: nothing said


@pytest.mark.parametrize("learners", [0, -5, 2.5, True, "30"])
def test_nonsense_learners_are_refused(learners: Any) -> None:
    with pytest.raises(SizingError, match="learners"):
        size(learners, measured(), Assumptions())


@pytest.mark.parametrize("change, words", [
    ({"in_match": 1.5}, "--in-match"), ({"node_cpu": 0}, "--node-cpu"),
    ({"node_memory_gib": -16}, "--node-memory"), ({"margin": 0.5}, "--margin"),
    ({"reserved_cpu": -1}, "--reserved-cpu"), ({"solver": "cloud"}, "--solver"),
    ({"start_goal_s": float("nan")}, "--start-goal"),
    ({"node_memory_gib": 3}, "holds no learner's pod"),
    ({"start_goal_s": 1}, "over --cpu-limit"),
])
def test_nonsense_assumptions_are_refused(change: dict[str, Any], words: str) -> None:
    with pytest.raises(SizingError, match=words):
        size(30, measured(), replace(Assumptions(), **change))


@pytest.mark.parametrize("footprint, words", [
    ({}, "solver_in_kernel"),
    ({"solver_in_kernel": {}}, "play_kernel"),
    (made_up(session_cpu_s=-1), "session_cpu_s"),
    (made_up(db_connections="three"), "db_connections"),
])
def test_a_footprint_that_is_not_one_is_refused(footprint: dict[str, Any], words: str) -> None:
    with pytest.raises(SizingError, match=words):
        Measured.of(footprint, "kernel")


def test_the_command_prints_the_table_or_one_error_line(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    footprint = str(BENCHMARKS / "measured" / "learner_footprint.json")
    assert sizing.main([footprint, "--learners", "30", "3000"]) == 0
    rows = [line for line in capsys.readouterr().out.splitlines() if line.startswith("| 3")]
    assert [row.split("|")[1].strip() for row in rows] == ["30", "3,000"]
    for argv in ([footprint, "--in-match", "2"], [str(tmp_path / "missing.json")],
                 [footprint, "--learners", "0"]):
        with pytest.raises(SystemExit) as stop:
            sizing.main(argv)
        assert stop.value.code == 2
        error = capsys.readouterr().err
        assert "error:" in error and "Traceback" not in error


def test_deploy_md_gives_what_the_model_prints_for_the_committed_measurement() -> None:
    """``config.yaml``'s guarantees and limits and the Sizing table in ``docs/deploy.md``
    are the model's, on the committed figures with its defaults."""
    doc = (BENCHMARKS.parent / "docs" / "deploy.md").read_text(encoding="utf-8")
    config = yaml.safe_load(re.findall(r"```yaml\n(.*?)```", doc, re.S)[0])["singleuser"]
    m, a = measured(), Assumptions()
    rows = [size(n, m, a, HUB) for n in (30, 300, 3000)]
    pod = rows[0].pod
    assert config["memory"] == {"guarantee": f"{pod.memory_guarantee_mib}M",  # M is MiB
                                "limit": f"{pod.memory_limit_mib}M"}
    assert config["cpu"] == {"guarantee": pod.cpu_guarantee, "limit": pod.cpu_limit}
    assert sizing.table(rows, a) in doc
