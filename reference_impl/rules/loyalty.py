"""Loyalty abilities (606): when one may be activated (606.3, 306.5d), its cost of adding or
removing loyalty counters (606.4) with the effects that modify it combined into one (606.5), and
the limit on a negative cost (606.6). rules.activation asks these while activating an ability
whose `loyalty` is set (ActivatedAbility.loyalty, the printed loyalty symbol)."""

from __future__ import annotations

from ..state.game import IllegalAction
from ..state.layers import as_it_is
from . import replacement
from .statics import LoyaltyCostModifier

MAIN_PHASES = ("main1", "main2")


def check_timing(game, o, player: str, label: str) -> None:
    """606.3: a player may activate a loyalty ability of a permanent they control (602.2 already
    asks for its controller) any time they have priority and the stack is empty during a main
    phase of their turn, but only if no player has previously activated a loyalty ability of
    that permanent that turn (the permanent as the object it is now: one that left the
    battlefield and returned is a new object, 400.7)."""
    if not during_their_turn(game, player):
        raise IllegalAction("606.3", f"{label}'s loyalty abilities can be activated only during "
                                     f"its controller's turn ({player}), not during {game.active}'s")
    if not main_phase_empty_stack(game):
        where = "while the stack is empty" if game.stack else f"during a main phase, not during the {game.step} step"
        raise IllegalAction("606.3", f"{label}'s loyalty abilities can be activated only {where}")
    if activated_this_turn(game, o):
        raise IllegalAction("606.3", f"a loyalty ability of {label} was already activated this turn")


def during_their_turn(game, player: str) -> bool:
    """606.3 "of their turn": the activating player is the active player."""
    return player == game.active


def main_phase_empty_stack(game) -> bool:
    """606.3 "the stack is empty during a main phase"."""
    return game.step in MAIN_PHASES and not game.stack


def activated_this_turn(game, o) -> bool:
    """606.3 "only if no player has previously activated a loyalty ability of that permanent that
    turn": any of its loyalty abilities, by any player."""
    return (o.oid, o.moves) in game.loyalty_activated


def loyalty_cost(game, o, ab, player: str) -> int:
    """606.4, 606.5: the printed loyalty cost plus every additional cost to add or remove
    loyalty counters that applies ("Planeswalkers' loyalty abilities you activate cost an
    additional [+1]": its controller activating an ability of a planeswalker), as one number
    (positive: counters put on, negative: removed)."""
    total = ab.loyalty
    if "Planeswalker" not in as_it_is(game, o).card.types:
        return total
    objs = game.objs
    for sid in game.battlefield:
        src = objs[sid]
        if src.controller != player:
            continue
        for st in src.card.statics:
            if isinstance(st, LoyaltyCostModifier):
                total += st.amount
    return total


def pay(game, o, ab, player: str, label: str) -> None:
    """606.4-606.6: pay the loyalty cost of `ab` (loyalty_cost: the printed one and its additional
    costs combined). A negative one can't be paid unless the permanent has at least that many
    loyalty counters (606.6, 118.3); paying it removes them, a positive one puts them on (counters
    put on a permanent: replacement effects on counters apply)."""
    total = loyalty_cost(game, o, ab, player)
    have = o.counters.get("loyalty", 0)
    if total < 0:
        if not enough_loyalty(have, total):
            raise IllegalAction("606.6", f"{label} has {have} loyalty counter(s): a loyalty cost of "
                                         f"{total} can't be paid")
        left = have + total
        if left:
            o.counters["loyalty"] = left
        else:
            o.counters.pop("loyalty", None)
    elif total > 0:
        replacement.put_counters(game, o, "loyalty", total)


def enough_loyalty(have: int, total: int) -> bool:
    """606.6: "at least that many loyalty counters" for a negative cost `total`."""
    return have >= -total


def mark_activated(game, o) -> None:
    """606.3: a loyalty ability of this permanent has been activated this turn."""
    game.loyalty_activated = game.loyalty_activated | {(o.oid, o.moves)}
