"""The uploaded content sets stored games were made with, kept in the database with them.

An upload lives on disk as a set named ``upload-<digest>`` (settlers.web.content), and may be
removed to make room for newer ones (settlers.web.kept_uploads). A finished game is replayed
from its options, seed and log, so it needs that data as long as it is stored. Its files are
therefore kept in the database too (table ``content_sets``):

- written in the transaction that stores a game made with an upload (Store.create_game), and,
  for games stored before, by kept_uploads before it removes a set a stored game names;
- once per set: the name is the digest of the files (content-addressed, so deduplicated);
- at most an upload's size each (``max_upload_bytes``; compressed).

A stored game whose set is no longer on disk has it put back before it is rebuilt, once its
files are checked against its name (the digest), so it replays exactly as it was played. The
data was checked when it was uploaded, and is not checked again."""

from __future__ import annotations

import base64
import hashlib
import json
import logging
import zlib
from collections.abc import Callable
from dataclasses import dataclass

from settlers.core import content_sets
from settlers.web.errors import ActError
from settlers.web.kept_uploads import PREFIX, Keeping, is_upload, locked, place, touch

log = logging.getLogger("settlers.web")

# a stored set unpacked is never larger than this (a file of a set is at most
# content_sets' MAX_FILE_BYTES; a folder set holds a few)
MAX_UNPACKED = 64 * 1024 * 1024


@dataclass(frozen=True)
class StoredSet:
    """An uploaded set as the database keeps it: ``files`` packed (:func:`pack`), ``size``
    the bytes of its files."""

    game: str
    option: str
    name: str
    files: bytes
    size: int


class NotPutBack(Exception):
    """A set a stored game needs could not be put back on disk (the server's own fault: its
    folder); the game is not marked broken for it."""


def digest_name(files: dict[str, bytes]) -> str:
    """The name of an uploaded set of ``files`` (file name -> bytes): its digest."""
    return PREFIX + hashlib.sha256(repr(sorted(files.items())).encode()).hexdigest()[:16]


def read_set(game: str, option: str, name: str) -> dict[str, bytes] | None:
    """The files of the installed set ``name`` as they were uploaded (None if it is gone)."""
    spec = content_sets.content_option(game, option)
    if spec is None or not content_sets.valid_name(name):
        return None
    where = content_sets.content_root() / game / option / name
    wanted = spec.files if spec.folder else (content_sets.DATA_FILE,)
    try:
        files = {f: (where / f).read_bytes() for f in wanted if (where / f).is_file()}
    except OSError:
        return None
    return files or None


def pack(files: dict[str, bytes]) -> bytes:
    text = json.dumps({k: base64.b64encode(v).decode() for k, v in sorted(files.items())})
    return zlib.compress(text.encode(), 6)


def unpack(packed: bytes) -> dict[str, bytes]:
    """A stored set's files; ValueError for anything that is not one."""
    inflate = zlib.decompressobj()
    try:
        text = inflate.decompress(packed, MAX_UNPACKED)
    except zlib.error as exc:
        raise ValueError("not a stored set") from exc
    if inflate.unconsumed_tail:
        raise ValueError("a stored set past the size limit")
    got = json.loads(text)
    if not isinstance(got, dict):
        raise ValueError("not a stored set")
    return {str(k): base64.b64decode(v, validate=True) for k, v in got.items()}


def uploads_named(game_id: str, options: dict) -> list[tuple[str, str]]:
    """(option, set name) of every uploaded set ``options`` of a ``game_id`` game name."""
    return [(option, options[option]) for (game, option) in content_sets.content_options()
            if game == game_id and is_upload(options.get(option))]


def sets_to_keep(game_id: str, options: dict) -> list[StoredSet]:
    """Each uploaded set a new game of ``game_id`` is made with, read while it is on disk
    (just marked used: kept_uploads keeps it a while), to be stored with the game."""
    out = []
    for option, name in uploads_named(game_id, options):
        files = read_set(game_id, option, name)
        if files is None or digest_name(files) != name:
            log.error("uploaded set %s/%s/%s cannot be read to be stored", game_id, option, name)
            continue
        out.append(StoredSet(game_id, option, name, pack(files),
                             sum(len(v) for v in files.values())))
    return out


def put_back(game_id: str, options: dict, keeping: Keeping,
             stored: Callable[[str, str, str], bytes | None]) -> list[str]:
    """Before a stored game is rebuilt: every uploaded set it names that is no longer on disk
    is put back from the database (``stored(game, option, name)``: its packed files, or None),
    making room as an upload does, under the same lock: ActError ``too_many_uploads``
    (``game_content_in_use``) when every kept set of the option is needed — the game can be
    opened once one may go, and the option never holds more than ``max_uploads``. Each is
    marked used. The names put back; a set the database has not (a game stored before sets
    were kept with games) is left out, and its replay fails as before. NotPutBack when the
    folder cannot take it."""
    done = []
    for option, name in uploads_named(game_id, options):
        with locked(game_id, option):
            if touch(game_id, option, name):
                continue   # on disk: used now
        packed = stored(game_id, option, name)
        if packed is None:
            log.error("uploaded set %s/%s/%s is gone and not stored", game_id, option, name)
            continue
        try:
            files = unpack(packed)
        except ValueError:
            files = {}
        if digest_name(files) != name:
            log.error("stored set %s/%s/%s is not the data it names", game_id, option, name)
            continue
        try:
            place(game_id, option, files, name, keeping)
        except ActError as exc:   # every kept set is needed: not now (never past the bound)
            if exc.code != "too_many_uploads":
                raise
            log.info("uploaded set %s/%s/%s cannot be put back now: every kept set is in "
                        "use", game_id, option, name)
            raise ActError("too_many_uploads", text_key="game_content_in_use",
                           **exc.params) from None
        except content_sets.ContentSetError as exc:
            log.error("cannot put back uploaded set %s/%s/%s: %s", game_id, option, name,
                      exc.message("en"))
            raise NotPutBack(name) from None
        log.info("uploaded set %s/%s/%s put back from the database", game_id, option, name)
        done.append(name)
    return done
