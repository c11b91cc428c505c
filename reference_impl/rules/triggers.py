"""Putting waiting triggered abilities on the stack (603.3): APNAP order, targets chosen as
each is put on the stack (603.3d)."""

from __future__ import annotations

from ..state.game import Ability, IllegalAction
from .casting import ref_of
from .choices import Choices
from .context import NO_INFO
from .targets import candidates, describe, is_legal


def put_triggers(game, choices: Choices) -> None:
    """Put waiting triggered abilities on the stack: the active player's first (APNAP,
    603.3b), each player's in the order they triggered; targets chosen now (603.3d)."""
    while game.pending:
        pending, game.pending = game.pending, []
        order = [p for p in pending if game.objs.get(p[0]) is None
                 or game.objs[p[0]].controller == game.active]
        order += [p for p in pending if p not in order]
        for sid, trig, event in order:
            src = game.objs.get(sid)
            controller = src.controller if src else game.active
            chosen = _trigger_targets(game, trig, src, controller, event, choices)
            if chosen is None:
                continue  # 603.3d: no legal choice, removed from the stack
            game.stack.append(Ability(sid, controller, trig, chosen, event))


def _trigger_targets(game, trig, src, controller, event, choices):
    if not trig.targets:
        return ()
    label = src.label if src else None
    given = choices.take_trigger_targets(label) if label else None
    info = event.info or NO_INFO
    out = []
    if given is not None:
        refs = [ref_of(game, t) for t in given]
        i = 0
        for spec in trig.targets:
            n = spec.slots(info) or 1
            part = refs[i:i + n]
            i += n
            for r in part:
                if not is_legal(spec, r, game, controller):
                    raise IllegalAction("603.3d", f"{describe(r, game)} is not a legal target "
                                                  f"for {src.card.name}'s ability "
                                                  f"({spec.description or spec.what})")
            if len(part) < n:
                raise IllegalAction("603.3d", f"{src.card.name}'s ability needs {n} target(s)")
            out.append(tuple(part))
        if i != len(refs):
            raise IllegalAction("603.3d", f"too many targets for {src.card.name}'s ability")
        return tuple(out)
    for spec in trig.targets:  # no choice given: the first legal target(s), deterministically
        n = spec.slots(info) or 1
        cands = candidates(spec, game, controller)
        if len(cands) < n:
            return None
        out.append(tuple(cands[:n]))
    return tuple(out)
