"""Names come from spec file names and stable slugs only; collisions are spec errors."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

from generator.model import Entry, Property, Scenario, Spec, SpecFile, Text, freeze
from generator.naming import function_name, module_filename, stable_id
from generator.plan import build_plans
from generator.render import render_all
from generator.spec_errors import SpecError

SETUP = freeze({"players": {"alice": {"hand": [{"card": "Burst Lightning", "label": "bolt"}]}}})
STEPS = freeze([{"cast": {"card": "bolt", "targets": ["bob"]}}, {"resolve": {}, "expect": {"players": {"bob": {"life": 18}}}}])


def entry(entry_id, *names, props=(), features=("kicker",), scenario_features=(), kind="ruling", rule=None, line=3):
    scenarios = tuple(Scenario(name=n, setup=SETUP, steps=STEPS, features=scenario_features, line=line + 2 + i)
                      for i, n in enumerate(names))
    properties = tuple(Property(name=n, given=freeze({"n": {"integers": {"min": 0, "max": 2}}}), setup=SETUP,
                                steps=STEPS, line=line + 20 + i) for i, n in enumerate(props))
    return Entry(id=entry_id, kind=kind, rule=rule, source="000_df8020ce1ef839d3.txt", text=Text(en="Text."),
                 cites=("702.33d",), features=features, scenarios=scenarios, properties=properties, line=line)


def spec(*files):
    return Spec(root=Path("spec"), files=tuple(
        SpecFile(path=f"spec/rules/{name}", title="T", rules_version="2026-06-19", entries=tuple(entries))
        for name, entries in files))


def test_module_file_names_come_from_the_spec_file_name():
    assert module_filename("kicker.yaml") == "test_kicker.py"
    assert module_filename("kicker-rulings-fr.yaml") == "test_kicker_rulings_fr.py"
    for bad in ("Kicker.yaml", "kicker_rulings.yaml", "kicker.yml", "a b.yaml", "-kicker.yaml", "kicker.yaml\nimport os"):
        with pytest.raises(ValueError):
            module_filename(bad)


def test_test_names_and_stable_ids_come_from_slugs():
    assert (function_name("kicker/copy-of-kicked-spell-is-kicked", "twincast-copy")
            == "test_kicker_copy_of_kicked_spell_is_kicked__twincast_copy")
    assert stable_id("kicker/x", "y") == "kicker/x::y"
    with pytest.raises(ValueError):
        function_name("kicker/X", "y")
    with pytest.raises(ValueError):
        function_name("kicker/x", "a_b")


def test_colliding_test_names_are_located_spec_errors():
    s = spec(("kicker.yaml", [entry("a/b-c", "x", line=3), entry("a-b/c", "x", line=30)]))
    with pytest.raises(SpecError) as info:
        build_plans(s)
    (issue,) = info.value.errors
    assert (issue.path, issue.line, issue.field) == ("spec/rules/kicker.yaml", 32, "entries[1].scenarios[0].name")
    assert "test_a_b_c__x" in issue.message and "a/b-c::x" in issue.message


def test_scenario_and_property_with_one_name_collide():
    s = spec(("kicker.yaml", [entry("a/b", "x", props=("x",))]))
    with pytest.raises(SpecError, match=r"entries\[0\]\.properties\[0\]\.name: test name test_a_b__x"):
        build_plans(s)


def test_stable_ids_must_be_unique_across_files():
    s = spec(("kicker.yaml", [entry("a/b", "x")]), ("multikicker.yaml", [entry("a/b", "x")]))
    with pytest.raises(SpecError, match="stable id a/b::x is also used in spec/rules/kicker.yaml"):
        build_plans(s)


def test_bad_spec_file_name_is_a_spec_error():
    with pytest.raises(SpecError, match=r"spec/rules/Kicker\.yaml: spec file name"):
        build_plans(spec(("Kicker.yaml", [entry("a/b", "x")])))


def test_value_without_a_literal_form_is_a_located_spec_error():
    bad = Scenario(name="y", setup=freeze({"players": {"alice": {"life": float("nan")}}}), steps=STEPS, line=41)
    e = entry("a/b", "x")
    e = Entry(**{**e.__dict__, "scenarios": e.scenarios + (bad,)})
    with pytest.raises(SpecError) as info:
        render_all(build_plans(spec(("kicker.yaml", [e]))))
    (issue,) = info.value.errors
    assert (issue.line, issue.field) == (41, "entries[0].scenarios[1]") and "non-finite" in issue.message


def test_marker_features_are_entry_and_scenario_tags_sorted_without_repeats():
    s = spec(("kicker.yaml", [entry("a/b", "x", features=("kicker", "copy"), scenario_features=("counter", "copy"),
                                    kind="rule", rule="702.33d")]))
    (data,) = render_all(build_plans(s)).values()
    fn = next(n for n in ast.parse(data).body if isinstance(n, ast.FunctionDef))
    (mark,) = fn.decorator_list
    kwargs = {k.arg: ast.literal_eval(k.value) for k in mark.keywords}
    assert kwargs == {"id": "a/b::x", "entry": "a/b", "kind": "rule", "rule": "702.33d", "cites": ["702.33d"],
                      "features": ["copy", "counter", "kicker"], "rules_version": "2026-06-19",
                      "source": "spec/rules/kicker.yaml"}
    doc = ast.get_docstring(fn)
    assert doc.startswith("Rule 702.33d (a/b).\nComprehensive Rules 2026-06-19.\n\nText.\n\nScenario x.")


def test_modules_list_tests_in_spec_order_and_steps_with_comments():
    s = spec(("kicker.yaml", [entry("z/last", "b", "a"), entry("a/first", "c")]))
    (data,) = render_all(build_plans(s)).values()
    text = data.decode()
    names = [n.name for n in ast.parse(text).body if isinstance(n, ast.FunctionDef)]
    assert names == ["test_z_last__b", "test_z_last__a", "test_a_first__c"]
    assert text.count("            # step 0: cast\n") == 3 and text.count("            # step 1: resolve\n") == 3  # numbered from 0, as in failure messages
    assert text.startswith("# Generated by mtg-conformance from spec/rules/kicker.yaml -- do not edit.\n")
    assert "from hypothesis" not in text  # imports only what the module uses
