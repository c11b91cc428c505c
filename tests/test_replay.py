"""`mtg-conformance replay TEST_ID --engine SPEC`: one test, the exact case JSON sent, each step's
answer, and the same verdict the pytest run gives (exit 0 pass, 1 fail, 2 usage, 3 unsupported)."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
FAULT = "python:mtg_conformance.selfcheck.faults:copy_of_kicked_spell_unkicked"
SCENARIO = "kicker/kicker-is-an-optional-additional-cost::kicked-burst-lightning-deals-4"
PROPERTY = "kicker/multikicker-any-number-of-times::warcaller-counters-equal-times-kicked"


def replay(*args: str, cwd: Path | None = None) -> subprocess.CompletedProcess:
    env = dict(os.environ, HYPOTHESIS_PROFILE="ci")
    return subprocess.run([sys.executable, "-m", "mtg_conformance", "replay", *args], cwd=cwd, env=env,
                          capture_output=True, text=True, timeout=120)


def _case_line(stdout: str) -> dict:
    lines = stdout.splitlines()
    label = next(i for i, line in enumerate(lines) if line.startswith("case sent to the engine"))
    return json.loads(lines[label + 1])


def test_a_passing_scenario_prints_the_case_each_answer_and_the_verdict(tmp_path):
    proc = replay(SCENARIO, "--engine", "cmd:mtg-conformance serve-reference", cwd=tmp_path)
    assert proc.returncode == 0, proc.stdout + proc.stderr
    case = _case_line(proc.stdout)
    assert case["id"] == SCENARIO and set(case) == {"id", "setup", "steps"}
    assert all("expect" not in step for step in case["steps"])  # the engine never sees expectations
    answers = [line for line in proc.stdout.splitlines() if line.startswith("  answer: ")]
    assert len(answers) == len(case["steps"])
    assert json.loads(answers[0][len("  answer: "):])["status"] == "ok"
    assert proc.stdout.rstrip().endswith(f"VERDICT: pass: {SCENARIO} (rule 702.33a)")


def test_a_failure_replays_with_the_verdict_pytest_reported(tmp_path):
    events = tmp_path / "events.jsonl"
    env = dict(os.environ, HYPOTHESIS_PROFILE="ci")
    subprocess.run([sys.executable, "-m", "pytest", str(ROOT / "generated_tests"), "-q", "-p", "no:cacheprovider",
                    "-p", "mtg_conformance.certify.collector", "--certify-events", str(events), "--engine", FAULT,
                    "-m", "copy"], cwd=tmp_path, env=env, capture_output=True, text=True, timeout=300)
    failed = [e for e in map(json.loads, events.read_text().splitlines())
              if e.get("event") == "test" and e["outcome"] == "fail"]
    assert failed, "the fault should fail some copy test"
    message = failed[0]["message"]
    command = message.splitlines()[-1]
    assert command.startswith("reproduce: mtg-conformance replay ")
    test_id = failed[0]["marker"]["id"]
    proc = replay(test_id, "--engine", FAULT, cwd=tmp_path)
    assert proc.returncode == 1, proc.stdout + proc.stderr
    verdict = proc.stdout.rstrip().splitlines()[-1]
    assert verdict == "VERDICT: FAIL: " + message.splitlines()[0]
    assert "  verdict: FAIL" in proc.stdout


def test_a_property_runs_its_examples_or_the_params_given(tmp_path):
    every = replay(PROPERTY, cwd=tmp_path)
    assert every.returncode == 0, every.stdout + every.stderr
    assert "-- example 7 of 7: params {\"n\": 6}" in every.stdout
    one = replay(PROPERTY, "--params", '{"n": 3}', cwd=tmp_path)
    assert one.returncode == 0 and "-- example" not in one.stdout
    assert _case_line(one.stdout)["steps"][0]["cast"]["kicks"] == 3


def test_usage_errors_name_the_problem(tmp_path):
    unknown = replay("kicker/kicker-is-an-optional-additional-cost::kicked-burst-lightning-deals-5", cwd=tmp_path)
    assert unknown.returncode == 2 and "did you mean" in unknown.stderr and "Traceback" not in unknown.stderr
    assert SCENARIO in unknown.stderr
    bad = replay(PROPERTY, "--params", '{"m": 1}', cwd=tmp_path)
    assert bad.returncode == 2 and "exactly the parameters n" in bad.stderr
    scenario = replay(SCENARIO, "--params", '{"n": 1}', cwd=tmp_path)
    assert scenario.returncode == 2 and "is a scenario, not a property" in scenario.stderr


def test_a_feature_the_engine_does_not_declare_is_unsupported(tmp_path):
    env_path = str(ROOT / "tests" / "fixtures" / "engines")
    proc = subprocess.run([sys.executable, "-m", "mtg_conformance", "replay", PROPERTY, "--engine",
                           "python:tiny_engine:create_kicker_engine"], cwd=tmp_path,
                          env=dict(os.environ, PYTHONPATH=env_path), capture_output=True, text=True, timeout=120)
    assert proc.returncode == 3, proc.stdout + proc.stderr
    assert "VERDICT: unsupported: the engine does not declare multikicker" in proc.stdout
