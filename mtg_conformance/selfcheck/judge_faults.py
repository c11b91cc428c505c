"""Faulty engines for the situations of published judge and rules Q&A
(spec/rules/judge-situations.yaml), and the claims of that file each fault drops (DROPS, merged
into claims.DROPS): the faults written for it here, and faults of other modules that its
scenarios are shown to reject. All are designed (no engine's bug report is reproduced).
"""

from __future__ import annotations

from unittest import mock

from . import locate
from .fault import Fault, cards, case

RIP = "judge/rest-in-peace-exiles-what-would-reach-a-graveyard#"
FURNACE = "judge/furnace-of-rath-doubles-each-share#"
SCALES = "judge/hardened-scales-counts-counters-a-creature-enters-with#"
TUSK = "judge/thragtusk-leaves-for-any-reason#"
HEX = "judge/hexproof-given-in-response-to-a-targeted-spell#"
CLONE = "judge/clone-copies-only-copiable-values#"
INDESTRUCTIBLE = "judge/indestructible-only-stops-destruction#"
PROTECTION = "judge/protection-stops-targets-and-damage-only#"
CONFLAGRATE = "judge/conflagrate-flashback-and-divided-damage#"
SNAPCASTER = "judge/snapcasters-flashback-waits-for-its-trigger#"
LOOK_BACK = "judge/a-copy-with-a-leaves-ability-looks-back#"
FOG = "judge/fog-prevents-combat-damage-only#"
COPY = "judge/a-copy-of-a-spell-is-not-cast#"


# ---------------------------------------------------------------- 707.3: a copy of a copy

def _printed_values(copiable_values):
    def faulty(game, target):
        return target.printed  # the card itself, not what its own copy effect made it
    return faulty


# ---------------------------------------------------------------- 603.10a: looking back

def _forget_copy_effects(remember_leaving):
    """The permanent that left is remembered as the card it is in its new zone: a copy effect
    that applied on the battlefield no longer gives it the copied leaves-the-battlefield
    abilities."""
    def faulty(self, o, zone, battlefield):
        remember_leaving(self, o, zone, battlefield)
        self.left[-1].lki.card = o.printed
    return faulty


# ---------------------------------------------------------------- 614.12, 122.6: entering

def _entering_counters_unreplaced(replace_entering):
    """The counters a permanent enters with are put on it directly, without the replacement
    effects that modify counters being put on a creature (Hardened Scales)."""
    def faulty(game, o, card, info, controller, choices):
        module = locate.module_of("put_counters")

        def raw(game, o, counter, n):
            if n > 0:
                o.counters[counter] = o.counters.get(counter, 0) + n
        with mock.patch.object(module, "put_counters", raw):
            return replace_entering(game, o, card, info, controller, choices)
    return faulty


# ---------------------------------------------------------------- 115.10: Clone doesn't target

def _clone_choice_targets(enter_battlefield):
    """Clone's "copy of any creature" is treated as a target: an opponent's creature with
    hexproof or shroud can't be chosen."""
    def faulty(game, o, info, controller, choices):
        label = choices.get("clone") if choices is not None else None
        if label is not None:
            target = next((x for x in game.objs.values() if x.label == label), None)
            has = locate.obj("has_keyword")
            if target is not None and target.zone == "battlefield" and (
                    has(target, "shroud", game)
                    or (has(target, "hexproof", game) and target.controller != controller)):
                raise locate.obj("IllegalAction")("115.10", f"{label} can't be the target of "
                                                            "the Clone's ability")
        return enter_battlefield(game, o, info, controller, choices)
    return faulty


# ---------------------------------------------------------------- 702.12b: only destruction

def _exile_spares_indestructible(apply):
    """An effect that exiles a permanent leaves an indestructible one where it is."""
    def faulty(self, ctx):
        has = locate.obj("has_keyword")
        targets = locate.obj("_objs")(ctx, self.what(ctx))
        for o in targets:
            if o.zone == "battlefield" and not has(o, "indestructible", ctx.game):
                ctx.game.move(o, "exile")
    return faulty


def _swap(name, make):
    def install(stack, run):
        locate.patch(stack, name, make)
    return install


def _method(class_name, attr, make):
    def install(stack, run):
        locate.patch_method(stack, class_name, attr, make)
    return install


FAULTS = [
    Fault("copy_of_a_copy_copies_the_printed_card", "707.3",
          "a permanent that copies a copy copies the printed card of the copy, not what the copy became: a "
          "Clone of a Clone of Grizzly Bears is a 0/0 Shapeshifter and dies (designed)",
          _swap("copiable_values", _printed_values),
          case({"alice": {"battlefield": cards(("Grizzly Bears", "bears")),
                          "hand": cards(("Clone", "c1"), ("Clone", "c2")),
                          "mana": "{U}{U}{C}{C}{C}{C}{C}{C}"}},
               [{"cast": {"card": "c1"}}, {"resolve": {"choices": {"clone": "bears"}}},
                {"cast": {"card": "c2"}}, {"resolve": {"choices": {"clone": "c1"}}}])),
    Fault("leaves_trigger_forgets_copy_effects", "603.10a",
          "a permanent that leaves the battlefield is looked back at as the card it now is, without the copy "
          "effect it had: a Clone of Thragtusk that dies gives no Beast (designed)",
          _method("Game", "_remember_leaving", _forget_copy_effects),
          case({"alice": {"hand": cards(("Clone", "clone"), ("Murder", "murder")),
                          "mana": "{U}{B}{B}{C}{C}{C}{C}"},
                "bob": {"battlefield": cards(("Thragtusk", "tusk"))}},
               [{"cast": {"card": "clone"}}, {"resolve": {"choices": {"clone": "tusk"}}}, {"resolve": {}},
                {"cast": {"card": "murder", "targets": ["clone"]}}, {"resolve": {}}])),
    Fault("entering_counters_not_replaced", "614.12",
          "the +1/+1 counters a creature enters with are put on it without the counter replacement effects: "
          "kicked Kavu Titan enters with three counters under Hardened Scales (designed)",
          _swap("_replace_entering", _entering_counters_unreplaced),
          case({"alice": {"battlefield": cards(("Hardened Scales", "scales")),
                          "hand": cards(("Kavu Titan", "kavu")), "mana": "{G}{G}{C}{C}{C}"}},
               [{"cast": {"card": "kavu", "kicks": 1}}, {"resolve": {}}])),
    Fault("clone_choice_targets", "115.10",
          "Clone's choice of a creature to copy is treated as a target: an opponent's creature with hexproof "
          "can't be copied (designed)",
          _swap("enter_battlefield", _clone_choice_targets),
          case({"alice": {"hand": cards(("Clone", "clone")), "mana": "{U}{C}{C}{C}"},
                "bob": {"battlefield": cards(("Invisible Stalker", "stalker"))}},
               [{"cast": {"card": "clone"}}, {"resolve": {"choices": {"clone": "stalker"}}}])),
    Fault("exile_spares_indestructible", "702.12b",
          "an effect that exiles a permanent doesn't move an indestructible one: Swords to Plowshares leaves "
          "Darksteel Myr on the battlefield (designed)",
          _method("Exile", "apply", _exile_spares_indestructible),
          case({"alice": {"hand": cards(("Swords to Plowshares", "swords")), "mana": "{W}"},
                "bob": {"battlefield": cards(("Darksteel Myr", "myr"))}},
               [{"cast": {"card": "swords", "targets": ["myr"]}}, {"resolve": {}}])),
]

# The claims of spec/rules/judge-situations.yaml each fault drops; selfcheck runs the claim's
# pinning scenarios against the fault and requires one of them to reject it. The faults of
# other modules listed here are rejected by these scenarios as well as by their own.
DROPS: dict[str, tuple[str, ...]] = {
    "exiled_instead_still_dies": (RIP + "nothing-reaches-a-graveyard",),
    "graveyard_replacement_only_for_permanents": (RIP + "nothing-reaches-a-graveyard",),
    "same_replacement_effect_counts_once": (FURNACE + "two-furnaces-quadruple",),
    "one_replacement_per_event": (FURNACE + "two-furnaces-quadruple", SCALES + "each-scales-adds-one"),
    "replacement_reapplied_to_the_modified_event": (FURNACE + "divided-first",),
    "lifelink_ignored": (FURNACE + "original-source",),
    "entering_counters_not_replaced": (SCALES + "entering-counts",),
    "counter_replacement_applies_twice": (SCALES + "each-scales-adds-one",),
    "leaves_trigger_only_on_death": (TUSK + "bounce-is-leaving",),
    "illegal_targets_still_affected": (HEX + "the-other-target-is-affected",),
    "gained_hexproof_not_rechecked": (HEX + "the-other-target-is-affected", HEX + "every-target-illegal"),
    "resolves_with_only_illegal_targets": (HEX + "every-target-illegal",),
    "hexproof_stops_its_controller": (HEX + "its-controller-may-target",),
    "copy_takes_counters_into_power": (CLONE + "not-other-effects",),
    "copy_without_abilities": (CLONE + "enters-abilities-trigger",),
    "copy_of_a_copy_copies_the_printed_card": (CLONE + "copy-of-a-copy",),
    "clone_choice_targets": (CLONE + "does-not-target",),
    "indestructible_is_destroyed": (INDESTRUCTIBLE + "destroy-effects",),
    "indestructible_dies_to_lethal_damage": (INDESTRUCTIBLE + "lethal-damage",),
    "indestructible_survives_zero_toughness": (INDESTRUCTIBLE + "zero-toughness",),
    "exile_spares_indestructible": (INDESTRUCTIBLE + "exile",),
    "protection_ignored_by_spells": (PROTECTION + "no-white-target",),
    "protection_stops_non_targeting_effects": (PROTECTION + "not-targeted-not-damage",),
    "protection_prevents_only_combat_damage": (PROTECTION + "red-damage-prevented",),
    "illegal_targets_share_dealt_to_another": (CONFLAGRATE + "shares-not-dealt",),
    "flashback_x_is_zero_in_mana_value": (CONFLAGRATE + "x-counts-with-flashback",),
    "x_is_zero_on_the_stack": (CONFLAGRATE + "x-counts-with-flashback",),
    "flashback_sorcery_at_instant_speed": (CONFLAGRATE + "sorcery-timing",),
    "countered_flashback_spell_to_graveyard": (CONFLAGRATE + "exiled-either-way",),
    "resolved_flashback_spell_to_graveyard": (CONFLAGRATE + "exiled-either-way",),
    "trigger_resolves_as_it_triggers": (SNAPCASTER + "no-flashback-before-resolution",),
    "granted_flashback_spell_not_exiled": (SNAPCASTER + "no-flashback-before-resolution",),
    "fizzled_spell_exiled": (SNAPCASTER + "checked-again-on-resolution",),
    "leaves_trigger_forgets_copy_effects": (LOOK_BACK + "looks-back",),
    "fog_spares_creatures": (FOG + "both-ways",),
    "fog_locked_in_as_it_resolves": (FOG + "both-ways",),
    "fog_prevents_all_damage": (FOG + "noncombat-dealt",),
    "copy_of_spell_is_cast": (COPY + "not-cast",),
    "copy_of_kicked_spell_unkicked": (COPY + "kicked-copy",),
    "copy_has_x_zero": (COPY + "same-x",),
}
