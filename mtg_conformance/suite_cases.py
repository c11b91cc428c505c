"""The suite's tests as plain data, built from the spec by the generator's planner: exactly the
setup and steps (expectations included) that the generated modules pass to the harness.

Shared by `replay` (run one test) and `export` (every test as JSON). A property's parameters get
a fixed, explicit example set (`examples`): every combination of its declared domain when there
are at most EXAMPLE_LIMIT, else EXAMPLE_LIMIT evenly spaced ones (first and last included), in a
stable order. The pytest run draws up to 25 examples with Hypothesis (profile `ci`, derandomized);
this set is its deterministic, language-neutral counterpart.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from mtg_adapter import suite_files
from mtg_adapter.errors import InputError

EXAMPLE_LIMIT = 64


class SuiteError(InputError):
    """The spec cannot be found or loaded, or a test id is unknown; the message says which."""


@dataclass(frozen=True)
class SuiteTest:
    id: str
    entry: str
    kind: str
    rule: str | None
    cites: list
    features: list
    rules_version: str
    source: str
    description: str
    setup: dict
    steps: list  # with `expect` where the spec gives one
    given: dict | None = None

    @property
    def is_property(self) -> bool:
        return self.given is not None


def _description(docstring: str) -> str:
    """The scenario's own sentence: the last paragraph of the generated docstring, after `name: `."""
    last = docstring.rsplit("\n\n", 1)[-1]
    return last.split(": ", 1)[1] if ": " in last else ""


def load_tests(spec_dir: Path | None = None) -> list[SuiteTest]:
    """Every test of the spec, in generated-module order; SuiteError when the spec is unusable."""
    from generator.loader import SpecError, load_spec
    from generator.plan import build_plans

    spec_dir = spec_dir or suite_files.spec_dir()
    if spec_dir is None or not Path(spec_dir).is_dir():
        raise SuiteError(f"no spec found in {suite_files.where_to_look()} (use --spec DIR)")
    try:
        plans = build_plans(load_spec(Path(spec_dir)))
    except SpecError as exc:
        raise SuiteError("the spec has errors:\n" + "\n".join(str(e) for e in exc.errors)) from None
    tests = []
    for module in plans:
        for plan in module.tests:
            marker = dict(plan.marker)
            tests.append(SuiteTest(
                id=plan.id, entry=marker["entry"], kind=marker["kind"], rule=marker["rule"],
                cites=list(marker["cites"]), features=list(marker["features"]),
                rules_version=marker["rules_version"], source=marker["source"],
                description=_description(plan.docstring), setup=plan.setup,
                steps=[step.value for step in plan.steps], given=plan.given,
            ))
    return tests


def find_test(tests: list[SuiteTest], test_id: str) -> SuiteTest:
    for test in tests:
        if test.id == test_id:
            return test
    import difflib

    close = difflib.get_close_matches(test_id, [t.id for t in tests], n=3, cutoff=0.5)
    hint = f"; did you mean {' or '.join(close)}?" if close else " (mtg-conformance export lists every id)"
    raise SuiteError(f"no test with id {test_id!r}{hint}")


def _domain(generator: dict) -> tuple[int, "callable"]:
    """(size, value of index i) of one parameter's domain, without listing it."""
    (kind, arg), = generator.items()
    if kind == "integers":
        return arg["max"] - arg["min"] + 1, lambda i: arg["min"] + i
    items = list(arg)
    if kind == "sampled_from":
        return len(items), lambda i: items[i]
    # subsets: index i is the bit mask over the items, which keep their declared order
    return 1 << len(items), lambda i: [x for bit, x in enumerate(items) if i >> bit & 1]


def examples(given: dict, limit: int = EXAMPLE_LIMIT) -> list[dict]:
    """The fixed parameter sets of a property (see the module docstring): combinations in
    itertools.product order (the last parameter varies fastest)."""
    names = list(given)
    domains = [_domain(given[n]) for n in names]
    total = 1
    for size, _ in domains:
        total *= size
    if total <= limit:
        picks = range(total)
    else:
        picks = sorted({round(i * (total - 1) / (limit - 1)) for i in range(limit)})
    out = []
    for index in picks:
        values = []
        for size, value in reversed(domains):
            index, digit = divmod(index, size)
            values.append(value(digit))
        out.append(dict(zip(names, reversed(values))))
    return out
