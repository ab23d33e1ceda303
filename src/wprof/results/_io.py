"""Reading and writing result files: atomic writes to regular files only, and reads that fail in one line.

Writes go to a temporary file in the target's directory, are flushed to disk and renamed over the target, so an
interrupted run never leaves a torn file. A result file (``fallback=True``: every result kind's ``save``, the loop's
JSON lines) that cannot be written for lack of space (``ENOSPC``, ``EDQUOT``) is written to the first of
:func:`fallback_dirs` that has room, and the error says where; when none has room, it says the result is lost.
A target that exists must be a regular file: a device (``/dev/null``), a FIFO, a socket or a directory is refused,
never replaced; a symbolic link is refused too (wprof would otherwise replace the link with a file and leave the
file it points to unchanged): give the real path.

Reads accept UTF-8 JSON objects only; anything else (UTF-16 text, other bytes, nesting deeper than any wprof
result, a JSON list) is a :class:`~wprof.errors.ResultFileError` that names the file and says what it holds.
"""

from __future__ import annotations

import codecs
import datetime as _dt
import errno
import json
import math
import os
import stat
import tempfile
from pathlib import Path
from typing import Any

from ..errors import ResultFileError

__all__ = ["now_utc", "write_text_atomic", "write_json_atomic", "read_json", "check_output_path", "fallback_dirs",
           "MAX_DEPTH"]

# no wprof result nests deeper than about 8 levels; anything far deeper was not written by wprof
MAX_DEPTH = 64


def now_utc() -> str:
    """The current UTC time as ISO 8601 with seconds (``2026-11-30T06:29:17Z``)."""
    return _dt.datetime.now(_dt.timezone.utc).strftime("%Y-%m-%dT%H:%M:%SZ")


def _jsonable(obj: Any) -> Any:
    """NaN and infinities are not JSON: write them as null."""
    if isinstance(obj, float) and not math.isfinite(obj):
        return None
    if isinstance(obj, dict):
        return {k: _jsonable(v) for k, v in obj.items()}
    if isinstance(obj, (list, tuple)):
        return [_jsonable(v) for v in obj]
    return obj


_KIND_NAMES = ((stat.S_ISDIR, "a directory"), (stat.S_ISCHR, "a character device"), (stat.S_ISBLK, "a block device"),
               (stat.S_ISFIFO, "a FIFO (named pipe)"), (stat.S_ISSOCK, "a socket"))


def check_output_path(path: str | os.PathLike[str], what: str = "output") -> Path:
    """Refuse, in one line, an output path wprof must not write: empty, a link, or an existing non-regular file.

    ``what`` names the option in the message (``--json``). Returns the path. A new path, or an existing regular
    file (replaced atomically), passes; its directory must be writable (checked here, before any work is done).
    """
    text = os.fspath(path)
    if not text.strip():
        raise ResultFileError(f"{what} {text!r}: the path is empty; give a file name such as result.json.")
    target = Path(text)
    try:
        st = os.lstat(target)
    except (FileNotFoundError, NotADirectoryError):
        st = None
    except OSError as exc:
        raise ResultFileError(f"{what} '{target}': cannot write there: {exc.strerror or exc}. Choose a writable "
                              "path.") from None
    if st is not None:
        if stat.S_ISLNK(st.st_mode):
            raise ResultFileError(
                f"{what} '{target}' is a symbolic link (to '{os.readlink(target)}'); wprof does not write through "
                "links (it would replace the link, not the file). Give the real path.")
        for test, name in _KIND_NAMES:
            if test(st.st_mode):
                hint = (f" such as {text.rstrip('/')}/result.json" if name == "a directory" else
                        "; to keep no file, leave the option out")
                raise ResultFileError(f"{what} '{target}' is {name}, not a regular file; wprof writes results only "
                                      f"to a regular file or a new path{hint}.")
    probe = os.path.dirname(os.path.abspath(text))
    while not os.path.exists(probe):
        if os.path.islink(probe):  # a dangling link where a folder should be: mkdir would fail after the run
            raise ResultFileError(f"{what} '{target}': cannot write there: '{probe}' is a symbolic link to a missing "
                                  f"'{os.readlink(probe)}'. Choose a writable path.")
        probe = os.path.dirname(probe)
    if not os.path.isdir(probe):
        raise ResultFileError(f"{what} '{target}': cannot write there: '{probe}' is not a directory. Choose a "
                              "writable path.")
    if not os.access(probe, os.W_OK):
        raise ResultFileError(f"{what} '{target}': cannot write there: directory '{probe}' is not writable. Choose "
                              "a writable path.")
    return target


def _mode_for(target: Path) -> int:
    """The existing file's mode, else what ``open()`` would give a new file under the current umask."""
    try:
        return target.stat().st_mode & 0o7777
    except OSError:
        umask = os.umask(0)
        os.umask(umask)
        return 0o666 & ~umask


def _fsync_dir(folder: Path) -> None:
    """Make the rename itself durable (best effort: not every platform or file system allows it)."""
    try:
        fd = os.open(folder, os.O_RDONLY)
    except OSError:
        return
    try:
        os.fsync(fd)
    except OSError:
        pass
    finally:
        os.close(fd)


#: a write that fails with one of these failed for lack of room: a result file then goes to a fallback place
NO_ROOM = frozenset({errno.ENOSPC, errno.EDQUOT})


def _write_all(fd: int, data: bytes) -> None:
    """``data`` to ``fd`` with ``os.write`` until all of it is written, then fsync (the bytes are on disk)."""
    view = memoryview(data)
    while view:
        view = view[os.write(fd, view):]
    os.fsync(fd)


def _unlink(path: str) -> None:
    try:
        os.unlink(path)
    except OSError:
        pass


def write_text_atomic(path: str | os.PathLike[str], text: str, *, fallback: bool = False) -> Path:
    """Write ``text`` to ``path`` atomically (temp file in the same directory, fsync, rename); returns the path.

    Only a new path or an existing regular file is written (:func:`check_output_path` says why not otherwise). A
    failed write leaves the old file as it was and no temporary file, and raises :class:`ResultFileError`. With
    ``fallback`` (result files), a write that failed for lack of space is made again in :func:`fallback_dirs`, and
    the error says where the file is (or that no place had room); its ``written`` attribute is that file (or None).
    """
    target = check_output_path(path, "cannot write:")
    parent = target.parent if str(target.parent) else Path(".")
    data = text.encode("utf-8")  # the text's own line endings, as given
    tmp = None
    try:
        parent.mkdir(parents=True, exist_ok=True)
        fd, tmp = tempfile.mkstemp(prefix=f".{target.name}.", suffix=".tmp", dir=parent)
        try:
            _write_all(fd, data)
        finally:
            os.close(fd)
        os.chmod(tmp, _mode_for(target))  # mkstemp makes 0600; a result (or script copy) gets a normal file's mode
        os.replace(tmp, target)
        _fsync_dir(parent)
    except OSError as exc:
        if tmp is not None:
            _unlink(tmp)
        msg = f"cannot write '{target}': {exc.strerror or exc}"
        if fallback and exc.errno in NO_ROOM:
            where, tail = _write_fallback(target, data)
            err = ResultFileError(msg + tail)
            err.written = where  # type: ignore[attr-defined]  # the fallback file, or None: the result is lost
            raise err from None
        raise ResultFileError(msg + ". Choose a writable path.") from None
    except BaseException:
        if tmp is not None:
            _unlink(tmp)
        raise
    return target


def fallback_dirs() -> list[str]:
    """Where a result file goes when its own disk is full, in order: the temp directory (``TMPDIR``), ``/dev/shm``
    (memory), ``/var/tmp``, the home directory, the working directory (existing directories only, each once)."""
    out: list[str] = []
    for d in (tempfile.gettempdir(), "/dev/shm", "/var/tmp", os.path.expanduser("~"), os.getcwd()):
        real = os.path.realpath(d)
        if os.path.isdir(real) and real not in out:
            out.append(real)
    return out


def _write_fallback(target: Path, data: bytes) -> tuple[Path | None, str]:
    """Write ``data`` to a new file in the first fallback directory that takes it: that file (None when none took
    it) and the end of the error line."""
    stem, suffix = os.path.splitext(target.name)
    tried = []
    for folder in fallback_dirs():
        path = None
        try:
            fd, path = tempfile.mkstemp(prefix=f"wprof-{stem}-", suffix=suffix, dir=folder)
            try:
                _write_all(fd, data)
            finally:
                os.close(fd)
            os.chmod(path, _mode_for(target))
        except OSError as exc:
            if path is not None:
                _unlink(path)
            tried.append(f"{folder}: {exc.strerror or exc}")
            continue
        return Path(path), (f"; the result was written to '{path}' instead: move it where you want it (the old "
                            f"'{target.name}', if any, is unchanged).")
    where = "; ".join(tried) or "no fallback directory exists"
    return None, f"; no other place had room either ({where}): the result is lost. Free some space and run again."


def write_json_atomic(path: str | os.PathLike[str], doc: dict[str, Any], *, fallback: bool = False) -> Path:
    """Write a JSON document atomically (NaN written as null); ``fallback``: see :func:`write_text_atomic`."""
    return write_text_atomic(path, json.dumps(_jsonable(doc), indent=2, sort_keys=False) + "\n", fallback=fallback)


_BOMS = ((codecs.BOM_UTF32_LE, "UTF-32"), (codecs.BOM_UTF32_BE, "UTF-32"), (codecs.BOM_UTF16_LE, "UTF-16"),
         (codecs.BOM_UTF16_BE, "UTF-16"))


def _decode(p: Path, data: bytes) -> str:
    for bom, name in _BOMS:
        if data.startswith(bom):
            raise ResultFileError(f"'{p}' is {name} text; wprof result files are UTF-8 JSON. Re-encode it as UTF-8 "
                                  "(iconv -t UTF-8) or use the file wprof wrote.")
    if len(data) >= 2 and (data[0] == 0 or data[1] == 0):
        raise ResultFileError(f"'{p}' looks like UTF-16 text (NUL bytes); wprof result files are UTF-8 JSON.")
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        raise ResultFileError(f"'{p}' is not UTF-8 text (byte 0x{data[exc.start]:02x} at offset {exc.start}); "
                              "it is not a wprof result.") from None


class _NotWprofJSON(ValueError):
    """A JSON value no wprof result holds (raised from the parser's hooks)."""


def _no_constant(name: str) -> Any:
    # NaN and Infinity are not JSON; wprof writes them as null, and a renderer must never meet an infinity
    raise _NotWprofJSON(f"the non-JSON constant {name} (wprof writes NaN and infinities as null)")


def _bounded_int(digits: str) -> int:
    # no wprof field holds an integer past float range; one would overflow every computation that reads it
    if len(digits.lstrip("-")) > 300:
        raise _NotWprofJSON(f"an integer of {len(digits.lstrip('-'))} digits")
    return int(digits)


def _depth_exceeds(doc: Any, limit: int) -> bool:
    """True when ``doc`` nests containers deeper than ``limit`` (iterative: no recursion on hostile input)."""
    stack = [(doc, 1)]
    while stack:
        v, d = stack.pop()
        if isinstance(v, dict):
            v = list(v.values())
        elif not isinstance(v, list):
            continue
        if d > limit:
            return True
        stack.extend((x, d + 1) for x in v if isinstance(x, (dict, list)))
    return False


def read_json(path: str | os.PathLike[str]) -> dict[str, Any]:
    """Read a JSON object; a missing, unreadable, non-UTF-8, malformed or absurdly nested file is a ResultFileError."""
    p = Path(path)
    try:
        mode = os.stat(p).st_mode
    except OSError:
        mode = 0  # missing or unreadable: said below
    for test, name in _KIND_NAMES[1:]:
        if test(mode) and not stat.S_ISFIFO(mode):  # a FIFO is read like a file (a shell's <(...))
            raise ResultFileError(f"'{p}' is {name}, not a result file; pass the path written by --json.")
    try:
        data = p.read_bytes()
    except FileNotFoundError:
        raise ResultFileError(f"result file '{p}' does not exist. Pass the path written by --json.") from None
    except IsADirectoryError:
        raise ResultFileError(f"'{p}' is a directory; pass a result file (the path written by --json).") from None
    except OSError as exc:
        raise ResultFileError(f"cannot read '{p}': {exc.strerror or exc}.") from None
    text = _decode(p, data)
    try:
        doc = json.loads(text, parse_constant=_no_constant, parse_int=_bounded_int)
    except _NotWprofJSON as exc:
        raise ResultFileError(f"'{p}' holds {exc}; it is not a wprof result.") from None
    except json.JSONDecodeError as exc:
        raise ResultFileError(f"'{p}' is not valid JSON (line {exc.lineno}: {exc.msg}); it is not a wprof result.") \
            from None
    except RecursionError:
        raise ResultFileError(f"'{p}' nests JSON too deeply to read; it is not a wprof result.") from None
    if not isinstance(doc, dict):
        raise ResultFileError(f"'{p}' holds a JSON {type(doc).__name__}, not a wprof result object.")
    if _depth_exceeds(doc, MAX_DEPTH):
        raise ResultFileError(f"'{p}' nests JSON deeper than {MAX_DEPTH} levels; it is not a wprof result.")
    return doc
