"""Drift classification on small synthetic releases (no shared data needed)."""

from __future__ import annotations

import pytest

from generator.drift import Citation, analyze
from generator.fingerprint import fingerprint
from generator.rules_text import parse_rules


def release(date: str, body: str):
    return parse_rules(f"Comprehensive Rules\n\nThese rules are effective as of {date}.\n\n{body}")


OLD = release(
    "January 1, 2020",
    "500. Things\n\n"
    "500.1. Widgets\n\n"
    "500.1a A widget is a blue artifact with three gears.\n\n"
    "500.1b Each widget turns clockwise once per turn while untapped.\n\n"
    "500.1c The widget rule is easy to remember and short.\n\n"
    "500.2. Gadgets\n\n"
    "500.2a Gadgets do nothing.\n",
)
NEW = release(
    "February 2, 2021",
    "500. Things\n\n"
    "500.1. Sprockets\n\n"
    "500.1a Sprockets are new and shiny.\n\n"
    "500.1b A widget is a blue artifact with three gears.\n\n"
    "500.2. Widgets\n\n"
    "500.2a A widget is a blue artifact with three gears.\n\n"
    "500.2b Each widget turns counterclockwise once per turn while untapped.\n\n"
    "500.2c Completely different words appear in this sentence now.\n\n"
    "500.2d A widget may also have a name.\n\n"
    "500.3. Gadgets\n\n"
    "500.3a Gadgets do nothing.\n",
)


def rule_cite(rid: str, entry: str = "e/x") -> Citation:
    text = OLD.rules[rid].text
    return Citation("spec/rules/things.yaml", entry, "rule", rid, fingerprint(text), text, True, "rule")


def fp_cite(rid: str, entry: str = "e/y") -> Citation:
    return Citation("spec/rules/things-rulings.yaml", entry, "cite", rid, fingerprint(OLD.rules[rid].text), None, True)


def by_rule(report):
    return {item.rule: item for item in report.items}


def test_same_text_twice_prefers_the_same_letter():
    # "A widget is ..." is now both 500.1b and 500.2a; the old 500.1a becomes 500.2a
    items = by_rule(analyze(NEW, [rule_cite("500.1a")]))
    assert items["500.1a"].status == "moved" and items["500.1a"].new_rule == "500.2a"
    assert items["500.1a"].confidence == 1.0 and not items["500.1a"].text_changed


def test_reworded_and_moved_with_similarity_and_diff():
    items = by_rule(analyze(NEW, [rule_cite("500.1a"), rule_cite("500.1b")]))
    b = items["500.1b"]
    assert b.status == "moved" and b.new_rule == "500.2b" and b.text_changed
    assert 0.75 <= b.confidence < 1.0
    assert b.diff == "Each widget turns [-clockwise-] {+counterclockwise+} once per turn while untapped."


def test_dissimilar_text_is_gone_unless_the_threshold_allows_it():
    items = by_rule(analyze(NEW, [rule_cite("500.1c")]))
    assert items["500.1c"].status == "gone" and items["500.1c"].new_rule is None
    assert items["500.1c"].drifted


def test_section_renumbering_places_fingerprint_only_citations():
    cites = [rule_cite("500.1a"), rule_cite("500.1b"), fp_cite("500.1c")]
    report = analyze(NEW, cites)
    c = by_rule(report)["500.1c"]
    assert report.section_moves["500.1"] == "500.2"
    assert c.status == "moved" and c.new_rule == "500.2c" and c.text_changed and c.diff is None
    assert 0 < c.confidence < 1
    # with the old release its text is known; similarity is too low, so it is gone
    c = by_rule(analyze(NEW, cites, old=OLD))["500.1c"]
    assert c.status == "gone"


def test_old_release_maps_sections_by_title():
    report = analyze(NEW, [fp_cite("500.2a")], old=OLD)
    assert report.section_moves == {"500.1": "500.2", "500.2": "500.3"}
    assert by_rule(report)["500.2a"].new_rule == "500.3a"


def test_changed_in_place_and_unchanged():
    new = release("March 3, 2022", "500. Things\n\n500.2. Gadgets\n\n500.2a Gadgets do nothing at all.\n")
    items = by_rule(analyze(new, [rule_cite("500.2a")], threshold=0.5))
    assert items["500.2a"].status == "changed"
    assert items["500.2a"].diff == "Gadgets do [-nothing.-] {+nothing at all.+}"
    same = release("March 3, 2022", "500. Things\n\n500.2. Gadgets\n\n500.2a Gadgets  do nothing.\n")
    assert by_rule(analyze(same, [rule_cite("500.2a")]))["500.2a"].status == "unchanged"


def test_unverified_and_gone_citations_without_fingerprint():
    cites = [
        Citation("f.yaml", "e/z", "cite", "500.3a", None),
        Citation("f.yaml", "e/z", "cite", "999.9z", None),
    ]
    items = by_rule(analyze(NEW, cites))
    assert items["500.3a"].status == "unverified" and not items["500.3a"].drifted
    assert items["999.9z"].status == "gone"


def test_uncovered_sub_rules_come_from_rule_entries_sections_only():
    report = analyze(NEW, [rule_cite("500.1a"), fp_cite("500.2a")])
    assert by_rule(report)["500.2a"].new_rule == "500.3a"
    assert [u.rule for u in report.uncovered] == ["500.2b", "500.2c", "500.2d"]
    report = analyze(NEW, [fp_cite("500.2a")])
    assert report.uncovered == ()  # a mere citation does not claim a section
    section = Citation("f.yaml", "e/s", "cite", "500.2", fingerprint(OLD.rules["500.1"].text), None, True)
    assert analyze(NEW, [section]).uncovered == ()
    claimed = analyze(NEW, [section], cited_sections=True)
    assert by_rule(claimed)["500.2"].status == "unchanged"  # "Widgets" is 500.2 in the new release
    assert [u.rule for u in claimed.uncovered] == ["500.2a", "500.2b", "500.2c", "500.2d"]


@pytest.mark.parametrize("threshold", [0.5, 0.9])
def test_threshold_is_reported(threshold):
    assert analyze(NEW, [rule_cite("500.1a")], threshold=threshold).threshold == threshold
