"""The docs' examples run (issue: docs that cannot rot): every stable test id that README.md,
ADAPTERS.md, docs/ and `replay --help` show names a real test, and the README's `replay` and
ADAPTERS.md's expectations-file example work as written against the reference engine."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

import pytest

from generator.loader import load_spec

ROOT = Path(__file__).resolve().parent.parent
DOCS = [ROOT / "README.md", ROOT / "ADAPTERS.md", *sorted((ROOT / "docs").glob("*.md")),
        ROOT / "mtg_conformance" / "commands" / "replay.py"]
TEST_ID = re.compile(r"\b[a-z0-9-]+(?:/[a-z0-9-]+)+::[a-z0-9-]+\b")
WIRE = re.compile(r'^[<>] \{')  # a worked session's protocol lines: their case ids are the session's own


def _ids(path: Path) -> set[str]:
    return {m for line in path.read_text(encoding="utf-8").splitlines() if not WIRE.match(line)
            for m in TEST_ID.findall(line)}


@pytest.fixture(scope="module")
def known() -> set[str]:
    spec = load_spec(ROOT / "spec")
    return {e.test_id(i) for e in spec.entries() for i in e.items()}


@pytest.mark.parametrize("path", DOCS, ids=lambda p: p.name)
def test_every_test_id_the_docs_show_exists(path, known):
    missing = sorted(_ids(path) - known)
    assert not missing, f"{path.name} shows test ids the suite does not have: {missing}"


def test_the_readme_replay_example_runs():
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    test_id = re.search(r"mtg-conformance replay +'([^']+)'", readme).group(1)
    done = subprocess.run([sys.executable, "-m", "mtg_conformance", "replay", test_id], capture_output=True,
                          text=True, timeout=120, cwd=ROOT)
    assert done.returncode == 0 and "VERDICT: pass" in done.stdout, done.stdout[-2000:] + done.stderr


def test_the_expectations_file_example_of_adapters_md_loads(tmp_path, known):
    from mtg_adapter.expectations import load_expectations

    text = (ROOT / "ADAPTERS.md").read_text(encoding="utf-8")
    section = text.split("## 11.", 1)[1].split("\n## ", 1)[0]
    block = re.search(r"```yaml\n(.*?)```", section, re.S).group(1)
    path = tmp_path / "known-failures.yaml"
    path.write_text(block, encoding="utf-8")
    expectations = load_expectations(path)
    assert expectations.unmatched(sorted(known)) == [], "an entry of the example matches no test"
