"""What ADAPTERS.md fixes and what it leaves to the engine, checked against the suite itself:
no test depends on a choice the contract leaves open, every expectation follows the documented
conventions, and the documented defaults and exit codes are the ones the commands use."""

from __future__ import annotations

import json
import re
import subprocess
import sys
from pathlib import Path

import pytest

from mtg_adapter.client import DEFAULT_TIMEOUT
from mtg_adapter.harness import Harness
from mtg_conformance import export
from mtg_conformance.suite_cases import load_tests

ROOT = Path(__file__).resolve().parent.parent
ADAPTERS = (ROOT / "ADAPTERS.md").read_text(encoding="utf-8")
RUNNING = (ROOT / "docs" / "RUNNING.md").read_text(encoding="utf-8")
MANA = re.compile(r"\{([^{}]+)\}")


@pytest.fixture(scope="module")
def cases() -> list[tuple[str, dict]]:
    return [(record["id"], case) for record in map(export.test_record, load_tests()) for case in record["cases"]]


def _walk(value, path=""):
    """(path, value) for every key of nested expectations."""
    if isinstance(value, dict):
        for key, sub in value.items():
            yield f"{path}.{key}" if path else key, sub
            yield from _walk(sub, f"{path}.{key}" if path else key)
    elif isinstance(value, list):
        for index, sub in enumerate(value):
            yield from _walk(sub, f"{path}[{index}]")


def test_a_cast_without_pay_is_judged_on_its_mana_only_when_any_payment_gives_the_same(cases):
    checked = 0
    for test_id, case in cases:
        pools = {name: player.get("mana", "") for name, player in case["setup"].get("players", {}).items()}
        for index, (step, expect) in enumerate(zip(case["steps"], case["expectations"])):
            if "tap_for_mana" in step:
                break  # pools change in ways this check does not follow; later steps are not checked
            cast = step.get("cast")
            if not cast or "pay" in cast or cast.get("alternative") == "without-paying-mana-cost" or not expect:
                continue
            text = json.dumps(expect)
            if "colors_spent" in text or '"mana"' in text:
                caster = cast.get("by", "alice")
                kinds = set(MANA.findall(pools.get(caster, "")))
                assert len(kinds) <= 1, (f"{test_id} step {index}: casts without `pay` from a pool of several kinds "
                                         f"of mana but expects the mana left or spent (the engine's choice)")
                checked += 1
    assert checked >= 1  # the check looked at the suite's real cases of this kind


def test_the_suite_never_resolves_an_empty_stack(cases):
    harness = Harness("reference")
    try:
        for test_id, case in cases:
            answer = harness.run_case({"id": test_id, "setup": case["setup"], "steps": case["steps"]})
            for index, (step, result) in enumerate(zip(case["steps"], answer["results"])):
                if "resolve" in step or "pass_until_empty" in step:
                    assert not (result["status"] == "illegal" and result["reason"].startswith("608.1")), \
                        f"{test_id} step {index} resolves an empty stack"
    finally:
        harness.close()


def test_expectations_follow_the_documented_conventions(cases):
    seen = set()
    for test_id, case in cases:
        for expect in filter(None, case["expectations"]):
            for path, value in _walk(expect):
                key = path.rsplit(".", 1)[-1]
                if key == "keywords":
                    assert value == sorted(value), f"{test_id}: {path} is not sorted"
                elif key == "colors_spent":
                    assert value == [c for c in "WUBRG" if c in value], f"{test_id}: {path} is not a WUBRG set"
                elif key == "total_cost":
                    assert value != "", f"{test_id}: {path}: a zero total cost is written {{0}}"
                elif key == "kickers":
                    assert set(value) <= {"A", "B"}, f"{test_id}: {path}"
                else:
                    continue
                seen.add(key)
    assert seen == {"keywords", "colors_spent", "total_cost", "kickers"}


def _help(*command: str) -> str:
    return subprocess.run([sys.executable, "-m", "mtg_conformance", *command, "--help"], capture_output=True,
                          text=True, timeout=60, check=True).stdout


def test_one_engine_timeout_default_everywhere():
    default = f"default {DEFAULT_TIMEOUT:g})"
    for command in (("certify",), ("smoke",), ("replay",)):
        assert default in " ".join(_help(*command).split()), command
    documented = set(re.findall(r"`--engine-timeout` seconds \(default (\d+)\)", ADAPTERS))
    assert documented == {f"{DEFAULT_TIMEOUT:g}"}


def test_unmatched_expectations_exit_codes_are_the_documented_ones(tmp_path):
    bad = tmp_path / "expect.yaml"
    bad.write_text("- id: kicker/no-such-entry::nothing\n  status: fail\n  issue: gone\n", encoding="utf-8")
    pytest_run = subprocess.run([sys.executable, "-m", "pytest", str(ROOT / "generated_tests"), "-q",
                                 "-p", "no:cacheprovider", "--expectations", str(bad)],
                                cwd=tmp_path, capture_output=True, text=True, timeout=300)
    certify = subprocess.run([sys.executable, "-m", "mtg_conformance", "certify", "--expectations", str(bad),
                              "--out", str(tmp_path / "out")], cwd=tmp_path, capture_output=True, text=True,
                             timeout=300)
    assert pytest_run.returncode == 4, pytest_run.stdout + pytest_run.stderr
    assert certify.returncode == 2 and "kicker/no-such-entry::nothing" in certify.stderr
    assert "pytest exits with its\n  usage-error code 4; `mtg-conformance certify` exits 2" in RUNNING
    assert not (tmp_path / "out").exists()


# A trigger_targets entry no triggered ability takes: given on purpose for a trigger that must not
# happen (an engine that wrongly triggers it then has a determined target), with the reason.
UNUSED_TRIGGER_ENTRIES_ON_PURPOSE = {
    "dies/dies-means-put-into-a-graveyard-from-the-battlefield::a-countered-creature-spell-does-not-die":
        "Blood Artist must not trigger for a countered creature spell (700.4)",
}


def test_every_trigger_targets_entry_is_taken_by_a_trigger(cases, monkeypatch):
    """A `trigger_targets` entry is taken when its trigger is put on the stack (603.3d). An entry in a
    later step than the one that put the trigger on the stack asserts nothing and leaves the test
    depending on the engine's default target (two ports had one): the reference engine must take
    every entry of every case, but those named on purpose."""
    from reference_impl import runner
    from reference_impl.adapter import create_engine

    made = []
    original = runner.choices_of_step

    def recording(raw, game):
        choices = original(raw, game)
        if raw and raw.get("trigger_targets"):
            made.append(choices)
        return choices

    monkeypatch.setattr(runner, "choices_of_step", recording)
    engine = create_engine()
    unused = {}
    for test_id, case in cases:
        made.clear()
        engine.run({"id": test_id, "setup": case["setup"], "steps": case["steps"]})
        left = [entry for choices in made for entry in choices.trigger_targets]
        if left:
            unused[test_id] = left
    assert sorted(unused) == sorted(UNUSED_TRIGGER_ENTRIES_ON_PURPOSE), unused
