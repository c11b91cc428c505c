"""Ability kinds as data: triggered abilities (603), static abilities (cost modifiers 601.2f,
P/T boosts 613, casting permissions, granted kicker), enters-the-battlefield replacements
(614.1c), mana abilities (605) and printed alternative costs (118.9).
"""

from __future__ import annotations

from dataclasses import dataclass

from ..state.characteristics import mana_value
from ..state.layers import as_it_is, is_creature
from ..state.mana import Cost
from .context import Ctx

# ---------------------------------------------------------------- triggered abilities


@dataclass(frozen=True)
class Trigger:
    """A triggered ability. `event`: enters-self | you-cast | any-cast | kick | you-counter |
    beginning-of (the beginning of `step`, 603.2: of your turn's step, or each turn's when
    `each_turn`) | enchanted-player-casts (an Aura's enchanted player
    casts a spell) | enchanted-deals-damage (the creature an Aura enchants deals damage) |
    self-attacks (it is declared as an attacker, 508.3a) |
    self-becomes-blocked (once per combat as blockers are declared for it, 509.3c) |
    self-dealt-damage (damage is dealt to it, "that much" the event's amount) |
    self-deals-combat-damage-to-opponent (it deals combat damage to an opponent, 510.2) |
    other-creature-enters (another creature enters the battlefield, 603.6a) | other-enters (another
    permanent matching `entering` enters, read with the characteristics it entered with: 611.2e) |
    targeted-by-opponent
    (it becomes the target of a spell or ability an opponent controls, 702.21a) |
    self-targeted-by-spell (it becomes the target of a spell, anyone's: "that spell's controller" is
    the event's player) | opponent-draws
    (an opponent draws a card) | deals-damage-to-you (a source matching `source_filter` deals damage
    to its controller) | you-gain-life (its controller gains life, 119.9) |
    a-player-taps-a-land-for-mana (a triggered mana ability, 605.1b: it never
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
    enchanted_player: bool = False  # "at the beginning of enchanted player's upkeep" (a Curse, 303.4)
    modes: object = None          # rules.modes.Modes of a modal triggered ability (700.2b)
    controller: str | None = None  # a delayed trigger's: who controlled its creator as it resolved (603.7d)
    leaves: object = None          # for `leaves`: the LeavesBattlefield saying which permanent, to where
    source_filter: object = None   # for `deals-damage-to-you`: which sources ("a Human": a filters.Filter)
    entering: object = None        # which entering permanents `other-enters` ("a Zombie you control")
    #                                and `other-creature-enters` ("another creature you control with power
    #                                2 or less") see: a filters.Filter, `whose` relative to the source's controller
    arriving: object = None        # for `cards-to-your-graveyard`: the PutIntoGraveyard saying which cards

    @property
    def looks_back(self) -> bool:
        """A leaves-the-battlefield ability: it looks back in time (603.10a)."""
        return self.event == "leaves"

    def triggers_on(self, game, src, event) -> bool:
        k = self.event
        if k == "enters-self":
            ok = event.kind == "enters" and event.oid == src.oid
        elif k == "enters-or-transforms-self":  # "When this creature enters or transforms into <its
            # name>" (701.27e: seen with the face it has after transforming; only that face has it)
            ok = event.kind in ("enters", "transformed") and event.oid == src.oid
        elif k == "you-cast":
            ok = event.kind == "cast" and event.player == src.controller
        elif k == "any-cast":
            ok = event.kind == "cast"
        elif k == "kick":
            ok = event.kind == "kick"
        elif k == "you-counter":
            ok = event.kind == "counters-spell" and event.player == src.controller
        elif k == "beginning-of":
            whose = ((src.chosen or {}).get("opponent") if self.chosen_player
                     else src.attached if self.enchanted_player else src.controller)
            ok = (event.kind == "step" and event.step == self.step
                  and (self.each_turn or event.player == whose))
        elif k == "targeted-by-opponent":  # 702.21a: it becomes the target of an opponent's spell or ability
            ok = event.kind == "targeted" and event.oid == src.oid and event.player != src.controller
        elif k == "self-targeted-by-spell":  # "Whenever this creature becomes the target of a spell"
            # (a spell: `by` is its object id; an ability's is its stack item), whoever controls it
            ok = event.kind == "targeted" and event.oid == src.oid and isinstance(event.by, int)
        elif k == "opponent-draws":  # "Whenever an opponent draws a card" (121.1, 603.2)
            ok = event.kind == "draws" and event.player != src.controller
        elif k == "other-creature-enters":  # "Whenever another creature enters" (603.6a)
            ok = (event.kind == "enters" and event.oid != src.oid and event.oid in game.objs
                  and is_creature(game, game.objs[event.oid])
                  and (self.entering is None
                       or self.entering.selects(game, game.objs[event.oid], src.controller, src)))
        elif k == "other-enters":  # "Whenever another Zombie you control enters" (603.6a)
            o = game.objs.get(event.oid) if event.kind == "enters" and event.oid != src.oid else None
            ok = (o is not None and o.zone == "battlefield"
                  and self.entering.selects(game, as_it_is(game, o), src.controller, src))
        elif k == "enchanted-deals-damage":  # "Whenever enchanted creature deals damage" (603.2)
            ok = (event.kind == "damage" and type(src.attached) is tuple and src.attached[0] == event.oid
                  and event.oid in game.objs and game.objs[event.oid].moves == src.attached[1])
        elif k == "equipped-deals-combat-damage-to-player":  # "Whenever equipped creature deals combat
            # damage to a player" (510.2, 603.2): "that player" is the event's recipient
            ok = (event.kind == "damage" and game.combat_damage and isinstance(event.to, str)
                  and type(src.attached) is tuple and src.attached[0] == event.oid
                  and event.oid in game.objs and game.objs[event.oid].moves == src.attached[1])
        elif k == "deals-damage-to-you":  # "Whenever a <source> deals damage to you" (603.2, 120.3)
            o = game.objs.get(event.oid) if event.kind == "damage" else None
            ok = (o is not None and event.to == src.controller
                  and (self.source_filter is None or self.source_filter.matches(game, o, src)))
        elif k == "you-gain-life":  # "Whenever you gain life" (119.9: one life gain event each)
            ok = event.kind == "gains-life" and event.player == src.controller
        elif k == "self-attacks":  # "Whenever this creature attacks" (508.3a: declared as an attacker)
            ok = event.kind == "attacks" and event.oid == src.oid
        elif k == "self-becomes-blocked":  # "Whenever this creature becomes blocked" (509.3c)
            ok = event.kind == "blocked" and event.oid == src.oid
        elif k == "self-deals-combat-damage-to-opponent":  # "Whenever this creature deals combat damage
            # to an opponent" (510.2, 603.2): "that much" the event's amount, "that player" event.to
            ok = (event.kind == "damage" and event.oid == src.oid and game.combat_damage
                  and isinstance(event.to, str) and event.to != src.controller)
        elif k == "self-dealt-damage":  # "Whenever this creature is dealt damage" (603.2, 120.3)
            ok = event.kind == "dealt-damage" and event.oid == src.oid
        elif k == "enchanted-player-casts":
            ok = event.kind == "cast" and src.attached is not None and event.player == src.attached
        elif k == "leaves":  # 603.6c; called by actions.collect_leaves with `src` as it was (603.10a)
            ok = event.kind == "leaves" and self.leaves.matches(src, event.left)
        elif k in ("state", "delayed", "conspired", "storm",  # 603.8 / 603.7 / 702.78a / 702.40a: never by emit()
                   "cast-self",  # "When you cast this spell": casting.cast puts it in pending (from the stack)
                   "self-to-graveyard",  # actions.collect_graveyard_arrivals (from the graveyard)
                   "cards-to-your-graveyard",  # actions.collect_graveyard_arrivals, once per event
                   "self-graveyard-to-hand"):  # actions.collect_graveyard_leavers (113.6k, 603.10a)
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


@dataclass(frozen=True)
class PutIntoGraveyard:
    """The trigger event of "Whenever one or more <types> cards are put into your graveyard from
    anywhere" (The Gitrog Monster): cards (never tokens, 108.2) whose card types in the graveyard
    include one of `types_any`, put into the graveyard of the ability's controller. It triggers once
    per event however many such cards it moves (603.2c; rules.actions.collect_graveyard_arrivals),
    and it is no leaves-the-battlefield ability even for a card that comes from the battlefield
    (603.6c): it doesn't look back in time (603.10)."""

    types_any: tuple = ("Land",)

    def matches(self, src, arrived) -> bool:
        return arrived.owner == src.controller and any(t in arrived.types for t in self.types_any)


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
    # a loyalty ability (606.2): the loyalty symbol of its cost, +N (put N loyalty counters on its
    # permanent), -N (remove N) or 0; None for any other activated ability (rules.loyalty)
    loyalty: int | None = None
    # an ability that functions only while its card is in a hand (cycling, 702.29a): it exists on
    # the battlefield (702.29b) but can't be activated there
    from_hand: bool = False
    # an ability that functions only while its card is in a graveyard ("Return this card from your
    # graveyard to your hand"): it can't be activated on the battlefield
    from_graveyard: bool = False
    # "Activate only once each turn." (602.5b: for that object, whoever controls it; 602.5c: an ability
    # acquired from another object is limited apart from identically worded ones)
    once_each_turn: bool = False
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


# ---------------------------------------------------------------- mana abilities and alt costs


@dataclass(frozen=True)
class ManaAbility:
    """605: `cost` is "tap" (and also removing a `counter` when given: "{T}, Remove a -1/-1
    counter from this creature") or "remove-counter" (of `counter`), plus `mana` to pay from the
    pool ("{1}, {T}: Add {U}{R}.") and `sacrifice_self` ("{1}, {T}, Sacrifice this artifact:
    Add one mana of any color.", 701.21a); it adds `produce` (mana type letters, one mana each),
    one mana of any colour (`any_color`) or of one of the colours `one_of` ("Add {U} or {R}."), or
    that mana once per `per_counter` counter on the source, or once per permanent matching
    `per_filter` (a filters.Filter, `whose` relative to its controller: "{T}: Add {G} for each Elf
    you control", counted as the ability resolves, 605.3b)."""

    cost: str = "tap"
    produce: str | None = None
    any_color: bool = False
    one_of: str | None = None  # "{T}: Add {U} or {R}.": one mana of one of these colors, chosen
    per_counter: str | None = None
    per_filter: object = None
    counter: str | None = None
    mana: Cost | None = None
    sacrifice_self: bool = False
    # "Sacrifice a creature" in the cost (Ashnod's Altar, with cost "sacrifice"; Phyrexian Tower's "{T},
    # Sacrifice a creature"): a creature its controller controls, named by tap_for_mana's `sacrificed`
    sacrifice_creature: bool = False


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
    targets_single_other_creature: bool = False  # "that targets only a single creature other than [this]"
    colors_any: tuple = ()  # "a green spell": the spell's colors on the stack (105.2)

    def __call__(self, ctx) -> bool:
        o = ctx.game.objs.get(ctx.event.oid) if ctx.event is not None else None
        if o is None:
            return False
        if self.targets_only_source:
            chosen = [r for group in (o.spell.targets if o.spell is not None else ()) for r in group]
            if not chosen or any(r != ctx.source.oid for r in chosen):
                return False
        if self.targets_single_other_creature and not _targets_one_other_creature(ctx, o):
            return False
        if self.colors_any and not any(c in o.card.colors for c in self.colors_any):
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


def _targets_one_other_creature(ctx, o) -> bool:
    """The spell's targets are one object, chosen for every instance of "target": a creature on
    the battlefield other than the ability's source (a player among them, or a second object,
    and it doesn't target "only a single creature")."""
    chosen = {r for group in (o.spell.targets if o.spell is not None else ()) for r in group}
    if len(chosen) != 1:
        return False
    (ref,) = chosen
    target = ctx.game.objs.get(ref) if not isinstance(ref, str) else None
    return (target is not None and target.zone == "battlefield" and ref != ctx.source.oid
            and "Creature" in as_it_is(ctx.game, target).card.types)


@dataclass(frozen=True)
class SourceUntapped:
    """Condition: "if this artifact is untapped" (an intervening if, 603.4: checked as it triggers
    and as it resolves)."""

    def __call__(self, ctx) -> bool:
        src = ctx.source
        return src is not None and src.zone == "battlefield" and not src.tapped


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
