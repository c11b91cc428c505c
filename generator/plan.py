"""What each generated module contains, decided from the spec model (no text rendering here).

A plan holds plain data: names, marker values, the docstring text, setup and steps exactly
as the spec gives them. Rendering (generator/render.py) only turns plans into literals.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import PurePosixPath
from types import MappingProxyType
from typing import TYPE_CHECKING

from generator.model import thaw
from generator.naming import function_name, module_filename
from generator.spec_errors import SpecError, SpecIssue

if TYPE_CHECKING:
    from generator.model import Entry, Item, Spec, SpecFile


@dataclass(frozen=True)
class StepPlan:
    """One step: its kind (the step's key, for the `# step N: kind` comment) and its dict."""

    kind: str
    value: object


@dataclass(frozen=True)
class TestPlan:
    """One test function (a scenario, or a property when `given` is set)."""

    name: str
    id: str
    marker: tuple[tuple[str, object], ...]
    docstring: str
    setup: object
    steps: tuple[StepPlan, ...]
    given: object = None
    where: tuple[str, int, str] = ("", 0, "")  # spec path, line, field path: for error messages


@dataclass(frozen=True)
class ModulePlan:
    """One module: generated from one spec file."""

    filename: str
    source: str
    docstring: str
    tests: tuple[TestPlan, ...] = field(default_factory=tuple)

    @property
    def has_properties(self) -> bool:
        return any(t.given is not None for t in self.tests)


def plain(value: object) -> object:
    """Frozen spec data -> fresh dicts and lists (as `model.thaw`, with a fast path for the
    model's own MappingProxyType/tuple containers; other mappings go through `thaw`)."""
    kind = type(value)
    if kind is MappingProxyType or kind is dict:
        return {k: plain(v) for k, v in value.items()}  # type: ignore[attr-defined]
    if kind is tuple or kind is list:
        return [plain(v) for v in value]  # type: ignore[attr-defined]
    if kind in (str, int, float, bool) or value is None:
        return value
    return thaw(value)


def step_kind(step: object) -> str:
    """The step's action key (every key but `expect`), for the comment above it."""
    if isinstance(step, dict):
        keys = [k for k in step if k != "expect"]
        if len(keys) == 1 and isinstance(keys[0], str):
            return keys[0]
    return "step"


# --- building plans from the loaded spec -------------------------------------------------


def _docstring(spec_file: "SpecFile", entry: "Entry", item: "Item") -> str:
    """Rule id (or the ruling's source and date), CR version, English text, scenario."""
    if entry.kind == "rule":
        head = f"Rule {entry.rule} ({entry.id})."
        if entry.aliases:
            head += "\nEarlier numbers: " + ", ".join(entry.aliases) + "."
    else:
        where = f"source {entry.source}" + (f", {entry.date}" if entry.date else "")
        head = f"Ruling {entry.id} ({where})."
    head += f"\nComprehensive Rules {spec_file.rules_version}."
    text = entry.text.en + ("\n(English text is our translation.)" if entry.text.translated else "")
    what = "Property" if item.is_property else "Scenario"
    tail = f"{what} {item.name}" + (f": {item.description}" if item.description else ".")
    return f"{head}\n\n{text}\n\n{tail}"


def _test_plan(spec_file: "SpecFile", entry: "Entry", item: "Item", field_path: str) -> TestPlan:
    test_id = entry.test_id(item)
    marker = (
        ("id", test_id),
        ("entry", entry.id),
        ("kind", entry.kind),
        ("rule", entry.rule),
        ("cites", list(entry.cites)),
        ("features", sorted(set(entry.all_features(item)))),
        ("rules_version", spec_file.rules_version),
        ("source", spec_file.path),
    )
    steps = tuple(StepPlan(step_kind(s), s) for s in plain(item.steps))
    return TestPlan(
        name=function_name(entry.id, item.name),
        id=test_id,
        marker=marker,
        docstring=_docstring(spec_file, entry, item),
        setup=plain(item.setup),
        steps=steps,
        given=plain(item.given) if item.is_property else None,
        where=(spec_file.path, item.line, field_path.rsplit(".", 1)[0]),
    )


def _located_items(entry_index: int, entry: "Entry"):
    """(field path of the item's name, item) for the entry's scenarios, then its properties."""
    for group, items in (("scenarios", entry.scenarios), ("properties", entry.properties)):
        for i, item in enumerate(items):
            yield f"entries[{entry_index}].{group}[{i}].name", item


def build_plans(spec: "Spec") -> list[ModulePlan]:
    """One plan per rule file, sorted by module file name.

    Raises SpecError (every problem at once) when a file name cannot make a module name, two
    files map to one module, two tests of a module get the same function name, or two tests
    anywhere share a stable id.
    """
    issues: list[SpecIssue] = []
    plans: list[ModulePlan] = []
    modules: dict[str, str] = {}
    ids: dict[str, str] = {}
    for spec_file in sorted(spec.files, key=lambda f: f.path):
        try:
            filename = module_filename(PurePosixPath(spec_file.path).name)
        except ValueError as exc:
            issues.append(SpecIssue(spec_file.path, 0, 0, "", str(exc)))
            continue
        if filename in modules:
            issues.append(SpecIssue(spec_file.path, 0, 0, "",
                                    f"generates module {filename}, as {modules[filename]} does"))
            continue
        modules[filename] = spec_file.path
        tests: list[TestPlan] = []
        names: dict[str, tuple[str, str]] = {}
        for ei, entry in enumerate(spec_file.entries):
            for field_path, item in _located_items(ei, entry):
                where = (field_path, entry.test_id(item))
                try:
                    plan = _test_plan(spec_file, entry, item, field_path)
                except ValueError as exc:
                    issues.append(SpecIssue(spec_file.path, item.line, 0, where[0], str(exc)))
                    continue
                if plan.name in names:
                    issues.append(SpecIssue(
                        spec_file.path, item.line, 0, where[0],
                        f"test name {plan.name} of {plan.id} collides with {names[plan.name][1]}"
                        " (ids differing only in '/' vs '-' map to the same name)"))
                    continue
                if plan.id in ids:
                    issues.append(SpecIssue(spec_file.path, item.line, 0, where[0],
                                            f"stable id {plan.id} is also used in {ids[plan.id]}"))
                    continue
                names[plan.name] = where
                ids[plan.id] = spec_file.path
                tests.append(plan)
        plans.append(ModulePlan(
            filename=filename,
            source=spec_file.path,
            docstring=f"{spec_file.title}\n\nConformance tests generated from {spec_file.path}.",
            tests=tuple(tests),
        ))
    if issues:
        raise SpecError(issues)
    return sorted(plans, key=lambda p: p.filename)
