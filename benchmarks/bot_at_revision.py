"""A bot as it was at a git revision, playing beside today's bots on today's engine.

Paired strength checks ("one new heuristic against three old ones") need the old bot in the
same process as the new one. Instead of a copy of the old bot in the tree, this loads the
listed modules' source from a revision (``git show REV:src/...``) under private names, with
their imports of each other redirected to the old copies; every other import (the engine, core)
is today's. Register the old bot under a name of its own and play it with ``settlers simulate``
in the same process (``--workers 1``)::

    from bot_at_revision import register_heuristic
    register_heuristic("heuristic_base", "68cb2ba3", "catan",
                       ["settlers.games.catan.heuristic", "settlers.games.catan.trade_sense"])

A listed module must be the game's heuristic or a helper only the bot uses: an old copy of an
engine module would play different rules from the engine it is handed.
"""

from __future__ import annotations

import ast
import importlib
import importlib.abc
import importlib.util
import subprocess
import sys
from collections.abc import Sequence
from importlib.machinery import ModuleSpec
from pathlib import Path
from types import ModuleType

ROOT = Path(__file__).resolve().parent.parent


def private_name(rev: str, module: str) -> str:
    """The name an old module is loaded under (flat, so no package needs to exist)."""
    return f"_at_{rev}__" + module.replace(".", "__")


def source_at(rev: str, module: str) -> str:
    """A module's source at ``rev``; a clear error when the revision or the file is unknown."""
    path = "src/" + module.replace(".", "/") + ".py"
    done = subprocess.run(["git", "-C", str(ROOT), "show", f"{rev}:{path}"],
                          capture_output=True, text=True)
    if done.returncode:
        raise LookupError(f"{module} at {rev}: {done.stderr.strip()}")
    return done.stdout


class _Redirect(ast.NodeTransformer):
    """Imports of the listed modules point at their old copies; everything else is unchanged."""

    def __init__(self, rev: str, listed: set[str], original: str) -> None:
        self.rev, self.listed, self.original = rev, listed, original

    def visit_ImportFrom(self, node: ast.ImportFrom) -> ast.AST | list[ast.stmt]:
        if node.level:   # made absolute: the old copy has no package of its own
            package = self.original.rsplit(".", node.level)[0]
            node.module = f"{package}.{node.module}" if node.module else package
            node.level = 0
        module = node.module or ""
        if module in self.listed:
            node.module = private_name(self.rev, module)
            return node
        old = [alias for alias in node.names if f"{module}.{alias.name}" in self.listed]
        if not old:
            return node
        kept = [alias for alias in node.names if alias not in old]
        statements: list[ast.stmt] = [
            ast.Import(names=[ast.alias(name=private_name(self.rev, f"{module}.{alias.name}"),
                                        asname=alias.asname or alias.name)])
            for alias in old]
        if kept:
            statements.insert(0, ast.ImportFrom(module=module, names=kept, level=0))
        return [ast.copy_location(statement, node) for statement in statements]

    def visit_Import(self, node: ast.Import) -> ast.AST:
        for alias in node.names:
            if alias.name in self.listed:
                if alias.asname is None:
                    raise ValueError(f"'import {alias.name}' needs an 'as' name to be redirected")
                alias.name = private_name(self.rev, alias.name)
        return node


class _OldModules(importlib.abc.MetaPathFinder, importlib.abc.Loader):
    """Finds and runs the old copies by their private names, on first import."""

    def __init__(self, rev: str, modules: Sequence[str]) -> None:
        self.rev = rev
        self.by_name = {private_name(rev, module): module for module in modules}

    def find_spec(self, fullname: str, path: object = None,
                  target: object = None) -> ModuleSpec | None:
        if fullname not in self.by_name:
            return None
        return importlib.util.spec_from_loader(fullname, self)

    def exec_module(self, module: ModuleType) -> None:
        original = self.by_name[module.__name__]
        tree = _Redirect(self.rev, set(self.by_name.values()), original).visit(
            ast.parse(source_at(self.rev, original)))
        ast.fix_missing_locations(tree)
        module.__file__ = f"{self.rev}:{original}"
        exec(compile(tree, module.__file__, "exec"), module.__dict__)


def load_at(rev: str, modules: Sequence[str]) -> dict[str, ModuleType]:
    """The listed modules as they were at ``rev`` (loaded once a process), by their real names."""
    finder = _OldModules(rev, modules)
    if not any(isinstance(f, _OldModules) and f.by_name == finder.by_name for f in sys.meta_path):
        sys.meta_path.insert(0, finder)
    return {module: importlib.import_module(private_name(rev, module)) for module in modules}


def register_heuristic(name: str, rev: str, game_id: str, modules: Sequence[str]) -> None:
    """Seat the game's heuristic of ``rev`` as bot ``name`` (its ``make_bot`` as the factory)."""
    import settlers.bots as bots
    heuristic = f"settlers.games.{game_id}.heuristic"
    if heuristic not in modules:
        raise ValueError(f"{heuristic} must be among the modules loaded at {rev}")
    factory = load_at(rev, modules)[heuristic].make_bot
    bots._KINDS[name] = bots.BotKind(factory, {}, lambda: (game_id,))


def simulate(game_id: str, seats: str, n: int, seed: int, out: str) -> None:
    """``settlers simulate`` in this process (where the old bots are registered): rotating
    seats, one worker, the games' logs kept for a later report; a failed run raises."""
    from settlers.cli import main
    try:
        main(["simulate", game_id, "--seats", seats, "-n", str(n), "--rotate-seats",
              "--workers", "1", "--seed", str(seed), "--out", out, "--no-progress",
              "--lang", "en", "--keep-logs"])
    except SystemExit as exc:
        if exc.code:
            raise
