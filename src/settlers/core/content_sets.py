"""Named content sets: the data files some game options take, chosen by name.

A game declares the options that replace its component data with a user's file on its own
definition (``Option(..., content=True)``, with ``content_files`` for a folder); core names no
game. On the command line they take a path. Anywhere
else (the web server) a path is never accepted: the value is the NAME of a content set, either
``builtin`` (the data shipped with the game) or one an operator installed with
``settlers content install GAME OPTION FILE --name NAME``, which validates the data by starting
a game with it and copies it under the content directory::

    $SETTLERS_CONTENT_DIR (default: $XDG_CONFIG_HOME/settlers/content, ~/.config/...)
        <game>/<option>/<name>/data          a single-file option (tiles, cards)
        <game>/<option>/<name>/<file>.json   a folder option (data_dir): the files it holds

An installed set is never changed in place (a stored game names its set and must replay the
same way): installing an existing name is refused unless ``replace`` is asked for.
"""

from __future__ import annotations

import os
import re
import shutil
import tempfile
from collections.abc import Callable
from contextlib import nullcontext
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from settlers.core.content_faults import fault, shown
from settlers.core.errors import SettlersError
from settlers.core.game import Game
from settlers.core.i18n import LANGUAGES, in_every_language
from settlers.core.registry import games, load
from settlers.core.user_files import (
    MAX_FILE_BYTES,
    UnreadableFile,
    UnwritableFile,
    read_user_bytes,
    showing_as,
    shown_name,
    writing_reason,
)

BUILTIN = "builtin"
DATA_FILE = "data"
_NAME = re.compile(r"[a-z0-9][a-z0-9_-]{0,39}")


class ContentSetError(SettlersError, ValueError):
    """A content set that does not exist, a bad name, or data that does not validate."""


class ContentStoreError(ContentSetError):
    """The content folder cannot take a set (a file in its place, no permission, a full
    disk): the fault of the place, not of the data."""


@dataclass(frozen=True)
class ContentOption:
    """A game option whose value is component data: one file, or a folder of named files."""

    game: str
    option: str
    folder: bool = False
    files: tuple[str, ...] = ()  # a folder option: the file names it may hold


def content_options() -> dict[tuple[str, str], ContentOption]:
    """Every content option of every known game, as the games declare them."""
    return {(g.id, o.name): ContentOption(g.id, o.name, folder=bool(o.content_files),
                                          files=o.content_files)
            for g in games() for o in g.options if o.content}


def content_option(game: str, option: str) -> ContentOption | None:
    return content_options().get((game, option))


def content_root() -> Path:
    """Where installed sets live (SETTLERS_CONTENT_DIR, else the user's config directory)."""
    explicit = os.environ.get("SETTLERS_CONTENT_DIR")
    if explicit:
        return Path(explicit)
    base = os.environ.get("XDG_CONFIG_HOME") or str(Path.home() / ".config")
    return Path(base) / "settlers" / "content"


def valid_name(name: object) -> bool:
    return isinstance(name, str) and _NAME.fullmatch(name) is not None


def _set_dir(spec: ContentOption, name: str, root: Path | None) -> Path:
    return (root or content_root()) / spec.game / spec.option / name


def _spec(game: str, option: str) -> ContentOption:
    spec = content_option(game, option)
    if spec is None:
        raise ContentSetError("core.content.no_such_option", game=game, option=option,
                              known=", ".join(f"{g} {o}" for g, o in content_options()))
    return spec


def names(game: str, option: str, root: Path | None = None) -> list[str]:
    """``builtin`` first, then every installed set of this option, sorted."""
    spec = _spec(game, option)
    where = (root or content_root()) / spec.game / spec.option
    installed = sorted(p.name for p in where.iterdir() if p.is_dir() and valid_name(p.name)) \
        if where.is_dir() else []
    return [BUILTIN, *installed]


def path_of(game: str, option: str, name: str, root: Path | None = None) -> str | None:
    """The data an installed set ``name`` stands for (None for ``builtin``).

    Raises ContentSetError naming the known sets if there is no such set."""
    spec = _spec(game, option)
    if name == BUILTIN:
        return None
    where = _set_dir(spec, name, root) if valid_name(name) else None
    if where is None or not where.is_dir():
        raise ContentSetError("core.content.unknown", game=game, option=option,
                              name=str(name)[:40], known=", ".join(names(game, option, root)))
    return str(where if spec.folder else where / DATA_FILE)


def resolve(game: str, option: str, value: str | None, root: Path | None = None) -> str | None:
    """What a game's loader reads for the option's ``value``: None for the built-in data, the
    files of an installed set for its name, or ``value`` itself (a path: the command line)."""
    if value is None or value == "" or value == BUILTIN:
        return None
    if valid_name(value) and _set_dir(_spec(game, option), value, root).is_dir():
        return path_of(game, option, value, root)
    return value


#: how a set's data is checked before it is stored: (game, option, staged path, shown as)
Check = Callable[[str, str, str, "str | None"], None]


def install(game: str, option: str, source: Path, name: str, root: Path | None = None,
            replace: bool = False, shown_as: str | None = None,
            check: Check | None = None) -> Path:
    """Validate ``source`` (a file, or a folder for a folder option) and store it as ``name``.

    The data is checked by starting a game of ``game`` with it at every player count the
    game allows (:func:`validate`, or ``check`` — the web server runs it in a process of its
    own, bounded in time and memory); nothing is stored if that fails, and the refusal names
    ``source`` (or ``shown_as``), never the staging copy. Returns the directory of the new
    set."""
    spec = _spec(game, option)
    if not valid_name(name) or name == BUILTIN:
        raise ContentSetError("core.content.bad_name", name=str(name)[:40])
    target = _set_dir(spec, name, root)
    if target.exists() and not replace:
        raise ContentSetError("core.content.exists", name=name, game=game, option=option)
    files = _source_files(spec, source)
    try:
        target.parent.mkdir(parents=True, exist_ok=True)
        staging = Path(tempfile.mkdtemp(prefix=f".{name}-", dir=target.parent))
    except OSError as exc:
        raise _cannot_store(target.parent, exc) from None
    try:
        try:
            for dest, data in files.items():
                (staging / dest).write_bytes(data)
        except OSError as exc:
            raise _cannot_store(target.parent, exc) from None
        # checked where it is staged, named as the user gave it (not the staging folder)
        staged = staging if spec.folder else staging / DATA_FILE
        (check or validate)(game, option, str(staged), shown_as or str(source))
        try:
            if target.exists():
                shutil.rmtree(target)
            staging.rename(target)
        except OSError as exc:
            raise _cannot_store(target.parent, exc) from None
    finally:
        if staging.exists():
            shutil.rmtree(staging, ignore_errors=True)
    return target


def _cannot_store(folder: Path, exc: OSError) -> ContentStoreError:
    """The content folder that cannot take a set, named with the system's reason in words."""
    unwritable = UnwritableFile(str(folder), writing_reason(exc), folder=True)
    return ContentStoreError(unwritable.key, **unwritable.params)


def install_bytes(game: str, option: str, files: dict[str, bytes], name: str,
                  root: Path | None = None, shown_as: str | None = None,
                  check: Check | None = None) -> Path:
    """Like :func:`install` for data received as bytes (an upload): ``files`` maps a folder
    option's file names (or ``data`` for a single-file option) to their contents. A refusal
    names the data ``shown_as`` (the name of the uploaded file; else the set's ``name``) and
    a file of a folder option inside it, never a place on this machine (the copies read are
    shown by that name: user_files.showing_as)."""
    spec = _spec(game, option)
    allowed = set(spec.files) if spec.folder else {DATA_FILE}
    if not files or not set(files) <= allowed:
        raise ContentSetError("core.content.bad_files", allowed=", ".join(sorted(allowed)))
    if any(len(data) > MAX_FILE_BYTES for data in files.values()):
        raise ContentSetError("core.content.too_large", limit=MAX_FILE_BYTES)
    with tempfile.TemporaryDirectory() as tmp:
        for fname, data in files.items():
            (Path(tmp) / fname).write_bytes(data)
        source = Path(tmp) if spec.folder else Path(tmp) / DATA_FILE
        with showing_as(source, shown_as or name):
            return install(game, option, source, name, root, shown_as=shown_as or name,
                           check=check)


def validate(game: str, option: str, path: str, shown_as: str | None = None) -> None:
    """Start a game with the data at ``path`` at every player count the game allows (data
    that sets up two seats may lack what a fifth needs: a start that fails only at a larger
    table would break that game, not this check); ContentSetError if the game refuses it at
    any, in the game's own words (its message names the file and what is wrong: said once, not inside a
    sentence of ours). With ``shown_as`` the game is told the name to show for ``path`` (and
    for a file inside it) — the user's file rather than a copy of it — so its message is made
    with that name (user_files.showing_as)."""
    g = load(game)
    with showing_as(path, shown_as) if shown_as is not None else nullcontext():
        named = {**_in_words(g, option), "path": shown(shown_name(path), 200)}
        try:
            for players in range(g.min_players, g.max_players + 1):
                g.new_state(players=players, seed=0, options={option: path})
        except SettlersError as exc:
            raise ContentSetError(exc.key, **exc.params) from None
        except RecursionError:  # JSON nested deeper than the parser goes (a small file can be)
            raise ContentSetError("core.content.too_deep", **named) from None
        except (ValueError, OSError, LookupError, TypeError, AttributeError):
            # data of a shape the game's loader did not foresee: said in words, not a
            # traceback (and not the interpreter's English)
            raise ContentSetError("core.content.invalid", **named,
                                  error=fault("core.content.fault.unexpected")) from None


def _in_words(game: Game, option: str) -> dict[str, Any]:
    """The game and the option as a message names them to its reader: the game's name in
    each language (``Game.name``), the option's label (``Option.label``; else its name)."""
    label = next((o.label for o in game.options if o.name == option), None)
    return {"game": {lang: game.name(lang) for lang in LANGUAGES},
            "option": in_every_language(label) if label else option}


def _source_files(spec: ContentOption, source: Path) -> dict[str, bytes]:
    """The data to install, by the name it is stored under: the file ``source``, or each file
    of the folder ``source`` that the option takes. Each is read as any user's file is
    (user_files.read_user_bytes: a regular file within the size limit); one that cannot be
    read (no permission, a dangling link, a name too long...) is refused naming the reason in
    the reader's language, never with the system's English."""
    if spec.folder:
        if not _is_dir(source):
            if not os.path.lexists(source):  # the true reason: there is no such path
                unread = UnreadableFile(str(source), fault("core.file.not_found"))
                raise ContentSetError(unread.key, **unread.params)
            raise ContentSetError("core.content.not_a_folder", path=str(source))
        # a name that is there, even as a link to nothing, is read (and refused if it cannot
        # be), never skipped: the set would quietly use the built-in file in its place
        found = {n: source / n for n in spec.files if os.path.lexists(source / n)}
        if not found:
            raise ContentSetError("core.content.bad_files", allowed=", ".join(spec.files))
    else:
        found = {DATA_FILE: source}
    try:
        return {dest: read_user_bytes(src) for dest, src in found.items()}
    except UnreadableFile as exc:
        raise ContentSetError(exc.key, **exc.params) from None


def _is_dir(path: Path) -> bool:
    """Whether ``path`` is a folder (False for a path the system cannot look up at all)."""
    try:
        return path.is_dir()
    except (OSError, ValueError):
        return False
