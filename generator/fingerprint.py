"""Fingerprints of rule texts: sha256 of the normalized English text.

Why: a spec entry records the fingerprint of each rule it states or cites, so a later CR
release shows at once whether that text changed. Typography that Wizards changes between
releases without changing meaning (curly vs straight quotes, en/em dashes vs hyphens or the
old "--", the 2011 files' `_italic_` markers, spacing) must not count as a change; every word
and every rule cross-reference number does.
"""

from __future__ import annotations

import hashlib
import re
import unicodedata

__all__ = ["fingerprint", "normalize"]

_QUOTES = str.maketrans(
    {
        "\u2018": "'", "\u2019": "'", "\u201a": "'", "\u201b": "'", "\u2032": "'",
        "\u201c": '"', "\u201d": '"', "\u201e": '"', "\u201f": '"', "\u2033": '"',
        "\u00ab": '"', "\u00bb": '"',
    }
)
# hyphen, non-breaking hyphen, figure dash, en dash, em dash, horizontal bar, minus sign; a run
# of two or more dashes of any kind (the old "--", or "-" beside a Unicode dash) is one dash, so
# normalizing twice changes nothing
_DASH_CHARS = "\u2010\u2011\u2012\u2013\u2014\u2015\u2212"
_DASHES = re.compile(f"[-{_DASH_CHARS}]{{2,}}|[{_DASH_CHARS}]")
# `_Magic_` italics in the ASCII releases (2011); only around word characters
_ITALICS = re.compile(r"(?<![\w_])_(?=\S)([^_\n]*?\S)_(?![\w_])")
_SPACE = re.compile(r"\s+")


def normalize(text: str) -> str:
    """NFKC, straight quotes, '-' for every dash, italics markers dropped, whitespace collapsed."""
    text = unicodedata.normalize("NFKC", text)
    text = text.translate(_QUOTES)
    text = _DASHES.sub("-", text)
    if "_" in text:
        text = _ITALICS.sub(r"\1", text)
    return _SPACE.sub(" ", text).strip()


def fingerprint(text: str) -> str:
    """The sha256 hex digest of `normalize(text)` encoded as UTF-8."""
    return hashlib.sha256(normalize(text).encode("utf-8")).hexdigest()
