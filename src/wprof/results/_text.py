"""Text from a result file made safe to print: control characters and escape sequences shown, never sent.

A result file is input: a crafted name or message could carry ANSI/OSC escape sequences (set the terminal's title,
colours, hyperlinks) or carriage returns that overwrite a line. Every string a report prints from a file goes
through :func:`printable`.
"""

from __future__ import annotations

__all__ = ["printable"]

_NAMED = {"\t": "\\t", "\r": "\\r", "\n": "\\n", "\x1b": "\\x1b"}


def printable(text: object, *, keep_newlines: bool = False) -> str:
    """``text`` with every non-printable character (C0/C1 controls, DEL, escape, bidi and other format characters)
    replaced by its ``\\xNN`` / ``\\uNNNN`` escape; newlines kept when asked (multi-line advice)."""
    s = str(text)
    if s.isprintable():
        return s
    out = []
    for ch in s:
        if ch.isprintable() or (keep_newlines and ch == "\n"):
            out.append(ch)
        elif ch in _NAMED:
            out.append(_NAMED[ch])
        else:
            code = ord(ch)
            out.append(f"\\x{code:02x}" if code < 0x100 else f"\\u{code:04x}" if code < 0x10000 else f"\\U{code:08x}")
    return "".join(out)
