"""Save files: a JSON record of (game, players, seed, options, log) plus a digest of the state
it replays to, and the label of the rules it was played under (``Game.rules_version``). Loading
replays the log with every action checked, so a corrupt or edited file is refused with a message
naming what is wrong; a save written under other rules that no longer replays is refused naming
both rules' labels."""

from __future__ import annotations

import json
import os
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from settlers.core.actions import json_fault
from settlers.core.clauses import clause
from settlers.core.errors import CorruptSave, SettlersError, UnknownGame
from settlers.core.i18n import LANGUAGES, in_every_language
from settlers.core.registry import load
from settlers.core.state import GameState
from settlers.core.user_files import UnreadableFile, read_user_text, write_user_file

FORMAT = "settlers-save"
FORMAT_VERSION = 1


def state_record(state: GameState, meta: dict[str, Any] | None = None) -> dict[str, Any]:
    """Everything needed to rebuild ``state`` exactly, as JSON-able data."""
    return {
        "format": FORMAT,
        "format_version": FORMAT_VERSION,
        "game": state.game.id,
        "rules": rules_version(state.game),
        "players": state.players,
        "seed": state.seed,
        "options": state.options,
        "log": state.log_json(),
        "version": state.version,
        "digest": state.digest(),
        "saved_at": datetime.now(UTC).isoformat(timespec="seconds"),
        "meta": meta or {},
    }


def state_from_record(record: Any, where: str = "<record>") -> GameState:
    """Rebuild the state a record describes; CorruptSave names the fault."""
    if not isinstance(record, dict) or record.get("format") != FORMAT:
        raise CorruptSave("core.save_wrong_format", path=where)
    version = record.get("format_version")
    if type(version) is not int or version > FORMAT_VERSION:
        raise CorruptSave("core.save_wrong_version", path=where, version=version,
                          supported=FORMAT_VERSION)
    for field_name, kind in (("game", str), ("players", int), ("seed", int),
                             ("options", dict), ("log", list)):
        if type(record.get(field_name)) is not kind:
            raise CorruptSave("core.save_bad_field", path=where, field=field_name,
                              error=in_every_language("core.save_expected", kind=_KINDS[kind]))
    try:
        game = load(record["game"])
        state = game.new_state(record["players"], record["seed"], record["options"])
    except SettlersError as exc:
        raise CorruptSave("core.save_bad_field", path=where, field=_field_at_fault(exc),
                          error=_in_every_language(exc)) from None
    saved_rules = record.get("rules")
    other_rules = saved_rules != rules_version(game)
    for index, entry in enumerate(record["log"]):
        if not isinstance(entry, list) or len(entry) != 2:
            raise CorruptSave("core.save_bad_field", path=where, field=f"log[{index}]",
                              error=in_every_language("core.save_expected_entry"))
        seat, obj = entry
        try:
            state.apply(seat, game.action_from_json(obj))
        except SettlersError as exc:
            if other_rules:
                raise _other_rules(where, game, saved_rules) from None
            raise CorruptSave("core.save_bad_action", path=where, index=index,
                              error=_in_every_language(exc)) from None
    digest = record.get("digest")
    if digest is not None and digest != state.digest():
        if other_rules:
            raise _other_rules(where, game, saved_rules)
        raise CorruptSave("core.save_digest_mismatch", path=where)
    return state


_KINDS = {str: "core.type.str", int: "core.type.int", dict: "core.type.object",
          list: "core.type.list"}


def _in_every_language(exc: SettlersError) -> dict[str, str]:
    """The message of ``exc`` in every language as a clause after the save's colon (lower
    case unless a proper name, ``clause``), without its final full stop (the save's error has
    its own), so the save's error is whole in any language."""
    return {lang: clause(exc.message(lang).rstrip(".")) for lang in LANGUAGES}


def _field_at_fault(exc: SettlersError) -> str:
    """The field of a save record that made starting its game fail."""
    if isinstance(exc, UnknownGame):
        return "game"
    return {"core.bad_player_count": "players", "core.bad_seed": "seed"}.get(exc.key, "options")


def rules_version(game: Any) -> str:
    """The label of the rules ``game`` plays (``Game.rules_version``; "1" for a definition
    without one)."""
    return str(getattr(game, "rules_version", "1"))


def _other_rules(where: str, game: Any, saved: Any) -> CorruptSave:
    """A save played under other rules (or before the rules had labels) that replays
    differently under these: said as such, not as a corrupt file. A save of other rules that
    still replays to its digest loads (the change did not touch it)."""
    if isinstance(saved, str) and saved:
        return CorruptSave("core.save_other_rules", path=where, game=_label(game),
                           saved=saved[:40], current=rules_version(game))
    return CorruptSave("core.save_unlabelled_rules", path=where, game=_label(game),
                       current=rules_version(game))


def _label(game: Any) -> Any:
    """``game``'s names for a message's ``{game!l}`` (its id for a definition without them)."""
    label = getattr(game, "label", None)
    return label() if callable(label) else game.id


def save(state: GameState, path: str | os.PathLike[str],
         meta: dict[str, Any] | None = None) -> Path:
    """Write ``state`` to ``path`` atomically (a crash never leaves half a file);
    UnwritableFile names the path and why if it cannot be written."""
    text = json.dumps(state_record(state, meta), ensure_ascii=False, indent=1)
    return write_user_file(path, text)


# A save holds one game's log, some 100 bytes an action (4 000 random actions of Catan write
# 0.4 MB): a file larger than this is not a save, and is not read into memory.
MAX_SAVE_BYTES = 50_000_000


def read_record(path: str | os.PathLike[str]) -> dict[str, Any]:
    """The JSON object of a save file. A file that cannot be read (none, a folder or a device,
    no permission, too large, not UTF-8) is refused with the reason in the reader's language
    (settlers.core.user_files, as a content file is read)."""
    where = str(path)
    try:
        text = read_user_text(path, MAX_SAVE_BYTES)
    except UnreadableFile as exc:
        raise CorruptSave("core.save_unreadable", path=where, reason=exc.reason) from None
    try:
        record = json.loads(text)
    except RecursionError:
        raise CorruptSave("core.save_not_json_why", path=where,
                          reason="core.json.too_deep") from None
    except ValueError as exc:   # (not JSON, an integer too long for Python)
        fault = json_fault(exc)
        raise CorruptSave("core.save_not_json" if "line" in fault else "core.save_not_json_why",
                          path=where, **fault) from None
    if not isinstance(record, dict):
        raise CorruptSave("core.save_wrong_format", path=where)
    return record


def load_state(path: str | os.PathLike[str]) -> GameState:
    """The game saved at ``path``, replayed and verified."""
    return state_from_record(read_record(path), str(path))
