"""The generated suite gives identical test ids and outcomes in process and out of process.

Runs `generated_tests/` twice in subprocesses, with `--engine reference` and with
`--engine "cmd:<python> -m mtg_conformance serve-reference"`, and compares the JUnit XML.
"""

import subprocess
import sys
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
GENERATED = ROOT / "generated_tests"


def _outcomes(xml_path: Path) -> dict[str, str]:
    outcomes = {}
    for case in ET.parse(xml_path).getroot().iter("testcase"):
        kinds = [child.tag for child in case if child.tag in ("failure", "error", "skipped")]
        outcomes[f"{case.get('classname')}::{case.get('name')}"] = kinds[0] if kinds else "passed"
    return outcomes


def _run(engine: str, xml_path: Path) -> dict[str, str]:
    subprocess.run(
        [sys.executable, "-m", "pytest", str(GENERATED), "-q", "-p", "no:cacheprovider",
         "--engine", engine, "--junitxml", str(xml_path)],
        cwd=ROOT, capture_output=True, text=True, timeout=600,
    )
    return _outcomes(xml_path)


def test_generated_suite_same_in_and_out_of_process(tmp_path):
    if not list(GENERATED.glob("test_*.py")):
        pytest.skip("generated_tests/ holds no generated modules yet")
    in_process = _run("reference", tmp_path / "in.xml")
    out_of_process = _run(f"cmd:{sys.executable} -m mtg_conformance serve-reference", tmp_path / "out.xml")
    assert in_process, "the in-process run collected no tests"
    assert in_process == out_of_process
