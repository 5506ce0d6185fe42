"""Shared fixtures: the sample game is registered for every test session."""

from __future__ import annotations

import pytest

from settlers.core import register, set_language
from settlers.testing.sample import GAME as SAMPLE

register(SAMPLE)


@pytest.fixture(autouse=True)
def _english_by_default() -> None:
    """Tests compare English messages unless they set another language themselves."""
    set_language("en")


@pytest.fixture
def sample_game():
    return SAMPLE

