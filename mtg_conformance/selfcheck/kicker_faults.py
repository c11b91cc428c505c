"""Faulty engines that get kicker, multikicker and sticker kicker (702.33) wrong."""

from __future__ import annotations

from dataclasses import replace
from unittest import mock

from reference_impl.effects import Kicked, TimesKicked
from reference_impl.rules import actions as ref_actions
from reference_impl.rules.abilities import GrantKicker, Trigger
from reference_impl.rules.costs import KickerAbility
from reference_impl.rules.targets import TargetSpec
from reference_impl.state.game import IllegalAction, SpellInfo

from .fault import Fault, cards, case
from .patching import ModuleProxy, top_copy_spell, track_casts, view_stack_item, wrap, wrap_attr

BOLT = ("Burst Lightning", "bolt")


def _copy_not_kicked(stack, run):
    def make(copy_spell):
        def faulty(game, orig, controller, new_targets, colors):
            copy_spell(game, orig, controller, new_targets, colors)
            top_copy_spell(game, **unkicked())
        return faulty
    wrap(stack, "reference_impl.rules.resolution.copy_spell", make)


def unkicked() -> dict:
    """SpellInfo changes that erase every kick (kickers, and the linked ones if tracked)."""
    return {f: () for f in ("kickers", "linked") if f in SpellInfo.__dataclass_fields__}


def _linked(info) -> tuple:
    return getattr(info, "linked", info.kickers)


def _times_kicked_is(count):
    """Count kicks wrongly everywhere: 'for each time it was kicked', 'kicked twice', targets
    per kick, and `times_kicked` in the view."""
    def install(stack, run):
        wrap_attr(stack, SpellInfo, "times_kicked",
                  lambda prop: property(lambda info: count(info.kickers)))
        wrap_attr(stack, TimesKicked, "__call__",
                  lambda call: lambda self, ctx: count(_linked(ctx.info)))

        def holds_for(holds):
            def faulty(self, info):
                if self.which is not None:
                    return holds(self, info)
                paid = _linked(info) if getattr(self, "linked", True) else info.kickers
                return count(paid) >= self.times
            return faulty
        wrap_attr(stack, Kicked, "holds_for", holds_for)

        def adjust(game, obj, item):
            item["times_kicked"] = obj.spell.times_kicked
        view_stack_item(stack, adjust)
    return install


def _kicker_in_mana_value(stack, run):
    def make(mana_value):
        def faulty(o):
            mv = mana_value(o)
            if o.zone == "stack" and o.spell is not None:
                printed = o.card.kickers
                for letter in o.spell.kickers:
                    i = "ABCDEFGH".index(letter)
                    if i < len(printed):
                        mv += printed[i].total
            return mv
        return faulty
    for module in ("view", "rules.abilities", "effects"):
        wrap(stack, f"reference_impl.{module}.mana_value", make)


def _kicked_targets_always(stack, run):
    def make(slots):
        def faulty(self, info):
            return slots(replace(self, only_if=None), info)
        return faulty
    wrap_attr(stack, TargetSpec, "slots", make)


def _etb_targets_at_cast(stack, run):
    def make(assign):
        def faulty(game, card, info, given, caster, source_oid, name):
            extra = tuple(spec for trig in card.triggers if trig.event == "enters-self"
                          and (trig.condition is None or trig.condition.holds_for(info))
                          for spec in trig.targets)
            if extra:
                card = replace(card, spell_targets=card.spell_targets + extra)
            return assign(game, card, info, given, caster, source_oid, name)
        return faulty
    wrap(stack, "reference_impl.rules.casting._assign_targets", make)


def _kick_trigger_once(stack, run):
    last = {"event": None}

    def emit(game, event):
        previous, last["event"] = last["event"], (event.kind, event.oid)
        if event.kind == "kick" and previous == ("kick", event.oid):
            return  # one kick event per spell, however many kicker payments
        ref_actions.emit(game, event)
    stack.enter_context(mock.patch("reference_impl.rules.casting.actions",
                                   ModuleProxy(ref_actions, emit=emit)))


def _uncast_counts_as_kicked(stack, run):
    def make(enter):
        def faulty(game, o, info, controller, choices):
            if info is None:
                info = replace(SpellInfo(), **{f: ("A",) for f in unkicked()})
            return enter(game, o, info, controller, choices)
        return faulty
    wrap(stack, "reference_impl.rules.resolution.enter_battlefield", make)


def _kicker_mandatory(stack, run):
    """Kicker read as a required additional cost: a spell with kicker announced with no kick
    is illegal (702.33a says "you may pay")."""
    def make(announce):
        def faulty(args, abilities, name):
            paid = announce(args, abilities, name)
            if abilities and not paid:
                raise IllegalAction("702.33a", f"{name}'s kicker cost must be paid")
            return paid
        return faulty
    wrap(stack, "reference_impl.rules.casting._announce_kicks", make)


def _single_kicker_twice(stack, run):
    def make(announce):
        def faulty(args, abilities, name):
            kicks = args.get("kicks")
            if ("kickers" not in args and isinstance(kicks, int) and abilities
                    and not abilities[0].multi and kicks > len(abilities)):
                return [abilities[0]] * kicks
            return announce(args, abilities, name)
        return faulty
    wrap(stack, "reference_impl.rules.casting._announce_kicks", make)


def _kicks_forgotten(stack, run):
    def make(enter):
        def faulty(game, o, info, controller, choices):
            if info is not None:
                info = replace(info, **unkicked())
            return enter(game, o, info, controller, choices)
        return faulty
    wrap(stack, "reference_impl.rules.resolution.enter_battlefield", make)


def _unkicked_enters_trigger_skipped(stack, run):
    def make(triggers_on):
        def faulty(self, game, src, event):
            if (self.event == "enters-self" and self.condition is None and src.card.kickers
                    and not (event.info is not None and event.info.kickers)):
                return False
            return triggers_on(self, game, src, event)
        return faulty
    wrap_attr(stack, Trigger, "triggers_on", make)


def _no_ticket(stack, run):
    before = {}

    def remember(game, args):
        before.clear()
        before.update({n: p.counters.get("ticket", 0) for n, p in game.players.items()})

    def after(game, args, obj):
        for name, p in game.players.items():
            if p.counters.get("ticket", 0) > before.get(name, 0):
                if before.get(name):
                    p.counters["ticket"] = before[name]
                else:
                    p.counters.pop("ticket", None)

    def make(cast):
        def faulty(game, args, **how):
            remember(game, args)
            return cast(game, args, **how)
        return faulty
    wrap(stack, "reference_impl.runner.cast", make)  # inner: remember the counters
    track_casts(stack, run, after)                    # outer: take the new tickets back


def _sticker_on_any_spell(stack, run):
    def make(kicker_abilities):
        def faulty(game, card, caster):
            found = kicker_abilities(game, card, caster)
            if any(k.sticker for k in found):
                return found
            for sid in game.battlefield:
                src = game.objs[sid]
                for st in src.card.statics:
                    if isinstance(st, GrantKicker) and src.controller == caster:
                        found.append(KickerAbility("ABCDEFGH"[len(found)], st.cost, False, True))
            return found
        return faulty
    wrap(stack, "reference_impl.rules.casting.kicker_abilities", make)


def _kicker_forbidden_with_alternative(stack, run):
    def make(announce):
        def faulty(args, abilities, name):
            paid = announce(args, abilities, name)
            if paid and args.get("alternative") is not None:
                raise IllegalAction("118.9d", f"{name}: no kicker with an alternative cost")
            return paid
        return faulty
    wrap(stack, "reference_impl.rules.casting._announce_kicks", make)


FAULTS = [
    Fault("copy_of_kicked_spell_unkicked", "707.10",
          "a copy of a kicked spell is not kicked",
          _copy_not_kicked,
          case({"alice": {"hand": cards(BOLT, ("Twincast", "twin")), "mana": "{R}{R}{R}{R}{R}{U}{U}"}},
               [{"cast": {"card": "bolt", "kicks": 1, "targets": ["bob"], "pay": "{R}{R}{R}{R}{R}"}},
                {"cast": {"card": "twin", "targets": ["bolt"], "pay": "{U}{U}"}},
                {"pass_until_empty": {}}])),
    Fault("multikicker_counted_once", "702.33d",
          "multikicker is counted as kicked yes/no: 'for each time it was kicked' gives at most 1",
          _times_kicked_is(lambda kickers: min(1, len(kickers))),
          case({"alice": {"hand": cards(("Joraga Warcaller", "elf")), "mana": "{G}{G}{G}{G}{G}"}},
               [{"cast": {"card": "elf", "kicks": 2, "pay": "{G}{G}{G}{G}{G}"}}, {"resolve": {}}])),
    Fault("two_kicker_costs_count_once", "702.33d",
          "a spell kicked with both of its kicker costs counts as kicked once, not twice",
          _times_kicked_is(lambda kickers: 1 if len(set(kickers)) > 1 else len(kickers)),
          case({"alice": {"hand": cards(("Archangel of Wrath", "angel")),
                          "mana": "{W}{W}{W}{W}{B}{R}"}},
               [{"cast": {"card": "angel", "kickers": ["A", "B"], "pay": "{W}{W}{W}{W}{B}{R}"}},
                {"pass_until_empty": {}}])),
    Fault("kicker_cost_in_mana_value", "202.3",
          "the kicker cost paid is added to the spell's mana value on the stack",
          _kicker_in_mana_value,
          case({"alice": {"hand": cards(BOLT), "mana": "{R}{R}{R}{R}{R}"}},
               [{"cast": {"card": "bolt", "kicks": 1, "targets": ["bob"]}}])),
    Fault("kicked_only_targets_when_unkicked", "702.33g",
          "an unkicked spell must also choose the targets that exist only if it is kicked",
          _kicked_targets_always,
          case({"alice": {"hand": cards(("Orim's Thunder", "orim")), "mana": "{W}{W}{W}"},
                "bob": {"battlefield": cards(("Everflowing Chalice", "chalice"))}},
               [{"cast": {"card": "orim", "targets": ["chalice"], "pay": "{W}{W}{W}"}}])),
    Fault("enters_trigger_target_chosen_at_cast", "603.3d",
          "an 'enters' trigger's target is chosen as the spell is cast, not when it triggers",
          _etb_targets_at_cast,
          case({"alice": {"hand": cards(("Gatekeeper of Malakir", "gk")), "mana": "{B}{B}{B}"},
                "bob": {"battlefield": cards(("Elite Vanguard", "vanguard"))}},
               [{"cast": {"card": "gk", "kicks": 1, "pay": "{B}{B}{B}"}}])),
    Fault("kick_trigger_once_per_spell", "603.2c",
          "'whenever a player kicks a spell' triggers once per spell, not once per kicker payment",
          _kick_trigger_once,
          case({"alice": {"hand": cards(("Everflowing Chalice", "chalice")), "mana": "{C}{C}{C}{C}",
                          "battlefield": cards(("Saproling Infestation", "infestation"))}},
               [{"cast": {"card": "chalice", "kicks": 2, "pay": "{C}{C}{C}{C}"}},
                {"pass_until_empty": {}}])),
    Fault("uncast_permanent_counts_as_kicked", "702.33d",
          "a permanent put onto the battlefield without being cast counts as kicked",
          _uncast_counts_as_kicked,
          case({"alice": {"hand": cards(("Joraga Warcaller", "elf"))}},
               [{"put_onto_battlefield": {"card": "elf"}}])),
    Fault("kicker_is_mandatory", "702.33a",
          "a spell with kicker cannot be cast unkicked: the kicker cost is treated as required (designed)",
          _kicker_mandatory,
          case({"alice": {"hand": cards(BOLT), "mana": "{R}"}},
               [{"cast": {"card": "bolt", "kicks": 0, "targets": ["bob"], "pay": "{R}"}}])),
    Fault("single_kicker_paid_twice", "702.33d",
          "a spell with a single kicker cost may be kicked twice",
          _single_kicker_twice,
          case({"alice": {"hand": cards(BOLT), "mana": "{R}{R}{R}{R}{R}{R}{R}{R}{R}"}},
               [{"cast": {"card": "bolt", "kicks": 2, "targets": ["bob"]}}])),
    Fault("kicks_forgotten_on_resolution", "614.1c",
          "a kicked permanent spell enters as if unkicked ('enters with' counters ignore kicks)",
          _kicks_forgotten,
          case({"alice": {"hand": cards(("Kavu Titan", "kavu")), "mana": "{G}{G}{G}{G}{G}"}},
               [{"cast": {"card": "kavu", "kicks": 1, "pay": "{G}{G}{G}{G}{G}"}}, {"resolve": {}}])),
    Fault("unkicked_enters_trigger_skipped", "603.2",
          "a multikicker 'enters' trigger (for each time it was kicked) does not trigger when unkicked",
          _unkicked_enters_trigger_skipped,
          case({"alice": {"hand": cards(("Wolfbriar Elemental", "wolfbriar")), "mana": "{G}{G}{G}{G}"}},
               [{"cast": {"card": "wolfbriar", "pay": "{G}{G}{G}{G}"}}, {"resolve": {}}])),
    Fault("sticker_kicker_without_ticket", "702.33h",
          "paying a sticker kicker cost does not give its caster a ticket counter",
          _no_ticket,
          case({"alice": {"hand": cards(("Elite Vanguard", "vanguard")), "mana": "{W}{W}",
                          "battlefield": cards(("Wicker Picker", "picker"))}},
               [{"cast": {"card": "vanguard", "kicks": 1, "pay": "{W}{W}"}}])),
    Fault("sticker_kicker_on_any_spell", "702.33h",
          "a granted sticker kicker ('creature spells you cast have ...') applies to any spell",
          _sticker_on_any_spell,
          case({"alice": {"hand": cards(("Lightning Bolt", "lb")), "mana": "{R}{R}",
                          "battlefield": cards(("Wicker Picker", "picker"))}},
               [{"cast": {"card": "lb", "kicks": 1, "targets": ["bob"], "pay": "{R}{R}"}}])),
    Fault("kicker_forbidden_with_alternative_cost", "118.9d",
          "kicker can't be paid when the spell is cast for an alternative cost or without its mana cost",
          _kicker_forbidden_with_alternative,
          case({"alice": {"hand": cards(BOLT), "mana": "{R}{R}{R}{R}",
                          "battlefield": cards(("Omniscience", "omni"))}},
               [{"cast": {"card": "bolt", "alternative": "without-paying-mana-cost", "kicks": 1,
                          "targets": ["bob"], "pay": "{R}{R}{R}{R}"}}])),
]
