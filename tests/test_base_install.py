"""`pip install settlers` without extras is enough to play and simulate every game with every
bot: only the base dependencies of pyproject.toml may be imported on that path.

Each check runs in a fresh interpreter whose import system refuses every package that only
an extra (web, sim, rl, dev, train) brings, so a module that imports one at the top breaks
the test, as it would break a user's base install."""

from __future__ import annotations

import subprocess
import sys
import textwrap
import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]

#: the import names of the extras' packages (pyproject name -> import name where they differ)
_IMPORT_NAMES = {"uvicorn[standard]": "uvicorn", "psycopg[binary]": "psycopg",
                 "stable-baselines3": "stable_baselines3", "sb3-contrib": "sb3_contrib",
                 "pytest-xdist": "xdist", "py-spy": None, "pytest-timeout": "pytest_timeout"}


def _requirement_name(requirement: str) -> str:
    for stop in "<>=!~; ":
        requirement = requirement.split(stop)[0]
    return requirement.strip()


def _extras_only_modules() -> list[str]:
    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    base = {_requirement_name(r).split("[")[0].lower() for r in project["dependencies"]}
    names: set[str] = set()
    for requirements in project["optional-dependencies"].values():
        for requirement in requirements:
            name = _requirement_name(requirement)
            if name.startswith("settlers") or name.split("[")[0].lower() in base:
                continue
            module = _IMPORT_NAMES.get(name, name.replace("-", "_"))
            if module:
                names.add(module)
    return sorted(names)


def _run_without_extras(code: str) -> subprocess.CompletedProcess[str]:
    guard = textwrap.dedent(f"""
        import sys
        BLOCKED = {_extras_only_modules()!r}
        class Refuse:
            def find_spec(self, name, path=None, target=None):
                if name.split(".")[0] in BLOCKED:
                    raise ModuleNotFoundError(f"{{name}} comes only with an extra", name=name)
                return None
        sys.meta_path.insert(0, Refuse())
    """)
    return subprocess.run([sys.executable, "-c", guard + textwrap.dedent(code)],
                          capture_output=True, text=True, timeout=300, cwd=ROOT)


def test_the_extras_are_known():
    blocked = _extras_only_modules()
    assert {"fastapi", "sqlalchemy", "ray", "pettingzoo", "gymnasium", "torch"} <= set(blocked)
    assert "numpy" not in blocked and "babel" not in blocked  # base dependencies


def test_the_guard_refuses_an_extra():
    run = _run_without_extras("import fastapi")
    assert run.returncode != 0 and "comes only with an extra" in run.stderr


def test_every_game_and_bot_works_with_the_base_dependencies():
    run = _run_without_extras("""
        import settlers
        from settlers.bots import names, supports
        from settlers.core import game_ids
        from settlers.sim.seating import parse_seat
        played = []
        for game_id in game_ids():
            game = settlers.load(game_id)
            state = game.new_state(players=2 if game_id == "founders" else 3, seed=5)
            for name in names():
                if not supports(name, game_id) or name == "rl":
                    continue
                budget = ":iterations=2" if name in ("mcts", "guided", "search") else ""
                bot = parse_seat(name + budget).build(7)
                seat = state.to_act[0]
                action = bot.act(state.clone(), seat)
                assert action in state.legal_actions(seat), (game_id, name, action)
                played.append((game_id, name))
        print(len(played))
    """)
    assert run.returncode == 0, run.stderr[-2000:]
    assert int(run.stdout.split()[-1]) >= 5 * 4  # random, greedy, mcts, heuristic at least


def test_the_rl_bot_and_a_simulation_work_with_the_base_dependencies(tmp_path):
    run = _run_without_extras(f"""
        from settlers.cli import main
        try:
            main(["simulate", "catan", "--seats", "rl,random,random,random", "-n", "2",
                  "--seed", "3", "--out", {str(tmp_path / "runs.jsonl")!r}])
        except SystemExit as stop:
            assert stop.code in (0, None), stop.code
    """)
    assert run.returncode == 0, run.stderr[-2000:]
    assert len((tmp_path / "runs.jsonl").read_text(encoding="utf-8").splitlines()) == 2
