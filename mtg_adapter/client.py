"""Out-of-process engines: protocol 1 as JSON lines over a child process's stdin/stdout.

One long-lived process serves a whole run (one per pytest-xdist worker, since each worker
has its own session). Every answer is awaited with a timeout. When the process crashes,
hangs, writes something that is not JSON, answers out of turn (wrong `seq`) or speaks
another protocol version, the call raises `EngineFailure` with a specific message and the
last lines of the engine's stderr, the process is killed, and the next call starts a fresh
one: one broken case never takes the rest of the run down.

Reading uses a thread per pipe and a queue, so a silent engine can never block the harness.
"""

from __future__ import annotations

import collections
import json
import os
import queue
import shlex
import signal
import subprocess
import threading
import time
from typing import Any

from mtg_adapter.protocol import PROTOCOL_VERSION, ProtocolError, check_hello_answer

DEFAULT_TIMEOUT = 10.0
STDERR_LINES = 20
_EOF = object()


class EngineFailure(Exception):
    """The engine process failed (crash, hang, garbage, out-of-turn answer, protocol version)."""


class ProcessEngine:
    """An engine behind a command line, with the same hello/run/stop calls as in-process ones."""

    def __init__(self, argv: list[str], timeout: float = DEFAULT_TIMEOUT, env: dict | None = None):
        if not argv:
            raise ValueError("empty engine command")
        self.argv = list(argv)
        self.timeout = float(timeout)
        self.env = env
        self.restarts = 0
        self._proc: subprocess.Popen | None = None
        self._lines: queue.Queue = queue.Queue()
        self._stderr: collections.deque[str] = collections.deque(maxlen=STDERR_LINES)
        self._threads: list[threading.Thread] = []
        self._hello: dict | None = None
        self._seq = 0
        self._started_once = False

    # -- public calls ---------------------------------------------------------------------

    def hello(self) -> dict:
        """The engine's hello answer (the process is started and greeted if needed)."""
        self._ensure_started()
        assert self._hello is not None
        return self._hello

    def run(self, case: dict) -> dict:
        """Send one case; return the answer without `seq`. Raises EngineFailure."""
        self._ensure_started()
        self._seq += 1
        seq = self._seq
        what = f"case {case.get('id', '?')!r}" if isinstance(case, dict) else "the case"
        answer = self._request({"cmd": "run", "seq": seq, "case": case}, what)
        if not isinstance(answer, dict):
            self._fail(f"engine answered {what} with {_short(answer)}, which is not a JSON object")
        if "error" in answer and "seq" not in answer:
            self._fail(f"engine answered {what} with an error: {_short(answer['error'])}")
        if answer.get("seq") != seq:
            self._fail(
                f"engine answered out of turn: sent {what} with seq {seq}, "
                f"got an answer with seq {_short(answer.get('seq'))}"
            )
        return {k: v for k, v in answer.items() if k != "seq"}

    def stop(self) -> None:
        """Ask the engine to stop; kill it if it does not exit promptly. Never raises."""
        proc = self._proc
        if proc is None:
            return
        try:
            if proc.poll() is None:
                self._write({"cmd": "stop"})
                self._read(min(self.timeout, 5.0))
                proc.wait(timeout=min(self.timeout, 5.0))
        except (EngineFailure, OSError, subprocess.TimeoutExpired, ValueError):
            pass
        finally:
            self._kill()

    @property
    def pid(self) -> int | None:
        """The current process id (None when no process runs); tests use it to see restarts."""
        return self._proc.pid if self._proc is not None else None

    def stderr_tail(self) -> str:
        """The last lines the engine wrote to stderr."""
        return "\n".join(self._stderr)

    # -- process management ---------------------------------------------------------------

    def _ensure_started(self) -> None:
        if self._proc is not None and self._proc.poll() is None and self._hello is not None:
            return
        if self._proc is not None:
            # Died between cases: no case is to blame, so start afresh without failing one.
            self._kill()
        self._start()

    def _start(self) -> None:
        if self._started_once:
            self.restarts += 1
        self._started_once = True
        self._lines = queue.Queue()
        self._stderr.clear()
        self._seq = 0
        try:
            self._proc = subprocess.Popen(
                self.argv,
                stdin=subprocess.PIPE,
                stdout=subprocess.PIPE,
                stderr=subprocess.PIPE,
                env=self.env if self.env is not None else os.environ.copy(),
                start_new_session=os.name == "posix",  # its own process group: kill helpers too
            )
        except OSError as exc:
            self._proc = None
            raise EngineFailure(f"cannot start engine command {shlex.join(self.argv)!r}: {exc}") from None
        self._threads = [
            threading.Thread(target=self._pump_stdout, args=(self._proc.stdout, self._lines), daemon=True),
            threading.Thread(target=self._pump_stderr, args=(self._proc.stderr, self._stderr), daemon=True),
        ]
        for thread in self._threads:
            thread.start()
        answer = self._request({"cmd": "hello", "protocol": PROTOCOL_VERSION}, "hello")
        try:
            check_hello_answer(answer)
        except ProtocolError as exc:
            self._fail(f"handshake failed: {exc}")
        self._hello = answer

    @staticmethod
    def _pump_stdout(stream, lines: queue.Queue) -> None:
        try:
            for raw in iter(stream.readline, b""):
                lines.put(raw)
        except (OSError, ValueError):
            pass
        finally:
            lines.put(_EOF)

    @staticmethod
    def _pump_stderr(stream, tail: collections.deque) -> None:
        try:
            for raw in iter(stream.readline, b""):
                tail.append(raw.decode("utf-8", "replace").rstrip("\n"))
        except (OSError, ValueError):
            pass

    def _kill(self) -> None:
        proc, self._proc, self._hello = self._proc, None, None
        if proc is None:
            return
        if os.name == "posix":
            try:
                os.killpg(proc.pid, signal.SIGKILL)  # the engine and anything it spawned
            except (ProcessLookupError, PermissionError):
                pass
        if proc.poll() is None:
            proc.kill()
        try:
            proc.wait(timeout=5)
        except subprocess.TimeoutExpired:  # pragma: no cover - a process that survives SIGKILL
            pass
        for thread in self._threads:
            thread.join(timeout=1)
        for stream in (proc.stdin, proc.stdout, proc.stderr):
            try:
                if stream:
                    stream.close()
            except OSError:
                pass

    def _fail(self, message: str) -> None:
        """Kill the process, then raise EngineFailure with the stderr tail."""
        self._kill()
        tail = self.stderr_tail()
        text = message + "\n(the engine process was killed; the next case starts a new one)"
        if tail:
            text += f"\n--- last {len(self._stderr)} line(s) of the engine's stderr ---\n{tail}"
        else:
            text += "\n(the engine wrote nothing to stderr)"
        raise EngineFailure(text)

    # -- wire -----------------------------------------------------------------------------

    def _write(self, message: dict) -> None:
        assert self._proc is not None and self._proc.stdin is not None
        self._proc.stdin.write(json.dumps(message, separators=(",", ":")).encode("utf-8") + b"\n")
        self._proc.stdin.flush()

    def _read(self, timeout: float) -> Any:
        """The next line from the engine, or _EOF; raises queue.Empty on timeout."""
        return self._lines.get(timeout=timeout)

    def _request(self, message: dict, what: str) -> Any:
        try:
            self._write(message)
        except (BrokenPipeError, OSError, ValueError):
            pass  # the process is gone; the read below sees EOF and reports the exit code
        deadline = time.monotonic() + self.timeout
        while True:
            remaining = deadline - time.monotonic()
            try:
                raw = self._read(max(remaining, 0.0))
            except queue.Empty:
                self._fail(f"engine did not answer {what} within {self.timeout:g} s (--engine-timeout)")
            if raw is _EOF:
                self._fail(f"engine process {_describe_exit(self._exit_code())} while handling {what}")
            line = raw.strip()
            if not line:
                continue
            try:
                return json.loads(line)
            except ValueError:
                text = line.decode("utf-8", "replace")
                self._fail(
                    f"engine wrote a line that is not JSON while handling {what}: {_short(text)} "
                    "(stdout is reserved for protocol messages; log to stderr)"
                )

    def _exit_code(self) -> int | None:
        assert self._proc is not None
        try:
            return self._proc.wait(timeout=2)
        except subprocess.TimeoutExpired:
            return None


def _describe_exit(code: int | None) -> str:
    """`exited with code 3` / `was killed by signal SIGSEGV` / `closed its stdout`."""
    if code is None:
        return "closed its stdout"
    if code < 0:
        try:
            return f"was killed by signal {signal.Signals(-code).name}"
        except ValueError:
            return f"was killed by signal {-code}"
    return f"exited with code {code}"


def _short(value: Any, limit: int = 120) -> str:
    text = value if isinstance(value, str) else json.dumps(value)
    text = repr(text) if isinstance(value, str) else text
    return text if len(text) <= limit else text[:limit] + "..."
