"""Faulty engines for replacement effects (614) and their order (616.1). Each drops one claim of
spec/rules/replacement-effects.yaml; those modelled on a real engine's public bug report carry
it, the others say "(designed)". They patch the reference engine's replacement functions by name
(reference_impl/rules/replacement.py, rules/actions.draw) or Game's graveyard door.
"""

from __future__ import annotations

from dataclasses import replace
from unittest import mock

from . import locate
from .fault import Fault, cards, case
from .fault_parts import BEARS_NAME, BOLT, ignore_static, swap, swap_method
from .patching import wrap, wrap_attr

MAGE = "https://github.com/magefree/mage"
PHASE = "https://github.com/phase-rs/phase"

INSTEAD = "replacement/instead-replaces-an-event#"
LEYLINE = "replacement/a-card-into-an-opponents-graveyard#"
SKIP = "replacement/skip-replaces-with-nothing#"
ONCE = "replacement/one-opportunity-per-event#"
NEVER = "replacement/a-replaced-event-never-happens#"
SELF = "replacement/self-replacement-effects-apply-first#"
ORDER = "replacement/the-affected-player-chooses-the-order#"
REPEAT = "replacement/repeat-until-none-applies#"




def _applicable(game, ev, candidates_of, selfs, applied=()):
    cands = [(("self", i), None, e, None) for i, e in enumerate(selfs)] + candidates_of(game, ev)
    return [c for c in cands if c[0] not in applied and c[2].applies(game, c[1], ev)]


# ---------------------------------------------------------------- 614.6: what was replaced

def _exiled_instead_still_dies(stack, run):
    """A permanent exiled instead of being put into a graveyard is remembered as having gone to
    the graveyard: it "dies" for the leaves-the-battlefield abilities."""
    game_cls = locate.obj("Game")
    door = game_cls.graveyard_replacer
    replaced: set = set()

    def faulty_door(game, o):
        zone = door(game, o)
        if zone != "graveyard":
            replaced.add(o.oid)
        return zone

    def make(remember):
        def faulty(self, o, zone, battlefield):
            return remember(self, o, "graveyard" if o.oid in replaced else zone, battlefield)
        return faulty
    stack.enter_context(mock.patch.object(game_cls, "graveyard_replacer", staticmethod(faulty_door)))
    locate.patch_method(stack, "Game", "_remember_leaving", make)


def _tokens_not_replaced(stack, run):
    """A token that would die goes to the graveyard (and so dies) whatever replaces that."""
    game_cls = locate.obj("Game")
    door = game_cls.graveyard_replacer
    stack.enter_context(mock.patch.object(
        game_cls, "graveyard_replacer", staticmethod(lambda game, o: "graveyard" if o.token else door(game, o))))


def _applies_as_if(**fields):
    """An `applies` that asks the original with some of the effect's own fields changed: with
    `cards_only=False`, "if a card would ..." applies to tokens too; with `opponents=False`, "an
    opponent's graveyard" is any graveyard, its controller's own included."""
    def make(applies):
        def faulty(self, game, src, ev):
            return applies(replace(self, **fields), game, src, ev)
        return faulty
    return make


def _not_for_permanents(applies):
    """The graveyard replacement misses permanents: a creature that would die dies."""
    def faulty(self, game, src, ev):
        return ev.obj.zone != "battlefield" and applies(self, game, src, ev)
    return faulty


def _entering_replacements_of_the_printed_card(replace_entering):
    """The "enters with" replacements applied are those of the card itself, not of what it entered
    as a copy of: the copy effect is applied after the other replacement effects (616.1c)."""
    def faulty(game, o, card, info, controller, choices):
        return replace_entering(game, o, o.printed, info, controller, choices)
    return faulty


def _only_permanents(applies):
    def faulty(self, game, src, ev):
        return ev.obj.zone == "battlefield" and applies(self, game, src, ev)
    return faulty


def _applies_to_zero_damage(applies):
    """An effect that adds damage applies as if 0 damage were some damage (614.7a)."""
    def faulty(self, game, src, ev):
        amount = ev.amount
        ev.amount = max(amount, 1)
        try:
            return applies(self, game, src, ev)
        finally:
            ev.amount = amount
    return faulty


def _replaced_draw_still_triggers(draw_by):
    def faulty(game, player, first):
        who = draw_by(game, player, first)
        if who != player and locate.obj("any_triggered_ability")(game):
            locate.obj("emit")(game, locate.obj("Event")("draws", player))  # the draw that never happened
        return who
    return faulty


def _drawing(modified_triggers=True, library_first=False):
    """actions.draw with one of two faults: the draw that replaced another triggers nothing, or
    the library is looked at (704.5b) before the replacement effects (614.11)."""
    def make(original):
        def faulty(game, player, n, first=False):
            draw_by, emit = locate.obj("draw_by"), locate.obj("emit")
            event, triggered = locate.obj("Event"), locate.obj("any_triggered_ability")
            for i in range(n):
                if library_first and not game.players[player].library:
                    game.lost = tuple(sorted(set(game.lost) | {player}))
                    return
                who = draw_by(game, player, first and i == 0)
                p = game.players[who]
                if not p.library:
                    game.lost = tuple(sorted(set(game.lost) | {who}))
                    return
                game.move(game.objs[p.library[0]], "hand")
                if (modified_triggers or who == player) and triggered(game):
                    emit(game, event("draws", who))
        return faulty
    return make


# ---------------------------------------------------------------- what the effects watch for

def _any_draw_step_exempt(draw_by):
    def faulty(game, player, first):
        return draw_by(game, player, first or game.step == "draw")
    return faulty


def _no_exemption(applies):
    def faulty(self, game, src, ev):
        return ev.player != src.controller
    return faulty


def _printed_statics(effects):
    """Every permanent's printed replacement effects, also of one that lost all its abilities."""
    def faulty(game, kind):
        replacements = locate.module_of("replace").REPLACEMENTS
        out = []
        for oid in game.battlefield:
            o = game.objs[oid]
            for i, st in enumerate(o.card.statics or ()):
                if isinstance(st, replacements) and st.kind == kind:
                    out.append(((oid, o.moves, i), o, st, o.label))
        return out
    return faulty


def _any_controller(applies):
    def faulty(self, game, src, ev):
        o = ev.obj
        return ev.amount > 0 and ev.counter == self.counter and o.zone == "battlefield" and "Creature" in o.card.types
    return faulty


# ---------------------------------------------------------------- 614.5: one opportunity

def _counters_twice(put_counters):
    def faulty(game, o, counter, n):
        if n > 0 and locate.obj("watching")(game, "counters"):
            would = locate.obj("Would")
            n = locate.obj("replace")(game, would("counters", obj=o, counter=counter, amount=n),
                                      locate.obj("_by_kind")).amount
        put_counters(game, o, counter, n)  # ... and the effects again on what they made
    return faulty


def _same_effect_once(effects):
    def faulty(game, kind):
        out, seen = [], []
        for c in effects(game, kind):
            if c[2] not in seen:
                seen.append(c[2])
                out.append(c)
        return out
    return faulty


def _reapplied_once_more(replace):
    """A modified event is a new event for every effect, once (the applied set is forgotten
    after the first round)."""
    def faulty(game, ev, candidates_of, selfs=()):
        replace(game, ev, candidates_of, selfs)
        return replace(game, ev, candidates_of, ())
    return faulty


# ---------------------------------------------------------------- 616.1: the order

def _shields_last(choose):
    def faulty(game, candidates):
        others = [c for c in candidates if c[0][0] != "shield"]
        return choose(game, others or candidates)
    return faulty


def _order_ignored(choose):
    def faulty(game, candidates):
        for c in candidates:
            if c[0][0] == "self":
                return c
        return candidates[0]
    return faulty


def _self_last(choose):
    def faulty(game, candidates):
        others = [c for c in candidates if c[0][0] != "self"]
        return choose(game, others or candidates)
    return faulty


def _only_one(replace):
    def faulty(game, ev, candidates_of, selfs=()):
        cands = _applicable(game, ev, candidates_of, selfs)
        if cands:
            c = locate.obj("_choose")(game, cands)
            c[2].apply(game, c[1], ev)
        return ev
    return faulty


def _fixed_at_the_start(replace):
    def faulty(game, ev, candidates_of, selfs=()):
        cands = _applicable(game, ev, candidates_of, selfs)
        choose = locate.obj("_choose")
        while cands:
            c = choose(game, cands)
            cands.remove(c)
            c[2].apply(game, c[1], ev)  # not asked again whether it applies to the modified event
        return ev
    return faulty


def _self_replacement_always(apply):
    def faulty(self, ctx):
        set_damage, deal = locate.obj("SetDamage"), locate.obj("deal_damage")
        n = locate.obj("value")(self.amount, ctx)
        for ref in self.to(ctx):
            deal(ctx.game, ctx.source, ref, n, (set_damage(locate.obj("value")(self.instead, ctx)),))
    return faulty


# ---------------------------------------------------------------- 614.1b: skip

def _never_skipped(skipped):
    return lambda game, step: False


def _next_is_forever(skipped):
    def faulty(game, step):
        kept = game.skips
        result = skipped(game, step)
        game.skips = kept  # a "next" skip is never used up
        return result
    return faulty


def _skips_merge(apply):
    def faulty(self, ctx):
        game = ctx.game
        for player in self.who(ctx):
            if isinstance(player, str) and (player, self.step) not in game.skips:
                game.skips = (*game.skips, (player, self.step))
    return faulty


# ---------------------------------------------------------------- witnesses

def _warcaller(battlefield, order=None, active=None):
    resolve = {"choices": {"replacement_order": order}} if order else {}
    return case({"alice": {"battlefield": cards(*battlefield), "hand": cards(("Joraga Warcaller", "w")),
                           "mana": "{G}{G}{C}"}},
                [{"cast": {"card": "w", "kicks": 1}}, {"resolve": resolve}])


def _bolt(battlefield, target="bob", order=None, shield=None):
    hand = [("Lightning Bolt", "bolt")] + ([("Mending Hands", "hands")] if shield else [])
    steps = ([{"cast": {"card": "hands", "targets": [shield]}}, {"resolve": {}}] if shield else []) + [
        {"cast": {"card": "bolt", "targets": [target]}},
        {"resolve": {"choices": {"replacement_order": order}} if order else {}}]
    return case({"alice": {"battlefield": cards(*battlefield), "hand": cards(*hand), "mana": "{R}{W}"},
                 "bob": {"battlefield": cards(("Glory Seeker", "seeker"))}}, steps)


RIP = ("Rest in Peace", "rip")
THIEF_LIBRARY = cards(("Forest", "a1"), ("Forest", "a2"))
THIEF_DRAW = case({"alice": {"battlefield": cards(("Notion Thief", "thief"), ("Underworld Dreams", "ad")),
                             "library": cards(("Forest", "a1"), ("Forest", "a2"))},
                   "bob": {"battlefield": cards(("Underworld Dreams", "bd")), "hand": cards(("Divination", "div")),
                           "mana": "{U}{C}{C}", "library": cards(("Island", "b1"))}},
                  [{"cast": {"card": "div"}}, {"resolve": {}}, {"pass_until_empty": {}}], turn={"active": "bob"})
TWO_THIEVES = case({"alice": {"battlefield": cards(("Notion Thief", "at")), "library": cards(("Forest", "a1"))},
                    "bob": {"battlefield": cards(("Notion Thief", "bt")), "hand": cards(("Divination", "div")),
                            "mana": "{U}{C}{C}", "library": cards(("Island", "b1"), ("Island", "b2"))}},
                   [{"cast": {"card": "div"}}, {"resolve": {}}], turn={"active": "bob"})
RACK = case({"alice": {"battlefield": cards(("Eon Hub", "hub")), "hand": cards(("The Rack", "rack")), "mana": "{C}"},
             "bob": {"library": cards(("Island", "b1"))}},
            [{"cast": {"card": "rack"}}, {"resolve": {}}, {"advance": {"turn": "next", "to": "main1"}}])


def _fatigues(n):
    return case({"alice": {"hand": cards(*[("Fatigue", f"f{i}") for i in range(n)]), "mana": "{U}{C}" * n,
                           "library": cards(("Forest", "a1"), ("Forest", "a2"), ("Forest", "a3"))},
                 "bob": {"library": cards(("Island", "b1"), ("Island", "b2"), ("Island", "b3"))}},
                [s for i in range(n) for s in ({"cast": {"card": f"f{i}", "targets": ["bob"]}}, {"resolve": {}})]
                + [{"advance": {"turn": "next", "to": "main1"}}] * 5)


FAULTS = [
    # ---- 614.6: the replaced event never happens
    Fault("exiled_instead_still_dies", "614.6",
          "a creature exiled instead of being put into a graveyard still counts as dying: Zulaport Cutthroat's "
          "ability triggers under Rest in Peace",
          _exiled_instead_still_dies,
          case({"alice": {"battlefield": cards(RIP, ("Zulaport Cutthroat", "z")), "hand": cards(("Shock", "s")),
                          "mana": "{R}"}},
               [{"cast": {"card": "s", "targets": ["z"]}}, {"resolve": {}}, {"pass_until_empty": {}}]),
          report=f"{MAGE}/issues/6295"),
    Fault("tokens_ignore_graveyard_replacement", "614.6",
          "a token that would die goes to the graveyard under Rest in Peace, so it dies and its dies triggers "
          "trigger (designed)",
          _tokens_not_replaced,
          case({"alice": {"battlefield": cards(RIP, ("Zulaport Cutthroat", "z")),
                          "hand": cards(("Saproling Migration", "m"), ("Wrath of God", "w")),
                          "mana": "{G}{C}{W}{W}{C}{C}"}},
               [{"cast": {"card": "m"}}, {"resolve": {}}, {"cast": {"card": "w"}}, {"resolve": {}},
                {"pass_until_empty": {}}])),
    Fault("replaced_draw_still_triggers", "614.6",
          "a draw Notion Thief replaced is still an event \"whenever an opponent draws\" sees: alice's Underworld "
          "Dreams deals bob damage for draws he never made (designed)",
          swap("draw_by", _replaced_draw_still_triggers), THIEF_DRAW),
    Fault("modified_draw_triggers_nothing", "614.6",
          "the draw that happens instead of the replaced one triggers nothing: bob's Underworld Dreams misses "
          "alice's draws (designed)",
          swap("draw", _drawing(modified_triggers=False)), THIEF_DRAW),
    Fault("empty_library_loses_before_the_replacement", "614.11",
          "a player with an empty library loses as they would draw, before a draw replacement applies "
          "(designed)",
          swap("draw", _drawing(library_first=True)),
          case({"alice": {"battlefield": cards(("Notion Thief", "t")), "library": THIEF_LIBRARY},
                "bob": {"hand": cards(("Divination", "div")), "mana": "{U}{C}{C}"}},
               [{"cast": {"card": "div"}}, {"resolve": {}}], turn={"active": "bob"})),
    # ---- 614.1a: what is replaced
    Fault("graveyard_replacement_only_for_permanents", "614.1a",
          "\"if a card would be put into a graveyard from anywhere\" read as \"from the battlefield\": a resolved "
          "spell still goes to its owner's graveyard under Rest in Peace (designed)",
          swap_method("ExileInstead", "applies", _only_permanents),
          case({"alice": {"battlefield": cards(RIP), "hand": cards(("Shock", "s")), "mana": "{R}"}},
               [{"cast": {"card": "s", "targets": ["bob"]}}, {"resolve": {}}])),
    Fault("opponents_card_replacement_exiles_tokens", "111.1",
          "\"if a card would be put into an opponent's graveyard, exile it instead\" also exiles tokens: an "
          "opponent's token never dies and its dies triggers don't trigger (XMage: Dauthi Voidwalker, the "
          "same replacement)",
          swap_method("ExileInstead", "applies", _applies_as_if(cards_only=False)),
          case({"alice": {"battlefield": cards(("Leyline of the Void", "leyline"))},
                "bob": {"battlefield": cards(("Zulaport Cutthroat", "z")),
                        "hand": cards(("Saproling Migration", "m"), ("Pyroclasm", "p")), "mana": "{G}{C}{R}{C}"}},
               [{"cast": {"card": "m", "pay": "{G}{C}"}}, {"resolve": {}},
                {"cast": {"card": "p", "pay": "{R}{C}"}}, {"resolve": {}}], turn={"active": "bob"}),
          report=f"{MAGE}/issues/8768", claims=(LEYLINE + "tokens-still-die",)),
    Fault("graveyard_replacement_lets_creatures_die", "700.4",
          "\"if a card would be put into a graveyard, exile it instead\" misses permanents: an opponent's creature "
          "destroyed under Leyline of the Void dies and its dies ability triggers (designed)",
          swap_method("ExileInstead", "applies", _not_for_permanents),
          case({"alice": {"battlefield": cards(("Leyline of the Void", "leyline")), "hand": cards(("Murder", "m")),
                          "mana": "{B}{B}{C}"},
                "bob": {"battlefield": cards(("Zulaport Cutthroat", "z"))}},
               [{"cast": {"card": "m", "targets": ["z"], "pay": "{B}{B}{C}"}}, {"resolve": {}}]),
          claims=(LEYLINE + "never-dies",)),
    Fault("copy_as_it_enters_applied_last", "616.1c",
          "a permanent entering as a copy (Clone) gets the \"enters with\" replacements of its own card, not of "
          "the copied one: the copy effect is applied after the others, so a Clone of Arcbound Worker enters "
          "without the modular counter and dies as a 0/0 (designed)",
          swap("_replace_entering", _entering_replacements_of_the_printed_card),
          case({"alice": {"battlefield": [{"card": "Arcbound Worker", "label": "w", "counters": {"+1/+1": 1}}],
                          "hand": cards(("Clone", "c")), "mana": "{U}{U}{U}{U}"}},
               [{"cast": {"card": "c", "pay": "{U}{U}{U}{U}"}}, {"resolve": {"choices": {"clone": "w"}}}]),
          claims=("replacement/a-copy-as-it-enters-applies-before-the-others#copy-first",)),
    Fault("opponents_graveyard_replacement_exiles_own_cards", "614.1a",
          "\"if a card would be put into an opponent's graveyard\" applied to every graveyard: its controller's "
          "own creature is exiled instead of dying (designed)",
          swap_method("ExileInstead", "applies", _applies_as_if(opponents=False)),
          case({"alice": {"battlefield": cards(("Leyline of the Void", "leyline"), ("Zulaport Cutthroat", "z"))},
                "bob": {"hand": cards(("Murder", "m")), "mana": "{B}{B}{C}"}},
               [{"cast": {"card": "m", "by": "bob", "targets": ["z"], "pay": "{B}{B}{C}"}}, {"resolve": {}}]),
          claims=(LEYLINE + "opponents-only",)),
    Fault("draw_step_exception_in_any_draw_step", "614.1a",
          "Notion Thief's \"except the first one they draw in each of their draw steps\" applied in every "
          "player's draw step: an opponent's first draw in its controller's draw step is left alone",
          swap("draw_by", _any_draw_step_exempt),
          case({"alice": {"battlefield": cards(("Notion Thief", "t")), "library": THIEF_LIBRARY},
                "bob": {"battlefield": cards(("Island", "i1"), ("Island", "i2")), "hand": cards(("Think Twice", "tt")),
                        "library": cards(("Island", "b1"))}},
               [{"advance": {"turn": "next", "to": "draw"}}, {"tap_for_mana": {"permanents": ["i1", "i2"]}},
                {"cast": {"card": "tt", "by": "bob"}}, {"resolve": {}}], turn={"active": "bob"}),
          report=f"{PHASE}/pull/5736"),
    Fault("draw_replacement_takes_the_draw_step_draw", "614.1a",
          "Notion Thief also replaces the first card an opponent draws in their draw step (designed)",
          swap_method("DrawInstead", "applies", _no_exemption),
          case({"alice": {"battlefield": cards(("Notion Thief", "t")), "library": cards(("Forest", "a1"))},
                "bob": {"library": cards(("Island", "b1"))}},
               [{"advance": {"turn": "next", "to": "main1"}}])),
    Fault("counter_replacement_for_any_controller", "614.1a",
          "Hardened Scales adds a counter on any creature, not only on creatures its controller controls "
          "(designed)",
          swap_method("MoreCounters", "applies", _any_controller),
          case({"alice": {"battlefield": cards(("Hardened Scales", "s"))},
                "bob": {"hand": cards(("Joraga Warcaller", "w")), "mana": "{G}{G}{C}"}},
               [{"cast": {"card": "w", "kicks": 1}}, {"resolve": {}}], turn={"active": "bob"})),
    Fault("lost_ability_still_replaces", "614.1a",
          "a permanent that lost all its abilities (Turn to Frog) keeps its replacement effect: a Frog-ed "
          "Corpsejack Menace still doubles counters (designed)",
          swap("_effects", _printed_statics),
          case({"alice": {"battlefield": cards(("Corpsejack Menace", "m")),
                          "hand": cards(("Turn to Frog", "f"), ("Joraga Warcaller", "w")), "mana": "{U}{C}{G}{G}{C}"}},
               [{"cast": {"card": "f", "targets": ["m"]}}, {"resolve": {}},
                {"cast": {"card": "w", "kicks": 1}}, {"resolve": {}}])),
    # ---- 614.5: one opportunity
    Fault("counter_replacement_applies_twice", "614.5",
          "the counter replacement effects are applied again to the counters they already modified: Hardened "
          "Scales makes one counter three",
          swap("put_counters", _counters_twice), _warcaller([("Hardened Scales", "s")]),
          report=f"{MAGE}/issues/2872"),
    Fault("replacement_reapplied_to_the_modified_event", "614.5",
          "the event a replacement effect modified is offered to every effect again once: one Furnace of Rath "
          "quadruples damage",
          swap("replace", _reapplied_once_more), _bolt([("Furnace of Rath", "f")]),
          report=f"{PHASE}/pull/2100"),
    Fault("same_replacement_effect_counts_once", "614.5",
          "two permanents with the same replacement effect apply it once between them: two Furnaces of Rath "
          "double damage once, two Notion Thieves let the first take the draw for good (designed)",
          swap("_effects", _same_effect_once), TWO_THIEVES),
    # ---- 614.15, 616.1: the order
    Fault("self_replacement_not_first", "614.15",
          "a spell's self-replacement effect takes its turn among the other replacement effects: kicked Burst "
          "Lightning's \"4 damage instead\" applied after Furnace of Rath deals 4, not 8 (designed)",
          swap("_choose", _self_last),
          case({"alice": {"battlefield": cards(("Furnace of Rath", "f")), "hand": cards(("Burst Lightning", "b")),
                          "mana": "{R}{C}{C}{C}{C}"}},
               [{"cast": {"card": "b", "kicks": 1, "targets": ["bob"]}},
                {"resolve": {"choices": {"replacement_order": ["f"]}}}])),
    Fault("self_replacement_without_its_condition", "614.15",
          "a spell's self-replacement effect replaces its damage whether or not its condition holds: unkicked "
          "Burst Lightning deals 4 (designed)",
          swap_method("DamageInstead", "apply", _self_replacement_always),
          case({"alice": {"hand": cards(("Burst Lightning", "b")), "mana": "{R}"}},
               [{"cast": {"card": "b", "targets": ["bob"]}}, {"resolve": {}}])),
    Fault("prevention_shield_applied_last", "616.1",
          "a prevention shield is always applied after the damage replacement effects, in the engine's fixed "
          "order, whatever the affected player chooses",
          swap("_choose", _shields_last), _bolt([("Furnace of Rath", "f")], "seeker", ["hands", "f"], "seeker"),
          report=f"{PHASE}/pull/1744"),
    Fault("replacement_order_ignored", "616.1",
          "the affected player's order is ignored: replacement effects apply in timestamp order (designed)",
          swap("_choose", _order_ignored),
          _warcaller([("Hardened Scales", "s"), ("Corpsejack Menace", "m")], ["m", "s"])),
    Fault("one_replacement_per_event", "616.1f",
          "only the first chosen replacement effect applies to an event; the process isn't repeated (designed)",
          swap("replace", _only_one),
          _warcaller([("Hardened Scales", "s"), ("Corpsejack Menace", "m")], ["s", "m"])),
    Fault("applicable_effects_fixed_at_the_start", "616.1f",
          "the effects that apply are found once, for the original event: one that applies only to the modified "
          "event (bob's Notion Thief on alice's draw) never does (designed)",
          swap("replace", _fixed_at_the_start), TWO_THIEVES),
    # ---- 614.7a: no damage, nothing to replace
    Fault("zero_damage_still_increased", "614.7a",
          "(designed) damage already prevented down to 0 is still an event an effect adding damage replaces: "
          "Torbran, Thane of Red Fell makes a fully prevented Lightning Bolt deal 2",
          swap_method("DamagePlus", "applies", _applies_to_zero_damage),
          case({"alice": {"battlefield": cards(("Torbran, Thane of Red Fell", "torbran")),
                          "hand": cards(("Mending Hands", "hands"), BOLT), "mana": "{W}{R}"}},
               [{"cast": {"card": "hands", "targets": ["bob"], "pay": "{W}"}}, {"resolve": {}},
                {"cast": {"card": "bolt", "targets": ["bob"], "pay": "{R}"}},
                {"resolve": {"choices": {"replacement_order": ["hands", "torbran"]}}}])),
    # ---- 614.1b: skip
    Fault("skip_effects_ignored", "614.1b",
          "\"Players skip their upkeep steps\" does nothing: the upkeep begins and The Rack's ability triggers "
          "(designed)",
          swap("skipped", _never_skipped), RACK),
    Fault("skip_next_step_never_used_up", "614.1b",
          "\"skips their next draw step\" skips every later draw step too (designed)",
          swap("skipped", _next_is_forever), _fatigues(1)),
    Fault("two_skips_skip_once", "614.10a",
          "two effects that each skip a player's next draw step skip only one (designed)",
          swap_method("SkipNextStep", "apply", _skips_merge), _fatigues(2)),
]


# the claims of spec/rules/replacement-effects.yaml each fault drops (claims.py merges them)
DROPS = {
    "exiled_instead_still_dies": (NEVER + "never-happens",),
    "tokens_ignore_graveyard_replacement": (NEVER + "never-happens",),
    "replaced_draw_still_triggers": (NEVER + "never-happens",),
    "modified_draw_triggers_nothing": (NEVER + "the-modified-event-triggers",),
    "empty_library_loses_before_the_replacement": (NEVER + "never-happens",),
    "graveyard_replacement_only_for_permanents": (INSTEAD + "replaced-with-other-events",),
    "draw_step_exception_in_any_draw_step": (INSTEAD + "only-those-events",),
    "draw_replacement_takes_the_draw_step_draw": (INSTEAD + "only-those-events",),
    "counter_replacement_for_any_controller": (INSTEAD + "only-those-events",),
    "lost_ability_still_replaces": (INSTEAD + "only-those-events",),
    "counter_replacement_applies_twice": (ONCE + "not-repeatedly",),
    "replacement_reapplied_to_the_modified_event": (ONCE + "not-repeatedly",),
    "same_replacement_effect_counts_once": (ONCE + "not-repeatedly", ONCE + "modified-events-too"),
    "self_replacement_not_first": (SELF + "self-first",),
    "self_replacement_without_its_condition": (SELF + "its-own-effect",),
    "prevention_shield_applied_last": (ORDER + "replacement-and-prevention",),
    "replacement_order_ignored": (ORDER + "chooses-one", REPEAT + "repeated"),
    "one_replacement_per_event": (REPEAT + "repeated",),
    "applicable_effects_fixed_at_the_start": (REPEAT + "now-applicable",),
    "skip_effects_ignored": (SKIP + "replaced-with-nothing", SKIP + "the-step-does-not-begin"),
    "skip_next_step_never_used_up": (SKIP + "only-that-step",),
    "two_skips_skip_once": (SKIP + "only-that-step",),
}


# -- more faults of this area: claims no other fault dropped (issue #30) and the rules of the
# -- Wagic and XMage peer tests (spec/rules/peer-tests-*.yaml)


def _static_prevention_ignored(stack, run):
    """Static prevention effects of permanents (Fog Bank, Bubble Matrix) prevent nothing (615.1a)."""
    module = locate.module_of("prevent")
    stack.enter_context(mock.patch.object(module, "_statically_prevented", lambda game, source, recipient: False))


def _graveyard_replacements_ignored(stack, run):
    """"If [it] would be put into a graveyard ..., exile it instead" is not applied (614.1a)."""
    locate.patch_method(stack, "Game", "_graveyard_replacement",
                        lambda _original: lambda self, o, zone_was: "graveyard")


def _this_turn_prevention_ignored(stack, run):
    """"Prevent all damage that would be dealt this turn to you and creatures you control" does nothing."""
    locate.patch_method(stack, "PreventAllDamageToThisTurn", "apply", lambda _original: lambda self, ctx: None)


def _static_prevention_covers_players(stack, run):
    """"Prevent all damage that would be dealt to creatures" prevents damage to players too."""
    from reference_impl.rules.prevention import PreventsDamage

    def make(prevents):
        def faulty(self, game, src, source, recipient):
            if self.to == "creatures" and recipient is None:  # a player: "creatures" read as anything
                return prevents(replace(self, to=None), game, src, source, recipient)
            return prevents(self, game, src, source, recipient)
        return faulty
    wrap_attr(stack, PreventsDamage, "prevents", make)


def _dolmen_gate_covers_blockers(stack, run):
    """"Prevent all combat damage that would be dealt to attacking creatures you control" covers
    blocking creatures too."""
    from reference_impl.rules.prevention import PreventsDamage

    def make(prevents):
        return lambda self, game, src, source, recipient: prevents(replace(self, attacking=False), game, src,
                                                                   source, recipient)
    wrap_attr(stack, PreventsDamage, "prevents", make)


def _unpreventable_static_ignored(stack, run):
    """"Damage that would be dealt by this creature can't be prevented" does nothing."""
    wrap(stack, "reference_impl.rules.prevention._cant_be_prevented", lambda original: lambda source: False)


FAULTS += [
    Fault("static_prevention_ignored", "615.1a", "static \"prevent all damage\" abilities of permanents prevent "
          "nothing", _static_prevention_ignored,
          case({"alice": {"battlefield": cards(("Bubble Matrix", "matrix"), (BEARS_NAME, "bears")),
                          "hand": cards(("Shock", "shock")), "mana": "{R}"}},
               [{"cast": {"card": "shock", "targets": ["bears"], "pay": "{R}"}}, {"resolve": {}}])),
    Fault("token_doubling_applied_once", "616.1f", "token-doubling replacement effects are not applied: an "
          "effect creates the tokens it says, whatever doubles them",
          ignore_static("TokensDoubled", "tokens_to_create"),
          case({"alice": {"battlefield": cards(("Parallel Lives", "lives")), "hand": cards(("Dragon Fodder", "fodder")),
                          "mana": "{R}{C}"}},
               [{"cast": {"card": "fodder", "pay": "{R}{C}"}}, {"resolve": {}}])),
    Fault("graveyard_replacements_ignored", "614.1a", "\"exile it instead\" replacement effects on going to a "
          "graveyard are not applied", _graveyard_replacements_ignored,
          case({"alice": {"battlefield": cards((BEARS_NAME, "bears")), "hand": cards(("Magma Spray", "spray")),
                          "mana": "{R}"}},
               [{"cast": {"card": "spray", "targets": ["bears"], "pay": "{R}"}}, {"resolve": {}}])),
    Fault("this_turn_prevention_ignored", "615.3", "a spell that prevents all damage this turn to its controller "
          "and their creatures prevents nothing", _this_turn_prevention_ignored,
          case({"alice": {"hand": cards(("Safe Passage", "passage"), ("Lightning Bolt", "bolt")),
                          "mana": "{W}{R}{C}{C}"}},
               [{"cast": {"card": "passage", "pay": "{W}{C}{C}"}}, {"resolve": {}},
                {"cast": {"card": "bolt", "targets": ["alice"], "pay": "{R}"}}, {"resolve": {}}])),
    Fault("attacking_creature_prevention_covers_blockers", "615.1a",
          "(designed) \"prevent all combat damage that would be dealt to attacking creatures you control\" "
          "(Dolmen Gate) prevents combat damage to its controller's blocking creatures too",
          _dolmen_gate_covers_blockers,
          case({"alice": {"battlefield": cards(("Pillarfield Ox", "o"))},
                "bob": {"battlefield": cards(("Dolmen Gate", "g"), ("Silvercoat Lion", "l"))}},
               [{"declare_attackers": {"attackers": [{"card": "o"}]}},
                {"declare_blockers": {"blockers": [{"card": "l", "blocks": "o"}]}},
                {"advance": {"to": "end_of_combat"}}])),
    Fault("unpreventable_damage_static_ignored", "615.12",
          "(designed) \"damage that would be dealt by this creature can't be prevented\" (Malignus) is ignored: "
          "protection prevents its damage",
          _unpreventable_static_ignored,
          case({"alice": {"battlefield": cards(("Malignus", "m"))},
                "bob": {"battlefield": cards(("Vedalken Outlander", "v"))}},
               [{"declare_attackers": {"attackers": [{"card": "m"}]}},
                {"declare_blockers": {"blockers": [{"card": "v", "blocks": "m"}]}},
                {"advance": {"to": "end_of_combat"}}])),
    Fault("static_prevention_covers_players", "615.1a",
          "(designed) \"prevent all damage that would be dealt to creatures\" (Bubble Matrix) prevents "
          "damage to players too",
          _static_prevention_covers_players,
          case({"alice": {"battlefield": cards(("Bubble Matrix", "m")), "hand": cards(BOLT), "mana": "{R}"}},
               [{"cast": {"card": "bolt", "targets": ["bob"], "pay": "{R}"}}, {"resolve": {}}])),
]


# -- more faults of this area: claims no other fault dropped (issue #30) and the rules of the
# -- Wagic and XMage peer tests (spec/rules/peer-tests-*.yaml)


def _prevention_to_an_object_ignored(stack, run):
    """"Prevent all damage that would be dealt to target creature this turn" prevents nothing."""
    from . import locate

    locate.patch_method(stack, "PreventAllDamageToThisTurnOf", "apply", lambda _original: lambda self, ctx: None)


FAULTS += [
    Fault("prevention_for_a_target_creature_ignored", "615.1",
          "\"prevent all damage that would be dealt to target creature this turn\" prevents nothing (designed)",
          _prevention_to_an_object_ignored,
          case({"alice": {"hand": cards(("Lightning Bolt", "bolt")), "mana": "{R}"},
                "bob": {"battlefield": cards(("Oriss, Samite Guardian", "oriss"))}},
               [{"cast": {"card": "bolt", "targets": ["oriss"], "pay": "{R}"}},
                {"activate": {"card": "oriss", "targets": ["oriss"]}}, {"pass_until_empty": {}}])),
]


# ---- more faults modelled on real reports (issue #30) ------------------------------------------

ARGENTUM = "https://github.com/wingedsheep/argentum-engine"
REGEN = "peers-wagic/regeneration#instead-remove-all-damage-marked-on"


def _exiled_only_if_damage_kills(stack, run):
    """"If that creature would die this turn, exile it instead" (Magma Spray) applies only to a
    creature that dies of lethal damage; one that dies another way (toughness 0, destroyed) goes to
    the graveyard."""
    game_cls = locate.obj("Game")
    power_toughness = locate.obj("power_toughness")

    def make(replacement):
        def faulty(self, o, zone_was):
            zone = replacement(self, o, zone_was)
            if zone == "exile" and zone_was == "battlefield":
                toughness = power_toughness(self, o)[1]
                if toughness <= 0 or o.damage < toughness:
                    return "graveyard"
            return zone
        return faulty
    stack.enter_context(mock.patch.object(game_cls, "_graveyard_replacement",
                                          make(game_cls._graveyard_replacement)))


def _more_counters_on_no_counters(stack, run):
    """"If one or more +1/+1 counters would be put ..." (Hardened Scales) also applies when no
    counter would be put: an effect putting 0 counters puts one."""
    more = locate.obj("MoreCounters")

    def applies(self, game, src, ev):
        o = ev.obj
        return (ev.counter == self.counter and o.zone == "battlefield"
                and o.controller == src.controller and "Creature" in o.card.types)

    def apply(self, game, src, ev):
        ev.amount = ev.amount * self.times + self.plus

    def make(put_counters):
        def faulty(game, o, counter, n):
            if n == 0:  # the event of putting no counter is offered to the replacement effects
                module = locate.module_of("put_counters")
                n = module.replace(game, module.Would("counters", obj=o, counter=counter, amount=0),
                                   module._by_kind).amount
            put_counters(game, o, counter, n)
        return faulty
    stack.enter_context(mock.patch.object(more, "applies", applies))
    stack.enter_context(mock.patch.object(more, "apply", apply))
    locate.patch(stack, "put_counters", make)


def _copy_tokens_not_doubled(stack, run):
    """Tokens that are copies of a permanent (Rite of Replication) are created one for one: the
    token-doubling replacement effects (Parallel Lives) are not asked."""
    def make(create):
        def faulty(self, ctx):
            module = locate.module_of("CreateTokenCopies")
            with mock.patch.object(module, "tokens_to_create", lambda game, player, n: n):
                create(self, ctx)
        return faulty
    locate.patch_method(stack, "CreateTokenCopies", "apply", make)


def _regeneration_ignores_lethal_damage(stack, run):
    """A regeneration shield replaces only destruction by an effect (Murder): a creature with
    lethal damage marked on it is put into the graveyard by the state-based action, shield or not."""
    def make(find_dying):
        def faulty(game, *args):
            shields = game.regen_shields
            game.regen_shields = ()
            try:
                return find_dying(game, *args)
            finally:
                game.regen_shields = shields
        return faulty
    locate.patch(stack, "_find_dying", make)


def _damage_plus_for_anyone(stack, run):
    """Torbran's "a red source you control would deal damage to an opponent or a permanent an
    opponent controls" read as "a red source would deal damage": whose source and whose permanent
    are dropped."""
    def make(applies):
        def faulty(self, game, src, ev):
            source = ev.source
            return ev.amount > 0 and source is not None and self.color in source.colors()
        return faulty
    locate.patch_method(stack, "DamagePlus", "applies", make)


FAULTS += [
    Fault("damage_plus_for_anyone", "614.1a",
          "(designed) Torbran, Thane of Red Fell adds 2 to damage from any red source to anything: alice's "
          "Lightning Bolt at her own creature and bob's at his own deal 5",
          _damage_plus_for_anyone,
          case({"alice": {"battlefield": cards(("Torbran, Thane of Red Fell", "torbran"), ("Gigantosaurus", "giant")),
                          "hand": cards(("Lightning Bolt", "bolt")), "mana": "{R}"}},
               [{"cast": {"card": "bolt", "targets": ["giant"], "pay": "{R}"}}, {"resolve": {}}]),
          claims=(INSTEAD + "only-those-events",)),
]


FAULTS += [
    Fault("exiled_instead_only_if_its_damage_kills", "614.1a",
          "\"if that creature would die this turn, exile it instead\" applies only if lethal damage kills it: "
          "a creature Magma Spray damaged that dies of toughness 0 goes to the graveyard (the report: its "
          "damage became -1/-1 counters and the creature was not exiled)",
          _exiled_only_if_damage_kills,
          case({"alice": {"hand": cards(("Magma Spray", "spray"), ("Last Gasp", "gasp")), "mana": "{R}{B}{C}"},
                "bob": {"battlefield": cards(("Hill Giant", "giant"))}},
               [{"cast": {"card": "spray", "targets": ["giant"], "pay": "{R}"}}, {"resolve": {}},
                {"cast": {"card": "gasp", "targets": ["giant"], "pay": "{B}{C}"}}, {"resolve": {}}]),
          report=f"{MAGE}/issues/3359", claims=(INSTEAD + "replaced-with-other-events",)),
    Fault("counter_replacement_on_no_counters", "614.1a",
          "Hardened Scales adds a +1/+1 counter when an effect would put none (the report: Ezuri's "
          "\"+1/+1 counters equal to your experience\" with 0 experience put one): Endless One cast for X=0 "
          "enters as a 1/1",
          _more_counters_on_no_counters,
          case({"alice": {"battlefield": cards(("Hardened Scales", "scales")),
                          "hand": cards(("Endless One", "one"))}},
               [{"cast": {"card": "one", "x": 0, "pay": ""}}, {"resolve": {}}]),
          report=f"{MAGE}/issues/2707", claims=(INSTEAD + "only-those-events",)),
    Fault("copy_tokens_not_doubled", "614.1a",
          "token-doubling replacement effects don't apply to tokens that are copies of a permanent: Rite of "
          "Replication under Parallel Lives creates one token, not two",
          _copy_tokens_not_doubled,
          case({"alice": {"battlefield": cards(("Parallel Lives", "lives")),
                          "hand": cards(("Rite of Replication", "rite")), "mana": "{U}{U}{C}{C}"},
                "bob": {"battlefield": cards(("Grizzly Bears", "bears"))}},
               [{"cast": {"card": "rite", "targets": ["bears"], "pay": "{U}{U}{C}{C}"}}, {"resolve": {}}]),
          report=f"{PHASE}/pull/2169", claims=(INSTEAD + "replaced-with-other-events",)),
    Fault("regeneration_ignores_lethal_damage", "701.19a",
          "a regeneration shield doesn't replace the destruction of a creature with lethal damage (the report: "
          "Blight Mamba regenerated before combat damage was still destroyed)",
          _regeneration_ignores_lethal_damage,
          case({"alice": {"battlefield": cards(("Drudge Skeletons", "skeletons")), "mana": "{B}"},
                "bob": {"hand": cards(("Shock", "shock")), "mana": "{R}"}},
               [{"activate": {"card": "skeletons", "pay": "{B}"}}, {"resolve": {}},
                {"cast": {"card": "shock", "by": "bob", "targets": ["skeletons"], "pay": "{R}"}}, {"resolve": {}}]),
          report=f"{PHASE}/issues/325", claims=(REGEN,)),
]


WAGIC = "https://github.com/WagicProject/wagic"


def _regeneration_doesnt_tap(stack, run):
    """A regenerated permanent has its damage removed and leaves combat but is not tapped."""
    def make(regenerated):
        def faulty(game, o):
            was = o.tapped
            used = regenerated(game, o)
            if used:
                o.tapped = was
            return used
        return faulty
    locate.patch(stack, "regenerated", make)


FAULTS += [
    Fault("regeneration_doesnt_tap", "701.19a",
          "a regenerated creature is not tapped (the report: Drudge Skeletons regenerated and could still block "
          "another creature)",
          _regeneration_doesnt_tap,
          case({"alice": {"battlefield": cards(("Drudge Skeletons", "skeletons")), "mana": "{B}"},
                "bob": {"hand": cards(("Shock", "shock")), "mana": "{R}"}},
               [{"activate": {"card": "skeletons", "pay": "{B}"}}, {"resolve": {}},
                {"cast": {"card": "shock", "by": "bob", "targets": ["skeletons"], "pay": "{R}"}}, {"resolve": {}}]),
          report=f"{WAGIC}/issues/525", claims=(REGEN,)),
]


def _regeneration_shield_kept(stack, run):
    """A regeneration shield is not used up: it replaces every destruction of the permanent this turn."""
    def make(regenerated):
        def faulty(game, o):
            shields = game.regen_shields
            used = regenerated(game, o)
            if used:
                game.regen_shields = shields
            return used
        return faulty
    locate.patch(stack, "regenerated", make)


FAULTS += [
    Fault("regeneration_shield_never_used_up", "701.19a",
          "(designed) a regeneration shield replaces every destruction of the permanent this turn, not only the "
          "next one",
          _regeneration_shield_kept,
          case({"alice": {"hand": cards(("Murder", "m1"), ("Murder", "m2")), "mana": "{B}{B}{C}{B}{B}{C}"},
                "bob": {"battlefield": cards(("Drudge Skeletons", "skeletons")), "mana": "{B}"}},
               [{"activate": {"card": "skeletons", "pay": "{B}"}}, {"resolve": {}},
                {"cast": {"card": "m1", "targets": ["skeletons"], "pay": "{B}{B}{C}"}}, {"resolve": {}},
                {"cast": {"card": "m2", "targets": ["skeletons"], "pay": "{B}{B}{C}"}}, {"resolve": {}}]),
          claims=("peers-wagic/regeneration#the-next-time",)),
]


def _exile_if_dies_for_every_creature(stack, run):
    """"If that creature would die this turn, exile it instead" exiles every creature that dies
    this turn once such an effect exists, not only the one it names."""
    game_cls = locate.obj("Game")

    def make(replacement):
        def faulty(self, o, zone_was):
            return "exile" if zone_was == "battlefield" and self.exile_if_dies else replacement(self, o, zone_was)
        return faulty
    wrap_attr(stack, game_cls, "_graveyard_replacement", make)


FAULTS += [
    Fault("exile_if_dies_watches_every_creature", "614.1a",
          "(designed) Magma Spray's \"if that creature would die this turn, exile it instead\" exiles every "
          "creature that dies this turn",
          _exile_if_dies_for_every_creature,
          case({"alice": {"hand": cards(("Magma Spray", "spray"), ("Last Gasp", "gasp")), "mana": "{R}{B}{C}"},
                "bob": {"battlefield": cards(("Hill Giant", "giant"), ("Grizzly Bears", "bears"))}},
               [{"cast": {"card": "spray", "targets": ["giant"], "pay": "{R}"}}, {"resolve": {}},
                {"cast": {"card": "gasp", "targets": ["bears"], "pay": "{B}{C}"}}, {"resolve": {}}]),
          claims=(INSTEAD + "only-those-events",)),
]


# ---------------------------------------------------------------- "enters tapped unless ..." (110.5b, 614.1d)

ENTERS_TAPPED = "peers-phase/a-land-that-enters-tapped-unless#"
YOU_ARE = "peers-phase/you-is-the-controller#"


def _conditional_enters_tapped(always: bool):
    """A land's "enters tapped unless <condition>" ignores its condition: `always` tapped (the
    "unless" never spares it), else never tapped (only an unconditional "enters tapped" applies)."""
    def make(own_enters_tapped):
        def faulty(game, o, card, controller):
            kind = locate.obj("EntersTapped")
            conditional = [rep for rep in card.enters if isinstance(rep, kind) and rep.condition is not None]
            if conditional:
                return int(always)
            return own_enters_tapped(game, o, card, controller)
        return faulty
    return swap("own_enters_tapped", make)


def _whose_ignored(whose):
    """"You control" / "your opponents control" count every player's permanents."""
    def faulty(self, who, player):
        return True
    return faulty


def _play_canal(alice_lands, bob_lands=()):
    return case({"alice": {"hand": cards(("Spirebluff Canal", "canal")),
                           "battlefield": cards(*[(n, f"a{i}") for i, n in enumerate(alice_lands)])},
                 "bob": {"battlefield": cards(*[(n, f"b{i}") for i, n in enumerate(bob_lands)])}},
                [{"play_land": {"card": "canal"}}])


FAULTS += [
    Fault("conditional_enters_tapped_always_tapped", "110.5b",
          "a land that \"enters tapped unless ...\" enters tapped whether or not the condition is met: Spirebluff "
          "Canal played as its controller's first land enters tapped (designed)",
          _conditional_enters_tapped(True), _play_canal(()),
          claims=(ENTERS_TAPPED + "untapped-unless-said-otherwise",)),
    Fault("conditional_enters_tapped_never_tapped", "110.5b",
          "a land that \"enters tapped unless ...\" always enters untapped: Spirebluff Canal played with three "
          "other lands enters untapped (designed)",
          _conditional_enters_tapped(False), _play_canal(("Island", "Mountain", "Plains")),
          claims=(ENTERS_TAPPED + "an-ability-says-otherwise", ENTERS_TAPPED + "enters-tapped-is-a-replacement")),
    Fault("you_control_counts_every_player", "109.5",
          "\"you control\" and \"your opponents control\" count the permanents of every player: Spirebluff Canal "
          "played with two lands of its controller and one of the opponent enters tapped (designed)",
          swap_method("Filter", "_whose", _whose_ignored), _play_canal(("Island", "Mountain"), ("Forest",)),
          claims=(YOU_ARE + "you-and-your-are-its-controller",)),
]


# -- a claim quoting 701.8c, which the 701.8a entry cites (selfcheck/cited_claims.py)

def _regeneration_ignores_destroy_effects(stack, run):
    """A regeneration shield replaces only the destruction of a creature with lethal damage (a
    state-based action): a spell or ability that destroys the permanent destroys it, shield or not."""
    module = locate.module_of("regenerated")  # destroy() lives beside it (the card pool has a destroy() too)

    def make(destroy):
        return lambda game, o, regenerate=True: destroy(game, o, regenerate=False)
    wrap_attr(stack, module, "destroy", make)


FAULTS += [
    Fault("regeneration_ignores_destroy_effects", "701.8c",
          "(designed) a regeneration shield doesn't replace destruction by a spell or ability, only by lethal "
          "damage: bob's regenerated Drudge Skeletons are destroyed by Murder",
          _regeneration_ignores_destroy_effects,
          case({"alice": {"hand": cards(("Murder", "m1")), "mana": "{B}{B}{C}"},
                "bob": {"battlefield": cards(("Drudge Skeletons", "skeletons")), "mana": "{B}"}},
               [{"activate": {"card": "skeletons", "pay": "{B}"}}, {"resolve": {}},
                {"cast": {"card": "m1", "targets": ["skeletons"], "pay": "{B}{B}{C}"}}, {"resolve": {}}])),
]


# -- two graveyard replacements on one card (Leyline of the Void, Darksteel Colossus): 616.1, 614.6,
# 113.6b, 704.5f

TWO = "replacement/two-graveyard-replacements-on-one-card#"


def _own_replacement_first(stack, run):
    """An object's own "if this would be put into a graveyard" effect is applied before any
    other, as if it were a self-replacement effect (616.1a): its controller's choice of another
    replacement effect is overruled."""
    own = locate.obj("ShuffledIntoLibraryInstead")

    def make(choose):
        def faulty(game, candidates):
            for c in candidates:
                if isinstance(c[2], own):
                    return c
            return choose(game, candidates)
        return faulty
    wrap(stack, f"{locate.module_of('_choose').__name__}._choose", make)


def _graveyard_choice_ignored(stack, run):
    """Among replacement effects on a move to a graveyard, the affected object's controller is
    not asked: the effects apply in timestamp order (Leyline of the Void's first)."""
    module = locate.module_of("graveyard_destination")
    game_cls = locate.obj("Game")

    def faulty(game, o):
        kept = game.replacement_order
        game.replacement_order = ()
        try:
            return module.graveyard_destination(game, o)
        finally:
            game.replacement_order = kept
    stack.enter_context(mock.patch.object(game_cls, "graveyard_replacer", staticmethod(faulty)))


def _only_from_the_battlefield(stack, run):
    """"If this would be put into a graveyard from anywhere" is read only while the object is a
    permanent: a countered Darksteel Colossus spell goes to its owner's graveyard."""
    wrap(stack, f"{locate.module_of('_from_anywhere').__name__}._from_anywhere", lambda _f: lambda o: [])


def _toughness_zero_not_replaced(stack, run):
    """A creature put into its owner's graveyard for toughness 0 or less (704.5f) escapes the
    graveyard replacement effects, which watch only destruction."""
    game_cls = locate.obj("Game")
    door = game_cls.graveyard_replacer
    power_toughness = locate.obj("power_toughness")

    def faulty(game, o):
        if o.zone == "battlefield" and "Creature" in o.card.types and power_toughness(game, o)[1] <= 0:
            return "graveyard"
        return door(game, o)
    stack.enter_context(mock.patch.object(game_cls, "graveyard_replacer", staticmethod(faulty)))


def _zenith_board(choice):
    return case({"alice": {"battlefield": cards(("Leyline of the Void", "leyline")),
                           "hand": cards(("Black Sun's Zenith", "zenith")), "mana": "{B}" * 15},
                 "bob": {"battlefield": cards(("Darksteel Colossus", "colossus")),
                         "library": cards(("Mountain", "mountain"))}},
                [{"cast": {"card": "zenith", "x": 13, "pay": "{B}" * 15}},
                 {"resolve": {"choices": {"replacement_order": [choice]}}}])


FAULTS += [
    Fault("own_graveyard_replacement_first", "616.1",
          "(designed) an object's own graveyard replacement effect applies before the others, as if it were a "
          "self-replacement effect: bob chooses Leyline of the Void's, and his Darksteel Colossus is shuffled into "
          "his library anyway", _own_replacement_first, _zenith_board("leyline"),
          claims=(TWO + "the-affected-objects-controller-chooses-one",)),
    Fault("graveyard_replacement_choice_ignored", "616.1",
          "(designed) the affected object's controller doesn't choose among the graveyard replacement effects: "
          "Leyline of the Void's applies first by timestamp and bob's Darksteel Colossus is exiled though he "
          "chose its own effect", _graveyard_choice_ignored, _zenith_board("colossus"),
          claims=(TWO + "the-affected-objects-controller-chooses-one",)),
    Fault("replaced_shuffle_still_dies", "614.6",
          "(designed) Darksteel Colossus, shuffled into its owner's library instead of being put into a "
          "graveyard, still dies: bob's Zulaport Cutthroat triggers for it too", _exiled_instead_still_dies,
          case({"alice": {"hand": cards(("Black Sun's Zenith", "zenith")), "mana": "{B}" * 13},
                "bob": {"battlefield": cards(("Zulaport Cutthroat", "cutthroat"), ("Darksteel Colossus", "colossus"))}},
               [{"cast": {"card": "zenith", "x": 11, "pay": "{B}" * 13}}, {"resolve": {}}, {"pass_until_empty": {}}]),
          claims=(TWO + "the-replaced-event-never-happens",)),
    Fault("from_anywhere_only_on_the_battlefield", "113.6b",
          "(designed) \"would be put into a graveyard from anywhere\" works only on the battlefield: a countered "
          "Darksteel Colossus spell goes to alice's graveyard", _only_from_the_battlefield,
          case({"alice": {"hand": cards(("Darksteel Colossus", "colossus")), "mana": "{C}" * 11},
                "bob": {"hand": cards(("Counterspell", "cs")), "mana": "{U}{U}"}},
               [{"cast": {"card": "colossus", "pay": "{C}" * 11}},
                {"cast": {"card": "cs", "by": "bob", "targets": ["colossus"], "pay": "{U}{U}"}}, {"resolve": {}}]),
          claims=(TWO + "from-anywhere-means-the-stack-too",)),
    Fault("toughness_zero_death_not_replaced", "704.5f",
          "a creature put into the graveyard for toughness 0 escapes the graveyard replacement effects, which "
          "apply only to destruction: bob's Darksteel Colossus, at toughness 0 under Black Sun's Zenith's "
          "counters, goes to his graveyard", _toughness_zero_not_replaced, _zenith_board("colossus"),
          report=PHASE + "/issues/4718", claims=(TWO + "the-toughness-zero-move-is-replaced-too",)),
]
