"""The Comprehensive Rules parser: real releases, encodings, line endings, bad files."""

from __future__ import annotations

import codecs
import dataclasses
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from generator.rules_text import RulesTextError, decode_rules_bytes, load_rules, parse_rules

CR_DIR = Path(__file__).resolve().parents[1].parent / "shared" / "data" / "comprehensive-rules"
needs_shared = pytest.mark.skipif(
    not CR_DIR.is_dir(), reason=f"real CR files absent: {CR_DIR} (../shared beside the repo root) not found"
)

# file -> (effective date, numbered rules per README, kicker section)
RELEASES = {
    "MagicCompRules-2026-06-19.txt": ("2026-06-19", 3153, "702.33"),
    "MagicCompRules-2026-04-17.txt": ("2026-04-17", 3138, "702.33"),
    "MagicCompRules-2026-02-27.txt": ("2026-02-27", 3120, "702.33"),
    "MagicCompRules-2026-01-16.txt": ("2026-01-16", 3114, "702.33"),
    "MagicCompRules-2021-04-22.txt": ("2021-04-22", 2521, "702.33"),
    "MagicCompRules-2021-02-15.txt": ("2021-02-15", 2514, "702.32"),
    "MagicCompRules-2011-05-01.txt": ("2011-05-01", 1816, "702.30"),
}


@pytest.fixture(scope="module")
def current():
    return load_rules(CR_DIR / "MagicCompRules-2026-06-19.txt")


@needs_shared
@pytest.mark.parametrize("name", sorted(RELEASES))
def test_real_release_date_count_and_kicker(name):
    date, count, kicker = RELEASES[name]
    rules = load_rules(CR_DIR / name)
    assert rules.effective_date == date
    assert rules.numbered_rule_count == count
    assert rules.rules[kicker].text == "Kicker"
    assert rules.children(kicker)[:7] == tuple(f"{kicker}{c}" for c in "abcdefg")
    assert rules.rules[f"{kicker}a"].text.startswith("Kicker is a static ability")
    assert rules.warnings == ()
    # the contents list headings only: each heading is parsed once, from the body
    assert rules.rules["100"].text == "General" and rules.rules["100"].line > 100


@needs_shared
def test_sticker_kicker_only_in_new_releases():
    assert "702.33h" in load_rules(CR_DIR / "MagicCompRules-2026-01-16.txt").rules
    assert "702.33h" not in load_rules(CR_DIR / "MagicCompRules-2021-04-22.txt").rules


@needs_shared
def test_glossary_and_credits_are_not_rules(current):
    ids = list(current.rules)
    assert ids[-1] == "905.6"
    glossary_line = "To turn a face-up ongoing scheme card face down"
    assert not any(glossary_line in r.text for r in current.rules.values())
    assert not any(r.text.startswith("Magic: The Gathering Original Game Design") for r in current.rules.values())
    assert all(r.id[0].isdigit() for r in current.rules.values())
    assert "Glossary" not in current.rules["905.6"].text


@needs_shared
def test_examples_attached_and_excluded_from_text(current):
    rule = current.rules["205.4b"]
    assert "Example" not in rule.text
    assert rule.examples and rule.examples[0].startswith("Example: An ability reads")
    assert all(not r.text.startswith("Example") for r in current.rules.values())
    assert sum(len(r.examples) for r in current.rules.values()) == 277


@needs_shared
def test_continuation_lines_and_parents(current):
    assert "Cards printed in sets prior to the Eighth Edition" in current.rules["205.4c"].text
    assert current.rules["702.33a"].parent == "702.33"
    assert current.rules["702.33"].parent == "702"
    assert current.rules["702"].parent is None
    # the odd numbering forms in real files: "119.1d." and "606.5" without its dot
    assert current.rules["119.1d"].text.startswith("In a two-player Brawl game")
    assert current.rules["606.5"].parent == "606"


@needs_shared
def test_bare_cr_release_parses_like_crlf():
    bare = load_rules(CR_DIR / "MagicCompRules-2026-01-16.txt")
    data = (CR_DIR / "MagicCompRules-2026-01-16.txt").read_bytes()
    assert data.count(b"\r\n") < 20 < data.count(b"\r")  # bare CR, a few CRLF in the header
    assert bare.rules["702.33e"].text.startswith("Objects with kicker or multikicker")
    assert "\r" not in bare.rules["702.33e"].text


@needs_shared
def test_model_is_immutable(current):
    with pytest.raises(TypeError):
        current.rules["702.33z"] = current.rules["702.33a"]  # type: ignore[index]
    with pytest.raises(dataclasses.FrozenInstanceError):
        current.rules["702.33a"].text = "x"  # type: ignore[misc]


SYNTHETIC = (
    "Magic: The Gathering Comprehensive Rules\n\n"
    "These rules are effective as of March 3, 2023.\n\n"
    "Contents\n\n1. Game Concepts\n100. General\n\nGlossary\n\nCredits\n\n"
    "1. Game Concepts\n\n100. General\n\n"
    "100.1. These Magic rules apply to any game \u201cwith\u201d two players \u2014 see rule 100.2.\n\n"
    "100.1a A two-player game is a game that begins with only two players.\n"
    "Example: Alice and Bob play a game.\n\n"
    "100.2. To play, each player needs a deck.\n"
    "     Cards\u2019 names matter.\n\n"
    "Glossary\n\nAbandon\nTo turn a face-up scheme card face down. See rule 701.33.\n\n"
    "Credits\n\nDesign: Someone\n"
)


def _check_synthetic(rules):
    assert rules.effective_date == "2023-03-03"
    assert list(rules.rules) == ["100", "100.1", "100.1a", "100.2"]
    assert rules.rules["100.1"].text == "These Magic rules apply to any game \u201cwith\u201d two players \u2014 see rule 100.2."
    assert rules.rules["100.1a"].examples == ("Example: Alice and Bob play a game.",)
    assert rules.rules["100.2"].text == "To play, each player needs a deck.\nCards\u2019 names matter."


@pytest.mark.parametrize(
    "encode",
    [
        pytest.param(lambda t: codecs.BOM_UTF8 + t.replace("\n", "\r\n").encode("utf-8"), id="utf8-bom-crlf"),
        pytest.param(lambda t: t.encode("utf-8"), id="utf8-lf"),
        pytest.param(lambda t: codecs.BOM_UTF8 + t.replace("\n", "\r").encode("utf-8"), id="utf8-bom-bare-cr"),
        pytest.param(lambda t: t.replace("\n", "\r\n").encode("cp1252"), id="cp1252-crlf"),
        pytest.param(lambda t: t.replace("\n", "\r\n").encode("utf-16"), id="utf16-bom-native"),
        pytest.param(lambda t: codecs.BOM_UTF16_LE + t.replace("\n", "\r\n").encode("utf-16-le"), id="utf16-le-bom"),
        pytest.param(lambda t: codecs.BOM_UTF16_BE + t.replace("\n", "\r").encode("utf-16-be"), id="utf16-be-bom"),
    ],
)
def test_encodings_and_line_endings(tmp_path, encode):
    data = encode(SYNTHETIC)
    path = tmp_path / "cr.txt"
    path.write_bytes(data)
    _check_synthetic(load_rules(path))


def test_cp1252_file_is_not_mistaken_for_utf8():
    data = SYNTHETIC.encode("cp1252")
    assert b"\x93" in data and b"\x97" in data  # curly quote and em dash as Windows-1252 bytes
    assert "\u201cwith\u201d" in decode_rules_bytes(data)


@given(st.lists(st.sampled_from(["\r\n", "\r", "\n"]), min_size=1))
def test_any_mix_of_line_endings(endings):
    lines = SYNTHETIC.split("\n")
    text = "".join(line + endings[i % len(endings)] for i, line in enumerate(lines))
    _check_synthetic(parse_rules(text))


@pytest.mark.parametrize(
    "data, message",
    [
        (b"", "empty file"),
        (b"   \r\n\r\n", "empty file"),
        (b"\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR", "binary"),
        (codecs.BOM_UTF16_LE + b"A\x00\x00", "cannot decode as utf-16"),
        (b"These rules are effective as of May 1, 2011.\nJust some prose.\n", "no numbered rule lines"),
        (b"abc \x81\x8d\x90 def", "cannot decode as cp1252"),
        (b"100.1. A rule without a date line.\n", "effective as of"),
    ],
)
def test_bad_files_raise_one_clear_error(tmp_path, data, message):
    path = tmp_path / "bad.txt"
    path.write_bytes(data)
    with pytest.raises(RulesTextError) as info:
        load_rules(path)
    text = str(info.value)
    assert message in text and str(path) in text and "\n" not in text


def test_missing_file_is_a_rules_text_error(tmp_path):
    with pytest.raises(RulesTextError, match="cannot read"):
        load_rules(tmp_path / "nope.txt")


@given(st.binary(max_size=400))
def test_arbitrary_bytes_parse_or_fail_cleanly(data):
    try:
        rules = parse_rules(decode_rules_bytes(data, "fuzz.txt"), "fuzz.txt")
    except RulesTextError as exc:
        assert str(exc).startswith("fuzz.txt") and "\n" not in str(exc)
    else:
        assert rules.rules and rules.effective_date


@given(st.lists(st.sampled_from([
    "100.1. A rule.", "100.1a A sub-rule.", "Example: an example.", "     continued text", "", "Glossary",
    "100. General", "1. Game Concepts", "Credits", "These rules are effective as of May 1, 2011.", "prose",
]), max_size=30))
def test_line_soup_parses_or_fails_cleanly(lines):
    try:
        rules = parse_rules("\n".join(lines), "soup.txt")
    except RulesTextError:
        return
    for rule in rules.rules.values():
        assert rule.text and not rule.text.startswith("Example:")
        assert all(ex.startswith("Example:") for ex in rule.examples)
