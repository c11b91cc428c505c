"""--engine-timeout takes a finite number of seconds above 0: nan (an endless wait that orphaned
the engine), inf (a traceback), 0 and negatives are usage errors in every command and in pytest."""

import argparse
import subprocess
import sys
from pathlib import Path

import pytest

from mtg_adapter.client import MAX_TIMEOUT, ProcessEngine, timeout_seconds

ROOT = Path(__file__).resolve().parent.parent
BAD = ["nan", "inf", "-inf", "0", "-1", "1e400", str(MAX_TIMEOUT * 2), "soon"]


@pytest.mark.parametrize("text", BAD)
def test_bad_timeouts_are_refused(text):
    with pytest.raises(argparse.ArgumentTypeError):
        timeout_seconds(text)


def test_good_timeouts_pass_through():
    assert timeout_seconds("0.5") == 0.5 and timeout_seconds("30") == 30.0 and timeout_seconds(2) == 2.0


def test_the_client_refuses_a_bad_timeout_from_python_too():
    with pytest.raises(argparse.ArgumentTypeError):
        ProcessEngine([sys.executable, "-c", "pass"], timeout=float("nan"))


@pytest.mark.parametrize("command", [["certify", "--engine", "reference"], ["smoke"],
                                     ["replay", "kicker/x::y"], ["fuzz", "--engine", "reference"]])
@pytest.mark.parametrize("text", ["nan", "inf", "0", "-3"])
def test_every_command_exits_2_on_a_bad_timeout(command, text, tmp_path):
    done = subprocess.run([sys.executable, "-m", "mtg_conformance", *command, "--engine-timeout", text],
                          capture_output=True, text=True, timeout=60, cwd=tmp_path)
    assert done.returncode == 2, done.stdout + done.stderr
    assert "--engine-timeout" in done.stderr and "Traceback" not in done.stderr


def test_pytest_reports_a_bad_timeout_as_a_usage_error(tmp_path):
    done = subprocess.run([sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider",
                           str(ROOT / "generated_tests" / "test_kicker_rulings_fr.py"), "--engine-timeout", "nan"],
                          capture_output=True, text=True, timeout=60, cwd=tmp_path)
    assert done.returncode == 4, done.stdout + done.stderr
    assert "--engine-timeout" in done.stderr and "Traceback" not in done.stderr
