"""`mtg-conformance smoke` and `serve-reference`: the commands engine authors start with."""

import os
import sys
from pathlib import Path

import pytest

from mtg_adapter.client import ProcessEngine
from mtg_adapter.engines import resolve
from mtg_conformance.cli import main

ENGINES = Path(__file__).parent / "fixtures" / "engines"


@pytest.fixture
def engines_on_path(monkeypatch):
    monkeypatch.syspath_prepend(str(ENGINES))


def test_smoke_passes_for_a_correct_engine(engines_on_path, capsys):
    assert main(["smoke", "--engine", "python:tiny_engine:create_engine"]) == 0
    out = capsys.readouterr().out
    assert "[1/4] handshake ... ok: tiny 0.1 (python), protocol 1, features: none" in out
    assert 'step 1 {"resolve": {}}: engine answered \'ok\' -> pass' in out
    assert "RESULT: smoke test passed" in out


def test_smoke_tells_rules_failure(engines_on_path, capsys):
    assert main(["smoke", "--engine", "python:tiny_engine:create_buggy_engine"]) == 1
    out = capsys.readouterr().out
    assert "players.bob.life: expected 17, observed 18" in out
    assert "RESULT: engine fails rules: 1 of 2 case(s) wrong (smoke::lightning-bolt-at-bob)" in out
    assert "adapter is broken" not in out


@pytest.mark.parametrize("mode, detail", [
    ("wrong-protocol", "engine speaks protocol 2"),
    ("exit-at-start", "fatal: cannot load the rules database"),
])
def test_smoke_tells_broken_adapter(capsys, mode, detail):
    assert main(["smoke", "--engine", f"cmd:{sys.executable} {ENGINES / 'faulty.py'} {mode}"]) == 1
    out = capsys.readouterr().out
    assert "RESULT: adapter is broken (handshake/protocol failure)" in out and detail in out


@pytest.mark.parametrize("spec, message", [
    ("no-such-engine", "unknown engine 'no-such-engine'; registered engines: "),
    ("cmd:", "engine 'cmd:' needs a command line"),
    ("cmd:my-engine 'unclosed", "cannot split the command line"),
    ("python:", "expected python:MODULE:FACTORY"),
])
def test_smoke_bad_engine_spec_is_a_usage_error(capsys, spec, message):
    """Exit 2, as for any usage error, with the reason on stderr; nothing is started, and nothing
    says the adapter is broken (exit 1 is for adapters and engines)."""
    assert main(["smoke", "--engine", spec]) == 2
    captured = capsys.readouterr()
    assert captured.err.startswith("mtg-conformance smoke: error: --engine: ") and message in captured.err
    assert "RESULT" not in captured.out and "handshake" not in captured.out


@pytest.mark.parametrize("args", [["--engine"], ["--engine-timeout"], ["--engine-timeout", "0"],
                                  ["--engine-timeout", "soon"], ["--no-such-option"]])
def test_smoke_option_errors_are_usage_errors(capsys, args):
    with pytest.raises(SystemExit) as exit_info:
        main(["smoke", *args])
    assert exit_info.value.code == 2
    assert "error: " in capsys.readouterr().err  # argparse: "mtg-conformance[ smoke]: error: ..."


def test_smoke_engine_that_cannot_load_is_a_broken_adapter(capsys):
    """The spec is well formed; loading what it names fails: the adapter's problem, exit 1."""
    assert main(["smoke", "--engine", "python:no_such_module_xyz"]) == 1
    out = capsys.readouterr().out
    assert "RESULT: adapter is broken" in out and "cannot import 'no_such_module_xyz'" in out


def _served(*args):
    env = dict(os.environ, PYTHONPATH=os.pathsep.join([str(ENGINES), os.environ.get("PYTHONPATH", "")]))
    return ProcessEngine([sys.executable, "-m", "mtg_conformance", "serve-reference", *args], timeout=20, env=env)


BOLT = {"id": "bolt", "setup": {"players": {"alice": {"hand": [{"card": "Lightning Bolt", "label": "bolt"}],
                                                     "mana": "{R}"}}},
        "steps": [{"cast": {"card": "bolt", "targets": ["bob"]}}, {"resolve": {}},
                  {"cast": {"card": "bolt", "targets": ["bob"]}}]}


def test_serve_reference_answers_exactly_as_in_process():
    served = _served()
    try:
        local = resolve("reference")
        assert served.hello() == local.hello()
        assert served.run(BOLT) == local.run(BOLT)
    finally:
        served.stop()


def test_serve_reference_can_serve_another_python_engine(engines_on_path):
    served = _served("--engine", "python:tiny_engine:create_kicker_engine")
    try:
        assert served.hello()["implementation"]["name"] == "tiny-kicker"
        assert served.run(BOLT)["results"][1]["view"]["players"]["bob"]["life"] == 17
    finally:
        served.stop()


def test_serve_reference_refuses_cmd_engines(capsys):
    assert main(["serve-reference", "--engine", "cmd:foo"]) == 2
    assert "serves in-process engines" in capsys.readouterr().err


def test_smoke_reports_each_part_of_the_contract(capsys):
    """The reference engine declares turn structure and combat: smoke runs a turn change and an attack."""
    assert main(["smoke"]) == 0
    out = capsys.readouterr().out
    assert "case smoke::turn-passes-to-bob" in out and "case smoke::grizzly-bears-attack" in out
    assert "parts of the contract:\n  core: pass\n  turn structure: pass\n  combat: pass\n" in out


def test_smoke_names_the_parts_an_engine_does_not_declare(engines_on_path, capsys):
    assert main(["smoke", "--engine", "python:tiny_engine:create_engine"]) == 0
    out = capsys.readouterr().out
    assert "smoke::turn-passes-to-bob" not in out
    assert "  turn structure: not declared (feature turn-structure): its tests are unsupported" in out
    assert "  combat: not declared (feature combat, turn-structure): its tests are unsupported" in out
    assert ("  other later features (no smoke case): declared none; not declared player-loss, damage-marked, "
            "activated-abilities") in out


def test_smoke_tells_which_part_fails(monkeypatch, capsys):
    """An engine that declares combat but deals no combat damage fails the combat part only."""
    from reference_impl.rules import combat

    monkeypatch.setattr(combat, "deal_combat_damage", lambda game: None)
    assert main(["smoke"]) == 1
    out = capsys.readouterr().out
    assert "  core: pass\n  turn structure: pass\n  combat: FAIL\n" in out
    assert "RESULT: engine fails rules: 1 of 4 case(s) wrong (smoke::grizzly-bears-attack)" in out
