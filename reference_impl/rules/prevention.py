"""Prevention effects (615) and protection (702.16): what stops damage from being dealt, and the
other things protection stops (targets, blocks).

Damage goes through one door, actions.deal_damage (120.4b: dealt as modified by prevention
effects); `prevent` there answers how much of it is left once the prevention effects that exist
now have applied. Prevented damage never happens (615.6): nothing of what dealing it would do
(life loss, marked damage, lifelink, deathtouch) follows.

The prevention effects live in `game.prevention`, a tuple replaced (never mutated) so a snapshot
shares it safely: ("combat",) for "prevent all combat damage that would be dealt this turn", and
("shield", ref, moves, n, source) for "prevent the next n damage that would be dealt to <ref> this turn"
(615.7), `moves` the zone changes of a permanent as it was shielded (400.7: a new object is not
shielded), `source` the object id of the spell that made it (616.1's order names a shield
by its label: rules/replacement.py), and ("chosen-source", player, oid, moves, zone, quality, made_by,
combat_only, leaves) for "the next time a <quality> source of your choice would deal damage to
<player> this turn, prevent that damage" (609.7, 615.8, 615.9): the source as chosen (its object id,
zone changes and zone then: a permanent spell's shield follows it onto the battlefield, 400.7c);
`combat_only` for "would deal combat damage", `leaves` for "prevent all but <leaves> of that damage"
(Forcefield: 0 for all of it). All of them end
in the cleanup step ("this turn", 514.2).

Protection is data too: a `Protection(qualities)` static ability of the permanent itself
("Protection from black and from red", 702.16g: separate abilities) or a keyword "protection from
<quality>" granted until end of turn. A quality is a color word or "creatures" (702.16a: a card
type applies to sources that are permanents of that type and to sources of that type elsewhere),
or a quality over spells only ("spells that are one or more colors": COLORED_SPELLS).
"""

from __future__ import annotations

from dataclasses import dataclass

from ..state.characteristics import grant_sources, keywords, only_own_characteristics
from ..state.game import IllegalAction
from ..state.layers import as_it_is, is_creature
from .context import value

COLOR_OF = {"white": "W", "blue": "U", "black": "B", "red": "R", "green": "G"}
COLOR_WORDS = {c: w for w, c in COLOR_OF.items()}  # a color letter's word: "W" -> "white"
TYPE_OF = {"creatures": "Creature", "artifacts": "Artifact", "enchantments": "Enchantment",
           "instants": "Instant", "sorceries": "Sorcery"}
SUBTYPE_PLURALS = {"Elves": "Elf", "Dwarves": "Dwarf", "Wolves": "Wolf", "Zombies": "Zombie"}
GRANTED = "protection from "
# the steps in which an attacking creature is blocked or unblocked: blockers have been declared (509.1h)
UNBLOCKED_STEPS = ("declare_blockers", "combat_damage", "end_of_combat")


@dataclass(frozen=True)
class Protection:
    """702.16a: "Protection from [quality]" of the permanent itself, one quality per ability;
    `chosen_color`: "protection from the chosen color" (the color chosen as it entered)."""

    qualities: tuple = ()
    chosen_color: bool = False


# 702.16a: a quality over spells only, "protection from spells that are one or more colors"
# (Emrakul, the Aeons Torn): a spell (an object on the stack, 112.1; an ability on the stack is no
# object of game.objs and its source is never the spell) with at least one color (105.2). A colored
# permanent, an ability of one, a colorless spell has not this quality.
COLORED_SPELLS = "spells that are one or more colors"


def has_quality(source, quality: str) -> bool:
    """Whether `source` (a spell, a permanent, an ability's source) has the stated quality."""
    if quality == COLORED_SPELLS:
        return source.zone == "stack" and bool(source.colors())
    color = COLOR_OF.get(quality)
    if color is not None:
        return color in source.colors()
    kind = TYPE_OF.get(quality)
    if kind is not None:
        return kind in source.card.types
    # a subtype, written as a plural ("protection from Demons", 702.16a): "Dragons" -> Dragon
    subtype = SUBTYPE_PLURALS.get(quality, quality[:-1] if quality.endswith("s") else quality)
    return subtype in source.card.subtypes


def _own_qualities(o) -> list:
    """The qualities of `o`'s own Protection abilities (the chosen color's word for "protection
    from the chosen color")."""
    out = []
    for st in o.card.statics:
        if isinstance(st, Protection):
            out.extend(st.qualities)
            color = (o.chosen or {}).get("color") if st.chosen_color else None
            if color:
                out.append(COLOR_WORDS[color])
    return out


def qualities(o, game) -> list:
    """The qualities `o` has protection from: its own Protection abilities and the keywords
    "protection from <quality>" it has now (granted until end of turn or by a static)."""
    out = _own_qualities(o) if o.card.statics else []
    if o.zone == "battlefield":
        # with no "until end of turn" or layered effect and no static ability on the battlefield,
        # keywords(o, game) is keywords(o): its own and those gained as it entered (the usual
        # case: a kicked Kavu Titan's trample), without needs_layers' and grant_sources' passes;
        # otherwise a static ability may grant it protection (an Aura's "Enchanted creature has
        # protection from the chosen color")
        own = only_own_characteristics(game)
        if own and not o.gained:
            return out
        for kw in keywords(o) if own else keywords(o, game):
            if kw.startswith(GRANTED):
                out.append(kw[len(GRANTED):])
    return out


def _qualities_not_from(o, game, aura) -> list:
    """The qualities `o` has protection from by every instance but the static abilities of `aura`
    (702.16n: "If the creature has other instances of protection from the same quality, those
    instances affect Auras as normal")."""
    out = _own_qualities(o)
    granted = set(o.gained)
    for oid, _, _, kws, _ in game.eot:
        if oid == o.oid:
            granted.update(kws)
    for s, st in grant_sources(game):
        if s.oid != aura.oid:
            granted.update(st.grant_for(game, s, o))
    out.extend(kw[len(GRANTED):] for kw in granted if kw.startswith(GRANTED))
    return out


def repels_aura(game, host, aura) -> bool:
    """702.16c: an Aura with a quality `host` has protection from is put into its owner's graveyard
    (a state-based action, 704.5m), unless the protection is the Aura's own and it says "This effect
    doesn't remove this Aura" (702.16n: another instance of the same protection still removes it)."""
    if not protected_from(host, aura, game):
        return False
    if not any(getattr(st, "doesnt_remove_this", False) for st in aura.card.statics):
        return True
    seen = as_it_is(game, aura)  # its colors as the layers make them (105.3)
    return any(has_quality(seen, q) for q in _qualities_not_from(host, game, aura))


def protected_from(o, source, game) -> bool:
    """702.16b/e/f: `o` has protection from a quality `source` has, with the colors and types the
    layers give a permanent source now (an Equipment made red by Shifting Sky is red, 105.3)."""
    if source is None:
        return False
    found = qualities(o, game)
    if not found:  # most permanents have none
        return False
    source = as_it_is(game, source)
    return any(has_quality(source, q) for q in found)


# ---------------------------------------------------------------- damage (615, 702.16e)

@dataclass(frozen=True)
class DamageCantBePrevented:
    """"Damage that would be dealt by this creature can't be prevented." (615.12, a static ability
    of the source: no prevention effect or protection applies to its damage)."""


@dataclass(frozen=True)
class YourCreaturesCombatDamageCantBePrevented:
    """"Combat damage that would be dealt by creatures you control can't be prevented." (615.12, a
    static ability of a permanent: for the combat damage of every creature its controller controls,
    the permanent itself included)."""


def _your_combat_damage_unpreventable(game, source) -> bool:
    """Whether `source` deals combat damage now and a permanent of its controller says that combat
    damage can't be prevented."""
    if not game.combat_damage or source is None or source.zone != "battlefield" or not is_creature(game, source):
        return False
    objs = game.objs
    for oid in game.battlefield:
        p = objs[oid]
        if p.controller == source.controller and p.card.statics and any(
                isinstance(st, YourCreaturesCombatDamageCantBePrevented) for st in p.card.statics):
            return True
    return False


def _cant_be_prevented(source) -> bool:
    statics = getattr(getattr(source, "card", None), "statics", ())
    return bool(statics) and any(isinstance(st, DamageCantBePrevented) for st in statics)


def prevent(game, source, ref, amount: int) -> int:
    """The damage left of `amount` that `source` would deal to `ref` (a player's name or an
    object id) once the prevention effects apply (615.1). Protection prevents all damage from a
    source with its quality (702.16e); "prevent all combat damage" all combat damage; a shield
    on `ref` up to its remaining amount, reduced by what it prevents (615.7). Damage that can't
    be prevented (615.12) is dealt in full and reduces no shield."""
    if amount <= 0 or game.unpreventable:
        return amount
    if source is not None and source.card.statics and _cant_be_prevented(source):  # a static says so
        return amount
    if game.combat_damage and _your_combat_damage_unpreventable(game, source):  # Questing Beast's static
        return amount
    if not isinstance(ref, str):
        o = game.objs.get(ref)
        # protection needs qualities: a Protection static of its own, or a keyword gained as it
        # entered, from an "until end of turn" effect or from another permanent's static ability
        # (an Aura's "Enchanted creature has protection from the chosen color")
        if o is not None and o.zone == "battlefield" and (
                (source is not None and (o.card.statics or o.gained or game.eot or game.layered
                                         or grant_sources(game)) and protected_from(o, source, game))
                or _statically_prevented(game, source, o)):
            return 0
    elif _statically_prevented(game, source, None):
        return 0
    effects = game.prevention
    if not effects:
        return amount
    if game.combat_damage and ("combat",) in effects:
        return 0
    for e in effects:  # "prevent all damage that would be dealt this turn to you and creatures you control"
        if e[0] == "all-to" and (ref == e[1] or (not isinstance(ref, str) and ref in game.objs
                                                 and game.objs[ref].zone == "battlefield"
                                                 and game.objs[ref].controller == e[1]
                                                 and is_creature(game, game.objs[ref]))):
            return 0
        if e[0] == "all-to-object" and e[1] == ref and game.objs[ref].moves == e[2]:
            return 0
    if source is not None:
        for e in effects:  # "the next time a red source of your choice would deal damage to you"
            if (e[0] == "chosen-source" and source_shield_protects(game, e, ref)
                    and chosen_source_applies(game, e, source)):
                return use_source_shield(game, e, amount)
    moves = None if isinstance(ref, str) else getattr(game.objs.get(ref), "moves", None)
    kept = []
    for e in effects:
        if amount and e[0] == "shield" and e[1] == ref and e[2] == moves:
            used = min(e[3], amount)
            amount -= used
            count_prevented(game, e, used)
            if e[3] > used:
                kept.append(e[:3] + (e[3] - used,) + e[4:])
            continue  # a used-up shield is gone
        kept.append(e)
    game.prevention = tuple(kept)
    return amount


def count_prevented(game, e, used: int) -> None:
    """A shield that counts the damage it prevents ("for each 1 damage prevented this way": its
    entry's sixth item, the tally) records `used` (615.7: what it prevented of this event)."""
    if used and len(e) > 5 and e[5] is not None:
        game.prevented_by = game.prevented_by + ((e[5], used),)


def prevented_this_way(game, tally) -> int:
    """The damage the shields of `tally` have prevented so far."""
    return sum(n for t, n in game.prevented_by if t == tally)


@dataclass(frozen=True)
class PreventsDamage:
    """A static prevention effect of a permanent (615.1a: on while its source is on the
    battlefield): "Prevent all [combat] damage that would be dealt to [this creature |
    [attacking] creatures [you control]] [by creatures]" and "... dealt by this creature"
    (Bubble Matrix, Dolmen Gate, Fog Bank). `to` / `by`: "self" (this permanent), "creatures"
    (any creature) or None (anything); `attacking` and `you_control` narrow the creatures dealt
    damage."""

    to: str | None = None
    by: str | None = None
    combat_only: bool = False
    attacking: bool = False     # "attacking creatures"
    you_control: bool = False   # "creatures you control"
    your_turn: bool = False     # "during your turn": while its controller is the active player

    def prevents(self, game, src, source, recipient) -> bool:
        if self.combat_only and not game.combat_damage:
            return False
        if self.your_turn and game.active != src.controller:
            return False
        if self.to == "self" and (recipient is None or recipient.oid != src.oid):
            return False
        if self.to == "creatures" and (recipient is None or not is_creature(game, recipient)):
            return False
        if self.attacking and (recipient is None or game.attacking(recipient.oid) is None):
            return False
        if self.you_control and (recipient is None or recipient.controller != src.controller):
            return False
        if self.by == "self" and (source is None or source.oid != src.oid):
            return False
        if self.by == "creatures" and (source is None or source.zone != "battlefield"
                                       or not is_creature(game, source)):
            return False
        return True


def _statically_prevented(game, source, recipient) -> bool:
    """Whether a static prevention effect of a permanent on the battlefield prevents the damage
    `source` would deal to `recipient` (a permanent, or None for a player)."""
    objs = game.objs
    for sid in game.battlefield:
        src = objs[sid]
        statics = src.card.statics
        if statics:
            for st in statics:
                if isinstance(st, PreventsDamage) and st.prevents(game, src, source, recipient):
                    return True
    return False


# ---------------------------------------------------------------- effects that make them

@dataclass(frozen=True)
class PreventCombatDamageThisTurn:
    """"Prevent all combat damage that would be dealt this turn." (615.1, 510.2)"""

    def apply(self, ctx):
        game = ctx.game
        if ("combat",) not in game.prevention:
            game.prevention += (("combat",),)


@dataclass(frozen=True)
class PreventAllDamageToThisTurn:
    """"Prevent all damage that would be dealt this turn to you and creatures you control."
    (615.1; 615.3: it lasts until the turn ends)"""

    who: object

    def apply(self, ctx):
        for p in self.who(ctx):
            if isinstance(p, str):
                ctx.game.prevention += (("all-to", p),)


@dataclass(frozen=True)
class PreventAllDamageToThisTurnOf:
    """"Prevent all damage that would be dealt to target creature this turn." (615.1, 615.3) for
    the permanents a selector picks, as the objects they are now (400.7)."""

    what: object

    def apply(self, ctx):
        game = ctx.game
        for ref in self.what(ctx):
            o = game.objs.get(ref) if not isinstance(ref, str) else None
            if o is not None and o.zone == "battlefield":
                game.prevention += (("all-to-object", o.oid, o.moves),)


@dataclass(frozen=True)
class PreventNextDamage:
    """"Prevent the next N damage that would be dealt to <to> this turn." (615.7): one shield on
    each of `to`'s players and permanents. With `tally` (a key the resolving effect makes), each
    shield counts the damage it prevents under it (game.prevented_by), for "for each 1 damage
    prevented this way"."""

    amount: int
    to: object

    def apply(self, ctx, tally=None):
        game = ctx.game
        made_by = None if ctx.source is None else ctx.source.oid  # the label 616.1's order names it by
        extra = () if tally is None else (tally,)
        for ref in self.to(ctx):
            if isinstance(ref, str):
                game.prevention += (("shield", ref, None, self.amount, made_by) + extra,)
                continue
            o = game.objs.get(ref)
            if o is not None and o.zone == "battlefield":
                game.prevention += (("shield", ref, o.moves, self.amount, made_by) + extra,)


def has_chosen_quality(game, source, quality: str) -> bool:
    """The quality a chosen source must have ("a red source of your choice"), as the layers give
    it now (a permanent turned blue is no red source, 613.1e): as it is chosen, and again as it
    would deal damage (609.7b, 615.9)."""
    if quality == "unblocked creature":  # Forcefield: an attacking creature no blocker was declared for (509.1h)
        return (source.zone == "battlefield" and "Creature" in as_it_is(game, source).card.types
                and game.attacking(source.oid) is not None and game.step in UNBLOCKED_STEPS
                and source.oid not in game.blocked)
    return has_quality(as_it_is(game, source), quality)


def source_shield_protects(game, e, ref) -> bool:
    """Whether the chosen-source shield `e` is for damage dealt to `ref`: "would deal damage to
    you" is the player, not the permanents that player controls (609.7)."""
    return ref == e[1]


def chosen_source_applies(game, e, source) -> bool:
    """Whether the chosen-source shield `e` applies to damage `source` is dealing, combat damage or
    not (609.7a): `source` is the object chosen (400.7: not a new object it became), or the
    permanent a chosen permanent spell became as it resolved (609.7a, 400.7c); and it still has the
    quality the effect names (609.7b, 615.9: rechecked as the damage would be dealt; if not, the
    damage is dealt and the shield stays)."""
    oid, moves, zone, quality, _made_by, combat_only = e[2:8]
    if combat_only and not game.combat_damage:  # "would deal combat damage"
        return False
    return chosen_or_last_known(game, source, oid, moves, zone) and chosen_source_rechecked(game, source, quality)


def is_chosen_source(source, oid, moves, zone) -> bool:
    """Whether `source` is the object chosen as a source of damage (its id, zone changes and zone
    as chosen): that very object (400.7: not a new object it became), or the permanent a chosen
    permanent spell became as it resolved (609.7a, 400.7c)."""
    if source.oid != oid:
        return False
    return source.moves == moves or (zone == "stack" and source.zone == "battlefield"
                                     and source.moves == moves + 1)


def chosen_source_rechecked(game, source, quality: str) -> bool:
    """609.7b: "When the source would deal damage, the 'shield' rechecks the source's properties.
    If the properties no longer match, the damage isn't prevented" (and the shield stays)."""
    return has_chosen_quality(game, source, quality)


def use_source_shield(game, e, amount: int) -> int:
    """615.8: the next instance of damage from the source is prevented, however much it is (the
    damage left: none, or the shield's `leaves` for "all but 1 of that damage"), and the shield is
    used up: later damage from it is dealt normally."""
    game.prevention = tuple(x for x in game.prevention if x is not e)
    return min(amount, e[8])  # "prevent all but 1 of that damage": 1 is dealt


def damage_source_choices(game) -> list:
    """The objects a player may choose as a source of damage (609.7a), each as its id: the
    permanents and the spells on the stack (a permanent spell included), and the objects a
    spell or ability on the stack targets wherever they are. Not modelled: objects referred to
    otherwise, or by a waiting prevention effect or delayed trigger, and the command zone (the
    engine has none)."""
    out = list(game.battlefield) + [s for s in game.stack if isinstance(s, int)]  # (abilities aren't objects)
    for item in game.stack:
        stamps = item.stamps if not isinstance(item, int) else game.objs[item].stamps
        for oid in (oid for oid, _ in stamps) if isinstance(stamps, tuple) else (stamps or {}):
            if oid not in out and oid in game.objs:
                out.append(oid)
    return out


def choose_damage_source(ctx, quality: str | None = None):
    """The source of damage the resolving effect's controller chooses as the effect is created
    (609.7a): the step's `damage_source` choice, else the first legal one; None when there is
    none to choose. `quality`: the source must have it ("a red source of your choice"). Choosing
    an object that can't be a source of damage, or lacks the quality, is illegal."""
    game = ctx.game
    legal = [oid for oid in damage_source_choices(game)
             if quality is None or has_chosen_quality(game, game.objs[oid], quality)]
    label = ctx.choices.get("damage_source")
    if label is None:
        return game.objs[legal[0]] if legal else None
    oid = game.labels[label]
    o = game.objs[oid]
    if oid not in damage_source_choices(game):
        raise IllegalAction("609.7a", f"{label} ({o.card.name} in a {o.zone}) can't be chosen "
                                      "as a source of damage")
    if oid not in legal:
        raise IllegalAction("609.7a", f"{label} ({o.card.name}) is not a {quality} source")
    return o


@dataclass(frozen=True)
class PreventNextFromChosenSource:
    """"The next time a <quality> source of your choice would deal damage to you this turn,
    prevent that damage." (609.7, 615.8, 615.9): the source is chosen as the effect is created,
    on resolution (609.7a; the step's `damage_source` choice, else the first legal one, else
    none); choosing an object that can't be a source of damage or lacks the quality is illegal.
    Forcefield's "The next time an unblocked creature of your choice would deal combat damage to
    you this turn, prevent all but 1 of that damage." is the quality "unblocked creature" with
    `combat_only` and `leaves=1`."""

    quality: str
    to: object
    combat_only: bool = False  # "would deal combat damage to you"
    leaves: int = 0            # "prevent all but 1 of that damage" (Forcefield): 1

    def apply(self, ctx):
        game = ctx.game
        o = choose_damage_source(ctx, self.quality)
        if o is None:
            return  # no such source to choose: the effect prevents nothing
        oid = o.oid
        made_by = None if ctx.source is None else ctx.source.oid
        for p in self.to(ctx):
            game.prevention += (("chosen-source", p, oid, o.moves, o.zone, self.quality, made_by,
                                 self.combat_only, self.leaves),)


@dataclass(frozen=True)
class CantBePrevented:
    """"... and the damage can't be prevented" (615.12) when `condition` holds: `effect`'s damage
    is dealt whatever the prevention effects, which it doesn't use up."""

    effect: object
    condition: object

    def apply(self, ctx):
        if not self.condition(ctx):
            self.effect.apply(ctx)
            return
        game = ctx.game
        game.unpreventable = True
        try:
            self.effect.apply(ctx)
        finally:
            game.unpreventable = False


# ---------------------------------------------------------------- "damage can't be prevented" for all damage (615.12)

CANT_BE_PREVENTED_THIS_TURN = ("cant-be-prevented",)  # the entry in game.prevention (ends with the turn, 514.2)


@dataclass(frozen=True)
class NoDamageCanBePrevented:
    """"Damage can't be prevented." (Leyline of Punishment): a static ability of a permanent, for all
    damage from any source to any recipient while the permanent is on the battlefield (615.12)."""


def damage_cant_be_prevented(game) -> bool:
    """Whether all damage dealt now can't be prevented (615.12): an effect of a resolved spell for the
    turn ("damage can't be prevented this turn", CANT_BE_PREVENTED_THIS_TURN in game.prevention) or
    a permanent's static ability (NoDamageCanBePrevented). Then no prevention effect prevents
    anything and no shield is reduced; redirection effects still apply (they don't prevent)."""
    if CANT_BE_PREVENTED_THIS_TURN in game.prevention:
        return True
    objs = game.objs
    for oid in game.battlefield:
        statics = objs[oid].card.statics
        if statics and any(isinstance(st, NoDamageCanBePrevented) for st in statics):
            return True
    return False


@dataclass(frozen=True)
class DamageCantBePreventedThisTurn:
    """"[If <condition>,] damage can't be prevented this turn." (Wild Slash's ferocious): from the
    moment the spell's instruction is followed until the turn ends (514.2), all damage, from any
    source, can't be prevented (615.12). `condition`: checked as the instruction is followed (608.2c)."""

    condition: object = None

    def apply(self, ctx):
        game = ctx.game
        if self.condition is not None and not self.condition(ctx):
            return
        if CANT_BE_PREVENTED_THIS_TURN not in game.prevention:
            game.prevention += (CANT_BE_PREVENTED_THIS_TURN,)


@dataclass(frozen=True)
class PreventNextDamageDivided:
    """"Prevent the next N damage that would be dealt this turn to any number of targets, divided as
    you choose." (Pollen Remedy): the caster announces the division as the spell is cast (601.2d:
    each target at least 1, the shares adding up to N; SpellInfo.division, all of it for a single
    target), and each target gets a shield of its share (615.7), as the object it is now (400.7).
    A target illegal on resolution gets nothing, and its share goes to no other target (608.2b)."""

    amount: object
    to: object  # a Targets selector: its `spec` is the target spec divided among
    divides = True  # rules.casting: the effect whose amount the caster divides (601.2d)

    def apply(self, ctx):
        game = ctx.game
        chosen = ctx.targets.chosen(self.to.spec)
        legal = set(ctx.targets.legal(self.to.spec))
        shares = ctx.info.division or (value(self.amount, ctx),) * (len(chosen) == 1)
        made_by = None if ctx.source is None else ctx.source.oid
        for ref, share in zip(chosen, shares):
            if ref not in legal or share <= 0:
                continue
            if isinstance(ref, str):
                game.prevention += (("shield", ref, None, share, made_by),)
                continue
            o = game.objs.get(ref)
            if o is not None and o.zone == "battlefield":
                game.prevention += (("shield", ref, o.moves, share, made_by),)


def chosen_or_last_known(game, source, oid, moves, zone) -> bool:
    """is_chosen_source, or `source` is the chosen permanent as it last existed on the battlefield
    (608.2h, 113.7a): a permanent chosen as a source of damage that left the battlefield and deals
    damage by its leaves-the-battlefield ability (Magma Phoenix's "When this creature dies, it
    deals 3 damage ...") deals it as that permanent (609.7a). Such last known information is a
    copy of the object, not the object itself (the card in the graveyard, a new object, 400.7)."""
    if is_chosen_source(source, oid, moves, zone):
        return True
    return (zone == "battlefield" and source.oid == oid and source.moves == moves + 1
            and game.objs.get(oid) is not source)
