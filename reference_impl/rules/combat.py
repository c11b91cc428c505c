"""Combat (506-511): declaring attackers and blockers with their restrictions, combat damage
assignment (510.1, trample 702.19) and the end of combat."""

from __future__ import annotations

from ..state.characteristics import (
    boost_sources,
    has_keyword,
    keyword_test,
    lost_all_abilities,
    only_own_characteristics,
    own_keyword,
    own_keyword_among,
    power_toughness,
    printed_power_toughness,
    unblockable_sources,
)
from ..state.game import CaseError, IllegalAction
from ..state.layers import as_it_is, characteristics, is_creature, needs_layers
from ..state.mana import ZERO, ManaError, auto_payment, parse_pool, payment_matches
from . import actions
from .actions import Event
from .costs import announce_phyrexian
from .mana_abilities import activate_mana_abilities
from .prevention import protected_from
from .statics import (
    AttackCost,
    CantAttackAlone,
    CantBeBlocked,
    CantBeBlockedByPowerAtMost,
    CantBeBlockedExceptBy,
    CantBlock,
    CantBlockPowerAtLeast,
)

# 702.14c: basic landwalk, "can't be blocked as long as the defending player controls a [type]"
LANDWALK = {"plainswalk": "Plains", "islandwalk": "Island", "swampwalk": "Swamp", "mountainwalk": "Mountain",
            "forestwalk": "Forest"}
LANDWALK_SET = frozenset(LANDWALK)
ATTACKER_FIELDS = frozenset({"card", "attacks"})  # of a declare_attackers entry
BLOCKER_FIELDS = frozenset({"card", "blocks"})
# of the declare_attackers step: the attackers, then how the costs to attack are paid (508.1h-j)
ATTACKER_ARGS = frozenset({"attackers", "choices", "pay", "phyrexian_life", "tap_for_mana"})
COST_ARGS = ("pay", "phyrexian_life", "tap_for_mana")
BLOCKER_ARGS = frozenset({"blockers", "choices"})
STRIKES = frozenset({"first strike", "double strike"})  # 702.7b, 702.4b
NONE = frozenset()  # no creature (end_combat)


def _entries(args, key: str, allowed: frozenset, fields: frozenset, where: str) -> list:
    """args[key] checked: `allowed` is the step's fields (key, "choices", ...), `fields` an entry's keys."""
    if not (isinstance(args, dict) and allowed.issuperset(args)):
        others = ", ".join(f"`{k}`" for k in sorted(allowed - {key}))
        raise CaseError(f"{where} takes `{key}` and optional {others}")
    items = args.get(key, [])
    if isinstance(items, list):
        for i in items:
            if not (isinstance(i, dict) and "card" in i and fields.issuperset(i)):
                break
        else:
            return items
    raise CaseError(f"{where}.{key} must be a list of {{{', '.join(sorted(fields))}}} with `card`")


def _creature(game, label, where):
    labels = game.labels
    if not isinstance(label, str) or label not in labels:
        raise CaseError(f"{where}: unknown label {label!r}")
    return game.objs[labels[label]]


def attack_cost(game, chosen) -> object:
    """508.1h: the total cost to attack: for each creature declared as an attacker (oid, the
    player it attacks), the cost of each cost to attack (AttackCost) of a permanent that player
    controls. ZERO when nothing is owed."""
    total = ZERO
    objs = game.objs
    for sid in game.battlefield:
        src = objs[sid]
        if not src.card.statics:
            continue
        for st in src.card.statics:
            if not isinstance(st, AttackCost):
                continue
            if needs_layers(game) and not characteristics(game)[sid].abilities:
                break  # it has lost its abilities (613.1f)
            for _, attacks in chosen:
                if attacks == src.controller:
                    total = total + st.cost
    return total


def pay_attack_costs(game, args, chosen, player: str) -> None:
    """508.1h-j: determine the total cost to attack (Phyrexian symbols announced as paid with
    2 life or with mana, `phyrexian_life`), activate the mana abilities of `tap_for_mana`
    (508.1i), then pay it all: exactly `pay` when given, else a deterministic exact payment.
    A cost the player can't pay fully makes the declaration illegal (508.1, 508.1j: no partial
    payment); the caller's snapshot takes the game back to before the declaration."""
    total = attack_cost(game, chosen) if chosen else ZERO
    if total is ZERO and not any(k in args for k in COST_ARGS):
        return  # no cost to attack and nothing announced: what almost every declaration is
    mana, life = announce_phyrexian(args.get("phyrexian_life"), total, "declare_attackers", "the attack")
    if "tap_for_mana" in args:  # 508.1i: a chance to activate mana abilities
        activate_mana_abilities(game, args["tap_for_mana"], "declare_attackers.tap_for_mana")
    pool = game.players[player].pool
    if "pay" in args:
        try:
            paid = parse_pool(args["pay"])
        except (ManaError, TypeError) as e:
            raise CaseError(f"declare_attackers.pay: {e}") from None
        if not payment_matches(mana, paid):
            raise IllegalAction("508.1j", f"{args['pay'] or '{0}'} does not pay the total cost to attack "
                                          f"{mana.format()} exactly")
        if any(paid[i] > pool[i] for i in range(6)):
            raise IllegalAction("508.1j", f"{player}'s mana pool does not hold {args['pay']}")
    else:
        paid = auto_payment(mana, pool)
        if paid is None:
            raise IllegalAction("508.1j", f"{player} can't pay the total cost to attack {mana.format()}: "
                                          "the declaration of attackers is illegal (508.1)")
    for i in range(6):
        pool[i] -= paid[i]
    if life:
        if game.players[player].life < life:
            raise IllegalAction("119.4", f"{player} can't pay {life} life for the cost to attack")
        game.players[player].life -= life


def declare_attackers(game, args) -> None:
    """508.1: the active player declares which creatures attack and whom (here: the other
    player, the only one who can be attacked without planeswalkers or battles), then pays the
    costs to attack (508.1h-j), with the mana abilities of `tap_for_mana` (508.1i)."""
    items = _entries(args, "attackers", ATTACKER_ARGS, ATTACKER_FIELDS, "declare_attackers")
    attacker_player = game.active
    defender = game.opponent(attacker_player)
    kw = keyword_test(game)  # nothing below changes a keyword until the attackers tap
    chosen = []
    for item in items:
        label = item["card"]
        o = _creature(game, label, "declare_attackers.attackers")
        attacks = item.get("attacks", defender)
        if attacks != defender:  # (the defender is a player)
            if attacks not in game.players:
                raise CaseError(f"declare_attackers: unknown player {attacks!r}")
            raise IllegalAction("506.2", f"{label} can attack only an opponent ({defender}), not {attacks}")
        if o.zone != "battlefield" or not is_creature(game, o):
            raise IllegalAction("508.1a", f"{label} is not a creature on the battlefield")
        if o.controller != attacker_player:
            raise IllegalAction("508.1a", f"{label} is not controlled by the active player ({attacker_player})")
        if o.tapped:
            raise IllegalAction("508.1a", f"{label} is tapped: only untapped creatures attack")
        if kw(o, "defender"):
            raise IllegalAction("702.3b", f"{label} has defender: it can't attack")
        if game.restrictions and (("attack", None) in game.restrictions
                                  or ("attack", o.controller) in game.restrictions):
            raise IllegalAction("508.1c", f"an effect says {label} can't attack this turn")
        if o.sick and not kw(o, "haste"):
            raise IllegalAction("302.6", f"{label} has not been under its controller's control continuously "
                                         "since their most recent turn began (summoning sickness)")
        for a, _ in chosen:
            if a == o.oid:
                raise IllegalAction("508.1a", f"{label} is declared as an attacker twice")
        chosen.append((o.oid, attacks))
    if len(chosen) == 1:  # 506.5, 508.1c: "can't attack alone"
        o = game.objs[chosen[0][0]]
        if o.card.statics and any(isinstance(st, CantAttackAlone) for st in o.card.statics) \
                and (not needs_layers(game) or characteristics(game)[o.oid].abilities):
            raise IllegalAction("508.1c", f"{o.label or o.card.name} can't attack alone (506.5)")
    game.attackers = tuple(chosen)
    game.attacks_declared = bool(chosen)  # 508.8: the steps that follow happen even if they are removed
    if chosen:  # "attacked this turn": declared as an attacker (508.1a), whatever happens to it later
        game.attacked_this_turn = game.attacked_this_turn | {(oid, game.objs[oid].moves) for oid, _ in chosen}
    for oid, _ in chosen:
        o = game.objs[oid]
        if not kw(o, "vigilance"):
            o.tapped = True  # 508.1f
    pay_attack_costs(game, args, chosen, attacker_player)  # 508.1h-j
    if actions.any_triggered_ability(game):  # else the events would trigger nothing
        for oid, _ in chosen:
            actions.emit(game, Event("attacks", attacker_player, oid))


def shadow_lets_block(kw, attacker, blocker) -> bool:
    """702.28b: "A creature with shadow can't be blocked by creatures without shadow, and a creature
    without shadow can't be blocked by creatures with shadow": both or neither have it."""
    return kw(attacker, "shadow") == kw(blocker, "shadow")


def skulk_lets_block(game, attacker, blocker) -> bool:
    """702.118b: "A creature with skulk can't be blocked by creatures with greater power": the powers
    they have as blockers are declared (509.1b)."""
    return power_toughness(game, blocker)[0] <= power_toughness(game, attacker)[0]


def declare_blockers(game, args) -> None:
    """509.1: the defending player declares blockers: untapped creatures they control, each
    blocking one attacking creature, obeying evasion (702.9b flying, 702.111b menace) and "can't be blocked"."""
    items = _entries(args, "blockers", BLOCKER_ARGS, BLOCKER_FIELDS, "declare_blockers")
    if not game.attacks_declared:
        raise IllegalAction("508.8", "no creature was declared as an attacker: there is no declare blockers step")
    defender = game.opponent(game.active)
    kw = keyword_test(game)  # a declaration changes no keyword; menace asks has_keyword itself
    chosen = []
    blocked = set()
    for item in items:
        label = item["card"]
        b = _creature(game, label, "declare_blockers.blockers")
        if "blocks" not in item:
            raise CaseError(f"declare_blockers: {label} needs `blocks` (the attacker it blocks)")
        a = _creature(game, item["blocks"], "declare_blockers.blockers.blocks")
        if b.zone != "battlefield" or not is_creature(game, b):
            raise IllegalAction("509.1a", f"{label} is not a creature on the battlefield")
        if b.controller != defender:
            raise IllegalAction("509.1a", f"{label} is not controlled by the defending player ({defender})")
        if b.tapped:
            raise IllegalAction("509.1a", f"{label} is tapped: only untapped creatures block")
        if game.attacking(a.oid) is None:
            raise IllegalAction("509.1a", f"{item['blocks']} is not an attacking creature")
        for x, _ in chosen:
            if x == b.oid:
                raise IllegalAction("509.1a", f"{label} can block only one attacking creature")
        if a.card.statics and any(isinstance(st, CantBeBlocked) for st in a.card.statics) or any(
                st.cant_be_blocked_for(game, s, a) for s, st in unblockable_sources(game)):
            raise IllegalAction("509.1b", f"{item['blocks']} can't be blocked")
        for walk, land in (LANDWALK.items() if kw is not own_keyword or own_keyword_among(a, LANDWALK_SET)
                           else ()):  # with own keywords only (kw is own_keyword), one set test finds none
            # 702.14c: the land types the defender's lands have now (an effect may add or set them, 305.7)
            if kw(a, walk) and any(o.controller == defender and "Land" in p.card.types and land in p.card.subtypes
                                   for o in game.permanents() for p in (as_it_is(game, o),)):
                raise IllegalAction("702.14c", f"{item['blocks']} has {walk} and {defender} controls a {land}")
        if kw(a, "flying") and not (kw(b, "flying") or kw(b, "reach")):
            raise IllegalAction("702.9b", f"{item['blocks']} has flying: only creatures with flying or "
                                          f"reach can block it, and {label} has neither")
        for sid in game.battlefield:  # "Slivers can't be blocked except by Slivers"
            statics = game.objs[sid].card.statics
            if not statics:  # most permanents have none: no iterator made for them
                continue
            for st in statics:
                if isinstance(st, CantBeBlockedExceptBy) and st.subtype in a.card.subtypes \
                        and st.subtype not in b.card.subtypes:
                    raise IllegalAction("509.1b", f"{item['blocks']} can't be blocked except by "
                                                  f"{st.subtype}s, and {label} is not one")
        for st in a.card.statics:  # "can't be blocked by creatures with power 2 or less" (Questing Beast)
            if isinstance(st, CantBeBlockedByPowerAtMost) and power_toughness(game, b)[0] <= st.power:
                raise IllegalAction("509.1b", f"{item['blocks']} can't be blocked by creatures with power "
                                              f"{st.power} or less, and {label} has that little")
        if b.card.statics and any(isinstance(st, CantBlock) for st in b.card.statics) \
                and not lost_all_abilities(game, b):
            raise IllegalAction("509.1a", f"{label} can't block")
        if decayed_cant_block(kw, b):
            raise IllegalAction("702.147a", f"{label} has decayed: it can't block")
        for st in b.card.statics:
            if isinstance(st, CantBlockPowerAtLeast) and power_toughness(game, a)[0] >= st.power:
                raise IllegalAction("509.1b", f"{label} can't block creatures with power {st.power} or "
                                              f"greater, and {item['blocks']} has that much")
        if kw(a, "fear") and not ("Artifact" in b.card.types or "B" in b.colors()):
            raise IllegalAction("702.36b", f"{item['blocks']} has fear: only artifact creatures and/or black "
                                           f"creatures can block it, and {label} is neither")
        if kw(a, "intimidate") and not ("Artifact" in b.card.types or set(a.colors()) & set(b.colors())):
            raise IllegalAction("702.13b", f"{item['blocks']} has intimidate: only artifact creatures and/or "
                                           f"creatures that share a color with it can block it, and {label} "
                                           "is neither")
        if kw(a, "horsemanship") and not kw(b, "horsemanship"):  # 702.31b (one way: it blocks anything)
            raise IllegalAction("702.31b", f"{item['blocks']} has horsemanship: only creatures with "
                                           f"horsemanship can block it, and {label} has none")
        if not shadow_lets_block(kw, a, b):
            raise IllegalAction("702.28b", f"{label} can't block {item['blocks']}: a creature with shadow "
                                           "blocks and is blocked only by creatures with shadow")
        if kw(a, "skulk") and not skulk_lets_block(game, a, b):
            raise IllegalAction("702.118b", f"{item['blocks']} has skulk: creatures with greater power can't "
                                            f"block it, and {label} has more")
        if protected_from(a, b, game):
            raise IllegalAction("702.16f", f"{item['blocks']} has protection from a quality {label} has: "
                                           f"{label} can't block it")
        chosen.append((b.oid, a.oid))
        blocked.add(a.oid)
    for oid, _ in game.attackers:  # a restriction on the whole declaration (509.1b-c)
        count = 0
        for _, t in chosen:
            if t == oid:
                count += 1
        if count == 1:  # has_keyword answers (with own keywords only, none but an own menace)
            a = game.objs[oid]
            if (kw is not own_keyword or own_keyword(a, "menace")) and has_keyword(a, "menace", game):
                raise IllegalAction("702.111b", f"{a.label or 'the attacker'} has menace: it can't be "
                                                "blocked except by two or more creatures")
    game.blockers = tuple(chosen)
    game.blocked = frozenset(blocked)  # 509.1h
    if blocked and actions.any_triggered_ability(game):  # 509.3c: once per blocked attacker
        for oid, _ in game.attackers:
            if oid in blocked:
                actions.emit(game, Event("blocked", game.objs[oid].controller, oid))


def deal_combat_damage(game) -> None:
    """The combat damage step's turn-based action (510.1-510.2, 510.4). If an attacking or
    blocking creature has first strike or double strike as the first combat damage step begins,
    only those creatures deal damage in it and a second combat damage step follows, in which
    the creatures that had neither then, and those that have double strike now, deal theirs."""
    kw = keyword_test(game)  # asked before any damage is dealt (_assign_and_deal assigns first)
    if game.second_damage_step_due:  # the second combat damage step (510.4)
        game.second_damage_step_due = False
        first = game.first_strikers
        _assign_and_deal(game, lambda o: o.oid not in first or kw(o, "double strike"))
        return
    objs = game.objs
    strikers = []
    for oid in _combatants(game):
        o = objs[oid]
        if kw is own_keyword:  # own keywords only: two set tests rather than four calls
            if own_keyword_among(o, STRIKES):
                strikers.append(oid)
        elif kw(o, "first strike") or kw(o, "double strike"):
            strikers.append(oid)
    if not strikers:
        _assign_and_deal(game, _every)
        return
    game.first_strikers = strikers = frozenset(strikers)  # 702.7b, 702.4b: remembered as the first step began
    game.second_damage_step_due = True
    _assign_and_deal(game, lambda o: o.oid in strikers)


def _every(o) -> bool:
    """`deals` of a single combat damage step: every combatant deals damage (_assign_and_deal
    knows it without a call)."""
    return True


def _combatants(game) -> list:
    """Attacking and blocking creatures still on the battlefield, attackers first, each once."""
    objs = game.objs
    out = []
    for oid, _ in game.attackers + game.blockers:  # two tuples
        o = objs.get(oid)
        if o is not None and o.zone == "battlefield" and oid not in out:
            out.append(oid)
    return out


def _lethal(game, source, blocker) -> int:
    """Lethal damage for assigning: toughness minus damage already marked (702.19b); with
    deathtouch any nonzero amount (702.2c)."""
    if only_own_characteristics(game):
        left = max(0, printed_power_toughness(blocker)[1] - blocker.damage)
        return min(1, left) if own_keyword(source, "deathtouch") else left
    left = max(0, power_toughness(game, blocker)[1] - blocker.damage)
    return min(1, left) if has_keyword(source, "deathtouch", game) else left


def _assign_and_deal(game, deals) -> None:
    """510.1: each attacking and blocking creature for which `deals(creature)` holds assigns
    combat damage equal to its power (510.1a). A blocked attacker assigns lethal damage to each
    blocker in declaration order before the next (the assignment the contract fixes among those
    510.1c allows), the rest to the last one, or with trample to the player it attacks
    (702.19b); blocked with no blocker left, only trample deals damage (510.1c, 702.19d). All
    of it is dealt at once (510.2), so power and keywords are read in one unchanged state.
    With only own characteristics, power is printed plus counters and trample an own keyword."""
    objs = game.objs
    own = only_own_characteristics(game)
    sources = None if own else boost_sources(game)
    assigned = []
    for oid, defender in game.attackers:
        a = objs.get(oid)
        if a is None or a.zone != "battlefield" or not (deals is _every or deals(a)):
            continue
        power = printed_power_toughness(a)[0] if own else power_toughness(game, a, sources)[0]
        if power <= 0:
            continue
        if oid not in game.blocked:
            assigned.append((a, defender, power))
            continue
        trample = own_keyword(a, "trample") if own else has_keyword(a, "trample", game)
        blockers = []
        for b, t in game.blockers:
            if t == oid and objs[b].zone == "battlefield":
                blockers.append(objs[b])
        rest = power
        for i, b in enumerate(blockers):
            give = rest if (i == len(blockers) - 1 and not trample) else min(rest, _lethal(game, a, b))
            if give:
                assigned.append((a, b.oid, give))
            rest -= give
        if trample and rest:
            assigned.append((a, defender, rest))
    for b_oid, a_oid in game.blockers:
        b, a = objs.get(b_oid), objs.get(a_oid)
        if b is None or a is None or b.zone != "battlefield" or a.zone != "battlefield" or \
                not (deals is _every or deals(b)):
            continue
        power = printed_power_toughness(b)[0] if own else power_toughness(game, b, sources)[0]
        if power > 0:
            assigned.append((b, a_oid, power))
    game.combat_damage = True  # 510.2: this damage is combat damage while it is dealt, all at once
    try:
        with actions.one_damage_event(game):
            for source, ref, amount in assigned:
                actions.deal_damage(game, source, ref, amount)
    finally:
        game.combat_damage = False


def end_combat(game) -> None:
    """511.3: creatures stop being attacking and blocking creatures."""
    game.attackers, game.blockers, game.blocked = (), (), NONE
    game.attacks_declared = False
    game.first_strikers, game.second_damage_step_due = NONE, False


def decayed_cant_block(kw, b) -> bool:
    """702.147a: decayed means, in part, "This creature can't block"."""
    return kw(b, "decayed")
