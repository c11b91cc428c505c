"""Raw control bytes, extreme nesting and a byte order mark in spec files: located errors
(or, for the BOM, acceptance), never a traceback."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

from spec_helpers import EXAMPLE, RULE_HEADER, at, errors_of, make_spec

from generator.loader import load_spec

K = "spec/rules/kicker.yaml"
ROOT = Path(__file__).resolve().parent.parent


def bad(tmp_path: Path, text: str) -> list[str]:
    return errors_of(make_spec(tmp_path, {"kicker.yaml": text}))


def test_raw_nul_byte_is_located(tmp_path):
    text = EXAMPLE.replace("A kicked spell", "A kicked\x00 spell")
    (error,) = bad(tmp_path, text)
    assert error == f"{at(K, text, chr(0))}: invalid YAML: the control character U+0000 (NUL) is not allowed in YAML text; remove it"


def test_raw_esc_byte_is_located(tmp_path):
    text = EXAMPLE.replace("id: kicker/kicked-spell-is-one-spell", "id: kicker/\x1b[31mred")
    (error,) = bad(tmp_path, text)
    assert error == f"{at(K, text, chr(0x1B))}: invalid YAML: the control character U+001B (ESC) is not allowed in YAML text; remove it"


def test_deep_flow_nesting_is_located(tmp_path):
    for depth in (3000, 10000):
        text = RULE_HEADER + 'title: x\nrules_version: "2026-06-19"\nentries: ' + "[" * depth + "]" * depth + "\n"
        (error,) = bad(tmp_path / str(depth), text)
        assert error.startswith(f"{K}:4:") and "nest" in error, error


def test_deep_block_nesting_is_located(tmp_path):
    text = RULE_HEADER + 'title: x\nrules_version: "2026-06-19"\nentries:\n  ' + "- " * 10000 + "v\n"
    (error,) = bad(tmp_path, text)
    assert error.startswith(f"{K}:5:") and "nest" in error, error


def test_nesting_just_under_the_reader_limit_is_a_plain_schema_error(tmp_path):
    text = EXAMPLE.replace("expect: {illegal: true, rule: 702.33d}", "expect: {illegal: true, rule: " + "[" * 900 + "]" * 900 + "}")
    errors = bad(tmp_path, text)
    assert errors and all(e.startswith(f"{K}:") for e in errors)


def test_the_commands_print_located_errors_without_a_traceback(tmp_path):
    text = EXAMPLE.replace("A kicked spell", "A kicked\x00 spell")
    root = make_spec(tmp_path, {"kicker.yaml": text})
    deep = RULE_HEADER + 'title: x\nrules_version: "2026-06-19"\nentries: ' + "[" * 5000 + "]" * 5000 + "\n"
    (root / "rules" / "deep.yaml").write_text(deep, encoding="utf-8")
    for command in (["validate", "--spec", str(root)], ["generate", "--spec", str(root), "--out", str(tmp_path / "out")]):
        done = subprocess.run([sys.executable, "-m", "mtg_conformance", *command], capture_output=True, text=True,
                              timeout=120, cwd=ROOT)
        assert done.returncode == 1, done.stdout + done.stderr
        output = done.stdout + done.stderr
        assert "Traceback" not in output
        assert "rules/kicker.yaml:" in output and "U+0000 (NUL)" in output
        assert "rules/deep.yaml:4:" in output and "nest" in output
    assert not (tmp_path / "out").exists()


def test_a_byte_order_mark_is_accepted(tmp_path):
    root = make_spec(tmp_path, {"kicker.yaml": "\ufeff" + EXAMPLE})
    spec = load_spec(root)
    assert [f.title for f in spec.files] == ["Kicker, multikicker and sticker kicker"]
    assert spec.files[0].entries[0].line == load_spec(make_spec(tmp_path / "plain", {"kicker.yaml": EXAMPLE})).files[0].entries[0].line


def test_deep_nesting_is_located_by_the_pure_python_reader_too(tmp_path, monkeypatch):
    import yaml

    import generator.yaml_source as yaml_source

    monkeypatch.setattr(yaml_source, "Loader", yaml.SafeLoader)
    text = RULE_HEADER + 'title: x\nrules_version: "2026-06-19"\nentries: ' + "[" * 3000 + "]" * 3000 + "\n"
    (error,) = bad(tmp_path, text)
    assert error.startswith(f"{K}:4:") and "nested too deeply" in error, error


def test_drift_reads_the_same_bad_bytes_with_located_errors(tmp_path, capsys):
    from mtg_conformance.cli import main

    cr = ROOT.parent / "shared" / "data" / "comprehensive-rules" / "MagicCompRules-2026-06-19.txt"
    if not cr.is_file():
        import pytest

        pytest.skip("real CR file absent")
    for name, text, expected in [
        ("esc", EXAMPLE.replace("title: Kicker", "title: Ki\x1bcker"), f"{K}:2:10: invalid YAML: the control character U+001B (ESC)"),
        ("deep", RULE_HEADER + "title: " + "[" * 5000 + "]" * 5000 + "\n", "invalid YAML:"),
    ]:
        root = make_spec(tmp_path / name, {"kicker.yaml": text})
        code = main(["drift", "--rules", str(cr), "--spec", str(root)])
        err = capsys.readouterr().err
        assert code == 2 and expected.split(":", 1)[1] in err and "Traceback" not in err, err
