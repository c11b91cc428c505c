"""Output files and folders written atomically, with the modes the user's umask gives.

Why not tempfile: `mkstemp` makes 0600 files and `mkdtemp` 0700 folders (private on purpose),
and a report or an export renamed into place from one kept those modes, so nobody else could
read it. Here the temporary file or folder is created the ordinary way (`open(..., "x")`,
`os.mkdir`), so it gets 0666 / 0777 minus the umask (0644 / 0755 under umask 022) like any
file the user writes, under an unguessable name, exclusively (never an existing path).
"""

from __future__ import annotations

import os
import secrets
from pathlib import Path

ATTEMPTS = 100


def _candidate(parent: Path, prefix: str) -> Path:
    return parent / f"{prefix}{secrets.token_hex(6)}"


def make_staging_dir(parent: Path, prefix: str) -> Path:
    """A new empty folder in `parent` (created, mode 0777 minus the umask), for staging output."""
    for _ in range(ATTEMPTS):
        path = _candidate(parent, prefix)
        try:
            os.mkdir(path)
        except FileExistsError:
            continue
        return path
    raise FileExistsError(f"no unused name for a folder {prefix}* in {parent}")


def write_text_atomic(path: Path, text: str) -> None:
    """Write `text` (UTF-8) to `path` by a temporary file beside it and a rename, so a reader
    sees the old file or the new one, never half of one; the mode is 0666 minus the umask."""
    parent = path.resolve().parent
    for _ in range(ATTEMPTS):
        tmp = _candidate(parent, f".{path.name}.")
        try:
            fh = open(tmp, "x", encoding="utf-8")
        except FileExistsError:
            continue
        break
    else:
        raise FileExistsError(f"no unused temporary name for {path} in {parent}")
    try:
        with fh:
            fh.write(text)
        os.replace(tmp, path)
    except BaseException:
        tmp.unlink(missing_ok=True)
        raise
