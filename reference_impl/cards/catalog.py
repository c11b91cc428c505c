"""CardDef: a card's characteristics (from the embedded Oracle data), its keyword costs (parsed
from its Oracle text) and its behaviour (composed from effect primitives in behaviour.py)."""

from __future__ import annotations

from dataclasses import dataclass

from ..rules.keywords import parse_keyword_costs, parse_mana_abilities
from ..state.game import CaseError
from ..state.mana import Cost
from .behaviour import BEHAVIOUR, EXTRA_TOKENS, Behaviour
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
    unsupported: str | None

    @property
    def is_permanent(self) -> bool:
        return not ("Instant" in self.types or "Sorcery" in self.types)


def _int(v):
    return None if v is None else int(v)


def build(data: dict, beh: Behaviour) -> CardDef:
    kw = parse_keyword_costs(data["oracle_text"])
    return CardDef(
        name=data["name"],
        cost=None if data["mana_cost"] is None else Cost.parse(data["mana_cost"]),
        mana_cost=data["mana_cost"],
        types=tuple(data["types"]),
        subtypes=tuple(data["subtypes"]),
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
        triggers=beh.triggers,
        statics=beh.statics,
        enters=beh.enters,
        mana_abilities=parse_mana_abilities(data["oracle_text"]),
        activated=beh.activated,
        alt_cost=beh.alt_cost,
        unsupported=beh.unsupported,
    )


CARDS: dict[str, CardDef] = {}
for _name, _data in list(ORACLE.items()) + list(EXTRA_TOKENS.items()):
    CARDS[_name] = build(_data, BEHAVIOUR.get(_name, Behaviour()))

CATALOG_NAMES = frozenset(ORACLE)  # what a setup may name (extra tokens are not cards)


def card_def(name: str) -> CardDef:
    try:
        return CARDS[name]
    except KeyError:
        raise CaseError(f"unknown card name {name!r}") from None
