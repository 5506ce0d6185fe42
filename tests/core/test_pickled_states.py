"""A state pickles (for a process pool, Ray, or a researcher's own cache) and plays on as the
original does: its game definition pickles as its id, and what the rules keep beside a
state's fields (Archipelago's content tables, which hold functions) is built again."""

from __future__ import annotations

import dataclasses
import pickle
import random

import pytest

from settlers.core.registry import game_ids, load


def _played(game_id: str, steps: int, seed: int = 1):
    game = load(game_id)
    players = 2 if game_id == "imperial" else min(4, game.max_players)
    state = game.new_state(players, seed=seed)
    rng = random.Random(seed)
    for _ in range(steps):
        if state.over:
            break
        seat = rng.choice(state.to_act)
        state.apply(seat, rng.choice(state.legal_actions(seat)))
    return state


def _play_on(state, seed: int, steps: int) -> list:
    rng = random.Random(seed)
    seen = []
    for _ in range(steps):
        if state.over:
            break
        seat = rng.choice(state.to_act)
        action = rng.choice(state.legal_actions(seat))
        state.apply(seat, action)
        seen.append((seat, action))
    return seen


@pytest.mark.parametrize("game_id", game_ids())
def test_a_mid_game_state_pickles_and_plays_on_as_the_original(game_id):
    state = _played(game_id, 150)
    copy = pickle.loads(pickle.dumps(state, protocol=pickle.HIGHEST_PROTOCOL))
    assert copy == state and copy.game is state.game
    assert _play_on(copy, 7, 150) == _play_on(state, 7, 150)
    assert copy == state and copy.digest() == state.digest()


@pytest.mark.parametrize("game_id", game_ids())
def test_a_determinization_pickles(game_id):
    world = _played(game_id, 120).determinize(0, 99)
    copy = pickle.loads(pickle.dumps(world))
    assert copy == world
    assert _play_on(copy, 3, 60) == _play_on(world, 3, 60)


def test_a_game_definition_that_is_not_the_registered_one_is_not_pickled_by_its_id():
    variant = dataclasses.replace(load("catan"), rules_version="test")
    with pytest.raises(pickle.PicklingError, match="not the registered definition"):
        pickle.dumps(variant)
