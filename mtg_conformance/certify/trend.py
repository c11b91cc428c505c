"""History: one engine's results.json over its releases, as a trend (`mtg-conformance report --trend`).

The runs are taken in the order given, or sorted by the engine version each records
(`--sort-by-version`: PEP 440 order when every version is one, else a natural order in which
1.10 comes after 1.9). The trend is built from the results files alone:

- totals per version (passes of all tests and of the applicable ones, regressions);
- passes per feature tag over the versions (every tag any run has);
- each profile's verdict per version (when the runs carry them);
- the tests that flipped between each pair of consecutive versions, matched by stable id:
  pass -> fail first (the engine broke something), then fail -> pass, then other changes
  (to or from unsupported or skipped), new and removed tests.
"""

from __future__ import annotations

import re

from mtg_conformance.certify import breakdown
from mtg_conformance.certify.compare import changes
from mtg_conformance.certify.summary import first_line

FLIPS = (("newly_failing", "pass → fail"), ("newly_passing", "fail → pass"), ("other", "other outcome changes"),
         ("new", "new tests"), ("removed", "removed tests"))
FLIPS_SHOWN = 200  # tests listed per kind of flip between two versions; the rest are counted


def _natural(version: str) -> tuple:
    return tuple((0, int(part), "") if part.isdigit() else (1, 0, part)
                 for part in re.split(r"(\d+)", str(version)) if part)


def version_key(versions: list[str]):
    """A sort key over these engine versions: PEP 440 when all parse, else natural order."""
    try:
        from packaging.version import InvalidVersion, Version
    except ImportError:  # pragma: no cover - pytest depends on packaging
        return _natural
    try:
        for version in versions:
            Version(str(version))
    except InvalidVersion:
        return _natural
    return lambda version: Version(str(version))


def ordered(docs: list[dict], names: list[str], by_version: bool) -> tuple[list[dict], list[str]]:
    """The runs in trend order (stable: equal versions keep the order given)."""
    if not by_version:
        return list(docs), list(names)
    key = version_key([d["engine"]["version"] for d in docs])
    pairs = sorted(zip(docs, names), key=lambda pair: key(pair[0]["engine"]["version"]))
    return [d for d, _ in pairs], [n for _, n in pairs]


def labels(docs: list[dict]) -> list[str]:
    """Each run's column: the engine version (with the engine name when the runs' names differ),
    made unique with #2, #3."""
    names = {d["engine"]["name"] for d in docs}
    out, seen = [], {}
    for doc in docs:
        version = str(doc["engine"]["version"])
        base = version if len(names) == 1 else f"{doc['engine']['name']} {version}"
        seen[base] = seen.get(base, 0) + 1
        out.append(base if seen[base] == 1 else f"{base} #{seen[base]}")
    return out


def build(docs: list[dict], names: list[str]) -> dict:
    """The trend model the pages render (docs already in trend order)."""
    columns = labels(docs)
    features: dict[str, list[dict | None]] = {}
    for index, doc in enumerate(docs):
        for row in breakdown.by_feature(doc["tests"]):
            features.setdefault(row["name"], [None] * len(docs))[index] = row
    profile_names: list[str] = []
    for doc in docs:
        for verdict in doc.get("profiles") or []:
            if verdict["name"] not in profile_names:
                profile_names.append(verdict["name"])
    profiles = [{"name": name, "cells": [next((v for v in doc.get("profiles") or [] if v["name"] == name), None)
                                         for doc in docs]} for name in profile_names]
    steps = []
    for before, after, b_label, a_label in zip(docs, docs[1:], columns, columns[1:]):
        diff = changes(before, after)
        kinds = [{"key": key, "title": title, "count": len(diff[key]),
                  "tests": [_flip(item, key) for item in diff[key][:FLIPS_SHOWN]]} for key, title in FLIPS]
        steps.append({"from": b_label, "to": a_label, "kinds": kinds, "any": diff["any"],
                      "suite_changed": before["suite"]["version"] != after["suite"]["version"]})
    engines = sorted({d["engine"]["name"] for d in docs})
    return {
        "engines": engines,
        "runs": [{"label": label, "file": name, "engine": doc["engine"], "suite": doc["suite"]["version"],
                  "tool": doc["tool"]["version"], "totals": doc["totals"], "regression": doc["regression"]}
                 for label, name, doc in zip(columns, names, docs)],
        "features": [{"name": name, "cells": cells} for name, cells in sorted(features.items())],
        "profiles": profiles,
        "steps": steps,
        "suites": sorted({d["suite"]["version"] for d in docs}),
    }


def _flip(item: dict, key: str) -> dict:
    """One changed test: its outcome before and after (a new test: none before; a removed one: none after)."""
    test = item["test"]
    before, after = {"new": (None, item.get("outcome")), "removed": (item.get("outcome"), "removed")}.get(
        key, (item.get("before"), item.get("after")))
    return {"id": item["id"], "before": before, "after": after, "rule": test.get("rule"),
            "message": first_line(test.get("message") or "", item["id"])}


def _cell(row: dict | None) -> str:
    return "—" if row is None else f"{row['pass']}/{row['tests']}"


def _delta(cells: list[dict | None], index: int) -> str:
    if index == 0 or cells[index] is None or cells[index - 1] is None:
        return ""
    change = cells[index]["pass"] - cells[index - 1]["pass"]
    return f" ({change:+d})" if change else ""


def render_markdown(model: dict) -> str:
    from mtg_conformance.certify.summary import cell, code_span, inline

    runs = model["runs"]
    lines = [f"# MTG conformance trend: {inline(', '.join(model['engines']))}", "",
             f"{len(runs)} runs, oldest first: "
             + ", ".join(f"{inline(r['label'])} (`{r['file']}`)" for r in runs) + ".", ""]
    if len(model["suites"]) > 1:
        lines += ["The runs used different suite versions (" + ", ".join(f"`{s}`" for s in model["suites"]) +
                  "): a flip may come from the suite, not the engine; new and removed tests are listed apart.", ""]
    lines += ["| Version | Suite | Passing (of all tests) | Of applicable | Regression |",
              "| --- | --- | ---: | ---: | --- |"]
    for run in runs:
        t = run["totals"]
        share = "n/a" if t["percent"] is None else f"{t['percent']:.1f}%"
        lines.append(f"| {cell(inline(run['label']))} | `{run['suite']}` | {t['pass']}/{t['tests']} | {share} | "
                     f"{'yes' if run['regression'] else 'no'} |")
    lines += ["", "## Flipped tests", ""]
    if not model["steps"]:
        lines += ["One run: nothing to compare.", ""]
    for step in model["steps"]:
        head = f"### {inline(step['from'])} → {inline(step['to'])}"
        lines += [head + (" (suite changed)" if step["suite_changed"] else ""), ""]
        if not step["any"]:
            lines += ["No test changed outcome.", ""]
            continue
        lines += [", ".join(f"{k['count']} {k['title']}" for k in step["kinds"]) + ".", ""]
        for kind in step["kinds"]:
            if not kind["count"]:
                continue
            lines += [f"#### {kind['title'][0].upper() + kind['title'][1:]} ({kind['count']})", ""]
            for item in kind["tests"]:
                where = f" (rule {item['rule']})" if item["rule"] else ""
                move = f"{item['before']} → {item['after']}" if item["before"] else item["after"]
                why = f": {inline(item['message'])}" if item["message"] and kind["key"] == "newly_failing" else ""
                lines.append(f"- {code_span(item['id'])}{where}: {move}{why}")
            if kind["count"] > len(kind["tests"]):
                lines.append(f"- ... and {kind['count'] - len(kind['tests'])} more")
            lines.append("")
    lines += ["## Passes per feature", "",
              "| Feature | " + " | ".join(cell(inline(r["label"])) for r in runs) + " |",
              "| --- |" + " ---: |" * len(runs)]
    for row in model["features"]:
        cells = [_cell(c) + _delta(row["cells"], i) for i, c in enumerate(row["cells"])]
        lines.append(f"| {cell(row['name'])} | " + " | ".join(cells) + " |")
    lines.append("")
    if model["profiles"]:
        lines += ["## Profiles", "", "| Profile | " + " | ".join(cell(inline(r["label"])) for r in runs) + " |",
                  "| --- |" + " --- |" * len(runs)]
        for row in model["profiles"]:
            lines.append(f"| `{row['name']}` | " + " | ".join(c["verdict"] if c else "—" for c in row["cells"]) + " |")
        lines.append("")
    return "\n".join(lines).rstrip() + "\n"


def render_html(model: dict) -> str:
    from mtg_conformance import __version__
    from mtg_conformance.certify.html import environment

    env = environment()
    env.globals.update(cell_text=_cell, delta=_delta)
    return env.get_template("trend.html.j2").render(model=model, tool_version=__version__)
