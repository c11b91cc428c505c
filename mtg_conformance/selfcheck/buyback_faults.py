"""Faulty engines for buyback (702.27a): its cost, and where the spell goes. Each drops claims of
spec/rules/buyback.yaml or of the ports in spec/rules/peer-tests-wagic-buyback.yaml and
peer-tests-xmage-buyback.yaml; all are designed (no public report known). They patch the
reference engine's buyback helpers by name (rules/casting.py add_buyback_cost and
announce_buyback, rules/resolution.py resolved_spell_destination) or actions.leave_stack.
"""

from __future__ import annotations

from . import locate
from .fault import Fault, cards, case

BUYBACK = "buyback/the-spell-returns-to-its-owners-hand#"

_CAPSIZE = {"hand": cards(("Capsize", "capsize")), "mana": "{U}{U}{C}{C}{C}{C}"}
_BEARS = {"battlefield": cards(("Grizzly Bears", "bears"))}
_CAPSIZE_BEARS = {"cast": {"card": "capsize", "buyback": True, "targets": ["bears"]}}


def _cost_not_added(stack, run):
    """The buyback cost is not added to the total cost: buyback is free."""
    locate.patch(stack, "add_buyback_cost", lambda _original: lambda base, card, buyback: base)


def _cost_instead_of_mana_cost(stack, run):
    """The buyback cost replaces the spell's mana cost instead of being added to it."""
    def make(original):
        return lambda base, card, buyback: card.buyback if buyback and card.buyback is not None else base
    locate.patch(stack, "add_buyback_cost", make)


def _only_with_the_mana_cost(stack, run):
    """The buyback cost is added only to the spell's own mana cost: with an alternative cost
    (flashback, without paying its mana cost) it is not paid."""
    def make(original):
        return lambda base, card, buyback: original(base, card, buyback) if base == card.cost else base
    locate.patch(stack, "add_buyback_cost", make)


def _any_spell(stack, run):
    """Any spell can be cast with buyback, whether it has buyback or not."""
    locate.patch(stack, "announce_buyback", lambda _original: lambda card, wanted, name: bool(wanted))


def _to_the_graveyard(stack, run):
    """A spell whose buyback cost was paid still goes to the graveyard as it resolves."""
    locate.patch(stack, "resolved_spell_destination", lambda _original: lambda o: "graveyard")


def _whenever_it_leaves(stack, run):
    """A spell whose buyback cost was paid returns to its owner's hand whenever it would go to
    the graveyard from the stack: also when it is countered or doesn't resolve."""
    def make(original):
        def leave(game, o, dest):
            if dest == "graveyard" and o.spell is not None and o.spell.buyback:
                dest = "hand"
            original(game, o, dest)
        return leave
    locate.patch(stack, "leave_stack", make)


def _beats_flashback(stack, run):
    """A flashback spell whose buyback cost was paid returns to the hand instead of being exiled."""
    def make(original):
        def leave(game, o, dest):
            if dest == "hand" and o.spell is not None and o.spell.buyback:
                game.move(o, "hand")
                return
            original(game, o, dest)
        return leave
    locate.patch(stack, "leave_stack", make)


FAULTS = [
    Fault("buyback_cost_not_added", "702.27a",
          "(designed) a spell cast with buyback costs only its mana cost",
          _cost_not_added,
          case({"alice": _CAPSIZE, "bob": _BEARS},
               [{"cast": {**_CAPSIZE_BEARS["cast"], "pay": "{C}{U}{U}"}}]),
          claims=(BUYBACK + "an-additional-cost",)),
    Fault("buyback_cost_instead_of_mana_cost", "601.2f",
          "(designed) the buyback cost replaces the spell's mana cost instead of adding to it",
          _cost_instead_of_mana_cost,
          case({"alice": _CAPSIZE, "bob": _BEARS}, [_CAPSIZE_BEARS]),
          claims=("peers-wagic/buyback#additional-costs-and-cost-increases",)),
    Fault("buyback_cost_only_with_the_mana_cost", "118.9d",
          "(designed) the buyback cost is not added to an alternative cost or to a spell cast without paying its "
          "mana cost",
          _only_with_the_mana_cost,
          case({"alice": {"battlefield": cards(("Omniscience", "omniscience")),
                          "hand": cards(("Capsize", "capsize")), "mana": "{C}{C}{C}"}, "bob": _BEARS},
               [{"cast": {**_CAPSIZE_BEARS["cast"], "alternative": "without-paying-mana-cost"}}]),
          claims=(BUYBACK + "follows-the-additional-cost-rules",)),
    Fault("buyback_on_any_spell", "702.27a",
          "(designed) a spell without buyback can be cast with buyback and returns to its owner's hand",
          _any_spell,
          case({"alice": {"hand": cards(("Lightning Bolt", "bolt")), "mana": "{R}"}},
               [{"cast": {"card": "bolt", "buyback": True, "targets": ["bob"]}}]),
          claims=(BUYBACK + "only-spells-with-buyback",)),
    Fault("buyback_spell_to_the_graveyard", "702.27a",
          "(designed) a spell whose buyback cost was paid goes to the graveyard as it resolves",
          _to_the_graveyard,
          case({"alice": _CAPSIZE, "bob": _BEARS}, [_CAPSIZE_BEARS, {"resolve": {}}]),
          claims=(BUYBACK + "into-the-hand-as-it-resolves",)),
    Fault("buyback_spell_returns_when_countered", "702.27a",
          "(designed) a spell whose buyback cost was paid returns to its owner's hand also when it is countered "
          "or doesn't resolve",
          _whenever_it_leaves,
          case({"alice": _CAPSIZE, "bob": {**_BEARS, "hand": cards(("Cancel", "cancel")), "mana": "{U}{U}{C}"}},
               [_CAPSIZE_BEARS, {"cast": {"card": "cancel", "by": "bob", "targets": ["capsize"]}}, {"resolve": {}}]),
          claims=(BUYBACK + "only-as-it-resolves",)),
    Fault("buyback_beats_flashback", "702.34a",
          "(designed) a flashback spell whose buyback cost was paid returns to the hand instead of being exiled",
          _beats_flashback,
          case({"alice": {"hand": cards(("Snapcaster Mage", "snapcaster")),
                          "graveyard": cards(("Whispers of the Muse", "whispers")),
                          "library": cards(("Island", "drawn")), "mana": "{U}{U}{U}{U}{U}{U}{U}{U}"}},
               [{"cast": {"card": "snapcaster", "pay": "{U}{U}"}},
                {"pass_until_empty": {"choices": {"trigger_targets": [{"source": "snapcaster",
                                                                       "targets": ["whispers"]}]}}},
                {"cast": {"card": "whispers", "alternative": "flashback", "buyback": True}}, {"resolve": {}}]),
          claims=("peers-xmage/buyback-with-flashback#exiled-instead-of-anywhere-else",)),
]
