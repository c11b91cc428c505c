"""Faulty engines that get flashback (702.34a) and its timing wrong.

The faults of this rule area, flashback (702.34) and casting from a graveyard: the designed ones
first (`DESIGNED`), then those modelled on real engines' bug reports (`REPORTED`; each
`report` names its report).
"""

from __future__ import annotations

from unittest import mock

from reference_impl.rules import actions as ref_actions
from reference_impl.rules.actions import Event, emit
from reference_impl.state.game import IllegalAction

from . import locate
from .fault import Fault, cards, case
from .hooks import CastWatch, watch_casts
from .patching import ModuleProxy, track_casts, wrap

FIREBOLT = ("Firebolt", "firebolt")


def _countered_to_graveyard(stack, run):
    def counter_spell(game, o, by_controller):
        if o.zone != "stack":
            return
        game.move(o, "graveyard")  # flashback's "exile it instead" forgotten when countered
        if by_controller is not None:
            emit(game, Event("counters-spell", by_controller, o.oid))
    stack.enter_context(mock.patch("reference_impl.rules.actions.counter_spell", counter_spell))


def _resolved_to_graveyard(stack, run):
    def leave_stack(game, o, dest):
        game.move(o, dest)  # flashback's replacement forgotten as the spell resolves
    stack.enter_context(mock.patch("reference_impl.rules.resolution.actions",
                                   ModuleProxy(ref_actions, leave_stack=leave_stack)))


def _timing_waived(stack, run):
    def make(check_timing):
        def faulty(game, o, caster, name):
            if o.zone == "graveyard":
                return  # flashback treated as permission to cast at any time
            return check_timing(game, o, caster, name)
        return faulty
    wrap(stack, "reference_impl.rules.casting._check_timing", make)


def _only_after_cast(stack, run):
    track_casts(stack, run)

    def make(permission):
        def faulty(game, o, caster, zone, alt, name):
            if alt == "flashback" and o.oid not in run.cast_oids:
                raise IllegalAction("702.34a", f"{name} was not cast before: no flashback")
            return permission(game, o, caster, zone, alt, name)
        return faulty
    wrap(stack, "reference_impl.rules.casting._permission", make)


def _from_hand(stack, run):
    def make(permission):
        def faulty(game, o, caster, zone, alt, name):
            if alt == "flashback" and zone == "hand":
                zone = "graveyard"  # flashback accepted from the hand too
            return permission(game, o, caster, zone, alt, name)
        return faulty
    wrap(stack, "reference_impl.rules.casting._permission", make)


DESIGNED = [
    Fault("countered_flashback_spell_to_graveyard", "702.34a",
          "a flashback spell that is countered goes to the graveyard instead of exile",
          _countered_to_graveyard,
          case({"alice": {"graveyard": cards(FIREBOLT), "mana": "{R}{R}{R}{R}{R}"},
                "bob": {"hand": cards(("Cancel", "cancel")), "mana": "{U}{U}{U}"}},
               [{"cast": {"card": "firebolt", "alternative": "flashback", "targets": ["bob"]}},
                {"cast": {"card": "cancel", "by": "bob", "targets": ["firebolt"]}},
                {"resolve": {}}])),
    Fault("resolved_flashback_spell_to_graveyard", "702.34a",
          "a flashback spell that resolves goes to the graveyard instead of exile",
          _resolved_to_graveyard,
          case({"alice": {"graveyard": cards(("Think Twice", "tt")), "mana": "{U}{U}{U}",
                          "library": cards(("Forest", "forest"))}},
               [{"cast": {"card": "tt", "alternative": "flashback"}}, {"resolve": {}}])),
    Fault("flashback_sorcery_at_instant_speed", "307.1",
          "a sorcery cast with flashback ignores sorcery timing",
          _timing_waived,
          case({"alice": {"graveyard": cards(FIREBOLT), "mana": "{R}{R}{R}{R}{R}"}},
               [{"cast": {"card": "firebolt", "alternative": "flashback", "targets": ["bob"]}}],
               turn={"active": "bob", "step": "main1"})),
    Fault("flashback_only_after_cast", "702.34a",
          "flashback only for cards that were cast before (not discarded or milled ones)",
          _only_after_cast,
          case({"alice": {"graveyard": cards(FIREBOLT), "mana": "{R}{R}{R}{R}{R}"}},
               [{"cast": {"card": "firebolt", "alternative": "flashback", "targets": ["bob"]}}])),
    Fault("flashback_from_hand", "702.34a",
          "a card may be cast for its flashback cost from the hand",
          _from_hand,
          case({"alice": {"hand": cards(FIREBOLT), "mana": "{R}{R}{R}{R}{R}"}},
               [{"cast": {"card": "firebolt", "alternative": "flashback", "targets": ["bob"]}}])),
]


# ---------------------------------------------------------------- modelled on real bug reports

MAGE = "https://github.com/magefree/mage"
PHASE = "https://github.com/phase-rs/phase"


def _granted(obj) -> bool:
    """Was this spell cast with a flashback granted by another object (not printed)?"""
    return (obj.spell is not None and obj.spell.alternative == "flashback"
            and obj.card.flashback is None)


def _counter_misses_granted_flashback(stack, run):
    """Countering a spell cast with a granted flashback does nothing: it stays and resolves."""
    def make(counter_spell):
        def faulty(game, o, by_controller, *rest):
            if o.zone == "stack" and _granted(o):
                return
            return counter_spell(game, o, by_controller, *rest)
        return faulty
    locate.patch(stack, "counter_spell", make)


def _granted_flashback_not_exiled(stack, run):
    def make(leave_stack):
        def faulty(game, o, dest):
            if _granted(o):
                return game.move(o, dest)
            return leave_stack(game, o, dest)
        return faulty
    locate.patch(stack, "leave_stack", make)


def _fizzled_flashback_to_graveyard(stack, run):
    """A flashback spell whose targets are all illegal (608.2b) goes to the graveyard."""
    target_set = locate.obj("TargetSet")

    def make(resolve_spell):
        def faulty(game, o, choices):
            info = o.spell
            if info is not None and info.alternative == "flashback":
                ts = target_set(o.card.spell_targets, info.targets, game, o.controller, o.oid)
                if ts.all_illegal():
                    return game.move(o, "graveyard")
            return resolve_spell(game, o, choices)
        return faulty
    locate.patch(stack, "_resolve_spell", make)


def _countered_by_ability_to_graveyard(stack, run):
    """A flashback spell countered by a triggered ability (Chalice of the Void) goes to the
    graveyard: only countering by a spell was taught to exile it."""
    def make(apply):
        def faulty(self, ctx):
            o = ctx.game.objs.get(ctx.event.oid) if ctx.event else None
            if o is not None and o.zone == "stack" and o.spell.alternative == "flashback":
                return ctx.game.move(o, "graveyard")
            return apply(self, ctx)
        return faulty
    locate.patch_method(stack, "CounterEventSpell", "apply", make)


def _printed_alternative_from_graveyard(stack, run):
    """A card that may be cast with flashback may be cast from the graveyard for its printed
    alternative cost instead (two alternative ways at once)."""
    def make(permission):
        def faulty(game, o, caster, zone, alt, name):
            has_flashback = o.card.flashback is not None or any(
                kind == "flashback" for kind, _ in o.perms)
            if zone == "graveyard" and alt == "printed" and has_flashback:
                return None, False
            return permission(game, o, caster, zone, alt, name)
        return faulty
    locate.patch(stack, "_permission", make)


def _controls_free_casting(game, player) -> bool:
    free = locate.obj("CastWithoutPaying")
    return any(isinstance(st, free) for sid in game.battlefield
               if game.objs[sid].controller == player for st in game.objs[sid].card.statics)


def _free_casting_pays_flashback(stack, run):
    """With Omniscience, a flashback cast costs nothing: both alternative costs apply."""
    watch = watch_casts(stack, CastWatch())
    zero = locate.obj("ZERO")

    def make(total_cost):
        def faulty(game, card, caster, base, kicks, x, n_targets=0, chosen=()):
            if watch.alternative == "flashback" and _controls_free_casting(game, caster):
                base = zero
            return total_cost(game, card, caster, base, kicks, x, n_targets, chosen)
        return faulty
    locate.patch(stack, "total_cost", make)


def _free_casting_from_any_zone(stack, run):
    """"Cast spells from your hand without paying" is honoured for cards in the graveyard."""
    def make(permission):
        def faulty(game, o, caster, zone, alt, name):
            if (zone == "graveyard" and alt == "without-paying-mana-cost"
                    and _controls_free_casting(game, caster)):
                return permission(game, o, caster, "hand", alt, name)
            return permission(game, o, caster, zone, alt, name)
        return faulty
    locate.patch(stack, "_permission", make)


def _flashback_not_from_graveyard(stack, run):
    """"If this spell was cast from a graveyard" is false for a spell cast with flashback."""
    def make(holds_for):
        def faulty(self, info):
            return holds_for(self, info) and info.alternative != "flashback"
        return faulty
    locate.patch_method(stack, "CastFromGraveyard", "holds_for", make)


def _flashback_cost_from_exile(stack, run):
    """A card with flashback cast from exile (an effect lets it be cast) is charged its
    flashback cost."""
    watch = watch_casts(stack, CastWatch())

    def make(total_cost):
        def faulty(game, card, caster, base, kicks, x, n_targets=0, chosen=()):
            if watch.zone == "exile" and card.flashback is not None:
                base = card.flashback.mana
            return total_cost(game, card, caster, base, kicks, x, n_targets, chosen)
        return faulty
    locate.patch(stack, "total_cost", make)


def _increase_skips_granted_flashback(stack, run):
    """Cost increases (Thalia) are not applied to a flashback granted by another card."""
    watch = watch_casts(stack, CastWatch())
    modifier = locate.obj("CostModifier")

    def make(total_cost):
        def faulty(game, card, caster, base, kicks, x, n_targets=0, chosen=()):
            if watch.alternative != "flashback" or card.flashback is not None:
                return total_cost(game, card, caster, base, kicks, x, n_targets, chosen)
            applies = modifier.applies
            with mock.patch.object(modifier, "applies",
                                   lambda self, *a: self.amount < 0 and applies(self, *a)):
                return total_cost(game, card, caster, base, kicks, x, n_targets, chosen)
        return faulty
    locate.patch(stack, "total_cost", make)


def _undo_keeps_discards(stack, run):
    """Flashback's "discard X cards" is paid first and not given back when the cast is
    undone for want of mana."""
    pending = []

    def failed(game, args, obj, error):
        fb = obj.card.flashback if obj is not None else None
        if (args.get("alternative") == "flashback" and fb is not None and fb.discard_x
                and error.rule == "601.2h"):
            pending.append((obj.owner, args.get("x", 0), (args.get("choices") or {}).get("discard", [])))
    watch_casts(stack, CastWatch(), failed=failed)
    discard = locate.obj("discard")

    def make(restore):
        def faulty(self, snap):
            restore(self, snap)
            while pending:
                player, n, chosen = pending.pop()
                discard(self, player, n, chosen)
        return faulty
    locate.patch_method(stack, "Game", "restore", make)


def _undo_leaves_spell_on_stack(stack, run):
    """Undoing an illegal cast gives the payments back but leaves the spell on the stack,
    where it later resolves for free."""
    pending = []
    info_type = locate.obj("SpellInfo")

    def failed(game, args, obj, error):
        if obj is not None:
            pending.append(obj.oid)
    watch_casts(stack, CastWatch(), failed=failed)

    def make(restore):
        def faulty(self, snap):
            restore(self, snap)
            while pending:
                o = self.objs.get(pending.pop())
                if o is not None and o.zone != "stack":
                    origin = o.zone
                    self.move(o, "stack")
                    o.spell = info_type(cast_from=origin)
        return faulty
    locate.patch_method(stack, "Game", "restore", make)


def _flashback_x_is_zero_on_stack(stack, run):
    """X counts as 0 in the mana value of a spell cast with flashback."""
    def make(mana_value):
        def faulty(o):
            mv = mana_value(o)
            if (o.zone == "stack" and o.spell is not None and o.spell.alternative == "flashback"
                    and o.card.cost is not None):
                mv -= o.card.cost.xs * o.spell.x
            return mv
        return faulty
    locate.patch(stack, "mana_value", make)


def _x_spell_mana_value_is_x(stack, run):
    """On the stack, a spell with {X} has mana value X (its other symbols forgotten)."""
    def make(mana_value):
        def faulty(o):
            cost = o.card.cost
            if o.zone == "stack" and o.spell is not None and cost is not None and cost.xs:
                return cost.xs * o.spell.x
            return mana_value(o)
        return faulty
    locate.patch(stack, "mana_value", make)


def _counter_unless_never_counters(stack, run):
    """"Counter target spell unless its controller pays" never counters, paid or not."""
    def make(apply):
        def faulty(self, ctx):
            if self.unless is not None:
                return None
            return apply(self, ctx)
        return faulty
    locate.patch_method(stack, "CounterSpell", "apply", make)


SNAP = ("Snapcaster Mage", "snap")


def _permanent_flashback(o) -> bool:
    """Was `o` cast by its printed flashback, whose cost sacrifices or taps permanents?"""
    return (o.spell is not None and o.spell.alternative == "flashback" and o.card.flashback is not None
            and bool(o.card.flashback.permanents))


def _permanent_flashback_does_nothing(stack, run):
    """A spell cast by a flashback cost that sacrifices or taps permanents: the permanents pay,
    but the spell goes back to the graveyard instead of onto the stack, and nothing happens
    (XMage #3132, Dread Return and Battle Screech: "costs are paid, but card does not appear to
    be exiled nor does the flashback effect apply")."""
    def make(cast):
        def faulty(game, args, offered=False):
            cast(game, args, offered)
            o = game.objs[game.labels[args["card"]]]
            if o.zone == "stack" and _permanent_flashback(o):
                game.move(o, "graveyard")
                o.spell = None
        return faulty
    locate.patch(stack, "cast", make)


def _sacrifice_before_targets(stack, run):
    """The targets of a flashback spell are chosen as if the permanents named to pay its cost were
    already sacrificed, so a creature sacrificed for Dread Return can be its target (XMage #3883:
    "the creatures should be sacrificed after targets are chosen, not before")."""
    flashback_sacrifices: list = []

    def make_cast(cast):
        def faulty(game, args, offered=False):
            named = (args.get("choices") or {}).get("sacrifice_cost") or []
            flashback_sacrifices[:] = named if args.get("alternative") == "flashback" else []
            try:
                return cast(game, args, offered)
            finally:
                flashback_sacrifices.clear()
        return faulty

    def make_assign(assign):
        def faulty(game, card, info, given, *rest):
            gone = [game.objs[game.labels[label]] for label in dict.fromkeys(flashback_sacrifices)
                    if label in game.labels and game.objs[game.labels[label]].zone == "battlefield"]
            for o in gone:
                game.move(o, "graveyard")
            try:
                return assign(game, card, info, given, *rest)
            finally:
                for o in gone:  # the cost itself is paid later, as the engine pays it
                    controller = o.controller
                    game.move(o, "battlefield")
                    o.controller = controller
        return faulty
    locate.patch(stack, "cast", make_cast)
    locate.patch(stack, "_assign_targets", make_assign)


_THREE_CREATURES = cards(("Yoked Ox", "ox"), ("Memnite", "memnite"), ("Elite Vanguard", "vanguard"))


def _snapcaster_grants(target: str) -> list:
    return [{"cast": {"card": "snap", "pay": "{U}{U}"}},
            {"resolve": {"choices": {"trigger_targets": [{"source": "snap", "targets": [target]}]}}},
            {"resolve": {}}]



REPORTED = [
    Fault("counter_misses_granted_flashback_spell", "701.6a",
          "countering a spell cast with flashback granted by Snapcaster Mage does nothing: "
          "the spell stays on the stack and resolves",
          _counter_misses_granted_flashback,
          case({"alice": {"hand": cards(SNAP), "graveyard": cards(("Lightning Bolt", "lb")),
                          "mana": "{U}{U}{R}"},
                "bob": {"hand": cards(("Counterspell", "cs")), "mana": "{U}{U}"}},
               _snapcaster_grants("lb")
               + [{"cast": {"card": "lb", "alternative": "flashback", "targets": ["bob"], "pay": "{R}"}},
                  {"cast": {"card": "cs", "by": "bob", "targets": ["lb"], "pay": "{U}{U}"}},
                  {"pass_until_empty": {}}]),
          report=f"{MAGE}/issues/930"),
    Fault("granted_flashback_spell_not_exiled", "702.34a",
          "a spell cast with flashback granted by Snapcaster Mage goes to the graveyard when it "
          "leaves the stack (printed flashback is exiled correctly)",
          _granted_flashback_not_exiled,
          case({"alice": {"hand": cards(SNAP), "graveyard": cards(("Lightning Bolt", "lb")),
                          "mana": "{U}{U}{R}"}},
               _snapcaster_grants("lb")
               + [{"cast": {"card": "lb", "alternative": "flashback", "targets": ["bob"], "pay": "{R}"}},
                  {"resolve": {}}])),
    Fault("fizzled_flashback_spell_to_graveyard", "702.34a",
          "a flashback spell that doesn't resolve because its targets became illegal (608.2b) "
          "goes to the graveyard",
          _fizzled_flashback_to_graveyard,
          case({"alice": {"graveyard": cards(FIREBOLT), "hand": cards(("Lightning Bolt", "lb")),
                          "mana": "{R}{R}{R}{R}{R}{R}"},
                "bob": {"battlefield": cards(("Elite Vanguard", "vanguard"))}},
               [{"cast": {"card": "firebolt", "alternative": "flashback", "targets": ["vanguard"],
                          "pay": "{R}{R}{R}{R}{R}"}},
                {"cast": {"card": "lb", "targets": ["vanguard"], "pay": "{R}"}},
                {"pass_until_empty": {}}])),
    Fault("flashback_countered_by_ability_to_graveyard", "702.34a",
          "a flashback spell countered by a triggered ability (Chalice of the Void) goes to the "
          "graveyard",
          _countered_by_ability_to_graveyard,
          case({"alice": {"graveyard": cards(("Think Twice", "tt")), "mana": "{U}{U}{U}",
                          "library": cards(("Island", "island"))},
                "bob": {"battlefield": [{"card": "Chalice of the Void", "label": "chalice",
                                         "counters": {"charge": 2}}]}},
               [{"cast": {"card": "tt", "alternative": "flashback", "pay": "{U}{U}{U}"}},
                {"pass_until_empty": {}}])),
    Fault("printed_alternative_cost_with_flashback", "118.9a",
          "a card given flashback by Snapcaster Mage may be cast from the graveyard for its own "
          "alternative cost (Force of Will's) instead of the flashback cost",
          _printed_alternative_from_graveyard,
          case({"alice": {"hand": cards(SNAP, ("Lightning Bolt", "lb"), ("Counterspell", "blue")),
                          "graveyard": cards(("Force of Will", "fow")), "mana": "{U}{U}{R}"}},
               _snapcaster_grants("fow")
               + [{"cast": {"card": "lb", "targets": ["bob"], "pay": "{R}"}},
                  {"cast": {"card": "fow", "alternative": "printed", "targets": ["lb"], "pay": ""}}]),
          report=f"{MAGE}/issues/4093"),
    Fault("free_casting_also_pays_flashback", "118.9a",
          "with Omniscience, a spell cast with flashback costs nothing (two alternative costs "
          "applied to one spell)",
          _free_casting_pays_flashback,
          case({"alice": {"graveyard": cards(FIREBOLT), "mana": "{R}",
                          "battlefield": cards(("Omniscience", "omni"))}},
               [{"cast": {"card": "firebolt", "alternative": "flashback", "targets": ["bob"], "pay": ""}}]),
          report=f"{MAGE}/issues/3483"),
    Fault("free_casting_from_the_graveyard", "601.3",
          "Omniscience's \"cast spells from your hand without paying\" also lets cards be cast "
          "from the graveyard",
          _free_casting_from_any_zone,
          case({"alice": {"graveyard": cards(("Lightning Bolt", "lb")),
                          "battlefield": cards(("Omniscience", "omni"))}},
               [{"cast": {"card": "lb", "alternative": "without-paying-mana-cost", "targets": ["bob"],
                          "pay": ""}}]),
          report=f"{MAGE}/issues/1323"),
    Fault("flashback_cast_not_from_graveyard", "702.34a",
          "a spell cast with flashback doesn't count as cast from a graveyard (Increasing "
          "Vengeance copies once)",
          _flashback_not_from_graveyard,
          case({"alice": {"hand": cards(("Lightning Bolt", "lb")),
                          "graveyard": cards(("Increasing Vengeance", "iv")),
                          "mana": "{R}{R}{R}{R}{R}{R}"}},
               [{"cast": {"card": "lb", "targets": ["bob"], "pay": "{R}"}},
                {"cast": {"card": "iv", "alternative": "flashback", "targets": ["lb"],
                          "pay": "{R}{R}{R}{R}{R}"}},
                {"resolve": {}}]),
          report=f"{PHASE}/issues/2860"),
    Fault("flashback_cost_charged_from_exile", "702.34a",
          "a card with flashback cast from exile (Bring to Light lets it be cast) is charged "
          "its flashback cost",
          _flashback_cost_from_exile,
          case({"alice": {"hand": cards(("Bring to Light", "btl")), "library": cards(FIREBOLT),
                          "mana": "{W}{U}{B}{R}{G}"}},
               [{"cast": {"card": "btl", "pay": "{W}{U}{B}{R}{G}"}},
                {"resolve": {"choices": {"search": ["firebolt"],
                                         "cast": {"card": "firebolt", "targets": ["bob"], "pay": ""}}}}]),
          report="https://github.com/Card-Forge/forge/issues/9047"),
    Fault("increase_skips_granted_flashback", "118.9d",
          "a cost increase (Thalia) is not applied to a flashback cost granted by Snapcaster Mage",
          _increase_skips_granted_flashback,
          case({"alice": {"hand": cards(SNAP), "graveyard": cards(("Lightning Bolt", "lb")),
                          "mana": "{U}{U}{R}{R}"},
                "bob": {"battlefield": cards(("Thalia, Guardian of Thraben", "thalia"))}},
               _snapcaster_grants("lb")
               + [{"cast": {"card": "lb", "alternative": "flashback", "targets": ["bob"], "pay": "{R}"}}]),
          report=f"{MAGE}/issues/1405"),
    Fault("undo_keeps_flashback_discards", "733.1",
          "a flashback cast that discards cards as a cost and then can't pay its mana is undone, "
          "but the discarded cards stay in the graveyard",
          _undo_keeps_discards,
          case({"alice": {"graveyard": cards(("Conflagrate", "conflagrate")), "mana": "{R}",
                          "hand": cards(("Forest", "f1"), ("Island", "i1"))}},
               [{"cast": {"card": "conflagrate", "alternative": "flashback", "x": 2,
                          "targets": ["bob"], "pay": "{R}", "choices": {"discard": ["f1", "i1"]}}}]),
          report=f"{MAGE}/issues/3337"),
    Fault("undone_cast_leaves_spell_on_stack", "733.1",
          "an illegal cast gives its payment back but leaves the spell on the stack",
          _undo_leaves_spell_on_stack,
          case({"alice": {"hand": cards(("Lightning Bolt", "lb")), "mana": "{G}"}},
               [{"cast": {"card": "lb", "targets": ["bob"], "pay": "{G}"}}]),
          report=f"{MAGE}/issues/4527"),
    Fault("flashback_x_is_zero_in_mana_value", "202.3e",
          "the mana value of a spell cast with flashback counts X as 0 on the stack "
          "(Chalice of the Void on 1 counters a flashbacked Conflagrate)",
          _flashback_x_is_zero_on_stack,
          case({"alice": {"graveyard": cards(("Conflagrate", "conflagrate")), "mana": "{R}{R}",
                          "hand": cards(("Forest", "f1"))}},
               [{"cast": {"card": "conflagrate", "alternative": "flashback", "x": 1,
                          "targets": ["bob"], "pay": "{R}{R}", "choices": {"discard": ["f1"]}}}]),
          report=f"{MAGE}/issues/2436"),
    Fault("counter_unless_paid_never_counters", "118.12a",
          "\"counter target spell unless its controller pays\" (Mana Leak) resolves without "
          "countering the spell when its controller doesn't pay",
          _counter_unless_never_counters,
          case({"alice": {"graveyard": cards(FIREBOLT), "mana": "{R}{R}{R}{R}{R}"},
                "bob": {"hand": cards(("Mana Leak", "leak")), "mana": "{U}{U}"}},
               [{"cast": {"card": "firebolt", "alternative": "flashback", "targets": ["bob"],
                          "pay": "{R}{R}{R}{R}{R}"}},
                {"cast": {"card": "leak", "by": "bob", "targets": ["firebolt"], "pay": "{U}{U}"}},
                {"resolve": {"choices": {"pay_unless": False}}}]),
          report=f"{MAGE}/issues/13545"),
    Fault("x_spell_mana_value_is_x", "202.3e",
          "on the stack the mana value of a spell with {X} is X alone, without its other symbols",
          _x_spell_mana_value_is_x,
          case({"alice": {"hand": cards(("Comet Storm", "comet")), "mana": "{R}{R}{R}{R}"}},
               [{"cast": {"card": "comet", "x": 2, "targets": ["bob"], "pay": "{R}{R}{R}{R}"}}]),
          report=f"{PHASE}/issues/2392"),
    Fault("permanent_flashback_cost_does_nothing", "702.34a",
          "casting Dread Return by flashback sacrifices the three creatures, but the spell stays in the "
          "graveyard and returns nothing",
          _permanent_flashback_does_nothing,
          case({"alice": {"graveyard": cards(("Dread Return", "dread"), ("Bronze Sable", "sable")),
                          "battlefield": _THREE_CREATURES}},
               [{"cast": {"card": "dread", "alternative": "flashback", "targets": ["sable"],
                          "choices": {"sacrifice_cost": ["ox", "memnite", "vanguard"]}}}]),
          report=f"{MAGE}/issues/3132"),
    Fault("flashback_sacrifice_paid_before_targets", "601.2c",
          "the creatures sacrificed for Dread Return's flashback cost are sacrificed before its target is "
          "chosen, so one of them can be the creature card it returns",
          _sacrifice_before_targets,
          case({"alice": {"graveyard": cards(("Dread Return", "dread")),
                          "battlefield": _THREE_CREATURES}},
               [{"cast": {"card": "dread", "alternative": "flashback", "targets": ["ox"],
                          "choices": {"sacrifice_cost": ["ox", "memnite", "vanguard"]}}}]),
          report=f"{MAGE}/issues/3883"),
]


FAULTS = DESIGNED + REPORTED
