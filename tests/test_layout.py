"""The test tree stays collectable: pytest imports test modules by their base name (the tests
use sibling helper modules, so the default import mode stays), so two test files must never
share a name."""

from __future__ import annotations

from collections import Counter
from pathlib import Path

TESTS = Path(__file__).resolve().parent


def test_test_module_names_are_unique():
    names = Counter(p.name for p in TESTS.rglob("*.py") if p.name != "conftest.py")
    assert [name for name, count in names.items() if count > 1] == []
