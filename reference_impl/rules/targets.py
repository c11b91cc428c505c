"""Target requirements as data (115, 601.2c) and their legality checks (608.2b).

A TargetSpec describes one instance of the word "target" on a spell or ability: what it may
target, how many targets it takes (one, one per kick plus one, or any number), and whether it
exists only if the spell was kicked (702.33g). A few restrictions depend on the spell's own
decisions ("with mana value X"): those read the SpellInfo passed as `info`.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..state.characteristics import has_keyword, mana_value, power_toughness
from ..state.game import is_face_down
from ..state.layers import as_it_is, card_types, is_creature
from .prevention import protected_from
from .statics import HexproofFrom, hexproof_stops

SPELL_TARGETING = ("creature", "player", "you", "permanent-you-control", "you-or-permanent-you-control")


@dataclass(frozen=True)
class TargetSpec:
    what: str                       # any | player | opponent | player-or-planeswalker | permanent
                                    # | spell | graveyard-card | exiled-card
    types_any: tuple = ()           # at least one of these card types
    types_all: tuple = ()           # all of these card types ("artifact creature")
    types_not: tuple = ()           # none of these card types
    untapped: bool = False
    tapped: bool = False            # "target tapped creature"
    not_color: str | None = None
    colors_any: tuple = ()          # "black or green creature": one of these colors
    not_supertype: str | None = None
    not_subtype: str | None = None  # "non-Merfolk"
    subtype: str | None = None      # "target Forest"
    subtypes_or: tuple = ()         # "creature or Vehicle": a permanent of one of these subtypes passes `types_any` too
    any_graveyard: bool = False     # graveyard-card: "from a graveyard" (any player's), not "your graveyard"
    monocolored: bool = False
    keyword: str | None = None      # "creature with flying"
    keyword_unless: tuple = ()      # "artifact, enchantment, or creature with flying": not asked of these types
    max_mv: int | None = None       # "with mana value 2 or less"
    mv_is_x: bool = False           # "with mana value X" (the spell's announced X)
    # "with mana value X or less", X of the spell the ability's source resolved from (an enters
    # trigger, 107.3m) or of the spell itself
    max_mv_is_x: bool = False
    max_total_pt: int | None = None  # "with total power and toughness 5 or less"
    you_control: bool = False
    not_you_control: bool = False   # "you don't control" / "an opponent controls"
    with_flashback: bool = False    # "exiled card with flashback"
    # exiled-card: "target face-up exiled card": anyone's, not "you own"; a card exiled face down is no such card
    face_up_any_owner: bool = False
    targeting: str | None = None    # "spell that targets a creature" etc. (SPELL_TARGETING)
    distinct: bool = False          # "another target ...": not a target chosen for an earlier spec
    # "another target permanent that shares one of those types with it" (Legerdemain: artifact, creature):
    # it has one of these card types that the first spec's target has too
    shares_type_with: tuple = ()
    not_source: bool = False        # an ability's "another target creature": not the ability's source
    nontoken: bool = False          # "nontoken permanent" (111.1: a token is not a card)
    count: str = "one"              # one | one-plus-kicks | any-number | one-or-two | up-to-two
    #                                 | up-to-one (a triggered ability's "up to one target", 115.1: zero or one)
    divided: bool = False           # damage divided as its caster chooses among them (601.2d)
    only_if: object = None          # a condition on the spell (e.g. Kicked()), 702.33g
    description: str = ""

    def slots(self, info) -> int | None:
        """How many targets this spec takes for a spell with these decisions (None: any)."""
        gate = self.only_if
        if gate is not None and not getattr(gate, "gates_mode", False) and not gate.holds_for(info):
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


def _is_damageable_permanent(o, game) -> bool:
    types = card_types(game, o)  # 613.1d: an artifact an effect made a creature is one
    return o.zone == "battlefield" and ("Creature" in types or "Planeswalker" in types or "Battle" in types)


def _spell_targets(game, o, what, caster) -> bool:
    """Whether spell `o` targets something of kind `what` (for "counter target spell that
    targets ...")."""
    info = o.spell
    if info is None:
        return False
    for refs in info.targets:
        for r in refs:
            if isinstance(r, str):
                if what == "player" or (what in ("you", "you-or-permanent-you-control") and r == caster):
                    return True
                continue
            t = game.objs.get(r)
            if t is None or t.zone != "battlefield":
                continue
            if what == "creature" and is_creature(game, t):
                return True
            if what in ("permanent-you-control", "you-or-permanent-you-control") and t.controller == caster:
                return True
    return False


def is_legal(spec: TargetSpec, ref, game, controller: str, source_oid=None, info=None, from_oid=None) -> bool:
    """Whether `ref` (a player name or object id) is a legal target for `spec` now. `from_oid`:
    the source whose qualities "hexproof from [quality]" looks at (an ability's source; for a
    spell, the spell itself, `source_oid`)."""
    if isinstance(ref, str):
        if ref not in game.players:
            return False
        if hexproof_stops(game, ref, controller):
            return False  # 702.11c: hexproof stops the spells and abilities of the player's opponents
        if spec.what in ("any", "player", "player-or-planeswalker"):
            return True
        return spec.what == "opponent" and ref != controller
    if spec.what in ("player", "opponent"):
        return False
    o = game.objs.get(ref)
    if o is None or ref == source_oid:
        return False  # 115.5: a spell or ability can't target itself
    if spec.not_source and ref == from_oid:
        return False  # "another target creature": not the object whose ability it is
    if spec.what == "any":
        if not _is_damageable_permanent(o, game):
            return False
    elif spec.what == "player-or-planeswalker":
        if o.zone != "battlefield" or "Planeswalker" not in o.card.types:
            return False
    elif spec.what == "permanent":
        if o.zone != "battlefield":
            return False
    elif spec.what == "spell":
        if o.zone != "stack":
            return False
    elif spec.what == "graveyard-card":
        if o.zone != "graveyard" or (o.owner != controller and not spec.any_graveyard):
            return False
    elif spec.what == "exiled-card":
        if o.zone != "exile" or (o.owner != controller and not spec.face_up_any_owner):
            return False
        if spec.face_up_any_owner and is_face_down(game, o):  # 406.3
            return False
    if o.zone == "battlefield":
        if not _may_target_permanent(o, game, controller, source_oid, from_oid):
            return False
        o = as_it_is(game, o)  # its types, subtypes and colors as the layers give them (613.1d, 613.1e)
    card = o.card
    types = card.types
    if spec.types_any and not any(t in types for t in spec.types_any) \
            and not any(t in card.subtypes for t in spec.subtypes_or):
        return False
    if spec.types_all and not all(t in types for t in spec.types_all):
        return False
    if any(t in types for t in spec.types_not):
        return False
    if spec.untapped and o.tapped:
        return False
    if spec.nontoken and o.token:
        return False
    if spec.tapped and not o.tapped:
        return False
    if spec.not_color and spec.not_color in o.colors():
        return False
    if spec.colors_any and not any(c in o.colors() for c in spec.colors_any):
        return False
    if spec.not_supertype and spec.not_supertype in card.supertypes:
        return False
    if spec.not_subtype and spec.not_subtype in card.subtypes:
        return False
    if spec.subtype and spec.subtype not in card.subtypes:
        return False
    if spec.monocolored and len(o.colors()) != 1:
        return False
    if spec.keyword and not has_keyword(o, spec.keyword, game) \
            and not any(t in types for t in spec.keyword_unless):
        return False
    if spec.max_mv is not None and mana_value(o) > spec.max_mv:
        return False
    if spec.mv_is_x and mana_value(o) != (info.x if info is not None else 0):
        return False
    if spec.max_mv_is_x and mana_value(o) > (info.x if info is not None else 0):
        return False
    if spec.max_total_pt is not None and sum(power_toughness(game, o)) > spec.max_total_pt:
        return False
    if spec.you_control and o.controller != controller:
        return False
    if spec.not_you_control and o.controller == controller:
        return False
    if spec.with_flashback and card.flashback is None:
        return False
    if spec.targeting and not _spell_targets(game, o, spec.targeting, controller):
        return False
    return True


def shares_a_type(game, spec: TargetSpec, ref, first) -> bool:
    """`spec.shares_type_with`: has the object `ref` one of those card types that the object `first`
    has too (as the layers give them, 613.1d)?"""
    a, b = game.objs.get(ref), game.objs.get(first)
    if a is None or b is None or isinstance(ref, str) or isinstance(first, str):
        return False
    mine, theirs = card_types(game, a), card_types(game, b)
    return any(t in mine and t in theirs for t in spec.shares_type_with)


def _may_target_permanent(o, game, controller, source_oid, from_oid) -> bool:
    """The target-blocking keywords of a permanent: shroud stops every spell and ability, its
    controller's too (702.18a); hexproof stops its opponents' (702.11b); "hexproof from
    [quality]" only its opponents' spells and abilities from sources of that quality (702.11d);
    protection from [quality] every player's spells of that quality and abilities from sources
    of that quality (702.16b); "can't be the target of spells or abilities your opponents control
    this turn" stops the spells and abilities of that effect's controller's opponents, whoever
    controls the permanent (game.restrictions)."""
    if has_keyword(o, "shroud", game):
        return False
    if game.restrictions and any(r[0] == "target" and r[1] == o.oid and r[2] == o.moves and r[3] != controller
                                 for r in game.restrictions):
        return False
    if protected_from(o, game.objs.get(from_oid if from_oid is not None else source_oid), game):
        return False
    if o.controller == controller:
        return True
    if has_keyword(o, "hexproof", game):
        return False
    statics = o.card.statics
    if statics:
        src = game.objs.get(from_oid if from_oid is not None else source_oid)
        if src is not None and any(isinstance(st, HexproofFrom) and st.stops(src) for st in statics):
            return False
    return True


def candidates(spec: TargetSpec, game, controller: str, source_oid=None, info=None, from_oid=None) -> list:
    """Every legal target in a deterministic order: opponents first, then objects by zone order.
    `from_oid`: the ability's source, as for is_legal (protection and "hexproof from" read it)."""
    refs = [game.opponent(controller), controller]
    refs += list(game.battlefield) + [r for r in reversed(game.stack) if isinstance(r, int)]
    refs += game.players[controller].graveyard + game.players[controller].exile
    return [r for r in refs if is_legal(spec, r, game, controller, source_oid, info, from_oid)]


class TargetSet:
    """The targets chosen for a spell or ability, one tuple per instance of the word "target"
    (`slots`: (spec index, time its mode was chosen) per tuple, for a modal one; else one per
    spec), and which of them are still legal as it resolves (608.2b). `instance` is the time of
    the mode being performed: spec i then means that time's instance (modes.target_slots)."""

    __slots__ = ("specs", "chosen_refs", "game", "controller", "source_oid", "info", "_legal", "_slot_of",
                 "instance", "stamps")

    def __init__(self, specs, chosen_refs, game, controller, source_oid, info=None, slots=None, stamps=None):
        self.specs, self.chosen_refs = specs, chosen_refs
        self.game, self.controller, self.source_oid = game, controller, source_oid
        self.info = info
        self._legal = None
        self._slot_of = None if slots is None else {slot: k for k, slot in enumerate(slots)}
        self.instance = 0
        # {oid: zone changes} as they were targeted: a target that moved since is gone (400.7)
        self.stamps = dict(stamps) if stamps else None

    def for_instance(self, time: int) -> "TargetSet":
        """The same targets, with each spec of a mode meaning its instance for the `time`-th
        time the mode was chosen (700.2d)."""
        other = object.__new__(TargetSet)
        for name in TargetSet.__slots__:
            setattr(other, name, getattr(self, name))
        other.instance = time
        self._legal_all()
        other._legal = self._legal
        return other

    def _slot(self, i):
        if self._slot_of is None:
            return i
        k = self._slot_of.get((i, self.instance))
        return self._slot_of.get((i, 0)) if k is None else k

    def _spec_of(self, k):
        if self._slot_of is None:
            return self.specs[k]
        return self.specs[next(slot for slot, n in self._slot_of.items() if n == k)[0]]

    def chosen(self, i) -> tuple:
        k = self._slot(i)
        return self.chosen_refs[k] if k is not None and k < len(self.chosen_refs) else ()

    def _legal_all(self) -> list:
        if self._legal is None:
            n = len(self.specs) if self._slot_of is None else len(self._slot_of)
            self._legal = [[r for r in (self.chosen_refs[k] if k < len(self.chosen_refs) else ())
                            if self._same_object(r)
                            and is_legal(self._spec_of(k), r, self.game, self.controller, self.source_oid, self.info)
                            and self._shares_with_first(k, r)]
                           for k in range(n)]
        return self._legal

    def _shares_with_first(self, k, r) -> bool:
        """A spec with `shares_type_with`: `r` still shares one of those types with the first
        target as the spell resolves (608.2b: the restriction is checked again); false once the
        first target is gone."""
        spec = self._spec_of(k)
        if not spec.shares_type_with or k == 0:
            return True
        first = self.chosen_refs[0] if self.chosen_refs else ()
        return bool(first) and self._same_object(first[0]) and shares_a_type(self.game, spec, r, first[0])

    def _same_object(self, r) -> bool:
        """608.2b, 400.7: a target that changed zones since it was targeted is a new object, even
        back in the same zone: no longer the target."""
        stamps = self.stamps
        if not stamps or isinstance(r, str) or r not in stamps:
            return True
        o = self.game.objs.get(r)
        return o is not None and o.moves == stamps[r]

    def legal(self, i) -> list:
        k = self._slot(i)
        return self._legal_all()[k] if k is not None else []

    def all_illegal(self) -> bool:
        """True when it had targets and none is legal any more: it doesn't resolve (608.2b)."""
        if not any(self.chosen_refs):
            return False
        return not any(self._legal_all())
