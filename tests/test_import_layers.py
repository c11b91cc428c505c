"""Generated tests import only the adapter library (and pytest, Hypothesis, the standard library).

import-linter (`lint-imports`, contracts in pyproject.toml) checks the packages' layers; the
generated suite is not a package, so its imports are read here: a generated test that imported
an engine or the CLI would run only inside this repository, not against someone's engine.
"""

from __future__ import annotations

import ast
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
ALLOWED = {"mtg_adapter", "pytest", "hypothesis"} | set(sys.stdlib_module_names)


def imported_top_levels(path: Path) -> set[str]:
    tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
    found = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            found.update(alias.name.split(".")[0] for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                found.add(".relative")
            elif node.module:
                found.add(node.module.split(".")[0])
    return found


def test_generated_tests_import_only_the_adapter_library():
    files = sorted((ROOT / "generated_tests").glob("*.py"))
    assert files, "no generated tests found"
    bad = {f.name: sorted(imported_top_levels(f) - ALLOWED) for f in files}
    assert {name: mods for name, mods in bad.items() if mods} == {}
    assert any("mtg_adapter" in imported_top_levels(f) for f in files)


def test_the_check_sees_a_forbidden_import(tmp_path):
    sample = tmp_path / "test_x.py"
    sample.write_text("import pytest\nfrom reference_impl.runner import run_case\nfrom . import y\n")
    assert imported_top_levels(sample) - ALLOWED == {"reference_impl", ".relative"}


def test_no_generated_module_shares_a_name_with_a_project_test_module():
    """pytest imports test modules by basename (rootdir-relative, no packages): a generated
    module named like one in tests/ breaks collection of the whole command (spec/rules/layers.yaml
    once made generated_tests/test_layers.py beside tests/test_layers.py)."""
    from pathlib import Path

    root = Path(__file__).resolve().parent.parent
    generated = {p.name for p in (root / "generated_tests").glob("test_*.py")}
    ours = {p.name for p in (root / "tests").glob("test_*.py")}
    assert not generated & ours, sorted(generated & ours)
