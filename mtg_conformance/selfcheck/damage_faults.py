"""Faulty engines for the results of damage (120.3): life lost by players, damage marked on
creatures, and lifelink (702.15b).
"""

from __future__ import annotations

from unittest import mock

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


def _granted_damage_keywords_ignored(stack, run):
    """Damage results read a source's own keywords only (printed, or gained as it entered): infect or
    wither an effect gave it until end of turn changes nothing."""
    module = locate.module_of("deal_damage")
    own = vars(module)["own_keyword"]
    stack.enter_context(mock.patch.object(module, "source_has_keyword", lambda o, kw, game=None: own(o, kw)))


_STRIKE = [{"cast": {"card": "strike", "targets": ["bears"], "pay": "{B}"}}, {"resolve": {}},
           {"declare_attackers": {"attackers": [{"card": "bears", "attacks": "bob"}]}}]

FAULTS += [
    Fault("granted_infect_ignored_by_damage", "702.90b",
          "(designed) infect granted until end of turn (Tainted Strike) is ignored: the creature's damage "
          "makes bob lose life",
          _granted_damage_keywords_ignored,
          case({"alice": {"battlefield": cards(("Grizzly Bears", "bears")), "hand": cards(("Tainted Strike", "strike")),
                          "mana": "{B}"}},
               [*_STRIKE, {"declare_blockers": {"blockers": []}}, {"advance": {"to": "end_of_combat"}}]),
          claims=("combat/infect-damage-is-poison-counters-and-minus-counters#infect-player-poison",
                  "combat/infect-damage-to-a-creature-is-minus-counters#infect-creature-counters")),
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


# -- claims quoting 120.3c, 306.5b, 704.5i (planeswalkers) and 120.3g (toxic), which the 120.3 entry
# -- (pool/damage-marks-creatures-and-costs-players-life) cites (selfcheck/cited_claims.py)

def _planeswalker_damage_marked(stack, run):
    """Damage dealt to a planeswalker is marked on it as on a creature: no loyalty counter is removed."""
    locate.patch(stack, "remove_loyalty", lambda remove: lambda o, amount: False)


def _planeswalker_loses_one_counter(stack, run):
    """Damage dealt to a planeswalker removes one loyalty counter, whatever the amount."""
    locate.patch(stack, "remove_loyalty", lambda remove: lambda o, amount: remove(o, 1))


def _planeswalker_damage_costs_its_controller_life(stack, run):
    """Damage dealt to a planeswalker also makes its controller lose that much life (as though it
    were dealt to the player too)."""
    def make(deal):
        def faulty(game, source, ref, amount, *a, **k):
            o = game.objs.get(ref) if isinstance(ref, int) else None
            walker = o is not None and o.zone == "battlefield" and "Planeswalker" in o.card.types
            before = o.counters.get("loyalty", 0) if walker else 0
            deal(game, source, ref, amount, *a, **k)
            if walker:
                game.players[o.controller].life -= before - o.counters.get("loyalty", 0)
        return faulty
    locate.patch(stack, "deal_damage", make)


def _zero_loyalty_planeswalker_stays(stack, run):
    """A planeswalker with loyalty 0 stays on the battlefield (704.5i never applies)."""
    locate.patch(stack, "planeswalker_without_loyalty", lambda check: lambda o: False)


def _planeswalker_enters_without_loyalty(stack, run):
    """A planeswalker enters with no loyalty counters: the "enters with" loyalty counters of its
    printed loyalty are never put on it."""
    def make(put):
        def faulty(game, o, counter, n):
            if counter != "loyalty":
                put(game, o, counter, n)
        return faulty
    locate.patch(stack, "put_counters", make)


def _toxic_replaces_the_life_loss(stack, run):
    """Toxic read as infect: a player dealt combat damage by a creature with toxic gets the poison
    counters and loses no life."""
    def make(deal):
        def faulty(game, source, ref, amount, *a, **k):
            p = game.players.get(ref) if isinstance(ref, str) else None
            if p is None:
                return deal(game, source, ref, amount, *a, **k)
            life, poison = p.life, p.counters.get("poison", 0)
            deal(game, source, ref, amount, *a, **k)
            if game.combat_damage and source is not None and source.card.toxic and p.counters.get("poison", 0) > poison:
                p.life = life
        return faulty
    locate.patch(stack, "deal_damage", make)


def _toxic_on_noncombat_damage(stack, run):
    """Toxic gives poison counters for any damage its creature deals to a player, combat or not."""
    def make(give):
        def faulty(game, source, player):
            combat = game.combat_damage
            game.combat_damage = True
            try:
                give(game, source, player)
            finally:
                game.combat_damage = combat
        return faulty
    locate.patch(stack, "give_toxic_poison", make)


def _toxic_read_from_the_printed_card(stack, run):
    """Toxic read from the card's printed abilities: a creature that lost all its abilities (Turn to
    Frog) still gives poison counters."""
    def make(give):
        def faulty(game, source, player):
            if game.combat_damage and source is not None and source.card.toxic:
                player.counters["poison"] = player.counters.get("poison", 0) + source.card.toxic
        return faulty
    locate.patch(stack, "give_toxic_poison", make)


def _toxic_counts_the_damage(stack, run):
    """Toxic gives a poison counter for each point of combat damage dealt (infect's count), not the
    creature's total toxic value."""
    def make(deal):
        def faulty(game, source, ref, amount, *a, **k):
            p = game.players.get(ref) if isinstance(ref, str) else None
            before = p.counters.get("poison", 0) if p is not None else 0
            deal(game, source, ref, amount, *a, **k)
            if p is not None and p.counters.get("poison", 0) > before:
                p.counters["poison"] = before + amount
        return faulty
    locate.patch(stack, "deal_damage", make)


def _toxic_poisons_the_blockers_controller(stack, run):
    """Combat damage dealt to a creature by a creature with toxic gives that creature's controller
    poison counters too."""
    def make(deal):
        def faulty(game, source, ref, amount, *a, **k):
            deal(game, source, ref, amount, *a, **k)
            o = game.objs.get(ref) if isinstance(ref, int) else None
            if o is not None and source is not None and game.combat_damage and source.card.toxic:
                p = game.players[o.controller]
                p.counters["poison"] = p.counters.get("poison", 0) + source.card.toxic
        return faulty
    locate.patch(stack, "deal_damage", make)


_JACE = {"card": "Jace Beleren", "label": "jace", "counters": {"loyalty": 3}}
_SHOCK_JACE = case({"alice": {"hand": cards(("Shock", "shock")), "mana": "{R}"}, "bob": {"battlefield": [_JACE]}},
                   [{"cast": {"card": "shock", "targets": ["jace"], "pay": "{R}"}}, {"resolve": {}}])
_SYPHONER_ATTACKS = [{"declare_attackers": {"attackers": [{"card": "syphoner", "attacks": "bob"}]}},
                     {"declare_blockers": {"blockers": []}}, {"advance": {"to": "end_of_combat"}}]
_SYPHONER = cards(("Pestilent Syphoner", "syphoner"))

FAULTS += [
    Fault("planeswalker_damage_marked", "120.3c",
          "(designed) damage dealt to a planeswalker is marked on it as on a creature and removes no loyalty "
          "counter: Shock leaves bob's Jace Beleren at 3 loyalty with 2 damage",
          _planeswalker_damage_marked, _SHOCK_JACE),
    Fault("planeswalker_loses_one_counter", "120.3c",
          "(designed) damage dealt to a planeswalker removes one loyalty counter whatever the amount: Shock "
          "leaves bob's Jace Beleren at 2 loyalty, not 1",
          _planeswalker_loses_one_counter, _SHOCK_JACE),
    Fault("planeswalker_damage_costs_its_controller_life", "120.3c",
          "(designed) damage dealt to a planeswalker also makes its controller lose that much life: Shock at "
          "bob's Jace Beleren costs bob 2 life",
          _planeswalker_damage_costs_its_controller_life, _SHOCK_JACE),
    Fault("zero_loyalty_planeswalker_stays", "704.5i",
          "(designed) a planeswalker with loyalty 0 stays on the battlefield: Lightning Bolt removes all three "
          "of Jace Beleren's loyalty counters and it stays",
          _zero_loyalty_planeswalker_stays,
          case({"alice": {"hand": cards(("Lightning Bolt", "bolt")), "mana": "{R}"}, "bob": {"battlefield": [_JACE]}},
               [{"cast": {"card": "bolt", "targets": ["jace"], "pay": "{R}"}}, {"resolve": {}}])),
    Fault("planeswalker_enters_without_loyalty", "306.5b",
          "(designed) a planeswalker enters with no loyalty counters: Jace Beleren cast by alice is put into her "
          "graveyard with loyalty 0 as soon as it enters",
          _planeswalker_enters_without_loyalty,
          case({"alice": {"hand": cards(("Jace Beleren", "jace")), "mana": "{U}{U}{C}"}},
               [{"cast": {"card": "jace", "pay": "{U}{U}{C}"}}, {"resolve": {}}])),
    Fault("toxic_ignored", "120.3g",
          "(designed) toxic gives no poison counters: Pestilent Syphoner unblocked only costs bob 1 life",
          keyword_never_found("toxic", "source_has_keyword", where="give_toxic_poison"),
          case({"alice": {"battlefield": _SYPHONER}}, _SYPHONER_ATTACKS)),
    Fault("toxic_replaces_the_life_loss", "120.3g",
          "(designed) toxic read as infect: Pestilent Syphoner unblocked gives bob a poison counter and costs "
          "him no life",
          _toxic_replaces_the_life_loss,
          case({"alice": {"battlefield": _SYPHONER}}, _SYPHONER_ATTACKS)),
    Fault("toxic_counts_the_damage", "120.3g",
          "(designed) toxic gives a poison counter for each point of combat damage, not the total toxic value: "
          "Pestilent Syphoner given +3/+3 by Giant Growth gives bob four",
          _toxic_counts_the_damage,
          case({"alice": {"battlefield": _SYPHONER, "hand": cards(("Giant Growth", "growth")), "mana": "{G}"}},
               [{"cast": {"card": "growth", "targets": ["syphoner"], "pay": "{G}"}}, {"resolve": {}}]
               + _SYPHONER_ATTACKS)),
    Fault("toxic_read_from_the_printed_card", "120.3g",
          "(designed) toxic is read from the printed card, not the creature as it is: Pestilent Syphoner turned "
          "into an ability-less Frog by Turn to Frog still gives bob a poison counter",
          _toxic_read_from_the_printed_card,
          case({"alice": {"battlefield": cards(("Pestilent Syphoner", "syphoner"))},
                "bob": {"hand": cards(("Turn to Frog", "frog")), "mana": "{U}{C}"}},
               [{"cast": {"card": "frog", "by": "bob", "targets": ["syphoner"], "pay": "{U}{C}"}}, {"resolve": {}},
                {"declare_attackers": {"attackers": [{"card": "syphoner", "attacks": "bob"}]}},
                {"declare_blockers": {"blockers": []}}, {"advance": {"to": "end_of_combat"}}])),
    Fault("toxic_on_noncombat_damage", "120.3g",
          "(designed) toxic gives poison counters for noncombat damage too: Pestilent Syphoner dying with Stalking "
          "Vengeance out deals 1 damage to bob and gives him a poison counter",
          _toxic_on_noncombat_damage,
          case({"alice": {"battlefield": cards(("Stalking Vengeance", "vengeance"), ("Pestilent Syphoner", "syphoner")),
                          "hand": cards(("Shock", "shock")), "mana": "{R}"}},
               [{"cast": {"card": "shock", "targets": ["syphoner"], "pay": "{R}"}},
                {"resolve": {"choices": {"trigger_targets": [{"source": "vengeance", "targets": ["bob"]}]}}},
                {"resolve": {}}])),
    Fault("toxic_poisons_the_blockers_controller", "120.3g",
          "(designed) combat damage dealt to a creature by a creature with toxic gives that creature's controller "
          "poison counters: Giant Spider blocking Pestilent Syphoner gives bob one",
          _toxic_poisons_the_blockers_controller,
          case({"alice": {"battlefield": _SYPHONER}, "bob": {"battlefield": cards(("Giant Spider", "spider"))}},
               [{"declare_attackers": {"attackers": [{"card": "syphoner", "attacks": "bob"}]}},
                {"declare_blockers": {"blockers": [{"card": "spider", "blocks": "syphoner"}]}},
                {"advance": {"to": "end_of_combat"}}])),
]


def _deathtouch_destroys_a_planeswalker(stack, run):
    """Damage from a source with deathtouch destroys a planeswalker it is dealt to, as it would a
    creature."""
    has = locate.obj("source_has_keyword")

    def make(deal):
        def faulty(game, source, ref, amount, *a, **k):
            deal(game, source, ref, amount, *a, **k)
            o = game.objs.get(ref) if isinstance(ref, int) else None
            if (o is not None and o.zone == "battlefield" and "Planeswalker" in o.card.types and amount > 0
                    and source is not None and has(source, "deathtouch", game)):
                game.move(o, "graveyard")  # destroyed (701.8a)
        return faulty
    locate.patch(stack, "deal_damage", make)


FAULTS += [
    Fault("deathtouch_destroys_a_planeswalker", "120.3c",
          "(designed) damage from a source with deathtouch destroys a planeswalker as it would a creature: "
          "Gifted Aetherborn's 2 damage through Stalking Vengeance destroys bob's Jace Beleren at 3 loyalty",
          _deathtouch_destroys_a_planeswalker,
          case({"alice": {"battlefield": cards(("Stalking Vengeance", "vengeance"),
                                               ("Gifted Aetherborn", "aetherborn")),
                          "hand": cards(("Lightning Bolt", "bolt")), "mana": "{R}"},
                "bob": {"battlefield": [_JACE]}},
               [{"cast": {"card": "bolt", "targets": ["aetherborn"], "pay": "{R}"}},
                {"resolve": {"choices": {"trigger_targets": [{"source": "vengeance", "targets": ["jace"]}]}}},
                {"resolve": {}}])),
]
