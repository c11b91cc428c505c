"""The protocol-1 schema describes itself: every definition and every field says what it means.

Why: the schema is the normative shape of the engine contract; an engine author reading it (or an
editor showing it on hover) should not need ADAPTERS.md open beside it to learn what `kicks` or
`stack[].divide` means. A field of a later feature says so first ("Feature <tag>: ..."), so its
description also tells which tag an engine must declare before it is sent or judged on it.
"""

from __future__ import annotations

import copy
import json
import re

import pytest
import yaml
from spec_helpers import REPO

from mtg_adapter.features import FEATURES, LATER_FEATURES, LATER_STACK_FIELDS, LATER_VIEW_FIELDS

SCHEMA = REPO / "mtg_adapter" / "schema" / "protocol-1.schema.json"
REGISTRY = REPO / "mtg_adapter" / "feature_registry.yaml"
FEATURE_PREFIX = re.compile(r"^Feature ([a-z][a-z0-9-]*): \S")


def _doc() -> dict:
    return json.loads(SCHEMA.read_text(encoding="utf-8"))


def described_nodes(node, path=()):
    """(path, node) of every node that must carry a description: each `$defs` entry, each
    property at any depth (also in `then` branches and array items), each array `items` and each
    oneOf/anyOf member that is an object schema. `if` branches are conditions, not fields."""
    if not isinstance(node, dict):
        return
    for key, value in node.items():
        if key == "if":
            continue
        if key in ("$defs", "properties") and isinstance(value, dict):
            for name, child in value.items():
                yield path + (key, name), child
                yield from described_nodes(child, path + (key, name))
        elif key == "items" and isinstance(value, dict):
            if value.get("type") == "object":
                yield path + (key,), value
            yield from described_nodes(value, path + (key,))
        elif key in ("oneOf", "anyOf", "allOf") and isinstance(value, list):
            for i, member in enumerate(value):
                if key != "allOf" and isinstance(member, dict) and member.get("type") == "object":
                    yield path + (key, i), member
                yield from described_nodes(member, path + (key, i))
        elif isinstance(value, dict):
            yield from described_nodes(value, path + (key,))


def pointer(path) -> str:
    return "/" + "/".join(str(part) for part in path)


def undescribed(doc: dict) -> list[str]:
    return [pointer(path) for path, node in described_nodes(doc)
            if not (isinstance(node.get("description"), str) and node["description"].strip())]


def descriptions(doc: dict) -> dict[str, str]:
    return {pointer(path): node["description"] for path, node in described_nodes(doc) if "description" in node}


def test_the_walk_reaches_nested_fields():
    """Guard for the walk itself: it must reach fields inside items, then-branches and nested objects."""
    paths = {pointer(path) for path, _ in described_nodes(_doc())}
    for expected in ("/$defs/view", "/$defs/cast/properties/kicks",
                     "/$defs/step/properties/declare_attackers/properties/attackers/items/properties/attacks",
                     "/$defs/choices/properties/trigger_targets/items",
                     "/$defs/result/allOf/1/then/properties/reason",
                     "/$defs/hello_answer/properties/implementation/properties/name"):
        assert expected in paths
    assert not any("/if/" in path for path in paths)
    assert len(paths) > 200


def test_every_definition_and_field_is_described():
    missing = undescribed(_doc())
    assert not missing, f"{len(missing)} schema nodes without a description: {missing}"


@pytest.mark.parametrize("path", [
    ("$defs", "mana"),
    ("$defs", "stack_item", "properties", "total_cost"),
    ("$defs", "step", "properties", "declare_blockers", "properties", "blockers", "items", "properties", "blocks"),
    ("$defs", "choices", "properties", "trigger_targets", "items"),
    ("$defs", "result", "allOf", 2, "then", "properties", "message"),
])
def test_a_removed_description_is_reported(path):
    before = set(undescribed(_doc()))
    doc = copy.deepcopy(_doc())
    node = doc
    for part in path:
        node = node[part]
    del node["description"]
    assert set(undescribed(doc)) - before == {pointer(path)}
    node["description"] = "  "
    assert set(undescribed(doc)) - before == {pointer(path)}


def test_descriptions_are_single_sentences_of_text():
    for path, text in descriptions(_doc()).items():
        assert text == text.strip() and "\n" not in text and text.endswith("."), path


def test_feature_descriptions_name_a_later_feature():
    """"Feature <tag>: " names a declared tag, and only tags added after protocol 1.0: fields of
    the first 18 tags are sent to every engine and carry no prefix."""
    for path, text in descriptions(_doc()).items():
        if not text.startswith("Feature"):
            continue
        match = FEATURE_PREFIX.match(text)
        assert match, f"{path}: {text!r} should start 'Feature <tag>: '"
        assert match.group(1) in FEATURES, f"{path}: unknown feature tag {match.group(1)!r}"
        assert match.group(1) in LATER_FEATURES, f"{path}: {match.group(1)!r} is a protocol 1.0 tag"


def _feature_of(description: str) -> str | None:
    match = FEATURE_PREFIX.match(description or "")
    return match.group(1) if match else None


def test_later_view_fields_carry_their_feature():
    doc = _doc()
    defs = doc["$defs"]
    view = defs["view"]["properties"]
    for (group, field), tag in LATER_VIEW_FIELDS.items():
        definition = view[group]["additionalProperties"]["$ref"].rsplit("/", 1)[1]
        described = defs[definition]["properties"][field].get("description")
        assert _feature_of(described) == tag, (group, field, described)
    stack_item = view["stack"]["items"]["$ref"].rsplit("/", 1)[1]
    for field, tag in LATER_STACK_FIELDS.items():
        described = defs[stack_item]["properties"][field].get("description")
        assert _feature_of(described) == tag, ("stack", field, described)


def _later_step_fields() -> list[tuple[str, str]]:
    """(field, tag) from the contract texts of the feature registry (the one home of what a later
    feature adds; docs/features/ is generated from it), e.g. "`half`, `fuse` (feature
    `split-cards`): ..." gives (half, split-cards) and (fuse, split-cards)."""
    registry = yaml.safe_load(REGISTRY.read_text(encoding="utf-8"))["features"]
    section = "\n".join(entry.get("contract", "") for entry in registry.values())
    pairs = []
    for bullet in re.findall(r"(?m)^(`.*?\)):", section):
        names = []
        for name, tag in re.findall(r"`([a-z_]+)`|\(feature `([a-z-]+)`\)", bullet):
            if name:
                names.append(name)
            else:
                pairs.extend((field, tag) for field in names)
                names = []
    return pairs


def test_fields_of_later_features_in_the_registry_are_described_with_their_feature():
    pairs = _later_step_fields()
    assert ("advance", "turn-structure") in pairs and ("fuse", "split-cards") in pairs
    assert ("opponent", "opponent-choice") in pairs and ("tap_cost", "sacrifice-tap-costs") in pairs
    fields: dict[str, set[str | None]] = {}
    for path, node in described_nodes(_doc()):
        if len(path) >= 2 and path[-2] == "properties":
            fields.setdefault(path[-1], set()).add(_feature_of(node.get("description")))
    for field, tag in pairs:
        assert field in fields, f"the feature registry names `{field}` (feature {tag}) but the schema has no such field"
        assert tag in fields[field], f"no `{field}` field of the schema is described 'Feature {tag}: ...'"
