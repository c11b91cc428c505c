"""The loader's fast paths give exactly what the slow, normative ones give.

`yaml_source` builds plain documents without PyYAML's generic constructor and memoizes tag
resolution; `schema_issues` compiles "exactly one action" without `oneOf`. Each must agree
with yaml.safe_load / jsonschema on every input, or fall back to them.
"""

from __future__ import annotations

import copy
import datetime

import fastjsonschema
import pytest
import yaml

from generator.schema_issues import fast_check_for, validator_for
from generator.spec_schema import SCHEMA_DIR
from generator.yaml_source import read_yaml

DOCS = [
    "a: 1\nb: [true, false, null, ~, 1.5, 0x1F, 0o17, 1_000, 190:20:30, .inf, -.nan]\n",
    "quoted: ['1', \"true\", 'null']\nplain: [yes, no, on, off, Y, n]\n",
    "date: 2021-06-18\nwhen: 2001-12-14t21:59:43.10-05:00\nbin: !!binary aGVsbG8=\n",
    "base: &b {x: 1, y: [1, 2]}\nuse: *b\nlist: &l [a, b]\nagain: *l\n",
    "base: &b {x: 1}\nmerged: {<<: *b, y: 2}\n",
    "dup: 1\ndup: 2\nother: {k: a, k: b}\n",
    "1: int key\n? [a, b]\n: list key\n",
    "1: int key\n? !!python/tuple [a, b]\n: tuple key\n",
    "x: !custom 1\n",
    "null: x\ntrue: y\n3.5: z\n",
    "set: !!set {a, b}\nomap: !!omap [{a: 1}, {b: 2}]\npairs: !!pairs [{a: 1}]\n",
    "tagged: !!str 123\nint: !!int '7'\nfloat: !!float '1'\n",
    "- a\n- {b: c, d: [e, {f: g}]}\n- - nested\n  - list\n",
    "text: |\n  line one\n  line two\nfolded: >\n  a\n  b\n",
    "! nonspecific: ! 12\n",
]


def _same(a, b) -> bool:
    """Structural equality that also treats NaN as NaN and compares a recursive list's shape."""
    if isinstance(a, float) and isinstance(b, float) and a != a and b != b:
        return True
    if type(a) is not type(b):
        return False
    if isinstance(a, dict):
        return list(a) == list(b) and all(_same(a[k], b[k]) for k in a)
    if isinstance(a, list):
        if len(a) != len(b):
            return False
        return all((x is a and y is b) or _same(x, y) for x, y in zip(a, b))
    return a == b


def _write(path, text):
    path.write_text(text, encoding="utf-8")
    return path


@pytest.mark.parametrize("text", DOCS)
def test_fast_construction_equals_safe_load(tmp_path, text):
    path = tmp_path / "doc.yaml"
    path.write_text(text, encoding="utf-8")
    doc = read_yaml(path, "doc.yaml")
    try:
        expected = yaml.safe_load(text)
    except yaml.YAMLError:  # rejected by safe_load: rejected here too, with a located issue
        assert doc.data is None and doc.issues
        return
    assert _same(doc.data, expected), (doc.data, expected)


def test_a_recursive_structure_is_refused_unlike_safe_load(tmp_path):
    """safe_load builds a list containing itself; every tree walk of the spec would never end."""
    doc = read_yaml(_write(tmp_path / "doc.yaml", "recursive: &r [1, *r]\n"), "doc.yaml")
    assert doc.data is None
    assert [str(i) for i in doc.issues] == ["doc.yaml:1:19: invalid YAML: the alias *r is inside the node it names "
                                            "(a recursive structure); remove it"]


def test_aliases_share_one_object_as_in_safe_load(tmp_path):
    path = tmp_path / "doc.yaml"
    path.write_text(DOCS[3], encoding="utf-8")
    data = read_yaml(path, "doc.yaml").data
    assert data["use"] is data["base"] and data["again"] is data["list"]
    assert isinstance(data["base"], dict)
    dates = read_yaml(_write(path, DOCS[2]), "doc.yaml").data
    assert dates["date"] == datetime.date(2021, 6, 18)


def test_duplicate_and_non_string_keys_are_still_reported(tmp_path):
    path = tmp_path / "doc.yaml"
    path.write_text("a: 1\nb: {c: 1, c: 2}\n5: x\n", encoding="utf-8")
    doc = read_yaml(path, "doc.yaml")
    messages = [str(i) for i in doc.issues]
    assert any("b.c" in m and "duplicate key 'c' (first at line 2)" in m for m in messages), messages
    assert any(":3:1:" in m and "is not a string" in m for m in messages), messages
    assert doc.data == {"a": 1, "b": {"c": 2}, 5: "x"}


def test_unhashable_key_is_the_constructors_error(tmp_path):
    path = tmp_path / "doc.yaml"
    path.write_text("? {a: 1}\n: x\n", encoding="utf-8")
    doc = read_yaml(path, "doc.yaml")
    assert doc.data is None
    assert any("found unhashable key" in str(i) for i in doc.issues), doc.issues


STEP_CASES = [
    ({"resolve": {}, "expect": {"stack": []}}, True),
    ({"resolve": {}}, True),
    ({"try": {"resolve": {}}, "expect": {"illegal": True}}, True),
    ({"expect": {"stack": []}}, False),
    ({}, False),
    ({"resolve": {}, "cast": {"card": "bolt"}}, False),
    ({"resolve": {}, "cast": {"card": "bolt"}, "expect": {}}, False),
    ({"try": {"expect": {}}, "expect": {"illegal": True}}, False),
    ({"try": {}, "expect": {"illegal": True}}, False),
    ({"try": {"resolve": {}, "cast": {"card": "bolt"}}, "expect": {"illegal": True}}, False),
]


@pytest.mark.parametrize("step,valid", STEP_CASES)
def test_compiled_check_agrees_with_jsonschema_on_step_actions(step, valid):
    schema = str(SCHEMA_DIR / "spec-file.schema.json")
    data = yaml.safe_load((SCHEMA_DIR.parent / "rules" / "kicker.yaml").read_text(encoding="utf-8"))
    data = copy.deepcopy(data)
    data["entries"][0]["scenarios"][0]["steps"] = [step]
    try:
        fast_check_for(schema)(data)
        fast = True
    except fastjsonschema.JsonSchemaException:
        fast = False
    assert validator_for(schema).is_valid(data) is valid
    assert fast is valid
