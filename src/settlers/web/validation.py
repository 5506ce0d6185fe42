"""Checks of client input that every entry point shares: JSON text, names, seeds."""

from __future__ import annotations

import json
import unicodedata
from typing import Any

from settlers.core.actions import json_fault
from settlers.web.errors import ActError

# invisible characters that reorder the text around them (a name or a link shown backwards)
BIDI_CONTROLS = frozenset("\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069")
# kinds of characters a name or a chat line may not hold: control characters, lone
# surrogates, invisible formatting characters (zero-width spaces, marks of direction, soft
# hyphens: one name could look like another, or like nothing), line and paragraph separators
HIDDEN_CATEGORIES = frozenset(("Cc", "Cs", "Cf", "Zl", "Zp"))
# ... save the zero-width (non-)joiners, which emoji sequences and the spelling of Persian and
# Indic scripts need
JOINERS = frozenset("\u200c\u200d")
# tag characters spell a subdivision flag after the black flag (🏴 + tags: England's)
BLACK_FLAG = "\U0001f3f4"
TAGS = range(0xE0020, 0xE0080)
# combining marks on one character: Vietnamese and pointed Hebrew use up to three, emoji a
# variation selector and a skin tone; "Zalgo" text stacks dozens, over the lines around it
MAX_MARKS = 4
# letters and symbols that show nothing (Hangul fillers, the blank Braille pattern)
BLANKS = frozenset("\u115f\u1160\u3164\uffa0\u2800")


def unshowable(text: str) -> str | None:
    """The first character of ``text`` that a name or a chat line may not hold, or None:
    one of ``HIDDEN_CATEGORIES`` (save ``JOINERS`` and a flag's tags), a bidirectional
    control, a noncharacter, or a combining mark past ``MAX_MARKS`` on one character."""
    marks = 0
    in_flag = False
    for ch in text:
        code = ord(ch)
        category = unicodedata.category(ch)
        if category in ("Mn", "Me"):
            marks += 1
            if marks > MAX_MARKS:
                return ch
            continue
        marks = 0
        if code in TAGS or code == 0xE007F:
            if not in_flag:
                return ch
            in_flag = code != 0xE007F   # (CANCEL TAG ends the flag)
            continue
        in_flag = ch == BLACK_FLAG
        if ((category in HIDDEN_CATEGORIES and ch not in JOINERS) or ch in BIDI_CONTROLS
                or 0xFDD0 <= code <= 0xFDEF or code & 0xFFFE == 0xFFFE):
            return ch
    return None


def shows_nothing(text: str) -> bool:
    """Whether ``text`` (already refused by ``unshowable`` if it holds anything hidden) is
    made of spaces, joiners, combining marks and blank letters alone: nothing to see."""
    return all(ch.isspace() or ch in JOINERS or ch in BLANKS
               or unicodedata.category(ch) in ("Mn", "Me") for ch in text)

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
    as the chat refuses it too); nor invisible formatting characters, line separators or
    marks stacked past ``MAX_MARKS`` (``unshowable``), nor nothing visible at all — a name
    of zero-width spaces looked empty, "Bob" and "Bob" with one looked alike, and 39 accents
    on one letter covered the lines above and below it. NFC-normalized (as the chat): the
    same letters typed two ways are one name."""
    if raw is None:
        return ""
    if not isinstance(raw, str):
        raise ActError("bad_name", field=field, limit=limit)
    name = unicodedata.normalize("NFC", raw.strip())
    if len(name) > limit or unshowable(name) is not None or (name and shows_nothing(name)):
        raise ActError("bad_name", field=field, limit=limit)
    return name
