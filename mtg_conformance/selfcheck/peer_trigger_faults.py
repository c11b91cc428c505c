"""Faulty engines for the XMage tests ported in spec/rules/peer-tests-xmage-triggers.yaml and
peer-tests-xmage-prevention-layers.yaml: "one or more" dies triggers (603.2c), sources that left
earlier still looking back (603.10a), costs that sacrifice without the dies event (701.21a),
undying/persist returning a card that left the graveyard (603.6c), until-end-of-turn effects
following the returned object (400.7), "that creature's controller" (608.2h), a static prevention
effect (615.1a), "other" in a static boost (611.3a), a resolved effect's set of objects (611.2c)
and landwalk (702.14c)."""

from __future__ import annotations

from dataclasses import replace

from reference_impl.effects import LeftController, Matching, Pump, ReturnLeftWithCounter
from reference_impl.rules.abilities import LeavesBattlefield, PTBoost

from .dies_faults import _collect, _matches
from .fault import Fault, cards, case
from .patching import wrap, wrap_attr

P = "peers-xmage/"
DIES = P + "dies-triggers-look-back#"
BATCH = P + "one-or-more-creatures-die#"
UND = P + "undying-and-persist#"


def _one_or_more_per_creature(stack, run):
    """"Whenever one or more ... die" triggers once for each creature, like "whenever a creature"."""
    wrap_attr(stack, LeavesBattlefield, "one_or_more", lambda default: property(lambda self: False))


def _graveyard_sources_look_back(game, records, n):
    """Leaves-the-battlefield abilities of cards already in a graveyard trigger too (as if they
    looked back to any time, not to the moment of the event)."""
    from dataclasses import replace

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


def _sacrifice_costs_unseen(stack, run):
    """Permanents sacrificed to pay a cost leave no record: their dies abilities don't trigger."""
    def make(pay):
        def faulty(game, *args, **kwargs):
            before = len(game.left)
            pay(game, *args, **kwargs)
            game.left = game.left[:before]
        return faulty
    wrap(stack, "reference_impl.rules.activation.pay_permanent_costs", make)
    wrap(stack, "reference_impl.rules.casting.pay_permanent_costs", make)


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


def _static_prevention_covers_players(stack, run):
    """"Prevent all damage that would be dealt to creatures" prevents damage to players too."""
    from reference_impl.rules.prevention import PreventsDamage

    def make(prevents):
        def faulty(self, game, src, source, recipient):
            if self.to == "creatures" and recipient is None:  # a player: "creatures" read as anything
                return prevents(replace(self, to=None), game, src, source, recipient)
            return prevents(self, game, src, source, recipient)
        return faulty
    wrap_attr(stack, PreventsDamage, "prevents", make)


def _other_boost_includes_its_source(stack, run):
    """"Other [subtype] creatures get +1/+1" boosts its source too."""
    def make(boost_for):
        def faulty(self, game, src, o):
            if self.other and o.oid == src.oid:
                return boost_for(replace_other(self), game, src, o)
            return boost_for(self, game, src, o)
        return faulty
    wrap_attr(stack, PTBoost, "boost_for", make)


def replace_other(boost):
    from dataclasses import replace
    return replace(boost, other=False)


def _pump_all_only_the_source(stack, run):
    """"Creatures you control get +1/+0 ... until end of turn" (a resolving ability's effect on a set
    of objects) pumps only the ability's source."""
    def make(apply):
        def faulty(self, ctx):
            if isinstance(self.what, Matching) and ctx.source is not None:
                from dataclasses import replace

                from reference_impl.effects import Self
                return apply(replace(self, what=Self()), ctx)
            return apply(self, ctx)
        return faulty
    wrap_attr(stack, Pump, "apply", make)


def _landwalk_ignored(stack, run):
    """Landwalk doesn't restrict blocks."""
    from unittest import mock
    stack.enter_context(mock.patch.dict("reference_impl.rules.combat.LANDWALK", clear=True))


def _left_controller_is_the_triggers(stack, run):
    """"That creature's controller" is read as the triggered ability's controller."""
    wrap_attr(stack, LeftController, "__call__", lambda call: lambda self, ctx: [ctx.controller])


def _spell_damage_not_marked(stack, run):
    """Damage a spell deals to a creature isn't marked on it."""
    from unittest import mock

    from reference_impl.rules import actions

    def make(deal):
        def faulty(game, source, ref, amount):
            o = None if isinstance(ref, str) else game.objs.get(ref)
            before = o.damage if o is not None else None
            deal(game, source, ref, amount)
            if o is not None and source is not None and source.zone == "stack" and o.zone == "battlefield":
                o.damage = before
        return faulty
    stack.enter_context(mock.patch.object(actions, "deal_damage", make(actions.deal_damage)))


def _one_trigger_per_source_per_event(game, records, n):
    """A leaves-the-battlefield ability triggers once per event however many objects it matched."""
    seen, kept = [], game.pending[:n]
    for sid, trig, event in game.pending[n:]:
        key = (sid, trig, id(event.left.before) if event.left is not None else None)
        if key in seen:
            continue
        seen.append(key)
        kept.append((sid, trig, event))
    game.pending = kept


def _opponents_means_you(f):
    from dataclasses import replace
    return replace(f, whose="you") if f.whose == "opponents" else f


def _tokens_for_the_controller(stack, run):
    """"Each opponent creates ..." makes the tokens for the ability's controller."""
    from dataclasses import replace

    from reference_impl.effects import CreateTokens

    def make(apply):
        return lambda self, ctx: apply(replace(self, who=None), ctx)
    wrap_attr(stack, CreateTokens, "apply", make)


def _chosen_color_ignored(stack, run):
    """"Creatures you control of the chosen color" reads as "creatures you control"."""
    from dataclasses import replace

    from reference_impl.rules.filters import Filter

    def make(matches):
        def faulty(self, game, o, source=None):
            return matches(replace(self, chosen_color=False) if self.chosen_color else self, game, o, source)
        return faulty
    wrap_attr(stack, Filter, "matches", make)


def _dolmen_gate_covers_blockers(stack, run):
    """"Prevent all combat damage that would be dealt to attacking creatures you control" covers
    blocking creatures too."""
    from reference_impl.rules.prevention import PreventsDamage

    def make(prevents):
        return lambda self, game, src, source, recipient: prevents(replace(self, attacking=False), game, src,
                                                                   source, recipient)
    wrap_attr(stack, PreventsDamage, "prevents", make)


def _unpreventable_static_ignored(stack, run):
    """"Damage that would be dealt by this creature can't be prevented" does nothing."""
    wrap(stack, "reference_impl.rules.prevention._cant_be_prevented", lambda original: lambda source: False)


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


def _copies_for_opponents_creatures_too(stack, run):
    """"Copy that spell for each other creature you control that the spell could target" copies it
    for the opponents' creatures too."""
    from reference_impl.effects import CopyForEachOtherPossibleTarget
    from reference_impl.effects.selectors import _event_spell
    from reference_impl.rules import resolution
    from reference_impl.rules.targets import is_legal

    def make(apply):
        def faulty(self, ctx):
            apply(self, ctx)
            o = _event_spell(ctx)
            if o is None or not o.card.spell_targets:
                return
            for c in list(ctx.game.creatures()):
                if c.controller != ctx.controller and c.label is not None and is_legal(
                        o.card.spell_targets[0], c.oid, ctx.game, ctx.controller, o.oid, o.spell):
                    resolution.copy_spell(ctx.game, o, ctx.controller, [c.label], None)
        return faulty
    wrap_attr(stack, CopyForEachOtherPossibleTarget, "apply", make)


def _counters_on_source_count_nothing(stack, run):
    """"For each +1/+1 counter on [this permanent]" counts nothing (the reduction never applies)."""
    from reference_impl.rules.filters import SourceCounters
    wrap_attr(stack, SourceCounters, "count", lambda count: lambda self, game, player, source=None: 0)


def _triggered_mana_is_lost(stack, run):
    """Mana a resolving triggered ability adds (Su-Chi) never reaches the pool."""
    from reference_impl.effects import AddMana
    wrap_attr(stack, AddMana, "apply", lambda apply: lambda self, ctx: None)


def _first_per_source(pairs):
    seen, out = set(), []
    for s, st in pairs:
        if s.oid not in seen:
            seen.add(s.oid)
            out.append((s, st))
    return out


def _one_boost_per_source(stack, run):
    """A permanent with several static +N/+N abilities applies only its first one."""
    def make_with(statics_with):
        def faulty(game, method):
            pairs = statics_with(game, method)
            return _first_per_source(pairs) if method == "boost_for" else pairs
        return faulty

    def make_both(static_sources):
        def faulty(game):
            boosts, grants = static_sources(game)
            return _first_per_source(boosts), grants
        return faulty
    wrap(stack, "reference_impl.state.characteristics._statics_with", make_with)
    wrap(stack, "reference_impl.view.static_sources", make_both)


BOLT = ("Lightning Bolt", "bolt")

FAULTS = [
    Fault("one_or_more_dies_triggers_per_creature", "603.2c",
          "(designed) \"whenever one or more other creatures you control die\" triggers once for each "
          "creature that dies at the same time",
          _one_or_more_per_creature,
          case({"alice": {"battlefield": cards(("Vengeful Townsfolk", "t"), ("Elite Vanguard", "v"),
                                               ("Llanowar Elves", "e"))},
                "bob": {"hand": cards(("Cower in Fear", "c")), "mana": "{B}{B}{B}"}},
               [{"cast": {"card": "c", "by": "bob", "pay": "{B}{B}{B}"}}, {"pass_until_empty": {}}])),
    Fault("graveyard_cards_trigger_on_deaths", "603.10a",
          "(designed) a dies ability of a card already in a graveyard triggers when a creature dies",
          _collect(after=_graveyard_sources_look_back),
          case({"alice": {"battlefield": cards(("Blood Artist", "a")), "graveyard": cards(("Blood Artist", "g")),
                          "hand": cards(BOLT), "mana": "{R}"},
                "bob": {"battlefield": cards(("Grizzly Bears", "bears"))}},
               [{"cast": {"card": "bolt", "targets": ["bears"], "pay": "{R}"}},
                {"pass_until_empty": {"choices": {"trigger_targets": [{"source": "a", "targets": ["bob"]}]}}}])),
    Fault("sacrificed_for_a_cost_doesnt_die", "701.21a",
          "(designed) a creature sacrificed to pay a cost triggers no dies ability",
          _sacrifice_costs_unseen,
          case({"alice": {"battlefield": cards(("Zulaport Cutthroat", "z"), ("Bloodflow Connoisseur", "c"))}},
               [{"activate": {"card": "c", "choices": {"sacrifice_cost": ["z"]}}}, {"pass_until_empty": {}}])),
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
    Fault("spell_damage_not_marked", "120.3e",
          "(designed) damage a spell deals to a creature is not marked on it",
          _spell_damage_not_marked,
          case({"alice": {"battlefield": cards(("Hill Giant", "g")), "hand": cards(("Shock", "s")), "mana": "{R}"}},
               [{"cast": {"card": "s", "targets": ["g"], "pay": "{R}"}}, {"resolve": {}}])),
    Fault("simultaneous_deaths_trigger_each_ability_once", "603.2c",
          "(designed) an ability that matches several creatures dying in one event triggers only once",
          _collect(after=_one_trigger_per_source_per_event),
          case({"alice": {"battlefield": cards(("Poison-Tip Archer", "a")), "hand": cards(("Pyroclasm", "p")),
                          "mana": "{R}{R}"},
                "bob": {"battlefield": cards(("Raging Goblin", "g1"), ("Raging Goblin", "g2"))}},
               [{"cast": {"card": "p", "pay": "{R}{R}"}}, {"pass_until_empty": {}}])),
    Fault("an_opponents_creature_means_yours", "603.2c",
          "(designed) \"whenever a creature an opponent controls dies\" triggers for its controller's "
          "creatures instead",
          _matches(_opponents_means_you),
          case({"alice": {"battlefield": cards(("Slaughter Specialist", "s")), "hand": cards(("Shock", "sh")),
                          "mana": "{R}"},
                "bob": {"battlefield": cards(("Raging Goblin", "g"))}},
               [{"cast": {"card": "sh", "targets": ["g"], "pay": "{R}"}}, {"pass_until_empty": {}}])),
    Fault("each_opponent_creates_for_you", "111.2",
          "(designed) \"each opponent creates a token\" creates it for the ability's controller",
          _tokens_for_the_controller,
          case({"alice": {"hand": cards(("Slaughter Specialist", "s")), "mana": "{B}{B}"}},
               [{"cast": {"card": "s", "pay": "{B}{B}"}}, {"pass_until_empty": {}}])),
    Fault("chosen_color_filter_ignored", "611.3a",
          "(designed) \"creatures you control of the chosen color get +1/+1\" (Hall of Triumph) boosts all "
          "of them",
          _chosen_color_ignored,
          case({"alice": {"battlefield": cards(("Raging Goblin", "g")), "hand": cards(("Hall of Triumph", "h")),
                          "mana": "{C}{C}{C}"}},
               [{"cast": {"card": "h", "pay": "{C}{C}{C}"}}, {"resolve": {"choices": {"color": "G"}}}])),
    Fault("attacking_creature_prevention_covers_blockers", "615.1a",
          "(designed) \"prevent all combat damage that would be dealt to attacking creatures you control\" "
          "(Dolmen Gate) prevents combat damage to its controller's blocking creatures too",
          _dolmen_gate_covers_blockers,
          case({"alice": {"battlefield": cards(("Pillarfield Ox", "o"))},
                "bob": {"battlefield": cards(("Dolmen Gate", "g"), ("Silvercoat Lion", "l"))}},
               [{"declare_attackers": {"attackers": [{"card": "o"}]}},
                {"declare_blockers": {"blockers": [{"card": "l", "blocks": "o"}]}},
                {"advance": {"to": "end_of_combat"}}])),
    Fault("unpreventable_damage_static_ignored", "615.12",
          "(designed) \"damage that would be dealt by this creature can't be prevented\" (Malignus) is ignored: "
          "protection prevents its damage",
          _unpreventable_static_ignored,
          case({"alice": {"battlefield": cards(("Malignus", "m"))},
                "bob": {"battlefield": cards(("Vedalken Outlander", "v"))}},
               [{"declare_attackers": {"attackers": [{"card": "m"}]}},
                {"declare_blockers": {"blockers": [{"card": "v", "blocks": "m"}]}},
                {"advance": {"to": "end_of_combat"}}])),
    Fault("dies_trigger_reads_counters_in_the_graveyard", "608.2h",
          "(designed) a dies trigger's \"the number of +1/+1 counters on this creature\" is read on the card in "
          "the graveyard, not as it last existed",
          _counters_read_in_the_graveyard,
          case({"alice": {"battlefield": [{"card": "Servant of the Scale", "label": "s", "counters": {"+1/+1": 1}},
                                          {"card": "Silvercoat Lion", "label": "l"}],
                          "hand": cards(BOLT), "mana": "{R}"}},
               [{"cast": {"card": "bolt", "targets": ["s"], "pay": "{R}"}},
                {"pass_until_empty": {"choices": {"trigger_targets": [{"source": "s", "targets": ["l"]}]}}}])),
    Fault("copy_for_each_includes_opponents_creatures", "707.10d",
          "(designed) \"copy that spell for each other creature you control that the spell could target\" "
          "(Zada, Hedron Grinder) also copies it for the opponents' creatures",
          _copies_for_opponents_creatures_too,
          case({"alice": {"battlefield": cards(("Zada, Hedron Grinder", "z")), "hand": cards(("Angelic Blessing", "b")),
                          "mana": "{W}{W}{W}"},
                "bob": {"battlefield": cards(("Silvercoat Lion", "l"))}},
               [{"cast": {"card": "b", "targets": ["z"], "pay": "{W}{W}{W}"}}, {"pass_until_empty": {}}])),
    Fault("per_counter_cost_reduction_ignored", "601.2f",
          "(designed) a cost reduction \"for each +1/+1 counter on\" its source (Animar) reduces nothing",
          _counters_on_source_count_nothing,
          case({"alice": {"battlefield": [{"card": "Animar, Soul of Elements", "label": "a", "counters": {"+1/+1": 1}}],
                          "hand": cards(("Silvercoat Lion", "l")), "mana": "{W}"}},
               [{"cast": {"card": "l", "pay": "{W}"}}, {"pass_until_empty": {}}])),
    Fault("dies_trigger_mana_lost", "605.5a",
          "(designed) the mana a dies trigger adds (Su-Chi) is lost: nothing reaches its controller's pool",
          _triggered_mana_is_lost,
          case({"alice": {"battlefield": cards(("Su-Chi", "s"), ("Sage of Lat-Nam", "g")),
                          "library": cards(("Island", "i"))}},
               [{"activate": {"card": "g", "choices": {"sacrifice_cost": ["s"]}}}, {"resolve": {}}])),
    Fault("only_the_first_boost_of_a_source_applies", "613.4c",
          "(designed) of a permanent's several static +1/+1 abilities (Creakwood Liege's black and green) only "
          "the first applies",
          _one_boost_per_source,
          case({"alice": {"battlefield": cards(("Creakwood Liege", "a"), ("Creakwood Liege", "b"))}},
               [{"pass_until_empty": {}}])),
    Fault("static_prevention_covers_players", "615.1a",
          "(designed) \"prevent all damage that would be dealt to creatures\" (Bubble Matrix) prevents "
          "damage to players too",
          _static_prevention_covers_players,
          case({"alice": {"battlefield": cards(("Bubble Matrix", "m")), "hand": cards(BOLT), "mana": "{R}"}},
               [{"cast": {"card": "bolt", "targets": ["bob"], "pay": "{R}"}}, {"resolve": {}}])),
    Fault("other_boost_includes_its_source", "611.3a",
          "(designed) \"other Treefolk creatures get +1/+1\" (Verdeloth the Ancient) boosts its source too",
          _other_boost_includes_its_source,
          case({"alice": {"battlefield": cards(("Verdeloth the Ancient", "v"))}}, [{"pass_until_empty": {}}])),
    Fault("pump_all_only_the_source", "611.2c",
          "(designed) a resolving trigger's \"creatures you control get +1/+0\" (Goblin Bushwhacker) pumps "
          "only its source",
          _pump_all_only_the_source,
          case({"alice": {"battlefield": cards(("Elite Vanguard", "v")), "hand": cards(("Goblin Bushwhacker", "g")),
                          "mana": "{R}{R}"}},
               [{"cast": {"card": "g", "kicks": 1, "pay": "{R}{R}"}}, {"pass_until_empty": {}}])),
    Fault("landwalk_ignored", "702.14c",
          "(designed) a creature with forestwalk can be blocked while the defending player controls a Forest",
          _landwalk_ignored,
          case({"alice": {"battlefield": cards(("Heartwood Treefolk", "t"))},
                "bob": {"battlefield": cards(("Forest", "f"), ("Grizzly Bears", "b"))}},
               [{"declare_attackers": {"attackers": [{"card": "t"}]}},
                {"declare_blockers": {"blockers": [{"card": "b", "blocks": "t"}]}}])),
    Fault("that_creatures_controller_is_the_triggers", "608.2h",
          "(designed) \"that creature's controller\" (Fecundity) is the controller of the triggered "
          "ability, not of the creature that died",
          _left_controller_is_the_triggers,
          case({"alice": {"battlefield": cards(("Silvercoat Lion", "l")), "hand": cards(BOLT),
                          "library": cards(("Plains", "p")), "mana": "{R}"},
                "bob": {"battlefield": cards(("Fecundity", "f")), "library": cards(("Island", "i"))}},
               [{"cast": {"card": "bolt", "targets": ["l"], "pay": "{R}"}}, {"pass_until_empty": {}}])),
]

HF = P + "hexproof-from-a-quality#"
PL = P + "prevention-from-a-static-ability#"
ST = P + "static-boosts-apply-to-what-their-text-says#"
RE = P + "resolved-effects-lock-in-their-objects#"
LW = P + "landwalk#"
LKI = P + "last-known-information-of-the-dead-creature#"
FG = "peers-forge/"
HG = P + "hexproof-gained-in-response#"

# the claims each fault drops, of this module and of other modules (merged into claims.DROPS)
DROPS = {
    "one_or_more_dies_triggers_per_creature": (BATCH + "once-each-time",),
    "graveyard_cards_trigger_on_deaths": (DIES + "a-source-that-left-earlier-doesnt-trigger",),
    "sacrificed_for_a_cost_doesnt_die": (DIES + "sacrificed-as-a-cost",),
    "undying_returns_a_card_that_left_the_graveyard": (UND + "the-card-in-the-graveyard",),
    "pump_follows_the_returned_card": (UND + "returns-as-a-new-object",),
    "static_prevention_covers_players": (PL + "what-damage-will-not-be-dealt",),
    "other_boost_includes_its_source": (ST + "whatever-its-text-indicates",),
    "pump_all_only_the_source": (RE + "determined-when-it-begins",),
    "landwalk_ignored": (LW + "cant-be-blocked-while-the-defender-controls-one",),
    "that_creatures_controller_is_the_triggers": (LKI + "last-known-information",),
    "verdeloth_gives_no_bonus": (ST + "whatever-its-text-indicates",),
    "lord_boosts_without_its_abilities": (ST + "not-locked-in",),
    "attacking_creature_prevention_covers_blockers": (PL + "prevention-effects",),
    "unpreventable_damage_static_ignored": (P + "damage-that-cant-be-prevented#cant-be-prevented",),
    "protection_doesnt_prevent_combat_damage": (P + "damage-that-cant-be-prevented#cant-be-prevented",),
    "dies_trigger_reads_counters_in_the_graveyard": (LKI + "counters-as-it-last-existed",),
    "simultaneous_deaths_unseen": (DIES + "looks-back",),
    "protection_prevents_damage_from_every_source": (P + "protection-from-a-color#a-color-quality",),
    "copy_for_each_includes_opponents_creatures": (
        P + "copy-for-each-object-it-could-target#for-each-object-it-could-target",),
    "per_counter_cost_reduction_ignored": (P + "cost-reduction-per-counter#minus-all-cost-reductions",),
    "dies_trigger_mana_lost": (DIES + "sacrificed-as-a-cost",),
    "only_the_first_boost_of_a_source_applies": (
        FG + "every-power-toughness-modification-applies#effects-that-modify",),
    "dies_trigger_reads_power_in_the_graveyard": (LKI + "power-as-it-last-existed",),
    "spell_damage_not_marked": (FG + "damage-is-marked#marked-on-that-creature",),
    "simultaneous_deaths_trigger_each_ability_once": (FG + "one-event-many-deaths#multiple-occurrences",),
    "an_opponents_creature_means_yours": (FG + "one-event-many-deaths#its-trigger-event",),
    "each_opponent_creates_for_you": (FG + "the-creator-of-a-token-owns-it#under-that-players-control",),
    "chosen_color_filter_ignored": (FG + "of-the-chosen-color#whatever-its-text-indicates",),
    "state_based_deaths_trigger_nothing": (DIES + "leaves-the-battlefield-abilities",),
    "dies_trigger_counts_opponents_creatures": (BATCH + "only-its-trigger-event",),
    "undying_returns_without_a_counter": (UND + "persist-minus-counter",),
    "hexproof_from_is_full_hexproof": (HF + "quality-spells",),
    "hexproof_from_stops_its_controller": (HF + "your-opponents",),
    "resolves_with_only_illegal_targets": (HG + "all-targets-illegal",),
    "illegal_targets_still_affected": (HG + "illegal-targets-not-affected",),
}


# ---- modelled on real reports (issue #30) -------------------------------------------------------

def _cast_trigger_ignores_spell_types(stack, run):
    """"Whenever you cast a creature spell" (Animar) triggers for a spell of any type: the card
    types the cast trigger names are not checked."""
    from reference_impl.rules.abilities import CastSpell

    def make(call):
        return lambda self, ctx: call(replace(self, types_any=(), types_not=()), ctx)
    wrap_attr(stack, CastSpell, "__call__", make)


FAULTS += [
    Fault("cast_trigger_ignores_spell_types", "603.2",
          "a cast trigger for a kind of spell (\"whenever you cast a creature spell\") triggers for spells of any "
          "type (the report: Vivien, Monsters' Advocate's \"your next creature spell\" triggered on an artifact and a "
          "sorcery): Animar, Soul of Elements gets a counter for a Shock",
          _cast_trigger_ignores_spell_types,
          case({"alice": {"battlefield": cards(("Animar, Soul of Elements", "animar")),
                          "hand": cards(("Shock", "shock")), "mana": "{R}"}},
               [{"cast": {"card": "shock", "targets": ["bob"], "pay": "{R}"}}, {"pass_until_empty": {}}]),
          report="https://github.com/magefree/mage/issues/6922",
          claims=("triggers/kicked-conditions-on-cast-and-enter-triggers#the-trigger-event",)),
]
