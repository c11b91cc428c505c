"""Turn structure and combat in phase: the steps `advance`, `declare_attackers` and
`declare_blockers`, driven by passing priority (500.2) and answering phase's combat prompts.

phase runs the turn-based actions itself (untap, draw, combat damage, cleanup) as its steps
begin; the adapter only passes priority with an empty stack until phase reaches the wanted
step, resolving what triggers on the way with the step's `choices`. Passing through a declare
attackers step declares no attackers, a declare blockers step no blockers; phase's combat
damage assignment prompt gets the assignment the contract fixes (lethal damage to each blocker
in order, the rest to the last one, or with trample to the player, 510.1c, 702.19b).
"""

from __future__ import annotations

from .errors import Illegal, PhaseFailure, Unsupported
from .view import SEATS

# phase's step names in turn order, and the contract's names for them
ORDER = ("Untap", "Upkeep", "Draw", "PreCombatMain", "BeginCombat", "DeclareAttackers", "DeclareBlockers",
         "CombatDamage", "EndCombat", "PostCombatMain", "End", "Cleanup")
CONTRACT = ("untap", "upkeep", "draw", "main1", "combat", "declare_attackers", "declare_blockers",
            "combat_damage", "end_of_combat", "main2", "end", "cleanup")
TO_PHASE = dict(zip(CONTRACT, ORDER))
INDEX = {name: i for i, name in enumerate(ORDER)}
NO_PRIORITY = ("untap", "cleanup")  # 502.4, 514.3: an advance cannot stop there
SKIPPED_WITHOUT_ATTACKERS = ("DeclareBlockers", "CombatDamage")  # 508.8
MAX_ACTIONS = 400


class TurnDriver:
    """Moves a StepRunner's game through steps and turns."""

    def __init__(self, runner):
        self.runner = runner

    @property
    def game(self):
        return self.runner.game

    def position(self) -> tuple[int, int]:
        return self.game.turn, INDEX.get(self.game.phase, -1)

    def require_empty_stack(self) -> None:
        if self.game.stack():
            raise Illegal("500.2: a step ends only when all players pass in succession with an empty "
                          "stack; the stack is not empty")

    # ------------------------------------------------------------------ advance
    def advance(self, args: dict) -> None:
        if set(args) - {"to", "turn", "choices"}:
            raise Unsupported(f"advance fields {sorted(set(args) - {'to', 'turn', 'choices'})}")
        to = args.get("to")
        if to not in TO_PHASE or to in NO_PRIORITY:
            raise Unsupported(f"advance to {to!r}")
        if args.get("turn") not in (None, "next"):
            raise Unsupported(f"advance.turn {args.get('turn')!r}")
        turn, index = self.position()
        target = (turn + (1 if args.get("turn") == "next" else 0), INDEX[TO_PHASE[to]])
        if target <= (turn, index):
            raise Unsupported(f"advance to {to}: not later than phase's current step {self.game.phase}")
        self.require_empty_stack()
        choices = dict(args.get("choices") or {})
        self.runner.trigger_queue(choices)
        self.drive(lambda: self.position() == target, target, to, choices)

    def drive(self, arrived, target, to: str, choices: dict, on_prompt=None, skipped=None) -> None:
        """Pass priority (and answer prompts) until `arrived()` holds with a player holding
        priority; past `target` without arriving, the step was skipped (`skipped`: why, or a
        callable giving why - None when passing the step is fine)."""
        for _ in range(MAX_ACTIONS):
            waiting = self.game.waiting_for()
            kind = waiting["type"]
            if kind == "GameOver":
                return  # a player lost on the way (704.5); the case ends with this view
            if kind == "Priority" and arrived():
                return
            if target is not None and self.position() > target:
                reason = skipped() if callable(skipped) else skipped
                if reason is None and callable(skipped):
                    return  # the step's work is done; phase gave no priority in that step
                if reason is not None:
                    raise Illegal(reason)
                if self.game.phase not in ORDER or TO_PHASE[to] not in SKIPPED_WITHOUT_ATTACKERS:
                    raise PhaseFailure(f"phase went past the {to} step (now {self.game.phase}, turn "
                                        f"{self.game.turn}) without stopping there")
                raise Illegal(f"508.8: no creature attacks, so the {to} step is skipped "
                              f"(phase is now in {self.game.phase})")
            if on_prompt is not None and on_prompt(waiting):
                continue
            if kind == "Priority":
                self.runner.apply(waiting["data"]["player"], {"type": "PassPriority"})
            elif kind == "DeclareAttackers":
                self.runner.apply(waiting["data"]["player"], {"type": "DeclareAttackers",
                                                              "data": {"attacks": [], "bands": []}})
            elif kind == "DeclareBlockers":
                self.runner.apply(waiting["data"]["player"], {"type": "DeclareBlockers",
                                                              "data": {"assignments": []}})
            elif kind == "AssignCombatDamage":
                self.assign_damage(waiting["data"])
            elif not self.runner.resolution_prompt(waiting, choices):
                raise Unsupported(f"phase prompt {kind} while moving to the {to} step")
        raise PhaseFailure(f"phase did not reach the {to} step within {MAX_ACTIONS} actions")

    # ------------------------------------------------------------------- combat
    def declare_attackers(self, args: dict) -> None:
        if set(args) - {"attackers", "choices"}:
            raise Unsupported(f"declare_attackers fields {sorted(set(args) - {'attackers', 'choices'})}")
        if self.game.phase not in ("PreCombatMain", "BeginCombat"):
            raise Illegal(f"508.1: attackers are declared as the declare attackers step begins, after the "
                          f"beginning of combat step; phase is in {self.game.phase}")
        self.require_empty_stack()
        active = self.game.state()["state"]["active_player"]
        attacks = []
        for item in args.get("attackers") or []:
            obj = self.runner.obj(item["card"])
            defender = item.get("attacks", SEATS[1 - active])
            if defender not in SEATS:
                raise Unsupported(f"attack target {defender!r} (only players)")
            attacks.append([obj["id"], {"type": "Player", "data": SEATS.index(defender)}])
        choices = dict(args.get("choices") or {})
        self.runner.trigger_queue(choices)
        turn = self.game.turn
        declared = []

        def prompt(waiting) -> bool:
            if waiting["type"] != "DeclareAttackers" or declared:
                return False
            self.runner.apply(waiting["data"]["player"], {"type": "DeclareAttackers",
                                                          "data": {"attacks": attacks, "bands": []}})
            declared.append(True)
            return True

        target = (turn, INDEX["DeclareAttackers"])
        # With no attackers phase gives no priority in the declare attackers step (it goes on to
        # the end of combat, against 508.2: README item 25): the declaration is done all the same
        # and the view shows where phase is.
        self.drive(lambda: self.position() == target and (bool(declared) or not attacks), target,
                   "declare_attackers", choices, prompt,
                   skipped=lambda: None if declared or not attacks else
                   "508.1a: phase asked for no attackers (it found no creature that can attack)")
        if attacks and not declared:
            raise Illegal("508.1a: phase asked for no attackers (it found no creature that can attack)")

    def declare_blockers(self, args: dict) -> None:
        if set(args) - {"blockers", "choices"}:
            raise Unsupported(f"declare_blockers fields {sorted(set(args) - {'blockers', 'choices'})}")
        if self.game.phase != "DeclareAttackers":
            raise Illegal(f"509.1: blockers are declared as the declare blockers step begins, right after "
                          f"the declare attackers step; phase is in {self.game.phase}")
        self.require_empty_stack()
        assignments = []
        for item in args.get("blockers") or []:
            if "blocks" not in item:
                raise Unsupported(f"a blocker without `blocks`: {item!r}")
            assignments.append([self.runner.obj(item["card"])["id"], self.runner.obj(item["blocks"])["id"]])
        choices = dict(args.get("choices") or {})
        self.runner.trigger_queue(choices)
        target = (self.game.turn, INDEX["DeclareBlockers"])
        declared = []

        def prompt(waiting) -> bool:
            if waiting["type"] != "DeclareBlockers" or declared:
                return False
            self.runner.apply(waiting["data"]["player"], {"type": "DeclareBlockers",
                                                          "data": {"assignments": assignments}})
            self.runner.blocker_order = [blocker for blocker, _ in assignments]  # for assign_damage
            declared.append(True)
            return True

        self.drive(lambda: self.position() == target, target, "declare_blockers", choices, prompt,
                   skipped="508.8: phase skipped the declare blockers step")
        if assignments and not declared:
            raise Illegal("phase asked the defending player for no blockers (no creature of theirs can block)")

    def assign_damage(self, data: dict) -> None:
        """510.1c-d, 702.19b: lethal damage (phase's `lethal_minimum`, which counts damage
        already marked and deathtouch, 702.2c) to each blocker in the order the step declared
        them, the rest to the last one, or with trample the rest to the player or permanent it
        attacks."""
        if "Normal" not in (data.get("assignment_modes") or ["Normal"]):
            raise Unsupported(f"combat damage assignment modes {data.get('assignment_modes')}")
        trample = data.get("trample") not in (None, "None", False)
        rest = int(data["total_damage"])
        order = getattr(self.runner, "blocker_order", [])
        blockers = sorted(data.get("blockers") or [], key=lambda b: order.index(b["blocker_id"])
                          if b["blocker_id"] in order else len(order))  # the step's declaration order
        assignments = []
        for i, blocker in enumerate(blockers):
            last = i == len(blockers) - 1
            give = rest if (last and not trample) else min(rest, int(blocker["lethal_minimum"]))
            assignments.append([blocker["blocker_id"], give])
            rest -= give
        action = {"type": "AssignCombatDamage",
                  "data": {"assignments": assignments, "controller_damage": 0, "mode": "Normal",
                           "trample_damage": rest if trample else 0}}
        self.runner.apply(data["player"], action)
