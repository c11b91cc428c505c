"""The pytest plugin, exercised through pytester with the tiny engines of tests/fixtures/engines."""

import sys
import textwrap
from pathlib import Path

import pytest

ENGINES = Path(__file__).parent / "fixtures" / "engines"
KICKER_ENGINE = "python:tiny_engine:create_kicker_engine"

MODULE = '''
import pytest
from hypothesis import given
from mtg_adapter.params import parameters

SETUP = {"players": {"alice": {"hand": [{"card": "Lightning Bolt", "label": "bolt"}], "mana": "{R}"}}}

@pytest.mark.conformance(id="bolt/deals-three::at-bob", entry="bolt/deals-three", kind="rule",
                         rule="702.33d", cites=["601.2"], features=["kicker"], rules_version="2026-06-19",
                         source="spec/rules/bolt.yaml")
def test_bolt_at_bob(conformance):
    conformance.run_scenario(setup=SETUP, steps=[
        {"cast": {"card": "bolt", "targets": ["bob"], "pay": "{R}"},
         "expect": {"stack": [{"source": "bolt", "kicked": False}]}},
        {"resolve": {}, "expect": {"players": {"bob": {"life": 17}}, "cards": {"bolt": {"zone": "graveyard"}}}},
    ])

@pytest.mark.conformance(id="bolt/deals-three::wrong-expectation", entry="bolt/deals-three", kind="rule",
                         rule="702.33d", features=["kicker"])
def test_wrong_expectation(conformance):
    conformance.run_scenario(setup=SETUP, steps=[
        {"cast": {"card": "bolt", "targets": ["bob"]}},
        {"resolve": {}, "expect": {"players": {"bob": {"life": 18}}}},
    ])

@pytest.mark.conformance(id="bolt/cannot-kick::kick-is-illegal", entry="bolt/cannot-kick", kind="ruling",
                         rule=None, features=["kicker"])
def test_kick_is_illegal(conformance):
    conformance.run_scenario(setup=SETUP, steps=[
        {"cast": {"card": "bolt", "targets": ["bob"], "kicks": 1}, "expect": {"illegal": True, "rule": "702.33d"}},
        {"cast": {"card": "bolt", "targets": ["bob"]}, "expect": {"players": {"alice": {"mana": ""}}}},
    ])

@pytest.mark.conformance(id="counter/cancel::counters-bolt", entry="counter/cancel", kind="ruling",
                         rule=None, features=["counter"])
def test_needs_counter(conformance):
    conformance.run_scenario(setup=SETUP, steps=[{"resolve": {}, "expect": {"stack": []}}])

@pytest.mark.conformance(id="bolt/life::any-life", entry="bolt/life", kind="rule", rule="120.3",
                         features=[])
@given(params=parameters({"n": {"integers": {"min": 3, "max": 40}}}))
def test_any_life(conformance, params):
    conformance.run_scenario(
        setup={"players": {"alice": {"hand": [{"card": "Lightning Bolt", "label": "bolt"}], "mana": "{R}"},
                           "bob": {"life": {"param": "n"}}}},
        steps=[{"cast": {"card": "bolt", "targets": ["bob"]}},
               {"resolve": {}, "expect": {"players": {"bob": {"life": {"add": [{"param": "n"}, -3]}}}}}],
        params=params)
'''


@pytest.fixture
def suite(pytester):
    pytester.syspathinsert(ENGINES)
    pytester.makepyfile(test_suite=MODULE)
    return pytester


def outcomes(result):
    return {k: v for k, v in result.parseoutcomes().items() if k not in ("seconds",)}


def test_scenarios_pass_fail_and_skip_unsupported_features(suite):
    result = suite.runpytest("--engine", KICKER_ENGINE, "-rs", "-p", "no:randomly")
    assert outcomes(result) == {"passed": 3, "failed": 1, "skipped": 1}
    result.stdout.fnmatch_lines(["SKIPPED [[]1[]] *: unsupported feature: counter"])
    result.stdout.fnmatch_lines([
        "*step 1 of 2: {\"resolve\": {}}*",
        "*players.bob.life: expected 18, observed 17*",
    ])


def test_feature_the_engine_lacks_skips_with_exact_reason(suite):
    result = suite.runpytest("--engine", "python:tiny_engine:create_engine", "-k", "bolt_at_bob", "-rs")
    assert outcomes(result) == {"skipped": 1, "deselected": 4}
    result.stdout.fnmatch_lines(["SKIPPED [[]1[]] *: unsupported feature: kicker"])


def test_rules_failure_of_a_buggy_engine(suite):
    result = suite.runpytest("--engine", "python:tiny_engine:create_buggy_engine", "-k", "any_life")
    assert outcomes(result) == {"failed": 1, "deselected": 4}
    result.stdout.fnmatch_lines(["*with params {\"n\": *", "*players.bob.life: expected *, observed *"])


def test_feature_and_rule_markers_select_without_warnings(suite):
    result = suite.runpytest("--engine", KICKER_ENGINE, "-m", "kicker", "--strict-markers", "-W", "error")
    assert outcomes(result) == {"passed": 2, "failed": 1, "deselected": 2}
    result = suite.runpytest("--engine", KICKER_ENGINE, "-m", "counter", "--strict-markers", "-W", "error")
    assert outcomes(result) == {"skipped": 1, "deselected": 4}
    result = suite.runpytest("--engine", KICKER_ENGINE, "-m", "kicker and not rule_702_33d", "--strict-markers")
    assert outcomes(result) == {"passed": 1, "deselected": 4}
    result = suite.runpytest("--engine", KICKER_ENGINE, "-m", "rule_702_33d", "--strict-markers")
    assert outcomes(result) == {"passed": 1, "failed": 1, "deselected": 3}
    assert "PytestUnknownMarkWarning" not in result.stdout.str()


def test_expectations_fail_is_strict_xfail(suite):
    suite.makefile(".yaml", expectations=textwrap.dedent("""\
        - id: bolt/deals-three::wrong-expectation
          status: fail
          issue: https://example.org/issues/1
        - id: bolt/deals-three::at-bob
          status: fail
          issue: https://example.org/issues/2
          note: fixed meanwhile
        - feature: counter
          status: skip
          issue: no counterspells yet
    """))
    result = suite.runpytest("--engine", KICKER_ENGINE, "--expectations", "expectations.yaml", "-rxXs")
    assert outcomes(result) == {"passed": 2, "failed": 1, "xfailed": 1, "skipped": 1}
    result.stdout.fnmatch_lines(["*XPASS(strict)*expected fail: https://example.org/issues/2 (fixed meanwhile)*"])
    result.stdout.fnmatch_lines(["*expected skip: no counterspells yet*"])


def test_expectation_matching_no_test_is_a_usage_error(suite):
    suite.makefile(".yaml", expectations="- prefix: bolt/\n  status: skip\n  issue: x\n"
                                         "- id: bolt/renamed::gone\n  status: fail\n  issue: y\n")
    result = suite.runpytest("--engine", KICKER_ENGINE, "--expectations", "expectations.yaml")
    assert result.ret == pytest.ExitCode.USAGE_ERROR
    result.stderr.fnmatch_lines(["*expectations.yaml:4: expectation id 'bolt/renamed::gone' matches no collected test*"])


def test_malformed_expectations_name_file_line_and_field(suite):
    suite.makefile(".yaml", expectations="- id: bolt/deals-three::at-bob\n  status: fail\n  issue: x\n"
                                         "- id: bolt/life::any-life\n  status: broken\n  issue: y\n  colour: red\n")
    result = suite.runpytest("--engine", KICKER_ENGINE, "--expectations", "expectations.yaml")
    assert result.ret == pytest.ExitCode.USAGE_ERROR
    result.stderr.fnmatch_lines(["*expectations.yaml:4: entry 2: unknown field*colour*",
                                 "*expectations.yaml:4: entry 2: field 'status': 'broken' is not one of*"])


def test_out_of_process_gives_identical_ids_and_outcomes(suite):
    inproc = suite.inline_run("--engine", KICKER_ENGINE)
    cmd = f"cmd:{sys.executable} {ENGINES / 'serve_tiny.py'} kicker"
    outproc = suite.inline_run("--engine", cmd)

    def summary(rec):
        return sorted((r.nodeid, r.outcome) for r in rec.getreports("pytest_runtest_logreport")
                      if r.when == "call" or r.outcome == "skipped")

    assert summary(inproc) == summary(outproc)
    assert len(summary(inproc)) == 5


def test_broken_engine_fails_tests_with_message_and_run_goes_on(suite):
    cmd = f"cmd:{sys.executable} {ENGINES / 'faulty.py'} exit-at-start"
    result = suite.runpytest("--engine", cmd, "-k", "bolt_at_bob or any_life")
    assert outcomes(result) == {"failed": 2, "deselected": 3}
    result.stdout.fnmatch_lines([
        "*engine failure (the adapter is broken): engine process exited with code 3 while handling hello*",
        "*fatal: cannot load the rules database*",
    ])


def test_crash_in_a_property_is_not_shrunk(suite):
    pytester = suite
    pytester.makepyfile(test_boom='''
import pytest
from hypothesis import given
from mtg_adapter.params import parameters

@pytest.mark.conformance(id="boom/crash::always", entry="boom/crash", features=[])
@given(params=parameters({"n": {"integers": {"min": 0, "max": 1000}}}))
def test_boom(conformance, params):
    conformance.run_scenario(
        setup={"players": {"alice": {"hand": [{"card": "Lightning Bolt", "label": "bolt"}], "mana": "{R}"}}},
        steps=[{"cast": {"card": "bolt", "targets": ["bob"]}}], params=params)
''')
    cmd = f"cmd:{sys.executable} {ENGINES / 'faulty.py'} exit-mid-run"
    result = pytester.runpytest("--engine", cmd, "test_boom.py")
    assert outcomes(result) == {"failed": 1}
    text = result.stdout.str()
    assert "exited with code 70" in text and "panic: index out of range" in text
    # One example, no shrinking: the engine ran the case once. Count in the failure report
    # only; newer pytest versions repeat the whole message in the short summary.
    report = text.split("short test summary info")[0]
    assert report.count("running boom/crash::always") == 1


def test_junit_xml_carries_conformance_metadata(suite):
    result = suite.runpytest("--engine", KICKER_ENGINE, "-k", "bolt_at_bob", "--junitxml", "out.xml")
    assert outcomes(result) == {"passed": 1, "deselected": 4}
    xml = (suite.path / "out.xml").read_text()
    assert '<property name="conformance.id" value="bolt/deals-three::at-bob"' in xml
    assert '<property name="conformance.rule" value="702.33d"' in xml
    assert '<property name="conformance.features" value="kicker"' in xml
    assert 'name="conformance.engine"' in xml and "tiny-kicker" in xml


def test_junit_xml_has_metadata_for_skipped_tests_too(suite):
    suite.makefile(".yaml", expectations="- id: bolt/life::any-life\n  status: skip\n  issue: later\n")
    result = suite.runpytest("--engine", KICKER_ENGINE, "-k", "any_life or needs_counter",
                             "--expectations", "expectations.yaml", "--junitxml", "out.xml")
    assert outcomes(result) == {"skipped": 2, "deselected": 3}
    xml = (suite.path / "out.xml").read_text()
    assert '<property name="conformance.id" value="bolt/life::any-life"' in xml
    assert '<property name="conformance.id" value="counter/cancel::counters-bolt"' in xml


def test_unknown_engine_name_is_a_usage_error(suite):
    result = suite.runpytest("--engine", "no-such-engine", "-k", "any_life")
    assert result.ret == pytest.ExitCode.USAGE_ERROR
    result.stderr.fnmatch_lines(["*--engine no-such-engine: unknown engine 'no-such-engine'; registered engines: *"])


def test_no_engine_is_needed_without_conformance_tests(pytester):
    pytester.makepyfile(test_plain="def test_plain():\n    assert 1 + 1 == 2\n")
    result = pytester.runpytest("--engine", "no-such-engine")
    assert outcomes(result) == {"passed": 1}


UNSUPPORTED_STEP_MODULE = '''
import pytest

class Partial:
    """An engine that plays the first step and declares the second one beyond it."""
    def hello(self):
        return {"implementation": {"name": "partial", "version": "1.0.0"}, "protocol": 1, "features": []}
    def run(self, case):
        from tiny_engine import create_engine
        answer = create_engine().run({**case, "steps": case["steps"][:1]})
        answer["results"].append({"status": "errored", "message": "unsupported: dividing damage"})
        return answer
    def stop(self):
        pass

def create():
    return Partial()

@pytest.mark.conformance(id="x/y::unsupported-step", entry="x/y", features=[])
def test_unsupported_step(conformance):
    conformance.run_scenario(
        setup={"players": {"alice": {"hand": [{"card": "Lightning Bolt", "label": "bolt"}], "mana": "{R}"}}},
        steps=[{"cast": {"card": "bolt", "targets": ["bob"]}}, {"resolve": {}, "expect": {"stack": []}}])

@pytest.mark.conformance(id="x/y::wrong-before-unsupported", entry="x/y", features=[])
def test_wrong_before_unsupported(conformance):
    conformance.run_scenario(
        setup={"players": {"alice": {"hand": [{"card": "Lightning Bolt", "label": "bolt"}], "mana": "{R}"}}},
        steps=[{"cast": {"card": "bolt", "targets": ["bob"]}, "expect": {"stack": []}}, {"resolve": {}}])
'''


def test_an_engine_declaring_a_step_unsupported_makes_the_scenario_unsupported_not_passed(pytester):
    """`errored` with `unsupported: ...` is reported as a skip with the engine's reason; a wrong
    answer before it still fails."""
    pytester.syspathinsert(ENGINES)
    pytester.makepyfile(test_partial=UNSUPPORTED_STEP_MODULE)
    result = pytester.runpytest("--engine", "python:test_partial:create", "-rs", "-v")
    assert outcomes(result) == {"failed": 1, "skipped": 1}
    result.stdout.fnmatch_lines(["SKIPPED *unsupported by the engine: dividing damage"])
    result.stdout.fnmatch_lines(["*test_wrong_before_unsupported*FAILED*"])
