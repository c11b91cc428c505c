"""The engine-neutral adapter: what generated tests import, and nothing of any engine.

- `params`: parameter expressions and `parameters(given)` (Hypothesis strategy) for properties;
- `compare`: the one comparator (partial views, exact check for illegal steps);
- `judge`: step-by-step verdicts of an answer against a scenario's expectations;
- `protocol` + `schema/protocol-1.schema.json`: protocol version 1 and answer checks;
- `engines`: `--engine` specs (registered name, `python:MODULE:FACTORY`, `cmd:COMMAND`);
- `client` / `server`: protocol 1 as JSON lines over a child process's stdin/stdout;
- `harness`: one engine per run, cases in, verdicts out (pytest-independent);
- `pytest_plugin`: the `conformance` fixture, markers, expectations (inert in runs without
  conformance tests); `hypothesis_profiles`: the suite's "ci" and "dev" Hypothesis profiles.

ADAPTERS.md at the top of the repository is the engine author's guide.
"""

__all__ = ["PROTOCOL_VERSION"]


def __getattr__(name: str):
    # Lazy: importing the package (as the pytest plugin does in every pytest run where this
    # package is installed) must not import the protocol checks and jsonschema.
    if name == "PROTOCOL_VERSION":
        from mtg_adapter.protocol import PROTOCOL_VERSION

        return PROTOCOL_VERSION
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
