"""Playing a land (305): a special action, not a spell; the land goes straight onto the
battlefield."""

from __future__ import annotations

from ..state.characteristics import lost_all_abilities
from ..state.game import CaseError, IllegalAction
from ..state.layers import characteristics, needs_layers
from . import actions, replacement
from .actions import Event
from .choices import EMPTY_CHOICES
from .context import Ctx
from .statics import AdditionalLandPlays, EntersTapped, PlayLandsFromGraveyard

LANDS_PER_TURN = 1  # 305.2


def play_land(game, args) -> None:
    if not isinstance(args, dict) or "card" not in args or set(args) - {"card", "face", "choices"}:
        raise CaseError("play_land takes `card`, for a modal double-faced card `face`, and `choices`")
    label = args["card"]
    if not isinstance(label, str) or label not in game.labels:
        raise CaseError(f"play_land.card: unknown label {label!r}")
    o = game.objs[game.labels[label]]
    player = o.owner
    _choose_land_face(o, args.get("face"))
    if "Land" not in o.card.types:
        raise IllegalAction("305.1", f"{o.card.name} is not a land card: it is cast, not played")
    if o.zone != "hand" and not (o.zone == "graveyard" and may_play_lands_from_graveyard(game, player)):
        raise IllegalAction("305.1", f"{label} is in the {o.zone}: a land is played from its owner's hand")
    if player != game.active or game.step not in ("main1", "main2") or game.stack:
        raise IllegalAction("305.1", f"{player} can play a land only in a main phase of their own turn "
                                     "with an empty stack")
    if game.lands_played >= LANDS_PER_TURN + game.extra_lands + additional_land_plays(game, player):
        raise IllegalAction("305.2", f"{player} has already played a land this turn")
    game.lands_played += 1
    card = o.card
    game.move(o, "battlefield")
    o.card = card  # 712.12: it enters with the land face up
    o.controller = player
    o.tapped = replacement.enters_tapped(game, o, player, False, own_enters_tapped(game, o, card, player))  # 614.1d
    actions.emit(game, Event("enters", player, o.oid))


def additional_land_plays(game, player) -> int:
    """305.2: the additional lands `player` may play this turn by the static abilities of the
    permanents they control ("You may play an additional land on each of your turns"), their
    abilities not lost; read as each land is played (a permanent that left no longer adds one)."""
    n = 0
    for oid in game.battlefield:
        src = game.objs[oid]
        if src.controller == player and src.card.statics:
            more = sum(st.n for st in src.card.statics if isinstance(st, AdditionalLandPlays))
            if more and (not needs_layers(game) or characteristics(game)[oid].abilities):
                n += more
    return n


def may_play_lands_from_graveyard(game, player) -> bool:
    """Whether `player` controls a permanent saying "You may play lands from your graveyard" (a
    permission that overrides 305.1 for that player's own graveyard, 101.1), its abilities not lost."""
    for oid in game.battlefield:
        src = game.objs[oid]
        if src.controller == player and any(isinstance(st, PlayLandsFromGraveyard) for st in src.card.statics) \
                and (not needs_layers(game) or characteristics(game)[oid].abilities):
            return True
    return False


def own_enters_tapped(game, o, card, controller, info=None, choices=EMPTY_CHOICES) -> int:
    """How many of a permanent's own "This land enters tapped" (614.1d) apply, however it enters
    (played, resolving, put onto the battlefield): with "... tapped unless <condition>", when the
    condition (the EntersTapped's `condition`) holds. `o` is already on the battlefield: "other
    lands" (a filter leaving out the source) and "your opponents control" don't count it, so the
    count is the one just before it enters (614.12). rules.replacement.enters_tapped orders them
    with other permanents' effects."""
    if not card.enters:
        return 0
    if lost_all_abilities(game, o):  # 614.12: as it would exist on the battlefield, it has none
        return 0                     # of its rules text (305.7: Blood Moon) to apply
    ctx = Ctx(game, o, controller, info, None, choices)
    return sum(1 for rep in card.enters
               if isinstance(rep, EntersTapped) and (rep.condition is None or rep.condition(ctx)))


def _choose_land_face(o, face) -> None:
    """712.12: a modal double-faced card played as a land is played with a face that is a land
    (`face`, or its only land face when not given)."""
    faces = o.card.faces if o.card.layout == "modal_dfc" else ()
    if face is None:
        lands = [f for f in faces if "Land" in f.types]
        if len(lands) == 1:
            o.card = lands[0]
        return
    names = [f.name for f in faces]
    if not faces:
        raise IllegalAction("712.12", f"{o.card.name} is not a modal double-faced card: it has no faces")
    if face not in names:
        raise CaseError(f"play_land.face: {o.card.name} has no face named {face!r} (its faces: {names})")
    chosen = faces[names.index(face)]
    if "Land" not in chosen.types:
        raise IllegalAction("712.12", f"{face} is not a land face: it is cast, not played")
    o.card = chosen
