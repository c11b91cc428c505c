"""The command line assembles its subcommands and answers --version."""

import subprocess
import sys


def test_version_prints_the_package_version():
    out = subprocess.run(
        [sys.executable, "-m", "mtg_conformance", "--version"], capture_output=True, text=True, check=True
    )
    assert out.stdout.strip().startswith("mtg-conformance 0.")


def test_output_piped_into_a_closed_pipe_ends_quietly():
    """`mtg-conformance coverage | head -1` must not end in a BrokenPipeError traceback.

    The reading end is closed before the command writes (it takes far longer to start), as
    when `head` has already exited."""
    proc = subprocess.Popen([sys.executable, "-m", "mtg_conformance", "coverage"],
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    proc.stdout.close()
    stderr = proc.stderr.read().decode()
    proc.wait(timeout=60)
    assert "Traceback" not in stderr and "BrokenPipeError" not in stderr
