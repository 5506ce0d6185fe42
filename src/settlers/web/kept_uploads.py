"""Uploaded content sets kept per game option: at most ``max_uploads``, and room is made.

Users' uploads are kept as sets named ``upload-<digest>`` (settlers.web.content). Once an
option holds ``max_uploads`` of them, an upload used to be refused until an operator removed
some: clients of many addresses together could fill every option for good. Now a new upload
makes room by removing the kept upload that nothing needs and that was used least recently.
Never removed:

- a set a live game (open or running, of any process: the store says) is played with;
- a set a game held in this process's memory was made with (a finished game shown, replayed);
- a set uploaded, or used to create or load a game, within ``keep_seconds``: an uploader who
  has not yet created the game, a game being created or loaded in another process.

Of the others, those no stored game names go first, then those only finished games name
(such a game's replay needs the data: it is kept in the database with the game, and put back
when the game is rebuilt — settlers.web.stored_content; a set stored games name is saved there
before it goes, ``Keeping.save``), each oldest use first. When nothing may go, the upload is
refused (``too_many_uploads``, saying that the kept ones are in use).

"Used" is the set folder's modification time (set when it is installed, and by :func:`touch`).
Removing, and marking a set used, happen under a lock — of this process, and a file lock
in the option's folder for the other processes on the machine — so a set is never removed
between a game's creation finding it and marking it used. A new set is put in its place
(:func:`place`) under the same lock as the room made for it, so uploads checked at the same
moment never hold more than ``max_uploads`` together."""

from __future__ import annotations

import contextlib
import fcntl
import logging
import os
import shutil
import threading
import time
from collections.abc import Callable, Collection, Iterator
from dataclasses import dataclass
from pathlib import Path

from settlers.core import content_sets
from settlers.web.errors import ActError

log = logging.getLogger("settlers.web")

PREFIX = "upload-"
_LOCK = threading.Lock()


def is_upload(name: object) -> bool:
    return isinstance(name, str) and name.startswith(PREFIX) and content_sets.valid_name(name)


def _folder(game: str, option: str) -> Path:
    return content_sets.content_root() / game / option


@contextlib.contextmanager
def locked(game: str, option: str) -> Iterator[None]:
    """The uploads of one option, held by this thread and (where the folder can take a lock
    file) by no other process on the machine."""
    with _LOCK:
        folder = _folder(game, option)
        try:
            folder.mkdir(parents=True, exist_ok=True)
            fd = os.open(folder / ".uploads.lock", os.O_RDWR | os.O_CREAT, 0o600)
        except OSError:   # a read-only content folder: nothing is installed or removed there
            yield
            return
        try:
            fcntl.flock(fd, fcntl.LOCK_EX)
            yield
        finally:
            os.close(fd)   # (releases the lock)


def touch(game: str, option: str, name: str) -> bool:
    """Mark an uploaded set used now (a game is being created or loaded with it); whether it
    is there. Call it with the option :func:`locked`."""
    try:
        os.utime(_folder(game, option) / name)
    except OSError:
        return False
    return True


def touch_options(game_id: str, options: dict) -> None:
    """Mark used every uploaded set ``options`` names (a game created or loaded with them)."""
    for (game, option) in content_sets.content_options():
        if game == game_id and is_upload(options.get(option)):
            with locked(game, option):
                touch(game, option, options[option])


@dataclass(frozen=True)
class Keeping:
    """What decides which kept uploads may make room: ``max_sets`` per option; ``in_use``
    (the sets games in this process's memory use); ``uses(game, option)`` (the store: set
    name -> whether a live game uses it, for every set a stored game names); ``keep_seconds``
    (a set used within it stays)."""

    max_sets: int
    keep_seconds: float
    in_use: Collection[str] = ()
    uses: Callable[[str, str], dict[str, bool]] = lambda game, option: {}
    # a set stored games name, kept (in the database) before it is removed: (game, option,
    # name); raises if it cannot be, and then the set stays
    save: Callable[[str, str, str], None] = lambda game, option, name: None


def make_room(game: str, option: str, keeping: Keeping, now: float | None = None,
              dry_run: bool = False) -> list[str]:
    """Before a new upload of ``option`` is kept: remove what must go so that it fits (the
    names removed; with ``dry_run`` only named); ActError ``too_many_uploads`` when nothing
    may go. Call it with the option :func:`locked`."""
    folder = _folder(game, option)
    kept = [n for n in content_sets.names(game, option) if is_upload(n)]
    excess = len(kept) - keeping.max_sets + 1
    if excess <= 0:
        return []
    now = time.time() if now is None else now
    stored = keeping.uses(game, option)
    used_at = {}
    for name in kept:
        with contextlib.suppress(OSError):
            used_at[name] = (folder / name).stat().st_mtime
    free = [n for n in kept if n in used_at and n not in keeping.in_use
            and not stored.get(n, False) and used_at[n] <= now - keeping.keep_seconds]
    if len(free) < excess:
        raise ActError("too_many_uploads", text_key="too_many_uploads_in_use",
                       limit=keeping.max_sets,
                       minutes=max(1, round(keeping.keep_seconds / 60)))
    free.sort(key=lambda n: (n in stored, used_at[n]))   # never named first, then oldest
    gone = free[:excess]
    if dry_run:
        return gone
    for name in gone:
        if name in stored:
            keeping.save(game, option, name)   # its games replay from the database's copy
        _remove(folder, name)
    log.info("kept uploads of %s/%s: removed %s to make room", game, option, ", ".join(gone))
    return gone


class _AlreadyThere(Exception):
    """The set was placed meanwhile (the same data uploaded at the same moment)."""


def place(game: str, option: str, files: dict[str, bytes], name: str, keeping: Keeping,
          check: content_sets.Check | None = None, shown_as: str | None = None) -> None:
    """Install ``files`` as the kept upload ``name`` and mark it used: ``check`` runs on the
    staged data (outside any lock), then — holding the option's lock until the set is in its
    place — room is made for it, so any number placed at once never make the option hold more
    than ``keeping.max_sets`` (an upload, and a stored game's set put back alike: ActError
    ``too_many_uploads`` when nothing may go). Already there: marked used."""
    held = contextlib.ExitStack()
    holding: list[bool] = []

    def hold() -> None:
        held.enter_context(locked(game, option))
        holding.append(True)

    def then_make_room(g: str, o: str, path: str, shown: str | None) -> None:
        if check is not None:
            check(g, o, path, shown)
        hold()
        if name in content_sets.names(game, option):
            raise _AlreadyThere
        make_room(game, option, keeping)

    with held:
        try:
            content_sets.install_bytes(game, option, files, name, shown_as=shown_as,
                                       check=then_make_room)
        except _AlreadyThere:
            pass
        except content_sets.ContentSetError as exc:
            if exc.key != "core.content.exists":
                raise
        if not holding:
            hold()
        touch(game, option, name)


def _remove(folder: Path, name: str) -> None:
    """Take the set away at once (a rename: nobody finds half of it), then delete it."""
    hidden = folder / f".gone-{name}-{os.getpid()}-{threading.get_ident()}"
    (folder / name).rename(hidden)
    shutil.rmtree(hidden, ignore_errors=True)
