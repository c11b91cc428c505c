"""`mtg-conformance test [--] [PYTEST ARGS]`: run the suite installed with this package under pytest.

Why: an engine author's project has no copy of the suite; this finds the shipped one (or the
checkout's) and hands every other argument to pytest, e.g.
`mtg-conformance test -- --engine 'cmd:./my-engine' -k kicker -x`.
"""

from __future__ import annotations

import argparse
import subprocess
import sys


def register(subparsers) -> None:
    parser = subparsers.add_parser(
        "test", help="run the installed generated suite with pytest (arguments after -- go to pytest)",
        description="Run the generated suite shipped with this package under pytest, from any folder. "
                    "Everything after `--` is passed to pytest (--engine SPEC, --expectations FILE, -k, -m, -x, "
                    "--junitxml ...). The exit code is pytest's.")
    parser.add_argument("pytest_args", nargs=argparse.REMAINDER, metavar="-- PYTEST ARGS")
    parser.set_defaults(handler=_handle)


def _handle(args: argparse.Namespace) -> int:
    from mtg_adapter import suite_files

    suite = suite_files.tests_dir()
    if suite is None:
        print(f"mtg-conformance test: error: no generated suite found in {suite_files.where_to_look()}",
              file=sys.stderr)
        return 2
    extra = list(args.pytest_args)
    if extra[:1] == ["--"]:
        extra = extra[1:]
    return subprocess.call([sys.executable, "-m", "pytest", str(suite), "-p", "no:cacheprovider", *extra])
