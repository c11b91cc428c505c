"""The Fault type: one broken rule, how to inject it, and a case that shows it.

A fault's `install(stack, run)` enters its patches into `stack` (an ExitStack opened for one
case); `witness` is a small case on which the faulty engine answers differently from the
reference engine (checked by tests/test_selfcheck_catalog.py), so no fault is a no-op.
`report`, when given, is the public bug report (an issue or pull request of a real engine)
the fault is modelled on: the faulty engine does what that report says a real engine did.
`claims` names the spec claims the fault drops (`entry-id#claim-id`, see spec/README.md,
"Claims"): selfcheck then requires one of each claim's pinning scenarios to reject the fault.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Callable

NAME = re.compile(r"^[a-z][a-z0-9_]*$")
CLAIM = re.compile(r"^[a-z0-9]+(-[a-z0-9]+)*(/[a-z0-9]+(-[a-z0-9]+)*)*#[a-z0-9]+(-[a-z0-9]+)*$")
RULE = re.compile(r"^\d{3}(\.\d+[a-z]?(-[a-z])?)?$")
REPORT = re.compile(r"^https://github\.com/(?P<repo>magefree/mage|Card-Forge/forge|phase-rs/phase|"
                    r"WagicProject/wagic|wingedsheep/argentum-engine)/(issues|pull)/\d+$")
ENGINES = {"magefree/mage": "XMage", "Card-Forge/forge": "Forge", "phase-rs/phase": "phase.rs",
           "WagicProject/wagic": "Wagic", "wingedsheep/argentum-engine": "Argentum"}


@dataclass(frozen=True)
class Fault:
    name: str            # a Python identifier: also the engine factory's name
    rule: str            # the rule it breaks: "707.10", "702.33d", or a subrule range "601.2f-h"
    description: str     # one line: what the faulty engine does wrong
    install: Callable    # install(stack: ExitStack, run: RunState) -> None
    witness: dict        # a case (setup, steps) the faulty engine answers differently
    report: str | None = None  # the real engine's bug report it is modelled on (URL)
    claims: tuple[str, ...] = ()  # the spec claims it drops: "entry-id#claim-id"

    def __post_init__(self) -> None:
        bad = [c for c in self.claims if not CLAIM.match(c)]
        if isinstance(self.claims, str) or bad:
            raise ValueError(f"fault {self.name}: claims must be a tuple of 'entry-id#claim-id', "
                             f"not {bad or self.claims!r}")
        if not NAME.match(self.name):
            raise ValueError(f"fault name {self.name!r} must match {NAME.pattern}")
        if not RULE.match(self.rule):
            raise ValueError(f"fault {self.name}: rule {self.rule!r} must match {RULE.pattern}")
        if self.report is not None and not REPORT.match(self.report):
            raise ValueError(f"fault {self.name}: report {self.report!r} must be an issue or pull "
                             f"request URL of one of {', '.join(ENGINES)}")

    @property
    def engine(self) -> str | None:
        """The engine the report is about (XMage, Forge, phase.rs, Wagic, Argentum)."""
        return ENGINES[REPORT.match(self.report)["repo"]] if self.report else None


@dataclass(frozen=True)
class Unexpressible:
    """A real bug report in the rules this suite covers that protocol 1 or the card pool
    cannot express yet (kept in the catalog so it is not forgotten)."""

    report: str
    rule: str
    description: str     # what the real engine did wrong
    reason: str          # why no scenario can show it today

    def __post_init__(self) -> None:
        if not REPORT.match(self.report):
            raise ValueError(f"unexpressible report {self.report!r} is not a tracked engine's URL")
        if not RULE.match(self.rule):
            raise ValueError(f"unexpressible {self.report}: rule {self.rule!r} must match {RULE.pattern}")

    @property
    def engine(self) -> str:
        return ENGINES[REPORT.match(self.report)["repo"]]


def case(players: dict, steps: list, turn: dict | None = None) -> dict:
    """A witness case in the shape of ADAPTERS.md section 4."""
    setup = {"players": players}
    if turn is not None:
        setup["turn"] = turn
    return {"id": "selfcheck::witness", "setup": setup, "steps": steps}


def cards(*pairs) -> list:
    """[(card name, label), ...] -> setup card items."""
    return [{"card": name, "label": label} for name, label in pairs]
