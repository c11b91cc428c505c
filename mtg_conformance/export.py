"""The suite as language-neutral data (like JSON-Schema-Test-Suite or toml-test).

`mtg-conformance export --out DIR` writes:

- `DIR/index.json`: format, suite version (the same hash certify records), protocol, rules
  release, and the list of test files;
- `DIR/tests/<spec file>.json`: every test of one spec file: id, entry, kind, rule, cites,
  features, rules version, source, description, and `cases`: the concrete cases to send
  (`setup`, `steps` without expectations) with `expectations` aligned to the steps (`null`: the
  step must answer `ok`). A scenario has one case (`params: null`). A property has one case
  per example of its fixed example set (mtg_conformance.suite_cases.examples) with the `params`
  used, and also `property`: its parameter domain (`given`) and the unevaluated setup and steps
  with their parameter expressions (spec/README.md), for runners that draw their own examples;
- `DIR/cards.json`: the card catalog, every card and token a case may name (`"card": "Burst
  Lightning"`) with its exact Oracle fields (spec/cards/*.yaml as JSON, sorted by name), so a
  native runner needs neither YAML nor the installed package's files;
- `DIR/schema/`: the published JSON Schemas of these files and of protocol 1.

Judging is ADAPTERS.md section 8; the export holds no code. Written atomically: a failed export
leaves DIR as it was.
"""

from __future__ import annotations

import json
import os
import shutil
import tempfile
from importlib import resources
from pathlib import Path, PurePosixPath

import jsonschema

from mtg_adapter import suite_files
from mtg_adapter.errors import InputError
from mtg_adapter.judge import split_steps
from mtg_adapter.params import evaluate
from mtg_conformance import __version__
from mtg_conformance.outputs import make_staging_dir
from mtg_conformance.suite_cases import EXAMPLE_LIMIT, SuiteTest, examples

INDEX_FORMAT = "mtg-conformance-export-index"
TESTS_FORMAT = "mtg-conformance-export-tests"
CARDS_FORMAT = "mtg-conformance-export-cards"
CARDS_FILE = "cards.json"
FORMAT_VERSION = 1
SCHEMA_NAME = "export.schema.json"


class ExportError(InputError):
    """A usage problem (bad --out); nothing was written."""


def schema() -> dict:
    return json.loads(resources.files("mtg_conformance.schema").joinpath(SCHEMA_NAME).read_text("utf-8"))


def protocol_schema_text() -> str:
    return resources.files("mtg_adapter.schema").joinpath("protocol-1.schema.json").read_text("utf-8")


def _case(setup, steps, params) -> dict:
    if params is not None:
        setup, steps = evaluate(setup, params, "setup"), evaluate(steps, params, "steps")
    case_steps, expectations = split_steps(steps)
    return {"params": params, "setup": setup, "steps": case_steps, "expectations": expectations}


def test_record(test: SuiteTest) -> dict:
    runs = examples(test.given) if test.is_property else [None]
    record = {
        "id": test.id, "entry": test.entry, "kind": test.kind, "rule": test.rule, "cites": test.cites,
        "features": test.features, "rules_version": test.rules_version, "source": test.source,
        "description": test.description,
        "property": ({"given": test.given, "setup": test.setup, "steps": test.steps} if test.is_property else None),
        "cases": [_case(test.setup, test.steps, params) for params in runs],
    }
    return json.loads(json.dumps(record))  # plain JSON data, tuples and all


def load_cards(spec_dir: Path | None = None) -> list[dict]:
    """The card catalog (spec/cards/*.yaml), each card's fields exactly as stored, sorted by name.

    The spec loader has validated these files by the time an export runs (load_tests); a file
    that still cannot be read is an ExportError naming it."""
    import yaml

    from mtg_adapter.yaml_bounds import safe_load_bounded

    spec_dir = Path(spec_dir) if spec_dir is not None else suite_files.spec_dir()
    folder = spec_dir / "cards" if spec_dir is not None else None
    if folder is None or not folder.is_dir():
        raise ExportError(f"no card catalog (spec/cards) in {spec_dir}")
    cards = []
    for path in sorted(folder.glob("*.yaml")):
        try:
            card = safe_load_bounded(path.read_text(encoding="utf-8"))
        except (OSError, UnicodeDecodeError, yaml.YAMLError) as exc:
            raise ExportError(f"{path}: cannot read card: {exc}") from None
        if not isinstance(card, dict) or not isinstance(card.get("name"), str):
            raise ExportError(f"{path}: not a card (a mapping with a name)")
        cards.append(card)
    return sorted(cards, key=lambda card: card["name"])


def build(tests: list[SuiteTest], suite: dict, cards: list[dict] | None = None) -> dict[str, dict]:
    """Relative path -> document, index.json (and cards.json) included."""
    by_file: dict[str, list[dict]] = {}
    sources: dict[str, str] = {}
    for test in tests:
        name = f"tests/{PurePosixPath(test.source).stem}.json"
        sources[name] = test.source
        by_file.setdefault(name, []).append(test_record(test))
    docs: dict[str, dict] = {
        name: {"format": TESTS_FORMAT, "format_version": FORMAT_VERSION, "source": sources[name], "tests": records}
        for name, records in sorted(by_file.items())
    }
    docs["index.json"] = {
        "format": INDEX_FORMAT, "format_version": FORMAT_VERSION,
        "tool": {"name": "mtg-conformance", "version": __version__},
        "suite": suite, "protocol": 1,
        "comprehensive_rules": suite.get("comprehensive_rules"),
        "tests": len(tests),
        "cases": sum(len(r["cases"]) for records in by_file.values() for r in records),
        "files": sorted(by_file),
        "cards": {"file": CARDS_FILE, "count": len(cards or [])},
        "examples": f"a property's cases are every combination of its parameter domain when there are at most "
                    f"{EXAMPLE_LIMIT}, else {EXAMPLE_LIMIT} evenly spaced ones (first and last included)",
        "judging": "ADAPTERS.md section 8, 'How results are judged'",
    }
    docs[CARDS_FILE] = {"format": CARDS_FORMAT, "format_version": FORMAT_VERSION, "source": "spec/cards",
                        "cards": json.loads(json.dumps(cards or []))}
    validator = jsonschema.Draft202012Validator(schema())
    for name, doc in docs.items():
        error = next(iter(sorted(validator.iter_errors(doc), key=lambda e: list(e.absolute_path))), None)
        if error is not None:  # a bug of ours: never write a document the published schema rejects
            where = "/".join(map(str, error.absolute_path)) or "(top level)"
            raise AssertionError(f"export {name}: field {where}: {error.message}")
    return docs


def _is_export(path: Path) -> bool:
    try:
        return json.loads((path / "index.json").read_text(encoding="utf-8")).get("format") == INDEX_FORMAT
    except (OSError, ValueError, AttributeError):
        return False


def write(docs: dict[str, dict], out: Path) -> None:
    """Stage beside `out`, then swap it in; refuse to replace anything but an earlier export."""
    if out.exists() and not out.is_dir():
        raise ExportError(f"--out {out}: exists and is not a directory")
    if out.is_dir() and any(out.iterdir()) and not _is_export(out):
        raise ExportError(f"--out {out}: not empty and not an earlier export (no index.json of ours); "
                          "choose an empty or new directory")
    parent = out.resolve().parent
    parent.mkdir(parents=True, exist_ok=True)
    staging = make_staging_dir(parent, f".{out.name}.")  # 0777 minus the umask: mkdtemp's 0700 hid the export
    try:
        for name, doc in docs.items():
            path = staging / name
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_text(json.dumps(doc, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")
        (staging / "schema").mkdir()
        (staging / "schema" / SCHEMA_NAME).write_text(json.dumps(schema(), indent=2) + "\n", encoding="utf-8")
        (staging / "schema" / "protocol-1.schema.json").write_text(protocol_schema_text(), encoding="utf-8")
        old = None
        if out.exists():
            old = Path(tempfile.mkdtemp(prefix=f".{out.name}.old.", dir=parent))
            os.replace(out, old / "export")
        os.replace(staging, out)
        if old is not None:
            shutil.rmtree(old, ignore_errors=True)
    except BaseException:
        shutil.rmtree(staging, ignore_errors=True)
        raise


def suite_identity(tests: list[SuiteTest], spec_dir: Path | None = None) -> dict:
    """The same identity certify records: hashes of the spec and of the generated tests beside it."""
    from mtg_conformance.certify.suite import suite_version

    spec_dir = Path(spec_dir) if spec_dir is not None else suite_files.spec_dir()
    beside = spec_dir.resolve().parent / "generated_tests" if spec_dir is not None else None
    tests_dir = beside if beside is not None and beside.is_dir() else suite_files.tests_dir()
    return suite_version(tests_dir or Path("generated_tests"), spec_dir, [t.rules_version for t in tests])
