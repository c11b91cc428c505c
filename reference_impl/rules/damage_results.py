"""Results of damage beyond life loss and marked damage (120.3): loyalty counters removed from a
planeswalker (120.3c, 306.8) and poison counters from a creature with toxic (120.3g, 702.164);
and the state-based action that follows the first (704.5i). actions.deal_damage and
actions._find_dying call these; kept apart so that the planeswalker and toxic rules read in one
place.

Every planeswalker card's Oracle type line says "Legendary", so state_based_actions' one pass
always leaves a battlefield with a planeswalker to the full check (a legendary permanent needs the
legend rule, 704.5j), where planeswalker_without_loyalty is asked."""

from __future__ import annotations

from ..state.characteristics import source_has_keyword
from .statics import AllDamageAsThoughWither, YouCantGetPoisonCounters

PLANESWALKER = "Planeswalker"


def remove_loyalty(o, amount: int) -> bool:
    """120.3c, 306.8: damage dealt to the planeswalker `o` removes that many loyalty counters from
    it (as many as it has, at most). Answers whether that is all the damage does: true for a
    planeswalker that isn't also a creature (no damage is marked on it: 120.3d-e concern
    creatures); false for any other permanent, whose damage deal_damage goes on to process."""
    types = o.card.types
    if PLANESWALKER not in types:
        return False
    o.counters["loyalty"] = max(0, o.counters.get("loyalty", 0) - amount)
    return "Creature" not in types


def planeswalker_without_loyalty(o) -> bool:
    """704.5i: a planeswalker with loyalty 0 (306.5c: its loyalty is the number of loyalty
    counters on it) is put into its owner's graveyard."""
    return PLANESWALKER in o.card.types and not o.counters.get("loyalty")


def give_toxic_poison(game, source, player) -> None:
    """120.3g, 702.164c: combat damage dealt to a player by a creature with toxic makes that
    creature's controller give the player poison counters equal to its total toxic value (the
    sum of its toxic N, 702.164b: CardDef.toxic), in addition to the damage's other results (life
    loss, or infect's poison counters). Noncombat damage, and damage to a creature or
    planeswalker, give none."""
    if game.combat_damage and source_has_keyword(source, "toxic", game) and not cant_get_poison(game, player.name):
        player.counters["poison"] = player.counters.get("poison", 0) + source.card.toxic


def dealt_as_though_wither(game) -> bool:
    """Is all damage dealt now as though its source had wither (a permanent's "All damage is dealt as
    though its source had wither.", rules.statics.AllDamageAsThoughWither; 702.80a)?"""
    objs = game.objs
    for oid in game.battlefield:
        statics = objs[oid].card.statics
        if statics and any(isinstance(st, AllDamageAsThoughWither) for st in statics):
            return True
    return False


def cant_get_poison(game, player: str) -> bool:
    """Can't `player` get poison counters (a permanent of theirs says "You can't get poison
    counters.", rules.statics.YouCantGetPoisonCounters)?"""
    objs = game.objs
    for oid in game.battlefield:
        o = objs[oid]
        if o.controller == player and o.card.statics and any(
                isinstance(st, YouCantGetPoisonCounters) for st in o.card.statics):
            return True
    return False
