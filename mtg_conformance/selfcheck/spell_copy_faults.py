"""Faulty engines that get a property of a copy of a spell wrong (707.10), most modelled on
real bug reports.

Dimensions attacked: each decision a copy keeps (kicked and times kicked are covered by
kicker_faults, X, alternative cost, mana value), what it doesn't have (it was not cast:
"whenever you cast" and "whenever a player kicks" don't trigger, cast_from is null; no mana
was spent: converge_faults), who controls it (whoever put it on the stack), and the delayed
triggered abilities it creates as it resolves (603.7d: their source is the copy, which then
ceases to exist, and their controller the copy's controller).
"""

from __future__ import annotations

from . import locate
from .fault import Fault, cards, case
from .hooks import after_copy, set_spell
from .patching import wrap_attr

MAGE = "https://github.com/magefree/mage"
PHASE = "https://github.com/phase-rs/phase"
FORGE = "https://github.com/Card-Forge/forge"


def _copy_is_cast(stack, run):
    """A copy put on the stack counts as cast: "whenever a player casts" abilities trigger."""
    event, emit = locate.obj("Event"), locate.obj("emit")

    def change(game, orig, copy):
        emit(game, event("cast", copy.controller, copy.oid, copy.spell))
    after_copy(stack, change)


def _copy_kicks_again(stack, run):
    """A copy of a kicked spell counts as kicked again: "whenever a player kicks a spell"."""
    event, emit = locate.obj("Event"), locate.obj("emit")

    def change(game, orig, copy):
        for _ in copy.spell.kickers:
            emit(game, event("kick", copy.controller, copy.oid, copy.spell))
    after_copy(stack, change)


def _copy_mana_value_zero(stack, run):
    def make(mana_value):
        return lambda o: 0 if o.copy else mana_value(o)
    locate.patch(stack, "mana_value", make)


def _copy_changes(**fields):
    def install(stack, run):
        after_copy(stack, lambda game, orig, copy: set_spell(copy, **fields))
    return install


def _copy_controlled_by_original_controller(stack, run):
    def change(game, orig, copy):
        copy.controller = orig.controller
    after_copy(stack, change)


def _copy_keeps_cast_from(stack, run):
    def change(game, orig, copy):
        set_spell(copy, cast_from=orig.spell.cast_from)
    after_copy(stack, change)


def _delayed_trigger_needs_its_source(stack, run):
    """A delayed trigger whose source no longer exists (a resolved copy) is never put on the stack."""
    def make(delayed_triggers):
        def without_lost_sources(game, step):
            game.delayed = tuple(d for d in game.delayed if d[1] in game.objs)
            return delayed_triggers(game, step)
        return without_lost_sources
    locate.patch(stack, "_delayed_triggers", make)


def _delayed_trigger_controlled_by_source(stack, run):
    """A delayed trigger is controlled by its source's controller now (the active player once the
    source has ceased to exist), not by who controlled the spell as it resolved."""
    def make(controller):
        def sources_controller(game, sid, trig):
            src = game.objs.get(sid)
            return src.controller if src else game.active
        return sources_controller
    locate.patch(stack, "_controller", make)


TWIN = ("Twincast", "twin")
# bob's Twincast copies alice's Firecat Blitz; both create a delayed "exile them at the beginning
# of the next end step" trigger; the copy's is bob's (603.7d)
BLITZ_COPIED = case({"alice": {"hand": cards(("Firecat Blitz", "blitz")), "mana": "{R}{R}{R}"},
                     "bob": {"hand": cards(TWIN), "mana": "{U}{U}"}},
                    [{"cast": {"card": "blitz", "x": 1, "pay": "{R}{R}{R}"}},
                     {"cast": {"card": "twin", "by": "bob", "targets": ["blitz"], "pay": "{U}{U}"}},
                     {"resolve": {}}, {"resolve": {"labels": ["bob-cat"]}},
                     {"resolve": {"labels": ["alice-cat"]}}, {"advance": {"to": "end"}}])
COMET = ("Comet Storm", "comet")

FAULTS = [
    Fault("copy_of_spell_is_cast", "707.10",
          "a copy of a spell counts as cast: Chalice of the Void and \"whenever you cast\" "
          "abilities trigger for it",
          _copy_is_cast,
          case({"alice": {"hand": cards(("Burst Lightning", "bolt"), TWIN),
                          "mana": "{R}{R}{R}{R}{R}{U}{U}",
                          "battlefield": cards(("Hallar, the Firefletcher", "hallar"))}},
               [{"cast": {"card": "bolt", "kicks": 1, "targets": ["bob"], "pay": "{R}{R}{R}{R}{R}"}},
                {"cast": {"card": "twin", "targets": ["bolt"], "pay": "{U}{U}"}},
                {"pass_until_empty": {}}]),
          report=f"{MAGE}/issues/717"),
    Fault("copy_of_kicked_spell_kicks_again", "707.10",
          "a copy of a kicked spell counts as kicking a spell: \"whenever a player kicks a "
          "spell\" triggers for it",
          _copy_kicks_again,
          case({"alice": {"hand": cards(("Burst Lightning", "bolt"), TWIN),
                          "mana": "{R}{R}{R}{R}{R}{U}{U}",
                          "battlefield": cards(("Saproling Infestation", "infestation"))}},
               [{"cast": {"card": "bolt", "kicks": 1, "targets": ["bob"], "pay": "{R}{R}{R}{R}{R}"}},
                {"cast": {"card": "twin", "targets": ["bolt"], "pay": "{U}{U}"}},
                {"pass_until_empty": {}}])),
    Fault("copy_has_mana_value_zero", "707.10",
          "a copy of a spell has mana value 0 (its mana cost is not copied)",
          _copy_mana_value_zero,
          case({"alice": {"hand": cards(COMET, TWIN), "mana": "{R}{R}{R}{R}{U}{U}"}},
               [{"cast": {"card": "comet", "x": 2, "targets": ["bob"], "pay": "{R}{R}{R}{R}"}},
                {"cast": {"card": "twin", "targets": ["comet"], "pay": "{U}{U}"}}, {"resolve": {}}]),
          report=f"{MAGE}/issues/1761"),
    Fault("copy_has_x_zero", "707.10",
          "a copy of a spell with {X} has X = 0 instead of the X announced for the original",
          _copy_changes(x=0),
          case({"alice": {"hand": cards(COMET, TWIN), "mana": "{R}{R}{R}{R}{U}{U}"}},
               [{"cast": {"card": "comet", "x": 2, "targets": ["bob"], "pay": "{R}{R}{R}{R}"}},
                {"cast": {"card": "twin", "targets": ["comet"], "pay": "{U}{U}"}}, {"resolve": {}}]),
          report=f"{MAGE}/issues/11340"),
    Fault("copy_controlled_by_original_controller", "707.10",
          "a copy of a spell is controlled by the original spell's controller, not by the "
          "player who put it on the stack",
          _copy_controlled_by_original_controller,
          case({"alice": {"hand": cards(("Lightning Bolt", "lb")), "mana": "{R}"},
                "bob": {"hand": cards(TWIN), "mana": "{U}{U}"}},
               [{"cast": {"card": "lb", "targets": ["bob"], "pay": "{R}"}},
                {"cast": {"card": "twin", "by": "bob", "targets": ["lb"], "pay": "{U}{U}"}},
                {"resolve": {"choices": {"copy_targets": ["alice"]}}}]),
          report=f"{MAGE}/issues/1747"),
    Fault("copy_forgets_alternative_cost", "707.10",
          "a copy of a spell cast for an alternative cost (flashback) is not cast that way",
          _copy_changes(alternative=None),
          case({"alice": {"graveyard": cards(("Firebolt", "firebolt")), "hand": cards(TWIN),
                          "mana": "{R}{R}{R}{R}{R}{U}{U}"}},
               [{"cast": {"card": "firebolt", "alternative": "flashback", "targets": ["bob"],
                          "pay": "{R}{R}{R}{R}{R}"}},
                {"cast": {"card": "twin", "targets": ["firebolt"], "pay": "{U}{U}"}}, {"resolve": {}}])),
    Fault("copy_keeps_cast_from_graveyard", "707.10",
          "a copy of a spell cast from a graveyard counts as cast from a graveyard itself",
          _copy_keeps_cast_from,
          case({"alice": {"graveyard": cards(("Firebolt", "firebolt")), "hand": cards(TWIN),
                          "mana": "{R}{R}{R}{R}{R}{U}{U}"}},
               [{"cast": {"card": "firebolt", "alternative": "flashback", "targets": ["bob"],
                          "pay": "{R}{R}{R}{R}{R}"}},
                {"cast": {"card": "twin", "targets": ["firebolt"], "pay": "{U}{U}"}}, {"resolve": {}}]),
          report=f"{PHASE}/issues/3283"),
    Fault("delayed_trigger_of_a_copy_never_triggers", "603.7d",
          "the delayed triggered ability a copy of a spell creates never triggers once the copy "
          "has ceased to exist: its source is not found (Firecat Blitz copied: bob's Cat stays)",
          _delayed_trigger_needs_its_source, BLITZ_COPIED, report=f"{MAGE}/issues/1372"),
    Fault("delayed_trigger_controlled_by_its_sources_controller", "603.7d",
          "a delayed triggered ability is controlled by its source's current controller (the "
          "active player when the source is gone), not by the player who controlled the spell as "
          "it resolved",
          _delayed_trigger_controlled_by_source, BLITZ_COPIED, report=f"{FORGE}/pull/1290"),
]


# -- more faults of this area: claims no other fault dropped (issue #30) and the rules of the
# -- Wagic and XMage peer tests (spec/rules/peer-tests-*.yaml)


def _copy_keeps_its_targets(stack, run):
    """New targets chosen for a copy are ignored: the copy keeps the original's."""
    def make(copy_spell):
        def faulty(game, orig, controller, new_targets, colors):
            return copy_spell(game, orig, controller, None, colors)
        return faulty
    locate.patch(stack, "copy_spell", make)


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


def _copy_retargets_the_new_object(stack, run):
    """A copy that keeps its original's targets takes them as they are now, not as they were
    chosen: an object that left the battlefield and came back is the copy's target."""
    after_copy(stack, lambda game, orig, copy: setattr(copy, "stamps", game.stamp(copy.spell.targets)))


FAULTS += [
    Fault("copy_targets_the_returned_object", "707.10",
          "(designed) a copy takes the original's targets as they are when it is made: Twincast's copy of a "
          "Lightning Bolt whose target, Snapcaster Mage, was returned to its owner's hand and cast again deals 3 "
          "to the new Snapcaster",
          _copy_retargets_the_new_object,
          case({"alice": {"hand": cards(("Lightning Bolt", "bolt"), ("Twincast", "twin")), "mana": "{R}{U}{U}"},
                "bob": {"battlefield": cards(("Snapcaster Mage", "snap")), "hand": cards(("Unsummon", "u")),
                        "mana": "{U}{U}{C}"}},
               [{"cast": {"card": "bolt", "targets": ["snap"], "pay": "{R}"}},
                {"cast": {"card": "u", "by": "bob", "targets": ["snap"], "pay": "{U}"}}, {"resolve": {}},
                {"cast": {"card": "snap", "by": "bob", "pay": "{U}{C}"}},
                {"resolve": {"choices": {"trigger_targets": [{"source": "snap", "targets": ["u"]}]}}},
                {"resolve": {}}, {"cast": {"card": "twin", "targets": ["bolt"], "pay": "{U}{U}"}},
                {"resolve": {}}, {"resolve": {}}]),
          claims=("copies/a-copy-is-a-spell-owned-by-who-put-it-on-the-stack#copies-the-targets-as-chosen",)),
]


FAULTS += [
    Fault("copy_new_targets_ignored", "707.10c",
          "(designed) the new targets chosen for a copy are ignored: it keeps the original's targets",
          _copy_keeps_its_targets,
          case({"alice": {"hand": cards(("Lightning Bolt", "bolt"), ("Twincast", "tc")), "mana": "{R}{U}{U}"}},
               [{"cast": {"card": "bolt", "targets": ["bob"], "pay": "{R}"}},
                {"cast": {"card": "tc", "targets": ["bolt"], "pay": "{U}{U}"}},
                {"resolve": {"choices": {"copy_targets": ["alice"]}}}, {"resolve": {}}])),
    Fault("copy_for_each_includes_opponents_creatures", "707.10d",
          "(designed) \"copy that spell for each other creature you control that the spell could target\" "
          "(Zada, Hedron Grinder) also copies it for the opponents' creatures",
          _copies_for_opponents_creatures_too,
          case({"alice": {"battlefield": cards(("Zada, Hedron Grinder", "z")), "hand": cards(("Angelic Blessing", "b")),
                          "mana": "{W}{W}{W}"},
                "bob": {"battlefield": cards(("Silvercoat Lion", "l"))}},
               [{"cast": {"card": "b", "targets": ["z"], "pay": "{W}{W}{W}"}}, {"pass_until_empty": {}}])),
]


# ---- 707.10e: a copy whose new target the copying effect names (Ivy, Gleeful Spellthief) -----------

_NAMED = "copies/a-copy-with-the-target-the-effect-names#"


def _named_target_copy_made_anyway(stack, run):
    """The copy whose target the effect names is created even when that object isn't a legal
    target for the spell's "target" (707.10e says it isn't created): it goes on the stack,
    targeting the illegal object."""
    def make(_apply):
        def faulty(self, ctx):
            o, src = locate.obj("_event_spell")(ctx), ctx.source
            if o is None or src is None or not o.card.spell_targets or not ctx.choices.get("you_may", True):
                return
            targets = tuple((src.oid,) * len(group) for group in o.spell.targets)
            locate.obj("copy_spell")(ctx.game, o, ctx.controller, None, None, targets)
        return faulty
    wrap_attr(stack, locate.obj("CopyEventSpellTargetingSource"), "apply", make)


def _named_target_ignored(stack, run):
    """The copy keeps the original's targets: the new target the copying effect names is
    ignored (a copy made like any other, 707.10 without 707.10e)."""
    def make(_apply):
        def faulty(self, ctx):
            o = locate.obj("_event_spell")(ctx)
            if o is not None and ctx.choices.get("you_may", True):
                locate.obj("copy_spell")(ctx.game, o, ctx.controller, None, None)
        return faulty
    wrap_attr(stack, locate.obj("CopyEventSpellTargetingSource"), "apply", make)


_IVY = {"alice": {"battlefield": cards(("Ivy, Gleeful Spellthief", "ivy"), ("Centaur Courser", "courser"),
                                       ("Grizzly Bears", "bears")), "hand": cards(("Giant Growth", "growth")),
                  "mana": "{G}"},
        "bob": {"hand": cards(("Disembowel", "dis")), "mana": "{B}{C}{C}{C}"}}

FAULTS += [
    Fault("named_target_copy_made_anyway", "707.10e",
          "(designed) a copy whose new target the effect names is created even when that target is illegal: Ivy's "
          "copy of a Disembowel with X = 3 goes on the stack targeting Ivy, of mana value 2",
          _named_target_copy_made_anyway,
          case(_IVY, [{"cast": {"card": "dis", "by": "bob", "x": 3, "targets": ["courser"], "pay": "{B}{C}{C}{C}"}},
                      {"resolve": {"choices": {"you_may": True}}}]),
          claims=(_NAMED + "no-copy-when-the-named-target-is-illegal",)),
    Fault("named_target_ignored", "707.10e",
          "(designed) a copy whose new target the effect names keeps the original's target: Ivy's copy of alice's "
          "Giant Growth on her Grizzly Bears pumps the Bears again, not Ivy",
          _named_target_ignored,
          case(_IVY, [{"cast": {"card": "growth", "targets": ["bears"], "pay": "{G}"}},
                      {"resolve": {"choices": {"you_may": True}}}, {"pass_until_empty": {}}]),
          claims=(_NAMED + "the-copy-has-the-named-target",)),
]
