"""Protocol 1 over JSON lines on stdin/stdout: `python -m reference_impl`.

The transport is the suite's one protocol server (mtg_adapter.server), so the reference engine
is served exactly as `mtg-conformance serve-reference` serves it.
"""

from __future__ import annotations

import sys

from mtg_adapter.server import serve_stdio

from .adapter import create_engine

if __name__ == "__main__":
    sys.exit(serve_stdio(create_engine()))
