"""Hypothesis properties over games the tests build (respecting the HYPOTHESIS_PROFILE
profile loaded by the mtg_adapter plugin)."""

from hypothesis import given
from hypothesis import strategies as st

from reference_impl.cards.oracle import ORACLE
from reference_impl.runner import run_case
from reference_impl.scenario import alice, cards, play

COLORS = "WUBRG"
symbols = st.lists(st.sampled_from("WUBRGC"), max_size=9).map(
    lambda xs: "".join("{" + x + "}" for x in sorted(xs, key="WUBRGC".index)))

HAND = [("Burst Lightning", "bolt"), ("Comet Storm", "storm"), ("Kavu Titan", "kavu"),
        ("Cancel", "cancel"), ("Joraga Warcaller", "warcaller"), ("Ana Battlemage", "ana"),
        ("Firebolt", "firebolt"), ("Grizzly Bears", "bears")]
LABELS = [lab for _, lab in HAND] + ["alice", "bob"]


def _conserved(view):
    players = view["players"]
    return ({n: p["life"] for n, p in players.items()},
            sum(p[z] for p in players.values() for z in ("hand", "library", "graveyard", "exile")),
            len(view["stack"]))


@given(pool=symbols, card=st.sampled_from([lab for _, lab in HAND]),
       kicks=st.integers(0, 3), x=st.integers(0, 3),
       targets=st.lists(st.sampled_from(LABELS), max_size=3),
       pay=st.one_of(st.none(), symbols), first=st.booleans())
def test_illegal_actions_change_nothing(pool, card, kicks, x, targets, pay, first):
    setup = alice(hand=cards(*HAND), mana=pool, battlefield=cards(("Forest", "f")))
    cast = {"card": card, "kicks": kicks, "targets": targets}
    if card in ("storm",):
        cast["x"] = x
    if pay is not None:
        cast["pay"] = pay
    steps = ([{"tap_for_mana": {"permanents": ["f"]}}] if first else []) + [{"cast": cast}]
    answer = run_case({"setup": setup, "steps": steps})
    results = answer["results"]
    before = results[-2]["view"] if first else answer["initial"]
    result = results[-1]
    assert result["status"] != "errored", result
    if result["status"] == "illegal":
        assert result["view"] == before
        assert _conserved(result["view"]) == _conserved(before)
        assert result["reason"][:1].isdigit()
    else:
        assert result["status"] == "ok"
        after = result["view"]
        assert _conserved(after)[0] == {"alice": 20, "bob": 20}
        assert after["stack"][0]["times_kicked"] == kicks


@given(kicks=st.integers(0, 4), x=st.integers(0, 3), copier=st.sampled_from(["Twincast", "Reverberate", "Fork"]))
def test_a_copy_has_the_originals_times_kicked_and_x(kicks, x, copier):
    setup = {"players": {"alice": {"hand": cards(("Comet Storm", "cs"), (copier, "cp")),
                                   "mana": "{R}{R}{U}{U}{R}{R}" + "{C}" * (kicks + x)},
                         "bob": {"battlefield": cards(*[("Grizzly Bears", f"b{i}") for i in range(4)])}}}
    targets = ["bob"] + [f"b{i}" for i in range(kicks)]
    pay = "{R}{R}" + "{C}" * (kicks + x)
    rs = play(setup, [{"cast": {"card": "cs", "x": x, "kicks": kicks, "targets": targets, "pay": pay}},
                      {"cast": {"card": "cp", "targets": ["cs"]}}, {"resolve": {}}])
    assert [r["status"] for r in rs] == ["ok", "ok", "ok"]
    copy, original = rs[2]["view"]["stack"]
    assert copy["copy"] and not original["copy"]
    for key in ("kicked", "times_kicked", "kickers", "x", "mana_value", "targets"):
        assert copy[key] == original[key]
    assert copy["colors_spent"] == []


@given(pool=symbols, kicked=st.booleans(), free=st.booleans(), tax=st.booleans())
def test_mana_value_never_depends_on_what_was_paid(pool, kicked, free, tax):
    bf = cards(*([("Omniscience", "omni")] if free else []) + ([("Sphere of Resistance", "s")] if tax else []))
    setup = alice(hand=cards(("Burst Lightning", "bolt"), ("Kavu Titan", "kavu")), mana=pool,
                  battlefield=bf)
    extra = {"alternative": "without-paying-mana-cost"} if free else {}
    for label, targets in (("bolt", ["bob"]), ("kavu", [])):
        (r,) = play(setup, [{"cast": {"card": label, "kicks": int(kicked), "targets": targets, **extra}}])
        expected = {"bolt": 1, "kavu": 2}[label]
        assert r["view"]["cards"][label]["mana_value"] == expected
        if r["status"] == "ok":
            assert r["view"]["stack"][0]["mana_value"] == expected


@given(n=st.integers(0, 6), card=st.sampled_from([("Joraga Warcaller", "{G}", "{1}{G}", "+1/+1"),
                                                  ("Apex Hawks", "{2}{W}", "{1}{W}", "+1/+1"),
                                                  ("Everflowing Chalice", "", "{2}", "charge")]))
def test_multikicker_n_gives_n_counters(n, card):
    name, cost, kicker, counter = card
    mana = (cost + kicker * n).replace("{1}", "{C}").replace("{2}", "{C}{C}")
    setup = alice(hand=cards((name, "p")), mana=mana)
    rs = play(setup, [{"cast": {"card": "p", "kicks": n}}, {"resolve": {}}])
    assert rs[0]["view"]["stack"][0]["times_kicked"] == n
    assert rs[1]["view"]["cards"]["p"]["counters"] == ({counter: n} if n else {})
    assert rs[1]["view"]["players"]["alice"]["mana"] == ""


@given(colors=st.lists(st.sampled_from(COLORS), min_size=0, max_size=4))
def test_converge_counts_distinct_colours_spent(colors):
    pay = "".join("{" + c + "}" for c in sorted(colors, key=COLORS.index)) + "{C}" * (4 - len(colors))
    setup = alice(hand=cards(("Crystalline Crawler", "cc")), mana=pay)
    rs = play(setup, [{"cast": {"card": "cc", "pay": pay}}, {"resolve": {}}])
    distinct = [c for c in COLORS if c in colors]
    assert rs[0]["view"]["stack"][0]["colors_spent"] == distinct
    n = len(distinct)
    assert rs[1]["view"]["cards"]["cc"]["counters"] == ({"+1/+1": n} if n else {})


CATALOG = sorted(ORACLE)


@st.composite
def random_cases(draw):
    """Games with random catalog cards in hand/battlefield/graveyard and random steps."""
    players = {}
    for p, name in (("a", "alice"), ("b", "bob")):
        zones = {}
        for z, zone in (("h", "hand"), ("b", "battlefield"), ("g", "graveyard")):
            n = draw(st.integers(0, 2))
            zones[zone] = [{"card": draw(st.sampled_from(CATALOG)), "label": f"{p}{z}{i}"}
                           for i in range(n)]
        zones["mana"] = "{W}{U}{B}{R}{G}{C}" * 3
        players[name] = zones
    labels = [c["label"] for z in players.values() for k in ("hand", "battlefield", "graveyard")
              for c in z[k]] or ["alice"]
    target = st.sampled_from(labels + ["alice", "bob"])
    step = st.one_of(
        st.fixed_dictionaries({"card": st.sampled_from(labels), "targets": st.lists(target, max_size=3)},
                              optional={"kicks": st.integers(0, 3), "x": st.integers(0, 2),
                                        "alternative": st.sampled_from(
                                            ["flashback", "without-paying-mana-cost", "printed"])}
                              ).map(lambda c: {"cast": c}),
        st.just({"resolve": {}}), st.just({"pass_until_empty": {}}),
        st.sampled_from(labels).map(lambda lab: {"put_onto_battlefield": {"card": lab}}),
        st.sampled_from(labels).map(lambda lab: {"tap_for_mana": {"permanents": [lab], "color": "G"}}),
    )
    return {"setup": {"players": players}, "steps": draw(st.lists(step, min_size=1, max_size=6))}


@given(case=random_cases())
def test_the_engine_never_fails_internally_and_illegal_steps_roll_back(case):
    answer = run_case(case)
    before = answer["initial"]
    for result in answer["results"]:
        assert "internal error" not in result.get("message", ""), result
        if result["status"] == "illegal":
            assert result["view"] == before
        if "view" in result:
            before = result["view"]
