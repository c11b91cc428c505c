"""What the suite is: its version (a hash of spec and generated tests) and the spec texts.

results.json names the exact suite an engine was certified against; the reports show each
rule's text and, for failures, the scenario, read from the spec YAML (safe_load only).
"""

from __future__ import annotations

import hashlib
import re
from dataclasses import dataclass, field
from pathlib import Path

import yaml

from mtg_adapter.yaml_bounds import safe_load_bounded

SPEC_SUFFIXES = {".yaml", ".yml", ".json"}
SECTION = re.compile(r"^(\d{3}\.\d+)")


def tree_hash(root: Path, suffixes: set[str]) -> tuple[str, int]:
    """sha256 over the relative paths and bytes of the files under root (sorted), and their count."""
    digest = hashlib.sha256()
    count = 0
    if root.is_dir():
        files = sorted(p for p in root.rglob("*") if p.is_file() and p.suffix in suffixes
                       and "__pycache__" not in p.parts)
        for path in files:
            data = path.read_bytes()
            digest.update(path.relative_to(root).as_posix().encode() + b"\0")
            digest.update(str(len(data)).encode() + b"\0" + data)
            count += 1
    return digest.hexdigest(), count


def default_spec_dir(suite_dir: Path) -> Path | None:
    """The spec beside the generated suite (repo layout), else ./spec."""
    for candidate in (suite_dir.resolve().parent / "spec", Path("spec").resolve()):
        if candidate.is_dir():
            return candidate
    return None


def suite_version(suite_dir: Path, spec_dir: Path | None, rules_versions: list[str]) -> dict:
    """The suite's identity: one hash over spec and tests, the parts' hashes, the CR release."""
    tests_hash, tests_count = tree_hash(suite_dir, {".py"})
    spec_hash, spec_count = tree_hash(spec_dir, SPEC_SUFFIXES) if spec_dir else (None, 0)
    combined = hashlib.sha256(f"spec:{spec_hash or ''}\ntests:{tests_hash}\n".encode()).hexdigest()
    versions = sorted(set(v for v in rules_versions if v))
    return {
        "version": combined[:16],
        "sha256": combined,
        "spec_sha256": spec_hash,
        "spec_files": spec_count,
        "tests_sha256": tests_hash,
        "test_files": tests_count,
        "comprehensive_rules": versions[-1] if versions else None,
        "comprehensive_rules_releases": versions,
    }


@dataclass
class SpecEntry:
    """What the reports need of one spec entry."""

    id: str
    kind: str | None
    rule: str | None
    text: str | None
    file: str
    file_title: str | None
    scenarios: dict[str, dict] = field(default_factory=dict)


def load_spec_index(spec_dir: Path | None) -> tuple[dict[str, SpecEntry], list[str]]:
    """Entries by id from spec/rules/*.yaml, plus warnings for files that could not be read.

    Validation is the generator's job; here a broken file only costs the reports its texts.
    """
    index: dict[str, SpecEntry] = {}
    warnings: list[str] = []
    if spec_dir is None:
        return index, warnings
    rules_dir = spec_dir / "rules" if (spec_dir / "rules").is_dir() else spec_dir
    for path in sorted(rules_dir.glob("*.y*ml")):
        try:
            doc = safe_load_bounded(path.read_text(encoding="utf-8"))
        except (OSError, yaml.YAMLError) as exc:
            warnings.append(f"{path}: cannot read spec file: {exc}")
            continue
        if not isinstance(doc, dict) or not isinstance(doc.get("entries"), list):
            warnings.append(f"{path}: no `entries` list")
            continue
        title = doc.get("title") if isinstance(doc.get("title"), str) else None
        for entry in doc["entries"]:
            if not isinstance(entry, dict) or not isinstance(entry.get("id"), str):
                continue
            text = entry.get("text")
            scenarios = {}
            for key in ("scenarios", "properties"):
                for item in entry.get(key) or []:
                    if isinstance(item, dict) and isinstance(item.get("name"), str):
                        scenarios[item["name"]] = {k: v for k, v in item.items() if k != "name"}
            index[entry["id"]] = SpecEntry(
                id=entry["id"], kind=entry.get("kind"), rule=entry.get("rule"),
                text=text.get("en") if isinstance(text, dict) else None,
                file=path.name, file_title=title, scenarios=scenarios,
            )
    return index, warnings


def section_of(kind: str | None, rule: str | None, group: str | None) -> str:
    """The report section of a test: the rule's section (702.33) or the rulings' file."""
    if rule:
        match = SECTION.match(str(rule))
        return match.group(1) if match else str(rule)
    return f"Rulings: {group}" if group else "Rulings"


def section_sort_key(section: str) -> tuple:
    """Rule sections numerically first (601.2 before 702.33 before 702.100), then rulings."""
    match = SECTION.match(section)
    if match:
        major, minor = match.group(1).split(".")
        return (0, int(major), int(minor), section)
    return (1, 0, 0, section)
