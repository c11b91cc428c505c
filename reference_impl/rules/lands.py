"""Playing a land (305): a special action, not a spell; the land goes straight onto the
battlefield."""

from __future__ import annotations

from ..state.game import CaseError, IllegalAction
from . import actions
from .actions import Event

LANDS_PER_TURN = 1  # 305.2


def play_land(game, args) -> None:
    if not isinstance(args, dict) or set(args) != {"card"}:
        raise CaseError("play_land takes only `card`")
    label = args["card"]
    if not isinstance(label, str) or label not in game.labels:
        raise CaseError(f"play_land.card: unknown label {label!r}")
    o = game.objs[game.labels[label]]
    player = o.owner
    if "Land" not in o.card.types:
        raise IllegalAction("305.1", f"{o.card.name} is not a land card: it is cast, not played")
    if o.zone != "hand":
        raise IllegalAction("305.1", f"{label} is in the {o.zone}: a land is played from its owner's hand")
    if player != game.active or game.step not in ("main1", "main2") or game.stack:
        raise IllegalAction("305.1", f"{player} can play a land only in a main phase of their own turn "
                                     "with an empty stack")
    if game.lands_played >= LANDS_PER_TURN:
        raise IllegalAction("305.2", f"{player} has already played a land this turn")
    game.lands_played += 1
    game.move(o, "battlefield")
    o.controller = player
    actions.emit(game, Event("enters", player, o.oid))
