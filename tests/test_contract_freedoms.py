"""The points ADAPTERS.md settles or leaves to the engine ("What the contract leaves to the
engine"), proved against the suite itself.

Why: an engine author reading the contract must not have to guess, and a point the contract
leaves open must really be open: the suite passes with the reference engine choosing one way
and with it choosing the other. Each freedom is run as a variant of the reference engine on the
cases it can affect; each settled point is checked on every case of the suite.
"""

from __future__ import annotations

import re
from contextlib import contextmanager
from pathlib import Path

import pytest
import yaml

from mtg_adapter.judge import failure_message, judge
from mtg_conformance import export
from mtg_conformance.suite_cases import load_tests
from reference_impl.adapter import create_engine
from reference_impl.rules import actions, triggers

ROOT = Path(__file__).resolve().parent.parent
ADAPTERS = (ROOT / "ADAPTERS.md").read_text(encoding="utf-8")


@pytest.fixture(scope="module")
def records() -> list[dict]:
    return [export.test_record(test) for test in load_tests()]


def _cases(records, wanted=lambda record, case: True):
    for record in records:
        for case in record["cases"]:
            if wanted(record, case):
                yield record, case


def _failures(engine, cases) -> list[str]:
    """The judged failures of `engine` on `cases` (the reference's own verdicts are all passes)."""
    failed = []
    for record, case in cases:
        steps = [dict(step, expect=e) if e else step for step, e in zip(case["steps"], case["expectations"])]
        answer = engine.run({"id": record["id"], "setup": case["setup"], "steps": case["steps"]})
        message = failure_message(judge(steps, answer), len(steps))
        if message:
            failed.append(f"{record['id']}: {message.splitlines()[0]}")
    return failed


def _uses(case, kind: str) -> bool:
    return any(kind in step for step in case["steps"])


# ---------------------------------------------------------------------------- freedoms


@contextmanager
def _discarding_the_last_cards():
    """The reference discards the chosen cards, then the first of the hand; this variant the last."""
    original = actions.discard

    def discard(game, player, n, chosen):
        hand = game.players[player].hand
        picked = [game.labels[lab] for lab in chosen if lab in game.labels and game.labels[lab] in hand][:n]
        rest = [oid for oid in reversed(hand) if oid not in picked]
        for oid in (picked + rest)[:n]:
            game.move(game.objs[oid], "graveyard")

    actions.discard = discard
    try:
        yield
    finally:
        actions.discard = original


def test_cleanup_discard_without_a_choice_is_the_engines(records):
    turns = list(_cases(records, lambda r, c: _uses(c, "advance")))
    assert len(turns) >= 80
    with _discarding_the_last_cards():
        variant = create_engine()
        assert _failures(variant, turns) == []
        # the variant is really another choice: a hand of nine, no discard chosen, differs
        case = {"id": "x", "setup": {"players": {"alice": {"hand": [
            {"card": "Grizzly Bears", "label": f"c{i}"} for i in range(9)]}}},
            "steps": [{"advance": {"turn": "next", "to": "upkeep"}}]}
        view = variant.run(case)["results"][0]["view"]
    assert [view["cards"][f"c{i}"]["zone"] for i in (0, 8)] == ["hand", "graveyard"]
    reference = create_engine().run(case)["results"][0]["view"]
    assert [reference["cards"][f"c{i}"]["zone"] for i in (0, 8)] == ["graveyard", "hand"]
    assert "Which cards the cleanup step discards without `choices.discard`" in ADAPTERS


class _BlockingRemembered:
    """The reference engine, except that a blocker whose attacker left the battlefield still names
    that attacker in `blocking` until combat ends (the reference answers null)."""

    def __init__(self):
        self.engine = create_engine()

    def run(self, case):
        answer = self.engine.run(case)
        last: dict[str, str] = {}
        for result in answer["results"]:
            view = result.get("view")
            if not view:
                continue
            cards = view.get("cards", {})
            in_combat = view.get("turn", {}).get("step") in ("declare_blockers", "combat_damage", "end_of_combat")
            for label, entry in cards.items():
                if entry.get("blocking"):
                    last[label] = entry["blocking"]
                elif (in_combat and label in last and entry.get("zone") == "battlefield"
                      and cards.get(last[label], {}).get("zone") != "battlefield"):
                    entry["blocking"] = last[label]
            if not in_combat:
                last.clear()
        return answer


def test_blocking_after_the_attacker_left_is_the_engines(records):
    combat = list(_cases(records, lambda r, c: _uses(c, "declare_blockers")))
    assert len(combat) >= 40
    assert _failures(_BlockingRemembered(), combat) == []
    assert "What `blocking` shows once the attacker it blocked has left the battlefield" in ADAPTERS


def test_the_blocking_variant_really_differs_where_an_attacker_dies_in_combat():
    case = {"id": "x", "setup": {"players": {
        "alice": {"battlefield": [{"card": "Grizzly Bears", "label": "bears"}]},
        "bob": {"battlefield": [{"card": "Craw Wurm", "label": "wurm"}]}}},
        "steps": [{"declare_attackers": {"attackers": [{"card": "bears"}]}},
                  {"declare_blockers": {"blockers": [{"card": "wurm", "blocks": "bears"}]}},
                  {"advance": {"to": "combat_damage"}}]}
    plain = create_engine().run(case)["results"][-1]["view"]["cards"]
    variant = _BlockingRemembered().run(case)["results"][-1]["view"]["cards"]
    assert plain["bears"]["zone"] == "graveyard"
    assert plain["wurm"]["blocking"] is None and variant["wurm"]["blocking"] == "bears"


@contextmanager
def _triggers_in_another_order():
    """Each player's simultaneous triggered abilities go on the stack in reverse order, except that
    the targeted ones of one source keep their order (their `trigger_targets` entries give it)."""
    original = triggers.apnap_order

    def order(game, pending):
        stacked = original(game, pending)
        active = [p for p in stacked if triggers._controller(game, p[0], p[1]) == game.active]
        variant = active[::-1] + stacked[len(active):][::-1]
        for source in {p[0] for p in variant if p[1].targets}:
            kept = iter([p for p in stacked if p[0] == source and p[1].targets])
            variant = [next(kept) if p[0] == source and p[1].targets else p for p in variant]
        return variant

    triggers.apnap_order = order
    try:
        yield
    finally:
        triggers.apnap_order = original


def test_the_order_of_one_players_simultaneous_triggers_is_the_engines(records):
    with _triggers_in_another_order():
        assert _failures(create_engine(), _cases(records)) == []
        # the variant is really another order: Solitude's two enters abilities swap places
        case = {"id": "x", "setup": {"players": {
            "alice": {"hand": [{"card": "Solitude", "label": "s"}, {"card": "Healer's Hawk", "label": "h"}]},
            "bob": {"battlefield": [{"card": "Grizzly Bears", "label": "b"}]}}},
            "steps": [{"cast": {"card": "s", "alternative": "evoke", "pay": "", "choices": {"exile": ["h"]}}},
                      {"resolve": {}}]}
        variant = create_engine().run(case)["results"][-1]["view"]["stack"]
    reference = create_engine().run(case)["results"][-1]["view"]["stack"]
    assert [a["targets"] for a in reference] == [[], ["b"]]
    assert [a["targets"] for a in variant] == [["b"], []]
    assert "The order of one player's triggered abilities that trigger at once" in ADAPTERS


def test_the_targets_of_a_trigger_no_entry_names_are_the_engines(records):
    """Without a `trigger_targets` entry the reference takes the first legal targets; this variant
    takes the last, and the suite passes with it too."""
    original = triggers.candidates
    triggers.candidates = lambda spec, game, controller, **kw: original(spec, game, controller, **kw)[::-1]
    try:
        assert _failures(create_engine(), _cases(records)) == []
        # the variant is really another choice: Blood Artist's target player without an entry
        case = {"id": "x", "setup": {"players": {"alice": {
            "battlefield": [{"card": "Blood Artist", "label": "a"}, {"card": "Grizzly Bears", "label": "g"}],
            "hand": [{"card": "Lightning Bolt", "label": "l"}], "mana": "{R}"}}},
            "steps": [{"cast": {"card": "l", "targets": ["g"], "pay": "{R}"}}, {"resolve": {}}]}
        variant = create_engine().run(case)["results"][-1]["view"]["stack"]
    finally:
        triggers.candidates = original
    reference = create_engine().run(case)["results"][-1]["view"]["stack"]
    assert reference[0]["targets"] != variant[0]["targets"]
    assert "without a `trigger_targets` entry a triggered ability's targets" in ADAPTERS


# ---------------------------------------------------------------------------- settled points


def test_tap_for_mana_is_sent_only_with_mana_abilities(records):
    tapping = list(_cases(records, lambda r, c: _uses(c, "tap_for_mana")))
    assert tapping
    assert [r["id"] for r, _ in tapping if "mana-abilities" not in r["features"]] == []
    assert "**`tap_for_mana` belongs to the feature `mana-abilities`**" in ADAPTERS


def _keyword_names() -> set[str]:
    names = set()
    for path in (ROOT / "spec" / "cards").glob("*.yaml"):
        names |= {k.lower() for k in yaml.safe_load(path.read_text(encoding="utf-8")).get("keywords") or []}
    return names


def test_keywords_in_expectations_are_rule_names_without_parameters(records):
    landwalk = {f"{land}walk" for land in ("plains", "island", "swamp", "mountain", "forest")}  # 702.14
    known = _keyword_names() | {"first strike", "double strike"} | landwalk
    seen = 0
    for record, case in _cases(records):
        for expect in filter(None, case["expectations"]):
            for entry in (expect.get("cards") or {}).values():
                for keyword in entry.get("keywords") or []:
                    seen += 1
                    assert re.fullmatch(r"[a-z]+( [a-z]+)*", keyword), (record["id"], keyword)
                    assert keyword in known, (record["id"], keyword)
                    assert not keyword.startswith(("protection from", "hexproof from", "ward {")), keyword
    assert seen >= 20
    view = create_engine().run({"id": "x", "setup": {"players": {"alice": {"battlefield": [
        {"card": "Paladin en-Vec", "label": "p"}]}}}, "steps": [{"pass_until_empty": {}}]})
    assert view["results"][0]["view"]["cards"]["p"]["keywords"] == ["first strike", "protection"]


def test_kicking_a_spell_without_kicker_is_illegal():
    case = {"id": "x", "setup": {"players": {"alice": {"hand": [{"card": "Lightning Bolt", "label": "bolt"}],
                                                       "mana": "{R}{R}"}}},
            "steps": [{"cast": {"card": "bolt", "kicks": 1, "targets": ["bob"]}}]}
    answer = create_engine().run(case)
    assert answer["results"][0]["status"] == "illegal" and answer["results"][0]["view"] == answer["initial"]
    assert "**`kicks: 1` (or `kickers`) on a spell without kicker** is `illegal` (702.33a" in ADAPTERS


def test_no_case_advances_backwards_or_plays_on_after_a_loss(records):
    engine = create_engine()
    checked = 0
    for record, case in _cases(records):
        answer = engine.run({"id": record["id"], "setup": case["setup"], "steps": case["steps"]})
        for index, result in enumerate(answer["results"]):
            assert "is not later in this turn" not in result.get("message", ""), (record["id"], index)
            players = (result.get("view") or {}).get("players", {})
            if any(p.get("lost") for p in players.values()):
                assert index == len(case["steps"]) - 1, f"{record['id']}: step {index + 1} after a loss"
                checked += 1
    assert checked >= 5  # cases that end in a loss exist, and each ends there


def test_view_keys_beside_illegal_are_judged_as_a_partial_view():
    steps = [{"cast": {"card": "bolt", "targets": ["bob"]},
              "expect": {"illegal": True, "players": {"alice": {"mana": "{G}"}}}}]
    view = {"players": {"alice": {"mana": "{R}"}}}
    answer = {"results": [{"status": "illegal", "reason": "x", "view": view}], "initial": view}
    assert failure_message(judge(steps, answer), 1)  # the partial view is checked
    steps[0]["expect"]["players"]["alice"]["mana"] = "{R}"
    assert failure_message(judge(steps, answer), 1) is None
    assert "**View keys beside `illegal: true`**" in ADAPTERS
