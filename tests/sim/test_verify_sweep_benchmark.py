"""benchmarks/verify_sweep.py: seeded games of every game over its options and player counts;
the draws cover every listed value, a broken invariant, a replay that differs or a game that
does not end is a failure printed with the command that plays it again."""

from __future__ import annotations

from collections import Counter
from pathlib import Path

import pytest

import settlers
from settlers.core.registry import games
from settlers.testing.scripts import load_script as load_script_at

SCRIPT = Path(__file__).resolve().parents[2] / "benchmarks" / "verify_sweep.py"


@pytest.fixture(scope="module")
def sweep():
    return load_script_at(SCRIPT, "verify_sweep")


def test_every_game_has_its_options_listed(sweep):
    played = [g for g in games() if g.package.startswith("settlers.games.")]
    assert {g.id for g in played} == set(sweep.AXES)
    for game in played:
        names = {o.name for o in game.options}
        # content options (a user's file) are the only ones not varied
        varied = {o.name for o in game.options if not o.content}
        assert set(sweep.AXES[game.id]) == varied, game.id
        assert set(sweep.AXES[game.id]) <= names


def test_the_draws_cover_every_player_count_and_listed_value(sweep):
    for game_id, axes in sweep.AXES.items():
        game = settlers.load(game_id)
        seen: Counter[tuple[str, object]] = Counter()
        for k in range(400):
            n, seed, options = sweep.draw_case(game_id, k, 1)
            assert (n, seed, options) == sweep.draw_case(game_id, k, 1)   # seeded
            assert seed == 1 + k
            seen["players", n] += 1
            if game_id == "imperial" and n == 1:
                assert "lookout" not in options   # solo has its own lookout
            for name, value in options.items():
                seen[name, value] += 1
        assert {n for (key, n) in seen if key == "players"} == set(
            range(game.min_players, game.max_players + 1))
        for name, axis in axes.items():
            if callable(axis):
                assert any(key == name for key, _ in seen), (game_id, name)
                continue
            default = next(o.default for o in game.options if o.name == name)
            assert {v for v in axis if v != default} <= {v for key, v in seen if key == name}


def test_a_few_games_of_every_game_pass(sweep, capsys):
    for game_id in sweep.AXES:
        assert sweep.sweep(game_id, 2, 7, None, 1, 100_000, 600.0, "mixed") == 0
    out = capsys.readouterr().out
    assert "FAIL" not in out
    assert out.count("== ") == len(sweep.AXES)


def test_a_broken_invariant_is_a_failure_with_the_command_to_play_it_again(sweep, capsys,
                                                                          monkeypatch):
    monkeypatch.setattr(sweep, "invariant_problems", lambda state: ["a card in two places"])
    with pytest.raises(AssertionError, match="a card in two places"):
        sweep.play("founders", 2, 3, {})
    assert sweep.sweep("imperial", 3, 5, 2, 1, 100_000, 600.0) == 3
    out = capsys.readouterr().out
    assert out.count("FAIL imperial players=2") == 3
    assert "again: benchmarks/verify_sweep.py --game imperial --players 2 --seed 5" in out
    assert "players: 2: 3 (3 failed)" in out


def test_a_game_that_does_not_end_and_a_replay_that_differs_are_failures(sweep, monkeypatch):
    with pytest.raises(AssertionError, match="did not end within 10 actions"):
        sweep.play("founders", 2, 3, {}, max_steps=10)
    game = settlers.load("founders")
    real = type(game).replay

    def replay_one_short(self, players, seed, options, log, check=True):
        return real(self, players, seed, options, list(log)[:-1], check=check)

    monkeypatch.setattr(type(game), "replay", replay_one_short)
    with pytest.raises(AssertionError, match="replay differs"):
        sweep.play("founders", 2, 3, {})


def test_digests_name_each_game_and_its_replay(sweep, capsys):
    sweep.digests("imperial", 3, 11, 2, "mixed")
    lines = capsys.readouterr().out.splitlines()
    assert len(lines) == 3
    for k, line in enumerate(lines):
        assert line.startswith(f"imperial players=2 seed={11 + k} ")
        fields = dict(part.split("=", 1) for part in line.split() if part.startswith(
            ("log=", "state=", "replayed=")))
        assert fields["state"] == fields["replayed"] and len(fields["log"]) == 16


def test_the_policies_play_differently_and_the_same_seed_alike(sweep):
    logs = {}
    for policy in sweep.POLICIES:
        state = settlers.load("archipelago").new_state(3, 4, {"max_turns": 3})
        sweep.play_to_end(state, policy)
        again = settlers.load("archipelago").new_state(3, 4, {"max_turns": 3})
        sweep.play_to_end(again, policy)
        assert state.over and again.log == state.log
        logs[policy] = tuple(state.log)
    assert len(set(logs.values())) == len(sweep.POLICIES)
