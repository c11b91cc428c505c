"""Hypothesis profiles shared by the generated suite and the project's own tests.

"ci": derandomized and bounded, so CI runs are reproducible and fast; "dev": more examples.
The profile comes from HYPOTHESIS_PROFILE, else "ci" when the CI variable is set, else "dev";
an explicit `--hypothesis-profile` option wins over both.
"""

from __future__ import annotations

import os

from hypothesis import settings

PROFILES = {
    "ci": dict(derandomize=True, max_examples=25, deadline=None, print_blob=True),
    "dev": dict(max_examples=200, deadline=None),
}


def register_profiles() -> None:
    for name, options in PROFILES.items():
        settings.register_profile(name, **options)


def chosen_profile(environ=os.environ) -> str:
    if environ.get("HYPOTHESIS_PROFILE"):
        return environ["HYPOTHESIS_PROFILE"]
    return "ci" if environ.get("CI") else "dev"


def load_profile(explicit: str | None = None) -> str:
    """Load and return the profile to use; ValueError names the unknown profile."""
    register_profiles()
    name = explicit or chosen_profile()
    try:
        settings.get_profile(name)  # check first: a failed load_profile leaves a bad current name
    except Exception:
        raise ValueError(
            f"unknown Hypothesis profile {name!r} (from "
            f"{'--hypothesis-profile' if explicit else 'HYPOTHESIS_PROFILE'}); known: ci, dev"
        ) from None
    settings.load_profile(name)
    return name
