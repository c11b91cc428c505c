"""CardDef: a card's characteristics (from the embedded Oracle data), its keyword costs (parsed
from its Oracle text) and its behaviour (composed from effect primitives in behaviour.py)."""

from __future__ import annotations

import importlib
import re
from dataclasses import dataclass, replace

from ..effects import (
    CastExiledForMadness,
    CastRevealedForMiracle,
    CopyEventSpell,
    Evoked,
    Pump,
    Sacrifice,
    SacrificeItAtEndOfCombat,
    Self,
    StormCopies,
)
from ..rules.abilities import CastSpell, Trigger
from ..rules.creature_types import CREATURE_TYPES
from ..rules.keywords import parse_keyword_costs, parse_mana_abilities
from ..rules.statics import EntersWithCounters
from ..state.game import CaseError
from ..state.mana import Cost
from .behaviour import Behaviour
from .oracle import ORACLE


@dataclass(frozen=True, eq=False)
class CardDef:
    name: str
    cost: Cost | None
    mana_cost: str | None
    types: tuple
    subtypes: tuple
    supertypes: tuple
    colors: tuple
    power: int | None
    toughness: int | None
    keywords: frozenset
    oracle_text: str
    kickers: tuple
    multikicker: bool
    flashback: object
    spell_targets: tuple
    spell_effects: tuple
    triggers: tuple
    statics: tuple
    enters: tuple
    mana_abilities: tuple
    activated: tuple      # non-mana activated abilities (602), in printed order
    alt_cost: object
    modes: object         # rules.modes.Modes of a modal spell, or None
    additional_costs: tuple  # non-mana additional costs to cast it (sacrifice, tap, ...)
    conspire: bool        # has conspire (702.78a): its copy trigger is among `triggers`
    unsupported: str | None
    faces: tuple = ()     # a split card's halves or a modal DFC's faces, each a CardDef (709.3b, 712.8)
    layout: str = "normal"  # normal | split | modal_dfc | fused (a fused split spell, 702.102b) | transform
    #                         | adventure (an adventurer card, 715) | adventure_spell (its Adventure, 715.3b)
    #                         (a transforming double-faced card, its front face) | transform_back (its back face)
    fused: object = None    # a split card with fuse: the CardDef of its fused split spell
    toxic: int = 0          # the sum of its printed toxic N (702.164a-b); 0 without toxic
    escape: object = None   # its printed escape cost (rules.keywords.EscapeCost, 702.138a), or None
    miracle: object = None  # its miracle cost (a Cost, 702.94a), or None
    miracle_trigger: object = None  # with miracle: the triggered ability linked to it (MIRACLE_TRIGGER)
    madness: object = None  # its madness cost (a Cost, 702.35a), or None
    madness_trigger: object = None  # with madness: the triggered ability linked to it (MADNESS_TRIGGER)
    buyback: object = None  # its buyback cost (702.27a), a Cost, or None without buyback
    blight: object = None   # its blight additional cost (rules.keywords.BlightCost, 701.68a), or None
    x_mana: str | None = None  # "Spend only <color> mana on X.": the letter of that mana, or None
    # "Spend only mana produced by creatures to cast this spell.": the card type the source of every
    # mana spent to cast it has (106.3, 601.2h), or None
    spend_only_from: str | None = None
    rebound: bool = False   # has rebound (702.88a)
    dash: object = None     # its dash cost (702.109a), a Cost, or None
    blitz: object = None    # its printed blitz cost (702.152a), a Cost, or None
    evoke: object = None    # its evoke cost (rules.keywords.EvokeCost, 702.74a), or None
    split_second: str | None = None  # 702.61a: "always", "kicked" (only if it was kicked), or None
    x_not_zero: bool = False  # "X can't be 0." (Thieving Skydiver's kicker {X}): X announced as 1 or more

    @property
    def is_permanent(self) -> bool:
        return not ("Instant" in self.types or "Sorcery" in self.types)


# 702.78a: "When you cast this spell, if its conspire cost was paid, copy it. If the spell has any
# targets, you may choose new targets for the copy." (put on the stack by casting, not by emit)
CONSPIRE_TRIGGER = Trigger("conspired", (CopyEventSpell(),))
# 702.40a: "Storm" means "When you cast this spell, copy it for each other spell that was cast before it
# this turn. If the spell has any targets, you may choose new targets for any of the copies." (put on the
# stack by casting, not by emit; 702.40b: one per instance)
STORM_TRIGGER = Trigger("storm", (StormCopies(),))
# 702.147a: decayed's triggered ability, "When this creature attacks, sacrifice it at end of combat."
DECAYED_TRIGGER = Trigger("self-attacks", (SacrificeItAtEndOfCombat(),))
# 702.74a: evoke's second ability, "When this permanent enters, if its evoke cost was paid, its
# controller sacrifices it." (an intervening "if", 603.4)
EVOKE_TRIGGER = Trigger("enters-self", (Sacrifice(Self()),), (), Evoked())
# 702.108a: "Whenever you cast a noncreature spell, this creature gets +1/+1 until end of turn."
PROWESS_TRIGGER = Trigger("you-cast", (Pump(Self(), 1, 1),), condition=CastSpell(types_not=("Creature",)),
                          intervening=False)
# 702.94a: "When you reveal this card this way, you may cast it by paying [cost] rather than its
# mana cost." (put into `pending` by the draw that revealed it, rules.actions.draw; no intervening if)
MIRACLE_TRIGGER = Trigger("miracle-revealed", (CastRevealedForMiracle(),), intervening=False)
# 702.35a: "When this card is exiled this way, its owner may cast it by paying [cost] rather than paying
# its mana cost. If that player doesn't, they put this card into their graveyard." (put into `pending`
# by the discard that exiled it, rules.actions.discard; no intervening if)
MADNESS_TRIGGER = Trigger("madness-exiled", (CastExiledForMadness(),), intervening=False)


def _int(v):
    if v == "*":  # 208.2a: a characteristic-defining ability gives it; 0 where none applies
        return 0
    if isinstance(v, str) and v.endswith("+*"):  # "2+*" (Angry Mob): the number, the * counting 0 (208.2a)
        return int(v[:-2])
    return None if v is None else int(v)


EVERGREEN = frozenset({"flying", "first strike", "double strike", "deathtouch", "lifelink",
                       "vigilance", "trample", "haste", "reach", "menace", "defender", "flash",
                       "hexproof", "shroud", "indestructible", "devoid", "fear", "intimidate", "wither", "infect",
                       "plainswalk", "islandwalk", "swampwalk", "mountainwalk", "forestwalk",  # 702.14c
                       "fuse",  # fuse: the casting rules handle it (702.102; rules/casting.py)
                       "daybound", "nightbound",  # rules/day_night.py (702.145)
                       "changeling",  # every creature type, from the catalog's build (702.73a)
                       "skulk", "shadow", "horsemanship",  # rules/combat.py (702.118b, 702.28b, 702.31b)
                       "prowess"})  # PROWESS_TRIGGER, from the keyword list (702.108a)


TOXIC = re.compile(r"^toxic (\d+)$")  # 702.164a: "toxic N", a keyword line (or part of one)


def keyword_parts(line: str) -> list[str]:
    """A line of Oracle text without its reminder text, split at its commas, lowercased: the
    keywords it lists when it is a keyword line ("Flying, toxic 1"); [] for reminder text alone."""
    bare = re.sub(r"\s*\([^)]*\)", "", line).strip()
    return [p.strip().lower() for p in bare.split(",")] if bare else []


def toxic_value(oracle_text: str) -> int:
    """702.164b: the total of the N of the toxic abilities printed in `oracle_text`."""
    return sum(int(m.group(1)) for line in oracle_text.splitlines()
               for m in map(TOXIC.match, keyword_parts(line)) if m)


def loyalty_enters(data: dict) -> tuple:
    """306.5b: a planeswalker's intrinsic ability "This permanent enters with a number of loyalty
    counters on it equal to its printed loyalty number" (a replacement effect, 614.1c), as an
    "enters with" ability; none for a card without a printed loyalty (306.5a)."""
    if data.get("loyalty") is None:
        return ()
    return (EntersWithCounters("loyalty", int(data["loyalty"])),)


def unhandled_lines(oracle_text: str) -> list[str]:
    """Lines of an Oracle text that no part of the engine handles by itself: not a line of
    keywords it represents, a kicker/multikicker/flashback/escape cost (parsed) or a mana ability
    (parsed). A card with such lines needs a Behaviour entry, or it is unsupported."""
    out = []
    for line in oracle_text.splitlines():
        parts = keyword_parts(line)
        if not parts:
            continue  # reminder text alone (a basic land's mana ability)
        if all(p in EVERGREEN or TOXIC.match(p) for p in parts):
            continue
        parsed = parse_keyword_costs(line)
        if (parsed.kickers or parsed.flashback or parsed.additional or parsed.conspire or parsed.escape
                or parsed.miracle or parsed.buyback or parsed.blight or parsed.storm or parsed.dash
                or parsed.blitz or parsed.madness or parsed.rebound or parsed.evoke
                or parsed.split_second):
            continue
        if parse_mana_abilities(line):
            continue
        out.append(line)
    return out


def _face_data(card: dict, face: dict) -> dict:
    """One half of a split card (or face of a modal DFC) as a card of its own: its own
    characteristics (709.3b, 712.8)."""
    return {**face, "mana_cost": face["mana_cost"] or None, "power": face.get("power"),
            "toughness": face.get("toughness"),
            "keywords": [k for k in card["keywords"] if k.lower() in face["oracle_text"].lower()]}


def build_split(data: dict, beh: Behaviour) -> CardDef:
    """A split card: its halves as CardDefs, and the whole card with the halves' characteristics
    combined (709.4: mana cost, colors, types; 709.4b its mana value from the combined cost)."""
    faces = data["card_faces"]
    if len(beh.faces) != len(faces):
        halves = tuple(build(_face_data(data, f), Behaviour(unsupported="no behaviour for this half"))
                       for f in faces)
    else:
        halves = tuple(build(_face_data(data, f), b) for f, b in zip(faces, beh.faces))
    combined = "".join(f["mana_cost"] for f in faces)
    whole_data = {k: v for k, v in data.items() if k != "card_faces"}
    whole = build({**whole_data, "mana_cost": combined}, Behaviour(faces=beh.faces or (None,)))
    reason = next((f"{h.name}: {h.unsupported}" for h in halves if h.unsupported), None)
    whole = replace(whole, mana_cost=data["mana_cost"], faces=halves, unsupported=reason, layout="split")
    if all("fuse" in h.keywords for h in halves):  # 702.102b: both halves' characteristics combined
        fused = replace(whole, layout="fused", spell_targets=sum((h.spell_targets for h in halves), ()),
                        spell_effects=())
        whole = replace(whole, fused=fused)
    return whole


def build_modal_dfc(data: dict, beh: Behaviour) -> CardDef:
    """A modal double-faced card: each face a CardDef; the card itself has its front face's
    characteristics (712.8a) under its full name."""
    faces = data["card_faces"]
    behaviours = beh.faces if len(beh.faces) == len(faces) else (Behaviour(unsupported="no behaviour"),) * 2
    front, back = (build(_face_data(data, f), b) for f, b in zip(faces, behaviours))
    reason = next((f"{h.name}: {h.unsupported}" for h in (front, back) if h.unsupported), None)
    return replace(front, name=data["name"], faces=(front, back), unsupported=reason, layout="modal_dfc")


def build_transform_dfc(data: dict, beh: Behaviour) -> CardDef:
    """A transforming (nonmodal) double-faced card (712.2): each face a CardDef; the card itself has
    its front face's characteristics (712.8a) under its full name. The back face is layout
    "transform_back": its mana value is its front face's (712.8e, state.characteristics.mana_value)."""
    faces = data["card_faces"]
    behaviours = beh.faces if len(beh.faces) == len(faces) else (Behaviour(unsupported="no behaviour"),) * 2
    front, back = (build(_face_data(data, f), b) for f, b in zip(faces, behaviours))
    back = replace(back, layout="transform_back")
    reason = next((f"{h.name}: {h.unsupported}" for h in (front, back) if h.unsupported), None)
    card = replace(front, name=data["name"], unsupported=reason, layout="transform")
    return replace(card, faces=(card, back))


def build_adventure(data: dict, beh: Behaviour) -> CardDef:
    """An adventurer card (715): the card has only its normal characteristics, the creature's, in
    every zone but the stack and on the stack unless cast as an Adventure (715.4), under its full
    name. `faces` holds the card and its Adventure, a CardDef of layout "adventure_spell": what a
    spell cast as an Adventure is (715.3b)."""
    faces = data["card_faces"]
    behaviours = beh.faces if len(beh.faces) == len(faces) else (Behaviour(unsupported="no behaviour"),) * 2
    normal, adventure = (build(_face_data(data, f), b) for f, b in zip(faces, behaviours))
    adventure = replace(adventure, layout="adventure_spell")
    reason = next((f"{h.name}: {h.unsupported}" for h in (normal, adventure) if h.unsupported), None)
    card = replace(normal, name=data["name"], unsupported=reason, layout="adventure")
    return replace(card, faces=(card, adventure))


def token_name(data: dict) -> str:
    """A card's name; a token's is its subtypes plus the word "Token" unless the effect that
    creates it names it (111.4: a 1/1 green Saproling creature token is named "Saproling
    Token"). Token definitions here are keyed by their subtypes, as the Oracle's token cards are;
    `named: true` marks one whose creating effect gives it a name of its own."""
    if data["type_line"].startswith("Token") and not data.get("named"):
        return " ".join(data["subtypes"]) + " Token"
    return data["name"]


def changeling_subtypes(data: dict) -> tuple:
    """A card's subtypes; with changeling, a characteristic-defining ability that works everywhere
    (702.73a, 604.3: "This object is every creature type"), its own and every creature type of
    205.3m. Being part of what the card is, a later layer-4 effect still changes it (613.3)."""
    own = tuple(data["subtypes"])
    if "Changeling" not in data["keywords"]:
        return own
    return own + tuple(t for t in CREATURE_TYPES if t not in own)


def build(data: dict, beh: Behaviour) -> CardDef:
    if data.get("card_faces"):
        if data.get("layout") == "transform":
            return build_transform_dfc(data, beh)
        if data.get("layout") == "adventure":
            return build_adventure(data, beh)
        return build_modal_dfc(data, beh) if data.get("layout") == "modal_dfc" else build_split(data, beh)
    kw = parse_keyword_costs(data["oracle_text"])
    if beh == Behaviour() and beh.unsupported is None:
        missing = unhandled_lines(data["oracle_text"])
        if missing:  # never approximate: a card whose text the engine doesn't implement
            beh = Behaviour(unsupported=f"not implemented: {missing[0]!r}")
    return CardDef(
        name=token_name(data),
        cost=None if data["mana_cost"] is None else Cost.parse(data["mana_cost"]),
        mana_cost=data["mana_cost"],
        types=tuple(data["types"]),
        subtypes=changeling_subtypes(data),
        supertypes=tuple(data["supertypes"]),
        colors=tuple(data["colors"]),
        power=_int(data["power"]),
        toughness=_int(data["toughness"]),
        keywords=frozenset(k.lower() for k in data["keywords"]),
        oracle_text=data["oracle_text"],
        kickers=kw.kickers,
        multikicker=kw.multikicker,
        flashback=kw.flashback,
        spell_targets=beh.targets,
        spell_effects=beh.effects,
        triggers=(beh.triggers + ((CONSPIRE_TRIGGER,) if kw.conspire else ()) + (STORM_TRIGGER,) * kw.storm
                  + ((DECAYED_TRIGGER,) if "Decayed" in data["keywords"] else ())
                  + ((EVOKE_TRIGGER,) if kw.evoke is not None else ())
                  + ((PROWESS_TRIGGER,) if "Prowess" in data["keywords"] else ())),
        statics=beh.statics,
        enters=loyalty_enters(data) + beh.enters,
        mana_abilities=parse_mana_abilities(data["oracle_text"]),
        activated=beh.activated,
        alt_cost=beh.alt_cost,
        modes=beh.modes,
        additional_costs=kw.additional + beh.additional_costs,
        conspire=kw.conspire,
        unsupported=beh.unsupported,
        toxic=toxic_value(data["oracle_text"]),
        escape=kw.escape,
        miracle=kw.miracle,
        miracle_trigger=MIRACLE_TRIGGER if kw.miracle is not None else None,
        madness=kw.madness,
        madness_trigger=MADNESS_TRIGGER if kw.madness is not None else None,
        buyback=kw.buyback,
        rebound=kw.rebound,
        dash=kw.dash,
        blitz=kw.blitz,
        evoke=kw.evoke,
        split_second=kw.split_second,
        x_not_zero=kw.x_not_zero,
        blight=kw.blight,
        x_mana=beh.x_mana,
        spend_only_from=beh.spend_only_from,
    )


def build_cards(behaviours: dict, tokens: dict) -> dict[str, CardDef]:
    """Every catalog card and token, each with its behaviour (default: none)."""
    return {name: build(data, behaviours.get(name, Behaviour()))
            for name, data in list(ORACLE.items()) + list(tokens.items())}


def one_registry(*pools: dict) -> dict:
    """The pools merged into one mapping by card name; a name defined in two pools is an error
    (merging with {**a, **b} silently kept the later one, so a card's behaviour could vanish)."""
    merged: dict = {}
    for pool in pools:
        for name, value in pool.items():
            if name in merged:
                raise ValueError(f"card {name!r} is defined twice in the reference engine's card pools")
            merged[name] = value
    return merged


# Every module of this package that describes cards, with the name of its behaviours dict and
# of its tokens dict (None: it defines no tokens). This table is the one list of them: the
# catalog is built from it, and the mutation runner (mtg_conformance.selfcheck.mutmut_fresh)
# reloads exactly these modules to rebuild the catalog under a mutant.
POOL_MODULES: dict[str, tuple[str, str | None]] = {
    "behaviour": ("BEHAVIOUR", "EXTRA_TOKENS"),
    "pool": ("POOL", "POOL_TOKENS"),
    "pool_library": ("LIBRARY_POOL", None),
    "pool_faces": ("FACES_POOL", None),
    "choice_pool": ("CHOICE_POOL", "CHOICE_POOL_TOKENS"),
    "pool_copies": ("COPIES_POOL", None),
    "pool_dies": ("DIES_POOL", "DIES_POOL_TOKENS"),
    "pool_replacement": ("REPLACEMENT_POOL", None),
    "pool_peers_wagic": ("WAGIC_POOL", "WAGIC_POOL_TOKENS"),
    "pool_peers_xmage": ("PEERS_XMAGE_POOL", "PEERS_XMAGE_POOL_TOKENS"),
    "pool_triggers": ("TRIGGERS_POOL", None),
    "pool_escape": ("ESCAPE_POOL", None),
    "pool_attack": ("ATTACK_POOL", None),
    "pool_you_may_each": ("YOU_MAY_EACH_POOL", None),
    "pool_walkers": ("WALKERS_POOL", None),
    "pool_layers": ("LAYERS_POOL", None),
    "pool_equipment": ("EQUIPMENT_POOL", None),
    "pool_peers_phase": ("PHASE_POOL", None),
    "pool_prevention": ("PREVENTION_POOL", None),
    "pool_dfc": ("DFC_POOL", None),
    "pool_hand": ("HAND_POOL", None),
    "pool_lifelink_spells": ("LIFELINK_SPELLS_POOL", None),
    "pool_adventure": ("ADVENTURE_POOL", "ADVENTURE_POOL_TOKENS"),
}


def registries(modules: dict) -> tuple[dict, dict]:
    """The behaviours and the tokens of the pool modules (`modules`: name -> module object),
    each merged into one registry by card name."""
    behaviours = one_registry(*(getattr(modules[name], attr) for name, (attr, _) in POOL_MODULES.items()))
    tokens = one_registry(*(getattr(modules[name], attr) for name, (_, attr) in POOL_MODULES.items() if attr))
    return behaviours, tokens


BEHAVIOURS, TOKENS = registries({name: importlib.import_module(f"{__package__}.{name}") for name in POOL_MODULES})
CARDS: dict[str, CardDef] = build_cards(BEHAVIOURS, TOKENS)

CATALOG_NAMES = frozenset(ORACLE)  # what a setup may name (extra tokens are not cards)


def card_def(name: str) -> CardDef:
    try:
        return CARDS[name]
    except KeyError:
        raise CaseError(f"unknown card name {name!r}") from None
