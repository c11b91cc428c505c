"""Claims as data (spec/README.md, "Claims"): each restrictive phrase of a rule, quoted from its
text, pinned by scenarios and by the self-check faults that drop it; checked by `validate`,
listed by `coverage --claims`, proven by `selfcheck` (a fault must be rejected by one of the
scenarios pinning each claim it drops)."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest
from spec_helpers import EXAMPLE, REPO, errors_of, make_spec

from generator.claims import claim_tests, unknown_claims
from generator.loader import load_spec
from mtg_conformance.selfcheck import matrix
from mtg_conformance.selfcheck.claims import DROPS
from mtg_conformance.selfcheck.faults import CATALOG
from mtg_conformance.selfcheck.runner import SuiteRun, Verdict

CLAIMS = """    claims:
      - id: just-one-spell
        words: "still just a single spell"
        says: "Kicking a spell does not make it two spells: one counterspell counters all of it."
        scenarios: [cancel-counters-kicked-spell]
"""


def with_claims(block: str = CLAIMS) -> str:
    assert "\n    scenarios:\n" in EXAMPLE
    return EXAMPLE.replace("\n    scenarios:\n", "\n" + block + "    scenarios:\n", 1)


def test_a_claim_loads_with_its_id_words_and_tests(tmp_path):
    spec = load_spec(make_spec(tmp_path, {"kicker.yaml": with_claims()}))
    entry = spec.entry("kicker/kicked-spell-is-one-spell")
    [claim] = entry.claims
    assert entry.claim_id(claim) == "kicker/kicked-spell-is-one-spell#just-one-spell"
    assert claim_tests(spec) == {"kicker/kicked-spell-is-one-spell#just-one-spell":
                                 ("kicker/kicked-spell-is-one-spell::cancel-counters-kicked-spell",)}


def test_words_must_come_from_the_rule_text(tmp_path):
    text = with_claims(CLAIMS.replace("still just a single spell", "two spells at most"))
    [error] = errors_of(make_spec(tmp_path, {"kicker.yaml": text}))
    assert "entries[0].claims[0].words" in error and "do not occur in the entry's English text" in error


def test_words_ignore_case_spacing_and_quote_style(tmp_path):
    text = with_claims(CLAIMS.replace("still just a single spell", "STILL  just a\\n single spell"))
    load_spec(make_spec(tmp_path, {"kicker.yaml": text}))


def test_claim_scenarios_and_ids_are_checked(tmp_path):
    block = CLAIMS.replace("[cancel-counters-kicked-spell]", "[no-such-scenario, other/entry::missing]") + \
        CLAIMS.replace("    claims:\n", "").replace("scenarios: [cancel-counters-kicked-spell]", "scenarios: []")
    errors = errors_of(make_spec(tmp_path, {"kicker.yaml": with_claims(block)}))
    assert any("no scenario or property named 'no-such-scenario' in this entry" in e for e in errors), errors
    assert any("no scenario or property 'other/entry::missing' in the spec" in e for e in errors), errors
    assert any("duplicate claim id 'just-one-spell'" in e for e in errors), errors


def test_every_fault_names_claims_the_repository_spec_has():
    spec = load_spec(REPO / "spec")
    assert unknown_claims(spec, DROPS) == []
    # a fault may name claims itself (Fault(claims=...)); DROPS's are added after them
    assert all(CATALOG[name].claims[-len(claims):] == claims for name, claims in DROPS.items())


def coverage_claims(spec: Path, *extra: str) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "mtg_conformance", "coverage", "--claims", "--spec", str(spec),
                           *extra], capture_output=True, text=True, timeout=120, cwd=REPO)


def test_coverage_claims_passes_on_the_repository_spec():
    done = coverage_claims(REPO / "spec", "--json")
    assert done.returncode == 0, done.stdout[-2000:] + done.stderr
    doc = json.loads(done.stdout)
    assert doc["summary"]["claims"] >= 17 and doc["summary"]["without_fault"] == 0
    assert doc["summary"]["without_scenario"] == 0 and doc["unknown"] == []


def test_coverage_claims_fails_on_a_claim_no_fault_drops(tmp_path):
    spec = make_spec(tmp_path, {"kicker.yaml": with_claims()})
    done = coverage_claims(spec)
    assert done.returncode == 1
    assert "no self-check fault drops claim kicker/kicked-spell-is-one-spell#just-one-spell" in done.stdout
    assert "spec/rules/kicker.yaml:" in done.stdout


def _run(*failing: str) -> SuiteRun:
    tests = ["kicker/kicked-status-and-times-kicked::single-kicker-cannot-be-kicked-twice", "other/entry::x"]
    marker = {"rule": "702.33d", "cites": ["702.33d"]}
    return SuiteRun("f", [Verdict(t, "fail" if t in failing else "pass", marker) for t in tests])


def test_a_fault_rejected_only_outside_its_claims_scenarios_is_unproven():
    fault = CATALOG["single_kicker_paid_twice"]
    pins = claim_tests(load_spec(REPO / "spec"))
    assert matrix.judge(fault, _run("other/entry::x"), None, pins).verdict == matrix.UNPROVEN
    proven = matrix.judge(fault, _run("kicker/kicked-status-and-times-kicked::single-kicker-cannot-be-kicked-twice"),
                          None, pins)
    assert proven.verdict == matrix.CAUGHT
    assert matrix.exit_code([matrix.judge(fault, _run("other/entry::x"), None, pins)]) == 1


def test_cited_rules_tell_a_rule_with_claims_from_one_cited_only_as_context():
    """`coverage --claims` counts the sub-rules the spec cites and which of them have claims of
    their own: an entry's rule with claims counts; a sub-rule only in another entry's `cites` does not."""
    from generator.claims import cited_rules
    spec = load_spec(REPO / "spec")
    cited, claimed = cited_rules(spec)
    assert "603.3b" in claimed  # triggers/active-players-triggers-go-on-the-stack-first
    assert "105.2" in claimed  # a claim of protection/cant-be-targeted-by-that-quality quotes it
    assert set(claimed) <= set(cited)


# a claim quoting a sub-rule the entry cites (701.6, "counter"), not the entry's own text
CITED = CLAIMS + """      - id: countered-is-removed
        rule: "701.6"
        words: "moving it from the stack to its owner's graveyard"
        says: "A countered spell goes to its owner's graveyard: the kicked Burst Lightning Cancel counters does."
        scenarios: [cancel-counters-kicked-spell]
"""

RELEASE = ("Magic: The Gathering Comprehensive Rules\n\nThese rules are effective as of June 19, 2026.\n\n"
           "701.6. To counter a spell or ability means to cancel it, removing it from the stack. "
           "It doesn't resolve. To counter a spell means moving it from the stack to its owner's graveyard.\n\n")


def test_a_claim_may_quote_a_cited_sub_rule(tmp_path):
    from generator.claims import cited_rules
    spec = load_spec(make_spec(tmp_path, {"kicker.yaml": with_claims(CITED)}))
    [_, claim] = spec.entry("kicker/kicked-spell-is-one-spell").claims
    assert claim.rule == "701.6"  # its words are not the entry's: validate does not ask for them there
    cited, claimed = cited_rules(spec)
    assert claimed == ["701.6"] and "702.33d" in cited and "702.33d" not in claimed


def test_a_quoted_sub_rule_must_be_one_the_entry_cites(tmp_path):
    [error] = errors_of(make_spec(tmp_path, {"kicker.yaml": with_claims(CITED.replace('"701.6"', '"701.5"'))}))
    assert "entries[0].claims[1].rule" in error and "701.5 is neither this entry's rule nor one it cites" in error


def test_quoted_sub_rule_words_are_checked_against_a_release(tmp_path):
    from generator.claims import misquoted
    from generator.rules_text import parse_rules
    spec = load_spec(make_spec(tmp_path, {"kicker.yaml": with_claims(CITED)}))
    [gone] = misquoted(spec, parse_rules(RELEASE.replace("701.6.", "701.7.")))
    assert "quotes 701.6, which release 2026-06-19 does not have" in gone
    [error] = misquoted(spec, parse_rules(RELEASE.replace("owner's graveyard", "owner's hand")))
    assert "kicker.yaml:" in error and "#countered-is-removed" in error and "do not occur in 701.6" in error
    assert misquoted(spec, parse_rules(RELEASE)) == []


RELEASE_FILE = REPO.parent / "shared" / "data" / "comprehensive-rules" / "MagicCompRules-2026-06-19.txt"


@pytest.mark.skipif(not RELEASE_FILE.is_file(), reason=f"real CR file absent: {RELEASE_FILE}")
def test_the_repository_specs_quoted_sub_rules_match_the_release_it_names():
    from generator.claims import misquoted
    from generator.rules_text import load_rules
    assert misquoted(load_spec(REPO / "spec"), load_rules(RELEASE_FILE)) == []


def test_every_cited_sub_rule_has_a_claim_or_a_reason(tmp_path):
    """`coverage --claims` fails on a cited sub-rule no claim quotes unless a citing entry says why
    (`unclaimed_cites`), and on a reason given for a sub-rule a claim does quote."""
    from generator.claims import unexplained
    spec = load_spec(make_spec(tmp_path / "bare", {"kicker.yaml": with_claims(CITED)}))
    errors = unexplained(spec)
    assert len(errors) == 2 and all("kicker.yaml:" in e and "no claim quotes it" in e for e in errors)
    assert {e.split(" cites ")[1].split(":")[0] for e in errors} == {"702.33d", "601.2b"}
    reasons = ('    unclaimed_cites: {"702.33d": "the ruling leans on it; its words are claimed by the kicker '
               'entries", "601.2b": "announcing the kicker is claimed by 702.33d entries"}\n')
    explained = with_claims(CITED).replace("    features: [kicker, counter]\n", reasons + "    features: [kicker, counter]\n")
    assert unexplained(load_spec(make_spec(tmp_path / "explained", {"kicker.yaml": explained}))) == []
    stale = explained.replace('"601.2b": "announcing', '"701.6": "countering').replace('"702.33d": "the', '"601.2b": "the')
    errors = errors_of(make_spec(tmp_path / "stale", {"kicker.yaml": stale}))
    assert any("unclaimed_cites" in e and "a claim of this entry quotes 701.6" in e for e in errors), errors


def test_an_unclaimed_cite_must_be_cited(tmp_path):
    reasons = '    unclaimed_cites: {"999.1": "not cited at all, so nothing to excuse"}\n'
    text = EXAMPLE.replace("    features: [kicker, counter]\n", reasons + "    features: [kicker, counter]\n")
    [error] = errors_of(make_spec(tmp_path, {"kicker.yaml": text}))
    assert "unclaimed_cites" in error and "999.1 is not in this entry's `cites`" in error
