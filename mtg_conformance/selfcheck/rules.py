"""Does a test cite the rule a fault breaks?

A fault declares one rule ("702.33d") or a range of subrules ("601.2f-h"). A citation
matches when it is that rule, one of its subrules (707.10c for 707.10), or the numbered rule it
belongs to (202.3 for 202.3e) - never a bare section ("601") on its own.
"""

from __future__ import annotations

import re

RANGE = re.compile(r"^(?P<base>\d{3}\.\d+)(?P<first>[a-z])-(?P<last>[a-z])$")


def expand(rule: str) -> list[str]:
    """'601.2f-h' -> ['601.2f', '601.2g', '601.2h']; any other rule -> [rule]."""
    m = RANGE.match(rule)
    if not m:
        return [rule]
    first, last = ord(m["first"]), ord(m["last"])
    if last < first:
        raise ValueError(f"bad rule range {rule!r}")
    return [m["base"] + chr(c) for c in range(first, last + 1)]


def _descends(child: str, parent: str) -> bool:
    """child is parent or lies under it (707.10c under 707.10, 707.10 under 707)."""
    if child == parent:
        return True
    if not child.startswith(parent):
        return False
    nxt = child[len(parent)]
    return nxt == "." or (nxt.isalpha() and parent[-1].isdigit())


def cites(declared: str, cited: str) -> bool:
    """Whether a test citing `cited` cites the rule `declared` a fault breaks."""
    cited = str(cited).strip()
    for rule in expand(declared):
        if _descends(cited, rule):
            return True
        if "." in cited and _descends(rule, cited):
            return True
    return False


def marker_cites(declared: str, marker: dict | None) -> bool:
    """Whether a test's conformance marker (rule, cites) cites the declared rule."""
    if not marker:
        return False
    cited = ([marker["rule"]] if marker.get("rule") else []) + list(marker.get("cites") or [])
    return any(cites(declared, c) for c in cited)
