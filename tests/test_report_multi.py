"""`mtg-conformance report`: several engines side by side, one self-contained page."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from html.parser import HTMLParser

import pytest
from test_certify_support import certified  # noqa: F401 - fixture


class Cells(HTMLParser):
    """Collects, per test row (data-test), the class of each engine cell (data-engine)."""

    def __init__(self):
        super().__init__()
        self.rows: dict[str, dict[str, str]] = {}
        self.row: str | None = None
        self.external: list[str] = []

    def handle_starttag(self, tag, attrs):
        a = dict(attrs)
        if tag == "tr" and "data-test" in a:
            self.row = a["data-test"]
            self.rows[self.row] = {}
        elif tag == "td" and "data-engine" in a and self.row:
            self.rows[self.row][a["data-engine"]] = a.get("class", "")
        if tag in ("script", "link", "img") and (a.get("src") or a.get("href")):
            self.external.append(f"{tag} {a.get('src') or a.get('href')}")


def _report(*args, cwd, **kwargs):
    return subprocess.run([sys.executable, "-m", "mtg_conformance", "report", *args], cwd=cwd,
                          capture_output=True, text=True, timeout=120, **kwargs)


def test_report_puts_engines_in_columns_and_tests_in_rows(certified, tmp_path):
    good, bad = certified["good"].out / "results.json", certified["bad"].out / "results.json"
    out = tmp_path / "side-by-side.html"
    proc = _report(str(good), str(bad), "--out", str(out), cwd=tmp_path)
    assert proc.returncode == 0, proc.stderr
    page = out.read_text()
    parser = Cells()
    parser.feed(page)
    assert parser.external == []  # self-contained: no external scripts, styles or images
    assert parser.rows["kicker/optional-cost::copy-too"] == {"fake-20 1.0": "cell-pass", "fake-17 1.0": "cell-fail"}
    assert parser.rows["kicker/sticker::needs-stickers"] == {"fake-20 1.0": "cell-unsupported",
                                                             "fake-17 1.0": "cell-unsupported"}
    assert len(parser.rows) == 4
    assert "Kicker is a &lt;static&gt; ability &amp; &#34;optional additional cost&#34;" in page
    assert "<static>" not in page
    assert page.index("<h2>702.33</h2>") < page.index("<h2>Rulings: Kicker (fake)</h2>")


def test_report_marks_tests_missing_from_a_run_and_different_suites(certified, tmp_path):
    older = json.loads((certified["good"].out / "results.json").read_text())
    older["tests"] = [t for t in older["tests"] if t["id"] != "kicker/one-spell::one"]
    older["suite"]["version"] = "f" * 16
    (tmp_path / "older.json").write_text(json.dumps(older))
    proc = _report("older.json", str(certified["good"].out / "results.json"), "--out", "r.html", cwd=tmp_path)
    assert proc.returncode == 0, proc.stderr
    parser = Cells()
    page = (tmp_path / "r.html").read_text()
    parser.feed(page)
    assert parser.rows["kicker/one-spell::one"] == {"fake-20 1.0": "cell-missing", "fake-20 1.0 #2": "cell-pass"}
    assert "different suite versions" in page


def test_report_rejects_an_invalid_results_file_without_writing(tmp_path):
    (tmp_path / "bad.json").write_text('{"format": "mtg-conformance-results", "format_version": 2}')
    proc = _report("bad.json", "--out", "r.html", cwd=tmp_path)
    assert proc.returncode == 2
    assert "bad.json" in proc.stderr and "Traceback" not in proc.stderr
    assert not (tmp_path / "r.html").exists()


def test_report_without_out_writes_beside_the_first_results_file_not_the_current_folder(certified, tmp_path):
    import shutil

    first = tmp_path / "runs" / "good"
    first.mkdir(parents=True)
    shutil.copy(certified["good"].out / "results.json", first / "results.json")
    work = tmp_path / "work"
    work.mkdir()
    proc = _report(str(first / "results.json"), str(certified["bad"].out / "results.json"), cwd=work)
    assert proc.returncode == 0, proc.stderr
    assert (first / "comparison.html").is_file() and not any(work.iterdir())
    assert str(first / "comparison.html") in proc.stdout


@pytest.mark.skipif(os.name != "posix", reason="POSIX mode bits")
@pytest.mark.parametrize("umask, mode", [(0o022, 0o644), (0o027, 0o640)], ids=["umask-022", "umask-027"])
def test_report_page_has_the_mode_the_umask_gives(certified, tmp_path, umask, mode):
    """Not mkstemp's 0600: the page is written to be shared. Replacing a page keeps that true."""
    good, bad = certified["good"].out / "results.json", certified["bad"].out / "results.json"
    out = tmp_path / "page.html"
    for _ in range(2):
        proc = _report(str(good), str(bad), "--out", str(out), cwd=tmp_path, umask=umask)
        assert proc.returncode == 0, proc.stderr
        assert out.stat().st_mode & 0o777 == mode
    assert [p.name for p in tmp_path.iterdir()] == ["page.html"]  # no temporary file left
