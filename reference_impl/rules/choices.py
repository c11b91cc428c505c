"""A step's `choices` (ADAPTERS.md section 4, docs/features/): checked once against the case's labels, then read by
casting, triggers, resolution and effects."""

from __future__ import annotations

from types import MappingProxyType

from ..state.game import CaseError

QUALITIES = ("W", "U", "B", "R", "G", "artifacts")  # protection_from: a color or artifacts
NO_CHOICES = MappingProxyType({})  # the `raw` of every Choices given none: read-only, so shared


class Choices:
    """A step's `choices`, with the trigger target list consumed in order (one entry per
    targeted trigger put on the stack, matched by source label)."""

    __slots__ = ("raw", "trigger_targets")  # made once or more a step: cheaper to build

    FIELDS = frozenset({"trigger_targets", "sacrifice", "discard", "copy_targets", "clone",
                        "pay_unless", "you_may", "exile", "search", "scry", "surveil", "cast",
                        "sacrifice_cost", "tap_cost", "color", "opponent", "replacement_order",
                        "damage_source", "you_may_each", "chosen", "creature_type",
                        "protection_from", "look"})

    def __init__(self, raw, game=None):
        if not raw:  # most steps give no choices: nothing to check, and no dict of its own to make
            self.raw, self.trigger_targets = NO_CHOICES, []
            return
        if not isinstance(raw, dict):
            raise CaseError(f"choices must be a mapping, got {raw!r}")
        unknown = set(raw) - self.FIELDS
        if unknown:
            raise CaseError(f"choices: unknown field(s) {sorted(unknown)}")
        self.raw = raw
        tt = raw.get("trigger_targets", [])
        if not isinstance(tt, list) or not all(
                isinstance(e, dict) and set(e) <= {"source", "targets", "modes"} and "source" in e
                and isinstance(e.get("targets", []), list) for e in tt):
            raise CaseError("choices.trigger_targets must be a list of {source, targets, modes}")
        self.trigger_targets = list(tt)
        if game is not None:
            self._check_labels(game)

    def _check_labels(self, game):
        """Every label or player a choice names must exist in the case."""
        raw = self.raw
        names = [("choices.trigger_targets.source", e["source"]) for e in self.trigger_targets]
        names += [("choices.trigger_targets.targets", t) for e in self.trigger_targets
                  for t in e.get("targets", [])]
        for key in ("sacrifice", "clone", "damage_source"):
            if raw.get(key) is not None:
                names.append((f"choices.{key}", raw[key]))
        for key in ("discard", "copy_targets", "exile", "search", "sacrifice_cost", "tap_cost", "replacement_order",
                    "chosen"):
            value = raw.get(key)
            if value is not None:  # (most choices give one or two of these keys: no list made for the rest)
                if not isinstance(value, list):
                    raise CaseError(f"choices.{key} must be a list of labels")
                names += [(f"choices.{key}", t) for t in value]
        for key in ("scry", "surveil", "look"):  # {top|hand: [...], bottom|graveyard: [...]} (rules/library.py)
            value = raw.get(key)
            if value is not None:
                if not isinstance(value, dict) or not all(isinstance(v, list) for v in value.values()):
                    raise CaseError(f"choices.{key} must be a mapping of lists of labels")
                names += [(f"choices.{key}.{part}", t) for part, items in value.items() for t in items]
        offered = raw.get("cast")
        if offered is not None:  # a cast during resolution (608.2g; rules/offered_casts.py)
            if not isinstance(offered, dict) or not isinstance(offered.get("targets", []), list):
                raise CaseError("choices.cast must be a mapping with `card` and cast fields")
            names.append(("choices.cast.card", offered.get("card")))
            names += [("choices.cast.targets", t) for t in offered.get("targets", [])]
        if "color" in raw and raw["color"] not in ("W", "U", "B", "R", "G"):
            raise CaseError(f"choices.color must be one of W, U, B, R, G, got {raw['color']!r}")
        kind = raw.get("creature_type")
        if "creature_type" in raw and not (isinstance(kind, str) and kind[:1].isupper()):
            raise CaseError(f"choices.creature_type must be a creature type such as \"Elf\", got {kind!r}")
        if "protection_from" in raw and raw["protection_from"] not in QUALITIES:
            raise CaseError(f"choices.protection_from must be one of W, U, B, R, G, artifacts, "
                            f"got {raw['protection_from']!r}")
        if "opponent" in raw and raw["opponent"] not in game.players:
            raise CaseError(f"choices.opponent must be a player, got {raw['opponent']!r}")
        each = raw.get("you_may_each")
        if each is not None:  # feature you-may-each: one answer per ability (source, about)
            if not isinstance(each, list) or not all(
                    isinstance(e, dict) and "source" in e and set(e) <= {"source", "about", "answer"}
                    and isinstance(e.get("answer"), bool) for e in each):
                raise CaseError("choices.you_may_each must be a list of {source, about, answer} "
                                "with a boolean answer")
            names += [(f"choices.you_may_each.{key}", e[key]) for e in each for key in ("source", "about")
                      if key in e]
        for flag in ("pay_unless", "you_may"):
            if flag in raw and not isinstance(raw[flag], bool):
                raise CaseError(f"choices.{flag} must be a boolean")
        for where, name in names:
            if not isinstance(name, str) or (name not in game.labels and name not in game.players):
                raise CaseError(f"{where}: unknown label or player {name!r}")

    def get(self, key, default=None):
        return self.raw.get(key, default)

    def for_ability(self, source_label, about_label) -> "Choices":
        """The choices an ability resolving in this step sees (603.5, 608.2d): with a
        `you_may_each` entry for its source (and, when the entry names one, the object of its
        trigger event), `you_may` is that entry's answer; otherwise the step's own choices."""
        each = self.raw.get("you_may_each")
        if not each:
            return self
        for e in each:
            if e["source"] == source_label and e.get("about", about_label) == about_label:
                mine = Choices.__new__(Choices)
                mine.raw = {**self.raw, "you_may": e["answer"]}
                mine.trigger_targets = self.trigger_targets  # one list a step: its entries are taken once
                return mine
        return self

    def take_trigger_targets(self, label):
        entry = self.take_trigger_entry(label)
        return None if entry is None else entry.get("targets", [])

    def take_trigger_entry(self, label):
        """The next `trigger_targets` entry of this source (its targets and, for a modal
        triggered ability, its `modes`), or None."""
        for i, e in enumerate(self.trigger_targets):
            if e["source"] == label:
                return self.trigger_targets.pop(i)
        return None


# The Choices of every step and ability given none (most): shared, as nothing writes a Choices once
# made (its trigger targets, a tuple here, are only ever taken from a non-empty list). Making one
# per step cost a class instantiation each time.
EMPTY_CHOICES = Choices(None)
EMPTY_CHOICES.trigger_targets = ()


def choices_of_step(raw, game) -> Choices:
    """The Choices of a step's `choices` field: its own when it gives any, else EMPTY_CHOICES."""
    return Choices(raw, game) if raw else EMPTY_CHOICES
