"""The loader turns valid spec files into the frozen model; `validate` reports and summarizes."""

from __future__ import annotations

import dataclasses
import os
from pathlib import Path
from types import MappingProxyType

import pytest
import yaml
from spec_helpers import EXAMPLE, REPO, make_spec

from generator.loader import SpecError, load_spec
from generator.model import Entry, Spec, card_slug, thaw
from mtg_conformance.cli import main as cli_main


@pytest.fixture
def example_spec(tmp_path: Path) -> Path:
    return make_spec(tmp_path, {"kicker.yaml": EXAMPLE})


def test_the_contract_example_loads_into_the_model(example_spec: Path):
    spec = load_spec(example_spec)
    assert isinstance(spec, Spec)
    assert [f.path for f in spec.files] == ["spec/rules/kicker.yaml"]
    assert spec.files[0].stem == "kicker"
    assert spec.files[0].rules_version == "2026-06-19"
    entry = spec.entry("kicker/kicked-spell-is-one-spell")
    assert (entry.kind, entry.rule, entry.aliases, entry.date) == ("ruling", None, (), "2021-06-18")
    assert entry.file == "spec/rules/kicker.yaml"
    assert entry.line == EXAMPLE.splitlines().index("  - id: kicker/kicked-spell-is-one-spell") + 1
    assert entry.text.de.startswith("Ein Zauberspruch") and entry.text.fr is None
    assert entry.cites == ("702.33d", "601.2b", "701.6")
    scenario, prop = entry.scenarios[0], entry.properties[0]
    assert scenario.line == EXAMPLE.splitlines().index("      - name: cancel-counters-kicked-spell") + 1
    assert entry.test_id(scenario) == "kicker/kicked-spell-is-one-spell::cancel-counters-kicked-spell"
    assert entry.all_features(scenario) == ("kicker", "counter", "timing")
    assert entry.all_features(prop) == ("kicker", "counter")
    assert entry.items() == (scenario, prop)
    assert (scenario.is_property, prop.is_property) == (False, True)
    assert spec.counts() == {"files": 1, "entries": 1, "scenarios": 1, "properties": 1, "cards": 5}
    assert spec.cards["Burst Lightning"].mana_cost == "{R}"


def test_model_is_deeply_immutable_and_thaw_gives_the_yaml_data(example_spec: Path):
    entry = load_spec(example_spec).entry("kicker/kicked-spell-is-one-spell")
    scenario = entry.scenarios[0]
    with pytest.raises(dataclasses.FrozenInstanceError):
        entry.id = "other"  # type: ignore[misc]
    assert isinstance(scenario.setup, MappingProxyType)
    with pytest.raises(TypeError):
        scenario.setup["players"]["alice"]["life"] = 3  # type: ignore[index]
    assert isinstance(scenario.steps, tuple) and isinstance(scenario.steps[0]["cast"]["targets"], tuple)
    raw = yaml.safe_load(EXAMPLE)["entries"][0]
    assert thaw(scenario.setup) == raw["scenarios"][0]["setup"]
    assert thaw(scenario.steps) == raw["scenarios"][0]["steps"]
    assert thaw(entry.properties[0].given) == raw["properties"][0]["given"]
    plain = thaw(scenario.steps)
    plain[0]["cast"]["kicks"] = 9  # a thawed copy is independent of the model
    assert scenario.steps[0]["cast"]["kicks"] == 1
    assert type(plain) is list and type(plain[0]) is dict


def test_loading_writes_nothing(example_spec: Path, tmp_path: Path):
    bad_spec = make_spec(tmp_path / "bad", {"bad.yaml": "title: [", "kicker.yaml": EXAMPLE})
    for spec_dir, fails in ((example_spec, False), (bad_spec, True)):
        before = {p: (p.stat().st_mtime_ns, p.read_bytes() if p.is_file() else None)
                  for p in spec_dir.rglob("*")}
        if fails:
            with pytest.raises(SpecError):
                load_spec(spec_dir)
        else:
            load_spec(spec_dir)
        after = {p: (p.stat().st_mtime_ns, p.read_bytes() if p.is_file() else None)
                 for p in spec_dir.rglob("*")}
        assert after == before


def test_card_slug_matches_catalog_file_names():
    assert card_slug("Orim's Thunder") == "orims-thunder"
    assert card_slug("Baral, Chief of Compliance") == "baral-chief-of-compliance"
    assert card_slug("Saproling") == "saproling"


def test_validate_prints_a_summary_and_exits_0(example_spec: Path, capsys, monkeypatch):
    monkeypatch.chdir(example_spec.parent)  # default --spec is ./spec
    assert cli_main(["validate"]) == 0
    out = capsys.readouterr()
    assert out.out == "spec OK: 1 files, 1 entries, 1 scenarios, 1 properties, 5 cards\n"
    assert out.err == ""


def test_validate_reports_each_error_on_stderr_and_exits_1(example_spec: Path, capsys, tmp_path: Path,
                                                           monkeypatch):
    (example_spec / "rules" / "kicker.yaml").write_text(
        EXAMPLE.replace("kicks: 1,", "kicks: -1,").replace("[kicker, counter]", "[kicker, countr]"),
        encoding="utf-8")
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    monkeypatch.chdir(elsewhere)
    assert cli_main(["validate", "--spec", str(example_spec)]) == 1
    out = capsys.readouterr()
    assert out.out == ""
    lines = out.err.splitlines()
    assert len(lines) == 3 and lines[-1] == "2 problem(s) found"
    assert lines[0].startswith("spec/rules/kicker.yaml:") and "entries[0].features[1]: unknown feature tag" in lines[0]
    assert "steps[0].cast.kicks: -1 is less than the minimum of 0" in lines[1]
    assert "Traceback" not in out.err


def test_validate_without_a_spec_directory_is_a_clear_error(tmp_path: Path, capsys, monkeypatch):
    monkeypatch.chdir(tmp_path)
    assert cli_main(["validate"]) == 1
    assert capsys.readouterr().err == "error: spec directory not found: spec (use --spec DIR)\n"


def test_the_repository_spec_validates():
    spec_dir = REPO / "spec"
    try:
        spec = load_spec(spec_dir)
    except SpecError as exc:
        pytest.fail("the repository spec does not validate:\n" + str(exc))
    assert spec.files, "spec/rules/ holds no rule files"
    assert len(spec.cards) >= 300
    entries: list[Entry] = list(spec.entries())
    assert all(e.scenarios or e.properties for e in entries)


def test_yml_files_are_reported_not_ignored(example_spec: Path):
    (example_spec / "rules" / "extra.yml").write_text("title: x\n", encoding="utf-8")
    with pytest.raises(SpecError) as info:
        load_spec(example_spec)
    assert [str(e) for e in info.value.errors] == ["spec/rules/extra.yml: spec files must end in .yaml"]


def test_symlinked_or_relative_spec_dirs_give_posix_relative_paths(example_spec: Path, monkeypatch):
    monkeypatch.chdir(example_spec)
    spec = load_spec(Path(os.curdir))
    assert spec.files[0].path == "spec/rules/kicker.yaml"
