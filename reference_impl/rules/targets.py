"""Target requirements as data (115, 601.2c) and their legality checks (608.2b).

A TargetSpec describes one instance of the word "target" on a spell or ability: what it may
target, how many targets it takes (one, one per kick plus one, or any number), and whether it
exists only if the spell was kicked (702.33g).
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class TargetSpec:
    what: str                       # any | player | opponent | permanent | spell | graveyard-card
    types_any: tuple = ()           # at least one of these card types
    types_not: tuple = ()           # none of these card types
    untapped: bool = False
    not_color: str | None = None
    not_supertype: str | None = None
    you_control: bool = False
    count: str = "one"              # one | one-plus-kicks | any-number
    only_if: object = None          # a condition on the spell (e.g. Kicked()), 702.33g
    description: str = ""

    def slots(self, info) -> int | None:
        """How many targets this spec takes for a spell with these decisions (None: any)."""
        if self.only_if is not None and not self.only_if.holds_for(info):
            return 0
        if self.count == "one":
            return 1
        if self.count == "one-plus-kicks":
            return 1 + len(info.linked)  # kicks of its own multikicker (702.33e)
        return None


def describe(ref, game) -> str:
    if isinstance(ref, str):
        return ref
    o = game.objs.get(ref)
    return o.label or o.card.name if o else "?"


def is_legal(spec: TargetSpec, ref, game, controller: str, source_oid=None) -> bool:
    """Whether `ref` (a player name or object id) is a legal target for `spec` now."""
    if isinstance(ref, str):
        if ref not in game.players:
            return False
        if spec.what in ("any", "player"):
            return True
        return spec.what == "opponent" and ref != controller
    if spec.what in ("player", "opponent"):
        return False
    o = game.objs.get(ref)
    if o is None or ref == source_oid:
        return False  # 115.5: a spell or ability can't target itself
    if spec.what == "any":
        if o.zone != "battlefield" or not ("Creature" in o.card.types
                                            or "Planeswalker" in o.card.types
                                            or "Battle" in o.card.types):
            return False
    elif spec.what == "permanent":
        if o.zone != "battlefield":
            return False
    elif spec.what == "spell":
        if o.zone != "stack":
            return False
    elif spec.what == "graveyard-card":
        if o.zone != "graveyard" or o.owner != controller:
            return False
    types = o.card.types
    if spec.types_any and not any(t in types for t in spec.types_any):
        return False
    if any(t in types for t in spec.types_not):
        return False
    if spec.untapped and o.tapped:
        return False
    if spec.not_color and spec.not_color in o.colors():
        return False
    if spec.not_supertype and spec.not_supertype in o.card.supertypes:
        return False
    if spec.you_control and o.controller != controller:
        return False
    return True


def candidates(spec: TargetSpec, game, controller: str, source_oid=None) -> list:
    """Every legal target in a deterministic order: opponents first, then objects by zone order."""
    refs = [game.opponent(controller), controller]
    refs += list(game.battlefield) + [r for r in reversed(game.stack) if isinstance(r, int)]
    refs += game.players[controller].graveyard
    return [r for r in refs if is_legal(spec, r, game, controller, source_oid)]


class TargetSet:
    """The targets chosen for a spell or ability, one tuple per target spec, and which of them
    are still legal as it resolves (608.2b)."""

    __slots__ = ("specs", "chosen_refs", "game", "controller", "source_oid", "_legal")

    def __init__(self, specs, chosen_refs, game, controller, source_oid):
        self.specs, self.chosen_refs = specs, chosen_refs
        self.game, self.controller, self.source_oid = game, controller, source_oid
        self._legal = None

    def chosen(self, i) -> tuple:
        return self.chosen_refs[i] if i < len(self.chosen_refs) else ()

    def legal(self, i) -> list:
        if self._legal is None:
            self._legal = [[r for r in self.chosen(k)
                            if is_legal(s, r, self.game, self.controller, self.source_oid)]
                           for k, s in enumerate(self.specs)]
        return self._legal[i]

    def all_illegal(self) -> bool:
        """True when it had targets and none is legal any more: it doesn't resolve (608.2b)."""
        if not any(self.chosen_refs):
            return False
        return not any(self.legal(i) for i in range(len(self.specs)))
