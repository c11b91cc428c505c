"""Render spec data as Python source literals, and nothing else.

Spec text reaches generated modules only through these functions: every string becomes a
`repr`-style literal (or an escaped triple-quoted docstring), so quotes, backslashes, NUL,
template markers or code-looking text can never become code. Values of any other type than
the JSON-like ones (None, bool, int, finite float, str, list, dict) are refused, so the
output is always valid, deterministic Python.
"""

from __future__ import annotations

import functools
import math
import re

from mtg_adapter.errors import SuiteBug

__all__ = ["LiteralError", "literal", "docstring_literal", "comment_text", "identifier", "docstring_value",
           "undent_docstring"]

INDENT = "    "
WIDTH = 96  # lines that fit stay on one line; longer containers are expanded, one item a line

_IDENT = re.compile(r"^[A-Za-z_][A-Za-z0-9_]*$")
_COMMENT_SAFE = re.compile(r"^[A-Za-z0-9 _./:+,()\-]*$")


class LiteralError(SuiteBug, ValueError):
    """A value that has no safe Python literal form (a set, a date, NaN, a non-str key...)."""


# Characters written as themselves: printable ASCII and the Latin, punctuation and currency
# ranges real rules texts use (German, French, typographic quotes and dashes). A fixed list
# rather than str.isprintable(), whose answer changes with the Python's Unicode version:
# the output must be byte-identical on every machine. Everything else is an escape.
_RAW_CLASS = "\u0020-\u007e\u00a1-\u00ac\u00ae-\u024f\u2010-\u2027\u2030-\u205e\u20a0-\u20c0\u2122"
_ALL_RAW = re.compile(f"[{_RAW_CLASS}]*")
_NOT_RAW = re.compile(f"[^{_RAW_CLASS}]")
_SHORT = {"\\": "\\\\", "\n": "\\n", "\r": "\\r", "\t": "\\t"}


def _escape(ch: str) -> str:
    """The escape sequence for one character that is not written as itself."""
    short = _SHORT.get(ch)
    if short:
        return short
    code = ord(ch)
    if code <= 0xFF:
        return f"\\x{code:02x}"
    if code <= 0xFFFF:
        return f"\\u{code:04x}"
    return f"\\U{code:08x}"


def _escape_nonraw(text: str) -> str:
    if _ALL_RAW.fullmatch(text):
        return text
    return _NOT_RAW.sub(lambda m: _escape(m.group()), text)


@functools.lru_cache(maxsize=1 << 16)
def _string(text: str) -> str:
    """A one-line string literal of `text`: double quotes unless the text has `"` and no `'`;
    backslashes and the chosen quote escaped; characters outside the fixed raw set escaped.
    (Cached: labels, zones and field names repeat in every scenario.)"""
    quote = "'" if '"' in text and "'" not in text else '"'
    body = text.replace("\\", "\\\\").replace(quote, "\\" + quote)
    return quote + _escape_nonraw(body) + quote


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


# A value's literal form, built once per value so pretty-printing stays linear in its size:
# a scalar or an empty container is its one-line literal (a str); a non-empty container is
# (flat, items, is_dict) with `flat` its one-line literal and `items` (head, node) pairs.


def _node(value: object):
    scalar = _SCALARS.get(type(value))
    if scalar is not None:
        return scalar(value)
    if isinstance(value, dict):
        items = []
        for k, v in value.items():
            key = _SCALARS[type(k)] if type(k) in (str, int) else None
            if key is None:
                raise _refuse(k, "mapping key")
            items.append((key(k) + ": ", _node(v)))
        flat = "{" + ", ".join(head + (node if type(node) is str else node[0]) for head, node in items) + "}"
        return (flat, items, True) if items else flat
    if isinstance(value, (list, tuple)):
        items = [("", _node(v)) for v in value]
        flat = "[" + ", ".join(node if type(node) is str else node[0] for _, node in items) + "]"
        return (flat, items, False) if items else flat
    raise _refuse(value)


def _pretty(node, level: int, room: int) -> str:
    """The one-line literal if it fits in `room` columns, otherwise one item per line at
    `level`+1."""
    if type(node) is str:
        return node
    flat, items, is_dict = node
    if len(flat) <= room:
        return flat
    inner = INDENT * (level + 1)
    lines = [
        inner + head + _pretty(item, level + 1, WIDTH - len(inner) - len(head) - 1) + ","
        for head, item in items
    ]
    open_, close = "{}" if is_dict else "[]"
    return open_ + "\n" + "\n".join(lines) + "\n" + INDENT * level + close


def literal(value: object, level: int = 0, used: int = 0) -> str:
    """Python source for `value`, pretty-printed for a line at indent `level`.

    `used` is how many columns the text before the literal already takes on its line.
    Raises LiteralError for values without a literal form (only None, bool, int, finite
    float, str, list/tuple and dict with str/int keys have one).
    """
    return _pretty(_node(value), level, WIDTH - used)


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

    Backslashes and every double quote are escaped, characters outside the fixed raw set
    become escape sequences, so no content can close the literal early or change its meaning.
    """
    if not isinstance(text, str):
        raise LiteralError(f"docstring must be text, not {type(text).__name__}")
    value = docstring_value(text, level)
    body = value.replace("\\", "\\\\").replace('"', '\\"')
    lines = [_escape_nonraw(line) for line in body.split("\n")]  # newlines stay real line breaks
    return '"""' + "\n".join(lines) + '"""'


def comment_text(text: str) -> str:
    """Text safe to put after `#` on one line: plain words as they are, anything else as a
    string literal (which never contains a line break)."""
    if not isinstance(text, str):
        raise LiteralError(f"comment must be text, not {type(text).__name__}")
    return text if _COMMENT_SAFE.match(text) else _string(text)


def identifier(name: str) -> str:
    """`name` unchanged if it is a plain Python identifier, else LiteralError."""
    import keyword

    if not isinstance(name, str) or not _IDENT.match(name) or keyword.iskeyword(name):
        raise LiteralError(f"not a safe Python identifier: {name!r:.80}")
    return name
