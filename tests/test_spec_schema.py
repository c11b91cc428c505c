"""The committed JSON Schemas are valid draft 2020-12, match their builder, and close every object."""

from __future__ import annotations

import json

import pytest
from jsonschema import Draft202012Validator
from spec_helpers import REPO

from generator.spec_schema import SCHEMA_DIR, SCHEMAS, render


@pytest.mark.parametrize("name", sorted(SCHEMAS))
def test_committed_schema_is_the_builder_output(name: str):
    committed = (SCHEMA_DIR / name).read_text(encoding="utf-8")
    assert committed == render(SCHEMAS[name]()), "regenerate with: python -m generator.spec_schema"
    Draft202012Validator.check_schema(json.loads(committed))


def _objects(schema):
    if isinstance(schema, dict):
        if schema.get("type") == "object":
            yield schema
        for value in schema.values():
            yield from _objects(value)
    elif isinstance(schema, list):
        for value in schema:
            yield from _objects(value)


@pytest.mark.parametrize("name", sorted(SCHEMAS))
def test_every_object_is_closed(name: str):
    for obj in _objects(SCHEMAS[name]()):
        assert "additionalProperties" in obj, obj


def test_every_spec_yaml_file_points_at_its_schema():
    for folder, schema in (("rules", "spec-file"), ("cards", "card")):
        for path in sorted((REPO / "spec" / folder).glob("*.yaml")):
            first = path.read_text(encoding="utf-8").split("\n", 1)[0]
            assert first == f"# yaml-language-server: $schema=../schema/{schema}.schema.json", path
            assert (path.parent / ".." / "schema" / f"{schema}.schema.json").resolve().is_file()



PROTOCOL = REPO / "mtg_adapter" / "schema" / "protocol-1.schema.json"
# spec-file schema definition -> protocol-1 schema definition describing the same shape
SAME_SHAPE = {
    "player-setup": "player_setup", "choices": "choices", "cast": "cast", "card-view": "card_view",
    "stack-view": "stack_item", "token-view": "token_view", "player-view": "player_view",
}


@pytest.mark.skipif(not PROTOCOL.is_file(), reason="protocol schema not present")
def test_spec_vocabulary_has_the_protocol_fields():
    """Setup, steps and expectations name exactly the fields the protocol sends and answers."""
    protocol = json.loads(PROTOCOL.read_text(encoding="utf-8"))["$defs"]
    spec = SCHEMAS["spec-file.schema.json"]()["$defs"]
    for ours, theirs in SAME_SHAPE.items():
        assert set(spec[ours]["properties"]) == set(protocol[theirs]["properties"]), ours
    step_actions = set(spec["step"]["properties"]) - {"expect"}
    assert step_actions == set(protocol["step"]["properties"])
    assert set(spec["expect"]["properties"]) - {"illegal", "rule"} == set(protocol["view"]["properties"])


def test_compiled_fast_check_agrees_with_jsonschema():
    """The compiled check may only short-cut documents jsonschema also accepts."""
    import copy

    import yaml

    from generator.schema_issues import is_valid_fast, validator_for

    schema = REPO / "spec" / "schema" / "spec-file.schema.json"
    good = yaml.safe_load((REPO / "spec" / "rules" / "kicker.yaml").read_text("utf-8"))
    bad_kicks = copy.deepcopy(good)
    bad_kicks["entries"][0]["scenarios"][0]["steps"][0]["cast"]["kicks"] = -1
    unknown_field = copy.deepcopy(good)
    unknown_field["entries"][0]["colour"] = "red"
    wrong_type = copy.deepcopy(good)
    wrong_type["entries"][0]["features"] = "kicker"
    for data in (good, bad_kicks, unknown_field, wrong_type):
        normative = not list(validator_for(str(schema)).iter_errors(data))
        assert is_valid_fast(data, schema) == normative


@pytest.mark.parametrize("name", sorted(SCHEMAS))
def test_the_precompiled_check_is_built_from_the_committed_schema(name: str):
    """validate/generate use generator/compiled/ instead of compiling the schema on every run
    (a second of CPU and most of their memory); a stale module would silently fall back."""
    import hashlib
    import importlib

    from generator import compiled

    data = (SCHEMA_DIR / name).read_bytes()
    module = importlib.import_module(f"generator.compiled.{compiled.module_name(name)}")
    assert module.SCHEMA_SHA256 == hashlib.sha256(data).hexdigest(), "regenerate with: python -m generator.spec_schema"
    assert compiled.check_for(data) is module.validate
    assert compiled.check_for(data + b" ") is None  # any other schema is compiled at run time


def test_the_precompiled_check_accepts_the_spec_and_rejects_what_jsonschema_rejects():
    from generator.schema_issues import fast_check_for
    from generator.yaml_source import read_yaml

    check = fast_check_for(str(SCHEMA_DIR / "spec-file.schema.json"))
    doc = read_yaml(REPO / "spec" / "rules" / "kicker.yaml", "spec/rules/kicker.yaml")
    check(doc.data)
    broken = dict(doc.data, entries=[dict(doc.data["entries"][0], kind="law")])
    import fastjsonschema

    with pytest.raises(fastjsonschema.JsonSchemaException):
        check(broken)
