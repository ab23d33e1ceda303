"""Reading f-strings written for Python 3.12 (PEP 701) on an older Python.

Python 3.12 lets a replacement field reuse the f-string's own quote (``f"{d["k"]}"``), hold backslashes
(``f"{'\\n'.join(rows)}"``) and nest f-strings with the same quotes. Python 3.10 and 3.11 cannot parse such a file
at all, so without this the linter would skip the whole file with a SyntaxError. When a file does not parse on an
older Python, :func:`older_fstrings` rewrites only what those versions reject, character for character (every
line and column stays where it was): a string literal inside a replacement field that uses an enclosing quote gets
the other quote (a name of its length, ``___``, when both quotes are taken), and characters the old tokenizer cannot
take inside a field (an enclosing quote or a backslash in a nested literal, a backslash in the expression) become
``_`` or a space. Only string literals nested in replacement fields can change, which no rule reads. Anything else (a comment or a line break inside a field of a
single-quoted f-string) is left alone and the file's SyntaxError stands.
"""

from __future__ import annotations

import sys

_PREFIXES = {"r", "u", "b", "br", "rb", "f", "fr", "rf"}
_QUOTES = "'\""


class _GiveUp(Exception):
    pass


def older_fstrings(source: str) -> str | None:
    """``source`` with PEP 701 f-strings rewritten so that Python < 3.12 parses it, or None when nothing was
    rewritten or the text is not something this can mend."""
    if sys.version_info >= (3, 12) or "f" not in source.lower():
        return None
    scanner = _Scanner(source)
    try:
        scanner.code()
    except (_GiveUp, IndexError):
        return None
    return "".join(scanner.out) if scanner.changed else None


class _Scanner:
    def __init__(self, source: str) -> None:
        self.src = source
        self.out = list(source)
        self.changed = False
        self.n = len(source)

    def put(self, i: int, ch: str) -> None:
        if self.out[i] != ch:
            self.out[i] = ch
            self.changed = True

    def _string_at(self, i: int) -> tuple[str, int] | None:
        """(prefix, index of the opening quote) when a string literal starts at ``i``."""
        src = self.src
        if src[i] in _QUOTES:
            return "", i
        if not (src[i].isalpha() and (i == 0 or not (src[i - 1].isalnum() or src[i - 1] == "_"))):
            return None
        j = i
        while j < self.n and (src[j].isalnum() or src[j] == "_"):
            j += 1
        word = src[i:j].lower()
        if j < self.n and src[j] in _QUOTES and word in _PREFIXES:
            return word, j
        return None

    def code(self) -> None:
        """Top level: skip comments and plain code, scan each string literal."""
        src, i = self.src, 0
        while i < self.n:
            c = src[i]
            if c == "#":
                while i < self.n and src[i] != "\n":
                    i += 1
                continue
            hit = self._string_at(i)
            if hit is not None:
                i = self.string(hit[0], hit[1], enclosing=(), triple_outer=False)
                continue
            if c.isalpha() or c == "_":
                while i < self.n and (src[i].isalnum() or src[i] == "_"):
                    i += 1
                continue
            i += 1

    def string(self, prefix: str, q: int, enclosing: tuple[str, ...], triple_outer: bool) -> int:
        """Scan the literal whose opening quote is at ``q``; return the index after its closing quote.
        ``enclosing``: the quote characters of the f-strings whose replacement field holds this literal (raw
        literals scan the same way: a backslash still keeps the next character from closing them)."""
        src = self.src
        quote = src[q]
        width = 3 if src[q:q + 3] == quote * 3 else 1
        nested = bool(enclosing)
        new_quote = quote
        if nested and quote in enclosing:  # 3.12 only: take the other quote if no enclosing f-string uses it
            new_quote = next((c for c in _QUOTES if c not in enclosing), "")
            if not new_quote:  # both quotes taken: the literal becomes a name of its length (`___`)
                end = self.string(prefix, q, (), triple_outer)
                if "\n" in src[q:end]:
                    raise _GiveUp
                for k in range(q - len(prefix), end):
                    self.put(k, "_")
                return end
        for k in range(width):
            self.put(q + k, new_quote)
        is_f = "f" in prefix
        i = q + width
        while True:
            c = src[i]
            if src.startswith(quote * width, i):
                for k in range(width):
                    self.put(i + k, new_quote)
                return i + width
            if c == "\n" and width == 1:
                raise _GiveUp  # an unterminated single-quoted literal: not ours to mend
            if c == "\\":
                if nested:  # no backslash inside a replacement field before 3.12
                    self.put(i, "_")
                    if src[i + 1] != "\n":
                        self.put(i + 1, "_")
                i += 2
                continue
            if nested and (c in enclosing or c == new_quote):
                self.put(i, "_")  # would end this or an enclosing f-string on an old tokenizer
                i += 1
                continue
            if is_f and c == "{":
                if src[i + 1] == "{":
                    i += 2
                    continue
                i = self.field(i + 1, (*enclosing, new_quote), triple_outer or (not nested and width == 3))
                continue
            if is_f and c == "}" and src[i + 1] == "}":
                i += 2
                continue
            i += 1

    def field(self, i: int, enclosing: tuple[str, ...], triple_outer: bool) -> int:
        """Scan a replacement field's expression from ``i``; return the index after its closing ``}``."""
        src = self.src
        depth = 0
        while True:
            c = src[i]
            hit = self._string_at(i) if (c in _QUOTES or c.isalpha()) else None
            if hit is not None:
                i = self.string(hit[0], hit[1], enclosing, triple_outer)
                continue
            if c.isalpha() or c == "_":
                while src[i].isalnum() or src[i] == "_":
                    i += 1
                continue
            if c == "#" or (c == "\n" and not triple_outer):
                raise _GiveUp
            if c == "\\":
                self.put(i, " ")
                i += 1
                continue
            if c in "([{":
                depth += 1
            elif c in ")]":
                depth -= 1
            elif c == "}":
                if depth == 0:
                    return i + 1
                depth -= 1
            elif depth == 0 and c == "!" and src[i + 1] != "=":
                i += 2  # a conversion: !r, !s, !a
                continue
            elif depth == 0 and c == ":":
                return self.spec(i + 1, enclosing, triple_outer)
            i += 1

    def spec(self, i: int, enclosing: tuple[str, ...], triple_outer: bool) -> int:
        """A format spec (literal text with nested fields) up to the field's closing ``}``."""
        src = self.src
        while True:
            c = src[i]
            if c == "{":
                i = self.field(i + 1, enclosing, triple_outer)
                continue
            if c == "}":
                return i + 1
            if c == "\n" and not triple_outer:
                raise _GiveUp
            i += 1
