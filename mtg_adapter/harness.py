"""The harness: one engine per run, cases in, verdicts out.

Independent of pytest so that the smoke command, benchmarks and certification share it.
Failures come in two kinds:

- the engine broke the protocol or its process failed (crash, hang, garbage, wrong seq,
  wrong protocol version, a malformed answer): `EngineBroken`, "the adapter is broken";
- the engine answered properly but got the rules wrong: a failing `StepVerdict`.

`EngineBroken` derives from BaseException on purpose: Hypothesis shrinks on ordinary
exceptions and pytest failures, and shrinking a property against a hanging engine would
rerun the timeout dozens of times. Pytest still reports it as a failed test.
"""

from __future__ import annotations

import json
import traceback

from mtg_adapter.client import DEFAULT_MAX_ANSWER_BYTES, DEFAULT_TIMEOUT, EngineFailure
from mtg_adapter.engines import EngineSpecError, resolve
from mtg_adapter.errors import SuiteBug
from mtg_adapter.judge import StepVerdict, failure_message, judge, split_steps
from mtg_adapter.params import ParamError, evaluate
from mtg_adapter.protocol import ProtocolError, check_case, check_hello_answer, check_run_answer


class EngineBroken(BaseException):
    """The engine (or its adapter) failed at the protocol level; the message says how."""


class ScenarioError(SuiteBug):
    """The scenario itself is malformed (a suite bug, not an engine failure)."""


RECORD_CHARS = 200  # each implementation string kept in a report
RECORD_FEATURES = 64  # features kept in a report (all of them still gate tests)


def _cut(value, limit: int = RECORD_CHARS):
    if isinstance(value, str) and len(value) > limit:
        return value[:limit] + f"... ({len(value)} characters)"
    return value


def bounded_hello(hello: dict) -> dict:
    """The hello answer as reports record it (per test): strings cut to RECORD_CHARS."""
    impl = hello.get("implementation") if isinstance(hello.get("implementation"), dict) else {}
    features = [_cut(f, 64) for f in list(hello.get("features") or [])[:RECORD_FEATURES]]
    return {"implementation": {k: _cut(v) for k, v in impl.items() if k in ("name", "version", "language", "homepage")},
            "protocol": hello.get("protocol"), "features": features}


class Harness:
    """Resolves the engine lazily, greets it, runs cases and judges answers."""

    def __init__(self, spec: str | None = None, timeout: float = DEFAULT_TIMEOUT,
                 max_answer_bytes: int = DEFAULT_MAX_ANSWER_BYTES):
        self.spec = spec
        self.timeout = timeout
        self.max_answer_bytes = max_answer_bytes
        self._engine = None
        self._hello: dict | None = None
        self._hello_engine_pid = None

    @property
    def engine(self):
        if self._engine is None:
            try:
                self._engine = resolve(self.spec, timeout=self.timeout, max_answer_bytes=self.max_answer_bytes)
            except EngineSpecError as exc:
                raise EngineBroken(str(exc)) from None
        return self._engine

    def hello(self) -> dict:
        """The engine's hello answer, checked (raises EngineBroken)."""
        engine = self.engine
        pid = getattr(engine, "pid", None)
        if self._hello is not None and pid == self._hello_engine_pid:
            return self._hello
        try:
            answer = engine.hello()
            check_hello_answer(answer)
        except EngineFailure as exc:
            raise EngineBroken(str(exc)) from None
        except ProtocolError as exc:
            raise EngineBroken(f"handshake failed: {exc}") from None
        except RecursionError:
            raise EngineBroken("handshake failed: the hello answer is nested too deeply") from None
        self._hello, self._hello_engine_pid = answer, getattr(engine, "pid", None)
        return answer

    def features(self) -> list[str]:
        return list(self.hello().get("features", []))

    def hello_record(self) -> dict:
        """What reports keep of the hello answer: bounded, however long the engine's strings."""
        return bounded_hello(self.hello())

    def run_case(self, case: dict) -> dict:
        """Send a case; return the schema-checked answer (raises EngineBroken)."""
        engine = self.engine
        try:
            answer = engine.run(case)
        except EngineFailure as exc:
            raise EngineBroken(str(exc)) from None
        except Exception as exc:  # an in-process engine raised: same as the server's errored answer
            detail = "".join(traceback.format_exception_only(type(exc), exc)).strip()
            answer = {"results": [{"status": "errored", "message": f"engine raised {detail}"}]}
        try:
            check_run_answer(answer, len(case["steps"]))
        except ProtocolError as exc:
            raise EngineBroken(f"malformed answer to case {case.get('id')!r}: {exc}") from None
        except RecursionError:
            raise EngineBroken(f"malformed answer to case {case.get('id')!r}: nested too deeply") from None
        return answer

    def build_case(self, case_id: str, setup: dict, steps: list[dict], params: dict | None = None):
        """Evaluate parameter expressions; return (case, steps with their expectations)."""
        if params is not None:
            try:
                setup = evaluate(setup, params, "setup")
                steps = evaluate(steps, params, "steps")
            except ParamError as exc:
                raise ScenarioError(f"parameter expression error: {exc}") from None
        case_steps, _ = split_steps(steps)
        case = {"id": case_id, "setup": setup, "steps": case_steps}
        try:
            check_case(case)
        except ProtocolError as exc:
            raise ScenarioError(f"the scenario is not a valid protocol-1 case (suite bug): {exc}") from None
        return case, steps

    def run_scenario(self, case_id: str, setup: dict, steps: list[dict], params: dict | None = None):
        """Run and judge one scenario: returns (verdicts, failure message or None)."""
        case, steps = self.build_case(case_id, setup, steps, params)
        answer = self.run_case(case)
        try:
            verdicts: list[StepVerdict] = judge(steps, answer)
        except RecursionError:
            raise EngineBroken(f"malformed answer to case {case_id!r}: nested too deeply to compare") from None
        message = failure_message(verdicts, len(steps))
        if message is not None and params is not None:
            message = f"with params {json.dumps(params, sort_keys=True)}\n{message}"
        return verdicts, message

    def take_restarts(self) -> list[str]:
        """Why the engine process was restarted since the last call (out-of-process engines only)."""
        engine = self._engine
        take = getattr(engine, "take_restarts", None) if engine is not None else None
        return list(take()) if callable(take) else []

    def close(self) -> None:
        """Stop the engine (never raises: the run is over)."""
        if self._engine is not None:
            try:
                self._engine.stop()
            except Exception:
                pass
            self._engine = None
