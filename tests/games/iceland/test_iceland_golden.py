"""The speed work of issue 19 must not change behaviour: seeded random playouts give the same
legal-action lists (in order), events, state digests and scores as the engine before it
(``golden/playouts.json``, see ``iceland_golden_playouts.py``)."""

from __future__ import annotations

import os

import pytest
from iceland_golden_playouts import FIXTURE, fingerprint

from settlers.testing.golden import read_fixture

LONG = os.environ.get("SETTLERS_LONG") == "1"
GOLDEN = read_fixture(FIXTURE)
# the short default games and every bot-table game in CI; all of them with SETTLERS_LONG=1
CASES = [g for g in GOLDEN if LONG or g["options"] or g["actions"] < 2500]


@pytest.mark.parametrize("case", CASES, ids=lambda g: f"{g['players']}p-seed{g['seed']}")
def test_playout_matches_the_golden_fingerprint(case):
    got = fingerprint(case["players"], case["seed"], case["options"])
    assert got == case
