"""Putting waiting triggered abilities on the stack (603.3): APNAP order, modes (603.3c) and
targets (603.3d) chosen as each is put on the stack."""

from __future__ import annotations

from ..state.game import Ability, IllegalAction
from . import actions
from .actions import collect_graveyard_arrivals, collect_graveyard_leavers, collect_leaves
from .casting import ref_of
from .choices import Choices
from .context import NO_INFO
from .modes import check_modes, mode_of, target_slots
from .targets import candidates, describe, is_legal


def put_triggers(game, choices: Choices) -> None:
    """Put waiting triggered abilities on the stack: the active player's first (APNAP,
    603.3b), each player's in the order they triggered; modes and targets chosen now."""
    if game.left:
        collect_leaves(game)
    if game.to_graveyard:
        collect_graveyard_arrivals(game)
    if game.left_graveyard:
        collect_graveyard_leavers(game)
    while game.pending:
        pending, game.pending = game.pending, []
        for sid, trig, event in apnap_order(game, pending):
            src = game.objs.get(sid)
            if trig.event == "miracle-revealed" and choices.get("you_may") is False:
                continue  # 702.94a: "You may reveal this card": not revealed, so nothing triggers
            controller = _controller(game, sid, trig)
            chosen = _trigger_choices(game, trig, src, controller, event, choices)
            if chosen is None:
                continue  # 603.3c-d: no legal mode or target: removed from the stack
            targets, modes = chosen
            item = Ability(sid, controller, trig, targets, event, modes, tuple(game.stamp(targets).items()),
                           src.moves if src is not None else None)
            game.stack.append(item)
            if targets:  # its targets became the target of this ability (702.21a): a ward trigger
                # it causes is put on the stack by the next pass of this loop
                actions.became_targets(game, controller, targets, item)


def apnap_order(game, pending: list) -> list:
    """The order waiting triggers go on the stack in (603.3b): the active player's first, then
    the nonactive player's, each player's in the order they triggered."""
    order = [p for p in pending if _controller(game, p[0], p[1]) == game.active]
    return order + [p for p in pending if p not in order]


def _controller(game, sid, trig) -> str:
    """Who controls a triggered ability: its source's controller (603.3a), or for a delayed one
    the player who controlled the spell or ability that created it as it resolved (603.7d), which
    may be a copy that has since ceased to exist."""
    if getattr(trig, "controller", None) is not None:
        return trig.controller
    src = game.objs.get(sid)
    return src.controller if src else game.active


def _trigger_choices(game, trig, src, controller, event, choices):
    """(targets, modes) for a trigger being put on the stack, or None when it can't be."""
    modal = getattr(trig, "modes", None) is not None
    if not trig.targets and not modal:
        return (), ()
    # its source as the view names it: its label, or the label of the spell an unlabelled copy copies
    label = (src.label if src.label is not None else src.copy_of) if src else None
    entry = choices.take_trigger_entry(label) if label else None
    given = entry.get("targets", []) if entry is not None else None
    info = event.info or NO_INFO
    modes = ()
    specs = trig.targets
    if modal:
        modes = _trigger_modes(game, trig, src, controller, None if entry is None else entry.get("modes"))
        if modes is None:
            return None  # 700.2b: no mode can be chosen: the ability is removed from the stack
        slots = target_slots(trig.targets, modes)
        if slots is not None:
            specs = tuple(trig.targets[i] for i, _ in slots)
    out = []
    if given is not None:
        refs = [ref_of(game, t) for t in given]
        i = 0
        for spec in specs:
            n = spec.slots(info) or 1
            part = refs[i:i + n]
            i += len(part)
            for r in part:
                if not is_legal(spec, r, game, controller, info=info, from_oid=src.oid):
                    raise IllegalAction("603.3d", f"{describe(r, game)} is not a legal target "
                                                  f"for {src.card.name}'s ability "
                                                  f"({spec.description or spec.what})")
            if len(part) < n and spec.count != "up-to-one":
                raise IllegalAction("603.3d", f"{src.card.name}'s ability needs {n} target(s)")
            out.append(tuple(part))
        if i != len(refs):
            raise IllegalAction("603.3d", f"too many targets for {src.card.name}'s ability")
        return tuple(out), modes
    for spec in specs:  # no choice given: the first legal target(s), deterministically
        n = spec.slots(info) or 1
        cands = candidates(spec, game, controller, info=info, from_oid=src.oid if src else None)
        if len(cands) < n and spec.count != "up-to-one":
            return None
        out.append(tuple(cands[:n]))
    return tuple(out), modes


def _mode_has_targets(game, trig, src, controller, k) -> bool:
    """700.2b: a mode whose targets can't all be chosen can't be chosen (a target with protection
    from its source, 702.16b, can't be chosen either)."""
    from_oid = src.oid if src else None
    return all(candidates(spec, game, controller, from_oid=from_oid) for spec in trig.targets if mode_of(spec) == k)


def _trigger_modes(game, trig, src, controller, given):
    """603.3c / 700.2b: the modes of a modal triggered ability, chosen as it is put on the stack
    (`modes` of its trigger_targets entry, else the first modes that can be chosen, in printed
    order, the first one repeated when a mode may be chosen more than once, 700.2d). A chosen mode
    without legal targets is illegal; None when no mode, or too few different ones, can be chosen."""
    name = f"{src.card.name}'s triggered ability"
    if given is not None:
        modes = check_modes(trig.modes, given, False, name, "choices.trigger_targets.modes", "603.3c")
        for k in sorted(set(modes)):
            if not _mode_has_targets(game, trig, src, controller, k):
                raise IllegalAction("700.2b", f"{name}: mode {k} can't be chosen, it has no legal target")
        return modes
    fewest, _ = trig.modes.bounds(False)
    able = [k for k in range(trig.modes.n) if _mode_has_targets(game, trig, src, controller, k)]
    if not able or (len(able) < fewest and not trig.modes.repeatable):
        return None  # a mode that may be chosen again counts as many times as needed (700.2d)
    return tuple(able[:max(fewest, 1)]) if not trig.modes.repeatable else (able[0],) * max(fewest, 1)
