"""A small parser for the cost-bearing keywords of Oracle text (702.33 kicker, 702.34 flashback,
702.138 escape).

Costs come from the printed text, never from per-card code: "Kicker {2}{U} and/or {1}{B}"
gives two kicker costs (702.33b), "Multikicker {1}" one repeatable kicker cost (702.33c),
"Flashback {2}{R}" / "Flashback—{1}{U}, Pay 3 life." an alternative cost (702.34a).
"""

from __future__ import annotations

import re
from dataclasses import dataclass, replace

from ..state.mana import ZERO, Cost
from .abilities import ManaAbility
from .filters import Filter
from .permanent_costs import WORDS, LifeCost, PermanentCost

_COST = r"((?:\{[^{}]+\})+)"
_KICKER = re.compile(r"^Kicker " + _COST + r"(?: and/or " + _COST + r")?(\. X can't be 0\.)?(?: \(|$)")
_MULTI = re.compile(r"^Multikicker " + _COST + r"(?: \(|$)")
_KICKER_NON_MANA = re.compile(r"^Kicker\u2014([^{(][^.(]*)\.?(?: \(|$)")  # "Kicker—Sacrifice a land."
_FLASHBACK = re.compile(r"^Flashback(?: |\u2014)" + _COST + r"((?:, [^.(]+)*)\.?(?: \(|$)")
_FLASHBACK_NON_MANA = re.compile(r"^Flashback\u2014([^{(][^.(]*)\.?(?: \(|$)")  # "Flashback—Tap three ..."
# "Escape—{4}{G}, Exile three other cards from your graveyard." (702.138a: the escape cost)
_ESCAPE = re.compile(r"^Escape ?\u2014 ?" + _COST + r", Exile (\w+) other cards? from your graveyard\.(?: \(|$)")
_MIRACLE = re.compile(r"^Miracle " + _COST + r"(?: \(|$)")  # 702.94a
_MADNESS = re.compile(r"^Madness " + _COST + r"(?: \(|$)")  # 702.35a
_CONSPIRE = re.compile(r"^Conspire(?: \(|$)")
_STORM = re.compile(r"^Storm(?: \(|$)")  # 702.40a
_BUYBACK = re.compile(r"^Buyback " + _COST + r"(?: \(|$)")  # 702.27a: "Buyback [cost]"
_REBOUND = re.compile(r"^Rebound(?: \(|$)")  # 702.88a
_DASH = re.compile(r"^Dash " + _COST + r"(?: \(|$)")  # 702.109a: "Dash [cost]"
_BLITZ = re.compile(r"^Blitz " + _COST + r"(?: \(|$)")  # 702.152a: "Blitz [cost]"
# 702.61a: "Split second", or "If this spell was kicked, it has split second." (Molten Disaster)
_SPLIT_SECOND = re.compile(r"^(If this spell was kicked, it has split second\.|Split second)(?: \(|$)")
# 702.74a: "Evoke [cost]", mana ("Evoke {1}{G}") or "Evoke—Exile a white card from your hand."
_EVOKE = re.compile(r"^Evoke(?: " + _COST + r"|\u2014Exile an? (white|blue|black|red|green) card from your hand\.)"
                    r"(?: \(|$)")
_ADDITIONAL = re.compile(r"^As an additional cost to cast this spell, ([^.]+)\.$")
# 701.68a: "As an additional cost to cast this spell, you may blight 1." / "..., blight 1 or pay {3}."
_BLIGHT = re.compile(r"^As an additional cost to cast this spell, (you may )?blight (\d+)(?: or pay " + _COST
                     + r")?\.(?: \(|$)")
_PERMANENTS = re.compile(r"^(Sacrifice|Tap) (a|an|one|two|three|four|five|X) (untapped )?"
                         r"(?:(white|blue|black|red|green) )?([A-Za-z]+?)s?( you control)?$", re.IGNORECASE)
_RETURN = re.compile(r"^return (a|an|one|two|three) ([a-z]+?)s? you control to (?:its|their) owners?'s? hands?$")
_COLOR_WORDS = {"white": "W", "blue": "U", "black": "B", "red": "R", "green": "G"}
_STICKER = re.compile(r"sticker kicker " + _COST)
_LIFE = re.compile(r"^Pay (\d+) life$")
_LIFE_ADDITIONAL = re.compile(r"^pay (\d+|X) life$")
_DISCARD_X = re.compile(r"^Discard X cards$")


class KeywordParseError(ValueError):
    """Oracle text whose keyword line we cannot read (a card-data bug, never user input)."""


@dataclass(frozen=True)
class FlashbackCost:
    """702.34a: the flashback alternative cost: mana plus optional life and discard parts."""

    mana: Cost
    life: int = 0
    discard_x: bool = False
    permanents: tuple = ()   # PermanentCost parts: "Sacrifice three creatures", "Tap three ..."


@dataclass(frozen=True)
class EvokeCost:
    """702.74a: an evoke cost, an alternative cost: mana (ZERO for none), or exiling a card of one color
    from the caster's hand (`exile_color`, a color letter), as printed."""

    mana: Cost
    exile_color: str | None = None


@dataclass(frozen=True)
class EscapeCost:
    """702.138a: an escape cost: mana, plus exiling `exile_other` other cards from the caster's
    graveyard (the exile part as printed: "Exile three other cards from your graveyard")."""

    mana: Cost
    exile_other: int


@dataclass(frozen=True)
class BlightCost:
    """"blight N" as an additional cost to cast the spell (701.68a: put N -1/-1 counters on a
    creature you control; 118.8): `optional` for "you may blight N" (118.8b), `or_pay` the cost
    paid instead for "blight N or pay [cost]" (one of the two is paid, the caster chooses which)."""

    n: int
    optional: bool = False
    or_pay: Cost | None = None


@dataclass(frozen=True)
class KeywordCosts:
    """The printed kicker costs (A, B), whether the kicker is multikicker, and flashback."""

    kickers: tuple = ()
    multikicker: bool = False
    flashback: FlashbackCost | None = None
    additional: tuple = ()   # PermanentCost and LifeCost parts of "As an additional cost to cast this spell, ..."
    conspire: bool = False   # 702.78a
    escape: EscapeCost | None = None  # 702.138a
    miracle: Cost | None = None  # 702.94a: the miracle cost
    buyback: Cost | None = None  # 702.27a: the buyback cost, an optional additional cost
    blight: BlightCost | None = None  # 701.68a: "As an additional cost to cast this spell, [you may] blight N"
    storm: int = 0  # how many instances of storm it has (702.40a-b): not a cost, a keyword line parsed here
    dash: Cost | None = None  # 702.109a: the dash cost, an alternative cost
    blitz: Cost | None = None  # 702.152a: the blitz cost, an alternative cost
    madness: Cost | None = None  # 702.35a: the madness cost
    rebound: bool = False  # 702.88a: not a cost, a keyword line parsed here
    x_not_zero: bool = False  # "Kicker {X}. X can't be 0.": the X announced for it (107.3a) is 1 or more
    evoke: EvokeCost | None = None  # 702.74a: the evoke cost, an alternative cost
    split_second: str | None = None  # 702.61a: "always", or "kicked" (only if the spell was kicked)


def parse_permanent_cost(part: str) -> PermanentCost | None:
    """"Sacrifice a creature", "Sacrifice X Mountains", "Tap three untapped white creatures you
    control", "return a land you control to its owner's hand" -> a PermanentCost; None for any
    other cost part."""
    m = _PERMANENTS.match(part.strip())
    if not m:
        if r := _RETURN.match(part.strip()):  # "return a land you control to its owner's hand"
            return PermanentCost("return", WORDS[r.group(1)], types_any=(r.group(2).capitalize(),),
                                 description=part.strip())
        return None
    verb, count, untapped, color, noun, _ = m.groups()
    action = verb.lower()
    if untapped and action != "tap":
        return None
    n = "X" if count == "X" else WORDS[count.lower()]
    kind = noun[0].upper() + noun[1:].lower()
    is_type = noun[0].islower()  # "creatures" is a card type, "Mountains" a subtype (205.3)
    return PermanentCost(action, n, types_any=(kind,) if is_type else (), subtypes_any=() if is_type else (kind,),
                         color=_COLOR_WORDS.get((color or "").lower()), description=part.strip())


def _flashback_extras(text: str) -> tuple[int, bool, tuple]:
    life, discard_x, permanents = 0, False, []
    for part in filter(None, (p.strip() for p in text.split(","))):
        if m := _LIFE.match(part):
            life += int(m.group(1))
        elif _DISCARD_X.match(part):
            discard_x = True
        elif (cost := parse_permanent_cost(part)) is not None:
            permanents.append(cost)
        else:
            raise KeywordParseError(f"unsupported flashback cost part {part!r}")
    return life, discard_x, tuple(permanents)


def parse_keyword_costs(oracle_text: str) -> KeywordCosts:
    """Read kicker/multikicker/flashback/buyback costs from the lines of an Oracle text."""
    kickers: list[Cost] = []
    multi = False
    flashback = None
    additional: list = []
    conspire = False
    escape = None
    miracle = None
    madness = None
    rebound = False
    buyback = None
    blight = None
    storm = 0
    dash = blitz = evoke = split_second = None
    x_not_zero = False
    for line in oracle_text.splitlines():
        if m := _KICKER.match(line):
            kickers.extend(Cost.parse(c) for c in m.groups()[:2] if c)
            x_not_zero = x_not_zero or bool(m.group(3))
        elif (m := _KICKER_NON_MANA.match(line)) and (cost := parse_permanent_cost(m.group(1))) is not None:
            # 702.33a: a kicker cost that is not mana: no mana added (601.2f), the permanents paid only
            # when that kicker cost is (601.2h)
            kickers.append(ZERO)
            additional.append(replace(cost, kicker="AB"[len(kickers) - 1]))
        elif m := _MULTI.match(line):
            kickers.append(Cost.parse(m.group(1)))
            multi = True
        elif m := _FLASHBACK.match(line):
            life, discard_x, permanents = _flashback_extras(m.group(2))
            flashback = FlashbackCost(Cost.parse(m.group(1)), life, discard_x, permanents)
        elif m := _FLASHBACK_NON_MANA.match(line):
            life, discard_x, permanents = _flashback_extras(m.group(1))
            flashback = FlashbackCost(ZERO, life, discard_x, permanents)
        elif (m := _ADDITIONAL.match(line)) and (life := _LIFE_ADDITIONAL.match(m.group(1))):
            additional.append(LifeCost("X" if life.group(1) == "X" else int(life.group(1))))
        elif (m := _ADDITIONAL.match(line)) and (cost := parse_permanent_cost(m.group(1))) is not None:
            additional.append(cost)
        elif _CONSPIRE.match(line):
            conspire = True
        elif _STORM.match(line):
            storm += 1
        elif m := _ESCAPE.match(line):
            if m.group(2).lower() not in WORDS:
                raise KeywordParseError(f"unsupported escape cost {line!r}")
            escape = EscapeCost(Cost.parse(m.group(1)), WORDS[m.group(2).lower()])
        elif m := _MIRACLE.match(line):
            miracle = Cost.parse(m.group(1))
        elif m := _MADNESS.match(line):
            madness = Cost.parse(m.group(1))
        elif m := _BUYBACK.match(line):
            buyback = Cost.parse(m.group(1))
        elif _REBOUND.match(line):
            rebound = True
        elif m := _DASH.match(line):
            dash = Cost.parse(m.group(1))
        elif m := _BLITZ.match(line):
            blitz = Cost.parse(m.group(1))
        elif m := _SPLIT_SECOND.match(line):
            split_second = "always" if m.group(1) == "Split second" else "kicked"
        elif m := _EVOKE.match(line):
            evoke = (EvokeCost(Cost.parse(m.group(1))) if m.group(1)
                     else EvokeCost(ZERO, _COLOR_WORDS[m.group(2)]))
        elif m := _BLIGHT.match(line):
            blight = BlightCost(int(m.group(2)), bool(m.group(1)), Cost.parse(m.group(3)) if m.group(3) else None)
    return KeywordCosts(tuple(kickers), multi, flashback, tuple(additional), conspire, escape, miracle, buyback,
                        blight, storm, dash, blitz, madness, rebound, x_not_zero, evoke,
                        split_second)


def parse_sticker_kicker(oracle_text: str) -> Cost:
    """The cost in "... have sticker kicker {1}" (702.33h), for granting effects."""
    m = _STICKER.search(oracle_text)
    if not m:
        raise KeywordParseError(f"no sticker kicker cost in {oracle_text!r}")
    return Cost.parse(m.group(1))


_TAP_ADD = re.compile(r"(?<!, )\{T\}: Add ((?:\{[WUBRGC]\})+)( for each ([a-z+/0-9-]+) counter on this \w+)?\.")
_PAY_TAP_ADD = re.compile(r"^((?:\{[0-9WUBRGC]\})+), \{T\}: Add ((?:\{[WUBRGC]\})+)\.$")
_TAP_ANY = re.compile(r"\{T\}: Add one mana of any color\.")
_TAP_ADD_PER_SUBTYPE = re.compile(r"\{T\}: Add ((?:\{[WUBRGC]\})+) for each ([A-Z][a-z]+) you control\.")
_TAP_EITHER = re.compile(r"\{T\}: Add \{([WUBRGC])\} or \{([WUBRGC])\}\.")
_SAC_TAP_ANY = re.compile(r"^(?:((?:\{[0-9WUBRGC]\})+), )?\{T\}, Sacrifice this \w+: Add one mana of any color\.$")
_REMOVE_ADD = re.compile(r"(?<!\{T\}, )Remove an? ([a-z+/0-9-]+) counter from this \w+: Add one mana of any color\.")
_SAC_CREATURE_ADD = re.compile(r"^(\{T\}, )?Sacrifice a creature: Add ((?:\{[WUBRGC]\})+)\.$")
_TAP_REMOVE_ADD = re.compile(r"^\{T\}, Remove an? ([a-z+/0-9-]+) counter from this \w+: Add one mana of any color\.$")


def parse_mana_abilities(oracle_text: str) -> tuple:
    """Mana abilities (605) written on the card: "{T}: Add {G}." (or {C}{C}), "{T}: Add {U} or {R}.",
    "{T}: Add {C} for each charge
    counter on this artifact.", "{T}: Add {G} for each Elf you control.", "Remove a +1/+1 counter
    from this creature: Add one mana of any color.", "{T}, Remove a -1/-1 counter from this creature:
    Add one mana of any color.",
    "{1}, {T}: Add {U}{R}.", "{1}, {T}, Sacrifice this artifact: Add one mana of any color.",
    "Sacrifice a creature: Add {C}{C}.", "{T}, Sacrifice a creature: Add {B}{B}." (basic land types'
    intrinsic abilities are printed as reminder text). The sacrifice-a-creature abilities come
    last, which is their printed order on every card that has them (Ashnod's Altar, Phyrexian
    Tower: tap_for_mana's `mana_ability` counts in printed order)."""
    found = []
    for m in _TAP_ADD.finditer(oracle_text):
        found.append(ManaAbility("tap", produce="".join(re.findall(r"[WUBRGC]", m.group(1))),
                                 per_counter=m.group(3)))  # "{T}: Add {C}{C}." adds two
    for m in _TAP_ADD_PER_SUBTYPE.finditer(oracle_text):  # "{T}: Add {G} for each Elf you control."
        found.append(ManaAbility("tap", produce="".join(re.findall(r"[WUBRGC]", m.group(1))),
                                 per_filter=Filter(subtypes_any=(m.group(2),))))
    for line in oracle_text.splitlines():
        if _TAP_ANY.fullmatch(line):
            found.append(ManaAbility("tap", any_color=True))
    for m in _TAP_EITHER.finditer(oracle_text):  # "{T}: Add {U} or {R}." (also as reminder text, 305.6)
        found.append(ManaAbility("tap", one_of=m.group(1) + m.group(2)))
    for m in _REMOVE_ADD.finditer(oracle_text):
        found.append(ManaAbility("remove-counter", any_color=True, counter=m.group(1)))
    for line in oracle_text.splitlines():
        if m := _TAP_REMOVE_ADD.fullmatch(line):  # "{T}, Remove a -1/-1 counter from this creature: ..."
            found.append(ManaAbility("tap", any_color=True, counter=m.group(1)))
        if m := _SAC_TAP_ANY.fullmatch(line):  # "[{1}, ]{T}, Sacrifice this artifact: Add one mana of any color."
            found.append(ManaAbility("tap", any_color=True, mana=Cost.parse(m.group(1)) if m.group(1) else None,
                                     sacrifice_self=True))
        if m := _PAY_TAP_ADD.fullmatch(line):  # "{1}, {T}: Add {U}{R}." (the Signets)
            found.append(ManaAbility("tap", produce="".join(re.findall(r"[WUBRGC]", m.group(2))),
                                     mana=Cost.parse(m.group(1))))
        if m := _SAC_CREATURE_ADD.fullmatch(line):  # "[{T}, ]Sacrifice a creature: Add {C}{C}."
            found.append(ManaAbility("tap" if m.group(1) else "sacrifice",
                                     produce="".join(re.findall(r"[WUBRGC]", m.group(2))), sacrifice_creature=True))
    return tuple(found)
