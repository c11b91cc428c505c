"""The out-of-process client against deliberately faulty engine processes.

Every fault must give a clear, specific failure (with the engine's stderr where it wrote
any), and the next case must run normally on a restarted process.
"""

import sys
import time
from pathlib import Path

import pytest

from mtg_adapter.client import EngineFailure, ProcessEngine
from mtg_adapter.harness import EngineBroken, Harness

ENGINES = Path(__file__).parent / "fixtures" / "engines"


def bolt_case(case_id="bolt"):
    return {
        "id": case_id,
        "setup": {"players": {"alice": {"hand": [{"card": "Lightning Bolt", "label": "bolt"}], "mana": "{R}"}}},
        "steps": [{"cast": {"card": "bolt", "targets": ["bob"]}}, {"resolve": {}}],
    }


def faulty(mode, *extra, timeout=5.0):
    return ProcessEngine([sys.executable, str(ENGINES / "faulty.py"), mode, *map(str, extra)], timeout=timeout)


def assert_runs_normally(engine):
    answer = engine.run(bolt_case("next"))
    assert [r["status"] for r in answer["results"]] == ["ok", "ok"]
    assert answer["results"][1]["view"]["players"]["bob"]["life"] == 17


@pytest.fixture
def cleanup():
    engines = []
    yield engines.append
    for engine in engines:
        engine.stop()


def test_served_engine_round_trip_and_clean_stop(cleanup):
    engine = ProcessEngine([sys.executable, str(ENGINES / "serve_tiny.py"), "kicker"], timeout=5)
    cleanup(engine)
    assert engine.hello()["features"] == ["kicker"]
    assert_runs_normally(engine)
    proc = engine._proc
    engine.stop()
    assert proc.poll() == 0 and engine.pid is None


def test_exit_at_start_reports_exit_code_and_stderr(cleanup):
    engine = faulty("exit-at-start")
    cleanup(engine)
    with pytest.raises(EngineFailure) as info:
        engine.hello()
    message = str(info.value)
    assert "exited with code 3 while handling hello" in message
    assert "fatal: cannot load the rules database" in message


def test_exit_at_start_once_then_restart_works(cleanup, tmp_path):
    engine = faulty("exit-at-start", "--once", tmp_path / "started")
    cleanup(engine)
    with pytest.raises(EngineFailure, match="exited with code 3"):
        engine.run(bolt_case())
    assert_runs_normally(engine)
    assert engine.restarts == 1


def test_exit_mid_run_then_next_case_on_new_process(cleanup):
    engine = faulty("exit-mid-run")
    cleanup(engine)
    first_pid = (engine.hello(), engine.pid)[1]
    with pytest.raises(EngineFailure) as info:
        engine.run(bolt_case("boom"))
    message = str(info.value)
    # it read the case and died: the case fails, it is never resent (a resend would hide the crash)
    assert "exited with code 70 while handling case 'boom'\n" in message
    assert "fresh process" not in message.split("\n")[0]
    assert "panic: index out of range in resolve()" in message
    assert "running boom" in message  # earlier stderr lines are part of the tail
    assert_runs_normally(engine)
    assert engine.pid != first_pid and engine.restarts == 1
    assert engine.take_restarts() == ["killed after a failure: engine process exited with code 70 while handling case 'boom'"]


def test_hang_times_out_quickly_then_next_case_runs(cleanup):
    engine = faulty("hang", timeout=1.0)
    cleanup(engine)
    engine.hello()
    start = time.monotonic()
    with pytest.raises(EngineFailure, match=r"did not answer case 'hang' within 1 s \(--engine-timeout\)"):
        engine.run(bolt_case("hang"))
    assert time.monotonic() - start < 4
    assert_runs_normally(engine)


def test_non_json_output_is_garbage(cleanup):
    engine = faulty("garbage")
    cleanup(engine)
    with pytest.raises(EngineFailure) as info:
        engine.run(bolt_case("garbage"))
    assert "not JSON while handling case 'garbage': 'Casting Lightning Bolt...'" in str(info.value)
    assert_runs_normally(engine)


def test_wrong_protocol_version_fails_handshake(cleanup):
    engine = faulty("wrong-protocol")
    cleanup(engine)
    with pytest.raises(EngineFailure, match="handshake failed: engine speaks protocol 2, the harness speaks protocol 1"):
        engine.run(bolt_case())
    assert engine.pid is None  # killed


def test_wrong_seq_is_out_of_turn(cleanup):
    engine = faulty("wrong-seq")
    cleanup(engine)
    with pytest.raises(EngineFailure, match=r"out of turn: sent case 'wrong-seq' with seq 1, got an answer with seq 101"):
        engine.run(bolt_case("wrong-seq"))
    assert_runs_normally(engine)


def test_view_missing_players_is_a_protocol_failure(cleanup):
    harness = Harness(f"cmd:{sys.executable} {ENGINES / 'faulty.py'} bad-view", timeout=5)
    cleanup(harness.engine)
    with pytest.raises(EngineBroken, match="engine answered step 0 with a view missing 'players'"):
        harness.run_case(bolt_case("bad-view"))
    answer = harness.run_case(bolt_case("next"))
    assert answer["results"][1]["view"]["players"]["bob"]["life"] == 17


def test_exit_between_cases_restarts_without_failing_anyone(cleanup):
    engine = faulty("exit-between")
    cleanup(engine)
    assert engine.run(bolt_case("bye"))["results"][0]["status"] == "ok"
    time.sleep(0.2)
    assert_runs_normally(engine)


def test_missing_command_is_reported():
    engine = ProcessEngine(["/nonexistent/engine-binary"], timeout=1)
    with pytest.raises(EngineFailure, match="cannot start engine command '/nonexistent/engine-binary'"):
        engine.hello()


def test_death_by_signal_is_named(cleanup):
    engine = faulty("segfault")
    cleanup(engine)
    with pytest.raises(EngineFailure, match="engine process was killed by signal SIGSEGV while handling case 'segv'"):
        engine.run(bolt_case("segv"))
    assert_runs_normally(engine)


def test_error_answer_is_reported_as_such(cleanup):
    engine = faulty("error-answer")
    cleanup(engine)
    with pytest.raises(EngineFailure, match="engine answered case 'refuse' with an error: 'I do not like this case'"):
        engine.run(bolt_case("refuse"))
    assert_runs_normally(engine)


@pytest.mark.parametrize("mode", ["crash-every", "segv-every", "close-stdout-every"])
def test_a_crash_on_every_fifth_case_fails_every_fifth_case(cleanup, mode):
    """A crash during a case fails that case; the fresh process is not asked the same case again,
    so an engine that dies on every fifth case fails every fifth case (ADAPTERS.md section 9)."""
    engine = faulty(mode, timeout=3.0)
    cleanup(engine)
    failed = []
    for number in range(1, 11):
        try:
            engine.run(bolt_case(f"case-{number}"))
        except EngineFailure as exc:
            failed.append((number, str(exc).split("\n", 1)[0]))
    assert [number for number, _ in failed] == [5, 10]
    assert all("while handling case 'case-" in text for _, text in failed)
    assert engine.restarts == 1  # after case 5; the process that died on case 10 restarts on the next call


def test_a_segfault_mid_case_is_never_resent(cleanup, tmp_path):
    engine = faulty("segfault", "--count", tmp_path / "runs")
    cleanup(engine)
    with pytest.raises(EngineFailure, match="killed by signal SIGSEGV while handling case 'segv'"):
        engine.run(bolt_case("segv"))
    assert (tmp_path / "runs").read_text().count("segv") == 1  # sent once, to one process


def test_exit_between_cases_is_logged_as_a_restart(cleanup):
    engine = faulty("exit-late")
    cleanup(engine)
    engine.run(bolt_case("bye"))
    time.sleep(0.5)
    assert_runs_normally(engine)
    assert engine.restarts == 1
    [reason] = engine.take_restarts()
    assert "exited with code 0 between cases" in reason
    assert engine.take_restarts() == []


def test_closed_input_fails_at_once_and_gives_up_after_five(cleanup):
    """An engine that closes its stdin after hello and keeps running can never answer: each case
    fails at once (broken pipe), and after five in a row the engine is given up for the run."""
    engine = faulty("close-stdin", timeout=30.0)
    cleanup(engine)
    start = time.monotonic()
    messages = []
    for number in range(7):
        with pytest.raises(EngineFailure) as info:
            engine.run(bolt_case(f"c{number}"))
        messages.append(str(info.value).split("\n", 1)[0])
    assert time.monotonic() - start < 20  # never the 30 s timeout
    assert all("closed its input" in m for m in messages[:5]), messages
    assert all(m.startswith("gave up on the engine: 5 cases in a row") for m in messages[5:]), messages


def test_hangs_give_up_after_five_in_a_row(cleanup):
    engine = faulty("hang-all", timeout=0.3)
    cleanup(engine)
    messages = []
    for number in range(7):
        with pytest.raises(EngineFailure) as info:
            engine.run(bolt_case(f"h{number}"))
        messages.append(str(info.value).split("\n", 1)[0])
    assert all("did not answer" in m for m in messages[:5]), messages
    assert all("gave up on the engine" in m for m in messages[5:]), messages


def test_an_unrequested_answer_fails_the_engine_not_the_next_case(cleanup):
    """A second answer to one case is output that answers no request: it is reported as such,
    and the next case runs on a fresh process instead of being judged against the stray line."""
    engine = faulty("duplicate-answer")
    cleanup(engine)
    assert engine.run(bolt_case("twice"))["results"][0]["status"] == "ok"
    time.sleep(0.2)  # the stray line has arrived
    with pytest.raises(EngineFailure, match="output that answers no request before case 'next' was sent"):
        engine.run(bolt_case("next"))
    assert_runs_normally(engine)
