"""A Hypothesis state machine playing the reference engine: after every step, invariants
that hold for any game (the HYPOTHESIS_PROFILE profile sets the number of examples).

The machine draws a setup and then steps of each kind with the fuzzer's strategies
(mtg_conformance.fuzz), replays the case so far through the engine and checks the answer
to the newest step against the previous view:

- no step of a valid case is answered `errored`, and replaying gives the same answers;
- card conservation: every labelled card is in exactly one zone, the zone counts of each
  player are the labelled cards there, and each card on the stack is exactly one spell;
- an illegal step changes nothing (view equal in full);
- life totals change only by effects: never on casting (except a life payment in a
  flashback cost), putting onto the battlefield or tapping for mana, only on a resolution;
- times kicked is never negative and agrees with `kicked` and `kickers`;
- a card's mana value is its printed mana value in every zone, whatever was paid; on the
  stack X counts (202.3e), kicker never does.
"""

from hypothesis import settings
from hypothesis import strategies as st
from hypothesis.stateful import RuleBasedStateMachine, initialize, precondition, rule

from mtg_conformance.fuzz.model import PLAYERS
from mtg_conformance.fuzz.pool import load_pool
from mtg_conformance.fuzz.strategies import draw_setup, draw_step, finish_setup
from reference_impl.runner import run_case

COUNTED_ZONES = ("hand", "library", "graveyard", "exile")


class ReferenceGame(RuleBasedStateMachine):
    """One case grown step by step; the engine replays the whole case after each step."""

    @initialize(data=st.data())
    def setup(self, data):
        setup, self.model, extra = draw_setup(data.draw, rich_pools=True)
        self.setup = finish_setup(setup, extra, {})
        self.names = {item["label"]: item["card"] for p in self.setup["players"].values()
                      for zone in ("hand", "battlefield", "graveyard", "library", "exile")
                      for item in p.get(zone, [])}
        self.steps, self.results = [], []
        answer = run_case({"id": "stateful::game", "setup": self.setup, "steps": []})
        self.initial = answer["initial"]
        self.check_view(self.initial)

    # ---------------------------------------------------------------- rules

    def play(self, data, kind):
        step = draw_step(data.draw, self.model, {p: [] for p in PLAYERS}, kind)
        self.steps.append(step)
        answer = run_case({"id": "stateful::game", "setup": self.setup, "steps": self.steps})
        results = answer["results"]
        assert len(results) == len(self.steps), results[-1]
        assert results[:-1] == self.results, "replaying the same steps gave other answers"
        assert answer["initial"] == self.initial
        result = results[-1]
        assert result["status"] in ("ok", "illegal"), (step, result)
        before = self.results[-1]["view"] if self.results else self.initial
        self.results = results
        self.check_step(step, result, before)

    @rule(data=st.data())
    def cast(self, data):
        self.play(data, "cast")

    @rule(data=st.data())
    def illegal_attempt(self, data):
        self.play(data, "illegal")

    @precondition(lambda self: bool(self.model.stack))
    @rule(data=st.data())
    def resolve(self, data):
        self.play(data, "resolve")

    @rule(data=st.data())
    def pass_until_empty(self, data):
        self.play(data, "pass_until_empty")

    @rule(data=st.data())
    def put_onto_battlefield(self, data):
        self.play(data, "put_onto_battlefield")

    @rule(data=st.data())
    def tap_for_mana(self, data):
        self.play(data, "tap_for_mana")

    # ---------------------------------------------------------------- invariants

    def check_step(self, step: dict, result: dict, before: dict) -> None:
        view = result["view"]
        self.check_view(view)
        (kind, args), = step.items()
        life_before = {p: before["players"][p]["life"] for p in PLAYERS}
        life_after = {p: view["players"][p]["life"] for p in PLAYERS}
        if result["status"] == "illegal":
            assert view == before, f"illegal step {step} changed the state"
            return
        if kind == "cast":
            card = load_pool()[self.names[args["card"]]]
            caster = before["cards"][args["card"]]["owner"]
            paid = card.flashback_life if args.get("alternative") == "flashback" else 0
            expected = dict(life_before, **{caster: life_before[caster] - paid})
            assert life_after == expected, f"casting changed life totals: {life_before} -> {life_after}"
        elif kind in ("put_onto_battlefield", "tap_for_mana"):
            assert life_after == life_before, f"{kind} changed life totals"
        elif not before["stack"]:
            assert life_after == life_before, "nothing resolved, yet life totals changed"

    def check_view(self, view: dict) -> None:
        cards = view["cards"]
        assert set(cards) == set(self.names), "the labelled cards are not the ones set up"
        for p in PLAYERS:
            for zone in COUNTED_ZONES:
                mine = [lab for lab, c in cards.items() if c["owner"] == p and c["zone"] == zone]
                assert view["players"][p][zone] == len(mine), (p, zone, mine, view["players"][p])
        spells = [item for item in view["stack"] if item["kind"] == "spell"]
        originals = [item["source"] for item in spells if not item["copy"]]
        on_stack = sorted(lab for lab, c in cards.items() if c["zone"] == "stack")
        assert sorted(originals) == on_stack, "a card on the stack is not exactly one spell"
        for item in spells:
            assert item["times_kicked"] >= 0
            assert item["kicked"] == (item["times_kicked"] > 0)
            assert len(item["kickers"]) == item["times_kicked"]
            assert item["x"] >= 0
        x_of = {item["source"]: item["x"] for item in spells if not item["copy"]}
        for lab, c in cards.items():
            card = load_pool()[self.names[lab]]
            expected = card.mana_value
            if c["zone"] == "stack" and card.cost is not None:
                expected += card.cost.xs * x_of[lab]
            assert c["mana_value"] == expected, f"{lab} ({c['zone']}): mana value {c['mana_value']}, printed {card.mana_value}"
        for item in spells:
            card = load_pool()[self.names[item["source"]]]
            assert item["mana_value"] == card.mana_value + (card.cost.xs if card.cost else 0) * item["x"]


ReferenceGame.TestCase.settings = settings(settings.default, stateful_step_count=10, deadline=None)
TestReferenceGame = ReferenceGame.TestCase
