"""Shared fixtures of the RL tests."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from types import ModuleType

import pytest

from settlers.testing.scripts import load_script

EXAMPLES = Path(__file__).resolve().parents[2] / "examples"


@pytest.fixture
def example() -> Callable[[str], ModuleType]:
    """Loads ``examples/<name>.py`` as a module (the training scripts are not a package)."""

    def load(name: str) -> ModuleType:
        return load_script(EXAMPLES / f"{name}.py", name)

    return load
