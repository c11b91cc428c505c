"""Shared test configuration: pytester for the plugin tests, and the suite's Hypothesis profile.

The project's own tests run under the suite's Hypothesis profiles ("ci": derandomized, bounded
examples; "dev": more), chosen by HYPOTHESIS_PROFILE, else "ci" when CI is set, else "dev"
(an explicit `--hypothesis-profile` wins). This conftest loads it: the mtg_adapter pytest
plugin no longer does in runs without `--engine`, since it must leave the Hypothesis settings
of unrelated projects alone. The generated suite carries the same profile on each property
(`conformance_settings()`), so it runs under it with or without this conftest.
"""

import pytest

from mtg_adapter.hypothesis_profiles import load_profile, register_profiles

pytest_plugins = ["pytester"]

# At import, before Hypothesis's own plugin loads an explicit `--hypothesis-profile ci|dev`.
register_profiles()


def pytest_configure(config):
    try:
        load_profile(config.getoption("hypothesis_profile", None))
    except ValueError as exc:
        raise pytest.UsageError(str(exc)) from None
