"""`mtg-conformance export`: the suite as JSON that validates against its published schema, and
judging an engine's answers to the exported cases gives the same verdict per test as the pytest
run of the generated suite (for the reference engine and for engines that fail some tests),
both with the suite's judge and with a judge written from ADAPTERS.md alone."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import jsonschema
import pytest

from mtg_adapter.harness import Harness
from mtg_adapter.judge import failure_message, judge, unsupported_reason
from mtg_conformance import export
from mtg_conformance.suite_cases import examples, load_tests

ROOT = Path(__file__).resolve().parent.parent
FIXTURES = ROOT / "tests" / "fixtures" / "engines"
ENGINES = [
    "reference",
    "python:mtg_conformance.selfcheck.faults:multikicker_counted_once",      # fails properties too
    "python:mtg_conformance.selfcheck.faults:converge_counts_each_mana",     # subsets properties
    "python:tiny_engine:create_kicker_engine",                              # mostly unsupported
]


@pytest.fixture(scope="module")
def exported(tmp_path_factory) -> Path:
    out = tmp_path_factory.mktemp("export") / "suite"
    proc = subprocess.run([sys.executable, "-m", "mtg_conformance", "export", "--out", str(out)],
                          cwd=tmp_path_factory.getbasetemp(), capture_output=True, text=True, timeout=120)
    assert proc.returncode == 0, proc.stderr
    assert proc.stdout.startswith("wrote ") and " cases) in " in proc.stdout
    return out


def _docs(out: Path) -> tuple[dict, list[dict]]:
    index = json.loads((out / "index.json").read_text(encoding="utf-8"))
    files = [json.loads((out / name).read_text(encoding="utf-8")) for name in index["files"]]
    return index, files


def test_every_file_validates_against_the_published_schema(exported):
    published = json.loads((ROOT / "mtg_conformance" / "schema" / "export.schema.json").read_text(encoding="utf-8"))
    assert json.loads((exported / "schema" / "export.schema.json").read_text(encoding="utf-8")) == published
    validator = jsonschema.Draft202012Validator(published)
    index, files = _docs(exported)
    for doc in [index, *files, json.loads((exported / "cards.json").read_text(encoding="utf-8"))]:
        assert not list(validator.iter_errors(doc))
    tests = [t for f in files for t in f["tests"]]
    assert index["tests"] == len(tests) == len(load_tests())
    assert index["cases"] == sum(len(t["cases"]) for t in tests)
    assert len({t["id"] for t in tests}) == len(tests)


def _setup_cards(value) -> set[str]:
    """Every card name a case's setup puts somewhere (`{"card": NAME, "label": ...}`)."""
    if isinstance(value, dict):
        found = {value["card"]} if isinstance(value.get("card"), str) else set()
        return found.union(*(_setup_cards(v) for v in value.values()))
    if isinstance(value, list):
        return set().union(*(_setup_cards(v) for v in value))
    return set()


def test_the_card_catalog_is_exported_with_exact_oracle_fields_and_covers_every_case(exported):
    """A native runner needs no YAML: cards.json holds spec/cards/*.yaml as they are, and every card a
    case sets up is in it."""
    import yaml

    index, files = _docs(exported)
    catalog = json.loads((exported / "cards.json").read_text(encoding="utf-8"))
    published = json.loads((ROOT / "mtg_conformance" / "schema" / "export.schema.json").read_text(encoding="utf-8"))
    assert not list(jsonschema.Draft202012Validator(published).iter_errors(catalog))
    card_schema = json.loads((ROOT / "spec" / "schema" / "card.schema.json").read_text(encoding="utf-8"))
    embedded = published["$defs"]["card"]
    assert {k: v for k, v in embedded.items() if k != "description"} == \
        {k: v for k, v in card_schema.items() if k not in ("$schema", "$id", "title", "description")}
    stored = [yaml.safe_load(p.read_text(encoding="utf-8")) for p in sorted((ROOT / "spec" / "cards").glob("*.yaml"))]
    assert catalog["cards"] == sorted(stored, key=lambda c: c["name"])
    assert index["cards"] == {"file": "cards.json", "count": len(stored)}
    by_name = {c["name"]: c for c in catalog["cards"]}
    assert len(by_name) == len(catalog["cards"])
    assert by_name["Burst Lightning"]["oracle_text"].startswith("Kicker {4} (You may pay an additional {4} ")
    assert [f["name"] for f in by_name["Fire // Ice"]["card_faces"]] == ["Fire", "Ice"]
    named = set().union(*(_setup_cards(case["setup"]) for f in files for t in f["tests"] for case in t["cases"]))
    assert named and not named - set(by_name), f"cases set up cards the catalog lacks: {sorted(named - set(by_name))}"


def test_a_property_lists_its_domain_and_a_case_per_example(exported):
    _, files = _docs(exported)
    prop = next(t for f in files for t in f["tests"]
                if t["id"] == "kicker/multikicker-any-number-of-times::warcaller-counters-equal-times-kicked")
    assert prop["property"]["given"] == {"n": {"integers": {"min": 0, "max": 6}}}
    assert [c["params"] for c in prop["cases"]] == [{"n": n} for n in range(7)]
    three = prop["cases"][3]
    assert three["steps"][0] == {"cast": {"card": "warcaller", "kicks": 3, "pay": "{G}{G}{G}{G}{C}{C}{C}"}}
    assert three["expectations"][0]["stack"][0]["times_kicked"] == 3
    assert examples({"c": {"subsets": ["W", "U"]}}) == [{"c": []}, {"c": ["W"]}, {"c": ["U"]}, {"c": ["W", "U"]}]
    big = examples({"n": {"integers": {"min": 0, "max": 10 ** 9}}})
    assert len(big) == 64 and big[0] == {"n": 0} and big[-1] == {"n": 10 ** 9}


def test_export_refuses_to_replace_a_folder_that_is_not_an_export(tmp_path):
    (tmp_path / "precious.txt").write_text("keep me", encoding="utf-8")
    with pytest.raises(export.ExportError, match="not an earlier export"):
        export.write({"index.json": {}}, tmp_path)
    assert [p.name for p in tmp_path.iterdir()] == ["precious.txt"]


@pytest.mark.skipif(os.name != "posix", reason="POSIX mode bits")
@pytest.mark.parametrize("umask, folder, file", [(0o022, 0o755, 0o644), (0o027, 0o750, 0o640)],
                         ids=["umask-022", "umask-027"])
def test_export_has_the_modes_the_umask_gives(tmp_path, umask, folder, file):
    """Not mkdtemp's 0700: an export others cannot read is no export (fresh and replaced)."""
    out = tmp_path / "suite"
    docs = {"index.json": {"format": export.INDEX_FORMAT}, "rules/kicker.json": {"tests": []}}
    previous = os.umask(umask)
    try:
        for _ in range(2):  # a new export, then one replacing it
            export.write(docs, out)
            modes = {p.relative_to(out).as_posix(): p.stat().st_mode & 0o777 for p in [out, *out.rglob("*")]}
            assert modes == {".": folder, "index.json": file, "rules": folder, "rules/kicker.json": file,
                             "schema": folder, f"schema/{export.SCHEMA_NAME}": file,
                             "schema/protocol-1.schema.json": file}
    finally:
        os.umask(previous)
    assert sorted(p.name for p in tmp_path.iterdir()) == ["suite"]  # no staging folder left


def _pytest_verdicts(engine: str, tmp_path: Path) -> dict[str, str]:
    events = tmp_path / f"events-{abs(hash(engine))}.jsonl"
    # This checkout's code with its generated tests, whichever copy of the package is installed.
    env = dict(os.environ, PYTHONPATH=os.pathsep.join([str(FIXTURES), str(ROOT)]), HYPOTHESIS_PROFILE="ci")
    env.pop("PYTEST_ADDOPTS", None)
    subprocess.run([sys.executable, "-m", "pytest", str(ROOT / "generated_tests"), "-q", "-p", "no:cacheprovider",
                    "-p", "mtg_conformance.certify.collector", "--certify-events", str(events), "--engine", engine],
                   cwd=tmp_path, env=env, capture_output=True, text=True, timeout=600)
    verdicts = {}
    for line in events.read_text(encoding="utf-8").splitlines():
        event = json.loads(line)
        if event.get("event") == "test":
            outcome = {"error": "fail"}.get(event["outcome"], event["outcome"])
            verdicts[event["marker"]["id"]] = outcome
    return verdicts


def _library_verdict(case: dict, answer: dict) -> str:
    """The suite's own judge (mtg_adapter.judge) applied to an exported case."""
    steps = [dict(step, expect=e) if e is not None else dict(step)
             for step, e in zip(case["steps"], case["expectations"])]
    judged = judge(steps, answer)
    if unsupported_reason(judged) is not None:
        return "unsupported"
    return "fail" if failure_message(judged, len(steps)) is not None else "pass"


def _matches(expected, observed, path: str = "") -> bool:
    """ADAPTERS.md section 8, written from the text alone: partial dicts, same-length lists in
    order, equal scalars where booleans are never numbers, a counter expected at 0 may be absent."""
    if isinstance(expected, dict):
        if not isinstance(observed, dict):
            return False
        for key, value in expected.items():
            if key not in observed:
                if path.split(".")[-1] == "counters" and value == 0 and not isinstance(value, bool):
                    continue
                return False
            if not _matches(value, observed[key], f"{path}.{key}"):
                return False
        return True
    if isinstance(expected, list):
        return (isinstance(observed, list) and len(expected) == len(observed)
                and all(_matches(e, o, path) for e, o in zip(expected, observed)))
    return isinstance(expected, bool) == isinstance(observed, bool) and expected == observed and \
        (expected is None) == (observed is None)


def _documented_verdict(case: dict, answer: dict) -> str:
    """A native runner's judge, from ADAPTERS.md section 8 and docs/RUNNING.md section 5 only (no suite code)."""
    before = answer.get("initial")
    for index, expect in enumerate(case["expectations"]):
        if index >= len(answer["results"]):
            return "fail"
        result = answer["results"][index]
        if result["status"] == "errored":
            return "unsupported" if result.get("message", "").startswith("unsupported: ") else "fail"
        if expect is not None and expect.get("illegal") is True:
            if result["status"] != "illegal" or (before is not None and result["view"] != before):
                return "fail"
        elif result["status"] != "ok":
            return "fail"
        partial = {k: v for k, v in (expect or {}).items() if k not in ("illegal", "rule")}
        if partial and not _matches(partial, result["view"]):
            return "fail"
        before = result.get("view")
    return "pass"


def _export_verdicts(engine: str, files: list[dict]) -> tuple[dict[str, str], dict[str, str]]:
    """A native runner's loop over the export (features, then every case), judged twice: by the
    suite's judge and by the judge written from the documentation."""
    harness = Harness(engine)
    by_library, by_docs = {}, {}
    try:
        declared = set(harness.hello()["features"])
        for test in (t for f in files for t in f["tests"]):
            if not set(test["features"]) <= declared:
                by_library[test["id"]] = by_docs[test["id"]] = "unsupported"
                continue
            library = documented = "pass"
            for case in test["cases"]:
                answer = harness.run_case({"id": test["id"], "setup": case["setup"], "steps": case["steps"]})
                if library == "pass":
                    library = _library_verdict(case, answer)
                if documented == "pass":
                    documented = _documented_verdict(case, answer)
            by_library[test["id"]], by_docs[test["id"]] = library, documented
    finally:
        harness.close()
    return by_library, by_docs


@pytest.mark.parametrize("engine", ENGINES)
def test_judging_the_export_gives_the_pytest_verdicts(exported, engine, tmp_path, monkeypatch):
    monkeypatch.syspath_prepend(str(FIXTURES))
    _, files = _docs(exported)
    by_export, by_the_docs = _export_verdicts(engine, files)
    by_pytest = _pytest_verdicts(engine, tmp_path)
    assert by_export == by_pytest
    assert by_the_docs == by_pytest  # ADAPTERS.md alone is enough to judge the export
    if engine != "reference":
        assert "fail" in by_export.values()  # the comparison covers failures, not just passes
