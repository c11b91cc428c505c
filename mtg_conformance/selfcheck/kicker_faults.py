"""Faulty engines that get kicker, multikicker and sticker kicker (702.33) wrong.

The faults of this rule area, kicker and multikicker (702.33), and the copies and costs around them: the designed ones
first (`DESIGNED`), then those modelled on real engines' bug reports (`REPORTED`; each
`report` names its report).
"""

from __future__ import annotations

from dataclasses import replace
from unittest import mock

from reference_impl.effects import Kicked, TimesKicked
from reference_impl.rules import actions as ref_actions
from reference_impl.rules.abilities import Trigger
from reference_impl.rules.costs import KickerAbility
from reference_impl.rules.statics import GrantKicker
from reference_impl.rules.targets import TargetSpec
from reference_impl.state.game import IllegalAction, SpellInfo

from . import locate
from .fault import Fault, cards, case
from .hooks import CastWatch, entering_card, watch_casts
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
    for module in ("view", "rules.abilities", "effects.amounts", "effects.zones"):
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


def _kick_trigger_only_for_its_controller(stack, run):
    """"Whenever a player kicks a spell" triggers only when its controller kicks one."""
    def make(triggers_on):
        def faulty(self, game, src, event):
            if self.event == "kick" and event.kind == "kick" and event.player != src.controller:
                return False
            return triggers_on(self, game, src, event)
        return faulty
    wrap_attr(stack, Trigger, "triggers_on", make)


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


DESIGNED = [
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
    Fault("kick_trigger_only_for_its_controllers_spells", "603.2",
          "(designed) 'whenever a player kicks a spell' triggers only when its controller kicks a spell, not "
          "when an opponent does",
          _kick_trigger_only_for_its_controller,
          case({"alice": {"hand": cards(("Burst Lightning", "bolt")), "mana": "{R}{C}{C}{C}{C}"},
                "bob": {"battlefield": cards(("Saproling Infestation", "infestation"))}},
               [{"cast": {"card": "bolt", "kicks": 1, "targets": ["bob"], "pay": "{R}{C}{C}{C}{C}"}}]),
          claims=("triggers/active-player-puts-triggers-on-the-stack-first#a-player-kicks",)),
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


# ---------------------------------------------------------------- modelled on real bug reports

MAGE = "https://github.com/magefree/mage"
PHASE = "https://github.com/phase-rs/phase"
ARGENTUM = "https://github.com/wingedsheep/argentum-engine"


def _stale_letters(obj, args) -> tuple:
    """The kicker letters an (undone) cast attempt with `args` announced for `obj`."""
    if args.get("kickers"):
        return tuple(sorted(args["kickers"]))
    n = args.get("kicks") or 0
    if obj.card.multikicker:
        return ("A",) * n
    return tuple("ABCDEFGH"[:n])


def _undone_kicks_stick(longer_only: bool):
    """The kicks announced in an undone cast attempt are remembered for the card and count
    for the next cast of it that announces fewer (XMage kept its kicker activations)."""
    def install(stack, run):
        watch = CastWatch()

        def after(game, args, obj):
            undone = watch.undone.get(args.get("card"))
            if undone is None or obj.spell is None:
                return
            stale = _stale_letters(obj, undone)
            now = obj.spell.kickers
            if (longer_only and len(stale) > len(now)) or (not longer_only and stale and not now):
                obj.spell = replace(obj.spell, kickers=stale, linked=stale)
        watch_casts(stack, watch, after=after)
    return install


def _first_kicker_only(stack, run):
    """"Was it kicked?" asked by another object looks at the first kicker cost only."""
    def make(holds_for):
        def faulty(self, info):
            if self.which is None and not self.linked:
                return any(k == "A" for k in info.kickers)
            return holds_for(self, info)
        return faulty
    locate.patch_method(stack, "Kicked", "holds_for", make)


def _clone_copies_kicked_status(stack, run):
    """A clone entering as a copy of a kicked permanent enters as if it had been kicked."""
    def make(enter):
        def faulty(game, o, info, controller, choices):
            chosen = choices.get("clone") if choices is not None else None
            if chosen is not None and chosen in game.labels:
                model = game.objs.get(game.labels[chosen])
                if model is not None and model.etb is not None:
                    info = model.etb
            return enter(game, o, info, controller, choices)
        return faulty
    locate.patch(stack, "enter_battlefield", make)


def _times_kicked_counters_fixed_one(stack, run):
    """"Enters with a counter for each time it was kicked" always puts exactly one."""
    counters, times = locate.obj("EntersWithCounters"), locate.obj("TimesKicked")

    def rewrite(game, o, info, choices):
        enters = tuple(replace(r, amount=1) if isinstance(r, counters)
                       and isinstance(r.amount, times) else r for r in o.card.enters)
        return replace(o.card, enters=enters) if enters != o.card.enters else None
    entering_card(stack, rewrite)


def _one_target_however_kicked(stack, run):
    def make(slots):
        def faulty(self, info):
            if self.count == "one-plus-kicks":
                return 1
            return slots(self, info)
        return faulty
    locate.patch_method(stack, "TargetSpec", "slots", make)


def _enters_trigger_sees_no_kicks(stack, run):
    """The kicked record is cleared as the permanent enters, so "when it enters, if it was
    kicked" never triggers (the enters replacements still saw it)."""
    def make(triggers_on):
        def faulty(self, game, src, event):
            if self.event == "enters-self" and event.info is not None:
                event = replace(event, info=replace(event.info, kickers=(), linked=()))
            return triggers_on(self, game, src, event)
        return faulty
    locate.patch_method(stack, "Trigger", "triggers_on", make)


def _kicked_condition_only_on_resolution(stack, run):
    """"When it enters, if it was kicked" triggers whether or not it was kicked and checks
    the condition only as it resolves (no intervening "if" at trigger time)."""
    kicked = locate.obj("Kicked")

    def make(triggers_on):
        def faulty(self, game, src, event):
            if self.event == "enters-self" and isinstance(self.condition, kicked):
                return event.kind == "enters" and event.oid == src.oid
            return triggers_on(self, game, src, event)
        return faulty
    locate.patch_method(stack, "Trigger", "triggers_on", make)


def _kicked_counters_by_trigger(stack, run):
    """"If it was kicked, it enters with counters" done as an enters trigger: the permanent
    enters without them and a trigger that would add them goes on the stack."""
    counters, trigger = locate.obj("EntersWithCounters"), locate.obj("Trigger")
    put, self_ = locate.obj("PutCounters"), locate.obj("Self")

    def rewrite(game, o, info, choices):
        moved = [r for r in o.card.enters if isinstance(r, counters) and r.condition is not None]
        if not moved:
            return None
        kept = tuple(r for r in o.card.enters if r not in moved)
        added = tuple(trigger("enters-self", (put(r.kind, r.amount, self_()),), (), r.condition)
                      for r in moved)
        return replace(o.card, enters=kept, triggers=o.card.triggers + added)
    entering_card(stack, rewrite)


def _keyword_rider_dropped(stack, run):
    def rewrite(game, o, info, choices):
        kind = locate.obj("EntersWithKeywords")
        kept = tuple(r for r in o.card.enters if not isinstance(r, kind))
        return replace(o.card, enters=kept) if kept != o.card.enters else None
    entering_card(stack, rewrite)


def _cast_event_without_kicks(stack, run):
    """The kicks are recorded on the spell only later, so "whenever you cast a spell, if that
    spell was kicked" sees every spell unkicked."""
    def make(emit):
        def faulty(game, event):
            if event.kind == "cast" and event.info is not None:
                event = replace(event, info=replace(event.info, kickers=(), linked=()))
            return emit(game, event)
        return faulty
    locate.patch(stack, "emit", make)


def _kicked_qualifier_dropped(stack, run):
    """"Whenever you cast a kicked spell" loses its "kicked": any spell counts."""
    def make(holds_for):
        def faulty(self, info):
            if self.which is None and not self.linked:
                return True
            return holds_for(self, info)
        return faulty
    locate.patch_method(stack, "Kicked", "holds_for", make)


def _you_cast_means_anyone(stack, run):
    def make(triggers_on):
        def faulty(self, game, src, event):
            if self.event == "you-cast":
                return event.kind == "cast" and self.check(game, src, event)
            return triggers_on(self, game, src, event)
        return faulty
    locate.patch_method(stack, "Trigger", "triggers_on", make)


def _no_kicker_with_granted_flashback(stack, run):
    """Casting with a flashback granted by another card (Snapcaster Mage) offers no kicker."""
    watch = watch_casts(stack, CastWatch())
    illegal = locate.obj("IllegalAction")

    def make(announce):
        def faulty(args, abilities, name):
            paid = announce(args, abilities, name)
            obj = watch.obj
            if (paid and args.get("alternative") == "flashback" and obj is not None
                    and obj.card.flashback is None):
                raise illegal("702.34a", f"{name}: no kicker with this flashback")
            return paid
        return faulty
    locate.patch(stack, "_announce_kicks", make)


def _free_cast_kicker_free(stack, run):
    """Cast without paying its mana cost, a spell's kicker cost is not charged either."""
    watch = watch_casts(stack, CastWatch())

    def make(total_cost):
        def faulty(game, card, caster, base, kicks, x, n_targets=0, chosen=()):
            if watch.alternative == "without-paying-mana-cost":
                kicks = []
            return total_cost(game, card, caster, base, kicks, x, n_targets, chosen)
        return faulty
    locate.patch(stack, "total_cost", make)


def _lord_without_you_control_ignored(stack, run):
    """"Saproling creatures and other Treefolk creatures get +1/+1" (Verdeloth) gives nothing."""
    def make(boost_for):
        def faulty(self, game, src, o):
            if not self.you_control:
                return 0, 0
            return boost_for(self, game, src, o)
        return faulty
    locate.patch_method(stack, "PTBoost", "boost_for", make)


BATTLEMAGE = ("Stormscape Battlemage", "battlemage")
HALLAR = ("Hallar, the Firefletcher", "hallar")
SNAP = ("Snapcaster Mage", "snap")


def _snapcaster_grants(target: str) -> list:
    return [{"cast": {"card": "snap", "pay": "{U}{U}"}},
            {"resolve": {"choices": {"trigger_targets": [{"source": "snap", "targets": [target]}]}}},
            {"resolve": {}}]


REPORTED = [
    Fault("undone_kicks_count_for_the_next_cast", "733.1",
          "kicker costs announced in a cast that was undone still count for the next, unkicked "
          "cast of the card (its kicked abilities trigger)",
          _undone_kicks_stick(longer_only=False),
          case({"alice": {"hand": cards(BATTLEMAGE), "mana": "{U}{U}{U}"}},
               [{"cast": {"card": "battlemage", "kickers": ["A"], "pay": "{U}{U}{U}"}},
                {"cast": {"card": "battlemage", "pay": "{U}{U}{U}"}}, {"resolve": {}}]),
          report=f"{MAGE}/issues/8495"),
    Fault("undone_multikicks_count_for_the_next_cast", "733.1",
          "the number of multikicker payments of an undone cast replaces the smaller number "
          "paid in the next cast of the card",
          _undone_kicks_stick(longer_only=True),
          case({"alice": {"hand": cards(("Joraga Warcaller", "elf")), "mana": "{G}{G}{G}"}},
               [{"cast": {"card": "elf", "kicks": 3, "pay": "{G}{G}{G}"}},
                {"cast": {"card": "elf", "kicks": 1, "pay": "{G}{G}{G}"}}, {"resolve": {}}]),
          report=f"{MAGE}/issues/1069"),
    Fault("kicked_means_first_kicker_paid", "702.33d",
          "another object asking whether a spell with two kicker costs was kicked sees it "
          "kicked only if the first cost was paid",
          _first_kicker_only,
          case({"alice": {"hand": cards(BATTLEMAGE), "mana": "{U}{B}{R}{R}{R}{R}",
                          "battlefield": cards(HALLAR)}},
               [{"cast": {"card": "battlemage", "kickers": ["B"], "pay": "{U}{B}{R}{R}{R}{R}"}}]),
          report="https://github.com/magefree/mage/pull/1121"),
    Fault("clone_of_kicked_permanent_is_kicked", "707.2",
          "a creature entering as a copy of a kicked permanent counts as kicked itself",
          _clone_copies_kicked_status,
          case({"alice": {"hand": cards(("Kavu Titan", "kavu"), ("Clone", "clone")),
                          "mana": "{G}{G}{G}{G}{G}{U}{U}{U}{U}"}},
               [{"cast": {"card": "kavu", "kicks": 1, "pay": "{G}{G}{G}{G}{G}"}}, {"resolve": {}},
                {"cast": {"card": "clone", "pay": "{U}{U}{U}{U}"}},
                {"resolve": {"choices": {"clone": "kavu"}}}]),
          report=f"{MAGE}/issues/9777"),
    Fault("counter_per_kick_is_one_counter", "702.33d",
          "\"enters with a +1/+1 counter for each time it was kicked\" always gives exactly one",
          _times_kicked_counters_fixed_one,
          case({"alice": {"hand": cards(("Joraga Warcaller", "elf")), "mana": "{G}{G}{G}{G}{G}"}},
               [{"cast": {"card": "elf", "kicks": 2, "pay": "{G}{G}{G}{G}{G}"}}, {"resolve": {}}]),
          report=f"{PHASE}/issues/4941"),
    Fault("no_extra_target_per_kick", "601.2c",
          "a spell with \"another target for each time it was kicked\" takes one target however "
          "often it was kicked",
          _one_target_however_kicked,
          case({"alice": {"hand": cards(("Comet Storm", "comet")), "mana": "{R}{R}{R}{R}"}},
               [{"cast": {"card": "comet", "x": 1, "kicks": 1, "targets": ["bob", "alice"],
                          "pay": "{R}{R}{R}{R}"}}]),
          report=f"{PHASE}/issues/6758"),
    Fault("kicked_status_cleared_on_entering", "702.33d",
          "a kicked permanent's \"when it enters, if it was kicked\" trigger never triggers: "
          "the kicked record is cleared as it enters",
          _enters_trigger_sees_no_kicks,
          case({"alice": {"hand": cards(("Gatekeeper of Malakir", "gk")), "mana": "{B}{B}{B}"},
                "bob": {"battlefield": cards(("Elite Vanguard", "vanguard"))}},
               [{"cast": {"card": "gk", "kicks": 1, "pay": "{B}{B}{B}"}}, {"resolve": {}}]),
          report=f"{PHASE}/issues/494"),
    Fault("kicked_trigger_without_intervening_if", "603.4",
          "\"when it enters, if it was kicked\" goes on the stack when it wasn't kicked (the "
          "condition is only checked on resolution)",
          _kicked_condition_only_on_resolution,
          case({"alice": {"hand": cards(("Gatekeeper of Malakir", "gk")), "mana": "{B}{B}"},
                "bob": {"battlefield": cards(("Elite Vanguard", "vanguard"))}},
               [{"cast": {"card": "gk", "pay": "{B}{B}"}}, {"resolve": {}}]),
          report="https://github.com/magefree/mage/pull/12705"),
    Fault("kicked_counters_come_from_a_trigger", "614.1c",
          "\"if it was kicked, it enters with counters\" is an enters trigger: the permanent "
          "enters without the counters and a trigger adds them later",
          _kicked_counters_by_trigger,
          case({"alice": {"hand": cards(("Kavu Titan", "kavu")), "mana": "{G}{G}{G}{G}{G}"}},
               [{"cast": {"card": "kavu", "kicks": 1, "pay": "{G}{G}{G}{G}{G}"}}, {"resolve": {}}]),
          report=f"{ARGENTUM}/pull/1281"),
    Fault("kicked_keyword_rider_dropped", "614.1c",
          "\"if it was kicked, it enters with counters and with trample\" gives the counters "
          "but not the keyword",
          _keyword_rider_dropped,
          case({"alice": {"hand": cards(("Kavu Titan", "kavu")), "mana": "{G}{G}{G}{G}{G}"}},
               [{"cast": {"card": "kavu", "kicks": 1, "pay": "{G}{G}{G}{G}{G}"}}, {"resolve": {}}]),
          report=f"{PHASE}/issues/7721"),
    Fault("cast_trigger_sees_spell_unkicked", "601.2i",
          "\"whenever you cast a spell, if that spell was kicked\" never triggers: the kicks "
          "are not yet recorded when cast triggers look",
          _cast_event_without_kicks,
          case({"alice": {"hand": cards(("Burst Lightning", "bolt")), "mana": "{R}{R}{R}{R}{R}",
                          "battlefield": cards(HALLAR)}},
               [{"cast": {"card": "bolt", "kicks": 1, "targets": ["bob"], "pay": "{R}{R}{R}{R}{R}"}}]),
          report=f"{PHASE}/issues/461"),
    Fault("kicked_spell_trigger_for_any_spell", "603.4",
          "\"whenever you cast a spell, if that spell was kicked\" triggers for unkicked spells too",
          _kicked_qualifier_dropped,
          case({"alice": {"hand": cards(("Lightning Bolt", "lb")), "mana": "{R}",
                          "battlefield": cards(HALLAR)}},
               [{"cast": {"card": "lb", "targets": ["bob"], "pay": "{R}"}}]),
          report=f"{PHASE}/pull/4979"),
    Fault("you_cast_trigger_for_opponents_spells", "603.2",
          "\"whenever you cast a spell\" (if it was kicked) also triggers for the opponents' spells",
          _you_cast_means_anyone,
          case({"alice": {"battlefield": cards(HALLAR)},
                "bob": {"hand": cards(("Burst Lightning", "bolt")), "mana": "{R}{R}{R}{R}{R}"}},
               [{"cast": {"card": "bolt", "by": "bob", "kicks": 1, "targets": ["alice"],
                          "pay": "{R}{R}{R}{R}{R}"}}]),
          report=f"{MAGE}/issues/8974"),
    Fault("no_kicker_with_granted_flashback", "601.2b",
          "a spell cast with flashback granted by Snapcaster Mage can't be kicked",
          _no_kicker_with_granted_flashback,
          case({"alice": {"hand": cards(SNAP), "graveyard": cards(("Burst Lightning", "bolt")),
                          "mana": "{U}{U}{R}{R}{R}{R}{R}"}},
               _snapcaster_grants("bolt")
               + [{"cast": {"card": "bolt", "alternative": "flashback", "kicks": 1,
                            "targets": ["bob"], "pay": "{R}{R}{R}{R}{R}"}}]),
          report=f"{MAGE}/issues/5389"),
    Fault("verdeloth_gives_no_bonus", "613.4c",
          "Verdeloth the Ancient's \"Saproling creatures and other Treefolk creatures get +1/+1\" "
          "doesn't apply, so the Saprolings its kicker makes are 1/1",
          _lord_without_you_control_ignored,
          case({"alice": {"hand": cards(("Verdeloth the Ancient", "verdeloth")),
                          "mana": "{G}{G}{G}{G}{G}{G}{G}"}},
               [{"cast": {"card": "verdeloth", "kicks": 1, "x": 1, "pay": "{G}{G}{G}{G}{G}{G}{G}"}},
                {"pass_until_empty": {}}]),
          report=f"{MAGE}/issues/305"),
    Fault("kicker_free_when_cast_without_paying", "118.9d",
          "a spell cast without paying its mana cost is kicked without paying the kicker cost",
          _free_cast_kicker_free,
          case({"alice": {"hand": cards(("Burst Lightning", "bolt")), "mana": "{R}{R}{R}{R}",
                          "battlefield": cards(("Omniscience", "omni"))}},
               [{"cast": {"card": "bolt", "alternative": "without-paying-mana-cost", "kicks": 1,
                          "targets": ["bob"], "pay": "{R}{R}{R}{R}"}}]),
          report=f"{MAGE}/issues/6759"),
]


FAULTS = DESIGNED + REPORTED


# ---- Cited sub-rule 122.1 (the claim quoting it: selfcheck/cited_claims.py) -------------------------

class _NewCountersReplace(dict):
    """A player's counters where counters of a name the player already has are not
    interchangeable with new ones: getting more of a kind keeps only the new ones."""

    def __setitem__(self, kind, n):
        old = self.get(kind, 0)
        super().__setitem__(kind, n - old if old and n > old else n)


def _counters_of_a_name_not_interchangeable(stack, run):
    player = locate.obj("Player")

    def make_init(init):
        def faulty(self, name):
            init(self, name)
            self.counters = _NewCountersReplace()
        return faulty

    def make_clone(clone):
        def faulty(self):
            p = clone(self)
            p.counters = _NewCountersReplace(p.counters)
            return p
        return faulty
    wrap_attr(stack, player, "__init__", make_init)
    wrap_attr(stack, player, "clone", make_clone)
    wrap(stack, "reference_impl.setup._counters", lambda counters: lambda where, value: (
        _NewCountersReplace(counters(where, value)) if len(where.split(".")) == 4  # setup.players.<p>.counters
        else counters(where, value)))


FAULTS += [
    Fault("counters_of_a_name_not_interchangeable", "122.1",
          "(designed) counters of one name are not interchangeable: a player who gets a counter of a kind they "
          "already have keeps only the new one, so alice's two ticket counters and the one sticker kicker gives "
          "her make one, not three",
          _counters_of_a_name_not_interchangeable,
          case({"alice": {"counters": {"ticket": 2}, "hand": cards(("Elite Vanguard", "vanguard")), "mana": "{W}{W}",
                          "battlefield": cards(("Wicker Picker", "picker"))}},
               [{"cast": {"card": "vanguard", "kicks": 1, "pay": "{W}{W}"}}])),
]
