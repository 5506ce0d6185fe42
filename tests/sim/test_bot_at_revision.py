"""benchmarks/bot_at_revision.py: a bot's modules loaded as they were at a git revision, beside
today's — their imports of each other pointed at the old copies, the engine today's — and
seated under a name of its own, so paired checks need no copy of the old bot in the tree."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

import settlers.bots as bots
from settlers.games.catan import GAME, heuristic, trade_sense

ROOT = Path(__file__).resolve().parents[2]
BOT = ["settlers.games.catan.heuristic", "settlers.games.catan.trade_sense"]
FILES = ["src/settlers/games/catan/heuristic.py", "src/settlers/games/catan/trade_sense.py"]


def _at_revision():
    sys.path.insert(0, str(ROOT / "benchmarks"))
    try:
        import bot_at_revision
    finally:
        sys.path.remove(str(ROOT / "benchmarks"))
    return bot_at_revision


def _head_is_the_working_tree() -> bool:
    try:
        done = subprocess.run(["git", "-C", str(ROOT), "diff", "--quiet", "HEAD", "--", *FILES],
                              capture_output=True)
    except OSError:
        return False
    return done.returncode == 0


needs_git = pytest.mark.skipif(not _head_is_the_working_tree(),
                               reason="no git checkout, or the Catan bot differs from HEAD")


@needs_git
def test_old_modules_import_each_other_and_todays_engine():
    old = _at_revision().load_at("HEAD", BOT)
    old_heuristic, old_trade = old[BOT[0]], old[BOT[1]]
    assert old_heuristic is not heuristic and old_trade is not trade_sense
    # «from . import building, scoring, trade_sense, turn»: the listed one is the old copy,
    # the others (the engine) are today's modules themselves
    assert old_heuristic.trade_sense is old_trade
    assert old_heuristic.building is heuristic.building
    assert old_heuristic.make_bot is not heuristic.make_bot


@needs_git
def test_the_bot_at_head_plays_todays_bots_game(monkeypatch):
    monkeypatch.setattr(bots, "_KINDS", dict(bots._KINDS))
    _at_revision().register_heuristic("heuristic_at_head", "HEAD", "catan", BOT)

    def play(names):
        state = GAME.new_state(4, 7)
        lineup = [bots.make(name, seed=seat) for seat, name in enumerate(names)]
        seen = []
        while not state.over and len(seen) < 400:
            seat = state.to_act[0]
            action = lineup[seat].act(state, seat)
            state.apply(seat, action)
            seen.append((seat, action))
        return seen

    today = play(["heuristic"] * 4)
    assert play(["heuristic", "heuristic_at_head", "heuristic", "heuristic_at_head"]) == today


def test_an_unknown_revision_names_the_module():
    at = _at_revision()
    with pytest.raises(LookupError, match=r"settlers\.games\.catan\.heuristic at no-such-rev"):
        at.source_at("no-such-rev", "settlers.games.catan.heuristic")
    with pytest.raises(ValueError, match="must be among"):
        at.register_heuristic("x", "HEAD", "catan", ["settlers.games.catan.trade_sense"])
