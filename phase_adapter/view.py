"""Translate phase's game state into the normalized view of ADAPTERS.md section 5.

Only what phase exposes is reported; a field phase does not carry is left out of the view
(so an expectation on it fails as "missing" instead of passing on an invented value).
"""

from __future__ import annotations

import re

from .errors import PhaseFailure, Unsupported
from .mana import FROM_PHASE, FROM_PHASE_LOWER, ORDER, format_symbols, mana_value

SEATS = ("alice", "bob")
ZONES = {"Hand": "hand", "Library": "library", "Graveyard": "graveyard",
         "Battlefield": "battlefield", "Stack": "stack", "Exile": "exile"}
STEPS = {"Upkeep": "upkeep", "Draw": "draw", "PreCombatMain": "main1", "BeginCombat": "combat",
         "DeclareAttackers": "declare_attackers", "DeclareBlockers": "declare_blockers",
         "CombatDamage": "combat_damage", "EndCombat": "end_of_combat", "PostCombatMain": "main2",
         "End": "end", "Cleanup": "cleanup", "Untap": "untap"}
COUNTERS = {"P1P1": "+1/+1", "M1M1": "-1/-1"}
PLAYER_COUNTERS = {"Poison": "poison", "Experience": "experience", "Rad": "rad", "Ticket": "ticket"}
# Keywords that only work while the card is being cast; the contract's `keywords` lists the
# abilities a permanent has on the battlefield without exactly these (ADAPTERS.md: kicker,
# multikicker, sticker kicker, flashback and flash, 702.8 - Snapcaster Mage's flash).
CAST_ONLY_KEYWORDS = {"Kicker", "Multikicker", "Flashback", "Flash", "Escape"}
ALTERNATIVES = {"Normal": None, "Flashback": "flashback", "Escape": "escape"}
KICKERS = {"First": "A", "Second": "B"}
COLOR_LETTERS = {"White": "W", "Blue": "U", "Black": "B", "Red": "R", "Green": "G"}


def alternative_of(variant, context: dict):
    """phase's casting variant (+ ability context) -> the contract's `alternative`; ... if unknown."""
    if isinstance(variant, dict) and "HandPermission" in variant:
        return "without-paying-mana-cost"
    if variant == "Normal" and context.get("alternative_mana_cost_paid"):
        return "printed"
    return ALTERNATIVES.get(variant, ...)


def counter_name(key) -> str:
    """phase CounterType (serialized map key) -> contract counter name."""
    key = str(key)
    if key in COUNTERS:
        return COUNTERS[key]
    return key.lower()


def keyword_name(kw, casting: bool = False) -> str | None:
    """phase Keyword ('Flying', 'FirstStrike', {'Kicker': cost}) -> 'flying', 'first strike'
    ({'Protection': {'Color': 'Red'}} -> 'protection': the contract's keywords have no parameter);
    the casting keywords only with `casting` (a card in a hand, feature hand-keywords)."""
    name = kw if isinstance(kw, str) else next(iter(kw), None) if isinstance(kw, dict) else None
    if not name or (name in CAST_ONLY_KEYWORDS and not casting):
        return None
    return re.sub(r"(?<!^)(?=[A-Z])", " ", name).lower()


def mode_texts_in(node) -> list:
    """The mode texts (`mode_descriptions`) of the modal definition phase carries inside a stack
    entry (the trigger's definition, when phase asked no mode choice); [] if none."""
    if isinstance(node, dict):
        if isinstance((node.get("modal") or {}).get("mode_descriptions"), list):
            return list(node["modal"]["mode_descriptions"])
        values = node.values()
    elif isinstance(node, list):
        values = node
    else:
        return []
    for value in values:
        found = mode_texts_in(value)
        if found:
            return found
    return []


class ViewBuilder:
    """Builds views for one case: knows the labels and what the adapter saw at cast time."""

    def __init__(self, labels: dict[str, int], card_ids: dict[str, int]):
        self.labels = labels  # label -> phase object id (kept current by `find`)
        self.card_ids = card_ids  # label -> phase card id (stable across zone changes)
        self.cast_info: dict[int, dict] = {}  # stack entry id -> {"total_cost": ...}
        self.token_labels: set[str] = set()  # labels a step gave to the tokens it created
        self.copy_labels: set[str] = set()  # labels a step gave to the spell copies it created
        self.mode_texts: dict = {}  # source object id -> its modal trigger's mode texts (steps.trigger_modes)
        self.copy_names: dict = {}  # object id of an unlabelled spell copy seen on the stack -> its `source`
        self.last_state: tuple | None = None  # (game, game.state()) of the latest view: read, never changed

    def snapshot(self, game) -> dict:
        """`game.state()`, taken from the latest view when it was built from this game: the
        engine saves the state before every step, right after building the previous view, and
        each `state()` is a whole serialised game (the largest cost of a phase run)."""
        if self.last_state is not None and self.last_state[0] is game:
            return self.last_state[1]
        return game.state()

    def label_tokens(self, game, before: set, labels: list) -> None:
        """created-labels: the tokens that appeared on the battlefield since `before` (object
        ids), in creation order (phase's object ids grow), take the step's labels."""
        state = game.state()["state"]
        created = sorted(oid for oid in state["battlefield"]
                         if oid not in before and state["objects"][str(oid)].get("is_token"))
        self._take_labels(state, created, labels, self.token_labels, "token(s)")

    def label_copies(self, game, before: set, labels: list) -> None:
        """copy-labels: the spell copies put on the stack since `before` (stack entry ids), in
        creation order (phase keeps the stack bottom first), take the step's labels. A copy is
        its own object (phase makes it a token with the copied card's card id)."""
        state = game.state()["state"]
        created = [e["source_id"] for e in state["stack"] if e["id"] not in before and e["kind"]["type"] == "Spell"
                   and (state["objects"].get(str(e["source_id"])) or {}).get("is_token")]
        self._take_labels(state, created, labels, self.copy_labels, "spell copie(s)")

    def _take_labels(self, state: dict, created: list, labels: list, kind: set, what: str) -> None:
        """The step's labels name the objects it created, in order; a count that differs is the
        adapter's failure, not a rules answer."""
        if len(created) != len(labels):
            raise PhaseFailure(f"the step created {len(created)} {what} in phase, the step names "
                                f"{len(labels)}: {labels}")
        for label, oid in zip(labels, created):
            self.labels[label] = oid
            self.card_ids[label] = state["objects"][str(oid)].get("card_id")
            kind.add(label)

    def find(self, game, label: str, objects: dict | None = None) -> dict | None:
        """The labelled card's current object: by object id, else by its card id (non-token)."""
        oid = self.labels[label]
        obj = objects.get(str(oid)) if objects is not None else game.object(oid)
        if label in self.token_labels:  # a token that leaves the battlefield ceases to exist (704.5d)
            return obj if obj and obj.get("zone") == "Battlefield" else None
        if label in self.copy_labels:  # a copy of a spell that leaves the stack ceases to exist (707.10a),
            # but a copy of a permanent spell resolves into a token, the same object (608.3f)
            return obj if obj and (obj.get("zone") == "Stack" or obj.get("zone") == "Battlefield"
                                   and obj.get("is_token")) else None
        if obj and obj.get("card_id") == self.card_ids[label] and not obj.get("is_token"):
            return obj
        pool = objects.values() if objects is not None else game.state()["state"]["objects"].values()
        for candidate in pool:
            if candidate.get("card_id") == self.card_ids[label] and not candidate.get("is_token"):
                self.labels[label] = candidate["id"]
                return candidate
        return None

    def label_of(self, object_id) -> str | None:
        for label, oid in self.labels.items():
            if oid == object_id:
                return label
        return None

    def label_of_card(self, card_id) -> str | None:
        for label, cid in self.card_ids.items():
            if cid == card_id and label not in self.copy_labels:  # a copy's source is the card copied
                return label
        return None

    def target_name(self, ref) -> str | None:
        if isinstance(ref, dict):
            if "Player" in ref:
                return SEATS[ref["Player"]]
            if "Object" in ref:
                return self.label_of(ref["Object"])
        return None

    def entry_divide(self, ability) -> dict | None:
        """601.2d: each target's share as phase recorded the division on the spell's ability
        (`distribution`), `{}` when it divides nothing; None (left out) when a target has no
        label or name. Damage "divided evenly" (Fireball, phase's `distribute` EvenSplitDamage)
        is no division the caster announced: phase records its split, the view gives `{}`."""
        while isinstance(ability, dict):
            if ((ability.get("distribute") or {}).get("type")) == "EvenSplitDamage":
                return {}
            distribution = ability.get("distribution")
            if distribution:
                names = {self.target_name(ref): share for ref, share in distribution}
                return None if None in names else names
            ability = ability.get("sub_ability")
        return {}

    def entry_targets(self, entry: dict) -> list:
        """Targets of a stack entry: its ability's, then each sub-ability's, in text order."""
        ability = ((entry.get("kind") or {}).get("data") or {}).get("ability")
        out, previous = [], None
        while isinstance(ability, dict):
            target = ((ability.get("effect") or {}).get("target") or {}).get("type") or ""
            condition = (ability.get("condition") or {}).get("type") or ""
            targets = ability.get("targets") or []
            # "ParentTarget" repeats its parent's target; an "...Instead" branch (Rite of
            # Replication's kicked five copies) carries the same chosen target again.
            repeated = target.startswith("Parent") or (condition.endswith("Instead") and targets == previous)
            if not repeated:
                out.extend(self.target_name(t) for t in targets)
            previous = targets
            ability = ability.get("sub_ability")
        return out

    def build(self, game) -> dict:
        snapshot = game.state()
        self.last_state = (game, snapshot)
        state = snapshot["state"]
        objects = state["objects"]
        waiting = game.waiting_for()
        lost = self._lost(state, waiting)
        combat = self._combat(state)
        view = {
            "players": {SEATS[i]: dict(self._player(state, p, objects), lost=i in lost)
                        for i, p in enumerate(state["players"][:2])},
            "cards": {label: self._card(label, found, state["stack"], state.get("stack_paid_facts") or {},
                                        combat)
                      for label in list(self.labels)
                      if (found := self.find(game, label, objects)) is not None
                      or label not in self.token_labels | self.copy_labels},
            "stack": self._stack(state, objects),
            "tokens": self._tokens(state, objects),
            "turn": {"active": SEATS[state["active_player"]],
                     "step": STEPS.get(state["phase"], str(state["phase"]).lower())},
        }
        if waiting.get("type") == "Priority":  # feature priority: who holds it (117.1)
            view["turn"]["priority"] = SEATS[waiting["data"]["player"]]
        return view

    @staticmethod
    def _lost(state, waiting) -> set:
        """Seats that lost (704.5): phase marks them eliminated; a finished two-player game
        names its winner, so the other player lost."""
        lost = {p["id"] for p in state["players"] if p.get("is_eliminated")
                or (p.get("status") or {}).get("type") not in (None, "Active")}
        lost |= set(state.get("eliminated_players") or [])
        if waiting.get("type") == "GameOver" and (waiting.get("data") or {}).get("winner") is not None:
            lost |= {seat for seat in range(2) if seat != waiting["data"]["winner"]}
        return lost

    def _combat(self, state) -> dict:
        """object id -> ("attacking", player name) or ("blocking", attacker object id)."""
        combat = state.get("combat") or {}
        out = {}
        for attacker in combat.get("attackers") or []:
            target = attacker.get("attack_target") or {}
            out[attacker["object_id"]] = ("attacking", SEATS[target["data"]] if target.get("type") == "Player"
                                          else self.label_of(target.get("data")))
        for blocker, attackers in (combat.get("blocker_to_attacker") or {}).items():
            attackers = attackers if isinstance(attackers, list) else [attackers]
            out[int(blocker)] = ("blocking", attackers[0] if attackers else None)
        return out

    def _player(self, state, player, objects) -> dict:
        seat = player["id"]
        pool = [FROM_PHASE[m["color"]] for m in player["mana_pool"]["mana"]]
        counters = {}
        if player.get("poison_counters"):
            counters["poison"] = player["poison_counters"]
        for kind, amount in (player.get("player_counters") or {}).items():
            if amount:
                counters[PLAYER_COUNTERS.get(kind, str(kind).lower())] = amount
        exile = sum(1 for oid in state["exile"] if objects.get(str(oid), {}).get("owner") == seat)
        return {"life": player["life"], "mana": format_symbols(pool), "counters": counters,
                "hand": len(player["hand"]), "library": len(player["library"]),
                "graveyard": len(player["graveyard"]), "exile": exile}

    @staticmethod
    def entry_x(entry: dict, paid_facts: dict):
        """X of a spell on the stack as phase records it: the `x_value` of its paid facts (cast
        spells, permanent spells too), else its ability's `chosen_x` (copies carry it); None when
        phase records no X."""
        facts = paid_facts.get(str(entry["id"])) or {}
        if facts.get("x_value") is not None:
            return facts["x_value"]
        ability = ((entry.get("kind") or {}).get("data") or {}).get("ability") or {}
        return ability.get("chosen_x")

    def _card(self, label, obj, stack, paid_facts, combat=None) -> dict:
        if obj is None:
            raise PhaseFailure(f"the card labelled {label} is no longer in phase's game")
        zone = ZONES.get(obj["zone"], str(obj["zone"]).lower())
        out = {"zone": zone, "owner": SEATS[obj["owner"]], "controller": SEATS[obj["controller"]]}
        x = 0
        if zone == "stack":  # X counts as announced while the spell is on the stack (202.3e)
            x = next((self.entry_x(e, paid_facts) or 0 for e in stack
                      if e["source_id"] == obj["id"] and e["kind"]["type"] == "Spell"), 0)
        mv = mana_value(obj.get("mana_cost"), x)
        if mv is None:
            raise Unsupported(f"mana cost shape of {label}: {obj.get('mana_cost')}")
        out["mana_value"] = mv
        if zone == "battlefield":
            out["tapped"] = bool(obj["tapped"])
            out["counters"] = {counter_name(k): v for k, v in sorted(obj["counters"].items()) if v}
            out["power"] = obj.get("power")  # null for a permanent that is not a creature
            out["toughness"] = obj.get("toughness")
            # ADAPTERS.md: lower-case, sorted, no duplicates
            out["keywords"] = sorted({n for n in (keyword_name(k) for k in obj["keywords"]) if n})
            out["damage"] = int(obj.get("damage_marked") or 0)
            role, whom = (combat or {}).get(obj["id"], (None, None))
            out["attacking"] = whom if role == "attacking" else None
            out["blocking"] = self.label_of(whom) if role == "blocking" else None
            chosen = {a.get("type"): a.get("value") for a in obj.get("chosen_attributes") or [] if isinstance(a, dict)}
            out["chosen_color"] = COLOR_LETTERS.get(chosen.get("Color"))  # color-choice; None: none chosen
            player = chosen.get("Player")  # opponent-choice
            out["chosen_player"] = SEATS[player] if isinstance(player, int) and 0 <= player < len(SEATS) else None
        elif zone == "hand":  # hand-keywords: every keyword ability it has there, casting ones included
            kws = (keyword_name(k, casting=True) for k in obj.get("keywords") or [])
            out["keywords"] = sorted({n for n in kws if n})
        return out

    def _stack(self, state, objects) -> list:
        items = []
        for entry in reversed(state["stack"]):  # phase keeps the top of the stack last
            kind = entry["kind"]
            data = kind.get("data") or {}
            obj = objects.get(str(entry["source_id"]), {})
            copy = bool(obj.get("is_token")) and kind["type"] == "Spell"
            source = (self.label_of_card(obj.get("card_id")) if copy
                      else self.label_of(entry["source_id"]))
            if copy:  # ADAPTERS.md: an ability of a copy that has ceased to exist keeps its name
                self.copy_names.setdefault(entry["source_id"], source)
            elif source is None:
                source = self.copy_names.get(entry["source_id"])
            if source is None:
                raise Unsupported(f"a stack object whose source has no label ({obj.get('name')})")
            item = {"kind": "spell" if kind["type"] == "Spell" else "ability", "source": source,
                    "controller": SEATS[entry["controller"]]}
            own = self.label_of(entry["source_id"]) if copy else None
            if own in self.copy_labels:
                item["label"] = own  # copy-labels
            targets = self.entry_targets(entry)
            if data.get("ability") is not None and None not in targets:
                item["targets"] = targets  # left out when a target has no label (a token)
            elif data.get("ability") is None and kind["type"] == "Spell":
                item["targets"] = []  # a spell without a spell ability (creature spell) has none
            if kind["type"] != "Spell":
                chosen = self.trigger_modes(entry["source_id"], data.get("ability") or {}, entry)
                if chosen is not None:
                    item["modes"] = chosen  # a modal triggered ability (700.2b)
                items.append(item)
                continue
            info = self.cast_info.get(entry["id"], {})
            kickers = [KICKERS.get(k, str(k)) for k in obj.get("kickers_paid") or []]
            item.update({"copy": copy, "kicked": bool(kickers), "times_kicked": len(kickers),
                         "kickers": kickers})
            context = (data.get("ability") or {}).get("context") or {}
            item["modes"] = sorted(context.get("chosen_modes") or [])  # modes: [] when not modal
            alternative = info.get("alternative", alternative_of(data.get("casting_variant"), context))
            if alternative is not ...:
                item["alternative"] = alternative
            # No X recorded: phase chose none (no X in the cost, or X fixed at 0 as for a spell
            # cast without paying its mana cost, 107.3b) and its effects then count X as 0.
            x = self.entry_x(entry, state.get("stack_paid_facts") or {}) or 0
            item["x"] = x
            mv = mana_value(obj.get("mana_cost"), x)
            if mv is not None:
                item["mana_value"] = mv
            spent = obj.get("colors_spent_to_cast") or {}
            item["colors_spent"] = [c for c in ORDER[:5]
                                    if any(FROM_PHASE_LOWER.get(k) == c and v for k, v in spent.items())]
            if info.get("total_cost") is not None:
                item["total_cost"] = info["total_cost"]
            divide = self.entry_divide(data.get("ability"))
            if divide is not None:
                item["divide"] = divide
            cast_from = context.get("cast_from_zone") or obj.get("cast_from_zone")
            if cast_from in ZONES:
                item["cast_from"] = ZONES[cast_from]
            elif copy:
                item["cast_from"] = None  # phase records no cast zone for a copy: it wasn't cast
            items.append(item)
        return items

    def trigger_modes(self, source_id, ability: dict, entry: dict | None = None) -> list | None:
        """The modes of a modal triggered ability on the stack: phase records them as the texts of
        the chosen modes (`selected_mode_labels`), numbered by the mode texts its AbilityModeChoice
        prompt listed for that source; None when not modal or not known."""
        chosen = (ability.get("context") or {}).get("chosen_modes")
        if chosen:
            return sorted(chosen)
        labels = ability.get("selected_mode_labels") or []
        texts = self.mode_texts.get(source_id) or mode_texts_in(entry)
        if not labels or any(label not in texts for label in labels):
            return None
        return sorted(texts.index(label) for label in labels)

    def _tokens(self, state, objects) -> list:
        tokens = []
        for oid in state["battlefield"]:
            obj = objects.get(str(oid))
            if not obj or not obj.get("is_token"):
                continue
            tokens.append({"name": obj["name"], "controller": SEATS[obj["controller"]],
                           "power": obj.get("power"), "toughness": obj.get("toughness"),
                           "counters": {counter_name(k): v for k, v in sorted(obj["counters"].items()) if v},
                           "tapped": bool(obj["tapped"])})
        return tokens


__all__ = ["ViewBuilder", "SEATS", "ZONES", "STEPS"]
