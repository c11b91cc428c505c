"""The stack: resolving its top object (608), copies of spells (707.10), permanents entering
(608.3, 614.1c), putting a card onto the battlefield without casting it."""

from __future__ import annotations

from ..state.characteristics import lost_all_abilities
from ..state.game import Ability, CaseError, Game, IllegalAction, Unsupported
from ..state.layers import card_types
from . import actions, casting, dash_blitz, day_night, rebound, replacement
from .abilities import info_for
from .actions import Event
from .casting import ref_of
from .choices import EMPTY_CHOICES, Choices
from .context import NO_INFO, Ctx, value
from .lands import own_enters_tapped
from .modes import target_slots
from .statics import (
    Enchant,
    EntersAsCopy,
    EntersChoosingColor,
    EntersChoosingCreatureType,
    EntersChoosingOpponent,
    EntersWithCounters,
    EntersWithKeywords,
)
from .targets import TargetSet
from .triggers import put_triggers

# ---------------------------------------------------------------- resolving (608)

def resolve_top(game, choices: Choices) -> None:
    if not game.stack:
        raise IllegalAction("608.1", "the stack is empty: there is nothing to resolve")
    top = game.stack[-1]
    if isinstance(top, Ability):
        _resolve_ability(game, top, choices)
    else:
        _resolve_spell(game, game.objs[top], choices)
    after_action(game, choices)


def after_action(game, choices: Choices) -> None:
    """704.3 / 603.3: state-based actions, then waiting triggers go on the stack."""
    actions.state_based_actions(game)
    if game.to_graveyard:  # cards put into graveyards trigger only what watches for them (most watch nothing)
        actions.collect_graveyard_arrivals(game)
    if game.pending or game.left or game.left_graveyard:  # else nothing changed
        put_triggers(game, choices)
        actions.state_based_actions(game)


def _resolve_ability(game, ab: Ability, choices: Choices) -> None:
    game.stack.pop()
    src = game.objs.get(ab.source)
    trig = ab.trigger
    if trig.intervening and src is not None and not trig.check(game, src, ab.event):
        return  # 603.4: the intervening "if" is false on resolution
    # 115.5 forbids an ability targeting itself, not its source: the source is a legal target.
    modal = getattr(trig, "modes", None) is not None  # modes chosen as it was put on the stack (700.2b)
    ts = TargetSet(trig.targets, ab.targets, game, ab.controller, None, ab.event.info if ab.event else None,
                   target_slots(trig.targets, ab.modes) if modal else None, ab.stamps)
    if ts.all_illegal():
        return  # 608.2b
    choices = choices.for_ability(src.label if src is not None else None, _about(game, ab.event))
    ctx = Ctx(game, src, ab.controller, info_for(src, ab.event), ts, choices, ab.event,
              ab.modes if modal else None, ab.source_moves)
    for e in trig.effects:
        e.apply(ctx)
        if game.to_graveyard:  # the cards this instruction put into graveyards: one event (603.2c)
            actions.collect_graveyard_arrivals(game)
        if game.returns_due:  # 610.3: right after the event, before the next instruction
            return_due(game, choices)


def _about(game, event):
    """The label of the object a triggered ability's event concerns (the spell cast, the permanent
    that entered, the card that left the battlefield), which a `you_may_each` entry may name."""
    if event is None:
        return None
    oid = event.left.oid if event.left is not None else event.oid
    o = game.objs.get(oid) if oid is not None else None
    return o.label if o is not None else None


def _resolve_spell(game, o, choices: Choices) -> None:
    info = o.spell
    ts = TargetSet(o.card.spell_targets, info.targets, game, o.controller, o.oid, info,
                   target_slots(o.card.spell_targets, info.modes) if o.card.modes is not None else None,
                   o.stamps)
    if ts.all_illegal():
        actions.leave_stack(game, o, "graveyard")  # 608.2b: doesn't resolve
        return
    if o.card.is_permanent:
        if o.copy:  # 608.3f: a copy of a permanent spell becomes a token
            o.copy, o.token = False, True
        enter_battlefield(game, o, info, o.controller, choices)
        if o.card.statics and any(isinstance(st, Enchant) for st in o.card.statics):
            target = ts.legal(0)[0]  # 303.4b: attached to the (still legal) target
            # a permanent is remembered with its zone changes (400.7); a player by name
            o.attached = target if isinstance(target, str) else (target, game.objs[target].moves)
        return
    if o.card.layout == "fused":
        _resolve_fused(game, o, info, choices)
    else:
        ctx = Ctx(game, o, o.controller, info, ts, choices)
        for e in o.card.spell_effects:
            e.apply(ctx)
            if game.to_graveyard:  # the cards this instruction put into graveyards: one event (603.2c)
                actions.collect_graveyard_arrivals(game)
            if game.returns_due:  # 610.3: right after the event, before the next instruction
                return_due(game, choices)
    if o.zone == "stack" and o.oid in game.objs:
        if o.card.layout == "adventure_spell" and not o.copy:
            exile_adventure(game, o)
            return
        dest = resolved_spell_destination(o)
        if dest == "graveyard" and game.spell_effects and returns_to_hand_as_it_resolves(game, o):
            dest = "hand"
        if dest == "graveyard" and rebound.rebounds(o) and not o.spell.alternative == "flashback":
            rebound.exile_for_rebound(game, o)  # 702.88a: instead of the graveyard
            return
        actions.leave_stack(game, o, dest)  # 608.2n (702.34a: exiled if flashback)


def return_due(game, choices: Choices = None) -> None:
    """610.3: the event a card was exiled "until" has happened (its source left the battlefield,
    Game._until_it_leaves): a second one-shot effect, created immediately after that event and
    using no stack, returns it to the battlefield under its owner's control (610.3c), as a new
    object (400.7), unless it has left exile since (then it is another object)."""
    due, game.returns_due = game.returns_due, ()
    for oid, moves in due:
        return_exiled(game, oid, moves, choices if choices is not None else EMPTY_CHOICES)


def return_exiled(game, oid: int, moves: int, choices: Choices):
    """Return the card put into exile as object (`oid`, `moves`) to the battlefield under its
    owner's control, if it is still that object in exile (one that has left exile since is a new
    object, 400.7); the card returned, or None."""
    o = game.objs.get(oid)
    if o is None or o.zone != "exile" or o.moves != moves:
        return None
    enter_battlefield(game, o, None, o.owner, choices)
    return o


Game.exile_returner = staticmethod(return_due)


def returns_to_hand_as_it_resolves(game, o) -> bool:
    """An effect on the next spell its controller cast says "put that card into your hand instead
    of into your graveyard as it resolves" (611.2f; the spell as the object it is, 400.7)."""
    return any(oid == o.oid and moves == o.moves and what == "to-hand-as-it-resolves"
               for oid, moves, what in game.spell_effects)


def exile_adventure(game, o) -> None:
    """715.3d: instead of putting a spell cast as an Adventure into its owner's graveyard as it
    resolves, its controller exiles it; for as long as that card remains exiled, that player may
    play it (a permission of the card in exile, lost as it leaves: 400.7)."""
    controller = o.controller
    actions.leave_stack(game, o, "exile")
    if o.zone == "exile":
        o.perms = o.perms + (("adventure", controller),)


def resolved_spell_destination(o) -> str:
    """608.2n: an instant or sorcery spell is put into its owner's graveyard as the final step of
    its resolution; 702.27a: its owner's hand instead if its buyback cost was paid."""
    return "hand" if o.spell is not None and o.spell.buyback else "graveyard"


def _resolve_fused(game, o, info, choices: Choices) -> None:
    """702.102d: a fused split spell follows the instructions of its left half, then of its right
    half, each with the targets chosen for its own words "target" (608.2b per half)."""
    first = 0
    for half in o.card.faces:
        n = len(half.spell_targets)
        ts = TargetSet(half.spell_targets, info.targets[first:first + n], game, o.controller, o.oid, info,
                       stamps=o.stamps)
        first += n
        if n and ts.all_illegal():
            continue
        ctx = Ctx(game, o, o.controller, info, ts, choices)
        for e in half.spell_effects:
            e.apply(ctx)


def copiable_values(game, target):
    """707.2, 613.2c: what a copy of the permanent `target` copies: its card as copy effects left
    it (layer 1), not the effects of later layers, counters or status."""
    return target.card


def enter_battlefield(game, o, info, controller, choices: Choices, tapped: bool = False) -> None:
    """Move `o` onto the battlefield, applying its "enters with/as" replacements (614.1c);
    `info` (the spell it was, or None) supplies kicked status, X and colours spent; `tapped`:
    "put onto the battlefield tapped" (it enters tapped, 110.5b)."""
    _enter(game, o, info, controller, choices, tapped, None)


def enter_battlefield_transformed(game, o, controller, choices: Choices, attach_to=None) -> bool:
    """712.14a: put `o` onto the battlefield "transformed": with its back face up (a card that isn't
    a transforming double-faced card stays where it is: False). `attach_to`: the player an Aura
    face enters attached to ("attached to target opponent", 303.4f)."""
    if o.printed.layout != "transform" or not o.printed.faces[1].is_permanent:  # 712.14a, 712.10
        return False
    _enter(game, o, None, controller, choices, False, None, o.printed.faces[1], attach_to)
    return True


def enter_battlefield_as(game, o, controller, choices: Choices, entering_is) -> None:
    """A resolving effect puts `o` onto the battlefield and says that it "is [characteristic]"
    (`entering_is`, a layers.IsAlso: Rise from the Grave's "That creature is a black Zombie ...").
    611.2e: that effect applies simultaneously with its entering, before the enters event, so
    abilities that trigger on it see the permanent with it."""
    _enter(game, o, None, controller, choices, False, entering_is)


def _enter(game, o, info, controller, choices: Choices, tapped: bool, entering_is, face=None,
           attach_to=None) -> None:
    info = info or NO_INFO
    if face is None and day_night.enters_transformed(game, o.card):  # 702.145b: it is night
        face = o.card.faces[1]
    card = o.card if face is None else face
    copied_by = None
    for rep in card.enters:
        if isinstance(rep, EntersAsCopy) and choices.get("clone") is not None:
            target = game.objs.get(ref_of(game, choices.get("clone")))
            if target is None or target.zone != rep.zone or not rep.may_copy(card_types(game, target)) \
                    or (rep.you_control and target.controller != controller):
                kinds = " or ".join(t.lower() for t in rep.of_types)
                what = f"{kinds} on the battlefield" if rep.zone == "battlefield" else f"{kinds} card in a {rep.zone}"
                whose = " its controller controls" if rep.you_control else ""
                raise IllegalAction("707.2", f"{choices.get('clone')} is not a {what}{whose} to copy")
            card = rep.copy_of(copiable_values(game, target))
            copied_by = rep
    game.move(o, "battlefield")
    o.controller = controller
    o.card = card
    if attach_to is not None:
        o.attached = attach_to
    o.gained = _replace_entering(game, o, card, info, controller, choices) if card.enters else ()
    o.tapped = replacement.enters_tapped(game, o, controller, tapped,
                                         own_enters_tapped(game, o, card, controller, info, choices))
    if copied_by is not None and copied_by.extra_counters:  # "an additional +1/+1 counter on it if
        types = card_types(game, o)                         # it's a creature", as it enters (614.12)
        for kind_of, counter in copied_by.extra_counters:
            if kind_of in types:
                replacement.put_counters(game, o, counter, 1)
    replacement.others_enter_with_counters(game, o)  # 614.1d: others' "enters with an additional counter"
    o.etb = info
    dash_blitz.entered(game, o, controller, info.alternative)  # 702.109a, 702.152a (or nothing)
    if entering_is is not None:
        entering_is.apply_to(game, o)
    if game.day_night is None and card.keywords:  # 702.145d, g: a daybound or nightbound permanent
        day_night.check(game)
    if actions.any_triggered_ability(game):  # else the event would trigger nothing
        actions.emit(game, Event("enters", controller, o.oid, info))


def _replace_entering(game, o, card, info, controller, choices: Choices) -> tuple:
    """Apply `card`'s "enters with/as" replacements to `o`, now on the battlefield (614.1c);
    the keywords it enters with."""
    if lost_all_abilities(game, o):  # 614.12: as it would exist on the battlefield it has none of its
        return ()                    # abilities, those that modify how it enters included (305.7, 613.1f)
    ctx = Ctx(game, o, controller, info, None, choices)
    gained = []
    for rep in card.enters:
        if getattr(rep, "condition", None) is not None and not rep.condition(ctx):
            continue
        if isinstance(rep, EntersWithCounters):
            replacement.put_counters(game, o, rep.kind, value(rep.amount, ctx))  # 614.12: others' effects too
        elif isinstance(rep, EntersWithKeywords):
            gained.extend(rep.keywords)
        elif isinstance(rep, EntersChoosingColor):  # 614.12a: chosen as it enters
            o.chosen = {**(o.chosen or {}), "color": choices.get("color") or "W"}
        elif isinstance(rep, EntersChoosingCreatureType):  # 614.12a: chosen as it enters
            chosen = choices.get("creature_type") or next(iter(card.subtypes), None) or "Human"
            o.chosen = {**(o.chosen or {}), "creature_type": chosen}
        elif isinstance(rep, EntersChoosingOpponent):
            chosen = choices.get("opponent") or game.opponent(controller)
            if chosen == controller:
                raise IllegalAction("102.2", f"{o.card.name}: {chosen} is not an opponent of its controller")
            o.chosen = {**(o.chosen or {}), "opponent": chosen}
    return tuple(gained)


def put_onto_battlefield(game, label, choices: Choices) -> None:
    """An effect puts a card onto the battlefield without casting it: never kicked, no X,
    no mana spent."""
    if not isinstance(label, str) or label not in game.labels:
        raise CaseError(f"put_onto_battlefield.card: unknown label {label!r}")
    o = game.objs[game.labels[label]]
    if o.zone == "battlefield":
        raise IllegalAction("400.7", f"{label} is already on the battlefield")
    if not o.card.is_permanent:
        raise IllegalAction("110.4", f"{o.card.name} is not a permanent card")
    if o.zone == "stack":
        raise IllegalAction("400.7", f"{label} is a spell on the stack")
    if any(isinstance(st, Enchant) for st in o.card.statics):
        raise Unsupported(f"unsupported: {o.card.name} is an Aura put onto the battlefield; the "
                          "protocol has no choice of what it enters attached to (303.4f)")
    enter_battlefield(game, o, None, o.owner, choices)
    after_action(game, choices)


# ---------------------------------------------------------------- copies (707.10)

def copy_spell(game, orig, controller, new_targets, colors, targets_set=None) -> None:
    """Put a copy of `orig` on the stack: same decisions (kicked, times kicked, X, alternative
    cost, targets unless new ones are chosen), not cast, no mana spent. `targets_set`: the
    copy's targets as the copying effect specifies them (707.10e), one tuple per instance of
    "target", already checked legal."""
    info = orig.spell
    c = game.new_obj(orig.card, controller, None, "stack")
    c.copy = True
    c.copy_of = orig.copy_of if orig.copy else orig.label  # a copy of a copy: the card's label
    c.controller = controller
    c.color_override = colors
    targets = info.targets if targets_set is None else targets_set
    if new_targets is not None:
        targets = casting._assign_targets(game, orig.card, info, new_targets, controller, c.oid,
                                  f"the copy of {orig.card.name}")
    # dataclasses.replace(info, ...) without its walk over the fields: a SpellInfo's instance dict
    # holds exactly its fields (SpellInfo.__init__ fills it)
    c.spell = type(info)(**{**info.__dict__, "colors_spent": (), "cast_from": None, "targets": targets})
    c.stamps = game.stamp(targets) if new_targets is not None or targets_set is not None else orig.stamps
    game.stack.append(c.oid)
    if targets:  # 707.10c: the copy, a spell (707.10), is put onto the stack with those targets: each
        # becomes the target of a spell, changed or not (the copy didn't exist before)
        actions.became_targets(game, controller, targets, c.oid, c.spell)
