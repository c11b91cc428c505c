"""report.html (one engine) and the side-by-side page (several engines), rendered with Jinja2.

Autoescape is on: rule texts come from the spec and messages from engines, so they are data,
never markup. Each page is one self-contained file: inline CSS and JS, no network.
"""

from __future__ import annotations

import jinja2

from mtg_conformance import __version__
from mtg_conformance.certify import breakdown
from mtg_conformance.certify.grouping import SHORT, sections, worst
from mtg_conformance.certify.outcomes import OUTCOMES
from mtg_conformance.certify.summary import BREAKDOWN_COLUMNS, expected_failures, regressions, scenario_yaml, scope
from mtg_conformance.certify.summary import headline as summary_headline


def environment() -> jinja2.Environment:
    env = jinja2.Environment(
        loader=jinja2.PackageLoader("mtg_conformance.certify", "templates"),
        autoescape=True,
        undefined=jinja2.StrictUndefined,
        trim_blocks=True,
        lstrip_blocks=True,
    )
    env.filters["scenario_yaml"] = scenario_yaml
    env.globals.update(short=SHORT, outcomes=OUTCOMES)
    return env


def percent_text(totals: dict) -> str:
    return "n/a" if totals["percent"] is None else f"{totals['percent']:.1f}%"


def render_report(doc: dict, diff: dict | None = None) -> str:
    return environment().get_template("report.html.j2").render(
        engine=doc["engine"], suite=doc["suite"], totals=doc["totals"], regression=doc["regression"],
        tool=doc["tool"], format_version=doc["format_version"], percent=percent_text(doc["totals"]),
        headline=summary_headline(doc["totals"], scope(doc)), sections=sections(doc["tests"]), diff=diff,
        breakdown=breakdown.of(doc), columns=BREAKDOWN_COLUMNS,
        broke=regressions(doc), known=expected_failures(doc),
        profile=doc.get("profile"), profiles=doc.get("profiles") or [],
    )


def engine_labels(docs: list[dict]) -> list[str]:
    """`name version`, made unique with #2, #3 when two runs share it."""
    labels, seen = [], {}
    for doc in docs:
        base = f"{doc['engine']['name']} {doc['engine']['version']}".strip()
        seen[base] = seen.get(base, 0) + 1
        labels.append(base if seen[base] == 1 else f"{base} #{seen[base]}")
    return labels


def matrix(docs: list[dict], labels: list[str]) -> list[dict]:
    """Sections -> entries -> rows (one per stable test id), one cell per engine."""
    by_engine = [{t["id"]: t for t in doc["tests"]} for doc in docs]
    union: dict[str, dict] = {}
    for tests in by_engine:
        for test_id, test in tests.items():
            union.setdefault(test_id, test)
    grouped = sections(list(union.values()))
    for section in grouped:
        for entry in section["entries"]:
            rows = []
            for test in entry["tests"]:
                cells = []
                for label, tests in zip(labels, by_engine):
                    mine = tests.get(test["id"])
                    cells.append({"engine": label, "outcome": mine["outcome"] if mine else "missing",
                                  "message": mine["message"] if mine and mine["outcome"] != "pass" else ""})
                present = sorted({c["outcome"] for c in cells})
                tags = set()
                for outcome in present:
                    tags.add({"error": "fail", "expected-failure": "fail",
                              "unexpectedly-passing": "pass"}.get(outcome, outcome))
                if len(present) > 1:
                    tags.add("differ")
                rows.append({"id": test["id"], "cells": cells, "statuses": " ".join(sorted(tags)),
                             "worst": worst(c["outcome"] for c in cells if c["outcome"] != "missing")})
            entry["rows"] = rows
    return grouped


def render_multi(docs: list[dict]) -> str:
    labels = engine_labels(docs)
    engines = [{"label": label, "doc": doc, "percent": percent_text(doc["totals"]),
                "share": f"{doc['totals']['pass']}/{doc['totals']['tests']}"} for label, doc in zip(labels, docs)]
    suites = sorted({doc["suite"]["version"] for doc in docs})
    return environment().get_template("multi.html.j2").render(
        engines=engines, suites=suites, sections=matrix(docs, labels), tool_version=__version__,
    )
