"""Helpers for the spec tests: build a small spec directory in tmp_path, find text positions.

Why: the loader's error positions are checked against where the offending text really is in the
fixture, so the fixtures stay readable and the assertions stay exact.
"""

from __future__ import annotations

import shutil
import textwrap
from pathlib import Path

import pytest

from generator.loader import SpecError, load_spec

REPO = Path(__file__).resolve().parent.parent
CATALOG = REPO / "spec" / "cards"
RULE_HEADER = "# yaml-language-server: $schema=../schema/spec-file.schema.json\n"
CARDS = ("burst-lightning", "cancel", "joraga-warcaller", "mountain", "saproling")

# The example of the agreed format (spec/README.md), trimmed: one ruling, one scenario, one property.
EXAMPLE = RULE_HEADER + textwrap.dedent("""\
    title: Kicker, multikicker and sticker kicker
    rules_version: "2026-06-19"
    entries:
      - id: kicker/kicked-spell-is-one-spell
        kind: ruling
        source: 000_df8020ce1ef839d3.txt
        card: Burst Lightning
        date: "2021-06-18"
        text:
          en: "A kicked spell is still just a single spell."
          de: "Ein Zauberspruch, dessen Bonuskosten bezahlt wurden, ist weiterhin nur ein einzelner Zauberspruch."
        cites: ["702.33d", "601.2b", "701.6"]
        features: [kicker, counter]
        scenarios:
          - name: cancel-counters-kicked-spell
            description: One Cancel counters the whole kicked Burst Lightning.
            features: [counter, kicker, timing]
            setup:
              players:
                alice: {hand: [{card: Burst Lightning, label: bolt}, {card: Burst Lightning, label: bolt2}],
                        mana: "{R}{R}{R}{R}{R}{R}"}
                bob: {hand: [{card: Cancel, label: cancel}], mana: "{U}{U}{U}"}
            steps:
              - cast: {card: bolt, kicks: 1, targets: [bob], pay: "{R}{R}{R}{R}{R}"}
                expect:
                  stack: [{source: bolt, kicked: true, times_kicked: 1}]
              - cast: {card: cancel, by: bob, targets: [bolt], pay: "{U}{U}{U}"}
              - resolve: {}
                expect:
                  cards: {bolt: {zone: graveyard}}
                  players: {bob: {life: 20}}
              - cast: {card: bolt2, targets: [bob], kicks: 2}
                expect: {illegal: true, rule: 702.33d}
        properties:
          - name: counters-equal-times-kicked
            given: {n: {integers: {min: 0, max: 6}}}
            setup: {players: {alice: {hand: [{card: Joraga Warcaller, label: warcaller}],
                                      mana: {mana: ["{G}", {repeat: {mana: "{G}{C}", times: {param: n}}}]}}}}
            steps:
              - cast: {card: warcaller, kicks: {param: n}}
              - resolve: {}
                expect: {cards: {warcaller: {zone: battlefield, counters: {"+1/+1": {param: n}}, mana_value: 1}}}
    """)


def make_spec(tmp_path: Path, rules: dict[str, str], cards: tuple[str, ...] = CARDS) -> Path:
    """A spec directory with the given rule files (name -> text) and a few real catalog cards."""
    spec = tmp_path / "spec"
    (spec / "rules").mkdir(parents=True)
    (spec / "cards").mkdir()
    for slug in cards:
        shutil.copy(CATALOG / f"{slug}.yaml", spec / "cards" / f"{slug}.yaml")
    for name, text in rules.items():
        (spec / "rules" / name).write_text(text, encoding="utf-8")
    return spec


def locate(text: str, needle: str, offset: int = 0, occurrence: int = 1) -> tuple[int, int]:
    """1-based (line, column) of the `occurrence`-th `needle` in `text`, shifted by `offset` chars."""
    index = -1
    for _ in range(occurrence):
        index = text.index(needle, index + 1)
    index += offset
    line = text.count("\n", 0, index) + 1
    column = index - (text.rfind("\n", 0, index) + 1) + 1
    return line, column


def errors_of(spec: Path) -> list[str]:
    """The formatted issues load_spec reports for `spec` (fails if it loads cleanly)."""
    with pytest.raises(SpecError) as info:
        load_spec(spec)
    return [str(e) for e in info.value.errors]


def at(path: str, text: str, needle: str, offset: int = 0, occurrence: int = 1) -> str:
    """'spec/rules/x.yaml:L:C' for the position of `needle` in `text`."""
    line, column = locate(text, needle, offset, occurrence)
    return f"{path}:{line}:{column}"


def copy_spec_citing(target: Path, pattern: str, files: str = "") -> Path:
    """spec/ with only the rules files whose text matches `pattern` (the files a drift update
    can touch) and, when given, whose file name matches `files`, plus the files whose entries
    their claims name (entry-id::scenario), so the copy still loads; the cards, schemas, peers
    and rules map stay whole."""
    import re

    rules = REPO / "spec" / "rules"
    texts = {p.name: p.read_text(encoding="utf-8") for p in rules.glob("*.yaml")}
    keep = {name for name, text in texts.items() if re.search(pattern, text) and re.search(files, name)}
    while True:
        wanted = {m for name in keep for m in re.findall(r"([a-z0-9][a-z0-9/-]*)::[a-z0-9-]+", texts[name])}
        more = {name for name, text in texts.items() if name not in keep
                and any(f"- id: {entry}\n" in text for entry in wanted)}
        if not more:
            break
        keep |= more
    shutil.copytree(REPO / "spec", target, ignore=lambda folder, names: [
        name for name in names if Path(folder).name == "rules" and name.endswith(".yaml") and name not in keep])
    return target
