"""Names in the generated suite: module file names, test function names, stable test ids.

Names derive from the spec file name and the stable entry/scenario slugs only (never from
rule numbers), so they survive renumbering. Two different slugs can map to the same Python
name (`a/b-c` and `a-b/c`); `collisions` finds those so they are reported as spec errors.
"""

from __future__ import annotations

import re
from collections import defaultdict
from collections.abc import Iterable

SPEC_FILE = re.compile(r"^[a-z0-9]+(-[a-z0-9]+)*\.yaml$")
SLUG = re.compile(r"^[a-z0-9]+(-[a-z0-9]+)*(/[a-z0-9]+(-[a-z0-9]+)*)*$")


def _ident_part(slug: str) -> str:
    return slug.replace("/", "_").replace("-", "_")


def module_filename(spec_filename: str) -> str:
    """`kicker-rulings.yaml` -> `test_kicker_rulings.py`. ValueError unless a slug `.yaml` name."""
    if not SPEC_FILE.match(spec_filename):
        raise ValueError(
            f"spec file name {spec_filename!r} must be lower-case words joined by '-' ending in .yaml"
        )
    return "test_" + _ident_part(spec_filename[: -len(".yaml")]) + ".py"


def function_name(entry_id: str, scenario_name: str) -> str:
    """`kicker/copy-x` + `twincast-copy` -> `test_kicker_copy_x__twincast_copy`."""
    for what, slug in (("entry id", entry_id), ("scenario name", scenario_name)):
        if not isinstance(slug, str) or not SLUG.match(slug):
            raise ValueError(f"{what} {slug!r} is not a slug")
    return "test_" + _ident_part(entry_id) + "__" + _ident_part(scenario_name)


def stable_id(entry_id: str, scenario_name: str) -> str:
    """The id expectation files, results and history use: `entry::scenario`."""
    return f"{entry_id}::{scenario_name}"


def collisions(names: Iterable[tuple[str, object]]) -> dict[str, list[object]]:
    """Given (python name, origin) pairs, the names claimed by more than one origin, in
    first-seen order, each with all its origins."""
    seen: dict[str, list[object]] = defaultdict(list)
    for name, origin in names:
        seen[name].append(origin)
    return {name: origins for name, origins in seen.items() if len(origins) > 1}
