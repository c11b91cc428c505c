"""pytest plugin (entry point `pytest11`): runs the generated suite against the chosen engine.

- options `--engine SPEC` (default `reference`), `--engine-timeout SECONDS`, `--expectations FILE`;
- the session-scoped `conformance` fixture: `conformance.run_scenario(setup, steps, params=None)`;
- reads each test's `conformance` marker: skips tests needing a feature the engine does not
  declare (reason `unsupported feature: <tag>`), adds `-m` markers per feature
  (`sticker_kicker`) and rule (`rule_702_33d`), applies the expectations file (strict xfail);
- records per-test metadata in `user_properties` (JUnit XML, certification);
- with an explicit `--engine`, registers the Hypothesis profiles "ci" and "dev" and loads the
  one HYPOTHESIS_PROFILE names for the run (restored when the run ends).

Inert elsewhere: this module is loaded in every pytest run of any environment where the package
is installed, so at load it imports only pytest and two constant modules, and it changes nothing
in Hypothesis unless `--engine` is given (the generated property tests carry the conformance
profile themselves: `hypothesis_profiles.conformance_settings`). The harness and the engine are
imported, resolved and started only when the run collects a conformance test (one with the
`conformance` marker or fixture) or a test first uses the fixture.
"""

from __future__ import annotations

import os
import signal
import threading
import time
from typing import TYPE_CHECKING

import pytest

from mtg_adapter import hypothesis_profiles
from mtg_adapter.defaults import DEFAULT_ENGINE, DEFAULT_MAX_ANSWER_BYTES, DEFAULT_TIMEOUT, timeout_seconds
from mtg_adapter.features import FEATURES as ALL_FEATURES

if TYPE_CHECKING:
    from mtg_adapter.harness import Harness

# Skip reasons that mean "unsupported" (certification counts both as unsupported, never as pass):
UNSUPPORTED_FEATURE = "unsupported feature: "      # a feature tag the engine does not declare
UNSUPPORTED_BY_ENGINE = "unsupported by the engine: "  # the engine answered `unsupported: ...`

FEATURES = ALL_FEATURES

_STATE = pytest.StashKey["_State"]()
_PROFILE_BEFORE = pytest.StashKey["tuple"]()  # Hypothesis's profile before an --engine run loaded ours


def feature_marker(tag: str) -> str:
    """The `-m` name of a feature tag: hyphens become underscores."""
    return tag.replace("-", "_")


def rule_marker(rule: str) -> str:
    """The `-m` name of a rule: `702.33d` -> `rule_702_33d`."""
    return "rule_" + rule.replace(".", "_").lower()


class _State:
    def __init__(self, config: pytest.Config):
        from mtg_adapter.harness import Harness

        self.config = config
        timeout = config.getoption("engine_timeout")
        self.harness = Harness(engine_spec(config), timeout=timeout,
                               max_answer_bytes=config.getoption("engine_max_answer_bytes"))
        self.expectations = None
        self.current_item: pytest.Item | None = None
        self.hello_failure: str | None = None
        self.markers: set[str] = set()
        self.restored_signals: list[int] = []  # signals set to stop cleanly, reset at the end
        self.stopping = False  # SIGTERM/SIGHUP came: the run is stopping within its deadline


def _state(config: pytest.Config) -> _State:
    """The run's conformance state, made (and the harness imported) on first need."""
    state = config.stash.get(_STATE, None)
    if state is None:
        state = config.stash[_STATE] = _State(config)
    return state


def engine_spec(config: pytest.Config) -> str:
    """The `--engine` spec of the run (the default when none was given)."""
    return config.getoption("engine") or DEFAULT_ENGINE


def pytest_addoption(parser: pytest.Parser) -> None:
    group = parser.getgroup("mtg-conformance", "MTG rules engine conformance")
    group.addoption(
        "--engine", default=None, metavar="SPEC",
        help=f"engine under test: a registered name (default: {DEFAULT_ENGINE}), python:MODULE:FACTORY, "
             "or cmd:COMMAND LINE (protocol 1 over stdin/stdout)",
    )
    group.addoption(
        "--engine-timeout", type=timeout_seconds, default=DEFAULT_TIMEOUT, metavar="SECONDS",
        help=f"seconds an out-of-process engine may take per case (default {DEFAULT_TIMEOUT:g})",
    )
    group.addoption(
        "--engine-max-answer-bytes", type=int, default=DEFAULT_MAX_ANSWER_BYTES, metavar="BYTES",
        help=f"longest answer line an out-of-process engine may write (default {DEFAULT_MAX_ANSWER_BYTES})",
    )
    group.addoption(
        "--expectations", default=None, metavar="FILE",
        help="YAML file of known failures/skips (strict xfail); see ADAPTERS.md",
    )


@pytest.hookimpl(tryfirst=True)  # before Hypothesis's plugin loads an explicit --hypothesis-profile
def pytest_configure(config: pytest.Config) -> None:
    config.addinivalue_line(
        "markers",
        "conformance(id, entry, kind, rule, cites, features, rules_version, source): "
        "a generated conformance test; `id` is the stable test id (entry::scenario)",
    )
    for tag in FEATURES:
        config.addinivalue_line("markers", f"{feature_marker(tag)}: conformance tests of feature {tag}")
    explicit = config.getoption("hypothesis_profile", None) if _has_option(config, "hypothesis_profile") else None
    hypothesis_profiles.set_explicit_profile(explicit)
    if explicit:
        hypothesis_profiles.register_missing(explicit)
    if config.getoption("engine") is not None:
        # A conformance run by the user's own choice: the suite's profile applies to the whole run
        # (property tests written by hand with the fixture too), as chosen by HYPOTHESIS_PROFILE.
        before = _profiles_now()
        try:
            hypothesis_profiles.load_profile(explicit)
        except ValueError as exc:
            _restore_profiles(before)
            raise pytest.UsageError(str(exc)) from None
        config.stash[_PROFILE_BEFORE] = before
    if (config.getoption("engine") is not None and not hasattr(config, "workerinput")
            and config.getoption("numprocesses", None)):
        # the pytest-xdist controller collects nothing, so the collection hook below never sees a
        # conformance test there: SIGTERM/SIGHUP must still end the run like Ctrl-C, which shuts
        # the workers (and so their engines) down at once instead of leaving them running
        _stop_cleanly_on_sigterm(_state(config), interrupt_workers=True)
    path = config.getoption("expectations")
    if path:
        from mtg_adapter.expectations import ExpectationError, load_expectations

        try:
            expectations = load_expectations(path, known_features=FEATURES)
        except ExpectationError as exc:
            raise pytest.UsageError(str(exc)) from None
        _state(config).expectations = expectations


def _profiles_now() -> tuple[str, dict]:
    """Hypothesis's current profile name and the profiles of ours' names registered so far."""
    from hypothesis import settings
    from hypothesis.errors import InvalidArgument

    registered = {}
    for name in hypothesis_profiles.PROFILES:
        try:
            registered[name] = settings.get_profile(name)
        except InvalidArgument:
            pass
    return settings.get_current_profile_name(), registered


def _restore_profiles(before: tuple[str, dict]) -> None:
    """Put back the profiles ours replaced and reload the profile current before the run."""
    from hypothesis import settings

    current, replaced = before
    for name, profile in replaced.items():
        settings.register_profile(name, profile)
    settings.load_profile(current)


def pytest_unconfigure(config: pytest.Config) -> None:
    hypothesis_profiles.set_explicit_profile(None)
    before = config.stash.get(_PROFILE_BEFORE, None)
    if before is not None:
        del config.stash[_PROFILE_BEFORE]
        _restore_profiles(before)


def _has_option(config: pytest.Config, name: str) -> bool:
    try:
        config.getoption(name)
    except ValueError:
        return False
    return True


def _meta(item: pytest.Item) -> dict | None:
    marker = item.get_closest_marker("conformance")
    if marker is None:
        return None
    meta = dict(marker.kwargs)
    meta.setdefault("id", item.nodeid)
    meta["features"] = list(meta.get("features") or [])
    return meta


def _register_marker(config: pytest.Config, name: str, text: str) -> None:
    """Register a marker once, so `-m` works and `--strict-markers` stays quiet."""
    state: _State = config.stash[_STATE]
    if name in state.markers:
        return
    known = {line.split(":")[0].split("(")[0].strip() for line in config.getini("markers")}
    state.markers |= known
    if name not in known:
        config.addinivalue_line("markers", f"{name}: {text}")
        state.markers.add(name)


def _record_metadata(item: pytest.Item, meta: dict) -> None:
    """Per-test metadata for JUnit XML and certification, recorded even for skipped tests."""
    for key in ("id", "entry", "kind", "rule", "rules_version", "source"):
        item.user_properties.append((f"conformance.{key}", "" if meta.get(key) is None else str(meta[key])))
    item.user_properties.append(("conformance.features", ",".join(meta["features"])))
    item.user_properties.append(("conformance.cites", ",".join(map(str, meta.get("cites") or []))))


def _uses_fixture(item: pytest.Item) -> bool:
    return "conformance" in getattr(item, "fixturenames", ())


@pytest.hookimpl(tryfirst=True)
def pytest_collection_modifyitems(session: pytest.Session, config: pytest.Config, items: list[pytest.Item]) -> None:
    """Add feature/rule markers and apply expectations before `-m`/`-k` deselect anything."""
    metas = []
    users = False
    for item in items:
        users = users or _uses_fixture(item)
        meta = _meta(item)
        if meta is not None:
            metas.append((item, meta))
    if not (metas or users or _STATE in config.stash):
        return  # no conformance test: nothing to do, nothing imported
    state = _state(config)
    for item, meta in metas:
        _record_metadata(item, meta)
        item.repr_failure = _message_only(item, item.repr_failure)
        for tag in meta["features"]:
            name = feature_marker(tag)
            _register_marker(config, name, f"conformance tests of feature {tag}")
            item.add_marker(name)
        if meta.get("rule"):
            name = rule_marker(str(meta["rule"]))
            _register_marker(config, name, f"conformance tests of rule {meta['rule']}")
            item.add_marker(name)
    if metas or users:
        from mtg_adapter.harness import EngineBroken

        try:
            state.harness.engine  # noqa: B018 - resolve now: a bad --engine is a usage error, not N failures
        except EngineBroken as exc:
            raise pytest.UsageError(f"--engine {engine_spec(config)}: {exc}") from None
        _stop_cleanly_on_sigterm(state)
    if state.expectations is None:
        return
    for item, meta in metas:
        entry = state.expectations.match(meta["id"], meta["features"])
        if entry is None:
            continue
        reason = f"expected {entry.status}: {entry.issue}" + (f" ({entry.note})" if entry.note else "")
        if entry.status == "fail":
            item.add_marker(pytest.mark.xfail(strict=True, reason=reason))
        else:
            item.add_marker(pytest.mark.skip(reason=reason))
    unmatched = state.expectations.unmatched([meta["id"] for _, meta in metas])
    if unmatched:
        raise pytest.UsageError("\n".join(e.describe_unmatched() for e in unmatched))


@pytest.hookimpl(trylast=True)
def pytest_runtest_setup(item: pytest.Item) -> None:
    """After skip/xfail markers (an expectations `skip` wins): record metadata, check features."""
    meta = _meta(item)
    if meta is None and _STATE not in item.config.stash:
        return  # not a conformance test, and no test used the fixture yet
    import json

    from mtg_adapter.harness import EngineBroken

    state = _state(item.config)
    state.current_item = item
    state.hello_failure = None
    if meta is None:
        return
    try:
        hello = state.harness.hello()
    except EngineBroken as exc:
        # Reported by the test itself (as a failure) when it calls run_scenario.
        state.hello_failure = str(exc)
        return
    item.user_properties.append(("conformance.engine", json.dumps(state.harness.hello_record(), sort_keys=True)))
    declared = set(hello.get("features", []))
    for tag in meta["features"]:
        if tag not in declared:
            pytest.skip(f"{UNSUPPORTED_FEATURE}{tag}")


class ConformanceFailure(AssertionError):
    """A scenario the engine got wrong; its message is the whole report (no traceback)."""


def _head(item: pytest.Item) -> str:
    meta = _meta(item)
    if meta is None:
        return item.nodeid
    from mtg_adapter.replay_hint import headline

    return headline(str(meta["id"]), meta.get("rule"), meta.get("cites"))


def _conformance_text(item: pytest.Item, error: BaseException) -> str | None:
    """The report of a conformance failure or an EngineBroken: its message, which starts with the
    test id and the rule (None for any other error, reported by pytest as usual)."""
    from mtg_adapter.harness import EngineBroken

    if isinstance(error, EngineBroken):
        return f"{_head(item)}: engine failure (the adapter is broken): {error}"
    if isinstance(error, ConformanceFailure):
        return str(error)
    if isinstance(error, BaseExceptionGroup):  # Hypothesis found several distinct failures
        failures = [e for e in error.exceptions if isinstance(e, ConformanceFailure)]
        if failures and len(failures) == len(error.exceptions):
            return "\n\n".join(map(str, failures))
    return None


def _message_only(item: pytest.Item, default):
    """`item.repr_failure` that skips pytest's traceback formatting for a conformance failure:
    that formatting parses the whole generated module for every failure (~0.15 s each), which
    made a run with a few hundred failures several times slower than one without; the report
    was replaced by the message anyway."""
    def repr_failure(excinfo, style=None):
        text = _conformance_text(item, excinfo.value) if _STATE in item.config.stash else None
        if text is not None:
            return text
        return default(excinfo) if style is None else default(excinfo, style)
    return repr_failure


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_makereport(item: pytest.Item, call):
    """Show a conformance failure or an EngineBroken as its message, not as a traceback through
    the harness: the message (and so JUnit's `message`) starts with the test id and the rule."""
    outcome = yield
    report = outcome.get_result()
    # An expected failure (xfail) is reported the same way, so its message is as stable and as
    # readable as any failure's (no traceback, no Hypothesis notes).
    if call.excinfo is None or not (report.failed or hasattr(report, "wasxfail")):
        return
    if _STATE not in item.config.stash:
        return  # no conformance test ran: nothing of ours to report
    text = _conformance_text(item, call.excinfo.value)
    if text is not None:
        report.longrepr = text


def _stop_cleanly_on_sigterm(state: _State, interrupt_workers: bool = False) -> None:
    """SIGTERM (what CI timeouts send) and SIGHUP (a closed terminal) end the run like Ctrl-C,
    so the engine is stopped too, and within a bounded time (`_stop_within_deadline`).

    In the pytest-xdist controller (`interrupt_workers`) the signal is also passed on to the
    workers as SIGINT, as Ctrl-C in a terminal reaches the whole process group: otherwise a
    worker waiting on an engine only stops when execnet's shutdown gives up on it (5 s, then
    SIGINT; slower still on a loaded machine). Only for signals nobody handles yet, and only in
    the main thread.
    """
    if threading.current_thread() is not threading.main_thread():
        return

    def interrupt(signum, frame):
        from mtg_adapter import processes

        if state.stopping:  # told twice: stop now, as a second Ctrl-C would
            _stop_now(state.config, signum)
        state.stopping = True
        _stop_within_deadline(state.config, signum)
        if interrupt_workers:
            for worker in processes.children():
                try:
                    os.kill(worker, signal.SIGINT)
                except OSError:
                    pass  # it ended meanwhile
        raise KeyboardInterrupt(f"signal {signal.Signals(signum).name}")

    for name in ("SIGTERM", "SIGHUP"):
        sig = getattr(signal, name, None)
        if sig is not None and signal.getsignal(sig) == signal.SIG_DFL:
            signal.signal(sig, interrupt)
            state.restored_signals.append(sig)


SIGNAL_GRACE = 5.0  # seconds an interrupted run has to end before its child processes are killed
SIGNAL_DEADLINE = 10.0  # seconds before it exits without finishing its report


def _stop_within_deadline(config: pytest.Config, signum: int) -> None:
    """Bound the shutdown a signal starts: the KeyboardInterrupt it raises lands wherever the
    main thread is, which can leave a lock of pytest-xdist or execnet held (the shutdown then
    waits forever), and xdist alone may take 20 s to give up on workers that don't answer.
    A watchdog thread kills the children that outlive `SIGNAL_GRACE` (workers, engines; their
    engines die with them) and ends the process at `SIGNAL_DEADLINE`, saying why on stderr."""

    def watch() -> None:
        time.sleep(SIGNAL_GRACE)
        from mtg_adapter import processes

        processes.kill_children()
        time.sleep(SIGNAL_DEADLINE - SIGNAL_GRACE)
        _stop_now(config, signum)

    threading.Thread(target=watch, name="mtg-conformance-stop-deadline", daemon=True).start()


def _stop_now(config: pytest.Config, signum: int) -> None:
    from mtg_adapter import processes

    processes.kill_children()
    capture = config.pluginmanager.getplugin("capturemanager")
    if capture is not None:  # the message is for the terminal, not for a test's captured output
        try:
            capture.suspend_global_capture(in_=False)
        except Exception:  # noqa: BLE001 - best effort: the process ends next either way
            pass
    name = signal.Signals(signum).name
    os.write(2, f"\nmtg-conformance: the run did not end after {name}; stopped without its report\n".encode())
    os._exit(128 + signum)


def pytest_sessionfinish(session: pytest.Session) -> None:
    state = session.config.stash.get(_STATE, None)
    if state is not None:
        state.harness.close()
        for sig in state.restored_signals:
            signal.signal(sig, signal.SIG_DFL)
        state.restored_signals.clear()


class Conformance:
    """What the `conformance` fixture gives a test."""

    def __init__(self, state: _State):
        self._state = state

    def __repr__(self) -> str:  # stable in Hypothesis' falsifying-example reports
        return "<conformance fixture>"

    @property
    def harness(self) -> Harness:
        return self._state.harness

    def hello(self) -> dict:
        return self._state.harness.hello()

    def run_scenario(self, setup: dict, steps: list[dict], params: dict | None = None) -> None:
        """Run one scenario against the engine; fail the test with a readable diff if it differs."""
        from mtg_adapter.harness import EngineBroken, ScenarioError
        from mtg_adapter.judge import first_difference, unsupported_reason
        from mtg_adapter.replay_hint import headline, replay_command

        state = self._state
        item = state.current_item
        meta = _meta(item) if item is not None else None
        case_id = meta["id"] if meta else (item.nodeid if item is not None else "case")
        if state.hello_failure is not None:
            failure, state.hello_failure = state.hello_failure, None
            raise EngineBroken(failure)
        try:
            verdicts, message = state.harness.run_scenario(case_id, setup, steps, params)
        except ScenarioError as exc:
            pytest.fail(str(exc), pytrace=False)
        finally:
            _record_restarts(item, state.harness)
        unsupported = unsupported_reason(verdicts)
        if unsupported is not None:
            pytest.skip(f"{UNSUPPORTED_BY_ENGINE}{unsupported}")
        if message is not None:
            head = headline(case_id, meta.get("rule") if meta else None, meta.get("cites") if meta else None)
            command = replay_command(case_id, engine_spec(state.config), params)
            raise ConformanceFailure(f"{head}: {first_difference(verdicts)}\n{message}\nreproduce: {command}")


def _record_restarts(item: pytest.Item | None, harness: Harness) -> None:
    """Each restart of the engine process during this test, with its reason (reports count them)."""
    import json

    reasons = harness.take_restarts()
    if reasons and item is not None:
        item.user_properties.append(("conformance.restarts", json.dumps(reasons)))


@pytest.fixture(scope="session")
def conformance(request: pytest.FixtureRequest) -> Conformance:
    """The engine under test, shared by the whole session (one process per xdist worker)."""
    return Conformance(_state(request.config))
