"""Serve an in-process Python engine over stdin/stdout (protocol 1, JSON lines).

This is how the suite checks its own out-of-process path (`cmd:mtg-conformance
serve-reference` must give exactly the in-process results), and how a Python engine can be
run in a separate process. Anything the engine prints goes to stderr: the real stdout is
reserved for protocol lines.
"""

from __future__ import annotations

import json
import os
import sys
import traceback
from typing import BinaryIO

from mtg_adapter.protocol import PROTOCOL_VERSION


def _dump(message: dict) -> bytes:
    return json.dumps(message, separators=(",", ":"), ensure_ascii=False).encode("utf-8") + b"\n"


def _errored(seq, message: str) -> dict:
    return {"seq": seq, "results": [{"status": "errored", "message": message}]}


def handle(engine, request: object) -> tuple[dict, bool]:
    """Answer one request; return (answer, keep_going)."""
    if not isinstance(request, dict):
        return {"error": "a request must be a JSON object"}, True
    cmd = request.get("cmd")
    if cmd == "hello":
        if request.get("protocol") != PROTOCOL_VERSION:
            print(f"harness asked for protocol {request.get('protocol')!r}; serving {PROTOCOL_VERSION}",
                  file=sys.stderr)
        return dict(engine.hello()), True
    if cmd == "run":
        seq = request.get("seq")
        case = request.get("case")
        if not isinstance(case, dict):
            return _errored(seq, "the run request has no case object"), True
        try:
            answer = engine.run(case)
            if not isinstance(answer, dict):
                raise TypeError(f"engine.run returned {type(answer).__name__}, not dict")
            _dump(answer)  # fail here, inside the try, if it is not JSON-serializable
        except Exception as exc:
            traceback.print_exc(file=sys.stderr)
            return _errored(seq, f"engine raised {type(exc).__name__}: {exc}"), True
        return {"seq": seq, **{k: v for k, v in answer.items() if k != "seq"}}, True
    if cmd == "stop":
        engine.stop()
        return {"ok": True}, False
    return {"error": f"unknown cmd {cmd!r} (protocol 1 knows hello, run, stop)"}, True


def serve(engine, infile: BinaryIO, outfile: BinaryIO) -> int:
    """Read requests from `infile` until `stop` or end of input; write answers to `outfile`."""
    for raw in infile:
        line = raw.strip()
        if not line:
            continue
        try:
            request = json.loads(line)
        except ValueError:
            answer, keep_going = {"error": f"not JSON: {line[:80]!r}"}, True
        else:
            answer, keep_going = handle(engine, request)
        outfile.write(_dump(answer))
        outfile.flush()
        if not keep_going:
            return 0
    engine.stop()
    return 0


def serve_stdio(engine) -> int:
    """Serve on the process's stdin/stdout; the engine's own prints are sent to stderr."""
    protocol_out = os.fdopen(os.dup(sys.stdout.fileno()), "wb")
    sys.stdout.flush()
    os.dup2(sys.stderr.fileno(), sys.stdout.fileno())  # fd 1 (C-level writes too) -> stderr
    sys.stdout = sys.stderr
    try:
        return serve(engine, sys.stdin.buffer, protocol_out)
    except BrokenPipeError:  # the harness went away: nobody is left to answer
        return 1
    finally:
        try:
            protocol_out.close()
        except BrokenPipeError:
            pass
