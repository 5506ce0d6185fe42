"""Content options over the web: a content set is chosen by NAME, never by a server path.

(See settlers.core.content_sets.) Everything here touches the disk, so it runs in a worker
thread, never on the event loop."""

from __future__ import annotations

import logging
import re
import unicodedata

from settlers.core import content_sets
from settlers.core.user_files import showing_as
from settlers.web.content_check import bounded_check
from settlers.web.errors import ActError
from settlers.web.i18n import t
from settlers.web.kept_uploads import Keeping, is_upload, locked, make_room, place, touch
from settlers.web.stored_content import digest_name
from settlers.web.validation import parse_json

log = logging.getLogger("settlers.web")


def content_options_by_name(game_id: str, options: dict) -> dict:
    """``options`` with every content option checked to name a known set.

    A value that is not a set's name (a path, above all) is refused with the field and the
    known names; the built-in set's name is dropped, so it stays the game's default."""
    out = dict(options)
    _refuse_free_text_options(game_id, out)
    for (game, option), _spec in content_sets.content_options().items():
        if game != game_id or option not in out:
            continue
        value = out[option]
        if value in (None, "", content_sets.BUILTIN):
            out.pop(option)
            continue
        if is_upload(value):
            # an upload: marked used (kept a while, whatever else is uploaded) while it is
            # found, so it cannot go between this and the game's creation
            with locked(game, option):
                if touch(game, option, value):
                    continue
        known = content_sets.names(game, option)
        if not isinstance(value, str) or value not in known:
            raise ActError("unknown_content", field=f"options.{option}",
                           known=", ".join(known))
    return out


def _refuse_free_text_options(game_id: str, options: dict) -> None:
    """Defence in depth: a free-text option (a string with no fixed choices) reaches a game only
    when it is a registered content option, so an option added later that takes a path can
    never be given one over the web."""
    from settlers.core.registry import load

    for opt in load(game_id).options:
        free_text = opt.value_type is str and opt.choices is None
        if (free_text and opt.name in options and options[opt.name] not in (None, "")
                and content_sets.content_option(game_id, opt.name) is None):
            raise ActError("unknown_content", field=f"options.{opt.name}", known="")


def content_choices(game_id: str) -> dict[str, list[str]]:
    """Each content option of ``game_id`` -> the names of its sets (for the lobby)."""
    return {option: content_sets.names(game, option)
            for (game, option) in content_sets.content_options() if game == game_id}


# the longest name of an uploaded file a message shows (in characters)
MAX_FILENAME = 80
# characters a shown name never holds: controls (a line break, an escape), format characters
# (a text direction override), surrogates, private use, line and paragraph separators
_UNSHOWN = frozenset({"Cc", "Cf", "Cs", "Co", "Zl", "Zp"})


def upload_name(filename: str | None, lang: str) -> str:
    """The name a message gives an uploaded file: the name the browser sent for it, which is
    the sender's to choose and so taken as hostile — its last part only (never a path), with
    no control or format characters, at most MAX_FILENAME characters; "the uploaded file" in
    ``lang`` when nothing of it is left."""
    text = re.split(r"[/\\]", filename or "")[-1]
    text = "".join(c for c in text if unicodedata.category(c) not in _UNSHOWN).strip()
    if text in ("", ".", ".."):
        return t("upload.unnamed", lang)
    return text if len(text) <= MAX_FILENAME else text[:MAX_FILENAME - 1] + "…"


def install_upload(game_id: str, option: str, body: bytes, limit: int,
                   keeping: Keeping | int, lang: str = "ru", filename: str | None = None,
                   check_seconds: float = 10.0, check_memory_mb: int = 512) -> str:
    """Store an uploaded content file as a set named after its digest; returns the name.

    A single-file option takes the file itself; a folder option (iceland ``data_dir``) takes
    a JSON object {file name: file text}. The data is validated by starting a game with it at
    every player count, in a process of its own killed after ``check_seconds`` and allowed
    ``check_memory_mb`` more memory (content_check: uploads are anyone's data). At most
    ``keeping.max_sets`` uploads are kept per option: once it checks, a new one takes the
    place of the least recently used one that nothing needs (kept_uploads; a bare number:
    that bound, and no set is used by anything).
    The same upload twice gives the same name; a refusal is worded in ``lang`` and names the
    data by the name of the file uploaded (``filename``, as the browser sent it: see
    :func:`upload_name`), never by a place on the server. Runs in a worker thread."""
    spec = content_sets.content_option(game_id, option)
    if spec is None:
        raise ActError("unknown_content", field="option",
                       known=", ".join(f"{g}/{o}" for g, o in content_sets.content_options()))
    if len(body) > limit:
        raise ActError("too_large", limit=limit)
    if spec.folder:
        files = parse_json(body)
        if not isinstance(files, dict) or not all(isinstance(v, str) for v in files.values()):
            raise ActError("bad_type", text_key="bad_type_files", field="body",
                           expected="object")
        data = {str(k): v.encode("utf-8", "replace") for k, v in files.items()}
    else:
        data = {content_sets.DATA_FILE: body}
    name = digest_name(data)
    if not isinstance(keeping, Keeping):
        keeping = Keeping(max_sets=keeping, keep_seconds=0.0)
    with locked(game_id, option):
        if name in content_sets.names(game_id, option):
            touch(game_id, option, name)   # (used again: kept longer)
            return name
        make_room(game_id, option, keeping, dry_run=True)  # refused before a check
    shown = upload_name(filename, lang)
    try:
        # every copy read (the received bytes, the staging folder under the content root) is
        # named as the user's file: a server path is never put into the message at all;
        # room is made for data that checked, and the set put in its place, under one lock
        with showing_as(content_sets.content_root(), shown):
            place(game_id, option, data, name, keeping, shown_as=shown,
                  check=bounded_check(check_seconds, check_memory_mb))
    except content_sets.ContentStoreError as exc:
        # the server's own fault, and its folder: told to its operator, not to the uploader
        log.error("cannot store an uploaded content set: %s", exc.message("en"))
        raise ActError("cannot_store_upload") from None
    except content_sets.ContentSetError as exc:
        raise ActError("bad_upload", detail=exc.message(lang)[:500]) from None
    return name
