"""Render a DriftReport for people (grouped text) and for tools (JSON-ready dicts).

Why: maintainers need to see, per drifted rule, the affected entry ids and the generated test
modules to look at; CI and scripts need the same facts in a stable JSON shape.
"""

from __future__ import annotations

from pathlib import Path

from generator.drift import CHANGED, GONE, MOVED, UNCHANGED, UNVERIFIED, DriftItem, DriftReport

__all__ = ["render_json", "render_text", "test_modules"]

_ORDER = (MOVED, CHANGED, GONE, UNVERIFIED, UNCHANGED)
_TITLES = {
    MOVED: "MOVED (renumbered; `--update` applies the new id)",
    CHANGED: "CHANGED TEXT (`--update --accept RULE` records the new text)",
    GONE: "GONE (no rule with this number or text)",
    UNVERIFIED: "UNVERIFIED (cited without a fingerprint; `--update` records it)",
    UNCHANGED: "UNCHANGED",
}


def test_module(spec_file: str) -> str:
    """The generated module of a spec file (naming owned by generator.naming)."""
    name = Path(spec_file).name
    try:
        from generator.naming import module_filename

        return "generated_tests/" + module_filename(name)
    except (ImportError, ValueError):
        stem = name[: -len(".yaml")] if name.endswith(".yaml") else name
        return "generated_tests/test_" + stem.replace("-", "_").replace(".", "_") + ".py"


def test_modules(item: DriftItem) -> list[str]:
    return sorted({test_module(c.file) for c in item.citations})


def _entries(item: DriftItem) -> list[str]:
    return sorted({c.entry for c in item.citations})


def render_text(report: DriftReport, spec_dir: Path | str) -> str:
    counts = {status: len(report.by_status(status)) for status in _ORDER}
    lines = [
        f"Comprehensive Rules {report.effective_date} ({report.source}) vs spec {spec_dir}",
        "  " + ", ".join(f"{counts[s]} {s}" for s in _ORDER) + f", {len(report.uncovered)} uncovered",
    ]
    if report.section_moves:
        lines.append("  renumbered sections: " + ", ".join(f"{a} -> {b}" for a, b in report.section_moves.items()))
    for status in _ORDER:
        items = report.by_status(status)
        if not items:
            continue
        lines += ["", f"{_TITLES[status]}: {len(items)}"]
        if status == UNCHANGED:
            lines.append("  " + ", ".join(item.rule for item in items))
            continue
        for item in items:
            head = f"  {item.rule}"
            if status == MOVED:
                head += f" -> {item.new_rule}  confidence {item.confidence:.3f}"
                if item.text_changed:
                    head += ", text changed"
            lines.append(head + f"  ({item.basis})")
            if item.diff:
                lines.append(f"      diff: {item.diff}")
            elif item.text_changed and item.new_text:
                lines.append(f"      now: {item.new_text}")
            lines.append("      entries: " + ", ".join(_entries(item)))
            lines.append("      tests: " + ", ".join(test_modules(item)))
    if report.uncovered:
        lines += ["", f"UNCOVERED SUB-RULES (no entry states or cites them): {len(report.uncovered)}"]
        for u in report.uncovered:
            text = u.text if len(u.text) <= 100 else u.text[:97] + "..."
            lines.append(f"  {u.rule}  {text}")
    lines += ["", "drift found" if report.drifted else "no drift"]
    return "\n".join(lines)


def render_json(report: DriftReport, spec_dir: Path | str) -> dict:
    def item_json(item: DriftItem) -> dict:
        return {
            "status": item.status,
            "rule": item.rule,
            "new_rule": item.new_rule,
            "confidence": item.confidence,
            "basis": item.basis,
            "text_changed": item.text_changed,
            "diff": item.diff,
            "old_text": item.old_text,
            "new_text": item.new_text,
            "new_fingerprint": item.new_fingerprint,
            "entries": _entries(item),
            "files": sorted({c.file for c in item.citations}),
            "tests": test_modules(item),
            "roles": sorted({c.role for c in item.citations}),
        }

    return {
        "rules_file": report.source,
        "effective_date": report.effective_date,
        "spec": str(spec_dir),
        "threshold": report.threshold,
        "drifted": report.drifted,
        "summary": {s: len(report.by_status(s)) for s in _ORDER} | {"uncovered": len(report.uncovered)},
        "section_moves": dict(report.section_moves),
        "items": [item_json(item) for item in report.items],
        "uncovered": [{"rule": u.rule, "section": u.section, "text": u.text} for u in report.uncovered],
    }
