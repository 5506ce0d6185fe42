"""Checks of client input that every entry point shares: JSON text, names, seeds."""

from __future__ import annotations

import json
import unicodedata
from typing import Any

from settlers.core.actions import json_fault
from settlers.web.errors import ActError

# invisible characters that reorder the text around them (a name or a link shown backwards)
BIDI_CONTROLS = frozenset("\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069")

def parse_json(data: str | bytes) -> Any:
    """Parsed JSON, or ActError("bad_json") naming what is wrong (in the user's language, the
    core's words: ``json_fault``) and where (line, column): invalid text or bytes, numbers too
    long for Python, nesting too deep for the parser."""
    try:
        # the web speaks UTF-8 only (json.loads would guess UTF-16/32 from the bytes)
        return json.loads(data.decode("utf-8") if isinstance(data, bytes) else data)
    except RecursionError as exc:
        raise ActError("bad_json", text_key="bad_json_why", reason="core.json.too_deep") from exc
    except ValueError as exc:   # (JSONDecodeError, UnicodeDecodeError, a number too long)
        fault = json_fault(exc)
        if "line" in fault:
            raise ActError("bad_json", **fault) from exc
        raise ActError("bad_json", text_key="bad_json_why", **fault) from exc


def clean_name(raw: Any, field: str, limit: int) -> str:
    """A seat name: text without control characters, lone surrogates or bidirectional
    overrides, at most ``limit`` characters after trimming (the same refusal on every database:
    PostgreSQL cannot store NUL, and no database should keep text that cannot be sent back as
    UTF-8; an override would show the lobby's and the table's text around the name reversed,
    as the chat refuses it too)."""
    if raw is None:
        return ""
    if not isinstance(raw, str):
        raise ActError("bad_name", field=field, limit=limit)
    name = raw.strip()
    if len(name) > limit or any(unicodedata.category(ch) in ("Cc", "Cs") or ch in BIDI_CONTROLS
                                for ch in name):
        raise ActError("bad_name", field=field, limit=limit)
    return name
