"""Golden seeded playouts: the engine's behaviour is frozen while it is made faster (issue 19);
the digests and how to regenerate them: ``founders_golden_playouts.py``."""

from __future__ import annotations

import pytest
from founders_golden_playouts import CASES, FIXTURE, playout_digest

from settlers.testing.golden import read_fixture

GOLDEN = read_fixture(FIXTURE)


def test_golden_fixture_has_every_case():
    assert sorted(GOLDEN) == sorted(f"{p}/{s}" for p, s in CASES)


@pytest.mark.parametrize(("players", "seed"), CASES)
def test_playout_is_unchanged(players, seed):
    assert playout_digest(players, seed) == GOLDEN[f"{players}/{seed}"]
