"""Perform one case step in a phase game by choosing among phase's own legal actions.

Each step drives phase's prompts (targets, optional kicker payments, X, mana payment) with the
choices the step announces. When phase offers no action matching a requested choice the step
is illegal (phase would not let a player do it); when the step asks for something the adapter
cannot express in phase's API it is unsupported.
"""

from __future__ import annotations

from collections import Counter

from .errors import EngineFailure, Illegal, Unsupported
from .mana import FROM_PHASE, format_cost, format_symbols, parse_pool
from .view import SEATS, ZONES

CAST_KEYS = {"card", "by", "from", "alternative", "kicks", "kickers", "x", "targets", "pay", "sticker", "choices"}
MAX_PROMPTS = 200


class StepRunner:
    """Runs steps against one live game; `views` holds the labels and per-cast records."""

    def __init__(self, game, views):
        self.game = game
        self.views = views

    # ----------------------------------------------------------------- helpers
    def obj(self, label: str) -> dict:
        if label not in self.views.labels:
            raise Unsupported(f"unknown label {label!r}")
        found = self.game.object(self.views.labels[label])
        if not found:
            raise Illegal(f"{label} no longer exists in phase's game")
        return found

    def waiting(self) -> dict:
        return self.game.waiting_for()

    def apply(self, seat: int, action) -> None:
        try:
            self.game.apply(seat, action)
        except ValueError as exc:
            raise Illegal(str(exc)) from exc

    def pick(self, seat: int, predicate, what: str) -> None:
        for action in self.game.actions():
            if predicate(action):
                self.apply(seat, action)
                return
        offered = ", ".join(repr(a) for a in self.game.actions())
        raise Illegal(f"phase offers no legal action to {what} (offered: {offered})")

    def target_ref(self, name: str) -> dict:
        if name in SEATS:
            return {"Player": SEATS.index(name)}
        if name in self.views.labels:
            return {"Object": self.views.labels[name]}
        raise Unsupported(f"target {name!r} is neither a player nor a label")

    def prompt_player(self, waiting: dict) -> int:
        data = waiting.get("data") or {}
        if "player" in data:
            return data["player"]
        return self.game.priority_player()

    def give_priority_to(self, seat: int) -> None:
        """Everyone before `seat` passes priority (contract: a cast out of turn implies it)."""
        for _ in range(4):
            waiting = self.waiting()
            if waiting["type"] != "Priority":
                raise Unsupported(f"phase is waiting for {waiting['type']}, not priority")
            holder = waiting["data"]["player"]
            if holder == seat:
                return
            self.apply(holder, {"type": "PassPriority"})
        raise Illegal(f"{SEATS[seat]} never received priority")

    # ------------------------------------------------------------------- steps
    def run(self, step: dict) -> None:
        if len(step) != 1:
            raise Unsupported(f"step must have exactly one key, got {sorted(step)}")
        (kind, args), = step.items()
        handler = getattr(self, "step_" + kind.replace("-", "_"), None)
        if handler is None:
            raise Unsupported(f"step {kind!r}")
        handler(args or {})

    def step_cast(self, args: dict) -> None:
        extra = set(args) - CAST_KEYS
        if extra:
            raise Unsupported(f"cast fields {sorted(extra)}")
        if args.get("sticker"):
            raise Unsupported("sticker kicker (phase-python exposes no sticker action)")
        if args.get("alternative") not in (None, "flashback"):
            raise Unsupported(f"alternative cost {args['alternative']!r}")
        if "kickers" in args and "kicks" in args and args["kicks"] != len(args["kickers"]):
            raise Unsupported("cast gives both `kicks` and `kickers` with different counts")
        label = args["card"]
        card = self.obj(label)
        seat = SEATS.index(args.get("by", SEATS[card["owner"]]))
        zone = ZONES.get(card["zone"], card["zone"])
        if args.get("from") and args["from"] != zone:
            raise Illegal(f"{label} is in the {zone}, not the {args['from']}")
        flashback = args.get("alternative") == "flashback"
        if flashback and zone != "graveyard":
            raise Illegal(f"{label} is in the {zone}; flashback casts from a graveyard")
        if zone == "graveyard" and not flashback:
            raise Unsupported("a cast from a graveyard without `alternative: flashback`")
        self.give_priority_to(seat)
        oid = self.views.labels[label]
        casts = [a for a in self.game.actions()
                 if a.kind == "CastSpell" and a.data.get("object_id") == oid]
        if not casts:
            raise Illegal(f"phase offers {SEATS[seat]} no CastSpell for {label}")
        action = casts[0].to_dict()
        action["data"]["payment_mode"] = {"type": "Manual"}
        pool_before = self.pool(seat)
        stack_before = {e["id"] for e in self.game.stack()}
        self.apply(seat, action)
        self.drive_cast(seat, args, pool_before, stack_before)

    def drive_cast(self, seat: int, args: dict, pool_before: list, stack_before: set) -> None:
        targets = list(args.get("targets") or [])
        if "kickers" in args:
            kick_plan = [k for k in args["kickers"]]
            if any(k not in ("A", "B") for k in kick_plan):
                raise Unsupported(f"kickers {kick_plan!r}")
        else:
            kick_plan = None
        kicks_wanted = int(args.get("kicks") or 0) if kick_plan is None else len(kick_plan)
        kicks_paid = 0
        offered_kickers = 0  # for two-kicker cards: which printed kicker the prompt is about
        record: dict = {}
        cast_choices = dict(args.get("choices") or {})
        self._trigger_queue(cast_choices)
        for _ in range(MAX_PROMPTS):
            waiting = self.waiting()
            kind = waiting["type"]
            data = waiting.get("data") or {}
            if kind == "Priority":
                break
            if kind == "TargetSelection":
                if not targets:
                    slot = (data.get("target_slots") or [{}])[(data.get("selection") or {}).get("current_slot", 0)]
                    if slot.get("optional"):
                        self.pick(seat, lambda a: a.kind == "ChooseTarget" and a.data.get("target") is None,
                                  "skip an optional target")
                        continue
                    raise Illegal("phase asks for a target the step does not give")
                ref = self.target_ref(targets.pop(0))
                self.pick(seat, lambda a: a.kind == "ChooseTarget" and a.data.get("target") == ref,
                          f"target {ref}")
            elif kind == "OptionalCostChoice":
                cost = data.get("cost") or {}
                if cost.get("type") != "Kicker":
                    raise Unsupported(f"optional cost prompt {cost.get('type')!r}")
                costs = (cost.get("data") or {}).get("costs") or []
                repeatable = bool((cost.get("data") or {}).get("repeatable"))
                if kick_plan is not None and not repeatable:
                    letter = "AB"[offered_kickers] if offered_kickers < 2 else "?"
                    offered_kickers += 1
                    pay = letter in kick_plan
                else:
                    pay = kicks_paid < kicks_wanted
                self.pick(seat, lambda a: a.kind == "DecideOptionalCost" and a.data.get("pay") == pay,
                          "pay a kicker cost" if pay else "decline a kicker cost")
                if pay:
                    kicks_paid += 1
                del costs
            elif kind == "ChooseXValue" or any(a.kind == "ChooseX" for a in self.game.actions()):
                x = int(args.get("x") or 0)
                record["x"] = x
                self.pick(seat, lambda a: a.kind == "ChooseX" and a.data.get("value") == x, f"announce X={x}")
            elif kind == "ManaPayment":
                if kicks_paid != kicks_wanted:
                    raise Illegal(f"phase let {kicks_paid} kicker payment(s) be made, the step asks for "
                                  f"{kicks_wanted} (702.33)")
                pending = self.game.state()["state"].get("pending_cast") or {}
                record["total_cost"] = format_cost(pending.get("cost"))
                self.pay(seat, args.get("pay"), pool_before)
            elif self.trigger_prompt(waiting, cast_choices):
                pass
            else:
                raise Unsupported(f"phase prompt {kind} while casting")
        else:
            raise EngineFailure("cast did not finish within the prompt limit")
        if kicks_paid != kicks_wanted:
            raise Illegal(f"phase let {kicks_paid} kicker payment(s) be made, the step asks for {kicks_wanted}")
        new = [e["id"] for e in self.game.stack() if e["id"] not in stack_before]
        if targets:
            # phase chooses a target itself when only one is legal; accept that when it is the
            # one the step names, reject otherwise.
            wanted = list(args.get("targets") or [])
            chosen = [t for e in self.game.stack() if e["id"] in new for t in self.views.entry_targets(e)]
            if chosen != wanted:
                raise Illegal(f"phase chose targets {chosen}, the step asks for {wanted}")
        for entry_id in new:
            self.views.cast_info[entry_id] = {k: v for k, v in record.items() if v is not None}

    def pool(self, seat: int) -> list:
        return list(self.game.player(seat)["mana_pool"]["mana"])

    def pay(self, seat: int, pay: str | None, pool_before: list) -> None:
        """Spend exactly `pay` from the pool (601.2g-h), or let phase pay when it is omitted."""
        if pay is None:
            self.apply(seat, {"type": "PassPriority"})  # phase's auto-payment from the pool
            return
        wanted = Counter(parse_pool(pay))
        available = {}
        for pip in self.pool(seat):
            available.setdefault(FROM_PHASE[pip["color"]], []).append(pip["pip_id"])
        for color, count in wanted.items():
            if len(available.get(color, [])) < count:
                raise Illegal(f"the pool does not hold {pay}")
        for color, count in wanted.items():
            for pip_id in available[color][:count]:
                self.apply(seat, {"type": "SpendPoolMana", "data": {"pip_id": pip_id}})
        self.apply(seat, {"type": "PassPriority"})
        spent = Counter(FROM_PHASE[p["color"]] for p in pool_before)
        spent.subtract(FROM_PHASE[p["color"]] for p in self.pool(seat))
        spent = +spent
        if spent != wanted:
            raise Illegal(f"601.2h: the step pays {pay} but phase's total cost took "
                          f"{format_symbols(spent.elements())} from the pool")

    def trigger_prompt(self, waiting: dict, choices: dict) -> bool:
        """Answer phase's trigger prompts from `choices`; False if `waiting` is not one."""
        kind = waiting["type"]
        data = waiting.get("data") or {}
        if kind == "OrderTriggers":
            # The contract has no ordering choice; phase's listed order is kept (see README).
            seat = data.get("player", self.game.priority_player())
            self.pick(seat, lambda a: a.kind == "OrderTriggers"
                      and a.data.get("order") == sorted(a.data.get("order")), "keep the trigger order")
            return True
        if kind != "TriggerTargetSelection":
            return False
        seat = data.get("player", self.game.priority_player())
        stack = self.game.stack()
        source = self.views.label_of(stack[-1]["source_id"]) if stack else None
        queue = self._trigger_queue(choices)
        while queue and not queue[0]["targets"]:
            queue.pop(0)
        if not queue:
            raise EngineFailure(f"phase asks for a target for a triggered ability of {source or 'an unlabelled source'} "
                                "and the step gives no trigger target for it")
        entry = queue[0]
        if entry.get("source") not in (None, source):
            raise EngineFailure(f"phase asks for a target for a trigger of {source}, the step's next "
                                f"trigger target is for {entry.get('source')}")
        name = entry["targets"].pop(0)
        ref = self.target_ref(name)
        try:
            self.pick(seat, lambda a: a.kind == "ChooseTarget" and a.data.get("target") == ref,
                      f"target {name} for the trigger of {source}")
        except Illegal as exc:  # the step is not rejected; phase's trigger wants another target
            raise EngineFailure(str(exc)) from exc
        return True

    def _trigger_queue(self, choices: dict) -> list:
        if "_queue" not in choices:
            extra = set(choices) - {"trigger_targets"}
            if extra:
                raise Unsupported(f"choices {sorted(extra)}")
            choices["_queue"] = [{"source": t.get("source"), "targets": list(t.get("targets") or [])}
                                 for t in choices.get("trigger_targets") or []]
        return choices["_queue"]

    def resolve_loop(self, args: dict, done) -> None:
        if set(args) - {"choices"}:
            raise Unsupported(f"fields {sorted(set(args) - {'choices'})}")
        choices = dict(args.get("choices") or {})
        self._trigger_queue(choices)
        for _ in range(MAX_PROMPTS):
            waiting = self.waiting()
            if self.trigger_prompt(waiting, choices):
                continue
            if waiting["type"] != "Priority":
                raise Unsupported(f"phase prompt {waiting['type']} while resolving")
            if done():
                return
            self.apply(waiting["data"]["player"], {"type": "PassPriority"})
        raise EngineFailure("the stack did not resolve within the prompt limit")

    def step_resolve(self, args: dict) -> None:
        stack = self.game.stack()
        if not stack:
            raise Illegal("the stack is empty; there is nothing to resolve")
        top = stack[-1]["id"]
        self.resolve_loop(args, lambda: all(e["id"] != top for e in self.game.stack()))

    def step_pass_until_empty(self, args: dict) -> None:
        if not self.game.stack():
            return
        self.resolve_loop(args, lambda: not self.game.stack())
