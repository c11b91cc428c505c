"""`mtg-conformance serve-reference [--engine SPEC]`: serve an in-process engine over stdin/stdout.

Why: the suite must pass out of process exactly as in process; serving the reference
engine over protocol 1 (`--engine 'cmd:mtg-conformance serve-reference'`) checks the whole
JSON-lines path, and it lets any Python engine run in its own process.
"""

from __future__ import annotations

import argparse
import sys


def register(subparsers: argparse._SubParsersAction) -> None:
    parser = subparsers.add_parser(
        "serve-reference",
        help="serve the reference engine (or another Python engine) over protocol 1 on stdin/stdout",
        description="Read protocol-1 requests (JSON lines) from stdin and answer on stdout until "
                    "`stop` or end of input. The engine's own output goes to stderr.",
    )
    parser.add_argument("--engine", default="reference", metavar="SPEC",
                        help="an in-process engine: a registered name (default: reference) or python:MODULE:FACTORY")
    parser.set_defaults(handler=run)


def run(args: argparse.Namespace) -> int:
    from mtg_adapter.engines import EngineSpecError, resolve
    from mtg_adapter.server import serve_stdio

    if args.engine.startswith("cmd:"):
        print("error: serve-reference serves in-process engines; a cmd: engine already speaks the protocol",
              file=sys.stderr)
        return 2
    try:
        engine = resolve(args.engine)
    except EngineSpecError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2
    return serve_stdio(engine)
