"""Per-module scores of a mutmut run of the reference engine, with MUTATION.md's "meaningful" rule.

Run from the repository root after `mutmut run`:

    python -m mtg_conformance.selfcheck.mutation_report [--survivors] [--equivalent FILE]

A surviving mutant is *reason-text* when the only change is to the message of an IllegalAction,
CaseError or ManaError (the free text of an illegal or errored answer, the rule number of an
illegal answer included: the judge reads neither): the message edited, or replaced by None. Mutants no test reaches
(mutmut's "no tests") are dead code. Meaningful score = (killed + timeout) / (mutants -
reason-text - no tests), counted over the mutants that were checked.

The comparison is on the syntax trees of the original and mutated function, so a change that
lands anywhere else (the exception class, the number of arguments, a call inside
the message that now gets None or loses an argument and could crash) is meaningful.
"""

from __future__ import annotations

import argparse
import ast
import json
import os
import sys
import textwrap
from collections import defaultdict
from dataclasses import dataclass, field
from pathlib import Path

# The exceptions whose arguments are free text, and the index of the first such argument. An
# IllegalAction's rule number is text too: the answer's `reason` is "rule: message", and the
# judge never reads it (`rule` in an expectation is informational, mtg_adapter/judge.py).
MESSAGE_ARGS = {"IllegalAction": 0, "CaseError": 0, "ManaError": 0}
REASON_TEXT = "reason-text"
MEANINGFUL = "meaningful"
_PLACEHOLDER = "<message>"


def _exception_name(call: ast.Call) -> str | None:
    func = call.func
    name = func.id if isinstance(func, ast.Name) else func.attr if isinstance(func, ast.Attribute) else None
    return name if name in MESSAGE_ARGS else None


def _message_args(tree: ast.AST) -> list[ast.expr]:
    out = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Call) and (name := _exception_name(node)):
            out.extend(node.args[MESSAGE_ARGS[name]:])
    return out


def _call_shapes(tree: ast.AST) -> list[tuple]:
    """Calls inside a message: their arity and which arguments are the constant None."""
    return [(len(c.args), len(c.keywords), tuple(isinstance(a, ast.Constant) and a.value is None for a in c.args))
            for c in ast.walk(tree) if isinstance(c, ast.Call)]


def _is_text_edit(orig: ast.expr, mutant: ast.expr) -> bool:
    """The mutated message is still just text: None, or the same text with different words or
    formatting, with no call in it that could now fail."""
    if ast.dump(orig) == ast.dump(mutant) or (isinstance(mutant, ast.Constant) and mutant.value is None):
        return True
    if not (isinstance(mutant, ast.JoinedStr) or (isinstance(mutant, ast.Constant) and isinstance(mutant.value, str))):
        return False
    return _call_shapes(orig) == _call_shapes(mutant)


class _BlankMessages(ast.NodeTransformer):
    def visit_Call(self, node: ast.Call) -> ast.AST:
        self.generic_visit(node)
        if name := _exception_name(node):
            start = MESSAGE_ARGS[name]
            node.args = node.args[:start] + [ast.Constant(_PLACEHOLDER) for _ in node.args[start:]]
        return node


def _parse(source: str) -> ast.AST:
    return ast.parse(textwrap.dedent(source))


def classify(orig_source: str, mutant_source: str) -> str:
    """REASON_TEXT if the mutant differs from the original only in exception message text."""
    orig, mutant = _parse(orig_source), _parse(mutant_source)
    orig_msgs, mutant_msgs = _message_args(orig), _message_args(mutant)
    if len(orig_msgs) != len(mutant_msgs):
        return MEANINGFUL
    if not all(_is_text_edit(o, m) for o, m in zip(orig_msgs, mutant_msgs)):
        return MEANINGFUL
    blank = _BlankMessages()
    return REASON_TEXT if ast.dump(blank.visit(orig)) == ast.dump(blank.visit(mutant)) else MEANINGFUL


# ---------------------------------------------------------------------------------------------
# Reading mutmut's results (mutants/<path>.meta and the mutated files beside them).

@dataclass
class ModuleScore:
    module: str
    counts: dict = field(default_factory=lambda: defaultdict(int))
    reason_text: int = 0
    equivalent: int = 0
    survivors: list = field(default_factory=list)  # meaningful survivors' names

    @property
    def checked(self) -> int:
        return sum(n for status, n in self.counts.items() if status != "not checked")

    @property
    def caught(self) -> int:
        return self.counts["killed"] + self.counts["timeout"]

    def meaningful(self, without_equivalent: bool = False) -> int:
        n = self.checked - self.reason_text - self.counts["no tests"]
        return n - self.equivalent if without_equivalent else n


def _sources(mutant_name: str, path: Path) -> tuple[str, str]:
    import libcst as cst
    from mutmut.mutation import diff_apply

    pair = diff_apply.read_functions_from_index(mutant_name, path)
    if pair is None:
        module = diff_apply.read_mutants_module(path)
        pair = (diff_apply.read_original_function(module, mutant_name),
                diff_apply.read_mutant_function(module, mutant_name))
    empty = cst.Module(body=[])
    return empty.code_for_node(pair[0]), empty.code_for_node(pair[1])


def _status_names() -> dict:
    from mutmut.stats import status_by_exit_code
    return status_by_exit_code


def read_equivalent(path: Path | None) -> dict[str, str]:
    """`mutant-name  reason` per line (# comments and blank lines ignored)."""
    if path is None:
        return {}
    out = {}
    for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
        line = line.split("#", 1)[0].strip()
        if not line:
            continue
        name, _, reason = line.partition(" ")
        if not reason.strip():
            raise SystemExit(f"{path}:{n}: an equivalent mutant needs a reason after its name")
        out[name] = reason.strip()
    return out


def collect(root: Path, equivalent: dict[str, str]) -> list[ModuleScore]:
    status_of = _status_names()
    scores = []
    for meta in sorted((root / "mutants").rglob("*.py.meta")):
        path = meta.relative_to(root / "mutants").with_suffix("")
        data = json.loads(meta.read_text(encoding="utf-8"))
        score = ModuleScore(str(path))
        for name, code in sorted(data["exit_code_by_key"].items(), key=lambda kv: _natural(kv[0])):
            status = status_of[code]
            score.counts[status] += 1
            if status != "survived":
                continue
            if classify(*_sources(name, path)) == REASON_TEXT:
                score.reason_text += 1
            else:
                score.survivors.append(name)
                score.equivalent += name in equivalent
        scores.append(score)
    return scores


def _natural(name: str) -> tuple:
    head, _, number = name.rpartition("_")
    return (head, int(number)) if number.isdigit() else (name, 0)


def _pct(part: int, whole: int) -> str:
    return f"{100 * part / whole:.1f} %" if whole else "-"


def render(scores: list[ModuleScore], *, equivalent_given: bool) -> str:
    head = ("| module | mutants | checked | killed | timeout | survived | reason-text | no tests "
            "| meaningful | meaningful score |")
    if equivalent_given:
        head += " equivalent | without equivalent |"
    lines = [head, "|" + " --- |" * (head.count("|") - 1)]
    total = ModuleScore("**all**")
    for s in [*scores, total]:
        if s is not total:
            for k, v in s.counts.items():
                total.counts[k] += v
            total.reason_text += s.reason_text
            total.equivalent += s.equivalent
        c = s.counts
        row = (f"| {s.module} | {sum(c.values())} | {s.checked} | {c['killed']} | {c['timeout']} | {c['survived']} "
               f"| {s.reason_text} | {c['no tests']} | {s.meaningful()} | {_pct(s.caught, s.meaningful())} |")
        if equivalent_given:
            row += f" {s.equivalent} | {_pct(s.caught, s.meaningful(True))} |"
        lines.append(row)
    return "\n".join(lines)


def render_survivors(scores: list[ModuleScore], equivalent: dict[str, str]) -> str:
    lines = []
    for s in scores:
        by_function = defaultdict(list)
        for name in s.survivors:
            function, _, number = name.rpartition("__mutmut_")
            by_function[function].append(number + (" (equivalent)" if name in equivalent else ""))
        for function, numbers in by_function.items():
            lines.append(f"- `{function}` ({len(numbers)}): {', '.join(numbers)}")
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m mtg_conformance.selfcheck.mutation_report",
                                     description=__doc__.split("\n\n")[0])
    parser.add_argument("--root", type=Path, default=Path("."), help="repository root (holds mutants/)")
    parser.add_argument("--survivors", action="store_true", help="also list the meaningful survivors")
    parser.add_argument("--equivalent", type=Path,
                        help="file of mutants judged equivalent (`name reason` per line) for a second figure")
    parser.add_argument("--module", action="append", default=[],
                        help="only modules whose path contains this text (repeatable)")
    args = parser.parse_args(argv)
    root = args.root.resolve()
    if not (root / "mutants").is_dir():
        print(f"error: {root / 'mutants'} does not exist: run `mutmut run` from the repository root first",
              file=sys.stderr)
        return 2
    try:
        import mutmut  # noqa: F401  (the dev extra)
    except ImportError:
        print("error: mutmut is not installed (pip install -e '.[dev]')", file=sys.stderr)
        return 2
    equivalent = read_equivalent(args.equivalent)
    os.chdir(root)  # mutmut reads mutants/ relative to the working directory
    scores = [s for s in collect(root, equivalent)
              if not args.module or any(m in s.module for m in args.module)]
    print(render(scores, equivalent_given=bool(equivalent)))
    if args.survivors:
        print()
        print(render_survivors(scores, equivalent))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
