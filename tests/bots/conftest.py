"""Fixtures of the bots' tests."""

from __future__ import annotations

from types import SimpleNamespace

import pytest


@pytest.fixture
def search_clock(monkeypatch) -> list[float]:
    """A simulated clock for `settlers.bots.search`: both its thread CPU clock and its wall
    clock read `spent[0]`, which only the test advances, so a test of the search's budgets does
    not depend on the machine's speed or load."""
    from settlers.bots import search

    spent = [0.0]
    monkeypatch.setattr(search, "time", SimpleNamespace(thread_time=lambda: spent[0],
                                                        perf_counter=lambda: spent[0]))
    return spent
