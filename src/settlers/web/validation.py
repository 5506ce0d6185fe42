"""Checks of client input that every entry point shares: JSON text, names, seeds."""

from __future__ import annotations

import json
import unicodedata
from typing import Any

from settlers.web.errors import ActError


def parse_json(data: str | bytes) -> Any:
    """Parsed JSON, or ActError("bad_json") for anything else: invalid text or bytes, numbers
    too long for Python, nesting too deep for the parser."""
    try:
        return json.loads(data)
    except (ValueError, UnicodeDecodeError, RecursionError) as exc:
        raise ActError("bad_json") from exc


def clean_name(raw: Any, field: str, limit: int) -> str:
    """A seat name: text without control characters or lone surrogates, at most ``limit``
    characters after trimming (the same refusal on every database: PostgreSQL cannot store NUL,
    and no database should keep text that cannot be sent back as UTF-8)."""
    if raw is None:
        return ""
    if not isinstance(raw, str):
        raise ActError("bad_name", field=field, limit=limit)
    name = raw.strip()
    if len(name) > limit or any(unicodedata.category(ch) in ("Cc", "Cs") for ch in name):
        raise ActError("bad_name", field=field, limit=limit)
    return name
