"""Render module plans into Python source with the Jinja2 templates of generator/templates.

The environment is built once (templates are compiled once and reused), loads templates
only from this package's directory (never from the spec), uses StrictUndefined, and has a
`finalize` guard: every `{{ ... }}` must go through one of the literal filters, whose output
is marked `_Safe`; printing any other value is an error, so spec text cannot reach a
module except as a Python literal.
"""

from __future__ import annotations

import functools
from pathlib import Path

import jinja2

from generator import literal as lit
from generator.plan import ModulePlan
from generator.spec_errors import SpecError, SpecIssue

TEMPLATES = Path(__file__).resolve().parent / "templates"


class _Safe(str):
    """Source text produced by a literal filter (the only thing templates may print)."""

    __slots__ = ()


def _finalize(value: object) -> object:
    if isinstance(value, _Safe):
        return value
    raise jinja2.TemplateError(
        f"template printed {type(value).__name__} {value!r:.60} without a literal filter"
    )


def _defined(value: object) -> object:
    """StrictUndefined fails when printed, not when passed to a filter: fail here too."""
    if isinstance(value, jinja2.Undefined):
        value._fail_with_undefined_error()
    return value


def _f_literal(value: object, level: int = 0, used: int = 0) -> _Safe:
    return _Safe(lit.literal(_defined(value), level, used))


def _f_docstring(value: str, level: int = 1) -> _Safe:
    return _Safe(lit.docstring_literal(_defined(value), level))


def _f_comment(value: str) -> _Safe:
    return _Safe(lit.comment_text(_defined(value)))


def _f_ident(value: str) -> _Safe:
    return _Safe(lit.identifier(_defined(value)))


@functools.lru_cache(maxsize=1)
def environment() -> jinja2.Environment:
    """The one Jinja2 environment (cached: templates compile once per process)."""
    env = jinja2.Environment(
        loader=jinja2.FileSystemLoader(str(TEMPLATES)),
        autoescape=False,
        undefined=jinja2.StrictUndefined,
        finalize=_finalize,
        auto_reload=False,
    )
    env.filters.update(literal=_f_literal, docstring=_f_docstring, comment=_f_comment, ident=_f_ident)
    return env


def render_module(plan: ModulePlan) -> str:
    """The source of one generated module (ends with exactly one newline)."""
    text = environment().get_template("module.py.j2").render(module=plan)
    return text.rstrip("\n") + "\n"


def _locate(plan: ModulePlan, exc: Exception) -> list[SpecIssue]:
    """Which tests of `plan` hold a value without a literal form (slow path, errors only)."""
    issues = []
    for test in plan.tests:
        try:
            render_module(ModulePlan(plan.filename, plan.source, "", (test,)))
        except lit.LiteralError as err:
            path, line, field = test.where
            issues.append(SpecIssue(path, line, 0, field, str(err)))
    return issues or [SpecIssue(plan.source, 0, 0, "", str(exc))]


def render_all(plans: list[ModulePlan]) -> dict[str, bytes]:
    """File name -> UTF-8 bytes for every module, in file-name order.

    Raises SpecError locating every value that has no Python literal form."""
    files: dict[str, bytes] = {}
    issues: list[SpecIssue] = []
    for plan in sorted(plans, key=lambda p: p.filename):
        try:
            files[plan.filename] = render_module(plan).encode("utf-8")
        except lit.LiteralError as exc:
            issues.extend(_locate(plan, exc))
    if issues:
        raise SpecError(issues)
    return files
