"""Faulty engines for "Activate only once each turn" (602.5b) and abilities acquired from other objects
(602.5c, Necrotic Ooze; spec/rules/activation-restrictions.yaml). All designed. They patch
`activated_abilities`, `activation_limit_key` (rules/activation.py) and `graveyard_creature_cards`
(state/layers.py, for the mana abilities) by name.
"""

from __future__ import annotations

from dataclasses import replace
from unittest import mock

from . import locate
from .fault import Fault, cards, case

ONCE = "activated/a-restriction-stays-with-the-object#"
ACQUIRED = "activated/an-acquired-ability-is-limited-on-its-own#"
_ROOTWALLA = cards(("Basking Rootwalla", "rootwalla"))
_PUMP = {"activate": {"card": "rootwalla", "pay": "{G}{C}"}}


def _abilities(change):
    def install(stack, run):
        locate.patch(stack, "activated_abilities", lambda original: lambda game, o: change(original, game, o))
    return install


def _key(change):
    def install(stack, run):
        locate.patch(stack, "activation_limit_key",
                     lambda original: lambda o, from_card, index: change(original, o, from_card, index))
    return install


def _unlimited(original, game, o):
    """"Activate only once each turn" is ignored."""
    return [(card, i, replace(ab, once_each_turn=False)) for card, i, ab in original(game, o)]


def _graveyard_cards(which):
    """Necrotic Ooze's mana abilities come from the graveyard cards `which(game)` lists instead of the
    creature cards in all graveyards (the layer module's binding only: its activated abilities keep
    theirs)."""
    def install(stack, run):
        stack.enter_context(mock.patch.object(locate.module_of("mana_abilities_of"), "graveyard_creature_cards", which))
    return install


# Necrotic Ooze acquires the non-mana activated abilities only: no mana ability of a card in a graveyard.
_no_acquired_mana_abilities = _graveyard_cards(lambda game: [])
# Necrotic Ooze has the abilities of every card in graveyards, not only creature cards'.
_any_card_type = _graveyard_cards(lambda game: [game.objs[oid] for player in game.players.values()
                                                for oid in player.graveyard])


def _own_only(original, game, o):
    """Necrotic Ooze acquires nothing: only a permanent's own abilities exist."""
    return [entry for entry in original(game, o) if entry[0] is None]


def _own_graveyard_only(original, game, o):
    """Necrotic Ooze acquires the abilities of creature cards in its controller's graveyard only."""
    mine = set(game.players[o.controller].graveyard)
    return [entry for entry in original(game, o) if entry[0] is None or entry[0] in mine]


# A Basking Rootwalla in each graveyard: Necrotic Ooze activates the ability it has from each.
_TWO_ROOTWALLAS = case(
    {"alice": {"battlefield": cards(("Necrotic Ooze", "ooze")), "graveyard": list(_ROOTWALLA), "mana": "{G}{C}{G}{C}"},
     "bob": {"graveyard": cards(("Basking Rootwalla", "rootwalla2"))}},
    [{"activate": {"card": "ooze", "ability": 0, "pay": "{G}{C}"}}, {"resolve": {}},
     {"activate": {"card": "ooze", "ability": 1, "pay": "{G}{C}"}}])

FAULTS = [
    Fault("activate_only_once_each_turn_ignored", "602.5b",
          "(designed) an ability that says \"Activate only once each turn\" is activated twice in a turn",
          _abilities(_unlimited),
          case({"alice": {"battlefield": list(_ROOTWALLA), "mana": "{G}{G}{C}{C}"}},
               [_PUMP, {"resolve": {}}, _PUMP]),
          claims=(ONCE + "once-each-turn",)),
    Fault("activation_limit_resets_with_its_controller", "602.5b",
          "(designed) a permanent that changed controller may activate again an ability limited to once each "
          "turn: the limit counts its controller's activations",
          _key(lambda original, o, from_card, index: (*original(o, from_card, index), o.controller)),
          case({"alice": {"battlefield": list(_ROOTWALLA), "hand": cards(("Donate", "donate")),
                          "mana": "{G}{C}{U}{C}{C}"},
                "bob": {"mana": "{G}{C}"}},
               [_PUMP, {"resolve": {}},
                {"cast": {"card": "donate", "targets": ["bob", "rootwalla"], "pay": "{U}{C}{C}"}},
                {"resolve": {}}, _PUMP]),
          claims=(ONCE + "even-if-its-controller-changes",)),
    Fault("activation_limit_follows_the_card", "400.7",
          "(designed) the once-each-turn limit follows the card: a Basking Rootwalla blinked by Ephemerate can't "
          "activate its ability again that turn",
          _key(lambda original, o, from_card, index: ("activated once", o.card.name, from_card, index)),
          case({"alice": {"battlefield": list(_ROOTWALLA), "hand": cards(("Ephemerate", "ephemerate")),
                          "mana": "{G}{C}{W}{G}{C}"}},
               [_PUMP, {"resolve": {}}, {"cast": {"card": "ephemerate", "targets": ["rootwalla"], "pay": "{W}"}},
                {"resolve": {}}, _PUMP]),
          claims=(ONCE + "to-that-object",)),
    Fault("acquired_limit_shared_by_identical_abilities", "602.5c",
          "(designed) identically worded abilities share one once-each-turn limit: Necrotic Ooze's second "
          "Basking Rootwalla ability can't be activated after the first",
          _key(lambda original, o, from_card, index: ("activated once", o.oid, o.moves, index)),
          _TWO_ROOTWALLAS,
          claims=(ACQUIRED + "not-identically-worded-abilities",)),
    Fault("acquired_limit_shared_with_the_card_on_the_battlefield", "602.5c",
          "(designed) an acquired ability shares its limit with the same card's ability on the battlefield: "
          "Necrotic Ooze can't activate Basking Rootwalla's ability once a Rootwalla on the battlefield did",
          _key(lambda original, o, from_card, index: ("activated once", "Basking Rootwalla", index)),
          case({"alice": {"battlefield": cards(("Basking Rootwalla", "rootwalla"), ("Necrotic Ooze", "ooze")),
                          "graveyard": cards(("Basking Rootwalla", "dead")), "mana": "{G}{C}{G}{C}"}},
               [_PUMP, {"resolve": {}}, {"activate": {"card": "ooze", "pay": "{G}{C}"}}]),
          claims=(ACQUIRED + "not-identically-worded-abilities",)),
    Fault("necrotic_ooze_acquires_nothing", "602.5c",
          "(designed) Necrotic Ooze has no activated abilities of the creature cards in graveyards",
          _abilities(_own_only),
          case({"alice": {"battlefield": cards(("Necrotic Ooze", "ooze")), "graveyard": list(_ROOTWALLA),
                          "mana": "{G}{C}"}},
               [{"activate": {"card": "ooze", "pay": "{G}{C}"}}]),
          claims=(ACQUIRED + "acquired-keeps-its-restriction",)),
    Fault("necrotic_ooze_reads_its_controllers_graveyard_only", "602.5c",
          "(designed) Necrotic Ooze has the activated abilities of the creature cards in its controller's "
          "graveyard only, not all graveyards",
          _abilities(_own_graveyard_only),
          _TWO_ROOTWALLAS,
          claims=(ACQUIRED + "not-identically-worded-abilities",)),
    Fault("necrotic_ooze_without_mana_abilities", "613.1f",
          "(designed) Necrotic Ooze doesn't have the mana abilities of the creature cards in graveyards",
          _no_acquired_mana_abilities,
          case({"alice": {"battlefield": cards(("Necrotic Ooze", "ooze"))},
                "bob": {"graveyard": cards(("Llanowar Elves", "elves"))}},
               [{"tap_for_mana": {"permanents": ["ooze"]}}]),
          claims=(ACQUIRED + "all-activated-abilities",)),
    Fault("necrotic_ooze_reads_every_card", "613.1f",
          "(designed) Necrotic Ooze has the activated abilities of every card in graveyards, not only creature "
          "cards': a Forest there lets it tap for {G}",
          _any_card_type,
          case({"alice": {"battlefield": cards(("Necrotic Ooze", "ooze")), "graveyard": cards(("Forest", "forest"))}},
               [{"tap_for_mana": {"permanents": ["ooze"]}}]),
          claims=(ACQUIRED + "all-activated-abilities",)),
]
