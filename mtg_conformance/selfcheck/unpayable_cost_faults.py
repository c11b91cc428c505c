"""Faulty engines for unpayable costs (118.6, 118.6a; spec/rules/peer-tests-xmage.yaml,
peers-xmage/a-cost-based-on-no-mana-cost-is-unpayable): a card with no mana cost (Ancestral Vision)
cast as though its mana cost were {0}, a flashback cost "equal to its mana cost" that is free for such a
card (XMage's FlashbackTest comment describes that bug: it must not be cast from the graveyard "for {0}
mana"), and an alternative cost refused because the mana cost is unpayable. All are designed. They
patch the catalog's card definitions (`CARDS`), `FlashbackCost` and `_permission` (rules/casting.py).
"""

from __future__ import annotations

from dataclasses import replace

from . import locate
from .fault import Fault, case

NONE = "peers-xmage/a-cost-based-on-no-mana-cost-is-unpayable#"
_LIBRARY = [{"card": "Island", "label": f"i{n}"} for n in range(1, 4)]


def _no_mana_cost_is_zero(stack, run):
    """A card with no mana cost is treated as one whose mana cost is {0}."""
    cards = locate.module_of("card_def").CARDS
    zero = locate.obj("ZERO")
    changed = {name: card for name, card in cards.items()
               if card.cost is None and "Land" not in card.types}
    for name, card in changed.items():
        cards[name] = replace(card, cost=zero)
    stack.callback(cards.update, changed)


def _free_flashback_of_no_cost(stack, run):
    """A flashback cost "equal to its mana cost" of a card with no mana cost is {0}."""
    zero = locate.obj("ZERO")
    locate.patch(stack, "FlashbackCost",
                 lambda original: lambda mana, *rest, **kw: original(zero if mana is None else mana, *rest, **kw))


def _alternative_refused_when_unpayable(stack, run):
    """An alternative cost can't be applied to a spell whose mana cost is unpayable (118.6a dropped):
    no free cast of a card without a mana cost."""
    def make(original):
        def permission(game, o, caster, zone, alt, name):
            if alt == "without-paying-mana-cost" and o.card.cost is None:
                raise locate.obj("IllegalAction")("118.6", f"{name} has no mana cost")
            return original(game, o, caster, zone, alt, name)
        return permission
    locate.patch(stack, "_permission", make)


FAULTS = [
    Fault("no_mana_cost_cast_for_zero", "118.6",
          "(designed) a card with no mana cost is cast for {0}: Ancestral Vision from the hand for nothing",
          _no_mana_cost_is_zero,
          case({"alice": {"hand": [{"card": "Ancestral Vision", "label": "vision"}], "library": list(_LIBRARY)}},
               [{"cast": {"card": "vision", "targets": ["alice"], "pay": ""}}]),
          claims=(NONE + "no-mana-cost-is-unpayable",)),
    Fault("flashback_of_no_mana_cost_is_free", "118.6",
          "(designed) Snapcaster Mage's flashback \"equal to its mana cost\" costs {0} for a card with no mana cost",
          _free_flashback_of_no_cost,
          case({"alice": {"hand": [{"card": "Snapcaster Mage", "label": "snapcaster"}],
                          "graveyard": [{"card": "Ancestral Vision", "label": "vision"}],
                          "library": list(_LIBRARY), "mana": "{U}{U}"}},
               [{"cast": {"card": "snapcaster", "pay": "{U}{U}"}},
                {"pass_until_empty": {"choices": {"trigger_targets": [
                    {"source": "snapcaster", "targets": ["vision"]}]}}},
                {"cast": {"card": "vision", "alternative": "flashback", "targets": ["alice"]}}]),
          claims=(NONE + "flashback-equal-to-no-mana-cost",)),
    Fault("free_cast_refused_for_no_mana_cost", "118.6a",
          "(designed) a card with no mana cost can't be cast without paying its mana cost (Omniscience)",
          _alternative_refused_when_unpayable,
          case({"alice": {"hand": [{"card": "Ancestral Vision", "label": "vision"}],
                          "battlefield": [{"card": "Omniscience", "label": "omniscience"}], "library": list(_LIBRARY)}},
               [{"cast": {"card": "vision", "alternative": "without-paying-mana-cost", "targets": ["alice"]}}]),
          claims=(NONE + "alternative-cost-may-be-paid",)),
]
