"""The command line assembles its subcommands and answers --version."""

import subprocess
import sys


def test_version_prints_the_package_version():
    out = subprocess.run(
        [sys.executable, "-m", "mtg_conformance", "--version"], capture_output=True, text=True, check=True
    )
    assert out.stdout.strip().startswith("mtg-conformance 0.")
