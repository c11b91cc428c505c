"""Build a Game from a case's `setup` (ADAPTERS.md section 4), rejecting malformed input with
CaseError messages that name the offending field."""

from __future__ import annotations

import re
from functools import lru_cache

from .cards.catalog import CARDS, CATALOG_NAMES, card_def
from .rules import day_night
from .state.characteristics import transform
from .state.game import PLAYERS, ZONES, CaseError, Game, Player, Unsupported
from .state.mana import ManaError, parse_pool

LABEL = re.compile(r"^[a-z][a-z0-9_-]*$")
STEPS = ("upkeep", "draw", "main1", "combat", "main2", "end")
SETUP_FIELDS = frozenset({"turn", "players"})
TURN_FIELDS = frozenset({"active", "step"})
PLAYER_FIELDS = frozenset({"life", "hand", "battlefield", "graveyard", "library", "exile",
                           "mana", "counters"})
CARD_ITEM_FIELDS = frozenset({"card", "label"})
PERMANENT_ITEM_FIELDS = CARD_ITEM_FIELDS | {"tapped", "counters", "transformed"}
CARD_ZONES = ZONES + ("battlefield",)


def _counters(where: str, value) -> dict:
    if value == {} and isinstance(value, dict):  # the usual case: no counters
        return {}
    if not isinstance(value, dict) or not all(
            isinstance(k, str) and isinstance(v, int) and not isinstance(v, bool) and v >= 0
            for k, v in value.items()):
        raise CaseError(f"{where}: counters must map counter names to integers >= 0")
    return {k: v for k, v in value.items() if v}


@lru_cache(maxsize=4096)
def _is_label(text: str) -> bool:
    """LABEL.match, remembered: a suite names the same few labels in case after case."""
    return LABEL.match(text) is not None


@lru_cache(maxsize=1024)
def _pool(text: str) -> tuple:
    """parse_pool, remembered: a suite gives the same few pools in case after case."""
    return tuple(parse_pool(text))


def _add_cards(game: Game, owner: str, pdata: dict) -> None:
    """The card items of `owner`'s setup `pdata`, zone by zone in CARD_ZONES order (which gives
    the object ids), each zone's in order; one call a player, not a zone (a call costs more than
    a zone's set-up). The field path of an error message is made only on error."""
    labels = game.labels
    player = game.players[owner]
    for zone in CARD_ZONES:
        if zone not in pdata:  # most players have cards in one or two zones
            continue
        items = pdata[zone]
        if not isinstance(items, list):  # a falsy non-list (0, "", {}) too: never silently empty
            if items is None:
                continue
            raise CaseError(f"{_player_path(owner)}.{zone} must be a list")
        if not items:
            continue
        on_battlefield = zone == "battlefield"
        allowed = PERMANENT_ITEM_FIELDS if on_battlefield else CARD_ITEM_FIELDS
        dest = game.battlefield if on_battlefield else getattr(player, zone)
        first = len(dest)  # an item's index is how many oids this zone's items put in dest before it
        for item in items:
            if not isinstance(item, dict) or not allowed.issuperset(item) or item.get("card") not in CATALOG_NAMES:
                _check_item(item, zone, _item_path(owner, zone, len(dest) - first))
            label = item.get("label")
            if not isinstance(label, str) or not _is_label(label):
                raise CaseError(f"{_item_path(owner, zone, len(dest) - first)}.label: bad label {label!r} "
                                "(expected [a-z][a-z0-9_-]*)")
            if label in labels or label in PLAYERS:
                raise CaseError(f"{_item_path(owner, zone, len(dest) - first)}.label: duplicate label {label!r}")
            card = CARDS[item["card"]]  # card_def(name), inline: a catalog name is always there
            if card.unsupported:
                raise Unsupported(f"unsupported: {item['card']}: {card.unsupported}")
            o = game.new_obj(card, owner, label, zone)
            labels[label] = o.oid
            # a permanent is untapped, without counters and not summoning sick (on the battlefield since
            # the turn began) as Obj() makes it, unless `tapped` or `counters` is given besides card and label
            if on_battlefield and len(item) > 2:
                tapped = item.get("tapped", False)
                if not isinstance(tapped, bool):
                    raise CaseError(f"{_item_path(owner, zone, len(dest) - first)}.tapped must be a boolean")
                o.tapped = tapped
                if "counters" in item:
                    o.counters = _counters(f"{_item_path(owner, zone, len(dest) - first)}.counters",
                                           item["counters"])
                if item.get("transformed", False) is not False:
                    _set_transformed(o, item, _item_path(owner, zone, len(dest) - first))
            dest.append(o.oid)  # after the item's last check: each check counts the items before it


def _set_transformed(o, item: dict, where: str) -> None:
    """`transformed: true` (feature transform): the permanent starts back face up (701.27g); only a
    transforming double-faced card has a back face to put up (712.2)."""
    if item["transformed"] is not True:
        raise CaseError(f"{where}.transformed must be a boolean")
    if not transform(o):
        raise CaseError(f"{where}.transformed: {item['card']} is not a transforming double-faced card "
                        "with a permanent back face (712.2)")


def _player_path(name: str) -> str:
    """The field path of a player's setup, for an error message (made only on error)."""
    return f"setup.players.{name}"


def _item_path(owner: str, zone: str, i: int) -> str:
    return f"setup.players.{owner}.{zone}[{i}]"


def _check_item(item, zone: str, where: str) -> None:
    """Raise the CaseError a malformed card item deserves."""
    if not isinstance(item, dict):
        raise CaseError(f"{where}: a card item must be a mapping, got {item!r}")
    allowed = PERMANENT_ITEM_FIELDS if zone == "battlefield" else CARD_ITEM_FIELDS
    if not allowed.issuperset(item):
        raise CaseError(f"{where}: unknown field(s) {sorted(item.keys() - allowed)}")
    raise CaseError(f"{where}.card: unknown card name {item.get('card')!r}")


def build_game(setup) -> Game:
    if setup is None:
        setup = {}
    if not isinstance(setup, dict):
        raise CaseError("setup must be a mapping")
    if not SETUP_FIELDS.issuperset(setup):
        raise CaseError(f"setup: unknown field(s) {sorted(set(setup) - SETUP_FIELDS)}")
    game = Game(card_def)
    first, second = PLAYERS  # {n: Player(n) for n in PLAYERS}, written out: a comprehension is a call
    game.players = {first: Player(first), second: Player(second)}
    turn = setup.get("turn")
    if turn is not None:  # else alice's main1 and her priority, as Game() starts
        if not isinstance(turn, dict):
            raise CaseError(f"setup.turn must be a mapping with `active` and/or `step`, got {turn!r}")
        if not TURN_FIELDS.issuperset(turn):
            raise CaseError("setup.turn: only `active` and `step` are allowed")
        game.active = turn.get("active", "alice")
        if game.active not in PLAYERS:
            raise CaseError(f"setup.turn.active: unknown player {game.active!r}")
        game.step = turn.get("step", "main1")
        if game.step not in STEPS:
            raise CaseError(f"setup.turn.step must be one of {STEPS}, got {game.step!r}")
    players = setup.get("players")
    if players is None:
        players = {}
    elif not isinstance(players, dict):
        raise CaseError("setup.players must be a mapping")
    for name, pdata in players.items():
        if name not in PLAYERS:
            raise CaseError(f"{_player_path(name)}: unknown player (players are alice and bob)")
        if pdata is None:
            pdata = {}
        elif not isinstance(pdata, dict):
            raise CaseError(f"{_player_path(name)} must be a mapping")
        if not PLAYER_FIELDS.issuperset(pdata):
            raise CaseError(f"{_player_path(name)}: unknown field(s) {sorted(set(pdata) - PLAYER_FIELDS)}")
        p = game.players[name]
        if "life" in pdata:  # else the 20 Player() starts with
            life = pdata["life"]
            if isinstance(life, bool) or not isinstance(life, int):
                raise CaseError(f"{_player_path(name)}.life must be an integer")
            p.life = life
        mana = pdata.get("mana")
        if mana is not None and not isinstance(mana, str):
            raise CaseError(f"{_player_path(name)}.mana must be a string of mana symbols such as "
                            f"\"{{G}}{{G}}\", got {mana!r}")
        if mana:
            try:
                p.pool = list(_pool(mana))
            except (ManaError, TypeError) as e:
                raise CaseError(f"{_player_path(name)}.mana: {e}") from None
        if "counters" in pdata:
            p.counters = _counters(f"{_player_path(name)}.counters", pdata["counters"])
        _add_cards(game, name, pdata)
    day_night.check(game)  # 702.145d, g: a daybound or nightbound permanent set up makes it day or night
    return game
