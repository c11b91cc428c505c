"""Faulty engines for adventurer cards (715) and for the targets of a copy of a spell (707.10c):
Bonecrusher Giant // Stomp cast as an Adventure, exiled as it resolves and cast from exile later
(715.3d), and Bonecrusher Giant's "Whenever this creature becomes the target of a spell" seeing a
conspired copy of Barkshell Blessing. Each drops claims of spec/rules/adventurer-cards.yaml or of
the XMage ports in spec/rules/peer-tests-xmage-adventure.yaml; all are designed (no public report
known). They patch the reference engine's helpers by name (reference_impl/rules/resolution.py,
rules/casting.py, rules/actions.py, state/characteristics.py).
"""

from __future__ import annotations

import copy as _copy
from dataclasses import replace as _replace
from unittest import mock as _mock

from . import locate
from .fault import Fault, cards, case

ADV = "adventure/an-adventure-is-exiled-and-its-card-cast-later#"
PEER = "peers-xmage/a-copy-makes-its-targets-become-targets#"
WARD = "peers-xmage/ward-counters-each-instance-of-a-trigger#"

GIANT = ("Bonecrusher Giant // Stomp", "giant")
STOMP_AT_BOB = {"cast": {"card": "giant", "adventure": True, "targets": ["bob"], "pay": "{R}{C}"}}


def _stomp(*more, mana="{R}{R}{C}{C}{C}", bob=None, alice_hand=()) -> dict:
    """Alice casts Stomp at bob, and it resolves; then `more`."""
    players = {"alice": {"hand": cards(GIANT, *alice_hand), "mana": mana}}
    if bob is not None:
        players["bob"] = bob
    return case(players, [STOMP_AT_BOB, {"resolve": {}}, *more])


def _blessing(target: str, *, copy_to: str | None = None) -> dict:
    """XMage's CopySpellTest situation: alice's conspired Barkshell Blessing at `target` in her
    upkeep, the copy moved to `copy_to` (kept when None), everything resolved."""
    choices = {"copy_targets": [copy_to]} if copy_to is not None else {}
    return case({"alice": {"battlefield": cards(GIANT, ("Grizzly Bears", "bears"), ("Savannah Lions", "lions")),
                           "hand": cards(("Barkshell Blessing", "blessing")), "mana": "{W}"}},
                [{"cast": {"card": "blessing", "targets": [target], "conspire": True,
                           "choices": {"tap_cost": ["bears", "lions"]}, "pay": "{W}"}},
                 {"pass_until_empty": {"choices": choices}}],
                turn={"active": "alice", "step": "upkeep"})


def _to_graveyard(stack, run):
    """A resolved Adventure is put into its owner's graveyard like any instant (715.3d ignored)."""
    def make(_original):
        def faulty(game, o):
            locate.obj("leave_stack")(game, o, "graveyard")
        return faulty
    locate.patch(stack, "exile_adventure", make)


def _no_permission(stack, run):
    """A resolved Adventure is exiled, but nothing lets its controller cast the card from there."""
    def make(_original):
        def faulty(game, o):
            locate.obj("leave_stack")(game, o, "exile")
        return faulty
    locate.patch(stack, "exile_adventure", make)


def _recast_as_adventure(stack, run):
    """The card its Adventure exiled may be cast from exile as an Adventure again."""
    def make(original):
        def faulty(o, args, zone, name):
            perms = o.perms
            o.perms = tuple(p for p in perms if p[0] != "adventure")
            try:
                original(o, args, zone, name)
            finally:
                o.perms = perms
        return faulty
    locate.patch(stack, "_choose_adventure", make)


def _countered_exiled(stack, run):
    """An Adventure spell that leaves the stack without resolving (countered, or all its targets
    gone) is exiled as if it had resolved, and may be cast from exile."""
    def make(original):
        def faulty(game, o, dest):
            if dest == "graveyard" and o.card.layout == "adventure_spell" and not o.copy:
                controller = o.controller
                original(game, o, "exile")
                if o.zone == "exile":
                    o.perms = o.perms + (("adventure", controller),)
                return
            original(game, o, dest)
        return faulty
    locate.patch(stack, "leave_stack", make)


def _timing_of_the_card(stack, run):
    """Whether an Adventure can be cast now is checked against the card's normal characteristics:
    Stomp, an instant, can be cast only when the creature could."""
    def make(original):
        def faulty(game, o, caster, name):
            if o.card.layout == "adventure_spell":
                as_card = _copy.copy(o)
                as_card.card = o.printed
                return original(game, as_card, caster, name)
            return original(game, o, caster, name)
        return faulty
    locate.patch(stack, "_check_timing", make)


def _stack_mana_value_of_the_card(stack, run):
    """On the stack an Adventure spell has the card's normal mana value (the creature's)."""
    def make(original):
        def faulty(o):
            if o.card.layout == "adventure_spell" and o.printed.layout == "adventure":
                return o.printed.cost.total
            return original(o)
        return faulty
    locate.patch(stack, "mana_value", make)


def _combined_mana_value(stack, run):
    """Outside the stack an adventurer card has both parts' mana costs combined, as a split card
    does (709.4), not only its normal characteristics."""
    def make(original):
        def faulty(o):
            if o.card.layout == "adventure":
                return sum(f.cost.total for f in o.card.faces)
            return original(o)
        return faulty
    locate.patch(stack, "mana_value", make)


def _copy_without_becoming_targets(when):
    """copy_spell with actions.became_targets silenced for the copies `when(orig, new_targets,
    targets_set)` says, or replaced by `instead(game, controller, targets, by, info, orig)`."""
    def install(stack, run, instead=None):
        actions = locate.module_of("became_targets")

        def make(original):
            def faulty(game, orig, controller, new_targets, colors, targets_set=None):
                if not when(orig, new_targets, targets_set):
                    return original(game, orig, controller, new_targets, colors, targets_set)
                real = actions.became_targets

                def silenced(game_, controller_, targets, by, info=None):
                    if instead is not None:
                        instead(real, game_, controller_, by, info, orig)
                actions.became_targets = silenced
                try:
                    return original(game, orig, controller, new_targets, colors, targets_set)
                finally:
                    actions.became_targets = real
            return faulty
        locate.patch(stack, "copy_spell", make)
    return install


_never = _copy_without_becoming_targets(lambda orig, new, given: True)
_kept_targets = _copy_without_becoming_targets(lambda orig, new, given: new is None and given is None)


def _original_targets(stack, run):
    """A copy whose targets are changed makes the original's targets become targets, not its own
    final ones (the event is raised before the new targets are chosen)."""
    def instead(real, game, controller, by, info, orig):
        real(game, controller, orig.spell.targets, by, info)
    _copy_without_becoming_targets(lambda orig, new, given: True)(stack, run, instead)


def _cast_targets_silent(stack, run):
    """The targets chosen as a spell is cast don't become targets of it (no "becomes the target"
    trigger); only a copy's targets do."""
    def make(original):
        def faulty(game, controller, targets, by, info=None):
            o = game.objs.get(by) if isinstance(by, int) else None
            if o is not None and not o.copy:
                return None
            return original(game, controller, targets, by, info)
        return faulty
    locate.patch(stack, "became_targets", make)


def _ward_port(pay_first: bool) -> dict:
    """XMage's WardTest Panharmonicon situation: bob's Roaming Throne (Dragon chosen) in his turn;
    in alice's, her Scourge of Valkas's two abilities target it; she pays the first ward trigger's
    cost or not, and not the second."""
    mountains = [("Mountain", f"m{i}") for i in range(1, 8)]
    return case({"alice": {"battlefield": cards(("Panharmonicon", "panharmonicon"),
                                                ("Young Red Dragon // Bathe in Gold", "young"), *mountains),
                           "hand": cards(("Scourge of Valkas", "scourge")), "library": cards(("Mountain", "drawn"))},
                 "bob": {"hand": cards(("Roaming Throne", "throne")), "mana": "{C}{C}{C}{C}"}},
                [{"cast": {"card": "throne", "by": "bob", "pay": "{C}{C}{C}{C}"}},
                 {"resolve": {"choices": {"creature_type": "Dragon"}}},
                 {"advance": {"turn": "next", "to": "main1"}},
                 {"tap_for_mana": {"permanents": [label for _, label in mountains]}},
                 {"cast": {"card": "scourge", "pay": "{R}{R}{R}{R}{R}"}},
                 {"resolve": {"choices": {"trigger_targets": [{"source": "scourge", "targets": ["throne"]},
                                                              {"source": "scourge", "targets": ["throne"]}]}}},
                 {"resolve": {"choices": {"pay_unless": pay_first}}},
                 {"resolve": {"choices": {"pay_unless": False}}},
                 {"pass_until_empty": {}}],
                turn={"active": "bob", "step": "main1"})


_THRONE_AND_SCOURGE = case(
    {"bob": {"hand": cards(("Roaming Throne", "throne"), ("Scourge of Valkas", "scourge")),
             "mana": "{R}{R}{R}{C}{C}{C}{C}{C}{C}"}},
    [{"cast": {"card": "throne", "by": "bob", "pay": "{C}{C}{C}{C}"}},
     {"resolve": {"choices": {"creature_type": "Dragon"}}},
     {"cast": {"card": "scourge", "by": "bob", "pay": "{R}{R}{R}{C}{C}"}},
     {"resolve": {"choices": {"trigger_targets": [{"source": "scourge", "targets": ["alice"]},
                                                  {"source": "scourge", "targets": ["alice"]}]}}},
     {"pass_until_empty": {}}],
    turn={"active": "bob", "step": "main1"})


def _ward_once_per_source(stack, run):
    """Ward triggers once for the abilities of one source targeting the permanent: a second ability
    of the same source (an additional time, 603.2d) targeting it while the first's ward trigger
    waits triggers no ward."""
    def make(original):
        def faulty(game, controller, targets, by, info=None):
            if not isinstance(by, int):
                waiting = [ev for _, trig, ev in game.pending if ev.kind == "targeted" and not isinstance(ev.by, int)]
                if any(getattr(ev.by, "source", None) == getattr(by, "source", None) for ev in waiting):
                    return None
            return original(game, controller, targets, by, info)
        return faulty
    locate.patch(stack, "became_targets", make)


def _ward_counters_the_sources_abilities(stack, run):
    """An unpaid ward trigger counters every ability of that source on the stack, not only the one
    that made it trigger."""
    def make(original):
        def apply(self, ctx):
            by = ctx.event.by if ctx.event is not None else None
            if by is None or isinstance(by, int) or ctx.choices.get("pay_unless"):
                return original(self, ctx)
            game = ctx.game
            for item in [x for x in game.stack if not isinstance(x, int) and getattr(x, "source", None) == by.source]:
                locate.obj("remove_ability_from_stack")(game, item)
        return apply
    locate.patch_method(stack, "CounterTargetingUnless", "apply", make)


def _entering_type_choice_ignored(stack, run):
    """"As this creature enters, choose a creature type" ignores the step's choice: the permanent's
    own first creature type is chosen."""
    def make(original):
        def faulty(game, o, card, info, controller, choices):
            gained = original(game, o, card, info, controller, choices)
            if o.chosen and "creature_type" in o.chosen and card.subtypes:
                o.chosen = {**o.chosen, "creature_type": card.subtypes[0]}
            return gained
        return faulty
    locate.patch(stack, "_replace_entering", make)


def _chosen_type_not_added(stack, run):
    """"This creature is the chosen type in addition to its other types." does nothing."""
    locate.patch_method(stack, "IsTheChosenType", "subtypes_for", lambda _original: lambda self, game, src, o: ())


def _chosen_type_triggers_once(stack, run):
    """"If a triggered ability of another creature you control of the chosen type triggers, it
    triggers an additional time." does nothing."""
    locate.patch_method(stack, "ChosenTypeTriggersAdditionalTime", "extra_for_source",
                        lambda _original: lambda self, game, src, trigger_source: 0)


FAULTS = [
    Fault("adventure_put_into_graveyard", "715.3d",
          "(designed) a spell cast as an Adventure is put into its owner's graveyard as it resolves, not exiled",
          _to_graveyard, _stomp(),
          claims=(ADV + "exiled-as-it-resolves",)),
    Fault("adventure_exile_gives_no_permission", "715.3d",
          "(designed) a resolved Adventure is exiled, but its controller may not cast the card from there",
          _no_permission, _stomp({"cast": {"card": "giant", "pay": "{R}{C}{C}"}}),
          claims=(ADV + "may-play-it-from-exile",)),
    Fault("adventure_recast_from_its_exile", "715.3d",
          "(designed) the card its Adventure exiled may be cast as an Adventure again from that exile",
          _recast_as_adventure, _stomp(STOMP_AT_BOB, mana="{R}{R}{C}{C}"),
          claims=(ADV + "not-as-an-adventure-this-way",)),
    Fault("countered_adventure_exiled", "715.3d",
          "(designed) an Adventure spell that doesn't resolve (countered, its target gone) is exiled as if it "
          "had, and may be cast from exile",
          _countered_exiled,
          case({"alice": {"hand": cards(GIANT, ("Lightning Bolt", "bolt")), "mana": "{R}{R}{C}"},
                "bob": {"battlefield": cards(("Grizzly Bears", "bears"))}},
               [{"cast": {"card": "giant", "adventure": True, "targets": ["bears"], "pay": "{R}{C}"}},
                {"cast": {"card": "bolt", "targets": ["bears"], "pay": "{R}"}}, {"resolve": {}}, {"resolve": {}}]),
          claims=(ADV + "only-as-it-resolves",)),
    Fault("adventure_timing_of_the_card", "715.3a",
          "(designed) whether an Adventure can be cast now is checked with the card's normal characteristics: "
          "an instant Adventure can be cast only when its creature could",
          _timing_of_the_card,
          case({"alice": {"hand": cards(GIANT), "mana": "{R}{C}"}}, [STOMP_AT_BOB, {"resolve": {}}],
               turn={"active": "alice", "step": "upkeep"}),
          claims=(ADV + "only-the-adventure-is-evaluated",)),
    Fault("adventure_spell_has_the_cards_mana_value", "715.3b",
          "(designed) on the stack an Adventure spell has the card's normal mana value (3 for Stomp), not its own",
          _stack_mana_value_of_the_card, case({"alice": {"hand": cards(GIANT), "mana": "{R}{C}"}}, [STOMP_AT_BOB]),
          claims=(ADV + "only-the-adventure-on-the-stack",)),
    Fault("adventurer_card_mana_values_combined", "715.4",
          "(designed) outside the stack an adventurer card has both parts' mana costs combined (mana value 5), "
          "as a split card would",
          _combined_mana_value, _stomp(),
          claims=(ADV + "normal-characteristics-elsewhere",)),
    Fault("spell_copy_targets_never_become_targets", "707.10c",
          "(designed) a copy of a spell put onto the stack with targets doesn't make them become targets of a "
          "spell: \"becomes the target\" abilities never see copies",
          _never, _blessing("bears", copy_to="giant"),
          claims=(PEER + "the-copy-is-put-onto-the-stack-with-those-targets",)),
    Fault("spell_copy_kept_targets_dont_become_targets", "707.10c",
          "(designed) only a copy's newly chosen targets become its targets; the ones it keeps from the "
          "original were targets already and trigger nothing",
          _kept_targets, _blessing("giant"),
          claims=(PEER + "the-copy-is-put-onto-the-stack-with-those-targets",)),
    Fault("spell_copy_original_targets_become_targets", "707.10c",
          "(designed) a copy with new targets makes the original spell's targets become its targets, not its "
          "own final ones",
          _original_targets, _blessing("giant", copy_to="bears"),
          claims=(PEER + "once-the-player-has-decided",)),
    Fault("cast_spell_targets_dont_become_targets", "601.2c",
          "(designed) the objects chosen as targets as a spell is cast don't become targets of it for "
          "\"becomes the target\" abilities (only a copy's targets do)",
          _cast_targets_silent, _blessing("giant", copy_to="bears"),
          claims=(PEER + "the-chosen-objects-become-targets",)),
    Fault("ward_once_per_source", "702.21a",
          "(designed) ward triggers once for the abilities of one source that target the permanent: the "
          "additional instance of a trigger (603.2d) targeting it triggers no ward",
          _ward_once_per_source, _ward_port(True),
          claims=(WARD + "each-ability-that-targets-it",)),
    Fault("ward_counters_every_ability_of_the_source", "702.21a",
          "(designed) an unpaid ward trigger counters every ability of that source on the stack, not only "
          "the one it triggered on",
          _ward_counters_the_sources_abilities, _ward_port(True),
          claims=(WARD + "that-ability-unless-paid",)),
    Fault("entering_creature_type_choice_ignored", "614.12a",
          "(designed) \"As this creature enters, choose a creature type\" ignores the choice made as it enters "
          "and takes the permanent's own first creature type",
          _entering_type_choice_ignored, _THRONE_AND_SCOURGE,
          claims=(WARD + "the-type-chosen-as-it-enters",)),
    Fault("chosen_type_not_added", "205.1b",
          "(designed) \"This creature is the chosen type in addition to its other types\" adds nothing",
          _chosen_type_not_added, _THRONE_AND_SCOURGE,
          claims=(WARD + "in-addition-to-its-other-types",)),
    Fault("chosen_type_triggers_not_doubled", "603.2d",
          "(designed) \"If a triggered ability of another creature you control of the chosen type triggers, it "
          "triggers an additional time\" does nothing",
          _chosen_type_triggers_once, _THRONE_AND_SCOURGE,
          claims=(WARD + "a-triggered-ability-of-the-chosen-type-triggers-again",)),
]

# ---- XMage's ChangelingTest: changeling (702.73a) and Metallic Mimic (614.1d, 614.12)

CHANGELING = "peers-xmage/a-changeling-is-every-creature-type#"

_MIMIC_THEN = case({"alice": {"hand": cards(("Metallic Mimic", "mimic"), ("Grizzly Bears", "bears"),
                                            ("Woodland Changeling", "changeling")),
                              "mana": "{G}{G}{G}{G}{G}{G}"}},
                   [{"cast": {"card": "mimic", "pay": "{G}{G}"}}, {"resolve": {"choices": {"creature_type": "Sliver"}}},
                    {"cast": {"card": "bears", "pay": "{G}{G}"}}, {"resolve": {}},
                    {"cast": {"card": "changeling", "pay": "{G}{G}"}}, {"resolve": {}}])


def _changeling_ignored(stack, run):
    """Changeling is read as reminder text: a changeling card has only its printed creature types."""
    catalog = locate.module_of("changeling_subtypes")
    printed = {name: _replace(card, subtypes=tuple(catalog.ORACLE[name]["subtypes"]))
               for name, card in catalog.CARDS.items()
               if name in catalog.ORACLE and "changeling" in card.keywords}
    stack.enter_context(_mock.patch.dict(catalog.CARDS, printed))


def _mimic_any_type(stack, run):
    """"Each other creature you control of the chosen type enters with an additional +1/+1 counter"
    gives the counter to every other creature its controller's, whatever its types."""
    def make(_original):
        def faulty(self, game, src, o):
            return 1 if o.oid != src.oid and o.controller == src.controller and "Creature" in o.card.types else 0
        return faulty
    locate.patch_method(stack, "OthersOfChosenTypeEnterWithCounter", "extra_counters_for", make)


def _mimic_counts_itself(stack, run):
    """"Each other creature ... enters with an additional +1/+1 counter" applies to the permanent
    itself as it enters (it is of the chosen type once it has chosen)."""
    def make(original):
        def faulty(game, o):
            original(game, o)
            for st in o.card.statics:
                if hasattr(st, "extra_counters_for") and (o.chosen or {}).get("creature_type"):
                    locate.obj("put_counters")(game, o, st.counter, 1)
        return faulty
    locate.patch(stack, "others_enter_with_counters", make)


FAULTS += [
    Fault("changeling_ignored", "702.73a",
          "(designed) changeling is read as reminder text: a changeling card has only its printed creature types",
          _changeling_ignored, _MIMIC_THEN,
          claims=(CHANGELING + "every-creature-type",)),
    Fault("chosen_type_counter_for_any_creature", "614.12",
          "(designed) Metallic Mimic's additional +1/+1 counter is given to every other creature its controller's "
          "entering, whatever its creature types",
          _mimic_any_type, _MIMIC_THEN,
          claims=(CHANGELING + "other-creatures-of-the-chosen-type",)),
    Fault("chosen_type_counter_on_itself", "614.12",
          "(designed) Metallic Mimic's \"each other creature ... enters with an additional +1/+1 counter\" puts "
          "one on the Mimic itself as it enters",
          _mimic_counts_itself, _MIMIC_THEN,
          claims=(CHANGELING + "other-creatures-of-the-chosen-type",)),
]
