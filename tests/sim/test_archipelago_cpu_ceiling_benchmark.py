"""benchmarks/archipelago_cpu_ceiling.py: the parts named are answered from a recording of the
same games (never computed in the replay), the games play as recorded, and the engine's own
functions are put back afterwards."""

from __future__ import annotations

from pathlib import Path

import pytest

import settlers
from settlers.games.archipelago import flow, pieces, wheel
from settlers.testing.scripts import load_script as load_script_at

SCRIPT = Path(__file__).resolve().parents[2] / "benchmarks" / "archipelago_cpu_ceiling.py"


def load_script():
    return load_script_at(SCRIPT, "archipelago_cpu_ceiling")


def test_replay_answers_the_parts_named_from_the_recording(tmp_path, monkeypatch):
    bench = load_script()
    game = settlers.load("archipelago")
    recording = tmp_path / "answers.pickle"
    own_place, own_disc, own_units = (flow.LEGAL_OF_STEP["place_start"], wheel.disc_actions,
                                      pieces.SeatUnits)
    actions = bench.record(game, 2, ["place", "disc"], recording)
    assert (flow.LEGAL_OF_STEP["place_start"], wheel.disc_actions, pieces.SeatUnits) == (
        own_place, own_disc, own_units)   # put back
    computed = []

    def counted_place(state, seat):
        computed.append("place")
        return own_place(state, seat)

    def counted_disc(state, seat):
        computed.append("disc")
        return own_disc(state, seat)

    monkeypatch.setitem(flow.LEGAL_OF_STEP, "place_start", counted_place)
    monkeypatch.setattr(wheel, "disc_actions", counted_disc)
    overall, rates = bench.replay(game, 2, ["place", "disc"], recording)
    assert computed == []   # every placement and disc menu answered
    assert len(rates) == 10 and overall > 0
    assert flow.LEGAL_OF_STEP["place_start"] is counted_place and wheel.disc_actions is counted_disc
    assert pieces.SeatUnits is own_units
    # the same games with the engine's own parts: computed, and as long as recorded
    assert sum(bench.play(game, seed) for seed in range(2)) == actions
    assert "place" in computed and "disc" in computed


def test_a_recording_of_other_games_is_refused(tmp_path):
    bench = load_script()
    game = settlers.load("archipelago")
    recording = tmp_path / "answers.pickle"
    bench.record(game, 1, ["place"], recording)
    with pytest.raises((StopIteration, RuntimeError, ValueError, IndexError)):
        bench.replay(game, 2, ["place"], recording)


def test_a_part_inside_another_is_caught(tmp_path):
    bench = load_script()
    game = settlers.load("archipelago")
    recording = tmp_path / "answers.pickle"
    bench.record(game, 1, ["disc", "units"], recording)
    with pytest.raises((StopIteration, RuntimeError, ValueError, IndexError, AssertionError)):
        bench.replay(game, 1, ["disc", "units"], recording)
