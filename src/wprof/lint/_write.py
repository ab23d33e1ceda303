"""The linter's own atomic writer (``--fix``, ``-o``): regular files and new paths only, links followed for
``--fix``, one-line errors. lint depends on the standard library and ``errors`` only (DESIGN.md)."""

from __future__ import annotations

import os
import stat
import tempfile
from pathlib import Path

from ..errors import UsageError

_KINDS = ((stat.S_ISDIR, "a directory"), (stat.S_ISCHR, "a character device"), (stat.S_ISBLK, "a block device"),
          (stat.S_ISFIFO, "a FIFO (named pipe)"), (stat.S_ISSOCK, "a socket"))


def write_atomic(path: str | os.PathLike[str], text: str, *, what: str = "-o", follow_link: bool = False,
                 encoding: str = "utf-8") -> Path:
    """Write ``text`` atomically (temp file in the same folder, fsync, rename), keeping an existing file's mode and
    the text's own line endings; return the path written.

    Only a new path or an existing regular file is written: a directory, a device, a FIFO or a socket is refused
    with a :class:`UsageError` (renaming a file over ``/dev/null`` would destroy the node). A symbolic link is
    refused too, unless ``follow_link`` (``--fix`` on a linked source file): then the file it points to is
    replaced and the link is kept. A failed write (no space left, a read-only folder) is one ``UsageError`` line
    and leaves the old file as it was. lint depends on the standard library only (DESIGN.md), so it has its own copy
    of this routine rather than importing ``wprof.results``."""
    name = os.fspath(path)
    if not name.strip():
        raise UsageError(f"{what} {name!r}: the path is empty; give a file name such as lint.sarif")
    target = Path(name)
    try:
        st = os.lstat(target)
    except FileNotFoundError:
        st = None
    except OSError as exc:
        raise UsageError(f"cannot write {what} '{target}': {exc.strerror or exc}") from None
    if st is not None and stat.S_ISLNK(st.st_mode):
        if not follow_link:
            raise UsageError(f"{what} '{target}' is a symbolic link (to '{os.readlink(target)}'); wprof does not "
                             "write through links: give the real path")
        target = Path(os.path.realpath(target))
        try:
            st = os.stat(target)
        except OSError as exc:
            raise UsageError(f"cannot write '{target}': {exc.strerror or exc}") from None
    if st is not None:
        for test, kind in _KINDS:
            if test(st.st_mode):
                raise UsageError(f"{what} '{target}' is {kind}, not a regular file: give a file path")
    folder = target.parent if str(target.parent) else Path(".")
    if not folder.is_dir():
        raise UsageError(f"cannot write {what} '{target}': folder '{folder}' does not exist")
    mode = st.st_mode & 0o7777 if st is not None else _new_file_mode()
    try:
        fd, tmp = tempfile.mkstemp(prefix=f".{target.name}.", suffix=".tmp", dir=folder)
    except OSError as exc:
        raise UsageError(f"cannot write {what} '{target}': {exc.strerror or exc}") from None
    try:
        with os.fdopen(fd, "w", encoding=encoding, newline="") as f:
            f.write(text)
            f.flush()
            os.fsync(f.fileno())
        os.chmod(tmp, mode)
        os.replace(tmp, target)
    except BaseException as exc:
        try:
            os.unlink(tmp)
        except OSError:
            pass
        if isinstance(exc, OSError):
            raise UsageError(f"cannot write {what} '{target}': {exc.strerror or exc}; the old file is unchanged") \
                from None
        if isinstance(exc, UnicodeEncodeError):
            raise UsageError(f"cannot write '{target}': the fixed text does not fit its encoding {encoding}") \
                from None
        raise
    return target


def _new_file_mode() -> int:
    umask = os.umask(0)
    os.umask(umask)
    return 0o666 & ~umask
