"""The web server stands on its own (issue 22, step 5): it does not import the CLI, and no
two of its modules import each other."""

from __future__ import annotations

import ast
import subprocess
import sys
from pathlib import Path

WEB = Path(__file__).resolve().parents[2] / "src" / "settlers" / "web"


def test_the_web_server_does_not_import_the_cli():
    code = ("import sys, settlers.web.app, settlers.web.__main__, settlers.web.serve; "
            "print([m for m in sys.modules if m.startswith('settlers.cli')])")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         check=True).stdout.strip()
    assert out == "[]"


def test_no_import_circles_between_web_modules():
    graph: dict[str, set[str]] = {}
    for path in WEB.rglob("*.py"):
        name = "settlers.web." + ".".join(path.relative_to(WEB).with_suffix("").parts)
        name = name.removesuffix(".__init__")
        deps = set()
        for node in ast.walk(ast.parse(path.read_text("utf-8"))):
            if isinstance(node, ast.ImportFrom) and node.module and \
                    node.module.startswith("settlers.web"):
                deps.add(node.module)
            elif isinstance(node, ast.Import):
                deps |= {a.name for a in node.names if a.name.startswith("settlers.web")}
        graph[name] = deps - {name}

    def reaches(start: str, goal: str, seen: set[str]) -> bool:
        for dep in graph.get(start, ()):
            if dep == goal or (dep not in seen and reaches(dep, goal, seen | {dep})):
                return True
        return False

    package_inits = {"settlers.web", "settlers.web.storage"}  # re-exports only
    circles = [(a, b) for a, deps in graph.items() for b in deps
               if a not in package_inits and b not in package_inits and reaches(b, a, {b})]
    assert circles == []
