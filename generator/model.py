"""The typed, immutable in-memory model of the spec (what `generator.loader.load_spec` returns).

Why immutable: the generator, the drift tool and the certification tools all read the same loaded
spec; none may change it behind the others' backs. Every list is a tuple and every mapping is a
read-only `types.MappingProxyType` (deep-frozen), so scenario data can be shared safely.

Public API (the generator imports exactly this):

- `Spec(root, files, cards)`: `root` is the spec directory (Path); `files` the rule files in
  path order; `cards` maps exact Oracle name -> `Card`. `Spec.entries()` yields every entry.
- `SpecFile(path, title, rules_version, entries)`: `path` is a posix path relative to the spec
  directory's parent, e.g. ``'spec/rules/kicker.yaml'``; `.stem` gives ``'kicker'``.
- `Entry(id, kind, rule, aliases, source, date, text, cites, features, fingerprints,
  checked_against, scenarios, properties, file, line)`; `Entry.items()` = scenarios then
  properties; `Entry.test_id(item)` = ``"<entry id>::<name>"``; `Entry.all_features(item)` =
  entry tags then the item's extra tags, without repeats; `Entry.rule_numbers` = rule + aliases;
  `Entry.claims` (tuple of `Claim(id, words, says, scenarios, line)`), `Entry.claim_id(claim)` =
  ``"<entry id>#<claim id>"``, `Entry.claim_tests(claim)` = the test ids that pin it.
- `Text(en, de, fr, translated)`.
- `Scenario(name, description, features, setup, steps, line)` and
  `Property(name, description, features, given, setup, steps, line)`; `setup`, `steps` (tuple of
  step mappings, each possibly with `expect`) and `given` are deep-frozen plain data.
- `Card(name, slug, mana_cost, mana_value, colors, color_identity, types, supertypes, subtypes,
  type_line, power, toughness, oracle_text, keywords, layout, scryfall_oracle_id, path, line)`.
- `card_slug(name)`: the catalog file stem of a card ("Orim's Thunder" -> "orims-thunder").
- `freeze(x)` / `thaw(x)`: plain data <-> deep-frozen data; `thaw` returns fresh JSON-compatible
  dict/list copies (what the generator renders as Python literals).
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from pathlib import Path, PurePosixPath
from types import MappingProxyType
from typing import Any, Iterator, Mapping, Union


def card_slug(name: str) -> str:
    """The catalog file stem for a card name: "Orim's Thunder" -> "orims-thunder"."""
    plain = name.lower().replace("'", "").replace("\u2019", "")
    return re.sub(r"[^a-z0-9]+", "-", plain).strip("-")


_MAPPINGS = (dict, MappingProxyType)  # concrete classes: isinstance on typing.Mapping is slow


def freeze(value: Any) -> Any:
    """Deep-freeze plain data: dict -> MappingProxyType, list/tuple -> tuple; scalars unchanged."""
    kind = type(value)  # exact types first: spec data is nothing else, and isinstance is slow
    if kind is str or kind is int or kind is bool or value is None:
        return value
    if kind is dict:
        return MappingProxyType({k: freeze(v) for k, v in value.items()})
    if kind is list or kind is tuple:
        return tuple([freeze(v) for v in value])
    if isinstance(value, _MAPPINGS) or (not isinstance(value, (str, int, float, list, tuple))
                                        and isinstance(value, Mapping)):
        return MappingProxyType({k: freeze(v) for k, v in value.items()})
    if isinstance(value, (list, tuple)):
        return tuple(freeze(v) for v in value)
    return value


def thaw(value: Any) -> Any:
    """Return a plain, JSON-compatible deep copy: mappings -> dict, tuples/lists -> list."""
    if isinstance(value, _MAPPINGS) or (not isinstance(value, (str, int, float, list, tuple))
                                        and isinstance(value, Mapping)):
        return {k: thaw(v) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [thaw(v) for v in value]
    return value


EMPTY: Mapping[str, Any] = MappingProxyType({})


@dataclass(frozen=True)
class Text:
    """The entry's text: English always; German/French exactly as the seed gives them."""

    en: str
    de: str | None = None
    fr: str | None = None
    translated: bool = False

    def get(self, lang: str) -> str | None:
        """The text in `lang` ('en', 'de' or 'fr'), or None."""
        return {"en": self.en, "de": self.de, "fr": self.fr}.get(lang)


@dataclass(frozen=True)
class Scenario:
    """A fixed case: setup plus steps (each step may carry a partial-view `expect`)."""

    name: str
    setup: Mapping[str, Any]
    steps: tuple[Mapping[str, Any], ...]
    description: str | None = None
    features: tuple[str, ...] = ()
    line: int = 0
    peer: Mapping[str, Any] | None = None  # the peer engine test it ports (repository, path, test)

    is_property = False


@dataclass(frozen=True)
class Property:
    """A Hypothesis property: a scenario whose values may be expressions over `given` parameters."""

    name: str
    given: Mapping[str, Any]
    setup: Mapping[str, Any]
    steps: tuple[Mapping[str, Any], ...]
    description: str | None = None
    features: tuple[str, ...] = ()
    line: int = 0

    is_property = True


Item = Union[Scenario, Property]


@dataclass(frozen=True)
class Claim:
    """One restrictive word or phrase of an entry's rule text, as a checkable claim.

    `words` are the words of the entry's English text the claim comes from (they must occur in
    it), `says` what an engine must do because of them, `scenarios` the tests that fail when an
    engine drops the claim: names of this entry's scenarios or properties, or `entry-id::name`.
    Self-check faults name the claims they drop (`entry-id#claim-id`), so each claim is pinned
    twice: by a scenario, and by a faulty engine that scenario rejects.

    A claim may quote a sub-rule the entry only cites (`rule`: 702.16g beside an entry about
    702.16b): then its words come from that sub-rule's text in the Comprehensive Rules, which the
    spec does not hold, so `coverage --claims --rules FILE` checks them against a release.
    """

    id: str
    words: str
    says: str
    scenarios: tuple[str, ...] = ()
    line: int = 0
    rule: str | None = None  # a sub-rule the entry cites, when the words are that sub-rule's


@dataclass(frozen=True)
class Entry:
    """One rule or ruling with the scenarios and properties that test it."""

    id: str
    kind: str  # "rule" | "ruling"
    source: str
    text: Text
    rule: str | None = None
    aliases: tuple[str, ...] = ()
    date: str | None = None
    card: str | None = None  # the catalog card a ruling is about
    note: str | None = None  # e.g. why a ruling has no known date
    cites: tuple[str, ...] = ()
    unclaimed_cites: Mapping[str, str] = field(default_factory=lambda: EMPTY)  # cited sub-rule -> why no claim
    features: tuple[str, ...] = ()
    fingerprints: Mapping[str, str] = field(default_factory=lambda: EMPTY)
    checked_against: str | None = None
    scenarios: tuple[Scenario, ...] = ()
    properties: tuple[Property, ...] = ()
    claims: tuple[Claim, ...] = ()
    file: str = ""
    line: int = 0

    @property
    def rule_numbers(self) -> tuple[str, ...]:
        """The rule this entry states and its earlier numbers (empty for rulings)."""
        return ((self.rule,) if self.rule else ()) + self.aliases

    def items(self) -> tuple[Item, ...]:
        """Scenarios, then properties, in file order within each."""
        return self.scenarios + self.properties

    def claim_id(self, claim: Claim) -> str:
        """The spec-wide id of one of this entry's claims: ``entry-id#claim-id``."""
        return f"{self.id}#{claim.id}"

    def claim_tests(self, claim: Claim) -> tuple[str, ...]:
        """The stable test ids that pin `claim` (local names resolved to ``entry-id::name``)."""
        return tuple(name if "::" in name else f"{self.id}::{name}" for name in claim.scenarios)

    def test_id(self, item: Item) -> str:
        """The stable test id ``entry-id::item-name`` used by expectations and reports."""
        return f"{self.id}::{item.name}"

    def all_features(self, item: Item | None = None) -> tuple[str, ...]:
        """The entry's feature tags followed by the item's extra tags, without repeats."""
        extra = item.features if item is not None else ()
        return tuple(dict.fromkeys(self.features + extra))


@dataclass(frozen=True)
class SpecFile:
    """One YAML file under spec/rules/."""

    path: str  # posix, relative to the spec directory's parent: 'spec/rules/kicker.yaml'
    title: str
    rules_version: str
    entries: tuple[Entry, ...]

    @property
    def stem(self) -> str:
        """The file name without extension ('kicker-rulings'); test module names derive from it."""
        return PurePosixPath(self.path).stem


@dataclass(frozen=True)
class Card:
    """One object of the card catalog (spec/cards/<slug>.yaml), Oracle values copied exactly."""

    name: str
    slug: str
    mana_cost: str | None
    mana_value: int
    colors: tuple[str, ...]
    color_identity: tuple[str, ...]
    types: tuple[str, ...]
    supertypes: tuple[str, ...]
    subtypes: tuple[str, ...]
    type_line: str
    power: str | None
    toughness: str | None
    oracle_text: str
    keywords: tuple[str, ...]
    layout: str
    scryfall_oracle_id: str | None = None
    path: str = ""
    line: int = 0


@dataclass(frozen=True)
class Spec:
    """The whole loaded spec: rule files and the card catalog."""

    root: Path
    files: tuple[SpecFile, ...]
    cards: Mapping[str, Card] = field(default_factory=lambda: EMPTY)

    def entries(self) -> Iterator[Entry]:
        """Every entry of every file, in file order."""
        for spec_file in self.files:
            yield from spec_file.entries

    def entry(self, entry_id: str) -> Entry:
        """The entry with this id (KeyError if none)."""
        for entry in self.entries():
            if entry.id == entry_id:
                return entry
        raise KeyError(entry_id)

    def counts(self) -> dict[str, int]:
        """Numbers of files, entries, scenarios, properties and cards (for summaries)."""
        entries = list(self.entries())
        return {
            "files": len(self.files),
            "entries": len(entries),
            "scenarios": sum(len(e.scenarios) for e in entries),
            "properties": sum(len(e.properties) for e in entries),
            "cards": len(self.cards),
        }
