"""Load and validate the spec directory into the immutable model (generator.model).

Public API:

    from generator.loader import load_spec, SpecError
    spec = load_spec(Path("spec"))        # -> generator.model.Spec
    # raises SpecError(errors=[SpecIssue, ...]) listing EVERY problem at once; str(issue) is
    # 'spec/rules/kicker.yaml:41:9: entries[3].scenarios[1].steps[0].cast.kicks: -1 is less than the minimum of 0'

`root` is the spec directory (holding rules/*.yaml and cards/*.yaml). File paths in the model and
in errors are posix paths relative to root's parent ('spec/rules/kicker.yaml'). The JSON Schemas
come from the project's spec/schema/ unless `schema_dir` is given. Loading never writes anything.

Order of work: parse every file (YAML problems), validate each against its schema, run the
semantic checks (catalog, labels, expectations, uniqueness), and only if nothing at all was
found build the model.
"""

from __future__ import annotations

import gc
import json
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import yaml

from generator.model import (
    Card,
    Claim,
    Entry,
    Property,
    Scenario,
    Spec,
    SpecFile,
    Text,
    card_slug,
    freeze,
)
from generator.naming import module_filename
from generator.schema_issues import schema_issues
from generator.spec_checks import (
    check_card_file,
    check_claim_references,
    check_duplicate_entry_ids,
    check_rule_file,
    check_sources,
)
from generator.spec_errors import SpecError, SpecIssue
from generator.spec_journal import leftover_issues
from generator.spec_schema import SCHEMA_DIR
from generator.yaml_source import YamlDoc, read_yaml
from mtg_adapter.yaml_bounds import MAX_YAML_BYTES

NON_PRINTABLE = yaml.reader.Reader.NON_PRINTABLE  # characters YAML text may not hold, even in JSON form

__all__ = ["load_spec", "SpecError", "SpecIssue"]

RULE_SCHEMA = "spec-file.schema.json"
CARD_SCHEMA = "card.schema.json"
SOURCES_SCHEMA = "sources.schema.json"
SOURCES_FILE = "sources.yaml"  # the sources registry, beside rules/ and cards/


def _header(schema: str) -> str:
    return f"# yaml-language-server: $schema=../schema/{schema}"


def load_spec(root: Path, schema_dir: Path | None = None) -> Spec:
    """Load, validate and freeze the spec at `root`; raise SpecError with every problem."""
    with without_cyclic_gc():
        return _load_spec(root, schema_dir)


@contextmanager
def without_cyclic_gc(freeze: bool = False):
    """Run the block with Python's cycle collector paused (reference counting still frees).

    Why: loading the spec allocates about a million small objects (YAML nodes, dicts, frozen
    entries), and the collector, triggered every few hundred allocations, walked them over and
    over: 60% of load_spec's CPU (1.19 s -> 0.43 s without it). What the loader builds is trees
    (nodes and values refer only downwards), so pausing the collector keeps no garbage.
    `freeze`, for a command that ends soon after (validate): the surviving objects are frozen on
    the way out (gc.freeze), or the first collection after the pause walks all of them once more;
    not for a long-lived process, where frozen cyclic garbage would never be collected."""
    enabled = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if enabled:
            if freeze:
                gc.freeze()
            gc.enable()


def _load_spec(root: Path, schema_dir: Path | None) -> Spec:
    root = Path(root)
    schema_dir = Path(schema_dir) if schema_dir else SCHEMA_DIR
    base = root.resolve().parent
    issues: list[SpecIssue] = []
    if not (root / "rules").is_dir():
        raise SpecError([SpecIssue(_rel(root / "rules", base), 0, 0, "", "spec rules directory not found")])
    issues.extend(SpecIssue(_rel(path, base), 0, 0, "", message) for path, message in leftover_issues(root))

    card_paths = _yaml_files(root / "cards", base, issues)
    card_docs = [_read(p, base, CARD_SCHEMA, schema_dir, issues) for p in card_paths]
    for doc, path in zip(card_docs, card_paths):
        if doc.root is not None or doc.data is None:  # fast-read files were checked already
            issues.extend(check_card_file(doc, path.stem, card_slug))
    card_names: dict[str, YamlDoc] = {}
    for doc in card_docs:
        name = doc.data.get("name") if isinstance(doc.data, dict) else None
        if isinstance(name, str):
            if name in card_names:
                issues.append(doc.issue(("name",), f"card {name!r} is also defined in {card_names[name].relpath}"))
            card_names.setdefault(name, doc)

    rule_paths = _yaml_files(root / "rules", base, issues)
    for path in rule_paths:  # the rule generate applies: each file becomes one test module
        try:
            module_filename(path.name)
        except ValueError as exc:
            issues.append(SpecIssue(_rel(path, base), 0, 0, "", str(exc)))
    rule_docs = [_read(p, base, RULE_SCHEMA, schema_dir, issues) for p in rule_paths]
    card_faces = {name: (doc.data.get("layout"), [_dict_get(face, "name") for face in doc.data["card_faces"]])
                  for name, doc in card_names.items()
                  if isinstance(doc.data.get("card_faces"), list) and doc.data.get("layout") in ("split", "modal_dfc")}
    for doc in rule_docs:
        issues.extend(check_rule_file(doc, set(card_names), card_faces))
    issues.extend(check_duplicate_entry_ids(rule_docs))
    issues.extend(check_claim_references(rule_docs))
    registry = _read_sources(root / SOURCES_FILE, base, schema_dir, issues)
    if registry is not None:
        issues.extend(check_sources(registry, rule_docs))

    if issues:
        raise SpecError(issues)
    cards = {name: _card(doc) for name, doc in sorted(card_names.items())}
    files = tuple(_spec_file(doc) for doc in rule_docs)
    return Spec(root=root, files=files, cards=freeze(cards))


def _read_sources(path: Path, base: Path, schema_dir: Path, issues: list[SpecIssue]) -> YamlDoc | None:
    """The sources registry, checked against its schema; None when the spec has none.

    Why optional: small specs built by tests and users' own specs need not list their sources;
    the project's spec has one (tests/test_sources.py keeps it so), and then every entry's
    `source` must be a key of it."""
    if not path.is_file():
        return None
    doc = read_yaml(path, _rel(path, base))
    issues.extend(doc.issues)
    header = f"# yaml-language-server: $schema=schema/{SOURCES_SCHEMA}"
    if doc.first_line and doc.first_line != header and not doc.issues:
        issues.append(SpecIssue(doc.relpath, 1, 1, "", f"the first line must be '{header}'"))
    if doc.data is not None:
        issues.extend(schema_issues(doc, schema_dir / SOURCES_SCHEMA))
    return doc


def _dict_get(value, key):
    return value.get(key) if isinstance(value, dict) else None


def _rel(path: Path, base: Path) -> str:
    try:
        return path.resolve().relative_to(base).as_posix()
    except ValueError:
        return path.as_posix()


def _yaml_files(directory: Path, base: Path, issues: list[SpecIssue]) -> list[Path]:
    """The *.yaml files of `directory`, sorted; stray *.yml files are reported, not ignored."""
    if not directory.is_dir():
        issues.append(SpecIssue(_rel(directory, base), 0, 0, "", "directory not found"))
        return []
    for odd in sorted(directory.glob("*.yml")):
        issues.append(SpecIssue(_rel(odd, base), 0, 0, "", "spec files must end in .yaml"))
    return sorted(p for p in directory.glob("*.yaml") if p.is_file())


def _read_card_fast(path: Path, relpath: str, schema_dir: Path) -> YamlDoc | None:
    """A card file as import-cards writes it (its header, then one `key: <JSON value>` per line)
    read without the YAML composer; None unless it is exactly that and valid, so that any
    problem is reported by the full reader with its line and column.

    Why: every generate and validate reads all catalog files; with 300+ cards the YAML node
    tree (kept only to locate errors) cost more than the scenarios of a 1,000-scenario spec."""
    try:
        text = path.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError):
        return None
    if len(text) > MAX_YAML_BYTES // 4 or NON_PRINTABLE.search(text):  # the full reader reports these
        return None
    lines = text.split("\n")
    if not lines or lines[0] != _header(CARD_SCHEMA) or lines[-1] != "":
        return None
    data: dict[str, Any] = {}
    for line in lines[1:-1]:
        key, sep, value = line.partition(": ")
        if not sep or not key.isidentifier() or key in data:
            return None
        try:
            data[key] = json.loads(value)
        except ValueError:
            return None
    doc = YamlDoc(relpath, data=data, first_line=lines[0])
    if schema_issues(doc, schema_dir / CARD_SCHEMA) or check_card_file(doc, path.stem, card_slug):
        return None
    return doc


def _read(path: Path, base: Path, schema: str, schema_dir: Path, issues: list[SpecIssue]) -> YamlDoc:
    if schema == CARD_SCHEMA:
        fast = _read_card_fast(path, _rel(path, base), schema_dir)
        if fast is not None:
            return fast
    doc = read_yaml(path, _rel(path, base))
    issues.extend(doc.issues)
    if doc.first_line and doc.first_line != _header(schema) and not doc.issues:
        issues.append(SpecIssue(doc.relpath, 1, 1, "", f"the first line must be '{_header(schema)}'"))
    if doc.data is not None:
        issues.extend(schema_issues(doc, schema_dir / schema))
    return doc


def _card(doc: YamlDoc) -> Card:
    d: dict[str, Any] = doc.data
    return Card(
        name=d["name"], slug=card_slug(d["name"]), mana_cost=d["mana_cost"], mana_value=d["mana_value"],
        colors=tuple(d["colors"]), color_identity=tuple(d["color_identity"]), types=tuple(d["types"]),
        supertypes=tuple(d["supertypes"]), subtypes=tuple(d["subtypes"]), type_line=d["type_line"],
        power=d["power"], toughness=d["toughness"], oracle_text=d["oracle_text"],
        keywords=tuple(d["keywords"]), layout=d["layout"], scryfall_oracle_id=d.get("scryfall_oracle_id"),
        path=doc.relpath, line=1,
    )


def _spec_file(doc: YamlDoc) -> SpecFile:
    d: dict[str, Any] = doc.data
    entries = tuple(_entry(doc, i, e) for i, e in enumerate(d["entries"]))
    return SpecFile(path=doc.relpath, title=d["title"], rules_version=d["rules_version"], entries=entries)


def _entry(doc: YamlDoc, i: int, e: dict[str, Any]) -> Entry:
    at = ("entries", i)
    text = e["text"]
    scenarios = tuple(
        Scenario(name=s["name"], description=s.get("description"), features=tuple(s.get("features", ())),
                 setup=freeze(s["setup"]), steps=freeze(s["steps"]), line=doc.line_of(at + ("scenarios", j)),
                 peer=freeze(s["peer"]) if "peer" in s else None)
        for j, s in enumerate(e.get("scenarios", ()))
    )
    properties = tuple(
        Property(name=p["name"], description=p.get("description"), features=tuple(p.get("features", ())),
                 given=freeze(p["given"]), setup=freeze(p["setup"]), steps=freeze(p["steps"]),
                 line=doc.line_of(at + ("properties", j)))
        for j, p in enumerate(e.get("properties", ()))
    )
    claims = tuple(
        Claim(id=c["id"], words=c["words"], says=c["says"], scenarios=tuple(c.get("scenarios", ())),
              line=doc.line_of(at + ("claims", j)), rule=c.get("rule"))
        for j, c in enumerate(e.get("claims", ()))
    )
    return Entry(
        id=e["id"], kind=e["kind"], rule=e.get("rule"), aliases=tuple(e.get("aliases", ())),
        source=e["source"], date=e.get("date"), card=e.get("card"), note=e.get("note"),
        text=Text(en=text["en"], de=text.get("de"), fr=text.get("fr"), translated=text.get("translated", False)),
        cites=tuple(e.get("cites", ())), unclaimed_cites=freeze(e.get("unclaimed_cites", {})),
        features=tuple(e.get("features", ())),
        fingerprints=freeze(e.get("fingerprints", {})), checked_against=e.get("checked_against"),
        scenarios=scenarios, properties=properties, claims=claims, file=doc.relpath, line=doc.line_of(at),
    )
