"""Faulty engines that get granted triggered abilities (613.1f), abilities triggering an additional
time (603.2d), a delayed "when that creature dies this turn" (603.7c), "can't have counters put on
it" (122.6), intimidate (702.13b), a "{T}, Remove a counter" mana ability cost (118.3), a
replacement effect for the turn (611.2a), monstrosity (701.37) and echo (702.30) wrong.
Each drops the claims (spec/rules/peer-tests-xmage-granted-triggers.yaml,
spec/rules/peer-tests-forge-additional-triggers.yaml) it names."""

from __future__ import annotations

from dataclasses import replace
from unittest import mock

from . import locate
from .fault import Fault, cards, case
from .patching import keep_field, wrap_attr

G = "peers-xmage/granted-triggered-abilities#"
SEEN = "peers-xmage/granted-abilities-are-seen-as-the-permanent-left#"
NO_COUNTERS = "peers-xmage/cant-have-counters-put-on-it#while-on-the-battlefield-and-as-it-enters"
INTIMIDATE = "peers-xmage/intimidate#artifact-or-shared-color"
DELAYED = "peers-xmage/a-delayed-trigger-watches-that-creature#refers-to-a-particular-object"
MORE = "peers-forge/an-ability-triggers-an-additional-time#"
COUNTER_COST = "peers-xmage/a-counter-removal-cost-needs-a-counter#pay-it-fully"
FOR_THE_TURN = "peers-xmage/a-replacement-effect-for-the-turn#lasts-as-long-as-stated"
MONSTROSITY = "peers-forge/monstrosity#"
ECHO = "peers-forge/echo#"


def _granted_triggers_ignored(stack, run):
    """(designed) A permanent has only the triggered abilities printed on its card: an ability
    granted by a spell, a static ability or an Aura never triggers."""
    locate.patch(stack, "granted_triggers", lambda _original: lambda game, o, also=(): ())


def _granters_that_left_too_ignored(stack, run):
    """(designed) A permanent leaving is judged with the abilities the permanents still on the
    battlefield grant it, not those that left in the same event (603.10a)."""
    def make(granted):
        return lambda self, o: locate.obj("granted_triggers")(self, o, ())
    locate.patch_method(stack, "Game", "_granted_leaving", make)


def _granted_ability_follows_the_card(stack, run):
    """(designed) An ability granted until end of turn stays with the card after it left the
    battlefield and came back (400.7 ignored)."""
    def make(granted):
        def faulty(game, o, also=()):
            found = granted(game, o, also)
            old = tuple(t for oid, moves, t in game.eot_triggers if oid == o.oid and moves != o.moves)
            return found + old if o.zone == "battlefield" else found
        return faulty
    locate.patch(stack, "granted_triggers", make)


def _counters_put_anyway(stack, run):
    """(designed) "This creature can't have counters put on it" is ignored."""
    locate.patch(stack, "cant_have_counters", lambda _original: lambda o: False)


def _blockers_never_find(keyword: str, read_as: str | None = None):
    """The blocker checks never find `keyword` (`read_as`: they read it as that keyword instead,
    as intimidate read as fear, 702.36b)."""
    def install(stack, run):
        def make(keyword_test):
            def faulty(game):
                kw = keyword_test(game)

                def test(o, k):
                    if k == keyword:
                        return False
                    if k == read_as:
                        return kw(o, k) or kw(o, keyword)
                    return kw(o, k)
                return test
            return faulty
        wrap_attr(stack, locate.module_of("declare_blockers"), "keyword_test", make)
    return install


def _delayed_dies_any_creature(stack, run):
    """(designed) "When that creature dies this turn" triggers when any creature dies this turn,
    as often as creatures die."""
    def make(dies_delayed):
        def faulty(game, r, event):
            due = [d for d in game.delayed if d[0] == "dies"]
            game.pending.extend((watched[2], trig, event) for _, watched, trig in due)
        return faulty
    locate.patch(stack, "_dies_delayed", make)


def _additional_time_ignored(stack, run):
    """(designed) "that ability triggers an additional time" does nothing."""
    locate.patch_method(stack, "TriggersAdditionalTime", "extra_for",
                        lambda _original: lambda self, src, cause, trigger_source, obj: 0)


def _additional_times_multiply(stack, run):
    """(designed) Each "triggers an additional time" ability doubles the times the others gave:
    two Teysas make four triggers, not three."""
    def make(additional_times):
        def faulty(pairs, cause, trigger_source, obj):
            n = additional_times(pairs, cause, trigger_source, obj)
            return 2 ** n - 1
        return faulty
    locate.patch(stack, "additional_times", make)


def _delayed_triggers_additional_times(stack, run):
    """(designed) Teysa Karlov makes a delayed "when that creature dies this turn" trigger twice
    for its controller too (603.2d excludes delayed triggered abilities)."""
    def make(dies_delayed):
        def faulty(game, r, event):
            n = len(game.pending)
            dies_delayed(game, r, event)
            added = game.pending[n:]
            objs = game.objs
            for sid, trig, ev in added:
                for oid in game.battlefield:
                    o = objs[oid]
                    for st in o.card.statics:
                        if getattr(st, "cause", None) == "dies" and o.controller == trig.controller:
                            game.pending.append((sid, trig, ev))
        return faulty
    locate.patch(stack, "_dies_delayed", make)


def _additional_time_not_looked_back(stack, run):
    """(designed) A creature's death is made to trigger additional times only by permanents still
    on the battlefield after it: Teysa dying with the creature doesn't count (603.10a)."""
    def make(extra_times):
        return lambda game, cause, permanents=None: extra_times(game, cause)
    locate.patch(stack, "_extra_times", make)


def _counter_removal_cost_ignored(stack, run):
    """(designed) A mana ability whose cost is "{T}, Remove a <kind> counter from this creature" only
    taps: it needs no counter and removes none."""
    module = locate.module_of("_step_tap_for_mana")
    step = vars(module)["_step_tap_for_mana"]

    def faulty(game, args):
        swapped = []
        for label in args.get("permanents", []) if isinstance(args, dict) else []:
            o = game.objs.get(game.labels.get(label))
            if o is not None and o.card.mana_abilities and o.card.mana_abilities[0].cost == "tap":
                abilities = tuple(replace(a, counter=None) for a in o.card.mana_abilities)
                swapped.append((o, o.card))
                o.card = replace(o.card, mana_abilities=abilities)
        try:
            step(game, args)
        finally:
            for o, card in swapped:
                o.card = card
    stack.enter_context(mock.patch.dict(module.STEPS, {"tap_for_mana": faulty}))


def _turn_replacements_never_end(stack, run):
    """(designed) A replacement effect a resolved ability created "this turn" (Goblin Goliath's)
    outlives the cleanup step (514.2, 611.2a)."""
    keep_field(stack, "_cleanup", "replacements")


def _doubles_any_damage(stack, run):
    """(designed) Goblin Goliath's effect doubles all damage: to creatures, to its controller, from
    the opponent's sources."""
    locate.patch_method(stack, "DamageToOpponentsTimes", "applies",
                        lambda _original: lambda self, game, src, ev: ev.amount > 0)


def _monstrosity_repeats(stack, run):
    """(designed) Monstrosity puts its counters even on a permanent that is already monstrous."""
    def make(apply):
        def faulty(self, ctx):
            o, game = ctx.source, ctx.game
            if o is not None and o.zone == "battlefield":
                game.monstrous = tuple(m for m in game.monstrous if m[0] != o.oid)
            apply(self, ctx)
        return faulty
    locate.patch_method(stack, "Monstrosity", "apply", make)


def _monstrous_follows_the_card(stack, run):
    """(designed) A card that was monstrous is monstrous again when it returns to the battlefield."""
    locate.patch_method(stack, "IsMonstrous", "holds", lambda _original: lambda self, game, player, source=None:
                        source is not None and any(m[0] == source.oid for m in game.monstrous))


def _echo_every_upkeep(stack, run):
    """(designed) Echo triggers in every upkeep of its controller, not only the first after the
    permanent came under their control."""
    locate.patch_method(stack, "CameUnderYourControlSinceYourLastUpkeep", "__call__",
                        lambda _original: lambda self, ctx: ctx.source is not None)


def _unpaid_echo_keeps_it(stack, run):
    """(designed) "Sacrifice it unless you pay": not paying changes nothing."""
    def make(apply):
        def faulty(self, ctx):
            if ctx.choices.get("pay_unless", True):
                apply(self, ctx)
        return faulty
    locate.patch_method(stack, "SacrificeSourceUnlessPay", "apply", make)


WRATH = ("Wrath of God", "wrath")
W4 = "{W}{W}{W}{W}"
MIKAEUS = ("Mikaeus, the Unhallowed", "mikaeus")
TEYSA = ("Teysa Karlov", "teysa")
NECRO = ("Xathrid Necromancer", "necromancer")
LION = ("Fleecemane Lion", "lion")
BOAR_ATTACKS = {"declare_attackers": {"attackers": [{"card": "boar", "attacks": "bob"}]}}

FAULTS = [
    Fault("granted_triggers_ignored", "613.1f",
          "(designed) a triggered ability a permanent gains (undying from Undying Evil or Mikaeus, an Aura's "
          "\"When this creature dies, draw a card\") never triggers",
          _granted_triggers_ignored,
          case({"alice": {"battlefield": cards(("Elite Vanguard", "vanguard")),
                          "hand": cards(("Undying Evil", "evil"), ("Last Gasp", "gasp")), "mana": "{B}{B}{B}"}},
               [{"cast": {"card": "evil", "targets": ["vanguard"], "pay": "{B}"}}, {"resolve": {}},
                {"cast": {"card": "gasp", "targets": ["vanguard"], "pay": "{B}{B}"}}, {"pass_until_empty": {}}]),
          claims=(G + "ability-adding-effects",)),
    Fault("granters_leaving_too_are_forgotten", "603.10a",
          "(designed) a creature destroyed together with the permanent that gave it undying (Wrath of God "
          "on Mikaeus and a Lion) is judged without it and doesn't return",
          _granters_that_left_too_ignored,
          case({"alice": {"battlefield": cards(MIKAEUS, ("Silvercoat Lion", "lion")), "hand": cards(WRATH),
                          "mana": W4}},
               [{"cast": {"card": "wrath", "pay": W4}}, {"pass_until_empty": {}}]),
          claims=(SEEN + "leaves-the-battlefield-abilities",)),
    Fault("granted_ability_follows_the_card", "400.7",
          "(designed) an ability granted until end of turn (Undying Malice's) stays with the creature it "
          "returned, which returns again when it dies again",
          _granted_ability_follows_the_card,
          case({"alice": {"battlefield": cards(("Grizzly Bears", "bears")), "hand": cards(("Undying Malice", "malice")),
                          "mana": "{B}"},
                "bob": {"hand": cards(("Lightning Bolt", "bolt"), ("Murder", "murder")), "mana": "{R}{B}{B}{B}"}},
               [{"cast": {"card": "malice", "targets": ["bears"], "pay": "{B}"}}, {"resolve": {}},
                {"cast": {"card": "bolt", "by": "bob", "targets": ["bears"], "pay": "{R}"}}, {"pass_until_empty": {}},
                {"cast": {"card": "murder", "by": "bob", "targets": ["bears"], "pay": "{B}{B}{B}"}},
                {"pass_until_empty": {}}]),
          claims=(SEEN + "a-new-object-keeps-nothing",)),
    Fault("cant_have_counters_ignored", "122.6",
          "(designed) Tatterkite's \"This creature can't have counters put on it\" is ignored: Virulent Wound "
          "puts a -1/-1 counter on it",
          _counters_put_anyway,
          case({"alice": {"battlefield": cards(("Tatterkite", "kite"))},
                "bob": {"hand": cards(("Virulent Wound", "wound")), "mana": "{B}"}},
               [{"cast": {"card": "wound", "by": "bob", "targets": ["kite"], "pay": "{B}"}}, {"pass_until_empty": {}}]),
          claims=(NO_COUNTERS,)),
    Fault("intimidate_ignored", "702.13b",
          "(designed) intimidate restricts no block: a white creature blocks a red Bladetusk Boar",
          _blockers_never_find("intimidate"),
          case({"alice": {"battlefield": cards(("Bladetusk Boar", "boar"))},
                "bob": {"battlefield": cards(("Elite Vanguard", "vanguard"))}},
               [BOAR_ATTACKS, {"declare_blockers": {"blockers": [{"card": "vanguard", "blocks": "boar"}]}}]),
          claims=(INTIMIDATE,)),
    Fault("intimidate_as_fear", "702.13b",
          "(designed) intimidate is read as fear: only artifact or black creatures can block, so a red "
          "creature can't block a red one with intimidate",
          _blockers_never_find("intimidate", read_as="fear"),
          case({"alice": {"battlefield": cards(("Bladetusk Boar", "boar"))},
                "bob": {"battlefield": cards(("Raging Goblin", "goblin"))}},
               [BOAR_ATTACKS, {"declare_blockers": {"blockers": [{"card": "goblin", "blocks": "boar"}]}}]),
          claims=(INTIMIDATE,)),
    Fault("delayed_dies_trigger_for_any_creature", "603.7c",
          "(designed) Virulent Wound's \"When that creature dies this turn\" triggers whichever creature dies",
          _delayed_dies_any_creature,
          case({"alice": {"battlefield": cards(("Grizzly Bears", "bears"), ("Elite Vanguard", "vanguard"))},
                "bob": {"hand": cards(("Virulent Wound", "wound"), ("Lightning Bolt", "bolt")), "mana": "{B}{R}"}},
               [{"cast": {"card": "wound", "by": "bob", "targets": ["bears"], "pay": "{B}"}}, {"resolve": {}},
                {"cast": {"card": "bolt", "by": "bob", "targets": ["vanguard"], "pay": "{R}"}},
                {"pass_until_empty": {}}]),
          claims=(DELAYED,)),
    Fault("additional_trigger_ignored", "603.2d",
          "(designed) Teysa Karlov's and Panharmonicon's \"that ability triggers an additional time\" does nothing",
          _additional_time_ignored,
          case({"alice": {"battlefield": cards(TEYSA, NECRO), "hand": cards(WRATH), "mana": W4}},
               [{"cast": {"card": "wrath", "pay": W4}}, {"resolve": {}}]),
          claims=(MORE + "triggers-that-many-times",)),
    Fault("additional_trigger_not_looked_back", "603.2d",
          "(designed) a Teysa Karlov dying together with the creature doesn't make its dies triggers "
          "trigger again (it is not looked back at, 603.10a): a Wrath on Teysa and Xathrid Necromancer makes two "
          "Zombies",
          _additional_time_not_looked_back,
          case({"alice": {"battlefield": cards(TEYSA, NECRO), "hand": cards(WRATH), "mana": W4}},
               [{"cast": {"card": "wrath", "pay": W4}}, {"resolve": {}}]),
          claims=(MORE + "triggers-that-many-times",)),
    Fault("additional_triggers_multiply", "603.2d",
          "(designed) two Teysa Karlovs double each other's additional time: a dies trigger triggers four "
          "times, not three",
          _additional_times_multiply,
          case({"alice": {"battlefield": cards(TEYSA, NECRO), "hand": cards(("Teysa Karlov", "teysa2")),
                          "mana": "{W}{W}{W}{B}"}},
               [{"cast": {"card": "teysa2", "pay": "{W}{W}{W}{B}"}}, {"resolve": {}}]),
          claims=(MORE + "not-other-effects",)),
    Fault("delayed_trigger_triggers_additional_times", "603.2d",
          "(designed) Teysa Karlov makes a delayed triggered ability (Virulent Wound's) trigger an "
          "additional time: two poison counters",
          _delayed_triggers_additional_times,
          case({"alice": {"battlefield": cards(TEYSA), "hand": cards(("Virulent Wound", "wound")), "mana": "{B}"},
                "bob": {"battlefield": cards(("Raging Goblin", "goblin"))}},
               [{"cast": {"card": "wound", "targets": ["goblin"], "pay": "{B}"}}, {"pass_until_empty": {}}]),
          claims=(MORE + "not-delayed",)),
    Fault("counter_removal_mana_cost_ignored", "118.3",
          "(designed) Channeler Initiate's \"{T}, Remove a -1/-1 counter from this creature\" only taps: "
          "it adds mana without a counter and removes none",
          _counter_removal_cost_ignored,
          case({"alice": {"battlefield": cards(("Channeler Initiate", "initiate"))}},
               [{"tap_for_mana": {"permanents": ["initiate"], "color": "G"}}]),
          claims=(COUNTER_COST,)),
    Fault("turn_replacement_never_ends", "611.2a",
          "(designed) Goblin Goliath's \"this turn\" replacement effect still doubles damage in the next turn",
          _turn_replacements_never_end,
          case({"alice": {"battlefield": cards(("Goblin Goliath", "goliath"), ("Mountain", "mountain")),
                          "hand": cards(("Lightning Bolt", "bolt")), "mana": "{R}{C}{C}{C}",
                          "library": cards(("Plains", "a1"))},
                "bob": {"library": cards(("Island", "b1"))}},
               [{"activate": {"card": "goliath", "pay": "{C}{C}{C}{R}"}}, {"resolve": {}},
                {"advance": {"turn": "next", "to": "main1"}}, {"tap_for_mana": {"permanents": ["mountain"]}},
                {"cast": {"card": "bolt", "targets": ["bob"], "pay": "{R}"}}, {"resolve": {}}]),
          claims=(FOR_THE_TURN,)),
    Fault("doubled_damage_to_anything", "614.1a",
          "(designed) Goblin Goliath's effect doubles damage to creatures and to its controller too",
          _doubles_any_damage,
          case({"alice": {"battlefield": cards(("Goblin Goliath", "goliath")),
                          "hand": cards(("Lightning Bolt", "bolt")), "mana": "{R}{R}{C}{C}{C}"}},
               [{"activate": {"card": "goliath", "pay": "{C}{C}{C}{R}"}}, {"resolve": {}},
                {"cast": {"card": "bolt", "targets": ["alice"], "pay": "{R}"}}, {"resolve": {}}])),
    Fault("monstrosity_repeats", "701.37a",
          "(designed) Monstrosity puts its counters on a permanent that is already monstrous: Fleecemane Lion "
          "activated twice gets two counters",
          _monstrosity_repeats,
          case({"alice": {"battlefield": cards(LION), "mana": "{G}{W}{C}{C}{C}{G}{W}{C}{C}{C}"}},
               [{"activate": {"card": "lion", "pay": "{G}{W}{C}{C}{C}"}},
                {"activate": {"card": "lion", "pay": "{G}{W}{C}{C}{C}"}}, {"pass_until_empty": {}}]),
          claims=(MONSTROSITY + "if-this-permanent-isnt-monstrous",)),
    Fault("monstrous_follows_the_card", "701.37b",
          "(designed) a monstrous permanent that left the battlefield is monstrous again when the card "
          "returns: a recast Fleecemane Lion has hexproof and indestructible",
          _monstrous_follows_the_card,
          case({"alice": {"battlefield": cards(LION), "hand": cards(("Unsummon", "unsummon")),
                          "mana": "{G}{W}{C}{C}{C}{U}{G}{W}"}},
               [{"activate": {"card": "lion", "pay": "{G}{W}{C}{C}{C}"}}, {"resolve": {}},
                {"cast": {"card": "unsummon", "targets": ["lion"], "pay": "{U}"}}, {"resolve": {}},
                {"cast": {"card": "lion", "pay": "{G}{W}"}}, {"resolve": {}}]),
          claims=(MONSTROSITY + "it-becomes-monstrous",)),
    Fault("echo_every_upkeep", "702.30a",
          "(designed) echo triggers in every upkeep of its controller: a Subterranean Shambler whose echo was "
          "paid asks for it again",
          _echo_every_upkeep,
          case({"alice": {"battlefield": cards(("Subterranean Shambler", "shambler")),
                          "library": cards(("Plains", "a1"), ("Plains", "a2"))},
                "bob": {"library": cards(("Island", "b1"))}},
               [{"advance": {"turn": "next", "to": "main1"}}, {"advance": {"turn": "next", "to": "upkeep"}}]),
          claims=(ECHO + "came-under-your-control-since",)),
    Fault("unpaid_echo_keeps_it", "702.30a",
          "(designed) an echo (or other \"sacrifice it unless you pay\") left unpaid sacrifices nothing",
          _unpaid_echo_keeps_it,
          case({"alice": {"hand": cards(("Subterranean Shambler", "shambler")), "mana": "{R}{C}{C}{C}",
                          "library": cards(("Plains", "a1"), ("Plains", "a2"))},
                "bob": {"library": cards(("Island", "b1"))}},
               [{"cast": {"card": "shambler", "pay": "{R}{C}{C}{C}"}}, {"pass_until_empty": {}},
                {"advance": {"turn": "next", "to": "main1"}}, {"advance": {"turn": "next", "to": "upkeep"}},
                {"resolve": {"choices": {"pay_unless": False}}}]),
          claims=(ECHO + "sacrifice-it-unless-you-pay",)),
]


# -- a claim quoting 702.36b, which the Wagic kicker entry cites (selfcheck/cited_claims.py)

FAULTS += [
    Fault("fear_ignored_by_blocks", "702.36b",
          "(designed) fear doesn't restrict blocks: bob's green Grizzly Bears blocks alice's kicked Duskwalker",
          _blockers_never_find("fear"),
          case({"alice": {"hand": cards(("Duskwalker", "duskwalker")), "mana": "{B}{B}{C}{C}{C}",
                          "library": cards(("Plains", "p1"), ("Plains", "p2"))},
                "bob": {"battlefield": cards(("Grizzly Bears", "bears")),
                        "library": cards(("Island", "i1"), ("Island", "i2"))}},
               [{"cast": {"card": "duskwalker", "kicks": 1, "pay": "{B}{B}{C}{C}{C}"}}, {"resolve": {}},
                {"advance": {"turn": "next", "to": "main1"}}, {"advance": {"turn": "next", "to": "main1"}},
                {"declare_attackers": {"attackers": [{"card": "duskwalker", "attacks": "bob"}]}},
                {"declare_blockers": {"blockers": [{"card": "bears", "blocks": "duskwalker"}]}}])),
]
