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


# The longest test modules, with their seconds on this project's 2-core machine (summed test time
# of `benchmarks/test_command_split.py`). Each xdist worker of the README's command (`--dist
# worksteal`) first gets one contiguous chunk of the collection, runs it from its head, and idle
# workers steal the *tail* of the longest queue: long modules that all sit at the head of one chunk
# run one after the other on that worker (over four minutes). They are dealt to the chunks' heads
# instead, longest first, each to the chunk with the least long work so far. Modules that share a
# session fixture (the installed wheel, built once per worker) stay in one group.
_GROUPS = {"tests/test_ci_recipe.py": "wheel", "tests/test_packaging.py": "wheel"}
_LONG_MODULES = {
    "tests/test_phase_certification.py": 75,
    "tests/test_engine_faults.py": 60,
    "tests/test_export.py": 55,
    "tests/test_drift_release_kinds.py": 50,
    "tests/test_drift_renumbered_release.py": 48,
    "tests/test_ci_recipe.py": 30,
    "tests/test_generator_atomic_write.py": 28,
    "tests/test_fuzz_cli.py": 26,
    "tests/test_packaging.py": 24,
    "tests/test_drift_rewritten_rule.py": 22,
    "tests/test_replay.py": 18,
}


def _chunk_sizes(total: int, workers: int) -> list:
    """The sizes of the chunks xdist's work-stealing scheduler first sends, in order (each worker gets
    an equal share of what is left)."""
    sizes = []
    for i in range(workers):
        size = total // (workers - i)
        sizes.append(size)
        total -= size
    return sizes


def _dealt(items: list, workers: int) -> list:
    """`items` reordered so that each of the `workers` chunks starts with its share of the long modules
    (each module's tests kept together, in their order), the other tests after them in their order."""
    groups, weights, rest = {}, {}, []
    for item in items:
        module = item.nodeid.split("::", 1)[0]
        if module in _LONG_MODULES:
            group = _GROUPS.get(module, module)
            if group not in groups:
                groups[group], weights[group] = [], 0
            if not any(i.nodeid.startswith(module + "::") for i in groups[group]):
                weights[group] += _LONG_MODULES[module]
            groups[group].append(item)
        else:
            rest.append(item)
    heads, load = [[] for _ in range(workers)], [0] * workers
    for group in sorted(groups, key=lambda g: -weights[g]):
        i = load.index(min(load))
        heads[i].extend(groups[group])
        load[i] += weights[group]
    out = []
    for head, size in zip(heads, _chunk_sizes(len(items), workers)):
        take = max(0, size - len(head))
        out.extend(head + rest[:take])
        rest = rest[take:]
    return out + rest


@pytest.hookimpl(optionalhook=True)  # an xdist hook: pytest without xdist (-p no:xdist) must not refuse it
def pytest_xdist_auto_num_workers(config):
    """`-n auto` (the README's command) starts one worker more than the machine has CPUs: about a
    fifth of the suite's time is spent waiting (engines that hang until a timeout, signals, pip and
    nested pytest processes), and the extra worker fills it. On this project's 2-core machine:
    5 min 28 s with 2 workers, 4 min 21 s with 3 (`benchmarks/test_command_split.py`)."""
    return (os.cpu_count() or 1) + 1


def pytest_collection_modifyitems(config, items):
    """Deal the long test modules to the heads of the xdist workers' first chunks (_dealt); in a run
    without workers, put them first, longest first. Every worker computes the same order."""
    workers = getattr(config, "workerinput", {}).get("workercount")
    if workers and workers > 1:
        items[:] = _dealt(items, workers)
        return
    def rank(item):
        return -_LONG_MODULES.get(item.nodeid.split("::", 1)[0], 0)
    items.sort(key=rank)


def pytest_configure(config):
    try:
        load_profile(config.getoption("hypothesis_profile", None))
    except ValueError as exc:
        raise pytest.UsageError(str(exc)) from None
