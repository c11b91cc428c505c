"""`mtg-conformance fuzz`: clean against itself, finds faulty engines of the self-check
catalog within a bounded number of examples (fixed seed), deterministic, usage errors exit 2."""

import json

import pytest

from mtg_adapter.harness import Harness
from mtg_conformance.cli import main

FAULTS = "python:mtg_conformance.selfcheck.faults:"


def _fuzz(capsys, *args):
    code = main(["fuzz", *args])
    out = capsys.readouterr()
    return code, out.out, out.err


def test_reference_against_itself_finds_no_difference(capsys):
    code, out, _ = _fuzz(capsys, "--engine", "reference", "--examples", "40", "--seed", "0")
    assert code == 0, out
    assert "no difference in 40 example(s)" in out


# faults of the self-check catalog (mtg_conformance/selfcheck) that seed 0 finds within a
# few dozen examples; a strategy change may move them, but not past the bound
@pytest.mark.parametrize("fault, examples", [
    ("total_cost_ignores_kicker", 100),
    ("uncast_permanent_counts_as_kicked", 100),
    ("flashback_cost_is_mana_value", 100),
    ("overpaying_allowed", 100),
    ("resolved_flashback_spell_to_graveyard", 100),
    ("kicks_forgotten_on_resolution", 100),
])
def test_finds_faulty_engines_quickly(capsys, fault, examples):
    code, out, _ = _fuzz(capsys, "--engine", FAULTS + fault, "--examples", str(examples),
                         "--seed", "0", "--shrink-budget", "50", "--json")
    assert code == 1
    doc = json.loads(out)
    assert doc["result"] == "difference" and doc["found_at"] <= examples
    scenario = doc["entry"]["scenarios"][0]
    # the printed scenario is a working spec scenario: the reference passes, the fault fails
    _, on_reference = Harness("reference").run_scenario("fuzz::x", scenario["setup"], scenario["steps"])
    _, on_faulty = Harness(FAULTS + fault).run_scenario("fuzz::x", scenario["setup"], scenario["steps"])
    assert on_reference is None
    assert on_faulty is not None


def test_text_report_shows_entry_and_both_answers_and_is_deterministic(capsys):
    args = ("--engine", FAULTS + "kicker_cost_in_mana_value", "--examples", "100", "--seed", "7",
            "--shrink-budget", "50")
    code, first, _ = _fuzz(capsys, *args)
    assert code == 1
    assert "DIFFERENCE found at example" in first
    assert "  - id: fuzz/" in first and "TODO: state the rule" in first
    assert "  engine  (" in first and "  against (reference): {" in first
    assert "mana_value" in first
    _, second, _ = _fuzz(capsys, *args)
    assert first == second


@pytest.mark.parametrize("args, message", [
    (["--engine", "python:no_such_module_for_fuzz"], "cannot import"),
    (["--engine", "reference", "--against", "nonexistent-engine"], "unknown engine"),
])
def test_bad_engine_specs_are_usage_errors(capsys, args, message):
    code, out, err = _fuzz(capsys, *args)
    assert code == 2 and out == ""
    assert message in err and "Traceback" not in err


@pytest.mark.parametrize("args", [["--engine", "reference", "--examples", "0"],
                                  ["--engine", "reference", "--seed", "x"],
                                  ["--examples", "5"]])
def test_bad_options_exit_2(capsys, args):
    with pytest.raises(SystemExit) as exc:
        main(["fuzz", *args])
    assert exc.value.code == 2
    assert "usage:" in capsys.readouterr().err


def test_the_printed_entry_pastes_into_a_spec_file_that_validates(capsys, tmp_path):
    import shutil
    from pathlib import Path

    root = Path(__file__).resolve().parents[1] / "spec"
    code, out, _ = _fuzz(capsys, "--engine", FAULTS + "overpaying_allowed", "--examples", "100",
                         "--seed", "0", "--shrink-budget", "50", "--json")
    assert code == 1
    spec = tmp_path / "spec"
    shutil.copytree(root / "cards", spec / "cards")
    shutil.copytree(root / "schema", spec / "schema")
    (spec / "rules").mkdir()
    (spec / "rules" / "fuzz-findings.yaml").write_text(
        "# yaml-language-server: $schema=../schema/spec-file.schema.json\n"
        'title: Fuzz findings\nrules_version: "2026-06-19"\nentries:\n' + json.loads(out)["yaml"],
        encoding="utf-8")
    assert main(["validate", "--spec", str(spec)]) == 0, capsys.readouterr()
    assert "1 entries, 1 scenarios" in capsys.readouterr().out
