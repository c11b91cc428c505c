"""History (issue #32, item 9): `mtg-conformance report --trend` over one engine's results.json
files (its releases) writes a trend page: passes per feature over the versions and the tests that
flipped between consecutive versions, pass -> fail first. Synthetic results files, schema-valid."""

from __future__ import annotations

import json
import subprocess
import sys
from html.parser import HTMLParser

from test_certify_units import _doc, _test

from mtg_conformance.certify import profiles, results, trend

# version -> {test id: (outcome, features)}
RELEASES = {
    "1.9": {"a::1": ("pass", ["kicker"]), "a::2": ("fail", ["kicker"]), "b::1": ("pass", ["combat"]),
            "c::1": ("unsupported", ["combat"])},
    "1.10": {"a::1": ("fail", ["kicker"]), "a::2": ("pass", ["kicker"]), "b::1": ("pass", ["combat"]),
             "c::1": ("pass", ["combat"])},
    "2.0": {"a::1": ("fail", ["kicker"]), "a::2": ("pass", ["kicker"]), "b::1": ("error", ["combat"]),
            "d::1": ("pass", [])},
}


def _release(version: str) -> dict:
    tests = []
    for test_id, (outcome, features) in RELEASES[version].items():
        test = _test(test_id, outcome)
        test["features"] = features
        if outcome != "pass":
            test["message"] = f"{test_id} (rule 702.33d): step 0: players.bob.life: expected 20, observed {version}"
        tests.append(test)
    doc = _doc(tests)
    doc["engine"].update(version=version, language="rust", homepage=None)
    profiles.attach(doc)
    results.validate(doc)
    return doc


def _write(tmp_path) -> list[str]:
    names = []
    for version in ("2.0", "1.9", "1.10"):  # not in release order
        path = tmp_path / f"results-{version}.json"
        path.write_text(results.dumps(_release(version)), encoding="utf-8")
        names.append(path.name)
    return names


def _report(*args, cwd):
    return subprocess.run([sys.executable, "-m", "mtg_conformance", "report", *args], cwd=cwd,
                          capture_output=True, text=True, timeout=120)


def test_versions_sort_as_releases_not_as_text():
    docs = [_release(v) for v in ("2.0", "1.9", "1.10")]
    ordered, names = trend.ordered(docs, ["x", "y", "z"], by_version=True)
    assert [d["engine"]["version"] for d in ordered] == ["1.9", "1.10", "2.0"] and names == ["y", "z", "x"]
    assert trend.ordered(docs, ["x", "y", "z"], by_version=False)[1] == ["x", "y", "z"]
    pep440 = ["1.10", "1.10rc1", "v1.9"]  # a release candidate before its release
    assert sorted(pep440, key=trend.version_key(pep440)) == ["v1.9", "1.10rc1", "1.10"]
    other = ["build-10", "build-9", "build-9a"]  # not PEP 440: natural order
    assert sorted(other, key=trend.version_key(other)) == ["build-9", "build-9a", "build-10"]


def test_trend_markdown_names_pass_to_fail_first_and_counts_passes_per_feature(tmp_path):
    names = _write(tmp_path)
    proc = _report("--trend", "--sort-by-version", *names, "--out", "trend.md", cwd=tmp_path)
    assert proc.returncode == 0, proc.stderr
    assert "trend of 3 runs: 1.9 -> 1.10 -> 2.0" in proc.stdout
    text = (tmp_path / "trend.md").read_text()
    first, second = text.index("### 1.9 → 1.10"), text.index("### 1.10 → 2.0")
    step = text[first:second]
    assert step.index("#### Pass → fail (1)") < step.index("#### Fail → pass (2)")
    assert "- `a::1` (rule 702.33d): pass → fail: step 0: players.bob.life: expected 20, observed 1.10" in step
    assert "- `a::2` (rule 702.33d): fail → pass" in step and "- `c::1` (rule 702.33d): unsupported → pass" in step
    later = text[second:text.index("## Passes per feature")]
    assert "1 pass → fail, 0 fail → pass, 0 other outcome changes, 1 new tests, 1 removed tests." in later
    assert "- `b::1` (rule 702.33d): pass → error" in later
    assert "- `d::1` (rule 702.33d): pass" in later and "- `c::1` (rule 702.33d): pass → removed" in later
    assert "| combat | 1/2 | 2/2 (+1) | 0/1 (-2) |" in text and "| kicker | 1/2 | 1/2 | 1/2 |" in text
    assert "| (no feature tag) | — | — | 1/1 |" in text
    assert "| `kicker` | fail | fail | fail |" in text and "| `combat` | fail | pass | fail |" in text


class _Page(HTMLParser):
    def __init__(self):
        super().__init__()
        self.order: list[tuple[str, str]] = []  # (kind, test id) in page order
        self.kind = None
        self.features: dict[str, list[str]] = {}
        self.row = None
        self.cell = None

    def handle_starttag(self, tag, attrs):
        a = dict(attrs)
        if tag == "ul" and "data-kind" in a:
            self.kind = a["data-kind"]
        elif tag == "li" and "data-test" in a:
            self.order.append((self.kind, a["data-test"]))
        elif tag == "tr" and "data-feature" in a:
            self.row = self.features.setdefault(a["data-feature"], [])
        elif tag == "td" and self.row is not None and "num" in a.get("class", ""):
            self.row.append("")
            self.cell = True
        if tag in ("script", "link", "img") and (a.get("src") or a.get("href")):
            raise AssertionError("the trend page loads something from outside")

    def handle_endtag(self, tag):
        if tag == "td":
            self.cell = None
        elif tag == "tr":
            self.row = None

    def handle_data(self, data):
        if self.cell and self.row is not None:
            self.row[-1] += data


def test_trend_html_page_in_the_order_given_lands_beside_the_first_file(tmp_path):
    names = _write(tmp_path)
    order = ["results-1.9.json", "results-1.10.json", "results-2.0.json"]
    proc = _report("--trend", *order, cwd=tmp_path)
    assert proc.returncode == 0, proc.stderr
    page = _Page()
    page.feed((tmp_path / "trend.html").read_text())
    assert page.order[:3] == [("newly_failing", "a::1"), ("newly_passing", "a::2"), ("newly_passing", "c::1")]
    assert page.order[3][0] == "newly_failing" and page.order[3][1] == "b::1"
    assert page.features["combat"] == ["1/2", "2/2 (+1)", "0/1 (-2)"]
    given = _report("--trend", *names, "--out", "as-given.md", cwd=tmp_path)  # 2.0, 1.9, 1.10 as given
    assert "trend of 3 runs: 2.0 -> 1.9 -> 1.10" in given.stdout
    assert (tmp_path / "as-given.md").read_text().index("### 2.0 → 1.9") > 0


def test_trend_usage_errors_exit_2(tmp_path):
    names = _write(tmp_path)
    assert _report("--sort-by-version", *names, cwd=tmp_path).returncode == 2
    (tmp_path / "broken.json").write_text(json.dumps({"format": "x"}))
    broken = _report("--trend", names[0], "broken.json", cwd=tmp_path)
    assert broken.returncode == 2 and "broken.json: field" in broken.stderr and "Traceback" not in broken.stderr
