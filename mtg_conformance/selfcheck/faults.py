"""The catalog of faulty engines and their factories.

Each fault is usable as an engine spec: `--engine python:mtg_conformance.selfcheck.faults:NAME`
(NAME is the fault's name; this module resolves it lazily, PEP 562). `reference` gives the
unpatched reference engine through the same wrapper, for the sanity check.
"""

from __future__ import annotations

from contextlib import ExitStack
from dataclasses import replace

from reference_impl import runner
from reference_impl.adapter import ReferenceEngine

from . import (
    activation_limit_faults,
    adventure_faults,
    attack_cost_faults,
    buyback_faults,
    choice_faults,
    chosen_source_faults,
    colored_spells_delve_faults,
    combat_faults,
    control_aura_faults,
    converge_faults,
    cost_faults,
    counting_shield_faults,
    cumulative_upkeep_faults,
    damage_faults,
    dash_blitz_faults,
    daybound_faults,
    dies_faults,
    drain_life_faults,
    dredge_faults,
    elf_faults,
    enter_tapped_faults,
    equipment_faults,
    escape_faults,
    evoke_faults,
    faces_faults,
    flashback_faults,
    free_cast_faults,
    gitrog_faults,
    granted_trigger_faults,
    graveyard_cast_faults,
    graveyard_replacement_faults,
    graveyard_static_faults,
    hand_keywords_faults,
    hidden_cards_faults,
    keyword_faults,
    kicker_faults,
    kicker_x_faults,
    land_type_faults,
    layer_faults,
    library_faults,
    lifelink_spell_faults,
    loyalty_faults,
    madness_faults,
    mana_faults,
    mana_provenance_faults,
    mode_division_faults,
    nontoken_dies_faults,
    permanent_copy_faults,
    phase_port_faults,
    prevention_followup_faults,
    priority_faults,
    protection_faults,
    rebound_faults,
    redirection_faults,
    replacement_faults,
    resolution_choice_faults,
    retrace_faults,
    spell_copy_faults,
    stack_faults,
    state_based_faults,
    storm_faults,
    target_faults,
    token_faults,
    transform_faults,
    trigger_faults,
    turn_faults,
    type_change_faults,
    unpayable_cost_faults,
    you_may_each_faults,
)
from .claims import DROPS
from .fault import Fault
from .patching import RunState
from .unexpressible import REPORTS_OF_EXISTING

CATALOG: dict[str, Fault] = {}
# One module per rules area; within each, designed faults and those modelled on real reports
# (`report`) side by side (`mtg-conformance selfcheck --list` tells them apart).
for _module in (kicker_faults, cost_faults, flashback_faults, converge_faults,
                spell_copy_faults, library_faults, choice_faults,
                mode_division_faults, combat_faults, faces_faults, stack_faults,
                permanent_copy_faults, turn_faults, state_based_faults, mana_faults,
                dies_faults, trigger_faults, token_faults, damage_faults, target_faults,
                protection_faults, layer_faults, replacement_faults, granted_trigger_faults,
                escape_faults, attack_cost_faults, chosen_source_faults, buyback_faults,
                redirection_faults, you_may_each_faults, resolution_choice_faults, colored_spells_delve_faults,
                type_change_faults, equipment_faults, loyalty_faults, graveyard_replacement_faults,
                graveyard_cast_faults, elf_faults, phase_port_faults, enter_tapped_faults,
                priority_faults, cumulative_upkeep_faults, drain_life_faults, hidden_cards_faults,
                hand_keywords_faults, unpayable_cost_faults, dash_blitz_faults, free_cast_faults, rebound_faults,
                nontoken_dies_faults, retrace_faults, prevention_followup_faults, graveyard_static_faults,
                land_type_faults, storm_faults, counting_shield_faults, transform_faults, daybound_faults,
                lifelink_spell_faults, control_aura_faults,
                gitrog_faults, dredge_faults, madness_faults,
                adventure_faults, mana_provenance_faults, kicker_x_faults, evoke_faults, keyword_faults,
                activation_limit_faults):
    for _fault in _module.FAULTS:
        if _fault.name in CATALOG:
            raise ValueError(f"duplicate fault name {_fault.name!r}")
        if _fault.report is None and _fault.name in REPORTS_OF_EXISTING:
            _fault = replace(_fault, report=REPORTS_OF_EXISTING[_fault.name])
        if _fault.name in DROPS:
            _fault = replace(_fault, claims=_fault.claims + DROPS[_fault.name])
        CATALOG[_fault.name] = _fault
_unknown = set(REPORTS_OF_EXISTING) - set(CATALOG)
if _unknown:
    raise ValueError(f"reports given for unknown faults {sorted(_unknown)}")
_unknown = set(DROPS) - set(CATALOG)
if _unknown:
    raise ValueError(f"claims given for unknown faults {sorted(_unknown)}")


class FaultyEngine(ReferenceEngine):
    """The reference engine with one fault patched in while each case runs."""

    def __init__(self, fault: Fault | None) -> None:
        self.fault = fault

    def hello(self) -> dict:
        answer = super().hello()
        if self.fault is not None:
            answer["implementation"]["name"] += f" [fault {self.fault.name}: {self.fault.rule}]"
        return answer

    def run(self, case: dict) -> dict:
        if self.fault is None:
            return runner.run_case(case)
        with ExitStack() as stack:
            self.fault.install(stack, RunState())
            return runner.run_case(case)


def create_engine(name: str | None = None) -> FaultyEngine:
    """The faulty engine called `name` (None: the unpatched reference engine)."""
    if name is None or name == "reference":
        return FaultyEngine(None)
    try:
        return FaultyEngine(CATALOG[name])
    except KeyError:
        raise ValueError(f"unknown fault {name!r}; known: {', '.join(sorted(CATALOG))}") from None


def reference() -> FaultyEngine:
    return create_engine(None)


def __getattr__(name: str):
    """`faults.<fault name>` is that fault's engine factory (for `--engine python:...`)."""
    if name in CATALOG:
        return lambda: create_engine(name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


def _answers(answer: dict) -> list:
    """The results without their free-text reasons (the judge never compares those)."""
    return [{k: v for k, v in r.items() if k != "reason"} for r in answer["results"]]


def witness_problem(fault: Fault) -> str | None:
    """Why `fault` is not a real fault right now (its patch fails, it crashes instead of
    answering wrongly, or it answers its witness like the reference engine), else None.
    The reference engine keeps changing; a patch that no longer applies must not pass for a
    fault the suite "caught"."""
    reference = create_engine()
    expected = reference.run(fault.witness)
    try:
        got = FaultyEngine(fault).run(fault.witness)
    except Exception as exc:  # the patch no longer fits the engine's code
        return f"the patch fails: {type(exc).__name__}: {exc}"
    errored = [r.get("message") for r in got["results"] + expected["results"]
               if r.get("status") == "errored"]
    if errored:
        return f"the witness case errors: {errored[0]}"
    if _answers(got) == _answers(expected):
        return "it answers its witness case exactly like the reference engine"
    if _answers(reference.run(fault.witness)) != _answers(expected):
        return "its patch outlives its run (the reference engine answers differently afterwards)"
    return None
