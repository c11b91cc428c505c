"""Out-of-process engines: protocol 1 as JSON lines over a child process's stdin/stdout.

One long-lived process serves a whole run (one per pytest-xdist worker, since each worker
has its own session). Every wait is bounded: each answer by the timeout, each write by the
timeout, stopping by a few seconds. When the process crashes, hangs, writes something that
is not JSON (or JSON nested too deeply, or a line over the size limit), answers out of turn
(wrong `seq`) or speaks another protocol version, the call raises `EngineFailure` with a
specific message and the last lines of the engine's stderr, the process is killed, and the
next call starts a fresh one: one broken case never takes the rest of the run down.

A process that exits between cases (it never read the next request: the request's bytes are
all still in the pipe) is restarted and the request resent once, so no innocent case fails for
it. A process that read the case and then died (a crash, a signal, stdout closed) fails that
case: the case is never resent, so a crash is never hidden by a lucky second try. Every restart
is logged with its reason (`take_restarts`), so reports can show them. After `START_ATTEMPTS`
start-ups in a row that fail, the engine is not started again, and after `GIVE_UP_FAILURES`
consecutive cases lost to a hang or a closed input (each costs up to the timeout) neither: every
later call fails at once with one message saying so; a crash only restarts the engine (cheap).
Output that answers no request (a second answer, a line between cases) is a protocol failure of
the engine, never charged to the next case.

Reading uses a thread per pipe (raw reads, so a thread never holds a lock the harness needs)
and a queue, so a silent engine can never block the harness; killing takes the engine's
process group and every process that inherited its marker or holds its pipes (helpers that
called `setsid`), so nothing the harness started outlives it.
"""

from __future__ import annotations

import collections
import json
import os
import queue
import select
import shlex
import signal
import struct
import subprocess
import threading
import time
import weakref
from typing import Any

from mtg_adapter import processes
from mtg_adapter.defaults import DEFAULT_MAX_ANSWER_BYTES, DEFAULT_TIMEOUT, MAX_TIMEOUT, timeout_seconds  # noqa: F401 (re-exported)
from mtg_adapter.errors import EngineFailure
from mtg_adapter.protocol import PROTOCOL_VERSION, ProtocolError, check_hello_answer

START_ATTEMPTS = 3  # consecutive failed start-ups before the engine is given up for the run
INPUT_CHECK_INTERVAL = 0.5  # while waiting for an answer, how often to look for a closed engine input
GIVE_UP_FAILURES = 5  # consecutive cases lost to a hang or a closed input before giving up on the engine
STOP_GRACE = 2.0  # seconds an engine gets to exit after `stop` before it is killed
STDERR_LINES = 20
QUEUED_LINES = 256  # answer lines read ahead; a flood of output then waits in the pipe
STDERR_LINE_CHARS = 1000  # longer stderr lines are cut in failure messages
_CHUNK = 1 << 16
_EOF = object()


class _TooLong:
    """Queued instead of a line when an answer line exceeds the size limit."""

    def __init__(self, size: int):
        self.size = size


class _ExitedBeforeAnswer(Exception):
    """The process was gone before it answered a byte: the case may not be to blame."""

    def __init__(self, description: str):
        super().__init__(description)
        self.description = description


class ProcessEngine:
    """An engine behind a command line, with the same hello/run/stop calls as in-process ones."""

    def __init__(self, argv: list[str], timeout: float = DEFAULT_TIMEOUT, env: dict | None = None,
                 max_answer_bytes: int = DEFAULT_MAX_ANSWER_BYTES):
        if not argv:
            raise ValueError("empty engine command")
        self.argv = list(argv)
        self.timeout = timeout_seconds(timeout)
        self.env = env
        self.max_answer_bytes = int(max_answer_bytes)
        self.restarts = 0
        self._proc: subprocess.Popen | None = None
        self._lines: queue.Queue = queue.Queue()
        self._stderr: collections.deque[str] = collections.deque(maxlen=STDERR_LINES)
        self._threads: list[threading.Thread] = []
        self._hello: dict | None = None
        self._seq = 0
        self._started_once = False
        self._mark = ""
        self._pipes: set[str] = set()
        self._start_failures = 0
        self._last_start_failure = ""
        self._case_failures = 0  # consecutive cases lost to a hang or a closed input
        self._costly_failure = False  # the last failure cost a timeout (or would have)
        self._last_case_failure = ""
        self._restart_log: list[str] = []  # why each restart happened, until taken
        self._down_reason = ""  # why the process is gone (the reason of the next restart)
        self._reaper: weakref.finalize | None = None

    # -- public calls ---------------------------------------------------------------------

    def hello(self) -> dict:
        """The engine's hello answer (the process is started and greeted if needed)."""
        self._ensure_started()
        assert self._hello is not None
        return self._hello

    def run(self, case: dict) -> dict:
        """Send one case; return the answer without `seq`. Raises EngineFailure.

        If the process turns out to have exited before it read the case (it exited after the
        previous case), it is restarted and the case sent once more. A process that read the
        case and died fails it.
        """
        what = f"case {case.get('id', '?')!r}" if isinstance(case, dict) else "the case"
        if self._case_failures >= GIVE_UP_FAILURES:
            raise EngineFailure(
                f"gave up on the engine: {self._case_failures} cases in a row were lost to a hang or a closed "
                f"input, so it is not started again in this run (the first line of the last failure: "
                f"{self._last_case_failure})"
            )
        for attempt in (1, 2):
            self._ensure_started()
            self._seq += 1
            seq = self._seq
            try:
                answer = self._request({"cmd": "run", "seq": seq, "case": case}, what, retry=attempt == 1)
            except _ExitedBeforeAnswer as exc:
                self._kill(f"the engine process {exc.description} between cases, before reading {what}")
                continue
            except EngineFailure as exc:
                if self._costly_failure:
                    self._case_failures += 1
                    self._last_case_failure = str(exc).split("\n", 1)[0]
                else:
                    self._case_failures = 0
                raise
            break
        self._case_failures = 0
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

    def take_restarts(self) -> list[str]:
        """The reasons of the restarts since the last call (each restart once), oldest first."""
        log, self._restart_log = self._restart_log, []
        return log

    def stop(self) -> None:
        """Ask the engine to stop; kill it (and its helpers) after STOP_GRACE s. Never raises."""
        proc = self._proc
        if proc is None:
            return
        grace = min(self.timeout, STOP_GRACE)
        try:
            if proc.poll() is None:
                self._write({"cmd": "stop"}, grace)
                self._read(grace)
                proc.wait(timeout=grace)
        except (EngineFailure, OSError, subprocess.TimeoutExpired, ValueError, queue.Empty):
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
            code = self._proc.poll()
            self._kill(f"the engine process {_describe_exit(code)} between cases")
        if self._start_failures >= START_ATTEMPTS:
            raise EngineFailure(
                f"gave up on the engine: it failed to start {self._start_failures} times in a row, "
                f"so it is not started again in this run (the first line of the last failure: "
                f"{self._last_start_failure})"
            )
        try:
            self._start()
        except EngineFailure as exc:
            self._start_failures += 1
            self._last_start_failure = str(exc).split("\n", 1)[0]
            raise
        self._start_failures = 0

    def _start(self) -> None:
        if self._started_once:
            self.restarts += 1
            self._restart_log.append(self._down_reason or "the engine process was stopped")
        self._started_once = True
        self._down_reason = ""
        self._lines = queue.Queue(maxsize=QUEUED_LINES)
        self._stderr = collections.deque(maxlen=STDERR_LINES)
        self._seq = 0
        self._mark = processes.new_mark()
        env = dict(self.env if self.env is not None else os.environ)
        env[processes.ENGINE_MARK] = self._mark
        try:
            self._proc = subprocess.Popen(
                self.argv,
                stdin=subprocess.PIPE,
                stdout=subprocess.PIPE,
                stderr=subprocess.PIPE,
                bufsize=0,
                env=env,
                start_new_session=os.name == "posix",  # its own process group: kill helpers too
                preexec_fn=processes.die_with_parent(signal.SIGKILL),  # the harness gone: nobody reads it
            )
        except OSError as exc:
            self._proc = None
            raise EngineFailure(f"cannot start engine command {shlex.join(self.argv)!r}: {exc}") from None
        proc = self._proc
        self._pipes = processes.pipe_ids(proc.stdin.fileno(), proc.stdout.fileno(), proc.stderr.fileno())
        # if the harness never calls stop() (a crash, a forgotten engine), kill the tree at exit
        self._reaper = weakref.finalize(self, processes.kill_tree, proc.pid,
                                        (processes.ENGINE_MARK, self._mark), set(self._pipes))
        self._threads = [
            threading.Thread(target=_pump_stdout, args=(proc.stdout, self._lines, self.max_answer_bytes),
                             daemon=True, name="engine-stdout"),
            threading.Thread(target=_pump_stderr, args=(proc.stderr, self._stderr), daemon=True,
                             name="engine-stderr"),
        ]
        for thread in self._threads:
            thread.start()
        answer = self._request({"cmd": "hello", "protocol": PROTOCOL_VERSION}, "hello")
        try:
            check_hello_answer(answer)
        except ProtocolError as exc:
            self._fail(f"handshake failed: {exc}")
        except RecursionError:
            self._fail("handshake failed: the hello answer is nested too deeply")
        self._hello = answer

    def _kill(self, reason: str = "") -> None:
        """Kill the engine, its group and its escaped helpers; every wait here is bounded.

        `reason` is why the process goes (it becomes the reason of the next restart)."""
        proc, self._proc, self._hello = self._proc, None, None
        if proc is None:
            return
        self._down_reason = reason or self._down_reason
        if self._reaper is not None:
            self._reaper.detach()
        processes.kill_tree(proc.pid, (processes.ENGINE_MARK, self._mark), self._pipes)
        if proc.poll() is None:
            proc.kill()
        try:
            proc.wait(timeout=5)
        except subprocess.TimeoutExpired:  # pragma: no cover - a process that survives SIGKILL
            pass
        deadline = time.monotonic() + 1.0
        for thread in self._threads:  # the pump threads close their own pipes when they end
            while thread.is_alive() and time.monotonic() < deadline:
                _drain(self._lines)  # a pump blocked on a full queue must get to its end
                thread.join(timeout=0.05)
        try:
            if proc.stdin:
                proc.stdin.close()
        except OSError:
            pass

    def _fail(self, message: str) -> None:
        """Kill the process, then raise EngineFailure with the stderr tail."""
        self._kill("killed after a failure: " + message.split("\n", 1)[0][:200])
        tail = self.stderr_tail()
        text = message + "\n(the engine process was killed; the next case starts a new one)"
        if tail:
            text += f"\n--- last {len(self._stderr)} line(s) of the engine's stderr ---\n{tail}"
        else:
            text += "\n(the engine wrote nothing to stderr)"
        raise EngineFailure(text)

    # -- wire -----------------------------------------------------------------------------

    def _write(self, message: dict, timeout: float) -> int:
        """Write one request line, waiting at most `timeout` s for the engine to take it.

        Returns the number of bytes written (the whole line)."""
        assert self._proc is not None and self._proc.stdin is not None
        data = json.dumps(message, separators=(",", ":")).encode("utf-8") + b"\n"
        fd = self._proc.stdin.fileno()
        os.set_blocking(fd, False)
        deadline = time.monotonic() + timeout
        view = memoryview(data)
        while view:
            remaining = deadline - time.monotonic()
            if remaining <= 0:
                raise TimeoutError(f"the engine did not read its input within {timeout:g} s")
            _, writable, _ = select.select([], [fd], [], remaining)
            if not writable:
                continue
            try:
                view = view[os.write(fd, view):]
            except BlockingIOError:
                continue
        return len(data)

    def _read(self, timeout: float) -> Any:
        """The next line from the engine, _EOF or _TooLong; raises queue.Empty on timeout."""
        return self._lines.get(timeout=timeout)

    def _request(self, message: dict, what: str, retry: bool = False) -> Any:
        deadline = time.monotonic() + self.timeout
        self._costly_failure = False
        self._drain_unrequested(what)
        written = 0  # bytes of the request in the pipe (0: the engine was gone before it took any)
        try:
            written = self._write(message, self.timeout)
        except TimeoutError:
            self._costly_failure = True
            self._fail(f"engine did not read {what} within {self.timeout:g} s (--engine-timeout)")
        except (BrokenPipeError, OSError, ValueError):
            # The engine closed its input. If it is exiting, the read below sees EOF and reports the
            # exit; one that closed its input and keeps running fails at once (it can never answer).
            if self._still_running(0.5):
                self._costly_failure = True
                self._fail(f"engine closed its input (broken pipe) before reading {what}, and keeps running")
        answered = False  # any bytes of an answer seen yet
        while True:
            remaining = deadline - time.monotonic()
            try:
                raw = self._read(max(min(remaining, INPUT_CHECK_INTERVAL), 0.0))
            except queue.Empty:
                if remaining > INPUT_CHECK_INTERVAL:
                    if not answered and self._input_closed():
                        self._costly_failure = True
                        self._fail(f"engine closed its input (broken pipe) while handling {what}, and keeps "
                                   "running")
                    continue
                self._costly_failure = True
                self._fail(f"engine did not answer {what} within {self.timeout:g} s (--engine-timeout)")
            if raw is _EOF:
                code = self._exit_code()
                exit_text = _describe_exit(code)
                if retry and not answered and self._never_read(written, code):
                    raise _ExitedBeforeAnswer(exit_text)
                again = " (on a fresh process too)" if not retry and what != "hello" else ""
                self._fail(f"engine process {exit_text} while handling {what}{again}")
            if isinstance(raw, _TooLong):
                self._fail(
                    f"engine wrote an answer line over {self.max_answer_bytes} bytes while handling {what} "
                    f"(the limit; {raw.size} bytes read without a newline)"
                )
            line = raw.strip()
            if not line:
                continue
            answered = True
            try:
                return json.loads(line)
            except RecursionError:
                self._fail(f"engine wrote JSON nested too deeply to read while handling {what} "
                           f"({len(line)} bytes; the harness reads at most a few hundred levels)")
            except ValueError:
                text = line.decode("utf-8", "replace")
                self._fail(
                    f"engine wrote a line that is not JSON while handling {what}: {_short(text)} "
                    "(stdout is reserved for protocol messages; log to stderr)"
                )

    def _input_closed(self) -> bool:
        """Whether the engine closed its end of our request pipe (it can never read a request)."""
        stdin = self._proc.stdin if self._proc is not None else None
        if stdin is None or not hasattr(select, "poll"):
            return False
        poller = select.poll()
        try:
            poller.register(stdin.fileno(), select.POLLOUT)
            events = poller.poll(0)
        except (OSError, ValueError):
            return False
        return any(mask & (select.POLLERR | select.POLLHUP) for _, mask in events)

    def _still_running(self, wait: float) -> bool:
        try:
            self._proc.wait(timeout=wait)
        except subprocess.TimeoutExpired:
            return True
        return False

    def _never_read(self, written: int, code: int | None) -> bool:
        """Whether the engine, now gone, never read the request: only then may it be resent.

        Where the pipe can tell (Linux, macOS: the bytes still unread in it), that decides; elsewhere
        only a clean exit (code 0) counts as leaving between cases, a crash fails the case.
        """
        if written == 0:
            return True  # nothing reached the pipe: the engine had closed its input already
        unread = _unread_bytes(self._proc.stdin.fileno()) if self._proc and self._proc.stdin else None
        if unread is not None:
            return unread >= written
        return code == 0

    def _drain_unrequested(self, what: str) -> None:
        """Fail the engine on any output that answers no request (never charge it to the next case);
        blank lines are skipped."""
        while True:
            try:
                raw = self._lines.get_nowait()
            except queue.Empty:
                return
            if raw is _EOF:
                self._lines.put(raw)  # the process is gone: the request's own read reports it
                return
            if isinstance(raw, _TooLong) or raw.strip():
                shown = f"a line over {raw.size} bytes" if isinstance(raw, _TooLong) else _short(
                    raw.decode("utf-8", "replace").strip())
                self._fail(f"engine wrote output that answers no request before {what} was sent: {shown} "
                           "(a second answer, or a line between cases; each request gets exactly one answer "
                           "line)")

    def _exit_code(self) -> int | None:
        assert self._proc is not None
        try:
            return self._proc.wait(timeout=2)
        except subprocess.TimeoutExpired:
            return None


def _pump_stdout(stream, lines: queue.Queue, limit: int) -> None:
    """Queue each line of `stream` (bytes), then _EOF; a line over `limit` bytes ends reading."""
    fd = stream.fileno()
    parts: list[bytes] = []  # the line being read, in chunks (joined once it is complete)
    size = 0
    try:
        while True:
            chunk = os.read(fd, _CHUNK)
            if not chunk:
                if parts:
                    lines.put(b"".join(parts))
                break
            while chunk:
                head, newline, chunk = chunk.partition(b"\n")
                parts.append(head)
                size += len(head)
                if size > limit:
                    lines.put(_TooLong(size))
                    return
                if newline:
                    lines.put(b"".join(parts) + b"\n")
                    parts, size = [], 0
    except (OSError, ValueError):
        pass
    finally:
        try:
            lines.put(_EOF, timeout=5)  # nobody reading a full queue any more: the engine is gone
        except queue.Full:
            pass
        _close(stream)


def _unread_bytes(fd: int) -> int | None:
    """Bytes written to a pipe and not yet read by the other end (None where the OS can't say)."""
    try:
        import fcntl
        import termios
        return struct.unpack("i", fcntl.ioctl(fd, termios.FIONREAD, b"\0\0\0\0"))[0]
    except (ImportError, OSError, AttributeError):
        return None


def _drain(lines: queue.Queue) -> None:
    try:
        while True:
            lines.get_nowait()
    except queue.Empty:
        pass


def _pump_stderr(stream, tail: collections.deque) -> None:
    """Keep the last lines of `stream`, each cut to STDERR_LINE_CHARS."""
    fd = stream.fileno()
    pending = b""
    try:
        while True:
            chunk = os.read(fd, _CHUNK)
            if not chunk:
                break
            pending += chunk
            *complete, pending = pending.split(b"\n")
            for line in complete:
                tail.append(_cut(line))
            if len(pending) > STDERR_LINE_CHARS * 4:
                tail.append(_cut(pending))
                pending = b""
        if pending:
            tail.append(_cut(pending))
    except (OSError, ValueError):
        pass
    finally:
        _close(stream)


def _cut(raw: bytes) -> str:
    text = raw[: STDERR_LINE_CHARS * 4].decode("utf-8", "replace").rstrip("\r")
    if len(text) > STDERR_LINE_CHARS or len(raw) > STDERR_LINE_CHARS * 4:
        return text[:STDERR_LINE_CHARS] + f"... ({len(raw)} bytes)"
    return text


def _close(stream) -> None:
    try:
        stream.close()
    except OSError:
        pass


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
    try:
        text = value if isinstance(value, str) else json.dumps(value)
    except (RecursionError, ValueError, TypeError):
        text = f"<{type(value).__name__}>"
    text = repr(text[: limit * 2]) if isinstance(value, str) else text
    return text if len(text) <= limit else text[:limit] + "..."
