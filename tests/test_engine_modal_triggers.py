"""Modal triggered abilities (rules/triggers.py, 603.3c / 700.2b / 700.2d) of every shape the
engine's Modes describe, not only the catalog's one ("choose one", never repeatable: Deceiver
Exarch). The triggers are built from the engine's effect primitives and put on Deceiver Exarch in
place of its own (a data change, as in test_engine_stack.py), so these are engine tests.

Without `modes` in its trigger_targets entry the reference engine chooses the first modes that
can be chosen, in printed order, as few as the ability allows (at least one), repeating the first
one when the ability allows the same mode more than once; ADAPTERS.md leaves that choice to the
engine. What the rules decide: a mode without a legal target can't be chosen, and the ability is
removed when no mode (or too few) can be (700.2b); a mode may be chosen again only with "You may
choose the same mode more than once" (700.2d)."""

from __future__ import annotations

from dataclasses import replace

import pytest

from reference_impl.cards import catalog
from reference_impl.effects import Draw, GainLife, InMode, Tap, Targets, You
from reference_impl.rules.modes import ModeChosen, Modes
from reference_impl.rules.targets import TargetSpec
from reference_impl.scenario import cards, last_view, play

GAIN = GainLife(You(), 1)
DRAW = Draw(You(), 1)
# a mode whose target must be a land an opponent controls (the cases give bob none, or one)
TAP_LAND = TargetSpec("permanent", types_any=("Land",), not_you_control=True, description="target land")


def _modal_exarch(monkeypatch, modes: Modes, effects: tuple, targets: tuple = ()) -> None:
    """Deceiver Exarch whose enters trigger is the modal ability `modes` over `effects` (one
    tuple of effects per mode) with `targets` (each gated on its mode by ModeChosen)."""
    exarch = catalog.CARDS["Deceiver Exarch"]
    trig = replace(exarch.triggers[0], modes=modes, targets=targets,
                   effects=tuple(InMode(i, e) for i, e in enumerate(effects)))
    monkeypatch.setitem(catalog.CARDS, "Deceiver Exarch", replace(exarch, triggers=(trig,)))


def _setup(bob_land: bool = False) -> dict:
    bob = {"battlefield": cards(("Forest", "land"))} if bob_land else {}
    return {"players": {"alice": {"hand": cards(("Deceiver Exarch", "ex")), "mana": "{U}{U}{U}",
                                  "library": cards(*(("Island", f"i{n}") for n in range(4)))},
                        "bob": bob}}


def _put(setup: dict, entry: dict | None = None) -> dict:
    """The view once Deceiver Exarch's trigger has been put on the stack (or removed)."""
    choices = {"choices": {"trigger_targets": [dict(entry, source="ex")]}} if entry is not None else {}
    return last_view(setup, [{"cast": {"card": "ex"}}, {"resolve": choices}])


def _resolved(setup: dict, entry: dict | None = None) -> dict:
    choices = {"choices": {"trigger_targets": [dict(entry, source="ex")]}} if entry is not None else {}
    return last_view(setup, [{"cast": {"card": "ex"}}, {"resolve": choices}, {"resolve": {}}])


def _drawn(view) -> int:
    return sum(view["cards"][f"i{n}"]["zone"] == "hand" for n in range(4))


def _stack_modes(view) -> list:
    return [item["modes"] for item in view["stack"]]


# ---- "You may choose the same mode more than once." (700.2d)

def test_a_repeatable_choose_three_trigger_repeats_its_first_mode_by_default(monkeypatch):
    """"Choose three. You may choose the same mode more than once.": the engine's choice is the
    first mode three times; each time its effect happens (700.2d: as if it appeared three times)."""
    _modal_exarch(monkeypatch, Modes(2, "three", repeatable=True), ((GAIN,), (DRAW,)))
    assert _stack_modes(_put(_setup())) == [[0, 0, 0]]
    v = _resolved(_setup())
    assert v["players"]["alice"]["life"] == 23 and _drawn(v) == 0


def test_a_repeatable_trigger_with_one_mode_that_can_be_chosen_chooses_it_each_time(monkeypatch):
    """700.2b / 700.2d: the first mode can't be chosen (no land to target), the second can, three
    times: one mode that can be chosen is enough for "choose three" when modes may repeat, so the
    ability is not removed."""
    _modal_exarch(monkeypatch, Modes(2, "three", repeatable=True), ((Tap(Targets(0)),), (DRAW,)),
                  (replace(TAP_LAND, only_if=ModeChosen(0)),))
    assert _stack_modes(_put(_setup())) == [[1, 1, 1]]
    assert _drawn(_resolved(_setup())) == 3


def test_a_repeatable_one_or_more_trigger_chooses_one_mode_by_default(monkeypatch):
    """"Choose one or more" with repeats allowed: the engine's choice is the fewest allowed, one."""
    _modal_exarch(monkeypatch, Modes(2, "one-or-more", repeatable=True), ((GAIN,), (DRAW,)))
    assert _stack_modes(_put(_setup())) == [[0]]
    v = _resolved(_setup())
    assert v["players"]["alice"]["life"] == 21 and _drawn(v) == 0


def test_a_repeatable_trigger_takes_a_mode_given_twice(monkeypatch):
    _modal_exarch(monkeypatch, Modes(2, "three", repeatable=True), ((GAIN,), (DRAW,)))
    v = _resolved(_setup(), {"modes": [1, 0, 1]})
    assert v["players"]["alice"]["life"] == 21 and _drawn(v) == 2


def test_a_repeated_mode_with_a_target_gets_one_target_each_time(monkeypatch):
    """700.2d: a mode chosen twice has its target twice, and the same object may be chosen for
    each; one target for a mode chosen twice is too few (603.3d)."""
    _modal_exarch(monkeypatch, Modes(2, "two", repeatable=True), ((Tap(Targets(0)),), (DRAW,)),
                  (replace(TAP_LAND, only_if=ModeChosen(0)),))
    v = _put(_setup(bob_land=True), {"modes": [0, 0], "targets": ["land", "land"]})
    assert v["stack"] == [{"kind": "ability", "source": "ex", "controller": "alice",
                           "targets": ["land", "land"], "modes": [0, 0]}]
    r = play(_setup(bob_land=True), [{"cast": {"card": "ex"}},
                                     {"resolve": {"choices": {"trigger_targets": [
                                         {"source": "ex", "modes": [0, 0], "targets": ["land"]}]}}}])[-1]
    assert r["status"] == "illegal" and r["reason"].startswith("603.3d"), r


# ---- without repeats: several different modes

def test_a_choose_two_trigger_takes_two_different_modes_by_default(monkeypatch):
    _modal_exarch(monkeypatch, Modes(3, "two"), ((GAIN,), (DRAW,), (GainLife(You(), 5),)))
    assert _stack_modes(_put(_setup())) == [[0, 1]]
    v = _resolved(_setup())
    assert v["players"]["alice"]["life"] == 21 and _drawn(v) == 1


def test_a_choose_two_trigger_with_exactly_two_modes_that_can_be_chosen_takes_both(monkeypatch):
    """The first of three modes has no legal target: the other two are exactly enough."""
    _modal_exarch(monkeypatch, Modes(3, "two"), ((Tap(Targets(0)),), (GAIN,), (DRAW,)),
                  (replace(TAP_LAND, only_if=ModeChosen(0)),))
    assert _stack_modes(_put(_setup())) == [[1, 2]]


def test_a_choose_two_trigger_with_one_mode_that_can_be_chosen_is_removed(monkeypatch):
    """700.2b: without repeats "choose two" can't be satisfied by one mode: no legal choice of
    modes, so the ability is removed from the stack (603.3c)."""
    _modal_exarch(monkeypatch, Modes(2, "two"), ((Tap(Targets(0)),), (DRAW,)),
                  (replace(TAP_LAND, only_if=ModeChosen(0)),))
    v = _put(_setup())
    assert v["stack"] == [] and v["cards"]["ex"]["zone"] == "battlefield"


def test_the_same_mode_twice_is_illegal_without_repeats(monkeypatch):
    _modal_exarch(monkeypatch, Modes(2, "two"), ((GAIN,), (DRAW,)))
    r = play(_setup(), [{"cast": {"card": "ex"}},
                        {"resolve": {"choices": {"trigger_targets": [{"source": "ex", "modes": [1, 1]}]}}}])[-1]
    assert r["status"] == "illegal" and r["reason"].startswith("700.2d"), r


# ---- "Choose any number": no mode is also a number

def test_an_any_number_trigger_with_no_mode_that_can_be_chosen_is_removed(monkeypatch):
    """700.2b: "If no mode is chosen, the ability is removed from the stack", also when the
    ability allows choosing none ("choose any number")."""
    _modal_exarch(monkeypatch, Modes(2, "any-number"), ((Tap(Targets(0)),), (Tap(Targets(1)),)),
                  (replace(TAP_LAND, only_if=ModeChosen(0)), replace(TAP_LAND, only_if=ModeChosen(1))))
    v = _put(_setup())
    assert v["stack"] == [] and v["cards"]["ex"]["zone"] == "battlefield"


def test_an_any_number_trigger_chooses_one_mode_by_default(monkeypatch):
    _modal_exarch(monkeypatch, Modes(2, "any-number"), ((Tap(Targets(0)),), (DRAW,)),
                  (replace(TAP_LAND, only_if=ModeChosen(0)),))
    assert _stack_modes(_put(_setup())) == [[1]]


# ---- a mode given without a legal target

@pytest.mark.parametrize("modes", [[0], [1, 0]])
def test_a_mode_given_without_a_legal_target_is_illegal_under_700_2b(monkeypatch, modes):
    """700.2b: "If one of the modes would be illegal (due to an inability to choose legal
    targets ...), that mode can't be chosen": the step is illegal for that reason, before any
    target is looked at."""
    _modal_exarch(monkeypatch, Modes(2, "one-or-more"), ((Tap(Targets(0)),), (DRAW,)),
                  (replace(TAP_LAND, only_if=ModeChosen(0)),))
    r = play(_setup(), [{"cast": {"card": "ex"}},
                        {"resolve": {"choices": {"trigger_targets": [{"source": "ex", "modes": modes}]}}}])[-1]
    assert r["status"] == "illegal" and r["reason"].startswith("700.2b"), r


# ---- what the answers say: the field of a malformed choice, the ability a refusal is about

@pytest.mark.parametrize("modes", ["0", [0.0], [True]])
def test_malformed_trigger_modes_are_an_error_naming_the_field(monkeypatch, modes):
    """Bad input errors name their field: `modes` of a trigger_targets entry must be a list of
    mode numbers."""
    _modal_exarch(monkeypatch, Modes(2, "one"), ((GAIN,), (DRAW,)))
    r = play(_setup(), [{"cast": {"card": "ex"}},
                        {"resolve": {"choices": {"trigger_targets": [{"source": "ex", "modes": modes}]}}}],
             allow_errored=True)[-1]
    assert r["status"] == "errored", r
    assert r["message"].startswith("step 1: choices.trigger_targets.modes must be a list of mode numbers"), r


@pytest.mark.parametrize("modes, rule", [([0, 0], "700.2d"), ([2], "700.2"), ([0, 1], "700.2a")])
def test_an_illegal_mode_choice_names_the_triggered_ability(monkeypatch, modes, rule):
    """The refusal says which ability's modes were wrong (the player may have several triggers
    waiting): Deceiver Exarch's triggered ability, under the rule that refuses them."""
    _modal_exarch(monkeypatch, Modes(2, "one"), ((GAIN,), (DRAW,)))
    r = play(_setup(), [{"cast": {"card": "ex"}},
                        {"resolve": {"choices": {"trigger_targets": [{"source": "ex", "modes": modes}]}}}])[-1]
    assert r["status"] == "illegal", r
    assert r["reason"].startswith(f"{rule}: Deceiver Exarch's triggered ability"), r


def test_a_mode_whose_only_target_has_protection_from_the_source_cant_be_chosen():
    """700.2b / 702.16b: Deceiver Exarch (blue)'s tap mode needs a permanent an opponent controls;
    bob's only one is Guma (protection from blue), so that mode can't be chosen: choosing it is
    refused under 700.2b, and without a choice the untap mode is taken."""
    setup = {"players": {"alice": {"hand": cards(("Deceiver Exarch", "ex")), "mana": "{U}{U}{U}"},
                         "bob": {"battlefield": cards(("Guma", "guma"))}}}
    r = play(setup, [{"cast": {"card": "ex"}},
                     {"resolve": {"choices": {"trigger_targets": [{"source": "ex", "modes": [1], "targets": ["guma"]}]}}}])[-1]
    assert r["status"] == "illegal" and r["reason"].startswith("700.2b"), r
    v = last_view(setup, [{"cast": {"card": "ex"}}, {"resolve": {}}])
    assert _stack_modes(v) == [[0]]


def test_without_a_choice_a_mode_whose_only_target_has_protection_is_passed_over(monkeypatch):
    """The first mode's only possible target, bob's Guma, has protection from blue (702.16b), the
    source Deceiver Exarch is blue: that mode can't be chosen (700.2b), so the engine's choice is
    the second mode (draw a card), not the first with no legal target (which would remove the
    ability, 603.3d)."""
    _modal_exarch(monkeypatch, Modes(2, "one"), ((Tap(Targets(0)),), (DRAW,)),
                  (TargetSpec("permanent", not_you_control=True, only_if=ModeChosen(0),
                              description="target permanent an opponent controls"),))
    setup = _setup()
    setup["players"]["bob"] = {"battlefield": cards(("Guma", "guma"))}
    assert _stack_modes(_put(setup)) == [[1]]
    v = _resolved(setup)
    assert _drawn(v) == 1 and v["cards"]["guma"]["tapped"] is False
