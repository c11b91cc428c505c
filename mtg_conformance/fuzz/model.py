"""A rough tracker of where each labelled card is and what is on the stack, so that the
strategies can draw steps that are mostly legal (a castable card, existing targets, an
exact payment). It is NOT an engine and never judges one: when it guesses wrong (it ignores
damage, counters and most effects), a drawn step is merely illegal in both engines.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from .costs import ManaCost
from .pool import COST_MODIFIERS, ETB_TRIGGERS, KICK_TRIGGERS, STICKER_KICKER, PoolCard, load_pool

PLAYERS = ("alice", "bob")


@dataclass(frozen=True)
class Kicker:
    """One kicker cost a spell offers its caster (702.33): printed (A, B) or granted."""

    letter: str
    cost: ManaCost
    multi: bool = False
    sticker: bool = False


@dataclass
class Item:
    """One object on the stack: a spell (card label or a copy of one) or an ability."""

    kind: str                  # spell | ability
    label: str                 # the card's label (for a copy or ability: its source's)
    copy: bool = False
    flashback: bool = False
    kickers: tuple = ()
    targets: tuple = ()
    announced: bool = False    # its trigger targets were already given in a step's choices


@dataclass
class Model:
    cards: dict = field(default_factory=dict)     # label -> PoolCard
    owner: dict = field(default_factory=dict)     # label -> player
    zone: dict = field(default_factory=dict)      # label -> zone
    tapped: set = field(default_factory=set)
    library: dict = field(default_factory=lambda: {p: [] for p in PLAYERS})  # top first
    stack: list = field(default_factory=list)     # Items, top LAST
    life: dict = field(default_factory=lambda: {p: 20 for p in PLAYERS})
    active: str = "alice"
    step: str = "main1"
    sacrificed: str | None = None    # the creature the last resolved ability sacrificed

    # ---------------------------------------------------------------- building

    def add(self, label: str, name: str, owner: str, zone: str, tapped: bool = False) -> None:
        self.cards[label] = load_pool()[name]
        self.owner[label] = owner
        self.zone[label] = zone
        if tapped:
            self.tapped.add(label)
        if zone == "library":
            self.library[owner].append(label)

    # ---------------------------------------------------------------- queries

    def labels(self, zone: str | None = None, owner: str | None = None) -> list:
        return [lab for lab in self.cards
                if (zone is None or self.zone[lab] == zone)
                and (owner is None or self.owner[lab] == owner)]

    def can_cast_now(self, card: PoolCard, caster: str) -> bool:
        """117.1a as the model sees it: instants any time, others at sorcery speed."""
        if card.instant_speed:
            return True
        return caster == self.active and self.step in ("main1", "main2") and not self.stack

    def candidates(self, kind: str, caster: str, source: str | None = None) -> list:
        """Labels / players the model believes are legal for a target slot of `kind`."""
        bf = [lab for lab in self.labels("battlefield")]
        creatures = [lab for lab in bf if "Creature" in self.cards[lab].types]
        opponent = PLAYERS[1] if caster == PLAYERS[0] else PLAYERS[0]
        if kind == "any":
            return [opponent, caster] + creatures
        if kind == "player":
            return [opponent, caster]
        if kind == "creature":
            return creatures
        if kind == "nonblack-creature":
            return [lab for lab in creatures if "B" not in self.cards[lab].colors]
        if kind == "artifact":
            return [lab for lab in bf if "Artifact" in self.cards[lab].types]
        if kind == "artench":
            return [lab for lab in bf if {"Artifact", "Enchantment"} & set(self.cards[lab].types)]
        if kind == "nonland":
            return [lab for lab in bf if "Land" not in self.cards[lab].types]
        spells = [it.label for it in reversed(self.stack)
                  if it.kind == "spell" and not it.copy and it.label != source]
        if kind == "spell":
            return spells
        if kind == "instsorc":
            return [lab for lab in spells if self.cards[lab].is_instsorc]
        raise ValueError(f"unknown target kind {kind!r}")

    def controls(self, player: str, names) -> bool:
        return any(self.cards[lab].name in names and self.owner[lab] == player
                   for lab in self.labels("battlefield"))

    def kickers(self, card: PoolCard, caster: str) -> list:
        """Printed kicker costs (A, B), then sticker kicker granted to creature spells."""
        out = [Kicker("AB"[i], c, card.multikicker) for i, c in enumerate(card.kickers)]
        if "Creature" in card.types:
            for lab in self.labels("battlefield"):
                granted = STICKER_KICKER.get(self.cards[lab].name)
                if granted is not None and self.owner[lab] == caster:
                    out.append(Kicker("ABCDEFGH"[len(out)], granted, sticker=True))
        return out[:2]  # protocol 1 names two kicker costs (A, B) at most

    def total_cost(self, card: PoolCard, caster: str, kickers: list, x: int,
                   flashback: bool, free: bool = False) -> ManaCost:
        """601.2f as the model sees it: base + kicker costs, X, increases, then reductions."""
        cost = card.flashback if flashback and card.flashback else card.cost
        if free:
            cost = ManaCost()
        for k in kickers:
            cost = cost + k
        cost = cost.with_x(x)
        increase = reduction = 0
        for lab in self.labels("battlefield"):
            mod = COST_MODIFIERS.get(self.cards[lab].name)
            if mod is None:
                continue
            amount, which, whose = mod
            if whose == "controller" and self.owner[lab] != caster:
                continue
            if which == "noncreature" and "Creature" in card.types:
                continue
            if which == "instsorc" and not card.is_instsorc:
                continue
            if amount > 0:
                increase += amount
            else:
                reduction -= amount
        return cost.plus_generic(increase).plus_generic(-reduction)

    # ---------------------------------------------------------------- updates (legal steps)

    def cast(self, label: str, flashback: bool, kickers: tuple, targets: tuple) -> None:
        self.zone[label] = "stack"
        self.stack.append(Item("spell", label, flashback=flashback, kickers=kickers, targets=targets))
        for lab in self.labels("battlefield"):  # 603.2: one trigger per kicker payment
            if self.cards[lab].name in KICK_TRIGGERS:
                self.stack.extend(Item("ability", lab) for _ in kickers)

    def resolve(self) -> Item | None:
        """Resolve the top object; returns it (so a step can add trigger choices)."""
        if not self.stack:
            return None
        item = self.stack.pop()
        if item.kind == "ability":
            self._ability(item)
            return item
        card = self.cards[item.label]
        if item.copy:
            self._effects(card, item)
            return item
        if card.is_permanent:
            self.zone[item.label] = "battlefield"
            self._enters(item.label, item.kickers)
            return item
        self._effects(card, item)
        self.zone[item.label] = "exile" if item.flashback else "graveyard"
        return item

    def put_onto_battlefield(self, label: str) -> None:
        if self.zone[label] == "library":
            self.library[self.owner[label]].remove(label)
        self.zone[label] = "battlefield"
        self._enters(label, ())

    def _enters(self, label: str, kickers: tuple) -> None:
        for condition, target_kind in ETB_TRIGGERS.get(self.cards[label].name, ()):
            if (condition is None or condition in kickers
                    or (condition == "kicked" and kickers)
                    or (condition == "kicked-twice" and len(kickers) >= 2)):
                targets = ()
                if target_kind:
                    cands = [c for c in self.candidates(target_kind, self.owner[label]) if c != label]
                    if not cands:
                        continue
                    targets = (cands[0],)
                self.stack.append(Item("ability", label, targets=targets))

    def _ability(self, item: Item) -> None:
        self.sacrificed = None
        name = self.cards[item.label].name
        if name == "Stormscape Battlemage":
            for t in item.targets:  # destroy target nonblack creature
                if self.zone.get(t) == "battlefield":
                    self.zone[t] = "graveyard"
        elif name == "Gatekeeper of Malakir":
            for t in item.targets:  # target player sacrifices a creature of their choice
                mine = [lab for lab in self.candidates("creature", t) if self.owner[lab] == t]
                if mine:
                    self.sacrificed = mine[0]
                    self.zone[mine[0]] = "graveyard"

    def _draw(self, player: str, n: int) -> None:
        for _ in range(n):
            if self.library[player]:
                self.zone[self.library[player].pop(0)] = "hand"

    def _effects(self, card: PoolCard, item: Item) -> None:
        kinds = [k for k, _ in card.targets]
        caster = self.owner[item.label]
        if "counter" in card.features:
            for t in item.targets:
                for i, other in enumerate(self.stack):
                    if other.kind == "spell" and other.label == t and not other.copy:
                        del self.stack[i]
                        self.zone[t] = "exile" if other.flashback else "graveyard"
                        break
        elif "copy" in card.features:
            for t in item.targets:
                orig = next((o for o in self.stack if o.label == t and o.kind == "spell"), None)
                if orig is not None:
                    self.stack.append(Item("spell", t, copy=True, kickers=orig.kickers,
                                           targets=orig.targets))
        elif card.name == "Into the Roil":
            for t in item.targets:
                if self.zone.get(t) == "battlefield":
                    self.zone[t] = "hand"
            if item.kickers:
                self._draw(caster, 1)
        elif card.name == "Think Twice":
            self._draw(caster, 1)
        elif card.name == "Deep Analysis":
            for t in item.targets:
                self._draw(t, 2)
        elif kinds and kinds[0] in ("artifact", "artench"):
            t = item.targets[0] if item.targets else None
            if t is not None and self.zone.get(t) == "battlefield":
                self.zone[t] = "graveyard"
