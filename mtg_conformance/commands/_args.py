"""Argument types shared by several commands (argparse turns their errors into exit code 2)."""

from __future__ import annotations

import argparse


def positive_seconds(text: str) -> float:
    """A timeout in seconds: a number above zero."""
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"not a number of seconds: {text!r}") from None
    if not value > 0:  # also refuses nan
        raise argparse.ArgumentTypeError("must be positive")
    return value
