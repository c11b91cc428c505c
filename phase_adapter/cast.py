"""The `cast` step: announce a spell in phase and answer its casting prompts as the step says.

phase's cast is a CastSpell action followed by prompts: TargetSelection (targets, asked before
the optional costs), OptionalCostChoice (each kicker payment, repeated for multikicker; the
Force of Will-style "Choice" between a printed alternative cost and the mana cost),
ChooseXValue, PayCost (cards to exile for an alternative cost) and ManaPayment (where the
adapter spends exactly the `pay` mana from the pool, pip by pip). Anything phase will not let
the player choose makes the step illegal.
"""

from __future__ import annotations

from collections import Counter

from .errors import Illegal, PhaseFailure, Unsupported
from .mana import FROM_PHASE, announced_cost, format_cost, format_symbols, mono_hybrid_color, parse_payment
from .view import SEATS, ZONES

CAST_KEYS = {"card", "by", "from", "alternative", "kicks", "kickers", "x", "targets", "pay", "sticker",
             "choices", "modes", "half", "fuse", "face", "conspire", "divide", "blight", "adventure"}
ALTERNATIVES = (None, "flashback", "printed", "without-paying-mana-cost", "escape")
MAX_PROMPTS = 200
CASTING_PROMPTS = {"TargetSelection", "OptionalCostChoice", "ChooseXValue", "ModeChoice", "CastingVariantChoice",
                   "PayCost", "ManaPayment", "ModalFaceChoice", "BlightChoice", "CastOffer"}
# phase's PayCost kinds paid with objects -> the step's choice naming them (cost-choices,
# sacrifice-tap-costs)
COST_CHOICES = {"ExileFromZone": "exile", "Sacrifice": "sacrifice_cost", "TapCreatures": "tap_cost",
                "Discard": "discard"}
# Cost prompts the contract has no choice field for (ADAPTERS.md: the engine picks): a permanent
# returned to its owner's hand (Deprive's additional cost).
ENGINE_PICKS = {"ReturnToHand"}


def symbol_count(cost: str) -> int:
    """Mana in a formatted cost ("{2}{R}" -> 3; a hybrid symbol is one mana)."""
    total = 0
    for symbol in cost.strip("{}").split("}{") if cost else []:
        total += int(symbol) if symbol.isdigit() else (0 if symbol in ("", "X") else 1)
    return total


def is_blight_cost(cost: dict) -> bool:
    """phase's optional cost prompt about a blight cost: "you may blight N" (Optional) or "blight N
    or pay [cost]" (Choice, the blight its first option)."""
    data = cost.get("data")
    if cost.get("type") == "Optional":
        return ((data or {}).get("cost") or {}).get("type") == "Blight"
    return cost.get("type") == "Choice" and isinstance(data, list) and bool(data) \
        and (data[0] or {}).get("type") == "Blight"


def free_variant(variant) -> bool:
    """phase casts a spell through a 'cast without paying' permission (Omniscience) this way."""
    return isinstance(variant, dict) and "HandPermission" in variant


def pending_cast_of(data: dict) -> dict | None:
    """The spell being cast as a casting prompt shows it: `pending_cast`, or for a cost payment
    prompt (PayCost) the spell its `resume` goes back to."""
    if isinstance(data.get("pending_cast"), dict):
        return data["pending_cast"]
    resume = data.get("resume")
    if isinstance(resume, dict):
        for value in resume.values():
            if isinstance(value, dict) and "cost" in value and "casting_variant" in value:
                return value
    return None


def chosen_modes(entry: dict) -> list:
    """The modes phase recorded for a spell on the stack (0-based, printed order); [] if none."""
    ability = ((entry.get("kind") or {}).get("data") or {}).get("ability") or {}
    return sorted((ability.get("context") or {}).get("chosen_modes") or [])


class Cast:
    """One cast step against a StepRunner's live game."""

    def __init__(self, runner, args: dict):
        extra = set(args) - CAST_KEYS
        if extra:
            raise Unsupported(f"cast fields {sorted(extra)}")
        if args.get("sticker"):
            raise Unsupported("sticker kicker (phase-python has no sticker action)")
        if args.get("alternative") not in ALTERNATIVES:
            raise Unsupported(f"alternative cost {args['alternative']!r}")
        if "kickers" in args and any(k not in ("A", "B") for k in args["kickers"]):
            raise Unsupported(f"kickers {args['kickers']!r}")
        if "kickers" in args and "kicks" in args and args["kicks"] != len(args["kickers"]):
            raise Unsupported("cast gives both `kicks` and `kickers` with different counts")
        self.runner = runner
        self.game = runner.game
        self.args = args
        self.targets = list(args.get("targets") or [])
        self.kick_plan = list(args["kickers"]) if "kickers" in args else None
        self.kicks_wanted = len(self.kick_plan) if self.kick_plan is not None else int(args.get("kicks") or 0)
        self.kicks_paid = 0
        self.kickers_asked: set[str] = set()  # two-kicker cards: the letters phase has asked about
        self.printed_kickers: list = []  # the card's kicker costs in printed order (A, B)
        self.record: dict = {}
        self.paid = False  # whether phase's ManaPayment prompt came (and `pay()` checked it)
        self.x_asked = False  # whether phase asked for X (it does not when X can only be 0, 107.3b)
        self.base_cost = None  # phase's pending base cost (its mana cost, or none) as last shown
        self.last_cost = None  # phase's pending total cost as its latest casting prompt showed it
        self.choices = dict(args.get("choices") or {})
        self.card_keywords: set = set()
        self.conspire_asked = False  # whether phase asked about the conspire cost (702.78a)
        self.blight_asked = False  # whether phase asked about a blight cost (701.68a)
        self.faces: list = []  # a split or double-faced card's face names (plan_face)
        self.face_index = 0
        self.during_resolution = False  # a cast offered by a resolving effect (continue_offered)
        self.kicker_costs: list = []  # the kicker costs paid, as phase's prompts quoted them
        self.cost_queues: dict[str, list] = {}  # cost choice -> the names its prompts have not taken yet
        self.modes_asked = False  # whether phase asked for the modes (ModeChoice)
        self.divide_asked = False  # whether phase asked for a division (DistributeAmong, 601.2d)
        runner.trigger_queue(self.choices)

    def run(self) -> None:
        runner, args = self.runner, self.args
        label = args["card"]
        card = runner.obj(label)
        cost = card.get("mana_cost")
        if isinstance(cost, dict) and any(str(s).startswith("Phyrexian") for s in cost.get("shards") or []):
            raise Unsupported(f"{label}'s mana cost has Phyrexian mana: phase decides itself whether each symbol is "
                              "paid with mana or 2 life, which the contract's caster announces (601.2b)")
        additional = card.get("additional_cost") or {}
        if additional.get("type") == "Kicker":
            self.printed_kickers = list((additional.get("data") or {}).get("costs") or [])
        self.plan_face(label, card)
        self.card_keywords = {k if isinstance(k, str) else next(iter(k), None) for k in card.get("keywords") or []}
        if args.get("conspire") and "Conspire" not in self.card_keywords:
            raise Illegal(f"702.78a: {label} has no conspire")
        seat = SEATS.index(args.get("by", SEATS[card["owner"]]))
        zone = ZONES.get(card["zone"], card["zone"])
        alternative = args.get("alternative")
        if args.get("from") and args["from"] != zone:
            raise Illegal(f"{label} is in the {zone}, not the {args['from']}")
        if alternative == "flashback" and zone != "graveyard":
            raise Illegal(f"{label} is in the {zone}; flashback casts it from a graveyard (702.34a)")
        runner.give_priority_to(seat)
        oid = card["id"]
        offered = self.game.actions()
        casts = [a for a in offered if a.kind == "CastSpell" and a.data.get("object_id") == oid]
        if alternative == "without-paying-mana-cost":
            # a once-each-turn permission (Zaffai and the Tempests) is its own action in phase,
            # CastSpellForFree naming the permission's source; Omniscience's is a CastSpell
            free = [a for a in offered if a.kind == "CastSpellForFree" and a.data.get("object_id") == oid]
            casts = free or casts
        if not casts:
            raise Illegal(f"phase offers {SEATS[seat]} no CastSpell for {label}")
        action = casts[0].to_dict()
        action["data"]["payment_mode"] = {"type": "Manual"}
        self.seat = seat
        self.pool_before = runner.pool(seat)
        runner.apply(seat, action)
        if zone == "graveyard" and alternative != "flashback":
            self.check_graveyard_variant(label)
        self.prompts()
        self.check(oid)

    def plan_face(self, label: str, card: dict) -> None:
        """Which face or half the step casts (709.3 split cards, 702.102 fuse, 712.11 modal
        double-faced cards): index 0 (left half, front face) or 1, checked against the card."""
        database = getattr(self.runner, "database", None)
        layout, faces = database.faces_of(card.get("name")) if database is not None else (None, [])
        self.faces = faces
        half, face, fuse = self.args.get("half"), self.args.get("face"), bool(self.args.get("fuse"))
        adventure = bool(self.args.get("adventure"))
        if adventure and layout != "adventure":
            raise Illegal(f"715.3: {label} is not an adventurer card; the step casts it as an Adventure")
        if (half is not None or fuse) and layout != "split":
            raise Illegal(f"709.3: {label} is not a split card; the step casts a half of it")
        if face is not None and layout != "modal_dfc":
            raise Illegal(f"712.11: {label} is not a modal double-faced card; the step names a face")
        if layout == "split" and half is None and not fuse:
            raise Illegal(f"709.3: {label} is a split card; the step names no half to cast")
        wanted = half if half is not None else face
        if wanted is not None and wanted not in faces:
            raise Illegal(f"{label} has no half or face named {wanted!r} (its faces: {faces})")
        self.face_index = faces.index(wanted) if wanted is not None else (1 if adventure else 0)

    def choose_face(self, data: dict) -> None:
        """phase's ModalFaceChoice (a split card's half, a modal double-faced card's face) offers
        only the faces that can be cast now (709.3a, 712.11c)."""
        back = self.face_index == 1
        self.runner.pick(self.seat, lambda a: a.kind == "ChooseModalFace" and a.data.get("back_face") == back,
                         f"cast the {'second' if back else 'first'} face or half ({self.faces[self.face_index]})")

    def adventure_or_creature(self, data: dict) -> None:
        """715.3: phase asks whether an adventurer card is cast as its creature or as its Adventure
        (a CastOffer of kind Adventure, answered with ChooseAdventureFace); it offers only the casts
        that can be made now (715.3a: only the Adventure's characteristics are evaluated for it)."""
        offer = (data.get("kind") or {}).get("type")
        if offer != "Adventure":
            raise Unsupported(f"phase's CastOffer of kind {offer!r}")
        creature = not self.args.get("adventure")
        what = "the creature" if creature else "an Adventure"
        if not any(a.kind == "ChooseAdventureFace" and a.data.get("creature") == creature
                   for a in self.game.actions()):
            raise Illegal(f"715.3a: phase offers no cast of {self.args['card']} as {what} now")
        self.runner.pick(self.seat, lambda a: a.kind == "ChooseAdventureFace" and a.data.get("creature") == creature,
                         f"cast {self.args['card']} as {what}")

    def check_face(self, spell: dict, variant) -> None:
        """phase casts the only half or face that can be cast without asking: the spell must be
        the one the step names (709.3, 712.11), fused when the step fuses (702.102a)."""
        if not self.faces:
            return
        fused = variant == "Fuse"
        if bool(self.args.get("fuse")) != fused:
            raise Illegal(f"702.102a: phase cast {'both halves fused' if fused else 'one half'}, the step "
                          f"{'fuses' if self.args.get('fuse') else 'casts one half'}")
        name = (self.game.object(spell["source_id"]) or {}).get("name")
        if not fused and name != self.faces[self.face_index]:
            raise Illegal(f"709.3: phase cast {name}, the step casts {self.faces[self.face_index]}")

    def continue_offered(self, seat: int, oid: int) -> None:
        """A cast an effect offers while it resolves (608.2g), already begun by phase: answer its
        casting prompts, then check the spell as for a cast step. The resolution goes on after
        it, so the prompts end with the first one that is not about casting."""
        self.seat = seat
        self.pool_before = self.runner.pool(seat)
        self.during_resolution = True
        self.plan_face(self.args["card"], self.runner.obj(self.args["card"]))
        untapped = {o["id"] for o in self.game.battlefield() if o["controller"] == seat and not o["tapped"]}
        self.prompts()
        if self.args.get("pay") is not None:
            # phase pays an offered cast itself (its payment mode there is automatic) and may tap
            # lands for it; `pay` is all the mana spent (601.2h)
            tapped = sorted(o["name"] for o in self.game.battlefield() if o["id"] in untapped and o["tapped"])
            if tapped:
                raise Illegal(f"601.2h: the step pays {self.args['pay']}; phase also tapped {tapped} for the cost")
        self.check(oid)
        card_cost = (self.runner.views.find(self.game, self.args["card"]) or {}).get("mana_cost") or {}
        spell = next(e for e in reversed(self.game.stack()) if e["source_id"] == oid)
        free = (self.base_cost or {}).get("type") == "NoCost" if self.base_cost is not None else \
            spell["kind"]["data"].get("actual_mana_spent") == 0  # phase showed no casting prompt
        if free and format_cost(card_cost) not in (None, "{0}"):
            # phase casts the card with no mana cost to pay (its base cost is none, or nothing was
            # spent on a card whose mana cost is not nothing) but records the cast as a normal
            # one: it is cast without paying its mana cost (118.9)
            self.runner.views.cast_info[spell["id"]]["alternative"] = "without-paying-mana-cost"

    def check_graveyard_variant(self, label: str) -> None:
        """A cast from a graveyard without `alternative: flashback` asks for the normal cost, or
        with `alternative: escape` the escape cost (702.138a). phase offers a graveyard card only
        the casts it allows there; when the one it started is another variant (and it offers no
        choice of variant), phase has no such cast from the graveyard for it, so the step is
        illegal."""
        waiting = self.game.waiting_for()
        if waiting["type"] == "ModalFaceChoice":  # a split card's half first; its cast then shows the variant
            self.choose_face(waiting.get("data") or {})
            waiting = self.game.waiting_for()
        if waiting["type"] == "CastingVariantChoice":
            return  # casting_variant() takes the variant the step asks for, or finds none
        pending = pending_cast_of(waiting.get("data") or {}) or {}
        variant = pending.get("casting_variant")
        if variant is None:
            raise Unsupported(f"phase's {waiting['type']} prompt does not say how {label} is being cast")
        wanted = "Escape" if self.args.get("alternative") == "escape" else "Normal"
        if variant == "Retrace" and wanted == "Normal":
            return  # 702.81a: a card's retrace is a cast from its graveyard with no alternative cost
        if variant != wanted:
            raise Illegal(f"phase casts {label} from the graveyard only as {variant!r}; "
                          f"the step asks for a cast as {wanted!r}")

    def prompts(self) -> None:
        for _ in range(MAX_PROMPTS):
            waiting = self.game.waiting_for()
            kind = waiting["type"]
            data = waiting.get("data") or {}
            pending = pending_cast_of(data)
            if pending is not None and "cost" in pending:
                self.last_cost = pending["cost"]
                self.base_cost = pending.get("base_cost")
            if kind == "Priority" or (self.during_resolution and kind not in CASTING_PROMPTS):
                return
            if kind == "GameOver":
                # A state-based action ended the game when the caster got priority (paying the whole
                # life total, 119.4/704.5a): the cast itself is complete; check() looks for the spell.
                return
            if kind == "TargetSelection":
                self.choose_target(data)
            elif kind == "OptionalCostChoice":
                self.optional_cost(data)
            elif kind == "ChooseXValue":
                self.x_asked = True
                x = int(self.args.get("x") or 0)
                self.runner.pick(self.seat, lambda a, x=x: a.kind == "ChooseX" and a.data.get("value") == x,
                                 f"announce X={x}")
            elif kind == "ModeChoice":
                self.choose_modes(data)
            elif kind == "ModalFaceChoice":
                self.choose_face(data)
            elif kind == "CastOffer":
                self.adventure_or_creature(data)
            elif kind == "CastingVariantChoice":
                self.casting_variant(data)
            elif kind == "PayCost":
                self.pay_cost_with_objects(data)
            elif kind == "DistributeAmong":
                self.divide(data)
            elif kind == "BlightChoice":
                self.choose_blighted(data)
            elif kind == "ManaPayment":
                self.check_kicks()
                pending = self.game.state()["state"].get("pending_cast") or {}
                self.record["total_cost"] = format_cost(pending.get("cost"))
                self.pay(pending.get("cost") or {})
            elif not self.runner.trigger_prompt(waiting, self.choices):
                raise Unsupported(f"phase prompt {kind} while casting")
        raise PhaseFailure("the cast did not finish within the prompt limit")

    def choose_target(self, data: dict) -> None:
        if not self.targets:
            slots = data.get("target_slots") or [{}]
            current = (data.get("selection") or {}).get("current_slot", 0)
            if current < len(slots) and slots[current].get("optional"):
                self.runner.pick(self.seat, lambda a: a.kind == "ChooseTarget" and a.data.get("target") is None,
                                 "leave an optional target unchosen")
                return
            raise Illegal("phase asks for a target the step does not give (601.2c)")
        name = self.targets.pop(0)
        ref = self.runner.target_ref(name)
        self.runner.pick(self.seat, lambda a: a.kind == "ChooseTarget" and a.data.get("target") == ref,
                         f"target {name}")

    def choose_modes(self, data: dict) -> None:
        """601.2b: phase's ModeChoice (after the kicker decision, so "choose any number instead"
        applies) lists every legal set of modes (700.2a: count, 700.2d: repeats, modes without
        legal targets left out); the step's modes must be one of them."""
        self.modes_asked = True
        if "modes" not in self.args:
            raise Illegal("601.2b: the spell is modal and the step announces no modes")
        wanted = sorted(int(m) for m in self.args["modes"])
        self.runner.pick(self.seat, lambda a: a.kind == "SelectModes" and sorted(a.data.get("indices") or []) == wanted,
                         f"choose modes {wanted} (700.2a: phase lists the legal choices of modes)")

    def divide(self, data: dict) -> None:
        """601.2d: phase's DistributeAmong asks how the spell's damage (its `total`) is divided
        among its targets. The step's `divide` gives each target's share; with one target and no
        `divide`, that target gets it all. phase judges the division (a share of 0, a target left
        out, a key that is no target, shares not adding up): a division it refuses is illegal.
        Damage divided evenly (phase's EvenSplitDamage) is no choice: phase's split is taken, and
        a `divide` for it is illegal."""
        self.divide_asked = True
        total = data.get("total")
        refs = data.get("targets") or []
        divide = self.args.get("divide")
        if (data.get("unit") or {}).get("type") == "EvenSplitDamage":
            # "divided evenly, rounded down" (Fireball): the caster chooses no division (601.2d
            # asks for one only when the spell requires the player to divide), so a `divide` is
            # illegal; phase offers its even splits, the first is taken
            if divide is not None:
                raise Illegal(f"601.2d: the damage is divided evenly; the caster announces no division ({divide})")
            self.runner.pick(self.seat, lambda a: a.kind == "DistributeAmong", "divide the damage evenly")
            return
        if divide is None:
            if len(refs) != 1:
                raise Illegal(f"601.2d: the spell divides {total} damage among {len(refs)} targets; "
                              f"the step announces no division")
            distribution = [[refs[0], total]]
        else:
            distribution = [[self.runner.target_ref(name), int(share)] for name, share in divide.items()]
        try:
            self.runner.apply(self.seat, {"type": "DistributeAmong", "data": {"distribution": distribution}})
        except Illegal as exc:
            raise Illegal(f"601.2d: phase refuses the division {divide} of {total} damage: {exc}") from exc

    def optional_cost(self, data: dict) -> None:
        cost = data.get("cost") or {}
        if is_blight_cost(cost):
            # 701.68a: "you may blight N" (Optional) or "blight N or pay [cost]" (Choice, the blight
            # first): phase asks whether to blight (pay: true) only when a creature can be blighted
            # (701.68b), then which creature (BlightChoice)
            self.blight_asked = True
            pay = self.args.get("blight") is not None
            self.runner.pick(self.seat, lambda a: a.kind == "DecideOptionalCost" and a.data.get("pay") == pay,
                             "blight" if pay else "decline to blight")
            return
        if cost.get("type") == "Choice":  # printed alternative cost (Force of Will) or the mana cost
            pay = self.args.get("alternative") == "printed"
            self.runner.pick(self.seat, lambda a: a.kind == "DecideOptionalCost" and a.data.get("pay") == pay,
                             "pay the printed alternative cost" if pay else "pay the mana cost")
            return
        if cost.get("type") == "Optional" and "Conspire" in self.card_keywords:
            # 702.78a: conspire is an optional additional cost (tap two untapped creatures you
            # control that share a color with the spell); phase asks whether to pay it, then
            # which creatures pay it (PayCost TapCreatures, answered from `tap_cost`)
            self.conspire_asked = True
            pay = bool(self.args.get("conspire"))
            self.runner.pick(self.seat, lambda a: a.kind == "DecideOptionalCost" and a.data.get("pay") == pay,
                             "pay the conspire cost" if pay else "decline the conspire cost")
            return
        if cost.get("type") != "Kicker":
            raise Unsupported(f"optional cost prompt {cost.get('type')!r}")
        repeatable = bool((cost.get("data") or {}).get("repeatable"))
        if self.kick_plan is not None and not repeatable:
            letter = self.kicker_letter(cost)
            self.kickers_asked.add(letter)
            pay = letter in self.kick_plan
        else:
            pay = self.kicks_paid < self.kicks_wanted
        self.runner.pick(self.seat, lambda a: a.kind == "DecideOptionalCost" and a.data.get("pay") == pay,
                         "pay a kicker cost" if pay else "decline a kicker cost")
        if pay:
            self.kicks_paid += 1
            offered = (cost.get("data") or {}).get("costs") or []
            quoted = offered[0] if len(offered) == 1 and (offered[0] or {}).get("type") == "Mana" else {}
            self.kicker_costs.append(quoted.get("cost"))  # None: a cost the adapter cannot add up

    def choose_blighted(self, data: dict) -> None:
        """701.68a: the creature the step's `blight` names takes the -1/-1 counters; phase lists
        the creatures the caster can blight."""
        label = self.args.get("blight")
        if label is None:
            raise Illegal("701.68a: phase asks which creature to blight; the step blights none")
        oid = self.runner.obj(label)["id"]
        if oid not in (data.get("creatures") or []):
            raise Illegal(f"701.68a: {label} is not a creature the caster can blight (phase offers "
                          f"{data.get('creatures')})")
        self.runner.apply(self.seat, {"type": "SelectCards", "data": {"cards": [oid]}})

    def kicker_letter(self, cost: dict) -> str:
        """Which printed kicker cost (A, B) phase's prompt is about: phase asks only about the
        kicker costs the player can afford, so the prompt's position does not tell; its cost does."""
        offered = (cost.get("data") or {}).get("costs") or []
        for index, printed in enumerate(self.printed_kickers[:2]):
            letter = "AB"[index]
            if offered and printed == offered[0] and letter not in self.kickers_asked:
                return letter
        raise Unsupported(f"phase asks about a kicker cost {offered!r} that is not one of the card's "
                          f"printed kicker costs {self.printed_kickers!r}")

    def casting_variant(self, data: dict) -> None:
        """phase asks how to cast when several ways are open (Omniscience: free or normal)."""
        wanted = {None: "Normal", "printed": "Normal", "flashback": "Flashback",
                  "escape": "Escape"}.get(self.args.get("alternative"))
        if self.args.get("fuse"):
            wanted = "Fuse"  # 702.102a: both halves as one spell
        side = "Left" if self.face_index == 0 or self.args.get("fuse") else "Right"
        for index, option in enumerate(data.get("options") or []):
            variant = option.get("variant")
            if self.faces and option.get("face") not in (None, side, "Current"):
                continue  # a split card's other half (phase offers each half that can be cast; once a
                # half is chosen, the ways to cast it - Omniscience's free cast, the normal one - are "Current")
            if (free_variant(variant) if wanted is None and self.args.get("alternative") else variant == wanted):
                self.runner.pick(self.seat, lambda a, index=index: a.kind == "ChooseCastingVariant"
                                 and a.data.get("index") == index, f"cast as {variant}")
                return
        raise Illegal(f"phase offers no way to cast it as the step asks "
                      f"(options: {[o.get('variant') for o in data.get('options') or []]})")

    def pay_cost_with_objects(self, data: dict) -> None:
        """601.2h: phase's PayCost prompt for a cost paid with cards or permanents (exile from a
        zone, sacrifice, tap untapped creatures, return to hand) lists the objects able to pay it
        (matching, controlled, untapped for a tap cost) and how many it takes; the step's choice
        for that kind names them, else (pay as you like, or no choice field) phase's first
        candidates pay."""
        kind = (data.get("kind") or {}).get("type")
        key = COST_CHOICES.get(kind)
        candidates = list(data.get("choices") or [])
        count = int(data.get("count") or 0)
        least = int(data.get("min_count", count) or 0)
        if key is None and kind not in ENGINE_PICKS:
            raise Unsupported(f"cost payment prompt {kind}")
        if key is None or key not in self.choices:
            if len(candidates) < least:
                raise Illegal(f"601.2h: phase lets {len(candidates)} object(s) pay a {kind} cost of {count}")
            self.runner.apply(self.seat, {"type": "SelectCards", "data": {"cards": candidates[:count]}})
            return
        queue = self.cost_queues.setdefault(key, list(self.choices[key]))
        names = queue[:count]
        del queue[:count]
        ids = [self.runner.obj(name)["id"] for name in names]
        if len(set(ids)) != len(ids):
            raise Illegal(f"601.2h: {names} names the same object twice for one cost")
        if len(ids) < least:
            raise Illegal(f"601.2h: the {kind} cost takes {count}, the step names {names}")
        unable = [name for name, oid in zip(names, ids) if oid not in candidates]
        if unable:
            raise Illegal(f"601.2h, 118.3: {unable} cannot pay the {kind} cost (phase lets only "
                          f"{len(candidates)} object(s) pay it: controlled, matching, untapped for a tap cost)")
        self.runner.apply(self.seat, {"type": "SelectCards", "data": {"cards": ids}})

    def check_cost_choices(self) -> None:
        """Every object the step names for a cost paid one (601.2h: no more than the costs take)."""
        for key in COST_CHOICES.values():
            left = self.cost_queues.get(key, self.choices.get(key) or [])
            if left:
                raise Illegal(f"601.2h: the spell's costs take no more objects; the step's {key} "
                              f"also names {left}")

    def check_kicks(self) -> None:
        if self.kicks_paid != self.kicks_wanted:
            raise Illegal(f"phase let {self.kicks_paid} kicker payment(s) be made, the step asks for "
                          f"{self.kicks_wanted} (702.33)")

    @staticmethod
    def spending_order(wanted: Counter, available: dict, cost: dict) -> list:
        """Pips for `wanted`: first one per coloured symbol of phase's total cost, then the rest
        (for generic), so a coloured pip is never used up on generic while its symbol is unpaid."""
        remaining = Counter(wanted)
        taken = {color: 0 for color in available}
        order = []

        def take(color):
            order.append(available[color][taken[color]])
            taken[color] += 1
            remaining[color] -= 1

        for shard in cost.get("shards") or []:
            color = FROM_PHASE.get(shard)
            if color and remaining[color] > 0:
                take(color)
        for color in list(remaining):
            while remaining[color] > 0:
                take(color)
        return order

    def pay(self, cost: dict | None = None) -> None:
        """Spend exactly `pay` from the pool (601.2g-h), or let phase pay when it is omitted."""
        pay = self.args.get("pay")
        runner, seat = self.runner, self.seat
        self.paid = True
        if pay is None:
            runner.apply(seat, {"type": "PassPriority"})  # phase's own payment from the pool
            if self.record.get("total_cost") is None and \
                    any(mono_hybrid_color(s) for s in (cost or {}).get("shards") or []):
                # {2/R}: what phase's own payment announced (601.2b) is the total cost
                self.record["total_cost"] = announced_cost(cost, self.spent().elements())
            return
        wanted = Counter(parse_payment(pay))
        total = self.record.get("total_cost")
        if total is not None and symbol_count(total) != sum(wanted.values()):
            # 601.2h: `pay` is all the mana spent; phase would pay the rest itself (tapping lands)
            raise Illegal(f"601.2h: the step pays {pay}, phase's total cost is {total}")
        available: dict[str, list[int]] = {}
        for pip in runner.pool(seat):
            available.setdefault(FROM_PHASE[pip["color"]], []).append(pip["pip_id"])
        for color, count in wanted.items():
            if len(available.get(color, [])) < count:
                raise Illegal(f"the mana pool does not hold {pay}")
        if any(mono_hybrid_color(s) for s in (cost or {}).get("shards") or []) and \
                Counter({c: len(ids) for c, ids in available.items()}) == wanted:
            # phase refuses a pip spent by hand on the generic half of a {2/R} ("Mana unit cannot
            # pay any part of this cost") but pays it from the pool itself; with the pool holding
            # exactly `pay`, its own payment spends exactly that (checked below)
            runner.apply(seat, {"type": "PassPriority"})
        else:
            for pip_id in self.spending_order(wanted, available, cost or {}):
                runner.apply(seat, {"type": "SpendPoolMana", "data": {"pip_id": pip_id}})
            runner.apply(seat, {"type": "PassPriority"})
        spent = self.spent()
        if total is None:  # {2/R}: what the payment announced (601.2b) is the total cost
            self.record["total_cost"] = announced_cost(cost, spent.elements())
        if spent != wanted:
            raise Illegal(f"601.2h: the step pays {pay} but phase's total cost took "
                          f"{format_symbols(spent.elements())} from the pool")

    def spent(self) -> Counter:
        """The mana that left the caster's pool since the cast began, by type."""
        spent = Counter(FROM_PHASE[p["color"]] for p in self.pool_before)
        spent.subtract(FROM_PHASE[p["color"]] for p in self.runner.pool(self.seat))
        return +spent

    def unprompted_total_cost(self) -> str | None:
        """The total cost when phase asked for no mana payment (a cost of nothing, or a modal
        spell, whose cost phase always pays from the pool by itself): its last casting prompt's
        pending cost plus the kicker costs its prompts quoted and the step paid, taken only when
        that is what left the pool (an increase or reduction phase applied afterwards would show
        there; the total cost is then left out of the view). Nothing asked and nothing taken is a
        total cost of {0} (Khalni Hydra reduced to nothing), whether or not a prompt priced it."""
        spent = len(self.pool_before) - len(self.runner.pool(self.seat))
        if self.last_cost is None:  # no casting prompt priced it
            return "{0}" if spent == 0 else None
        parts = [self.last_cost] + self.kicker_costs
        if any(not isinstance(p, dict) or p.get("type") not in ("Cost", "NoCost") for p in parts):
            return None
        total = format_cost({"type": "Cost", "generic": sum(int(p.get("generic") or 0) for p in parts),
                             "shards": [shard for p in parts for shard in p.get("shards") or []]})
        if spent == 0:  # asked for nothing and took nothing: phase's total cost was nothing
            return "{0}"
        return total if total is not None and symbol_count(total) == spent else None

    def check(self, oid: int) -> None:
        """After the prompts: the spell is on the stack as the step asked, or the step is illegal."""
        self.check_kicks()
        if self.args.get("conspire") and not self.conspire_asked:
            # phase asks about conspire only when two untapped creatures sharing a color can pay it
            raise Illegal("702.78a, 601.2h: phase offers no conspire payment (no two untapped creatures "
                          "that share a color with the spell)")
        if self.args.get("blight") is not None and not self.blight_asked:
            raise Illegal("701.68b: phase offers no blight (the spell has no blight cost, or the caster controls "
                          "no creature to blight)")
        if self.args.get("divide") is not None and not self.divide_asked:
            raise Illegal("601.2d: phase asks for no division; the spell divides nothing")
        self.check_cost_choices()
        x = int(self.args.get("x") or 0)
        if x and not self.x_asked:
            raise Illegal(f"phase let no value be chosen for X (it asked for none), the step announces X={x}")
        if not self.paid:  # phase asked for no mana payment
            self.record["total_cost"] = self.unprompted_total_cost()
        spell = next((e for e in reversed(self.game.stack())
                      if e["source_id"] == oid and e["kind"]["type"] == "Spell"), None)
        if spell is None:
            waiting = self.game.waiting_for()
            if waiting["type"] == "GameOver":
                # State-based actions ended the game when the caster got priority (paying the whole
                # life total, 704.5a): the cast is complete, the view shows who lost (player-loss)
                # and phase's finished game, whose stack no longer holds the spell.
                return
            raise PhaseFailure("the cast finished but the spell is not on phase's stack")
        if "modes" not in self.args and chosen_modes(spell):
            raise Illegal("601.2b: the spell is modal and the step announces no modes")
        if "modes" in self.args:
            chosen = chosen_modes(spell)
            if not chosen and not self.modes_asked:
                raise Illegal("700.2: the spell is not modal; the step announces modes")
            if chosen != sorted(int(m) for m in self.args["modes"]):
                raise Illegal(f"700.2a: phase chose modes {chosen}, the step announces {self.args['modes']}")
        if self.targets:
            # phase picks the target itself when only one is legal; that is fine when it is the
            # one the step names.
            wanted = list(self.args.get("targets") or [])
            chosen = self.runner.views.entry_targets(spell)
            if chosen != wanted:
                raise Illegal(f"phase chose targets {chosen}, the step asks for {wanted}")
        variant = spell["kind"]["data"].get("casting_variant")
        self.check_face(spell, variant)
        free = free_variant(variant)
        if self.args.get("alternative") == "without-paying-mana-cost" and not free:
            raise Illegal("phase cast the spell paying its mana cost, not without paying it")
        if free and self.args.get("alternative") != "without-paying-mana-cost":
            raise Illegal("phase cast the spell without paying its mana cost (it offers no choice to "
                          "pay it) but the step pays the normal cost")
        if self.args.get("pay") is not None and not self.paid:
            spent = self.spent()
            if spent != Counter(parse_payment(self.args["pay"])):
                raise Illegal(f"601.2h: the step pays {self.args['pay']}, phase spent "
                              f"{format_symbols(spent.elements())}")
        self.runner.views.cast_info[spell["id"]] = {k: v for k, v in self.record.items() if v is not None}
