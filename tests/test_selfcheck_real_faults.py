"""The faulty engines modelled on real bug reports: enough of them, each naming a distinct
report of a tracked engine, the ones the suite can't express kept with a reason, and the
name-based patching they rely on finding what it patches."""

from __future__ import annotations

from contextlib import ExitStack

import pytest

from mtg_conformance.selfcheck import locate
from mtg_conformance.selfcheck.fault import ENGINES, REPORT, Fault, Unexpressible, case
from mtg_conformance.selfcheck.faults import CATALOG
from mtg_conformance.selfcheck.unexpressible import REPORTS_OF_EXISTING, UNEXPRESSIBLE

REAL = [f for f in CATALOG.values() if f.report]


def test_at_least_70_faults_and_40_distinct_real_reports():
    assert len(CATALOG) >= 70
    reports = [f.report for f in REAL]
    assert len(set(reports)) >= 40
    assert len(set(reports)) == len(reports), "two faults claim the same report"


def test_reports_come_from_the_tracked_engines():
    engines = {f.engine for f in REAL}
    assert engines <= set(ENGINES.values())
    assert {"XMage", "phase.rs"} <= engines
    for f in REAL:
        assert REPORT.match(f.report), f.name


def test_unexpressible_reports_are_kept_with_a_reason_and_not_also_faults():
    assert UNEXPRESSIBLE
    faulted = {f.report for f in REAL}
    for u in UNEXPRESSIBLE:
        assert u.reason and u.description and u.engine
        assert u.report not in faulted, u.report
    assert len({u.report for u in UNEXPRESSIBLE}) == len(UNEXPRESSIBLE)


def test_reports_given_to_older_faults_are_attached():
    for name, url in REPORTS_OF_EXISTING.items():
        assert CATALOG[name].report == url


@pytest.mark.parametrize("bad", ["https://github.com/someone/else/issues/1",
                                 "https://github.com/magefree/mage/issues/",
                                 "magefree/mage#12"])
def test_a_report_must_be_an_issue_or_pull_request_of_a_tracked_engine(bad):
    with pytest.raises(ValueError):
        Fault("x", "702.33d", "d", lambda stack, run: None, case({}, [{"resolve": {}}]), report=bad)
    with pytest.raises(ValueError):
        Unexpressible(bad, "702.33d", "d", "r")


def test_locate_finds_each_definition_once_and_patches_every_binding():
    cast = locate.obj("cast")
    assert cast.__module__.startswith("reference_impl")
    with pytest.raises(LookupError):
        locate.obj("no_such_function_anywhere")
    bound = [m for m in locate._modules() if vars(m).get("cast") is cast]
    assert len(bound) >= 2  # defined in one module, imported by the runner
    with ExitStack() as stack:
        locate.patch(stack, "cast", lambda original: "patched")
        assert all(vars(m)["cast"] == "patched" for m in bound)
    assert all(vars(m)["cast"] is cast for m in bound)


def test_readme_and_the_real_bugs_page_say_exactly_what_the_catalog_has():
    from mtg_conformance.selfcheck import real_bugs

    readme = real_bugs.README.read_text(encoding="utf-8")
    start, end = readme.index(real_bugs.BEGIN), readme.index(real_bugs.END) + len(real_bugs.END)
    assert readme[start:end] == real_bugs.section(), "regenerate: python -m mtg_conformance.selfcheck.real_bugs"
    assert real_bugs.PAGE.read_text(encoding="utf-8") == real_bugs.page(), \
        "regenerate: python -m mtg_conformance.selfcheck.real_bugs"
    assert real_bugs.main(["--check"]) == 0
