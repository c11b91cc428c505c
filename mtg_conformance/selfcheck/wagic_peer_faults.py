"""Faulty engines for the rules the Wagic peer tests pin (spec/rules/peer-tests-wagic.yaml) where no
other fault breaks them: lifelink, trample, indestructible, summoning sickness, lethal damage and
toughness 0 (704.5f-g), damage to players, destruction, "can't be countered", countering, affinity,
copy effects, token creation, pump effects, "another creature enters" triggers and the mana
abilities of a permanent that lost its abilities. Each is designed (no report): one way an engine
gets the rule wrong. The peer-test claims that existing faults drop are in wagic_claims.py.
"""

from __future__ import annotations

from dataclasses import replace
from unittest import mock

from . import locate
from .combat_faults import _kw, _second_step_deals
from .fault import Fault, cards, case

W = "peers-wagic/"


def _without_keyword(keyword: str, *names: str, where: str = "deal_damage"):
    """The keyword queries `names` of the module defining `where` never find `keyword`."""
    def install(stack, run):
        module = locate.module_of(where)
        for name in names:
            original = vars(module)[name]

            def faulty(*args, _original=original, **kwargs):
                if keyword in args:
                    return False
                return _original(*args, **kwargs)
            stack.enter_context(mock.patch.object(module, name, faulty))
    return install


def _sick_creatures_attack(stack, run):
    """Summoning sickness (302.6) is not checked for attackers."""
    def make(declare):
        def faulty(game, args):
            for oid in game.battlefield:
                game.objs[oid].sick = False
            return declare(game, args)
        return faulty
    locate.patch(stack, "declare_attackers", make)


def _lethal_needs_more_than_toughness(stack, run):
    """A creature is destroyed only when the damage marked on it exceeds its toughness."""
    def make(sba):
        def faulty(game):
            lowered = [game.objs[oid] for oid in game.battlefield if game.objs[oid].damage > 0]
            for o in lowered:
                o.damage -= 1
            try:
                sba(game)
            finally:
                for o in lowered:
                    if o.zone == "battlefield":
                        o.damage += 1
        return faulty
    locate.patch(stack, "state_based_actions", make)


def _indestructible_skips_every_death(stack, run):
    """An indestructible creature is never put into the graveyard by a state-based action, not even
    at toughness 0 (704.5f is not destruction)."""
    has_keyword = locate.obj("has_keyword")

    def make(sba):
        def faulty(game):
            kept = [oid for oid in game.battlefield if has_keyword(game.objs[oid], "indestructible", game)]
            for oid in kept:
                game.battlefield.remove(oid)
            try:
                sba(game)
            finally:
                for oid in kept:
                    if oid not in game.battlefield:
                        game.battlefield.append(oid)
        return faulty
    locate.patch(stack, "state_based_actions", make)


def _players_take_no_damage(stack, run):
    """Damage dealt to a player does nothing (120.3a)."""
    def make(deal):
        def faulty(game, source, ref, amount):
            if isinstance(ref, str):
                return None
            return deal(game, source, ref, amount)
        return faulty
    locate.patch(stack, "deal_damage", make)


def _destroyed_permanents_exiled(stack, run):
    """Destroying a permanent exiles it instead of putting it into its owner's graveyard (701.8a)."""
    module = locate.module_of("state_based_actions")
    destroy = vars(module)["destroy"]

    def faulty(game, o, *args, **kwargs):
        result = destroy(game, o, *args, **kwargs)
        if o.zone == "graveyard":
            game.move(o, "exile")
        return result
    stack.enter_context(mock.patch.object(module, "destroy", faulty))


def _combat_ignores(*keywords: str):
    """Combat (attacks, blocks, damage) ignores these keywords."""
    def install(stack, run):
        module = locate.module_of("deal_combat_damage")
        keyword_test = vars(module)["keyword_test"]

        def faulty(game):
            kw = keyword_test(game)
            return lambda o, keyword: False if keyword in keywords else kw(o, keyword)
        stack.enter_context(mock.patch.object(module, "keyword_test", faulty))
    return install


def _sacrifice_costs_skipped(stack, run):
    """"Sacrifice a creature" in a cost is accepted but the creature stays (701.21a)."""
    def make(pay):
        def faulty(game, caster, costs, x, choices, name, spell_colors=()):
            kept = tuple(c for c in costs if c.action != "sacrifice")
            rest = {k: v for k, v in choices.items() if k != "sacrifice_cost"}
            return pay(game, caster, kept, x, rest, name, spell_colors)
        return faulty
    locate.patch(stack, "pay_permanent_costs", make)


def _unless_payment_ignored(stack, run):
    """"Counter target spell unless its controller pays {X}": when the controller pays, nothing
    is paid (and the spell is not countered), 118.12a."""
    def make(apply):
        def faulty(self, ctx):
            if self.unless is not None and ctx.choices.get("pay_unless"):
                return None
            return apply(self, ctx)
        return faulty
    locate.patch_method(stack, "CounterSpell", "apply", make)


def _everything_can_be_countered(stack, run):
    """"This spell can't be countered" is ignored (101.2)."""
    locate.patch(stack, "can_be_countered", lambda _original: lambda o: True)


def _countering_does_nothing(stack, run):
    """A countering effect leaves the spell on the stack, where it resolves (701.6a)."""
    locate.patch(stack, "counter_spell", lambda _original: lambda game, o, by, dest="graveyard": None)


def _affinity_counts_one(stack, run):
    """A self cost reduction "for each" thing counts one, whatever the number (702.41a)."""
    def make(amount_for):
        def faulty(self, game, caster, n_targets):
            full = amount_for(self, game, caster, n_targets)
            return max(full, self.amount) if self.per is not None and full else full
        return faulty
    locate.patch_method(stack, "SelfCostModifier", "amount_for", make)


def _copy_without_abilities(stack, run):
    """A copy effect (Clone) copies name, types and power/toughness but none of the abilities (707.2)."""
    def make(copiable):
        def faulty(game, target):
            card = copiable(game, target)
            return replace(card, keywords=frozenset(), triggers=(), statics=(), activated=(), mana_abilities=())
        return faulty
    locate.patch(stack, "copiable_values", make)


def _one_token_per_effect(stack, run):
    """An effect that creates N tokens creates one (111.1)."""
    def make(apply):
        def faulty(self, ctx):
            return apply(replace(self, n=1), ctx)
        return faulty
    locate.patch_method(stack, "CreateTokens", "apply", make)


def _pump_does_nothing(stack, run):
    """"Target creature gets +N/+N until end of turn" changes nothing (613.4c)."""
    locate.patch_method(stack, "Pump", "apply", lambda _original: lambda self, ctx: None)


def _left_permanents_see_entering(stack, run):
    """"Whenever another creature enters" abilities trigger from cards in graveyards too: a Soul
    Warden killed in response still sees the creature enter (603.6a: only permanents on the
    battlefield are checked)."""
    module = locate.module_of("emit")
    emit = vars(module)["emit"]

    def faulty(game, event):
        if event.kind != "enters":
            return emit(game, event)
        extra = [oid for p in game.players.values() for oid in p.graveyard]
        game.battlefield.extend(extra)
        try:
            return emit(game, event)
        finally:
            for oid in extra:
                if oid in game.battlefield:
                    game.battlefield.remove(oid)
    stack.enter_context(mock.patch.object(module, "emit", faulty))
    stack.enter_context(mock.patch.object(module, "any_triggered_ability", lambda game: True))


def _only_strikers_deal_in_the_second_step(game, o, answer):
    """In the second combat damage step only creatures with first strike or double strike deal
    damage, so a blocker without first strike that survived the first step deals none."""
    return answer and (_kw(o, "first strike", game) or _kw(o, "double strike", game))


def _countered_spells_exiled(stack, run):
    """A countered spell is exiled, wherever the countering effect says it goes (701.6a)."""
    locate.patch(stack, "counter_spell",
                 lambda original: lambda game, o, by, dest="graveyard": original(game, o, by, "exile"))


def _colored_cost_changes_ignored(stack, run):
    """Cost increases and reductions of colored mana ("cost {W} more", "costs {G} less for each")
    change nothing (601.2f)."""
    for cls in ("CostModifier", "SelfCostModifier"):
        def make(amount_for):
            def faulty(self, *args):
                return 0 if self.color is not None else amount_for(self, *args)
            return faulty
        locate.patch_method(stack, cls, "amount_for", make)


def _static_prevention_ignored(stack, run):
    """Static prevention effects of permanents (Fog Bank, Bubble Matrix) prevent nothing (615.1a)."""
    module = locate.module_of("prevent")
    stack.enter_context(mock.patch.object(module, "_statically_prevented", lambda game, source, recipient: False))


def _conditional_keywords_always_on(stack, run):
    """"Has <keyword> as long as <condition>" gives the keyword whether or not the condition holds."""
    locate.patch_method(stack, "SelfKeywordsWhile", "grant_for",
                        lambda _original: lambda self, game, src, o: self.keywords if o.oid == src.oid else ())


def _auras_stay_when_their_creature_leaves(stack, run):
    """An Aura whose creature left the battlefield stays on the battlefield, attached to nothing
    (704.5m not applied)."""
    module = locate.module_of("state_based_actions")
    stack.enter_context(mock.patch.object(module, "enchanted_object", lambda game, aura: True))


def _damage_triggers_never_trigger(stack, run):
    """Abilities that trigger on a creature dealing damage never trigger (603.2)."""
    module = locate.module_of("state_based_actions")
    stack.enter_context(mock.patch.object(module, "_damage_dealt", lambda game, source, amount: None))


class _Nothing:
    """A class no static ability is an instance of (to switch a kind of static off)."""


def _ignore_static(kind: str, where: str):
    """The module defining `where` no longer recognises statics of class `kind`."""
    def install(stack, run):
        stack.enter_context(mock.patch.object(locate.module_of(where), kind, _Nothing))
    return install


def _morbid_always_on(stack, run):
    """"If a creature died this turn" is always true (603.4)."""
    locate.patch_method(stack, "CreatureDiedThisTurn", "__call__", lambda _original: lambda self, ctx: True)


def _added_mana_lost(stack, run):
    """"Add {C}{C}{C}" from a triggered ability adds nothing (106.4)."""
    locate.patch_method(stack, "AddMana", "apply", lambda _original: lambda self, ctx: None)


def _graveyard_replacements_ignored(stack, run):
    """"If [it] would be put into a graveyard ..., exile it instead" is not applied (614.1a)."""
    locate.patch_method(stack, "Game", "_graveyard_replacement",
                        lambda _original: lambda self, o, zone_was: "graveyard")


def _this_turn_prevention_ignored(stack, run):
    """"Prevent all damage that would be dealt this turn to you and creatures you control" does nothing."""
    locate.patch_method(stack, "PreventAllDamageToThisTurn", "apply", lambda _original: lambda self, ctx: None)


def _modular_moves_nothing(stack, run):
    """Modular's trigger moves no counter (its "for each +1/+1 counter" reads the creature in the
    graveyard, which has none: 603.10a not applied)."""
    locate.patch_method(stack, "LeftCounters", "__call__", lambda _original: lambda self, ctx: 0)


def _regenerated_stays_in_combat(stack, run):
    """A regenerated creature is tapped and its damage removed but it stays in combat (701.19a)."""
    def make(_original):
        def faulty(game, o):
            key = (o.oid, o.moves)
            if key not in game.regen_shields or key in game.no_regen:
                return False
            shields = list(game.regen_shields)
            shields.remove(key)
            game.regen_shields = tuple(shields)
            o.damage, o.tapped = 0, True
            return True
        return faulty
    locate.patch(stack, "regenerated", make)


def _cant_be_regenerated_ignored(stack, run):
    """"It can't be regenerated this turn" does nothing: a shield still saves it (701.19c)."""
    locate.patch_method(stack, "CantBeRegeneratedThisTurn", "apply", lambda _original: lambda self, ctx: None)


def _lost_abilities_keep_mana_abilities(stack, run):
    """A permanent that lost all its abilities (Ovinize, 613.1f) can still be tapped for mana."""
    module = locate.module_of("_step_tap_for_mana")
    stack.enter_context(mock.patch.object(module, "needs_layers", lambda game: False))


_BEARS = "Grizzly Bears"

FAULTS = [
    Fault("lifelink_ignored", "702.15b", "damage dealt by a source with lifelink gains its controller no life",
          _without_keyword("lifelink", "source_has_keyword", "own_keyword"),
          case({"alice": {"battlefield": cards(("Rhox War Monk", "monk"))}},
               [{"declare_attackers": {"attackers": [{"card": "monk"}]}}, {"advance": {"to": "end_of_combat"}}])),
    Fault("trample_ignored", "702.19b", "a blocked creature with trample assigns all its damage to its blockers",
          _without_keyword("trample", "has_keyword", "own_keyword", where="_assign_and_deal"),
          case({"alice": {"battlefield": cards(("Crash of Rhinos", "rhinos"))},
                "bob": {"battlefield": cards((_BEARS, "bears"))}},
               [{"declare_attackers": {"attackers": [{"card": "rhinos"}]}},
                {"declare_blockers": {"blockers": [{"card": "bears", "blocks": "rhinos"}]}},
                {"advance": {"to": "end_of_combat"}}])),
    Fault("indestructible_ignored", "702.12b", "an indestructible creature dealt lethal damage is destroyed",
          _without_keyword("indestructible", "has_keyword", where="state_based_actions"),
          case({"alice": {"battlefield": cards(("Darksteel Myr", "myr"))},
                "bob": {"battlefield": cards(("Runeclaw Bear", "bear"))}},
               [{"declare_attackers": {"attackers": [{"card": "myr"}]}},
                {"declare_blockers": {"blockers": [{"card": "bear", "blocks": "myr"}]}},
                {"advance": {"to": "end_of_combat"}}])),
    Fault("indestructible_survives_zero_toughness", "704.5f",
          "an indestructible creature at toughness 0 stays on the battlefield (as if 704.5f destroyed it)",
          _indestructible_skips_every_death,
          case({"alice": {"battlefield": cards(("Darksteel Myr", "myr")), "hand": cards(("Last Gasp", "gasp")),
                          "mana": "{B}{B}"}},
               [{"cast": {"card": "gasp", "targets": ["myr"], "pay": "{B}{B}"}}, {"resolve": {}}])),
    Fault("summoning_sick_creature_attacks", "302.6", "a creature that came under its controller's control "
          "this turn can attack", _sick_creatures_attack,
          case({"alice": {"hand": cards((_BEARS, "bears")), "mana": "{G}{G}"}},
               [{"cast": {"card": "bears", "pay": "{G}{G}"}}, {"resolve": {}},
                {"declare_attackers": {"attackers": [{"card": "bears"}]}}])),
    Fault("lethal_damage_must_exceed_toughness", "704.5g", "a creature is destroyed only by damage greater "
          "than its toughness, not equal to it", _lethal_needs_more_than_toughness,
          case({"alice": {"hand": cards(("Shock", "shock")), "mana": "{R}"},
                "bob": {"battlefield": cards((_BEARS, "bears"))}},
               [{"cast": {"card": "shock", "targets": ["bears"], "pay": "{R}"}}, {"resolve": {}}])),
    Fault("players_take_no_damage", "120.3a", "damage dealt to a player makes them lose no life",
          _players_take_no_damage,
          case({"alice": {"hand": cards(("Shock", "shock")), "mana": "{R}"}},
               [{"cast": {"card": "shock", "targets": ["bob"], "pay": "{R}"}}, {"resolve": {}}])),
    Fault("destroyed_permanents_exiled", "701.8a", "a destroyed permanent is exiled instead of put into its "
          "owner's graveyard", _destroyed_permanents_exiled,
          case({"alice": {"hand": cards(("Terror", "terror")), "mana": "{B}{B}"},
                "bob": {"battlefield": cards((_BEARS, "bears"))}},
               [{"cast": {"card": "terror", "targets": ["bears"], "pay": "{B}{B}"}}, {"resolve": {}}])),
    Fault("cant_be_countered_ignored", "101.2", "a spell that can't be countered is countered all the same",
          _everything_can_be_countered,
          case({"alice": {"hand": cards(("Great Sable Stag", "stag")), "mana": "{G}{G}{G}"},
                "bob": {"hand": cards(("Counterspell", "counterspell")), "mana": "{U}{U}"}},
               [{"cast": {"card": "stag", "pay": "{G}{G}{G}"}},
                {"cast": {"card": "counterspell", "by": "bob", "targets": ["stag"], "pay": "{U}{U}"}},
                {"pass_until_empty": {}}])),
    Fault("countered_spell_still_resolves", "701.6a", "a countered spell stays on the stack and resolves",
          _countering_does_nothing,
          case({"alice": {"hand": cards(("Bad Moon", "moon")), "mana": "{B}{C}"},
                "bob": {"hand": cards(("Counterspell", "counterspell")), "mana": "{U}{U}"}},
               [{"cast": {"card": "moon", "pay": "{B}{C}"}},
                {"cast": {"card": "counterspell", "by": "bob", "targets": ["moon"], "pay": "{U}{U}"}},
                {"pass_until_empty": {}}])),
    Fault("affinity_counts_one", "702.41a", "affinity reduces the cost by {1} once, not once for each "
          "permanent it counts", _affinity_counts_one,
          case({"alice": {"battlefield": cards(("Forest", "f1"), ("Forest", "f2"), ("Forest", "f3"), ("Forest", "f4")),
                          "hand": cards(("Tangle Golem", "golem")), "mana": "{C}{C}{C}{C}{C}{C}"}},
               [{"cast": {"card": "golem"}}])),
    Fault("copy_without_abilities", "707.2", "a copy effect copies a creature's name, types and power and "
          "toughness but not its abilities", _copy_without_abilities,
          case({"alice": {"battlefield": cards(("Canopy Spider", "spider")), "hand": cards(("Clone", "clone")),
                          "mana": "{U}{C}{C}{C}"}},
               [{"cast": {"card": "clone", "pay": "{U}{C}{C}{C}"}}, {"resolve": {"choices": {"clone": "spider"}}}])),
    Fault("one_token_per_effect", "111.1", "an effect that creates several tokens creates one",
          _one_token_per_effect,
          case({"alice": {"hand": cards(("Dragon Fodder", "fodder")), "mana": "{R}{C}"}},
               [{"cast": {"card": "fodder", "pay": "{R}{C}"}}, {"resolve": {}}])),
    Fault("pump_does_nothing", "613.4c", "\"gets +N/+N until end of turn\" does not change power and toughness",
          _pump_does_nothing,
          case({"alice": {"battlefield": cards((_BEARS, "bears")), "hand": cards(("Giant Growth", "growth")),
                          "mana": "{G}"}},
               [{"cast": {"card": "growth", "targets": ["bears"], "pay": "{G}"}}, {"resolve": {}}])),
    Fault("left_permanents_see_entering", "603.6a", "\"whenever another creature enters\" abilities of cards "
          "in graveyards trigger too", _left_permanents_see_entering,
          case({"alice": {"graveyard": cards(("Soul Warden", "warden")), "hand": cards(("Tundra Wolves", "wolves")),
                          "mana": "{W}"}},
               [{"cast": {"card": "wolves", "pay": "{W}"}}, {"pass_until_empty": {}}])),
    Fault("lost_abilities_keep_mana_abilities", "613.1f", "a permanent that lost all its abilities can still be "
          "tapped for mana", _lost_abilities_keep_mana_abilities,
          case({"alice": {"battlefield": cards(("Llanowar Elves", "elves")), "hand": cards(("Ovinize", "ovinize")),
                          "mana": "{U}{C}"}},
               [{"cast": {"card": "ovinize", "targets": ["elves"], "pay": "{U}{C}"}}, {"resolve": {}},
                {"tap_for_mana": {"permanents": ["elves"]}}])),
    Fault("first_strike_ignored", "702.7b", "combat damage ignores first strike: a creature with first strike "
          "deals its damage at the same time as the others", _combat_ignores("first strike"),
          case({"alice": {"battlefield": cards(("White Knight", "knight"))},
                "bob": {"battlefield": cards((_BEARS, "bears"))}},
               [{"declare_attackers": {"attackers": [{"card": "knight"}]}},
                {"declare_blockers": {"blockers": [{"card": "bears", "blocks": "knight"}]}},
                {"advance": {"to": "end_of_combat"}}])),
    Fault("second_step_only_for_strikers", "702.7b", "in the second combat damage step only creatures with "
          "first strike or double strike deal damage", _second_step_deals(_only_strikers_deal_in_the_second_step),
          case({"alice": {"battlefield": cards(("White Knight", "knight"))},
                "bob": {"battlefield": cards(("Fire Elemental", "elemental"))}},
               [{"declare_attackers": {"attackers": [{"card": "knight"}]}},
                {"declare_blockers": {"blockers": [{"card": "elemental", "blocks": "knight"}]}},
                {"advance": {"to": "end_of_combat"}}])),
    Fault("countered_spells_exiled", "701.6a", "a countered spell is exiled instead of put into its owner's "
          "graveyard", _countered_spells_exiled,
          case({"alice": {"hand": cards(("Bad Moon", "moon")), "mana": "{B}{C}"},
                "bob": {"hand": cards(("Counterspell", "counterspell")), "mana": "{U}{U}"}},
               [{"cast": {"card": "moon", "pay": "{B}{C}"}},
                {"cast": {"card": "counterspell", "by": "bob", "targets": ["moon"], "pay": "{U}{U}"}},
                {"pass_until_empty": {}}])),
    Fault("sacrifice_costs_skipped", "701.21a", "a sacrifice cost is accepted but the sacrificed creature stays on "
          "the battlefield", _sacrifice_costs_skipped,
          case({"alice": {"battlefield": cards(("Nantuko Husk", "husk"), (_BEARS, "bears"))}},
               [{"activate": {"card": "husk", "choices": {"sacrifice_cost": ["bears"]}}}, {"resolve": {}}])),
    Fault("unless_payment_ignored", "118.12a", "paying for \"counter unless its controller pays\" takes no mana",
          _unless_payment_ignored,
          case({"alice": {"hand": cards(("Bad Moon", "moon")), "mana": "{B}{C}{C}{C}"},
                "bob": {"battlefield": cards((_BEARS, "bears")), "hand": cards(("Spell Rupture", "rupture")),
                        "mana": "{U}{C}"}},
               [{"cast": {"card": "moon", "pay": "{B}{C}"}},
                {"cast": {"card": "rupture", "by": "bob", "targets": ["moon"], "pay": "{U}{C}"}},
                {"resolve": {"choices": {"pay_unless": True}}}])),
    Fault("colored_cost_changes_ignored", "601.2f", "cost increases and reductions of colored mana are not "
          "added to or taken from the total cost", _colored_cost_changes_ignored,
          case({"alice": {"battlefield": cards(("Alabaster Leech", "leech")),
                          "hand": cards(("Savannah Lions", "lions")), "mana": "{W}{W}"}},
               [{"cast": {"card": "lions"}}])),
    Fault("static_prevention_ignored", "615.1a", "static \"prevent all damage\" abilities of permanents prevent "
          "nothing", _static_prevention_ignored,
          case({"alice": {"battlefield": cards(("Bubble Matrix", "matrix"), (_BEARS, "bears")),
                          "hand": cards(("Shock", "shock")), "mana": "{R}"}},
               [{"cast": {"card": "shock", "targets": ["bears"], "pay": "{R}"}}, {"resolve": {}}])),
    Fault("conditional_keywords_always_on", "611.3a", "\"has <keyword> as long as <condition>\" gives the keyword "
          "even while the condition does not hold", _conditional_keywords_always_on,
          case({"alice": {"battlefield": cards(("Rakdos Pit Dragon", "dragon")),
                          "hand": cards(("White Knight", "knight"))}},
               [{"declare_attackers": {"attackers": [{"card": "dragon"}]}}, {"advance": {"to": "end_of_combat"}}])),
    Fault("auras_stay_when_their_creature_leaves", "704.5m", "an Aura whose creature left the battlefield stays "
          "on the battlefield", _auras_stay_when_their_creature_leaves,
          case({"alice": {"battlefield": cards(("Llanowar Elves", "elves")),
                          "hand": cards(("Rancor", "rancor"), ("Shock", "shock")), "mana": "{G}{R}"}},
               [{"cast": {"card": "rancor", "targets": ["elves"], "pay": "{G}"}}, {"resolve": {}},
                {"cast": {"card": "shock", "targets": ["elves"], "pay": "{R}"}}, {"pass_until_empty": {}}])),
    Fault("damage_triggers_never_trigger", "603.2", "\"whenever enchanted creature deals damage\" abilities never "
          "trigger", _damage_triggers_never_trigger,
          case({"alice": {"battlefield": cards((_BEARS, "bears")), "hand": cards(("Spirit Link", "link")),
                          "mana": "{W}"}},
               [{"cast": {"card": "link", "targets": ["bears"], "pay": "{W}"}}, {"resolve": {}},
                {"declare_attackers": {"attackers": [{"card": "bears"}]}}, {"advance": {"to": "end_of_combat"}}])),
    Fault("token_doubling_applied_once", "616.1f", "token-doubling replacement effects are not applied: an "
          "effect creates the tokens it says, whatever doubles them", _ignore_static("TokensDoubled", "CreateTokens"),
          case({"alice": {"battlefield": cards(("Parallel Lives", "lives")), "hand": cards(("Dragon Fodder", "fodder")),
                          "mana": "{R}{C}"}},
               [{"cast": {"card": "fodder", "pay": "{R}{C}"}}, {"resolve": {}}])),
    Fault("morbid_always_on", "603.4", "\"if a creature died this turn\" is treated as always true",
          _morbid_always_on,
          case({"alice": {"hand": cards(("Hollowhenge Scavenger", "scavenger")), "mana": "{G}{G}{C}{C}{C}"}},
               [{"cast": {"card": "scavenger", "pay": "{G}{G}{C}{C}{C}"}}, {"pass_until_empty": {}}])),
    Fault("blocking_restriction_ignored", "509.1b", "\"can't block creatures with power N or greater\" is not "
          "checked", _ignore_static("CantBlockPowerAtLeast", "declare_blockers"),
          case({"alice": {"battlefield": cards(("Mist Leopard", "leopard"))},
                "bob": {"battlefield": cards(("Ironclaw Orcs", "orcs"))}},
               [{"declare_attackers": {"attackers": [{"card": "leopard"}]}},
                {"declare_blockers": {"blockers": [{"card": "orcs", "blocks": "leopard"}]}}])),
    Fault("added_mana_lost", "106.4", "mana a triggered ability adds never reaches the pool", _added_mana_lost,
          case({"alice": {"hand": cards(("Lightning Bolt", "bolt")), "mana": "{R}"},
                "bob": {"battlefield": cards(("Cathodion", "cathodion"))}},
               [{"cast": {"card": "bolt", "targets": ["cathodion"], "pay": "{R}"}}, {"pass_until_empty": {}}])),
    Fault("graveyard_replacements_ignored", "614.1a", "\"exile it instead\" replacement effects on going to a "
          "graveyard are not applied", _graveyard_replacements_ignored,
          case({"alice": {"battlefield": cards((_BEARS, "bears")), "hand": cards(("Magma Spray", "spray")),
                          "mana": "{R}"}},
               [{"cast": {"card": "spray", "targets": ["bears"], "pay": "{R}"}}, {"resolve": {}}])),
    Fault("this_turn_prevention_ignored", "615.3", "a spell that prevents all damage this turn to its controller "
          "and their creatures prevents nothing", _this_turn_prevention_ignored,
          case({"alice": {"hand": cards(("Safe Passage", "passage"), ("Lightning Bolt", "bolt")),
                          "mana": "{W}{R}{C}{C}"}},
               [{"cast": {"card": "passage", "pay": "{W}{C}{C}"}}, {"resolve": {}},
                {"cast": {"card": "bolt", "targets": ["alice"], "pay": "{R}"}}, {"resolve": {}}])),
    Fault("modular_moves_nothing", "702.43a", "modular's trigger moves no counters (it counts them on the card "
          "in the graveyard instead of as the permanent last existed)", _modular_moves_nothing,
          case({"alice": {"battlefield": [{"card": "Arcbound Worker", "label": "worker", "counters": {"+1/+1": 1}},
                                          {"card": "Ornithopter", "label": "thopter"}],
                          "hand": cards(("Shock", "shock")), "mana": "{R}"}},
               [{"cast": {"card": "shock", "targets": ["worker"], "pay": "{R}"}},
                {"pass_until_empty": {"choices": {"trigger_targets": [
                    {"source": "worker", "targets": ["thopter"]}]}}}])),
    Fault("regenerated_stays_in_combat", "701.19a", "a regenerated creature stays in combat (it is only tapped "
          "and its damage removed; the report: a regenerated Skyshroud Troll still dealt its combat damage)",
          _regenerated_stays_in_combat,
          case({"alice": {"battlefield": cards(("Hearthfire Hobgoblin", "hobgoblin"))},
                "bob": {"battlefield": cards(("Drudge Skeletons", "skeletons"), ("Swamp", "swamp"))}},
               [{"declare_attackers": {"attackers": [{"card": "hobgoblin"}]}},
                {"tap_for_mana": {"permanents": ["swamp"]}},
                {"activate": {"card": "skeletons", "pay": "{B}"}}, {"resolve": {}},
                {"declare_blockers": {"blockers": [{"card": "skeletons", "blocks": "hobgoblin"}]}},
                {"advance": {"to": "end_of_combat"}}])),
    Fault("cant_be_regenerated_ignored", "701.19c", "\"can't be regenerated this turn\" does not stop a "
          "regeneration shield", _cant_be_regenerated_ignored,
          case({"alice": {"battlefield": cards(("Child of Gaea", "child")),
                          "hand": cards(("Deathmark", "deathmark"), ("Incinerate", "incinerate")),
                          "mana": "{B}{R}{G}{C}{C}"}},
               [{"cast": {"card": "incinerate", "targets": ["child"], "pay": "{R}{C}"}}, {"resolve": {}},
                {"activate": {"card": "child", "pay": "{G}{C}"}}, {"resolve": {}},
                {"cast": {"card": "deathmark", "targets": ["child"], "pay": "{B}"}}, {"resolve": {}}])),
]

# the claims each of these faults drops (merged into claims.DROPS by wagic_claims.py)
DROPS: dict[str, tuple[str, ...]] = {
    "cant_be_regenerated_ignored": (W + "cant-be-regenerated#they-cause-regeneration-shields-to-not",),
    "regenerated_stays_in_combat": (W + "regeneration#instead-remove-all-damage-marked-on",),
    "modular_moves_nothing": (W + "modular#you-may-put-a-1-1",),
    "graveyard_replacements_ignored": (W + "replacement-effects#effects-that-use-the-word-instead",),
    "this_turn_prevention_ignored": (W + "prevention-this-turn#there-are-no-special-restrictions-on",),
    "token_doubling_applied_once": (W + "token-doubling#this-process-is-repeated",),
    "morbid_always_on": (W + "intervening-if#a-triggered-ability-may-read-when",),
    "blocking_restriction_ignored": (W + "blocking-restrictions#the-defending-player-checks-each-creature",),
    "added_mana_lost": (W + "mana-from-a-trigger#when-an-effect-instructs-a-player",),
    "auras_stay_when_their_creature_leaves": (W + "aura-leaves-with-its-creature#is-not-attached-to-an-object",),
    "damage_triggers_never_trigger": (W + "damage-triggers#that-ability-automatically-triggers",),
    "conditional_keywords_always_on": (W + "static-abilities-not-locked-in#it-applies-at-any-given-moment",),
    "colored_cost_changes_ignored": (W + "total-cost#plus-all-additional-costs-and-cost",),
    "static_prevention_ignored": (W + "prevention-effects#indicate-what-damage-will-not-be",),
    "landwalk_ignored": (W + "landwalk#can-t-be-blocked-as-long",),
    "sacrifice_costs_skipped": (W + "sacrifice#its-controller-moves-it-from-the",),
    "unless_payment_ignored": (W + "counter-unless-pays#if-that-player-doesn-t-do",),
    "first_strike_ignored": (W + "first-strike#the-only-creatures-that-assign-combat",),
    "lifelink_ignored": (W + "lifelink#causes-that-source-s-controller-or",),
    "trample_ignored": (W + "trample#any-excess-damage-is-assigned-as",),
    "indestructible_ignored": (W + "indestructible#aren-t-destroyed-by-lethal-damage",),
    "indestructible_survives_zero_toughness": (W + "toughness-zero#if-a-creature-has-toughness-0",),
    "summoning_sick_creature_attacks": (W + "summoning-sickness#a-creature-can-t-attack-unless",),
    "lethal_damage_must_exceed_toughness": (W + "lethal-damage#the-total-damage-marked-on-it",),
    "players_take_no_damage": (W + "damage-to-players#causes-that-player-to-lose-that",),
    "destroyed_permanents_exiled": (W + "destroy#move-it-from-the-battlefield-to",),
    "cant_be_countered_ignored": (W + "cant-be-countered#the-can-t-effect-takes-precedence",),
    "countered_spell_still_resolves": (W + "counter#it-doesn-t-resolve-and-none",),
    "affinity_counts_one": (W + "affinity#this-spell-costs-1-less-to",),
    "copy_without_abilities": (W + "copy-values#the-copy-acquires-the-copiable-values",),
    "one_token_per_effect": (W + "tokens#some-effects-put-tokens-onto-the",),
    "pump_does_nothing": (W + "modify-power-toughness#effects-and-counters-that-modify-power",),
    "left_permanents_see_entering": (W + "enters-triggers#all-permanents-on-the-battlefield-including",),
    "lost_abilities_keep_mana_abilities": (W + "ability-removal#ability-removing-effects",),
    "second_step_only_for_strikers": (W + "first-strike#the-remaining-attackers-and-blockers-that",),
    "countered_spells_exiled": (W + "counter#a-countered-spell-is-put-into",),
}
