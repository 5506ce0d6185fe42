"""Content options over the web: a content set is chosen by NAME, never by a server path.

(See settlers.core.content_sets.) Everything here touches the disk, so it runs in a worker
thread, never on the event loop."""

from __future__ import annotations

from settlers.core import content_sets
from settlers.web.errors import ActError


def content_options_by_name(game_id: str, options: dict) -> dict:
    """``options`` with every content option checked to name a known set.

    A value that is not a set's name (a path, above all) is refused with the field and the
    known names; the built-in set's name is dropped, so it stays the game's default."""
    out = dict(options)
    for (game, option), _spec in content_sets.CONTENT_OPTIONS.items():
        if game != game_id or option not in out:
            continue
        value = out[option]
        if value in (None, "", content_sets.BUILTIN):
            out.pop(option)
            continue
        known = content_sets.names(game, option)
        if not isinstance(value, str) or value not in known:
            raise ActError("unknown_content", field=f"options.{option}",
                           known=", ".join(known))
    return out


def content_choices(game_id: str) -> dict[str, list[str]]:
    """Each content option of ``game_id`` -> the names of its sets (for the lobby)."""
    return {option: content_sets.names(game, option)
            for (game, option) in content_sets.CONTENT_OPTIONS if game == game_id}
