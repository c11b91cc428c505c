"""Faulty engines for abilities of cards in graveyards: a static ability that states it functions
in a graveyard (113.6b: Filth's grant of swampwalk, Gravecrawler's permission to be cast from
there) and an effect that removes the abilities of cards in graveyards (613.1f, 613.8a, 611.3a:
Yixlid Jailer). Each drops a claim of the XMage ports in spec/rules/peer-tests-xmage-graveyard-
statics.yaml. They patch the reference engine by name: the graveyard sources and the layer-6
dependency of state/layers.py (graveyard_statics, graveyard_holders, depends_on, strip_sources),
the static abilities of rules/statics.py (KeywordGrant.grant_for, LoseAllAbilitiesInZone.strips,
MayCastFromGraveyard.allows_cast) and the casting permission of rules/casting.py
(_own_graveyard_permission).
"""

from __future__ import annotations

import dataclasses

from . import locate
from .fault import Fault, cards, case
from .fault_parts import swap, swap_method

GY = "peers-xmage/an-ability-that-functions-in-a-graveyard#"
JAIL = "peers-xmage/cards-in-graveyards-lose-all-abilities#"

FILTH = ("Filth", "filth")
LION = ("Silvercoat Lion", "lion")
SWAMP = ("Swamp", "s1")
JAILER = ("Yixlid Jailer", "jailer")
_BOB_FILTH = {"graveyard": cards(FILTH), "battlefield": cards(LION, SWAMP)}


def _no_graveyard_statics(original):
    return lambda card: ()


def _grant_as_if_in(zone_of):
    """KeywordGrant.grant_for reading its source as if it were in the zone `zone_of(self, src)`."""
    def make(original):
        def faulty(self, game, src, o):
            zone = zone_of(self, src)
            if zone != src.zone:
                src = src.clone()
                src.zone = zone
            return original(self, game, src, o)
        return faulty
    return make


def _holders_with_exile(original):
    """Cards in exile count as sources of graveyard abilities too."""
    def faulty(game):
        found = original(game)
        statics_of = locate.obj("graveyard_statics")
        for p in game.players.values():
            for oid in p.exile:
                o = game.objs[oid]
                if o.card.statics and statics_of(o.card):
                    found.append(o)
        return found
    return faulty


def _functions_anywhere_off_the_battlefield(stack, run):
    """An ability that functions in a graveyard is taken to function anywhere but the battlefield:
    the card exiled from the graveyard still grants it."""
    locate.patch(stack, "graveyard_holders", _holders_with_exile)
    holders = locate.obj("graveyard_holders")  # the patched one: exile included
    # the layer system is asked whenever such a card exists, and applies the exiled cards' grants
    locate.patch(stack, "needs_layers", lambda original: lambda game: original(game) or bool(holders(game)))
    locate.patch(stack, "characteristics", _with_exiled_grants)


def _with_exiled_grants(original):
    """The layer system's answer, plus the keywords the graveyard abilities of exiled cards grant
    (each read as if its card were still in the graveyard)."""
    busy = []  # a grant asks the layers in turn: answer those questions plainly

    def faulty(game):
        chars = original(game)
        if busy:
            return chars
        statics_of = locate.obj("graveyard_statics")
        for p in game.players.values():
            for oid in p.exile:
                src = game.objs[oid]
                for st in (statics_of(src.card) if src.card.statics else ()):
                    if not hasattr(st, "grant_for"):
                        continue
                    as_if = src.clone()
                    as_if.zone = "graveyard"
                    busy.append(True)
                    try:
                        for tid, ch in chars.items():
                            if game.objs[tid].zone == "battlefield":
                                ch.keywords |= set(st.grant_for(game, as_if, game.objs[tid]))
                    finally:
                        busy.pop()
        return chars
    return faulty


def _you_is_the_active_player(original):
    def faulty(self, game, src, o):
        if src.zone != "battlefield":
            src = src.clone()
            src.controller = game.active
        return original(self, game, src, o)
    return faulty


def _grant_without_condition(original):
    def faulty(self, game, src, o):
        return original(dataclasses.replace(self, condition=None), game, src, o)
    return faulty


def _strips_by_timestamp(original):
    return lambda a, b: original(a, b) and b[1] != "strip"


def _strips_everything(original):
    return lambda self, game, src, o: not o.token


def _strips_nothing(original):
    return lambda self, game, src, o: False


def _strips_from_the_graveyard_too(original):
    """The removal goes on once its source has left the battlefield: a Yixlid Jailer in a
    graveyard still removes the abilities of cards there (as if locked in as it applied)."""
    def faulty(game, bf):
        found = original(game, bf)
        strippers = locate.obj("zone_strippers")
        for p in game.players.values():
            for oid in p.graveyard:
                o = game.objs[oid]
                if o.card.statics:
                    found += [(o, st) for st in strippers(o.card)]
        return found
    return faulty


def _permission_whatever_abilities(original):
    """The card's own graveyard permission read from its printed abilities, not the ones it has."""
    def faulty(game, o):
        only, may = locate.obj("CastOnlyFromGraveyard"), locate.obj("MayCastFromGraveyard")
        return any(isinstance(st, only) or (isinstance(st, may) and st.allows_cast(game, o))
                   for st in o.card.statics)
    return faulty


def _no_own_permission_but_haakons(original):
    """Only "You may cast this card from your graveyard, but not from anywhere else" is read as a
    permission of the card itself; "... as long as you control a Zombie" permits nothing."""
    def faulty(game, o):
        only = locate.obj("CastOnlyFromGraveyard")
        return any(isinstance(st, only) for st in o.card.statics)
    return faulty


def _permission_without_condition(original):
    return lambda self, game, o: o.zone == self.functions_in


def _keywords_lost_only_to_spells(stack, run):
    """The keyword queries consult the layer system only when a resolved spell's effect exists
    (game.layered): a static ability's "all creatures lose all abilities" leaves printed keywords."""
    def has_keyword_of(original):
        def faulty(o, kw, game=None):
            if game is not None and not game.layered and o.zone == "battlefield" and kw in o.card.keywords:
                return True
            return original(o, kw, game)
        return faulty

    def keywords_of(original):
        def faulty(o, game=None, grants=None):
            found = original(o, game, grants)
            if game is not None and not game.layered and o.zone == "battlefield":
                skip = locate.module_of("needs_layers").NOT_BATTLEFIELD_KEYWORDS
                return sorted(set(found) | (o.card.keywords - skip))
            return found
        return faulty
    locate.patch(stack, "has_keyword", has_keyword_of)
    locate.patch(stack, "keywords", keywords_of)


_CRAWLER_TURN = {"active": "bob", "step": "main1"}
_JAILER_BOLT = {"alice": {"battlefield": cards(JAILER)},
                "bob": {**_BOB_FILTH, "hand": cards(("Lightning Bolt", "bolt")), "mana": "{R}"}}

FAULTS = [
    Fault("graveyard_statics_ignored", "113.6b",
          "(designed) a static ability that states it functions in a graveyard does nothing there: Filth in "
          "bob's graveyard gives his Silvercoat Lion no swampwalk, though he controls a Swamp",
          swap("graveyard_statics", _no_graveyard_statics),
          case({"bob": _BOB_FILTH}, [{"pass_until_empty": {}}]),
          claims=(GY + "functions-from-the-stated-zone",)),
    Fault("graveyard_grant_also_from_the_battlefield", "113.6b",
          "(designed) Filth's \"as long as this card is in your graveyard\" grant also works while Filth is on "
          "the battlefield: bob's Silvercoat Lion beside it has swampwalk",
          swap_method("KeywordGrant", "grant_for", _grant_as_if_in(lambda self, src: self.functions_in)),
          case({"bob": {"battlefield": cards(FILTH, LION, SWAMP)}}, [{"pass_until_empty": {}}]),
          claims=(GY + "only-from-those-zones",)),
    Fault("graveyard_grant_survives_exile", "113.6b",
          "(designed) a graveyard ability is taken to work anywhere off the battlefield: Filth exiled from "
          "bob's graveyard by Shadowfeed still gives his Silvercoat Lion swampwalk",
          _functions_anywhere_off_the_battlefield,
          case({"alice": {"hand": cards(("Shadowfeed", "shadowfeed")), "mana": "{B}"}, "bob": _BOB_FILTH},
               [{"cast": {"card": "shadowfeed", "targets": ["filth"]}}, {"resolve": {}}]),
          claims=(GY + "only-from-those-zones",)),
    Fault("graveyard_card_you_is_the_active_player", "109.5",
          "(designed) \"you\" on a card in a graveyard (which has no controller) is read as the active player, "
          "not its owner: during alice's turn Filth in bob's graveyard gives alice's creatures swampwalk",
          swap_method("KeywordGrant", "grant_for", _you_is_the_active_player),
          case({"alice": {"battlefield": cards(("Silvercoat Lion", "alion"), ("Swamp", "as1"))},
                "bob": {"graveyard": cards(FILTH), "battlefield": cards(("Silvercoat Lion", "blion"),
                                                                      ("Swamp", "bs1"))}},
               [{"pass_until_empty": {}}]),
          claims=(GY + "you-is-its-owner",)),
    Fault("graveyard_grant_condition_ignored", "611.3a",
          "(designed) Filth's \"and you control a Swamp\" is not read: bob's Silvercoat Lion has swampwalk "
          "though only alice controls a Swamp",
          swap_method("KeywordGrant", "grant_for", _grant_without_condition),
          case({"alice": {"battlefield": cards(("Swamp", "as1"))},
                "bob": {"graveyard": cards(FILTH), "battlefield": cards(LION)}}, [{"pass_until_empty": {}}]),
          claims=(GY + "as-long-as",)),
    Fault("graveyard_cast_condition_ignored", "611.3a",
          "(designed) Gravecrawler's \"as long as you control a Zombie\" is not read: bob casts it from his "
          "graveyard with no Zombie",
          swap_method("MayCastFromGraveyard", "allows_cast", _permission_without_condition),
          case({"bob": {"graveyard": cards(("Gravecrawler", "crawler")), "mana": "{B}"}},
               [{"cast": {"card": "crawler"}}], turn=_CRAWLER_TURN),
          claims=(GY + "as-long-as",)),
    Fault("graveyard_cast_permission_ignored", "601.3",
          "(designed) a card's own \"You may cast this card from your graveyard as long as ...\" permits nothing: "
          "bob can't cast Gravecrawler from his graveyard though he controls Walking Corpse",
          swap("_own_graveyard_permission", _no_own_permission_but_haakons),
          case({"bob": {"graveyard": cards(("Gravecrawler", "crawler")),
                        "battlefield": cards(("Walking Corpse", "corpse")), "mana": "{B}"}},
               [{"cast": {"card": "crawler"}}], turn=_CRAWLER_TURN),
          claims=(GY + "cast-this-card-from-your-graveyard",)),
    Fault("graveyard_removal_ignored", "613.1f",
          "(designed) \"Cards in graveyards lose all abilities\" removes nothing: under Yixlid Jailer, Filth in "
          "bob's graveyard still gives his Silvercoat Lion swampwalk",
          swap_method("LoseAllAbilitiesInZone", "strips", _strips_nothing),
          case({"alice": {"battlefield": cards(JAILER)}, "bob": _BOB_FILTH}, [{"pass_until_empty": {}}]),
          claims=(JAIL + "ability-removing-effects",)),
    Fault("static_ability_removal_leaves_keywords", "613.1f",
          "(designed) the keyword queries apply only a resolved spell's removal of abilities: under Humility, Serra "
          "Angel keeps flying and vigilance, and Grizzly Bears can't block it",
          _keywords_lost_only_to_spells,
          case({"alice": {"battlefield": cards(("Humility", "humility"), ("Grizzly Bears", "bears"))},
                "bob": {"battlefield": cards(("Serra Angel", "angel"))}},
               [{"declare_attackers": {"attackers": [{"card": "angel"}]}}], turn=_CRAWLER_TURN),
          claims=(JAIL + "ability-removing-effects",)),
    Fault("graveyard_removal_in_timestamp_order", "613.8a",
          "(designed) Yixlid Jailer's removal and Filth's grant apply in timestamp order, the dependency "
          "ignored: Filth, in bob's graveyard before the Jailer entered, still gives his Silvercoat Lion "
          "swampwalk",
          swap("depends_on", _strips_by_timestamp),
          case({"alice": {"hand": cards(JAILER), "mana": "{B}{C}"}, "bob": _BOB_FILTH},
               [{"cast": {"card": "jailer"}}, {"resolve": {}}]),
          claims=(JAIL + "depends-on-the-removal",)),
    Fault("graveyard_removal_reaches_the_battlefield", "611.3a",
          "(designed) Yixlid Jailer's \"Cards in graveyards lose all abilities\" also removes the abilities of "
          "permanents: bob's Filth on the battlefield has no swampwalk",
          swap_method("LoseAllAbilitiesInZone", "strips", _strips_everything),
          case({"alice": {"battlefield": cards(JAILER)}, "bob": {"battlefield": cards(FILTH, LION, SWAMP)}},
               [{"pass_until_empty": {}}]),
          claims=(JAIL + "only-cards-in-graveyards",)),
    Fault("graveyard_removal_outlives_its_source", "611.3a",
          "the removal of the abilities of cards in graveyards goes on after Yixlid Jailer has left the "
          "battlefield: killed by Lightning Bolt, the Jailer in alice's graveyard still keeps Filth in bob's "
          "graveyard from giving his Silvercoat Lion swampwalk (XMage's testYixlidJailerAbilitiesComeBack "
          "names this report as the one it checks: a card's abilities that did not come back once the Jailer "
          "died; the report's own text is not in the search index)",
          swap("strip_sources", _strips_from_the_graveyard_too),
          case(_JAILER_BOLT, [{"cast": {"card": "bolt", "targets": ["jailer"]}}, {"resolve": {}}],
               turn=_CRAWLER_TURN),
          report="https://github.com/magefree/mage/issues/1147",
          claims=(JAIL + "not-locked-in",)),
    Fault("graveyard_permission_ignores_lost_abilities", "613.1f",
          "(designed) a card's own permission to be cast from its graveyard is read from its printed "
          "abilities: under Yixlid Jailer, bob casts Gravecrawler from his graveyard",
          swap("_own_graveyard_permission", _permission_whatever_abilities),
          case({"alice": {"battlefield": cards(JAILER)},
                "bob": {"graveyard": cards(("Gravecrawler", "crawler")),
                        "battlefield": cards(("Walking Corpse", "corpse")), "mana": "{B}"}},
               [{"cast": {"card": "crawler"}}], turn=_CRAWLER_TURN),
          claims=(JAIL + "ability-removing-effects",)),
]
