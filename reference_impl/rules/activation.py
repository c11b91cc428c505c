"""Activating a non-mana activated ability (602.2): announce it, choose targets, pay its costs
({T} and mana), put it on the stack. Illegal activations are rolled back by the caller (602.2,
733.1)."""

from __future__ import annotations

from ..state.characteristics import has_keyword
from ..state.game import Ability, CaseError, IllegalAction, Unsupported
from ..state.layers import (
    acquires_graveyard_abilities,
    characteristics,
    graveyard_creature_cards,
    is_creature,
    needs_layers,
)
from ..state.mana import ZERO, ManaError, auto_payment, parse_pool, payment_matches
from . import actions, loyalty
from .casting import ref_of
from .permanent_costs import check_creature_sacrifice, pay_permanent_costs
from .statics import forbidding_source, split_second_spell
from .targets import describe, is_legal

ACTIVATE_FIELDS = frozenset({"card", "ability", "targets", "pay", "choices"})


def activate(game, args: dict) -> None:
    if not isinstance(args, dict) or set(args) - ACTIVATE_FIELDS:
        raise CaseError(f"activate takes {sorted(ACTIVATE_FIELDS)}")
    label = args.get("card")
    if not isinstance(label, str) or label not in game.labels:
        raise CaseError(f"activate.card: unknown label {label!r}")
    o = game.objs[game.labels[label]]
    index = args.get("ability", 0)
    if isinstance(index, bool) or not isinstance(index, int) or index < 0:
        raise CaseError(f"activate.ability must be an integer >= 0, got {index!r}")
    if o.zone != "battlefield":
        there = o.card.activated[index] if index < len(o.card.activated) else None
        if o.zone == "graveyard" and there is not None and there.from_graveyard and there.unsupported:
            raise Unsupported(f"unsupported: {o.card.name}'s ability #{index}: {there.unsupported}")
        raise IllegalAction("602.2", f"{label} is not on the battlefield: its abilities can't be activated")
    acquired = activated_abilities(game, o)
    abilities = [ab for _, _, ab in acquired]
    if index >= len(abilities):
        raise IllegalAction("602.1", f"{o.card.name} has {len(abilities)} non-mana activated "
                                     f"abilit{'y' if len(abilities) == 1 else 'ies'}, not #{index}")
    if needs_layers(game) and not characteristics(game)[o.oid].abilities:
        raise IllegalAction("613.1f", f"{label} has lost all its abilities (layer 6): nothing to activate")
    ab = abilities[index]
    once_key = activation_limit_key(o, acquired[index][0], acquired[index][1])
    if ab.once_each_turn and once_key in game.done_this_turn:  # 602.5b-c
        raise IllegalAction("602.5b", f"{o.card.name}'s ability #{index} can be activated only once each turn, "
                                      "and it was this turn")
    if ab.from_graveyard:
        raise IllegalAction("602.1", f"{o.card.name}'s ability #{index} functions only while the card is "
                                     "in a graveyard: it can't be activated on the battlefield")
    if ab.from_hand:
        raise IllegalAction("702.29a", f"{o.card.name}'s ability #{index} functions only while the card is "
                                       "in a player's hand: it can't be activated on the battlefield")
    if ab.unsupported:
        raise Unsupported(f"unsupported: {o.card.name}'s ability #{index}: {ab.unsupported}")
    player = o.controller  # 602.2: only its controller activates it
    if (spell := split_second_spell(game)) is not None:
        raise IllegalAction("702.61a", f"{player} can't activate {o.card.name}'s ability while "
                                       f"{spell.label or spell.card.name} (split second) is on the stack")
    src = forbidding_source(game)  # "players can't ... activate abilities that aren't mana abilities"
    if src is not None:
        raise IllegalAction("101.2", f"{player} can't activate {o.card.name}'s ability: "
                                     f"{src.label or src.card.name} forbids it during the {game.step} step")
    for kind, n in ab.remove_counters:  # 118.3: a cost needs the resources to pay it fully
        if o.counters.get(kind, 0) < n:
            raise IllegalAction("118.3", f"{label} has {o.counters.get(kind, 0)} {kind} counter(s): "
                                         f"its cost removes {n}")
    if ab.sorcery and (player != game.active or game.step not in ("main1", "main2") or game.stack):
        raise IllegalAction("602.5d", f"{o.card.name}'s ability can be activated only as a sorcery")
    if ab.loyalty is not None:  # 606.3: a main phase of its controller's turn, once each turn
        loyalty.check_timing(game, o, player, label)
    targets = _targets(game, ab, args.get("targets", []), player, label, o.oid)
    # 602.2b, 601.2h: pay the costs
    if ab.tap:
        if o.tapped:
            raise IllegalAction("118.3", f"{label} is tapped: its {{T}} cost can't be paid")
        if o.sick and is_creature(game, o) and not has_keyword(o, "haste", game):
            raise IllegalAction("602.5a", f"{label} came under its controller's control this turn "
                                          "(summoning sickness): its {T} abilities can't be activated")
        o.tapped = True
    sacrificed = ()
    if ab.costs:  # "Tap three untapped white creatures you control": the player chooses (602.2b)
        choices = args.get("choices") or {}
        if not isinstance(choices, dict):
            raise CaseError("activate.choices must be a mapping")
        sacrificed = pay_permanent_costs(game, player, ab.costs, 0, choices, f"{label}'s ability", source=o.oid)
    _pay(game, ab.mana or ZERO, args, player, label)
    if ab.discard_another_named:  # grandeur: another card named like the source, from the hand
        same = [c for c in game.players[player].hand if game.objs[c].card.name == o.card.name]
        if not same:
            raise IllegalAction("118.3", f"{player} has no other card named {o.card.name} to discard")
        actions.discard_card(game, game.objs[same[0]])  # 701.9a: discarding (madness: 702.35a)
    for kind, n in ab.remove_counters:  # 602.2b, 601.2h: paying the cost removes them
        left = o.counters[kind] - n
        if left:
            o.counters[kind] = left
        else:
            del o.counters[kind]
    if ab.loyalty is not None:  # 606.4-606.6: put on or remove loyalty counters (602.2b, 601.2h)
        loyalty.pay(game, o, ab, player, label)
        loyalty.mark_activated(game, o)
    if ab.sacrifice_self:  # "Sacrifice this creature": the permanent goes to its owner's graveyard (701.21a)
        check_creature_sacrifice(game, [o], f"{label}'s ability")
        game.move(o, "graveyard")
    # "the sacrificed permanents" (Baba Lysaga's): their card types as they last existed, read on
    # resolution from the ability's event
    event = actions.Event("activated", player, o.oid, o.etb, to=sacrificed) if sacrificed else None
    if ab.once_each_turn:
        game.done_this_turn = game.done_this_turn | {once_key}
    item = Ability(o.oid, player, ab, targets, event, stamps=tuple(game.stamp(targets).items()),
                   source_moves=o.moves)
    game.stack.append(item)
    if targets:  # its targets became the target of this ability (702.21a)
        actions.became_targets(game, player, targets, item)


def activation_limit_key(o, from_card, index) -> tuple:
    """What "Activate only once each turn" counts activations of: this object's (602.5b: whoever
    controls it; a new object after a zone change, 400.7) ability `index` of the card it is from
    (602.5c: an acquired ability apart from identically worded ones; None: the object's own)."""
    return ("activated once", o.oid, o.moves, from_card, index)


def activated_abilities(game, o) -> list:
    """(card the ability is from or None, its index on that card, ability): the permanent's own
    non-mana activated abilities in printed order, then those it acquires from the creature cards in
    all graveyards (Necrotic Ooze, 613.1f), each as acquired from its card (602.5c)."""
    own = [(None, i, ab) for i, ab in enumerate(o.card.activated)]
    if not (o.card.statics and acquires_graveyard_abilities(o)):
        return own
    return own + [(card.oid, i, ab) for card in graveyard_creature_cards(game)
                  for i, ab in enumerate(card.card.activated)]


def _targets(game, ab, given, player, label, source=None) -> tuple:
    if not isinstance(given, list):
        raise CaseError(f"activate.targets must be a list, got {given!r}")
    refs = [ref_of(game, t) for t in given]
    if len(refs) != len(ab.targets):
        raise IllegalAction("602.2b", f"{label}'s ability requires {len(ab.targets)} target(s), "
                                      f"{len(refs)} given")
    for spec, r in zip(ab.targets, refs):
        if not is_legal(spec, r, game, player, from_oid=source):
            raise IllegalAction("602.2b", f"{describe(r, game)} is not a legal target for {label}'s "
                                          f"ability ({spec.description or spec.what})")
    return tuple((r,) for r in refs)


def _pay(game, cost, args, player, label) -> None:
    pool = game.players[player].pool
    if "pay" in args:
        try:
            paid = parse_pool(args["pay"])
        except (ManaError, TypeError) as e:
            raise CaseError(f"activate.pay: {e}") from None
        if not payment_matches(cost, paid) or any(paid[i] > pool[i] for i in range(6)):
            raise IllegalAction("602.2b", f"{args['pay'] or '{0}'} from {player}'s pool does not pay "
                                          f"{cost.format()} for {label}'s ability exactly")
    else:
        paid = auto_payment(cost, pool)
        if paid is None:
            raise IllegalAction("602.2b", f"{player} can't pay {cost.format()} for {label}'s ability")
    for i in range(6):
        pool[i] -= paid[i]
