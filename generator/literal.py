"""Render spec data as Python source literals, and nothing else.

Spec text reaches generated modules only through these functions: every string becomes a
`repr`-style literal (or an escaped triple-quoted docstring), so quotes, backslashes, NUL,
template markers or code-looking text can never become code. Values of any other type than
the JSON-like ones (None, bool, int, finite float, str, list, dict) are refused, so the
output is always valid, deterministic Python.
"""

from __future__ import annotations

import math
import re

__all__ = ["LiteralError", "literal", "docstring_literal", "comment_text", "identifier", "docstring_value", "undent_docstring"]

INDENT = "    "
WIDTH = 96  # lines that fit stay on one line; longer containers are expanded, one item a line

_IDENT = re.compile(r"^[A-Za-z_][A-Za-z0-9_]*$")
_COMMENT_SAFE = re.compile(r"^[A-Za-z0-9 _./:+,()\-]*$")


class LiteralError(ValueError):
    """A value that has no safe Python literal form (a set, a date, NaN, a non-str key...)."""


def _string(text: str) -> str:
    """repr(text), but in double quotes when the text has none (the spec's own style)."""
    r = str.__repr__(text)
    if r[0] == "'" and '"' not in text:
        # no `"` inside and, repr having chosen single quotes, no escaped `'` either
        return '"' + r[1:-1] + '"'
    return r


def _float(value: float) -> str:
    if not math.isfinite(value):
        raise LiteralError(f"non-finite number {value!r} has no literal form")
    return float.__repr__(value)


# Exact types only (a subclass could override __repr__); bool is checked before int.
_SCALARS = {
    type(None): repr, bool: repr, str: _string, int: int.__repr__, float: _float,
}


def _refuse(value: object, what: str = "value") -> LiteralError:
    return LiteralError(f"{what} of type {type(value).__name__} has no literal form: {value!r:.60}")


class _Node:
    """A value's one-line literal plus, for a non-empty container, its items' nodes (each
    built once, so pretty-printing stays linear in the size of the value)."""

    __slots__ = ("flat", "items", "is_dict")

    def __init__(self, value: object):
        scalar = _SCALARS.get(type(value))
        if scalar is not None:
            self.flat, self.items, self.is_dict = scalar(value), None, False
            return
        if isinstance(value, dict):
            items = []
            for k, v in value.items():
                if type(k) not in (str, int):
                    raise _refuse(k, "mapping key")
                items.append((_SCALARS[type(k)](k) + ": ", _Node(v)))
            self.is_dict = True
            self.flat = "{" + ", ".join(head + node.flat for head, node in items) + "}"
        elif isinstance(value, (list, tuple)):
            items = [("", _Node(v)) for v in value]
            self.is_dict = False
            self.flat = "[" + ", ".join(node.flat for _, node in items) + "]"
        else:
            raise _refuse(value)
        self.items = items or None

    def pretty(self, level: int, room: int) -> str:
        """`flat` if it fits in `room` columns, otherwise one item per line at `level`+1."""
        if self.items is None or len(self.flat) <= room:
            return self.flat
        inner = INDENT * (level + 1)
        lines = [
            inner + head + node.pretty(level + 1, WIDTH - len(inner) - len(head) - 1) + ","
            for head, node in self.items
        ]
        open_, close = "{}" if self.is_dict else "[]"
        return open_ + "\n" + "\n".join(lines) + "\n" + INDENT * level + close


def literal(value: object, level: int = 0, used: int = 0) -> str:
    """Python source for `value`, pretty-printed for a line at indent `level`.

    `used` is how many columns the text before the literal already takes on its line.
    Raises LiteralError for values without a literal form (only None, bool, int, finite
    float, str, list/tuple and dict with str/int keys have one).
    """
    return _Node(value).pretty(level, WIDTH - used)


def _escape_char(ch: str) -> str:
    if ch == "\\":
        return "\\\\"
    if ch == '"':
        return '\\"'
    if ch == "\n" or ch.isprintable():
        return ch
    code = ord(ch)
    if code <= 0xFF:
        return f"\\x{code:02x}"
    if code <= 0xFFFF:
        return f"\\u{code:04x}"
    return f"\\U{code:08x}"


def docstring_value(text: str, level: int = 1) -> str:
    """The exact value the docstring literal of `text` has: each non-empty line after the
    first is indented by `level` indents so the module reads well (PEP 257 tools strip it
    again; `undent_docstring` inverts it exactly)."""
    lines = text.split("\n")
    pad = INDENT * level
    return "\n".join([lines[0]] + [pad + line if line else line for line in lines[1:]])


def undent_docstring(value: str, level: int = 1) -> str:
    """Inverse of `docstring_value`: the text a rendered docstring was built from."""
    lines = value.split("\n")
    pad = INDENT * level
    return "\n".join([lines[0]] + [line[len(pad):] if line else line for line in lines[1:]])


def docstring_literal(text: str, level: int = 1) -> str:
    """A triple-quoted literal whose value is `docstring_value(text, level)`.

    Backslashes and every double quote are escaped, non-printable characters become escape
    sequences, so no content can close the literal early or change its meaning.
    """
    if not isinstance(text, str):
        raise LiteralError(f"docstring must be text, not {type(text).__name__}")
    value = docstring_value(text, level)
    if value.replace("\n", "").isprintable():  # common case: only `\\` and `"` need escaping
        body = value.replace("\\", "\\\\").replace('"', '\\"')
    else:
        body = "".join(_escape_char(ch) for ch in value)
    return '"""' + body + '"""'


def comment_text(text: str) -> str:
    """Text safe to put after `#` on one line: plain words as they are, anything else as a repr
    (a repr never contains a line break)."""
    if not isinstance(text, str):
        raise LiteralError(f"comment must be text, not {type(text).__name__}")
    return text if _COMMENT_SAFE.match(text) else repr(text)


def identifier(name: str) -> str:
    """`name` unchanged if it is a plain Python identifier, else LiteralError."""
    import keyword

    if not isinstance(name, str) or not _IDENT.match(name) or keyword.iskeyword(name):
        raise LiteralError(f"not a safe Python identifier: {name!r:.80}")
    return name
