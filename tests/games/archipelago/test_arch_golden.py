"""Speed-ups must not change behaviour (issue 19): seeded random playouts give the same legal
actions in the same order, the same states, events, RNG draws and scores as the stored golden
digests, and a clone (or a clone of a clone) plays on exactly like the original."""

from __future__ import annotations

import random

import pytest
from archipelago_golden_playouts import CASES, FIXTURE, playout_digest

import settlers
from settlers.testing.golden import read_fixture

GOLDEN = read_fixture(FIXTURE)


@pytest.mark.parametrize("case", range(len(CASES)))
def test_playout_matches_golden(case: int) -> None:
    players, seed, options = CASES[case]
    assert playout_digest(players, seed, options) == GOLDEN[case]


@pytest.mark.parametrize("seed", [3, 11])
def test_clone_plays_on_like_the_original(seed: int) -> None:
    game = settlers.load("archipelago")
    state = game.new_state(4, seed)
    rng = random.Random(seed)
    snapshots = []
    while not state.over:
        if state.version % 25 == 0:
            snapshots.append((state.clone(), state.version, state.digest()))
        seat = rng.choice(state.to_act)
        legal = state.legal_actions(seat)
        state.apply(seat, legal[rng.randrange(len(legal))], check=False)
    assert len(snapshots) > 2
    for clone, version, digest in snapshots:
        assert clone.digest() == digest   # untouched by the original playing on
        twin = clone.clone()
        for seat, action in state.log[version:]:
            assert action in twin.legal_actions(seat)
            twin.apply(seat, action, check=False)
        assert twin == state
        assert twin.digest() == state.digest()
        assert clone.digest() == digest   # untouched by its clone playing on
