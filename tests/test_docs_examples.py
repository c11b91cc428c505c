"""The docs' examples run (issue #32: docs that cannot rot).

Over README.md, ADAPTERS.md, MUTATION.md, spec/README.md, every page under docs/ (the feature
pages and the CI recipe included) and the example adapters' READMEs:

- every stable test id they show names a real test (and so does `replay --help`);
- every `mtg-conformance ...` command they show (in `sh`/`yaml` blocks and in inline code) is
  accepted by the real command-line parser, placeholders (SPEC, FILE, DIR, K/N ...) filled in;
- every file they link to or name as a repository path exists;
- the cheap commands run as written and succeed, the example engine command line replaced by the
  reference engine served out of process; the README's `replay` example passes; ADAPTERS.md's
  expectations-file example loads and matches tests.

docs/phase-certification/ is left out: it is a certification report recorded at one point (a
snapshot of phase.rs's results, regenerated with that engine), not an example to follow.
"""

from __future__ import annotations

import argparse
import contextlib
import io
import re
import shlex
import subprocess
import sys
from pathlib import Path

import pytest

from generator.loader import load_spec

ROOT = Path(__file__).resolve().parent.parent
SNAPSHOTS = (ROOT / "docs" / "phase-certification",)
PAGES = sorted({ROOT / "README.md", ROOT / "ADAPTERS.md", ROOT / "MUTATION.md", ROOT / "spec" / "README.md",
                *(p for p in (ROOT / "docs").rglob("*.md") if not any(s in p.parents for s in SNAPSHOTS)),
                *(ROOT / "examples").rglob("README.md")})
DOCS = [*PAGES, ROOT / "mtg_conformance" / "commands" / "replay.py"]
TEST_ID = re.compile(r"\b[a-z0-9-]+(?:/[a-z0-9-]+)+::[a-z0-9-]+\b")
WIRE = re.compile(r'^[<>] \{')  # a worked session's protocol lines: their case ids are the session's own


def _name(path: Path) -> str:
    return path.relative_to(ROOT).as_posix()


def _ids(path: Path) -> set[str]:
    return {m for line in path.read_text(encoding="utf-8").splitlines() if not WIRE.match(line)
            for m in TEST_ID.findall(line)}


@pytest.fixture(scope="module")
def known() -> set[str]:
    spec = load_spec(ROOT / "spec")
    return {e.test_id(i) for e in spec.entries() for i in e.items()}


def test_the_pages_checked_include_the_feature_pages_and_the_ci_recipe():
    names = {_name(p) for p in PAGES}
    assert {"README.md", "ADAPTERS.md", "docs/ci-recipe.md", "docs/PROFILES.md", "docs/features/kicker.md",
            "docs/features/README.md", "spec/README.md"} <= names


@pytest.mark.parametrize("path", DOCS, ids=_name)
def test_every_test_id_the_docs_show_exists(path, known):
    missing = sorted(_ids(path) - known)
    assert not missing, f"{_name(path)} shows test ids the suite does not have: {missing}"


# -- commands --------------------------------------------------------------------------------------

FENCE = re.compile(r"^(`{3,})([\w-]*)[^\n]*\n(.*?)^\1[ \t]*$", re.S | re.M)
INLINE = re.compile(r"(?<!`)`([^`]+)`(?!`)")
# `mtg-conformance` in command position: the start, or after a shell operator or a workflow's `run:`.
COMMAND = re.compile(r"(?:^|&&|\|\||;|\brun:)\s*(mtg-conformance\s+(?![@=<>\[])[^#]*?)\s*(?=&&|\|\||;|<|>|#|$)")
# What the placeholders of the docs stand for, for the parser (values of the right type).
PLACEHOLDERS = {"K/N": "1/2", "N": "2", "SECONDS": "10", "${{ matrix.shard }}/4": "1/4"}


def _fenced_lines(text: str) -> list[str]:
    """The lines of sh/bash/shell/yaml/console blocks (and unlabelled ones), continuations joined."""
    lines = []
    for match in FENCE.finditer(text):
        if match.group(2) not in ("", "sh", "bash", "shell", "console", "yaml", "yml"):
            continue
        lines += match.group(3).replace("\\\n", " ").splitlines()
    return lines


def commands(path: Path) -> list[str]:
    """Every `mtg-conformance ...` command line a page shows (fenced blocks and inline code)."""
    text = path.read_text(encoding="utf-8")
    pieces = _fenced_lines(text)
    outside = FENCE.sub("", text)
    pieces += [m.group(1).replace("\n", " ") for m in INLINE.finditer(outside)]
    found = []
    for piece in pieces:
        piece = re.sub(r"^\s*(?:- )?(?:\$ )?", "", piece)
        for match in COMMAND.finditer(piece):
            found.append(" ".join(match.group(1).split()))
    return found


def _argv(command: str) -> list[str]:
    """The command's arguments as a user would type them: optional parts `[...]` in, `...` out,
    placeholders of a checked type filled in."""
    for placeholder, value in PLACEHOLDERS.items():
        if "/" in placeholder or "$" in placeholder:
            command = command.replace(placeholder, value)
    words = shlex.split(command)[1:]
    out = []
    for word in words:
        if word in ("...", "[...]"):
            continue
        word = word.lstrip("[").rstrip("]")
        out.append(PLACEHOLDERS.get(word, word))
    return out


def parse_error(argv: list[str]) -> str | None:
    """What the real parser says about these arguments (None: accepted). A command named alone
    (`mtg-conformance report`, in running text) need only exist."""
    from mtg_conformance.cli import build_parser

    parser = build_parser()
    if len(argv) == 1:
        commands = next(a for a in parser._actions if isinstance(a, argparse._SubParsersAction)).choices
        return None if argv[0] in commands else f"no such command {argv[0]!r}"
    err = io.StringIO()
    try:
        with contextlib.redirect_stderr(err), contextlib.redirect_stdout(io.StringIO()):
            parser.parse_args(argv)
    except SystemExit as exc:
        return None if exc.code == 0 else err.getvalue().strip().splitlines()[-1]
    return None


def test_the_command_extraction_finds_commands_in_blocks_inline_and_workflows(tmp_path):
    page = tmp_path / "page.md"
    page.write_text("Run `mtg-conformance smoke --engine SPEC` first.\n\n```sh\n"
                    "mtg-conformance certify --engine X \\\n    --out o   # comment\n"
                    "pip install mtg-conformance\nmtg-conformance validate && mtg-conformance coverage\n```\n\n"
                    "```yaml\n      - run: mtg-conformance merge shards/*/results.json --out c\n```\n"
                    "Prose naming mtg-conformance without code.\n")
    assert commands(page) == ["mtg-conformance certify --engine X --out o", "mtg-conformance validate",
                              "mtg-conformance coverage", "mtg-conformance merge shards/*/results.json --out c",
                              "mtg-conformance smoke --engine SPEC"]
    assert _argv("mtg-conformance test -- --engine SPEC [--engine-timeout 10] [--expectations FILE]") == [
        "test", "--", "--engine", "SPEC", "--engine-timeout", "10", "--expectations", "FILE"]
    assert _argv("mtg-conformance certify --shard K/N") == ["certify", "--shard", "1/2"]
    assert parse_error(["certify", "--shard", "K/N"]) is not None  # the parser really checks
    assert parse_error(["certify", "--no-such-option"]) is not None and parse_error(["nope"]) is not None


@pytest.mark.parametrize("path", PAGES, ids=_name)
def test_every_command_the_docs_show_is_accepted_by_the_command_line_parser(path):
    wrong = [f"{command}: {error}" for command in commands(path)
             if (error := parse_error(_argv(command))) is not None]
    assert not wrong, f"{_name(path)} shows commands mtg-conformance refuses:\n" + "\n".join(wrong)


def _subcommands() -> dict[str, argparse.ArgumentParser]:
    from mtg_conformance.cli import build_parser

    return next(a for a in build_parser()._actions if isinstance(a, argparse._SubParsersAction)).choices


@pytest.mark.parametrize("path", PAGES, ids=_name)
def test_every_option_of_a_command_fragment_exists(path):
    """Inline fragments such as `certify --rerun-failed out/results.json` or `expectations --update`
    (a command without the `mtg-conformance` before it) name options that command has."""
    subcommands = _subcommands()
    wrong = []
    for code in INLINE.findall(FENCE.sub("", path.read_text(encoding="utf-8"))):
        words = code.split()
        if len(words) > 1 and words[0] in subcommands:
            known = {o for action in subcommands[words[0]]._actions for o in action.option_strings}
            wrong += [f"`{' '.join(words)}`: {w}" for w in words[1:] if w.startswith("-") and w != "--"
                      and w.split("=")[0] not in known]
    assert not wrong, f"{_name(path)} shows options the command does not have: {wrong}"


def test_the_docs_show_every_command_of_the_tool():
    from mtg_conformance.cli import build_parser

    parser = build_parser()
    every = set(next(a for a in parser._actions if isinstance(a, argparse._SubParsersAction)).choices)
    shown = {_argv(c)[0] for path in PAGES for c in commands(path) if _argv(c)}
    assert every - shown == set(), f"commands no page shows: {sorted(every - shown)}"


PYTHON_MODULE = re.compile(r"\bpython3? -m ([A-Za-z_][\w.]*)")


@pytest.mark.parametrize("path", PAGES, ids=_name)
def test_every_python_module_the_docs_run_exists(path):
    import importlib.util

    named = set(PYTHON_MODULE.findall(path.read_text(encoding="utf-8")))
    missing = sorted(m for m in named if importlib.util.find_spec(m) is None)
    assert not missing, f"{_name(path)} runs `python -m` modules that do not exist: {missing}"


MARK_EXPRESSION = re.compile(r"""(?<![\w-])-m +("[^"]+"|'[^']+'|[a-z_][a-z0-9_]*)""")


def test_every_marker_selection_the_docs_show_selects_tests():
    """`-m kicker`, `-m "multikicker and not copy"`, `-m rule_702_33d`: each selects some test of the suite
    (markers as the plugin gives them: feature tags with underscores, rule_<rule>)."""
    from _pytest.mark.expression import Expression

    from mtg_adapter.pytest_plugin import feature_marker, rule_marker
    from mtg_conformance.suite_cases import load_tests

    marks = [{feature_marker(f) for f in t.features} | ({rule_marker(t.rule)} if t.rule else set())
             for t in load_tests(ROOT / "spec")]
    shown = {m.strip("'\"") for path in PAGES for m in MARK_EXPRESSION.findall(path.read_text(encoding="utf-8"))}
    shown = {m for m in shown if m not in ("pytest", "pip", "venv") and "." not in m and not m.startswith(
        ("generator", "mtg_"))}  # `python -m MODULE` is not a selection
    assert {"kicker", "sticker_kicker", "rule_702_33d", "multikicker and not copy"} <= shown
    for expression in sorted(shown):
        compiled = Expression.compile(expression)
        count = sum(compiled.evaluate(lambda name, m=m: name in m) for m in marks)
        assert count, f"`-m {expression}` selects no test of the suite"


# -- files -----------------------------------------------------------------------------------------

LINK = re.compile(r"(?<!!)\[[^\]\n]*\]\(([^)\s]+)\)")
TOP = ("spec/", "docs/", "mtg_adapter/", "mtg_conformance/", "generator/", "reference_impl/", "tests/",
       "examples/", "benchmarks/", "expectations/", "generated_tests/", "phase_adapter/", "mtg_conformance_suite/")
REPO_PATH = re.compile(r"^(?:[\w.-]+/)*[\w.-]+(?:\.(?:py|md|yaml|yml|json|toml|txt|js|rs|j2|svg|html)|/)$")


def named_files(path: Path) -> list[tuple[str, Path]]:
    """(as written, where it must be) for every relative link and every repository path in inline
    code (`spec/rules/kicker.yaml`, `generator/`); placeholders (<...>, *) and URLs left out."""
    text = path.read_text(encoding="utf-8")
    found = []
    for target in LINK.findall(text):
        if re.match(r"^[a-z]+:", target) or target.startswith("#"):
            continue
        found.append((target, (path.parent / target.split("#", 1)[0]).resolve()))
    for code in INLINE.findall(FENCE.sub("", text)):
        code = code.strip()
        if code.startswith(TOP) and REPO_PATH.match(code):
            found.append((code, ROOT / code))
    return found


def anchors(page: Path) -> set[str]:
    """The anchors GitHub gives a page's headings (`## 7. Features` -> `7-features`)."""
    text = FENCE.sub("", page.read_text(encoding="utf-8"))
    return {re.sub(r"[^\w\- ]", "", heading.strip().lower()).replace(" ", "-")
            for heading in re.findall(r"^#{1,6} +(.+?)\s*$", text, re.M)}


def broken_anchors(path: Path) -> list[str]:
    """Links to a heading (`ADAPTERS.md#7-features`, `#10-running-the-suite`) that no heading has."""
    text = path.read_text(encoding="utf-8")
    wrong = []
    for target in LINK.findall(text):
        if re.match(r"^[a-z]+:", target) or "#" not in target:
            continue
        file, anchor = target.split("#", 1)
        page = (path.parent / file).resolve() if file else path
        if page.suffix == ".md" and page.exists() and anchor not in anchors(page):
            wrong.append(target)
    return wrong


def test_anchors_are_the_ones_github_makes(tmp_path):
    page = tmp_path / "p.md"
    page.write_text("# Title\n## 7. Features\n## 10. Running the suite\n```sh\n# not a heading\n```\n"
                    "[a](#7-features) [b](p.md#10-running-the-suite) [c](#not-a-heading) [d](#nowhere)\n")
    assert broken_anchors(page) == ["#not-a-heading", "#nowhere"]


@pytest.mark.parametrize("path", PAGES, ids=_name)
def test_every_file_the_docs_link_or_name_exists(path):
    missing = sorted({shown for shown, where in named_files(path) if not where.exists()})
    assert not missing, f"{_name(path)} names files that do not exist: {missing}"
    assert not broken_anchors(path), f"{_name(path)} links to headings that do not exist: {broken_anchors(path)}"


# -- running them ----------------------------------------------------------------------------------

MY_ENGINE = re.compile(r"cmd:\./my-engine(?: --conformance)?")
# The commands that run in seconds without an engine of the reader's, or with the example engine
# replaced by the reference engine served out of process. Each must appear in the docs as written.
RUNNABLE = {
    "mtg-conformance validate": "README.md",
    "mtg-conformance coverage": "README.md",
    "mtg-conformance selfcheck --list": "docs/CONTRACT.md",
    "mtg-conformance certify --list-profiles": "docs/PROFILES.md",
    "mtg-conformance smoke --engine 'cmd:./my-engine --conformance'": "README.md",
    "mtg-conformance export --out conformance-suite/": "docs/RUNNING.md",
    "mtg-conformance certify --engine SPEC --profile kicker": "docs/PROFILES.md",
}
WRITES_WHERE_RUN = ("export", "certify")  # run in an empty folder: they write where the reader is


@pytest.mark.parametrize("command", sorted(RUNNABLE))
def test_the_cheap_commands_of_the_docs_run_as_written(command, tmp_path):
    page = ROOT / RUNNABLE[command]
    assert command in commands(page), f"{RUNNABLE[command]} no longer shows `{command}`"
    served = f"cmd:{shlex.quote(sys.executable)} -m mtg_conformance serve-reference"
    argv = [served if MY_ENGINE.fullmatch(a) else "reference" if a == "SPEC" else a for a in shlex.split(command)[1:]]
    cwd = tmp_path if argv[0] in WRITES_WHERE_RUN else ROOT
    done = subprocess.run([sys.executable, "-m", "mtg_conformance", *argv], capture_output=True, text=True,
                          timeout=300, cwd=cwd)
    assert done.returncode == 0, f"{command}\n{done.stdout[-2000:]}{done.stderr[-2000:]}"
    if "--profile" in argv:
        assert (tmp_path / "certification-out" / "badge-kicker.svg").is_file()


def test_the_readme_replay_example_runs():
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    test_id = re.search(r"mtg-conformance replay +'([^']+)'", readme).group(1)
    done = subprocess.run([sys.executable, "-m", "mtg_conformance", "replay", test_id], capture_output=True,
                          text=True, timeout=120, cwd=ROOT)
    assert done.returncode == 0 and "VERDICT: pass" in done.stdout, done.stdout[-2000:] + done.stderr


def test_the_known_failures_file_example_of_running_md_loads(tmp_path, known):
    from mtg_adapter.expectations import load_expectations

    text = (ROOT / "docs" / "RUNNING.md").read_text(encoding="utf-8")
    section = text.split("## 4.", 1)[1].split("\n## ", 1)[0]
    block = re.search(r"```yaml\n(.*?)```", section, re.S).group(1)
    path = tmp_path / "known-failures.yaml"
    path.write_text(block, encoding="utf-8")
    expectations = load_expectations(path)
    assert expectations.unmatched(sorted(known)) == [], "an entry of the example matches no test"
