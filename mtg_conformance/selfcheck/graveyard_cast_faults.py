"""Faulty engines for a permission to cast spells from a graveyard (601.3) and what such a cast
costs (601.2f; Omniscience's alternative cost is for spells cast from the hand, 118.9). Each drops
a claim of the XMage port in spec/rules/peer-tests-xmage-cast-from-graveyard.yaml (Haakon,
Stromgald Scourge, Knight of the White Orchid, Omniscience); all are designed (no public report
known). They patch the reference engine's casting permission (reference_impl/rules/casting.py),
its total cost (rules/costs.py) and rules.statics.CastFromGraveyardPermission by name.
"""

from __future__ import annotations

from . import locate
from .fault import Fault, cards, case
from .fault_parts import swap, swap_method

GY = "peers-xmage/a-graveyard-cast-pays-its-mana-cost#"

OMNISCIENCE = ("Omniscience", "omniscience")
HAAKON = ("Haakon, Stromgald Scourge", "haakon")
KNIGHT = ("Knight of the White Orchid", "knight")


def _omniscience_for_any_zone(permission):
    """Omniscience's "from your hand" not read: a card a graveyard permission lets its owner cast
    may be cast from there without paying its mana cost."""
    def faulty(game, o, caster, zone, alt, name):
        if zone == "graveyard" and alt == "without-paying-mana-cost" \
                and locate.obj("_cast_from_graveyard_allowed")(game, o, caster) \
                and locate.obj("free_cast_permissions")(game, o, caster, "hand"):
            return None, False
        return permission(game, o, caster, zone, alt, name)
    return faulty


def _permission_cast_free(total_cost):
    """A card a graveyard permission names is cast with a total cost of {0}: the permission read
    as "cast it without paying its mana cost"."""
    def faulty(game, card, caster, base, *rest, **kw):
        statics = locate.obj("CastFromGraveyardPermission")
        named = any(isinstance(st, statics) and st.allows(card) for sid in game.battlefield
                    if game.objs[sid].controller == caster for st in game.objs[sid].card.statics)
        if named or any(isinstance(st, locate.obj("CastOnlyFromGraveyard")) for st in card.statics):
            base = type(base)()
        return total_cost(game, card, caster, base, *rest, **kw)
    return faulty


def _subtype_ignored(_original):
    """"Knight spells" not read: every card of the graveyard is named (the keyword still is)."""
    def faulty(self, card):
        return self.keyword is None or self.keyword in card.keywords
    return faulty


def _permission_from_the_graveyard(allowed):
    """A permanent's graveyard permission ("as long as this creature is on the battlefield, you may
    cast Knight spells from your graveyard") also works from its owner's graveyard."""
    def faulty(game, o, caster):
        statics = locate.obj("CastFromGraveyardPermission")
        return allowed(game, o, caster) or any(
            isinstance(st, statics) and st.allows(o.card)
            for cid in game.players[caster].graveyard if cid != o.oid for st in game.objs[cid].card.statics)
    return faulty


def _never(_original):
    return lambda *args: False


FAULTS = [
    Fault("omniscience_from_a_graveyard", "118.9",
          "(designed) Omniscience's \"cast spells from your hand without paying their mana costs\" applies to a "
          "spell cast from a graveyard by another permission: Haakon's Knight is cast free",
          swap("_permission", _omniscience_for_any_zone),
          case({"alice": {"battlefield": cards(OMNISCIENCE, HAAKON), "graveyard": cards(KNIGHT)}},
               [{"cast": {"card": "knight", "alternative": "without-paying-mana-cost", "pay": ""}}, {"resolve": {}}]),
          claims=(GY + "omniscience-only-from-the-hand",)),
    Fault("graveyard_permission_cast_is_free", "601.2f",
          "(designed) a spell cast from a graveyard by a permission (\"you may cast Knight spells from your "
          "graveyard\") has no mana cost to pay",
          swap("total_cost", _permission_cast_free),
          case({"alice": {"battlefield": cards(HAAKON), "graveyard": cards(KNIGHT)}},
               [{"cast": {"card": "knight", "pay": ""}}, {"resolve": {}}]),
          claims=(GY + "the-mana-cost-is-paid",)),
    Fault("graveyard_permission_ignores_subtype", "601.3",
          "(designed) \"you may cast Knight spells from your graveyard\" read without \"Knight\": Grizzly Bears "
          "is cast from the graveyard",
          swap_method("CastFromGraveyardPermission", "allows", _subtype_ignored),
          case({"alice": {"battlefield": cards(HAAKON), "graveyard": cards(("Grizzly Bears", "bears")),
                          "mana": "{G}{C}"}},
               [{"cast": {"card": "bears", "pay": "{G}{C}"}}, {"resolve": {}}]),
          claims=(GY + "knight-spells-only",)),
    Fault("not_from_anywhere_else_ignored", "601.3",
          "(designed) \"..., but not from anywhere else\" is not a prohibition: Haakon is cast from the hand",
          swap("_prohibited_outside_graveyard", _never),
          case({"alice": {"hand": cards(("Haakon, Stromgald Scourge", "h1")), "mana": "{B}{B}{C}"}},
               [{"cast": {"card": "h1", "pay": "{B}{B}{C}"}}, {"resolve": {}}]),
          claims=(GY + "not-from-anywhere-else",)),
    Fault("cast_this_card_from_your_graveyard_ignored", "601.3",
          "(designed) \"You may cast this card from your graveyard\" gives no permission: Haakon can't be cast "
          "from its owner's graveyard",
          swap("_own_graveyard_permission", _never),
          case({"alice": {"graveyard": cards(("Haakon, Stromgald Scourge", "h2")), "mana": "{B}{B}{C}"}},
               [{"cast": {"card": "h2", "pay": "{B}{B}{C}"}}, {"resolve": {}}]),
          claims=(GY + "this-card-from-your-graveyard",)),
    Fault("graveyard_permission_works_from_the_graveyard", "113.6",
          "(designed) \"as long as this creature is on the battlefield, you may cast Knight spells from your "
          "graveyard\" still works with Haakon in the graveyard: the Knight is cast from there",
          swap("_cast_from_graveyard_allowed", _permission_from_the_graveyard),
          case({"alice": {"graveyard": cards(("Haakon, Stromgald Scourge", "h2"), KNIGHT), "mana": "{W}{W}"}},
               [{"cast": {"card": "knight", "pay": "{W}{W}"}}, {"resolve": {}}]),
          claims=(GY + "only-while-on-the-battlefield",)),
]
