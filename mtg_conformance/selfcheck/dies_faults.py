"""Faulty engines that get leaves-the-battlefield and dies triggers (603.6c, 603.10a, 700.4), last
known information (608.2h), tokens dying (111.7), new objects (400.7) and undying (702.93a) wrong."""

from __future__ import annotations

from dataclasses import replace
from unittest import mock

from reference_impl.effects import LeftController, LeftHadNo, LeftPower, ReturnLeftWithCounter
from reference_impl.rules.abilities import LeavesBattlefield

from . import locate
from .fault import Fault, cards, case
from .fault_parts import BOLT, swap_method
from .patching import wrap, wrap_attr

MAGE = "https://github.com/magefree/mage"
PHASE = "https://github.com/phase-rs/phase"
FORGE = "https://github.com/Card-Forge/forge"
COLLECT = "reference_impl.rules.triggers.collect_leaves"


def _matches(rewrite):
    """Install a LeavesBattlefield.matches that asks `rewrite(trigger data)` first."""
    def install(stack, run):
        wrap_attr(stack, LeavesBattlefield, "matches",
                  lambda matches: lambda self, src, left: matches(rewrite(self), src, left))
    return install


def _leaves_only_on_death(f):
    return replace(f, to="graveyard") if f.to is None else f


def _any_zone_is_death(f):
    return replace(f, to=None)


def _you_control_ignored(f):
    return replace(f, whose="any")


def _another_includes_itself(f):
    return replace(f, which="any") if f.which == "other" else f


def _another_only_yours(f):
    return replace(f, whose="you") if f.which == "other" else f


def _collect(filter_records=None, after=None):
    """Wrap collect_leaves: drop some Left records before it looks (`filter_records`), or
    change the triggers it collected (`after(game, records, pending_before)`)."""
    def install(stack, run):
        def make(collect):
            def faulty(game):
                records = game.left
                if filter_records is not None:
                    game.left = tuple(r for r in records if filter_records(r, records))
                n = len(game.pending)
                collect(game)
                if after is not None:
                    after(game, records, n)
            return faulty
        wrap(stack, COLLECT, make)
    return install


def _no_simultaneous_sight(game, records, n):
    """A permanent that left sees only its own leaving, not the others leaving with it."""
    left_oids = {r.oid for r in records}
    kept = game.pending[:n]
    for sid, trig, event in game.pending[n:]:
        if sid in left_oids and event.oid != sid:
            continue
        kept.append((sid, trig, event))
    game.pending = kept


def _no_own_trigger_in_a_wipe(game, records, n):
    """The leaving permanents' abilities don't trigger when more than one left at once."""
    batches = {}
    for r in records:
        batches.setdefault(id(r.before), []).append(r.oid)
    crowded = {oid for oids in batches.values() if len(oids) > 1 for oid in oids}
    game.pending = game.pending[:n] + [p for p in game.pending[n:] if p[0] not in crowded]


def _power_in_graveyard(stack, run):
    def faulty(self, ctx):
        left = ctx.event.left if ctx.event is not None else None
        return (left.lki.printed.power or 0) if left is not None else 0
    wrap_attr(stack, LeftPower, "__call__", lambda call: faulty)


def _undying_ignores_counters(stack, run):
    wrap_attr(stack, LeftHadNo, "__call__", lambda call: lambda self, ctx: True)


def _undying_without_counter(stack, run):
    def make(apply):
        def faulty(self, ctx):
            left = ctx.event.left
            before = dict(ctx.game.objs[left.oid].counters) if left.oid in ctx.game.objs else None
            apply(self, ctx)
            o = ctx.game.objs.get(left.oid)
            if o is not None and o.zone == "battlefield" and before is not None:
                o.counters = {}
        return faulty
    wrap_attr(stack, ReturnLeftWithCounter, "apply", make)


def _returned_card_remembers(stack, run):
    """A card undying returned is remembered: the same card never returns again (as if the new
    object were the old one)."""
    returned: set = set()

    def make_apply(apply):
        def faulty(self, ctx):
            apply(self, ctx)
            returned.add(ctx.event.left.oid)
        return faulty

    def make_had_no(call):
        def faulty(self, ctx):
            return call(self, ctx) and ctx.event.left.oid not in returned
        return faulty
    wrap_attr(stack, ReturnLeftWithCounter, "apply", make_apply)
    wrap_attr(stack, LeftHadNo, "__call__", make_had_no)


def _state_based_deaths_unseen(r, records):
    """Deaths by state-based actions (lethal damage 704.5g, 0 toughness 704.5f) trigger nothing."""
    return not (r.to == "graveyard" and (r.pt[1] <= 0 or r.lki.damage >= r.pt[1]))


def _dead_tokens_stay_in_the_graveyard(stack, run):
    """(designed) A token that dies goes to the graveyard like a card and stays there."""
    from reference_impl.state.game import Game

    def make(move):
        def faulty(self, o, zone, top=True):
            if o.token and o.zone == "battlefield" and zone == "graveyard":
                o.token = False
            move(self, o, zone, top)
        return faulty
    wrap_attr(stack, Game, "move", make)


def _token_enters_unseen(stack, run):
    """(designed) A created token enters without an event: its own enters-the-battlefield
    ability (a token copy of Goblin Chainwhirler) never triggers."""
    def make(create_token):
        def faulty(game, card, controller):
            pending = list(game.pending)
            o = create_token(game, card, controller)
            game.pending[:] = [p for p in game.pending if p in pending or p[2].kind != "enters" or p[2].oid != o.oid]
            return o
        return faulty
    wrap(stack, "reference_impl.rules.actions.create_token", make)


WRATH = ("Wrath of God", "wrath")
W4 = "{W}{W}{W}{W}"


def _wrath(battlefield, bob=None):
    players = {"alice": {"battlefield": cards(*battlefield), "hand": cards(WRATH), "mana": W4}}
    if bob:
        players["bob"] = {"battlefield": cards(*bob)}
    return case(players, [{"cast": {"card": "wrath", "pay": W4}}, {"pass_until_empty": {}}])


def _murder(battlefield, target, bob=None):
    players = {"alice": {"battlefield": cards(*battlefield), "hand": cards(("Murder", "murder")), "mana": "{B}{B}{B}"}}
    if bob:
        players["bob"] = {"battlefield": cards(*bob)}
    return case(players, [{"cast": {"card": "murder", "targets": [target], "pay": "{B}{B}{B}"}},
                          {"pass_until_empty": {}}])


ZULAPORT, BEARS, GREETER, TUSK, WOLF = (("Zulaport Cutthroat", "zulaport"), ("Grizzly Bears", "bears"),
                                        ("Deathgreeter", "greeter"), ("Thragtusk", "tusk"), ("Young Wolf", "wolf"))

FAULTS = [
    Fault("token_enters_unseen", "603.6a",
          "(designed) a created token's entering triggers nothing: a token copy of Goblin Chainwhirler "
          "deals no damage",
          _token_enters_unseen,
          case({"alice": {"battlefield": cards(("Goblin Chainwhirler", "whirler")),
                          "hand": cards(("Rite of Replication", "rite")), "mana": "{U}{U}{U}{U}"},
                "bob": {"battlefield": cards(("Grizzly Bears", "bears"))}},
               [{"cast": {"card": "rite", "targets": ["whirler"], "pay": "{U}{U}{U}{U}"}}, {"pass_until_empty": {}}])),
    Fault("leaves_trigger_only_on_death", "603.6c",
          "\"When this creature leaves the battlefield\" is treated as a dies trigger: exiling or bouncing "
          "Thragtusk makes no Beast",
          _matches(_leaves_only_on_death),
          case({"alice": {"battlefield": cards(TUSK), "hand": cards(("Unsummon", "u")), "mana": "{U}"}},
               [{"cast": {"card": "u", "targets": ["tusk"], "pay": "{U}"}}, {"pass_until_empty": {}}]),
          report=f"{MAGE}/issues/5854"),
    Fault("exile_counts_as_dying", "700.4",
          "(designed) dies triggers trigger on any zone change from the battlefield: an exiled or bounced "
          "creature counts as dying",
          _matches(_any_zone_is_death),
          case({"alice": {"battlefield": cards(ZULAPORT, BEARS), "hand": cards(("Unsummon", "u")), "mana": "{U}"}},
               [{"cast": {"card": "u", "targets": ["bears"], "pay": "{U}"}}, {"pass_until_empty": {}}])),
    Fault("dies_trigger_counts_opponents_creatures", "603.10",
          "(designed) \"another creature you control dies\" also triggers for an opponent's creature",
          _matches(_you_control_ignored), _murder([ZULAPORT], "bears", [BEARS])),
    Fault("another_creature_includes_itself", "603.10",
          "(designed) \"whenever another creature dies\" triggers on its own death",
          _matches(_another_includes_itself), _murder([GREETER], "greeter")),
    Fault("another_creature_counts_only_yours", "603.10",
          "\"whenever another creature dies\" triggers only for creatures its controller controls, "
          "not an opponent's",
          _matches(_another_only_yours), _murder([GREETER], "bears", [BEARS]),
          report=f"{MAGE}/issues/149"),
    Fault("simultaneous_deaths_unseen", "603.10a",
          "a creature that dies at the same time as others doesn't see them die (only its own death)",
          _collect(after=_no_simultaneous_sight), _wrath([ZULAPORT, BEARS]),
          report=f"{MAGE}/issues/6325"),
    Fault("own_dies_trigger_lost_in_a_board_wipe", "603.10a",
          "the dies abilities of creatures destroyed together by a board wipe don't trigger",
          _collect(after=_no_own_trigger_in_a_wipe), _wrath([ZULAPORT, BEARS]),
          report=f"{PHASE}/issues/4957"),
    Fault("dying_tokens_trigger_nothing", "111.7",
          "a creature token that dies triggers no dies ability (it ceased to exist first)",
          _collect(filter_records=lambda r, records: not r.lki.token),
          case({"alice": {"battlefield": cards(ZULAPORT), "hand": cards(("Saproling Migration", "mig"), WRATH),
                          "mana": "{G}{G}" + W4}},
               [{"cast": {"card": "mig", "kicks": 0, "pay": "{G}{G}"}}, {"resolve": {}},
                {"cast": {"card": "wrath", "pay": W4}}, {"pass_until_empty": {}}]),
          report=f"{PHASE}/issues/1961"),
    Fault("dead_tokens_stay_in_the_graveyard", "111.7",
          "(designed) a creature token that dies is put into the graveyard and stays there as a card",
          _dead_tokens_stay_in_the_graveyard,
          case({"alice": {"hand": cards(("Saproling Migration", "mig"), WRATH), "mana": "{G}{G}" + W4}},
               [{"cast": {"card": "mig", "kicks": 0, "pay": "{G}{G}"}}, {"resolve": {}},
                {"cast": {"card": "wrath", "pay": W4}}, {"resolve": {}}])),
    Fault("state_based_deaths_trigger_nothing", "603.6c",
          "creatures put into the graveyard by state-based actions (lethal damage, 0 toughness) don't "
          "trigger dies abilities",
          _collect(filter_records=_state_based_deaths_unseen),
          case({"alice": {"battlefield": cards(ZULAPORT, BEARS), "hand": cards(("Lightning Bolt", "bolt")),
                          "mana": "{R}"}},
               [{"cast": {"card": "bolt", "targets": ["bears"], "pay": "{R}"}}, {"pass_until_empty": {}}]),
          report=f"{PHASE}/pull/4290"),
    Fault("dies_trigger_reads_power_in_the_graveyard", "608.2h",
          "\"its power\" of a creature that died is read from the card in the graveyard (printed power), "
          "not as it last existed with its counters and pumps",
          _power_in_graveyard,
          case({"alice": {"battlefield": [{"card": "Stalking Vengeance", "label": "sv"},
                                          {"card": "Grizzly Bears", "label": "bears", "counters": {"+1/+1": 2}}],
                          "hand": cards(("Murder", "murder")), "mana": "{B}{B}{B}"}},
               [{"cast": {"card": "murder", "targets": ["bears"], "pay": "{B}{B}{B}"}},
                {"pass_until_empty": {"choices": {"trigger_targets": [{"source": "sv", "targets": ["bob"]}]}}}]),
          report=f"{FORGE}/issues/4335"),
    Fault("undying_ignores_its_counters", "702.93a",
          "undying returns the creature even if it had a +1/+1 counter on it",
          _undying_ignores_counters,
          case({"alice": {"battlefield": [{"card": "Young Wolf", "label": "wolf", "counters": {"+1/+1": 1}}],
                          "hand": cards(("Murder", "murder")), "mana": "{B}{B}{B}"}},
               [{"cast": {"card": "murder", "targets": ["wolf"], "pay": "{B}{B}{B}"}}, {"pass_until_empty": {}}]),
          report=f"{PHASE}/issues/6412"),
    Fault("undying_returns_without_a_counter", "702.93a",
          "(designed) undying returns the creature without its +1/+1 counter",
          _undying_without_counter, _murder([WOLF], "wolf")),
    Fault("returned_card_remembers_undying", "400.7",
          "(designed) a card undying returned once never returns again, even as a new object after it "
          "left and was cast again",
          _returned_card_remembers,
          case({"alice": {"battlefield": cards(WOLF),
                          "hand": cards(("Murder", "m1"), ("Murder", "m2"), ("Unsummon", "u")),
                          "mana": "{B}{B}{B}{B}{B}{B}{U}{G}"}},
               [{"cast": {"card": "m1", "targets": ["wolf"], "pay": "{B}{B}{B}"}}, {"pass_until_empty": {}},
                {"cast": {"card": "u", "targets": ["wolf"], "pay": "{U}"}}, {"resolve": {}},
                {"cast": {"card": "wolf", "pay": "{G}"}}, {"resolve": {}},
                {"cast": {"card": "m2", "targets": ["wolf"], "pay": "{B}{B}{B}"}}, {"pass_until_empty": {}}])),
]


# -- more faults of this area: claims no other fault dropped (issue #30) and the rules of the
# -- Wagic and XMage peer tests (spec/rules/peer-tests-*.yaml)


def _kicks_remembered_by_the_card(stack, run):
    """A card cast kicked stays kicked for its next cast, after it left the battlefield."""
    from dataclasses import replace as dc_replace

    from .patching import track_casts
    kicked: dict = {}

    def after(game, args, obj):
        label = args.get("card")
        if obj.spell is None or obj.copy:
            return
        if obj.spell.kickers:
            kicked[label] = obj.spell.kickers
        elif label in kicked:
            obj.spell = dc_replace(obj.spell, kickers=kicked[label], linked=kicked[label])
    track_casts(stack, run, after=after)


def _left_permanents_see_entering(stack, run):
    """"Whenever another creature enters" abilities trigger from cards in graveyards too: a Soul
    Warden killed in response still sees the creature enter (603.6a: only permanents on the
    battlefield are checked)."""
    module = locate.module_of("emit")
    emit = vars(module)["emit"]

    def faulty(game, event):
        if event.kind != "enters":
            return emit(game, event)
        extra = [oid for p in game.players.values() for oid in p.graveyard]
        game.battlefield.extend(extra)
        try:
            return emit(game, event)
        finally:
            for oid in extra:
                if oid in game.battlefield:
                    game.battlefield.remove(oid)
    stack.enter_context(mock.patch.object(module, "emit", faulty))
    stack.enter_context(mock.patch.object(module, "any_triggered_ability", lambda game: True))


def _modular_moves_nothing(stack, run):
    """Modular's trigger moves no counter (its "for each +1/+1 counter" reads the creature in the
    graveyard, which has none: 603.10a not applied)."""
    locate.patch_method(stack, "LeftCounters", "__call__", lambda _original: lambda self, ctx: 0)


def _graveyard_sources_look_back(game, records, n):
    """Leaves-the-battlefield abilities of cards already in a graveyard trigger too (as if they
    looked back to any time, not to the moment of the event)."""

    from reference_impl.rules.actions import Event
    for r in records:
        event = Event("leaves", r.lki.controller, r.oid, left=r)
        for o in list(game.objs.values()):
            if o.zone != "graveyard" or o.oid == r.oid or o.oid in r.before:
                continue
            for trig in o.card.triggers:
                if trig.looks_back and trig.leaves is not None and trig.leaves.which != "self" \
                        and trig.triggers_on(game, o, event):
                    game.pending.append((o.oid, replace(trig, controller=o.owner), event))


def _returns_from_any_zone(stack, run):
    """Undying and persist return the card wherever it went after the graveyard (exile too)."""
    def make(apply):
        def faulty(self, ctx):
            left = ctx.event.left if ctx.event is not None else None
            o = ctx.game.objs.get(left.oid) if left is not None else None
            if o is not None and not o.token and o.zone == "exile":
                ctx.game.move(o, left.to)
            apply(self, ctx)
        return faulty
    wrap_attr(stack, ReturnLeftWithCounter, "apply", make)


def _effects_follow_the_card(stack, run):
    """Until-end-of-turn pumps on a permanent stay with the card when it leaves and returns."""
    from reference_impl.state.game import Game

    def make(move):
        def faulty(self, o, zone, top=True):
            kept = [e for e in self.eot if e[0] == o.oid]
            move(self, o, zone, top)
            self.eot = [e for e in self.eot if e[0] != o.oid] + kept
        return faulty
    wrap_attr(stack, Game, "move", make)


def _left_controller_is_the_triggers(stack, run):
    """"That creature's controller" is read as the triggered ability's controller."""
    wrap_attr(stack, LeftController, "__call__", lambda call: lambda self, ctx: [ctx.controller])


def _counters_read_in_the_graveyard(stack, run):
    """"The number of counters on this creature" of a creature that died is read on the card in the
    graveyard (none) instead of as it last existed on the battlefield."""
    from reference_impl.effects import CountersOnSource

    def make(call):
        def faulty(self, ctx):
            src = ctx.source
            return 0 if src is not None and src.zone != "battlefield" else call(self, ctx)
        return faulty
    wrap_attr(stack, CountersOnSource, "__call__", make)


FAULTS += [
    Fault("kicks_remembered_across_zone_changes", "400.7",
          "(designed) a card cast kicked counts as kicked when it is cast again unkicked after leaving the "
          "battlefield (the new object remembers the old one)",
          _kicks_remembered_by_the_card,
          case({"alice": {"hand": cards(("Gatekeeper of Malakir", "gk")), "mana": "{B}{B}{B}{B}{B}"},
                "bob": {"battlefield": cards(("Llanowar Elves", "e1"), ("Llanowar Elves", "e2")),
                        "hand": cards(("Boomerang", "boom")), "mana": "{U}{U}"}},
               [{"cast": {"card": "gk", "kicks": 1, "pay": "{B}{B}{B}"}},
                {"resolve": {"choices": {"trigger_targets": [{"source": "gk", "targets": ["bob"]}]}}},
                {"resolve": {"choices": {"sacrifice": "e1"}}},
                {"cast": {"card": "boom", "by": "bob", "targets": ["gk"], "pay": "{U}{U}"}}, {"resolve": {}},
                {"cast": {"card": "gk", "kicks": 0, "pay": "{B}{B}"}}, {"pass_until_empty": {}}])),
    Fault("left_permanents_see_entering", "603.6a", "\"whenever another creature enters\" abilities of cards "
          "in graveyards trigger too", _left_permanents_see_entering,
          case({"alice": {"graveyard": cards(("Soul Warden", "warden")), "hand": cards(("Tundra Wolves", "wolves")),
                          "mana": "{W}"}},
               [{"cast": {"card": "wolves", "pay": "{W}"}}, {"pass_until_empty": {}}])),
    Fault("modular_moves_nothing", "702.43a", "modular's trigger moves no counters (it counts them on the card "
          "in the graveyard instead of as the permanent last existed)", _modular_moves_nothing,
          case({"alice": {"battlefield": [{"card": "Arcbound Worker", "label": "worker", "counters": {"+1/+1": 1}},
                                          {"card": "Ornithopter", "label": "thopter"}],
                          "hand": cards(("Shock", "shock")), "mana": "{R}"}},
               [{"cast": {"card": "shock", "targets": ["worker"], "pay": "{R}"}},
                {"pass_until_empty": {"choices": {"trigger_targets": [
                    {"source": "worker", "targets": ["thopter"]}]}}}])),
    Fault("graveyard_cards_trigger_on_deaths", "603.10a",
          "(designed) a dies ability of a card already in a graveyard triggers when a creature dies",
          _collect(after=_graveyard_sources_look_back),
          case({"alice": {"battlefield": cards(("Blood Artist", "a")), "graveyard": cards(("Blood Artist", "g")),
                          "hand": cards(BOLT), "mana": "{R}"},
                "bob": {"battlefield": cards(("Grizzly Bears", "bears"))}},
               [{"cast": {"card": "bolt", "targets": ["bears"], "pay": "{R}"}},
                {"pass_until_empty": {"choices": {"trigger_targets": [{"source": "a", "targets": ["bob"]}]}}}])),
    Fault("undying_returns_a_card_that_left_the_graveyard", "603.6c",
          "(designed) persist and undying return the card even after it left the graveyard (exiled in "
          "response)",
          _returns_from_any_zone,
          case({"alice": {"battlefield": cards(("Safehold Elite", "elite"))},
                "bob": {"hand": cards(BOLT, ("Shadowfeed", "s")), "mana": "{R}{B}"}},
               [{"cast": {"card": "bolt", "by": "bob", "targets": ["elite"], "pay": "{R}"}}, {"resolve": {}},
                {"cast": {"card": "s", "by": "bob", "targets": ["elite"], "pay": "{B}"}},
                {"pass_until_empty": {}}])),
    Fault("pump_follows_the_returned_card", "400.7",
          "an until-end-of-turn -N/-N on a creature still applies to it after undying returns it (the report: "
          "Cower in Fear still shrank the Strangleroot Geist undying returned)",
          _effects_follow_the_card,
          case({"alice": {"battlefield": cards(("Strangleroot Geist", "g"))},
                "bob": {"hand": cards(("Cower in Fear", "c")), "mana": "{B}{B}{B}"}},
               [{"cast": {"card": "c", "by": "bob", "pay": "{B}{B}{B}"}}, {"pass_until_empty": {}}])),
    Fault("dies_trigger_reads_counters_in_the_graveyard", "608.2h",
          "(designed) a dies trigger's \"the number of +1/+1 counters on this creature\" is read on the card in "
          "the graveyard, not as it last existed",
          _counters_read_in_the_graveyard,
          case({"alice": {"battlefield": [{"card": "Servant of the Scale", "label": "s", "counters": {"+1/+1": 1}},
                                          {"card": "Silvercoat Lion", "label": "l"}],
                          "hand": cards(BOLT), "mana": "{R}"}},
               [{"cast": {"card": "bolt", "targets": ["s"], "pay": "{R}"}},
                {"pass_until_empty": {"choices": {"trigger_targets": [{"source": "s", "targets": ["l"]}]}}}])),
    Fault("that_creatures_controller_is_the_triggers", "608.2h",
          "(designed) \"that creature's controller\" (Fecundity) is the controller of the triggered "
          "ability, not of the creature that died",
          _left_controller_is_the_triggers,
          case({"alice": {"battlefield": cards(("Silvercoat Lion", "l")), "hand": cards(BOLT),
                          "library": cards(("Plains", "p")), "mana": "{R}"},
                "bob": {"battlefield": cards(("Fecundity", "f")), "library": cards(("Island", "i"))}},
               [{"cast": {"card": "bolt", "targets": ["l"], "pay": "{R}"}}, {"pass_until_empty": {}}])),
]


# -- more faults of this area: claims no other fault dropped (issue #30) and the rules of the
# -- Wagic and XMage peer tests (spec/rules/peer-tests-*.yaml)


def _forget_copy_effects(remember_leaving):
    """The permanent that left is remembered as the card it is in its new zone: a copy effect
    that applied on the battlefield no longer gives it the copied leaves-the-battlefield
    abilities."""
    def faulty(self, o, zone, battlefield):
        remember_leaving(self, o, zone, battlefield)
        self.left[-1].lki.card = o.printed
    return faulty


FAULTS += [
    Fault("leaves_trigger_forgets_copy_effects", "603.10a",
          "a permanent that leaves the battlefield is looked back at as the card it now is, without the copy "
          "effect it had: a Clone of Thragtusk that dies gives no Beast (designed)",
          swap_method("Game", "_remember_leaving", _forget_copy_effects),
          case({"alice": {"hand": cards(("Clone", "clone"), ("Murder", "murder")),
                          "mana": "{U}{B}{B}{C}{C}{C}{C}"},
                "bob": {"battlefield": cards(("Thragtusk", "tusk"))}},
               [{"cast": {"card": "clone"}}, {"resolve": {"choices": {"clone": "tusk"}}}, {"resolve": {}},
                {"cast": {"card": "murder", "targets": ["clone"]}}, {"resolve": {}}])),
]


# -- more faults of this area: claims no other fault dropped (issue #30) and the rules of the
# -- Wagic and XMage peer tests (spec/rules/peer-tests-*.yaml)


def _graveyard_triggers_only_for_creatures(stack, run):
    """"When this artifact is put into a graveyard from the battlefield" triggers only for creatures."""
    def make(matches):
        def faulty(self, src, left):
            card = getattr(left.lki, "card", None)
            return matches(self, src, left) and card is not None and "Creature" in card.types
        return faulty
    wrap_attr(stack, LeavesBattlefield, "matches", make)


def _its_controller_is_the_owner(stack, run):
    """"Its controller" of a permanent the effect has just exiled is read from the card in exile,
    whose controller is its owner, not from the permanent as it last existed (608.2h)."""
    from . import locate

    def make(_call):
        def faulty(self, ctx):
            out = []
            for oid in self.of(ctx):
                o = ctx.game.objs.get(oid) if isinstance(oid, int) else None
                if o is not None and o.controller not in out:
                    out.append(o.controller)
            return out
        return faulty
    locate.patch_method(stack, "ControllerOf", "__call__", make)


def _last_known_power_printed(stack, run):
    """The power of a creature that has left the battlefield is read from its printed power and
    counters, not as it last existed (608.2h): its characteristic-defining ability and boosts are lost."""
    from reference_impl.state.game import Obj

    wrap_attr(stack, Obj, "left_pt", lambda default: property(lambda self: None, lambda self, value: None))


FAULTS += [
    Fault("its_controller_read_after_it_left", "608.2h",
          "\"its controller\" of a permanent exiled by the effect is its owner, not its controller as it last "
          "existed (designed)",
          _its_controller_is_the_owner,
          case({"alice": {"hand": cards(("Act of Treason", "treason"), ("Path to Exile", "path")),
                          "library": cards(("Forest", "forest")), "mana": "{R}{R}{R}{W}"},
                "bob": {"battlefield": cards(("Serra Angel", "angel")), "library": cards(("Island", "island"))}},
               [{"cast": {"card": "treason", "targets": ["angel"], "pay": "{R}{R}{R}"}}, {"resolve": {}},
                {"cast": {"card": "path", "targets": ["angel"], "pay": "{W}"}}, {"resolve": {}}])),
    Fault("last_known_power_is_printed", "608.2h",
          "the power of a creature that left the battlefield is its printed power plus counters (designed)",
          _last_known_power_printed,
          case({"alice": {"battlefield": cards(("Angry Mob", "mob")), "hand": cards(("Swords to Plowshares", "swords")),
                          "mana": "{W}"},
                "bob": {"battlefield": cards(("Swamp", "s1"))}},
               [{"cast": {"card": "swords", "targets": ["mob"], "pay": "{W}"}}, {"resolve": {}}])),
    Fault("graveyard_triggers_only_for_creatures", "603.6c",
          "\"put into a graveyard from the battlefield\" abilities of noncreature permanents never trigger (designed)",
          _graveyard_triggers_only_for_creatures,
          case({"alice": {"battlefield": cards(("Chromatic Star", "star")), "mana": "{C}",
                          "library": cards(("Island", "lib1"))}},
               [{"tap_for_mana": {"permanents": ["star"], "color": "U"}}])),
]


# ---- more faults modelled on real reports (issue #30) ------------------------------------------

def _persist_ignores_counters(stack, run):
    """LeftHadNo("-1/-1") (persist's intervening "if") always holds; undying's is kept."""
    def make(call):
        return lambda self, ctx: True if self.kind == "-1/-1" else call(self, ctx)
    wrap_attr(stack, LeftHadNo, "__call__", make)


FAULTS += [
    Fault("persist_ignores_its_counters", "702.79a",
          "persist returns the creature even if it had a -1/-1 counter on it (the report: Kitchen Finks "
          "came back a second time)",
          _persist_ignores_counters,
          case({"alice": {"battlefield": [{"card": "Safehold Elite", "label": "elite", "counters": {"-1/-1": 1}}],
                          "hand": cards(("Murder", "murder")), "mana": "{B}{B}{B}"}},
               [{"cast": {"card": "murder", "targets": ["elite"], "pay": "{B}{B}{B}"}}, {"pass_until_empty": {}}]),
          report=f"{PHASE}/issues/5910", claims=("peers-wagic/persist#with-a-1-1-counter-on",)),
]


def _lki_power_printed(stack, run):
    """"Its power" of a creature that left the battlefield (Swords to Plowshares) is its printed
    power: the counters on it and the effects on it as it last existed are not looked at."""
    def make(lki_power):
        def faulty(game, o):
            if o.zone == "battlefield":
                return lki_power(game, o)
            return (o.lki[0] if o.lki is not None else o.card).power or 0
        return faulty
    locate.patch(stack, "_lki_power", make)


FAULTS += [
    Fault("left_creatures_power_is_printed", "608.2h",
          "the power of a creature that left the battlefield is read as printed: Swords to Plowshares on a "
          "3/3 with eight +1/+1 counters gains its controller 3 life, not 11",
          _lki_power_printed,
          case({"alice": {"hand": cards(("Swords to Plowshares", "swords")), "mana": "{W}"},
                "bob": {"battlefield": [{"card": "Grizzly Bears", "label": "bears", "counters": {"+1/+1": 2}}]}},
               [{"cast": {"card": "swords", "targets": ["bears"], "pay": "{W}"}}, {"resolve": {}}]),
          report=f"{PHASE}/issues/2895", claims=("dies/the-object-as-it-last-existed#last-known-power",)),
]


def _sacrificed_by_an_effect_unseen(stack, run):
    """A creature sacrificed by a resolving effect ("target player sacrifices a creature") leaves
    no record: its own and others' dies abilities don't trigger."""
    def make(apply):
        def faulty(self, ctx):
            before = len(ctx.game.left)
            apply(self, ctx)
            ctx.game.left = ctx.game.left[:before]
        return faulty
    locate.patch_method(stack, "SacrificeCreature", "apply", make)


FAULTS += [
    Fault("sacrificed_by_an_effect_doesnt_die", "700.4",
          "a creature its controller sacrifices to a resolving effect (Gatekeeper of Malakir's) triggers no dies "
          "ability, its own included (the report: Game Keeper, sacrificed to Vaevictus Asmadi's trigger, never "
          "triggered)",
          _sacrificed_by_an_effect_unseen,
          case({"alice": {"hand": cards(("Gatekeeper of Malakir", "gatekeeper")), "mana": "{B}{B}{B}"},
                "bob": {"battlefield": cards(("Blood Artist", "artist"))}},
               [{"cast": {"card": "gatekeeper", "kicks": 1, "pay": "{B}{B}{B}"}},
                {"pass_until_empty": {"choices": {"trigger_targets": [{"source": "gatekeeper", "targets": ["bob"]},
                                                                      {"source": "artist", "targets": ["alice"]}]}}}]),
          report=f"{MAGE}/issues/10610",
          claims=("dies/dies-means-put-into-a-graveyard-from-the-battlefield#sacrificed-is-put-into-a-graveyard",)),
]


def _own_dies_trigger_from_any_zone(stack, run):
    """"When this creature dies" is read as "when this card is put into a graveyard" from
    anywhere: a creature card countered, discarded or milled triggers its own dies ability."""
    game_cls = locate.obj("Game")
    left_cls = locate.obj("Left")
    move = game_cls.move

    def faulty(self, o, zone, top=True):
        was = o.zone
        looked = o.clone() if was in ("stack", "hand", "library") else None
        move(self, o, zone, top)
        if (looked is not None and o.zone == "graveyard" and "Creature" in o.card.types
                and any(getattr(t, "leaves", None) is not None for t in o.card.triggers)):
            looked.zone = "battlefield"
            pt = (o.card.power or 0, o.card.toughness or 0)
            self.left = (*self.left, left_cls(o.oid, looked, pt, "graveyard", (o.oid,)))
    stack.enter_context(mock.patch.object(game_cls, "move", faulty))


FAULTS += [
    Fault("own_dies_trigger_from_any_zone", "700.4",
          "a creature card's \"when this creature dies\" triggers when the card is put into a graveyard from "
          "anywhere (the report: Glissa's Retriever's dies trigger fired from any zone): a countered Blood Artist "
          "triggers",
          _own_dies_trigger_from_any_zone,
          case({"alice": {"hand": cards(("Blood Artist", "artist")), "mana": "{B}{C}"},
                "bob": {"hand": cards(("Counterspell", "cs")), "mana": "{U}{U}"}},
               [{"cast": {"card": "artist", "pay": "{B}{C}"}},
                {"cast": {"card": "cs", "by": "bob", "targets": ["artist"], "pay": "{U}{U}"}},
                {"pass_until_empty": {"choices": {"trigger_targets": [{"source": "artist", "targets": ["bob"]}]}}}]),
          report=f"{FORGE}/pull/3157",
          claims=("dies/dies-means-put-into-a-graveyard-from-the-battlefield#from-the-battlefield",)),
]


def _under_your_control_ignored(stack, run):
    """"Put target creature card from a graveyard onto the battlefield under your control"
    (Reanimate) puts it under its owner's control."""
    from dataclasses import replace as _replace

    def make(apply):
        return lambda self, ctx: apply(_replace(self, under_your_control=False), ctx)
    locate.patch_method(stack, "PutCardOnto", "apply", make)


def _enters_under_its_owners_control(stack, run):
    """Every permanent enters the battlefield under its owner's control, whoever puts it there: a
    permanent's controller read as its owner (110.2)."""
    def make(enter):
        def faulty(game, o, info, controller, choices, tapped=False):
            return enter(game, o, info, o.owner, choices, tapped)
        return faulty
    locate.patch(stack, "enter_battlefield", make)


FAULTS += [
    Fault("permanent_controlled_by_its_owner", "110.2",
          "(designed) a permanent's controller is taken to be its owner: a card put onto the battlefield under "
          "another player's control (Reanimate on an opponent's creature card) enters under its owner's control",
          _enters_under_its_owners_control,
          case({"alice": {"hand": cards(("Reanimate", "reanimate")), "mana": "{B}"},
                "bob": {"graveyard": cards(("Hill Giant", "giant"))}},
               [{"cast": {"card": "reanimate", "targets": ["giant"], "pay": "{B}"}}, {"resolve": {}}])),
    Fault("reanimated_under_its_owners_control", "110.2a",
          "a card put onto the battlefield \"under your control\" from another player's graveyard enters under its "
          "owner's control (the report: Rise of the Dark Realms returned the opponent's creature cards under the "
          "opponent's control)",
          _under_your_control_ignored,
          case({"alice": {"hand": cards(("Reanimate", "reanimate")), "mana": "{B}"},
                "bob": {"graveyard": cards(("Hill Giant", "giant"))}},
               [{"cast": {"card": "reanimate", "targets": ["giant"], "pay": "{B}"}}, {"resolve": {}}]),
          report=f"{MAGE}/issues/1416",
          claims=("pool/put-onto-the-battlefield-under-that-players-control#under-that-players-control",)),
]


# ---- 400.7j, cited by the entry about 400.7 (cited_claims.SECTIONS_1_TO_4) ----------------------------------

def _moved_target_not_found(stack, run):
    """Once an effect has moved its target to another zone, the later parts of the same effect
    can't find it (400.7j: they can, in a public zone): Reanimate's "you lose life equal to its mana
    value" reads nothing once the card is on the battlefield."""
    from reference_impl.effects.amounts import TargetManaValue

    def make(call):
        def faulty(self, ctx):
            refs = ctx.targets.chosen(self.spec)
            o = ctx.game.objs.get(refs[0]) if refs else None
            src = ctx.game.objs.get(ctx.source) if isinstance(ctx.source, int) else ctx.source
            stamps = getattr(src, "stamps", None) or {}
            if o is not None and o.oid in stamps and stamps[o.oid] != o.moves:
                return 0
            return call(self, ctx)
        return faulty
    wrap_attr(stack, TargetManaValue, "__call__", make)


FAULTS += [
    Fault("moved_target_not_found", "400.7j",
          "(designed) an effect that moved its target to a public zone can't find it afterwards: Reanimate puts "
          "a Hill Giant onto the battlefield and its caster loses no life",
          _moved_target_not_found,
          case({"alice": {"hand": cards(("Reanimate", "reanimate")), "mana": "{B}"},
                "bob": {"graveyard": cards(("Hill Giant", "giant"))}},
               [{"cast": {"card": "reanimate", "targets": ["giant"], "pay": "{B}"}}, {"resolve": {}}])),
]


# ---- Cited sub-rule 400.3 (the claim quoting it: selfcheck/cited_claims.py) -------------------------

def _to_its_controllers_zone(stack, run):
    """A permanent or spell that goes to a graveyard, hand or library goes to its controller's,
    not its owner's (and is that player's card from then on) (400.3)."""
    def make(move):
        def faulty(self, o, zone, *args, **kwargs):
            if zone in ("graveyard", "hand", "library") and o.zone in ("battlefield", "stack") \
                    and o.controller in self.players and o.controller != o.owner:
                o.owner = o.controller
            return move(self, o, zone, *args, **kwargs)
        return faulty
    locate.patch_method(stack, "Game", "move", make)


FAULTS += [
    Fault("card_goes_to_its_controllers_graveyard", "400.3",
          "(designed) a card leaving the battlefield or the stack for a graveyard, hand or library goes to its "
          "controller's, not its owner's: a creature taken with Act of Treason dies into its thief's graveyard",
          _to_its_controllers_zone,
          case({"alice": {"battlefield": cards(("Grizzly Bears", "bears"))},
                "bob": {"hand": cards(("Act of Treason", "treason"), ("Murder", "murder")),
                        "mana": "{R}{C}{C}{B}{B}{C}"}},
               [{"cast": {"card": "treason", "targets": ["bears"], "pay": "{R}{C}{C}"}}, {"resolve": {}},
                {"cast": {"card": "murder", "targets": ["bears"], "pay": "{B}{B}{C}"}}, {"resolve": {}}],
               turn={"active": "bob"})),
]


# ---- Cited sub-rule 400.7f (the claim quoting it: selfcheck/cited_claims.py) -----------------------

def _aura_not_found_in_the_graveyard(stack, run):
    """400.7 without 400.7f's exception: an Aura's "when enchanted creature dies" ability can't find
    the new object the Aura became in the graveyard, so "return this card" returns nothing."""
    locate.patch(stack, "aura_in_graveyard", lambda _original: lambda game, source: None)


def _aura_found_by_name(stack, run):
    """An Aura's "return this card" finds a card by name: the first card in its owner's graveyard
    with the Aura's name, whichever object that is."""
    def faulty(game, source):
        if source is None:
            return None
        grave = game.players[source.owner].graveyard
        return next((game.objs[oid] for oid in grave if game.objs[oid].card.name == source.card.name), None)
    locate.patch(stack, "aura_in_graveyard", lambda _original: faulty)


def _aura_followed_anywhere(stack, run):
    """An Aura's "return this card" follows the card wherever it went: a card exiled from the
    graveyard (a new object) is returned from exile."""
    locate.patch(stack, "aura_in_graveyard", lambda _original: lambda game, source: source)


def _destiny_case(graveyard=(), shadowfeed=False):
    bob_hand = cards(("Murder", "murder"), *((("Shadowfeed", "shadowfeed"),) if shadowfeed else ()))
    steps = [{"cast": {"card": "destiny", "targets": ["bears"], "pay": "{W}{W}{C}{C}"}}, {"resolve": {}},
             {"cast": {"card": "murder", "by": "bob", "targets": ["bears"], "pay": "{B}{B}{C}"}}, {"resolve": {}}]
    if shadowfeed:
        steps += [{"cast": {"card": "shadowfeed", "by": "bob", "targets": ["destiny"], "pay": "{B}"}}, {"resolve": {}}]
    return case({"alice": {"battlefield": cards(("Grizzly Bears", "bears")),
                           "hand": cards(("Angelic Destiny", "destiny")),
                           "graveyard": cards(*graveyard), "mana": "{W}{W}{C}{C}"},
                 "bob": {"hand": bob_hand, "mana": "{B}{B}{C}{B}"}}, steps + [{"resolve": {}}])


FAULTS += [
    Fault("aura_not_found_in_the_graveyard", "400.7f",
          "(designed) an Aura's \"when enchanted creature dies\" ability can't find the Aura in the graveyard: "
          "Angelic Destiny stays in alice's graveyard after Murder killed the creature it enchanted",
          _aura_not_found_in_the_graveyard, _destiny_case()),
    Fault("aura_found_by_name", "400.7f",
          "(designed) an Aura's \"return this card\" returns the first card with its name in the owner's graveyard: "
          "the Angelic Destiny alice already had there comes back instead of the one that enchanted her Bears",
          _aura_found_by_name, _destiny_case(graveyard=(("Angelic Destiny", "old"),))),
    Fault("aura_followed_out_of_the_graveyard", "400.7f",
          "(designed) an Aura's \"return this card\" follows the card out of the graveyard: Angelic Destiny exiled "
          "by bob's Shadowfeed in response comes back from exile to alice's hand",
          _aura_followed_anywhere, _destiny_case(shadowfeed=True)),
]


def _lost_abilities_still_trigger(stack, run):
    """An effect that removed all of a permanent's abilities (layer 6) leaves its triggered
    abilities in place: a Frog that was Thragtusk still makes a Beast as it leaves."""
    locate.patch(stack, "lost_all_abilities", lambda _original: lambda game, o: False)


FAULTS += [
    Fault("lost_abilities_still_trigger", "603.10",
          "(designed) a permanent that lost all its abilities (Turn to Frog) still has its leaves-the-battlefield "
          "ability as it leaves",
          _lost_abilities_still_trigger,
          case({"alice": {"battlefield": cards(("Thragtusk", "tusk1"))},
                "bob": {"hand": cards(("Turn to Frog", "frog"), ("Murder", "murder1")), "mana": "{U}{C}{B}{B}{C}"}},
               [{"cast": {"card": "frog", "by": "bob", "targets": ["tusk1"], "pay": "{U}{C}"}}, {"resolve": {}},
                {"cast": {"card": "murder1", "by": "bob", "targets": ["tusk1"], "pay": "{B}{B}{C}"}},
                {"pass_until_empty": {}}]),
          claims=("dies/looking-back-in-time#abilities-it-had-immediately-before",)),
]


def _left_with_its_printed_types(stack, run):
    """A permanent's last known information keeps its printed card types: a land an effect made a
    creature is remembered as a land, so the leaves-the-battlefield abilities looking back at it
    don't see a creature die (the engine's "last known information" record drops the types)."""
    def without_types(obj, **changes):
        changes.pop("types", None)
        return replace(obj, **changes)
    stack.enter_context(mock.patch.object(locate.module_of("Game"), "replace", without_types))


FAULTS += [
    Fault("left_with_its_printed_types", "603.10a",
          "(designed) the last known information of a permanent that leaves the battlefield keeps its printed card "
          "types, not those effects gave it: a Forest made a 3/3 by Animate Land is destroyed and Zulaport "
          "Cutthroat doesn't see a creature die",
          _left_with_its_printed_types,
          case({"alice": {"battlefield": cards(("Zulaport Cutthroat", "zulaport"), ("Forest", "forest")),
                          "hand": cards(("Animate Land", "animate"), ("Lightning Bolt", "bolt")), "mana": "{G}{R}"}},
               [{"cast": {"card": "animate", "targets": ["forest"], "pay": "{G}"}}, {"resolve": {}},
                {"cast": {"card": "bolt", "targets": ["forest"], "pay": "{R}"}}, {"resolve": {}},
                {"pass_until_empty": {}}]),
          claims=("dies/looking-back-in-time#which-creatures-count",)),
]


def _self_follows_the_card(stack, run):
    """"This permanent" in a triggered ability finds its source's card wherever it went back to the
    battlefield: the new object (400.7) is taken for the one the ability came from."""
    def call(self, ctx):
        src = ctx.source
        return [src.oid] if src is not None and src.zone == "battlefield" else []
    stack.enter_context(mock.patch.object(locate.obj("Self"), "__call__", call))


FAULTS += [
    Fault("self_follows_the_card_to_a_new_object", "400.7",
          "(designed) an ability that names its own source acts on the new object that source became after "
          "it left the battlefield and came back: Elenda, blinked in response, still gets her +1/+1 counter",
          _self_follows_the_card,
          case({"alice": {"battlefield": cards(("Elenda, the Dusk Rose", "elenda"), ("Silvercoat Lion", "lion")),
                          "hand": cards(("Lightning Bolt", "bolt"), ("Ephemerate", "ephemerate")), "mana": "{R}{W}"}},
               [{"cast": {"card": "bolt", "targets": ["lion"], "pay": "{R}"}}, {"resolve": {}},
                {"cast": {"card": "ephemerate", "targets": ["elenda"], "pay": "{W}"}}, {"resolve": {}},
                {"resolve": {}}]),
          claims=("dies/a-permanent-that-returns-is-a-new-object#its-ability-loses-the-old-object",)),
]
