"""Effects that let a player play more lands this turn (305.2: "A player can normally play one
land during their turn; however, continuous effects may increase this number.")."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class AdditionalLandsThisTurn:
    """"You may play an additional land this turn." (Explore): the affected players' land plays
    this turn grow by `n`; the count is the active player's, reset as each turn begins, so an
    effect made in an opponent's turn gives nothing in the next one (its duration has ended)."""

    who: object
    n: int = 1

    def apply(self, ctx):
        game = ctx.game
        for p in self.who(ctx):
            if p == game.active:
                game.extra_lands += self.n
