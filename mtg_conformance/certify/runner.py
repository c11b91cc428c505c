"""`mtg-conformance certify`: handshake, run the suite in a pytest subprocess, write the verdict.

Exit codes: 0 no failures beyond the expectations file; 1 a regression (an unexpected failure or
error, or an expected failure that now passes); 2 a usage or engine start-up error. Nothing is
written to --out unless the run completes: the output folder is checked (created, writable)
before anything runs, files are staged in a hidden folder inside it (one filesystem: the moves
cannot fail with EXDEV), and at the end, under a lock and with SIGTERM/SIGINT/SIGHUP held back,
the new report set replaces the old one whole (report files of the old run that this run does
not write are removed). pytest gets SIGTERM if certify dies (Linux), certify adopts orphaned
descendants (a child subreaper) and kills whatever of them is left, and a staging folder left by
a killed run is swept by the next one.
"""

from __future__ import annotations

import contextlib
import json
import os
import shutil
import signal
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import TextIO

from mtg_adapter import processes, suite_files
from mtg_adapter.client import DEFAULT_TIMEOUT
from mtg_adapter.errors import InputError
from mtg_conformance.certify import badge, html, profiles, results, summary
from mtg_conformance.certify.compare import changes
from mtg_conformance.certify.engine import EngineError, handshake, handshake_and_probe
from mtg_conformance.certify.progress import Progress
from mtg_conformance.certify.suite import default_spec_dir, load_spec_index, suite_version

COLLECTOR = "mtg_conformance.certify.collector"
STAGING_PREFIX = ".certify-staging-"
REPORT_FILES = ("results.json", "junit.xml", "summary.md", "job-summary.md", "report.html", "badge.svg",
                "pytest.log", "divergences.json")  # every file a run may write: one run's set replaces the last one's
PROFILE_BADGES = "badge-*.svg"  # one per profile verdict (certify.profiles), also replaced as a set
HANDLED_SIGNALS = tuple(getattr(signal, name) for name in ("SIGTERM", "SIGINT", "SIGHUP") if hasattr(signal, name))
OK, REGRESSION, USAGE = 0, 1, 2
PYTEST_GRACE = 5.0  # seconds pytest gets to stop its engines after SIGINT before it is killed
# Each pytest-xdist worker pays start-up and collection (3-6 s on 2 loaded cores) before its first
# test: below this estimated serial time parallel workers cannot pay. The estimate per test is
# pytest's own cost plus the engine's probe-case time scaled to an average suite case (measured
# on this suite: the reference engine in process, served out of process, and phase.rs).
PARALLEL_PAYS_AFTER = 15.0
PYTEST_PER_TEST = 0.0035  # seconds pytest and the harness spend per generated test
CASE_PER_PROBE = 4.0  # an average suite case costs an engine about this many probe cases


class Interrupted(BaseException):
    """SIGTERM, SIGINT or SIGHUP arrived: stop pytest and the engine, remove the staging folder."""

    def __init__(self, signum: int):
        super().__init__(signum)
        self.signum = signum


class UsageError(InputError):
    """A user mistake: exit 2 with this message, no traceback, no output written."""


@dataclass
class Options:
    engine: str = "reference"
    engine_timeout: float | None = None
    expectations: Path | None = None
    out: Path = Path("certification-out")
    jobs: int = 1
    compare: Path | None = None
    suite: Path | None = None  # None: the suite installed with this package (mtg_adapter.suite_files)
    spec: Path | None = None
    strict: bool = False  # also compare every step's full view with the reference engine's (certify.strict)
    job_summary: Path | None = None  # also append job-summary.md to this file (e.g. $GITHUB_STEP_SUMMARY)
    rerun_failed: Path | None = None  # run only the tests that did not pass in this results.json
    shard: tuple[int, int] | None = None  # (K, N): run shard K of N (collector.shard_of)
    profile: str | None = None  # run only the tests this profile counts (certify.profiles)
    select: dict | None = field(default=None, repr=False)  # set by check_selection: the collector's selection
    pytest_args: list[str] = field(default_factory=list)


def pytest_command(opts: Options, events: Path, junit: Path, select: Path | None = None) -> list[str]:
    cmd = [sys.executable, "-m", "pytest", str(opts.suite), "-p", COLLECTOR,
           "--certify-events", str(events), "--junitxml", str(junit),
           # one token: pytest takes an existing path among its arguments for its rootdir (node ids)
           *([f"--certify-select={select}"] if select is not None else []),
           "-o", "junit_family=xunit1", "-o", "junit_suite_name=mtg-conformance",
           "-p", "no:cacheprovider", "-q", "--tb=short", "-rN", "--engine", opts.engine]
    if opts.engine_timeout is not None:
        cmd += ["--engine-timeout", str(opts.engine_timeout)]
    if opts.expectations is not None:
        cmd += ["--expectations", str(opts.expectations)]
    if opts.jobs > 1:
        cmd += ["-n", str(opts.jobs)]
    return cmd + list(opts.pytest_args)


def _read_events(path: Path, offset: int, sink) -> int:
    """Feed complete new lines from offset to sink; return the new offset."""
    try:
        with open(path, "rb") as fh:
            fh.seek(offset)
            data = fh.read()
    except FileNotFoundError:
        return offset
    end = data.rfind(b"\n")
    if end < 0:
        return offset
    for line in data[: end + 1].splitlines():
        if line.strip():
            sink(json.loads(line))
    return offset + end + 1


def run_suite(opts: Options, scratch: Path, progress: Progress) -> tuple[int, list[dict]]:
    """Run pytest; its events, log and junit.xml go to `scratch` (the system's temporary folder,
    so a full --out disk cannot break the run itself, only the final write, which says so)."""
    events_path, log_path = scratch / "events.jsonl", scratch / "pytest.log"
    events: list[dict] = []

    def sink(event: dict) -> None:
        events.append(event)
        progress.event(event)

    mark = processes.new_mark()  # inherited by pytest, its workers and every engine they start
    env = dict(os.environ, PYTHONUNBUFFERED="1", **{processes.RUN_MARK: mark})
    select = None
    if opts.select is not None:
        select = scratch / "select.json"
        select.write_text(json.dumps(opts.select), encoding="utf-8")
    with open(log_path, "w", encoding="utf-8") as log:
        proc = subprocess.Popen(pytest_command(opts, events_path, scratch / "junit.xml", select),
                                stdout=log, stderr=subprocess.STDOUT, stdin=subprocess.DEVNULL, env=env,
                                start_new_session=os.name == "posix",
                                preexec_fn=processes.die_with_parent(signal.SIGTERM))
        offset = 0
        try:
            while proc.poll() is None:
                offset = _read_events(events_path, offset, sink)
                time.sleep(0.1)
        except BaseException:
            stop_pytest(proc, mark)
            raise
        processes.kill_tree(None, (processes.RUN_MARK, mark))  # anything an engine left behind
    _read_events(events_path, offset, sink)
    progress.finish()
    return proc.returncode, events


def stop_pytest(proc: subprocess.Popen, mark: str) -> None:
    """SIGINT pytest (it stops its engines), SIGKILL what is left after PYTEST_GRACE s."""
    if proc.poll() is None:
        try:
            if os.name == "posix":
                os.killpg(proc.pid, signal.SIGINT)  # pytest and its xdist workers
            else:  # pragma: no cover
                proc.send_signal(signal.SIGINT)
        except (ProcessLookupError, PermissionError):
            pass
        try:
            proc.wait(timeout=PYTEST_GRACE)
        except subprocess.TimeoutExpired:
            pass
    processes.kill_tree(proc.pid if os.name == "posix" else None, (processes.RUN_MARK, mark))
    if proc.poll() is None:
        proc.kill()
    try:
        proc.wait(timeout=5)
    except subprocess.TimeoutExpired:  # pragma: no cover - survives SIGKILL
        pass


def _on_signal(signum, _frame) -> None:
    for sig in HANDLED_SIGNALS:  # a second signal must not cut the clean-up short
        signal.signal(sig, signal.SIG_IGN)
    raise Interrupted(signum)


def certify(opts: Options, stdout: TextIO = sys.stdout, stderr: TextIO = sys.stderr) -> int:
    """Run `_certify` with SIGTERM, SIGINT and SIGHUP turned into a clean stop (exit 128 + signal)."""
    import threading

    if threading.current_thread() is not threading.main_thread():
        return _certify(opts, stdout, stderr)
    previous = {sig: signal.signal(sig, _on_signal) for sig in HANDLED_SIGNALS}
    before = processes.children()
    processes.become_subreaper()
    try:
        return _certify(opts, stdout, stderr)
    except Interrupted as exc:
        name = signal.Signals(exc.signum).name
        print(f"mtg-conformance certify: interrupted by {name}; stopped pytest and the engine, "
              f"wrote nothing to {opts.out}", file=stderr)
        return 128 + exc.signum
    finally:
        processes.kill_new_children(before)  # orphans adopted as subreaper: helpers that detached
        for sig, handler in previous.items():
            signal.signal(sig, handler)


def _serial_if_parallel_would_not_pay(opts: Options, probe: float | None, stdout: TextIO) -> None:
    """-j N runs serially when the whole suite would take less than PARALLEL_PAYS_AFTER seconds
    serially (the engine's probe-case time x the suite's tests): workers would only add start-up."""
    if probe is None:
        return
    tests = _count_tests(opts.suite)
    if opts.select is not None and "ids" in opts.select:  # --rerun-failed: only those
        tests = min(tests, len(opts.select["ids"]))
    elif opts.select is not None and "shard" in opts.select:  # --shard K/N: one in N
        tests = -(-tests // opts.select["shard"][1])
    per_test = PYTEST_PER_TEST + CASE_PER_PROBE * probe
    estimate = per_test * tests
    if estimate < PARALLEL_PAYS_AFTER:
        print(f"-j {opts.jobs}: running serially: about {1e3 * per_test:.1f} ms per test x {tests} tests = "
              f"{estimate:.1f} s serially, too little for parallel workers' start-up to pay "
              f"(from about {PARALLEL_PAYS_AFTER:g} s)", file=stdout)
        opts.jobs = 1


def _count_tests(suite: Path) -> int:
    """The suite's generated tests, counted from their markers (no collection needed)."""
    count = 0
    for path in sorted(Path(suite).glob("test_*.py")):
        try:
            count += path.read_text(encoding="utf-8").count("@pytest.mark.conformance(")
        except OSError:
            pass
    return count


def _pytest_errors(log_path: Path) -> str:
    text = log_path.read_text(encoding="utf-8", errors="replace") if log_path.exists() else ""
    errors = [line for line in text.splitlines() if line.startswith(("ERROR", "E   ", "error:"))]
    shown = errors[-15:] if errors else text.splitlines()[-25:]
    return "\n".join(shown)


def check_inputs(opts: Options) -> dict | None:
    """Validate paths before anything runs; the previous results when --compare is given."""
    if opts.jobs < 1:
        raise UsageError(f"-j {opts.jobs}: must be at least 1")
    if opts.suite is None:
        opts.suite = suite_files.tests_dir()
        if opts.suite is None:
            raise UsageError(f"no generated suite found in {suite_files.where_to_look()}; "
                             "reinstall mtg-conformance or pass --suite DIR")
    elif not opts.suite.is_dir():
        raise UsageError(f"--suite {opts.suite}: no such directory")
    if opts.expectations is not None and not opts.expectations.is_file():
        raise UsageError(f"--expectations {opts.expectations}: no such file")
    if opts.spec is not None and not opts.spec.is_dir():
        raise UsageError(f"--spec {opts.spec}: no such directory")
    if opts.out.exists() and not opts.out.is_dir():
        raise UsageError(f"--out {opts.out}: exists and is not a directory")
    if opts.job_summary is not None and not opts.job_summary.parent.is_dir():
        raise UsageError(f"--job-summary {opts.job_summary}: no such directory {opts.job_summary.parent}")
    if opts.compare is not None:
        try:
            return results.load(opts.compare)
        except results.ResultsError as exc:
            raise UsageError(f"--compare {exc}") from None
    return None


NOT_PASSED = ("fail", "error", "expected-failure", "unexpectedly-passing")  # what --rerun-failed runs again


def check_selection(opts: Options) -> str | None:
    """--rerun-failed / --shard: set opts.select (the collector's --certify-select) and return the
    line that says what runs; None when the whole suite runs. Raises UsageError."""
    if opts.rerun_failed is not None and opts.shard is not None:
        raise UsageError("--rerun-failed and --shard: give one of them")
    said = None
    if opts.profile is not None:
        from mtg_conformance.certify import profiles

        try:
            chosen = profiles.get(opts.profile)
        except profiles.UnknownProfile:
            raise UsageError(f"--profile {opts.profile}: no such profile; the profiles are "
                             f"{', '.join(p.name for p in profiles.PROFILES)}") from None
        opts.select = {"profile": chosen.name}
        said = f"profile {chosen.name} ({chosen.title}): running only {chosen.selection()}"
    if opts.shard is not None:
        k, n = opts.shard
        opts.select = {**(opts.select or {}), "shard": [k, n]}
        return _joined(said, f"shard {k}/{n}: every {n}th test by stable id, starting at the {k}th")
    if opts.rerun_failed is None:
        return said
    try:
        previous = results.load(opts.rerun_failed)
    except results.ResultsError as exc:
        raise UsageError(f"--rerun-failed {exc}") from None
    failed = [t for t in previous["tests"] if t["outcome"] in NOT_PASSED]
    opts.select = {**(opts.select or {}), "ids": sorted({t["id"] for t in failed})}
    counts = {o: sum(t["outcome"] == o for t in failed) for o in NOT_PASSED}
    detail = ", ".join(f"{o} {c}" for o, c in counts.items() if c)
    return _joined(said, f"rerun-failed: {len(failed)} test{'s' if len(failed) != 1 else ''} did not pass in "
                         f"{opts.rerun_failed}" + (f" ({detail}); running only those" if failed else ""))


def _joined(*lines: str | None) -> str:
    return "\n".join(line for line in lines if line)


def selection_record(opts: Options, ran: int) -> dict | None:
    """results.json's `selection`: which part of the suite this run covers (absent: all of it)."""
    if opts.shard is not None:
        return {"kind": "shard", "shard": f"{opts.shard[0]}/{opts.shard[1]}", "from": None, "tests": ran}
    if opts.rerun_failed is not None:
        return {"kind": "rerun-failed", "shard": None, "from": str(opts.rerun_failed), "tests": ran}
    return None


def prepare_output(out: Path) -> Path:
    """Create --out (and its parents), sweep staging folders of killed runs, and make this run's
    staging folder inside it: an output location that can't be written is a usage error now,
    before the suite runs, never a traceback after it."""
    if out.is_symlink() and not out.exists():
        raise UsageError(f"--out {out}: a symbolic link to {os.readlink(out)!r}, which does not exist")
    staging = None
    try:
        out.mkdir(parents=True, exist_ok=True)
        sweep_stale_staging(out)
        staging = Path(tempfile.mkdtemp(prefix=f"{STAGING_PREFIX}{os.getpid()}-", dir=out))
        (staging / "probe").write_text("", encoding="utf-8")  # a folder may be made where a file can't
    except OSError as exc:
        if staging is not None:
            shutil.rmtree(staging, ignore_errors=True)
        raise UsageError(f"--out {out}: cannot write there: {exc.strerror or exc} "
                         f"[{_errno_name(exc)}]") from None
    return staging


def _errno_name(exc: OSError) -> str:
    import errno

    return errno.errorcode.get(exc.errno or 0, "error")


def _remove_if_empty(folder: Path) -> None:
    try:
        folder.rmdir()
    except OSError:
        pass


def sweep_stale_staging(out: Path) -> list[Path]:
    """Remove staging folders whose certify process is gone (killed before it could clean up)."""
    removed = []
    for folder in out.glob(f"{STAGING_PREFIX}*"):
        try:
            pid = int(folder.name[len(STAGING_PREFIX):].split("-", 1)[0])
        except ValueError:
            continue
        if pid != os.getpid() and not _alive(pid):
            shutil.rmtree(folder, ignore_errors=True)
            removed.append(folder)
    return removed


def _alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        return True
    return True


class WriteError(InputError):
    """The reports could not be written (a full disk, a read-only folder): nothing was replaced."""


def write_outputs(doc: dict, diff: dict | None, staging: Path, out: Path, extra: dict | None = None,
                  scratch: Path | None = None) -> list[str]:
    """Write the reports into `staging` (with junit.xml and pytest.log from `scratch`), then
    replace --out's report set with them as a whole.

    `extra` ({"summary": section, file name: text}) adds --strict's. Raises WriteError (nothing in
    --out changed) when a file cannot be written."""
    results.validate(doc, "results.json (internal error)")
    text = results.dumps(doc)
    doc = json.loads(text)  # render what results.json holds (keys sorted), so `merge` renders the same
    extra = dict(extra or {})
    files = {
        "results.json": text,
        "summary.md": summary.render(doc, diff) + extra.pop("summary", ""),
        "job-summary.md": summary.job_summary(doc, f"`{out / 'summary.md'}` and `{out / 'report.html'}`"),
        "report.html": html.render_report(doc, diff),
        "badge.svg": badge.render(doc["totals"], badge.label_for(doc)),
        **{f"badge-{v['name']}.svg": badge.render_verdict(v, doc) for v in doc.get("profiles") or []
           if v["verdict"] != "empty"},
        **extra,
    }
    copied = [n for n in ("junit.xml", "pytest.log") if scratch is not None and (scratch / n).exists()]
    try:
        for name, text in files.items():
            with open(staging / name, "w", encoding="utf-8") as fh:
                fh.write(text)
                fh.flush()
                os.fsync(fh.fileno())
        for name in copied:
            shutil.copyfile(scratch / name, staging / name)
    except OSError as exc:
        raise WriteError(f"cannot write the reports in {out}: {exc.strerror or exc} [{_errno_name(exc)}]; "
                         "nothing there was replaced") from None
    names = sorted(files) + copied
    with _locked(out), _signals_held():
        for name in [*REPORT_FILES, *sorted(p.name for p in out.glob(PROFILE_BADGES))]:
            if name not in names:  # the previous run's files this run does not write
                try:
                    (out / name).unlink()
                except FileNotFoundError:
                    pass
        for name in names:
            os.replace(staging / name, out / name)
    return names


@contextlib.contextmanager
def _locked(out: Path):
    """An exclusive lock on the --out folder itself while its report set is replaced (two runs
    never mix files; no lock file is left behind)."""
    try:
        import fcntl
    except ImportError:  # pragma: no cover - not POSIX
        yield
        return
    fd = os.open(out, os.O_RDONLY)
    try:
        fcntl.flock(fd, fcntl.LOCK_EX)
        yield
    finally:
        os.close(fd)  # closing releases the lock


@contextlib.contextmanager
def _signals_held():
    """SIGTERM, SIGINT and SIGHUP wait until the moves are done (the set is replaced whole)."""
    if not hasattr(signal, "pthread_sigmask"):  # pragma: no cover - not POSIX
        yield
        return
    previous = signal.pthread_sigmask(signal.SIG_BLOCK, set(HANDLED_SIGNALS))
    try:
        yield
    finally:
        signal.pthread_sigmask(signal.SIG_SETMASK, previous)


def _strict_tests(opts: Options) -> list:
    """--strict's tests, loaded before anything runs (a spec that can't be read is a usage error)."""
    from mtg_conformance.suite_cases import SuiteError, load_tests

    try:
        return load_tests(opts.spec or default_spec_dir(opts.suite))
    except SuiteError as exc:
        raise UsageError(f"--strict: {exc}") from None


def _strict(opts: Options, tests: list, outcomes: dict, stdout: TextIO) -> dict:
    """--strict: every test's case on the engine and on the reference engine, full views compared;
    each divergence with its test's outcome (`outcomes`: test id -> outcome)."""
    from mtg_conformance.certify import strict

    timeout = opts.engine_timeout if opts.engine_timeout is not None else DEFAULT_TIMEOUT
    found, compared = strict.divergences(opts.engine, tests, timeout)
    found = strict.with_outcomes(found, outcomes)
    print(f"strict: {len(found)} of {compared} tests diverge from the reference engine, "
          f"{strict.passing(found)} of them passing tests (divergences.json)", file=stdout)
    return {"summary": strict.render(found, compared), "divergences.json": strict.dumps(found, compared)}


def _certify(opts: Options, stdout: TextIO, stderr: TextIO) -> int:
    try:
        previous = check_inputs(opts)
        selected = check_selection(opts)
        strict_tests = _strict_tests(opts) if opts.strict else None
        timeout = opts.engine_timeout if opts.engine_timeout is not None else DEFAULT_TIMEOUT
        if opts.jobs > 1:
            engine, probe = handshake_and_probe(opts.engine, timeout)
            _serial_if_parallel_would_not_pay(opts, probe, stdout)
        else:
            engine = handshake(opts.engine, timeout)
    except UsageError as exc:
        print(f"mtg-conformance certify: error: {exc}", file=stderr)
        return USAGE
    except EngineError as exc:
        print(f"mtg-conformance certify: engine failed to start: {exc}", file=stderr)
        return USAGE
    if selected is not None:
        print(selected, file=stdout)
    if opts.select is not None and opts.select.get("ids") == []:
        print(f"nothing to rerun: every test passed or did not run in {opts.rerun_failed}; wrote nothing",
              file=stdout)
        return OK
    created = not opts.out.exists() and not opts.out.is_symlink()
    try:
        staging = prepare_output(opts.out)
    except UsageError as exc:
        print(f"mtg-conformance certify: error: {exc}", file=stderr)
        return USAGE
    print(f"engine: {engine['name']} {engine['version']} (protocol {engine['protocol']}; "
          f"features: {', '.join(engine['features']) or 'none'})", file=stdout)
    scratch = None
    try:
        progress = Progress(stdout, tty=stdout.isatty())
        scratch = Path(tempfile.mkdtemp(prefix="mtg-certify-"))
        code, events = run_suite(opts, scratch, progress)
        finished = any(e.get("event") == "finished" for e in events)
        tests = [e for e in events if e.get("event") == "test"]
        if code not in (0, 1) or not finished:
            why = {2: "the run was interrupted (collection errors?)", 3: "pytest internal error",
                   4: "pytest usage error (bad --engine, --engine-timeout or --expectations?)",
                   5: (f"no test of profile {opts.profile} in {opts.suite}" if opts.profile else
                       f"no tests collected in {opts.suite}")}.get(code, f"pytest exited with {code}")
            print(f"mtg-conformance certify: error: {why}\n{_pytest_errors(scratch / 'pytest.log')}", file=stderr)
            return USAGE
        spec_dir = opts.spec or default_spec_dir(opts.suite)
        spec, warnings = load_spec_index(spec_dir)
        for warning in warnings:
            print(f"warning: {warning}", file=stderr)
        versions = [(e.get("marker") or {}).get("rules_version") for e in tests]
        doc = results.build(events, engine, suite_version(opts.suite, spec_dir, versions), spec, opts.expectations)
        chosen = selection_record(opts, len(tests))
        if chosen is not None:
            doc["selection"] = chosen
            if opts.rerun_failed is not None and opts.profile is None and len(tests) < len(opts.select["ids"]):
                print(f"rerun-failed: {len(opts.select['ids']) - len(tests)} of those tests are no longer in the "
                      f"suite; ran {len(tests)}", file=stdout)
        profiles.attach(doc, opts.profile)
        diff = changes(previous, doc) if previous is not None else None
        outcomes = {t["id"]: t["outcome"] for t in doc["tests"]}
        extra = _strict(opts, strict_tests, outcomes, stdout) if strict_tests is not None else None
        try:
            names = write_outputs(doc, diff, staging, opts.out, extra, scratch)
        except WriteError as exc:
            print(f"mtg-conformance certify: error: {exc}", file=stderr)
            return USAGE
    finally:
        shutil.rmtree(staging, ignore_errors=True)
        if scratch is not None:
            shutil.rmtree(scratch, ignore_errors=True)
        if created:
            _remove_if_empty(opts.out)  # a run that wrote nothing leaves no trace
    if opts.job_summary is not None:
        try:
            with open(opts.job_summary, "a", encoding="utf-8") as fh:
                fh.write((opts.out / "job-summary.md").read_text(encoding="utf-8"))
        except OSError as exc:
            print(f"mtg-conformance certify: error: --job-summary {opts.job_summary}: cannot append: "
                  f"{exc.strerror or exc}", file=stderr)
            return USAGE
    totals = doc["totals"]
    print(f"{summary.headline(totals, summary.scope(doc))}: " + ", ".join(f"{k} {totals[k]}" for k in
          ("pass", "fail", "unsupported", "expected-failure", "unexpectedly-passing", "error", "skipped") if totals[k]),
          file=stdout)
    print(f"wrote {', '.join(names)} to {opts.out}", file=stdout)
    if doc["regression"]:
        print("REGRESSION: failures beyond the expectations file (see summary.md)", file=stdout)
        return REGRESSION
    return OK
