"""Reference engine: the speed-ups of the view and of turn advance answer exactly what building
every view from scratch answers (reference_impl/view.py ViewCache gives an earlier view's entry
again only when the state it came from is unchanged; here for the benchmark's cases and for every
scenario of the spec), and the hand-written __init__ of the frozen dataclasses built on every cast
and event (state.game.SpellInfo, rules.actions.Event) takes exactly their fields, with their
defaults."""

from __future__ import annotations

import dataclasses
import inspect
import sys
from pathlib import Path

import pytest

from mtg_conformance import export
from mtg_conformance.suite_cases import load_tests
from reference_impl import runner
from reference_impl.rules.actions import Event
from reference_impl.runner import _take_step, run_case
from reference_impl.setup import build_game
from reference_impl.state.game import SpellInfo
from reference_impl.view import build_view

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "benchmarks"))
from turn_combat_throughput import CASES as TURN_COMBAT_CASES  # noqa: E402

LIB = {"library": [{"card": "Forest", "label": "a1"}, {"card": "Forest", "label": "a2"}]}
BOB_LIB = {"library": [{"card": "Island", "label": "b1"}]}
CASES = {
    **TURN_COMBAT_CASES,
    # a lord's boost (a static ability: entries depend on another object) ends as it dies
    "lord-dies": {
        "setup": {"players": {"alice": {**LIB, "hand": [{"card": "Shock", "label": "shock"}], "mana": "{R}",
                                        "battlefield": [{"card": "Joraga Warcaller", "label": "jw",
                                                         "counters": {"+1/+1": 1}},
                                                        {"card": "Llanowar Elves", "label": "elf"}]},
                              "bob": BOB_LIB}},
        "steps": [{"cast": {"card": "shock", "targets": ["jw"]}}, {"resolve": {}},
                  {"advance": {"to": "end"}}],
    },
    # an "until end of turn" pump ends in the cleanup step, and the turn passes
    "pump-ends": {
        "setup": {"players": {"alice": {**LIB, "hand": [{"card": "Giant Growth", "label": "gg"}], "mana": "{G}",
                                        "battlefield": [{"card": "Grizzly Bears", "label": "bears"}]},
                              "bob": BOB_LIB}},
        "steps": [{"cast": {"card": "gg", "targets": ["bears"]}}, {"resolve": {}},
                  {"declare_attackers": {"attackers": [{"card": "bears"}]}},
                  {"advance": {"to": "end_of_combat"}}, {"advance": {"turn": "next", "to": "upkeep"}},
                  {"advance": {"to": "main1"}}],
    },
}


def _views_from_scratch(case) -> list:
    """The initial view and the view after each step, each built without a ViewCache."""
    game = build_game(case["setup"])
    views = [build_view(game)]
    for step in case["steps"]:
        (kind, args), = step.items()
        _take_step(game, kind, args, None, None)
        views.append(build_view(game))
    return views


@pytest.mark.parametrize("name", sorted(CASES))
def test_cached_views_equal_views_built_from_scratch(name):
    answer = run_case(CASES[name])
    assert [r["status"] for r in answer["results"]] == ["ok"] * len(CASES[name]["steps"])
    assert [answer["initial"]] + [r["view"] for r in answer["results"]] == _views_from_scratch(CASES[name])


@pytest.fixture(scope="module")
def spec_cases() -> list:
    """Every scenario of the spec, three examples of each property."""
    return [case for test in load_tests() for case in export.test_record(test)["cases"][:3]]


def test_cached_views_equal_fresh_views_for_every_spec_scenario(monkeypatch, spec_cases):
    """Every scenario of the spec, illegal steps and created labels included: the answer with the
    run's ViewCache equals the answer without one."""
    cases = spec_cases
    assert len(cases) > 500
    cached = [run_case({"setup": c["setup"], "steps": c["steps"]}) for c in cases]
    monkeypatch.setattr(runner, "ViewCache", lambda: None)  # build_view without a cache: all afresh
    fresh = [run_case({"setup": c["setup"], "steps": c["steps"]}) for c in cases]
    assert sum(len(a["results"]) for a in fresh) > 2000
    for case, with_cache, without in zip(cases, cached, fresh):
        assert with_cache == without, case


def test_plain_entries_equal_entries_computed_in_general(monkeypatch, spec_cases):
    """view._plain_entry (a permanent's entry when no static ability is around and no "until end
    of turn" effect exists) equals _card_entry computing P/T and keywords with every static
    looked up, for every permanent in every view of every spec scenario where it is used."""
    from reference_impl import view
    from reference_impl.state.layers import graveyard_holders

    checked = 0

    def checking_build_view(game, cache=None):
        nonlocal checked
        out = build_view(game, cache)
        # (a static ability in a graveyard, 113.6b, is around too)
        if not game.eot and not any(game.objs[oid].card.statics for oid in game.battlefield) \
                and not graveyard_holders(game):
            for label, oid in game.labels.items():
                o = game.objs[oid]
                if o.zone == "battlefield":
                    entry = out["cards"][label]
                    attacking, blocking = entry["attacking"], entry["blocking"]
                    assert view._plain_entry(o, attacking, blocking) == \
                        view._card_entry(game, o, None, None, attacking, blocking), label
                    checked += 1
        return out

    monkeypatch.setattr(runner, "build_view", checking_build_view)
    for case in spec_cases:
        run_case({"setup": case["setup"], "steps": case["steps"]})
    assert checked > 2000


def test_lord_and_pump_cases_show_the_effects_ending():
    """The two cases above do exercise entries that depend on other objects."""
    lord = run_case(CASES["lord-dies"])
    assert lord["initial"]["cards"]["elf"]["power"] == 2
    assert lord["results"][1]["view"]["cards"]["jw"]["zone"] == "graveyard"
    assert lord["results"][1]["view"]["cards"]["elf"]["power"] == 1
    pump = run_case(CASES["pump-ends"])
    assert pump["results"][1]["view"]["cards"]["bears"]["power"] == 5
    assert pump["results"][4]["view"]["cards"]["bears"]["power"] == 2


@pytest.mark.parametrize("cls", [SpellInfo, Event])
def test_hand_written_init_takes_exactly_the_fields(cls):
    params = list(inspect.signature(cls.__init__).parameters.values())[1:]
    fields = dataclasses.fields(cls)
    assert [p.name for p in params] == [f.name for f in fields]
    assert [p.default for p in params] == [inspect.Parameter.empty if f.default is dataclasses.MISSING
                                           else f.default for f in fields]
    values = {f.name: object() for f in fields}
    built = cls(**values)
    assert all(getattr(built, name) is value for name, value in values.items())
    assert dataclasses.replace(built, **{fields[-1].name: 1}) == cls(**{**values, fields[-1].name: 1})
    with pytest.raises(dataclasses.FrozenInstanceError):
        setattr(built, fields[0].name, 0)


def test_dicts_the_view_cache_knows_by_identity_are_replaced_not_mutated(monkeypatch, spec_cases):
    """The ViewCache keeps its slots in view order for the `labels`, `objs` and `players` dicts
    it saw last (and the combat maps for the attackers/blockers tuples): every spec scenario,
    illegal steps and created labels included, keeps the labels and players dicts it showed a
    view unchanged while it holds them, and never gives an object id another object."""
    seen: dict = {}
    checked = 0

    def checking_build_view(game, cache=None):
        nonlocal checked
        for d in (game.labels, game.players):
            before = seen.setdefault(id(d), (d, dict(d)))
            assert before[0] is not d or before[1] == d
        objs = seen.setdefault(id(game.objs), (game.objs, {}))
        if objs[0] is game.objs:
            for oid, o in game.objs.items():
                assert objs[1].setdefault(oid, o) is o
        checked += 1
        return build_view(game, cache)

    monkeypatch.setattr(runner, "build_view", checking_build_view)
    for case in spec_cases:
        seen.clear()
        run_case({"setup": case["setup"], "steps": case["steps"]})
    assert checked > 2000
