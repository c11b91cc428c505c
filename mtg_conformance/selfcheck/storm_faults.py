"""Faulty engines for storm (702.40a): "When you cast this spell, copy it for each other spell that was
cast before it this turn." Each drops a claim of spec/rules/storm.yaml: they count the wrong spells
(only its controller's, itself too, an earlier turn's, copies, spells cast after it, none). Two are
modelled on real reports (magefree/mage#5578, phase-rs/phase#1679), the others designed. They patch the
reference engine's count (reference_impl/effects/stack.py spells_cast_before), its copying
(rules/resolution.py copy_spell) and its new turn (rules/turn.py _new_turn) by name."""

from __future__ import annotations

from . import locate
from .fault import Fault, cards, case

STORM = "storm/copy-it-for-each-spell-cast-before-it#"


def _only_its_controllers(stack, run):
    """Storm counts only the spells its controller cast ("spells you cast this turn")."""
    def make(original):
        def faulty(game, oid):
            cast = game.spells_cast
            i = original(game, oid)
            me = cast[i][1] if i < len(cast) else None
            return sum(1 for _, who in cast[:i] if who == me)
        return faulty
    locate.patch(stack, "spells_cast_before", make)


def _copies_nothing(stack, run):
    """Storm's count comes out 0 whatever was cast before it: the trigger copies the spell for no spell."""
    locate.patch(stack, "spells_cast_before", lambda original: lambda game, oid: 0)


def _counts_itself(stack, run):
    """Storm counts the storm spell too (every spell cast this turn up to and including it)."""
    locate.patch(stack, "spells_cast_before", lambda original: lambda game, oid: original(game, oid) + 1)


def _counts_at_resolution(stack, run):
    """Storm counts, as its trigger resolves, every other spell cast this turn, those cast after it included."""
    locate.patch(stack, "spells_cast_before", lambda original: lambda game, oid: max(0, len(game.spells_cast) - 1))


def _never_resets(stack, run):
    """The record of spells cast is never cleared at a new turn: storm counts earlier turns' spells."""
    def make(original):
        def faulty(game):
            kept = game.spells_cast
            original(game)
            game.spells_cast = kept
        return faulty
    locate.patch(stack, "_new_turn", make)


def _copies_counted(stack, run):
    """A copy of a spell is recorded as a spell cast (as if copying cast it)."""
    def make(original):
        def faulty(game, orig, *args, **kwargs):
            before = set(game.stack)
            out = original(game, orig, *args, **kwargs)
            for oid in game.stack:
                if oid not in before and isinstance(oid, int):
                    game.spells_cast = game.spells_cast + ((oid, game.objs[oid].controller),)
            return out
        return faulty
    locate.patch(stack, "copy_spell", make)


BOTH_PLAYERS = case(
    {"alice": {"hand": cards(("Lightning Bolt", "bolt"), ("Grapeshot", "grapeshot")), "mana": "{R}{R}{R}"},
     "bob": {"hand": cards(("Shock", "shock")), "mana": "{R}"}},
    [{"cast": {"card": "bolt", "targets": ["bob"], "pay": "{R}"}},
     {"cast": {"card": "shock", "by": "bob", "targets": ["alice"], "pay": "{R}"}},
     {"pass_until_empty": {}},
     {"cast": {"card": "grapeshot", "targets": ["bob"], "pay": "{R}{R}"}},
     {"pass_until_empty": {}}])

IN_RESPONSE = case(
    {"alice": {"hand": cards(("Shock", "shock"), ("Grapeshot", "grapeshot")), "mana": "{R}{R}{R}"},
     "bob": {"hand": cards(("Shock", "shock2")), "mana": "{R}"}},
    [{"cast": {"card": "shock", "targets": ["bob"], "pay": "{R}"}},
     {"resolve": {}},
     {"cast": {"card": "grapeshot", "targets": ["bob"], "pay": "{R}{R}"}},
     {"cast": {"card": "shock2", "by": "bob", "targets": ["alice"], "pay": "{R}"}},
     {"pass_until_empty": {}}])

PREVIOUS_TURN = case(
    {"alice": {"hand": cards(("Lightning Bolt", "bolt"), ("Shock", "shock"), ("Grapeshot", "grapeshot")),
               "library": cards(("Mountain", "m1")),
               "battlefield": cards(("Mountain", "m2"), ("Mountain", "m3"), ("Mountain", "m4")), "mana": "{R}"}},
    [{"cast": {"card": "bolt", "targets": ["bob"], "pay": "{R}"}},
     {"resolve": {}},
     {"advance": {"to": "main1", "turn": "next"}},
     {"tap_for_mana": {"permanents": ["m2", "m3", "m4"]}},
     {"cast": {"card": "shock", "targets": ["bob"], "pay": "{R}"}},
     {"resolve": {}},
     {"cast": {"card": "grapeshot", "targets": ["bob"], "pay": "{R}{R}"}},
     {"pass_until_empty": {}}],
    turn={"active": "bob", "step": "end"})

TWINCAST = case(
    {"alice": {"hand": cards(("Lightning Bolt", "bolt"), ("Twincast", "twincast"), ("Grapeshot", "grapeshot")),
               "mana": "{R}{R}{R}{U}{U}"}},
    [{"cast": {"card": "bolt", "targets": ["bob"], "pay": "{R}"}},
     {"cast": {"card": "twincast", "targets": ["bolt"], "pay": "{U}{U}"}},
     {"pass_until_empty": {}},
     {"cast": {"card": "grapeshot", "targets": ["bob"], "pay": "{R}{R}"}},
     {"pass_until_empty": {}}])

FAULTS = [
    Fault("storm_counts_only_its_controllers_spells", "702.40a",
          "(designed) storm counts only the spells its controller cast this turn, not the opponent's",
          _only_its_controllers, BOTH_PLAYERS, claims=(STORM + "every-players-spells",)),
    Fault("storm_counts_itself", "702.40a",
          "(designed) storm counts the storm spell itself: one copy too many",
          _counts_itself, BOTH_PLAYERS, claims=(STORM + "other-spell",)),
    Fault("storm_counts_spells_cast_after_it", "702.40a",
          "storm counts, as its trigger resolves, every other spell cast this turn, those cast in response to it "
          "included (XMage: Thousand-Year Storm's \"before it this turn\" counted the spells cast before its "
          "trigger resolved)",
          _counts_at_resolution, IN_RESPONSE, claims=(STORM + "before-it",),
          report="https://github.com/magefree/mage/issues/5578"),
    Fault("storm_copies_nothing", "702.40a",
          "storm's copy count resolves to 0 whatever was cast before it (phase.rs: Chatterstorm made one Squirrel "
          "after two spells that turn)",
          _copies_nothing, BOTH_PLAYERS, claims=(STORM + "every-players-spells",),
          report="https://github.com/phase-rs/phase/issues/1679"),
    Fault("storm_counts_earlier_turns", "702.40a",
          "(designed) the spells cast are never forgotten at a new turn: storm counts an earlier turn's spells",
          _never_resets, PREVIOUS_TURN, claims=(STORM + "this-turn",)),
    Fault("storm_counts_copies", "707.10",
          "(designed) a copy of a spell counts as a spell cast (Twincast's copy of Lightning Bolt adds a storm copy)",
          _copies_counted, TWINCAST, claims=(STORM + "cast-not-copied",)),
]
