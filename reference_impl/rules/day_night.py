"""Day and night (731) and the daybound and nightbound keywords (702.145), over transforming
double-faced cards (712.2, 701.27).

The game's designation is `game.day_night`: None (neither, as the game starts, 731.1), "day" or
"night". It becomes day as soon as a player controls a permanent with daybound (702.145d) — the
engine checks as a permanent enters and after a setup, the only ways a permanent with daybound comes
under a player's control in the catalog — or night likewise for nightbound without daybound
(702.145g). As the second part of each untap step (731.2, 502.2) the previous turn is checked: day
becomes night if its active player cast no spells, night becomes day if they cast two or more. As it
becomes night every front face up permanent with daybound transforms (702.145c), as it becomes day
every back face up permanent with nightbound (702.145f): immediately, not as a state-based action.
"""

from __future__ import annotations

from ..state.characteristics import is_transformed, transform
from . import actions
from .actions import Event

DAYBOUND = "daybound"
NIGHTBOUND = "nightbound"


def transform_permanent(game, o) -> None:
    """701.27a: transform `o` (the same object, 712.18) and let abilities that trigger when it
    transforms, or transforms into a face (701.27e), see it with its new face up; nothing triggers
    when it doesn't transform (701.27c-d)."""
    if transform(o) and actions.any_triggered_ability(game):
        actions.emit(game, Event("transformed", o.controller, o.oid, None))


def becomes(game, designation: str) -> None:
    """731.1: it becomes day or night; 702.145c, f: the daybound permanents front face up transform as
    it becomes night, the nightbound ones back face up as it becomes day."""
    game.day_night = designation
    objs = game.objs
    for oid in list(game.battlefield):
        o = objs[oid]
        kws = o.card.keywords
        if designation == "night" and DAYBOUND in kws and not is_transformed(o):
            transform_permanent(game, o)
        elif designation == "day" and NIGHTBOUND in kws and is_transformed(o):
            transform_permanent(game, o)


def check(game) -> None:
    """702.145d, 702.145g: with neither designation, a permanent with daybound makes it day; one with
    nightbound, when no permanent has daybound, night."""
    if game.day_night is not None:
        return
    objs = game.objs
    kws = [objs[oid].card.keywords for oid in game.battlefield]
    if any(DAYBOUND in k for k in kws):
        becomes(game, "day")
    elif any(NIGHTBOUND in k for k in kws):
        becomes(game, "night")


def enters_transformed(game, card) -> bool:
    """702.145b: "If it is night and this permanent is represented by a double-faced card, it enters
    transformed"."""
    return game.day_night == "night" and card.layout == "transform" and DAYBOUND in card.keywords


def untap_step_check(game, previous_active: str, previous_spells: tuple) -> None:
    """731.2: the second part of the untap step: day becomes night if the previous turn's active player
    cast no spells during it (731.2a), night becomes day if they cast two or more (731.2b), neither
    stays neither (731.2c)."""
    if game.day_night is None:
        return
    n = sum(1 for _, who in previous_spells if who == previous_active)
    if game.day_night == "day" and n == 0:
        becomes(game, "night")
    elif game.day_night == "night" and n >= 2:
        becomes(game, "day")
