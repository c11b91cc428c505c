"""Reload a phase game from a snapshot it exported (`Game.state()` -> `Engine.load_game`).

Why a module: an illegal step, a `try` and the scratch copies all go back to a saved state.
phase 0.103.0 sometimes leaves its record of the stack entry being resolved
(`resolving_stack_entry`) set after that resolution has finished (seen when Unburial Rites
returns a creature that chooses a color as it enters), and then refuses to load its own
snapshot ("unsettled resolution ownership at priority"). With the stack empty and a player
holding priority no entry is being resolved (608.2 is over), so that leftover is cleared and the
load retried once; any other refusal is phase's error.
"""

from __future__ import annotations

import copy

UNSETTLED = "unsettled resolution ownership"


def reload(engine, state: dict):
    """`engine.load_game(state)`, clearing the leftover record of a finished resolution if
    phase refuses the snapshot only because of it."""
    try:
        return engine.load_game(state)
    except ValueError as exc:
        inner = state.get("state") if isinstance(state, dict) else None
        if (UNSETTLED not in str(exc) or not isinstance(inner, dict) or inner.get("stack")
                or (inner.get("waiting_for") or {}).get("type") != "Priority"
                or inner.get("resolving_stack_entry") is None):
            raise
        fixed = copy.deepcopy(state)
        fixed["state"]["resolving_stack_entry"] = None
        return engine.load_game(fixed)
