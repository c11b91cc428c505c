"""Faulty engines for triggered abilities (603): when an ability triggers, how often, on what
(603.2, 603.2c, 603.4, 603.5), and an ability removed with its source (113.7a).
"""

from __future__ import annotations

from dataclasses import replace
from unittest import mock

from reference_impl.rules.abilities import LeavesBattlefield

from . import locate
from .dies_faults import _collect, _matches
from .fault import Fault, cards, case
from .fault_parts import BEARS_NAME, PHASE, AlwaysYes
from .patching import wrap_attr


def _trigger_dies_with_its_source(stack, run):
    """A triggered ability on the stack is removed when its source leaves the battlefield."""
    from reference_impl.state.game import Ability, Game
    gone: set = set()

    def make_move(move):
        def faulty(self, o, zone, top=True):
            if o.zone == "battlefield" and zone != "battlefield" and any(
                    isinstance(item, Ability) and item.source == o.oid for item in self.stack):
                gone.add(o.oid)
            return move(self, o, zone, top)
        return faulty

    def make_resolve(resolve):
        def faulty(game, ab, choices):
            if ab.source in gone:
                game.stack.pop()
                return None
            return resolve(game, ab, choices)
        return faulty
    wrap_attr(stack, Game, "move", make_move)
    locate.patch(stack, "_resolve_ability", make_resolve)


def _may_answered_before_resolving(stack, run):
    """"You may" is taken as yes when the ability triggers; the answer given as it resolves is ignored."""
    def make(apply):
        def faulty(self, ctx):
            choices = ctx.choices
            ctx.choices = AlwaysYes(choices)
            try:
                return apply(self, ctx)
            finally:
                ctx.choices = choices
        return faulty
    for name in ("May", "MayLoot"):
        wrap_attr(stack, locate.obj(name), "apply", make)


def _triggers_resolve_at_once(stack, run):
    """A triggered ability does what it says as it triggers: put on the stack, it resolves at once."""
    from reference_impl.state.game import Ability

    def make(put_triggers):
        def faulty(game, choices):
            before = len(game.stack)
            put_triggers(game, choices)
            resolve = locate.obj("_resolve_ability")
            while len(game.stack) > before and isinstance(game.stack[-1], Ability):
                resolve(game, game.stack[-1], choices)
        return faulty
    locate.patch(stack, "put_triggers", make)


def _damage_triggers_never_trigger(stack, run):
    """Abilities that trigger on a creature dealing damage never trigger (603.2)."""
    module = locate.module_of("state_based_actions")
    stack.enter_context(mock.patch.object(module, "_damage_dealt", lambda game, source, amount, *to: None))


def _morbid_always_on(stack, run):
    """"If a creature died this turn" is always true (603.4)."""
    locate.patch_method(stack, "CreatureDiedThisTurn", "__call__", lambda _original: lambda self, ctx: True)


def _one_or_more_per_creature(stack, run):
    """"Whenever one or more ... die" triggers once for each creature, like "whenever a creature"."""
    wrap_attr(stack, LeavesBattlefield, "one_or_more", lambda default: property(lambda self: False))


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
    return replace(f, whose="you") if f.whose == "opponents" else f


FAULTS = [
    Fault("trigger_removed_when_its_source_leaves", "113.7a",
          "a triggered ability on the stack is removed when its source leaves the battlefield (phase.rs: "
          "Endurance's enters trigger did nothing once Endurance was killed in response)",
          _trigger_dies_with_its_source,
          case({"alice": {"hand": cards(("Viashino Pyromancer", "vp"), ("Lightning Bolt", "bolt")),
                          "mana": "{C}{R}{R}"}},
               [{"cast": {"card": "vp", "pay": "{C}{R}"}},
                {"resolve": {"choices": {"trigger_targets": [{"source": "vp", "targets": ["bob"]}]}}},
                {"cast": {"card": "bolt", "targets": ["vp"], "pay": "{R}"}}, {"resolve": {}}, {"resolve": {}}]),
          report=f"{PHASE}/issues/1059"),
    Fault("you_may_answered_before_resolving", "603.5",
          "(designed) a \"you may\" ability's option is taken (as yes) when it triggers; the answer given "
          "as it resolves is ignored",
          _may_answered_before_resolving,
          case({"alice": {"battlefield": cards(("Baral, Chief of Compliance", "baral")),
                          "hand": cards(("Counterspell", "cs")), "library": cards(("Island", "top")),
                          "mana": "{U}{U}"},
                "bob": {"hand": cards(("Lightning Bolt", "bolt")), "mana": "{R}"}},
               [{"cast": {"card": "bolt", "by": "bob", "targets": ["alice"], "pay": "{R}"}},
                {"cast": {"card": "cs", "targets": ["bolt"], "pay": "{U}{U}"}}, {"resolve": {}},
                {"resolve": {"choices": {"you_may": False}}}])),
    Fault("trigger_resolves_as_it_triggers", "603.2",
          "(designed) a triggered ability does what it says as it triggers: it resolves at once, before "
          "anything else can happen",
          _triggers_resolve_at_once,
          case({"alice": {"battlefield": cards(("Faerie Miscreant", "f1")),
                          "hand": cards(("Faerie Miscreant", "f2"), ("Lightning Bolt", "bolt")),
                          "library": cards(("Island", "i1")), "mana": "{U}{R}"}},
               [{"cast": {"card": "f2", "pay": "{U}"}}, {"resolve": {}},
                {"cast": {"card": "bolt", "targets": ["f1"], "pay": "{R}"}}, {"pass_until_empty": {}}])),
    Fault("damage_triggers_never_trigger", "603.2", "\"whenever enchanted creature deals damage\" abilities never "
          "trigger", _damage_triggers_never_trigger,
          case({"alice": {"battlefield": cards((BEARS_NAME, "bears")), "hand": cards(("Spirit Link", "link")),
                          "mana": "{W}"}},
               [{"cast": {"card": "link", "targets": ["bears"], "pay": "{W}"}}, {"resolve": {}},
                {"declare_attackers": {"attackers": [{"card": "bears"}]}}, {"advance": {"to": "end_of_combat"}}])),
    Fault("morbid_always_on", "603.4", "\"if a creature died this turn\" is treated as always true",
          _morbid_always_on,
          case({"alice": {"hand": cards(("Hollowhenge Scavenger", "scavenger")), "mana": "{G}{G}{C}{C}{C}"}},
               [{"cast": {"card": "scavenger", "pay": "{G}{G}{C}{C}{C}"}}, {"pass_until_empty": {}}])),
    Fault("one_or_more_dies_triggers_per_creature", "603.2c",
          "(designed) \"whenever one or more other creatures you control die\" triggers once for each "
          "creature that dies at the same time",
          _one_or_more_per_creature,
          case({"alice": {"battlefield": cards(("Vengeful Townsfolk", "t"), ("Elite Vanguard", "v"),
                                               ("Llanowar Elves", "e"))},
                "bob": {"hand": cards(("Cower in Fear", "c")), "mana": "{B}{B}{B}"}},
               [{"cast": {"card": "c", "by": "bob", "pay": "{B}{B}{B}"}}, {"pass_until_empty": {}}])),
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
]


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
