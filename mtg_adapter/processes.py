"""Find and kill every process the harness started, including ones that escaped its group.

Why: an engine may leave helpers behind, and a helper that called `setsid` leaves the
engine's process group, so killing the group misses it; if it still holds the engine's
stdout, the harness would wait for an end of file that never comes. Each engine (and each
certify run) therefore gets a marker in its environment, which children inherit, and at the
end every process carrying the marker, or holding one of the engine's pipes, is killed.

Linux only (it reads /proc); elsewhere only the process group is killed.
"""

from __future__ import annotations

import os
import signal
import uuid
from pathlib import Path

ENGINE_MARK = "MTG_CONFORMANCE_ENGINE_MARK"  # one value per engine process started
RUN_MARK = "MTG_CONFORMANCE_RUN_MARK"  # one value per certify run (its pytest and engines)
PROC = Path("/proc")


def new_mark() -> str:
    """A fresh marker value for the environment of a process tree."""
    return uuid.uuid4().hex


def pipe_ids(*fds: int | None) -> set[str]:
    """`pipe:[inode]` names of our ends of pipes, as /proc/PID/fd links show them."""
    names = set()
    for fd in fds:
        if fd is None:
            continue
        try:
            names.add(os.readlink(f"/proc/self/fd/{fd}"))
        except OSError:
            pass
    return {n for n in names if n.startswith("pipe:")}


def marked_processes(name: str, value: str, pipes: set[str] = frozenset()) -> set[int]:
    """Pids (not ours) whose environment has name=value, or that hold one of `pipes`."""
    if not PROC.is_dir():
        return set()
    wanted = f"{name}={value}".encode()
    me = os.getpid()
    found = set()
    for entry in PROC.iterdir():
        if not entry.name.isdigit() or int(entry.name) == me:
            continue
        pid = int(entry.name)
        try:
            if wanted in (entry / "environ").read_bytes().split(b"\0"):
                found.add(pid)
                continue
        except OSError:
            pass
        if pipes and _holds(entry, pipes):
            found.add(pid)
    return found


def _holds(entry: Path, pipes: set[str]) -> bool:
    try:
        for fd in (entry / "fd").iterdir():
            try:
                if os.readlink(fd) in pipes:
                    return True
            except OSError:
                continue
    except OSError:
        pass
    return False


def kill_tree(pid: int | None, mark: tuple[str, str] | None = None, pipes: set[str] = frozenset()) -> None:
    """SIGKILL the group `pid` leads and every process carrying `mark` or holding `pipes`.

    Repeated a few times: a process may fork between the scan and the kill.
    """
    if pid is not None and os.name == "posix":
        try:  # the engine leads its own session: its group id is its pid, even once it is dead
            os.killpg(pid, signal.SIGKILL)
        except (ProcessLookupError, PermissionError):
            pass
    if mark is None or os.name != "posix":
        return
    for _ in range(3):
        pids = marked_processes(*mark, pipes=pipes)
        if not pids:
            return
        for other in pids:
            _kill_with_group(other)


def _kill_with_group(pid: int) -> None:
    """SIGKILL `pid` and the process group it is in (never our own group)."""
    _killpg(pid)
    try:
        os.kill(pid, signal.SIGKILL)
    except (ProcessLookupError, PermissionError):
        pass


def _killpg(pid: int) -> None:
    if os.name != "posix":
        return
    try:
        pgid = os.getpgid(pid)
    except (ProcessLookupError, PermissionError):
        return
    if pgid == os.getpgrp():  # never our own group
        return
    try:
        os.killpg(pgid, signal.SIGKILL)
    except (ProcessLookupError, PermissionError):
        pass


# -- processes that must not outlive the harness -------------------------------------------

_PR_SET_PDEATHSIG = 1
_PR_SET_CHILD_SUBREAPER = 36


_PRCTL: list = []  # prctl(2), resolved once in the parent (never dlopen in a forked child)


def _prctl_function():
    if not _PRCTL:
        function = None
        if os.path.exists("/proc/self"):
            try:
                import ctypes

                function = ctypes.CDLL(None, use_errno=True).prctl
            except (OSError, AttributeError):
                function = None
        _PRCTL.append(function)
    return _PRCTL[0]


def _prctl(option: int, value: int) -> bool:
    """prctl(2) on Linux; False where it is not available."""
    function = _prctl_function()
    return function is not None and function(option, value, 0, 0, 0) == 0


def die_with_parent(sig: int = signal.SIGTERM):
    """A `preexec_fn` that has the child get `sig` when its parent dies (Linux), else None.

    Why: if the harness is killed outright (SIGKILL, a closed terminal), its children would run
    on with nobody to stop them; with this they are told to stop at once. Only for children
    started from the main thread (the signal follows the thread that started the child).
    """
    import threading

    prctl = _prctl_function()
    if prctl is None or threading.current_thread() is not threading.main_thread():
        return None
    parent, number = os.getpid(), int(sig)

    def preexec() -> None:  # runs in the forked child: nothing here imports or loads a library
        prctl(_PR_SET_PDEATHSIG, number, 0, 0, 0)
        if os.getppid() != parent:  # the parent died before prctl took effect
            os.kill(os.getpid(), number)
    return preexec


def become_subreaper() -> bool:
    """Adopt every orphaned descendant (Linux): a helper that detached completely (setsid, cleared
    environment, closed fds) is then still our child, so `kill_new_children` finds it."""
    return _prctl(_PR_SET_CHILD_SUBREAPER, 1)


def children() -> set[int]:
    """Pids of this process's living children (Linux; empty elsewhere)."""
    if not PROC.is_dir():
        return set()
    me, found = os.getpid(), set()
    for entry in PROC.iterdir():
        if not entry.name.isdigit():
            continue
        try:
            stat = (entry / "stat").read_text()
        except OSError:
            continue
        fields = stat.rsplit(")", 1)[-1].split()
        if len(fields) > 2 and fields[1] == str(me) and fields[0] != "Z":
            found.add(int(entry.name))
    return found


def kill_children() -> None:
    """SIGKILL every living child with its process group (never ours); their owners reap them."""
    for pid in children():
        _kill_with_group(pid)


def kill_new_children(before: set[int]) -> list[int]:
    """SIGKILL (with their groups) our children that were not children at `before`; reap them.

    Repeated: killing an adopted orphan may hand us its own children."""
    killed: list[int] = []
    for _ in range(5):
        new = children() - before
        if not new:
            break
        for pid in new:
            _kill_with_group(pid)
            killed.append(pid)
        for pid in new:
            try:
                os.waitpid(pid, 0)
            except (ChildProcessError, OSError):
                pass
    return killed
