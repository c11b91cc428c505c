"""Write several spec files together or not at all, even if the process is killed midway.

Why: `drift --update` changes a set of files that only make sense together (a renumbered
rule is cited from several files); a kill between two renames used to leave some files
updated and the rest old, with `validate` still saying OK.

How: every new content goes to a temporary file beside its target (synced); then a journal
listing (temporary, target, digest) is written atomically in the spec directory: that is
the commit point. Then the temporaries are renamed over the targets and the journal is
removed. Whoever finds a journal later completes it (`recover`); whoever finds temporaries
without a journal removes them (the update never committed, so every target is still old).
The loader reports both (`leftover_issues`), so nothing half-done passes validation.
"""

from __future__ import annotations

import hashlib
import json
import os
import tempfile
from pathlib import Path

from .writer import sync_dir

JOURNAL = ".drift-update.json"
TMP_SUFFIX = ".drift-tmp"


def _digest(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()


def _rel(path: Path, base: Path) -> str:
    return os.path.relpath(path, base).replace(os.sep, "/")


def write_together(contents: dict[Path, bytes], spec_dir: Path) -> None:
    """Replace every file of `contents` or, if interrupted before the commit point, none."""
    if not contents:
        return
    spec_dir = Path(spec_dir)
    temps: list[tuple[Path, Path, str]] = []
    try:
        for path, data in contents.items():
            fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=TMP_SUFFIX, dir=path.parent)
            temps.append((Path(tmp), path, _digest(data)))
            with os.fdopen(fd, "wb") as handle:
                handle.write(data)
                handle.flush()
                os.fsync(handle.fileno())
            try:
                os.chmod(tmp, os.stat(path).st_mode & 0o7777)
            except OSError:
                pass
        for directory in {path.parent for path in contents}:
            sync_dir(directory)
        journal = {"files": [{"tmp": _rel(t, spec_dir), "target": _rel(p, spec_dir), "sha256": d}
                             for t, p, d in temps]}
        fd, tmp_journal = tempfile.mkstemp(prefix=f"{JOURNAL}.", suffix=TMP_SUFFIX, dir=spec_dir)
        with os.fdopen(fd, "w", encoding="utf-8") as handle:
            json.dump(journal, handle, indent=1)
            handle.flush()
            os.fsync(handle.fileno())
        os.replace(tmp_journal, spec_dir / JOURNAL)  # the commit point
        sync_dir(spec_dir)
    except BaseException:
        for tmp, _, _ in temps:
            _unlink(tmp)
        raise
    _complete(spec_dir)


def _complete(spec_dir: Path) -> list[str]:
    """Apply a committed journal (idempotent); return the targets it names."""
    journal_path = spec_dir / JOURNAL
    journal = json.loads(journal_path.read_text(encoding="utf-8"))
    done = []
    for item in journal["files"]:
        tmp, target = spec_dir / item["tmp"], spec_dir / item["target"]
        if tmp.exists():
            os.replace(tmp, target)
        elif not target.exists() or _digest(target.read_bytes()) != item["sha256"]:
            raise OSError(f"{journal_path}: {item['tmp']} is missing and {item['target']} is not the new "
                          "version; restore the spec from version control")
        done.append(item["target"])
    for directory in {(spec_dir / item["target"]).parent for item in journal["files"]}:
        sync_dir(directory)
    journal_path.unlink()
    return done


def _temporaries(spec_dir: Path) -> list[Path]:
    found = list(spec_dir.glob(f"*{TMP_SUFFIX}"))
    for sub in ("rules", "cards"):
        if (spec_dir / sub).is_dir():
            found += (spec_dir / sub).glob(f"*{TMP_SUFFIX}")
            found += (spec_dir / sub).glob(".*.yaml.*.tmp")  # what earlier versions left
    found += spec_dir.glob(".*.yaml.*.tmp")
    return sorted(p for p in found if p.is_file())


def recover(spec_dir: Path) -> list[str]:
    """Finish or undo an interrupted update in `spec_dir`; one line per thing done."""
    spec_dir = Path(spec_dir)
    messages = []
    if (spec_dir / JOURNAL).exists():
        targets = _complete(spec_dir)
        messages.append(f"completed an interrupted `drift --update` of {len(targets)} file(s): {', '.join(targets)}")
    for tmp in _temporaries(spec_dir):
        _unlink(tmp)
        messages.append(f"removed {_rel(tmp, spec_dir)}, left by an interrupted `drift --update` "
                        "(it never committed; the spec files were not changed)")
    return messages


def leftover_issues(spec_dir: Path) -> list[tuple[Path, str]]:
    """(path, message) for a pending journal or stray temporaries: the spec is not in a clean state."""
    spec_dir = Path(spec_dir)
    issues = []
    if (spec_dir / JOURNAL).exists():
        issues.append((spec_dir / JOURNAL, "an interrupted `drift --update` is half applied; run "
                                           "`mtg-conformance drift --rules FILE` once to complete it"))
    for tmp in _temporaries(spec_dir):
        issues.append((tmp, "a temporary file left by an interrupted `drift --update`; run "
                            "`mtg-conformance drift --rules FILE` to remove it, or delete it"))
    return issues


def _unlink(path: Path) -> None:
    try:
        path.unlink()
    except OSError:
        pass
