"""The engine-neutral adapter: what generated tests import, and nothing of any engine.

- `params`: parameter expressions and `parameters(given)` (Hypothesis strategy) for properties;
- `compare`: the one comparator (partial views, exact check for illegal steps);
- `judge`: step-by-step verdicts of an answer against a scenario's expectations;
- `protocol` + `schema/protocol-1.schema.json`: protocol version 1 and answer checks;
- `engines`: `--engine` specs (registered name, `python:MODULE:FACTORY`, `cmd:COMMAND`);
- `client` / `server`: protocol 1 as JSON lines over a child process's stdin/stdout;
- `harness`: one engine per run, cases in, verdicts out (pytest-independent);
- `pytest_plugin`: the `conformance` fixture, markers, expectations, Hypothesis profiles.

ADAPTERS.md at the top of the repository is the engine author's guide.
"""

from mtg_adapter.protocol import PROTOCOL_VERSION

__all__ = ["PROTOCOL_VERSION"]
