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

import re

from .errors import Illegal, PhaseFailure, Unsupported
from .mana import parse_payment
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
# declare_attackers fields: the attackers, and the payment of costs to attack (feature attack-costs;
# phyrexian_life, feature phyrexian-mana)
ATTACK_FIELDS = frozenset({"attackers", "choices", "tap_for_mana", "pay", "phyrexian_life"})
PHYREXIAN_SHARDS = {"PhyrexianWhite": "W", "PhyrexianBlue": "U", "PhyrexianBlack": "B", "PhyrexianRed": "R",
                    "PhyrexianGreen": "G"}
SHARD_COLORS = {"White": "W", "Blue": "U", "Black": "B", "Red": "R", "Green": "G", "Colorless": "C"}


def _phyrexian_colors(text) -> list:
    """The colors of the Phyrexian symbols a `phyrexian_life` string names ("{W/P}{W/P}": W, W)."""
    if not text:
        return []
    if not isinstance(text, str) or not re.fullmatch(r"(\{[WUBRG]/P\})*", text):
        raise Unsupported(f"phyrexian_life {text!r}")
    return [symbol[1] for symbol in re.findall(r"\{[WUBRG]/P\}", text)]


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
        if set(args) - ATTACK_FIELDS:
            raise Unsupported(f"declare_attackers fields {sorted(set(args) - ATTACK_FIELDS)}")
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

        taxed = []

        def prompt(waiting) -> bool:
            if waiting["type"] == "CombatTaxPayment" and declared and not taxed:
                self.pay_attack_tax(waiting["data"], args, [a[0] for a in attacks])
                taxed.append(True)
                return True
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
        paying = set(args) & {"tap_for_mana", "phyrexian_life"} or args.get("pay") not in (None, "", "{0}")
        if paying and not taxed:
            raise Unsupported("declare_attackers: a payment for costs to attack, and phase asked for none")

    def pay_attack_tax(self, data: dict, args: dict, attacker_ids: list) -> None:
        """508.1h-j: phase asks whether the active player pays the total cost to attack. phase
        can't have a mana ability activated at that prompt: on "accept" it pays from the pool,
        tapping untapped lands itself, and pays each Phyrexian symbol with mana if it can, else
        with 2 life (it decides; the contract announces it, 601.2b). The adapter accepts when the
        step's payment pays the total, and compares what phase did with what the step says:
        phase needing more than the step's lands or life means the step's payment falls short
        (illegal, 508.1j); phase paying otherwise than announced is unsupported."""
        seat = data["player"]
        total = data.get("total_cost") or {}
        shards = list(total.get("shards") or [])
        phyrexian = [s for s in shards if str(s).startswith("Phyrexian")]
        if any(s not in PHYREXIAN_SHARDS and s not in SHARD_COLORS for s in shards):
            raise Unsupported(f"a cost to attack with mana symbols {shards}")
        life_colors = _phyrexian_colors(args.get("phyrexian_life"))
        left = [PHYREXIAN_SHARDS[s] for s in phyrexian]
        for c in life_colors:
            if c not in left:
                raise Illegal(f"601.2b: the total cost to attack has no {{{c}/P}} to pay with 2 life")
            left.remove(c)
        mana_needed = int(total.get("generic") or 0) + len(shards) - len(life_colors)
        if args.get("pay") is not None:
            paid = parse_payment(args["pay"])
            if len(paid) != mana_needed:
                raise Illegal(f"508.1j: {args['pay'] or '{0}'} does not pay the total cost to attack "
                              f"({mana_needed} mana) exactly")
        listed = set((args.get("tap_for_mana") or {}).get("permanents") or [])
        for label in listed:
            if self.runner.obj(label).get("tapped"):
                raise Illegal(f"{label} is tapped; its {{T}} mana ability cannot be activated (602.2b)")
        watched = [label for label in self.runner.views.labels if label not in listed]
        before = {label: self._tapped(label) for label in watched}
        life = self.game.player(seat)["life"]
        try:
            self.runner.apply(seat, {"type": "PayCombatTax", "data": {"accept": True}})
        except Illegal as exc:
            raise Illegal(f"508.1j: the active player can't pay the total cost to attack ({exc})") from exc
        if self.game.waiting_for()["type"] == "CombatTaxPayment":
            raise Illegal("508.1j: the active player can't pay the total cost to attack")
        others = [label for label in watched
                  if self._tapped(label) and not before[label] and self.runner.obj(label)["id"] not in attacker_ids]
        untouched = [label for label in listed if not self._tapped(label)]
        lost = life - self.game.player(seat)["life"]
        if lost < 2 * len(life_colors):
            raise Unsupported(f"phase paid {lost} life for the cost to attack where the step announces "
                              f"{2 * len(life_colors)}: it pays a Phyrexian symbol with mana when it can (601.2b)")
        if others and not untouched or lost > 2 * len(life_colors) and not untouched:
            raise Illegal("508.1j: the mana of the step's tap_for_mana doesn't pay the total cost to attack "
                          "(phase needed " + (f"{others} too" if others else "life for a Phyrexian symbol") + ")")
        if others or untouched or lost != 2 * len(life_colors):
            raise Unsupported("phase pays a cost to attack its own way (it taps lands and chooses mana or life "
                              f"itself): it tapped {others or 'none'} beyond the step's, left {untouched or 'none'} "
                              f"untapped and paid {lost} life")

    def _tapped(self, label: str) -> bool:
        found = self.runner.views.find(self.game, label)
        return bool(found and found.get("tapped"))

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
