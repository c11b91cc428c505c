"""The pytest plugin is inert in a project that merely has this package installed.

An unrelated project (no conformance test, no --engine) must see its own Hypothesis settings:
Hypothesis's defaults, Hypothesis's own "ci" profile under CI=1, or the profile it registers
itself and names in HYPOTHESIS_PROFILE, never this suite's "ci"/"dev" profiles and never an
"unknown Hypothesis profile" error. Each run is compared with the same run with the plugin
disabled (`-p no:mtg_conformance`), in a subprocess whose PYTHONPATH puts this checkout first,
so the `pytest11` entry point loads this copy of the plugin.
"""

import json
import os
import subprocess
import sys
from importlib import metadata
from pathlib import Path

import pytest
from hypothesis import settings

from mtg_adapter import hypothesis_profiles
from mtg_adapter.hypothesis_profiles import conformance_settings

ROOT = Path(__file__).resolve().parent.parent

# The project's tests live in `suite/` (not `test*`), so pytest imports their conftest during
# collection, after every plugin's pytest_configure, as in many real layouts.
CONFTEST = '''
import os

from hypothesis import settings

settings.register_profile("theirs", max_examples=7, deadline=1234, derandomize=True)
if os.environ.get("HYPOTHESIS_PROFILE"):
    settings.load_profile(os.environ["HYPOTHESIS_PROFILE"])
'''

TEST = '''
import json
import os
import sys

from hypothesis import given, settings, strategies as st


@given(st.integers())
def test_records_settings(n):
    current = settings.default
    deadline = current.deadline
    plugin = sys.modules.get("mtg_adapter.pytest_plugin")
    with open(os.environ["SEEN_FILE"], "w") as out:
        json.dump({
            "max_examples": current.max_examples,
            "deadline": None if deadline is None else deadline.total_seconds(),
            "derandomize": current.derandomize,
            "plugin": getattr(plugin, "__file__", None),
            "imported": sorted(m for m in ("mtg_adapter.harness", "mtg_adapter.protocol", "jsonschema")
                               if m in sys.modules),
        }, out)
'''


def _plugin_args() -> list[str]:
    """Load the plugin the way an installed package does (its entry point), else by name."""
    names = {ep.name for ep in metadata.entry_points(group="pytest11")}
    return [] if "mtg_conformance" in names else ["-p", "mtg_adapter.pytest_plugin"]


@pytest.fixture
def project(tmp_path):
    root = tmp_path / "project"
    (root / "suite").mkdir(parents=True)
    (root / "pytest.ini").write_text("[pytest]\naddopts = -p no:cacheprovider\n")
    (root / "suite" / "conftest.py").write_text(CONFTEST)
    (root / "suite" / "test_props.py").write_text(TEST)
    return root


def _run(project: Path, env_extra: dict, plugin: bool) -> dict:
    seen = project / ("seen-plugin.json" if plugin else "seen-bare.json")
    env = {k: v for k, v in os.environ.items() if k not in ("CI", "HYPOTHESIS_PROFILE", "PYTEST_ADDOPTS")}
    env.update(env_extra, SEEN_FILE=str(seen),
               PYTHONPATH=os.pathsep.join([str(ROOT), *filter(None, [os.environ.get("PYTHONPATH")])]))
    args = _plugin_args() if plugin else ["-p", "no:mtg_conformance"]
    result = subprocess.run([sys.executable, "-m", "pytest", "-q", *args], cwd=project, env=env,
                            capture_output=True, text=True, timeout=300)
    output = result.stdout + result.stderr
    assert "unknown Hypothesis profile" not in output, output
    assert result.returncode == 0, output
    return json.loads(seen.read_text())


@pytest.mark.parametrize("env_extra", [{}, {"CI": "1"}, {"HYPOTHESIS_PROFILE": "theirs"},
                                       {"HYPOTHESIS_PROFILE": "theirs", "CI": "1"}],
                         ids=["plain", "ci", "own-profile", "own-profile-ci"])
def test_unrelated_project_keeps_its_hypothesis_settings(project, env_extra):
    with_plugin = _run(project, env_extra, plugin=True)
    assert with_plugin.pop("plugin") == str(ROOT / "mtg_adapter" / "pytest_plugin.py")  # this copy ran
    bare = _run(project, env_extra, plugin=False)
    assert bare.pop("plugin") is None
    assert with_plugin == bare
    assert with_plugin.pop("imported") == []  # the plugin imported no harness, no protocol checks
    if "HYPOTHESIS_PROFILE" in env_extra:
        assert with_plugin == {"max_examples": 7, "deadline": 1.234, "derandomize": True}
    elif "CI" in env_extra:  # Hypothesis's own "ci" profile, not this suite's
        assert with_plugin["deadline"] is None and with_plugin["derandomize"]
        assert with_plugin["max_examples"] == 100
    else:  # Hypothesis's defaults
        assert with_plugin == {"max_examples": 100, "deadline": 0.2, "derandomize": False}


@pytest.fixture
def profile_env(monkeypatch):
    monkeypatch.delenv("HYPOTHESIS_PROFILE", raising=False)
    monkeypatch.delenv("CI", raising=False)
    yield monkeypatch
    hypothesis_profiles.set_explicit_profile(None)


def test_generated_properties_carry_the_chosen_suite_profile(profile_env):
    """What the generated property tests put on themselves, whatever profile is loaded globally."""
    assert conformance_settings().max_examples == 200  # "dev"
    profile_env.setenv("CI", "1")
    chosen = conformance_settings()
    assert (chosen.max_examples, chosen.derandomize, chosen.deadline) == (25, True, None)  # "ci"
    profile_env.setenv("HYPOTHESIS_PROFILE", "dev")
    assert conformance_settings().max_examples == 200
    hypothesis_profiles.set_explicit_profile("ci")  # --hypothesis-profile wins
    assert conformance_settings().max_examples == 25
    hypothesis_profiles.set_explicit_profile(None)
    profile_env.setenv("HYPOTHESIS_PROFILE", "default")  # a profile registered with Hypothesis
    assert conformance_settings() is settings.get_profile("default")
    profile_env.setenv("HYPOTHESIS_PROFILE", "no-such-profile")
    with pytest.raises(ValueError, match="unknown Hypothesis profile 'no-such-profile' .from HYPOTHESIS_PROFILE"):
        conformance_settings()
