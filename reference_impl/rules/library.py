"""Keyword actions on a library (701.22 scry, 701.23 search, 701.24 shuffle, 701.25 surveil) and
looking at its top cards (701.20e): the player's decisions come from the step's choices (`search`,
`scry`, `surveil`, `look`), checked
against what the rules let them choose; without a choice the engine decides deterministically.

Why a module of its own: these are rules procedures that several effect primitives share
(Bring to Light's search, Opt's scry, Consider's surveil), and none of them is casting or
resolution."""

from __future__ import annotations

import random

from ..state.game import CaseError, Game, IllegalAction


def _label_of(game, oid) -> str:
    o = game.objs[oid]
    return o.label if o.label is not None else f"#{oid}"


def _oids(game, labels, where: str) -> list:
    if not isinstance(labels, list) or not all(isinstance(x, str) for x in labels):
        raise CaseError(f"choices.{where} must be a list of labels")
    out = []
    for label in labels:
        if label not in game.labels:
            raise CaseError(f"choices.{where}: unknown label {label!r}")
        out.append(game.labels[label])
    if len(set(out)) != len(out):
        raise IllegalAction({"search": "701.23a", "look": "701.20e"}.get(where, "701.22a"),
                            f"choices.{where} names a card twice")
    return out


def search(game, player: str, matches, n: int, chosen, quality: bool = True) -> list:
    """701.23: `player` searches their library for up to `n` cards that `matches` accepts.
    `chosen` (the step's `search` choice, or None) names the cards found. A search for cards
    with a stated quality may find fewer, even none, though some are there (701.23b); a
    search for a quantity of cards finds as many as it can (701.23d). Returns the found oids."""
    library = game.players[player].library
    fitting = [oid for oid in library if matches(game.objs[oid])]
    if chosen is None:  # the engine's choice: the first fitting cards from the top
        return fitting[:n]
    found = _oids(game, chosen, "search")
    if len(found) > n:
        raise IllegalAction("701.23a", f"the search finds at most {n} card(s), {len(found)} chosen")
    for oid in found:
        if oid not in library:
            raise IllegalAction("701.23a", f"{_label_of(game, oid)} is not in {player}'s library")
        if oid not in fitting:
            raise IllegalAction("701.23a", f"{_label_of(game, oid)} does not match what the search "
                                           "looks for")
    if not quality and len(found) < min(n, len(fitting)):
        raise IllegalAction("701.23d", f"a search for {n} card(s) must find as many as it can")
    return found


def shuffle(game, player: str) -> None:
    """701.24a: randomize the library. Deterministic per game state (the same case gives the
    same order), and no test may depend on the order a shuffle gives."""
    library = game.players[player].library
    rng = random.Random(game.next_oid * 7919 + len(library) * 31 + sum(library))
    rng.shuffle(library)


Game.library_shuffler = staticmethod(shuffle)


def _look(game, player: str, n: int) -> list:
    return game.players[player].library[:max(0, n)]


def _placement(game, looked: list, choice, rest_key: str, rule: str) -> tuple[list, list]:
    """Split the looked-at cards as `choice` says: ({top: [...], <rest_key>: [...]})."""
    if not isinstance(choice, dict) or set(choice) - {"top", rest_key}:
        raise CaseError(f"choices.{'scry' if rest_key == 'bottom' else 'surveil'} must be a mapping "
                        f"with `top` and `{rest_key}` (lists of labels)")
    where = "scry" if rest_key == "bottom" else "surveil"
    top = _oids(game, choice.get("top", []), where)
    rest = _oids(game, choice.get(rest_key, []), where)
    if sorted(top + rest) != sorted(looked) or set(top) & set(rest):
        names = ", ".join(_label_of(game, oid) for oid in looked) or "no card"
        raise IllegalAction(rule, f"the cards looked at are {names}: each goes exactly once on top "
                                  f"or to the {'bottom' if rest_key == 'bottom' else 'graveyard'}")
    return top, rest


def scry(game, player: str, n: int, choice) -> None:
    """701.22a: look at the top n cards, put any number on the bottom in any order and the rest
    on top in any order. `choice` = {top: [first is the new top card], bottom: [last is the
    bottom card]}; without it the cards stay where they are. Scry 0 does nothing (701.22b)."""
    looked = _look(game, player, n)
    if not looked or choice is None:
        return
    top, bottom = _placement(game, looked, choice, "bottom", "701.22a")
    library = game.players[player].library
    del library[:len(looked)]
    library[:0] = top
    library.extend(bottom)


def surveil(game, player: str, n: int, choice) -> None:
    """701.25a: look at the top n cards, put any number into the graveyard and the rest on top
    in any order. `choice` = {top: [first is the new top card], graveyard: [in this order]};
    without it the cards stay on top. Surveil 0 does nothing (701.25c)."""
    looked = _look(game, player, n)
    if not looked or choice is None:
        return
    top, to_graveyard = _placement(game, looked, choice, "graveyard", "701.25a")
    for oid in to_graveyard:  # leaves the library (the rest of it is now on top)
        game.move(game.objs[oid], "graveyard")
    game.players[player].library[:len(top)] = top


def look_and_place(game, player: str, n: int, choice, into_hand: int) -> None:
    """701.20e: look at the top `n` cards of the library (all of it if smaller), put `into_hand`
    of them into the hand and the rest on the bottom in any order (Impulse). `choice` (the step's
    `look`) = {hand: [...], bottom: [last is the bottom card]}, every card looked at exactly once;
    without it the first cards looked at go to the hand and the rest to the bottom in the order
    they were."""
    looked = _look(game, player, n)
    if not looked:
        return
    take = min(into_hand, len(looked))
    if choice is None:
        to_hand, bottom = looked[:take], looked[take:]
    else:
        if not isinstance(choice, dict) or set(choice) - {"hand", "bottom"}:
            raise CaseError("choices.look must be a mapping with `hand` and `bottom` (lists of labels)")
        to_hand = _oids(game, choice.get("hand", []), "look")
        bottom = _oids(game, choice.get("bottom", []), "look")
        names = ", ".join(_label_of(game, oid) for oid in looked)
        if sorted(to_hand + bottom) != sorted(looked) or set(to_hand) & set(bottom):
            raise IllegalAction("701.20e", f"the cards looked at are {names}: each goes exactly once "
                                           "into the hand or to the bottom")
        if len(to_hand) != take:
            raise IllegalAction("701.20e", f"{take} of the cards looked at ({names}) go into the hand, "
                                           f"{len(to_hand)} chosen")
    library = game.players[player].library
    del library[:len(looked)]
    library.extend(bottom)
    for oid in to_hand:  # leaves the library (the rest of it is in place)
        game.move(game.objs[oid], "hand")
