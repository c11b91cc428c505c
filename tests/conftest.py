"""Shared test configuration: pytester for the plugin tests, and the suite's Hypothesis profile.

The project's own tests run under the suite's Hypothesis profiles ("ci": derandomized, bounded
examples; "dev": more), chosen by HYPOTHESIS_PROFILE, else "ci" when CI is set, else "dev"
(an explicit `--hypothesis-profile` wins). This conftest loads it: the mtg_adapter pytest
plugin no longer does in runs without `--engine`, since it must leave the Hypothesis settings
of unrelated projects alone. The generated suite carries the same profile on each property
(`conformance_settings()`), so it runs under it with or without this conftest.
"""

import os
import sys

import pytest

from mtg_adapter.hypothesis_profiles import load_profile, register_profiles

pytest_plugins = ["pytester"]

# The tests start a few hundred Python processes (CLI commands, nested pytest runs, engines served
# out of process, xdist workers). With bytecode writing off (PYTHONDONTWRITEBYTECODE, set in many
# containers, this project's machines included) every one of them compiled the package, and every
# pytest run re-compiled the assertion-rewritten generated modules, from source: 0.3-1.2 s each
# (`benchmarks/bytecode_cache_cost.py`). The caches go to the checkout's __pycache__ folders
# (git-ignored) and to the tests' own temporary folders. Set here, at import, before xdist starts
# its workers, so they and every child inherit it.
os.environ.pop("PYTHONDONTWRITEBYTECODE", None)
sys.dont_write_bytecode = False

# At import, before Hypothesis's own plugin loads an explicit `--hypothesis-profile ci|dev`.
register_profiles()


# The longest tests (seconds each on this project's 2-core machine, `pytest --durations`), run
# first: the README's command spreads the tests over two workers, and a long test that starts
# last finishes alone (phase's certification alone takes over a minute).
_LONG_FIRST = (
    "tests/test_phase_certification.py",
    "tests/test_engine_faults.py",
    "tests/test_drift_release_kinds.py",
    "tests/test_drift_rewritten_rule.py",
    "tests/test_drift_renumbered_release.py",
    "tests/test_export.py",
    "tests/test_ci_recipe.py",
    "tests/test_packaging.py",
)


@pytest.hookimpl(optionalhook=True)  # an xdist hook: pytest without xdist (-p no:xdist) must not refuse it
def pytest_xdist_auto_num_workers(config):
    """`-n auto` (the README's command) starts one worker more than the machine has CPUs: about a
    fifth of the suite's time is spent waiting (engines that hang until a timeout, signals, pip and
    nested pytest processes), and the extra worker fills it. On this project's 2-core machine:
    5 min 28 s with 2 workers, 4 min 21 s with 3 (`benchmarks/test_command_split.py`)."""
    return (os.cpu_count() or 1) + 1


def pytest_collection_modifyitems(config, items):
    """Put the long test modules first, longest first, keeping the order within each module (a
    stable sort)."""
    def rank(item):
        module = item.nodeid.split("::", 1)[0]
        return _LONG_FIRST.index(module) if module in _LONG_FIRST else len(_LONG_FIRST)
    items.sort(key=rank)


def pytest_configure(config):
    try:
        load_profile(config.getoption("hypothesis_profile", None))
    except ValueError as exc:
        raise pytest.UsageError(str(exc)) from None
