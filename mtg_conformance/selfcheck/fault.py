"""The Fault type: one broken rule, how to inject it, and a case that shows it.

A fault's `install(stack, run)` enters its patches into `stack` (an ExitStack opened for one
case); `witness` is a small case on which the faulty engine answers differently from the
reference engine (checked by tests/test_selfcheck_catalog.py), so no fault is a no-op.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Callable

NAME = re.compile(r"^[a-z][a-z0-9_]*$")
RULE = re.compile(r"^\d{3}(\.\d+[a-z]?(-[a-z])?)?$")


@dataclass(frozen=True)
class Fault:
    name: str            # a Python identifier: also the engine factory's name
    rule: str            # the rule it breaks: "707.10", "702.33d", or a subrule range "601.2f-h"
    description: str     # one line: what the faulty engine does wrong
    install: Callable    # install(stack: ExitStack, run: RunState) -> None
    witness: dict        # a case (setup, steps) the faulty engine answers differently

    def __post_init__(self) -> None:
        if not NAME.match(self.name):
            raise ValueError(f"fault name {self.name!r} must match {NAME.pattern}")
        if not RULE.match(self.rule):
            raise ValueError(f"fault {self.name}: rule {self.rule!r} must match {RULE.pattern}")


def case(players: dict, steps: list, turn: dict | None = None) -> dict:
    """A witness case in the shape of docs/CONTRACT.md."""
    setup = {"players": players}
    if turn is not None:
        setup["turn"] = turn
    return {"id": "selfcheck::witness", "setup": setup, "steps": steps}


def cards(*pairs) -> list:
    """[(card name, label), ...] -> setup card items."""
    return [{"card": name, "label": label} for name, label in pairs]
