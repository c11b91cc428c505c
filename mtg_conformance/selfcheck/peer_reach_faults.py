"""Faulty engines for the rules added to port peer tests whose blocker was an engine feature
(issue #31): a counter-removal cost (118.3, 602.2b), wither (702.80a), infect and poison (702.90b-c,
704.5c), a mana ability that sacrifices its source (701.21a, 603.6c), "can't be the target of spells
or abilities your opponents control" counted from the effect's controller (109.5), control changed
until end of turn or for good (611.2a, 613.1b), undying's "under its owner's control" (702.93a),
"its controller" of a permanent just exiled (608.2h), "can't attack alone" (506.5, 508.1c), "players
can't pay life or sacrifice creatures" (101.2), "as long as it's not your turn" (611.3a), Angry Mob's
turn-dependent characteristic-defining ability (208.2a), a creature's last known power (608.2h) and Oriss,
Samite Guardian's abilities (615.1; grandeur's discard cost, 118.3) and a keyword an Aura grants (303.4b).
All designed; claims.py merges DROPS into the claims each drops."""

from __future__ import annotations

from unittest import mock

from reference_impl.rules.abilities import LeavesBattlefield, ManaAbility

from .fault import Fault, cards, case
from .patching import wrap_attr
from .wagic_peer_faults import _without_keyword

COST = "costs/removing-counters-to-pay-a-cost#necessary-resources-counters"
POISON = "combat/infect-damage-is-poison-counters-and-minus-counters#infect-player-poison"
INFECT_CREATURE = "combat/infect-damage-to-a-creature-is-minus-counters#infect-creature-counters"
WITHER = "peers-wagic/wither#damage-dealt-to-a-creature-by-a-source-with-wither"
LAST_CONTROLLER = "peers-forge/its-controller-as-it-last-existed#last-known-controller"
ENCHANTED = "peers-forge/the-enchanted-creature#called-enchanted"
GRANDEUR = "peers-wagic/an-ability-word-has-no-rules-meaning#ability-words-no-special-rules-meaning"
THIS_TURN = "peers-wagic/prevention-this-turn#there-are-no-special-restrictions-on"
BY_TURN = "peers-wagic/power-set-by-a-stated-condition#according-to-some-stated-condition"
NOT_LOCKED = "peers-wagic/static-abilities-not-locked-in#it-applies-at-any-given-moment"
CANT_PAY = "peers-xmage/cant-beats-may-for-costs#cant-takes-precedence-over-a-cost"
ALONE = "combat/a-creature-that-cant-attack-alone#attacks-alone"
NO_DURATION = "peers-xmage/control-until-end-of-turn#no-duration-until-the-end-of-the-game"
OWNER = "peers-xmage/undying-and-persist#under-its-owners-control"
CONTROL = "peers-xmage/control-until-end-of-turn#control-until-end-of-turn"
VINES = "peers-xmage/hexproof-gained-in-response#other-changes-make-a-target-illegal"
GRAVEYARD = "peers-xmage/put-into-a-graveyard-from-the-battlefield#put-into-a-graveyard-noncreature"


def _source_and_ability(game, args):
    """The permanent an `activate` step names and the ability it activates (None if the step is
    malformed: the engine reports that itself)."""
    if not isinstance(args, dict) or args.get("card") not in game.labels:
        return None, None
    o = game.objs[game.labels[args["card"]]]
    index = args.get("ability", 0)
    abilities = o.card.activated
    if not isinstance(index, int) or isinstance(index, bool) or not 0 <= index < len(abilities):
        return o, None
    return o, abilities[index]


def _wrap_activate(stack, before, after):
    from . import locate

    def make(activate):
        def faulty(game, args):
            o, ab = _source_and_ability(game, args)
            saved = before(o, ab) if ab is not None else None
            activate(game, args)
            if ab is not None:
                after(o, ab, saved)
        return faulty
    locate.patch(stack, "activate", make)


def _counters_conjured(stack, run):
    """A cost that removes counters is paid by a permanent without them: the missing counters are
    taken from nothing (118.3 not checked)."""
    def before(o, ab):
        for kind, n in ab.remove_counters:
            if o.counters.get(kind, 0) < n:
                o.counters[kind] = n
    _wrap_activate(stack, before, lambda o, ab, saved: None)


def _counters_not_removed(stack, run):
    """A cost that removes counters is accepted, but the counters stay on the permanent."""
    def before(o, ab):
        return {kind: o.counters.get(kind, 0) for kind, _ in ab.remove_counters}

    def after(o, ab, saved):
        for kind, n in (saved or {}).items():
            if n:
                o.counters[kind] = n
    _wrap_activate(stack, before, after)


def _poison_never_loses(stack, run):
    """State-based actions ignore poison counters: ten or more don't make a player lose (704.5c)."""
    from . import locate

    def make(sba):
        def faulty(game):
            saved = {name: p.counters.pop("poison") for name, p in game.players.items() if "poison" in p.counters}
            try:
                sba(game)
            finally:
                for name, n in saved.items():
                    game.players[name].counters["poison"] = n
        return faulty
    locate.patch(stack, "state_based_actions", make)


def _graveyard_triggers_only_for_creatures(stack, run):
    """"When this artifact is put into a graveyard from the battlefield" triggers only for creatures."""
    def make(matches):
        def faulty(self, src, left):
            card = getattr(left.lki, "card", None)
            return matches(self, src, left) and card is not None and "Creature" in card.types
        return faulty
    wrap_attr(stack, LeavesBattlefield, "matches", make)


def _mana_sacrifice_skipped(stack, run):
    """A mana ability's "Sacrifice this artifact" cost is not paid: the source stays."""
    wrap_attr(stack, ManaAbility, "sacrifice_self", lambda default: property(lambda self: False))


def _restriction_counts_from_the_permanent(stack, run):
    """"Can't be the target of spells or abilities your opponents control" is read like hexproof:
    "your" becomes the permanent's controller, not the controller of the effect (Vines of Vastwood)."""
    from . import locate

    def make(_original):
        def faulty(self, ctx):
            game = ctx.game
            for oid in self.what(ctx):
                o = game.objs.get(oid) if isinstance(oid, int) else None
                if o is not None and o.zone == "battlefield":
                    game.restrictions = game.restrictions + (("target", o.oid, o.moves, o.controller),)
        return faulty
    locate.patch_method(stack, "CantBeTargetedByOpponentsThisTurn", "apply", make)


def _undying_returns_under_its_controller(stack, run):
    """Undying returns the card under the control of the trigger's controller (the player who
    controlled the creature as it died), not its owner's."""
    from . import locate

    zones = locate.module_of("ReturnLeftWithCounter")

    def make(apply):
        def faulty(self, ctx):
            apply(self, ctx)
            left = zones._left(ctx)
            o = ctx.game.objs.get(left.oid) if left is not None else None
            if o is not None and o.zone == "battlefield":
                o.controller = ctx.controller
        return faulty
    locate.patch_method(stack, "ReturnLeftWithCounter", "apply", make)


def _control_never_reverts(stack, run):
    """"Gain control of target creature until end of turn" lasts forever: the change is not recorded
    for the cleanup step to end it."""
    from . import locate

    def make(apply):
        def faulty(self, ctx):
            before = ctx.game.control_eot
            apply(self, ctx)
            ctx.game.control_eot = before
        return faulty
    locate.patch_method(stack, "GainControlUntilEndOfTurn", "apply", make)


def _its_controller_is_the_owner(stack, run):
    """"Its controller" of a permanent the effect has just exiled is read from the card in exile,
    whose controller is its owner, not from the permanent as it last existed (608.2h)."""
    from . import locate

    def make(_call):
        def faulty(self, ctx):
            out = []
            for oid in self.of(ctx):
                o = ctx.game.objs.get(oid) if isinstance(oid, int) else None
                if o is not None and o.controller not in out:
                    out.append(o.controller)
            return out
        return faulty
    locate.patch_method(stack, "ControllerOf", "__call__", make)


def _attacks_alone(stack, run):
    """"Can't attack alone" is not checked: a Bonded Construct attacks by itself (506.5, 508.1c)."""
    from . import locate

    combat = locate.module_of("declare_attackers")

    class _Never:
        pass
    stack.enter_context(mock.patch.object(combat, "CantAttackAlone", _Never))


def _control_given_until_end_of_turn(stack, run):
    """"Target opponent gains control of this artifact" (no duration) is treated as lasting until end
    of turn: the control goes back in the cleanup step."""
    from . import locate

    def make(apply):
        def faulty(self, ctx):
            game = ctx.game
            before = {o.oid: o.controller for o in (game.objs[i] for i in self.what(ctx) if i in game.objs)}
            apply(self, ctx)
            for oid, previous in before.items():
                o = game.objs[oid]
                if o.controller != previous:
                    game.control_eot = game.control_eot + ((oid, o.moves, previous),)
        return faulty
    locate.patch_method(stack, "GainsControl", "apply", make)


def _cant_pay_ignored(stack, run):
    """"Players can't pay life or sacrifice creatures to cast spells or activate abilities" is not
    checked: the costs are paid as usual (101.2)."""
    from . import locate

    module = locate.module_of("life_and_creature_sacrifice_forbidden")
    stack.enter_context(mock.patch.object(module, "life_and_creature_sacrifice_forbidden", lambda game: False))


def _not_your_turn_ignored(stack, run):
    """"As long as it's not your turn, ..." grants its keyword in its controller's turn too."""
    from reference_impl.rules.abilities import KeywordGrant

    def make(grant_for):
        def faulty(self, game, src, o):
            if not self.not_your_turn:
                return grant_for(self, game, src, o)
            active, game.active = game.active, None
            try:
                return grant_for(self, game, src, o)
            finally:
                game.active = active
        return faulty
    wrap_attr(stack, KeywordGrant, "grant_for", make)


def _turn_condition_ignored(stack, run):
    """Angry Mob's power and toughness count the opposing Swamps in every turn (the "as long as it's
    your turn" condition of its characteristic-defining ability is ignored)."""
    from reference_impl.rules.layers import DefinesPTByTurn

    def make(_defines):
        def faulty(self, game, src):
            n = self.base + self.count.count(game, src.controller, src)
            return n, n
        return faulty
    wrap_attr(stack, DefinesPTByTurn, "defines_pt", make)


def _last_known_power_printed(stack, run):
    """The power of a creature that has left the battlefield is read from its printed power and
    counters, not as it last existed (608.2h): its characteristic-defining ability and boosts are lost."""
    from reference_impl.state.game import Obj

    wrap_attr(stack, Obj, "left_pt", lambda default: property(lambda self: None, lambda self, value: None))


def _discard_cost_skipped(stack, run):
    """"Discard another card named [this card]" is not paid: the ability is activated without it."""
    from reference_impl.rules.abilities import ActivatedAbility

    wrap_attr(stack, ActivatedAbility, "discard_another_named", lambda default: property(lambda self: False))


def _prevention_to_an_object_ignored(stack, run):
    """"Prevent all damage that would be dealt to target creature this turn" prevents nothing."""
    from . import locate

    locate.patch_method(stack, "PreventAllDamageToThisTurnOf", "apply", lambda _original: lambda self, ctx: None)


def _enchanted_gets_no_keywords(stack, run):
    """"Enchanted creature has <keyword>" grants nothing: the Aura's keywords don't reach its creature."""
    from reference_impl.rules.abilities import EnchantedGets

    wrap_attr(stack, EnchantedGets, "grant_for", lambda _original: lambda self, game, src, o: ())


_TREASON = {"alice": {"hand": cards(("Act of Treason", "treason")), "mana": "{R}{R}{R}"},
            "bob": {"battlefield": cards(("Vorapede", "vora")), "library": cards(("Island", "bobdraw"))}}

_TRIGON = {"card": "Trigon of Corruption", "label": "trigon"}
_FALLEN_ATTACKS = [{"declare_attackers": {"attackers": [{"card": "fallen", "attacks": "bob"}]}},
                   {"declare_blockers": {"blockers": []}}, {"advance": {"to": "end_of_combat"}}]

FAULTS = [
    Fault("counter_cost_paid_without_counters", "118.3",
          "a cost that removes counters from a permanent is paid by one without those counters (designed)",
          _counters_conjured,
          case({"alice": {"battlefield": [_TRIGON], "mana": "{C}{C}"},
                "bob": {"battlefield": cards(("Coral Merfolk", "merfolk"))}},
               [{"activate": {"card": "trigon", "ability": 1, "targets": ["merfolk"], "pay": "{C}{C}"}}])),
    Fault("counter_cost_removes_nothing", "602.2b",
          "a cost that removes counters is accepted but the counters stay on the permanent (designed)",
          _counters_not_removed,
          case({"alice": {"battlefield": [dict(_TRIGON, counters={"charge": 1})], "mana": "{C}{C}"},
                "bob": {"battlefield": cards(("Coral Merfolk", "merfolk"))}},
               [{"activate": {"card": "trigon", "ability": 1, "targets": ["merfolk"], "pay": "{C}{C}"}}])),
    Fault("wither_ignored", "702.80a",
          "damage from a source with wither is marked on creatures like any damage (designed)",
          _without_keyword("wither", "source_has_keyword"),
          case({"alice": {"battlefield": cards(("Duergar Cave-Guard", "guard"))},
                "bob": {"battlefield": cards(("Grizzly Bears", "bears"))}},
               [{"declare_attackers": {"attackers": [{"card": "guard", "attacks": "bob"}]}},
                {"declare_blockers": {"blockers": [{"card": "bears", "blocks": "guard"}]}},
                {"advance": {"to": "end_of_combat"}}])),
    Fault("infect_ignored", "702.90b",
          "damage from a source with infect makes players lose life and is marked on creatures (designed)",
          _without_keyword("infect", "source_has_keyword"),
          case({"alice": {"battlefield": cards(("Tel-Jilad Fallen", "fallen"))}}, _FALLEN_ATTACKS)),
    Fault("poison_counters_never_lose", "704.5c",
          "a player with ten or more poison counters doesn't lose the game (designed)",
          _poison_never_loses,
          case({"alice": {"battlefield": cards(("Tel-Jilad Fallen", "fallen"))}, "bob": {"counters": {"poison": 8}}},
               _FALLEN_ATTACKS)),
    Fault("opponents_restriction_read_as_hexproof", "608.2b",
          "\"can't be the target of spells or abilities your opponents control\" counts the opponents of the "
          "permanent's controller, not of the effect's (designed)",
          _restriction_counts_from_the_permanent,
          case({"alice": {"battlefield": cards(("Silvercoat Lion", "lion")), "hand": cards(("Shock", "ashock")),
                          "mana": "{R}"},
                "bob": {"hand": cards(("Vines of Vastwood", "vines")), "mana": "{G}"}},
               [{"cast": {"card": "vines", "by": "bob", "kicks": 0, "targets": ["lion"], "pay": "{G}"}},
                {"resolve": {}}, {"cast": {"card": "ashock", "targets": ["lion"], "pay": "{R}"}}])),
    Fault("undying_returns_under_its_controller", "702.93a",
          "undying returns the card under the control of the player who controlled it as it died (designed)",
          _undying_returns_under_its_controller,
          case({"alice": {"hand": cards(("Act of Treason", "treason"), ("Doom Blade", "blade")),
                          "mana": "{R}{R}{R}{B}{B}"},
                "bob": {"battlefield": cards(("Vorapede", "vora"))}},
               [{"cast": {"card": "treason", "targets": ["vora"], "pay": "{R}{R}{R}"}}, {"resolve": {}},
                {"cast": {"card": "blade", "targets": ["vora"], "pay": "{B}{B}"}}, {"resolve": {}},
                {"resolve": {}}])),
    Fault("control_until_end_of_turn_never_ends", "611.2a",
          "control gained \"until end of turn\" is kept after the turn ends (designed)",
          _control_never_reverts,
          case(_TREASON, [{"cast": {"card": "treason", "targets": ["vora"], "pay": "{R}{R}{R}"}}, {"resolve": {}},
                          {"advance": {"turn": "next", "to": "upkeep"}}])),
    Fault("its_controller_read_after_it_left", "608.2h",
          "\"its controller\" of a permanent exiled by the effect is its owner, not its controller as it last "
          "existed (designed)",
          _its_controller_is_the_owner,
          case({"alice": {"hand": cards(("Act of Treason", "treason"), ("Path to Exile", "path")),
                          "library": cards(("Forest", "forest")), "mana": "{R}{R}{R}{W}"},
                "bob": {"battlefield": cards(("Serra Angel", "angel")), "library": cards(("Island", "island"))}},
               [{"cast": {"card": "treason", "targets": ["angel"], "pay": "{R}{R}{R}"}}, {"resolve": {}},
                {"cast": {"card": "path", "targets": ["angel"], "pay": "{W}"}}, {"resolve": {}}])),
    Fault("cant_attack_alone_ignored", "508.1c",
          "a creature that can't attack alone may be declared as the only attacker (designed)",
          _attacks_alone,
          case({"alice": {"battlefield": cards(("Bonded Construct", "construct"))}},
               [{"declare_attackers": {"attackers": [{"card": "construct", "attacks": "bob"}]}}])),
    Fault("control_without_duration_ends_with_the_turn", "611.2a",
          "a control change that states no duration ends in the cleanup step like an \"until end of turn\" one "
          "(designed)",
          _control_given_until_end_of_turn,
          case({"alice": {"battlefield": cards(("Jinxed Ring", "ring"), ("Bonded Construct", "c1"))},
                "bob": {"library": cards(("Island", "bobdraw"))}},
               [{"activate": {"card": "ring", "targets": ["bob"], "choices": {"sacrifice_cost": ["c1"]}}},
                {"pass_until_empty": {}}, {"advance": {"turn": "next", "to": "main1"}}])),
    Fault("cant_pay_life_or_sacrifice_ignored", "101.2",
          "under \"players can't pay life or sacrifice creatures\" a creature is sacrificed to pay a cost (designed)",
          _cant_pay_ignored,
          case({"alice": {"battlefield": cards(("Angel of Jubilation", "angel"), ("Corpse Traders", "traders"),
                                               ("Grizzly Bears", "bears")), "mana": "{B}{C}{C}"},
                "bob": {"hand": cards(("Island", "bisland"))}},
               [{"activate": {"card": "traders", "targets": ["bob"], "pay": "{B}{C}{C}",
                              "choices": {"sacrifice_cost": ["bears"]}}}])),
    Fault("not_your_turn_condition_ignored", "611.3a",
          "\"as long as it's not your turn\" is ignored: the keyword is granted in its controller's turn too "
          "(designed)",
          _not_your_turn_ignored,
          case({"alice": {"battlefield": [{"card": "Oak Street Innkeeper", "label": "innkeeper", "tapped": True}],
                          "hand": cards(("Lightning Bolt", "bolt")), "mana": "{R}"}},
               [{"cast": {"card": "bolt", "targets": ["innkeeper"], "pay": "{R}"}}])),
    Fault("turn_condition_of_a_cda_ignored", "208.2a",
          "\"as long as it's your turn\" in a characteristic-defining ability is ignored (designed)",
          _turn_condition_ignored,
          case({"alice": {"battlefield": cards(("Angry Mob", "mob"))},
                "bob": {"battlefield": cards(("Swamp", "s1")), "library": cards(("Island", "bobdraw"))}},
               [{"advance": {"turn": "next", "to": "main1"}}])),
    Fault("last_known_power_is_printed", "608.2h",
          "the power of a creature that left the battlefield is its printed power plus counters (designed)",
          _last_known_power_printed,
          case({"alice": {"battlefield": cards(("Angry Mob", "mob")), "hand": cards(("Swords to Plowshares", "swords")),
                          "mana": "{W}"},
                "bob": {"battlefield": cards(("Swamp", "s1"))}},
               [{"cast": {"card": "swords", "targets": ["mob"], "pay": "{W}"}}, {"resolve": {}}])),
    Fault("grandeur_discard_not_paid", "118.3",
          "\"Discard another card named [this card]\" is not paid: the ability is activated without it (designed)",
          _discard_cost_skipped,
          case({"bob": {"battlefield": cards(("Oriss, Samite Guardian", "oriss")),
                        "hand": cards(("Oriss, Samite Guardian", "oriss2"))}},
               [{"activate": {"card": "oriss", "ability": 1, "targets": ["alice"]}}])),
    Fault("prevention_for_a_target_creature_ignored", "615.1",
          "\"prevent all damage that would be dealt to target creature this turn\" prevents nothing (designed)",
          _prevention_to_an_object_ignored,
          case({"alice": {"hand": cards(("Lightning Bolt", "bolt")), "mana": "{R}"},
                "bob": {"battlefield": cards(("Oriss, Samite Guardian", "oriss"))}},
               [{"cast": {"card": "bolt", "targets": ["oriss"], "pay": "{R}"}},
                {"activate": {"card": "oriss", "targets": ["oriss"]}}, {"pass_until_empty": {}}])),
    Fault("aura_keywords_not_granted", "303.4b",
          "\"Enchanted creature has lifelink\" gives the enchanted creature nothing (designed)",
          _enchanted_gets_no_keywords,
          case({"alice": {"battlefield": cards(("Runeclaw Bear", "bear")), "hand": cards(("Lifelink", "aura")),
                          "mana": "{W}"}},
               [{"cast": {"card": "aura", "targets": ["bear"], "pay": "{W}"}}, {"resolve": {}}])),
    Fault("graveyard_triggers_only_for_creatures", "603.6c",
          "\"put into a graveyard from the battlefield\" abilities of noncreature permanents never trigger (designed)",
          _graveyard_triggers_only_for_creatures,
          case({"alice": {"battlefield": cards(("Chromatic Star", "star")), "mana": "{C}",
                          "library": cards(("Island", "lib1"))}},
               [{"tap_for_mana": {"permanents": ["star"], "color": "U"}}])),
    Fault("mana_ability_sacrifice_skipped", "701.21a",
          "a mana ability's \"Sacrifice this artifact\" cost is not paid: the artifact stays (designed)",
          _mana_sacrifice_skipped,
          case({"alice": {"battlefield": cards(("Chromatic Star", "star")), "mana": "{C}",
                          "library": cards(("Island", "lib1"))}},
               [{"tap_for_mana": {"permanents": ["star"], "color": "U"}}])),
]

# fault -> the claims it drops (merged into claims.DROPS)
DROPS: dict[str, tuple[str, ...]] = {
    "counter_cost_paid_without_counters": (COST,),
    "counter_cost_removes_nothing": (COST,),
    "wither_ignored": (WITHER,),
    "infect_ignored": (POISON, INFECT_CREATURE),
    "poison_counters_never_lose": (POISON,),
    "graveyard_triggers_only_for_creatures": (GRAVEYARD,),
    "mana_ability_sacrifice_skipped": (GRAVEYARD,),
    "opponents_restriction_read_as_hexproof": (VINES,),
    "undying_returns_under_its_controller": (OWNER,),
    "control_until_end_of_turn_never_ends": (CONTROL,),
    "its_controller_read_after_it_left": (LAST_CONTROLLER,),
    "cant_attack_alone_ignored": (ALONE,),
    "control_without_duration_ends_with_the_turn": (NO_DURATION,),
    "cant_pay_life_or_sacrifice_ignored": (CANT_PAY,),
    "not_your_turn_condition_ignored": (NOT_LOCKED,),
    "turn_condition_of_a_cda_ignored": (BY_TURN,),
    "last_known_power_is_printed": (BY_TURN,),
    "grandeur_discard_not_paid": (GRANDEUR,),
    "prevention_for_a_target_creature_ignored": (THIS_TURN,),
    "aura_keywords_not_granted": (ENCHANTED,),
}
