"""The one-line command that re-runs a single failing test: `mtg-conformance replay ID --engine SPEC`.

Every failure message and report carries it, quoted for a POSIX shell, so reproducing a
failure is one copy and paste.
"""

from __future__ import annotations

import json
import re
import shlex

PARAMS_LINE = re.compile(r"^with params (\{.*\})$", re.MULTILINE)


def replay_command(test_id: str, engine: str, params: dict | None = None) -> str:
    parts = ["mtg-conformance", "replay", test_id, "--engine", engine]
    if params is not None:
        parts += ["--params", json.dumps(params, sort_keys=True, separators=(",", ":"))]
    return " ".join(shlex.quote(p) for p in parts)


def params_in(message: str) -> dict | None:
    """The drawn parameters a property failure names (`with params {"n": 3}`), if any."""
    match = PARAMS_LINE.search(message or "")
    if not match:
        return None
    try:
        value = json.loads(match.group(1))
    except json.JSONDecodeError:
        return None
    return value if isinstance(value, dict) else None


def headline(test_id: str, rule: str | None, cites: list | None = None) -> str:
    """`kicker/x::y (rule 702.33a)`; a ruling names the first rule it cites."""
    if rule:
        return f"{test_id} (rule {rule})"
    if cites:
        return f"{test_id} (ruling on {cites[0]})"
    return f"{test_id} (ruling)"
