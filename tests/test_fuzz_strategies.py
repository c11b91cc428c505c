"""The fuzzer's strategies draw valid cases that the reference engine mostly accepts
(respecting the HYPOTHESIS_PROFILE profile)."""

from hypothesis import given

from mtg_adapter.protocol import check_case
from mtg_conformance.fuzz.differ import Pair
from mtg_conformance.fuzz.pool import load_pool
from mtg_conformance.fuzz.runner import fuzz
from mtg_conformance.fuzz.strategies import cases
from reference_impl.runner import run_case

ZONES = ("hand", "battlefield", "graveyard", "library", "exile")


def _labels(setup):
    return [item["label"] for p in setup["players"].values() for zone in ZONES for item in p.get(zone, [])]


@given(case=cases())
def test_cases_are_valid_protocol_cases_the_reference_never_errors_on(case):
    check_case({"id": "fuzz::case", **case})
    labels = _labels(case["setup"])
    assert len(labels) == len(set(labels)), labels
    assert 1 <= len(case["steps"]) <= 6
    for step in case["steps"]:
        if "cast" in step:
            assert "pay" in step["cast"], "a cast without pay lets engines pay differently"
            assert step["cast"]["card"] in labels
    answer = run_case({"id": "fuzz::case", **case})
    assert [r["status"] for r in answer["results"] if r["status"] == "errored"] == [], answer["results"]


def test_the_pool_reads_costs_from_the_catalog():
    pool = load_pool()
    burst = pool["Burst Lightning"]
    assert (burst.cost.colored, [k.generic for k in burst.kickers], burst.multikicker) == (("R",), [4], False)
    assert pool["Joraga Warcaller"].multikicker
    assert len(pool["Stormscape Battlemage"].kickers) == 2
    assert (pool["Deep Analysis"].flashback.generic, pool["Deep Analysis"].flashback_life) == (1, 3)
    assert pool["Comet Storm"].cost.xs == 1


def test_reference_against_itself_is_clean_and_mostly_legal():
    outcome = fuzz(Pair("reference", "reference"), 60, seed=0)
    assert outcome.divergence is None and outcome.broken is None
    assert outcome.examples == 60
    totals = {}
    for (_, status), n in outcome.statuses.items():
        totals[status] = totals.get(status, 0) + n
    assert "errored" not in totals, totals
    assert totals.get("illegal", 0) > 0, "no deliberately illegal attempt was drawn"
    assert totals["ok"] > totals.get("illegal", 0), totals  # mostly legal (over 1000 examples: ~85%)
    kinds = {kind for kind, status in outcome.statuses if status == "ok"}
    assert {"cast", "resolve", "pass_until_empty", "put_onto_battlefield", "tap_for_mana"} <= kinds


def test_cases_needing_undeclared_features_are_skipped():
    from mtg_conformance.fuzz.entry import features

    pair = Pair("reference", "reference")
    seen = []
    run = pair.run

    def recording(case):
        seen.append(case)
        return run(case)

    pair.run = recording
    allowed = {"kicker", "counter", "copy", "mana-abilities"}
    outcome = fuzz(pair, 20, seed=1, features=allowed)
    assert outcome.skipped > 0 and outcome.divergence is None
    assert seen and all(set(features(case)) <= allowed for case in seen)
