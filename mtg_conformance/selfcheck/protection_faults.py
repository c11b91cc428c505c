"""Faulty engines for protection (702.16) and prevention effects (615).

Each drops one restrictive word of its rule (spec/rules/protection.yaml, spec/rules/prevention.yaml,
`claims`): which spells, abilities, blockers and damage sources protection stops, whose, and only
by targeting; how much a shield prevents, for whom and how long; which damage "prevent all combat
damage" prevents; what prevented damage doesn't do; damage that can't be prevented.

The faults of this rule area, protection (702.16) and damage prevention (615): the designed ones
first (`DESIGNED`), then those modelled on real engines' bug reports (`REPORTED`; each
`report` names its report).
"""

from __future__ import annotations

import re
from dataclasses import replace
from unittest import mock

from reference_impl.state.characteristics import source_has_keyword

from . import locate
from .fault import Fault, cards, case
from .patching import wrap_attr

PALADIN = ("Paladin en-Vec", "paladin")
SEEKER = ("Glory Seeker", "seeker")
AETHERBORN = ("Gifted Aetherborn", "aetherborn")


# ---------------------------------------------------------------- shared patches

def protection_check(where: str, rule):
    """Replace protected_from(o, source, game) where the module defining `where` uses it
    (`_may_target_permanent`: targets; `declare_blockers`: blocks; `prevent`: damage):
    `rule(original, o, source, game)` decides instead."""
    def install(stack, run):
        module = locate.module_of(where)
        original = vars(module)["protected_from"]
        stack.enter_context(mock.patch.object(
            module, "protected_from", lambda o, source, game: rule(original, o, source, game)))
    return install


def prevention(rule):
    """Replace the engine's prevent(game, source, ref, amount): `rule(original, game, source,
    ref, amount)` answers the damage left instead."""
    def install(stack, run):
        locate.patch(stack, "prevent", lambda original: lambda game, source, ref, amount:
                     rule(original, game, source, ref, amount))
    return install


def _without(game, entry, call):
    """`call()` with the prevention effect `entry` out of the game, then put back if still due."""
    had = entry in game.prevention
    if had:
        game.prevention = tuple(e for e in game.prevention if e != entry)
    try:
        return call()
    finally:
        if had and entry not in game.prevention:
            game.prevention += (entry,)


def _without_protection(original, game, source, ref, amount):
    module = locate.module_of("prevent")
    with mock.patch.object(module, "protected_from", lambda o, s, g: False):
        return original(game, source, ref, amount)


# ---------------------------------------------------------------- protection (702.16)

def _every_spell(original, o, source, game):
    if source is not None and source.zone == "stack" and locate.obj("qualities")(o, game):
        return True  # any spell at all, whatever its colors
    return original(o, source, game)


def _multicolored_passes(original, o, source, game):
    if source is not None and source.zone == "stack" and len(source.colors()) > 1:
        return False  # a spell is "of the quality" only when that is its one color
    return original(o, source, game)


def _every_ability(original, o, source, game):
    if source is not None and source.zone != "stack" and locate.obj("qualities")(o, game):
        return True  # any ability at all, whatever its source's colors
    return original(o, source, game)


def _only_opponents(stack, run):
    """Protection read as hexproof: its controller's spells and abilities target it freely."""
    module = locate.module_of("_may_target_permanent")

    def make(original):
        def faulty(o, game, controller, source_oid, from_oid):
            if o.controller == controller:
                with mock.patch.object(module, "protected_from", lambda *a: False):
                    return original(o, game, controller, source_oid, from_oid)
            return original(o, game, controller, source_oid, from_oid)
        return faulty
    locate.patch(stack, "_may_target_permanent", make)


def _non_targeting_skips_protected(stack, run):
    """"Creatures target player controls" and other non-targeting sets leave out the creatures
    with protection from the effect's source."""
    protected_from = locate.obj("protected_from")

    def make(call):
        def faulty(self, ctx):
            game = ctx.game
            return [oid for oid in call(self, ctx)
                    if not (oid in game.objs and protected_from(game.objs[oid], ctx.source, game))]
        return faulty
    locate.patch_method(stack, "Matching", "__call__", make)


def _any_source(original, game, source, ref, amount):
    if not game.unpreventable and not isinstance(ref, str):
        o = game.objs.get(ref)
        if o is not None and o.zone == "battlefield" and locate.obj("qualities")(o, game):
            return 0  # protection prevents every source's damage
    return original(game, source, ref, amount)


def results_of_prevented_damage(lifelink: bool, deathtouch: bool, triggers: bool = False):
    """Prevented damage still has some of damage's results: lifelink gains its controller the
    prevented amount, deathtouch destroys the creature (as 704.5h does), "whenever ... deals
    damage" abilities trigger."""
    def install(stack, run):
        actions = locate.module_of("deal_damage")
        prevent = locate.obj("prevent")

        def make(deal):
            def faulty(game, source, ref, amount, selfs=()):
                if amount <= 0:
                    return deal(game, source, ref, amount, selfs)
                left = prevent(game, source, ref, amount)
                prevented = amount - left
                if prevented > 0 and source is not None:
                    if lifelink and source_has_keyword(source, "lifelink", game):
                        game.players[source.controller].life += prevented
                    if deathtouch and not isinstance(ref, str) and source_has_keyword(source, "deathtouch", game):
                        actions.destroy(game, game.objs[ref])  # as 704.5h would
                    if triggers and left <= 0:
                        actions._damage_dealt(game, source, prevented, ref)
                with mock.patch.object(actions, "prevent", lambda g, s, r, a: a):
                    return deal(game, source, ref, left, selfs)
            return faulty
        locate.patch(stack, "deal_damage", make)
    return install


def _type_qualities_ignored(stack, run):
    """Only colors are qualities: "protection from creatures" protects from nothing."""
    module = locate.module_of("protected_from")
    original = locate.obj("has_quality")
    colors = vars(module)["COLOR_OF"]
    stack.enter_context(mock.patch.object(
        module, "has_quality", lambda source, q: q in colors and original(source, q)))


def _protected_blocker(original, o, source, game):
    return original(o, source, game) or original(source, o, game)  # either creature's protection


# ---------------------------------------------------------------- prevention (615)

def _shield_for(game, ref):
    return [e for e in game.prevention if e[0] == "shield" and e[1] == ref]


def _shield_never_runs_out(original, game, source, ref, amount):
    before = game.prevention
    if game.unpreventable or not _shield_for(game, ref):
        return original(game, source, ref, amount)
    original(game, source, ref, amount)
    game.prevention = before  # the shield prevents everything and is never reduced
    return 0


def _shield_gone_after_one_event(original, game, source, ref, amount):
    used = not game.unpreventable and _shield_for(game, ref)
    left = original(game, source, ref, amount)
    if used:  # one damage event uses the whole shield, however little it prevented
        game.prevention = tuple(e for e in game.prevention if not (e[0] == "shield" and e[1] == ref))
    return left


def _player_shield_covers_permanents(original, game, source, ref, amount):
    if not isinstance(ref, str):
        o = game.objs.get(ref)
        if o is not None and o.zone == "battlefield" and _shield_for(game, o.controller):
            return original(game, source, o.controller, amount)  # the player's shield takes it
    return original(game, source, ref, amount)


def _shields_outlast_the_turn(stack, run):
    def make(cleanup):
        def faulty(game, choices):
            kept = tuple(e for e in game.prevention if e[0] == "shield")
            cleanup(game, choices)
            game.prevention = game.prevention + tuple(e for e in kept if e not in game.prevention)
        return faulty
    locate.patch(stack, "_cleanup", make)


def _fog_spares_creatures(original, game, source, ref, amount):
    if game.combat_damage and not isinstance(ref, str):
        return _without(game, ("combat",), lambda: original(game, source, ref, amount))
    return original(game, source, ref, amount)


def _fog_locked_in(stack, run):
    """"Prevent all combat damage" applies only to the creatures in combat as it resolved."""
    seen: set = set()

    def make_apply(apply):
        def faulty(self, ctx):
            game = ctx.game
            seen.update(oid for oid, _ in game.attackers + game.blockers)
            return apply(self, ctx)
        return faulty

    def rule(original, game, source, ref, amount):
        if game.combat_damage and source is not None and source.oid not in seen:
            return _without(game, ("combat",), lambda: original(game, source, ref, amount))
        return original(game, source, ref, amount)
    locate.patch_method(stack, "PreventCombatDamageThisTurn", "apply", make_apply)
    prevention(rule)(stack, run)


def _fog_prevents_all_damage(original, game, source, ref, amount):
    if not game.unpreventable and ("combat",) in game.prevention:
        return 0
    return original(game, source, ref, amount)


def _unpreventable_uses_shields(original, game, source, ref, amount):
    if game.unpreventable:
        game.unpreventable = False
        try:
            original(game, source, ref, amount)  # the shields are used up...
        finally:
            game.unpreventable = True
        return amount  # ...though the damage is dealt
    return original(game, source, ref, amount)


def _unpreventable_always(stack, run):
    def make(apply):
        def faulty(self, ctx):
            return apply(replace(self, condition=lambda ctx: True), ctx)
        return faulty
    locate.patch_method(stack, "CantBePrevented", "apply", make)


DESIGNED = [
    Fault("protection_stops_every_spell", "702.16b",
          "protection stops every spell from targeting the permanent, not only spells with its quality (designed)",
          protection_check("_may_target_permanent", _every_spell),
          case({"alice": {"hand": cards(("Unsummon", "unsummon")), "mana": "{U}"},
                "bob": {"battlefield": cards(PALADIN)}},
               [{"cast": {"card": "unsummon", "targets": ["paladin"]}}, {"resolve": {}}])),
    Fault("protection_misses_multicolored_spells", "702.16b",
          "a multicolored spell is not a spell 'with' a quality it has among others: Terminate targets a "
          "creature with protection from red (designed)",
          protection_check("_may_target_permanent", _multicolored_passes),
          case({"alice": {"hand": cards(("Terminate", "terminate")), "mana": "{B}{R}"},
                "bob": {"battlefield": cards(("Crimson Acolyte", "acolyte"))}},
               [{"cast": {"card": "terminate", "targets": ["acolyte"]}}])),
    Fault("protection_stops_only_opponents", "702.16b",
          "protection read as hexproof: the permanent's controller targets it with spells and abilities of "
          "its quality (designed)",
          _only_opponents,
          case({"alice": {"battlefield": cards(PALADIN), "hand": cards(("Shock", "shock")), "mana": "{R}"}},
               [{"cast": {"card": "shock", "targets": ["paladin"]}}, {"resolve": {}}])),
    Fault("protection_stops_every_ability", "702.16b",
          "protection stops abilities from any source, not only from sources with its quality (designed)",
          protection_check("_may_target_permanent", _every_ability),
          case({"alice": {"battlefield": cards(PALADIN, ("Sylvan Safekeeper", "keeper"), ("Forest", "forest"))}},
               [{"activate": {"card": "keeper", "targets": ["paladin"], "choices": {"sacrifice_cost": ["forest"]}}}])),
    Fault("protection_stops_non_targeting_effects", "702.16b",
          "an effect that doesn't target (creatures target player controls get -2/-2) passes over creatures "
          "with protection from its source's quality (designed)",
          _non_targeting_skips_protected,
          case({"alice": {"hand": cards(("Marsh Casualties", "casualties")), "mana": "{B}{B}{C}{C}{C}"},
                "bob": {"battlefield": cards(PALADIN)}},
               [{"cast": {"card": "casualties", "kicks": 1, "targets": ["bob"]}}, {"resolve": {}}])),
    Fault("protection_prevents_damage_from_every_source", "702.16e",
          "protection prevents damage from every source, not only from sources with its quality (designed)",
          prevention(_any_source),
          case({"alice": {"battlefield": cards(("Centaur Courser", "courser"))},
                "bob": {"battlefield": cards(PALADIN)}},
               [{"declare_attackers": {"attackers": [{"card": "courser"}]}},
                {"declare_blockers": {"blockers": [{"card": "paladin", "blocks": "courser"}]}},
                {"advance": {"to": "end_of_combat"}}])),
    Fault("prevented_damage_still_lifelinks", "615.6",
          "damage prevented (by protection or a prevention effect) still gains a lifelink source's controller "
          "that much life (designed)",
          results_of_prevented_damage(lifelink=True, deathtouch=False),
          case({"alice": {"battlefield": cards(AETHERBORN)}, "bob": {"battlefield": cards(PALADIN)}},
               [{"declare_attackers": {"attackers": [{"card": "aetherborn"}]}},
                {"declare_blockers": {"blockers": [{"card": "paladin", "blocks": "aetherborn"}]}},
                {"advance": {"to": "end_of_combat"}}])),
    Fault("prevented_damage_still_deathtouches", "615.6",
          "damage prevented (by protection or a prevention effect) from a deathtouch source still destroys the "
          "creature (designed)",
          results_of_prevented_damage(lifelink=False, deathtouch=True),
          case({"alice": {"battlefield": cards(AETHERBORN)}, "bob": {"battlefield": cards(PALADIN)}},
               [{"declare_attackers": {"attackers": [{"card": "aetherborn"}]}},
                {"declare_blockers": {"blockers": [{"card": "paladin", "blocks": "aetherborn"}]}},
                {"advance": {"to": "end_of_combat"}}])),
    Fault("prevented_damage_still_triggers", "615.6",
          "(designed) combat damage a prevention effect prevented completely still triggers \"whenever enchanted "
          "creature deals damage\" (phase.rs 0.103.0 does this for Spirit Link under Fog)",
          results_of_prevented_damage(lifelink=False, deathtouch=False, triggers=True),
          case({"alice": {"battlefield": cards(("Grizzly Bears", "bears")), "hand": cards(("Spirit Link", "link")),
                          "mana": "{W}"},
                "bob": {"battlefield": cards(("Forest", "forest")), "hand": cards(("Fog", "fog"))}},
               [{"cast": {"card": "link", "targets": ["bears"], "pay": "{W}"}}, {"resolve": {}},
                {"declare_attackers": {"attackers": [{"card": "bears"}]}},
                {"tap_for_mana": {"permanents": ["forest"]}}, {"cast": {"card": "fog", "by": "bob", "pay": "{G}"}},
                {"resolve": {}}, {"advance": {"to": "combat_damage"}}]),
          claims=("prevention/prevented-damage-never-happens#no-lifelink-no-deathtouch",)),
    Fault("protection_doesnt_restrict_blockers", "702.16f",
          "creatures with the quality block a creature with protection (designed)",
          protection_check("declare_blockers", lambda original, o, source, game: False),
          case({"alice": {"battlefield": cards(PALADIN)}, "bob": {"battlefield": cards(("Hill Giant", "giant"))}},
               [{"declare_attackers": {"attackers": [{"card": "paladin"}]}},
                {"declare_blockers": {"blockers": [{"card": "giant", "blocks": "paladin"}]}}])),
    Fault("protection_from_a_card_type_ignored", "702.16a",
          "only colors count as qualities: protection from creatures protects from nothing (designed)",
          _type_qualities_ignored,
          case({"alice": {"battlefield": cards(("Beloved Chaplain", "chaplain"))},
                "bob": {"battlefield": cards(SEEKER)}},
               [{"declare_attackers": {"attackers": [{"card": "chaplain"}]}},
                {"declare_blockers": {"blockers": [{"card": "seeker", "blocks": "chaplain"}]}}])),
    Fault("protected_creature_cant_block", "702.16f",
          "a creature with protection can't block a creature with the quality, as if protection stopped its "
          "blocks too (designed)",
          protection_check("declare_blockers", _protected_blocker),
          case({"alice": {"battlefield": cards(("Hill Giant", "giant"))}, "bob": {"battlefield": cards(PALADIN)}},
               [{"declare_attackers": {"attackers": [{"card": "giant"}]}},
                {"declare_blockers": {"blockers": [{"card": "paladin", "blocks": "giant"}]}}])),
    Fault("shield_never_runs_out", "615.7",
          "a shield prevents all damage to its target this turn, never reduced by what it prevents (designed)",
          prevention(_shield_never_runs_out),
          case({"alice": {"hand": cards(("Mending Hands", "hands"), ("Lightning Bolt", "bolt"), ("Shock", "shock")),
                          "mana": "{W}{R}{R}"}, "bob": {"battlefield": cards(SEEKER)}},
               [{"cast": {"card": "hands", "targets": ["seeker"], "pay": "{W}"}}, {"resolve": {}},
                {"cast": {"card": "shock", "targets": ["seeker"], "pay": "{R}"}}, {"resolve": {}},
                {"cast": {"card": "bolt", "targets": ["seeker"], "pay": "{R}"}}, {"resolve": {}}])),
    Fault("shield_gone_after_one_event", "615.7",
          "a shield is used up by the first damage event it applies to, however little it prevented (designed)",
          prevention(_shield_gone_after_one_event),
          case({"alice": {"hand": cards(("Mending Hands", "hands"), ("Lightning Bolt", "bolt"), ("Shock", "shock")),
                          "mana": "{W}{R}{R}"}, "bob": {"battlefield": cards(SEEKER)}},
               [{"cast": {"card": "hands", "targets": ["seeker"], "pay": "{W}"}}, {"resolve": {}},
                {"cast": {"card": "shock", "targets": ["seeker"], "pay": "{R}"}}, {"resolve": {}},
                {"cast": {"card": "bolt", "targets": ["seeker"], "pay": "{R}"}}, {"resolve": {}}])),
    Fault("player_shield_covers_their_permanents", "615.7",
          "a shield on a player also prevents damage to the permanents that player controls (designed)",
          prevention(_player_shield_covers_permanents),
          case({"alice": {"hand": cards(("Mending Hands", "hands"), ("Shock", "shock")), "mana": "{W}{R}"},
                "bob": {"battlefield": cards(SEEKER)}},
               [{"cast": {"card": "hands", "targets": ["bob"], "pay": "{W}"}}, {"resolve": {}},
                {"cast": {"card": "shock", "targets": ["seeker"], "pay": "{R}"}}, {"resolve": {}}])),
    Fault("shields_outlast_the_turn", "615.7",
          "a shield 'this turn' doesn't end in the cleanup step: it still prevents damage next turn (designed)",
          _shields_outlast_the_turn,
          case({"alice": {"hand": cards(("Mending Hands", "hands"), ("Shock", "shock")), "mana": "{W}",
                          "battlefield": cards(("Mountain", "mountain"))},
                "bob": {"battlefield": cards(SEEKER), "library": cards(("Forest", "draw"))}},
               [{"cast": {"card": "hands", "targets": ["seeker"], "pay": "{W}"}}, {"resolve": {}},
                {"advance": {"turn": "next", "to": "main1"}}, {"tap_for_mana": {"permanents": ["mountain"]}},
                {"cast": {"card": "shock", "by": "alice", "targets": ["seeker"], "pay": "{R}"}}, {"resolve": {}}])),
    Fault("fog_spares_creatures", "615.1",
          "'prevent all combat damage' prevents only combat damage to players: creatures in combat are still "
          "dealt theirs (designed)",
          prevention(_fog_spares_creatures),
          case({"alice": {"battlefield": cards(("Hill Giant", "giant"))},
                "bob": {"battlefield": cards(SEEKER), "hand": cards(("Fog", "fog")), "mana": "{G}"}},
               [{"cast": {"card": "fog", "by": "bob"}}, {"resolve": {}},
                {"declare_attackers": {"attackers": [{"card": "giant"}]}},
                {"declare_blockers": {"blockers": [{"card": "seeker", "blocks": "giant"}]}},
                {"advance": {"to": "combat_damage"}}])),
    Fault("fog_locked_in_as_it_resolves", "615.1",
          "'prevent all combat damage' applies only to the creatures in combat as it resolved, not to "
          "creatures that attack later in the turn (designed)",
          _fog_locked_in,
          case({"alice": {"battlefield": cards(("Grizzly Bears", "bears"))},
                "bob": {"hand": cards(("Fog", "fog")), "mana": "{G}"}},
               [{"cast": {"card": "fog", "by": "bob"}}, {"resolve": {}},
                {"declare_attackers": {"attackers": [{"card": "bears"}]}}, {"advance": {"to": "combat_damage"}}])),
    Fault("fog_prevents_all_damage", "615.1",
          "'prevent all combat damage' prevents noncombat damage too (designed)",
          prevention(_fog_prevents_all_damage),
          case({"alice": {"hand": cards(("Shock", "shock")), "mana": "{R}"},
                "bob": {"hand": cards(("Fog", "fog")), "mana": "{G}"}},
               [{"cast": {"card": "fog", "by": "bob"}}, {"resolve": {}},
                {"cast": {"card": "shock", "targets": ["bob"]}}, {"resolve": {}}])),
    Fault("unpreventable_damage_uses_up_shields", "615.12",
          "damage that can't be prevented is dealt but still reduces the shields it meets (designed)",
          prevention(_unpreventable_uses_shields),
          case({"alice": {"hand": cards(("Mending Hands", "hands"), ("Urza's Rage", "rage"), ("Shock", "shock")),
                          "mana": "{W}{R}{R}{R}" + "{C}" * 10}},
               [{"cast": {"card": "hands", "targets": ["bob"], "pay": "{W}"}}, {"resolve": {}},
                {"cast": {"card": "rage", "kicks": 1, "targets": ["bob"], "pay": "{R}{R}" + "{C}" * 10}},
                {"resolve": {}}, {"cast": {"card": "shock", "targets": ["bob"], "pay": "{R}"}}, {"resolve": {}}])),
    Fault("cant_be_prevented_whatever_the_condition", "615.12",
          "'the damage can't be prevented' of a kicked spell applies unkicked too (designed)",
          _unpreventable_always,
          case({"alice": {"hand": cards(("Mending Hands", "hands"), ("Urza's Rage", "rage")), "mana": "{W}{R}{C}{C}"}},
               [{"cast": {"card": "hands", "targets": ["bob"], "pay": "{W}"}}, {"resolve": {}},
                {"cast": {"card": "rage", "targets": ["bob"], "pay": "{R}{C}{C}"}}, {"resolve": {}}])),
]


# ---------------------------------------------------------------- modelled on real bug reports

MAGE = "https://github.com/magefree/mage"
PHASE = "https://github.com/phase-rs/phase"
SYMBOL = re.compile(r"\{([WUBRG])\}")


def _spells_ignore_protection(original, o, source, game):
    if source is not None and source.zone == "stack":
        return False  # only abilities look at protection when choosing targets
    return original(o, source, game)


def _protection_not_rechecked(stack, run):
    """As the spell or ability resolves, its targets are checked for zone and characteristics but
    not against the protection they gained since they were chosen."""
    module = locate.module_of("_may_target_permanent")

    def make(legal_all):
        def faulty(self):
            with mock.patch.object(module, "protected_from", lambda *a: False):
                return legal_all(self)
        return faulty
    locate.patch_method(stack, "TargetSet", "_legal_all", make)


def _no_protection_in_combat(original, game, source, ref, amount):
    if game.combat_damage:
        return _without_protection(original, game, source, ref, amount)
    return original(game, source, ref, amount)


def _protection_only_in_combat(original, game, source, ref, amount):
    if not game.combat_damage:
        return _without_protection(original, game, source, ref, amount)
    return original(game, source, ref, amount)


def _color_identity(source) -> set:
    """The colors of the mana symbols in the card's cost and rules text (903.4), the way the
    report's engine mixed them up with its colors."""
    card = source.card
    return set(source.colors()) | set(SYMBOL.findall((card.mana_cost or "") + card.oracle_text))


def _blockers_by_color_identity(original, o, source, game):
    colors = vars(locate.module_of("protected_from"))["COLOR_OF"]
    identity = _color_identity(source)
    if any(colors.get(q) in identity for q in locate.obj("qualities")(o, game)):
        return True
    return original(o, source, game)


def _shield_of_one(stack, run):
    def make(apply):
        return lambda self, ctx: apply(replace(self, amount=1), ctx)
    locate.patch_method(stack, "PreventNextDamage", "apply", make)


def _cant_be_prevented_ignored(stack, run):
    def make(apply):
        return lambda self, ctx: self.effect.apply(ctx)
    locate.patch_method(stack, "CantBePrevented", "apply", make)


REPORTED = [
    Fault("protection_ignored_by_spells", "702.16b",
          "protection doesn't stop an opponent's spell from targeting the permanent (the report: a spell "
          "targeted a creature with protection from its controller)",
          protection_check("_may_target_permanent", _spells_ignore_protection),
          case({"alice": {"hand": cards(("Shock", "shock")), "mana": "{R}"}, "bob": {"battlefield": cards(PALADIN)}},
               [{"cast": {"card": "shock", "targets": ["paladin"]}}, {"resolve": {}}]),
          report=f"{PHASE}/issues/5941"),
    Fault("gained_protection_not_rechecked", "608.2b",
          "protection from a color gained in response is not checked as the spell or ability resolves: it "
          "resolves (the report: the ability still dealt its damage to the creature)",
          _protection_not_rechecked,
          case({"alice": {"hand": cards(("Neonate's Rush", "rush")), "mana": "{R}{C}{C}",
                          "library": cards(("Forest", "top"))},
                "bob": {"battlefield": cards(("Crimson Acolyte", "acolyte"), SEEKER), "mana": "{W}"}},
               [{"cast": {"card": "rush", "targets": ["seeker"]}},
                {"activate": {"card": "acolyte", "targets": ["seeker"]}}, {"pass_until_empty": {}}]),
          report=f"{MAGE}/issues/7133"),
    Fault("protection_doesnt_prevent_combat_damage", "702.16e",
          "combat damage from an attacking creature with the quality is dealt to a permanent with protection "
          "from it",
          prevention(_no_protection_in_combat),
          case({"alice": {"battlefield": cards(("Hill Giant", "giant"))}, "bob": {"battlefield": cards(PALADIN)}},
               [{"declare_attackers": {"attackers": [{"card": "giant"}]}},
                {"declare_blockers": {"blockers": [{"card": "paladin", "blocks": "giant"}]}},
                {"advance": {"to": "end_of_combat"}}]),
          report=f"{MAGE}/issues/7194"),
    Fault("protection_prevents_only_combat_damage", "702.16e",
          "an ability's noncombat damage from a source with the quality (a creature's, against protection from "
          "creatures) is dealt to the permanent with protection",
          prevention(_protection_only_in_combat),
          case({"alice": {"hand": cards(("Goblin Chainwhirler", "whirler")), "mana": "{R}{R}{R}"},
                "bob": {"battlefield": cards(PALADIN)}},
               [{"cast": {"card": "whirler"}}, {"pass_until_empty": {}}]),
          report=f"{MAGE}/issues/8285"),
    Fault("protection_judges_blockers_by_color_identity", "702.16f",
          "a blocker's color identity is taken for its color: a green creature with a red kicker cost can't "
          "block a creature with protection from red",
          protection_check("declare_blockers", _blockers_by_color_identity),
          case({"alice": {"battlefield": cards(PALADIN)},
                "bob": {"battlefield": cards(("Yavimaya Iconoclast", "iconoclast"))}},
               [{"declare_attackers": {"attackers": [{"card": "paladin"}]}},
                {"declare_blockers": {"blockers": [{"card": "iconoclast", "blocks": "paladin"}]}}]),
          report=f"{MAGE}/issues/7983"),
    Fault("prevention_shield_of_one", "615.7",
          "a 'prevent the next N damage' shield is built with the amount 1 (the report: the shield was parsed "
          "as 'next 1' damage), so the rest of the damage is dealt",
          _shield_of_one,
          case({"alice": {"hand": cards(("Mending Hands", "hands"), ("Shock", "shock")), "mana": "{W}{R}"},
                "bob": {"battlefield": cards(SEEKER)}},
               [{"cast": {"card": "hands", "targets": ["seeker"], "pay": "{W}"}}, {"resolve": {}},
                {"cast": {"card": "shock", "targets": ["seeker"], "pay": "{R}"}}, {"resolve": {}}]),
          report=f"{PHASE}/issues/328"),
    Fault("unpreventable_damage_prevented", "615.12",
          "damage that can't be prevented is prevented by a prevention effect anyway",
          _cant_be_prevented_ignored,
          case({"alice": {"hand": cards(("Mending Hands", "hands"), ("Urza's Rage", "rage")),
                          "mana": "{W}{R}{R}" + "{C}" * 10}},
               [{"cast": {"card": "hands", "targets": ["bob"], "pay": "{W}"}}, {"resolve": {}},
                {"cast": {"card": "rage", "kicks": 1, "targets": ["bob"], "pay": "{R}{R}" + "{C}" * 10}},
                {"resolve": {}}]),
          report=f"{MAGE}/issues/983"),
]


FAULTS = DESIGNED + REPORTED


def _new_prevention_replaces_the_others(stack, run):
    """A prevention effect a spell creates replaces the ones already waiting this turn (Fog
    wipes a Mending Hands shield, a shield wipes a Fog): only the newest watches for damage."""
    def make(apply):
        def faulty(self, ctx):
            ctx.game.prevention = ()
            return apply(self, ctx)
        return faulty
    for name in ("PreventCombatDamageThisTurn", "PreventNextDamage"):
        wrap_attr(stack, locate.obj(name), "apply", make)


FAULTS += [
    Fault("new_prevention_effect_replaces_the_others", "615.1",
          "(designed) a prevention effect a spell creates replaces the prevention effects already waiting this "
          "turn: Fog cast after a Mending Hands shield wipes the shield",
          _new_prevention_replaces_the_others,
          case({"alice": {"battlefield": cards(("Grizzly Bears", "bears"))},
                "bob": {"battlefield": cards(("Glory Seeker", "seeker"), ("Plains", "plains"), ("Forest", "forest")),
                        "hand": cards(("Mending Hands", "hands"), ("Fog", "fog"))}},
               [{"declare_attackers": {"attackers": [{"card": "bears"}]}},
                {"tap_for_mana": {"permanents": ["forest", "plains"]}},
                {"cast": {"card": "fog", "by": "bob", "pay": "{G}"}}, {"resolve": {}},
                {"cast": {"card": "hands", "by": "bob", "targets": ["seeker"], "pay": "{W}"}}, {"resolve": {}},
                {"declare_blockers": {"blockers": []}}, {"advance": {"to": "end_of_combat"}}]),
          claims=("prevention/prevention-effects-watch-for-damage#each-effect-watches",)),
]


# -- a claim quoting 702.16g, which the 702.16b entry cites (selfcheck/cited_claims.py)

def _first_quality_only(stack, run):
    """"Protection from [A] and from [B]" read as one protection ability, from its first quality:
    the qualities listed after the first are lost."""
    protection = locate.obj("Protection")

    def make(qualities):
        def faulty(o, game):
            found = list(qualities(o, game))
            for st in o.card.statics or ():
                if isinstance(st, protection):
                    for q in st.qualities[1:]:
                        if q in found:
                            found.remove(q)
            return found
        return faulty
    locate.patch(stack, "qualities", make)


FAULTS += [
    Fault("protection_from_two_qualities_keeps_the_first", "702.16g",
          "(designed) \"protection from [A] and from [B]\" is read as one ability from its first quality only: "
          "alice's red Shock targets bob's Paladin en-Vec (protection from black and from red)",
          _first_quality_only,
          case({"alice": {"hand": cards(("Shock", "shock")), "mana": "{R}"}, "bob": {"battlefield": cards(PALADIN)}},
               [{"cast": {"card": "shock", "targets": ["paladin"]}}, {"resolve": {}}])),
]


# -- a claim quoting 615.4, which the 615.1 entry cites (selfcheck/cited_claims.py)

def _damage_dealt_this_turn(stack):
    """Wrap the engine's deal_damage so that the damage each call dealt this turn is remembered:
    [game id, recipient, its zone changes, amount, combat damage?] (a player's life lost, a
    permanent's damage marked). The list is emptied as a turn begins."""
    dealt: list = []

    def make_deal(deal):
        def recorded(game, source, ref, amount, *args, **kwargs):
            o = None if isinstance(ref, str) else game.objs.get(ref)
            before = game.players[ref].life if isinstance(ref, str) else (o.damage if o is not None else 0)
            result = deal(game, source, ref, amount, *args, **kwargs)
            if isinstance(ref, str):
                done = before - game.players[ref].life
            else:
                done = (o.damage - before) if o is not None and o.zone == "battlefield" else 0
            if done > 0:
                dealt.append([id(game), ref, None if o is None else o.moves, done, game.combat_damage])
            return result
        return recorded

    def make_turn(new_turn):
        def faulty(game, *args, **kwargs):
            dealt.clear()
            return new_turn(game, *args, **kwargs)
        return faulty
    locate.patch(stack, "deal_damage", make_deal)
    locate.patch(stack, "_new_turn", make_turn)
    return dealt


def _undo(game, record, n) -> None:
    _, ref, _, _, _ = record
    if isinstance(ref, str):
        game.players[ref].life += n
    else:
        game.objs[ref].damage -= n
    record[3] -= n


def _new_shield_undoes_dealt_damage(stack, run):
    """A shield made after damage was dealt goes back in time: it prevents, out of its amount, the
    damage its player or permanent was dealt earlier this turn (the life comes back, the marked
    damage goes), and only what is left of it waits for later damage."""
    dealt = _damage_dealt_this_turn(stack)

    def make(apply):
        def faulty(self, ctx):
            game = ctx.game
            before = game.prevention
            apply(self, ctx)
            kept = []
            for e in game.prevention:
                if e[0] == "shield" and e not in before:
                    left = e[3]
                    for record in dealt:
                        if left and record[0] == id(game) and record[1] == e[1] and record[2] == e[2] and record[3]:
                            n = min(left, record[3])
                            _undo(game, record, n)
                            left -= n
                    if not left:
                        continue
                    e = e[:3] + (left,) + e[4:]
                kept.append(e)
            game.prevention = tuple(kept)
        return faulty
    wrap_attr(stack, locate.obj("PreventNextDamage"), "apply", make)


def _fog_undoes_dealt_combat_damage(stack, run):
    """"Prevent all combat damage that would be dealt this turn" goes back in time: cast after a
    combat damage step, it gives back the combat damage already dealt this turn."""
    dealt = _damage_dealt_this_turn(stack)

    def make(apply):
        def faulty(self, ctx):
            game = ctx.game
            apply(self, ctx)
            for record in dealt:
                if record[0] == id(game) and record[4] and record[3]:
                    o = None if isinstance(record[1], str) else game.objs.get(record[1])
                    if o is None or (o.zone == "battlefield" and o.moves == record[2]):
                        _undo(game, record, record[3])
        return faulty
    wrap_attr(stack, locate.obj("PreventCombatDamageThisTurn"), "apply", make)


FAULTS += [
    Fault("new_shield_undoes_dealt_damage", "615.4",
          "(designed) a prevention shield made after damage was dealt goes back in time: Mending Hands cast on "
          "bob's Hill Giant after a Shock removes the 2 damage marked on it",
          _new_shield_undoes_dealt_damage,
          case({"alice": {"hand": cards(("Shock", "shock")), "mana": "{R}"},
                "bob": {"battlefield": cards(("Hill Giant", "giant")), "hand": cards(("Mending Hands", "hands")),
                        "mana": "{W}"}},
               [{"cast": {"card": "shock", "targets": ["giant"], "pay": "{R}"}}, {"resolve": {}},
                {"cast": {"card": "hands", "by": "bob", "targets": ["giant"], "pay": "{W}"}}, {"resolve": {}}])),
    Fault("fog_undoes_dealt_combat_damage", "615.4",
          "(designed) \"prevent all combat damage that would be dealt this turn\" goes back in time: Fog cast after "
          "the first-strike combat damage step gives bob back the 1 life alice's Skyhunter Skirmisher took",
          _fog_undoes_dealt_combat_damage,
          case({"alice": {"battlefield": cards(("Skyhunter Skirmisher", "skirmisher"))},
                "bob": {"battlefield": cards(("Forest", "forest")), "hand": cards(("Fog", "fog"))}},
               [{"declare_attackers": {"attackers": [{"card": "skirmisher"}]}},
                {"declare_blockers": {"blockers": []}}, {"advance": {"to": "combat_damage"}},
                {"tap_for_mana": {"permanents": ["forest"]}}, {"cast": {"card": "fog", "by": "bob", "pay": "{G}"}},
                {"resolve": {}}])),
]


# ---------------------------------------------------------------- protection and Auras (702.16c, 702.16n)
# spec/rules/protection-and-auras.yaml; all designed. They patch rules.prevention's repels_aura (the
# state-based action's question) and qualities (which protection a permanent has).
AURAS = "protection/cant-be-enchanted-by-that-quality#"
PLEDGE = "peers-wagic/pledge-of-loyalty#"
WARD = "protection/this-effect-doesnt-remove-this-aura#"
_FAVOR_THEN_BLESSING = (
    {"alice": {"battlefield": cards(("Elite Vanguard", "vanguard")),
               "hand": cards(("Divine Favor", "favor"), ("Apostle's Blessing", "blessing")), "mana": "{W}{W}{C}{C}"}},
    [{"cast": {"card": "favor", "targets": ["vanguard"], "pay": "{W}{C}"}}, {"resolve": {}}, {"resolve": {}},
     {"cast": {"card": "blessing", "targets": ["vanguard"], "pay": "{W}{C}"}}])
_WARD_ON_LION = {"battlefield": cards(("Silvercoat Lion", "lion")), "hand": cards(("Flickering Ward", "ward"))}
_CAST_WARD = [{"cast": {"card": "ward", "targets": ["lion"], "pay": "{W}"}}, {"resolve": {"choices": {"color": "W"}}}]


def _auras_ignore_protection(stack, run):
    """An Aura stays on a permanent that gains protection from its quality (only targeting is checked)."""
    locate.patch(stack, "repels_aura", lambda original: lambda game, host, aura: False)


def _protection_removes_every_aura(stack, run):
    """Any protection removes every Aura but the one that says it doesn't: the stated quality is not
    compared with the Aura's."""
    from reference_impl.rules import prevention

    def make(original):
        def repels(game, host, aura):
            if not prevention.qualities(host, game):
                return False
            return original(game, host, aura) or not any(
                getattr(st, "doesnt_remove_this", False) for st in aura.card.statics)
        return repels
    locate.patch(stack, "repels_aura", make)


def _doesnt_remove_ignored(stack, run):
    """"This effect doesn't remove this Aura" is ignored: the Aura's own protection removes it."""
    from reference_impl.rules import prevention
    locate.patch(stack, "repels_aura",
                 lambda original: lambda game, host, aura: prevention.protected_from(host, aura, game))


def _doesnt_remove_spares_every_aura(stack, run):
    """"This effect doesn't remove this Aura" read as "doesn't remove Auras": every Aura on the creature
    is spared by it."""
    def make(original):
        def repels(game, host, aura):
            for oid in game.battlefield:
                o = game.objs[oid]
                if (o is not aura and type(o.attached) is tuple and o.attached[0] == host.oid
                        and any(getattr(st, "doesnt_remove_this", False) for st in o.card.statics)):
                    return False
            return original(game, host, aura)
        return repels
    locate.patch(stack, "repels_aura", make)


def _doesnt_remove_spares_other_instances(stack, run):
    """An Aura that says its effect doesn't remove it is spared by every instance of the protection,
    not only its own."""
    def make(original):
        def repels(game, host, aura):
            if any(getattr(st, "doesnt_remove_this", False) for st in aura.card.statics):
                return False
            return original(game, host, aura)
        return repels
    locate.patch(stack, "repels_aura", make)


def _static_protection_unseen(stack, run):
    """Protection a static ability grants (an Aura's "Enchanted creature has protection from the chosen
    color") counts only when some "until end of turn" effect exists or the permanent gained keywords as
    it entered: with neither, the permanent has only its printed protection (the reference engine's own
    shortcut before the Flickering Ward port)."""
    def make(original):
        def qualities(o, game):
            if o.zone == "battlefield" and not (game.eot or o.gained):
                return [q for st in o.card.statics if hasattr(st, "qualities") and hasattr(st, "chosen_color")
                        for q in st.qualities]
            return original(o, game)
        return qualities
    locate.patch(stack, "qualities", make)


def _granted_protection_prevents_nothing(stack, run):
    """Damage prevention asks about protection only for a permanent with a static ability of its own, a
    keyword gained as it entered or an "until end of turn" effect in the game: protection another
    permanent's static ability grants (an Aura's) prevents nothing (the reference engine's own shortcut
    before this round)."""
    from reference_impl.rules import prevention
    real = prevention.protected_from

    def protected_from(o, source, game):
        if not (o.card.statics or o.gained or game.eot):
            return False
        return real(o, source, game)
    stack.enter_context(mock.patch.object(prevention, "protected_from", protected_from))


def _protection_reads_printed_colors(stack, run):
    """Protection reads a source's printed colors and types (rules.prevention's as_it_is is the object
    itself)."""
    from reference_impl.rules import prevention
    stack.enter_context(mock.patch.object(prevention, "as_it_is", lambda game, o: o))


def _colors_of_your_permanents_read_printed(stack, run):
    """An ability-granting effect reads other permanents' printed colors (rules.statics' seen_as is the
    object itself)."""
    from reference_impl.rules import statics
    stack.enter_context(mock.patch.object(statics, "seen_as", lambda game, o: o))


FAULTS += [
    Fault("auras_ignore_protection", "702.16c",
          "(designed) an Aura stays attached to a permanent that gains protection from its quality",
          _auras_ignore_protection,
          case(_FAVOR_THEN_BLESSING[0], _FAVOR_THEN_BLESSING[1] + [{"resolve": {"choices": {"protection_from": "W"}}}]),
          claims=(AURAS + "such-auras-are-put-into-the-graveyard", PLEDGE + "a-white-aura-falls-off")),
    Fault("protection_removes_every_aura", "702.16c",
          "(designed) protection from any quality puts every Aura on the permanent into the graveyard",
          _protection_removes_every_aura,
          case(_FAVOR_THEN_BLESSING[0], _FAVOR_THEN_BLESSING[1] + [{"resolve": {"choices": {"protection_from": "B"}}}]),
          claims=(AURAS + "auras-that-have-the-stated-quality",)),
    Fault("doesnt_remove_this_aura_ignored", "702.16n",
          "(designed) \"This effect doesn't remove this Aura\" is ignored: Flickering Ward's own protection from "
          "white puts it into the graveyard",
          _doesnt_remove_ignored,
          case({"alice": dict(_WARD_ON_LION, mana="{W}")}, _CAST_WARD),
          claims=(WARD + "the-specified-auras-arent-put-into-the-graveyard",)),
    Fault("doesnt_remove_this_aura_spares_every_aura", "702.16n",
          "(designed) \"This effect doesn't remove this Aura\" spares every Aura on the creature",
          _doesnt_remove_spares_every_aura,
          case({"alice": {"battlefield": cards(("Silvercoat Lion", "lion")),
                          "hand": cards(("Divine Favor", "favor"), ("Flickering Ward", "ward")), "mana": "{W}{W}{C}"}},
               [{"cast": {"card": "favor", "targets": ["lion"], "pay": "{W}{C}"}}, {"resolve": {}}, {"resolve": {}}]
               + _CAST_WARD),
          claims=(WARD + "that-specific-aura",)),
    Fault("doesnt_remove_this_aura_spares_other_instances", "702.16n",
          "(designed) an Aura whose protection \"doesn't remove this Aura\" is spared by another instance of the "
          "same protection too",
          _doesnt_remove_spares_other_instances,
          case({"alice": dict(_WARD_ON_LION, hand=cards(("Flickering Ward", "ward"), ("Brave the Elements", "brave")),
                              mana="{W}{W}")},
               _CAST_WARD + [{"cast": {"card": "brave", "pay": "{W}"}},
                             {"resolve": {"choices": {"protection_from": "W"}}}]),
          claims=(WARD + "other-instances-affect-auras-as-normal", PLEDGE + "another-instance-removes-the-pledge")),
    Fault("protection_granted_by_a_static_unseen", "702.16b",
          "(designed) protection a static ability grants (an Aura's) is seen only when an \"until end of turn\" "
          "effect exists: a white spell targets a creature Flickering Ward gave protection from white",
          _static_protection_unseen,
          case({"alice": dict(_WARD_ON_LION, mana="{W}{W}{C}",
                              hand=cards(("Flickering Ward", "ward"), ("Apostle's Blessing", "blessing")))},
               _CAST_WARD + [{"cast": {"card": "blessing", "targets": ["lion"], "pay": "{W}{C}"}}]),
          claims=(WARD + "protection-from-the-chosen-color",)),
    Fault("protection_reads_printed_colors", "613.1e",
          "(designed) protection compares its quality with a source's printed colors, not the colors an effect "
          "gave it: Shuko made red by Shifting Sky stays on a creature with protection from red",
          _protection_reads_printed_colors,
          case({"alice": {"battlefield": cards(("Crimson Acolyte", "acolyte"), ("Shuko", "shuko")),
                          "hand": cards(("Shifting Sky", "sky")), "mana": "{U}{C}{C}"}},
               [{"activate": {"card": "shuko", "targets": ["acolyte"]}}, {"resolve": {}},
                {"cast": {"card": "sky", "pay": "{U}{C}{C}"}}, {"resolve": {"choices": {"color": "R"}}}]),
          claims=(PLEDGE + "the-colors-layer-five-gives", PLEDGE + "equipment-with-the-stated-quality")),
    Fault("colors_of_your_permanents_read_printed", "613.1e",
          "(designed) \"protection from the colors of permanents you control\" reads their printed colors, not "
          "those a color-changing effect (layer 5) gave them",
          _colors_of_your_permanents_read_printed,
          case({"alice": {"battlefield": cards(("Grizzly Bears", "bears")),
                          "hand": cards(("Shifting Sky", "sky"), ("Pledge of Loyalty", "pledge")),
                          "mana": "{W}{U}{C}{C}{C}"},
                "bob": {"hand": cards(("Murder", "blade")), "mana": "{B}{B}{C}"}},
               [{"cast": {"card": "sky", "pay": "{U}{C}{C}"}}, {"resolve": {"choices": {"color": "B"}}},
                {"cast": {"card": "pledge", "targets": ["bears"], "pay": "{W}{C}"}}, {"resolve": {}},
                {"cast": {"card": "blade", "by": "bob", "targets": ["bears"], "pay": "{B}{B}{C}"}}]),
          claims=(PLEDGE + "the-colors-layer-five-gives",)),
    Fault("granted_protection_prevents_no_damage", "702.16e",
          "(designed) protection another permanent's static ability grants (Flickering Ward's) doesn't prevent "
          "damage from a source with the quality",
          _granted_protection_prevents_nothing,
          case({"alice": {"battlefield": cards(("Silvercoat Lion", "lion")), "hand": cards(("Flickering Ward", "ward")),
                          "mana": "{W}"},
                "bob": {"battlefield": cards(("Elite Vanguard", "vanguard")), "library": cards(("Plains", "draw"))}},
               [{"cast": {"card": "ward", "targets": ["lion"], "pay": "{W}"}}, {"resolve": {"choices": {"color": "W"}}},
                {"advance": {"turn": "next", "to": "main1"}},
                {"declare_attackers": {"attackers": [{"card": "vanguard", "attacks": "alice"}]}},
                {"declare_blockers": {"blockers": [{"card": "lion", "blocks": "vanguard"}]}},
                {"advance": {"to": "combat_damage"}}]),
          claims=(WARD + "damage-from-the-chosen-color-is-prevented",)),
]


# ---------------------------------------------------------------- Questing Beast (615.12 from a static, 509.1b)
# spec/rules/peer-tests-xmage-unpreventable-combat-damage.yaml; all designed. They patch rules.prevention's
# _your_combat_damage_unpreventable and prevent, and rules.combat's blocking check (by its static's class).
BEAST = "peers-xmage/combat-damage-that-cant-be-prevented#"
_BEAST_BLOCK = (
    {"alice": {"battlefield": cards(("Bubble Matrix", "matrix"), ("Balduvian Bears", "abears"))},
     "bob": {"battlefield": cards(("Questing Beast", "beast"), ("Balduvian Bears", "bbears"))}},
    [{"declare_attackers": {"attackers": [{"card": "bbears", "attacks": "alice"}]}},
     {"declare_blockers": {"blockers": [{"card": "abears", "blocks": "bbears"}]}},
     {"advance": {"to": "end_of_combat"}}],
    {"active": "bob", "step": "main1"})


def _has_questing_static(game, player) -> bool:
    from reference_impl.rules.prevention import YourCreaturesCombatDamageCantBePrevented
    return any(game.objs[oid].controller == player and any(
        isinstance(st, YourCreaturesCombatDamageCantBePrevented) for st in game.objs[oid].card.statics)
        for oid in game.battlefield)


def _questing_static_ignored(stack, run):
    """"Combat damage that would be dealt by creatures you control can't be prevented" does nothing."""
    locate.patch(stack, "_your_combat_damage_unpreventable", lambda original: lambda game, source: False)


def _questing_static_for_all_damage(stack, run):
    """The static makes all damage of its controller's creatures unpreventable, not only combat damage."""
    def make(original):
        def prevent(game, source, ref, amount):
            if source is not None and source.zone == "battlefield" and _has_questing_static(game, source.controller):
                return amount
            return original(game, source, ref, amount)
        return prevent
    locate.patch(stack, "prevent", make)


def _questing_static_for_every_player(stack, run):
    """The static makes every creature's combat damage unpreventable, the opponent's too."""
    def make(original):
        def unpreventable(game, source):
            if game.combat_damage and source is not None and any(
                    _has_questing_static(game, p) for p in game.players):
                return True
            return original(game, source)
        return unpreventable
    locate.patch(stack, "_your_combat_damage_unpreventable", make)


def _power_two_may_block(stack, run):
    """"Can't be blocked by creatures with power 2 or less" is ignored."""
    from reference_impl.rules import combat

    class Never:
        pass
    stack.enter_context(mock.patch.object(combat, "CantBeBlockedByPowerAtMost", Never))


FAULTS += [
    Fault("your_combat_damage_static_ignored", "615.12",
          "(designed) Questing Beast's \"combat damage that would be dealt by creatures you control can't be "
          "prevented\" does nothing: Bubble Matrix saves the blocking Bears",
          _questing_static_ignored, case(*_BEAST_BLOCK),
          claims=(BEAST + "cant-be-prevented",)),
    Fault("your_combat_damage_static_for_all_damage", "510.2",
          "(designed) Questing Beast's static makes an ability's damage unpreventable too, not only combat damage",
          _questing_static_for_all_damage,
          case({"alice": {"battlefield": cards(("Bubble Matrix", "matrix"), ("Balduvian Bears", "abears"))},
                "bob": {"battlefield": cards(("Questing Beast", "beast"), ("Prodigal Pyromancer", "pyro"))}},
               [{"activate": {"card": "pyro", "targets": ["abears"]}}, {"resolve": {}}],
               {"active": "bob", "step": "main1"}),
          claims=(BEAST + "only-combat-damage",)),
    Fault("your_combat_damage_static_for_every_player", "615.12",
          "(designed) Questing Beast's static makes the opponent's creatures' combat damage unpreventable too",
          _questing_static_for_every_player, case(*_BEAST_BLOCK),
          claims=(BEAST + "cant-be-prevented",)),
    Fault("blocked_by_a_two_power_creature", "509.1b",
          "(designed) \"can't be blocked by creatures with power 2 or less\" is ignored",
          _power_two_may_block,
          case({"alice": {"battlefield": cards(("Balduvian Bears", "abears"))},
                "bob": {"battlefield": cards(("Questing Beast", "beast"))}},
               [{"declare_attackers": {"attackers": [{"card": "beast", "attacks": "alice"}]}},
                {"declare_blockers": {"blockers": [{"card": "abears", "blocks": "beast"}]}}],
               {"active": "bob", "step": "main1"}),
          claims=(BEAST + "cant-be-blocked-by-power-two-or-less",)),
]
