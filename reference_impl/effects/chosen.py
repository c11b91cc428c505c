"""Effect primitives: objects a resolving spell or ability tells a player to choose that are not its
targets (608.2d: announced while the effect is applied), read from the step's `chosen` choice
(feature choose-on-resolution): "Choose up to one creature. Destroy the rest." (Duneblast), "Each
player sacrifices two creatures." (Barter in Blood, 701.21a); and the creature type of `creature_type`
(feature creature-type-choice: "Creatures of the creature type of your choice", Tribal Unity); and the
quality of `protection_from` (feature protection-choice: "protection from artifacts or from the color of
your choice", Apostle's Blessing).

Cards are data over these (reference_impl/cards); each has `apply(ctx)`.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..rules import actions, resolution
from ..rules.prevention import COLOR_WORDS
from ..state.game import IllegalAction


def chosen_labels(ctx, rule: str, candidates: list, what: str) -> list | None:
    """The objects the step's `chosen` choice names, or None when it gives none (the engine then
    chooses). Each must be one of `candidates` (608.2d: the player can't choose an option that's
    illegal or impossible), else the step is illegal."""
    raw = ctx.choices.get("chosen")
    if raw is None:
        return None
    game = ctx.game
    picked = []
    for label in raw:
        oid = game.labels.get(label)
        o = next((c for c in candidates if c.oid == oid), None)
        if o is None:
            raise IllegalAction(rule, f"{label} can't be chosen: it is not {what}")
        if o not in picked:
            picked.append(o)
    return picked


@dataclass(frozen=True)
class DestroyAllButChosen:
    """"Choose up to `up_to` <types>. Destroy the rest." The choice is made as it resolves, not as it
    is cast (608.2d), and it targets nothing (a creature with hexproof or protection can be chosen);
    every other permanent of those types is destroyed at once, one event (603.2c). Without `chosen`,
    none is chosen."""

    up_to: int = 1
    types_any: tuple = ("Creature",)

    def apply(self, ctx):
        game = ctx.game
        pool = [o for o in game.permanents() if any(t in o.card.types for t in self.types_any)]
        what = "a " + " or ".join(t.lower() for t in self.types_any) + " on the battlefield"
        kept = chosen_labels(ctx, "608.2d", pool, what) or []
        if len(kept) > self.up_to:
            raise IllegalAction("608.2d", f"up to {self.up_to} can be chosen, not {len(kept)}")
        for o in pool:
            if o not in kept:
                actions.destroy(game, o)


def _sacrificed_by(player: str, mine: list, picked: list, n: int) -> list:
    """701.21a: the `n` permanents `player` sacrifices of `mine` (theirs, all if fewer): those of
    `picked` they control, then the first others; naming more than `n` is illegal."""
    theirs = [o for o in picked if o.controller == player]
    if len(theirs) > n:
        raise IllegalAction("701.21a", f"{player} sacrifices {n}, not {len(theirs)}")
    return (theirs + [o for o in mine if o not in theirs])[:n]


@dataclass(frozen=True)
class EachPlayerSacrifices:
    """"Each player sacrifices N <types>." (701.21a): each player, in APNAP order (101.4), chooses N
    permanents of those types they control (all they have if fewer), then all are sacrificed at
    once. A player's choice is the `chosen` permanents they control (a permanent they don't control
    can't be sacrificed by them, 701.21a; more than N is illegal); without `chosen`, or for a
    player it names fewer than N of, the engine picks the rest (the first ones)."""

    n: int
    types_any: tuple = ("Creature",)

    def apply(self, ctx):
        game = ctx.game
        pool = [o for o in game.permanents() if any(t in o.card.types for t in self.types_any)]
        what = "a " + " or ".join(t.lower() for t in self.types_any) + " a player can sacrifice"
        picked = chosen_labels(ctx, "701.21a", pool, what) or []
        doomed = []
        for player in (game.active, game.opponent(game.active)):
            doomed += _sacrificed_by(player, [o for o in pool if o.controller == player], picked, self.n)
        for o in doomed:
            game.move(o, "graveyard")


@dataclass(frozen=True)
class DefendingPlayerSacrifices:
    """Annihilator N (702.86a): "Whenever this creature attacks, defending player sacrifices N
    permanents." The defending player (506.2: in a two-player game the active player's opponent)
    chooses N permanents they control (all they have if fewer, 701.21a); the step's `chosen` names
    them (none of another player's, no more than N), else the engine picks the first ones."""

    n: int

    def apply(self, ctx):
        game = ctx.game
        defender = game.opponent(game.active)
        mine = [o for o in game.permanents() if o.controller == defender]
        picked = chosen_labels(ctx, "701.21a", mine, f"a permanent {defender} controls") or []
        for o in _sacrificed_by(defender, mine, picked, self.n):
            game.move(o, "graveyard")


@dataclass(frozen=True)
class CreaturesOfChosenType:
    """"Creatures of the creature type of your choice" (608.2d: the type is chosen as the spell
    resolves, not as it is cast): every creature on the battlefield, whoever controls it, with the
    step's `creature_type` (feature creature-type-choice) among its subtypes as it is now (layers
    applied). Without the choice, the engine picks the first creature type on the battlefield."""

    def __call__(self, ctx) -> list:
        from ..rules.filters import Filter
        game = ctx.game
        chosen = ctx.choices.get("creature_type")
        if chosen is None:
            chosen = next((t for o in game.creatures() for t in o.card.subtypes), None)
            if chosen is None:
                return []
        pick = Filter(whose="any", types_any=("Creature",), subtypes_any=(chosen,))
        return [o.oid for o in pick.objects(game, ctx.controller, ctx.source)]


PROTECTION_WORDS = {**COLOR_WORDS, "artifacts": "artifacts"}


@dataclass(frozen=True)
class GainsProtectionFromChosenQuality:
    """"<it> gains protection from artifacts or from the color of your choice until end of turn"
    (608.2d: the quality is chosen as the effect is applied; 702.16a: protection from that one
    quality, a granted keyword until end of turn, 611.2a). The step's `protection_from` (feature
    protection-choice); without it the engine picks white. `colors_only`: "Choose a color. ... gain
    protection from the chosen color" (Brave the Elements): artifacts can't be chosen (608.2d)."""

    what: object
    colors_only: bool = False

    def apply(self, ctx):
        from .permanents import Pump
        chosen = ctx.choices.get("protection_from") or "W"
        if self.colors_only and chosen == "artifacts":
            raise IllegalAction("608.2d", "artifacts is not a color: the spell says \"Choose a color\"")
        quality = PROTECTION_WORDS[chosen]
        Pump(self.what, 0, 0, (f"protection from {quality}",)).apply(ctx)


@dataclass(frozen=True)
class MayPutLandFromHand:
    """"You may put a land card from your hand onto the battlefield. If you put a <subtype> onto the
    battlefield this way, you gain <life> life." (Spelunking): the land card in its controller's hand
    the step's `chosen` choice names (608.2d; none without it, or with [], the player declining).
    It enters under that player's control through every replacement effect on how it enters
    (614.1d: Spelunking's own "Lands you control enter untapped" is on the battlefield by then)."""

    subtype: str | None = None
    life: int = 0

    def apply(self, ctx):
        game, player = ctx.game, ctx.controller
        lands = [game.objs[oid] for oid in game.players[player].hand if "Land" in game.objs[oid].card.types]
        picked = chosen_labels(ctx, "608.2d", lands, "a land card in your hand") or []
        if len(picked) > 1:
            raise IllegalAction("608.2d", f"one land card can be put onto the battlefield, not {len(picked)}")
        for o in picked:
            resolution.enter_battlefield(game, o, None, player, ctx.choices)
            if self.subtype is not None and o.zone == "battlefield" and self.subtype in o.card.subtypes:
                actions.gain_life(game, player, self.life)
