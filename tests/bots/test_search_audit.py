"""benchmarks/search_audit.py: the search's verdicts played out again to the end."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest

from settlers.bots.base import win_shares
from settlers.bots.heuristics import heuristic_factory
from settlers.testing.scripts import load_script

SCRIPT = Path(__file__).resolve().parents[2] / "benchmarks" / "search_audit.py"


@pytest.fixture(scope="module")
def bench():
    return load_script(SCRIPT, "search_audit")


def test_the_same_move_twice_gains_nothing_in_every_world(bench, sample_game):
    """Common random numbers: both moves meet the same world and the same players."""
    state = sample_game.new_state(3, seed=4)
    seat = state.to_act[0]
    move = state.legal_actions(seat)[0]
    assert bench.played_out(state, seat, (move, move), 12, seed=9) == [0.0] * 12


def test_a_gain_is_the_difference_of_two_games_played_to_the_end(bench, sample_game):
    state = sample_game.new_state(2, seed=6)
    seat = state.to_act[0]
    low, *_, high = sorted(state.legal_actions(seat), key=repr)
    gains = bench.played_out(state, seat, (low, high), 6, seed=3)
    # world 0 played by hand, as the audit should have played it
    from settlers.bots.base import derive_seed, search_root

    world = search_root(state).determinize(seat, derive_seed(3, "world", 0))
    factory = heuristic_factory("sample", sample_game.package)
    shares = []
    for move in (low, high):
        game = world.clone()
        game.apply(seat, move)
        player = factory(derive_seed(3, "players", 0))
        while not game.over:
            mover = game.to_act[0]
            game.apply(mover, player.act(game, mover))
        shares.append(win_shares(game)[seat])
    assert gains[0] == shares[1] - shares[0]
    assert all(-1.0 <= g <= 1.0 for g in gains)


def test_a_reservoir_keeps_a_uniform_sample_of_bounded_size(bench):
    counts = [0] * 10
    for trial in range(2000):
        box = bench.Reservoir(3, random.Random(trial))
        for item in range(10):
            box.offer(item)
        assert len(box.items) == 3 and len(set(box.items)) == 3 and box.seen == 10
        for item in box.items:
            counts[item] += 1
    assert all(500 < c < 700 for c in counts)  # 600 expected for each


def test_an_audit_rows_the_verdicts_it_met(bench, tmp_path, capsys):
    out = tmp_path / "audit.jsonl"
    rows = bench.audit("sample", "search:iterations=16:margin=0", "heuristic", 2, 3, 17, 0,
                       sample=4, worlds=3, out=out)
    stored = [json.loads(line) for line in out.read_text(encoding="utf-8").splitlines()]
    assert stored == json.loads(json.dumps(rows))
    assert rows and len([r for r in rows if r["overruled"]]) <= 4
    # margin 0: the best finalist always plays, so every verdict with a rival overruled
    assert all(r["overruled"] for r in rows)
    for r in rows:
        assert r["worlds"] == 3 and -1.0 <= r["gain"] <= 1.0 and r["hint"] != r["rival"]
        assert r["playouts"] >= 1 and r["search_gain"] is not None
    printed = capsys.readouterr().out
    assert "| overruled (the rival played) |" in printed
    assert "| kept (the heuristic's move stood) | 0 | 0 | – | – |" in printed


def test_the_audit_needs_a_search_bot(bench):
    with pytest.raises(SystemExit, match="not a search bot"):
        bench.audit("sample", "heuristic", "random", 2, 1, 17, 0, sample=2, worlds=2,
                    out=None)


def test_the_audit_seats_the_games_of_the_target_runs():
    """`alone` (shared with strength_targets.py) gives a committed target run's games: the
    same game seed, bots' seeds and seat of the lone bot, so an audit replays those games."""
    from settlers.sim.seating import alone, parse_seat

    runs = Path(__file__).resolve().parents[2] / "docs" / "results" / "issue17-runs"
    for name in ("archipelago-leaf-vs-heuristic.jsonl", "catan-search-vs-heuristic.jsonl"):
        for line in (runs / name).read_text(encoding="utf-8").splitlines()[:5]:
            row = json.loads(line)
            lone_seat = row["index"] % row["players"]
            lone = parse_seat(row["seats"][lone_seat])
            field = parse_seat(row["seats"][(lone_seat + 1) % row["players"]])
            seating = alone(lone, field, row["players"], 17, row["index"])
            assert seating.seat == lone_seat and seating.game_seed == row["seed"]
            assert list(seating.bot_seeds) == row["bot_seeds"]
            assert [s.label for s in seating.specs] == row["seats"]
