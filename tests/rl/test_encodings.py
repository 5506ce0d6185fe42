"""The fixed encodings: every legal move has its own index and comes back from it, the mask is
exactly the legal actions, and the observation holds nothing the seat cannot see."""

from __future__ import annotations

import random

import numpy as np
import pytest

import settlers
from settlers.rl.encoding import HashedViewEncoding, action_mask, encoding_for
from settlers.rl.fixed import FixedEncoding, OutsideActionSpace

# (game, players, options, steps per game, check the determinization every k steps)
CASES = [
    ("catan", 4, {}, 1500, 25),
    ("catan", 3, {"board": "beginner", "phases": "combined"}, 800, 25),
    ("founders", 2, {}, 400, 10),
    ("founders", 4, {}, 400, 15),
    ("iceland", 3, {}, 250, 25),
    ("imperial", 1, {}, 200, 20),
    ("imperial", 3, {}, 200, 20),
    ("archipelago", 2, {}, 400, 10),
    ("archipelago", 5, {"length": "long"}, 700, 20),
]


def _walk(game_id, players, options, steps, every, seed):
    game = settlers.load(game_id)
    encoding = encoding_for(game_id, players)
    assert isinstance(encoding, FixedEncoding)
    state = game.new_state(players, seed, options)
    rng = random.Random(seed)
    checked = 0
    while not state.over and state.version < steps:
        for seat in state.to_act:
            legal = state.legal_actions(seat)
            indices = encoding.legal_indices(state, seat)
            # one index per legal action, and each index names exactly that action
            assert len(indices) == len(legal), (state.version, seat)
            assert sorted(map(repr, indices.values())) == sorted(map(repr, legal))
            for index, action in indices.items():
                assert 0 <= index < encoding.max_actions
                assert encoding.index_of(state, seat, action) == index
                assert encoding.action_at(state, seat, index) == action
            mask = action_mask(encoding, indices)
            assert mask.sum() == len(legal)
            assert {encoding.action_at(state, seat, int(i)) for i in np.flatnonzero(mask)} \
                == set(legal)
            observation = encoding.observe(state, seat)
            assert observation.shape == (encoding.observation_size,)
            assert observation.dtype == np.float32
            assert encoding.observation_low <= observation.min()
            assert observation.max() <= encoding.observation_high
            if state.version % every == 0:
                # nothing hidden leaks: a re-drawn world looks the same from this seat
                for other in (1, 2):
                    redrawn = state.determinize(seat, state.version * 7 + other)
                    assert np.array_equal(encoding.observe(redrawn, seat), observation)
                checked += 1
        seat = state.to_act[0]
        state.apply(seat, rng.choice(state.legal_actions(seat)), check=False)
    return checked


@pytest.mark.parametrize(("game_id", "players", "options", "steps", "every"), CASES,
                         ids=[f"{c[0]}-{c[1]}p" for c in CASES])
def test_index_round_trip_mask_and_hidden_information(game_id, players, options, steps, every):
    assert _walk(game_id, players, options, steps, every, seed=11) > 0


def test_every_game_has_a_fixed_encoding_and_unknown_ones_fall_back():
    for game_id in ("catan", "founders", "iceland", "imperial", "archipelago"):
        assert isinstance(encoding_for(game_id), FixedEncoding)
    assert isinstance(encoding_for("sample"), HashedViewEncoding)
    assert isinstance(encoding_for("catan", generic=True), HashedViewEncoding)


def test_catan_indices_mean_the_same_move_in_every_position():
    from settlers.games.catan import actions as A

    enc = encoding_for("catan", 4)
    state = settlers.load("catan").new_state(4, 3, {"board": "beginner"})
    road = enc.actions["build_road"]
    assert enc.index_of(state, 0, A.BUILD_ROAD[17]) == road.start + 17
    assert enc.action_at(state, 2, road.start + 17) == A.BUILD_ROAD[17]
    # the robber's victim is relative: "the next seat" from seat 3 is seat 0
    robber = enc.actions["move_robber"].start
    assert enc.action_at(state, 3, robber + 5 * 4 + 1) == A.MoveRobber(5, 0)
    assert enc.action_at(state, 1, robber + 5 * 4 + 1) == A.MoveRobber(5, 2)
    assert enc.action_at(state, 1, robber + 5 * 4) == A.MoveRobber(5, None)
    # a domestic offer nobody listed has no index, and says so
    with pytest.raises(OutsideActionSpace, match="no index"):
        enc.index_of(state, 0, A.OfferTrade((3, 0, 0, 0, 0), (0, 0, 0, 0, 1)))
    # with three players there is no fourth seat to rob
    three = settlers.load("catan").new_state(3, 3, {})
    with pytest.raises(OutsideActionSpace, match="names no seat"):
        encoding_for("catan", 3).action_at(three, 0, robber + 5 * 4 + 3)


def test_catan_observation_is_relative_to_the_seat():
    enc = encoding_for("catan", 4)
    state = settlers.load("catan").new_state(4, 3, {"board": "beginner"})
    seats = enc.features["seats"].start
    for seat in range(4):
        obs = enc.observe(state, seat)
        # slot 0 of the per-seat block is always the observer: its public points
        assert obs[seats + 7] == pytest.approx(state.public_scores()[seat] / 10)
        hand = enc.features["own"].start
        assert np.allclose(obs[hand:hand + 5], np.asarray(state.hands[seat]) / 10)


def test_layouts_are_documented_tables():
    for game_id in ("catan", "founders", "iceland", "imperial", "archipelago"):
        described = encoding_for(game_id).describe()
        assert described["actions"].startswith("| block |")
        assert described["observation"].count("\n") >= 3


def test_founders_cells_beyond_the_window_have_no_index_and_stay_out_of_the_mask():
    from settlers.games.founders.actions import Attach
    from settlers.rl.encodings.founders import RADIUS

    enc = encoding_for("founders", 2)
    state = settlers.load("founders").new_state(2, 1, {})
    inside = enc.index_of(state, 0, Attach(RADIUS, -RADIUS))
    assert enc.action_at(state, 0, inside) == Attach(RADIUS, -RADIUS)
    with pytest.raises(OutsideActionSpace, match="window"):
        enc.index_of(state, 0, Attach(RADIUS + 1, 0))


def test_heuristic_founders_games_stay_inside_the_window():
    from settlers import bots

    enc = encoding_for("founders", 2)
    for seed in range(3):
        state = settlers.load("founders").new_state(2, seed, {})
        players = [bots.make("heuristic", seed=seed), bots.make("heuristic", seed=seed + 9)]
        while not state.over:
            seat = state.to_act[0]
            enc.legal_indices(state, seat)
            state.apply(seat, players[seat].act(state, seat))
    assert enc.outside == 0
