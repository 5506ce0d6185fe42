"""benchmarks/engine_ceiling.py: the functions named are answered from a recording of the same
games (never computed in the measured pass), the tenths are marked as engine_tenths.py marks
them, and the engine's own functions are put back afterwards."""

from __future__ import annotations

import gc
import os
from pathlib import Path

import pytest

import settlers
from settlers.games.founders import turn
from settlers.testing.scripts import load_script as load_script_at

SCRIPT = Path(__file__).resolve().parents[2] / "benchmarks" / "engine_ceiling.py"
TARGET = "settlers.games.founders.turn:token_actions"


def load_script():
    return load_script_at(SCRIPT, "engine_ceiling")


def test_replay_hands_out_the_recorded_answers_and_marks_every_tenth(tmp_path, monkeypatch):
    bench = load_script()
    recording = tmp_path / "answers.pickle"
    original = turn.token_actions
    bench.record(settlers.load("founders"), range(3, 5), [TARGET], recording)
    assert turn.token_actions is original  # put back
    marks = []
    monkeypatch.setattr(os, "getppid", lambda: marks.append(1))
    computed = []

    def counted(state, seat):
        computed.append(seat)
        return original(state, seat)

    monkeypatch.setattr(turn, "token_actions", counted)
    was_enabled = gc.isenabled()
    try:
        total = bench.replay(settlers.load("founders"), range(3, 5), [TARGET], recording, 1)
    finally:
        gc.enable() if was_enabled else gc.disable()
    assert len(marks) == 1 + 10   # the set-up, then each tenth
    assert turn.token_actions is counted  # put back
    in_replay = len(computed)
    computed.clear()
    game = settlers.load("founders")
    bench._play(game, bench.WARM_SEED)
    # only the warm-up game computed its token menus: the measured games were answered
    assert computed and in_replay == len(computed)
    tenths = load_script_at(SCRIPT.parent / "engine_tenths.py", "engine_tenths")
    assert total == tenths._length(game, 3) + tenths._length(game, 4)


def test_a_recording_of_other_games_is_refused(tmp_path):
    bench = load_script()
    recording = tmp_path / "answers.pickle"
    bench.record(settlers.load("founders"), range(3, 4), [TARGET], recording)
    with pytest.raises((KeyError, RuntimeError)):
        bench.replay(settlers.load("founders"), range(7, 8), [TARGET], recording, 0)
    assert turn.token_actions.__name__ == "token_actions"
