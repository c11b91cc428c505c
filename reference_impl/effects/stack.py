"""Effect primitives: spells on the stack: countering (701.6), copying (707.10), gaining control,
returning and granting flashback.

Cards are data over these (reference_impl/cards); each has `apply(ctx)` (or answers a value).
"""

from __future__ import annotations

from dataclasses import dataclass

from ..rules import actions, resolution
from ..rules.casting import NextSpellEffect
from ..rules.context import value
from ..state.mana import Cost, auto_payment
from .selectors import _event_spell, _objs


@dataclass(frozen=True)
class CounterSpell:
    """701.6: counter target spell; "unless its controller pays [cost]" (118.12a) when
    `unless` is set: the `pay_unless` choice decides, payment is from that player's pool. An
    amount for `unless` is that much generic mana, computed as it resolves."""

    what: object
    unless: object = None  # a Cost, or an amount of generic mana ("pays {X}": X(), GreatestPowerOf(...))
    dest: str = "graveyard"  # "If that spell is countered this way, exile it instead" (Syncopate)

    def apply(self, ctx):
        unless = self.unless
        if unless is not None and not isinstance(unless, Cost):
            unless = Cost.parse("{%d}" % max(0, value(unless, ctx)))
        for o in _objs(ctx, self.what(ctx)):
            if unless is not None and ctx.choices.get("pay_unless"):
                pool = ctx.game.players[o.controller].pool
                paid = auto_payment(unless, pool)
                if paid is not None:
                    for i in range(6):
                        pool[i] -= paid[i]
                    continue
            if self.dest == "graveyard":
                actions.counter_spell(ctx.game, o, ctx.controller)
            else:
                actions.counter_spell(ctx.game, o, ctx.controller, self.dest)


@dataclass(frozen=True)
class CounterTargetingUnless:
    """702.21a (ward): "counter that spell or ability unless that player pays [cost]": the spell
    or ability of the `targeted` event, unless its controller pays (the `pay_unless` choice,
    from that player's pool). A spell that can't be countered stays (701.6a)."""

    cost: Cost
    life: int = 0  # "Ward—Pay N life." (119.4: a player can pay life only if their life total is N or more)

    def apply(self, ctx):
        game, event = ctx.game, ctx.event
        if event is None or event.by is None:
            return
        by = event.by
        on_stack = (game.objs.get(by) if isinstance(by, int) else by)
        if isinstance(by, int) and (on_stack is None or on_stack.zone != "stack"):
            return
        if self.life and ctx.choices.get("pay_unless"):
            player = game.players[event.player]
            if player.life >= self.life:  # 119.4
                player.life -= self.life
                return
        elif ctx.choices.get("pay_unless"):
            pool = game.players[event.player].pool
            paid = auto_payment(self.cost, pool)
            if paid is not None:
                for i in range(6):
                    pool[i] -= paid[i]
                return
        if isinstance(by, int):
            actions.counter_spell(game, on_stack, ctx.controller)
        else:
            actions.remove_ability_from_stack(game, by)


@dataclass(frozen=True)
class CounterEventSpell:
    """"counter that spell": the spell of the event that triggered the ability."""

    def apply(self, ctx):
        o = _event_spell(ctx)
        if o is not None:
            actions.counter_spell(ctx.game, o, ctx.controller)


@dataclass(frozen=True)
class CopySpell:
    """707.10: put copies of target spell on the stack, keeping all its decisions (kicked,
    times kicked, X, alternative cost); the copy wasn't cast and had no mana spent.
    `copy_targets` chooses new targets (707.10c)."""

    what: object
    times: object = 1
    colors: tuple | None = None

    def apply(self, ctx):
        for o in _objs(ctx, self.what(ctx)):
            for _ in range(value(self.times, ctx)):
                resolution.copy_spell(ctx.game, o, ctx.controller, ctx.choices.get("copy_targets"),
                           self.colors)


@dataclass(frozen=True)
class GainControlOfSpell:
    """"Gain control of target spell. You may choose new targets for it." (613.1b on the stack):
    the effect's controller becomes the spell's controller, with no duration, so a permanent spell
    resolves into a permanent under that player's control (608.3a, 400.7a). The targets stay as
    they are: the contract has no choice naming new ones for a spell that isn't a copy, and
    keeping every target is always a legal choice of "choose new targets" (115.7d)."""

    what: object

    def apply(self, ctx):
        for o in _objs(ctx, self.what(ctx)):
            if o.zone == "stack":
                o.controller = ctx.controller


@dataclass(frozen=True)
class GrantFlashback:
    """The target card gains flashback with a cost equal to its mana cost [until end of turn:
    the grant ends in the cleanup step, 514.2]. A card with no mana cost gains it too, with an
    unpayable cost (118.6: rules.casting refuses to pay it)."""

    what: object
    until_end_of_turn: bool = False

    def apply(self, ctx):
        for o in _objs(ctx, self.what(ctx)):
            if o.zone == "graveyard":
                perm = ("flashback", None)  # None: its mana cost as cast (a split card: the half's, 709.3a)
                o.perms = o.perms + (perm,)
                if self.until_end_of_turn:
                    ctx.game.until_eot = ctx.game.until_eot + ((o.oid, perm),)


@dataclass(frozen=True)
class EachOtherPlayerMayCopy:
    """"Each other player may copy that spell and may choose new targets for the copy they
    control" (707.10, 707.10c): every player but the one who cast the event's spell, if it is
    still on the stack, may copy it (the step's `you_may`, yes when not given); the copy is
    theirs, with new targets from `copy_targets` when given."""

    def apply(self, ctx):
        spell = _event_spell(ctx)
        if spell is None or not ctx.choices.get("you_may", True):
            return
        for player in ctx.game.players:
            if player != ctx.event.player:
                resolution.copy_spell(ctx.game, spell, player, ctx.choices.get("copy_targets"), None)


@dataclass(frozen=True)
class CounterTarget:
    """Counter target spell [if <condition on that spell's decisions>] and put it in `dest`
    (graveyard | hand | library-top) instead of its owner's graveyard (701.6)."""

    what: object
    dest: str = "graveyard"
    only_if: object = None

    def apply(self, ctx):
        for o in _objs(ctx, self.what(ctx)):
            if self.only_if is not None and not self.only_if.holds_for(o.spell):
                continue
            if self.dest == "graveyard":
                actions.counter_spell(ctx.game, o, ctx.controller)
            else:
                actions.counter_spell(ctx.game, o, ctx.controller, self.dest)


@dataclass(frozen=True)
class ReturnSpellToHand:
    """Return a spell on the stack to its owner's hand (a copy just ceases to exist; 702.34a:
    a spell whose flashback cost was paid is exiled instead, as whatever else moves it)."""

    what: object

    def apply(self, ctx):
        for o in _objs(ctx, self.what(ctx)):
            if o.zone == "stack":
                actions.leave_stack(ctx.game, o, "hand")


@dataclass(frozen=True)
class NextSpellThisTurn:
    """"The next spell you cast this turn can't be countered." (611.2f): the effect doesn't begin
    now (a spell already on the stack is not affected); it waits for the next spell its
    controller casts and applies to that spell only (rules.casting.apply_next_spell_effects).
    `what`: "cant-be-countered", or "to-hand-as-it-resolves" ("put that card into your hand instead
    of into your graveyard as it resolves"); `types_any` and `from_zone` ("the next time you cast an
    instant or sorcery spell from your hand") say which spell it waits for."""

    what: str = "cant-be-countered"
    types_any: tuple = ()
    from_zone: str | None = None

    def apply(self, ctx):
        effect = NextSpellEffect(ctx.controller, self.what, self.types_any, self.from_zone)
        ctx.game.next_spell = ctx.game.next_spell + (effect,)


@dataclass(frozen=True)
class CopyEventSpell:
    """"copy it. If the spell has any targets, you may choose new targets for the copy."
    (conspire, 702.78a): the step's `copy_targets` (707.10c). `optional` for "you may copy that
    spell" (Swarm Intelligence): the step's `you_may` answer, yes when not given (603.5)."""

    optional: bool = False

    def apply(self, ctx):
        o = _event_spell(ctx)
        if o is not None and (not self.optional or ctx.choices.get("you_may", True)):
            resolution.copy_spell(ctx.game, o, ctx.controller, ctx.choices.get("copy_targets"), None)


def spells_cast_before(game, oid) -> int:
    """702.40a: how many other spells were cast before the spell `oid` this turn, by any player:
    the spells cast this turn (601.2i; copies are never cast, 707.10) ahead of its own cast."""
    cast = game.spells_cast
    for i in range(len(cast) - 1, -1, -1):
        if cast[i][0] == oid:
            return i
    return 0


@dataclass(frozen=True)
class StormCopies:
    """Storm's effect (702.40a): "copy it for each other spell that was cast before it this turn.
    If the spell has any targets, you may choose new targets for any of the copies." The copies
    are put on the stack by the resolving trigger, controlled by its controller (707.10); the step's
    `copy_targets` names new targets for each of them, else each keeps the spell's. Only while the
    spell is on the stack (not modelled: copying a spell that has left it, 707.10)."""

    def apply(self, ctx):
        o = _event_spell(ctx)
        if o is None:
            return
        for _ in range(spells_cast_before(ctx.game, o.oid)):
            resolution.copy_spell(ctx.game, o, ctx.controller, ctx.choices.get("copy_targets"), None)


@dataclass(frozen=True)
class CopyForEachOtherPossibleTarget:
    """"copy that spell for each other creature you control that the spell could target. Each copy
    targets a different one of those creatures." (707.10: copies put on the stack by the resolving
    ability, each with a new target chosen by the effect; the ability's source is not among them)."""

    def apply(self, ctx):
        from ..rules.modes import target_specs
        from ..rules.targets import is_legal
        o = _event_spell(ctx)
        if o is None or not o.card.spell_targets:
            return
        specs = target_specs(o.card.spell_targets, o.spell.modes)  # a modal spell: its chosen modes' targets
        if len(specs) != 1:
            return  # 707.10d with several targets is not modelled (each would be the same object)
        spec = specs[0]
        source = ctx.source
        for c in list(ctx.game.creatures()):
            if c.controller != ctx.controller or (source is not None and c.oid == source.oid) or c.label is None:
                continue
            if is_legal(spec, c.oid, ctx.game, ctx.controller, o.oid, o.spell):
                resolution.copy_spell(ctx.game, o, ctx.controller, [c.label], None)


@dataclass(frozen=True)
class CopyEventSpellTargetingSource:
    """"you may copy that spell. The copy targets [this creature]." (707.10e): the copy's every
    instance of "target" is this ability's source; if the source isn't a legal target for each of
    them, as the copy's controller would choose it, the copy isn't created. Optional: the step's
    `you_may`, yes when not given (603.5)."""

    def apply(self, ctx):
        from ..rules.modes import target_specs
        from ..rules.targets import is_legal
        o, src = _event_spell(ctx), ctx.source
        if o is None or src is None or not o.card.spell_targets or not ctx.choices.get("you_may", True):
            return
        specs = target_specs(o.card.spell_targets, o.spell.modes)
        targets = []
        for spec, group in zip(specs, o.spell.targets):
            if not is_legal(spec, src.oid, ctx.game, ctx.controller, o.oid, o.spell):
                return  # 707.10e: "the copy isn't created"
            targets.append((src.oid,) * len(group))
        resolution.copy_spell(ctx.game, o, ctx.controller, None, None, tuple(targets))


@dataclass(frozen=True)
class CopyThisSpell:
    """"you may copy this spell and may choose a new target for the copy" (707.10, 707.10c): the
    resolving spell puts a copy of itself on the stack, controlled by its controller; `optional`:
    the step's `you_may` (yes when not given, 603.5's rule for "may" on resolution, 608.2d); the
    step's `copy_targets` names new targets, else the copy keeps the spell's."""

    optional: bool = True

    def apply(self, ctx):
        o = ctx.source
        if o is None or o.zone != "stack" or (self.optional and not ctx.choices.get("you_may", True)):
            return
        resolution.copy_spell(ctx.game, o, ctx.controller, ctx.choices.get("copy_targets"), None)


@dataclass(frozen=True)
class BounceThenMaySacrificeLandToCopy:
    """"Return target nonland permanent to its owner's hand. Then that permanent's controller may
    sacrifice a land of their choice. If the player does, they may copy this spell and may choose a
    new target for that copy." (Chain of Vapor): the player who controlled the permanent as it was
    returned (608.2h) answers both "may" with the step's `you_may` (yes when not given), sacrifices
    the step's `sacrifice` land if it is theirs (else their first land, 701.21a: only their own), and
    controls the copy (707.10), whose new target is the step's `copy_targets` (707.10c)."""

    what: object

    def apply(self, ctx):
        game, spell = ctx.game, ctx.source
        for o in _objs(ctx, self.what(ctx)):
            if o.zone != "battlefield":
                continue
            player = o.controller
            game.move(o, "hand")
            lands = [p for p in game.permanents() if p.controller == player and "Land" in p.card.types]
            if not lands or not ctx.choices.get("you_may", True):
                continue
            pick = game.labels.get(ctx.choices.get("sacrifice"))
            game.move(next((p for p in lands if p.oid == pick), lands[0]), "graveyard")
            if spell is not None and spell.zone == "stack":
                resolution.copy_spell(game, spell, player, ctx.choices.get("copy_targets"), None)
