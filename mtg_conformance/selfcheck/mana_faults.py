"""Faulty engines modelled on real bug reports about monocolored hybrid mana ({2/R}, 107.4e):
its mana value (202.3f: it counts 2) and how a cost reduction meets it (601.2b: the caster
announces which half pays each symbol, then 601.2f reduces that announced cost).

Each does what its report says the real engine did, on Flame Javelin ({2/R}{2/R}{2/R}): a
{2/B} counted 1 in mana value (phase.rs #2892, found by Bring to Light), and a reduced cost of
monocolored hybrid symbols that added both halves of each symbol before reducing (XMage #6130,
Reaper King under Mycosynth Golem).
"""

from __future__ import annotations

from unittest import mock

from reference_impl.state.game import IllegalAction

from . import locate
from .fault import Fault, cards, case
from .patching import wrap_attr

MAGE = "https://github.com/magefree/mage"
PHASE = "https://github.com/phase-rs/phase"


def _mono_hybrid_counts_one(stack, run):
    """Each monocolored hybrid symbol counts 1 in mana value, as a two-color one does."""
    def make(mana_value):
        def faulty(o) -> int:
            n = mana_value(o)
            cost = o.card.cost
            return n - sum(1 for pair in cost.hybrid if pair[0] == "2") if cost is not None else n
        return faulty
    locate.patch(stack, "mana_value", make)


def _both_halves_when_reduced(stack, run):
    """When a reduction applies to a spell with monocolored hybrid symbols, each {2/C} becomes
    both its halves, {2}{C}, before the reduction is taken off."""
    cost_type = locate.obj("Cost")
    total_cost = locate.obj("total_cost")

    def make(announce):
        def faulty(game, card, caster, base, kicks, x, targets, pay, pool):
            both = base
            for pair in base.hybrid:
                if pair[0] == "2":
                    both = both + cost_type.parse("{2}{%s}" % pair[1])
            both = cost_type(both.generic, both.typed, both.xs, tuple(p for p in both.hybrid if p[0] != "2"))
            n = sum(map(len, targets))
            if total_cost(game, card, caster, both, kicks, x, n, targets).total < both.total:
                return both  # a reduction applied
            return announce(game, card, caster, base, kicks, x, targets, pay, pool)
        return faulty
    locate.patch(stack, "_announce_hybrid", make)


_JAVELIN = ("Flame Javelin", "javelin")

FAULTS = [
    Fault("monocolored_hybrid_counts_one_in_mana_value", "202.3f",
          "a monocolored hybrid symbol counts 1 in mana value: Flame Javelin ({2/R}{2/R}{2/R}) has mana "
          "value 3, not 6",
          _mono_hybrid_counts_one,
          case({"alice": {"hand": cards(_JAVELIN), "mana": "{R}{R}{R}"}},
               [{"cast": {"card": "javelin", "targets": ["bob"], "pay": "{R}{R}{R}"}}]),
          report=f"{PHASE}/issues/2892"),
    Fault("reduced_monocolored_hybrid_adds_both_halves", "601.2f",
          "under a cost reduction each monocolored hybrid symbol costs both its halves: with Goblin "
          "Electromancer, Flame Javelin costs {5}{R}{R}{R} instead of the announced cost minus {1}",
          _both_halves_when_reduced,
          case({"alice": {"battlefield": cards(("Goblin Electromancer", "electromancer")),
                          "hand": cards(_JAVELIN), "mana": "{R}{R}{C}"}},
               [{"cast": {"card": "javelin", "targets": ["bob"], "pay": "{R}{R}{C}"}}]),
          report=f"{MAGE}/issues/6130"),
]


# -- more faults of this area: claims no other fault dropped (issue #30) and the rules of the
# -- Wagic and XMage peer tests (spec/rules/peer-tests-*.yaml)


def _mana_abilities_tap(stack, run):
    """Activating any mana ability taps its permanent, so an untapped one is needed, though the
    ability's cost has no {T} (Crystalline Crawler's "remove a +1/+1 counter")."""
    from reference_impl import runner

    tap_for_mana = runner.STEPS["tap_for_mana"]

    def faulty(game, args):
        objs = []
        for label in (args.get("permanents") or []) if isinstance(args, dict) else []:
            o = game.objs.get(game.labels.get(label)) if isinstance(label, str) else None
            if o is not None and o.zone == "battlefield" and o.card.mana_abilities:
                if o.tapped:
                    raise IllegalAction("118.3", f"{label} is already tapped")
                objs.append(o)
        tap_for_mana(game, args)
        for o in objs:
            o.tapped = True
    stack.enter_context(mock.patch.dict(runner.STEPS, {"tap_for_mana": faulty}))


def _added_mana_lost(stack, run):
    """"Add {C}{C}{C}" from a triggered ability adds nothing (106.4)."""
    locate.patch_method(stack, "AddMana", "apply", lambda _original: lambda self, ctx: None)


def _triggered_mana_is_lost(stack, run):
    """Mana a resolving triggered ability adds (Su-Chi) never reaches the pool."""
    from reference_impl.effects import AddMana
    wrap_attr(stack, AddMana, "apply", lambda apply: lambda self, ctx: None)


FAULTS += [
    Fault("every_mana_ability_taps", "605.1a",
          "(designed) activating a mana ability taps its permanent even when its cost has no {T}: "
          "Crystalline Crawler's counter-removal ability can be activated once a turn",
          _mana_abilities_tap,
          case({"alice": {"battlefield": [{"card": "Crystalline Crawler", "label": "crawler",
                                           "counters": {"+1/+1": 2}}]}},
               [{"tap_for_mana": {"permanents": ["crawler"], "color": "R"}},
                {"tap_for_mana": {"permanents": ["crawler"], "color": "G"}}])),
    Fault("added_mana_lost", "106.4", "mana a triggered ability adds never reaches the pool", _added_mana_lost,
          case({"alice": {"hand": cards(("Lightning Bolt", "bolt")), "mana": "{R}"},
                "bob": {"battlefield": cards(("Cathodion", "cathodion"))}},
               [{"cast": {"card": "bolt", "targets": ["cathodion"], "pay": "{R}"}}, {"pass_until_empty": {}}])),
    Fault("dies_trigger_mana_lost", "605.5a",
          "(designed) the mana a dies trigger adds (Su-Chi) is lost: nothing reaches its controller's pool",
          _triggered_mana_is_lost,
          case({"alice": {"battlefield": cards(("Su-Chi", "s"), ("Sage of Lat-Nam", "g")),
                          "library": cards(("Island", "i"))}},
               [{"activate": {"card": "g", "choices": {"sacrifice_cost": ["s"]}}}, {"resolve": {}}])),
]


# ---- Cited sub-rules 605.3a and 605.3b (claims quoting them: selfcheck/cited_claims.py) -------------

def _mana_abilities_at_sorcery_speed(stack, run):
    """Mana abilities may be activated only as a sorcery could be cast: by the active player, in a
    main phase, with an empty stack (not whenever the player has priority)."""
    from reference_impl import runner

    tap_for_mana = runner.STEPS["tap_for_mana"]

    def faulty(game, args):
        for label in (args.get("permanents") or []) if isinstance(args, dict) else []:
            o = game.objs.get(game.labels.get(label)) if isinstance(label, str) else None
            if o is not None and (o.controller != game.active or game.step not in ("main1", "main2")
                                  or game.stack):
                raise IllegalAction("605.3a", f"{label}'s mana ability can be activated only as a sorcery")
        tap_for_mana(game, args)
    stack.enter_context(mock.patch.dict(runner.STEPS, {"tap_for_mana": faulty}))


def _mana_abilities_use_the_stack(stack, run):
    """An activated mana ability is put on the stack like any other ability: the mana it makes
    reaches the pool only when it resolves (the next time the top of the stack resolves), so it
    can't pay for a spell cast right after it is activated."""
    from reference_impl import runner

    tap_for_mana, resolve = runner.STEPS["tap_for_mana"], runner.STEPS["resolve"]
    waiting = []

    def faulty_tap(game, args):
        before = {p: list(game.players[p].pool) for p in game.players}
        tap_for_mana(game, args)
        for p, old in before.items():
            new = game.players[p].pool
            waiting.append((p, [n - o for n, o in zip(new, old)]))
            game.players[p].pool = old

    def faulty_resolve(game, args):
        if not waiting:
            return resolve(game, args)
        while waiting:
            p, added = waiting.pop(0)
            pool = game.players[p].pool
            game.players[p].pool = [a + b for a, b in zip(pool, added)]
        return None
    stack.enter_context(mock.patch.dict(runner.STEPS, {"tap_for_mana": faulty_tap, "resolve": faulty_resolve}))


FAULTS += [
    Fault("mana_abilities_only_as_a_sorcery", "605.3a",
          "(designed) a mana ability can be activated only when a sorcery could be cast: not by the nonactive "
          "player, not outside a main phase, not while the stack isn't empty",
          _mana_abilities_at_sorcery_speed,
          case({"bob": {"battlefield": cards(("Forest", "forest"))}},
               [{"tap_for_mana": {"permanents": ["forest"]}}])),
    Fault("mana_ability_goes_on_the_stack", "605.3b",
          "(designed) an activated mana ability goes on the stack: its mana reaches the pool only when it resolves, "
          "so it can't pay for a spell cast right after it",
          _mana_abilities_use_the_stack,
          case({"alice": {"battlefield": cards(("Mountain", "mountain")), "hand": cards(("Lightning Bolt", "bolt"))}},
               [{"tap_for_mana": {"permanents": ["mountain"]}},
                {"cast": {"card": "bolt", "targets": ["bob"], "pay": "{R}"}}])),
]


# ---- Cited sub-rule 305.6 (the claim quoting it: selfcheck/cited_claims.py) -------------------------

_BASIC_LAND_TYPES = frozenset(("Plains", "Island", "Swamp", "Mountain", "Forest"))


def _no_intrinsic_land_mana(stack, run):
    """Reminder text is skipped as having no rules meaning, and a basic land type grants
    nothing: a land whose only mana ability is the one its basic land types give it (printed as
    reminder text, 305.6) has no mana ability."""
    import re
    from dataclasses import replace

    from reference_impl.cards import catalog

    parse = locate.obj("parse_mana_abilities")
    bare = {name: replace(c, mana_abilities=())
            for name, c in catalog.CARDS.items()
            if "Land" in c.types and _BASIC_LAND_TYPES & set(c.subtypes) and c.mana_abilities
            and not parse(re.sub(r"\([^)]*\)", "", c.oracle_text or ""))}
    stack.enter_context(mock.patch.dict(catalog.CARDS, bare))


FAULTS += [
    Fault("basic_land_type_gives_no_mana", "305.6",
          "(designed) a land's mana abilities are read from its rules text only, reminder text skipped, and its "
          "basic land types grant none: Turbulent Fen (Land — Swamp Forest) can't be tapped for {B}",
          _no_intrinsic_land_mana,
          case({"alice": {"battlefield": cards(("Turbulent Fen", "fen"))}},
               [{"tap_for_mana": {"permanents": ["fen"], "color": "B"}}])),
]


# -- a claim quoting 605.1b, which the 605.1a entry (pool/mana-abilities) cites (selfcheck/cited_claims.py)

def _triggered_mana_abilities_use_the_stack(stack, run):
    """A triggered ability that triggers from a mana ability and adds mana is read as an ordinary
    triggered ability: it waits to be put on the stack, and its mana comes only when it resolves."""
    def make(original):
        def faulty(game, land, produced):
            if "Land" not in land.card.types or not produced:
                return
            from reference_impl.rules.actions import Event
            event = Event("tapped-for-mana", player=land.controller, oid=land.oid, to=produced)
            for sid in list(game.battlefield):
                for trig in game.objs[sid].card.triggers or ():
                    if trig.event == "a-player-taps-a-land-for-mana":
                        game.pending.append((sid, trig, event))
        return faulty
    locate.patch(stack, "triggered_mana_abilities", make)


FAULTS += [
    Fault("triggered_mana_ability_goes_on_the_stack", "605.1b",
          "(designed) a triggered ability that triggers from a mana ability and adds mana is not a mana ability: "
          "Heartbeat of Spring's extra {G} for a tapped Forest waits on the stack instead of being added at once",
          _triggered_mana_abilities_use_the_stack,
          case({"alice": {"battlefield": cards(("Heartbeat of Spring", "heartbeat"), ("Forest", "forest"))}},
               [{"tap_for_mana": {"permanents": ["forest"]}}])),
]


# ---------------------------------------------------------------- mana abilities with a sacrifice-a-creature cost
# spec/rules/sacrifice-mana-abilities.yaml; all designed. They patch rules.mana_abilities' _creature_to_sacrifice
# (which creature pays the cost) and activate_mana_abilities (which ability is activated).
SAC_MANA = "sacrifice/a-mana-ability-sacrifices-your-creature#"


def _sacrifice_any_creature(stack, run):
    """"Sacrifice a creature" takes the named creature whoever controls it."""
    def make(original):
        def pick(game, source, named, label):
            if named is not None:
                victim = game.objs[game.labels[named]]
                if victim.zone == "battlefield":
                    return victim
            return original(game, source, named, label)
        return pick
    locate.patch(stack, "_creature_to_sacrifice", make)


def _sacrifice_cost_optional(stack, run):
    """With no creature to sacrifice, the ability adds its mana anyway (the cost is skipped)."""
    def make(original):
        def activate(game, args, where):
            try:
                return original(game, args, where)
            except IllegalAction as exc:
                if exc.rule != "118.3" or "no creature to sacrifice" not in str(exc):
                    raise
                for label in args["permanents"]:
                    o = game.objs[game.labels[label]]
                    ab = o.card.mana_abilities[args.get("mana_ability", 0)]
                    for letter in ab.produce or "":
                        game.players[o.controller].pool["WUBRGC".index(letter)] += 1
        return activate
    locate.patch(stack, "activate_mana_abilities", make)


def _sacrificed_creature_exiled(stack, run):
    """The creature sacrificed for mana is exiled, not put into the graveyard: it doesn't die, nothing
    triggers on its death."""
    def make(original):
        def pick(game, source, named, label):
            victim = original(game, source, named, label)
            game.move(victim, "exile")
            return victim
        return pick
    locate.patch(stack, "_creature_to_sacrifice", make)

    def make_check(original):
        def check(game, objs, what):
            return None if any(o.zone != "battlefield" for o in objs) else original(game, objs, what)
        return check
    from reference_impl.rules import mana_abilities
    stack.enter_context(mock.patch.object(mana_abilities, "check_creature_sacrifice",
                                          make_check(mana_abilities.check_creature_sacrifice)))

    def make_move(original):
        def move(self, o, zone, *args, **kwargs):
            if zone == "graveyard" and o.zone == "exile":
                return None
            return original(self, o, zone, *args, **kwargs)
        return move
    wrap_attr(stack, locate.obj("Game"), "move", make_move)


def _first_mana_ability_only(stack, run):
    """`mana_ability` is ignored: a permanent's first mana ability is always the one activated."""
    def make(original):
        def activate(game, args, where):
            if isinstance(args, dict) and "mana_ability" in args:
                args = {k: v for k, v in args.items() if k != "mana_ability"}
            return original(game, args, where)
        return activate
    locate.patch(stack, "activate_mana_abilities", make)


FAULTS += [
    Fault("mana_sacrifice_takes_an_opponents_creature", "701.21a",
          "(designed) a mana ability's \"Sacrifice a creature\" takes a creature another player controls",
          _sacrifice_any_creature,
          case({"alice": {"battlefield": cards(("Phyrexian Tower", "tower"))},
                "bob": {"battlefield": cards(("Grizzly Bears", "bears"))}},
               [{"tap_for_mana": {"permanents": ["tower"], "mana_ability": 1, "sacrificed": ["bears"]}}]),
          claims=(SAC_MANA + "a-permanent-they-dont-control",)),
    Fault("mana_sacrifice_cost_skipped", "118.3",
          "(designed) with no creature to sacrifice, Ashnod's Altar adds {C}{C} anyway",
          _sacrifice_cost_optional,
          case({"alice": {"battlefield": cards(("Ashnod's Altar", "altar"))}},
               [{"tap_for_mana": {"permanents": ["altar"]}}]),
          claims=(SAC_MANA + "the-necessary-resources",)),
    Fault("mana_sacrifice_exiles", "701.21a",
          "(designed) the creature sacrificed for mana is exiled: it doesn't die (no undying, no dies trigger)",
          _sacrificed_creature_exiled,
          case({"alice": {"battlefield": cards(("Ashnod's Altar", "altar"), ("Zulaport Cutthroat", "zulaport"))}},
               [{"tap_for_mana": {"permanents": ["altar"], "sacrificed": ["zulaport"]}}]),
          claims=(SAC_MANA + "moves-it-to-its-owners-graveyard",)),
    Fault("mana_ability_choice_ignored", "605.1a",
          "(designed) tap_for_mana always activates a permanent's first mana ability",
          _first_mana_ability_only,
          case({"alice": {"battlefield": cards(("Phyrexian Tower", "tower"), ("Grizzly Bears", "bears"))}},
               [{"tap_for_mana": {"permanents": ["tower"], "mana_ability": 1, "sacrificed": ["bears"]}}]),
          claims=(SAC_MANA + "the-ability-activated",)),
]
