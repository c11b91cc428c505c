"""Faulty engines that get flashback (702.34a) and its timing wrong."""

from __future__ import annotations

from unittest import mock

from reference_impl.rules import actions as ref_actions
from reference_impl.rules.actions import Event, emit
from reference_impl.state.game import IllegalAction

from .fault import Fault, cards, case
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


FAULTS = [
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
