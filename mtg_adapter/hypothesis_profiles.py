"""Hypothesis profiles of the conformance suite: "ci" and "dev".

"ci": derandomized and bounded, so CI runs are reproducible and fast; "dev": more examples.
The profile comes from HYPOTHESIS_PROFILE, else "ci" when the CI variable is set, else "dev";
an explicit `--hypothesis-profile` option wins over both.

Nothing here runs at import (Hypothesis itself is imported only when a function is called), and
nothing changes Hypothesis's global settings except `load_profile`, which only this project's
own tests (tests/conftest.py) and the pytest plugin in a run with an explicit `--engine` call.
The generated property tests carry their settings themselves (`conformance_settings()`), so
they run under the chosen profile whoever loaded which profile globally.
"""

from __future__ import annotations

import os

PROFILES = {
    "ci": dict(derandomize=True, max_examples=25, deadline=None, print_blob=True),
    "dev": dict(max_examples=200, deadline=None),
}

_explicit: str | None = None  # the run's `--hypothesis-profile`, set by the pytest plugin


def set_explicit_profile(name: str | None) -> None:
    """Record (or, with None, forget) the `--hypothesis-profile` of the current pytest run."""
    global _explicit
    _explicit = name or None


def register_profiles() -> None:
    from hypothesis import settings

    for name, options in PROFILES.items():
        settings.register_profile(name, **options)


def register_missing(name: str | None) -> None:
    """Register the suite's profile `name` only if no profile of that name exists yet, so that
    Hypothesis's own `--hypothesis-profile dev` finds it without replacing anyone's profile."""
    if name not in PROFILES:
        return
    from hypothesis import settings
    from hypothesis.errors import InvalidArgument

    try:
        settings.get_profile(name)
    except InvalidArgument:
        settings.register_profile(name, **PROFILES[name])


def chosen_profile(environ=os.environ) -> str:
    if environ.get("HYPOTHESIS_PROFILE"):
        return environ["HYPOTHESIS_PROFILE"]
    return "ci" if environ.get("CI") else "dev"


def _unknown(name: str, explicit: bool) -> ValueError:
    return ValueError(
        f"unknown Hypothesis profile {name!r} (from "
        f"{'--hypothesis-profile' if explicit else 'HYPOTHESIS_PROFILE'}); known: ci, dev"
    )


def load_profile(explicit: str | None = None) -> str:
    """Register the suite's profiles, load the chosen one globally and return its name.

    ValueError names an unknown profile (one neither the suite's nor registered elsewhere).
    """
    from hypothesis import settings

    register_profiles()
    name = explicit or chosen_profile()
    try:
        settings.get_profile(name)  # check first: a failed load_profile leaves a bad current name
    except Exception:
        raise _unknown(name, bool(explicit)) from None
    settings.load_profile(name)
    return name


def conformance_settings():
    """The settings of the chosen profile, for a generated property test to carry (`@given(...)`
    then `@conformance_settings()`), without loading any profile globally.

    The suite's own profiles ("ci", "dev") override only the options they name, over whatever
    settings are current (the environment keeps its database, verbosity, health checks); any
    other name must be a profile registered with Hypothesis (by the project's conftest).
    """
    from hypothesis import settings

    name = _explicit or chosen_profile()
    if name in PROFILES:
        return settings(**PROFILES[name])
    try:
        return settings.get_profile(name)
    except Exception:
        raise _unknown(name, bool(_explicit)) from None
