"""The contract's per-feature reference pages and the generated parts of ADAPTERS.md.

Why: the contract had three homes (ADAPTERS.md's long per-feature paragraphs, docs/CONTRACT.md
restating them, the schema describing a few fields), and nothing kept them in step. Now each
fact has one home and the pages are built from them:

- what a feature adds, in words: mtg_adapter/feature_registry.yaml (one entry per tag);
- the fields it adds and their meaning: the protocol schema's descriptions that start
  ``Feature <tag>:`` (mtg_adapter/schema/protocol-1.schema.json);
- which tests use it and an example case: the spec.

Written: docs/features/<tag>.md (one page per tag), docs/features/README.md (the index), in
README.md the rules-coverage figures (generator.rules_map, where the release is beside the
checkout), in ADAPTERS.md the features table (section 7), and docs/WORKED-SESSION.md's session
(linked from ADAPTERS.md section 10), recorded from a real out-of-process session with the reference engine (`python -m
reference_impl`, the server `mtg-conformance serve-reference` runs), so the hello it shows
declares exactly what the engine declares. `python -m generator.contract_docs` writes them,
`--check` lists what is stale (tests/test_contract_docs.py runs the check).
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
from functools import lru_cache
from pathlib import Path

import yaml
from jinja2 import Environment, FileSystemLoader, StrictUndefined

from generator.loader import load_spec
from generator.model import thaw
from mtg_adapter.errors import InputError
from mtg_adapter.features import FEATURES, FEATURES_1_0
from mtg_adapter.judge import split_steps
from mtg_adapter.protocol import schema as protocol_schema

ROOT = Path(__file__).resolve().parent.parent
REGISTRY = ROOT / "mtg_adapter" / "feature_registry.yaml"
PAGES = ROOT / "docs" / "features"
ADAPTERS = ROOT / "ADAPTERS.md"
SESSION_PAGE = ROOT / "docs" / "WORKED-SESSION.md"  # ADAPTERS.md section 10 links to it
README = ROOT / "README.md"
TABLE_MARKERS = ("<!-- features-table:begin (generated: python -m generator.contract_docs) -->",
                 "<!-- features-table:end -->")
SESSION_MARKERS = ("<!-- worked-session:begin (generated: python -m generator.contract_docs) -->",
                   "<!-- worked-session:end -->")
WRAP = 100  # columns of the worked session's wrapped lines

# The worked session's two cases: a kicked spell that resolves, and an illegal cast.
SESSION_CASES = (
    {"id": "kicker/kicked-spell-is-one-spell::bolt-example",
     "setup": {"players": {"alice": {"hand": [{"card": "Burst Lightning", "label": "burst"}],
                                     "mana": "{R}{R}{R}{R}{R}"}}},
     "steps": [{"cast": {"card": "burst", "kicks": 1, "targets": ["bob"], "pay": "{R}{R}{R}{R}{R}"}},
               {"resolve": {}}]},
    {"id": "smoke::bolt-without-mana-is-illegal",
     "setup": {"players": {"alice": {"hand": [{"card": "Lightning Bolt", "label": "bolt"}]}}},
     "steps": [{"cast": {"card": "bolt", "targets": ["bob"]}}]},
)


class RegistryError(InputError, ValueError):
    """The feature registry disagrees with the feature tags, or is malformed."""


def load_registry(path: Path = REGISTRY) -> dict:
    """The registry's entries by tag, checked against mtg_adapter.features.FEATURES."""
    doc = yaml.safe_load(path.read_text(encoding="utf-8"))
    features = doc.get("features") if isinstance(doc, dict) else None
    if not isinstance(features, dict):
        raise RegistryError(f"{path}: expected a mapping `features`")
    if list(features) != list(FEATURES):
        missing = [t for t in FEATURES if t not in features]
        extra = [t for t in features if t not in FEATURES]
        raise RegistryError(f"{path}: the tags must be mtg_adapter.features.FEATURES in order"
                            f" (missing {missing}, unknown {extra})")
    for tag, entry in features.items():
        if not isinstance(entry, dict) or not isinstance(entry.get("covers"), str) or not entry["covers"]:
            raise RegistryError(f"{path}: features.{tag}.covers: a non-empty string is required")
        expected_since = "1.0" if tag in FEATURES_1_0 else "later"
        if entry.get("since") != expected_since:
            raise RegistryError(f"{path}: features.{tag}.since: expected {expected_since!r}")
    return features


def schema_fields_by_feature(schema: dict) -> dict[str, list[tuple[str, str]]]:
    """(where, description) of every schema property whose description names a feature."""
    found: dict[str, list[tuple[str, str]]] = {}

    def walk(node, where: str) -> None:
        if isinstance(node, dict):
            desc = node.get("description")
            if isinstance(desc, str) and desc.startswith("Feature "):
                tag, _, text = desc[len("Feature "):].partition(":")
                for one in tag.split(","):
                    found.setdefault(one.strip(), []).append((where, text.strip()))
            for key, value in node.items():
                if key == "properties" and isinstance(value, dict):
                    for name, sub in value.items():
                        walk(sub, f"{where}.{name}" if where else name)
                elif key in ("items", "additionalProperties"):
                    walk(value, f"{where}[]")
                elif key in ("oneOf", "anyOf", "allOf") and isinstance(value, list):
                    for sub in value:
                        walk(sub, where)
        elif isinstance(node, list):
            for sub in node:
                walk(sub, where)

    for name, definition in schema.get("$defs", {}).items():
        walk(definition, name)
    return found


def scenarios_by_feature(spec) -> dict[str, list[tuple[str, dict]]]:
    """For each tag, (test id, case) of the plain scenarios (no parameters) that carry it."""
    out: dict[str, list[tuple[str, dict]]] = {}
    for f in spec.files:
        for entry in f.entries:
            for scenario in entry.scenarios:
                test_id = entry.test_id(scenario)
                steps, _ = split_steps(thaw(scenario.steps))
                case = {"id": test_id, "setup": thaw(scenario.setup), "steps": steps}
                for tag in entry.all_features(scenario):
                    out.setdefault(tag, []).append((test_id, case))
    return out


def example_for(uses: list[tuple[str, dict]]) -> tuple[str, dict] | None:
    """The shortest case among a feature's scenarios (ties by test id): an example one can read."""
    if not uses:
        return None
    return min(uses, key=lambda u: (len(json.dumps(u[1], separators=(",", ":"))), u[0]))


@lru_cache(maxsize=1)
def _templates() -> Environment:
    env = Environment(loader=FileSystemLoader(str(Path(__file__).parent / "templates")),
                      undefined=StrictUndefined, keep_trailing_newline=True, autoescape=False,
                      trim_blocks=True, lstrip_blocks=True)
    env.filters["compact"] = lambda value: json.dumps(value, ensure_ascii=False, separators=(", ", ": "))
    return env


def render_pages(registry: dict, fields: dict, uses: dict) -> dict[str, str]:
    """docs/features/<tag>.md for every tag and the index README.md, by file name."""
    env = _templates()
    page = env.get_template("feature_page.md.j2")
    pages = {}
    for tag, entry in registry.items():
        tests = sorted(uses.get(tag, []), key=lambda u: u[0])
        pages[f"{tag}.md"] = page.render(
            tag=tag, entry=entry, fields=fields.get(tag, []), count=len(tests),
            entries=len({test_id.split("::")[0] for test_id, _ in tests}), example=example_for(tests))
    pages["README.md"] = env.get_template("feature_index.md.j2").render(
        registry=registry, counts={tag: len(uses.get(tag, [])) for tag in registry})
    return pages


def features_table(registry: dict) -> str:
    """ADAPTERS.md section 7's table: every tag, what it covers, a link to its page."""
    rows = ["| tag | covers |", "|---|---|"]
    rows += [f"| [`{tag}`](docs/features/{tag}.md) | {entry['covers']} |" for tag, entry in registry.items()]
    return "\n".join(rows)


def record_session(cases=SESSION_CASES, timeout: float = 60.0) -> list[tuple[str, dict]]:
    """A real session with the reference engine over stdio: (direction, message) in order."""
    requests = [{"cmd": "hello", "protocol": 1}]
    requests += [{"cmd": "run", "seq": i, "case": case} for i, case in enumerate(cases, start=1)]
    requests.append({"cmd": "stop"})
    env = {**os.environ, "PYTHONPATH": str(ROOT) + os.pathsep + os.environ.get("PYTHONPATH", "")}
    stdin = "".join(json.dumps(r, separators=(",", ":")) + "\n" for r in requests)
    done = subprocess.run([sys.executable, "-m", "reference_impl"], input=stdin, capture_output=True,
                          text=True, timeout=timeout, cwd=ROOT, env=env, check=False)
    answers = [json.loads(line) for line in done.stdout.splitlines() if line.strip()]
    if done.returncode != 0 or len(answers) != len(requests):
        raise RuntimeError(f"the reference engine's session ended with {done.returncode} after "
                           f"{len(answers)} of {len(requests)} answers: {done.stderr[-2000:]}")
    session = []
    for request, answer in zip(requests, answers):
        session += [(">", request), ("<", answer)]
    return session


def _chunks(text: str) -> list[str]:
    """`text` (compact JSON) cut after each comma that is not inside a string."""
    chunks, start, in_string, escaped = [], 0, False, False
    for i, ch in enumerate(text):
        if in_string:
            if ch == '"' and not escaped:
                in_string = False
            escaped = ch == "\\" and not escaped
        elif ch == '"':
            in_string = True
        elif ch == ",":
            chunks.append(text[start:i + 1])
            start = i + 1
    return chunks + [text[start:]]


def format_session(session: list[tuple[str, dict]]) -> str:
    """The session as the wire shows it, each message wrapped after commas for reading."""
    lines = []
    for direction, message in session:
        line = f"{direction} "
        for chunk in _chunks(json.dumps(message, ensure_ascii=False, separators=(",", ":"))):
            if len(line) + len(chunk) > WRAP and line.strip() not in (">", "<", ""):
                lines.append(line)
                line = "   "
            line += chunk
        lines.append(line)
    return "```\n" + "\n".join(lines) + "\n```"


def replace_between(text: str, markers: tuple[str, str], body: str, where: str) -> str:
    begin, end = markers
    if text.count(begin) != 1 or text.count(end) != 1 or text.index(begin) > text.index(end):
        raise RegistryError(f"{where}: expected the markers {begin!r} and {end!r} once each, in order")
    head, rest = text.split(begin, 1)
    _, tail = rest.split(end, 1)
    return f"{head}{begin}\n{body}\n{end}{tail}"


def replace_block(text: str, block: str, where: str) -> str:
    """`text` with the generated `block` (its first line the begin marker, its last the end
    marker) in place of the one between the same markers."""
    lines = block.split("\n")
    return replace_between(text, (lines[0], lines[-1]), "\n".join(lines[1:-1]), where)


def build(session: bool = True) -> dict[Path, str]:
    """Every generated file's path and its text."""
    registry = load_registry()
    spec = load_spec(ROOT / "spec")
    pages = render_pages(registry, schema_fields_by_feature(protocol_schema()), scenarios_by_feature(spec))
    out = {PAGES / name: text for name, text in pages.items()}
    adapters = ADAPTERS.read_text(encoding="utf-8")
    out[ADAPTERS] = replace_between(adapters, TABLE_MARKERS, features_table(registry), "ADAPTERS.md")
    if session:
        page = SESSION_PAGE.read_text(encoding="utf-8")
        out[SESSION_PAGE] = replace_between(page, SESSION_MARKERS, format_session(record_session()),
                                            "docs/WORKED-SESSION.md")
    readme = _readme_with_rules_coverage()
    if readme is not None:
        out[README] = readme
    return out


def _readme_with_rules_coverage() -> str | None:
    """README.md with its "How much of the rules the suite covers" figures from the rules map,
    or None where the release the map names is not beside the checkout (../shared)."""
    from generator import rules_map

    try:
        release, table, _ = rules_map.repository_figures(ROOT / "spec")
    except (ValueError, OSError):
        return None
    return replace_block(README.read_text(encoding="utf-8"), rules_map.readme_section(release, table), "README.md")


def stale(files: dict[Path, str]) -> list[str]:
    """The generated files that differ from what is written, and pages no tag has any more."""
    out = [p.relative_to(ROOT).as_posix() for p, text in files.items()
           if not p.exists() or p.read_text(encoding="utf-8") != text]
    if PAGES.is_dir():
        out += [p.relative_to(ROOT).as_posix() + " (no such feature)"
                for p in sorted(PAGES.glob("*.md")) if p not in files]
    return sorted(out)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m generator.contract_docs", description=__doc__.split("\n")[0])
    parser.add_argument("--check", action="store_true", help="list stale generated files, write nothing")
    args = parser.parse_args(argv)
    try:
        files = build()
    except (RegistryError, RuntimeError, OSError) as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2
    if args.check:
        problems = stale(files)
        for line in problems:
            print(f"stale: {line}")
        print("OK: the contract's generated pages are up to date" if not problems
              else "run `python -m generator.contract_docs` to regenerate")
        return 1 if problems else 0
    PAGES.mkdir(parents=True, exist_ok=True)
    for page in PAGES.glob("*.md"):
        if page not in files:
            page.unlink()
    for path, text in files.items():
        tmp = path.with_name(path.name + ".tmp")
        tmp.write_text(text, encoding="utf-8")
        os.replace(tmp, path)
    pages = sum(1 for path in files if path.parent == PAGES)
    print(f"wrote {pages} pages in {PAGES.relative_to(ROOT)} and the generated parts of "
          + " and ".join(p.name for p in files if p.parent != PAGES))
    return 0


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
