"""The suite's exception base and its three kinds of failure.

Why one base: a caller (the CLI, a certification run, an engine author's script) must tell a
mistake in its own input from an engine that failed from a bug in the suite, and catch all
of the suite's deliberate errors at once without catching programming errors. Every
exception the suite raises on purpose derives from `ConformanceError` through exactly one kind:

- `InputError`: the user's input is wrong (a spec file, a known-failures file, an engine
  spec, a results file, a command-line value, an output folder). The message names the file,
  line and field where there is one; commands exit 2 with it, without a traceback, and
  write nothing.
- `EngineFailure`: the engine under test failed at the protocol level (it crashed, hung,
  answered garbage or out of turn, spoke another protocol, or did not start). The test or the
  run fails; it is never the suite's or the user's fault.
- `SuiteBug`: the suite contradicts itself (a scenario that is not a valid case, a generated
  value with no literal form). Reported as an error of the suite, never blamed on an engine.

Outside the hierarchy on purpose: a test's judged failure (`ConformanceFailure`, an
AssertionError so pytest reports it as a failed test), signals turned into exceptions
(`Terminated`, `Interrupted`) and `EngineBroken` (BaseException subclasses: they must pass
through the `except Exception` of Hypothesis and of user code to stop the run), and each
engine's own exceptions (reference_impl, phase_adapter), which are the engines' business.
"""

from __future__ import annotations


class ConformanceError(Exception):
    """Base of every error the suite raises on purpose."""


class InputError(ConformanceError):
    """The user's input is wrong; the message says where (file, line, field)."""


class EngineFailure(ConformanceError):
    """The engine under test failed (crash, hang, garbage, out-of-turn answer, protocol, start-up)."""


class SuiteBug(ConformanceError):
    """The suite contradicts itself; report it to the suite's maintainers."""
