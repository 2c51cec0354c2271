"""The package's shape: its parts import only the parts below them, no module takes part in
an import circle, and the solver has one door.

Imports are read from the source with ``ast``: those at the top of a module and those inside
functions alike (a function-level import that closes a circle is still a circle). Imports
under ``if TYPE_CHECKING:`` are left out: they never run.
"""

from __future__ import annotations

import ast
import re
from collections.abc import Iterator
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
PACKAGE = "tressette_learn"
DOOR = "tressette_learn.ai.solve"
# the solver's own tests, and the test setup that clears the solver service's environment
SOLVER_TESTS = {"test_solver.py", "test_fastsolver.py", "test_solver_service.py", "test_batched.py",
                "test_review_ahead.py", "test_quick_playout.py", "conftest.py",
                "playout_bias.py"}  # the last: the benchmark that fits the core's constants
#: the package's parts, lowest first: each may import the parts before it (tressette_learn's
#: docstring, ARCHITECTURE.md's layers)
PARTS = ("engine", "ai", "teaching", "store", "classroom", "ui", "serve", "cli")
#: modules at the package's top that every part but the engine may import; they import only
#: the engine and each other
SHARED = ("i18n", "engine_words", "content", "runtime", "lazy_module")


def module_name(path: Path, root: Path = ROOT) -> str:
    """``tressette_learn/ai/solve/__init__.py`` -> ``tressette_learn.ai.solve``."""
    parts = list(path.relative_to(root).with_suffix("").parts)
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


def imported(path: Path, root: Path = ROOT) -> set[str]:
    """Every module ``path`` imports (``from a import b`` counts ``a.b`` when ``b`` is a
    module of this project, else ``a``), relative imports resolved."""
    here = module_name(path, root)
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
            out.add(sub if _is_module(sub, root) else base)
    return out


def _is_module(name: str, root: Path = ROOT) -> bool:
    path = root.joinpath(*name.split("."))
    return path.with_suffix(".py").is_file() or (path / "__init__.py").is_file()


def import_graph(root: Path = ROOT, package: str = PACKAGE) -> dict[str, set[str]]:
    """Module -> the modules of ``package`` it imports, for every module of ``package``."""
    paths = {module_name(path, root): path for path in sorted((root / package).rglob("*.py"))}
    return {name: {m for m in imported(path, root) if m in paths and m != name}
            for name, path in paths.items()}


def circles(graph: dict[str, set[str]]) -> list[list[str]]:
    """One import circle ``[a, b, ..., a]`` for each group of modules that import each
    other (Tarjan's strongly connected components), in the order of their first module."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    groups: list[set[str]] = []

    def visit(node: str) -> None:
        index[node] = low[node] = len(index)
        stack.append(node)
        for nxt in sorted(graph[node]):
            if nxt not in index:
                visit(nxt)
                low[node] = min(low[node], low[nxt])
            elif nxt in stack:
                low[node] = min(low[node], index[nxt])
        if low[node] == index[node]:
            group = {stack.pop()}
            while node not in group:
                group.add(stack.pop())
            if len(group) > 1:
                groups.append(group)

    for node in sorted(graph):
        if node not in index:
            visit(node)
    return sorted((_circle_in(graph, group) for group in groups), key=lambda c: c[0])


def _circle_in(graph: dict[str, set[str]], group: set[str]) -> list[str]:
    """A shortest way from the group's first module back to itself, inside the group."""
    start = min(group)
    paths = {start: [start]}
    todo = [start]
    while todo:
        node = todo.pop(0)
        for nxt in sorted(graph[node] & group):
            if nxt == start:
                return [*paths[node], start]
            if nxt not in paths:
                paths[nxt] = [*paths[node], nxt]
                todo.append(nxt)
    raise AssertionError(f"no circle through {start}")


def test_no_import_circle_in_the_package() -> None:
    graph = import_graph()
    assert "tressette_learn.ai.heuristic" in graph and "tressette_learn.store.sql" in graph
    found = circles(graph)
    assert found == [], "import circles:\n" + "\n".join(" -> ".join(c) for c in found)


def test_the_circle_finder_names_a_circle() -> None:
    assert circles({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}) == [["a", "b", "c", "a"]]
    assert circles({"a": {"b"}, "b": set()}) == []
    assert circles({"a": {"b"}, "b": {"a"}, "c": {"d"}, "d": {"c", "a"}}) == [
        ["a", "b", "a"], ["c", "d", "c"]]


def test_a_circle_held_open_inside_a_function_is_found(tmp_path: Path) -> None:
    """``b`` imports ``a`` only when called, ``a`` imports ``b`` at its top: a circle; an
    import under ``TYPE_CHECKING`` is none."""
    package = tmp_path / "pkg"
    package.mkdir()
    (package / "__init__.py").write_text("")
    (package / "a.py").write_text("from .b import f\n")
    (package / "b.py").write_text("def f():\n    from . import a\n    return a\n")
    (package / "c.py").write_text("from typing import TYPE_CHECKING\n"
                                  "if TYPE_CHECKING:\n    from .a import f\n")
    (package / "d.py").write_text("from .c import TYPE_CHECKING\n")
    assert circles(import_graph(tmp_path, "pkg")) == [["pkg.a", "pkg.b", "pkg.a"]]


def test_callers_use_the_solver_door_only() -> None:
    """Outside ``ai/solve/`` only ``tressette_learn.ai.solve`` itself is imported (the
    solver's own tests, and the benchmark that fits its constants, excepted)."""
    offenders = []
    for folder in ("tressette_learn", "benchmarks", "scripts", "tests"):
        for path in sorted((ROOT / folder).rglob("*.py")):
            inside = path.is_relative_to(ROOT / "tressette_learn" / "ai" / "solve")
            if inside or path.name in SOLVER_TESTS:
                continue
            offenders += [f"{path.relative_to(ROOT)} imports {m}" for m in sorted(imported(path))
                          if m.startswith(DOOR + ".")]
    assert offenders == []


def part_of(module: str) -> str:
    """``tressette_learn.ui.classroom.signin`` -> ``ui``; a shared module names itself."""
    return module.split(".")[1] if module.count(".") else ""


def may_import(part: str) -> set[str]:
    """The parts and shared modules ``part`` may import, besides itself."""
    if part == "engine":
        return set()
    if part in SHARED:
        return {"engine", *SHARED}
    if part == "__main__":
        return set(PARTS)
    return {*PARTS[:PARTS.index(part)], *SHARED}


def test_imports_point_downwards_only() -> None:
    """The engine sees nothing else, the AI only the engine, the lessons' logic no widget or
    store, the store no class or widget, the class computed from results no widget, the
    widgets nothing that serves (tressette_learn's docstring)."""
    offenders = [f"{module} imports {m}" for module, targets in sorted(import_graph().items())
                 for m in sorted(targets)
                 if part_of(module) and part_of(m) not in {part_of(module), ""}
                 and part_of(m) not in may_import(part_of(module))]
    assert offenders == []


@pytest.mark.parametrize("part", PARTS)
def test_each_part_says_what_it_may_import(part: str) -> None:
    """Each part's docstring has a "May import:" sentence naming the parts it may import
    (before any "never"), as the layers above allow."""
    doc = ast.get_docstring(ast.parse((ROOT / PACKAGE / part / "__init__.py").read_text(
        encoding="utf-8"))) or ""
    said = re.search(r"May import:(.*?)(?:\n\n|$)", doc, re.S)
    assert said, f"{part}/__init__.py: no 'May import:' sentence"
    allowed = said[1].split("never")[0]
    named = set(PARTS) - {part} if "anything" in allowed else set(
        re.findall(r"``(\w+)``", allowed)) & set(PARTS)
    assert named == may_import(part) & set(PARTS)


def test_every_package_says_what_it_is_for() -> None:
    missing = [str(path.relative_to(ROOT)) for path in sorted((ROOT / PACKAGE).rglob("__init__.py"))
               if not ast.get_docstring(ast.parse(path.read_text(encoding="utf-8")))]
    assert missing == []
