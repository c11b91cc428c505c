"""The hello handshake: prove the engine starts and learn its name, version and features
before spending minutes on the suite (a dead engine is exit 2, not a wall of failures).

Engine specs are resolved by the adapter (`mtg_adapter.engines.resolve`), exactly as the pytest
plugin resolves --engine, so certify and the suite can never disagree about what a spec means.
"""

from __future__ import annotations

from mtg_adapter.client import DEFAULT_TIMEOUT
from mtg_adapter.errors import EngineFailure
from mtg_adapter.harness import bounded_hello

PROTOCOL = 1


class EngineError(EngineFailure):
    """The engine spec is bad, or the engine does not start or answer hello properly."""


PROBE_CASE = {
    "id": "certify::probe",
    "setup": {"players": {"alice": {"hand": [{"card": "Lightning Bolt", "label": "bolt"}], "mana": "{R}"}}},
    "steps": [{"cast": {"card": "bolt", "targets": ["bob"], "pay": "{R}"}}, {"resolve": {}}],
}
PROBE_RUNS = 3


def handshake(spec: str, timeout: float = DEFAULT_TIMEOUT) -> dict:
    """hello -> the `engine` block of results.json; EngineError with a clear reason otherwise."""
    return handshake_and_probe(spec, timeout, probe=False)[0]


def handshake_and_probe(spec: str, timeout: float = DEFAULT_TIMEOUT, probe: bool = True) -> tuple[dict, float | None]:
    """The handshake, and (with `probe`) the engine's wall time for one core case (the best of
    PROBE_RUNS, None if it fails): what decides whether parallel workers would pay."""
    from mtg_adapter import engines

    if not spec or not spec.strip():
        raise EngineError("--engine: empty engine spec")
    try:
        engine = engines.resolve(spec, timeout=timeout)
    except Exception as exc:  # noqa: BLE001 - EngineSpecError, or the engine's own crash while starting
        raise EngineError(str(exc)) from None
    seconds = None
    try:
        hello = engine.hello()
        if probe:
            seconds = _probe(engine)
    except Exception as exc:  # noqa: BLE001 - any failure to greet is a start-up failure
        raise EngineError(f"engine {spec!r}: hello failed: {type(exc).__name__}: {exc}") from None
    finally:
        try:
            engine.stop()
        except Exception:  # noqa: BLE001 - stopping a broken engine must not hide why it broke
            pass
    return engine_block(spec, hello), seconds


def _probe(engine) -> float | None:
    import time

    best = None
    for _ in range(PROBE_RUNS):
        start = time.perf_counter()
        try:
            engine.run(PROBE_CASE)
        except Exception:  # noqa: BLE001 - a probe that fails decides nothing
            return None
        elapsed = time.perf_counter() - start
        best = elapsed if best is None else min(best, elapsed)
    return best


def engine_block(spec: str, hello) -> dict:
    """Check the hello answer's shape (protocol 1) and keep what results.json records."""
    if not isinstance(hello, dict):
        raise EngineError(f"engine {spec!r}: hello answer is not an object")
    impl = hello.get("implementation")
    if not isinstance(impl, dict) or not isinstance(impl.get("name"), str):
        raise EngineError(f"engine {spec!r}: hello answer has no implementation.name")
    if hello.get("protocol") != PROTOCOL:
        raise EngineError(f"engine {spec!r}: speaks protocol {hello.get('protocol')!r}, this suite needs {PROTOCOL}")
    features = hello.get("features", [])
    if not isinstance(features, list) or not all(isinstance(f, str) for f in features):
        raise EngineError(f"engine {spec!r}: hello answer's features must be a list of strings")
    kept = bounded_hello({"implementation": impl, "features": features})["implementation"]
    return {
        "spec": spec,
        "name": kept["name"],
        "version": str(kept.get("version", "")),
        "language": kept.get("language"),
        "homepage": kept.get("homepage"),
        "protocol": PROTOCOL,
        "features": sorted({f[:64] for f in features}),
    }
