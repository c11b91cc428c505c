"""Engine specs resolve to engines (or to clear errors); the server answers protocol 1."""

import io
import json
import subprocess
from pathlib import Path
from types import SimpleNamespace

import pytest
from hypothesis import given
from hypothesis import strategies as st

from mtg_adapter import engines
from mtg_adapter.client import ProcessEngine
from mtg_adapter.engines import EngineSpecError, registered_engines, resolve, split_command, split_windows_command
from mtg_adapter.hypothesis_profiles import chosen_profile, load_profile
from mtg_adapter.server import serve

ENGINES = Path(__file__).parent / "fixtures" / "engines"


@pytest.fixture
def engines_on_path(monkeypatch):
    monkeypatch.syspath_prepend(str(ENGINES))


def test_python_spec_builds_in_process_engine(engines_on_path):
    engine = resolve("python:tiny_engine:create_kicker_engine")
    assert engine.hello()["features"] == ["kicker"]
    assert resolve("python:tiny_engine").hello()["implementation"]["name"] == "tiny"  # default factory


def test_cmd_spec_is_shlex_split_into_a_process_engine():
    engine = resolve("cmd:my-engine --serve 'two words'", timeout=3)
    assert isinstance(engine, ProcessEngine)
    assert engine.argv == ["my-engine", "--serve", "two words"] and engine.timeout == 3


WINDOWS_LINES = [
    (r"C:\engines\my-engine.exe --serve", [r"C:\engines\my-engine.exe", "--serve"]),
    (r'"C:\Program Files\My Engine\engine.exe" --db "C:\card data\\"',
     [r"C:\Program Files\My Engine\engine.exe", "--db", "C:\\card data\\"]),
    (r'say \"hi\" a\\\\b', ["say", '"hi"', r"a\\\\b"]),     # \" is a quote; other backslashes stay
    (r'x\\\"y "a""b" "" \\\\"q r"', ['x\\"y', 'a"b', "", r"\\q r"]),
    ("  tabs\tand  spaces ", ["tabs", "and", "spaces"]),
    ('"unterminated quote', ["unterminated quote"]),
]


@pytest.mark.parametrize("line, argv", WINDOWS_LINES)
def test_windows_command_lines_split_by_windows_rules(line, argv):
    assert split_windows_command(line) == argv
    assert split_command(line, windows=True) == argv


@given(st.lists(st.text(st.characters(blacklist_characters="\x00"))))
def test_windows_split_inverts_list2cmdline(argv):
    """What Popen does on Windows with an argv (list2cmdline), the splitter undoes."""
    assert split_windows_command(subprocess.list2cmdline(argv)) == argv


def test_cmd_spec_uses_windows_rules_on_windows(monkeypatch):
    monkeypatch.setattr(engines, "os", SimpleNamespace(name="nt"))  # os.name, for this module only
    engine = resolve(r'cmd:C:\engines\my-engine.exe --db "C:\My Cards\cards.db"', timeout=3)
    assert engine.argv == [r"C:\engines\my-engine.exe", "--db", r"C:\My Cards\cards.db"]
    monkeypatch.setattr(engines, "os", SimpleNamespace(name="posix"))
    assert resolve(r"cmd:C:\engines\my-engine.exe").argv == ["C:enginesmy-engine.exe"]  # POSIX: escapes


def test_reference_is_registered_as_entry_point():
    assert registered_engines()["reference"].value == "reference_impl.adapter:create_engine"


@pytest.mark.parametrize("spec, message", [
    ("nope", "unknown engine 'nope'; registered engines: .*reference"),
    ("python:no_such_module_xyz:f", "cannot import 'no_such_module_xyz'"),
    ("python:tiny_engine:missing", "module 'tiny_engine' has no 'missing'"),
    ("python:tiny_engine:CARDS", "is not callable"),
    ("python:tiny_engine:_symbols", "the factory raised TypeError"),
    ("cmd:", "needs a command line"),
    ("cmd:engine 'unclosed", "cannot split the command line"),
])
def test_bad_specs_fail_clearly(engines_on_path, spec, message):
    with pytest.raises(EngineSpecError, match=message):
        resolve(spec)


def test_object_without_protocol_methods_is_rejected(engines_on_path, monkeypatch):
    import tiny_engine
    monkeypatch.setattr(tiny_engine, "make_nothing", lambda: object(), raising=False)
    with pytest.raises(EngineSpecError, match=r"lacks hello\(\), run\(\), stop\(\)"):
        resolve("python:tiny_engine:make_nothing")


def test_server_answers_hello_run_stop_and_turns_exceptions_into_errored(engines_on_path):
    from tiny_engine import TinyEngine

    class Raising(TinyEngine):
        def run(self, case):
            if case["id"] == "raise":
                raise RuntimeError("boom")
            return super().run(case)

    case = {"id": "ok", "setup": {"players": {"alice": {"hand": [{"card": "Lightning Bolt", "label": "b"}],
                                                        "mana": "{R}"}}},
            "steps": [{"cast": {"card": "b", "targets": ["bob"]}}]}
    requests = [{"cmd": "hello", "protocol": 1}, {"cmd": "run", "seq": 1, "case": case},
                {"cmd": "run", "seq": 2, "case": {**case, "id": "raise"}}, {"cmd": "frobnicate"},
                {"cmd": "stop"}, {"cmd": "hello", "protocol": 1}]
    infile = io.BytesIO(b"".join(json.dumps(r).encode() + b"\n" for r in requests) + b"not json\n")
    outfile = io.BytesIO()
    assert serve(Raising(), infile, outfile) == 0
    answers = [json.loads(line) for line in outfile.getvalue().splitlines()]
    assert len(answers) == 5  # nothing after stop
    assert answers[0]["protocol"] == 1
    assert answers[1]["seq"] == 1 and answers[1]["results"][0]["status"] == "ok"
    assert answers[2] == {"seq": 2, "results": [{"status": "errored", "message": "engine raised RuntimeError: boom"}]}
    assert "unknown cmd 'frobnicate'" in answers[3]["error"]
    assert answers[4] == {"ok": True}


def test_hypothesis_profile_choice(monkeypatch):
    assert chosen_profile({"HYPOTHESIS_PROFILE": "dev", "CI": "1"}) == "dev"
    assert chosen_profile({"CI": "true"}) == "ci"
    assert chosen_profile({}) == "dev"
    with pytest.raises(ValueError, match="unknown Hypothesis profile 'fast'"):
        load_profile("fast")
    from hypothesis import settings
    previous = settings._current_profile
    try:
        load_profile("ci")
        assert settings.default.max_examples == 25 and settings.default.derandomize
    finally:
        settings.load_profile(previous)
