"""Engine faults the harness must survive in bounded time, leaving no process behind.

Each test here failed before its fix: a detached helper holding stdout (hang at close),
an engine exiting right after an answer (the next case failed), an engine that never
answers hello (every test waited the full timeout), deeply nested JSON (a RecursionError
traceback), unbounded answer lines (copied into every record).
"""

import json
import os
import subprocess
import sys
import time
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

from mtg_adapter import processes
from mtg_adapter.client import START_ATTEMPTS, EngineFailure, ProcessEngine
from mtg_adapter.harness import EngineBroken, Harness

ROOT = Path(__file__).resolve().parent.parent
ENGINES = Path(__file__).parent / "fixtures" / "engines"
FAULTY = ENGINES / "faulty.py"
SMALL_MODULE = ROOT / "generated_tests" / "test_kicker_rulings_fr.py"


def bolt_case(case_id="bolt"):
    return {
        "id": case_id,
        "setup": {"players": {"alice": {"hand": [{"card": "Lightning Bolt", "label": "bolt"}], "mana": "{R}"}}},
        "steps": [{"cast": {"card": "bolt", "targets": ["bob"]}}, {"resolve": {}}],
    }


def faulty(mode, *extra, timeout=3.0, **kwargs):
    return ProcessEngine([sys.executable, str(FAULTY), mode, *map(str, extra)], timeout=timeout, **kwargs)


def engine_spec(mode, *extra):
    return "cmd:" + " ".join([sys.executable, str(FAULTY), mode, *map(str, extra)])


def alive(pid: int) -> bool:
    try:
        state = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
    except OSError:
        return False
    return state != "Z"


def wait_for_pid(path: Path, seconds=5.0) -> int:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if path.exists() and path.read_text().strip():
            return int(path.read_text())
        time.sleep(0.05)
    raise AssertionError(f"{path} never got a pid")


def processes_mentioning(text: str) -> list[int]:
    found = []
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit() and int(entry.name) != os.getpid():
            try:
                cmdline = (entry / "cmdline").read_bytes().replace(b"\0", b" ").decode("utf-8", "replace")
            except OSError:
                continue
            if text in cmdline and alive(int(entry.name)):
                found.append(int(entry.name))
    return found


def assert_runs_normally(engine):
    answer = engine.run(bolt_case("next"))
    assert answer["results"][1]["view"]["players"]["bob"]["life"] == 17


posix_only = pytest.mark.skipif(not Path("/proc/self").exists(), reason="needs Linux /proc")


# -- 1: a detached helper holding stdout --------------------------------------------------


@posix_only
def test_detached_helper_holding_stdout_neither_hangs_stop_nor_survives(tmp_path):
    pid_file = tmp_path / "helper.pid"
    engine = faulty("detached-child", "--pid", pid_file)
    assert_runs_normally(engine)
    helper = wait_for_pid(pid_file)
    assert alive(helper) and os.getsid(helper) != os.getsid(engine.pid)  # it left the group
    start = time.monotonic()
    engine.stop()
    assert time.monotonic() - start < 6
    time.sleep(0.1)
    assert not alive(helper), "the detached helper outlived the harness"


@posix_only
def test_smoke_with_a_detached_helper_ends_and_leaves_nothing(tmp_path):
    pid_file = tmp_path / "helper.pid"
    done = subprocess.run(
        [sys.executable, "-m", "mtg_conformance", "smoke", "--engine", engine_spec("detached-child", "--pid", pid_file),
         "--engine-timeout", "3"], capture_output=True, text=True, timeout=60, cwd=ROOT)
    assert done.returncode == 0, done.stdout + done.stderr
    assert "smoke test passed" in done.stdout
    assert not alive(wait_for_pid(pid_file))


@posix_only
@pytest.mark.parametrize("command", ["smoke", "certify"])
def test_a_helper_that_detaches_completely_is_ended_with_the_command(tmp_path, command):
    """setsid, a second fork, every fd closed and an empty environment: no marker, no pipe, no
    group leads to it. The command adopts it (a child subreaper) and ends it before it exits."""
    pid_file = tmp_path / "helper.pid"
    args = ["--out", str(tmp_path / "out"), "--suite", str(tmp_path / "suite"), "--spec", str(ROOT / "spec")] \
        if command == "certify" else []
    if command == "certify":
        (tmp_path / "suite").mkdir()
        (tmp_path / "suite" / SMALL_MODULE.name).write_bytes(SMALL_MODULE.read_bytes())
    done = subprocess.run(
        [sys.executable, "-m", "mtg_conformance", command, "--engine", engine_spec("vanishing-helper", "--pid", pid_file),
         "--engine-timeout", "3", *args], capture_output=True, text=True, timeout=120, cwd=ROOT)
    assert done.returncode in (0, 1), done.stdout[-2000:] + done.stderr[-2000:]
    helper = wait_for_pid(pid_file)
    assert not alive(helper), "a completely detached helper outlived the command"


@posix_only
def test_pytest_with_a_detached_helper_ends_and_leaves_nothing(tmp_path):
    pid_file = tmp_path / "helper.pid"
    done = subprocess.run(
        [sys.executable, "-m", "pytest", str(SMALL_MODULE), "-q", "-p", "no:cacheprovider",
         "--engine", engine_spec("detached-child", "--pid", pid_file), "--engine-timeout", "3"],
        capture_output=True, text=True, timeout=120, cwd=ROOT)
    assert done.returncode in (0, 1), done.stdout[-2000:] + done.stderr[-2000:]
    assert not alive(wait_for_pid(pid_file))
    assert not processes_mentioning(str(pid_file))


@posix_only
def test_certify_with_a_detached_helper_ends_and_leaves_nothing(tmp_path):
    """One module of the suite: the helper's end doesn't depend on how many cases ran (the whole
    suite took 25 s of the test command for the same check)."""
    pid_file = tmp_path / "helper.pid"
    (tmp_path / "suite").mkdir()
    (tmp_path / "suite" / SMALL_MODULE.name).write_bytes(SMALL_MODULE.read_bytes())
    done = subprocess.run(
        [sys.executable, "-m", "mtg_conformance", "certify", "--engine", engine_spec("detached-child", "--pid", pid_file),
         "--engine-timeout", "3", "--out", str(tmp_path / "out"), "--suite", str(tmp_path / "suite"),
         "--spec", str(ROOT / "spec")],
        capture_output=True, text=True, timeout=180, cwd=ROOT)
    assert done.returncode in (0, 1), done.stdout[-2000:] + done.stderr[-2000:]
    assert (tmp_path / "out" / "results.json").is_file()
    assert not alive(wait_for_pid(pid_file))
    assert not processes_mentioning(str(tmp_path))


def test_an_engine_that_stops_reading_cannot_block_a_write():
    engine = faulty("deaf", timeout=1.0)
    engine.hello()
    big = bolt_case("x" * 300_000)  # more than a pipe buffer holds
    start = time.monotonic()
    with pytest.raises(EngineFailure, match=r"did not (read|answer) case .* within 1 s"):
        engine.run(big)
    assert time.monotonic() - start < 4
    engine.stop()


# -- 2: exiting cleanly right after an answer ---------------------------------------------


def test_exit_right_after_an_answer_never_fails_the_next_case():
    engine = faulty("exit-late")
    try:
        for number in range(4):  # each answer is followed by an exit the next request runs into
            answer = engine.run(bolt_case(f"bye-{number}"))
            assert [r["status"] for r in answer["results"]] == ["ok", "ok"]
        assert engine.restarts == 3
    finally:
        engine.stop()


def test_a_case_that_kills_the_engine_fails_without_a_resend():
    engine = faulty("exit-mid-run")
    try:
        with pytest.raises(EngineFailure, match=r"exited with code 70 while handling case 'boom'\n"):
            engine.run(bolt_case("boom"))
        assert_runs_normally(engine)
    finally:
        engine.stop()


# -- 3: an engine that never answers hello ------------------------------------------------


def test_after_consecutive_start_up_failures_the_engine_is_given_up():
    engine = faulty("silent", timeout=0.5)
    for _ in range(START_ATTEMPTS):
        with pytest.raises(EngineFailure, match="did not answer hello within 0.5 s"):
            engine.run(bolt_case())
    start = time.monotonic()
    for _ in range(3):
        with pytest.raises(EngineFailure, match=rf"gave up on the engine: it failed to start {START_ATTEMPTS} times in a row"):
            engine.run(bolt_case())
    assert time.monotonic() - start < 0.5
    assert engine.pid is None


def test_a_successful_start_resets_the_count(tmp_path):
    engine = faulty("exit-at-start", "--once", tmp_path / "started", timeout=2)
    with pytest.raises(EngineFailure, match="exited with code 3"):
        engine.hello()
    assert_runs_normally(engine)
    assert engine._start_failures == 0
    engine.stop()


def test_plain_pytest_fails_fast_once_the_engine_is_given_up():
    start = time.monotonic()
    done = subprocess.run(
        [sys.executable, "-m", "pytest", str(SMALL_MODULE), "-q", "-p", "no:cacheprovider",
         "--engine", engine_spec("silent"), "--engine-timeout", "0.5"],
        capture_output=True, text=True, timeout=120, cwd=ROOT)
    elapsed = time.monotonic() - start
    assert done.returncode == 1
    assert done.stdout.count("gave up on the engine") >= 5, done.stdout[-3000:]
    assert "10 failed" in done.stdout
    assert elapsed < 30


# -- 4: deeply nested JSON ----------------------------------------------------------------


def test_deeply_nested_hello_is_a_protocol_failure():
    engine = faulty("deep-hello")
    with pytest.raises(EngineFailure, match="JSON nested too deeply to read while handling hello"):
        engine.hello()
    assert engine.pid is None


def test_deeply_nested_answer_is_a_protocol_failure_and_the_next_case_runs():
    harness = Harness(engine_spec("deep-answer"), timeout=3)
    try:
        with pytest.raises(EngineBroken, match="JSON nested too deeply to read while handling case 'deep'"):
            harness.run_case(bolt_case("deep"))
        assert harness.run_case(bolt_case("next"))["results"][1]["view"]["players"]["bob"]["life"] == 17
    finally:
        harness.close()


@pytest.mark.parametrize("mode", ["deep-hello", "deep-answer"])
def test_smoke_reports_deep_json_as_a_broken_adapter(mode):
    done = subprocess.run(
        [sys.executable, "-m", "mtg_conformance", "smoke", "--engine", engine_spec(mode).replace("'", ""),
         "--engine-timeout", "3"], capture_output=True, text=True, timeout=60, cwd=ROOT)
    assert done.returncode == 1
    assert "RESULT: adapter is broken" in done.stdout, done.stdout
    assert "nested too deeply" in done.stdout
    assert "Traceback" not in done.stdout + done.stderr


# -- 5: bounded answers and records -------------------------------------------------------


def test_an_answer_line_over_the_limit_is_a_protocol_failure():
    engine = faulty("huge-answer", max_answer_bytes=1_000_000)
    try:
        with pytest.raises(EngineFailure, match="answer line over 1000000 bytes while handling case 'huge'"):
            engine.run(bolt_case("huge"))
        assert_runs_normally(engine)
    finally:
        engine.stop()


def test_the_default_limit_admits_a_large_answer():
    engine = faulty("huge-answer")
    try:
        assert len(engine.run(bolt_case("huge"))["padding"]) == 2_000_000
    finally:
        engine.stop()


def test_records_keep_a_bounded_hello(tmp_path):
    xml = tmp_path / "junit.xml"
    subprocess.run(
        [sys.executable, "-m", "pytest", str(SMALL_MODULE), "-q", "-p", "no:cacheprovider",
         "--engine", engine_spec("huge-hello"), "--engine-timeout", "5", "--junitxml", str(xml)],
        capture_output=True, text=True, timeout=120, cwd=ROOT)
    records = [p.get("value") for p in ET.parse(xml).getroot().iter("property") if p.get("name") == "conformance.engine"]
    assert records
    for value in records:
        impl = json.loads(value)["implementation"]
        assert impl["name"].startswith("nnnn") and impl["name"].endswith("(1000000 characters)")
        assert len(value) < 1000
    assert xml.stat().st_size < 200_000


def test_pytest_option_sets_the_answer_limit(tmp_path):
    done = subprocess.run(
        [sys.executable, "-m", "pytest", str(SMALL_MODULE), "-q", "-p", "no:cacheprovider", "-x",
         "--engine", engine_spec("huge-hello"), "--engine-timeout", "5", "--engine-max-answer-bytes", "100000"],
        capture_output=True, text=True, timeout=120, cwd=ROOT)
    assert "answer line over 100000 bytes while handling hello" in done.stdout


def test_processes_helpers_find_marked_processes():
    mark = processes.new_mark()
    child = subprocess.Popen([sys.executable, "-c", "import time; time.sleep(30)"],
                             env=dict(os.environ, **{processes.RUN_MARK: mark}), start_new_session=True)
    try:
        time.sleep(0.2)
        if Path("/proc/self").exists():
            assert child.pid in processes.marked_processes(processes.RUN_MARK, mark)
        processes.kill_tree(None, (processes.RUN_MARK, mark))
        assert child.wait(timeout=5) != 0
    finally:
        if child.poll() is None:
            child.kill()
            child.wait()


# -- 6: SIGTERM / SIGINT to certify -------------------------------------------------------


@posix_only
@pytest.mark.parametrize("signame", ["SIGTERM", "SIGINT", "SIGHUP"])
def test_a_signal_to_certify_stops_pytest_and_the_engine_and_removes_staging(tmp_path, signame):
    import signal

    pid_file = tmp_path / "engine.pid"
    out = tmp_path / "out"
    scratch = tmp_path / "tmp"  # certify's scratch folder (pytest's events) goes under TMPDIR
    scratch.mkdir()
    proc = subprocess.Popen(
        [sys.executable, "-m", "mtg_conformance", "certify", "--engine", engine_spec("slow", "--pid", pid_file),
         "--engine-timeout", "5", "--out", str(out)],
        cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=dict(os.environ, TMPDIR=str(scratch)))
    try:
        deadline = time.monotonic() + 60
        while not (pid_file.exists() and list(scratch.glob("mtg-certify-*/events.jsonl"))):  # the suite is running
            assert time.monotonic() < deadline and proc.poll() is None, "certify never got to the suite"
            time.sleep(0.1)
        engine_pid = wait_for_pid(pid_file)
        time.sleep(1.0)
        proc.send_signal(getattr(signal, signame))
        stdout, stderr = proc.communicate(timeout=30)
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.wait()
    assert proc.returncode == 128 + getattr(signal, signame), stdout + stderr
    assert f"interrupted by {signame}" in stderr
    assert "Traceback" not in stderr
    assert not alive(engine_pid)
    assert not processes_mentioning(str(tmp_path)), "a process certify started is still running"
    assert not list(out.glob(".certify-staging-*")), "the staging folder was left behind"
    assert not list(scratch.iterdir()), "the scratch folder was left behind"
    assert not out.exists() or not list(out.iterdir()), "a report was written although the run was interrupted"


@posix_only
def test_sigkill_to_certify_takes_pytest_and_the_engine_down_and_the_next_run_sweeps_staging(tmp_path):
    """kill -9 gives certify no chance to clean up: pytest gets SIGTERM from the kernel as its
    parent dies (it stops its engine), and the next certify into the same --out removes the
    staging folder the killed run left."""
    import signal

    pid_file = tmp_path / "engine.pid"
    out = tmp_path / "out"
    scratch = tmp_path / "tmp"
    scratch.mkdir()
    proc = subprocess.Popen(
        [sys.executable, "-m", "mtg_conformance", "certify", "--engine", engine_spec("slow", "--pid", pid_file),
         "--engine-timeout", "5", "--out", str(out)],
        cwd=ROOT, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, env=dict(os.environ, TMPDIR=str(scratch)))
    try:
        deadline = time.monotonic() + 60
        while not (pid_file.exists() and list(scratch.glob("mtg-certify-*/events.jsonl"))):
            assert time.monotonic() < deadline and proc.poll() is None, "certify never got to the suite"
            time.sleep(0.1)
        engine_pid = wait_for_pid(pid_file)
        proc.send_signal(signal.SIGKILL)
        proc.wait(timeout=10)
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.wait()
    deadline = time.monotonic() + 20
    while (alive(engine_pid) or processes_mentioning(str(tmp_path))) and time.monotonic() < deadline:
        time.sleep(0.2)
    assert not alive(engine_pid), "the engine outlived a SIGKILLed certify"
    assert not processes_mentioning(str(tmp_path)), "pytest outlived a SIGKILLed certify"
    assert list(out.glob(".certify-staging-*")), "expected the killed run's staging folder"
    from mtg_conformance.certify.runner import sweep_stale_staging

    assert sweep_stale_staging(out) and not list(out.glob(".certify-staging-*"))


def test_failure_messages_keep_engine_strings_and_diffs_bounded():
    from mtg_adapter.judge import failure_message, judge

    huge = "z" * 1_000_000
    steps = [{"resolve": {}, "expect": {"players": {"bob": {"life": 17}}}}]
    errored = judge(steps, {"results": [{"status": "errored", "message": huge}]})
    assert len(failure_message(errored, 1)) < 2000
    illegal = judge(steps, {"results": [{"status": "illegal", "reason": huge, "view": {}}]})
    assert len(failure_message(illegal, 1)) < 2000
    wrong = judge(steps, {"results": [{"status": "ok", "view": {"players": {"bob": {"life": huge}}}}]})
    message = failure_message(wrong, 1)
    assert len(message) < 2000 and "(1000002 characters)" in message
    before = {"cards": {}}
    after = {"cards": {f"c{i}": {"zone": "hand"} for i in range(500)}}
    many = judge([{"resolve": {}, "expect": {"illegal": True}}],
                 {"initial": before, "results": [{"status": "illegal", "reason": "no", "view": after}]})
    message = failure_message(many, 1)
    assert "... and 450 more difference(s)" in message and len(message) < 10_000


def test_smoke_prints_a_bounded_hello():
    done = subprocess.run(
        [sys.executable, "-m", "mtg_conformance", "smoke", "--engine", engine_spec("huge-hello"), "--engine-timeout", "5"],
        capture_output=True, text=True, timeout=60, cwd=ROOT)
    assert "(1000000 characters)" in done.stdout and len(done.stdout) < 10_000


@posix_only
def test_an_engine_never_stopped_is_killed_when_the_harness_exits(tmp_path):
    pid_file = tmp_path / "helper.pid"
    script = ("import sys; from mtg_adapter.client import ProcessEngine; "
              f"e = ProcessEngine([sys.executable, {str(FAULTY)!r}, 'detached-child', '--pid', {str(pid_file)!r}], timeout=3); "
              "e.hello(); print(e.pid)")
    done = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, timeout=60, cwd=ROOT)
    assert done.returncode == 0, done.stderr
    helper = wait_for_pid(pid_file)
    time.sleep(0.2)
    assert not alive(int(done.stdout.strip())) and not alive(helper)


@posix_only
@pytest.mark.parametrize("signame", ["SIGTERM", "SIGHUP"])
def test_sigterm_to_plain_pytest_stops_the_engine(tmp_path, signame):
    import signal

    pid_file = tmp_path / "engine.pid"
    # an engine that never answers a case: the signal always arrives while a test waits on it
    # (with a fast engine under load the run could end, or reach a crash, before the signal)
    proc = subprocess.Popen(
        [sys.executable, "-m", "pytest", str(SMALL_MODULE), "-q", "-p", "no:cacheprovider",
         "--engine", engine_spec("hang-all", "--pid", pid_file), "--engine-timeout", "60"],
        cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    try:
        engine = wait_for_pid(pid_file, seconds=60)
        time.sleep(1.0)
        assert proc.poll() is None, "pytest ended before the signal"
        proc.send_signal(getattr(signal, signame))
        stdout, _ = proc.communicate(timeout=30)
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.wait()
    assert proc.returncode == 2 and "KeyboardInterrupt" in stdout, stdout[-2000:]
    deadline = time.monotonic() + 5  # a loaded machine may take a moment to let the engine go
    while alive(engine) and time.monotonic() < deadline:
        time.sleep(0.05)
    assert not alive(engine)


@posix_only
def test_sigterm_to_the_xdist_controller_takes_the_engines_down_at_once(tmp_path):
    """Under pytest -n 2 the controller collects nothing, so it used to die at SIGTERM at once
    and leave its workers' engines running until each worker noticed (a worker waiting on an
    engine that hangs: up to the timeout); now it ends the run like Ctrl-C (the workers stop
    their engines) and each engine also dies with its worker (parent-death signal)."""
    import signal

    from mtg_adapter.pytest_plugin import SIGNAL_DEADLINE

    pid_file = tmp_path / "engine.pid"
    suite = tmp_path / "suite"  # one module is enough for both workers to start an engine
    suite.mkdir()
    (suite / SMALL_MODULE.name).write_bytes(SMALL_MODULE.read_bytes())
    proc = subprocess.Popen(
        [sys.executable, "-m", "pytest", str(suite), "-q", "-p", "no:cacheprovider", "-n", "2",
         "--engine", engine_spec("hang-all", "--pid", pid_file), "--engine-timeout", "20"],
        cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    try:
        wait_for_pid(pid_file, seconds=60)

        def engines_up():  # the controller's command line names the pid file too
            return [pid for pid in processes_mentioning(str(pid_file)) if pid != proc.pid]

        deadline = time.monotonic() + 30
        while len(engines_up()) < 2 and time.monotonic() < deadline:
            time.sleep(0.1)  # both workers' engines are up
        engines = engines_up()
        assert engines, "no engine started"
        proc.send_signal(signal.SIGTERM)
        proc.communicate(timeout=SIGNAL_DEADLINE + 20)  # bounded by the plugin's deadline
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.wait()
    start = time.monotonic()
    while any(alive(pid) for pid in engines) and time.monotonic() - start < 10:
        time.sleep(0.1)
    lingered = time.monotonic() - start
    assert not any(alive(pid) for pid in engines)
    assert lingered < 3, f"the engines outlived the controller by {lingered:.1f} s"


@posix_only
def test_a_run_that_swallows_the_interrupt_still_ends_within_the_deadline(tmp_path):
    """The KeyboardInterrupt a SIGTERM raises can land where it is lost (here a test swallows it;
    in the xdist controller, inside a lock that the shutdown then waits on): the run still kills
    its children after the grace period and exits at the deadline, saying why."""
    import signal

    from mtg_adapter.pytest_plugin import SIGNAL_DEADLINE

    pid_file = tmp_path / "engine.pid"
    module = tmp_path / "test_stubborn.py"
    module.write_text(
        "import time\n\n"
        "def test_swallows_every_interrupt(conformance):\n"
        "    conformance.hello()  # the engine is up\n"
        "    while True:\n"
        "        try:\n"
        "            time.sleep(60)\n"
        "        except KeyboardInterrupt:\n"
        "            pass\n")
    proc = subprocess.Popen(
        [sys.executable, "-m", "pytest", str(module), "-q", "-p", "no:cacheprovider",
         "--engine", engine_spec("hang-all", "--pid", pid_file), "--engine-timeout", "60"],
        cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    try:
        engine = wait_for_pid(pid_file, seconds=60)
        time.sleep(1.0)
        assert proc.poll() is None, "pytest ended before the signal"
        proc.send_signal(signal.SIGTERM)
        sent = time.monotonic()
        _, stderr = proc.communicate(timeout=SIGNAL_DEADLINE + 20)
        took = time.monotonic() - sent
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.wait()
    assert proc.returncode == 128 + signal.SIGTERM, stderr[-2000:]
    assert "did not end after SIGTERM" in stderr
    assert took >= SIGNAL_DEADLINE - 1, f"ended after {took:.1f} s, before its deadline"
    assert not alive(engine)


@posix_only
@pytest.mark.parametrize("signame", ["SIGTERM", "SIGHUP"])
@pytest.mark.parametrize("command", ["smoke", "replay"])
def test_a_signal_to_smoke_or_replay_stops_the_engine(tmp_path, signame, command):
    """By default SIGTERM and SIGHUP end the process at once and its engine ran on; now every
    command unwinds, stops its engine and exits 128 + the signal."""
    import signal

    pid_file = tmp_path / "engine.pid"
    args = ["smoke"] if command == "smoke" else ["replay", "kicker/kicked-status-and-times-kicked::apex-hawks-times-kicked"]
    proc = subprocess.Popen(
        [sys.executable, "-m", "mtg_conformance", *args, "--engine", engine_spec("hang-all", "--pid", pid_file),
         "--engine-timeout", "20"], cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    try:
        engine = wait_for_pid(pid_file, seconds=60)
        time.sleep(0.5)
        assert proc.poll() is None, "the command ended before the signal"
        proc.send_signal(getattr(signal, signame))
        _, stderr = proc.communicate(timeout=30)
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.wait()
    assert proc.returncode == 128 + getattr(signal, signame), stderr[-2000:]
    assert f"interrupted by {signame}" in stderr and "Traceback" not in stderr
    deadline = time.monotonic() + 5
    while alive(engine) and time.monotonic() < deadline:
        time.sleep(0.1)
    assert not alive(engine)


# -- a crash mid-case never certifies clean (ADAPTERS.md section 9) -------------------------


@pytest.mark.parametrize("kind", ["exit", "segv"])
def test_an_engine_crashing_on_every_fifth_case_does_not_certify_clean(tmp_path, kind):
    """The reference engine, out of process, dying on every fifth case it reads: before the fix
    the harness resent each such case to a fresh process, where it passed, and certify said
    10/10, exit 0. Now those cases fail, certify exits 1, and the restarts are reported."""
    suite = tmp_path / "suite"
    suite.mkdir()
    (suite / SMALL_MODULE.name).write_bytes(SMALL_MODULE.read_bytes())
    engine = "cmd:" + " ".join([sys.executable, str(ENGINES / "crashing_reference.py"), "5", kind])
    done = subprocess.run(
        [sys.executable, "-m", "mtg_conformance", "certify", "--engine", engine, "--suite", str(suite),
         "--spec", str(ROOT / "spec"), "--engine-timeout", "10", "--out", str(tmp_path / "out")],
        capture_output=True, text=True, timeout=120, cwd=tmp_path)
    assert done.returncode == 1, done.stdout[-2000:] + done.stderr[-2000:]
    doc = json.loads((tmp_path / "out" / "results.json").read_text())
    failed = [t for t in doc["tests"] if t["outcome"] != "pass"]
    assert len(doc["tests"]) == 10 and len(failed) == 2, [(t["id"], t["outcome"]) for t in doc["tests"]]
    died = "exited with code 70" if kind == "exit" else "was killed by signal SIGSEGV"
    assert all(f"engine process {died} while handling case" in t["message"] for t in failed)
    assert doc["engine"]["restarts"]["count"] == 1
    assert "killed after a failure" in doc["engine"]["restarts"]["first"][0]["reason"]
    summary = (tmp_path / "out" / "summary.md").read_text()
    assert "restarted 1 time(s)" in summary
