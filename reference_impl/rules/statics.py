"""Static abilities as data: cost modifiers (601.2f), P/T boosts and granted keywords (613),
casting permissions and restrictions (101.2), granted kicker, and the replacement effects that
modify how a permanent enters (614.1c-d, 614.12). Triggered, activated and mana abilities are in
rules/abilities.py."""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass

from ..state.characteristics import KEYWORD_TRIGGERS
from ..state.layers import card_types, seen_as
from ..state.mana import Cost
from .prevention import COLOR_WORDS

# ---------------------------------------------------------------- static abilities


@dataclass(frozen=True)
class CostModifier:
    """Spells [of some types / colours / subtypes, with mana value >= n] [you cast | your
    opponents cast] cost {amount} more (amount > 0) or less (< 0), [for each `per`]
    [during your turn] [that target this permanent]. `per` counts for the source's controller
    (a filters.Count or PlayerCounters)."""

    amount: int
    types_any: tuple = ()
    types_not: tuple = ()
    yours: bool = False
    opponents: bool = False
    colors_any: tuple = ()
    subtypes_any: tuple = ()
    min_mv: int | None = None
    per: object = None
    your_turn: bool = False
    targeting_source: bool = False  # "Spells ... that target this creature" (601.2f after 601.2c)
    targeting_enchanted_player: bool = False  # "Spells ... that target enchanted player" (an Aura's, 303.4)
    color: str | None = None  # "cost {W} more": mana of this type (W U B R G), not generic

    def applies(self, src, spell_card, caster, chosen=()) -> bool:
        if self.yours and src.controller != caster:
            return False
        if self.opponents and src.controller == caster:
            return False
        if self.targeting_source and not any(src.oid in group for group in chosen):
            return False
        if self.targeting_enchanted_player and (src.attached is None
                                                or not any(src.attached in group for group in chosen)):
            return False
        if self.types_any and not any(t in spell_card.types for t in self.types_any):
            return False
        if self.colors_any and not any(c in spell_card.colors for c in self.colors_any):
            return False
        if self.subtypes_any and not any(t in spell_card.subtypes for t in self.subtypes_any):
            return False
        if self.min_mv is not None and (spell_card.cost is None
                                        or spell_card.cost.mana_value(0) < self.min_mv):
            return False
        return not any(t in spell_card.types for t in self.types_not)

    def amount_for(self, game, src) -> int:
        if self.your_turn and game.active != src.controller:
            return 0
        if self.per is None:
            return self.amount
        return self.amount * self.per.count(game, src.controller, src)


@dataclass(frozen=True)
class LoyaltyCostModifier:
    """"Planeswalkers' loyalty abilities you activate cost an additional [+1] to activate."
    (Carth the Lion): an additional cost to add (amount > 0) or remove (< 0) loyalty counters,
    for the loyalty abilities of planeswalkers the source's controller activates (606.4: "This
    cost may be modified by other effects"; 606.5: combined with the printed one)."""

    amount: int


@dataclass(frozen=True)
class SelfCostModifier:
    """"This spell costs {n} less/more to cast [if <condition>] [for each <count>]" (601.2f),
    or {n} more for each target beyond the first (`per_extra_target`). Conditions and counts
    are about the caster's board (filters.AtLeast / Count ...)."""

    amount: int
    condition: object = None
    per: object = None
    per_extra_target: bool = False
    color: str | None = None  # "costs {G} less for each ...": mana of this type, not generic

    def amount_for(self, game, caster, n_targets: int) -> int:
        if self.condition is not None and not self.condition.holds(game, caster):
            return 0
        if self.per_extra_target:
            return self.amount * max(0, n_targets - 1)
        if self.per is not None:
            return self.amount * self.per.count(game, caster)
        return self.amount


@dataclass(frozen=True)
class CantBeCountered:
    """"This spell can't be countered" (a countering effect leaves it on the stack)."""

    cant_be_countered: bool = True


@dataclass(frozen=True)
class KeywordGrant:
    """"[Creatures / Golems] you control [with a +1/+1 counter on them] have <keywords>"; with
    `not_your_turn`: "As long as it's not your turn, ..." (611.3a: checked at every moment)."""

    keywords: tuple
    filter: object  # filters.Filter (battlefield, whose relative to the source's controller)
    not_your_turn: bool = False
    # 113.6b: "As long as this card is in your graveyard ...": the zone it functions in (a card there
    # is a source of it: state.layers.graveyard_holders; "you" is its owner, 109.5)
    functions_in: str = "battlefield"
    condition: object = None  # "... and you control a Swamp" (filters.AtLeast, for the source's controller)

    def grant_for(self, game, src, o) -> tuple:
        if o.zone != "battlefield" or src.zone != self.functions_in:
            return ()
        if self.filter.whose == "you" and o.controller != src.controller:
            return ()
        if self.not_your_turn and game.active == src.controller:
            return ()
        if self.condition is not None and not self.condition.holds(game, src.controller, src):
            return ()
        return self.keywords if self.filter.matches(game, o, src) else ()

    @property
    def grants_triggers(self) -> bool:
        """A granted keyword that is a triggered ability (undying, 702.93a): see
        state.characteristics.granted_triggers."""
        return not KEYWORD_TRIGGERS.keys().isdisjoint(self.keywords)

    def grant_triggers_for(self, game, src, o) -> tuple:
        return tuple(k for k in self.grant_for(game, src, o) if k in KEYWORD_TRIGGERS)


@dataclass(frozen=True)
class SpellsHaveKeyword:
    """"Instant and sorcery spells you control have <keywords>." (Soulfire Grand Master: lifelink,
    which works from the stack, 702.15d): the spells of those types its controller controls have
    them (state.characteristics.has_keyword asks `grant_spell_for` of a spell on the stack)."""

    keywords: tuple
    types_any: tuple

    def grant_spell_for(self, game, src, o) -> tuple:
        if o.controller != src.controller or not any(t in o.card.types for t in self.types_any):
            return ()
        return self.keywords


@dataclass(frozen=True)
class CardsYouOwnHaveKeyword:
    """"Creature cards you own that aren't on the battlefield have flash." (Teferi, Mage of Zhalfir):
    a static ability of a permanent that affects cards in other zones (611.3a): cards its controller
    owns, of one of `types_any`, in a hand, library, graveyard or exile (a spell on the stack is cast
    already) have `keywords` (state.characteristics.card_keywords asks `grant_card_for`)."""

    keywords: tuple
    types_any: tuple

    def grant_card_for(self, game, src, o) -> tuple:
        if o.owner != src.controller or o.zone in ("battlefield", "stack"):
            return ()
        if not any(t in o.card.types for t in self.types_any):
            return ()
        return self.keywords


@dataclass(frozen=True)
class OpponentsCastOnlyAsSorcery:
    """"Each opponent can cast spells only any time they could cast a sorcery." (Teferi, Mage of
    Zhalfir): its controller's opponents cast spells only with priority in a main phase of their own
    turn with an empty stack (307.5), instants and spells with flash included; its controller is not
    affected (rules.casting._check_timing asks `sorcery_only_for`)."""

    def sorcery_only_for(self, src, caster: str) -> bool:
        return caster != src.controller


@dataclass(frozen=True)
class CantHaveCounters:
    """"This creature can't have counters put on it." Neither while it is on the battlefield nor
    as it enters with them (122.6): an effect that would put counters on it puts none
    (rules.replacement.put_counters asks `no_counters`)."""

    no_counters: bool = True


@dataclass(frozen=True)
class TriggersAdditionalTime:
    """603.2d: "If <a creature dying / an artifact or creature entering / a permanent entering>
    causes a triggered ability of a permanent you control to trigger, that ability triggers an
    additional time." `cause`: "dies" or "enters"; `types_any`: the card types of the object dying
    or entering that count (empty: any permanent). Triggered abilities of permanents only: never
    a delayed one (603.2d); each such ability adds one time (two Teysas: three times)."""

    cause: str
    types_any: tuple = ()

    def extra_for(self, src, cause: str, trigger_source, obj) -> int:
        """How many additional times a triggered ability of `trigger_source` (as it was) triggers
        because `obj` (as it was) died or entered; `src` is this ability's permanent."""
        if cause != self.cause or trigger_source.controller != src.controller:
            return 0
        if self.types_any and not any(t in obj.card.types for t in self.types_any):
            return 0
        return 1


def additional_times(pairs, cause: str, trigger_source, obj) -> int:
    """603.2d: the additional times from the (permanent, static) `pairs` that apply."""
    return sum(st.extra_for(s, cause, trigger_source, obj) for s, st in pairs)


@dataclass(frozen=True)
class MinimumCost:
    """"each spell that would cost less than N mana to cast costs N mana" (while untapped);
    the difference is generic mana. It acts on the total cost after increases and reductions
    (601.2f), whatever the base cost was: alternative costs and free casts included."""

    amount: int
    while_untapped: bool = True


@dataclass(frozen=True)
class PTBoost:
    """[Other] creatures with one of `subtypes` [you control] get +n/+n, n a constant or the
    number of `per_counter` counters on the source."""

    subtypes: tuple
    other: bool = False
    you_control: bool = False
    per_counter: str | None = None
    amount: int = 1

    def boost_for(self, game, src, o):
        if self.other and o.oid == src.oid:
            return 0, 0
        if self.you_control and o.controller != src.controller:
            return 0, 0
        if "Creature" not in o.card.types or not any(s in o.card.subtypes for s in self.subtypes):
            return 0, 0
        n = src.counters.get(self.per_counter, 0) if self.per_counter else self.amount
        return n, n


@dataclass(frozen=True)
class SelfBoostWhile:
    """"This creature gets +p/+t as long as you control a [Forest]." (611.3a): `condition` is a
    board condition (filters.AtLeast) about the creature's controller."""

    condition: object
    power: int = 0
    toughness: int = 0

    def boost_for(self, game, src, o):
        if o.oid != src.oid or not self.condition.holds(game, src.controller, src):
            return 0, 0
        return self.power, self.toughness


@dataclass(frozen=True)
class EnchantedGets:
    """"Enchanted creature gets +p/+t [and has <keywords>]" (613.4c, layer 6): a static ability of
    an Aura, for the object it enchants (303.4); of an Equipment, "Equipped creature gets ..." for
    the creature it is attached to (301.5a). `cant_be_blocked`: "[it] can't be blocked" (509.1b)."""

    power: int = 0
    toughness: int = 0
    keywords: tuple = ()
    triggers: tuple = ()  # triggered abilities it has: "and has 'When this creature dies, ...'" (613.1f)
    subtypes: tuple = ()  # "and is an Angel in addition to its other types" (layer 4, 205.1b)
    # "has protection from the chosen color" (the color the Aura's controller chose as it entered)
    protection_from_chosen_color: bool = False
    # "This effect doesn't remove this Aura." (702.16n: its own protection doesn't put it into the graveyard)
    doesnt_remove_this: bool = False
    cant_be_blocked: bool = False
    # "has protection from the colors of permanents you control" (Pledge of Loyalty): read as the
    # layers make those permanents' colors (layer 5, before this layer-6 effect)
    protection_from_your_colors: bool = False

    def cant_be_blocked_for(self, game, src, o) -> bool:
        return self.cant_be_blocked and self._enchants(game, src, o)

    def _enchants(self, game, src, o) -> bool:
        attached = game.objs[src.oid].attached if src.oid in game.objs else None
        return type(attached) is tuple and attached[0] == o.oid and game.objs[o.oid].moves == attached[1]

    def boost_for(self, game, src, o):
        if (self.power or self.toughness) and self._enchants(game, src, o):
            return self.power, self.toughness
        return 0, 0

    def grant_for(self, game, src, o) -> tuple:
        if self.protection_from_your_colors:
            if not self._enchants(game, src, o):
                return ()
            have = set()
            for oid in game.battlefield:
                p = game.objs[oid]
                if p.controller == src.controller:
                    have.update(seen_as(game, p).colors())
            return self.keywords + tuple(f"protection from {COLOR_WORDS[c]}" for c in "WUBRG" if c in have)
        if self.protection_from_chosen_color:
            color = (src.chosen or {}).get("color")
            granted = self.keywords + ((f"protection from {COLOR_WORDS[color]}",) if color else ())
            return granted if self._enchants(game, src, o) else ()
        return self.keywords if self.keywords and self._enchants(game, src, o) else ()

    def subtypes_for(self, game, src, o) -> tuple:
        return self.subtypes if self.subtypes and self._enchants(game, src, o) else ()

    @property
    def grants_triggers(self) -> bool:
        return bool(self.triggers) or not KEYWORD_TRIGGERS.keys().isdisjoint(self.keywords)

    def grant_triggers_for(self, game, src, o) -> tuple:
        if not self._enchants(game, src, o):
            return ()
        return self.triggers + tuple(k for k in self.keywords if k in KEYWORD_TRIGGERS)


@dataclass(frozen=True)
class SelfBoostPer:
    """"This creature gets +1/+1 for each <count>" (611.3a, layer 7c): `count` a filters.Count for
    the creature's controller."""

    count: object
    power: int = 1
    toughness: int = 1

    def boost_for(self, game, src, o):
        if o.oid != src.oid:
            return 0, 0
        n = self.count.count(game, src.controller, src)
        return self.power * n, self.toughness * n


@dataclass(frozen=True)
class SelfKeywordsWhile:
    """"This creature has <keywords> as long as <condition>" (611.3a, layer 6): `condition` is a
    condition about the creature's controller (filters.AtLeast, HandAtMost)."""

    keywords: tuple
    condition: object

    def grant_for(self, game, src, o) -> tuple:
        if o.oid != src.oid or not self.condition.holds(game, src.controller, src):
            return ()
        return self.keywords


@dataclass(frozen=True)
class CameUnderYourControlSinceYourLastUpkeep:
    """Echo's condition (702.30a): "if this permanent came under your control since the beginning
    of your last upkeep". It is asked in its controller's upkeep: the permanent was not under their
    control continuously since their previous turn began (no player acts in an untap step, so that
    is the same moment as the beginning of their last upkeep; in their first turn every permanent
    they control came under their control since)."""

    def __call__(self, ctx) -> bool:
        src, game = ctx.source, ctx.game
        return (src is not None and src.controller == game.active
                and (src.oid, src.moves) in game.arrived)


@dataclass(frozen=True)
class CreatureDiedThisTurn:
    """Morbid's condition (an ability word, 207.2c): "if a creature died this turn"."""

    def __call__(self, ctx) -> bool:
        return ctx.game.died_this_turn > 0


@dataclass(frozen=True)
class TokensDoubled:
    """"If an effect would create one or more tokens under your control, it creates twice that
    many of those tokens instead." (a replacement effect, 614.1a; each one doubles again, 616.1)."""

    tokens_doubled: bool = True


def tokens_to_create(game, player: str, n: int) -> int:
    """How many tokens an effect that would create `n` tokens under `player`'s control creates:
    each "create twice that many" replacement effect of that player doubles again (614.1a,
    616.1f), whether the tokens are named ones or copies of a permanent (111.1, 707.2)."""
    doublers = sum(1 for oid in game.battlefield if game.objs[oid].controller == player
                   for st in game.objs[oid].card.statics if isinstance(st, TokensDoubled))
    return n * 2 ** doublers


@dataclass(frozen=True)
class DamageBecomesCounters:
    """"If damage would be dealt to this creature, put that many +1/+1 counters on it instead."
    (a replacement effect of the creature itself, 614.1a)"""

    counters_instead: bool = True


@dataclass(frozen=True)
class CantBlock:
    """"This creature can't block." (509.1a: it is not among the creatures that may block)"""

    cant_block: bool = True


@dataclass(frozen=True)
class LoseAllAbilitiesInZone:
    """"Cards in graveyards lose all abilities." (Yixlid Jailer): a static ability of a permanent
    whose effect applies to objects in another zone (layer 6, 613.1f; 611.3a: to whatever card is
    there at any moment, and to nothing once its source has left the battlefield). Cards, not
    permanents: the battlefield is never affected, and a card that leaves the zone has its
    abilities again (400.7)."""

    zone: str = "graveyard"

    def strips(self, game, src, o) -> bool:
        return o.zone == self.zone and not o.token


@dataclass(frozen=True)
class CantBlockPowerAtLeast:
    """"This creature can't block creatures with power N or greater." (509.1b)"""

    power: int


@dataclass(frozen=True)
class CantBeBlockedByPowerAtMost:
    """"This creature can't be blocked by creatures with power N or less." (509.1b)"""

    power: int


@dataclass(frozen=True)
class CantBeBlockedExceptBy:
    """"[Subtype]s can't be blocked except by [subtype]s" (509.1b): a static ability for every
    creature of the subtype, whoever controls it."""

    subtype: str


@dataclass(frozen=True)
class HandAtMost:
    """A condition on a player's hand: at most `n` cards in it (hellbent: no cards, n=0)."""

    n: int = 0

    def holds(self, game, player, source=None) -> bool:
        return len(game.players[player].hand) <= self.n


@dataclass(frozen=True)
class SelfBoostWhileAnyControls:
    """"This creature gets +p/+t as long as any player controls a [color] permanent." (611.3a:
    a static ability of the creature itself, on while the condition holds)."""

    color: str
    power: int = 0
    toughness: int = 0

    def boost_for(self, game, src, o):
        if o.oid != src.oid:
            return 0, 0
        if any(self.color in game.objs[sid].colors() for sid in game.battlefield):
            return self.power, self.toughness
        return 0, 0


@dataclass(frozen=True)
class HexproofFrom:
    """702.11d: "hexproof from [quality]" of the permanent itself, the quality a color: it can't
    be the target of spells of that color its opponents control, or of abilities its opponents
    control from sources of that color. Several colors are separate abilities (702.11f)."""

    colors: tuple

    def stops(self, source) -> bool:
        """Whether a spell or ability from `source` (the spell itself, or an ability's source)
        has the quality."""
        return any(c in source.colors() for c in self.colors)


@dataclass(frozen=True)
class YouHaveHexproof:
    """"You have hexproof." (Leyline of Sanctity): its controller has hexproof, 702.11c: "You
    can't be the target of spells or abilities your opponents control"."""


def hexproof_stops(game, player: str, controller: str) -> bool:
    """702.11c: whether `player`'s hexproof stops a spell or ability `controller` controls from
    targeting them: only their opponents' ("your opponents control")."""
    return player != controller and player_has_hexproof(game, player)


def player_has_hexproof(game, player: str) -> bool:
    """702.11c: whether a permanent `player` controls gives them hexproof."""
    objs = game.objs
    for sid in game.battlefield:
        o = objs[sid]
        if o.controller == player and o.card.statics \
                and any(isinstance(st, YouHaveHexproof) for st in o.card.statics):
            return True
    return False


@dataclass(frozen=True)
class CantBeBlocked:
    """"This creature can't be blocked." (509.1b)"""


@dataclass(frozen=True)
class CastWithoutPaying:
    """"You may cast spells from your hand without paying their mana costs." (Omniscience);
    `types_any` limits the spells ("an instant or sorcery spell"), `once_each_turn` for "Once
    during each of your turns, you may cast ..." (Zaffai and the Tempests): only in its
    controller's own turns, and once each turn per object (a new object after a zone change,
    400.7), recorded in game.done_this_turn when a spell is cast this way."""

    zone: str = "hand"
    types_any: tuple = ()
    once_each_turn: bool = False

    def allows(self, card) -> bool:
        return not self.types_any or any(t in card.types for t in self.types_any)


@dataclass(frozen=True)
class CastFromGraveyardPermission:
    """A permission for its controller to cast cards of their own graveyard (601.3: casting one
    follows the usual rules otherwise, its timing and costs included: only the mana cost or an
    alternative cost a rule or effect allows, 601.2f, 118.9). The cards: those with `keyword`
    ("You may cast nonland cards with cycling from your graveyard.", Abandoned Sarcophagus) or
    with `subtype` ("you may cast Knight spells from your graveyard", Haakon, Stromgald Scourge)."""

    keyword: str | None = None
    subtype: str | None = None

    def allows(self, card) -> bool:
        return ((self.keyword is None or self.keyword in card.keywords)
                and (self.subtype is None or self.subtype in card.subtypes))


@dataclass(frozen=True)
class DoesntUntapInUntapStep:
    """"This creature doesn't untap during your untap step." (Nettle Sentinel): the untap step
    (502.3) passes it over; other effects still untap it."""


@dataclass(frozen=True)
class MayCastFromGraveyard:
    """"You may cast this card from your graveyard as long as you control a Zombie."
    (Gravecrawler): a permission of the card itself that functions in its owner's graveyard
    (113.6b: its text states the zone), while `condition` holds for its owner (filters.AtLeast)
    and while the card has its abilities there (613.1f: "Cards in graveyards lose all abilities"
    takes it away)."""

    condition: object = None
    functions_in: str = "graveyard"

    def allows_cast(self, game, o) -> bool:
        return o.zone == self.functions_in and (self.condition is None or self.condition.holds(game, o.owner, o))


@dataclass(frozen=True)
class CastOnlyFromGraveyard:
    """"You may cast this card from your graveyard, but not from anywhere else." (Haakon,
    Stromgald Scourge): a static ability of the card that functions in every zone (113.6, its own
    words say so): its owner may cast it from their graveyard, and it can't be cast from any other
    zone (601.3: "no rule or effect prohibits that player from casting it"; 101.2)."""


@dataclass(frozen=True)
class GrantEscape:
    """"Each nonland card in your graveyard has escape. The escape cost is equal to the card's mana
    cost plus exile three other cards from your graveyard." (Underworld Breach; 702.138a): a card
    its controller owns, in their graveyard, may be cast with escape for its mana cost (X and
    all) plus exiling `exile_other` other cards (rules/casting.py)."""

    exile_other: int = 3


@dataclass(frozen=True)
class GrantBlitz:
    """"Each creature spell you cast with mana value 4 or greater has blitz. The blitz cost is equal to
    its mana cost." (Henzie "Toolbox" Torre; 702.152a): a creature card its controller casts with at
    least `min_mana_value` may be cast for a blitz cost equal to its mana cost (rules.casting)."""

    min_mana_value: int = 4

    def blitz_cost_for(self, src, caster: str, card, mv: int):
        if caster != src.controller or "Creature" not in card.types or mv < self.min_mana_value:
            return None
        return card.cost


@dataclass(frozen=True)
class CommanderCastDiscount:
    """"Blitz costs you pay cost {1} less for each time you've cast your commander from the command
    zone this game." (Henzie): a game here has no command zone and no commander (903), so no commander
    was ever cast from it and the reduction is always {0}."""


@dataclass(frozen=True)
class GrantKicker:
    """"[Creature] spells you cast have sticker kicker {cost}" (702.33h)."""

    cost: Cost
    types_any: tuple = ("Creature",)
    sticker: bool = True


# ---------------------------------------------------------------- enters replacements (614.1c)


@dataclass(frozen=True)
class EntersWithCounters:
    kind: str
    amount: object
    condition: object = None


@dataclass(frozen=True)
class EntersWithKeywords:
    keywords: tuple
    condition: object = None


@dataclass(frozen=True)
class Enchant:
    """"Enchant player" / "Enchant creature" (702.5a, 303.4a): the Aura spell targets a player
    (a creature) and, resolving, enters attached to it (303.4b); the Aura's spell target is
    given by the card's behaviour."""

    what: str = "player"

    @property
    def enchants(self) -> str:
        """What it can enchant ("creature", "artifact", "player"), read by 303.4c's check."""
        return self.what


@dataclass(frozen=True)
class CantPayLifeOrSacrificeCreatures:
    """"Players can't pay life or sacrifice creatures to cast spells or activate abilities." (Angel
    of Jubilation; 101.2: "can't" beats a cost's "may"; 119.4b: 0 life can always be paid). Checked
    where such costs are paid (rules/permanent_costs.py)."""


@dataclass(frozen=True)
class PlayersCantGainLife:
    """"Players can't gain life." (Leyline of Punishment; 119.7: an effect that would make a player
    gain life still happens, the life total doesn't change, and no life is gained, so nothing
    triggers on it). Checked by rules.actions.gain_life."""


@dataclass(frozen=True)
class AllDamageAsThoughWither:
    """"All damage is dealt as though its source had wither." (Everlasting Torment; 702.80a,
    120.3d): while the permanent is on the battlefield, damage any source deals to a creature
    results in -1/-1 counters, not marked damage. Damage to players is unchanged. Checked by
    rules.actions' damage results (rules.damage_results.dealt_as_though_wither)."""


@dataclass(frozen=True)
class CreaturesCantHaveCounters:
    """"Creatures you control can't have <counter> counters put on them." (Melira, Sylvok Outcast:
    -1/-1; 122.6): an effect, a cost or damage (wither, infect: 120.3d) that would put such counters
    on a creature its controller controls puts none. rules.replacement.counters_forbidden asks it."""

    counter: str = "-1/-1"

    def forbids(self, game, src, o, counter: str) -> bool:
        return counter == self.counter and o.controller == src.controller and "Creature" in card_types(game, o)


@dataclass(frozen=True)
class YouCantGetPoisonCounters:
    """"You can't get poison counters." (Melira, Sylvok Outcast): infect damage to its controller
    (120.3b: it results in poison counters instead of life loss, so none are given and no life is
    lost) and toxic give none (rules.damage_results.cant_get_poison)."""


@dataclass(frozen=True)
class OpponentsCreaturesLoseKeywords:
    """"Creatures your opponents control lose <keyword>." (Melira, Sylvok Outcast: infect): an
    ability-removing effect in layer 6 (613.1f), in timestamp order with the ability-adding
    effects (a keyword granted later is kept). state.layers applies `revoke_for`."""

    keywords: tuple = ("infect",)

    def grant_for(self, game, src, o) -> tuple:
        return ()

    def revoke_for(self, game, src, o) -> tuple:
        if o.controller != src.controller and "Creature" in o.card.types:
            return self.keywords
        return ()


@dataclass(frozen=True)
class YouControlEnchanted:
    """"You control enchanted creature." (Threads of Disloyalty): a control-changing effect of an
    Aura's static ability (613.1b, layer 2), for as long as the Aura is on the battlefield enchanting
    that object; rules.control applies it and ends it."""

    gives_control = True


@dataclass(frozen=True)
class CantAttackAlone:
    """"This creature can't attack alone." (506.5: it attacks alone if it is the only creature
    declared as an attacker; a restriction checked as attackers are declared, 508.1c)."""


@dataclass(frozen=True)
class AttackCost:
    """"Creatures can't attack you unless their controller pays `cost` for each creature they
    control that's attacking you." A cost to attack (508.1h): each creature declared as an
    attacker of this permanent's controller adds `cost` to the total cost to attack, which the
    active player pays or the declaration is illegal (508.1, 508.1j). `cost` may hold Phyrexian
    symbols (107.4f), announced as the total is determined."""

    cost: Cost


@dataclass(frozen=True)
class EntersTapped:
    """"This land enters tapped." (614.1c-d: a replacement effect as it enters, however it enters);
    with `condition` (a condition of the context, as for EntersWithCounters), "This land enters
    tapped unless ...": it enters tapped only when the condition holds (614.12: checked as it
    would exist on the battlefield, before it enters)."""

    condition: object = None


@dataclass(frozen=True)
class PlayLandsFromGraveyard:
    """"You may play lands from your graveyard." (a permission that overrides 305.1's "from their
    hand" for its controller's own graveyard, 101.1; each land played still counts, 305.2a)."""


@dataclass(frozen=True)
class Dredge:
    """"Dredge N" (702.52a): a static ability functioning only while its card is in a graveyard,
    replacing its owner's draws when they choose (rules.actions.dredged)."""

    n: int


@dataclass(frozen=True)
class AdditionalLandPlays:
    """"You may play an additional land on each of your turns." (305.2: a continuous effect that
    increases the number of lands its controller can play in each of their turns, while it is on the
    battlefield with its abilities)."""

    n: int = 1


@dataclass(frozen=True)
class EntersChoosingColor:
    """"As this enters, choose a color." (614.12a: the choice is made as it enters; the
    step's `color` choice, else white)."""


@dataclass(frozen=True)
class EntersChoosingCreatureType:
    """"As this creature enters, choose a creature type." (614.12a: the choice is made as it enters;
    the step's `creature_type` choice, else the permanent's own first creature type)."""


@dataclass(frozen=True)
class IsTheChosenType:
    """"This creature is the chosen type in addition to its other types." (205.1b, layer 4: the
    creature type chosen as it entered, 614.12a, added to its own subtypes)."""

    subtypes = ("the chosen type",)  # (a class attribute, no field: marks a layer-4 subtype adder)

    def subtypes_for(self, game, src, o) -> tuple:
        chosen = (src.chosen or {}).get("creature_type")
        return (chosen,) if chosen and o.oid == src.oid else ()


@dataclass(frozen=True)
class ChosenTypeTriggersAdditionalTime:
    """603.2d: "If a triggered ability of another creature you control of the chosen type triggers,
    it triggers an additional time." (Roaming Throne): any triggered ability of such a creature,
    whatever its trigger event; the creature as it is when the ability triggers (its types with the
    layers applied), the type the one chosen as this permanent entered (614.12a)."""

    def extra_for_source(self, game, src, trigger_source) -> int:
        """1 if a triggered ability of `trigger_source` (a permanent, or the last known information
        of one that left the battlefield, as it last existed) triggers an additional time."""
        from ..state.layers import as_it_is
        chosen = (src.chosen or {}).get("creature_type")
        if not chosen or trigger_source.oid == src.oid or trigger_source.controller != src.controller:
            return 0
        card = (as_it_is(game, trigger_source) if getattr(trigger_source, "zone", None) == "battlefield"
                else trigger_source).card
        return 1 if "Creature" in card.types and chosen in card.subtypes else 0


@dataclass(frozen=True)
class OthersOfChosenTypeEnterWithCounter:
    """"Each other creature you control of the chosen type enters with an additional +1/+1 counter
    on it." (614.1d: a replacement of how those permanents enter; 614.12: each is looked at as it
    would exist on the battlefield; the type the one chosen as this permanent entered, 614.12a)."""

    counter: str = "+1/+1"

    def extra_counters_for(self, game, src, o) -> int:
        from ..state.layers import as_it_is
        chosen = (src.chosen or {}).get("creature_type")
        if not chosen or o.oid == src.oid or o.controller != src.controller:
            return 0
        card = as_it_is(game, o).card
        return 1 if "Creature" in card.types and chosen in card.subtypes else 0


@dataclass(frozen=True)
class EntersChoosingOpponent:
    """"As this enters, choose an opponent." (the step's `opponent` choice, else the other
    player; in a two-player game the only opponent is the other player, 102.2)."""


@dataclass(frozen=True)
class CantCastChosenColor:
    """"Your opponents can't cast spells of the chosen color." (Iona, Shield of Emeria)."""


@dataclass(frozen=True)
class CantDuringPhase:
    """"During combat, players can't cast instant spells or activate abilities that aren't mana
    abilities." (Hand to Hand): while the game is in one of `steps` (a phase's steps), no player,
    its controller included, casts a spell with one of the card types `spell_types`, nor, with
    `nonmana_abilities`, activates an activated ability that isn't a mana ability (605.1a; mana
    abilities stay allowed). 304.5: "instant spells" are spells with the card type instant; a
    creature spell with flash (cast "any time you could cast an instant") is none."""

    steps: tuple
    spell_types: tuple = ()
    nonmana_abilities: bool = False

    def forbids_spell(self, card) -> bool:
        return any(t in card.types for t in self.spell_types)


@dataclass(frozen=True)
class HasGraveyardCreaturesAbilities:
    """"As long as this creature is on the battlefield, it has all activated abilities of all creature
    cards in all graveyards." (Necrotic Ooze; layer 6, 613.1f): the abilities those cards have now,
    mana abilities too, each acquired from its own card (602.5c). Read by activation and by
    state.layers.mana_abilities_of through `acquires_graveyard_abilities`."""

    acquires_graveyard_abilities: bool = True


def split_second_spell(game):
    """702.61a: a spell on the stack with split second ("As long as this spell is on the stack,
    players can't cast other spells or activate abilities that aren't mana abilities"), or None. A
    card that has it "if this spell was kicked" (Molten Disaster) has it only with its own kicker
    paid (702.33e). 702.61b: mana abilities, special actions and triggered abilities go on."""
    objs = game.objs
    for item in game.stack:
        if type(item) is int:
            o = objs[item]
            when = o.card.split_second
            if when == "always" or (when == "kicked" and o.spell is not None and o.spell.linked):
                return o
    return None


def forbidding_source(game, spell_card=None):
    """The permanent whose CantDuringPhase forbids, at this point of the turn, casting
    `spell_card` (a spell's card, as cast) or, with None, activating a non-mana activated
    ability; None when nothing forbids it (101.2: "can't" beats "may")."""
    objs = game.objs
    for sid in game.battlefield:
        statics = objs[sid].card.statics
        if not statics:
            continue
        for st in statics:
            if isinstance(st, CantDuringPhase) and game.step in st.steps and (
                    st.forbids_spell(spell_card) if spell_card is not None else st.nonmana_abilities):
                return objs[sid]
    return None


@dataclass(frozen=True)
class EntersAsCopy:
    """"You may have this creature enter as a copy of any creature on the battlefield" (`clone`
    choice); with `zone` "graveyard", "... of any creature card in a graveyard" (707.2: a card's
    copiable values are its printed ones); `of_types` the card types it may copy ("an artifact or
    creature"), `you_control` "... you control"; exceptions of the copy (707.9b, part of the copy's
    copiable values, so copies of it have them too): `adds_types` ("except it's an artifact in
    addition to its other types"), `not_legendary` ("and it isn't legendary": no legendary
    supertype, 205.4). `extra_counters`: (card type, counter kind) pairs, "it enters with an
    additional +1/+1 counter on it if it's a creature" (a replacement of how it enters, 614.1c,
    asked of the permanent as it enters: rules.resolution)."""

    zone: str = "battlefield"
    of_types: tuple = ("Creature",)
    adds_types: tuple = ()
    you_control: bool = False
    not_legendary: bool = False
    extra_counters: tuple = ()

    def may_copy(self, types) -> bool:
        """Whether an object of card types `types` (as they are now, 613.1d) may be copied."""
        return any(t in types for t in self.of_types)

    def copy_of(self, card):
        """The copiable values of the copy: `card`'s with the exception applied (one derived
        card per copied card, so caches keyed by the card stay valid)."""
        if not self.adds_types and not (self.not_legendary and "Legendary" in card.supertypes):
            return card
        key = (card, self.adds_types, self.not_legendary)
        derived = _WITH_TYPES.get(key)
        if derived is None:
            types = tuple(card.types) + tuple(t for t in self.adds_types if t not in card.types)
            supertypes = tuple(t for t in card.supertypes if not (self.not_legendary and t == "Legendary"))
            derived = _WITH_TYPES[key] = dataclasses.replace(card, types=types, supertypes=supertypes)
        return derived


_WITH_TYPES: dict = {}  # (copied card, added types) -> the copy's characteristics
