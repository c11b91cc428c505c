"""Faulty engines modelled on real bug reports about protection (702.16) and prevention effects (615).

Each does what the linked report says a real engine did, on this suite's cards: protection not
stopping a spell's targets (phase.rs), protection gained in response not checked when the ability
resolves (XMage), protection not preventing combat damage (XMage) or an ability's damage from a
source of its quality (XMage), blockers judged by color identity rather than color (XMage), a
prevention shield built with the wrong amount (phase.rs), and damage that "can't be prevented"
being prevented (XMage).
"""

from __future__ import annotations

import re
from dataclasses import replace
from unittest import mock

from . import locate
from .fault import Fault, cards, case
from .protection_faults import PALADIN, SEEKER, _without_protection, prevention, protection_check

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


FAULTS = [
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
