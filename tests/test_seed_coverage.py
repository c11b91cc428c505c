"""Every lettered rule and every ruling of the four seed documents maps to a spec entry.

Rules map by number (the entry's `rule` or one of its `aliases`) and must carry the seed's text
in that language; rulings map by their exact text appearing in some entry's text in that
language. Only whitespace is normalized. A missed item fails the test, naming it.

One deliberate exception: an entry has a single `en`, the CURRENT wording of its rule (702.33x,
seed 002). The English texts of seeds 000 and 004 are the superseded 702.30x wording ("601.2e-g",
"are kicked"), so they cannot also be an entry's `en`; they are matched by number only, through
`aliases`. Their German and French texts (the only ones the sources give) are matched exactly.

The seeds live in ../shared/seeds beside the repository (as in CI); without them the test skips.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path

import pytest
from spec_helpers import REPO

from generator.loader import SpecError, load_spec

SEEDS = Path(REPO).parent / "shared" / "seeds"
S000, S002, S003, S004 = ("000_df8020ce1ef839d3.txt", "002_a6a03caacab1e712.txt",
                          "003_22bb2fdeca55083b.txt", "004_c3c0b28d1fb5f716.txt")

pytestmark = pytest.mark.skipif(
    not all((SEEDS / name).is_file() for name in (S000, S002, S003, S004)),
    reason=f"seed documents not found in {SEEDS} (the shared folder beside the repository is absent)",
)


@dataclass(frozen=True)
class Item:
    seed: str
    lang: str
    kind: str  # "rule" | "ruling"
    text: str
    number: str | None = None

    def __str__(self) -> str:
        head = f"{self.seed} [{self.lang}] " + (f"rule {self.number}" if self.number else "ruling")
        return f"{head}: {self.text[:90]}..."


def norm(text: str) -> str:
    return " ".join(text.split())


RULE_LINE = re.compile(r"^(?:- )?(702\.3[03][a-h]) (.+?)(?: \(refs: [^)]*\))?$")


def _rules(seed: str, lang: str, lines: list[str]) -> list[Item]:
    return [Item(seed, lang, "rule", m.group(2), m.group(1))
            for m in (RULE_LINE.match(line.strip()) for line in lines) if m]


def _bullets(seed: str, lang: str, lines: list[str]) -> list[Item]:
    return [Item(seed, lang, "ruling", line.strip()[1:].strip())
            for line in lines if line.strip().startswith("•")]


def _between(lines: list[str], start: str, end: str | None) -> list[str]:
    """The lines from the first starting with `start` up to (not including) the first with `end`."""
    i = next(n for n, line in enumerate(lines) if line.strip().startswith(start))
    j = next((n for n, line in enumerate(lines) if n > i and end and line.strip().startswith(end)), len(lines))
    return lines[i:j]


def seed_items() -> list[Item]:
    """Every rule and ruling of the seeds, with counts checked so a parser slip cannot hide items."""
    read = lambda name: (SEEDS / name).read_text(encoding="utf-8").splitlines()  # noqa: E731
    s000, s002, s003, s004 = read(S000), read(S002), read(S003), read(S004)
    de0 = _between(s000, "Kicker / Bonus", "Kicker is an ability")
    en0 = _between(s000, "Kicker is an ability", None)
    continuation = [line.strip() for line in de0 if line.startswith("Andere bleibende Karten mit Multibonus")]
    fr4 = _between(s004, "La traduction française", "La version originale")
    en4 = _between(s004, "La version originale", "Alors c'était")
    dated = [s003[n + 2].strip() for n, line in enumerate(s003)
             if re.fullmatch(r"\d\d/\d\d/\d{4}", line.strip()) and n + 2 < len(s003)]
    groups = {
        ("000 de rules", 7): _rules(S000, "de", de0),
        ("000 en rules", 7): _rules(S000, "en", en0),
        ("004 fr rules", 7): _rules(S004, "fr", fr4),
        ("004 en rules", 7): _rules(S004, "en", en4),
        ("002 en rules", 8): _rules(S002, "en", s002),
        ("000 de bullets + continuation", 9): _bullets(S000, "de", de0)
        + [Item(S000, "de", "ruling", text) for text in continuation],
        ("000 en bullets", 9): _bullets(S000, "en", en0),
        ("004 fr bullets", 4): _bullets(S004, "fr", fr4),
        ("003 de dated rulings", 10): [Item(S003, "de", "ruling", text) for text in dated],
    }
    for (what, expected), items in groups.items():
        assert len(items) == expected, f"seed parser found {len(items)} {what}, expected {expected}"
    return [item for items in groups.values() for item in items]


@pytest.fixture(scope="module")
def spec():
    try:
        return load_spec(REPO / "spec")
    except SpecError as exc:
        pytest.fail("the repository spec does not validate, so coverage cannot be checked:\n" + str(exc))


def test_seed_parser_sees_the_known_items():
    items = seed_items()
    texts = {(i.seed, i.lang, i.number) for i in items if i.kind == "rule"}
    assert (S002, "en", "702.33h") in texts and (S000, "de", "702.30g") in texts
    continuation = [i for i in items if i.text.startswith("Andere bleibende Karten mit Multibonus")]
    assert len(continuation) == 1 and continuation[0].text.endswith("ihre Bonuskosten zu bezahlen.")
    english_last = [i for i in items if i.seed == S000 and i.lang == "en" and i.kind == "ruling"][-1]
    assert english_last.text.startswith("One older card, Saproling Infestation")
    assert all(not i.text.endswith("(refs: 601.2b)") for i in items)


def missing_items(spec, items: list[Item]) -> list[Item]:
    """The items no entry covers (see the module docstring for what covers an item)."""
    entries = list(spec.entries())
    missing = []
    for item in items:
        wanted = norm(item.text)
        if item.kind == "rule" and item.lang == "en" and any(item.number in e.aliases for e in entries):
            continue  # superseded English wording of a renumbered rule: by number only (see docstring)
        candidates = [e for e in entries if item.number in e.rule_numbers] if item.kind == "rule" else entries
        if not any(wanted in norm(e.text.get(item.lang) or "") for e in candidates):
            missing.append(item)
    return missing


def test_every_seed_rule_and_ruling_maps_to_an_entry(spec):
    missing = missing_items(spec, seed_items())
    assert not missing, f"{len(missing)} seed item(s) without an entry:\n" + "\n".join(map(str, missing))


def test_a_missed_bullet_is_named(spec):
    """The check itself must fail for an item that no entry carries."""
    item = Item(S000, "en", "ruling", "A bullet that no entry carries, invented for this test.")
    rule = Item(S002, "en", "rule", "Kicker is a static ability", "702.99z")
    old_rule = Item(S000, "en", "rule", "Kicker is a static ability", "702.29a")  # no entry has this alias
    german = Item(S000, "de", "rule", "Bonus ist keine statische Fähigkeit.", "702.30a")  # wrong text
    assert missing_items(spec, [item, rule, old_rule, german]) == [item, rule, old_rule, german]
    assert "000_df8020ce1ef839d3.txt [en] ruling: A bullet that no entry" in str(item)
