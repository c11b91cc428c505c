"""The `mtg-conformance` command.

Each subcommand lives in its own module under `mtg_conformance.commands` and exposes
`register(subparsers)`; the parser is assembled from them so that adding a command never
means editing this file.
"""

from __future__ import annotations

import argparse
import importlib
import os
import pkgutil
import sys

from mtg_conformance import __version__, commands


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="mtg-conformance",
        description="Conformance suite for Magic: The Gathering rules engines.",
    )
    parser.add_argument("--version", action="version", version=f"%(prog)s {__version__}")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")
    for info in sorted(pkgutil.iter_modules(commands.__path__), key=lambda m: m.name):
        if info.name.startswith("_"):
            continue
        module = importlib.import_module(f"{commands.__name__}.{info.name}")
        module.register(sub)
    return parser


class Terminated(BaseException):
    """SIGTERM or SIGHUP arrived: unwind, so every `finally` stops the engines it started."""

    def __init__(self, signum: int):
        super().__init__(signum)
        self.signum = signum


def _terminate(signum, _frame) -> None:
    raise Terminated(signum)


def _stop_cleanly_on_termination() -> dict:
    """SIGTERM and SIGHUP unwind the command like Ctrl-C (certify installs its own handlers):
    by default they would end the process at once and leave its engine running."""
    import signal
    import threading

    if threading.current_thread() is not threading.main_thread():
        return {}
    previous = {}
    for name in ("SIGTERM", "SIGHUP"):
        sig = getattr(signal, name, None)
        if sig is not None and signal.getsignal(sig) == signal.SIG_DFL:
            previous[sig] = signal.signal(sig, _terminate)
    return previous


def main(argv: list[str] | None = None) -> int:
    import signal

    parser = build_parser()
    args = parser.parse_args(argv)
    if not getattr(args, "handler", None):
        parser.print_help()
        return 2
    from mtg_adapter import processes

    previous = _stop_cleanly_on_termination()
    children = processes.children()
    processes.become_subreaper()  # a helper that detached completely is still ours to end
    try:
        return int(args.handler(args) or 0)
    except KeyboardInterrupt:
        print("interrupted", file=sys.stderr)
        return 130
    except Terminated as exc:
        print(f"interrupted by {signal.Signals(exc.signum).name}", file=sys.stderr)
        return 128 + exc.signum
    except BrokenPipeError:  # output piped into `head` and closed early: not an error of ours
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return 0
    finally:
        processes.kill_new_children(children)  # nothing a command started outlives it
        for sig, handler in previous.items():
            signal.signal(sig, handler)


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
