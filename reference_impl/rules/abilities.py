"""Ability kinds as data: triggered abilities (603), static abilities (cost modifiers 601.2f,
P/T boosts 613, casting permissions, granted kicker), enters-the-battlefield replacements
(614.1c), mana abilities (605) and printed alternative costs (118.9).
"""

from __future__ import annotations

from dataclasses import dataclass

from ..state.characteristics import KEYWORD_TRIGGERS, mana_value
from ..state.layers import as_it_is
from ..state.mana import Cost
from .context import Ctx

# ---------------------------------------------------------------- triggered abilities


@dataclass(frozen=True)
class Trigger:
    """A triggered ability. `event`: enters-self | you-cast | any-cast | kick | you-counter |
    beginning-of (the beginning of `step`, 603.2: of your turn's step, or each turn's when
    `each_turn`) | self-attacks (508.3a) | enchanted-player-casts (an Aura's enchanted player
    casts a spell) | enchanted-deals-damage (the creature an Aura enchants deals damage) |
    self-becomes-blocked (once per combat as blockers are declared for it, 509.3c) |
    self-dealt-damage (damage is dealt to it, "that much" the event's amount) |
    other-creature-enters (another creature enters the battlefield, 603.6a) | other-enters (another
    permanent matching `entering` enters, read with the characteristics it entered with: 611.2e) |
    targeted-by-opponent
    (it becomes the target of a spell or ability an opponent controls, 702.21a) | opponent-draws
    (an opponent draws a card) | deals-damage-to-you (a source matching `source_filter` deals damage
    to its controller) | a-player-taps-a-land-for-mana (a triggered mana ability, 605.1b: it never
    waits in `pending` but resolves at once, rules.actions.triggered_mana_abilities).
    `condition` is checked when it triggers, against the decisions of the spell concerned
    (the event's SpellInfo; for a step or attack trigger, the decisions of the spell its source
    permanent resolved from, so "if it was kicked" works); when `intervening` (an "if" clause,
    603.4) it is checked again on resolution, otherwise it is part of the trigger event only."""

    event: str
    effects: tuple
    targets: tuple = ()
    condition: object = None
    intervening: bool = True
    step: str | None = None
    each_turn: bool = False
    chosen_player: bool = False   # "at the beginning of the chosen player's upkeep" (The Rack)
    modes: object = None          # rules.modes.Modes of a modal triggered ability (700.2b)
    controller: str | None = None  # a delayed trigger's: who controlled its creator as it resolved (603.7d)
    leaves: object = None          # for `leaves`: the LeavesBattlefield saying which permanent, to where
    source_filter: object = None   # for `deals-damage-to-you`: which sources ("a Human": a filters.Filter)
    entering: object = None        # which entering permanents `other-enters` ("a Zombie you control")
    #                                and `other-creature-enters` ("another creature you control with power
    #                                2 or less") see: a filters.Filter, `whose` relative to the source's controller

    @property
    def looks_back(self) -> bool:
        """A leaves-the-battlefield ability: it looks back in time (603.10a)."""
        return self.event == "leaves"

    def triggers_on(self, game, src, event) -> bool:
        k = self.event
        if k == "enters-self":
            ok = event.kind == "enters" and event.oid == src.oid
        elif k == "you-cast":
            ok = event.kind == "cast" and event.player == src.controller
        elif k == "any-cast":
            ok = event.kind == "cast"
        elif k == "kick":
            ok = event.kind == "kick"
        elif k == "you-counter":
            ok = event.kind == "counters-spell" and event.player == src.controller
        elif k == "beginning-of":
            whose = (src.chosen or {}).get("opponent") if self.chosen_player else src.controller
            ok = (event.kind == "step" and event.step == self.step
                  and (self.each_turn or event.player == whose))
        elif k == "targeted-by-opponent":  # 702.21a: it becomes the target of an opponent's spell or ability
            ok = event.kind == "targeted" and event.oid == src.oid and event.player != src.controller
        elif k == "opponent-draws":  # "Whenever an opponent draws a card" (121.1, 603.2)
            ok = event.kind == "draws" and event.player != src.controller
        elif k == "other-creature-enters":  # "Whenever another creature enters" (603.6a)
            ok = (event.kind == "enters" and event.oid != src.oid and event.oid in game.objs
                  and "Creature" in game.objs[event.oid].card.types
                  and (self.entering is None
                       or self.entering.selects(game, game.objs[event.oid], src.controller, src)))
        elif k == "other-enters":  # "Whenever another Zombie you control enters" (603.6a)
            o = game.objs.get(event.oid) if event.kind == "enters" and event.oid != src.oid else None
            ok = (o is not None and o.zone == "battlefield"
                  and self.entering.selects(game, as_it_is(game, o), src.controller, src))
        elif k == "enchanted-deals-damage":  # "Whenever enchanted creature deals damage" (603.2)
            ok = (event.kind == "damage" and type(src.attached) is tuple and src.attached[0] == event.oid
                  and event.oid in game.objs and game.objs[event.oid].moves == src.attached[1])
        elif k == "deals-damage-to-you":  # "Whenever a <source> deals damage to you" (603.2, 120.3)
            o = game.objs.get(event.oid) if event.kind == "damage" else None
            ok = (o is not None and event.to == src.controller
                  and (self.source_filter is None or self.source_filter.matches(game, o, src)))
        elif k == "self-attacks":
            ok = event.kind == "attacks" and event.oid == src.oid
        elif k == "self-becomes-blocked":  # "Whenever this creature becomes blocked" (509.3c)
            ok = event.kind == "blocked" and event.oid == src.oid
        elif k == "self-dealt-damage":  # "Whenever this creature is dealt damage" (603.2, 120.3)
            ok = event.kind == "dealt-damage" and event.oid == src.oid
        elif k == "enchanted-player-casts":
            ok = event.kind == "cast" and src.attached is not None and event.player == src.attached
        elif k == "leaves":  # 603.6c; called by actions.collect_leaves with `src` as it was (603.10a)
            ok = event.kind == "leaves" and self.leaves.matches(src, event.left)
        elif k in ("state", "delayed", "conspired"):  # 603.8 / 603.7 / 702.78a: never by emit()
            return False
        elif k == "a-player-taps-a-land-for-mana":  # a triggered mana ability: never waits (605.4a),
            return False                             # actions.triggered_mana_abilities resolves it
        else:
            raise ValueError(f"unknown trigger event {k!r}")
        return ok and not self.done_this_turn(game, src) and self.check(game, src, event)

    def done_this_turn(self, game, src) -> bool:
        """603.2h: an ability with an instruction followed by "Do this only once each turn" triggers
        only if its source's controller has not yet taken that action this turn (an instruction
        that says so carries `once_each_turn`; effects.OnceEachTurn records the action taken)."""
        if not game.done_this_turn:
            return False
        return any(getattr(e, "once_each_turn", False) and once_each_turn_key(src, e) in game.done_this_turn
                   for e in self.effects)

    def check(self, game, src, event) -> bool:
        if self.condition is None:
            return True
        return bool(self.condition(Ctx(game, src, src.controller, info_for(src, event), None, {}, event)))


@dataclass(frozen=True)
class LeavesBattlefield:
    """The trigger event of a leaves-the-battlefield ability (603.6c): "When this creature leaves
    the battlefield", "When this creature dies", "Whenever another creature you control dies".
    `to`: "graveyard" for dies (700.4: put into a graveyard from the battlefield), None for any
    zone. `which`: "self" (this object), "other" (another), "any" (this one or another),
    "enchanted" (the permanent this Aura enchanted as it left).
    `whose`: "you" (controlled by the ability's controller as it left), "opponents" (by an opponent),
    "owned" (owned by the ability's controller: "put into your graveyard") or "any". Every test is on
    both permanents as they last existed on the battlefield (603.10a). `one_or_more`: "Whenever
    one or more other creatures you control die" triggers once per event however many of them
    leave in it (603.2c: one event), and again for another event (rules.actions.collect_leaves)."""

    to: str | None = "graveyard"
    which: str = "self"
    whose: str = "any"
    types_any: tuple = ("Creature",)
    nontoken: bool = False
    one_or_more: bool = False
    subtypes_any: tuple = ()  # "another Human creature"

    def matches(self, src, left) -> bool:
        if self.to is not None and left.to != self.to:
            return False
        it = left.lki
        if self.which == "self":
            return it.oid == src.oid
        if self.which == "enchanted":  # "When enchanted creature dies": the object this Aura enchanted
            if src.attached != (it.oid, it.moves - 1):  # (`it` moved once since: 400.7)
                return False
        if self.which == "other" and it.oid == src.oid:
            return False
        if self.whose == "you" and it.controller != src.controller:
            return False
        if self.whose == "opponents" and it.controller == src.controller:
            return False
        if self.whose == "owned" and it.owner != src.controller:  # "put into your graveyard"
            return False
        if self.types_any and not any(t in it.card.types for t in self.types_any):
            return False
        if self.subtypes_any and it.oid != src.oid and not any(s in it.card.subtypes for s in self.subtypes_any):
            return False
        return not (self.nontoken and it.token)


def once_each_turn_key(src, instruction) -> tuple:
    """What game.done_this_turn records when the controller of `src` takes the action of an
    instruction followed by "Do this only once each turn" (603.2h): that player, that object (a
    new object after a zone change, 400.7) and that instruction."""
    return (src.controller, src.oid, src.moves, instruction)


def info_for(src, event):
    """The spell decisions an ability's conditions and amounts read: the event's spell, or for
    events about a permanent itself (a step beginning, attacking) the spell it resolved from."""
    if event is None:
        return src.etb if src is not None else None
    if event.kind in ("step", "attacks", "blocked") and src is not None:
        return src.etb
    return event.info


@dataclass(frozen=True)
class ActivatedAbility:
    """602: "[cost]: [effect]." `tap` for {T} in the cost (302.6 applies to creatures), `mana`
    for a mana part; `sorcery` for "Activate only as a sorcery" (602.5d). Resolves like a
    triggered ability without an intervening if."""

    effects: tuple
    targets: tuple = ()
    tap: bool = False
    mana: Cost | None = None
    sorcery: bool = False
    description: str = ""
    unsupported: str | None = None  # why this one ability can't be activated here (never approximated)
    costs: tuple = ()      # permanents tapped or sacrificed as part of the cost (rules.permanent_costs)
    sacrifice_self: bool = False  # "Sacrifice this creature" in the cost (701.21a, paid as the costs are, 602.2b)
    # "Remove a charge counter from this artifact" in the cost: (kind, how many) pairs, removed from
    # the ability's source as the costs are paid (602.2b, 601.2h); without them it can't be paid (118.3)
    remove_counters: tuple = ()
    # "Discard another card named [this card]" in the cost (grandeur, an ability word, 207.2c): a card with the
    # source's name from its controller's hand, put into their graveyard (701.9a)
    discard_another_named: bool = False
    intervening = False

    def check(self, game, src, event) -> bool:
        return True


@dataclass(frozen=True)
class SpellMVEqualsCounters:
    """Condition: the event's spell has mana value equal to the source's `kind` counters."""

    kind: str

    def __call__(self, ctx) -> bool:
        o = ctx.game.objs.get(ctx.event.oid)
        return o is not None and mana_value(o) == ctx.source.counters.get(self.kind, 0)


# ---------------------------------------------------------------- static abilities


@dataclass(frozen=True)
class CostModifier:
    """Spells [of some types / colours / subtypes, with mana value >= n] [you cast | your
    opponents cast] cost {amount} more (amount > 0) or less (< 0), [for each `per`]
    [during your turn] [that target this permanent]. `per` counts for the source's controller
    (a filters.Count or PlayerCounters)."""

    amount: int
    types_any: tuple = ()
    types_not: tuple = ()
    yours: bool = False
    opponents: bool = False
    colors_any: tuple = ()
    colorless: bool = False
    subtypes_any: tuple = ()
    min_mv: int | None = None
    per: object = None
    your_turn: bool = False
    targeting_source: bool = False  # "Spells ... that target this creature" (601.2f after 601.2c)
    color: str | None = None  # "cost {W} more": mana of this type (W U B R G), not generic

    def applies(self, src, spell_card, caster, chosen=()) -> bool:
        if self.yours and src.controller != caster:
            return False
        if self.opponents and src.controller == caster:
            return False
        if self.targeting_source and not any(src.oid in group for group in chosen):
            return False
        if self.types_any and not any(t in spell_card.types for t in self.types_any):
            return False
        if self.colors_any and not any(c in spell_card.colors for c in self.colors_any):
            return False
        if self.colorless and spell_card.colors:
            return False
        if self.subtypes_any and not any(t in spell_card.subtypes for t in self.subtypes_any):
            return False
        if self.min_mv is not None and (spell_card.cost is None
                                        or spell_card.cost.mana_value(0) < self.min_mv):
            return False
        return not any(t in spell_card.types for t in self.types_not)

    def amount_for(self, game, src) -> int:
        if self.your_turn and game.active != src.controller:
            return 0
        if self.per is None:
            return self.amount
        return self.amount * self.per.count(game, src.controller, src)


@dataclass(frozen=True)
class SelfCostModifier:
    """"This spell costs {n} less/more to cast [if <condition>] [for each <count>]" (601.2f),
    or {n} more for each target beyond the first (`per_extra_target`). Conditions and counts
    are about the caster's board (filters.AtLeast / Count ...)."""

    amount: int
    condition: object = None
    per: object = None
    per_extra_target: bool = False
    color: str | None = None  # "costs {G} less for each ...": mana of this type, not generic

    def amount_for(self, game, caster, n_targets: int) -> int:
        if self.condition is not None and not self.condition.holds(game, caster):
            return 0
        if self.per_extra_target:
            return self.amount * max(0, n_targets - 1)
        if self.per is not None:
            return self.amount * self.per.count(game, caster)
        return self.amount


@dataclass(frozen=True)
class CantBeCountered:
    """"This spell can't be countered" (a countering effect leaves it on the stack)."""

    cant_be_countered: bool = True


@dataclass(frozen=True)
class KeywordGrant:
    """"[Creatures / Golems] you control [with a +1/+1 counter on them] have <keywords>"; with
    `not_your_turn`: "As long as it's not your turn, ..." (611.3a: checked at every moment)."""

    keywords: tuple
    filter: object  # filters.Filter (battlefield, whose relative to the source's controller)
    not_your_turn: bool = False

    def grant_for(self, game, src, o) -> tuple:
        if self.filter.whose == "you" and o.controller != src.controller:
            return ()
        if self.not_your_turn and game.active == src.controller:
            return ()
        return self.keywords if self.filter.matches(game, o, src) else ()

    @property
    def grants_triggers(self) -> bool:
        """A granted keyword that is a triggered ability (undying, 702.93a): see
        state.characteristics.granted_triggers."""
        return not KEYWORD_TRIGGERS.keys().isdisjoint(self.keywords)

    def grant_triggers_for(self, game, src, o) -> tuple:
        return tuple(k for k in self.grant_for(game, src, o) if k in KEYWORD_TRIGGERS)


@dataclass(frozen=True)
class CantHaveCounters:
    """"This creature can't have counters put on it." Neither while it is on the battlefield nor
    as it enters with them (122.6): an effect that would put counters on it puts none
    (rules.replacement.put_counters asks `no_counters`)."""

    no_counters: bool = True


@dataclass(frozen=True)
class TriggersAdditionalTime:
    """603.2d: "If <a creature dying / an artifact or creature entering / a permanent entering>
    causes a triggered ability of a permanent you control to trigger, that ability triggers an
    additional time." `cause`: "dies" or "enters"; `types_any`: the card types of the object dying
    or entering that count (empty: any permanent). Triggered abilities of permanents only: never
    a delayed one (603.2d); each such ability adds one time (two Teysas: three times)."""

    cause: str
    types_any: tuple = ()

    def extra_for(self, src, cause: str, trigger_source, obj) -> int:
        """How many additional times a triggered ability of `trigger_source` (as it was) triggers
        because `obj` (as it was) died or entered; `src` is this ability's permanent."""
        if cause != self.cause or trigger_source.controller != src.controller:
            return 0
        if self.types_any and not any(t in obj.card.types for t in self.types_any):
            return 0
        return 1


def additional_times(pairs, cause: str, trigger_source, obj) -> int:
    """603.2d: the additional times from the (permanent, static) `pairs` that apply."""
    return sum(st.extra_for(s, cause, trigger_source, obj) for s, st in pairs)


@dataclass(frozen=True)
class MinimumCost:
    """"each spell that would cost less than N mana to cast costs N mana" (while untapped);
    the difference is generic mana. It acts on the total cost after increases and reductions
    (601.2f), whatever the base cost was: alternative costs and free casts included."""

    amount: int
    while_untapped: bool = True


@dataclass(frozen=True)
class PTBoost:
    """[Other] creatures with one of `subtypes` [you control] get +n/+n, n a constant or the
    number of `per_counter` counters on the source."""

    subtypes: tuple
    other: bool = False
    you_control: bool = False
    per_counter: str | None = None
    amount: int = 1

    def boost_for(self, game, src, o):
        if self.other and o.oid == src.oid:
            return 0, 0
        if self.you_control and o.controller != src.controller:
            return 0, 0
        if "Creature" not in o.card.types or not any(s in o.card.subtypes for s in self.subtypes):
            return 0, 0
        n = src.counters.get(self.per_counter, 0) if self.per_counter else self.amount
        return n, n


@dataclass(frozen=True)
class SelfBoostWhile:
    """"This creature gets +p/+t as long as you control a [Forest]." (611.3a): `condition` is a
    board condition (filters.AtLeast) about the creature's controller."""

    condition: object
    power: int = 0
    toughness: int = 0

    def boost_for(self, game, src, o):
        if o.oid != src.oid or not self.condition.holds(game, src.controller, src):
            return 0, 0
        return self.power, self.toughness


@dataclass(frozen=True)
class EnchantedGets:
    """"Enchanted creature gets +p/+t [and has <keywords>]" (613.4c, layer 6): a static ability of
    an Aura, for the object it enchants (303.4)."""

    power: int = 0
    toughness: int = 0
    keywords: tuple = ()
    triggers: tuple = ()  # triggered abilities it has: "and has 'When this creature dies, ...'" (613.1f)
    subtypes: tuple = ()  # "and is an Angel in addition to its other types" (layer 4, 205.1b)

    def _enchants(self, game, src, o) -> bool:
        attached = game.objs[src.oid].attached if src.oid in game.objs else None
        return type(attached) is tuple and attached[0] == o.oid and game.objs[o.oid].moves == attached[1]

    def boost_for(self, game, src, o):
        if (self.power or self.toughness) and self._enchants(game, src, o):
            return self.power, self.toughness
        return 0, 0

    def grant_for(self, game, src, o) -> tuple:
        return self.keywords if self.keywords and self._enchants(game, src, o) else ()

    def subtypes_for(self, game, src, o) -> tuple:
        return self.subtypes if self.subtypes and self._enchants(game, src, o) else ()

    @property
    def grants_triggers(self) -> bool:
        return bool(self.triggers) or not KEYWORD_TRIGGERS.keys().isdisjoint(self.keywords)

    def grant_triggers_for(self, game, src, o) -> tuple:
        if not self._enchants(game, src, o):
            return ()
        return self.triggers + tuple(k for k in self.keywords if k in KEYWORD_TRIGGERS)


@dataclass(frozen=True)
class SelfBoostPer:
    """"This creature gets +1/+1 for each <count>" (611.3a, layer 7c): `count` a filters.Count for
    the creature's controller."""

    count: object
    power: int = 1
    toughness: int = 1

    def boost_for(self, game, src, o):
        if o.oid != src.oid:
            return 0, 0
        n = self.count.count(game, src.controller, src)
        return self.power * n, self.toughness * n


@dataclass(frozen=True)
class SelfKeywordsWhile:
    """"This creature has <keywords> as long as <condition>" (611.3a, layer 6): `condition` is a
    condition about the creature's controller (filters.AtLeast, HandAtMost)."""

    keywords: tuple
    condition: object

    def grant_for(self, game, src, o) -> tuple:
        if o.oid != src.oid or not self.condition.holds(game, src.controller, src):
            return ()
        return self.keywords


@dataclass(frozen=True)
class CameUnderYourControlSinceYourLastUpkeep:
    """Echo's condition (702.30a): "if this permanent came under your control since the beginning
    of your last upkeep". It is asked in its controller's upkeep: the permanent was not under their
    control continuously since their previous turn began (no player acts in an untap step, so that
    is the same moment as the beginning of their last upkeep; in their first turn every permanent
    they control came under their control since)."""

    def __call__(self, ctx) -> bool:
        src, game = ctx.source, ctx.game
        return (src is not None and src.controller == game.active
                and (src.oid, src.moves) in game.arrived)


@dataclass(frozen=True)
class CreatureDiedThisTurn:
    """Morbid's condition (an ability word, 207.2c): "if a creature died this turn"."""

    def __call__(self, ctx) -> bool:
        return ctx.game.died_this_turn > 0


@dataclass(frozen=True)
class TokensDoubled:
    """"If an effect would create one or more tokens under your control, it creates twice that
    many of those tokens instead." (a replacement effect, 614.1a; each one doubles again, 616.1)."""

    tokens_doubled: bool = True


@dataclass(frozen=True)
class DamageBecomesCounters:
    """"If damage would be dealt to this creature, put that many +1/+1 counters on it instead."
    (a replacement effect of the creature itself, 614.1a)"""

    counters_instead: bool = True


@dataclass(frozen=True)
class CantBlockPowerAtLeast:
    """"This creature can't block creatures with power N or greater." (509.1b)"""

    power: int


@dataclass(frozen=True)
class CantBeBlockedExceptBy:
    """"[Subtype]s can't be blocked except by [subtype]s" (509.1b): a static ability for every
    creature of the subtype, whoever controls it."""

    subtype: str


@dataclass(frozen=True)
class HandAtMost:
    """A condition on a player's hand: at most `n` cards in it (hellbent: no cards, n=0)."""

    n: int = 0

    def holds(self, game, player, source=None) -> bool:
        return len(game.players[player].hand) <= self.n


@dataclass(frozen=True)
class SelfBoostWhileAnyControls:
    """"This creature gets +p/+t as long as any player controls a [color] permanent." (611.3a:
    a static ability of the creature itself, on while the condition holds)."""

    color: str
    power: int = 0
    toughness: int = 0

    def boost_for(self, game, src, o):
        if o.oid != src.oid:
            return 0, 0
        if any(self.color in game.objs[sid].colors() for sid in game.battlefield):
            return self.power, self.toughness
        return 0, 0


@dataclass(frozen=True)
class HexproofFrom:
    """702.11d: "hexproof from [quality]" of the permanent itself, the quality a color: it can't
    be the target of spells of that color its opponents control, or of abilities its opponents
    control from sources of that color. Several colors are separate abilities (702.11f)."""

    colors: tuple

    def stops(self, source) -> bool:
        """Whether a spell or ability from `source` (the spell itself, or an ability's source)
        has the quality."""
        return any(c in source.colors() for c in self.colors)


@dataclass(frozen=True)
class CantBeBlocked:
    """"This creature can't be blocked." (509.1b)"""


@dataclass(frozen=True)
class CastWithoutPaying:
    """"You may cast spells from your hand without paying their mana costs."""

    zone: str = "hand"


@dataclass(frozen=True)
class GrantKicker:
    """"[Creature] spells you cast have sticker kicker {cost}" (702.33h)."""

    cost: Cost
    types_any: tuple = ("Creature",)
    sticker: bool = True


# ---------------------------------------------------------------- enters replacements (614.1c)


@dataclass(frozen=True)
class EntersWithCounters:
    kind: str
    amount: object
    condition: object = None


@dataclass(frozen=True)
class EntersWithKeywords:
    keywords: tuple
    condition: object = None


@dataclass(frozen=True)
class Enchant:
    """"Enchant player" / "Enchant creature" (702.5a, 303.4a): the Aura spell targets a player
    (a creature) and, resolving, enters attached to it (303.4b); the Aura's spell target is
    given by the card's behaviour."""

    what: str = "player"


@dataclass(frozen=True)
class CantPayLifeOrSacrificeCreatures:
    """"Players can't pay life or sacrifice creatures to cast spells or activate abilities." (Angel
    of Jubilation; 101.2: "can't" beats a cost's "may"; 119.4b: 0 life can always be paid). Checked
    where such costs are paid (rules/permanent_costs.py)."""


@dataclass(frozen=True)
class CantAttackAlone:
    """"This creature can't attack alone." (506.5: it attacks alone if it is the only creature
    declared as an attacker; a restriction checked as attackers are declared, 508.1c)."""


@dataclass(frozen=True)
class EntersTapped:
    """"This land enters tapped." (614.1c-d: a replacement effect as it enters, however it enters);
    with `condition` (a condition of the context, as for EntersWithCounters), "This land enters
    tapped unless ...": it enters tapped only when the condition holds (614.12: checked as it
    would exist on the battlefield, before it enters)."""

    condition: object = None


@dataclass(frozen=True)
class PlayLandsFromGraveyard:
    """"You may play lands from your graveyard." (a permission that overrides 305.1's "from their
    hand" for its controller's own graveyard, 101.1; each land played still counts, 305.2a)."""


@dataclass(frozen=True)
class EntersChoosingColor:
    """"As this enters, choose a color." (614.12a: the choice is made as it enters; the
    step's `color` choice, else white)."""


@dataclass(frozen=True)
class EntersChoosingOpponent:
    """"As this enters, choose an opponent." (the step's `opponent` choice, else the other
    player; in a two-player game the only opponent is the other player, 102.2)."""


@dataclass(frozen=True)
class CantCastChosenColor:
    """"Your opponents can't cast spells of the chosen color." (Iona, Shield of Emeria)."""


@dataclass(frozen=True)
class CantDuringPhase:
    """"During combat, players can't cast instant spells or activate abilities that aren't mana
    abilities." (Hand to Hand): while the game is in one of `steps` (a phase's steps), no player,
    its controller included, casts a spell with one of the card types `spell_types`, nor, with
    `nonmana_abilities`, activates an activated ability that isn't a mana ability (605.1a; mana
    abilities stay allowed). 304.5: "instant spells" are spells with the card type instant; a
    creature spell with flash (cast "any time you could cast an instant") is none."""

    steps: tuple
    spell_types: tuple = ()
    nonmana_abilities: bool = False

    def forbids_spell(self, card) -> bool:
        return any(t in card.types for t in self.spell_types)


def forbidding_source(game, spell_card=None):
    """The permanent whose CantDuringPhase forbids, at this point of the turn, casting
    `spell_card` (a spell's card, as cast) or, with None, activating a non-mana activated
    ability; None when nothing forbids it (101.2: "can't" beats "may")."""
    objs = game.objs
    for sid in game.battlefield:
        statics = objs[sid].card.statics
        if not statics:
            continue
        for st in statics:
            if isinstance(st, CantDuringPhase) and game.step in st.steps and (
                    st.forbids_spell(spell_card) if spell_card is not None else st.nonmana_abilities):
                return objs[sid]
    return None


@dataclass(frozen=True)
class EntersAsCopy:
    """"You may have this creature enter as a copy of any creature on the battlefield" (`clone`
    choice); with `zone` "graveyard", "... of any creature card in a graveyard" (707.2: a card's
    copiable values are its printed ones)."""

    zone: str = "battlefield"


# ---------------------------------------------------------------- mana abilities and alt costs


@dataclass(frozen=True)
class ManaAbility:
    """605: `cost` is "tap" (and also removing a `counter` when given: "{T}, Remove a -1/-1
    counter from this creature") or "remove-counter" (of `counter`), plus `mana` to pay from the
    pool ("{1}, {T}: Add {U}{R}.") and `sacrifice_self` ("{1}, {T}, Sacrifice this artifact:
    Add one mana of any color.", 701.21a); it adds `produce` (mana type letters, one mana each),
    one mana of any colour (`any_color`) or of one of the colours `one_of` ("Add {U} or {R}."), or
    that mana once per `per_counter` counter on the source."""

    cost: str = "tap"
    produce: str | None = None
    any_color: bool = False
    one_of: str | None = None  # "{T}: Add {U} or {R}.": one mana of one of these colors, chosen
    per_counter: str | None = None
    counter: str | None = None
    mana: Cost | None = None
    sacrifice_self: bool = False


@dataclass(frozen=True)
class PrintedAltCost:
    """"You may pay N life and exile a [colour] card from your hand rather than pay this
    spell's mana cost" (118.9)."""

    life: int = 0
    exile_color: str | None = None


@dataclass(frozen=True)
class CastSpell:
    """Condition on the spell of a cast event: its card types, and "with mana value greater
    than the number of <kind> counters you have" (part of the trigger event, not an "if")."""

    types_any: tuple = ()
    types_not: tuple = ()
    mv_over_counters: str | None = None
    targets_only_source: bool = False  # "that targets only [this creature]" (one target, this one)

    def __call__(self, ctx) -> bool:
        o = ctx.game.objs.get(ctx.event.oid) if ctx.event is not None else None
        if o is None:
            return False
        if self.targets_only_source:
            chosen = [r for group in (o.spell.targets if o.spell is not None else ()) for r in group]
            if not chosen or any(r != ctx.source.oid for r in chosen):
                return False
        types = o.card.types
        if self.types_any and not any(t in types for t in self.types_any):
            return False
        if any(t in types for t in self.types_not):
            return False
        if self.mv_over_counters is not None:
            have = ctx.game.players[ctx.controller].counters.get(self.mv_over_counters, 0)
            return mana_value(o) > have
        return True


@dataclass(frozen=True)
class BoardHolds:
    """Condition: a board condition (filters.AtLeast ...) holds for the controller, e.g. "if you
    control another creature named ...", "fateful hour: if you have 5 or less life"."""

    what: object

    def __call__(self, ctx) -> bool:
        return self.what.holds(ctx.game, ctx.controller, ctx.source)


@dataclass(frozen=True)
class AttackedThisTurn:
    """Condition: "if this creature attacked this turn": it was declared as an attacker this turn
    (508.1a) as the object it is now (400.7)."""

    def __call__(self, ctx) -> bool:
        src = ctx.source
        return src is not None and (src.oid, src.moves) in ctx.game.attacked_this_turn


@dataclass(frozen=True)
class CameUnderControlThisTurn:
    """Condition: "if it came under your control this turn": its controller hasn't controlled it
    continuously since their most recent turn began (the summoning-sickness test, 302.6), read
    during its controller's own turn."""

    def __call__(self, ctx) -> bool:
        return ctx.source is not None and ctx.source.sick


@dataclass(frozen=True)
class LifeAtMost:
    """"If you have N or less life" (fateful hour)."""

    n: int

    def holds(self, game, player, source=None) -> bool:
        return game.players[player].life <= self.n
