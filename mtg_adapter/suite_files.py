"""Where the suite's files are: shipped in the installed package, or the checkout this code runs from.

A wheel carries `spec/` (rules, cards, JSON Schemas) and `generated_tests/` as package data of
`mtg_conformance_suite` (see setup.py), so `mtg-conformance certify` works from any folder. In a
repository checkout (editable install) they stay at the top level beside this package. Nothing
here depends on the current directory.
"""

from __future__ import annotations

from importlib import resources
from pathlib import Path

SUITE_PACKAGE = "mtg_conformance_suite"
CHECKOUT = Path(__file__).resolve().parent.parent


def suite_path(name: str) -> Path | None:
    """The shipped directory `name` (`spec`, `generated_tests`, `spec/cards`, ...), or None."""
    try:
        packaged = Path(str(resources.files(SUITE_PACKAGE).joinpath(name)))
    except ModuleNotFoundError:  # an editable install made before the package existed
        packaged = None
    if packaged is not None and packaged.is_dir():
        return packaged
    checkout = CHECKOUT / name
    return checkout if checkout.is_dir() else None


def spec_dir() -> Path | None:
    return suite_path("spec")


def tests_dir() -> Path | None:
    return suite_path("generated_tests")


def where_to_look() -> str:
    """For error messages: the two places searched."""
    return f"package {SUITE_PACKAGE} (an installed wheel) or the checkout {CHECKOUT}"
