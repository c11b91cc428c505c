"""YAML alias bombs ("billion laughs") and oversized documents: located errors within seconds,
never a hang. Each command runs in a subprocess with a timeout and a memory cap, so a
regression fails the test instead of hanging the run."""

from __future__ import annotations

import resource
import subprocess
import sys
from pathlib import Path

import pytest
import yaml
from spec_helpers import CATALOG, EXAMPLE, RULE_HEADER, at, make_spec
from test_certify_support import certify, make_project

from mtg_adapter.expectations import ExpectationError, load_expectations
from mtg_adapter.yaml_bounds import MAX_ALIAS_NODES, MAX_YAML_BYTES, YamlBoundError, safe_load_bounded

ROOT = Path(__file__).resolve().parent.parent
K = "spec/rules/kicker.yaml"


def laughs(indent: str = "", levels: int = 9) -> str:
    """~400 bytes that expand to 9**9 nodes: each level lists the previous one nine times."""
    lines = [f"{indent}l0: &l0 [x, x, x, x, x, x, x, x, x]"]
    for i in range(1, levels):
        lines.append(f"{indent}l{i}: &l{i} [" + ", ".join([f"*l{i - 1}"] * 9) + "]")
    return "\n".join(lines) + "\n"


def _cap_memory():  # pragma: no cover - runs in the child
    resource.setrlimit(resource.RLIMIT_AS, (3 << 30, 3 << 30))


def run_cli(*args: str, cwd: Path = ROOT) -> subprocess.CompletedProcess:
    done = subprocess.run([sys.executable, "-m", "mtg_conformance", *args], capture_output=True, text=True,
                          timeout=20, cwd=cwd, preexec_fn=_cap_memory)
    assert "Traceback" not in done.stdout + done.stderr, done.stderr
    return done


def bomb_rule_file() -> str:
    return (RULE_HEADER + 'title: x\nrules_version: "2026-06-19"\nx-laughs:\n' + laughs("  ")
            + "entries: [*l8]\n")


@pytest.mark.parametrize("command", ["validate", "generate"])
def test_alias_bomb_in_a_spec_file_is_a_located_error(tmp_path, command):
    text = bomb_rule_file()
    root = make_spec(tmp_path, {"kicker.yaml": text})
    args = [command, "--spec", str(root)] + (["--out", str(tmp_path / "out")] if command == "generate" else [])
    done = run_cli(*args)
    assert done.returncode == 1, done.stderr
    # 9 + 81 + 738 + 7380 nodes by the end of line 8 (l3); the first *l3 on line 9 crosses 10,000
    line = text.splitlines().index(next(x for x in text.splitlines() if x.startswith("  l4:"))) + 1
    assert f"{K}:{line}:12: invalid YAML: aliases expand to more than 10,000 extra nodes here (at *l3)" in done.stderr
    assert not (tmp_path / "out").exists()


def test_a_recursive_alias_is_refused(tmp_path):
    text = EXAMPLE.replace("features: [kicker, counter]", "features: &loop [kicker, *loop]")
    root = make_spec(tmp_path, {"kicker.yaml": text})
    done = run_cli("validate", "--spec", str(root))
    assert done.returncode == 1
    assert f"{at(K, text, '*loop')}: invalid YAML: the alias *loop is inside the node it names" in done.stderr


def test_alias_bomb_in_a_catalog_card_is_a_located_error(tmp_path):
    root = make_spec(tmp_path, {"kicker.yaml": EXAMPLE})
    card = root / "cards" / "cancel.yaml"
    card.write_text(card.read_text(encoding="utf-8") + "x-laughs:\n" + laughs("  "), encoding="utf-8")
    done = run_cli("validate", "--spec", str(root))
    assert done.returncode == 1
    assert "spec/cards/cancel.yaml:" in done.stderr and "aliases expand to more than" in done.stderr


def test_a_few_aliases_still_load(tmp_path):
    text = EXAMPLE.replace('mana: "{U}{U}{U}"}', 'mana: &blue "{U}{U}{U}"}').replace(
        'pay: "{U}{U}{U}"}', "pay: *blue}")
    assert "*blue" in text
    done = run_cli("validate", "--spec", str(make_spec(tmp_path, {"kicker.yaml": text})))
    assert done.returncode == 0, done.stderr


def test_an_oversized_spec_file_is_refused_before_parsing(tmp_path):
    text = EXAMPLE + "# " + "x" * MAX_YAML_BYTES + "\n"
    done = run_cli("validate", "--spec", str(make_spec(tmp_path, {"kicker.yaml": text})))
    assert done.returncode == 1
    assert f"{K}:1:1: invalid YAML: the document is larger than the limit of {MAX_YAML_BYTES:,} bytes" in done.stderr


def test_alias_bomb_in_an_expectations_file(tmp_path):
    path = tmp_path / "exp.yaml"
    path.write_text("- id: a::b\n  status: fail\n  issue: x\n  note: &l0 [x, x, x, x, x, x, x, x, x]\n"
                    + "".join(f"- &l{i} [" + ",".join([f"*l{i - 1}"] * 9) + "]\n" for i in range(1, 9)))
    assert len(path.read_bytes()) < 440
    code = ("from mtg_adapter.expectations import load_expectations as load, ExpectationError as E\n"
            f"try: load({str(path)!r})\nexcept E as e: print(e)\n")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=20,
                          cwd=ROOT, preexec_fn=_cap_memory)
    assert done.stdout.strip() == (f"{path}:8:8: not valid YAML: aliases expand to more than 10,000 extra nodes "
                                   "here (at *l3); repeat the data or use fewer nested aliases"), done.stderr


def test_alias_bomb_expectations_make_certify_exit_2(tmp_path):
    root = make_project(tmp_path)
    (root / "bomb.yaml").write_text("- id: kicker/one-spell::one\n  status: fail\n  issue: x\n  note: ok\n"
                                    "- x: &l0 [x, x, x, x, x, x, x, x, x]\n"
                                    + laughs("  ").replace("  l0: &l0 [x, x, x, x, x, x, x, x, x]\n", ""))
    run = certify(root, "--engine", "python:fake_engines:good", "--expectations", "bomb.yaml")
    assert run.code == 2, run.stderr
    assert "bomb.yaml:9:12: not valid YAML: aliases expand to more than 10,000 extra nodes here (at *l3)" in run.stderr
    assert "aliases expand to more than" in run.stderr
    assert "Traceback" not in run.stderr and not (root / "out").exists()


def test_the_shared_reader_is_safe_load_within_bounds():
    assert safe_load_bounded("a: &x [1, 2]\nb: *x\n") == yaml.safe_load("a: &x [1, 2]\nb: *x\n")
    with pytest.raises(YamlBoundError) as info:
        safe_load_bounded(laughs())
    assert info.value.problem_mark.line == 4 and "extra nodes" in info.value.problem
    with pytest.raises(yaml.YAMLError):  # callers catching YAML errors catch these too
        safe_load_bounded("a: &x [*x]\n")
    # just within the budget: 100 copies of a 99-node list add 9,900 nodes
    text = "a: &x [" + ", ".join(["1"] * 98) + "]\nb: [" + ", ".join(["*x"] * 100) + "]\n"
    assert 100 * 99 <= MAX_ALIAS_NODES and len(safe_load_bounded(text)["b"]) == 100


def test_expectations_loader_in_process_reports_line_and_column(tmp_path):
    path = tmp_path / "e.yaml"
    path.write_text("- &a [*a]\n")
    with pytest.raises(ExpectationError, match=r"e\.yaml:1:7: not valid YAML: the alias \*a is inside"):
        load_expectations(path)


def test_catalog_readers_use_the_bounds(tmp_path):
    from phase_adapter.cards import read_catalog

    (tmp_path / "cancel.yaml").write_text((CATALOG / "cancel.yaml").read_text() + "x:\n" + laughs("  "))
    with pytest.raises(YamlBoundError):
        read_catalog(tmp_path)
