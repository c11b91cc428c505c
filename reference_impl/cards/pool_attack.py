"""Catalog cards with costs to attack (508.1h) and Phyrexian mana (107.4f), as data over
rules/statics.AttackCost and the Phyrexian symbols of state/mana.Cost."""

from __future__ import annotations

from ..effects import Draw, You
from ..rules.statics import AttackCost
from ..rules.targets import TargetSpec
from ..state.mana import Cost
from .behaviour import Behaviour

PLAYER = TargetSpec("player", description="target player")

ATTACK_POOL: dict[str, Behaviour] = {
    # "Creatures can't attack you unless their controller pays {2} for each creature they control
    # that's attacking you."
    "Ghostly Prison": Behaviour(statics=(AttackCost(Cost.parse("{2}")),)),
    # "({W/P} can be paid with either {W} or 2 life.) Creatures can't attack you or planeswalkers
    # you control unless their controller pays {W/P} for each of those creatures." (The contract's
    # attackers attack players only: no planeswalker is ever attacked.) Its own mana cost,
    # {3}{W/P}{W/P}, is Phyrexian mana too (mana value 5, 202.3g).
    "Norn's Annex": Behaviour(statics=(AttackCost(Cost.parse("{W/P}")),)),
    # "({U/P} can be paid with either {U} or 2 life.) Look at target player's hand. Draw a card."
    # Looking at a hand changes nothing in the game's state (the view shows hand sizes only): the
    # spell targets a player and draws its controller a card.
    "Gitaxian Probe": Behaviour(targets=(PLAYER,), effects=(Draw(You(), 1),)),
}
