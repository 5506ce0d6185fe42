"""benchmarks/catanatron_bridge.py: our bots inside catanatron's engine.

Skipped without catanatron (our CI has none); run it in a virtual environment with catanatron
installed (see the module's docstring). At every decision of seeded catanatron games our
engine's legal actions, translated, must equal catanatron's playable actions, except the
documented rule differences; then one short bridged game is played to the end.
"""

from __future__ import annotations

from pathlib import Path

import pytest

pytest.importorskip("catanatron")

from settlers.testing.scripts import load_script

SCRIPT = Path(__file__).resolve().parents[2] / "benchmarks" / "catanatron_bridge.py"
DOCUMENTED = {"robber_without_steal", "road_building_useless", "road_past_rival",
              "year_of_plenty_single", "road_length_into_rival"}


@pytest.fixture(scope="module")
def bridge():
    return load_script(SCRIPT, "catanatron_bridge")


def test_geometry_is_a_bijection_on_catanatron_maps(bridge):
    from catanatron.game import Game
    from catanatron.models.player import Color, RandomPlayer

    for seed in range(3):
        game = Game([RandomPlayer(c) for c in Color], seed=seed)
        geo = bridge.Geometry.of(game.state.board.map)
        assert sorted(geo.node_corner.values()) == list(range(54))
        assert len(set(geo.path_edge)) == 72
        assert sorted(geo.coord_hex.values()) == list(range(19))
        board = bridge.board_of(game.state.board.map, geo)
        assert len(board.harbours) == 9
        for coord, tile in game.state.board.map.land_tiles.items():
            h = geo.coord_hex[coord]
            assert (board.number[h] or None) == tile.number
        # every harbour's two corners are nodes catanatron lists for that kind
        for e, kind in board.harbours:
            resource = None if kind == "generic" else bridge.RES_THEIRS[kind]
            nodes = game.state.board.map.port_nodes[resource]
            assert {geo.corner_node[c] for c in bridge.EDGE_CORNERS[e]} <= nodes


@pytest.mark.parametrize("players", ["R", "W"])
def test_legal_actions_match_catanatron_in_seeded_games(bridge, players):
    tally = bridge.check_games(2, 11, players)
    assert tally.decisions > 500
    assert tally.unexplained == []
    assert tally.state_mismatches == []
    assert set(tally.explained) <= DOCUMENTED
    assert tally.prompts["DISCARD"] > 0 and tally.prompts["MOVE_ROBBER"] > 0


def test_a_bridged_game_is_played_to_the_end(bridge):
    row = bridge.play_one("heuristic", "F", 1, 7)
    assert row["error"] is None
    assert row["our_seats"] == [1]
    assert row["decisions"] > 10
    assert row["winner_seat"] is not None or row["turn_limit"]


def test_two_of_ours_against_two_of_theirs(bridge):
    row = bridge.play_one("heuristic", "W", 2, 7, pairs=True)
    assert row["error"] is None
    assert row["our_seats"] == [0, 2]
    assert row["ours_won"] == (row["winner_seat"] in (0, 2))


def test_bridged_seat_checked_at_every_decision(bridge):
    tally = bridge.check_games(1, 5, "W", bridged="heuristic")
    assert tally.unexplained == [] and tally.state_mismatches == []


def test_an_action_catanatron_forbids_raises(bridge):
    from catanatron.game import Game
    from catanatron.models.player import Color, RandomPlayer

    from settlers.games.catan.actions import BuildCity

    game = Game([RandomPlayer(c) for c in Color], seed=3)
    geo = bridge.geometry(game.state.board.map)
    with pytest.raises(bridge.BridgeError):
        bridge.to_catanatron(BuildCity(0), game.playable_actions, game.state, geo)


def test_wilson_interval(bridge):
    lo, hi = bridge.wilson(10, 40)
    assert 0.14 < lo < 0.15 and 0.39 < hi < 0.41
