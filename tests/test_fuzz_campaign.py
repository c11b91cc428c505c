"""A fuzz campaign runs seed after seed for its time budget, files each kind of difference once
and tells later runs what is filed, so that they look for other differences."""

from __future__ import annotations

from types import SimpleNamespace

from mtg_adapter.compare import Difference
from mtg_conformance.fuzz.campaign import campaign, signature, text
from mtg_conformance.fuzz.runner import Divergence, Outcome


def _found(label: str, path: str, steps: int = 1) -> Outcome:
    case = {"id": "fuzz::case", "setup": {"players": {"alice": {"hand": [{"card": "Lightning Bolt", "label": label}]}}},
            "steps": [{"cast": {"card": label, "targets": ["bob"]}}] * steps}
    view = {"turn": {"active": "alice", "step": "main1"}}
    diff = SimpleNamespace(index=0, ours={"status": "ok", "view": view}, theirs={"status": "ok", "view": view},
                           differences=(Difference(path.replace("*", label), 1, 2, "value"),))
    return Outcome(examples=10, found_at=3, divergence=Divergence(case, diff, {"results": []},
                                                                  {"initial": {}, "results": [{"view": {}}]}))


class Clock:
    def __init__(self, step: float):
        self.now, self.step = 0.0, step

    def __call__(self) -> float:
        self.now += self.step
        return self.now


def test_labels_and_positions_do_not_make_a_new_kind_of_difference():
    a, b = _found("bolt1", "cards.*.zone"), _found("bolt7", "cards.*.zone")
    assert signature(a.divergence.case, a.divergence.diff) == signature(b.divergence.case, b.divergence.diff)
    c = _found("bolt1", "stack[0].kicked")
    assert signature(c.divergence.case, c.divergence.diff) == "cast: ok/ok: stack[*].kicked"


def test_a_campaign_files_each_difference_once_and_tells_later_runs():
    seen_known = []
    results = {1: _found("a1", "cards.*.zone", steps=3), 2: _found("b2", "cards.*.zone", steps=1),
               3: _found("c3", "players.bob.life"), 4: Outcome(examples=10)}

    def run_one(seed, already_found):
        outcome = results[seed]
        if outcome.divergence is not None:
            seen_known.append(already_found(outcome.divergence.case, outcome.divergence.diff))
        return outcome

    result = campaign(run_one, minutes=4.5 / 60, clock=Clock(1.0))  # runs start at 1, 2, 3 and 4 s
    assert result.runs == 4 and result.examples == 40
    assert seen_known == [False, True, False]  # the second run's difference was filed by the first
    assert sorted(result.findings) == ["cast: ok/ok: cards.*.zone", "cast: ok/ok: players.bob.life"]
    zone = result.findings["cast: ok/ok: cards.*.zone"]
    assert zone.seeds == [1, 2] and zone.steps == 1  # the smaller case replaced the first one
    report = text(result, "phase", "reference")
    assert "4 run(s), 40 case(s)" in report and "2 distinct difference(s)" in report
    assert report.index("cards.*.zone (found by 2") < report.index("players.bob.life (found by 1")


def test_a_campaign_stops_starting_runs_when_its_time_is_spent():
    runs = []
    result = campaign(lambda seed, known: runs.append(seed) or Outcome(examples=1), minutes=1, first_seed=5,
                      clock=Clock(25.0))
    assert runs == [5, 6] and result.findings == {}
