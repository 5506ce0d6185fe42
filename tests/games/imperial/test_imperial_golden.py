"""The speed work must not change behaviour: the same (options, seed, actions) give the same
legal actions in the same order, the same states, RNG draws, events, views and
determinizations as the engine recorded in ``fixtures/golden_playouts.json``."""

import json

import pytest
from imperial_golden_playouts import FIXTURE, cases, game_digest

from settlers.testing.golden import read_fixture

GOLDEN = read_fixture(FIXTURE)


@pytest.mark.parametrize("players,seed,options", cases())
def test_playout_matches_the_recorded_engine(players, seed, options):
    key = json.dumps([players, seed, options], sort_keys=True)
    assert game_digest(players, seed, options) == GOLDEN[key]
