"""Hostile results.json and expectations files: bounded on load, exit 2 with a clear message,
no traceback, no MemoryError (docs/RUNNING.md sections 3 and 4). Each command runs in a
subprocess with a memory cap and a timeout, so a regression fails instead of exhausting the
machine."""

from __future__ import annotations

import json
import os
import resource
import subprocess
import sys
from pathlib import Path

from test_certify_support import certified, certify, make_project  # noqa: F401 - `certified` is a fixture

from mtg_adapter.expectations import ExpectationError, load_expectations
from mtg_conformance.certify.results import MAX_DEPTH


def _cap_memory():  # pragma: no cover - runs in the child
    resource.setrlimit(resource.RLIMIT_AS, (2 << 30, 2 << 30))


def _report(*args: str, cwd: Path) -> subprocess.CompletedProcess:
    done = subprocess.run([sys.executable, "-m", "mtg_conformance", "report", *args], cwd=cwd,
                          capture_output=True, text=True, timeout=60, preexec_fn=_cap_memory)
    assert "Traceback" not in done.stderr and "MemoryError" not in done.stderr, done.stderr[-2000:]
    return done


def _hostile(certified, tmp_path: Path, change) -> Path:
    doc = json.loads((certified["good"].out / "results.json").read_text(encoding="utf-8"))
    change(doc)
    path = tmp_path / "hostile.json"
    path.write_text(json.dumps(doc), encoding="utf-8")
    return path


def test_report_refuses_a_deeply_nested_results_file(certified, tmp_path):
    path = tmp_path / "deep.json"
    path.write_text('{"format": ' + "[" * 100_000 + "]" * 100_000 + "}", encoding="utf-8")
    done = _report(str(path), str(certified["good"].out / "results.json"), "--out", "x.html", cwd=tmp_path)
    assert done.returncode == 2
    assert f"deep.json: nested too deeply (more than {MAX_DEPTH} levels)" in done.stderr
    assert not (tmp_path / "x.html").exists()


def test_report_refuses_nesting_under_the_json_limit_but_over_the_bound(certified, tmp_path):
    def nest(doc):
        doc["tests"][0]["scenario"] = {"setup": json.loads("[" * 500 + "]" * 500)}

    path = _hostile(certified, tmp_path, nest)
    done = _report(str(path), "--out", "x.html", cwd=tmp_path)
    assert done.returncode == 2 and "hostile.json: nested too deeply" in done.stderr


def test_report_refuses_a_huge_engine_name(certified, tmp_path):
    def rename(doc):
        doc["engine"]["name"] = "N" * 10_000_000

    path = _hostile(certified, tmp_path, rename)
    done = _report(str(path), str(certified["good"].out / "results.json"), "--out", "x.html", cwd=tmp_path)
    assert done.returncode == 2
    assert "hostile.json: field engine/name: longer than 256 characters (10,000,000)" in done.stderr
    assert len(done.stderr) < 2000 and not (tmp_path / "x.html").exists()


def test_a_name_certify_cut_is_still_accepted(certified, tmp_path):
    def rename(doc):
        name = "N" * 10_000_000
        doc["engine"]["name"] = name[:200] + f"... ({len(name)} characters)"  # as the harness cuts it

    done = _report(str(_hostile(certified, tmp_path, rename)), "--out", "x.html", cwd=tmp_path)
    assert done.returncode == 0, done.stderr


def test_certify_compare_refuses_deep_nesting(tmp_path):
    root = make_project(tmp_path)
    (root / "deep.json").write_text("[" * 100_000 + "]" * 100_000, encoding="utf-8")
    run = certify(root, "--engine", "python:fake_engines:good", "--compare", "deep.json")
    assert run.code == 2 and "--compare deep.json: nested too deeply" in run.stderr, run.stderr
    assert "Traceback" not in run.stderr and not (root / "out").exists()


def test_a_results_file_beyond_the_size_bound_is_refused_unread(tmp_path, monkeypatch):
    from mtg_conformance.certify import results

    path = tmp_path / "big.json"
    path.write_text("[" + " " * 2000 + "]", encoding="utf-8")
    monkeypatch.setattr(results, "MAX_RESULTS_BYTES", 1000)
    try:
        results.load(path)
    except results.ResultsError as exc:
        assert str(exc) == f"{path}: 2,002 bytes, more than the limit of 1,000 for a results file"
    else:  # pragma: no cover
        raise AssertionError("loaded")


def test_a_huge_issue_in_an_expectations_file_is_refused(tmp_path):
    path = tmp_path / "exp.yaml"
    path.write_text("- feature: kicker\n  status: skip\n  issue: " + "i" * 1_000_000 + "\n", encoding="utf-8")
    try:
        load_expectations(path)
    except ExpectationError as exc:
        assert str(exc) == f"{path}:1: entry 1: field 'issue': longer than 1,000 characters (1,000,000)"
    else:  # pragma: no cover
        raise AssertionError("loaded")


def test_an_expectations_file_beyond_the_document_bound_is_refused(tmp_path):
    path = tmp_path / "exp.yaml"
    with open(path, "w", encoding="utf-8") as fh:
        fh.write("- feature: kicker\n  status: skip\n  issue: ")
        fh.write("i" * (9 << 20))
    code = ("from mtg_adapter.expectations import load_expectations as load, ExpectationError as E\n"
            f"try: load({str(path)!r})\nexcept E as e: print(e)\n")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=60,
                          cwd=Path(__file__).resolve().parent.parent, preexec_fn=_cap_memory,
                          env=dict(os.environ))
    assert done.stdout.strip() == f"{path}:1:1: not valid YAML: the document is larger than the limit of 8,388,608 bytes"
