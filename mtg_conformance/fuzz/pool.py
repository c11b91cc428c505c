"""The cards the fuzzer plays with, their characteristics read from the catalog spec/cards/.

Characteristics (mana cost, mana value, types, colors, toughness) and keyword costs (kicker,
multikicker, flashback) come from the catalog's Oracle data; what the fuzzer must know beyond
that (what each spell targets, what modifies costs) is the small table below. Only cards whose
behaviour every engine can be driven through protocol 1 without engine-chosen outcomes are in
it (no "divide damage", no random discards), so two correct engines always agree.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

from generator.model import card_slug
from mtg_adapter.suite_files import CHECKOUT, suite_path
from mtg_adapter.yaml_bounds import safe_load_bounded

from .costs import ManaCost

CATALOG_DIR = suite_path("spec/cards") or CHECKOUT / "spec" / "cards"

_COST = r"((?:\{[^{}]+\})+)"
_KICKER = re.compile(r"^Kicker " + _COST + r"(?: and/or " + _COST + r")?(?: \(|$)", re.M)
_MULTI = re.compile(r"^Multikicker " + _COST + r"(?: \(|$)", re.M)
_FLASHBACK = re.compile(r"^Flashback(?: |\u2014)" + _COST + r"(?:, Pay (\d+) life)?\.?(?: \(|$)", re.M)

# name -> (label stem, role, target slots, features)
# role: spell | permanent | modifier | land
# a target slot: (kind, count) with kind any | player | spell | instsorc | artifact | artench |
# creature | nonland | nonblack-creature and count one | one-plus-kicks | if-kicked
_TABLE = {
    "Lightning Bolt": ("bolt", "spell", (("any", "one"),), ()),
    "Burst Lightning": ("burst", "spell", (("any", "one"),), ()),
    "Firebolt": ("firebolt", "spell", (("any", "one"),), ()),
    "Kaleidoscorch": ("scorch", "spell", (("any", "one"),), ("converge",)),
    "Radiant Flames": ("flames", "spell", (), ("converge",)),
    "Think Twice": ("twice", "spell", (), ()),
    "Deep Analysis": ("analysis", "spell", (("player", "one"),), ()),
    "Lingering Souls": ("souls", "spell", (), ("tokens",)),
    "Ancient Grudge": ("grudge", "spell", (("artifact", "one"),), ()),
    "Cancel": ("cancel", "spell", (("spell", "one"),), ("counter",)),
    "Counterspell": ("counterspell", "spell", (("spell", "one"),), ("counter",)),
    "Twincast": ("twincast", "spell", (("instsorc", "one"),), ("copy",)),
    "Reverberate": ("reverb", "spell", (("instsorc", "one"),), ("copy",)),
    "Into the Roil": ("roil", "spell", (("nonland", "one"),), ()),
    "Orim's Thunder": ("thunder", "spell", (("artench", "one"), ("creature", "if-kicked")), ()),
    "Comet Storm": ("comet", "spell", (("any", "one-plus-kicks"),), ("x-costs",)),
    "Strength of the Tajuru": ("tajuru", "spell", (("creature", "one-plus-kicks"),), ("x-costs",)),
    "Grizzly Bears": ("bears", "permanent", (), ()),
    "Savannah Lions": ("lions", "permanent", (), ()),
    "Elite Vanguard": ("vanguard", "permanent", (), ()),
    "Kavu Titan": ("kavu", "permanent", (), ()),
    "Aether Figment": ("figment", "permanent", (), ()),
    "Joraga Warcaller": ("warcaller", "permanent", (), ()),
    "Apex Hawks": ("hawks", "permanent", (), ()),
    "Everflowing Chalice": ("chalice", "permanent", (), ()),
    "Crystalline Crawler": ("crawler", "permanent", (), ("converge",)),
    "Wolfbriar Elemental": ("wolfbriar", "permanent", (), ("tokens", "triggers")),
    "Stormscape Battlemage": ("stormscape", "permanent", (), ("triggers",)),
    "Archangel of Wrath": ("archangel", "permanent", (), ("triggers",)),
    "Gatekeeper of Malakir": ("gatekeeper", "permanent", (), ("triggers",)),
    "Thalia, Guardian of Thraben": ("thalia", "modifier", (), ("cost-increase",)),
    "Sphere of Resistance": ("sphere", "modifier", (), ("cost-increase",)),
    "Goblin Electromancer": ("electro", "modifier", (), ("cost-reduction",)),
    "Helm of Awakening": ("helm", "modifier", (), ("cost-reduction",)),
    "Wicker Picker": ("picker", "modifier", (), ("sticker-kicker",)),
    "Saproling Infestation": ("infestation", "modifier", (), ("triggers", "tokens")),
    "Omniscience": ("omniscience", "modifier", (), ("free-cast",)),
    "Plains": ("plains", "land", (), ()),
    "Island": ("island", "land", (), ()),
    "Swamp": ("swamp", "land", (), ()),
    "Mountain": ("mountain", "land", (), ()),
    "Forest": ("forest", "land", (), ()),
}

# Static cost modifiers (601.2f): amount, which spells, whose spells.
COST_MODIFIERS = {
    "Thalia, Guardian of Thraben": (+1, "noncreature", "all"),
    "Sphere of Resistance": (+1, "all", "all"),
    "Goblin Electromancer": (-1, "instsorc", "controller"),
    "Helm of Awakening": (-1, "all", "all"),
}

# ETB triggers the model must know about: name -> (condition, target kind or None) with
# condition None (always), a kicker letter ("A": kicked with it), "kicked" or "kicked-twice".
ETB_TRIGGERS = {
    "Wolfbriar Elemental": ((None, None),),
    "Stormscape Battlemage": (("A", None), ("B", "nonblack-creature")),
    "Archangel of Wrath": (("kicked", "any"), ("kicked-twice", "any")),
    "Gatekeeper of Malakir": (("kicked", "player"),),
}
# "Creature spells you cast have sticker kicker {1}" (702.33h): name -> the granted cost
STICKER_KICKER = {"Wicker Picker": ManaCost(1)}
# "Whenever a player kicks a spell, ..." (one trigger per kicker payment)
KICK_TRIGGERS = ("Saproling Infestation",)
# "You may cast spells from your hand without paying their mana costs."
FREE_CAST = ("Omniscience",)


@dataclass(frozen=True)
class PoolCard:
    name: str
    stem: str
    role: str
    cost: ManaCost | None
    mana_value: int
    types: tuple
    colors: tuple
    toughness: int | None
    kickers: tuple          # ManaCost per printed kicker cost (A, B)
    multikicker: bool
    flashback: ManaCost | None
    flashback_life: int
    targets: tuple
    features: tuple
    mana: str | None        # the color a basic land taps for

    @property
    def is_permanent(self) -> bool:
        return not ({"Instant", "Sorcery"} & set(self.types))

    @property
    def instant_speed(self) -> bool:
        return "Instant" in self.types

    @property
    def is_instsorc(self) -> bool:
        return bool({"Instant", "Sorcery"} & set(self.types))


_LAND_COLOR = {"Plains": "W", "Island": "U", "Swamp": "B", "Mountain": "R", "Forest": "G"}


def _read(name: str, stem: str, role: str, targets: tuple, features: tuple, directory: Path) -> PoolCard:
    data = safe_load_bounded((directory / f"{card_slug(name)}.yaml").read_text(encoding="utf-8"))
    text = data.get("oracle_text") or ""
    kickers: tuple = ()
    multi = False
    if m := _KICKER.search(text):
        kickers = tuple(ManaCost.parse(c) for c in m.groups() if c)
    elif m := _MULTI.search(text):
        kickers, multi = (ManaCost.parse(m.group(1)),), True
    flashback, life = None, 0
    if m := _FLASHBACK.search(text):
        flashback, life = ManaCost.parse(m.group(1)), int(m.group(2) or 0)
    extra = (("kicker",) if kickers else ()) + (("multikicker",) if multi else ()) \
        + (("two-kickers",) if len(kickers) > 1 else ())
    tough = data.get("toughness")
    return PoolCard(
        name=name, stem=stem, role=role,
        cost=ManaCost.parse(data["mana_cost"]) if data.get("mana_cost") is not None else None,
        mana_value=int(data["mana_value"]), types=tuple(data.get("types") or ()),
        colors=tuple(data.get("colors") or ()),
        toughness=int(tough) if isinstance(tough, str) and tough.isdigit() else None,
        kickers=kickers, multikicker=multi, flashback=flashback, flashback_life=life,
        targets=targets, features=tuple(features) + extra, mana=_LAND_COLOR.get(name))


@lru_cache(maxsize=None)
def load_pool(directory: str | None = None) -> dict:
    """name -> PoolCard, for every card of the fuzzer's table (read once)."""
    where = Path(directory) if directory else CATALOG_DIR
    return {name: _read(name, *row, where) for name, row in _TABLE.items()}


def by_role(role: str) -> list:
    return [c for c in load_pool().values() if c.role == role]
