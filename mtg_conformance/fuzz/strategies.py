"""Hypothesis strategies for valid protocol-1 cases built from the card catalog.

`cases()` draws a setup (hands, graveyards, libraries, battlefields with lands, creatures
and cost modifiers, mana pools of any colors, unique labels), then a short sequence of steps
that is mostly legal: the `model` tracks zones and the stack, each cast gets an exact `pay`
for its predicted total cost, and every player's pool is filled afterwards with what their
casts pay plus a few extra symbols. About one step in six is a deliberately illegal attempt
(ILLEGAL_KINDS: overpaying, underpaying, sorcery-speed cards at the wrong time, a single
kicker paid twice or one of two kicker costs paid twice, kicking a spell without kicker, an
extra target (e.g. for the part of Orim's Thunder that exists only if kicked), casting from
the graveyard without flashback, flashback from the hand, resolving an empty stack).
Nothing is asked of any engine while drawing.

Biases (bugs live in interactions): kicker, flashback and converge cards are drawn more
often; bob mostly holds instants, above all counters and copies; with a spell on the stack a
cast is usually a response, and a response on top is usually resolved next.

Shrinking: every choice is a small integer (index 0 is the simplest: no turn, fewer cards,
casting before anything else, no kicker); cases end early when the "stop" draw is kept, and
mtg_conformance.fuzz.minimize deletes leftover steps and cards afterwards.
"""

from __future__ import annotations

from collections import defaultdict

from hypothesis import strategies as st

from .costs import symbols
from .model import PLAYERS, Model
from .pool import FREE_CAST, STICKER_KICKER, by_role, load_pool

TURN_STEPS = ("main1", "upkeep", "draw", "combat", "main2", "end")
MANA_LETTERS = "RGWUBC"
# a step kind per entry; repeats are weights; the first is what shrinking aims for
STEP_KINDS = ("cast", "cast", "cast", "cast", "resolve", "resolve", "pass_until_empty",
              "put_onto_battlefield", "tap_for_mana", "illegal", "illegal")
ILLEGAL_KINDS = ("overpay", "underpay", "timing", "kick-twice", "extra-target", "graveyard",
                 "flashback-from-hand", "kick-unkickable", "kickers-twice", "resolve-empty")


# Drawing helpers. Hypothesis caches a strategy only when its arguments are hashable, and a
# case makes a few hundred draws, so building sampled_from(list) strategies per draw would
# dominate the run time: draw cached integer strategies and index instead (shrinking still
# goes to the first item and to the smaller count).
_INTEGERS: dict = {}


def _int(draw, lo: int, hi: int) -> int:
    strategy = _INTEGERS.get((lo, hi))
    if strategy is None:
        strategy = _INTEGERS[(lo, hi)] = st.integers(lo, hi)
    return draw(strategy)


def _flag(draw) -> bool:
    return _int(draw, 0, 1) == 1


def _pick(draw, seq):
    return seq[_int(draw, 0, len(seq) - 1)]


def _some(draw, seq, max_size: int, min_size: int = 0, unique: bool = False) -> list:
    """A list of items of `seq` (distinct items when `unique`)."""
    pool = list(seq)
    out = []
    for _ in range(_int(draw, min_size, max_size)):
        if not pool:
            break
        item = pool.pop(_int(draw, 0, len(pool) - 1)) if unique else _pick(draw, pool)
        out.append(item)
    return out


class Labeller:
    """Unique labels from each card's stem: bolt1, bolt2, cancel1 ..."""

    def __init__(self):
        self.counts: dict = defaultdict(int)

    def __call__(self, stem: str) -> str:
        self.counts[stem] += 1
        return f"{stem}{self.counts[stem]}"


def _names(role_list):
    return [c.name for c in role_list]


LIBRARY_FILLER = "Island"


def _pad(names: list, filler: str, size: int) -> list:
    return names + [filler] * (size - len(names))


CASTABLE = _names(by_role("spell")) + _names(by_role("permanent")) + _names(by_role("modifier"))
FLASHBACK = [c.name for c in load_pool().values() if c.flashback is not None]
PERMANENTS = _names(by_role("permanent"))
MODIFIERS = _names(by_role("modifier"))
LANDS = _names(by_role("land"))
INSTANTS = [c.name for c in load_pool().values() if c.instant_speed]
RESPONSES = [c.name for c in load_pool().values() if {"counter", "copy"} & set(c.features)]
KICKERS = [c.name for c in load_pool().values() if c.kickers]
CONVERGE = [c.name for c in load_pool().values() if "converge" in c.features]
# what hands are drawn from: every castable card, kicker and flashback cards twice as often
# for alice (instants with kicker three times); bob mostly holds instants, above all
# counters and copies, to answer her spells; either may hold one more counter or copy
KICKED_INSTANTS = [n for n in KICKERS if n in INSTANTS]
ALICE_HAND = CASTABLE + KICKERS + KICKED_INSTANTS + FLASHBACK + CONVERGE
BOB_HAND = INSTANTS + RESPONSES + RESPONSES + CASTABLE


def draw_setup(draw, rich_pools: bool = False):
    """Draw the setup; returns (setup without pools, model, extra mana per player).

    `rich_pools`: give each player plenty of every color up front (for tests that cannot
    fill pools after the steps are known)."""
    model, label = Model(), Labeller()
    players: dict = {p: {} for p in PLAYERS}
    if _int(draw, 0, 4) == 4:
        model.active = _pick(draw, PLAYERS)
        model.step = _pick(draw, TURN_STEPS)
    for p in PLAYERS:
        mine = p == "alice"
        zones = {
            "hand": _some(draw, ALICE_HAND if mine else BOB_HAND, 4 if mine else 2, 1 if mine else 0)
            + _some(draw, RESPONSES, 1),
            "graveyard": _some(draw, FLASHBACK, 2 if mine else 1),
            # at least two cards: drawing from an empty library loses the game (704.5b),
            # which protocol 1 doesn't describe, so a case must not end that way by chance
            "library": _pad(_some(draw, CASTABLE, 2), LIBRARY_FILLER, 2),
            "battlefield": _some(draw, LANDS, 2) + _some(draw, PERMANENTS, 2)
            + _some(draw, MODIFIERS, 2, unique=True),
        }
        for zone, names in zones.items():
            items = []
            for name in names:
                lab = label(load_pool()[name].stem)
                item = {"card": name, "label": lab}
                tapped = zone == "battlefield" and name in LANDS and _int(draw, 0, 3) == 3
                if tapped:
                    item["tapped"] = True
                model.add(lab, name, p, zone, tapped)
                items.append(item)
            if items:
                players[p][zone] = items
        if _int(draw, 0, 3) == 3:  # low life: paying life (Deep Analysis) may be impossible
            players[p]["life"] = model.life[p] = _int(draw, 1, 4)
    extra = {p: _some(draw, MANA_LETTERS, 3) for p in PLAYERS}
    if rich_pools:
        for p in PLAYERS:
            extra[p] = extra[p] + list("WUBRGC") * 6
    setup: dict = {"players": players}
    if (model.active, model.step) != ("alice", "main1"):
        setup["turn"] = {"active": model.active, "step": model.step}
    return setup, model, extra


def finish_setup(setup: dict, extra: dict, spend: dict) -> dict:
    """Fill each player's pool with the extra mana and everything their casts pay."""
    for p in PLAYERS:
        mana = symbols(list(extra.get(p, ())) + list(spend.get(p, ())))
        if mana:
            setup["players"][p]["mana"] = mana
    setup["players"] = {p: v for p, v in setup["players"].items() if v} or {"alice": {}}
    return setup


# ---------------------------------------------------------------- casting

def _kick_choice(draw, kickers: list, max_multi: int):
    """(letters of the kicker costs paid, the cast fields that announce them)."""
    if not kickers:
        return (), {}
    fields: dict = {}
    if len(kickers) == 1:
        k = kickers[0]
        n = _int(draw, 0, max(0, min(5, max_multi)) if k.multi else 1)
        letters = (k.letter,) * n
        if n or _flag(draw):
            fields["kicks"] = n
    else:
        letters = ()
        for k in kickers:
            n = _int(draw, 0, 2 if k.multi else 1)
            letters += (k.letter,) * n
        if letters:
            fields["kickers"] = list(letters)
    if any(k.sticker and k.letter in letters for k in kickers) and _flag(draw):
        fields["sticker"] = True
    return letters, fields


def _targets(draw, model: Model, card, caster: str, label: str, kickers: tuple):
    """Targets per slot from the model's candidates; None when a slot can't be filled."""
    chosen: list = []
    for kind, count in card.targets:
        if count == "if-kicked" and not kickers:
            continue
        n = 1 + len(kickers) if count == "one-plus-kicks" else 1
        cands = [c for c in model.candidates(kind, caster, label) if c not in chosen]
        if len(cands) < n:
            return None
        picks = _some(draw, cands, n, n, unique=True)
        chosen.extend(picks)
    return chosen


def _pay(draw, cost) -> list:
    return list(cost.colored) + [_pick(draw, MANA_LETTERS) for _ in range(cost.generic)]


def _cast_options(model: Model) -> list:
    """(label, caster, with flashback) the model believes can be cast now."""
    out = []
    for lab, card in model.cards.items():
        where, owner = model.zone[lab], model.owner[lab]
        if card.role == "land" or not model.can_cast_now(card, owner):
            continue
        if any(count == "one" and not model.candidates(kind, owner, lab)
               for kind, count in card.targets):
            continue
        if where == "hand" or (where == "graveyard" and card.flashback is not None):
            out.append((lab, owner, where == "graveyard"))
    return out


def _draw_cast(draw, model: Model, spend: dict, option, illegal: str | None = None):
    lab, caster, flashback = option
    card = model.cards[lab]
    free = (model.zone[lab] == "hand" and not flashback and model.controls(caster, FREE_CAST)
            and _flag(draw))
    max_multi = 5
    slots = [k for k, c in card.targets if c == "one-plus-kicks"]
    if slots:
        max_multi = len(model.candidates(slots[0], caster, lab)) - 1
    offered = model.kickers(card, caster)
    kickers, fields = _kick_choice(draw, offered, max_multi)
    if illegal in ("kick-twice", "kickers-twice"):
        # pay for both kicks (and give the kicked-only targets), so only the count is wrong
        kickers = ("A", "A")
        fields = {"kicks": 2} if illegal == "kick-twice" else {"kickers": ["A", "A"]}
    x = None
    if card.cost.xs:
        x = 0 if free else _int(draw, 0, 3)
    targets = _targets(draw, model, card, caster, lab, kickers)
    if targets is None:
        targets = [model.candidates("player", caster)[0]] if card.targets else []
        illegal = illegal or "no-target"
    by_letter = {k.letter: k.cost for k in offered}
    cost = model.total_cost(card, caster, [by_letter[k] for k in kickers], x or 0, flashback, free)
    pay = _pay(draw, cost)
    args: dict = {"card": lab}
    if flashback:
        args["alternative"] = "flashback"
    elif free:
        args["alternative"] = "without-paying-mana-cost"
    args.update(fields)
    if x is not None:
        args["x"] = x
    if card.targets or targets:
        args["targets"] = targets
    if illegal == "overpay":
        pay.append(_pick(draw, MANA_LETTERS))
    elif illegal == "underpay" and pay:
        pay.pop(_int(draw, 0, len(pay) - 1))
    elif illegal == "kick-unkickable":
        # kick a spell that has no kicker, paying what a granted sticker kicker would cost
        args.pop("kickers", None)
        args["kicks"] = 1
        if model.controls(caster, STICKER_KICKER):
            pay.append(_pick(draw, MANA_LETTERS))
    elif illegal == "extra-target":
        others = [c for c in model.candidates("any", caster, lab) if c not in targets]
        args["targets"] = targets + others[:1] if others else targets + targets[:1]
    elif illegal == "graveyard" and not flashback:
        args["alternative"] = "flashback"
    spend[caster].extend(pay)
    args["pay"] = symbols(pay)
    if illegal is None and flashback and card.flashback_life > model.life[caster]:
        illegal = "life"
    if illegal is None:
        model.cast(lab, flashback, kickers, tuple(targets))
        if flashback:
            model.life[caster] -= card.flashback_life
    return {"cast": args}


def _illegal_situations(model: Model) -> dict:
    """For each illegal kind, the cards (cast options) it can be tried with now."""
    everything = [(lab, model.owner[lab], model.zone[lab] == "graveyard")
                  for lab, c in model.cards.items()
                  if c.role != "land" and model.zone[lab] in ("hand", "graveyard")]
    castable = _cast_options(model)
    anything = castable or everything
    return {
        "overpay": anything,
        "underpay": anything,
        "extra-target": anything,
        "timing": [o for o in everything if not model.cards[o[0]].instant_speed
                   and not model.can_cast_now(model.cards[o[0]], o[1])],
        "graveyard": [o for o in everything if o[2] and model.cards[o[0]].flashback is None],
        "flashback-from-hand": [(lab, owner, True) for lab, owner, in_gy in everything
                                if not in_gy and model.cards[lab].flashback is not None],
        "kick-twice": [o for o in castable if len(model.cards[o[0]].kickers) == 1
                       and not model.cards[o[0]].multikicker],
        "kickers-twice": [o for o in castable if len(model.cards[o[0]].kickers) == 2],
        "kick-unkickable": [o for o in castable if not model.kickers(model.cards[o[0]], o[1])],
    }


def _draw_illegal(draw, model: Model, spend: dict):
    """An illegal attempt: the drawn kind, or when its situation does not arise here, the
    next kind (in ILLEGAL_KINDS order, wrapping around) whose situation does."""
    situations = _illegal_situations(model)
    first = _int(draw, 0, len(ILLEGAL_KINDS) - 1)
    for i in range(len(ILLEGAL_KINDS)):
        kind = ILLEGAL_KINDS[(first + i) % len(ILLEGAL_KINDS)]
        if kind == "resolve-empty":
            if not model.stack:
                return {"resolve": {}}
            continue
        if situations[kind]:
            return _draw_cast(draw, model, spend, _pick(draw, situations[kind]), kind)
    return {"pass_until_empty": {}}


# ---------------------------------------------------------------- other steps

def _draw_resolve(model: Model, until_empty: bool) -> dict:
    """Resolve the top object (or all): the choices give the targets of the targeted
    triggers the model expects to go on the stack, and the creature a sacrifice takes."""
    choices: dict = {}
    rounds = 0
    while model.stack and rounds < 50:
        rounds += 1
        model.resolve()
        if model.sacrificed and "sacrifice" not in choices:
            choices["sacrifice"] = model.sacrificed
        for it in model.stack:
            if it.kind == "ability" and it.targets and not it.announced:
                it.announced = True
                choices.setdefault("trigger_targets", []).append(
                    {"source": it.label, "targets": list(it.targets)})
        if not until_empty:
            break
    return {"pass_until_empty" if until_empty else "resolve": {"choices": choices} if choices else {}}


def draw_step(draw, model: Model, spend: dict, kind: str | None = None) -> dict:
    """One step, mostly legal given the model's state; updates the model. `kind` (one of
    STEP_KINDS) forces the kind of step when the situation allows it."""
    top = model.stack[-1] if model.stack else None
    if (kind is None and top is not None and top.kind == "spell"
            and {"counter", "copy"} & set(model.cards[top.label].features) and _flag(draw)):
        kind = "resolve"  # let a response resolve: its effect is what there is to compare
    kind = kind or _pick(draw, STEP_KINDS)
    if kind in ("resolve", "pass_until_empty") and not model.stack:
        kind = "cast"  # nothing to resolve: do something instead (an empty resolve is in ILLEGAL_KINDS)
    if kind == "cast":
        options = _cast_options(model)
        responses = [o for o in options if {"counter", "copy"} & set(model.cards[o[0]].features)]
        if model.stack and responses and _int(draw, 0, 2) > 0:
            options = responses  # interaction with the spell on the stack is where bugs live
        if options:
            return _draw_cast(draw, model, spend, _pick(draw, options))
        kind = "resolve" if model.stack else "illegal"
    if kind == "illegal":
        return _draw_illegal(draw, model, spend)
    if kind in ("resolve", "pass_until_empty"):
        return _draw_resolve(model, kind == "pass_until_empty")
    if kind == "put_onto_battlefield":
        options = [lab for lab, c in model.cards.items() if c.is_permanent and c.role != "land"
                   and model.zone[lab] in ("hand", "graveyard", "library", "exile")]
        if options:
            lab = _pick(draw, options)
            model.put_onto_battlefield(lab)  # unkicked: only untargeted triggers
            return {"put_onto_battlefield": {"card": lab}}
    lands = [lab for lab in model.labels("battlefield")
             if model.cards[lab].role == "land" and lab not in model.tapped]
    if lands:
        lab = _pick(draw, lands)
        model.tapped.add(lab)
        return {"tap_for_mana": {"permanents": [lab]}}
    return _draw_resolve(model, until_empty=True)


@st.composite
def cases(draw, max_steps: int = 6):
    """A whole case without an id: {"setup": ..., "steps": [...]}."""
    setup, model, extra = draw_setup(draw)
    spend: dict = {p: [] for p in PLAYERS}
    # go on unless told to stop: Hypothesis favours small values, so "stop" is the rare
    # non-zero draw; shrinking still ends cases early (and minimize deletes steps)
    steps = [draw_step(draw, model, spend)]
    while len(steps) < max_steps and _int(draw, 0, 5) != 5:
        steps.append(draw_step(draw, model, spend))
    return {"setup": finish_setup(setup, extra, spend), "steps": steps}
