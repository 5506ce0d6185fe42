"""A user's Founders tile file at the size limit: each kind of entry has a most (the decks'
97 tiles, 6 masters, 4 tokens, 40 goods: settlers.games.founders.content.MAX_ENTRIES), since
each entry is checked against those before it; a file of some 20 000 entries is refused at
once, in the reader's language, instead of being compared pair by pair for seconds."""

from __future__ import annotations

import json
import time
from importlib import resources
from pathlib import Path

import pytest

from settlers.core.user_files import MAX_FILE_BYTES
from settlers.testing.language import refused_content


def _padded(kind: str) -> str:
    text = (resources.files("settlers.games.founders") / "data" / "tiles.jsonl").read_text(
        "utf-8")
    if kind == "tile":
        entry = {"deck": "prize", "count": 1, "ru": "т", "en": "t", "needs": ["wood"],
                 "produces": [], "vp": 1}
    else:
        entry = {"tier": "basic", "ru": "т", "en": "t"}
    lines = [text]
    size, i = len(text.encode()), 0
    while True:
        line = json.dumps({kind: f"x{i}", **entry})
        size += len(line) + 1
        if size > MAX_FILE_BYTES - 10_000:
            return "\n".join(lines) + "\n"
        lines.append(line)
        i += 1


@pytest.mark.parametrize(("kind", "limit"), [("tile", 97), ("good", 40)])
def test_entries_beyond_the_most_are_refused_at_once(tmp_path: Path, kind, limit):
    path = tmp_path / "tiles.jsonl"
    path.write_text(_padded(kind), "utf-8")
    start = time.process_time()
    ru, en = refused_content("founders", "tiles", str(path))
    assert time.process_time() - start < 1.0
    assert f"field '{kind}' — the file may hold at most {limit} entries of this kind" in en, en
    assert f"не больше {limit} таких записей" in ru, ru
