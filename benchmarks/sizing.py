"""How big a Zero to JupyterHub cluster a number of learners needs, from measured figures.

    python benchmarks/sizing.py FOOTPRINT.json [--load CLASSROOM_LOAD.json] [--hub HUB.json]
        [--learners 30 300 3000] [--node-cpu 4] [--node-memory 16] [--solver kernel|node]
        [--class-size 30] [--start-goal 15] [--deal-minutes 5] [--session-minutes 20]
        [--in-match 0.5] [--extra-tabs 2] [--margin 1.2] [--json]

FOOTPRINT.json is what ``benchmarks/learner_footprint.py --json`` printed (one learner's
single-user server through a session); ``--load`` optionally adds what
``benchmarks/classroom_load.py --lesson 12_play --json`` printed (the server's CPU seconds
per learner under a class's load, and the solver service's memory then); ``--hub`` what
``benchmarks/hub_footprint.py --json`` printed (the hub's memory as learners are added).
Memory figures are MiB (resident, shared libraries counted in each process: an upper bound
for a pod, whose cgroup counts a shared page once).

The model, for L learners online at once (a pod each):

- **Where the exact solver runs** (``--solver``). ``kernel`` (default; what the Zero to
  JupyterHub values do): no service, the play page's kernel loads the solver itself.
  ``node``: one solver service per node (a DaemonSet), which the kernels of that node reach
  through a Unix socket on the node (a ``hostPath`` folder); the service cannot be one per
  class, because kernels reach it through a Unix socket, so only on its own node; one per
  pod (a sidecar) would cost every learner the whole service. Even with the service, a
  sampled hint loads the batched solver into the kernel: the saving is only the difference
  the footprint measured, and a kernel whose service stops loads the rest itself, so the
  memory limit still covers a kernel without the service.
- **Memory guarantee per pod**: the server, the index's kernel and the play page's kernel
  at their peaks (a learner in a match with the index open), times ``--margin``; rounded up
  to 64 MiB. Every pod gets it, whatever ``--in-match`` says: Zero to JupyterHub packs a
  class's pods onto the same nodes, and a whole class may start a match together, so a
  smaller guarantee would overcommit the node's memory exactly when the class plays.
- **Memory limit per pod**: the guarantee's processes (with the play page's kernel as it
  is without a solver service) plus ``--extra-tabs`` lesson kernels, times ``--margin``.
- **CPU guarantee per pod**: the peak, a whole class starting a match together: the play
  page's start (its CPU until shown) within ``--start-goal`` seconds, plus the rest of the
  match's CPU (the deal, a hint, the review; with ``--load``, the larger of the two
  measurements) spread over ``--deal-minutes``; rounded up to 10 millicores.
- **CPU limit**: 1 core (a page's kernel uses one core; more does not start it sooner).
- **Nodes**: what is left of a node after ``--reserved-cpu`` and ``--reserved-memory``
  (kubelet, the system, the cluster's daemons) and the solver service, divided by a pod's
  guarantees; learners over pods per node, rounded up. The hub, its proxy and the user
  scheduler run on one more node (``core``), PostgreSQL outside (a managed service).
- **PostgreSQL**: every open page's kernel holds one connection once the learner is signed
  in (the footprint counts them: ``db_connections`` for its three pages); ``max_connections``
  is the learners' connections times ``--margin`` plus ``--db-reserved`` (the teacher's
  dashboards, the administrators, PostgreSQL's own). Over ``--pooler-above`` connections a
  pooler (PgBouncer) belongs in front of PostgreSQL: that limit is then the pooler's
  ``max_client_conn``, and PostgreSQL's own ``max_connections`` the pool's size.
- **Hub**: its measured memory at the learners' count (``--hub``: the bare hub's base and
  its growth per 1,000 learners) times ``--hub-margin`` for what running servers add to
  it (not measured).
- **A full node starts a match in**: the seconds a node's CPU (what the guarantees leave
  free of the reservations and the service) takes to show the play page to every learner
  on it at once: within ``--start-goal`` by construction.
- **In use** (not reserved; for the bill): the average CPU of ``--session-minutes`` long
  sessions, and the memory when a share ``--in-match`` of the learners is in a match and
  the rest on a lesson.
"""

from __future__ import annotations

import argparse
import json
import math
import sys
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import Any

GIB = 1024  # MiB
MEMORY_STEP = 64  # MiB: guarantees and limits are rounded up to this
CPU_STEP = 0.01  # cores
SOLVERS = ("kernel", "node")


class SizingError(ValueError):
    """A figure or an assumption the model cannot use; the message says which and why."""


@dataclass(frozen=True)
class Measured:
    """The figures the model uses, taken from the footprint (and the optional load run)."""

    server_mb: float
    index_mb: float
    lesson_mb: float
    play_mb: float  # the play page's kernel, with the solver where --solver puts it
    play_alone_mb: float  # the play page's kernel without a solver service
    service_mb: float  # the solver service (0 without one)
    service_cpu_s: float  # the solver service's CPU for the session (0 without one)
    play_start_cpu_s: float  # the play page until shown
    match_cpu_s: float  # the play page, its deal, a hint and the review (server + solver)
    session_cpu_s: float  # the whole session
    db_connections: float
    db_backend_mb: float

    @classmethod
    def of(cls, footprint: dict[str, Any], solver: str,
           load: dict[str, Any] | None = None) -> Measured:
        """Read the footprint's JSON (``solver``: ``kernel`` or ``node``)."""
        if solver not in SOLVERS:
            raise SizingError(f"--solver is one of {', '.join(SOLVERS)}, not {solver!r}")
        mode = footprint_part(footprint, "solver_in_service" if solver == "node"
                              else "solver_in_kernel")
        alone = footprint_part(footprint, "solver_in_kernel")
        play = figure(mode, "play_kernel")
        match = (figure(mode, "session_cpu_s") - figure(mode, "index_kernel", "cpu_s")
                 - figure(mode, "lesson_kernel", "cpu_s"))
        service = figure(mode, "solver_service", "peak_mb") if solver == "node" else 0.0
        service_cpu = figure(mode, "solver_cpu_s") if solver == "node" else 0.0
        if load is not None:
            match = max(match, figure(load, "server_cpu_s_per_learner"))
            if solver == "node":
                service = max(service, figure(load, "solver_service_mb"))
        return cls(
            server_mb=figure(mode, "server", "peak_mb"),
            index_mb=figure(mode, "index_kernel", "peak_mb"),
            lesson_mb=figure(mode, "lesson_kernel", "peak_mb"),
            play_mb=figure(play, "peak_mb"),
            play_alone_mb=max(figure(alone, "play_kernel", "peak_mb"), figure(play, "peak_mb")),
            service_mb=service,
            service_cpu_s=service_cpu,
            play_start_cpu_s=figure(play, "start_cpu_s"),
            match_cpu_s=match,
            session_cpu_s=figure(mode, "session_cpu_s"),
            db_connections=figure(mode, "db_connections"),
            db_backend_mb=figure(mode, "db_backend_mb"))


def footprint_part(footprint: dict[str, Any], name: str) -> dict[str, Any]:
    part = footprint.get(name) if isinstance(footprint, dict) else None
    if not isinstance(part, dict):
        raise SizingError(f"the footprint has no {name!r}: is it the JSON "
                          "benchmarks/learner_footprint.py --json printed?")
    return part


def figure(tree: dict[str, Any], *path: str) -> Any:
    """The figure at ``path`` in ``tree``: a dict, or a number that is not negative."""
    found: Any = tree
    for key in path:
        if not isinstance(found, dict) or key not in found:
            raise SizingError(f"the measured figures have no {'.'.join(path)}")
        found = found[key]
    if isinstance(found, dict):
        return found
    if isinstance(found, bool) or not isinstance(found, (int, float)) or \
            not math.isfinite(found) or found < 0:
        raise SizingError(f"{'.'.join(path)} is {found!r}, not a measured figure")
    return float(found)


@dataclass(frozen=True)
class Assumptions:
    """What the model assumes besides the measurements (the command's options)."""

    node_cpu: float = 4.0
    node_memory_gib: float = 16.0
    reserved_cpu: float = 0.2  # kubelet, system daemons, kube-proxy
    reserved_memory_gib: float = 2.7  # GKE's reservation for 16 GiB, eviction included
    solver: str = "kernel"
    class_size: int = 30
    start_goal_s: float = 15.0
    deal_minutes: float = 5.0
    session_minutes: float = 20.0
    in_match: float = 0.5
    extra_tabs: int = 2
    margin: float = 1.2
    cpu_limit: float = 1.0
    db_reserved: int = 20
    pooler_above: int = 500
    hub_margin: float = 2.0

    def check(self) -> None:
        """Refuse assumptions that make no sense (SizingError says which)."""
        positive = {"--node-cpu": self.node_cpu, "--node-memory": self.node_memory_gib,
                    "--class-size": self.class_size, "--start-goal": self.start_goal_s,
                    "--deal-minutes": self.deal_minutes,
                    "--session-minutes": self.session_minutes, "--cpu-limit": self.cpu_limit}
        for name, value in positive.items():
            if not value > 0 or not math.isfinite(value):
                raise SizingError(f"{name} must be more than 0 (got {value})")
        at_least = {"--reserved-cpu": self.reserved_cpu,
                    "--reserved-memory": self.reserved_memory_gib,
                    "--extra-tabs": self.extra_tabs, "--db-reserved": self.db_reserved,
                    "--pooler-above": self.pooler_above}
        for name, value in at_least.items():
            if not value >= 0:
                raise SizingError(f"{name} cannot be negative (got {value})")
        if not 0 <= self.in_match <= 1:
            raise SizingError(f"--in-match is a share of the learners, 0 to 1 (got "
                              f"{self.in_match})")
        if not self.margin >= 1 or not self.hub_margin >= 1:
            raise SizingError("--margin and --hub-margin are factors of at least 1")
        if self.solver not in SOLVERS:
            raise SizingError(f"--solver is one of {', '.join(SOLVERS)}, not {self.solver!r}")


@dataclass(frozen=True)
class Pod:
    """One learner's single-user pod: Zero to JupyterHub's singleuser.cpu and .memory."""

    cpu_guarantee: float
    cpu_limit: float
    memory_guarantee_mib: int
    memory_limit_mib: int


def up(value: float, step: float) -> float:
    """``value`` rounded up to a multiple of ``step`` (a hair of float error forgiven)."""
    return math.ceil(value / step - 1e-9) * step


def pod(m: Measured, a: Assumptions) -> Pod:
    """The guarantees and limits of one learner's pod (see the module's text)."""
    in_match = m.server_mb + m.index_mb + m.play_mb
    widest = m.server_mb + m.index_mb + m.play_alone_mb + a.extra_tabs * m.lesson_mb
    guarantee = int(up(in_match * a.margin, MEMORY_STEP))
    limit = max(guarantee, int(up(widest * a.margin, MEMORY_STEP)))
    rest = max(0.0, m.match_cpu_s - m.play_start_cpu_s)
    cpu = up(m.play_start_cpu_s / a.start_goal_s + rest / (a.deal_minutes * 60), CPU_STEP)
    if cpu > a.cpu_limit:
        raise SizingError(f"a pod needs {cpu:.2f} cores at the peak, over --cpu-limit "
                          f"{a.cpu_limit}: allow a longer --start-goal or a higher limit")
    return Pod(round(cpu, 2), a.cpu_limit, guarantee, limit)


@dataclass(frozen=True)
class Solver:
    """The solver service on each node (nothing with ``--solver kernel``)."""

    memory_mib: int
    cpu: float


def solver_service(m: Measured, a: Assumptions, pods_per_node: int) -> Solver:
    """One service per node: its measured peak memory; the CPU of its node's learners'
    searches (the service's CPU in the session) when a share ``in_match`` of them plays a
    deal at once."""
    if a.solver == "kernel":
        return Solver(0, 0.0)
    searching = pods_per_node * a.in_match * m.service_cpu_s / (a.deal_minutes * 60)
    cpu = up(max(CPU_STEP, searching), CPU_STEP)
    return Solver(int(up(m.service_mb * a.margin, MEMORY_STEP)), round(cpu, 2))


@dataclass(frozen=True)
class Nodes:
    """How many learners a node holds, which resource bounds it, and the service on it."""

    pods_per_node: int
    bound_by: str
    solver: Solver


def per_node(m: Measured, a: Assumptions, p: Pod) -> Nodes:
    """Pods per node: the node less its reservations and the solver service, divided by a
    pod's guarantees (the service's CPU depends on the pods, so it is settled in turns)."""
    cpu_free = a.node_cpu - a.reserved_cpu
    memory_free = (a.node_memory_gib - a.reserved_memory_gib) * GIB
    solver = solver_service(m, a, 0)
    for _ in range(10):
        by_cpu = math.floor((cpu_free - solver.cpu) / p.cpu_guarantee + 1e-9)
        by_memory = math.floor((memory_free - solver.memory_mib) / p.memory_guarantee_mib)
        pods = min(by_cpu, by_memory)
        if pods < 1:
            raise SizingError(
                f"a {a.node_cpu:g} vCPU / {a.node_memory_gib:g} GiB node holds no learner's "
                f"pod ({p.cpu_guarantee} CPU, {p.memory_guarantee_mib} MiB guaranteed, after "
                f"{a.reserved_cpu:g} CPU and {a.reserved_memory_gib:g} GiB reserved): "
                "choose a larger node")
        again = solver_service(m, a, pods)
        if again == solver:
            break
        solver = again
    return Nodes(pods, "CPU" if by_cpu < by_memory else "memory", solver)


@dataclass(frozen=True)
class Sizing:
    """Everything the model says for one number of learners."""

    learners: int
    pod: Pod
    pods_per_node: int
    bound_by: str
    user_nodes: int
    core_nodes: int
    solver: Solver
    hub_memory_mib: int | None
    node_start_s: float  # a full node's learners all opening the play page at once
    db_connections: int
    db_max_connections: int
    db_backends_mib: int
    pooler: bool
    cpu_in_use: float
    memory_in_use_gib: float


def size(learners: int, m: Measured, a: Assumptions,
         hub: dict[str, Any] | None = None) -> Sizing:
    """The cluster for ``learners`` online at once."""
    if isinstance(learners, bool) or not isinstance(learners, int) or learners < 1:
        raise SizingError(f"the learners are a whole number, at least 1 (got {learners!r})")
    a.check()
    p = pod(m, a)
    nodes = per_node(m, a, p)
    connections = math.ceil(learners * m.db_connections)
    per_backend = m.db_backend_mb / m.db_connections if m.db_connections else 0.0
    steady_mb = m.server_mb + m.index_mb + a.in_match * m.play_mb + (1 - a.in_match) * m.lesson_mb
    user_nodes = math.ceil(learners / nodes.pods_per_node)
    cpu_free = a.node_cpu - a.reserved_cpu - nodes.solver.cpu
    return Sizing(
        learners=learners, pod=p, pods_per_node=nodes.pods_per_node, bound_by=nodes.bound_by,
        user_nodes=user_nodes, core_nodes=1, solver=nodes.solver,
        hub_memory_mib=hub_memory(hub, learners, a) if hub else None,
        node_start_s=round(nodes.pods_per_node * m.play_start_cpu_s / cpu_free, 1),
        db_connections=connections,
        db_max_connections=math.ceil(connections * a.margin) + a.db_reserved,
        db_backends_mib=math.ceil(connections * per_backend),
        pooler=connections > a.pooler_above,
        cpu_in_use=round(learners * m.session_cpu_s / (a.session_minutes * 60), 2),
        memory_in_use_gib=round((learners * steady_mb
                                 + user_nodes * nodes.solver.memory_mib / a.margin) / GIB, 1))


def hub_memory(hub: dict[str, Any], learners: int, a: Assumptions) -> int:
    """The hub's memory for ``learners``: measured base and growth, times ``hub_margin``."""
    base = figure({"v": (hub.get("hub_mb") or [None])[0]}, "v")
    slope = figure(hub, "hub_mb_per_1000_users")
    return int(up((base + slope * learners / 1000) * a.hub_margin, MEMORY_STEP))


# -- the table ------------------------------------------------------------------------------
def memory_text(mib: int) -> str:
    """``640Mi``, or ``1Gi`` when whole gibibytes."""
    return f"{mib // GIB}Gi" if mib % GIB == 0 else f"{mib}Mi"


def table(rows: list[Sizing], a: Assumptions) -> str:
    """The sizings as a Markdown table."""
    solver = "solver service per node" if a.solver == "node" else "solver in each play kernel"
    lines = [
        f"| learners | pod CPU guarantee / limit | pod memory guarantee / limit | learners "
        f"per {a.node_cpu:g} vCPU / {a.node_memory_gib:g} GiB node | user nodes (+ core) "
        f"| a full node starts a match in | {solver} | hub memory "
        "| PostgreSQL connections (limit to set), their backends' memory | in use: CPU, memory |",
        "| ---: | --- | --- | --- | --- | --- | --- | --- | --- | --- |"]
    for s in rows:
        service = (f"{memory_text(s.solver.memory_mib)}, {s.solver.cpu:g} CPU"
                   if a.solver == "node" else "none")
        hub = memory_text(s.hub_memory_mib) if s.hub_memory_mib else "not measured"
        pooler = ", behind a pooler" if s.pooler else ""
        lines.append(
            f"| {s.learners:,} | {s.pod.cpu_guarantee:g} / {s.pod.cpu_limit:g} "
            f"| {memory_text(s.pod.memory_guarantee_mib)} / "
            f"{memory_text(s.pod.memory_limit_mib)} | {s.pods_per_node} ({s.bound_by}) "
            f"| {s.user_nodes:,} (+ {s.core_nodes}) | {s.node_start_s:g} s | {service} | {hub} "
            f"| {s.db_connections:,} ({s.db_max_connections:,}{pooler}), "
            f"{s.db_backends_mib / GIB:.1f} GiB "
            f"| {s.cpu_in_use:g} cores, {s.memory_in_use_gib:g} GiB |")
    return "\n".join(lines)


def read_json(path: Path | None, what: str) -> dict[str, Any] | None:
    if path is None:
        return None
    try:
        found = json.loads(path.read_text())
    except (OSError, ValueError) as err:
        raise SizingError(f"cannot read {what} {path}: {err}") from None
    if not isinstance(found, dict):
        raise SizingError(f"{path} is not the JSON object {what} prints")
    return found


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("footprint", type=Path,
                        help="JSON of benchmarks/learner_footprint.py --json")
    parser.add_argument("--load", type=Path,
                        help="JSON of benchmarks/classroom_load.py --lesson 12_play --json")
    parser.add_argument("--hub", type=Path, help="JSON of benchmarks/hub_footprint.py --json")
    parser.add_argument("--learners", type=int, nargs="+", default=[30, 300, 3000])
    defaults = Assumptions()
    options = {  # option: (field, type, help)
        "--node-cpu": ("node_cpu", float, "vCPUs of a node"),
        "--node-memory": ("node_memory_gib", float, "GiB of a node"),
        "--reserved-cpu": ("reserved_cpu", float, "CPU a node keeps for itself"),
        "--reserved-memory": ("reserved_memory_gib", float, "GiB a node keeps for itself"),
        "--solver": ("solver", str, "where the exact solver runs: kernel or node"),
        "--class-size": ("class_size", int, "learners of a class (they start together)"),
        "--start-goal": ("start_goal_s", float,
                         "seconds in which a whole class's play pages must be shown"),
        "--deal-minutes": ("deal_minutes", float, "minutes a learner takes to play a deal"),
        "--session-minutes": ("session_minutes", float,
                              "minutes of the measured session in a classroom"),
        "--in-match": ("in_match", float, "share of the learners in a match at once"),
        "--extra-tabs": ("extra_tabs", int, "more lesson tabs the memory limit allows"),
        "--margin": ("margin", float, "factor over the measured peaks"),
        "--cpu-limit": ("cpu_limit", float, "a pod's CPU limit"),
        "--db-reserved": ("db_reserved", int, "connections kept for others"),
        "--pooler-above": ("pooler_above", int, "connections beyond which to pool"),
        "--hub-margin": ("hub_margin", float, "factor over the bare hub's memory"),
    }
    for option, (name, kind, text) in options.items():
        parser.add_argument(option, dest=name, type=kind, default=getattr(defaults, name),
                            help=f"{text} (default {getattr(defaults, name)})")
    parser.add_argument("--json", action="store_true", help="print one JSON object")
    args = parser.parse_args(argv)
    try:
        a = Assumptions(**{name: getattr(args, name) for name, *_ in options.values()})
        a.check()
        m = Measured.of(read_json(args.footprint, "learner_footprint.py") or {}, a.solver,
                        read_json(args.load, "classroom_load.py"))
        hub = read_json(args.hub, "hub_footprint.py")
        rows = [size(n, m, a, hub) for n in args.learners]
    except SizingError as err:
        parser.error(str(err))
    if args.json:
        print(json.dumps({"assumptions": asdict(a), "measured": asdict(m),
                          "sizing": [asdict(r) for r in rows]}))
    else:
        print(table(rows, a))
    return 0


if __name__ == "__main__":
    sys.exit(main())
