"""Protocol 1 over JSON lines on stdin/stdout: `python -m reference_impl`."""

from __future__ import annotations

import json
import sys

from .adapter import create_engine


def serve(inp=sys.stdin, out=sys.stdout) -> int:
    engine = create_engine()
    for line in inp:
        line = line.strip()
        if not line:
            continue
        try:
            msg = json.loads(line)
        except json.JSONDecodeError as e:
            reply = {"error": f"bad JSON: {e}"}
        else:
            cmd = msg.get("cmd") if isinstance(msg, dict) else None
            if cmd == "hello":
                reply = engine.hello()
            elif cmd == "run":
                reply = {"seq": msg.get("seq"), **engine.run(msg.get("case"))}
            elif cmd == "stop":
                engine.stop()
                out.write(json.dumps({"ok": True}) + "\n")
                out.flush()
                return 0
            else:
                reply = {"error": f"unknown command {cmd!r}"}
        out.write(json.dumps(reply) + "\n")
        out.flush()
    return 0


if __name__ == "__main__":
    sys.exit(serve())
