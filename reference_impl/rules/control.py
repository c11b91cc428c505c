"""Control-changing effects of static abilities (613.1b, layer 2): "You control enchanted creature."
(rules.statics.YouControlEnchanted, an Aura's).

The engine keeps each permanent's controller as a value (Game.change_control) that resolved effects
set ("gain control of target creature until end of turn", "target opponent gains control of this
artifact"). An Aura's static control effect is applied to that value as it starts to apply (the Aura
on the battlefield enchanting the object, 303.4), in timestamp order with the other control effects
(a later effect overrides it, 613.7), and ends when the Aura no longer enchants that object: the
permanent's controller is then again the one it had before (a new object after a zone change, 400.7,
is another matter: the effect never applied to it). If the Aura's controller changes, "you" is the
new controller. Checked right after every action (rules.actions.state_based_actions)."""

from __future__ import annotations

_GIVES: dict = {}  # CardDef -> whether one of its static abilities gives control of what it enchants


def _gives_control(card) -> bool:
    try:
        return _GIVES[card]
    except KeyError:
        found = _GIVES[card] = any(getattr(st, "gives_control", False) for st in card.statics)
        return found


def apply_control_statics(game) -> None:
    """Start the static control effects that apply now and end those that no longer do, until none
    changes: one Aura's effect can change another Aura's controller, and so what the other's "you"
    means (109.5; Confiscate taking Threads of Disloyalty), which then applies too (613.8)."""
    for _ in range(len(game.battlefield) + 1):
        if not _apply_once(game):
            return


def _apply_once(game) -> bool:
    """One pass over the static control effects; True if a permanent's controller changed."""
    objs = game.objs
    kept = []
    changed = False
    for rec in game.control_statics:
        oid, moves, previous, aura_oid, aura_moves, given = rec
        o, aura = objs.get(oid), objs.get(aura_oid)
        still = (o is not None and o.zone == "battlefield" and o.moves == moves and aura is not None
                 and aura.zone == "battlefield" and aura.moves == aura_moves and aura.attached == (oid, moves))
        if not still:
            if o is not None and o.zone == "battlefield" and o.moves == moves and o.controller == given:
                game.change_control(o, previous)  # the effect ends (611.3a): back to the controller before it
                changed = True
            continue
        if aura.controller != given:  # "you": the Aura's controller now
            if o.controller == given:
                game.change_control(o, aura.controller)
                changed = True
            rec = (oid, moves, previous, aura_oid, aura_moves, aura.controller)
        kept.append(rec)
    started = {(r[3], r[4]) for r in kept}
    for aid in game.battlefield:
        aura = objs[aid]
        if not aura.card.statics or not _gives_control(aura.card) or (aid, aura.moves) in started:
            continue
        at = aura.attached
        if type(at) is not tuple:
            continue
        o = objs.get(at[0])
        if o is None or o.zone != "battlefield" or o.moves != at[1]:
            continue
        kept.append((o.oid, o.moves, o.controller, aid, aura.moves, aura.controller))
        if o.controller != aura.controller:
            game.change_control(o, aura.controller)
            changed = True
    game.control_statics = tuple(kept)
    return changed


def control_statics_due(game) -> bool:
    """Is there a static control effect to start or end? (most games: none)"""
    if game.control_statics:
        return True
    objs = game.objs
    for oid in game.battlefield:
        card = objs[oid].card
        if card.statics and _gives_control(card):
            return True
    return False
