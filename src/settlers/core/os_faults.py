"""Why a file could not be read, in words of the catalog rather than the system's English
(``[Errno 2] No such file or directory``): a ``core.os.*`` key for a message's ``{error!t}``."""

from __future__ import annotations

import errno

_REASONS = {
    errno.ENOENT: "core.os.not_found",
    errno.EACCES: "core.os.permission",
    errno.EPERM: "core.os.permission",
    errno.EISDIR: "core.os.is_a_directory",
    errno.ENOTDIR: "core.os.not_a_directory",
    errno.ENAMETOOLONG: "core.os.name_too_long",
    errno.ELOOP: "core.os.loop",
}


def os_fault(exc: OSError | ValueError) -> str:
    """The catalog key that says why reading a file failed with ``exc`` (a ValueError is a
    path Python refuses, such as one with a NUL in it)."""
    if isinstance(exc, OSError):
        if exc.errno is None and isinstance(exc, FileNotFoundError):   # (as pyarrow raises it)
            return "core.os.not_found"
        return _REASONS.get(exc.errno or 0, "core.os.unreadable")
    return "core.os.bad_path"
