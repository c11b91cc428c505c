"""Default values of the engine options and their parser, in a module that imports almost nothing.

Why apart: the pytest plugin needs them to declare `--engine`, `--engine-timeout` and
`--engine-max-answer-bytes` in every pytest run of any environment where this package is
installed, and must not import the client, the protocol checks or Hypothesis just for that.
"""

from __future__ import annotations

import argparse
import math

DEFAULT_ENGINE = "reference"
DEFAULT_TIMEOUT = 10.0
DEFAULT_MAX_ANSWER_BYTES = 16 * 1024 * 1024  # one answer line; a longer one is a protocol failure
MAX_TIMEOUT = 24 * 3600.0  # the longest --engine-timeout accepted (a day): beyond it is a typo


def timeout_seconds(text: str | float) -> float:
    """`--engine-timeout`'s value: a finite number of seconds above 0 and at most MAX_TIMEOUT.

    nan (every comparison false: an endless wait), inf (no deadline), 0 and negatives are usage
    errors, raised as argparse's ArgumentTypeError so every command (and pytest) reports them so.
    """
    try:
        value = float(text)
    except (TypeError, ValueError):
        raise argparse.ArgumentTypeError(f"not a number of seconds: {text!r}") from None
    if not math.isfinite(value) or value <= 0 or value > MAX_TIMEOUT:
        raise argparse.ArgumentTypeError(
            f"must be a number of seconds above 0 and at most {MAX_TIMEOUT:g}, not {text!r}")
    return value
