"""601.2a-i: casting a spell, in order. Any failure raises IllegalAction; the caller rolls the
game back to its snapshot (601.2, 733.1). Malformed input raises CaseError."""

from __future__ import annotations

from dataclasses import dataclass, replace
from functools import lru_cache

from ..state.characteristics import card_keywords
from ..state.game import CaseError, IllegalAction, SpellInfo, Unsupported
from ..state.layers import has_its_abilities, is_creature
from ..state.mana import (
    ZERO,
    Cost,
    ManaError,
    auto_payment,
    colors_of_payment,
    format_pool,
    parse_pool,
    payment_matches,
)
from . import actions
from .abilities import once_each_turn_key
from .actions import Event
from .context import Ctx, value
from .costs import announce_phyrexian, kicker_abilities, total_cost
from .keywords import EscapeCost, FlashbackCost
from .modes import announce_modes, target_specs
from .permanent_costs import CONSPIRE_COST, LifeCost, check_life_payment, pay_permanent_costs, uses_x
from .replacement import cant_have_counters, put_counters
from .statics import (
    CantCastChosenColor,
    CastFromGraveyardPermission,
    CastOnlyFromGraveyard,
    CastWithoutPaying,
    GrantEscape,
    MayCastFromGraveyard,
    forbidding_source,
    split_second_spell,
)
from .targets import describe, is_legal, shares_a_type

CAST_FIELDS = frozenset({"card", "by", "from", "alternative", "kicks", "kickers", "x", "targets",
                         "pay", "sticker", "choices", "half", "fuse", "face", "modes", "conspire", "divide",
                         "phyrexian_life", "buyback", "blight", "adventure"})
ALTERNATIVES = ("flashback", "without-paying-mana-cost", "printed", "escape", "miracle", "madness", "dash",
                "blitz", "evoke")
CAST_ZONES = ("hand", "library", "graveyard", "exile", "battlefield", "stack")


def _int_field(args, name, default=0) -> int:
    v = args.get(name, default)
    if isinstance(v, bool) or not isinstance(v, int) or v < 0:
        raise CaseError(f"cast.{name} must be an integer >= 0, got {v!r}")
    return v


def ref_of(game, item) -> object:
    """A label or player name from a case -> player name or object id."""
    if item in game.players:
        return item
    if isinstance(item, str) and item in game.labels:
        return game.labels[item]
    raise CaseError(f"unknown label or player {item!r}")


def _cast_from_graveyard_allowed(game, o, caster) -> bool:
    """"You may cast nonland cards with <keyword> / <subtype> spells from your graveyard": a
    permanent its caster controls gives that permission for a card of their own graveyard that it
    names (601.3); "You may cast this card from your graveyard" is the card's own (Haakon)."""
    if _own_graveyard_permission(game, o):
        return True
    return any(isinstance(st, CastFromGraveyardPermission) and st.allows(o.card)
               for sid in game.battlefield if game.objs[sid].controller == caster
               for st in game.objs[sid].card.statics)


def uses_retrace(game, o, caster, zone, alt) -> bool:
    """702.81a: "You may cast this card from your graveyard by discarding a land card as an additional
    cost to cast it." A cast from its owner's graveyard that no other permission allows uses its
    retrace (with both, the caster takes the one without the discard); a card that lost its abilities
    there has none (613.1f: "Cards in graveyards lose all abilities")."""
    return (zone == "graveyard" and alt is None and "retrace" in o.card.keywords and o.owner == caster
            and not _cast_from_graveyard_allowed(game, o, caster) and has_its_abilities(game, o))


def _own_graveyard_permission(game, o) -> bool:
    """"You may cast this card from your graveyard [as long as ...]" (its static ability
    functions there, 113.6, 113.6b), while the card has its abilities (613.1f: "Cards in
    graveyards lose all abilities" takes the permission away, and gives it back once it ends)."""
    return any(isinstance(st, CastOnlyFromGraveyard)
               or (isinstance(st, MayCastFromGraveyard) and st.allows_cast(game, o))
               for st in o.card.statics) and has_its_abilities(game, o)


def _prohibited_outside_graveyard(o, zone) -> bool:
    """"..., but not from anywhere else": a prohibition, which beats any permission (101.2)."""
    return zone != "graveyard" and any(isinstance(st, CastOnlyFromGraveyard) for st in o.card.statics)


def _permission(game, o, caster, zone, alt, name):
    """601.3: may this player begin to cast this card from this zone this way?
    Returns the flashback costs available (or None) and whether timing rules are waived."""
    if "Land" in o.card.types:
        raise IllegalAction("305.1", f"{name} is a land: lands are played, not cast")
    if o.owner != caster:
        raise IllegalAction("601.3", f"{caster} may not cast {name}, a card {o.owner} owns")
    if ("cast", caster) in game.restrictions:  # 101.2: "can't" beats "may"
        raise IllegalAction("601.3", f"an effect says {caster} can't cast spells this turn")
    if _prohibited_outside_graveyard(o, zone):  # "but not from anywhere else" (101.2)
        raise IllegalAction("601.3", f"{name} may be cast from its owner's graveyard, but not from the {zone}")
    if alt is None and zone == "hand":  # the usual cast, which every test below lets through
        return None, False
    if alt == "flashback":  # printed flashback, then flashback granted by effects
        if zone != "graveyard":
            raise IllegalAction("702.34a", f"flashback casts {name} only from a graveyard, "
                                           f"it is in the {zone}")
        options = [o.card.flashback] if o.card.flashback else []
        # granted flashback is "equal to its mana cost" (effects.GrantFlashback grants it only to a
        # card that has one; a split card's is the chosen half's, 709.3a)
        options += [FlashbackCost(o.card.cost) for kind, _ in o.perms if kind == "flashback"]
        if not options:  # (702.34a: only instants and sorceries have it, printed or granted)
            raise IllegalAction("702.34a", f"{name} has no flashback")
        return options, False
    if alt == "miracle":  # 702.94a: only while its miracle trigger resolves (an offered cast)
        raise IllegalAction("702.94a", f"{name} can be cast for its miracle cost only as its miracle "
                                       "trigger resolves")
    if alt == "madness":  # 702.35a: only while its madness trigger resolves (an offered cast)
        raise IllegalAction("702.35a", f"{name} can be cast for its madness cost only as its madness "
                                       "trigger resolves")
    if alt == "evoke" and zone == "hand":  # 702.74a: "You may cast this spell by paying [cost] rather than ..."
        if o.card.evoke is None:
            raise IllegalAction("702.74a", f"{name} has no evoke")
        return None, False
    if alt in ("dash", "blitz") and zone == "hand":  # 702.109a, 702.152a: "cast this card by paying ..."
        if _dash_or_blitz_cost(game, o.card, caster, alt) is None:
            raise IllegalAction(DASH_BLITZ_RULE[alt], f"{name} has no {alt}")
        return None, False
    if alt == "escape":  # 702.138a: it functions while the card is in a graveyard, its owner's
        if zone != "graveyard":
            raise IllegalAction("702.138a", f"escape casts {name} only from a graveyard, it is in the {zone}")
        options = [o.card.escape] if o.card.escape else []
        # escape granted to the nonland cards of its controller's graveyard (Underworld Breach):
        # the card's mana cost plus the exile part
        if "Land" not in o.card.types and o.card.cost is not None:
            options += [EscapeCost(o.card.cost, st.exile_other) for sid in game.battlefield
                        if game.objs[sid].controller == caster
                        for st in game.objs[sid].card.statics if isinstance(st, GrantEscape)]
        if not options:
            raise IllegalAction("702.138a", f"{name} has no escape")
        return options, False
    if zone == "graveyard":
        if alt is None and (_cast_from_graveyard_allowed(game, o, caster) or uses_retrace(game, o, caster, zone, alt)):
            return None, False
        if alt == "without-paying-mana-cost" and _cast_from_graveyard_allowed(game, o, caster):
            raise IllegalAction("601.3", f"no effect lets {caster} cast {name} from a graveyard without paying "
                                         "its mana cost")
        raise IllegalAction("601.3", f"{name} can't be cast from a graveyard without flashback")
    if zone == "exile":
        if alt is None and any(kind == "adventure" and who == caster for kind, who in o.perms):
            return None, False  # 715.3d: exiled by its own Adventure, its controller may play it
        raise IllegalAction("601.3", f"no effect allows casting {name} from exile")
    if zone != "hand":
        raise IllegalAction("601.3", f"{name} can't be cast from the {zone}")
    if alt == "without-paying-mana-cost":
        _use_free_cast_permission(game, o, caster, zone, name)
    if alt == "printed" and o.card.alt_cost is None:
        raise IllegalAction("601.2b", f"{name} has no printed alternative cost")
    return None, False


DASH_BLITZ_RULE = {"dash": "702.109a", "blitz": "702.152a"}


def _exiled_card_color(card, alt) -> str | None:
    """The color of the card an alternative cost exiles from the caster's hand ("exile a blue card from
    your hand": Force of Will's printed alternative cost, Solitude's evoke cost, 702.74a), or None."""
    if alt == "printed":
        return card.alt_cost.exile_color
    if alt == "evoke":
        return card.evoke.exile_color
    return None


def _exile_a_card_from_hand(game, caster, color, chosen, name) -> None:
    """601.2h: pay "exile a <color> card from your hand" with the card the caster chose (`chosen`, one
    label), else the first such card. The spell itself is on the stack by now (601.2a), so it can't
    pay its own cost."""
    player = game.players[caster]
    if chosen:
        if len(chosen) != 1:
            raise IllegalAction("601.2h", f"{name}'s cost exiles one {color} card, {len(chosen)} chosen")
        pick = game.objs[ref_of(game, chosen[0])]
        if pick.zone != "hand" or pick.owner != caster or color not in pick.colors():
            raise IllegalAction("601.2h", f"{chosen[0]} is not a {color} card in {caster}'s hand")
    else:  # not given: the first such card, deterministically
        pick = next((game.objs[i] for i in player.hand if color in game.objs[i].colors()), None)
    if pick is None:
        raise IllegalAction("601.2h", f"{caster} has no {color} card in hand to exile")
    game.move(pick, "exile")


def _dash_or_blitz_cost(game, card, caster, alt):
    """The dash cost of `card`, or its blitz cost: printed, else granted by a permanent of the caster's
    ("Each creature spell you cast with mana value 4 or greater has blitz", equal to its mana cost; a
    card with no mana cost has an unpayable one, 118.6). None when it has none."""
    printed = card.dash if alt == "dash" else card.blitz
    if printed is not None or alt == "dash":
        return printed
    for sid in game.battlefield:
        src = game.objs[sid]
        for st in src.card.statics:
            if hasattr(st, "blitz_cost_for"):
                cost = st.blitz_cost_for(src, caster, card, card.cost.mana_value() if card.cost else 0)
                if cost is not None:
                    return cost
    return None


def _use_free_cast_permission(game, o, caster, zone, name) -> None:
    """601.3, 118.9: an effect must let the caster cast this card without paying its mana cost:
    one that always does (Omniscience), else a once-each-turn one (Zaffai and the Tempests) not
    used yet this turn, and only during its controller's turn; that one is then used up for the
    turn (game.done_this_turn; the cast's rollback gives it back, 733.1)."""
    permissions = free_cast_permissions(game, o, caster, zone)
    if any(not st.once_each_turn for _, st in permissions):
        return
    if permissions and not in_own_turn(game, caster):
        raise IllegalAction("601.3", f"{caster} may cast {name} without paying its mana cost only once during "
                                     f"each of {caster}'s own turns, and it is {game.active}'s turn")
    for src, st in permissions:
        if use_once_this_turn(game, src, st):
            return
    if permissions:
        raise IllegalAction("601.3", f"{caster} has already cast a spell without paying its mana cost this "
                                     f"turn through each effect that allows it once each turn")
    raise IllegalAction("601.2b", f"no effect lets {caster} cast {name} without paying its mana cost")


def free_cast_permissions(game, o, caster, zone) -> list:
    """The static abilities of the caster's permanents that let them cast `o` from `zone` without
    paying its mana cost, each with its permanent."""
    return [(game.objs[sid], st) for sid in game.battlefield if game.objs[sid].controller == caster
            for st in game.objs[sid].card.statics
            if isinstance(st, CastWithoutPaying) and st.zone == zone and st.allows(o.card)]


def in_own_turn(game, player) -> bool:
    """"during each of your turns": is it `player`'s turn?"""
    return player == game.active


def use_once_this_turn(game, src, st) -> bool:
    """Use a once-each-turn permission of `src` (recorded for the turn, 400.7: per object); False
    when it was used this turn already."""
    key = once_each_turn_key(src, st)
    if key in game.done_this_turn:
        return False
    game.done_this_turn = game.done_this_turn | {key}
    return True


def _check_cant_cast(game, o, caster, name):
    """101.2: "can't" beats "may": a spell of the color an opponent's Iona named can't be cast,
    nor an instant spell during combat under Hand to Hand (a spell of the types forbidden in this
    phase: 304.5, a creature spell with flash is not an instant spell)."""
    spell = split_second_spell(game)  # 702.61a: "players can't cast other spells"
    if spell is not None:
        raise IllegalAction("702.61a", f"{caster} can't cast {name} while {spell.label or spell.card.name} "
                                       "(split second) is on the stack")
    src = forbidding_source(game, o.card)
    if src is not None:
        raise IllegalAction("101.2", f"{caster} can't cast {name}: {src.label or src.card.name} "
                                     f"forbids it during the {game.step} step")
    for sid in game.battlefield:
        src = game.objs[sid]
        if src.controller == caster or not src.chosen:
            continue
        color = src.chosen.get("color")
        if color in o.colors() and any(isinstance(st, CantCastChosenColor) for st in src.card.statics):
            raise IllegalAction("101.2", f"{caster} can't cast {name}: {src.label or src.card.name} "
                                         f"forbids spells of the chosen color {color}")


def _choose_half(o, args, zone, name) -> None:
    """709.3: the caster chooses which half of a split card to cast before it goes on the stack;
    only that half is evaluated (709.3a) and exists on the stack (709.3b). Fuse (702.102a)
    casts both halves, only from the hand."""
    if "adventure" in args or o.card.layout == "adventure":
        _choose_adventure(o, args, zone, name)
        return
    if "half" not in args and "fuse" not in args and "face" not in args and (
            not o.card.faces or o.card.layout == "transform"):
        return  # the usual card, without halves or faces, none named (712.11: a transforming
        #         double-faced card is cast with its front face up, the card's own characteristics)
    half, fuse = args.get("half"), args.get("fuse", False)
    if not isinstance(fuse, bool):
        raise CaseError(f"cast.fuse must be a boolean, got {fuse!r}")
    if o.card.layout == "modal_dfc" or "face" in args:
        if half is not None or fuse:
            raise IllegalAction("709.3", f"{name} is not a split card: it has no halves")
        _choose_face(o, args.get("face"), name)
        return
    faces = o.card.faces
    if not faces or o.card.layout == "transform":  # a transforming DFC's faces are no halves (712.11)
        if half is not None or fuse:
            raise IllegalAction("709.3", f"{name} is not a split card: it has no halves")
        return
    if fuse:
        if o.card.fused is None:
            raise IllegalAction("702.102a", f"{name} has no fuse: only one half can be cast")
        if zone != "hand":
            raise IllegalAction("702.102a", f"{name} can be fused only when cast from a hand")
        if half is not None:
            raise CaseError("cast: give `half` or `fuse`, not both")
        o.card = o.card.fused  # 702.102b-c: both halves, the total cost includes both mana costs
        return
    names = [f.name for f in faces]
    if half is None:
        raise CaseError(f"cast.half: {name} is a split card: name the half cast, one of {names}")
    if half not in names:
        raise CaseError(f"cast.half: {name} has no half named {half!r} (its halves: {names})")
    o.card = faces[names.index(half)]


def _choose_adventure(o, args, zone, name) -> None:
    """715.3: as an adventurer card is cast, its caster chooses whether to cast it normally (the
    card's own characteristics) or as an Adventure (`adventure: true`): then only the Adventure's
    characteristics are evaluated (715.3a) and exist on the stack (715.3b). A card its Adventure
    exiled may be cast from there, but not as an Adventure (715.3d)."""
    adventure = args.get("adventure", False)
    if not isinstance(adventure, bool):
        raise CaseError(f"cast.adventure must be a boolean, got {adventure!r}")
    if "half" in args or "fuse" in args:
        raise IllegalAction("709.3", f"{name} is not a split card: it has no halves")
    if "face" in args:
        raise IllegalAction("712.11b", f"{name} is not a modal double-faced card: it has no faces")
    if not adventure:
        return
    if o.card.layout != "adventure":
        raise IllegalAction("715.3", f"{name} is not an adventurer card: it has no Adventure")
    if zone == "exile" and any(kind == "adventure" for kind, _ in o.perms):
        raise IllegalAction("715.3d", f"{name} was exiled by its own Adventure: it may be cast from exile, "
                                      "but not as an Adventure")
    o.card = o.card.faces[1]


def _choose_face(o, face, name) -> None:
    """712.11b-c: a modal double-faced card is cast with the face its caster chooses (the front
    by default, 712.11); only that face is evaluated and put on the stack."""
    if o.card.layout != "modal_dfc":
        raise IllegalAction("712.11b", f"{name} is not a modal double-faced card: it has no faces")
    names = [f.name for f in o.card.faces]
    if face is None:
        face = names[0]
    if face not in names:
        raise CaseError(f"cast.face: {name} has no face named {face!r} (its faces: {names})")
    o.card = o.card.faces[names.index(face)]


def _check_timing(game, o, caster, name):
    """117.1a: instants (and flash, printed or granted to the card where it is, 702.8a) with
    priority; anything else in its controller's main phase with an empty stack (307.5), as is any
    spell of a player an opponent's static ability lets cast spells only as a sorcery."""
    card = o.card
    restricting = _sorcery_only(game, caster)
    if restricting is not None:
        if caster != game.active or game.step not in ("main1", "main2") or game.stack:
            raise IllegalAction("307.5", f"{caster} can cast spells only any time they could cast a sorcery "
                                         f"({restricting.label or restricting.card.name})")
        return
    if "Instant" in card.types or "flash" in card.keywords or (
            game.battlefield and "flash" in card_keywords(game, o)):
        return
    if caster != game.active:
        raise IllegalAction("117.1a", f"{name} can be cast only during its caster's own turn")
    if game.step not in ("main1", "main2"):
        raise IllegalAction("117.1a", f"{name} can be cast only in a main phase")
    if game.stack:
        raise IllegalAction("117.1a", f"{name} can be cast only when the stack is empty")


def _sorcery_only(game, caster):
    """The permanent whose static ability lets `caster` cast spells only as a sorcery, or None."""
    objs = game.objs
    for sid in game.battlefield:
        src = objs[sid]
        for st in src.card.statics:
            if hasattr(st, "sorcery_only_for") and st.sorcery_only_for(src, caster):
                return src
    return None


def announce_buyback(card, wanted, name) -> bool:
    """601.2b: whether the caster will pay the spell's buyback cost (702.27a: "You may pay an
    additional [cost] as you cast this spell"); only a spell with buyback has one to pay."""
    if not isinstance(wanted, bool):
        raise CaseError(f"cast.buyback must be a boolean, got {wanted!r}")
    if wanted and card.buyback is None:
        raise IllegalAction("702.27a", f"{name} has no buyback")
    return wanted


def add_buyback_cost(base, card, buyback: bool):
    """601.2f: a paid buyback cost is added to the mana cost or alternative cost (also to no
    cost at all: an additional cost is paid even when the spell is cast without paying its mana
    cost, 118.9d)."""
    return base + card.buyback if buyback and card.buyback is not None else base


def announce_blight(game, card, wanted, caster, name):
    """601.2b: whether the caster will blight to pay the spell's blight additional cost (701.68a:
    put N -1/-1 counters on a creature you control), and on which creature (`wanted`, a label).
    An optional one ("you may blight N", 118.8b) or one with another cost ("blight N or pay
    [cost]") is paid by blighting only when `wanted` is given; a mandatory one without `wanted`
    blights the first creature the caster controls. 701.68b: a player who can't put the counters
    on a creature they control (none controlled, or it can't have counters) can't blight.
    Returns the creature (an object) or None."""
    if wanted is None:
        cost = card.blight
        if cost is None or cost.optional or cost.or_pay is not None:
            return None
        wanted = next((game.objs[oid].label for oid in game.battlefield if _can_blight(game, game.objs[oid], caster)),
                      None)
        if wanted is None:
            raise IllegalAction("701.68b", f"{caster} controls no creature to blight: {name}'s additional cost "
                                           "can't be paid (118.3)")
    if not isinstance(wanted, str):
        raise CaseError(f"cast.blight must be the label of a creature, got {wanted!r}")
    if wanted not in game.labels:
        raise CaseError(f"cast.blight: unknown label {wanted!r}")
    if card.blight is None:
        raise IllegalAction("601.2b", f"{name} has no blight cost to pay")
    o = game.objs[game.labels[wanted]]
    if not _can_blight(game, o, caster):
        raise IllegalAction("701.68b", f"{wanted} is not a creature {caster} controls that can have "
                                       f"-1/-1 counters put on it: {caster} can't blight it")
    return o


def _can_blight(game, o, caster) -> bool:
    """701.68a-b: a creature the caster controls, on which -1/-1 counters can be put."""
    return (o.zone == "battlefield" and o.controller == caster and is_creature(game, o)
            and not cant_have_counters(o))


def pay_blight(game, creature, n) -> None:
    """601.2h, 701.68a: blight N, paid with the spell's total cost: N -1/-1 counters on the creature."""
    put_counters(game, creature, "-1/-1", n)


def add_blight_alternative(base, card, blighted) -> object:
    """601.2f: "blight N or pay [cost]": when the caster doesn't blight, the other cost is an
    additional cost added to the mana cost or alternative cost."""
    cost = card.blight
    if cost is None or cost.or_pay is None or blighted is not None:
        return base
    return base + cost.or_pay


def _announce_kicks(args, abilities, name) -> list:
    """601.2b: which kicker costs will be paid (702.33d-f)."""
    kickers = args.get("kickers")
    kicks = _int_field(args, "kicks") if "kicks" in args else None
    if kickers is not None:
        if not isinstance(kickers, list) or not all(isinstance(k, str) for k in kickers):
            raise CaseError(f"cast.kickers must be a list of 'A'/'B', got {kickers!r}")
        if kicks is not None and kicks != len(kickers):
            raise CaseError(f"cast.kicks ({kicks}) disagrees with cast.kickers ({kickers})")
        paid = []
        for letter in kickers:
            k = next((a for a in abilities if a.letter == letter), None)
            if k is None:
                raise IllegalAction("702.33f", f"{name} has no kicker cost {letter}")
            if k in paid and not k.multi:
                raise IllegalAction("702.33d", f"{name}'s kicker cost {letter} can be paid only once")
            paid.append(k)
        return paid
    if not kicks:
        return []
    if not abilities:
        raise IllegalAction("702.33a", f"{name} has no kicker")
    if abilities[0].multi:
        return [abilities[0]] * kicks
    if kicks > len(abilities):
        raise IllegalAction("702.33d", f"{name} can be kicked at most {len(abilities)} time(s)")
    return abilities[:kicks]


def announce_x(args, card, fb, kicks, alt, name) -> int:
    """601.2b: the value of X its caster announces (107.3a), 0 when none is: only for a spell with
    an X in a cost it will pay; 0 when cast without paying a mana cost with {X} in it (107.3b: not
    an X in an additional cost such as kicker {X}); 1 or more where its text says "X can't be 0"."""
    x = _int_field(args, "x") if "x" in args else 0
    if "x" in args and not _has_x(card, fb, kicks):
        raise IllegalAction("107.3a", f"{name} has no X to announce")
    if card.x_not_zero and not x and _has_x(card, fb, kicks):
        # "X can't be 0." restricts the value its caster announces (107.3a): kicked, X is 1 or more
        raise IllegalAction("107.3a", f"{name}: X can't be 0")
    if alt == "without-paying-mana-cost" and card.cost is not None and card.cost.xs and x:
        raise IllegalAction("107.3b", f"{name} cast without paying its mana cost: X must be 0")
    return x


def _has_x(card, fb, kicks) -> bool:
    costs = [fb.mana if fb else card.cost] + [k.cost for k in kicks]
    return (any(c is not None and c.xs for c in costs) or bool(fb and fb.discard_x)
            or uses_x(card.additional_costs + (fb.permanents if fb else ())))


def _assign_targets(game, card, info, given, caster, source_oid, name) -> tuple:
    """601.2c (and 702.33g): split the announced targets among the card's instances of the word
    "target": one per target spec, or for a modal spell those of its chosen modes, a mode chosen
    twice having its own targets each time (700.2c-d, modes.target_slots). One tuple each."""
    if not isinstance(given, list):
        raise CaseError(f"cast.targets must be a list, got {given!r}")
    if not card.spell_targets:  # what the general path gives with no specs: no slots, need 0
        for t in given:
            ref_of(game, t)  # an unknown label is a CaseError before anything is illegal
        if given:
            raise IllegalAction("601.2c", f"{name} has no targets")
        return ()
    refs = [ref_of(game, t) for t in given]
    specs = target_specs(card.spell_targets, info.modes)
    counts = [s.slots(info) for s in specs]
    fixed = sum(c for c in counts if c is not None)
    if None in counts:
        counts = [c if c is not None else max(0, len(refs) - fixed) for c in counts]
    need = sum(counts)
    if len(refs) != need:
        if need == 0:
            raise IllegalAction("601.2c", f"{name} has no targets")
        raise IllegalAction("601.2c", f"{name} requires {need} target(s), {len(refs)} given")
    out, i = [], 0
    for spec, n in zip(specs, counts):
        chosen = refs[i:i + n]
        i += n
        if spec.count == "one-or-two" and not 1 <= n <= 2:
            raise IllegalAction("601.2c", f"{name} requires one or two targets, {n} given")
        if spec.count == "up-to-two" and n > 2:  # "up to two target ..." (115.1: zero, one or two)
            raise IllegalAction("601.2c", f"{name} takes up to two targets, {n} given")
        for r in chosen:
            if not is_legal(spec, r, game, caster, source_oid, info):
                raise IllegalAction("601.2c", f"{describe(r, game)} is not a legal target for "
                                              f"{name} ({spec.description or spec.what})")
            if spec.distinct and any(r in earlier for earlier in out):
                raise IllegalAction("601.2c", f"{name}: \"another target\" can't be "
                                              f"{describe(r, game)}, already a target")
            if spec.shares_type_with and out and out[0] and not shares_a_type(game, spec, r, out[0][0]):
                raise IllegalAction("601.2c", f"{describe(r, game)} shares none of the types "
                                              f"{', '.join(spec.shares_type_with)} with {describe(out[0][0], game)}")
        if len(set(chosen)) != len(chosen):
            raise IllegalAction("601.2c", f"{name}: the same object can't be chosen twice for "
                                          "one instance of the word target")
        out.append(tuple(chosen))
    return tuple(out)


@lru_cache(maxsize=1024)
def dividing_effect(card):
    """The card's "divided as you choose" spell effect (601.2d), or None: immutable data of the
    card definition (the key), looked up once instead of on every cast."""
    return next((e for e in card.spell_effects if getattr(e, "divides", False)), None)


def _announce_division(game, card, info, targets, given, name) -> tuple:
    """601.2d: the caster announces how the damage of a "divided as you choose" effect is divided
    among its targets (`divide`: target -> amount): each target gets at least 1 and the shares add
    up to the amount. A single target gets it all without `divide`; with several it must be given.
    Returns the shares in target order (SpellInfo.division). `info`: the decisions announced so
    far, without the targets; the amount is computed with them and the targets (601.2c came first),
    a SpellInfo built only for a spell that divides (most don't)."""
    effect = dividing_effect(card)
    if effect is None:
        if given is not None:
            raise IllegalAction("601.2d", f"{name} has no effect to divide among its targets")
        return ()
    chosen = targets[effect.to.spec] if effect.to.spec < len(targets) else ()
    amount = value(effect.amount, Ctx(game, None, None, replace(info, targets=targets), None, None))
    if given is None:
        if len(chosen) > 1:
            raise CaseError(f"cast.divide: {name} divides {amount} damage among {len(chosen)} targets: "
                            "give the share of each target (feature divided-damage)")
        if chosen and amount < 1:
            raise IllegalAction("601.2d", f"{name}: each target must be dealt at least 1 damage, "
                                          f"{amount} can't be divided")
        return (amount,) * len(chosen)
    if not isinstance(given, dict) or not all(isinstance(n, int) and not isinstance(n, bool) for n in given.values()):
        raise CaseError(f"cast.divide must map targets to amounts, got {given!r}")
    refs = {ref_of(game, t): n for t, n in given.items()}
    for ref in refs:
        if ref not in chosen:
            raise IllegalAction("601.2d", f"{name}: {describe(ref, game)} is not a target it divides damage among")
    shares = tuple(refs.get(ref, 0) for ref in chosen)
    for ref, share in zip(chosen, shares):
        if share < 1:
            raise IllegalAction("601.2d", f"{name}: each target must be dealt at least 1 damage, "
                                          f"{describe(ref, game)} is given {share}")
    if sum(shares) != amount:
        raise IllegalAction("601.2d", f"{name}: the shares ({sum(shares)}) must add up to the {amount} damage divided")
    return shares


def _pick_flashback(game, card, caster, options, kicks, x, pay, n_targets=0, chosen=(), buyback=False):
    pool = game.players[caster].pool
    for fb in options:
        if fb.mana is None:  # unpayable (118.6): never the one applied
            continue
        total = total_cost(game, card, caster, add_buyback_cost(fb.mana, card, buyback), kicks, x, n_targets, chosen)
        try:
            if pay is not None and payment_matches(total, parse_pool(pay)):
                return fb
        except (ManaError, TypeError):
            return options[0]
        if pay is None and auto_payment(total, pool) is not None:
            return fb
    return options[0]


def _pick_escape(game, card, caster, options, kicks, x, pay, targets):
    """With several escape costs (printed and granted, 118.9a: only one is applied) the one whose
    total cost `pay` pays exactly, else the first."""
    try:
        paid = None if pay is None else parse_pool(pay)
    except ManaError:
        return options[0]
    for option in options:
        total = total_cost(game, card, caster, option.mana, kicks, x, sum(map(len, targets)), targets)
        if paid is not None and payment_matches(total, paid):
            return option
    return options[0]


def _announce_hybrid(game, card, caster, base, kicks, x, targets, pay, pool):
    """601.2b: the nonhybrid equivalent of `base` the caster announces for its monocoloured hybrid
    symbols, before the total cost (601.2f) applies increases and reductions to it: the one whose
    total cost `pay` pays exactly, else (no `pay`) the first whose total the pool can pay, all
    coloured first; with neither, the first (the payment then fails as it would)."""
    options = base.announcements()
    try:
        paid = None if pay is None else parse_pool(pay)
    except ManaError:
        return options[0]
    n_targets = sum(map(len, targets))
    for option in options:
        total = total_cost(game, card, caster, option, kicks, x, n_targets, targets)
        if payment_matches(total, paid) if paid is not None else auto_payment(total, pool) is not None:
            return option
    return options[0]


def _x_paid_with(total, x: int, letter: str | None):
    """"Spend only <color> mana on X.": the cost to pay with its X part (x of its generic mana, 107.3a)
    as mana of that color, so a payment must hold that much more of it; the total cost itself is
    unchanged (601.2f). Cost reductions are taken from the rest first (601.2f: the player orders them)."""
    if letter is None or x <= 0 or total.generic <= 0:
        return total
    n = min(x, total.generic)
    typed = list(total.typed)
    typed["WUBRGC".index(letter)] += n
    return Cost(total.generic - n, tuple(typed), total.xs, total.hybrid, total.phyrexian)


def _discard_a_land_card(game, caster, chosen, name) -> None:
    """Retrace's additional cost (702.81a, 702.81b: paid as 601.2h says): discard a land card, the
    one `chosen` names (a list of one label), else the first land card of the caster's hand."""
    hand = game.players[caster].hand
    lands = [oid for oid in hand if "Land" in game.objs[oid].card.types]
    if chosen is not None:
        picks = [game.labels.get(label) for label in chosen] if isinstance(chosen, list) else [None]
        if len(picks) != 1 or picks[0] not in lands:
            raise IllegalAction("702.81a", f"retrace: {name} is cast by discarding one land card of "
                                           f"{caster}'s hand, not {chosen!r}")
        lands = picks
    if not lands:
        raise IllegalAction("702.81a", f"retrace: {caster} has no land card to discard for {name}")
    actions.discard_card(game, game.objs[lands[0]])  # 701.9 (a land card: no madness, 702.35a)


def _pay_only_with_creature_mana(args, total, player, caster, card) -> list:
    """"Spend only mana produced by creatures to cast this spell": every mana spent, the whole total
    cost after its reductions (601.2f), must have a creature as its source (106.3), as 601.2h pays it.
    Returns the mana paid (WUBRGC counts), taken out of the pool and of its record of creature mana."""
    spendable = list(player.creature_produced())
    try:
        paid = _mana_payment(args, total, spendable, caster, card.name)
    except IllegalAction as e:
        if "does not pay the total cost" in str(e):
            raise
        raise IllegalAction("601.2h", f"only mana produced by creatures can be spent to cast {card.name}: "
                                      f"{caster}'s pool holds {format_pool(spendable) or 'none'} of it, "
                                      f"{total.format()} is due") from None
    player.spend_creature_mana(paid)
    pool = player.pool
    pool[:] = (pool[0] - paid[0], pool[1] - paid[1], pool[2] - paid[2],
               pool[3] - paid[3], pool[4] - paid[4], pool[5] - paid[5])
    return paid


def _mana_payment(args, total, pool, caster, name) -> list:
    """601.2h: take the mana for `total` out of `pool`: exactly `pay` when given, else a
    deterministic exact payment. Returns the mana paid (WUBRGC counts)."""
    if "pay" in args:
        try:
            paid = parse_pool(args["pay"])
        except (ManaError, TypeError) as e:
            raise CaseError(f"cast.pay: {e}") from None
        if not payment_matches(total, paid):
            raise IllegalAction("601.2h", f"{args['pay'] or '{0}'} does not pay the total cost "
                                          f"{total.format()} of {name} exactly")
        if (paid[0] > pool[0] or paid[1] > pool[1] or paid[2] > pool[2]  # W U B R G C, written out:
                or paid[3] > pool[3] or paid[4] > pool[4] or paid[5] > pool[5]):  # no generator per cast
            raise IllegalAction("601.2h", f"{caster}'s mana pool does not hold {args['pay']}")
    else:
        paid = auto_payment(total, pool)
        if paid is None:
            raise IllegalAction("601.2h", f"{caster} can't pay {total.format()} for {name}")
    pool[:] = (pool[0] - paid[0], pool[1] - paid[1], pool[2] - paid[2],  # W U B R G C, written out:
               pool[3] - paid[3], pool[4] - paid[4], pool[5] - paid[5])  # cheaper than a loop or map
    return paid


def _delve(game, caster, total, chosen, pay, name) -> tuple:
    """Delve (702.66a): "For each generic mana in this spell's total cost, you may exile a card from
    your graveyard rather than pay that mana." The cards are the cast's `choices.exile` (labels, the
    caster's choice, 601.2h): each one of the caster's own graveyard, none twice, no more of them
    than the total cost has generic mana (a card pays only generic mana). Without the choice, the
    first cards of the graveyard pay as much generic mana as `pay` leaves unpaid (none without
    `pay`: delve is optional). Answers the mana left to pay and the cards to exile; the total cost
    itself, and the mana value, are unchanged (702.66b)."""
    if chosen is None:
        yard = game.players[caster].graveyard
        if pay is None or payment_matches(total, parse_pool(pay)):
            return total, []
        for k in range(1, min(total.generic, len(yard)) + 1):
            due = total.plus_generic(-k)
            if payment_matches(due, parse_pool(pay)):
                return due, [game.objs[oid] for oid in yard[:k]]
        return total, []
    if not isinstance(chosen, list):
        raise CaseError(f"cast.choices.exile must be a list of labels, got {chosen!r}")
    picks = []
    for c in chosen:
        pick = game.objs.get(ref_of(game, c)) if c not in game.players else None
        if pick is None or pick.zone != "graveyard" or pick.owner != caster:
            raise IllegalAction("702.66a", f"{c} is not a card in {caster}'s graveyard: delve exiles "
                                           f"cards from your graveyard")
        if pick in picks:
            raise IllegalAction("601.2h", f"{name}: the same card can't pay for delve twice")
        picks.append(pick)
    if len(picks) > total.generic:
        raise IllegalAction("702.66a", f"{name}: {len(picks)} card(s) exiled for delve, but its total cost "
                                       f"{total.format()} has only {total.generic} generic mana")
    return total.plus_generic(-len(picks)), picks


def _exile_for_escape(game, caster, n, chosen, name) -> None:
    """601.2h, 702.138a: pay an escape cost's exile part, "Exile N other cards from your
    graveyard": N cards of the caster's own graveyard, chosen by the caster (`chosen`, labels),
    else the first N in graveyard order. The card cast is on the stack by now (601.2a), so it is
    never among them; fewer than N there make the cost unpayable."""
    yard = game.players[caster].graveyard
    if chosen is None:
        picks = [game.objs[i] for i in yard[:n]]
    else:
        if not isinstance(chosen, list):
            raise CaseError(f"cast.choices.exile must be a list of labels, got {chosen!r}")
        picks = [game.objs[ref_of(game, c)] if c not in game.players else None for c in chosen]
        for c, pick in zip(chosen, picks):
            if pick is None or pick.zone != "graveyard" or pick.owner != caster:
                raise IllegalAction("702.138a", f"{c} is not another card in {caster}'s graveyard: "
                                                f"{name}'s escape cost exiles other cards from your graveyard")
        if len({p.oid for p in picks}) != len(picks):
            raise IllegalAction("601.2h", f"{name}: the same card can't pay for two of its escape cost's cards")
    if len(picks) != n:
        raise IllegalAction("601.2h", f"{name}'s escape cost exiles {n} other card(s) from {caster}'s "
                                      f"graveyard, {len(picks)} chosen or available")
    for pick in picks:
        game.move(pick, "exile")


@dataclass(frozen=True)
class NextSpellEffect:
    """A continuous effect on the next spell `player` casts this turn (611.2f): it waits in
    game.next_spell and does `what` ("cant-be-countered", "to-hand-as-it-resolves") to that spell;
    `types_any` and `from_zone` limit the spells it waits for ("the next time you cast an instant
    or sorcery spell from your hand")."""

    player: str
    what: str
    types_any: tuple = ()
    from_zone: str | None = None

    def fits(self, caster) -> bool:
        return caster == self.player

    def fits_spell(self, o, zone) -> bool:
        """Is the spell `o`, cast from `zone` (None: not known), one it waits for?"""
        if self.types_any and not any(t in o.card.types for t in self.types_any):
            return False
        return self.from_zone is None or zone is None or zone == self.from_zone


def apply_next_spell_effects(game, o, caster, zone=None) -> None:
    """611.2f: effects that modify "the next spell" a player casts begin to apply as that player
    next puts an appropriate spell on the stack (601.2a; cast from `zone`), to that spell only:
    each one that fits is used up on it; the others keep waiting."""
    used = [e for e in game.next_spell if e.fits(caster) and e.fits_spell(o, zone)]
    if used:
        game.next_spell = tuple(e for e in game.next_spell if e not in used)
        game.spell_effects = game.spell_effects + tuple((o.oid, o.moves, e.what) for e in used)


def cast(game, args: dict, offered: bool = False) -> None:
    """Cast a spell (601.2). The caller snapshots the game first and restores it on
    IllegalAction; triggers collected here wait in game.pending. `offered`: cast during the
    resolution of an effect that allows it (608.2g; rules/offered_casts.py)."""
    if not CAST_FIELDS.issuperset(args):
        raise CaseError(f"cast: unknown field(s) {sorted(set(args) - CAST_FIELDS)}")
    label = args.get("card")
    if not isinstance(label, str) or label not in game.labels:
        raise CaseError(f"cast.card: unknown label {label!r}")
    o = game.objs[game.labels[label]]
    name = o.card.name
    caster = args.get("by", o.owner)
    if caster not in game.players:
        raise CaseError(f"cast.by: unknown player {caster!r}")
    zone = o.zone
    frm = args.get("from", zone)
    if frm not in CAST_ZONES:
        raise CaseError(f"cast.from: unknown zone {frm!r}")
    if frm != zone:
        raise IllegalAction("601.2a", f"{name} is in the {zone}, not the {frm}")
    alt = args.get("alternative")
    if alt is not None and alt not in ALTERNATIVES:
        raise CaseError(f"cast.alternative must be one of {ALTERNATIVES}, got {alt!r}")
    sticker = args.get("sticker", False)
    if not isinstance(sticker, bool):
        raise CaseError(f"cast.sticker must be a boolean, got {sticker!r}")
    if o.card.unsupported:
        raise Unsupported(f"unsupported: {name}: {o.card.unsupported}")
    _choose_half(o, args, zone, name)

    if offered:  # a resolving effect allows this very cast (608.2g): zone and timing are fine
        if "Land" in o.card.types:
            raise IllegalAction("305.1", f"{name} is a land: lands are played, not cast")
        fb_options, free_permission = None, True
    else:
        fb_options, free_permission = _permission(game, o, caster, zone, alt, name)
    retrace = not offered and uses_retrace(game, o, caster, zone, alt)
    _check_cant_cast(game, o, caster, name)
    escapes = None
    if alt == "escape":  # the escape costs it has (printed, granted); not flashback costs
        escapes, fb_options = fb_options, None
    fb = fb_options[0] if fb_options else None
    if not free_permission:
        _check_timing(game, o, caster, name)
    card = o.card

    # 601.2a: the card moves to the stack; its caster controls it
    game.move(o, "stack")
    o.controller = caster
    if game.next_spell:
        apply_next_spell_effects(game, o, caster, zone)

    # 601.2b: announce kicker costs, X, alternative cost
    abilities = kicker_abilities(game, card, caster)
    kicks = _announce_kicks(args, abilities, name)
    x = announce_x(args, card, fb, kicks, alt, name)
    if len(kicks) == 1:  # kicked once, the usual kick: what the general case below gives, without its lists
        k = kicks[0]
        sticker_kicked, letters = bool(k.sticker), (k.letter,)
        linked = letters if k.printed else ()
    elif kicks:
        sticker_kicked = any([k.sticker for k in kicks])
        letters = tuple(sorted([k.letter for k in kicks]))
        linked = tuple(sorted([k.letter for k in kicks if k.printed]))
    else:
        sticker_kicked, letters, linked = False, (), ()
    if sticker and not sticker_kicked:
        raise IllegalAction("702.33h", f"{name}: a sticker can be put on it only if its sticker "
                                       "kicker cost is paid")
    modes = announce_modes(card, args.get("modes"), bool(linked), name)  # 601.2b, 700.2a
    conspire = args.get("conspire", False)  # 601.2b: the optional conspire cost (702.78a)
    if not isinstance(conspire, bool):
        raise CaseError(f"cast.conspire must be a boolean, got {conspire!r}")
    if conspire and not card.conspire:
        raise IllegalAction("702.78a", f"{name} has no conspire")
    buyback = announce_buyback(card, args.get("buyback", False), name)  # 601.2b: optional (702.27a)
    blighted = announce_blight(game, card, args.get("blight"), caster, name) if (
        card.blight is not None or "blight" in args) else None  # 601.2b: blight (701.68a)
    # The SpellInfos of a cast are built with positional arguments, in field order: matching a
    # dozen keyword names cost about 4k instructions a call (a twelfth of a cast).
    proto = SpellInfo(letters, linked, x,               # kickers, linked, x
                      (), None, zone, alt, (),          # colors_spent, total_cost, cast_from, alternative, targets
                      False, False, modes)              # sticker, sticker_kicked, modes

    # 601.2c: targets (kicker-only targets exist only if kicked, 702.33g)
    targets = _assign_targets(game, card, proto, args.get("targets", []), caster, o.oid, name)

    # 601.2d: the division of an effect among its targets
    division = _announce_division(game, card, proto, targets, args.get("divide"), name)

    # 601.2f: total cost. With several flashback abilities (printed and granted) the one
    # whose total matches `pay` is used, else the first the pool can pay.
    if alt == "flashback" and len(fb_options) > 1:
        fb = _pick_flashback(game, card, caster, fb_options, kicks, x, args.get("pay"),
                             sum(len(t) for t in targets), targets, buyback)
    if alt == "flashback":
        if fb.mana is None:  # granted "equal to its mana cost" for a card with none (Ancestral Vision)
            raise IllegalAction("118.6", f"{name} has no mana cost: a flashback cost equal to it is unpayable")
        base = fb.mana
    elif alt == "escape":  # 702.138a: its escape cost rather than its mana cost
        escape = escapes[0] if len(escapes) == 1 else _pick_escape(game, card, caster, escapes, kicks, x,
                                                                    args.get("pay"), targets)
        base = escape.mana
    elif alt in ("dash", "blitz"):  # 702.109a, 702.152a: that cost rather than its mana cost
        base = _dash_or_blitz_cost(game, card, caster, alt)
    elif alt == "miracle":  # 702.94a: its miracle cost rather than its mana cost
        if card.miracle is None:
            raise IllegalAction("702.94a", f"{name} has no miracle")
        base = card.miracle
    elif alt == "madness":  # 702.35a-b: its madness cost rather than its mana cost (an alternative cost)
        if card.madness is None:
            raise IllegalAction("702.35a", f"{name} has no madness")
        base = card.madness
    elif alt == "evoke":  # 702.74a: its evoke cost rather than its mana cost
        base = card.evoke.mana
    elif alt in ("without-paying-mana-cost", "printed"):
        base = ZERO
    elif card.cost is None:
        raise IllegalAction("118.6", f"{name} has no mana cost: its cost is unpayable")
    else:
        base = card.cost
    base = add_buyback_cost(base, card, buyback)
    if card.blight is not None:
        base = add_blight_alternative(base, card, blighted)
    player = game.players[caster]
    phyrexian_life = 0
    if base.phyrexian or "phyrexian_life" in args:  # 601.2b: 2 life or colored mana for each, announced
        base, phyrexian_life = announce_phyrexian(args.get("phyrexian_life"), base, "cast", name)
    if base.mono_hybrid:  # 601.2b: how each monocoloured hybrid symbol will be paid, announced
        base = _announce_hybrid(game, card, caster, base, kicks, x, targets, args.get("pay"), player.pool)
    total = total_cost(game, card, caster, base, kicks, x, sum(map(len, targets)), targets)
    life = (fb.life if fb else 0) + (card.alt_cost.life if alt == "printed" else 0) + phyrexian_life
    pays_life = life > 0  # a cost with a life part, even "pay X life" with X = 0 (119.4b)
    additional = card.additional_costs
    if additional and any(getattr(c, "kicker", None) for c in additional):
        # a kicker cost paid with permanents (702.33a): only when that kicker cost is paid (601.2b)
        additional = tuple(c for c in additional if getattr(c, "kicker", None) in (None, *letters))
    if additional and any(isinstance(c, LifeCost) for c in additional):  # "pay X life" (118.8)
        life += sum(c.count(x) for c in additional if isinstance(c, LifeCost))
        additional = tuple(c for c in additional if not isinstance(c, LifeCost))
        pays_life = True
    discard_n = x if (fb is not None and fb.discard_x) else 0

    # 601.2h: pay (mana abilities, 601.2g, were activated by earlier tap_for_mana steps)
    due, delved = total, ()
    pitch_color = _exiled_card_color(card, alt)
    if "delve" in card.keywords and alt != "escape" and not pitch_color:
        due, delved = _delve(game, caster, total, (args.get("choices") or {}).get("exile"), args.get("pay"), name)
    if card.spend_only_from is None:
        paid = _mana_payment(args, _x_paid_with(due, x, card.x_mana), player.pool, caster, name)
    else:  # "Spend only mana produced by creatures to cast this spell" (106.3)
        paid = _pay_only_with_creature_mana(args, _x_paid_with(due, x, card.x_mana), player, caster, card)
    for pick in delved:  # 702.66a: exiled as the total cost is paid
        game.move(pick, "exile")
    if pays_life:
        check_life_payment(game, life, name)
        if player.life < life:
            raise IllegalAction("119.4", f"{caster} can't pay {life} life")
        player.life -= life
    if retrace:
        _discard_a_land_card(game, caster, (args.get("choices") or {}).get("discard"), name)
    if discard_n:
        hand = player.hand
        if len(hand) < discard_n:
            raise IllegalAction("601.2h", f"{caster} can't discard {discard_n} cards")
        actions.discard(game, caster, discard_n, (args.get("choices") or {}).get("discard", []))
    if pitch_color:
        _exile_a_card_from_hand(game, caster, pitch_color, (args.get("choices") or {}).get("exile"), name)
    if alt == "escape":
        _exile_for_escape(game, caster, escape.exile_other, (args.get("choices") or {}).get("exile"), name)
    if additional or alt == "flashback" or conspire:  # else there are none to pay
        permanent_costs = (additional + (fb.permanents if alt == "flashback" else ())
                           + ((CONSPIRE_COST,) if conspire else ()))
        if permanent_costs:  # sacrifice / tap costs: the caster chooses what pays (601.2h)
            pay_permanent_costs(game, caster, permanent_costs, x, args.get("choices") or {}, name, o.colors())
    if blighted is not None:  # 601.2h, 701.68a: N -1/-1 counters on the creature blighted
        pay_blight(game, blighted, card.blight.n)
    if sticker_kicked:  # 702.33h: as an additional cost, you get a ticket counter
        player.counters["ticket"] = player.counters.get("ticket", 0) + sum(
            1 for k in kicks if k.sticker)

    # The spell's SpellInfo: the announcement's, completed with what was decided since (the
    # payment, targets, division, sticker). A new frozen SpellInfo, not the announcement's
    # changed in place: the announcement was seen by this cast's own checks and stays as it was.
    o.spell = SpellInfo(letters, linked, x, colors_of_payment(paid), total, zone, alt, targets,
                        sticker, sticker_kicked, modes, division, buyback, blighted is not None)
    if targets:
        o.stamps = game.stamp(targets)

    # 601.2i: the spell becomes cast (storm counts it, 702.40a)
    game.spells_cast = game.spells_cast + ((o.oid, caster),)
    # 601.2i: the spell becomes cast; cast and kick triggers; the caster gets priority. Only a
    # permanent's triggered ability can trigger on them (emit looks at no other): without one,
    # no event is made (a kicked cast makes two: ~10k of its ~83k instructions).
    if actions.any_triggered_ability(game):
        actions.emit(game, Event("cast", caster, o.oid, o.spell))
        for _ in kicks:
            actions.emit(game, Event("kick", caster, o.oid, o.spell))
        if targets:  # it became the target of this spell (702.21a)
            actions.became_targets(game, caster, targets, o.oid, o.spell)
    if card.triggers and any(trig.event in ("storm", "cast-self") for trig in card.triggers):
        # 702.40a: storm functions on the stack; 702.40b: each instance triggers separately; "When
        # you cast this spell" (a cast trigger of the spell itself, 113.6, 603.2) functions there too
        game.pending.extend((o.oid, trig, Event("cast", caster, o.oid, o.spell))
                            for trig in card.triggers if trig.event in ("storm", "cast-self"))
    if conspire:  # 702.78a: its own cast trigger, from the spell on the stack
        game.pending.extend((o.oid, trig, Event("cast", caster, o.oid, o.spell))
                            for trig in card.triggers if trig.event == "conspired")
