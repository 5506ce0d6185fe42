"""Reading a file a user names — a content file, a save, a results file, a policy — and
saying why it cannot be read in words of the catalog, never the system's English.

:func:`read_user_json` / :func:`read_user_text` / :func:`read_user_bytes` refuse a missing
file, a folder or a device (which would be read without end), a file too large, one that is
not UTF-8 or not JSON, with :class:`UnreadableFile`: its reason a ``core.file.*`` key
(:func:`os_reason` for the system's refusals, :func:`json_reason` for JSON's).
:func:`shown_name` is how a message names a file: within :func:`showing_as` a copy being
checked (a content file staged for install) is named as the user's own file from the start.
:func:`read_user_lines` reads a file of any size (a results file of millions of rows) a line
at a time, each line within a bound; :func:`open_user_file` opens one for a reader of its own.

A file a user names to be written (a results file, a report, a save, a policy) is checked by
:func:`check_writable` before the work that fills it (a folder, a path under a regular file, a
place the system does not let one write is refused with :class:`UnwritableFile`, its reason
from :func:`writing_reason`); :func:`open_for_writing` opens it, :func:`write_user_file`
writes it whole (never half a file).
"""

from __future__ import annotations

import errno
import json
import os
import stat
import tempfile
from collections.abc import Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from pathlib import Path, PurePath
from typing import IO, Any

from settlers.core.actions import json_fault
from settlers.core.content_faults import shown
from settlers.core.errors import InvalidOption
from settlers.core.i18n import in_every_language

# a content file's size limit, and the default for any user file
MAX_FILE_BYTES = 2_000_000

# (the path read, the name to show for it) of each showing_as around, innermost last
_shown_as: ContextVar[tuple[tuple[PurePath, str], ...]] = ContextVar("shown_as", default=())


@contextmanager
def showing_as(path: str | os.PathLike[str], name: str) -> Iterator[None]:
    """Within the block, every message names the file (or folder) ``path`` — and a file
    inside it — by ``name`` (:func:`shown_name`): a copy of the user's file is read and
    checked, the user's own file is named."""
    token = _shown_as.set((*_shown_as.get(), (PurePath(os.fspath(path)), name)))
    try:
        yield
    finally:
        _shown_as.reset(token)


def shown_name(path: str | os.PathLike[str]) -> str:
    """The name a message gives the file at ``path``: ``path`` itself, or within
    :func:`showing_as` the name shown for it (a file inside a folder shown by another name:
    that name joined with the file's place in the folder; the innermost showing_as that
    holds the path names it). Built from the paths' parts, never by replacing text in a
    message."""
    where = os.fspath(path)
    for real, name in reversed(_shown_as.get()):
        try:
            inside = PurePath(where).relative_to(real)
        except ValueError:   # another file
            continue
        return name if not inside.parts else str(PurePath(name).joinpath(inside))
    return where


class UnreadableFile(InvalidOption):
    """A user's file that cannot be read as text or JSON: ``file`` is the path read (named as
    :func:`shown_name` says: the path as the user gave it), ``reason`` the cause in every language. An InvalidOption, since most such files
    are named by a game option (content); a save or a results file says it in its own words
    (``reason``)."""

    def __init__(self, file: str, reason: dict[str, str]) -> None:
        super().__init__("core.file.unreadable", file=shown(shown_name(file), 200),
                         reason=reason)

    @property
    def reason(self) -> dict[str, str]:
        """Why the file cannot be read, in every language."""
        reason: dict[str, str] = self.params["reason"]
        return reason

    def said_as(self, key: str, kind: type[InvalidOption] = InvalidOption,
                **params: Any) -> InvalidOption:
        """The same fault in a game's own message ``key`` (its fields ``path``, ``reason``)."""
        return kind(key, path=self.params["file"], reason=self.params["reason"], **params)


def os_reason(exc: OSError) -> dict[str, str]:
    """Why the system refused to read a file, in every language (never its English)."""
    if isinstance(exc, FileNotFoundError | NotADirectoryError):
        return in_every_language("core.file.not_found")
    if isinstance(exc, PermissionError):
        return in_every_language("core.file.no_permission")
    if isinstance(exc, IsADirectoryError):
        return in_every_language("core.file.not_a_file")
    if exc.errno == errno.ENAMETOOLONG:
        return in_every_language("core.file.bad_path")
    code = errno.errorcode.get(exc.errno or 0, "") if exc.errno else ""
    return in_every_language("core.file.os_error", code=code or type(exc).__name__)


def open_user_file(path: str | os.PathLike[str]) -> IO[bytes]:
    """A user's file opened for reading bytes: a regular file (a device or a pipe named as the
    file would be read without end). UnreadableFile otherwise."""
    where = os.fspath(path)
    try:
        regular = stat.S_ISREG(os.stat(path).st_mode)
        handle = open(path, "rb") if regular else None  # noqa: SIM115 (the caller closes it)
    except OSError as exc:
        raise UnreadableFile(where, os_reason(exc)) from None
    except ValueError:   # a NUL in the path
        raise UnreadableFile(where, in_every_language("core.file.bad_path")) from None
    if handle is None:
        raise UnreadableFile(where, in_every_language("core.file.not_a_file"))
    return handle


def read_user_bytes(path: str | os.PathLike[str], limit: int = MAX_FILE_BYTES) -> bytes:
    """The bytes of a user's file: a regular file of at most ``limit`` bytes (a device or a
    pipe named as the file would be read without end). UnreadableFile otherwise."""
    where = os.fspath(path)
    with open_user_file(path) as f:
        try:
            data = f.read(limit + 1)
        except OSError as exc:
            raise UnreadableFile(where, os_reason(exc)) from None
    if len(data) > limit:
        raise UnreadableFile(where, in_every_language("core.file.too_large", limit=limit))
    return data


def read_user_lines(path: str | os.PathLike[str], max_line: int = MAX_FILE_BYTES
                    ) -> Iterator[tuple[int, str]]:
    """The lines of a user's file, numbered from 1 and without their line end, read one at a
    time: a file of any size is never held whole, a line of at most ``max_line`` bytes. Lines
    end at ``\n`` only (a JSON text written with ``ensure_ascii=False`` may hold U+2028 and
    the like inside a string). UnreadableFile if the file cannot be read, or names the line
    that is too long or not UTF-8."""
    where = os.fspath(path)
    with open_user_file(path) as f:
        number = 0
        while True:
            try:
                raw = f.readline(max_line + 1)
            except OSError as exc:
                raise UnreadableFile(where, os_reason(exc)) from None
            if not raw:
                return
            number += 1
            line = raw[:-1] if raw.endswith(b"\n") else raw
            if len(line) > max_line:
                raise UnreadableFile(where, in_every_language(
                    "core.file.line_too_long", line=number, limit=max_line))
            try:
                text = line.decode("utf-8")
            except UnicodeDecodeError:
                raise UnreadableFile(where, in_every_language("core.file.not_utf8_at",
                                                              line=number)) from None
            yield number, text.removesuffix("\r")


def read_user_text(path: str | os.PathLike[str], limit: int = MAX_FILE_BYTES) -> str:
    """The text of a user's file (UTF-8); UnreadableFile if it cannot be read as such."""
    data = read_user_bytes(path, limit)
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError:
        raise UnreadableFile(os.fspath(path), in_every_language("core.file.not_utf8")) from None


def json_reason(exc: ValueError | RecursionError) -> dict[str, str]:
    """Why ``json.loads`` refused a text, in every language (with the line and column of a
    syntax error)."""
    if isinstance(exc, RecursionError):
        return in_every_language("core.file.json", reason="core.json.too_deep")
    found = json_fault(exc)
    if "line" in found:
        return in_every_language("core.file.json_at", **found)
    return in_every_language("core.file.json", **found)


def read_user_json(path: str | os.PathLike[str], limit: int = MAX_FILE_BYTES) -> Any:
    """The JSON of a user's file; UnreadableFile names why it cannot be read."""
    text = read_user_text(path, limit)
    try:
        return json.loads(text)
    except (ValueError, RecursionError) as exc:
        raise UnreadableFile(os.fspath(path), json_reason(exc)) from None


class UnwritableFile(InvalidOption):
    """A file a user names to be written that cannot be: ``file`` is the path (named as
    :func:`shown_name` says), ``reason`` the cause in every language (:func:`writing_reason`)."""

    def __init__(self, file: str, reason: dict[str, str], folder: bool = False) -> None:
        super().__init__("core.file.unwritable_folder" if folder else "core.file.unwritable",
                         file=shown(shown_name(file), 200), reason=reason)

    @property
    def reason(self) -> dict[str, str]:
        """Why the file cannot be written, in every language."""
        reason: dict[str, str] = self.params["reason"]
        return reason


def writing_reason(exc: OSError) -> dict[str, str]:
    """Why the system refused to write a file (or to make the folders that hold it), in every
    language (never its English)."""
    if isinstance(exc, NotADirectoryError | FileExistsError):
        return in_every_language("core.file.parent_not_folder")
    if isinstance(exc, PermissionError):
        return in_every_language("core.file.no_permission_write")
    if isinstance(exc, IsADirectoryError):
        return in_every_language("core.file.not_a_file")
    if isinstance(exc, FileNotFoundError):
        return in_every_language("core.file.cannot_create")
    if exc.errno == errno.ENAMETOOLONG:
        return in_every_language("core.file.bad_path")
    if exc.errno == errno.EROFS:
        return in_every_language("core.file.read_only")
    code = errno.errorcode.get(exc.errno or 0, "") if exc.errno else ""
    return in_every_language("core.file.os_error_write", code=code or type(exc).__name__)


def check_writable(path: str | os.PathLike[str]) -> Path:
    """``path`` as a Path, once it is known that a file can be written there: the folders that
    hold it made (the missing ones), the place tried with a file that is removed at once. A
    folder, a device, a path under a regular file, a place the system does not let one write
    is refused with UnwritableFile before any work that would fill the file; a refused path
    leaves nothing behind (no folder made for it, no file). An existing file is not changed."""
    where = os.fspath(path)
    if "\0" in where or not where:   # no file has such a name
        raise UnwritableFile(where, in_every_language("core.file.bad_path"))
    try:
        target = Path(where)
        made = _make_folders(target.parent)
    except OSError as exc:
        raise UnwritableFile(where, writing_reason(exc)) from None
    try:
        _try_place(target)
    except UnwritableFile:
        for folder in reversed(made):
            try:
                folder.rmdir()
            except OSError:
                break
        raise
    return target


def check_writable_folder(path: str | os.PathLike[str]) -> Path:
    """``path`` as a Path, once it is known that files can be written in that folder (a save
    folder, checked before the game whose saves it will hold): it is tried with a file that
    is removed at once, and a folder made for the trial is removed again (it is made when a
    file is written). UnwritableFile (naming the folder) if it is a file or a place the
    system does not let one write."""
    where = os.fspath(path)
    if "\0" in where or not where:
        raise UnwritableFile(where, in_every_language("core.file.bad_path"), folder=True)
    folder = Path(where)
    made: list[Path] = []
    try:
        made = _make_folders(folder)
        fd, trial = tempfile.mkstemp(prefix=".settlers-", dir=folder)
        os.close(fd)
        os.unlink(trial)
    except OSError as exc:
        reason = (in_every_language("core.file.not_a_folder")
                  if isinstance(exc, NotADirectoryError) and os.path.exists(folder)
                  else writing_reason(exc))
        raise UnwritableFile(where, reason, folder=True) from None
    finally:
        for each in reversed(made):
            try:
                each.rmdir()
            except OSError:
                break
    return folder


def _make_folders(folder: Path) -> list[Path]:
    """Make ``folder`` and the folders above it that are missing; the ones made, outermost
    first. OSError as the system says (a part of the path that is a file, no permission);
    any folder made before the refusal is removed again."""
    missing: list[Path] = []
    here = folder
    while not os.path.lexists(here) and here != here.parent:
        missing.append(here)
        here = here.parent
    made: list[Path] = []
    try:
        for each in reversed(missing):
            each.mkdir()
            made.append(each)
    except OSError:
        for each in reversed(made):
            each.rmdir()
        raise
    if not folder.is_dir():
        raise NotADirectoryError(errno.ENOTDIR, "not a folder", str(folder))
    return made


def _try_place(target: Path) -> None:
    """UnwritableFile unless ``target`` is a regular file (or none yet) that can be written
    and its folder takes new files (a file written whole is written beside it first)."""
    where = str(target)
    try:
        mode = os.stat(target).st_mode if os.path.lexists(target) else None
        if mode is not None and not stat.S_ISREG(mode):
            raise UnwritableFile(where, in_every_language("core.file.not_a_file"))
        if mode is not None:
            with open(target, "ab"):   # opened to append nothing: the file is not changed
                pass
        fd, trial = tempfile.mkstemp(prefix=".settlers-", dir=target.parent)
        os.close(fd)
        os.unlink(trial)
    except OSError as exc:
        raise UnwritableFile(where, writing_reason(exc)) from None


def open_for_writing(path: str | os.PathLike[str], mode: str = "wb",
                     encoding: str | None = None) -> IO[Any]:
    """A user's file opened to be written (``mode`` "w", "wb", "a", "ab"), the folders that
    hold it made: UnwritableFile names the path and the reason if it cannot be (see
    :func:`check_writable`)."""
    target = check_writable(path)
    try:
        return open(target, mode, encoding=encoding)
    except OSError as exc:
        raise UnwritableFile(os.fspath(path), writing_reason(exc)) from None


def write_user_file(path: str | os.PathLike[str], data: str | bytes) -> Path:
    """Write ``data`` to a user's file whole: to a new file beside it, then put in its place
    (a crash or a full disk never leaves half a file). UnwritableFile if it cannot be."""
    target = check_writable(path)
    raw = data.encode("utf-8") if isinstance(data, str) else data
    try:
        fd, tmp = tempfile.mkstemp(prefix=f".{target.name[:40]}-", dir=target.parent)
    except OSError as exc:
        raise UnwritableFile(os.fspath(path), writing_reason(exc)) from None
    try:
        with os.fdopen(fd, "wb") as handle:
            handle.write(raw)
            handle.flush()
            os.fsync(handle.fileno())
        os.replace(tmp, target)
    except OSError as exc:
        Path(tmp).unlink(missing_ok=True)
        raise UnwritableFile(os.fspath(path), writing_reason(exc)) from None
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise
    return target
