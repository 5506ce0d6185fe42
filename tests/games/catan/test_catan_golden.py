"""The engine's behaviour is frozen by seeded playouts (the speed work may not change it):
the same options, seed and actions give the same legal actions in the same order, the same
states, clones and determinizations as the code the fixture was recorded on."""

from __future__ import annotations

import pytest
from catan_golden_playouts import CASES, FIXTURE, digest

from settlers.testing.golden import read_fixture

EXPECTED = read_fixture(FIXTURE)


@pytest.mark.parametrize(("name", "options", "seed"), CASES,
                         ids=[f"{n}-{s}" for n, _o, s in CASES])
def test_playout_matches_recorded_digest(name, options, seed):
    key = f"{name}/{seed}" + ("/3p" if name == "three_players" else "")
    players = 3 if name == "three_players" else 4
    assert digest(options, seed, players) == EXPECTED[key]
