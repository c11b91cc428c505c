"""Faulty engines that get the choices of modal spells (700.2), of costs paid with permanents
(601.2h, 118.3, 302.6, 701.21a) and of choices made as a permanent enters (614.12a) wrong."""

from __future__ import annotations

from dataclasses import replace
from unittest import mock

from reference_impl.rules.choices import Choices
from reference_impl.rules.modes import Modes
from reference_impl.rules.permanent_costs import PermanentCost
from reference_impl.rules.statics import CantCastChosenColor, EntersChoosingOpponent
from reference_impl.state.game import IllegalAction

from . import locate
from .fault import Fault, cards, case
from .fault_parts import AlwaysYes, swap
from .patching import top_copy_spell, track_casts, wrap, wrap_attr

INSCRIPTION = ("Inscription of Abundance", "ins")
BEARS = ("Balduvian Bears", "bears")


def _kicked_modes_ignored(stack, run):
    wrap_attr(stack, Modes, "bounds", lambda bounds: lambda self, kicked: bounds(self, False))


def _same_mode_twice(stack, run):
    def make(announce):
        def faulty(card, given, kicked, name):
            if isinstance(given, list) and len(set(given)) != len(given):
                given = sorted(set(given))
            return announce(card, given, kicked, name)
        return faulty
    wrap(stack, "reference_impl.rules.casting.announce_modes", make)


def _copy_loses_modes(stack, run):
    def make(copy_spell):
        def faulty(game, orig, controller, new_targets, colors):
            copy_spell(game, orig, controller, new_targets, colors)
            top_copy_spell(game, modes=())
        return faulty
    wrap(stack, "reference_impl.rules.resolution.copy_spell", make)


def _can_pay(change):
    """Patch PermanentCost.can_pay_with: `change(cost, o, caster, answer) -> answer`."""
    def install(stack, run):
        wrap_attr(stack, PermanentCost, "can_pay_with",
                  lambda can: lambda self, o, caster, colors=(): change(self, o, caster, can(self, o, caster, colors)))
    return install


def _tapped_pays(cost, o, caster, answer):
    if cost.action == "tap" and o.tapped:
        return cost.can_pay_with(_untapped(o), caster)
    return answer


def _untapped(o):
    c = o.clone()
    c.tapped = False
    return c


def _any_color_conspires(cost, o, caster, answer):
    if cost.share_color and not answer:
        return replace(cost, share_color=False).can_pay_with(o, caster)
    return answer


def _sick_cant_tap(cost, o, caster, answer):
    return answer and not (cost.action == "tap" and o.sick)


def _anyones_permanent(cost, o, caster, answer):
    if answer or o.controller == caster:
        return answer
    c = o.clone()
    c.controller = caster
    return cost.can_pay_with(c, caster)


def _no_additional_cost_with_flashback(stack, run):
    """During a flashback cast, the spell's own additional costs are left out (only the
    flashback cost's parts are paid)."""
    track_casts(stack, run)

    def make(pay):
        def faulty(game, caster, costs, x, choices, name, spell_colors=()):
            if run.alternative == "flashback" and game.stack:
                spell = game.objs.get(game.stack[-1])
                if spell is not None:
                    costs = tuple(c for c in costs if c not in spell.card.additional_costs)
            if costs:
                pay(game, caster, costs, x, choices, name, spell_colors)
        return faulty
    wrap(stack, "reference_impl.rules.casting.pay_permanent_costs", make)


def _chosen_color_binds_everyone(stack, run):
    def make(check):
        def faulty(game, o, caster, name):
            check(game, o, caster, name)
            for sid in game.battlefield:
                src = game.objs[sid]
                if (src.controller == caster and (src.chosen or {}).get("color") in o.colors()
                        and any(isinstance(st, CantCastChosenColor) for st in src.card.statics)):
                    raise IllegalAction("101.2", f"{name}: forbidden by its caster's own {src.card.name}")
        return faulty
    wrap(stack, "reference_impl.rules.casting._check_cant_cast", make)


def _no_state_triggers(stack, run):
    wrap(stack, "reference_impl.rules.actions._state_triggers", lambda _: lambda game: None)


def _controller_is_an_opponent(stack, run):
    """"Choose an opponent" accepts the controller: enter as if the other player were chosen,
    then record the controller as the chosen player."""
    def make(enter):
        def faulty(game, o, info, controller, choices):
            chosen = choices.get("opponent")
            if chosen != controller or not any(isinstance(r, EntersChoosingOpponent) for r in o.card.enters):
                return enter(game, o, info, controller, choices)
            enter(game, o, info, controller, Choices({k: v for k, v in choices.raw.items() if k != "opponent"}))
            o.chosen = {**(o.chosen or {}), "opponent": chosen}
        return faulty
    wrap(stack, "reference_impl.rules.resolution.enter_battlefield", make)


IONA_SETUP = {"hand": cards(("Unburial Rites", "rites"), ("Lightning Bolt", "bolt")),
              "graveyard": cards(("Iona, Shield of Emeria", "iona")), "mana": "{B}{B}{B}{B}{B}{R}"}

FAULTS = [
    Fault("kicked_modal_spell_still_choose_one", "700.2a",
          "\"If this spell was kicked, choose any number instead\" is ignored: a kicked modal spell "
          "still takes one mode",
          _kicked_modes_ignored,
          case({"alice": {"hand": cards(INSCRIPTION), "battlefield": cards(BEARS), "mana": "{G}{G}{G}{G}{G}"}},
               [{"cast": {"card": "ins", "kicks": 1, "modes": [0, 1], "targets": ["bears", "alice"]}}])),
    Fault("same_mode_chosen_twice", "700.2d",
          "a mode may be chosen twice (it is performed once)",
          _same_mode_twice,
          case({"alice": {"hand": cards(INSCRIPTION), "battlefield": cards(BEARS), "mana": "{G}{G}{G}{G}{G}"}},
               [{"cast": {"card": "ins", "kicks": 1, "modes": [0, 0], "targets": ["bears"]}}])),
    Fault("copy_of_modal_spell_loses_its_modes", "700.2g",
          "a copy of a modal spell has no modes: it does nothing",
          _copy_loses_modes,
          case({"alice": {"hand": cards(INSCRIPTION, ("Twincast", "twin")), "battlefield": cards(BEARS),
                          "mana": "{G}{G}{U}{U}"}},
               [{"cast": {"card": "ins", "modes": [1], "targets": ["alice"], "pay": "{G}{G}"}},
                {"cast": {"card": "twin", "targets": ["ins"], "pay": "{U}{U}"}},
                {"pass_until_empty": {}}])),
    Fault("tapped_permanent_pays_a_tap_cost", "118.3",
          "a tapped creature can be \"tapped\" again to pay a cost such as Battle Screech's flashback",
          _can_pay(_tapped_pays),
          case({"alice": {"graveyard": cards(("Battle Screech", "screech")),
                          "battlefield": [{"card": "Elite Vanguard", "label": "v"}, {"card": "Yoked Ox", "label": "ox"},
                                          {"card": "Savannah Lions", "label": "lions", "tapped": True}]}},
               [{"cast": {"card": "screech", "alternative": "flashback",
                          "choices": {"tap_cost": ["v", "ox", "lions"]}}}])),
    Fault("summoning_sick_creature_cant_pay_a_tap_cost", "302.6",
          "creatures that came under their controller's control this turn can't be tapped for a spell's cost",
          _can_pay(_sick_cant_tap),
          case({"alice": {"hand": cards(("Battle Screech", "screech"), ("Savannah Lions", "lions")),
                          "mana": "{W}{W}{W}{W}"}},
               [{"cast": {"card": "screech", "pay": "{W}{W}{W}{W}"}}, {"resolve": {"labels": ["b1", "b2"]}},
                {"put_onto_battlefield": {"card": "lions"}},
                {"cast": {"card": "screech", "alternative": "flashback",
                          "choices": {"tap_cost": ["b1", "b2", "lions"]}}}])),
    Fault("conspire_with_creatures_of_any_color", "702.78a",
          "conspire can be paid with creatures that share no color with the spell",
          _can_pay(_any_color_conspires),
          case({"alice": {"hand": cards(("Gleeful Sabotage", "sabotage")), "mana": "{G}{G}",
                          "battlefield": cards(("Llanowar Elves", "elves"), ("Savannah Lions", "lions"))},
                "bob": {"battlefield": cards(("Everflowing Chalice", "chalice"))}},
               [{"cast": {"card": "sabotage", "targets": ["chalice"], "conspire": True,
                          "choices": {"tap_cost": ["elves", "lions"]}}}])),
    Fault("opponents_permanent_pays_a_sacrifice_cost", "701.21a",
          "a sacrifice cost can be paid with a permanent another player controls",
          _can_pay(_anyones_permanent),
          case({"alice": {"hand": cards(("Altar's Reap", "reap")), "mana": "{B}{B}"},
                "bob": {"battlefield": cards(("Grizzly Bears", "bears"))}},
               [{"cast": {"card": "reap", "choices": {"sacrifice_cost": ["bears"]}}}])),
    Fault("additional_cost_skipped_with_granted_flashback", "118.8",
          "an additional cost (sacrifice a creature) is not paid when the spell is cast with flashback "
          "granted by another card",
          _no_additional_cost_with_flashback,
          case({"alice": {"hand": cards(("Snapcaster Mage", "snap")), "graveyard": cards(("Altar's Reap", "reap")),
                          "mana": "{U}{U}{B}{B}"}},
               [{"cast": {"card": "snap", "pay": "{U}{U}"}},
                {"resolve": {"choices": {"trigger_targets": [{"source": "snap", "targets": ["reap"]}]}}},
                {"resolve": {}},
                {"cast": {"card": "reap", "alternative": "flashback", "choices": {"sacrifice_cost": ["snap"]}}}])),
    Fault("chosen_color_binds_its_controller_too", "101.2",
          "Iona's \"your opponents can't cast spells of the chosen color\" also stops its controller",
          _chosen_color_binds_everyone,
          case({"alice": IONA_SETUP},
               [{"cast": {"card": "rites", "targets": ["iona"], "pay": "{B}{B}{B}{B}{B}"}},
                {"resolve": {"choices": {"color": "R"}}},
                {"cast": {"card": "bolt", "targets": ["bob"], "pay": "{R}"}}])),
    Fault("state_triggers_never_trigger", "603.8",
          "a state trigger (\"When you control no permanents of the chosen color, sacrifice this "
          "creature\") never triggers",
          _no_state_triggers,
          case({"alice": {"hand": cards(("Lurebound Scarecrow", "scarecrow")), "mana": "{C}{C}{C}"}},
               [{"cast": {"card": "scarecrow"}}, {"resolve": {"choices": {"color": "G"}}}])),
    Fault("its_controller_is_an_opponent", "102.2",
          "\"choose an opponent\" accepts the permanent's own controller",
          _controller_is_an_opponent,
          case({"alice": {"hand": cards(("The Rack", "rack")), "mana": "{C}"}},
               [{"cast": {"card": "rack"}}, {"resolve": {"choices": {"opponent": "alice"}}}])),
]


# -- more faults of this area: claims no other fault dropped (issue #30) and the rules of the
# -- Wagic and XMage peer tests (spec/rules/peer-tests-*.yaml)


class _NoColor(AlwaysYes):
    def get(self, key, default=None):
        return None if key == "color" else self._choices.get(key, default)


def _enters_color_choice_ignored(stack, run):
    """The color chosen as a permanent enters is ignored: the engine always picks white."""
    def make(replace_entering):
        def faulty(game, o, card, info, controller, choices):
            return replace_entering(game, o, card, info, controller, _NoColor(choices))
        return faulty
    locate.patch(stack, "_replace_entering", make)


FAULTS += [
    Fault("enters_color_choice_ignored", "614.12a",
          "(designed) the color chosen as a permanent enters is ignored: white is chosen whatever the player chose",
          _enters_color_choice_ignored,
          case({"alice": {"hand": cards(("Unburial Rites", "rites")),
                          "graveyard": cards(("Iona, Shield of Emeria", "iona")), "mana": "{B}{B}{B}{B}{B}"},
                "bob": {"hand": cards(("Lightning Bolt", "bolt")), "mana": "{R}"}},
               [{"cast": {"card": "rites", "targets": ["iona"], "pay": "{B}{B}{B}{B}{B}"}},
                {"resolve": {"choices": {"color": "R"}}},
                {"cast": {"card": "bolt", "by": "bob", "targets": ["alice"], "pay": "{R}"}}])),
]


# -- more faults of this area: claims no other fault dropped (issue #30) and the rules of the
# -- Wagic and XMage peer tests (spec/rules/peer-tests-*.yaml)


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


FAULTS += [
    Fault("entering_counters_not_replaced", "614.12",
          "the +1/+1 counters a creature enters with are put on it without the counter replacement effects: "
          "kicked Kavu Titan enters with three counters under Hardened Scales (designed)",
          swap("_replace_entering", _entering_counters_unreplaced),
          case({"alice": {"battlefield": cards(("Hardened Scales", "scales")),
                          "hand": cards(("Kavu Titan", "kavu")), "mana": "{G}{G}{C}{C}{C}"}},
               [{"cast": {"card": "kavu", "kicks": 1}}, {"resolve": {}}])),
]
