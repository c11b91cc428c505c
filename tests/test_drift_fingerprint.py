"""Fingerprints ignore typography, keep every word and cross-reference number; word diffs."""

from __future__ import annotations

import hashlib
from pathlib import Path

import pytest
from hypothesis import example, given
from hypothesis import strategies as st

from generator.drift import word_diff
from generator.fingerprint import fingerprint, normalize
from generator.rules_text import load_rules

CR_DIR = Path(__file__).resolve().parents[1].parent / "shared" / "data" / "comprehensive-rules"
needs_shared = pytest.mark.skipif(
    not CR_DIR.is_dir(), reason=f"real CR files absent: {CR_DIR} (../shared beside the repo root) not found"
)


def test_fingerprint_is_sha256_of_normalized_utf8():
    text = "  \u201cKicker [cost]\u201d \u2014 rules 601.2f\u2013h  "
    assert normalize(text) == '"Kicker [cost]" - rules 601.2f-h'
    assert fingerprint(text) == hashlib.sha256(b'"Kicker [cost]" - rules 601.2f-h').hexdigest()


@pytest.mark.parametrize(
    "a, b",
    [
        ("spell\u2019s \u2018kicked\u2019", "spell's 'kicked'"),
        ("Impending N\u2014[cost]", "Impending N-[cost]"),
        ("Impending N--[cost]", "Impending N\u2014[cost]"),  # 2011 files write -- for a dash
        ("X \u2212 1", "X - 1"),
        ("a\n  b\tc ", "a b c"),
        ("_Magic: The Gathering_ rules", "Magic: The Gathering rules"),  # 2011 italics markers
        ("\ufb01ve", "five"),  # NFKC
    ],
)
def test_typography_does_not_change_the_fingerprint(a, b):
    assert fingerprint(a) == fingerprint(b)


@pytest.mark.parametrize(
    "a, b",
    [
        ("See rule 732.", "See rule 733."),
        ("if they are kicked", "if they were kicked"),
        ("rules 601.2e-g", "rules 601.2f-h"),
        ("Kicker", "kicker"),
    ],
)
def test_words_and_numbers_change_the_fingerprint(a, b):
    assert fingerprint(a) != fingerprint(b)


@given(st.text())
@example("-\u2010")  # a hyphen beside a Unicode hyphen became "--", which a second pass collapsed
def test_normalize_is_idempotent(text):
    assert normalize(normalize(text)) == normalize(text)
    assert fingerprint(normalize(text)) == fingerprint(text)


def test_word_diff_marks_removed_and_added_words():
    old = "Objects have abilities that say what happens if they are kicked."
    new = "Objects may also have abilities that say what happens if they were kicked."
    assert word_diff(old, new) == (
        "Objects {+may also+} have abilities that say what happens if they [-are-] {+were+} kicked."
    )
    assert word_diff(old, old) == normalize(old)


@needs_shared
def test_real_cross_reference_change_is_seen():
    """2026-02-27 -> 2026-04-17: 601.2e's only change is "see rule 732" -> "see rule 733"."""
    before = load_rules(CR_DIR / "MagicCompRules-2026-02-27.txt").rules["601.2e"].text
    after = load_rules(CR_DIR / "MagicCompRules-2026-04-17.txt").rules["601.2e"].text
    assert fingerprint(before) != fingerprint(after)
    assert "[-732" in word_diff(before, after) and "{+733" in word_diff(before, after)


@needs_shared
def test_real_unchanged_kicker_rules_keep_their_fingerprint():
    """Nothing in kicker changed between 2026-04-17 and 2026-06-19 (README)."""
    a = load_rules(CR_DIR / "MagicCompRules-2026-04-17.txt").rules
    b = load_rules(CR_DIR / "MagicCompRules-2026-06-19.txt").rules
    for letter in "abcdefgh":
        assert fingerprint(a[f"702.33{letter}"].text) == fingerprint(b[f"702.33{letter}"].text)
