"""What the content-file tests share: a copy of the standard set with one file edited."""

from __future__ import annotations

import json
from collections.abc import Callable
from importlib import resources
from pathlib import Path
from typing import Any

from settlers.games.archipelago.content import FILES


def write_set(tmp: Path, file: str, edit: Callable[[dict[str, Any]], None]) -> str:
    """The standard content set written to ``tmp`` with ``edit`` applied to ``file``."""
    root = resources.files("settlers.games.archipelago") / "data" / "standard"
    for name in FILES:
        data = json.loads((root / f"{name}.json").read_text("utf-8"))
        if name == file:
            edit(data)
        (tmp / f"{name}.json").write_text(json.dumps(data), "utf-8")
    return str(tmp)
