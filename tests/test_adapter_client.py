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
    # it died before answering a byte, so the case was resent once to a fresh process
    assert "exited with code 70 while handling case 'boom' (on a fresh process too)" in message
    assert "panic: index out of range in resolve()" in message
    assert "running boom" in message  # earlier stderr lines are part of the tail
    assert_runs_normally(engine)
    assert engine.pid != first_pid and engine.restarts == 2


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
