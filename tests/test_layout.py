"""The package's shape: no import circles in the engine or the AI, and one door to the solver.

Imports are read from the source with ``ast``: those at the top of a module and those inside
functions alike (a function-level import that closes a circle is still a circle). Imports
under ``if TYPE_CHECKING:`` are left out: they never run.
"""

from __future__ import annotations

import ast
from collections.abc import Iterator
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
PACKAGE = "tressette_learn"
LAYERS = ("tressette_learn.ai", "tressette_learn.engine")  # no circles inside these
DOOR = "tressette_learn.ai.solve"
# the solver's own tests, and the test setup that clears the solver service's environment
SOLVER_TESTS = {"test_solver.py", "test_fastsolver.py", "test_solver_service.py", "test_batched.py",
                "conftest.py"}


def module_name(path: Path) -> str:
    """``tressette_learn/ai/solve/__init__.py`` -> ``tressette_learn.ai.solve``."""
    parts = list(path.relative_to(ROOT).with_suffix("").parts)
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def _type_checking_only(node: ast.AST) -> bool:
    test = getattr(node, "test", None)
    return isinstance(node, ast.If) and (
        (isinstance(test, ast.Name) and test.id == "TYPE_CHECKING")
        or (isinstance(test, ast.Attribute) and test.attr == "TYPE_CHECKING"))


def _import_nodes(node: ast.AST) -> Iterator[ast.Import | ast.ImportFrom]:
    for child in ast.iter_child_nodes(node):
        if isinstance(child, ast.Import | ast.ImportFrom):
            yield child
        elif not _type_checking_only(child):
            yield from _import_nodes(child)


def imported(path: Path) -> set[str]:
    """Every module ``path`` imports (``from a import b`` counts ``a.b`` when ``b`` is a
    module of this project, else ``a``), relative imports resolved."""
    here = module_name(path)
    package = here if path.name == "__init__.py" else here.rpartition(".")[0]
    out: set[str] = set()
    for node in _import_nodes(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            out.update(alias.name for alias in node.names)
            continue
        base = node.module or ""
        if node.level:
            anchor = package.rsplit(".", node.level - 1)[0] if node.level > 1 else package
            base = f"{anchor}.{base}" if base else anchor
        for alias in node.names:
            sub = f"{base}.{alias.name}"
            out.add(sub if _is_module(sub) else base)
    return out


def _is_module(name: str) -> bool:
    path = ROOT.joinpath(*name.split("."))
    return path.with_suffix(".py").is_file() or (path / "__init__.py").is_file()


def import_graph() -> dict[str, set[str]]:
    """Module -> the modules of the engine and the AI it imports."""
    graph: dict[str, set[str]] = {}
    for layer in LAYERS:
        for path in sorted(ROOT.joinpath(*layer.split(".")).rglob("*.py")):
            graph[module_name(path)] = set()
    for name in graph:
        path = ROOT.joinpath(*name.split("."))
        source = path / "__init__.py" if path.is_dir() else path.with_suffix(".py")
        graph[name] = {m for m in imported(source) if m in graph and m != name}
    return graph


def find_cycle(graph: dict[str, set[str]]) -> list[str] | None:
    """One import circle as ``[a, b, ..., a]``, or None."""
    state: dict[str, int] = {}  # 1: on the current path, 2: done
    path: list[str] = []

    def visit(node: str) -> list[str] | None:
        state[node] = 1
        path.append(node)
        for nxt in sorted(graph[node]):
            if state.get(nxt) == 1:
                return [*path[path.index(nxt):], nxt]
            if nxt not in state and (cycle := visit(nxt)):
                return cycle
        path.pop()
        state[node] = 2
        return None

    for start in sorted(graph):
        if start not in state and (cycle := visit(start)):
            return cycle
    return None


def test_no_import_circle_in_the_engine_or_the_ai() -> None:
    graph = import_graph()
    assert "tressette_learn.ai.heuristic" in graph and "tressette_learn.engine.deal" in graph
    cycle = find_cycle(graph)
    assert cycle is None, "import circle: " + " -> ".join(cycle or [])


def test_the_cycle_finder_names_a_circle() -> None:
    assert find_cycle({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}) == ["a", "b", "c", "a"]
    assert find_cycle({"a": {"b"}, "b": set()}) is None


def test_callers_use_the_solver_door_only() -> None:
    """Outside ``ai/solve/`` only ``tressette_learn.ai.solve`` itself is imported (the
    solver's own tests excepted)."""
    offenders = []
    for folder in ("tressette_learn", "benchmarks", "scripts", "tests"):
        for path in sorted((ROOT / folder).rglob("*.py")):
            inside = path.is_relative_to(ROOT / "tressette_learn" / "ai" / "solve")
            if inside or path.name in SOLVER_TESTS:
                continue
            offenders += [f"{path.relative_to(ROOT)} imports {m}" for m in sorted(imported(path))
                          if m.startswith(DOOR + ".")]
    assert offenders == []


#: Each layer and the layers above it, which it must never import (imports point down).
ABOVE = {
    "engine": ("ai", "teaching", "ui", "classroom", "cli"),
    "ai": ("teaching", "ui", "classroom", "cli"),
    "teaching": ("ui", "classroom", "cli"),
    "ui": ("classroom", "cli"),
}


def test_imports_point_downwards_only() -> None:
    """The engine sees nothing above it, the AI only the engine, the lessons' content no
    widget, and the widgets no progress store (ARCHITECTURE.md's layers)."""
    offenders = []
    for layer, above in ABOVE.items():
        for path in sorted((ROOT / PACKAGE / layer).rglob("*.py")):
            offenders += [f"{path.relative_to(ROOT)} imports {m}" for m in sorted(imported(path))
                          if any(m == f"{PACKAGE}.{a}" or m.startswith(f"{PACKAGE}.{a}.")
                                 for a in above)]
    assert offenders == []
