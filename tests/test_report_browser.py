"""report.html in a real browser (headless Chromium): what it renders with JavaScript on and off.

With JavaScript on, `--dump-dom` gives the DOM after the inline script ran. With JavaScript off
(`--blink-settings=scriptEnabled=false`) `--dump-dom` prints nothing (it needs script), so that
run reads the DOM and the computed colors over the DevTools protocol (`--remote-debugging-pipe`).
Chromium is a CI requirement (.ci/run installs it): missing, the test fails when CI=true and
skips locally with the reason.
"""

from __future__ import annotations

import json
import os
import re
import select
import shutil
import subprocess
import time
from html.parser import HTMLParser

import pytest
from test_certify_support import certified  # noqa: F401 - fixture


def chromium() -> str:
    path = shutil.which("chromium") or ("/usr/bin/chromium" if os.path.exists("/usr/bin/chromium") else None)
    if path is None:
        message = "chromium is not installed (apt-get install -y chromium)"
        if os.environ.get("CI") == "true":
            pytest.fail(message)
        pytest.skip(message)
    return path


def _command(tmp_path, *flags: str) -> list[str]:
    profile = tmp_path / f"profile-{len(list(tmp_path.iterdir()))}"
    return [chromium(), "--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
            "--disable-component-update", "--disable-sync", "--no-first-run", f"--user-data-dir={profile}", *flags]


def dump_dom(url: str, tmp_path, *flags: str) -> str:
    proc = subprocess.run([*_command(tmp_path, *flags), "--dump-dom", url], capture_output=True, text=True, timeout=120)
    assert proc.returncode == 0, proc.stderr[-2000:]
    assert "<html" in proc.stdout, proc.stderr[-2000:]
    return proc.stdout


class DevTools:
    """A minimal DevTools-protocol client over --remote-debugging-pipe (fd 3 in, fd 4 out, NUL-separated JSON)."""

    def __init__(self, command: list[str]):
        to_browser_r, self._to_browser = os.pipe()
        self._from_browser, from_browser_w = os.pipe()

        def child() -> None:  # put the pipe ends where Chromium expects them: fds 3 and 4
            a, b = os.dup(to_browser_r), os.dup(from_browser_w)
            os.dup2(a, 3)
            os.dup2(b, 4)
            os.set_inheritable(3, True)
            os.set_inheritable(4, True)

        self.proc = subprocess.Popen([*command, "--remote-debugging-pipe", "about:blank"], preexec_fn=child,
                                     close_fds=False, stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL,
                                     stderr=subprocess.DEVNULL)
        os.close(to_browser_r)
        os.close(from_browser_w)
        self._buffer, self._id, self.session = b"", 0, None

    def _receive(self, wanted, timeout: float = 60.0) -> dict:
        deadline = time.monotonic() + timeout
        while True:
            while b"\0" in self._buffer:
                raw, self._buffer = self._buffer.split(b"\0", 1)
                message = json.loads(raw)
                if wanted(message):
                    return message
            if time.monotonic() > deadline:
                raise TimeoutError("no answer from Chromium")
            if select.select([self._from_browser], [], [], 1.0)[0]:
                chunk = os.read(self._from_browser, 1 << 16)
                if not chunk:
                    raise EOFError("Chromium closed the DevTools pipe")
                self._buffer += chunk

    def call(self, method: str, **params) -> dict:
        self._id += 1
        message = {"id": self._id, "method": method, "params": params}
        if self.session and not method.startswith("Target."):
            message["sessionId"] = self.session
        os.write(self._to_browser, json.dumps(message).encode() + b"\0")
        number = self._id
        answer = self._receive(lambda m: m.get("id") == number)
        assert "error" not in answer, answer
        return answer["result"]

    def open(self, url: str) -> int:
        """Load url in a new tab; return the document's root node id."""
        target = self.call("Target.createTarget", url="about:blank")["targetId"]
        self.session = self.call("Target.attachToTarget", targetId=target, flatten=True)["sessionId"]
        self.call("Page.enable")
        self.call("DOM.enable")
        self.call("CSS.enable")
        self.call("Page.navigate", url=url)
        self._receive(lambda m: m.get("method") == "Page.loadEventFired")
        return self.call("DOM.getDocument", depth=-1)["root"]["nodeId"]

    def background(self, root: int, selector: str) -> str:
        node = self.call("DOM.querySelector", nodeId=root, selector=selector)["nodeId"]
        assert node, f"nothing matches {selector}"
        styles = self.call("CSS.getComputedStyleForNode", nodeId=node)["computedStyle"]
        return next(s["value"] for s in styles if s["name"] == "background-color")

    def close(self) -> None:
        try:
            os.write(self._to_browser, json.dumps({"id": 0, "method": "Browser.close"}).encode() + b"\0")
        except OSError:
            pass
        try:
            self.proc.wait(timeout=10)
        except subprocess.TimeoutExpired:
            self.proc.kill()
            self.proc.wait()
        os.close(self._to_browser)
        os.close(self._from_browser)


class Dom(HTMLParser):
    """Entry rows (class, hidden or not), failure <details> texts, the <html> class."""

    def __init__(self):
        super().__init__()
        self.html_class = ""
        self.rows: dict[str, str] = {}
        self.failures: list[str] = []
        self._in_failure = 0
        self._text: list[str] = []

    def handle_starttag(self, tag, attrs):
        a = dict(attrs)
        if tag == "html":
            self.html_class = a.get("class") or ""
        if tag == "tr" and "data-entry" in a:
            self.rows[a["data-entry"]] = a.get("class") or ""
        if tag == "details" and "failure" in (a.get("class") or "").split():
            self._in_failure += 1
            self._text = []
        elif tag == "details" and self._in_failure:
            self._in_failure += 1

    def handle_endtag(self, tag):
        if tag == "details" and self._in_failure:
            self._in_failure -= 1
            if self._in_failure == 0:
                self.failures.append("".join(self._text))

    def handle_data(self, data):
        if self._in_failure:
            self._text.append(data)


def parse(dom: str) -> Dom:
    parser = Dom()
    parser.feed(dom)
    return parser


def test_report_renders_rows_colors_and_failure_details_with_javascript(certified, tmp_path):
    url = (certified["bad"].out / "report.html").as_uri()
    dom = parse(dump_dom(url, tmp_path))
    assert "js" in dom.html_class.split()  # the inline script ran
    assert dom.rows == {
        "kicker/optional-cost": "entry status-fail",
        "kicker/sticker": "entry status-unsupported",
        "kicker/one-spell": "entry status-fail",
    }
    assert len(dom.failures) == 3
    assert all("players.bob.life: expected 20, observed 17" in text for text in dom.failures)
    assert all("Failing scenario" in text and "life: 20" in text for text in dom.failures)


def test_filter_link_hides_rows_that_do_not_match(certified, tmp_path):
    url = (certified["bad"].out / "report.html").as_uri() + "#show=unsupported"
    dom = parse(dump_dom(url, tmp_path))
    hidden = {entry for entry, cls in dom.rows.items() if "hidden" in cls.split()}
    assert hidden == {"kicker/optional-cost", "kicker/one-spell"}


def test_report_is_a_plain_readable_colored_table_without_javascript(certified, tmp_path):
    url = (certified["bad"].out / "report.html").as_uri() + "#show=unsupported"
    browser = DevTools(_command(tmp_path, "--blink-settings=scriptEnabled=false"))
    try:
        root = browser.open(url)
        raw = browser.call("DOM.getOuterHTML", nodeId=root)["outerHTML"]
        fail_cell = browser.background(root, 'tr[data-entry="kicker/optional-cost"] td.status')
        fail_chip = browser.background(root, 'tr[data-entry="kicker/optional-cost"] td.status .chip')
        unsupported_chip = browser.background(root, 'tr[data-entry="kicker/sticker"] td.status .chip')
    finally:
        browser.close()
    dom = parse(raw)
    assert "js" not in dom.html_class.split()  # the script really did not run
    assert set(dom.rows) == {"kicker/optional-cost", "kicker/sticker", "kicker/one-spell"}
    assert not any("hidden" in cls.split() for cls in dom.rows.values())  # nothing filtered away
    assert len(dom.failures) == 3  # the details are in the page, one click away
    assert "Kicker is a &lt;static&gt; ability" in raw and not re.search(r"<static[\s>]", raw)
    assert (fail_cell, fail_chip, unsupported_chip) == ("rgb(255, 235, 238)", "rgb(198, 40, 40)", "rgb(117, 117, 117)")


class ItemParser(HTMLParser):
    """Each test item's class and whether its scenarios list is open."""

    def __init__(self):
        super().__init__()
        self.items: dict[str, str] = {}
        self.open_lists = 0

    def handle_starttag(self, tag, attrs):
        a = dict(attrs)
        if tag == "li" and "data-test" in a:
            self.items[a["data-test"]] = a.get("class") or ""
        if tag == "details" and "scenarios" in (a.get("class") or "").split() and "open" in a:
            self.open_lists += 1


def _mixed_report(tmp_path):
    """A report whose entries mix outcomes: the filter must work test by test, not entry by entry."""
    from test_certify_units import _doc, _test

    from mtg_conformance.certify import html

    tests = [_test("kicker/mixed::passes", "pass"), _test("kicker/mixed::fails", "fail"),
             _test("kicker/mixed::unsupported", "unsupported"), _test("kicker/green::passes", "pass"),
             _test("kicker/broken::errors", "error"), _test("kicker/known::xfails", "expected-failure")]
    doc = _doc(tests)
    doc["engine"].update(language=None, homepage=None)
    path = tmp_path / "report.html"
    path.write_text(html.render_report(doc), encoding="utf-8")
    return path


def test_failing_filter_shows_failures_only(tmp_path):
    url = _mixed_report(tmp_path).as_uri() + "#show=fail"
    dom = dump_dom(url, tmp_path)
    rows = parse(dom).rows
    items = ItemParser()
    items.feed(dom)
    shown = {test for test, cls in items.items.items() if "hidden" not in cls.split()}
    visible_rows = {entry for entry, cls in rows.items() if "hidden" not in cls.split()}
    assert visible_rows == {"kicker/mixed", "kicker/broken"}
    assert shown & {"kicker/mixed::fails", "kicker/broken::errors"} == {"kicker/mixed::fails", "kicker/broken::errors"}
    assert not shown - {"kicker/mixed::fails", "kicker/broken::errors", "kicker/green::passes", "kicker/known::xfails"}
    assert items.open_lists == 2  # the failing entries' scenario lists are opened


def test_without_a_filter_every_test_of_an_entry_is_listed(tmp_path):
    items = ItemParser()
    items.feed(dump_dom(_mixed_report(tmp_path).as_uri(), tmp_path))
    assert len(items.items) == 6 and not any("hidden" in cls.split() for cls in items.items.values())
    assert items.open_lists == 0
