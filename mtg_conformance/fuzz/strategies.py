"""Hypothesis strategies for valid protocol-1 cases built from the card catalog.

`cases()` draws a setup (hands, graveyards, libraries, battlefields with lands, creatures
and cost modifiers, mana pools of any colors, unique labels), then a short sequence of steps
that is mostly legal: the `model` tracks zones and the stack, each cast gets an exact `pay`
for its predicted total cost, and every player's pool is filled afterwards with what their
casts pay plus a few extra symbols. A few steps are deliberately illegal (overpaying, wrong
timing, kicking a single kicker twice, a target for an unkicked part, flashback without
flashback). Nothing is asked of any engine while drawing.

Shrinking: every choice is a small integer or a list drawn so that the simplest value comes
first (no turn, fewer cards, fewer steps, casting before anything else, no kicker).
"""

from __future__ import annotations

from collections import defaultdict

from hypothesis import strategies as st

from .costs import symbols
from .model import PLAYERS, Model
from .pool import by_role, load_pool

TURN_STEPS = ("main1", "upkeep", "draw", "combat", "main2", "end")
MANA_LETTERS = "RGWUBC"
# a step kind per entry; repeats are weights; the first is what shrinking aims for
STEP_KINDS = ("cast", "cast", "cast", "cast", "resolve", "resolve", "pass_until_empty",
              "put_onto_battlefield", "tap_for_mana", "illegal")
ILLEGAL_KINDS = ("overpay", "underpay", "timing", "kick-twice", "extra-target", "graveyard",
                 "kickers-twice", "resolve-empty")


class Labeller:
    """Unique labels from each card's stem: bolt1, bolt2, cancel1 ..."""

    def __init__(self):
        self.counts: dict = defaultdict(int)

    def __call__(self, stem: str) -> str:
        self.counts[stem] += 1
        return f"{stem}{self.counts[stem]}"


def _names(role_list):
    return [c.name for c in role_list]


CASTABLE = _names(by_role("spell")) + _names(by_role("permanent")) + _names(by_role("modifier"))
FLASHBACK = [c.name for c in load_pool().values() if c.flashback is not None]
PERMANENTS = _names(by_role("permanent"))
MODIFIERS = _names(by_role("modifier"))
LANDS = _names(by_role("land"))


def draw_setup(draw, rich_pools: bool = False):
    """Draw the setup; returns (setup without pools, model, extra mana per player).

    `rich_pools`: give each player plenty of every color up front (for tests that cannot
    fill pools after the steps are known)."""
    model, label = Model(), Labeller()
    players: dict = {p: {} for p in PLAYERS}
    if draw(st.integers(0, 4)) == 4:
        model.active = draw(st.sampled_from(PLAYERS))
        model.step = draw(st.sampled_from(TURN_STEPS))
    for p in PLAYERS:
        mine = p == "alice"
        zones = {
            "hand": draw(st.lists(st.sampled_from(CASTABLE), min_size=1 if mine else 0,
                                  max_size=4 if mine else 2)),
            "graveyard": draw(st.lists(st.sampled_from(FLASHBACK), max_size=2 if mine else 1)),
            "library": draw(st.lists(st.sampled_from(CASTABLE), max_size=2)),
            "battlefield": draw(st.lists(st.sampled_from(LANDS), max_size=2))
            + draw(st.lists(st.sampled_from(PERMANENTS), max_size=2))
            + draw(st.lists(st.sampled_from(MODIFIERS), max_size=2, unique=True)),
        }
        for zone, names in zones.items():
            items = []
            for name in names:
                lab = label(load_pool()[name].stem)
                item = {"card": name, "label": lab}
                tapped = zone == "battlefield" and name in LANDS and draw(st.integers(0, 3)) == 3
                if tapped:
                    item["tapped"] = True
                model.add(lab, name, p, zone, tapped)
                items.append(item)
            if items:
                players[p][zone] = items
        if draw(st.integers(0, 5)) == 5:
            players[p]["life"] = model.life[p] = draw(st.integers(1, 4))
    extra = {p: draw(st.lists(st.sampled_from(MANA_LETTERS), max_size=3)) for p in PLAYERS}
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

def _kick_choice(draw, card, max_multi: int):
    """(kickers as letters, the cast fields that announce them)."""
    if not card.kickers:
        return (), {}
    if card.multikicker:
        n = draw(st.integers(0, max(0, min(3, max_multi))))
        return ("A",) * n, ({"kicks": n} if n or draw(st.booleans()) else {})
    if len(card.kickers) == 1:
        n = draw(st.integers(0, 1))
        return ("A",) * n, ({"kicks": n} if n or draw(st.booleans()) else {})
    letters = tuple(k for k in ("A", "B") if draw(st.booleans()))
    return letters, ({"kickers": list(letters)} if letters else {})


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
        picks = draw(st.lists(st.sampled_from(cands), min_size=n, max_size=n, unique=True))
        chosen.extend(picks)
    return chosen


def _pay(draw, cost) -> list:
    return list(cost.colored) + draw(st.lists(st.sampled_from(MANA_LETTERS),
                                              min_size=cost.generic, max_size=cost.generic))


def _cast_options(model: Model) -> list:
    """(label, caster, flashback) the model believes can be cast now."""
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
    max_multi = 3
    slots = [k for k, c in card.targets if c == "one-plus-kicks"]
    if slots:
        max_multi = len(model.candidates(slots[0], caster, lab)) - 1
    kickers, fields = _kick_choice(draw, card, max_multi)
    x = draw(st.integers(0, 3)) if card.cost.xs else None
    targets = _targets(draw, model, card, caster, lab, kickers)
    if targets is None:
        targets = [model.candidates("player", caster)[0]] if card.targets else []
        illegal = illegal or "no-target"
    kicker_costs = [card.kickers[ord(k) - ord("A")] for k in kickers]
    cost = model.total_cost(card, caster, kicker_costs, x or 0, flashback)
    pay = _pay(draw, cost)
    args: dict = {"card": lab}
    if flashback:
        args["alternative"] = "flashback"
    args.update(fields)
    if x is not None:
        args["x"] = x
    if card.targets or targets:
        args["targets"] = targets
    if illegal == "overpay":
        pay.append(draw(st.sampled_from(MANA_LETTERS)))
    elif illegal == "underpay" and pay:
        pay.pop(draw(st.integers(0, len(pay) - 1)))
    elif illegal == "kick-twice":
        if card.multikicker or len(card.kickers) > 1:
            args.pop("kicks", None)
            args["kickers"] = ["A", "A"] if len(card.kickers) > 1 else ["A", "B"]
        else:
            args.pop("kickers", None)
            args["kicks"] = len(card.kickers) + 1
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


def _draw_illegal(draw, model: Model, spend: dict):
    kind = draw(st.sampled_from(ILLEGAL_KINDS))
    if kind == "resolve-empty" and not model.stack:
        return {"resolve": {}}
    if kind == "resolve-empty":
        kind = "overpay"
    everything = [(lab, model.owner[lab], model.zone[lab] == "graveyard")
                  for lab, c in model.cards.items()
                  if c.role != "land" and model.zone[lab] in ("hand", "graveyard")]
    if kind == "timing":
        wrong = [o for o in everything if not model.cards[o[0]].instant_speed
                 and not model.can_cast_now(model.cards[o[0]], o[1])]
        if wrong:
            return _draw_cast(draw, model, spend, draw(st.sampled_from(wrong)), "timing")
        kind = "overpay"
    if kind == "kickers-twice":
        kind = "kick-twice"
    if kind == "graveyard":
        dead = [o for o in everything if o[2] and model.cards[o[0]].flashback is None]
        if dead:
            return _draw_cast(draw, model, spend, draw(st.sampled_from(dead)), "graveyard")
        kind = "extra-target"
    options = _cast_options(model) or everything
    if not options:
        return {"pass_until_empty": {}}
    return _draw_cast(draw, model, spend, draw(st.sampled_from(options)), kind)


# ---------------------------------------------------------------- other steps

def _trigger_choices(model: Model, before: int) -> list:
    """Targets for the targeted triggers the model put on the stack since index `before`."""
    return [{"source": it.label, "targets": list(it.targets)}
            for it in model.stack[before:] if it.kind == "ability" and it.targets]


def _draw_resolve(model: Model, until_empty: bool) -> dict:
    choices: list = []
    rounds = 0
    while model.stack and rounds < 50:
        rounds += 1
        model.resolve()
        # new triggers end up on top; they are the items added after the resolved one
        added = [it for it in model.stack if it.kind == "ability" and it.targets
                 and not getattr(it, "_announced", False)]
        for it in added:
            it._announced = True
            choices.append({"source": it.label, "targets": list(it.targets)})
        if not until_empty:
            break
    args = {"choices": {"trigger_targets": choices}} if choices else {}
    return {"pass_until_empty" if until_empty else "resolve": args}


def draw_step(draw, model: Model, spend: dict) -> dict:
    """One step, mostly legal given the model's state; updates the model."""
    kind = draw(st.sampled_from(STEP_KINDS))
    if kind in ("resolve", "pass_until_empty") and not model.stack:
        kind = "cast"  # nothing to resolve: do something instead (an empty resolve is in ILLEGAL_KINDS)
    if kind == "cast":
        options = _cast_options(model)
        if options:
            return _draw_cast(draw, model, spend, draw(st.sampled_from(options)))
        kind = "resolve" if model.stack else "illegal"
    if kind == "illegal":
        return _draw_illegal(draw, model, spend)
    if kind in ("resolve", "pass_until_empty"):
        return _draw_resolve(model, kind == "pass_until_empty")
    if kind == "put_onto_battlefield":
        options = [lab for lab, c in model.cards.items() if c.is_permanent and c.role != "land"
                   and model.zone[lab] in ("hand", "graveyard", "library", "exile")]
        if options:
            lab = draw(st.sampled_from(options))
            model.put_onto_battlefield(lab)  # unkicked: only untargeted triggers
            return {"put_onto_battlefield": {"card": lab}}
    lands = [lab for lab in model.labels("battlefield")
             if model.cards[lab].role == "land" and lab not in model.tapped]
    if lands:
        lab = draw(st.sampled_from(lands))
        model.tapped.add(lab)
        return {"tap_for_mana": {"permanents": [lab]}}
    return _draw_resolve(model, until_empty=True)


@st.composite
def cases(draw, max_steps: int = 6):
    """A whole case without an id: {"setup": ..., "steps": [...]}."""
    setup, model, extra = draw_setup(draw)
    spend: dict = {p: [] for p in PLAYERS}
    n = draw(st.integers(1, max_steps))
    steps = [draw_step(draw, model, spend) for _ in range(n)]
    return {"setup": finish_setup(setup, extra, spend), "steps": steps}
