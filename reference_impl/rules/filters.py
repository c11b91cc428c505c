"""Object filters and board counts as data: "creatures you control with power 4 or greater",
"creature cards in your graveyard", "a Wizard you control"... (109.2, 700.1). Cost modifiers,
conditions and effects are written with them instead of one class per card.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..state.characteristics import has_keyword, power_toughness
from ..state.layers import READING, as_it_is, needs_layers


@dataclass(frozen=True)
class Filter:
    """Objects in a zone matching every given field; `whose` is relative to a player (you /
    opponents / any). For the graveyard it selects cards owned by those players."""

    zone: str = "battlefield"       # battlefield | graveyard
    whose: str = "you"              # you | opponents | any
    types_any: tuple = ()
    types_all: tuple = ()
    types_not: tuple = ()
    subtypes_any: tuple = ()
    subtypes_not: tuple = ()        # "non-Wall"
    keyword: str | None = None
    keyword_not: str | None = None  # "creature without flying"
    multicolored: bool = False
    colors_any: tuple = ()
    colors_not: tuple = ()          # "nonblack"
    min_power: int | None = None
    max_power: int | None = None    # "with power 2 or less"
    counter: str | None = None      # "with a +1/+1 counter on it"
    named_as_source: bool = False   # "named [this card's name]"
    exclude_source: bool = False    # "another" / "other"
    attacking: bool = False         # "attacking creatures" (506.4: declared until removed from combat)
    untapped: bool = False          # "untapped creatures"
    tapped: bool = False            # "tapped creatures"
    chosen_color: bool = False      # "of the chosen color" (the source's color chosen as it entered)
    token: bool = False             # "creature tokens" (111.1)
    nontoken: bool = False          # "nontoken creature" (111.1: not a token)
    supertypes_not: tuple = ()      # "nonbasic lands" (205.4a: no Basic supertype)

    def objects(self, game, player: str, source=None) -> list:
        if self.zone == "battlefield":
            pool = [game.objs[i] for i in game.battlefield]
            owner = lambda o: o.controller  # noqa: E731
        else:
            pool = [game.objs[i] for p in game.players.values() for i in p.zone(self.zone)]
            owner = lambda o: o.owner  # noqa: E731
        if self.zone == "battlefield" and needs_layers(game):  # 613.1d-e: types and colors as the layers give them
            READING.append([game, None])  # (computed once for the whole pool)
            try:
                return [o for o in pool if self._whose(owner(o), player)
                        and self.matches(game, as_it_is(game, o), source)]
            finally:
                READING.pop()
        return [o for o in pool if self._whose(owner(o), player) and self.matches(game, o, source)]

    def selects(self, game, o, player: str, source=None) -> bool:
        """Whether the permanent `o` is one of the objects this filter means for `player`
        (whose, relative to that player, and every other field)."""
        return self._whose(o.controller, player) and self.matches(game, o, source)

    def _whose(self, who, player) -> bool:
        if self.whose == "you":
            return who == player
        if self.whose == "opponents":
            return who != player
        return True

    def matches(self, game, o, source=None) -> bool:
        c = o.card
        if self.types_any and not any(t in c.types for t in self.types_any):
            return False
        if not all(t in c.types for t in self.types_all):
            return False
        if any(t in c.types for t in self.types_not):
            return False
        if self.supertypes_not and any(t in c.supertypes for t in self.supertypes_not):
            return False
        if self.subtypes_any and not any(s in c.subtypes for s in self.subtypes_any):
            return False
        if self.subtypes_not and any(s in c.subtypes for s in self.subtypes_not):
            return False
        if self.untapped and o.tapped:
            return False
        if self.tapped and not o.tapped:
            return False
        if self.keyword and not has_keyword(o, self.keyword, game):
            return False
        if self.keyword_not and has_keyword(o, self.keyword_not, game):
            return False
        if self.multicolored and len(o.colors()) < 2:
            return False
        if self.colors_any and not any(col in o.colors() for col in self.colors_any):
            return False
        if self.colors_not and any(col in o.colors() for col in self.colors_not):
            return False
        if self.min_power is not None and power_toughness(game, o)[0] < self.min_power:
            return False
        if self.max_power is not None and power_toughness(game, o)[0] > self.max_power:
            return False
        if self.counter and not o.counters.get(self.counter):
            return False
        if self.named_as_source and (source is None or c.name != source.card.name):
            return False
        if self.exclude_source and source is not None and o.oid == source.oid:
            return False
        if self.attacking and game.attacking(o.oid) is None:
            return False
        if self.token and not o.token:
            return False
        if self.nontoken and o.token:
            return False
        if self.chosen_color and ((source.chosen or {}).get("color") if source is not None else None) \
                not in o.colors():
            return False
        return True


@dataclass(frozen=True)
class Count:
    """How many objects match `filter` for the player concerned."""

    filter: Filter

    def count(self, game, player, source=None) -> int:
        return len(self.filter.objects(game, player, source))


@dataclass(frozen=True)
class CardTypesIn:
    """The number of card types among cards in the player's graveyard (delirium, 207.2c), or with
    `all_players` in every player's ("among cards in all graveyards", Tarmogoyf). A card with two
    card types (an artifact creature) counts both; two cards of one type count once (205.2a)."""

    zone: str = "graveyard"
    all_players: bool = False

    def count(self, game, player, source=None) -> int:
        types = set()
        for who in (game.players if self.all_players else (player,)):
            for oid in game.players[who].zone(self.zone):
                types.update(game.objs[oid].card.types)
        return len(types)


@dataclass(frozen=True)
class PlayerCounters:
    """Counters of a kind on the player (experience, poison); `opponent` for the other one."""

    kind: str
    opponent: bool = False

    def count(self, game, player, source=None) -> int:
        who = game.opponent(player) if self.opponent else player
        return game.players[who].counters.get(self.kind, 0)


@dataclass(frozen=True)
class AtLeast:
    """A board condition: count >= n."""

    what: object
    n: int = 1

    def holds(self, game, player, source=None) -> bool:
        return self.what.count(game, player, source) >= self.n


@dataclass(frozen=True)
class AnOpponentHasMore:
    """A board condition: an opponent has more objects matching `filter` (read with `whose`
    "you" from each player's side) than the player ("if an opponent controls more lands than
    you")."""

    filter: Filter

    def holds(self, game, player, source=None) -> bool:
        mine = len(self.filter.objects(game, player, source))
        return any(len(self.filter.objects(game, other, source)) > mine
                   for other in game.players if other != player)


@dataclass(frozen=True)
class ItsYourTurn:
    """"during your turn" / "as long as it's your turn": its controller is the active player."""

    def holds(self, game, player, source=None) -> bool:
        return game.active == player


@dataclass(frozen=True)
class ThisDuringYourTurn:
    """The object a static ability of "During your turn, [this permanent] is ..." applies to: its
    source itself, while its controller is the active player (611.3a: checked at every moment)."""

    def selects(self, game, o, player: str, source=None) -> bool:
        return source is not None and o.oid == source.oid and game.active == player


@dataclass(frozen=True)
class IsMonstrous:
    """"As long as this creature is monstrous" (701.37b): the designation stays until the
    permanent leaves the battlefield (a new object isn't monstrous, 400.7)."""

    def holds(self, game, player, source=None) -> bool:
        return source is not None and (source.oid, source.moves) in game.monstrous


@dataclass(frozen=True)
class HalfHighestOpponentLife:
    """"half the highest life total among your opponents, rounded up" (Malignus, 604.3: a
    characteristic-defining ability's number)."""

    def count(self, game, player, source=None) -> int:
        lives = [p.life for name, p in game.players.items() if name != player]
        return -(-max(lives) // 2) if lives else 0


@dataclass(frozen=True)
class SourceCounters:
    """"for each <kind> counter on [this permanent]" (Animar's cost reduction)."""

    kind: str

    def count(self, game, player, source=None) -> int:
        return source.counters.get(self.kind, 0) if source is not None else 0
