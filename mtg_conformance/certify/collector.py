"""pytest plugin (`-p mtg_conformance.certify.collector`): streams one JSON line per finished test.

`mtg-conformance certify` reads the stream while pytest runs (progress bar) and afterwards
(results.json). Only the controlling process writes: under pytest-xdist the workers' reports
are forwarded to the controller, carrying the `conformance` marker of their test (attached to
each report here, since the controller never sees the items).
"""

from __future__ import annotations

import json

import pytest

from mtg_conformance.certify.outcomes import classify, combine

MARKER_ATTR = "conformance_marker"


def pytest_addoption(parser: pytest.Parser) -> None:
    group = parser.getgroup("mtg-conformance certification")
    group.addoption("--certify-events", metavar="FILE", default=None,
                    help="write one JSON line per finished test to FILE (used by `mtg-conformance certify`)")
    group.addoption("--certify-select", metavar="FILE", default=None,
                    help="run only the tests FILE selects: JSON with \"profile\": NAME and/or \"ids\": [stable "
                         "test ids] or \"shard\": [K, N] (used by certify --profile, --rerun-failed and --shard)")


def pytest_configure(config: pytest.Config) -> None:
    config.addinivalue_line("markers", "conformance(**fields): a generated conformance test and its spec entry")
    path = config.getoption("--certify-events")
    if path and not hasattr(config, "workerinput"):
        config.pluginmanager.register(_EventWriter(path), "mtg-certify-events")


def _plain(value):
    """The marker's fields as plain JSON data (they are literals written by the generator)."""
    return json.loads(json.dumps(value, default=str))


def test_id(item: pytest.Item) -> str:
    """The stable test id of an item (its `conformance` marker's id), else its node id."""
    marker = item.get_closest_marker("conformance")
    return str(marker.kwargs.get("id") or item.nodeid) if marker else item.nodeid


def _marker_fields(item: pytest.Item) -> dict:
    """What a profile looks at: the test's feature tags and spec file, from its marker."""
    marker = item.get_closest_marker("conformance")
    fields = dict(marker.kwargs) if marker else {}
    return {"features": list(fields.get("features") or []), "source": fields.get("source")}


def shard_of(keys: list[tuple[str, str]], k: int, n: int) -> set[tuple[str, str]]:
    """Shard K of N: every Nth of the (stable id, node id) pairs in sorted order, starting at the
    Kth. Deterministic for a given suite, balanced to within one test, and the shards partition it."""
    return {key for index, key in enumerate(sorted(keys)) if index % n == k - 1}


@pytest.hookimpl(trylast=True)
def pytest_collection_modifyitems(session: pytest.Session, config: pytest.Config, items: list[pytest.Item]) -> None:
    """--certify-select: deselect the rest, after the plugin applied and checked the expectations
    file against the whole suite (so an entry for an unselected test is not "unmatched")."""
    path = config.getoption("--certify-select")
    if not path:
        return
    with open(path, encoding="utf-8") as fh:
        selection = json.load(fh)
    keep = list(items)
    if "profile" in selection:  # first: a shard of a profile is one in N of the profile's tests
        from mtg_conformance.certify.profiles import get

        profile = get(selection["profile"])
        keep = [item for item in keep if profile.counts(_marker_fields(item))]
    keys = {item: (test_id(item), item.nodeid) for item in keep}
    if "shard" in selection:
        k, n = selection["shard"]
        wanted = shard_of(list(keys.values()), k, n)
        keep = [item for item in keep if keys[item] in wanted]
    elif "ids" in selection:
        ids = set(selection["ids"])
        keep = [item for item in keep if keys[item][0] in ids]
    kept = set(keep)
    dropped = [item for item in items if item not in kept]
    if dropped:
        config.hook.pytest_deselected(items=dropped)
    items[:] = keep


@pytest.hookimpl(wrapper=True)
def pytest_runtest_makereport(item: pytest.Item, call: pytest.CallInfo):
    report = yield
    marker = item.get_closest_marker("conformance")
    setattr(report, MARKER_ATTR, _plain(dict(marker.kwargs)) if marker else None)
    return report


class _EventWriter:
    """Aggregates the phase reports of each test and appends one event line when it finishes."""

    def __init__(self, path: str) -> None:
        self._file = open(path, "w", encoding="utf-8")
        self._pending: dict[str, dict] = {}
        self._announced = False

    def _emit(self, event: dict) -> None:
        self._file.write(json.dumps(event, sort_keys=True) + "\n")
        self._file.flush()

    def _announce(self, count: int) -> None:
        if not self._announced:
            self._announced = True
            self._emit({"event": "collected", "count": count})

    def pytest_collection_finish(self, session: pytest.Session) -> None:
        self._announce(len(session.items))

    @pytest.hookimpl(optionalhook=True)
    def pytest_xdist_node_collection_finished(self, node, ids) -> None:
        self._announce(len(ids))

    def pytest_runtest_logreport(self, report: pytest.TestReport) -> None:
        state = self._pending.setdefault(report.nodeid, {"decisions": [], "duration": 0.0,
                                                         "marker": None, "properties": []})
        state["duration"] += float(report.duration or 0.0)
        marker = getattr(report, MARKER_ATTR, None)
        if marker is not None:
            state["marker"] = marker
        if report.user_properties:
            state["properties"] = [[str(k), _plain(v)] for k, v in report.user_properties]
        decision = classify(report.when, report)
        if decision is not None:
            state["decisions"].append(decision)
        if report.when == "teardown":
            del self._pending[report.nodeid]
            outcome, message = combine(state["decisions"])
            self._emit({"event": "test", "nodeid": report.nodeid, "outcome": outcome,
                        "message": message, "duration": round(state["duration"], 6),
                        "marker": state["marker"], "properties": state["properties"]})

    def pytest_sessionfinish(self, session: pytest.Session, exitstatus) -> None:
        for nodeid, state in sorted(self._pending.items()):  # a crashed worker leaves tests unfinished
            outcome, message = (combine(state["decisions"]) if state["decisions"]
                                else ("error", "the test did not finish"))
            self._emit({"event": "test", "nodeid": nodeid, "outcome": outcome, "message": message,
                        "duration": round(state["duration"], 6), "marker": state["marker"],
                        "properties": state["properties"]})
        self._pending.clear()
        self._emit({"event": "finished", "exitstatus": int(exitstatus)})
        self._file.close()
