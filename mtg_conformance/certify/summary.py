"""summary.md: the run in Markdown for CI job summaries (totals, sections, failures with diffs)."""

from __future__ import annotations

import json

import yaml

from mtg_conformance.certify import breakdown, notrun
from mtg_conformance.certify.grouping import SHORT, sections

ICON = {"pass": "✅", "fail": "❌", "error": "💥", "unexpectedly-passing": "❗", "expected-failure": "⚠️",
        "unsupported": "➖", "skipped": "⏭️", "partial": "🟡"}
BREAKDOWN_COLUMNS = (("pass", "Pass"), ("fail", "Fail"), ("error", "Error"), ("expected-failure", "Expected failure"),
                     ("unexpectedly-passing", "XPass"), ("unsupported", "Unsupported"), ("skipped", "Skipped"))
SHOWN = ("pass", "fail", "unsupported", "expected-failure", "unexpectedly-passing", "error", "skipped")
NOT_PASSING = ("fail", "error", "unexpectedly-passing", "expected-failure")
REGRESSING = ("fail", "error", "unexpectedly-passing")  # outcomes that fail the run (outcomes.REGRESSIONS)
CHANGE_KINDS = (("newly_failing", "Newly failing"), ("newly_passing", "Newly passing"),
                ("other", "Other outcome changes"), ("new", "New tests"), ("removed", "Removed tests"))


def cell(text) -> str:
    """A Markdown table cell: no pipes or newlines may break the row."""
    return str(text if text is not None else "").replace("\\", "\\\\").replace("|", "\\|").replace("\n", " ")


_MARKDOWN_SPECIAL = "\\`*_[]#|~"  # inline markup anywhere in a line (., -, + matter only at its start)
_HTML_SPECIAL = {"&": "&amp;", "<": "&lt;", ">": "&gt;"}


def inline(text) -> str:
    """Text from the engine (its name, version) as plain text in Markdown: HTML's special characters
    become entities and Markdown's are backslash-escaped, so nothing in it renders as a tag,
    a link, emphasis or a heading; newlines become spaces."""
    out = []
    for ch in str(text if text is not None else "").replace("\r", " ").replace("\n", " "):
        if ch in _HTML_SPECIAL:
            out.append(_HTML_SPECIAL[ch])
        elif ch in _MARKDOWN_SPECIAL:
            out.append("\\" + ch)
        else:
            out.append(ch)
    return "".join(out)


def fence(text: str, lang: str = "") -> str:
    """A code block whose fence is longer than any backtick run inside."""
    longest, run = 0, 0
    for ch in text:
        run = run + 1 if ch == "`" else 0
        longest = max(longest, run)
    ticks = "`" * max(3, longest + 1)
    return f"{ticks}{lang}\n{text.rstrip()}\n{ticks}"


def quote(text: str) -> str:
    return "\n".join("> " + line if line else ">" for line in text.strip().splitlines())


SCENARIO_ORDER = ("description", "features", "given", "setup", "steps")


def scenario_yaml(scenario) -> str:
    """The scenario as the spec author wrote it: description, setup, then each step's action
    before its `expect` (results.json stores keys sorted, which would put `expect` first)."""
    data = json.loads(json.dumps(scenario))
    if isinstance(data, dict):
        ordered = {k: data[k] for k in SCENARIO_ORDER if k in data}
        ordered.update((k, v) for k, v in data.items() if k not in ordered)
        steps = ordered.get("steps")
        if isinstance(steps, list):
            ordered["steps"] = [
                {**{k: v for k, v in step.items() if k != "expect"},
                 **({"expect": step["expect"]} if "expect" in step else {})}
                if isinstance(step, dict) else step
                for step in steps
            ]
        data = ordered
    return yaml.safe_dump(data, sort_keys=False, allow_unicode=True, width=100)


def _percent(totals: dict) -> str:
    return "n/a" if totals["percent"] is None else f"{totals['percent']:.1f}%"


def suite_share(totals: dict) -> float | None:
    """pass / all tests, in percent (computed for results files written before `suite_percent`)."""
    if "suite_percent" in totals:
        return totals["suite_percent"]
    return round(100.0 * totals["pass"] / totals["tests"], 2) if totals["tests"] else None


def headline(totals: dict, scope: str = "the suite") -> str:
    """Both shares, the whole suite (or the profile's tests) first, so a partial engine can never
    read as complete."""
    share = suite_share(totals)
    whole = "n/a" if share is None else f"{share:.1f}%"
    not_run = totals["tests"] - totals["applicable"]
    return (f"{totals['pass']} of {totals['tests']} tests pass ({whole} of {scope}); "
            f"{totals['pass']} of {totals['applicable']} applicable ({_percent(totals)})"
            + (f", {not_run} not run (unsupported or skipped)" if not_run else ""))


def breakdown_table(rows: list[dict], title: str, declared: list[str] | None = None) -> list[str]:
    head = f"| {title} |" + (" Declared |" if declared is not None else "") + " Tests |" + \
        "".join(f" {name} |" for _, name in BREAKDOWN_COLUMNS)
    rule = "| --- |" + (" --- |" if declared is not None else "") + " ---: |" * (1 + len(BREAKDOWN_COLUMNS))
    lines = [head, rule]
    for row in rows:
        mark = "" if declared is None else (" yes |" if row["name"] in declared else " **no** |")
        counts = "".join(f" {row[key]} |" for key, _ in BREAKDOWN_COLUMNS)
        lines.append(f"| {cell(row['name'])} |{mark} {row['tests']} |{counts}")
    return lines + [""]


def implement_next_lines(items: list[dict]) -> list[str]:
    if not items:
        return ["The engine declares every feature the suite uses.", ""]
    lines = ["Features this engine does not declare, ranked by the tests they would unlock (a test needs all "
             "of its features: *alone* counts the tests whose only missing feature it is).", ""]
    for number, item in enumerate(items, start=1):
        lines.append(f"{number}. `{item['feature']}`: unlocks {item['unlocks_alone']} test"
                     f"{'s' if item['unlocks_alone'] != 1 else ''} alone; needed by {item['needed_by']}")
    return lines + [""]


def _changes(lines: list[str], diff: dict) -> None:
    prev = diff["previous"]
    name = f"{inline(prev['engine']['name'])} {inline(prev['engine']['version'])}"
    lines += [f"## Changes since the previous run ({name}, "
              f"suite `{prev['suite']['version']}`, {_percent(prev['totals'])})", ""]
    if not diff["any"]:
        lines += ["No changes: every test has the same outcome as before.", ""]
        return
    tally = ", ".join(f"{len(diff[key])} {title.lower()}" for key, title in CHANGE_KINDS)
    lines += [tally[0].upper() + tally[1:] + ".", ""]
    for key, title in CHANGE_KINDS:
        items = diff[key]
        if not items:
            continue
        lines += [f"### {title} ({len(items)})", ""]
        for item in items:
            if "before" in item:
                lines.append(f"- `{item['id']}`: {item['before']} → {item['after']}")
            else:
                lines.append(f"- `{item['id']}`: {item['outcome']}")
        lines.append("")


def render(doc: dict, diff: dict | None = None) -> str:
    engine, suite, totals = doc["engine"], doc["suite"], doc["totals"]
    lines = [f"# MTG conformance: {inline(engine['name'])} {inline(engine['version'])}", ""]
    lines.append(f"Suite `{suite['version']}` (mtg-conformance {doc['tool']['version']}), "
                 f"Comprehensive Rules {suite['comprehensive_rules'] or 'unknown'}, "
                 f"protocol {engine['protocol']}. Engine features: "
                 + (", ".join(f"`{f}`" for f in engine["features"]) or "none") + ".")
    lines.append("")
    verdict = "**Regression**: failures beyond the expectations file." if doc["regression"] else "No regressions."
    lines.append(f"**{headline(totals, scope(doc))}**. Applicable excludes unsupported and skipped tests; "
                 f"expected failures count as not passing. {verdict}")
    lines.append("")
    lines += profile_lead(doc)
    restarted = (engine.get("restarts") or {}).get("count", 0)
    if restarted:
        first = engine["restarts"]["first"][0]
        lines += [f"The engine process was restarted {restarted} time(s) during the run (each crash mid-case "
                  f"also failed its test); the first during `{first['test']}`: {cell(first['reason'])}.", ""]
    lines += lead_sections(doc)
    if diff is not None:
        _changes(lines, diff)
    lines += notrun.render(doc)
    lines += profile_table(doc)
    lines += ["| Outcome | Tests |", "| --- | ---: |"]
    lines += [f"| {ICON[o]} {o} | {totals[o]} |" for o in SHOWN if totals[o] or o in ("pass", "fail")]
    lines += [f"| total | {totals['tests']} |", ""]
    parts = breakdown.of(doc)
    lines += ["## Implement next (one feature at a time)", ""] + implement_next_lines(parts["implement_next"])
    lines += ["## By feature", ""] + breakdown_table(parts["by_feature"], "Feature", engine["features"])
    lines += ["## By rule section", ""] + breakdown_table(parts["by_section"], "Section")
    groups = sections(doc["tests"])
    lines += ["## Rules and rulings", ""]
    for section in groups:
        lines += [f"### {section['name']}", "",
                  "| | Rule / ruling | Tests | Pass | Fail | Unsupported | XFail | XPass | Error |",
                  "| --- | --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: |"]
        for entry in section["entries"]:
            c = entry["counts"]
            label = f"{entry['rule']} `{entry['entry']}`" if entry["rule"] else f"`{entry['entry']}`"
            lines.append(f"| {ICON[entry['status']]} | {cell(label)} | {len(entry['tests'])} | {c['pass']} | "
                         f"{c['fail']} | {c['unsupported']} | {c['expected-failure']} | "
                         f"{c['unexpectedly-passing']} | {c['error']} |")
        lines.append("")
    return "\n".join(lines).rstrip() + "\n"


VERDICT = {"pass": "✅ pass", "fail": "❌ fail", "empty": "➖ no tests"}


def scope(doc: dict) -> str:
    """What the totals are a share of: the suite, or a --profile run's tests."""
    profile = doc.get("profile")
    return f"profile {profile['name']}" if profile else "the suite"


def profile_lead(doc: dict) -> list[str]:
    """A --profile run says so right under the headline: the profile, what it counts, its verdict."""
    profile = doc.get("profile")
    if not profile:
        return []
    found = next((v for v in doc.get("profiles") or [] if v["name"] == profile["name"]), None)
    outcome = f"**{VERDICT[found['verdict']]}**: {found['reason']}." if found else "no verdict (part of the suite)."
    return [f"Profile `{profile['name']}` ({profile['title']}), suite {doc['tool']['version']} "
            f"`{doc['suite']['version']}`: {outcome} Counts {profile['counts']}; a profile {profile['criterion']} "
            "(docs/PROFILES.md).", ""]


def profile_table(doc: dict) -> list[str]:
    """Every profile's verdict of a whole-suite run (computed from the same results)."""
    found = doc.get("profiles") or []
    if not found or doc.get("profile"):
        return []
    judged = [v for v in found if v["verdict"] != "empty"]
    lines = [f"## Profiles ({sum(v['verdict'] == 'pass' for v in judged)} of {len(judged)} pass)", "",
             f"Verdicts of the named profiles (docs/PROFILES.md) over this run, suite {doc['tool']['version']} "
             f"`{doc['suite']['version']}`: a profile passes when every test it counts passes.", "",
             "| Profile | Verdict | Counted | Pass | Why |", "| --- | --- | ---: | ---: | --- |"]
    for v in judged:
        lines.append(f"| `{v['name']}` | {VERDICT[v['verdict']]} | {v['tests']} | {v['pass']} | {cell(v['reason'])} |")
    empty = [f"`{v['name']}`" for v in found if v["verdict"] == "empty"]
    if empty:
        lines += ["", f"No verdict (the run has none of their tests): {', '.join(empty)}."]
    return lines + [""]


def code_span(text: str) -> str:
    """Inline code whose backtick fence is longer than any run inside (a replay command, an id)."""
    text = str(text).replace("\n", " ")
    longest, run = 0, 0
    for ch in text:
        run = run + 1 if ch == "`" else 0
        longest = max(longest, run)
    ticks = "`" * (longest + 1)
    pad = " " if text.startswith("`") or text.endswith("`") else ""
    return f"{ticks}{pad}{text}{pad}{ticks}"


def first_line(message: str, test_id: str | None = None) -> str:
    """The first line of a failure message, without the `ID (rule ...): ` head the plugin puts first."""
    line = (message or "").strip().split("\n", 1)[0]
    if test_id and line.startswith(test_id + " "):
        rest = line[len(test_id) + 1:]
        if rest.startswith("(") and "): " in rest:
            line = rest.split("): ", 1)[1]
    return line[:300] + ("..." if len(line) > 300 else "")


def where(test: dict) -> str:
    return f"rule {test['rule']}" if test["rule"] else f"ruling ({test['section']})"


def short_where(test: dict) -> str:
    """`rule 702.33a`, or `ruling on 707.10, 702.33d` (its citations), for a one-line item."""
    if test["rule"]:
        return f"rule {test['rule']}"
    cites = test.get("cites") or []
    return "ruling" + (f" on {', '.join(cites[:3])}" + (", ..." if len(cites) > 3 else "") if cites else "")


def lead_item(test: dict) -> list[str]:
    """One not-passing test in one list item: icon, id, outcome, rule, first line, replay command."""
    head = (f"- {ICON[test['outcome']]} {code_span(test['id'])} ({SHORT[test['outcome']]}, {short_where(test)}): "
            f"{inline(first_line(test['message'], test['id']))}")
    return [head] + ([f"  replay: {code_span(test['replay'])}"] if test.get("replay") else [])


def regressions(doc: dict) -> list[dict]:
    return [t for t in doc["tests"] if t["outcome"] in REGRESSING]


def expected_failures(doc: dict) -> list[dict]:
    return [t for t in doc["tests"] if t["outcome"] == "expected-failure"]


def _details(test: dict) -> list[str]:
    lines = [f"### {ICON[test['outcome']]} `{test['id']}` ({SHORT[test['outcome']]})", "",
             f"{where(test)}; cites {', '.join(test['cites']) or 'nothing'}; test `{test['nodeid']}`", ""]
    if test.get("text"):
        lines += [quote(test["text"]), ""]
    if test["message"]:
        lines += [fence(test["message"]), ""]
    if test.get("replay"):
        lines += ["Reproduce:", "", fence(test["replay"], "sh"), ""]
    if test.get("scenario"):
        lines += ["<details><summary>Scenario</summary>", "", fence(scenario_yaml(test["scenario"]), "yaml"),
                  "", "</details>", ""]
    return lines


def lead_sections(doc: dict) -> list[str]:
    """What broke, before any table: the regressions in one line each (with their replay commands),
    then each failure in full (rule text, message, replay command, scenario), then the expected
    failures (the expectations file's known failures) in full."""
    broke, known = regressions(doc), expected_failures(doc)
    lines = [f"## Regressions ({len(broke)})", ""]
    if broke:
        lines += ["Unexpected failures and errors, and expected failures that now pass (remove their "
                  "expectations entry): each fails the run.", ""]
        for test in broke:
            lines += lead_item(test)
        lines.append("")
    else:
        lines += ["None: nothing failed beyond the expectations file.", ""]
    lines += [f"## Failures ({len(broke)})", ""]
    if not broke:
        lines += ["None.", ""]
    for test in broke:
        lines += _details(test)
    if known:
        lines += [f"## Expected failures ({len(known)})", "",
                  "Known failures listed in the expectations file (strict: each fails the run once it passes).", ""]
        for test in known:
            lines += _details(test)
    return lines


JOB_SUMMARY_CAP = 50  # tests listed in job-summary.md; the rest are counted


def job_summary(doc: dict, full_report: str = "summary.md and report.html", cap: int = JOB_SUMMARY_CAP) -> str:
    """job-summary.md: the short form for a CI page ($GITHUB_STEP_SUMMARY): the headline, the
    regressions (id, rule, first line of the message, replay command; at most `cap`, the rest
    counted), the count of expected failures and of tests that did not run, and where the full
    report is."""
    engine, totals = doc["engine"], doc["totals"]
    verdict = "**Regression**: failures beyond the expectations file." if doc["regression"] else "No regressions."
    lines = [f"## MTG conformance: {inline(engine['name'])} {inline(engine['version'])}", "",
             f"**{headline(totals, scope(doc))}**. {verdict}", ""]
    lines += profile_lead(doc)
    verdicts = doc.get("profiles") or []
    if verdicts and not doc.get("profile"):
        lines += ["Profiles: " + ", ".join(f"`{v['name']}` {v['verdict']}" for v in verdicts
                                           if v["verdict"] != "empty") + ".", ""]
    broke = regressions(doc)
    if broke:
        lines += [f"### Regressions ({len(broke)})", ""]
        for test in broke[:cap]:
            lines += lead_item(test)
        if len(broke) > cap:
            lines.append(f"- ... and {len(broke) - cap} more (see the full report)")
        lines.append("")
    known = totals["expected-failure"]
    not_run = totals["unsupported"] + totals["skipped"]
    counts = []
    if known:
        counts.append(f"{known} expected failure{'s' if known != 1 else ''} (the expectations file)")
    if not_run:
        counts.append(f"{not_run} test{'s' if not_run != 1 else ''} not run (unsupported or skipped)")
    if counts:
        lines += ["Also: " + "; ".join(counts) + ".", ""]
    lines += [f"Full report: {full_report} (every failure in full, why tests did not run, per-feature "
              "and per-section tables).", ""]
    return "\n".join(lines).rstrip() + "\n"
