"""The `activate` step: a non-mana activated ability through phase's ActivateAbility (602.2).

The contract numbers a card's non-mana activated abilities in printed order; phase numbers all
of an object's abilities, mana abilities included, so the index is translated. The prompts
that follow (targets, mana payment) are answered as for a cast (cast.py).
"""

from __future__ import annotations

from collections import Counter

from .cast import Cast
from .errors import Illegal, PhaseFailure, Unsupported
from .mana import FROM_PHASE, format_symbols, parse_payment

ACTIVATE_KEYS = {"card", "ability", "targets", "pay", "choices"}


class Activation(Cast):
    """One activate step; shares the target and payment prompts of a cast."""

    def __init__(self, runner, args: dict):
        extra = set(args) - ACTIVATE_KEYS
        if extra:
            raise Unsupported(f"activate fields {sorted(extra)}")
        super().__init__(runner, {k: v for k, v in args.items() if k != "ability"})
        self.ability = int(args.get("ability") or 0)

    def run(self) -> None:
        runner, label = self.runner, self.args["card"]
        obj = runner.obj(label)
        if obj.get("zone") != "Battlefield":
            raise Illegal(f"602.2: {label} is not on the battlefield")
        non_mana = [i for i, ability in enumerate(obj.get("abilities") or [])
                    if ability.get("kind") == "Activated" and not ability.get("is_mana_ability")]
        if self.ability >= len(non_mana):
            raise Unsupported(f"activate: phase knows {len(non_mana)} non-mana activated abilities of "
                              f"{label}, the step asks for number {self.ability}")
        index = non_mana[self.ability]
        self.seat = obj["controller"]
        runner.give_priority_to(self.seat)
        self.pool_before = runner.pool(self.seat)
        before = {e["id"] for e in self.game.stack()}
        runner.pick(self.seat, lambda a: a.kind == "ActivateAbility" and a.data.get("source_id") == obj["id"]
                    and a.data.get("ability_index") == index,
                    f"activate ability {self.ability} of {label} (602.2; phase lists only the activations "
                    f"it allows now: timing, costs it can pay, {{T}} needs an untapped permanent its "
                    f"controller has controlled since the turn began, 602.5a)")
        self.prompts()
        self.check_cost_choices()
        if self.args.get("pay") is not None and not self.paid:  # phase asked for no mana payment
            spent = Counter(FROM_PHASE[p["color"]] for p in self.pool_before)
            spent.subtract(FROM_PHASE[p["color"]] for p in runner.pool(self.seat))
            if +spent != Counter(parse_payment(self.args["pay"])):
                raise Illegal(f"601.2h, 602.2b: the step pays {self.args['pay']}, phase spent "
                              f"{format_symbols((+spent).elements()) or 'nothing'} from the pool")
        new = [e for e in reversed(self.game.stack()) if e["id"] not in before and e["source_id"] == obj["id"]]
        # a cost may trigger an ability of the same permanent (a sacrifice seen by Jinxed Ring): that
        # trigger is not the activated ability
        entry = next((e for e in new if "Trigger" not in str((e.get("kind") or {}).get("type"))),
                     new[0] if new else None)
        if entry is None:
            raise PhaseFailure(f"the activation of {label} finished but no ability of it is on phase's stack")
        wanted = list(self.args.get("targets") or [])
        if wanted and runner.views.entry_targets(entry) != wanted:
            raise Illegal(f"phase chose targets {runner.views.entry_targets(entry)}, the step asks for {wanted}")

