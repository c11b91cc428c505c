"""Shared fixtures of the certification tests (no tests here): a small generated-style suite,
its spec, fake engines, and certify runs made once per test session.

The fake suite has the exact shape the generator emits (a `conformance` marker, the
session `conformance` fixture of the real plugin), so these tests exercise the real plugin,
the collector and the writers together; only the engine and the suite's size are fake.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import textwrap
from dataclasses import dataclass
from pathlib import Path

import pytest

RULE_TEXT = 'Kicker is a <static> ability & "optional additional cost" {4}.'

FAKE_ENGINES = '''
"""Fake engines for the certification tests: `good` answers every scenario right, `bad`
gets bob's life wrong, `no_kicker` declares no features, `broken` cannot even start."""

def _view(life):
    player = {"life": 20, "mana": "", "counters": {}, "hand": 0, "library": 0, "graveyard": 0, "exile": 0}
    return {"players": {"alice": dict(player), "bob": dict(player, life=life)},
            "cards": {}, "stack": [], "tokens": [], "turn": {"active": "alice", "step": "main1"}}


class Engine:
    def __init__(self, life, features):
        self.life, self.features = life, features

    def hello(self):
        return {"implementation": {"name": "fake-" + str(self.life), "version": "1.0", "language": "python",
                                   "homepage": "https://example.org/<fake>"},
                "protocol": 1, "features": self.features}

    def run(self, case):
        return {"results": [{"status": "ok", "view": _view(self.life)} for _ in case["steps"]]}

    def stop(self):
        pass


def good():
    return Engine(20, ["kicker", "copy"])


def bad():
    return Engine(17, ["kicker", "copy"])


def broken():
    raise RuntimeError("license server unreachable")
'''

SPEC = {
    "title": "Kicker (fake)",
    "rules_version": "2026-06-19",
    "entries": [
        {"id": "kicker/optional-cost", "kind": "rule", "rule": "702.33a",
         "text": {"en": RULE_TEXT},
         "scenarios": [{"name": "bob-stays-at-20", "setup": {"players": {"bob": {"life": 20}}},
                        "steps": [{"resolve": {}, "expect": {"players": {"bob": {"life": 20}}}}]},
                       {"name": "copy-too", "setup": {"players": {"bob": {"life": 20}}},
                        "steps": [{"resolve": {}, "expect": {"players": {"bob": {"life": 20}}}}]}]},
        {"id": "kicker/sticker", "kind": "rule", "rule": "702.33f", "text": {"en": "Sticker kicker."},
         "scenarios": [{"name": "needs-stickers", "setup": {},
                        "steps": [{"resolve": {}, "expect": {"players": {"bob": {"life": 20}}}}]}]},
        {"id": "kicker/one-spell", "kind": "ruling", "text": {"en": "A kicked spell is still one spell."},
         "scenarios": [{"name": "one", "setup": {},
                        "steps": [{"resolve": {}, "expect": {"players": {"bob": {"life": 20}}}}]}]},
    ],
}

# (entry, scenario, kind, rule, features), as the generator would emit them.
TESTS = [
    ("kicker/optional-cost", "bob-stays-at-20", "rule", "702.33a", ["kicker"]),
    ("kicker/optional-cost", "copy-too", "rule", "702.33a", ["kicker", "copy"]),
    ("kicker/sticker", "needs-stickers", "rule", "702.33f", ["kicker", "sticker-kicker"]),
    ("kicker/one-spell", "one", "ruling", None, ["kicker"]),
]


def _test_source() -> str:
    lines = ["# Generated-style fake suite for the certification tests.", "import pytest", ""]
    for entry, scenario, kind, rule, features in TESTS:
        spec_entry = next(e for e in SPEC["entries"] if e["id"] == entry)
        body = next(s for s in spec_entry["scenarios"] if s["name"] == scenario)
        name = (entry + "__" + scenario).replace("/", "_").replace("-", "_")
        lines += [
            "@pytest.mark.conformance(",
            f"    id={entry + '::' + scenario!r}, entry={entry!r}, kind={kind!r}, rule={rule!r},",
            f"    cites={[rule] if rule else ['601.2b']!r}, features={features!r}, rules_version='2026-06-19',",
            "    source='spec/rules/kicker.yaml',",
            ")",
            f"def test_{name}(conformance):",
            f"    conformance.run_scenario(setup={body['setup']!r}, steps={body['steps']!r})",
            "",
        ]
    return "\n".join(lines)


def make_project(root: Path) -> Path:
    """root/{suite,spec/rules,fake_engines.py}; returns root."""
    import yaml

    (root / "suite").mkdir(parents=True)
    (root / "spec" / "rules").mkdir(parents=True)
    (root / "suite" / "test_kicker.py").write_text(_test_source(), encoding="utf-8")
    (root / "spec" / "rules" / "kicker.yaml").write_text(yaml.safe_dump(SPEC, sort_keys=False), encoding="utf-8")
    (root / "fake_engines.py").write_text(textwrap.dedent(FAKE_ENGINES), encoding="utf-8")
    return root


@dataclass
class Run:
    code: int
    stdout: str
    stderr: str
    out: Path

    def results(self) -> dict:
        return json.loads((self.out / "results.json").read_text(encoding="utf-8"))


def certify(root: Path, *args: str, out: str = "out") -> Run:
    """Run `mtg-conformance certify` in root as a user would (a subprocess)."""
    env = dict(os.environ, PYTHONPATH=str(root) + os.pathsep + os.environ.get("PYTHONPATH", ""))
    env.pop("PYTEST_ADDOPTS", None)
    proc = subprocess.run(
        [sys.executable, "-m", "mtg_conformance", "certify", "--suite", "suite", "--out", out, *args],
        cwd=root, env=env, capture_output=True, text=True, timeout=300,
    )
    return Run(proc.returncode, proc.stdout, proc.stderr, root / out)


_RUNS: dict[str, Run] = {}


@pytest.fixture(scope="session")
def certified(tmp_path_factory) -> dict[str, Run]:
    """Two runs shared by the certification tests: `good`, then `bad` compared against `good`."""
    if not _RUNS:
        root = make_project(tmp_path_factory.mktemp("certify"))
        _RUNS["good"] = certify(root, "--engine", "python:fake_engines:good", out="good")
        _RUNS["bad"] = certify(root, "--engine", "python:fake_engines:bad", "--compare", "good/results.json",
                               out="bad")
    return _RUNS
