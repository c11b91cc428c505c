"""Perform one case step in a phase game by choosing among phase's own legal actions.

Each step drives phase's prompts with the choices the step announces. When phase offers no
action matching a requested choice the step is illegal (phase would not let a player do it);
when the step asks for something the adapter cannot express in phase's API it is unsupported.
The `cast` step lives in cast.py.
"""

from __future__ import annotations

from .activation import Activation
from .cast import Cast, pending_cast_of
from .errors import Illegal, PhaseFailure, Unsupported
from .mana import TO_PHASE
from .snapshots import reload
from .turns import TurnDriver
from .view import SEATS

MAX_PROMPTS = 200
CHOICE_KEYS = {"trigger_targets", "pay_unless", "copy_targets", "discard", "sacrifice", "clone", "you_may",
               "exile", "sacrifice_cost", "tap_cost", "scry", "surveil", "color", "opponent", "search", "cast",
               "look"}
CAST_CHOICE_KEYS = {"card", "targets", "x", "kicks", "kickers", "pay", "alternative", "half", "face"}
COLOR_NAMES = {"W": "White", "U": "Blue", "B": "Black", "R": "Red", "G": "Green"}
# phase's look-at-the-top prompt -> (the step's choice, where the cards not kept on top go)
LOOK_PROMPTS = {"ScryChoice": ("scry", "bottom"), "SurveilChoice": ("surveil", "graveyard")}
MANA_TYPES = ("White", "Blue", "Black", "Red", "Green", "Colorless")


class StepRunner:
    """Runs steps against one live game; `views` holds the labels and per-cast records."""

    def __init__(self, game, views, engine):
        self.game = game
        self.views = views
        self.engine = engine  # the phase Engine, to load scratch copies of the game
        self.database = None  # the CardDatabase (multi-face cards: cast.py plan_face)
        self.blocker_order: list = []  # blockers' object ids as the last declare_blockers step named them

    # ----------------------------------------------------------------- helpers
    def obj(self, label: str) -> dict:
        if label not in self.views.labels:
            raise Unsupported(f"unknown label {label!r}")
        found = self.views.find(self.game, label)
        if not found:
            raise Illegal(f"{label} no longer exists in phase's game")
        return found

    def apply(self, seat: int, action) -> None:
        try:
            self.game.apply(seat, action)
        except ValueError as exc:
            raise Illegal(str(exc)) from exc

    def pick(self, seat: int, predicate, what: str) -> None:
        actions = self.game.actions()
        for action in actions:
            if predicate(action):
                self.apply(seat, action)
                return
        offered = ", ".join(repr(a) for a in actions)
        raise Illegal(f"phase offers no legal action to {what} (offered: {offered})")

    def target_ref(self, name: str) -> dict:
        if name in SEATS:
            return {"Player": SEATS.index(name)}
        if name in self.views.labels:
            return {"Object": self.obj(name)["id"]}
        raise Unsupported(f"target {name!r} is neither a player nor a label")

    def pool(self, seat: int) -> list:
        return list(self.game.player(seat)["mana_pool"]["mana"])

    def give_priority_to(self, seat: int) -> None:
        """Everyone before `seat` passes priority (contract: a cast out of turn implies it)."""
        for _ in range(4):
            waiting = self.game.waiting_for()
            if waiting["type"] != "Priority":
                raise Unsupported(f"phase is waiting for {waiting['type']}, not for priority")
            holder = waiting["data"]["player"]
            if holder == seat:
                return
            self.apply(holder, {"type": "PassPriority"})
        raise Illegal(f"{SEATS[seat]} never received priority")

    # --------------------------------------------------------------- prompts
    def trigger_queue(self, choices: dict) -> list:
        """The step's `choices`, checked once; trigger targets become a consumable queue."""
        if "_queue" not in choices:
            extra = set(choices) - CHOICE_KEYS
            if extra:
                raise Unsupported(f"choices {sorted(extra)}")
            choices["_queue"] = [{"source": t.get("source"), "targets": list(t.get("targets") or []),
                                  "modes": t.get("modes"), "asked": False}
                                 for t in choices.get("trigger_targets") or []]
            choices["_copy"] = list(choices["copy_targets"]) if "copy_targets" in choices else None
        return choices["_queue"]

    def trigger_prompt(self, waiting: dict, choices: dict) -> bool:
        """Answer phase's trigger prompts from `choices`; False if `waiting` is not one."""
        kind = waiting["type"]
        data = waiting.get("data") or {}
        seat = data.get("player", self.game.priority_player())
        if kind == "OrderTriggers":
            # The contract has no ordering choice; phase's listed order is kept (see README).
            self.pick(seat, lambda a: a.kind == "OrderTriggers"
                      and a.data.get("order") == sorted(a.data.get("order")), "keep the trigger order")
            return True
        if kind == "AbilityModeChoice" and not data.get("is_activated"):
            self.trigger_modes(data, seat, choices)
            return True
        if kind != "TriggerTargetSelection":
            return False
        stack = self.game.stack()
        source = None
        if stack:  # an ability of a token a copy resolved into is named after the copied spell, as in the view
            source = self.views.label_of(stack[-1]["source_id"]) or self.views.copy_names.get(stack[-1]["source_id"])
        queue = self.trigger_queue(choices)
        named_empty = False
        while queue and not queue[0]["targets"]:
            named_empty = named_empty or queue[0].get("source") in (None, source)
            queue.pop(0)
        if not queue and named_empty:
            # the step names this trigger but gives it fewer targets than it takes (603.3d, 601.2c)
            raise Illegal(f"603.3d: phase asks for another target for the trigger of {source}; the step "
                          f"gives it no more")
        if not queue:
            raise PhaseFailure(f"phase asks for a target for a triggered ability of "
                                f"{source or 'an unlabelled source'}; the step gives none")
        entry = queue[0]
        if entry.get("source") not in (None, source):
            raise PhaseFailure(f"phase asks for a target for a trigger of {source}; the step's next "
                                f"trigger target is for {entry.get('source')}")
        entry["asked"] = True
        name = entry["targets"].pop(0)
        ref = self.target_ref(name)
        try:
            self.pick(seat, lambda a: a.kind == "ChooseTarget" and a.data.get("target") == ref,
                      f"target {name} for the trigger of {source}")
        except Illegal as exc:  # the step itself is not rejected; phase's trigger wants another target
            if entry.get("moded"):  # ... unless the step chose modes whose targets it then misnames
                raise Illegal(f"603.3d: {exc}") from exc
            raise PhaseFailure(str(exc)) from exc
        if entry["targets"] and self.game.waiting_for()["type"] != "TriggerTargetSelection":
            # phase has all the targets this trigger takes; the step gives it more (603.3d, 601.2c)
            raise Illegal(f"603.3d: the trigger of {source} takes fewer targets than the step gives it "
                          f"({entry['targets']} left)")
        return True

    def trigger_modes(self, data: dict, seat: int, choices: dict) -> None:
        """603.3c, 700.2b: a modal triggered ability's modes are chosen as it is put on the stack;
        phase's AbilityModeChoice lists the legal sets (a mode without a legal target left out).
        The step's `trigger_targets` entry for that source gives `modes`; without it, phase's
        first set (the engine chooses)."""
        source = self.views.label_of(data.get("source_id"))
        # phase records a trigger's chosen modes by their text (selected_mode_labels): keep its
        # list of mode texts so the view can number them
        self.views.mode_texts[data.get("source_id")] = list((data.get("modal") or {}).get("mode_descriptions") or [])
        entry = next((t for t in self.trigger_queue(choices) if t.get("modes") is not None
                      and t.get("source") in (None, source)), None)
        if entry is None:
            options = [a for a in self.game.actions() if a.kind == "SelectModes"]
            if not options:
                raise PhaseFailure(f"phase asks for the modes of a trigger of {source} and offers none")
            self.apply(seat, options[0])
            return
        wanted = sorted(int(m) for m in entry["modes"])
        entry["modes"] = None  # consumed: the entry's targets follow
        entry["moded"] = True  # the step chose the modes: a target they can't take is its mistake
        try:
            self.pick(seat, lambda a: a.kind == "SelectModes" and sorted(a.data.get("indices") or []) == wanted,
                      f"choose modes {wanted} for the trigger of {source}")
        except Illegal as exc:
            raise Illegal(f"603.3d, 700.2a: {exc}") from exc

    def resolution_prompt(self, waiting: dict, choices: dict) -> bool:
        """Prompts while a spell resolves: unless-costs, copy retargeting, mana payment."""
        kind = waiting["type"]
        data = waiting.get("data") or {}
        seat = data.get("player", self.game.priority_player())
        if kind == "UnlessPayment":
            if "pay_unless" not in choices:
                raise PhaseFailure("phase asks whether to pay an 'unless' cost; the step gives no pay_unless")
            pay = bool(choices["pay_unless"])
            self.pick(seat, lambda a: a.kind == "PayUnlessCost" and a.data.get("pay") == pay,
                      "pay the unless cost" if pay else "decline the unless cost")
            return True
        if kind == "OptionalEffectChoice" and self.offers_a_cast(seat, data):
            self.cast_during_resolution(seat, data, choices)
            return True
        if kind == "OptionalEffectChoice":
            # 603.5: "you may" is answered as the ability resolves; without `you_may` the ability
            # does what it offers (the contract's default)
            accept = bool(choices.get("you_may", True))
            self.pick(seat, lambda a: a.kind == "DecideOptionalEffect" and a.data.get("accept") == accept,
                      "accept the optional effect" if accept else "decline the optional effect")
            return True
        if kind == "ManaPayment":  # paying an unless cost: the contract lets the engine choose the mana
            self.apply(seat, {"type": "PassPriority"})
            return True
        if kind == "CopyRetarget":
            new = choices.get("_copy")
            if new is None:
                self.pick(seat, lambda a: a.kind == "KeepAllCopyTargets", "keep the copy's targets")
                return True
            if not new:
                raise PhaseFailure("phase asks for more new copy targets than the step gives")
            name = new.pop(0)
            ref = self.target_ref(name)
            self.pick(seat, lambda a: a.kind == "ChooseTarget" and a.data.get("target") == ref,
                      f"retarget the copy to {name}")
            return True
        if kind == "ReplacementChoice" and (data.get("kind") or {}).get("type") == "OptionalBranch":
            # Clone: "you may have it enter as a copy" - taken when the step names what to copy.
            index = 0 if choices.get("clone") else 1
            self.pick(seat, lambda a: a.kind == "ChooseReplacement" and a.data.get("index") == index,
                      "enter as a copy" if index == 0 else "decline entering as a copy")
            return True
        if kind == "ChooseLegend":
            # 704.5j: the player chooses which legend stays; the contract has no word for that
            # choice, so the engine's (phase's first offer) stands, as for other unasked choices
            options = [a for a in self.game.actions() if a.kind == "ChooseLegend"]
            if not options:
                raise PhaseFailure("phase asks which legend to keep and offers none")
            self.apply(seat, options[0])
            return True
        if kind == "CopyTargetChoice":
            if not choices.get("clone"):
                raise PhaseFailure("phase asks what to copy; the step gives no clone choice")
            ref = self.target_ref(choices["clone"])
            self.pick(seat, lambda a: a.kind == "ChooseTarget" and a.data.get("target") == ref,
                      f"copy {choices['clone']}")
            choices["_clone_done"] = True
            return True
        if kind == "NamedChoice" and data.get("choice_type") in ("Color", "Opponent"):
            self.named_choice(data, seat, choices)
            return True
        if kind == "SearchChoice":
            self.search_library(data, seat, choices)
            return True
        if kind in LOOK_PROMPTS:
            self.look_at_top(kind, data, seat, choices)
            return True
        if kind == "DigChoice" and data.get("kept_destination") == "Hand" and data.get("rest_destination") == "Library":
            self.look_into_hand(data, seat, choices)
            return True
        if any(a.kind == "SelectCards" for a in self.game.actions()):
            return self.select_cards(data, kind, seat, choices)
        return self.trigger_prompt(waiting, choices)

    def offers_a_cast(self, seat: int, data: dict) -> bool:
        """Is phase's "you may" the permission to cast a card now (608.2g: "you may cast that
        card")? Tried on a scratch copy: accepting it starts phase's casting of that card (a
        casting prompt for it, or the card cast at once onto the stack)."""
        subject = data.get("decision_subject_id")
        if subject is None:
            return False
        try:
            scratch = self._scratch()
            scratch.apply(seat, {"type": "DecideOptionalEffect", "data": {"accept": True}})
        except ValueError:  # phase refuses the copy or the answer: not known to be a cast
            return False
        pending = pending_cast_of(scratch.waiting_for().get("data") or {})
        if pending is not None:
            return pending.get("object_id") == subject
        return any(e["source_id"] == subject and e["kind"]["type"] == "Spell" for e in scratch.stack())

    def cast_during_resolution(self, seat: int, data: dict, choices: dict) -> None:
        """608.2g: the step's `cast` choice casts the card phase offers (its casting prompts are
        answered as for a cast step; the way of casting is the effect's); without it the player
        does not cast."""
        wanted = choices.get("cast")
        if wanted is None or choices.get("_cast_done"):
            self.apply(seat, {"type": "DecideOptionalEffect", "data": {"accept": False}})
            return
        extra = set(wanted) - CAST_CHOICE_KEYS
        if extra:
            raise Unsupported(f"cast choice fields {sorted(extra)}")
        card = self.obj(wanted["card"])
        if card["id"] != data.get("decision_subject_id"):
            raise Illegal(f"608.2g: the effect offers to cast another card, not {wanted['card']}")
        if wanted.get("alternative") not in (None, "without-paying-mana-cost"):
            raise Illegal(f"608.2g: the effect says how the card is cast, not with {wanted['alternative']!r}")
        choices["_cast_done"] = True
        self.apply(seat, {"type": "DecideOptionalEffect", "data": {"accept": True}})
        Cast(self, {k: v for k, v in wanted.items() if k != "alternative"}).continue_offered(seat, card["id"])

    def search_library(self, data: dict, seat: int, choices: dict) -> None:
        """701.23a: phase's SearchChoice lists the cards of the searched library that match the
        description and how many it finds at most; the step's `search` names them (`[]` finds
        nothing, 701.23b), else phase's first candidates are found (find as you like)."""
        candidates = list(data.get("cards") or [])
        count = int(data.get("count") or 0)
        if "search" not in choices:
            chosen = candidates[:count]
        else:
            chosen = [self.obj(label)["id"] for label in choices["search"] or []]
            unable = [label for label, oid in zip(choices["search"] or [], chosen) if oid not in candidates]
            if unable:
                raise Illegal(f"701.23a: {unable} is not a card of the searched library that matches the search")
            if len(chosen) > count or len(set(chosen)) != len(chosen):
                raise Illegal(f"701.23a: the search finds at most {count} card(s); the step names {choices['search']}")
            if len(chosen) < count and not data.get("allows_partial_find", True):
                raise Illegal(f"701.23b: this search must find {count} card(s)")
        self.apply(seat, {"type": "SelectCards", "data": {"cards": chosen}})

    def named_choice(self, data: dict, seat: int, choices: dict) -> None:
        """614.12a: "As this enters, choose a color / an opponent": phase's NamedChoice lists the
        options (colors by name, opponents by seat); the step's `color` / `opponent` picks one,
        else (choose as you like) phase's first option."""
        options = list(data.get("options") or [])
        if data["choice_type"] == "Color":
            key, wanted = "color", COLOR_NAMES.get(str(choices.get("color")), choices.get("color"))
        else:
            key = "opponent"
            wanted = choices.get("opponent")
            wanted = str(SEATS.index(wanted)) if wanted in SEATS else wanted
        if key not in choices:
            wanted = options[0] if options else None
        if wanted not in options:
            rule = "102.2" if key == "opponent" else "105.1"
            raise Illegal(f"{rule}: phase offers {options} as the {key} to choose, not {choices.get(key)!r}")
        self.apply(seat, {"type": "ChooseOption", "data": {"choice": wanted}})

    def look_at_top(self, kind: str, data: dict, seat: int, choices: dict) -> None:
        """701.22a / 701.25a: phase's ScryChoice / SurveilChoice shows the cards looked at (top
        first) and takes the ones kept on top, in the order given (the first is the new top card);
        the others go to the bottom (scry) or the graveyard (surveil). phase offers no order for
        the cards put on the bottom: it keeps them in the order they were looked at."""
        key, elsewhere = LOOK_PROMPTS[kind]
        looked = list(data.get("cards") or [])
        if key not in choices:  # the contract's default: the cards stay where they are
            self.apply(seat, {"type": "SelectCards", "data": {"cards": looked}})
            return
        answer = choices[key] or {}
        if set(answer) - {"top", elsewhere}:
            raise Unsupported(f"{key} fields {sorted(set(answer) - {'top', elsewhere})}")
        top = [self.obj(label)["id"] for label in answer.get("top") or []]
        rest = [self.obj(label)["id"] for label in answer.get(elsewhere) or []]
        if sorted(top + rest) != sorted(looked):
            rule = "701.22a" if key == "scry" else "701.25a"
            raise Illegal(f"{rule}: each of the {len(looked)} card(s) looked at goes exactly once; the step "
                          f"places {(answer.get('top') or []) + (answer.get(elsewhere) or [])}")
        if key == "scry" and rest != [oid for oid in looked if oid in rest]:
            raise Illegal(f"701.22a: phase puts the cards scried to the bottom in the order it looked at them; "
                          f"it offers no choice of the order {answer.get(elsewhere)}")
        self.apply(seat, {"type": "SelectCards", "data": {"cards": top}})

    def look_into_hand(self, data: dict, seat: int, choices: dict) -> None:
        """701.20e, 401.4: phase's DigChoice (Impulse) shows the cards looked at and takes the ones
        put into the hand (`keep_count` of them); it puts the rest on the bottom of the library in
        the order it looked at them (`rest_order: preserve`), with no choice of that order."""
        looked = list(data.get("cards") or [])
        keep = int(data.get("keep_count") or 0)
        if "look" not in choices:  # the contract lets the engine decide
            self.apply(seat, {"type": "SelectCards", "data": {"cards": looked[:keep]}})
            return
        answer = choices["look"] or {}
        if set(answer) - {"hand", "bottom"}:
            raise Unsupported(f"look fields {sorted(set(answer) - {'hand', 'bottom'})}")
        hand = [self.obj(label)["id"] for label in answer.get("hand") or []]
        bottom = [self.obj(label)["id"] for label in answer.get("bottom") or []]
        if sorted(hand + bottom) != sorted(looked) or (len(hand) != keep and not data.get("up_to")):
            raise Illegal(f"701.20e: the {len(looked)} card(s) looked at go exactly once, {keep} into the hand; "
                          f"the step places {answer.get('hand')} and {answer.get('bottom')}")
        if bottom != [oid for oid in looked if oid in bottom]:
            raise Illegal(f"401.4: phase puts the cards not taken on the bottom in the order it looked at them; "
                          f"it offers no choice of the order {answer.get('bottom')}")
        self.apply(seat, {"type": "SelectCards", "data": {"cards": hand}})

    def select_cards(self, data: dict, kind: str, seat: int, choices: dict) -> bool:
        """Card choices while resolving (discard, sacrifice): from `choices`, or forced."""
        options = [a for a in self.game.actions() if a.kind == "SelectCards"]
        effect = f"{kind} {data.get('effect_kind') or ''}"
        if "Discard" in effect and "discard" in choices:
            wanted = sorted(self.obj(label)["id"] for label in choices["discard"])
        elif "Sacrifice" in effect and "sacrifice" in choices:
            wanted = [self.obj(choices["sacrifice"])["id"]]
        elif len(options) == 1:  # no real choice: phase offers exactly one selection
            self.apply(seat, options[0])
            return True
        elif "Discard" in effect or "Sacrifice" in effect:
            # The step leaves the choice to the player (the contract, like an omitted `pay`, then
            # lets the engine choose; the reference engine takes the first eligible cards): take
            # phase's first offered selection. Its size is still phase's own (the count is judged).
            self.apply(seat, options[0])
            return True
        elif "Search" in kind:
            # protocol 1 has no field to choose the card a search finds (the reference engine
            # takes the first eligible card): this case can't be told to phase
            raise Unsupported(f"phase asks which card a search finds ({kind}); protocol 1 has no "
                              "choice for searches")
        else:
            raise PhaseFailure(f"phase asks for a card choice ({kind}); the step's choices give none")
        self.pick(seat, lambda a: a.kind == "SelectCards" and sorted(a.data.get("cards") or []) == wanted,
                  f"choose {wanted} ({kind})")
        return True

    # ------------------------------------------------------------------- steps
    def run(self, step: dict) -> None:
        if len(step) != 1:
            raise Unsupported(f"a step must have exactly one key, got {sorted(step)}")
        (kind, args), = step.items()
        handler = getattr(self, "step_" + kind, None)
        if handler is None:
            raise Unsupported(f"step {kind!r}")
        args = dict(args or {})
        labels = args.pop("labels", None)
        copy_labels = args.pop("copy_labels", None)
        # (the state before the step is the latest view's: no new serialisation of the game)
        before = set(self.views.snapshot(self.game)["state"]["battlefield"]) if labels is not None else set()
        stack_before = {e["id"] for e in self.game.stack()} if copy_labels is not None else set()
        handler(args)
        if labels is not None:
            self.views.label_tokens(self.game, before, list(labels))
        if copy_labels is not None:
            self.views.label_copies(self.game, stack_before, list(copy_labels))

    def step_cast(self, args: dict) -> None:
        Cast(self, args).run()

    def resolve_loop(self, args: dict, done) -> None:
        if set(args) - {"choices"}:
            raise Unsupported(f"fields {sorted(set(args) - {'choices'})}")
        choices = dict(args.get("choices") or {})
        self.trigger_queue(choices)
        for _ in range(MAX_PROMPTS):
            waiting = self.game.waiting_for()
            if waiting["type"] == "GameOver":
                if done():
                    return
                raise PhaseFailure("the game ended before the stack resolved")
            if self.resolution_prompt(waiting, choices):
                continue
            if waiting["type"] != "Priority":
                raise Unsupported(f"phase prompt {waiting['type']} while resolving")
            if done():
                self.check_cast_choice(choices)
                self.check_clone_choice(choices)
                self.check_trigger_modes(choices)
                return
            self.apply(waiting["data"]["player"], {"type": "PassPriority"})
        raise PhaseFailure("the stack did not resolve within the prompt limit")

    def check_trigger_modes(self, choices: dict) -> None:
        """phase chooses a trigger's modes, or its target, itself when only one choice is legal
        (no prompt): `modes` or `targets` the step gave that phase never asked about must be
        what it chose (603.3d)."""
        stack = None
        for entry in choices.get("_queue") or []:
            unasked_targets = entry["targets"] and not entry.get("asked")
            if entry.get("modes") is None and not unasked_targets:
                continue
            stack = stack if stack is not None else self.views.build(self.game)["stack"]
            found = [item for item in stack
                     if item["kind"] == "ability" and entry.get("source") in (None, item["source"])]
            if not found:
                continue  # the trigger has resolved during the step: phase's choice is not seen
            if entry.get("modes") is not None:
                wanted = sorted(int(m) for m in entry["modes"])
                chosen = found[0].get("modes")
                if chosen != wanted:
                    raise Illegal(f"603.3d, 700.2a: phase offered no choice of modes for the trigger of "
                                  f"{entry.get('source')} and chose {chosen}; the step chooses {wanted}")
            if unasked_targets and found[0].get("targets") not in (None, entry["targets"]):
                # phase chose the only legal target itself; the step names another (603.3d)
                chosen = found[0].get("targets")
                raise Illegal(f"603.3d: phase chose the target(s) {chosen} of the trigger of {entry.get('source')} "
                              f"itself (the only legal choice); the step names {entry['targets']}")

    @staticmethod
    def check_cast_choice(choices: dict) -> None:
        if choices.get("cast") is not None and not choices.get("_cast_done"):
            raise Illegal(f"608.2g: no effect offered to cast {choices['cast'].get('card')}")

    @staticmethod
    def check_clone_choice(choices: dict) -> None:
        """A `clone` choice phase never asked about: nothing it could copy was that object (it
        offers the copy only among the legal choices, 707.2), so the choice is illegal."""
        if choices.get("clone") is not None and not choices.get("_clone_done"):
            raise Illegal(f"707.2: phase offered no choice of {choices['clone']} to copy")

    def step_resolve(self, args: dict) -> None:
        stack = self.game.stack()
        if not stack:
            raise Illegal("the stack is empty; there is nothing to resolve")
        top = stack[-1]["id"]
        self.resolve_loop(args, lambda: all(e["id"] != top for e in self.game.stack()))

    def step_pass_until_empty(self, args: dict) -> None:
        self.resolve_loop(args, lambda: not self.game.stack())

    def step_pass(self, args: dict) -> None:
        """117.3d: phase's PassPriority for the player holding priority (`by`, when given, must be
        that player); phase resolves the top of the stack, or ends the step, once both have passed."""
        if set(args) - {"by", "choices"} or args.get("choices"):
            raise Unsupported(f"pass fields {sorted(k for k in args if k != 'by')}")
        waiting = self.game.waiting_for()
        if waiting.get("type") != "Priority":
            raise Unsupported(f"phase prompt {waiting.get('type')} where a player would pass priority")
        seat = waiting["data"]["player"]
        if args.get("by") is not None and args["by"] != SEATS[seat]:
            raise Illegal(f"117.3d: {args['by']} does not hold priority ({SEATS[seat]} does)")
        self.apply(seat, {"type": "PassPriority"})

    def step_tap_for_mana(self, args: dict) -> None:
        if set(args) - {"permanents", "color"}:
            raise Unsupported(f"tap_for_mana fields {sorted(set(args) - {'permanents', 'color'})}")
        types = [TO_PHASE[args["color"]]] if args.get("color") else list(MANA_TYPES)
        for label in args["permanents"]:
            self.activate_mana_ability(label, types)

    def activate_mana_ability(self, label: str, types: list) -> None:
        """phase-python omits mana abilities from actions(); phase checks a submitted selection
        against its own live options, so the adapter submits each mana type (and ability index)
        and phase accepts only a legal one. A source that is tapped, or that phase lets produce
        some other type but not the requested one, is illegal; a source for which the adapter
        cannot build any selection phase accepts is unsupported."""
        obj = self.obj(label)
        if obj.get("zone") != "Battlefield":
            raise Illegal(f"{label} is not on the battlefield")
        if obj.get("tapped"):
            raise Illegal(f"{label} is tapped; its {{T}} mana ability cannot be activated (602.2b)")
        # 605.3a: a mana ability is activated by a player holding priority; as for a cast, the
        # holders before its controller pass (a no-op when the controller holds it already)
        if self.game.waiting_for()["type"] == "Priority":
            self.give_priority_to(obj["controller"])
        if self._try_mana(self.game, obj, types):
            return
        if self._try_activate_ability(label, obj, types):
            return
        other = [t for t in MANA_TYPES if t not in types]
        if other and self._try_mana(self._scratch(), obj, other):
            raise Illegal(f"phase lets {label} produce other mana, not {types[0]}")
        raise Unsupported(f"tap_for_mana: phase accepts none of the adapter's mana-source selections "
                          f"for {label} ({obj.get('name')})")

    def _try_activate_ability(self, label: str, obj: dict, types: list) -> bool:
        """phase has no mana-source selection for a mana ability whose amount depends on the game
        (Everflowing Chalice: {C} per charge counter) but accepts its generic ActivateAbility
        action for it. Tried on a scratch copy first; taken only when phase resolves it at once
        (no prompt) and adds only mana of the requested types."""
        seat = obj["controller"]
        for index, ability in enumerate(obj.get("abilities") or []):
            if not ability.get("is_mana_ability"):
                continue
            action = {"type": "ActivateAbility", "data": {"ability_index": index, "source_id": obj["id"]}}
            scratch = self._scratch()
            before = len(scratch.player(seat)["mana_pool"]["mana"])
            try:
                scratch.apply(seat, action)
            except ValueError:
                continue
            if scratch.waiting_for()["type"] != "Priority":
                continue
            added = scratch.player(seat)["mana_pool"]["mana"][before:]
            if any(pip["color"] not in types for pip in added):
                raise Illegal(f"phase's mana ability of {label} adds other mana than {types[0]}")
            self.apply(seat, action)
            return True
        return False

    def _scratch(self):
        return reload(self.engine, self.game.state())

    @staticmethod
    def _try_mana(game, obj: dict, types: list) -> bool:
        is_land = "Land" in (obj.get("card_types") or {}).get("core_types", [])
        kind = "TapLandForMana" if is_land else "ActivateManaSource"
        for index in range(max(1, len(obj.get("abilities") or []))):
            for mana_type in types:
                selection = {"source": {"object_id": obj["id"], "incarnation": obj["incarnation"]},
                             "ability_index": index, "mana_type": mana_type,
                             "output": {"type": "Concrete", "data": mana_type},
                             "atomic_combination": None, "restrictions": [], "penalty": "None",
                             "taps_for_mana": []}
                try:
                    game.apply(obj["controller"], {"type": kind, "data": {"selection": selection}})
                except ValueError:
                    continue
                return True
        return False

    def step_put_onto_battlefield(self, args: dict) -> None:
        raise Unsupported("put_onto_battlefield: phase-python has only an inert debug zone move "
                          "(no replacement effects or enters-the-battlefield handling)")

    # Steps of later features (turn-structure, combat): turns.py
    def step_advance(self, args: dict) -> None:
        TurnDriver(self).advance(args)

    def step_declare_attackers(self, args: dict) -> None:
        TurnDriver(self).declare_attackers(args)

    def step_declare_blockers(self, args: dict) -> None:
        TurnDriver(self).declare_blockers(args)

    def step_activate(self, args: dict) -> None:
        Activation(self, args).run()

    def step_play_land(self, args: dict) -> None:
        """305.1: phase's PlayLand for the card, as its owner (phase checks the timing, 305.2's
        one land per turn, that the player holds priority in their own main phase and, for a land
        in a graveyard, a permission to play it from there)."""
        if set(args) - {"card", "face"}:
            raise Unsupported(f"play_land fields {sorted(set(args) - {'card', 'face'})}")
        obj = self.obj(args["card"])
        layout, faces = self.database.faces_of(obj.get("name")) if self.database is not None else (None, [])
        if args.get("face") is not None and (layout != "modal_dfc" or args["face"] not in faces):
            raise Illegal(f"712.12: {args['card']} has no face {args['face']!r} to play (faces: {faces})")
        if obj.get("zone") not in ("Hand", "Graveyard"):
            raise Illegal(f"305.1: {args['card']} is not in its owner's hand")
        # from a graveyard only with a permission ("You may play lands from your graveyard", 101.1):
        # phase offers the PlayLand action for it or not
        seat = obj["owner"]
        if self.game.stack():
            raise Illegal("305.1: a land is played only when the stack is empty")
        if self.game.priority_player() != seat:
            raise Illegal(f"305.1: {SEATS[seat]} does not hold priority")
        self.pick(seat, lambda a: a.kind == "PlayLand" and a.data.get("object_id") == obj["id"],
                  f"play {args['card']}")
        played = (self.game.object(obj["id"]) or {}).get("name")
        if args.get("face") is not None and played != args["face"]:
            # 712.12: a modal double-faced card is played with its land face up; phase plays the
            # land face it has, so naming the other face is illegal
            raise Illegal(f"712.12: phase played {args['card']} as {played}; {args['face']} is not its land face")

    def step_try(self, args: dict) -> None:
        """Is the inner step legal now? It is taken on the live game, which then goes back to
        the state saved before it (phase's own snapshot), whatever happened."""
        if not isinstance(args, dict) or len(args) != 1 or "try" in args:
            raise Unsupported(f"try takes exactly one other step, got {sorted(args or {})}")
        saved = self.views.snapshot(self.game)
        saved_info, saved_labels = dict(self.views.cast_info), dict(self.views.labels)
        try:
            self.run(args)
        finally:
            self.game = reload(self.engine, saved)
            self.views.cast_info, self.views.labels = saved_info, saved_labels
