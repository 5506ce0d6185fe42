"""No import circle anywhere in ``src/settlers`` (issue 20).

The graph is built from the source text with ``ast``, one node per module. What counts as an
edge ``a -> b`` (module ``a`` depends on module ``b``):

* every ``import b`` / ``from b import name`` statement in ``a`` — wherever it stands: at the
  top, inside a function, or under ``if TYPE_CHECKING:``. A type-only import is still a
  dependency of the code on ``b``'s definitions; hiding it from the interpreter does not make
  the two modules independent, so it cannot be the fix for a circle (the rule of
  docs/game-shape.md). Imports inside functions are counted for the same reason.
* ``from pkg import name`` points at the module ``pkg.name`` when that is a module of the tree,
  else at ``pkg`` itself (the name is an attribute of its ``__init__``).
* Importing ``a.b.c`` is an edge to ``a.b.c`` only, not to the parent packages whose
  ``__init__`` Python runs on the way: a package re-exporting its sub-modules would otherwise
  be a circle with each of them.
* Relative imports are resolved; imports of modules outside ``settlers`` are ignored; a module
  named in a string (``importlib.import_module``, plugin discovery) is not an edge.

A circle is a strongly connected component of more than one module (or a module importing
itself). The test names every circle with one concrete cycle through it. A second test keeps
the packages in their layers (``FORBIDDEN``: e.g. the web server never imports the CLI).
"""

from __future__ import annotations

import ast
from collections.abc import Iterable
from pathlib import Path

import pytest

SRC = Path(__file__).resolve().parents[1] / "src"
ROOT = "settlers"

# Imports that run back up the layers: (importing package, imported package) never allowed.
# The web server does not depend on the command line (issue 20); the protocol depends on no
# user of it; games depend on neither the front ends nor the simulation tools.
FORBIDDEN = {
    "settlers.web": ("settlers.cli",),
    "settlers.core": ("settlers.bots", "settlers.cli", "settlers.rl", "settlers.sim",
                      "settlers.testing", "settlers.web"),
    "settlers.games": ("settlers.cli", "settlers.rl", "settlers.sim", "settlers.testing",
                       "settlers.web"),
}


def module_name(path: Path) -> str:
    parts = list(path.relative_to(SRC).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def modules() -> dict[str, Path]:
    return {module_name(p): p for p in sorted((SRC / ROOT).rglob("*.py"))}


def imported_names(name: str, path: Path, known: set[str]) -> Iterable[str]:
    """The modules of the tree that module ``name`` (file ``path``) imports anywhere."""
    is_package = path.name == "__init__.py"
    package = name if is_package else name.rpartition(".")[0]
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"), str(path))):
        if isinstance(node, ast.Import):
            for alias in node.names:
                yield alias.name
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                anchor = package.split(".")
                anchor = anchor[: len(anchor) - (node.level - 1)]
                base = ".".join([*anchor, base] if base else anchor)
            for alias in node.names:
                candidate = f"{base}.{alias.name}"
                yield candidate if candidate in known else base


def import_graph() -> dict[str, set[str]]:
    found = modules()
    known = set(found)
    graph: dict[str, set[str]] = {}
    for name, path in found.items():
        graph[name] = {target for target in imported_names(name, path, known)
                       if target in known}
    return graph


def circles(graph: dict[str, set[str]]) -> list[list[str]]:
    """Strongly connected components that are circles (Tarjan, iterative), each sorted."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    on_stack: set[str] = set()
    stack: list[str] = []
    found: list[list[str]] = []
    counter = 0
    for start in sorted(graph):
        if start in index:
            continue
        work = [(start, iter(sorted(graph[start])))]
        index[start] = low[start] = counter
        counter += 1
        stack.append(start)
        on_stack.add(start)
        while work:
            node, children = work[-1]
            advanced = False
            for child in children:
                if child not in index:
                    index[child] = low[child] = counter
                    counter += 1
                    stack.append(child)
                    on_stack.add(child)
                    work.append((child, iter(sorted(graph[child]))))
                    advanced = True
                    break
                if child in on_stack:
                    low[node] = min(low[node], index[child])
            if advanced:
                continue
            work.pop()
            if work:
                parent = work[-1][0]
                low[parent] = min(low[parent], low[node])
            if low[node] == index[node]:
                component = []
                while True:
                    member = stack.pop()
                    on_stack.discard(member)
                    component.append(member)
                    if member == node:
                        break
                if len(component) > 1 or node in graph[node]:
                    found.append(sorted(component))
    return sorted(found)


def one_cycle(graph: dict[str, set[str]], component: list[str]) -> list[str]:
    """A concrete cycle through the first module of ``component`` (breadth-first, shortest)."""
    members = set(component)
    start = component[0]
    previous: dict[str, str] = {}
    frontier = [start]
    while frontier:
        following = []
        for node in frontier:
            for child in sorted(graph[node] & members):
                if child == start:
                    path = [start]
                    while node != start:
                        path.append(node)
                        node = previous[node]
                    return [start, *reversed(path[1:]), start]
                if child not in previous:
                    previous[child] = node
                    following.append(child)
        frontier = following
    raise AssertionError(f"no cycle through {start}")  # pragma: no cover - Tarjan guarantees


def describe(graph: dict[str, set[str]], component: list[str]) -> str:
    return (f"{len(component)} modules: {', '.join(component)}\n"
            f"    e.g. {' -> '.join(one_cycle(graph, component))}")


@pytest.fixture(scope="module")
def graph() -> dict[str, set[str]]:
    return import_graph()


def test_no_import_circle(graph):
    found = circles(graph)
    assert not found, "import circles in src/settlers:\n  " + "\n  ".join(
        describe(graph, c) for c in found)


def inside(module: str, package: str) -> bool:
    return module == package or module.startswith(package + ".")


def back_imports(graph: dict[str, set[str]]) -> dict[tuple[str, str], list[str]]:
    """(layer, forbidden package) → the offending imports, as "a -> b"."""
    found: dict[tuple[str, str], list[str]] = {}
    for module, targets in graph.items():
        for layer, banned in FORBIDDEN.items():
            if not inside(module, layer):
                continue
            for target in sorted(targets):
                for package in banned:
                    if inside(target, package):
                        found.setdefault((layer, package), []).append(f"{module} -> {target}")
    return found


def test_no_import_runs_back_up_the_layers(graph):
    found = back_imports(graph)
    assert not found, "imports against the layers:\n  " + "\n  ".join(
        line for lines in found.values() for line in lines)


# --------------------------------------------------------------- the checker checks itself
def test_circle_finder_on_a_small_graph():
    graph = {"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a", "d"}, "e": {"d"}, "f": set()}
    assert circles(graph) == [["a", "b", "c"], ["d"]]
    assert one_cycle(graph, ["a", "b", "c"]) == ["a", "b", "c", "a"]
    assert one_cycle(graph, ["d"]) == ["d", "d"]


def test_type_checking_and_function_imports_count(tmp_path, monkeypatch):
    package = tmp_path / ROOT / "demo"
    package.mkdir(parents=True)
    (tmp_path / ROOT / "__init__.py").write_text("")
    (package / "__init__.py").write_text("from settlers.demo.one import X\n")
    (package / "one.py").write_text(
        "from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n    from .two import Y\nX = 1\n")
    (package / "two.py").write_text("def f():\n    from settlers.demo import one\nY = 2\n")
    monkeypatch.setitem(globals(), "SRC", tmp_path)
    graph = import_graph()
    assert graph["settlers.demo"] == {"settlers.demo.one"}
    assert graph["settlers.demo.one"] == {"settlers.demo.two"}
    assert graph["settlers.demo.two"] == {"settlers.demo.one"}
    assert circles(graph) == [["settlers.demo.one", "settlers.demo.two"]]
