"""Catalog cards with leaves-the-battlefield and dies triggers (603.6c, 603.10a, 700.4), undying
(702.93) and persist (702.79), as data over the trigger primitive rules.abilities.LeavesBattlefield
and the effects of reference_impl.effects. Kept apart from pool.py so that card additions
elsewhere merge cleanly."""

from __future__ import annotations

from ..effects import (
    CountersOnSource,
    CreateTokens,
    DamageByLeft,
    EachOpponent,
    GainLife,
    LeftPower,
    LoseLife,
    May,
    Targets,
    You,
    returns_with_counter,
)
from ..rules.abilities import LeavesBattlefield, Trigger
from ..rules.targets import TargetSpec
from .behaviour import Behaviour, cumulative_upkeep, etb
from .pool import _token

DIES_POOL: dict[str, Behaviour] = {
    # "Whenever this creature or another creature you control dies"
    "Zulaport Cutthroat": Behaviour(triggers=(Trigger(
        "leaves", (LoseLife(EachOpponent(), 1), GainLife(You(), 1)),
        leaves=LeavesBattlefield("graveyard", "any", "you")),)),
    # "Whenever another creature dies, you may gain 1 life."
    "Deathgreeter": Behaviour(triggers=(Trigger(
        "leaves", (May(GainLife(You(), 1)),), leaves=LeavesBattlefield("graveyard", "other", "any")),)),
    # "Whenever another creature you control dies, it deals damage equal to its power to target
    # player or planeswalker."
    "Stalking Vengeance": Behaviour(triggers=(Trigger(
        "leaves", (DamageByLeft(LeftPower(), Targets(0)),),
        (TargetSpec("player-or-planeswalker", description="target player or planeswalker"),),
        leaves=LeavesBattlefield("graveyard", "other", "you")),)),
    # "When this creature enters, you gain 5 life. When this creature leaves the battlefield, ..."
    "Thragtusk": Behaviour(triggers=(
        etb([GainLife(You(), 5)]),
        Trigger("leaves", (CreateTokens("Beast", 1),), leaves=LeavesBattlefield(None, "self")))),
    "Young Wolf": Behaviour(triggers=(returns_with_counter("+1/+1"),)),
    # "Cumulative upkeep {W} or {U} / When this creature dies, create a 1/1 white Bird creature token
    # with flying for each age counter on it." (the counters as it last existed on the battlefield,
    # 603.10a, 608.2h)
    "Jotun Owl Keeper": Behaviour(triggers=(
        cumulative_upkeep("{W}", "{U}"),
        Trigger("leaves", (CreateTokens("Bird", CountersOnSource("age")),),
                leaves=LeavesBattlefield("graveyard", "self")),)),
}

DIES_POOL_TOKENS = {
    "Beast": _token("Beast", ("G",), ("Creature",), ("Beast",), 3, 3),
}
