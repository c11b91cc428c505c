"""Progress while the suite runs: a one-line bar on a terminal, plain lines in CI logs."""

from __future__ import annotations

import shutil
from typing import TextIO

from mtg_conformance.certify.outcomes import REGRESSIONS

MARK = {"pass": ".", "fail": "F", "error": "E", "unsupported": "u", "expected-failure": "x",
        "unexpectedly-passing": "X", "skipped": "s"}


class Progress:
    """Fed with the collector's events; draws on `stream`."""

    def __init__(self, stream: TextIO, tty: bool) -> None:
        self.stream, self.tty = stream, tty
        self.total: int | None = None
        self.done = 0
        self.counts: dict[str, int] = {}
        self._last_decile = -1

    def event(self, event: dict) -> None:
        kind = event.get("event")
        if kind == "collected":
            self.total = int(event["count"])
            if not self.tty:
                self._line(f"collected {self.total} tests")
        elif kind == "test":
            self.done += 1
            outcome = event["outcome"]
            self.counts[outcome] = self.counts.get(outcome, 0) + 1
            if self.tty:
                self._draw()
            else:
                if outcome in REGRESSIONS:
                    self._line(f"{outcome.upper()}: {self._name(event)}")
                self._plain_progress()

    @staticmethod
    def _name(event: dict) -> str:
        marker = event.get("marker") or {}
        return marker.get("id") or event.get("nodeid", "?")

    def _tally(self) -> str:
        return " ".join(f"{k} {v}" for k, v in sorted(self.counts.items()))

    def _plain_progress(self) -> None:
        if not self.total:
            return
        decile = self.done * 10 // self.total
        if decile != self._last_decile:
            self._last_decile = decile
            self._line(f"progress: {self.done}/{self.total} ({100 * self.done // self.total}%) {self._tally()}")

    def _draw(self) -> None:
        width = max(10, min(40, shutil.get_terminal_size((80, 20)).columns - 50))
        total = self.total or max(self.done, 1)
        filled = int(width * min(self.done, total) / total)
        bad = sum(self.counts.get(o, 0) for o in REGRESSIONS)
        self.stream.write(f"\r[{'#' * filled}{'-' * (width - filled)}] {self.done}/{total}"
                          f"  pass {self.counts.get('pass', 0)}  fail {bad}"
                          f"  unsupported {self.counts.get('unsupported', 0)} ")
        self.stream.flush()

    def finish(self) -> None:
        if self.tty and self.done:
            self.stream.write("\n")
            self.stream.flush()

    def _line(self, text: str) -> None:
        self.stream.write(text + "\n")
        self.stream.flush()
