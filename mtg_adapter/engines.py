"""Resolve an engine spec (the `--engine` option) to an engine object.

Specs:
- a registered name: an entry point in the group `mtg_conformance.engines` whose value is a
  factory returning an engine (`reference` is the default, `reference_impl.adapter:create_engine`);
- `python:MODULE:FACTORY` (or `python:MODULE`, meaning `MODULE:create_engine`): an in-process
  Python engine from any importable module;
- `cmd:COMMAND LINE`: an out-of-process engine speaking protocol 1 over stdin/stdout; the
  command line is split like a POSIX shell would (shlex), or on Windows by the rules Windows
  programs split theirs (`split_windows_command`, so `C:\\engines\\my.exe` keeps its
  backslashes), but no shell runs it.

Every engine, however obtained, has `hello() -> dict`, `run(case) -> dict`, `stop() -> None`.
"""

from __future__ import annotations

import importlib
import os
import shlex
from importlib import metadata

from mtg_adapter.client import ProcessEngine
from mtg_adapter.defaults import DEFAULT_ENGINE, DEFAULT_MAX_ANSWER_BYTES, DEFAULT_TIMEOUT
from mtg_adapter.errors import InputError

ENTRY_POINT_GROUP = "mtg_conformance.engines"


class EngineSpecError(InputError, ValueError):
    """The engine spec cannot be resolved; the message says why and what is accepted."""


class EngineSpecSyntaxError(EngineSpecError):
    """The spec itself is wrong (malformed, or no registered engine has that name): the caller's
    mistake, found without importing or starting anything, so commands report a usage error."""


def registered_engines() -> dict[str, metadata.EntryPoint]:
    """Engines registered by installed packages, by name."""
    return {ep.name: ep for ep in metadata.entry_points(group=ENTRY_POINT_GROUP)}


def _check_engine(engine: object, spec: str) -> object:
    missing = [name for name in ("hello", "run", "stop") if not callable(getattr(engine, name, None))]
    if missing:
        listed = ", ".join(name + "()" for name in missing)
        raise EngineSpecError(f"engine {spec!r} gave {type(engine).__name__}, which lacks {listed}")
    return engine


def _call_factory(factory, spec: str) -> object:
    if not callable(factory):
        raise EngineSpecError(f"engine {spec!r}: {factory!r} is not callable")
    try:
        return _check_engine(factory(), spec)
    except EngineSpecError:
        raise
    except Exception as exc:  # the engine's own error: report it, do not hide it
        raise EngineSpecError(f"engine {spec!r}: the factory raised {type(exc).__name__}: {exc}") from exc


def split_windows_command(line: str) -> list[str]:
    """Split a command line as the Microsoft C runtime splits a program's arguments, the inverse
    of `subprocess.list2cmdline` (which Popen applies to an argv on Windows).

    Spaces and tabs separate arguments outside double quotes; a double quote starts or ends a
    quoted part (inside one, `""` is a literal quote); backslashes are literal except before a
    double quote: 2n of them and a quote give n backslashes and a delimiting quote, 2n+1 give n
    backslashes and a literal quote. An unterminated quote runs to the end of the line.
    """
    args: list[str] = []
    current: list[str] = []
    in_arg = in_quotes = False
    i, n = 0, len(line)
    while i < n:
        char = line[i]
        if char in " \t" and not in_quotes:
            if in_arg:
                args.append("".join(current))
                current, in_arg = [], False
            i += 1
            continue
        in_arg = True
        if char == "\\":
            start = i
            while i < n and line[i] == "\\":
                i += 1
            count = i - start
            if i < n and line[i] == '"':
                current.append("\\" * (count // 2))
                if count % 2:
                    current.append('"')
                    i += 1
            else:
                current.append("\\" * count)
            continue
        if char == '"':
            if in_quotes and line[i + 1:i + 2] == '"':
                current.append('"')
                i += 2
                continue
            in_quotes = not in_quotes
            i += 1
            continue
        current.append(char)
        i += 1
    if in_arg:
        args.append("".join(current))
    return args


def split_command(line: str, windows: bool | None = None) -> list[str]:
    """The argv of a `cmd:` spec's command line: Windows rules on Windows, else POSIX shell rules.

    ValueError when a POSIX command line cannot be split (an unterminated quote).
    """
    if windows if windows is not None else os.name == "nt":
        return split_windows_command(line)
    return shlex.split(line)


def _argv(spec: str) -> list[str]:
    try:
        argv = split_command(spec[len("cmd:"):])
    except ValueError as exc:
        raise EngineSpecSyntaxError(f"engine {spec!r}: cannot split the command line: {exc}") from None
    if not argv:
        raise EngineSpecSyntaxError("engine 'cmd:' needs a command line, e.g. 'cmd:./my-engine --serve'")
    return argv


def _python_target(spec: str) -> tuple[str, str]:
    module_name, _, attr = spec[len("python:"):].partition(":")
    if not module_name:
        raise EngineSpecSyntaxError(f"engine {spec!r}: expected python:MODULE:FACTORY")
    return module_name, attr or "create_engine"


def _entry_point(spec: str) -> metadata.EntryPoint:
    engines = registered_engines()
    if spec not in engines:
        names = ", ".join(sorted(engines)) or "none"
        raise EngineSpecSyntaxError(
            f"unknown engine {spec!r}; registered engines: {names}; "
            "or give python:MODULE:FACTORY or cmd:COMMAND"
        )
    return engines[spec]


def check_spec(spec: str | None = None) -> str:
    """The spec (stripped; None means the default) once its form is valid: a `cmd:` command
    line that splits into at least a program, `python:` with a module, or a registered name.

    Imports and starts nothing; EngineSpecSyntaxError says what is wrong. What only trying can
    tell (the module imports, the factory works, the program starts and answers) is `resolve`'s.
    """
    spec = (spec or DEFAULT_ENGINE).strip()
    if spec.startswith("cmd:"):
        _argv(spec)
    elif spec.startswith("python:"):
        _python_target(spec)
    else:
        _entry_point(spec)
    return spec


def resolve(spec: str | None = None, *, timeout: float = DEFAULT_TIMEOUT,
            max_answer_bytes: int = DEFAULT_MAX_ANSWER_BYTES):
    """Return an engine for `spec` (None means the default, `reference`)."""
    spec = (spec or DEFAULT_ENGINE).strip()
    if spec.startswith("cmd:"):
        return ProcessEngine(_argv(spec), timeout=timeout, max_answer_bytes=max_answer_bytes)
    if spec.startswith("python:"):
        module_name, attr = _python_target(spec)
        try:
            module = importlib.import_module(module_name)
        except ImportError as exc:
            raise EngineSpecError(f"engine {spec!r}: cannot import {module_name!r}: {exc}") from None
        try:
            factory = getattr(module, attr)
        except AttributeError:
            raise EngineSpecError(f"engine {spec!r}: module {module_name!r} has no {attr!r}") from None
        return _call_factory(factory, spec)
    entry_point = _entry_point(spec)
    try:
        factory = entry_point.load()
    except Exception as exc:
        raise EngineSpecError(
            f"cannot load engine {spec!r} ({entry_point.value}): {type(exc).__name__}: {exc}"
        ) from None
    return _call_factory(factory, spec)
