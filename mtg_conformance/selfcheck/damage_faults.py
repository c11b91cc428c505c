"""Faulty engines for the results of damage (120.3): life lost by players, damage marked on
creatures, and lifelink (702.15b).
"""

from __future__ import annotations

from . import locate
from .fault import Fault, cards, case
from .fault_parts import FALLEN_ATTACKS, keyword_never_found


def _creature_damage_hits_its_controller(stack, run):
    """Damage dealt to a creature also makes its controller lose that much life."""
    def make(deal):
        def faulty(game, source, ref, amount, *a, **k):
            o = game.objs.get(ref) if isinstance(ref, int) else None
            before = o.damage if o is not None and o.zone == "battlefield" else None
            deal(game, source, ref, amount, *a, **k)
            if before is not None and o.damage > before:
                game.players[o.controller].life -= o.damage - before
        return faulty
    locate.patch(stack, "deal_damage", make)


def _players_take_no_damage(stack, run):
    """Damage dealt to a player does nothing (120.3a)."""
    def make(deal):
        def faulty(game, source, ref, amount):
            if isinstance(ref, str):
                return None
            return deal(game, source, ref, amount)
        return faulty
    locate.patch(stack, "deal_damage", make)


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


FAULTS = [
    Fault("creature_damage_costs_its_controller_life", "120.3",
          "(designed) damage dealt to a creature also makes its controller lose that much life",
          _creature_damage_hits_its_controller,
          case({"alice": {"hand": cards(("Shock", "shock")), "mana": "{R}"},
                "bob": {"battlefield": cards(("Hill Giant", "giant"))}},
               [{"cast": {"card": "shock", "targets": ["giant"], "pay": "{R}"}}, {"resolve": {}}])),
    Fault("lifelink_ignored", "702.15b", "damage dealt by a source with lifelink gains its controller no life",
          keyword_never_found("lifelink", "source_has_keyword", "own_keyword"),
          case({"alice": {"battlefield": cards(("Rhox War Monk", "monk"))}},
               [{"declare_attackers": {"attackers": [{"card": "monk"}]}}, {"advance": {"to": "end_of_combat"}}])),
    Fault("players_take_no_damage", "120.3a", "damage dealt to a player makes them lose no life",
          _players_take_no_damage,
          case({"alice": {"hand": cards(("Shock", "shock")), "mana": "{R}"}},
               [{"cast": {"card": "shock", "targets": ["bob"], "pay": "{R}"}}, {"resolve": {}}])),
    Fault("spell_damage_not_marked", "120.3e",
          "(designed) damage a spell deals to a creature is not marked on it",
          _spell_damage_not_marked,
          case({"alice": {"battlefield": cards(("Hill Giant", "g")), "hand": cards(("Shock", "s")), "mana": "{R}"}},
               [{"cast": {"card": "s", "targets": ["g"], "pay": "{R}"}}, {"resolve": {}}])),
]


# -- more faults of this area: claims no other fault dropped (issue #30) and the rules of the
# -- Wagic and XMage peer tests (spec/rules/peer-tests-*.yaml)


FAULTS += [
    Fault("wither_ignored", "702.80a",
          "damage from a source with wither is marked on creatures like any damage (designed)",
          keyword_never_found("wither", "source_has_keyword", "own_keyword"),
          case({"alice": {"battlefield": cards(("Duergar Cave-Guard", "guard"))},
                "bob": {"battlefield": cards(("Grizzly Bears", "bears"))}},
               [{"declare_attackers": {"attackers": [{"card": "guard", "attacks": "bob"}]}},
                {"declare_blockers": {"blockers": [{"card": "bears", "blocks": "guard"}]}},
                {"advance": {"to": "end_of_combat"}}])),
    Fault("infect_ignored", "702.90b",
          "damage from a source with infect makes players lose life and is marked on creatures (designed)",
          keyword_never_found("infect", "source_has_keyword", "own_keyword"),
          case({"alice": {"battlefield": cards(("Tel-Jilad Fallen", "fallen"))}}, FALLEN_ATTACKS)),
]


# -- a claim quoting 701.10d, which the 611.2a entry (pool/until-end-of-turn-effects) cites
# -- (selfcheck/cited_claims.py)

def _life_doubled_by_the_casters_total(stack, run):
    """Doubling a player's life total gives them as much life as the effect's controller has,
    not as much as they have themselves."""
    def make(apply):
        def faulty(self, ctx):
            for p in self.who(ctx):
                ctx.game.players[p].life += ctx.game.players[ctx.controller].life
        return faulty
    locate.patch_method(stack, "DoubleLifeTotal", "apply", make)


FAULTS += [
    Fault("life_doubled_by_the_casters_total", "701.10d",
          "(designed) doubling a player's life total gains them the caster's life total: Beacon of Immortality "
          "cast by alice at 26 takes bob from 7 to 33, not 14",
          _life_doubled_by_the_casters_total,
          case({"alice": {"life": 26, "hand": cards(("Beacon of Immortality", "beacon")), "mana": "{W}{C}{C}{C}{C}{C}"},
                "bob": {"life": 7}},
               [{"cast": {"card": "beacon", "targets": ["bob"], "pay": "{W}{C}{C}{C}{C}{C}"}}, {"resolve": {}}])),
]
