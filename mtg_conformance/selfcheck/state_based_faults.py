"""Faulty engines for state-based actions (704.5: life, an empty library, toughness, lethal damage,
Auras, the legend rule) and for destruction (701.8), indestructible (702.12) and regeneration
(701.19).

The legend rule (704.5j) has one fault per way it can be broken: whose permanents it
compares (each player's own, not everyone's, the rule before the 2013 change), how many stay
(one: the 2004-2013 rule put all of them into the graveyard), what it compares (the name, not
just the supertype) and which name (the copiable one: a Clone of a legend is that legend, 707.2).

Those four are designed (no report). One more does what Wagic did before its PR 643: its legend
rule "buried" the extra legends (destroyed them), so indestructible ones all stayed. phase.rs #685
(nonlegendary token copies) is faulted with the copy exceptions it concerns, in
permanent_copy_faults.py.
"""

from __future__ import annotations

from unittest import mock

from . import locate
from .fault import Fault, cards, case
from .fault_parts import BEARS, BEARS_NAME, FALLEN_ATTACKS, keyword_instances, keyword_never_found, swap_method
from .patching import keep_field

WAGIC = "https://github.com/WagicProject/wagic"


def _legend_rule(key, keep_one: bool = True):
    """The legend rule grouping legendary permanents by `key(o)`; with keep_one False every
    member of a group of two or more goes."""
    def install(stack, run):
        def make(_original):
            def faulty(game) -> bool:
                groups: dict = {}
                for oid in game.battlefield:
                    o = game.objs[oid]
                    if "Legendary" in o.card.supertypes:
                        groups.setdefault(key(o), []).append(o)
                losers = [o for group in groups.values() if len(group) > 1
                          for o in (group[1:] if keep_one else group)]
                for o in losers:
                    game.move(o, "graveyard")
                return bool(losers)
            return faulty
        locate.patch(stack, "_legend_rule", make)
    return install


def _legend_rule_destroys(stack, run):
    """The legend rule destroys the extra legends instead of putting them into the graveyard, so
    an indestructible one stays (Wagic before PR 643: "bury is destroy without regenerate")."""
    destroy = vars(locate.module_of("_legend_rule"))["destroy"]  # 701.8, honouring 702.12b

    def make(_original):
        def faulty(game) -> bool:
            seen, moved = set(), False
            for oid in list(game.battlefield):
                o = game.objs[oid]
                if "Legendary" in o.card.supertypes:
                    key = (o.controller, o.card.name)
                    if key in seen:
                        destroy(game, o)
                        moved |= o.zone != "battlefield"
                    seen.add(key)
            return moved
        return faulty
    locate.patch(stack, "_legend_rule", make)


_ISAMARU = "Isamaru, Hound of Konda"
_ZETALPA = "Zetalpa, Primal Dawn"

FAULTS = [
    Fault("legend_rule_across_controllers", "704.5j",
          "the legend rule compares every player's legendary permanents, so alice's Isamaru goes to "
          "her graveyard when bob controls one too",
          _legend_rule(lambda o: o.card.name),
          case({"alice": {"hand": cards((_ISAMARU, "mine")), "mana": "{W}"},
                "bob": {"battlefield": cards((_ISAMARU, "theirs"))}},
               [{"cast": {"card": "mine", "pay": "{W}"}}, {"resolve": {}}])),
    Fault("legend_rule_keeps_none", "704.5j",
          "two legendary permanents with the same name and controller both go to the graveyard "
          "(the rule of 2004-2013), instead of all but the one their controller chooses",
          _legend_rule(lambda o: (o.controller, o.card.name), keep_one=False),
          case({"alice": {"battlefield": cards((_ISAMARU, "first")), "hand": cards((_ISAMARU, "second")),
                          "mana": "{W}"}},
               [{"cast": {"card": "second", "pay": "{W}"}}, {"resolve": {}}])),
    Fault("legend_rule_ignores_names", "704.5j",
          "the legend rule keeps one legendary permanent per controller, whatever their names",
          _legend_rule(lambda o: o.controller),
          case({"alice": {"battlefield": cards((_ISAMARU, "isamaru")),
                          "hand": cards(("Thalia, Guardian of Thraben", "thalia")), "mana": "{W}{C}"}},
               [{"cast": {"card": "thalia", "pay": "{W}{C}"}}, {"resolve": {}}])),
    Fault("legend_rule_reads_printed_names", "704.5j",
          "the legend rule compares the cards' printed names and supertypes, so a Clone that copies "
          "its controller's legend stays beside it (707.2: the copy has the legend's name)",
          _legend_rule(lambda o: (o.controller, o.printed.name) if "Legendary" in o.printed.supertypes
                       else (o.controller, o.oid)),
          case({"alice": {"battlefield": cards((_ISAMARU, "isamaru")), "hand": cards(("Clone", "clone")),
                          "mana": "{U}{U}{U}{U}"}},
               [{"cast": {"card": "clone", "pay": "{U}{U}{U}{U}"}},
                {"resolve": {"choices": {"clone": "isamaru"}}}])),
    Fault("legend_rule_destroys", "704.5j",
          "the legend rule destroys the extra legendary permanents instead of putting them into their "
          "owners' graveyards, so a second indestructible Zetalpa, Primal Dawn stays",
          _legend_rule_destroys,
          case({"alice": {"battlefield": cards((_ZETALPA, "first")), "hand": cards((_ZETALPA, "second")),
                          "mana": "{W}{W}{C}{C}{C}{C}{C}{C}"}},
               [{"cast": {"card": "second", "pay": "{W}{W}{C}{C}{C}{C}{C}{C}"}}, {"resolve": {}}]),
          report=f"{WAGIC}/pull/643"),
]


# -- more faults of this area: claims no other fault dropped (issue #30) and the rules of the
# -- Wagic and XMage peer tests (spec/rules/peer-tests-*.yaml)


def _sba(after):
    def install(stack, run):
        def make(sba):
            def faulty(game):
                sba(game)
                after(game)
            return faulty
        locate.patch(stack, "state_based_actions", make)
    return install


def _zero_life_survives(game):
    if game.lost:
        game.lost = tuple(p for p in game.lost if game.players[p].life != 0)


def _draw_from_empty_library_is_harmless(stack, run):
    """Drawing from an empty library loses nobody the game (704.5b): the loss is never recorded."""
    keep_field(stack, "draw", "lost")


def _damage_must_exceed_toughness(stack, run):
    def make(find):
        def faulty(game, battlefield, sources, deathtouched, dying, *rest):
            lowered = []
            for oid in battlefield:
                o = game.objs[oid]
                if o.damage and oid not in deathtouched:
                    o.damage -= 1
                    lowered.append(o)
            try:
                return find(game, battlefield, sources, deathtouched, dying, *rest)
            finally:
                for o in lowered:
                    o.damage += 1
        return faulty
    locate.patch(stack, "_find_dying", make)


def _damage_replaces_damage(stack, run):
    """Damage dealt to a creature replaces the damage already marked on it instead of adding up."""
    def make(deal):
        def faulty(game, source, ref, amount, *a, **k):
            o = game.objs.get(ref) if isinstance(ref, int) else None
            if o is not None and o.zone == "battlefield" and amount > 0:
                o.damage = 0
            return deal(game, source, ref, amount, *a, **k)
        return faulty
    locate.patch(stack, "deal_damage", make)


def _destroy(change):
    def install(stack, run):
        actions = locate.module_of("state_based_actions")  # the rules' destroy (701.8a)
        destroy = actions.destroy
        stack.enter_context(mock.patch.object(actions, "destroy", lambda game, o: change(destroy, game, o)))
    return install


def _destroy_indestructible(destroy, game, o):
    if o.zone == "battlefield":
        game.move(o, "graveyard")


def _destroy_into_exile(destroy, game, o):
    has_keyword = locate.obj("has_keyword")
    if o.zone == "battlefield" and not has_keyword(o, "indestructible", game):
        game.move(o, "exile")


def _indestructible_dies_to_damage(stack, run):
    """The lethal-damage check (704.5g) doesn't see indestructible; destroy effects still do."""
    actions = locate.module_of("_find_dying")
    has_keyword = locate.obj("has_keyword")

    def blind(o, kw, game=None):
        return False if kw == "indestructible" else has_keyword(o, kw, game)

    def make(find):
        def faulty(*args):
            with mock.patch.object(actions, "has_keyword", blind):
                return find(*args)
        return faulty
    locate.patch(stack, "_find_dying", make)


MURDER_MYR = case({"alice": {"hand": cards(("Murder", "murder")), "mana": "{B}{B}{B}"},
                   "bob": {"battlefield": cards(("Darksteel Myr", "myr"))}},
                  [{"cast": {"card": "murder", "targets": ["myr"], "pay": "{B}{B}{B}"}}, {"resolve": {}}])


BOLT = [{"cast": {"card": "bolt", "targets": ["bob"], "pay": "{R}"}}, {"resolve": {}}]


def _lethal_needs_more_than_toughness(stack, run):
    """A creature is destroyed only when the damage marked on it exceeds its toughness."""
    def make(sba):
        def faulty(game):
            lowered = [game.objs[oid] for oid in game.battlefield if game.objs[oid].damage > 0]
            for o in lowered:
                o.damage -= 1
            try:
                sba(game)
            finally:
                for o in lowered:
                    if o.zone == "battlefield":
                        o.damage += 1
        return faulty
    locate.patch(stack, "state_based_actions", make)


def _indestructible_skips_every_death(stack, run):
    """An indestructible creature is never put into the graveyard by a state-based action, not even
    at toughness 0 (704.5f is not destruction)."""
    has_keyword = locate.obj("has_keyword")

    def make(sba):
        def faulty(game):
            kept = [oid for oid in game.battlefield if has_keyword(game.objs[oid], "indestructible", game)]
            for oid in kept:
                game.battlefield.remove(oid)
            try:
                sba(game)
            finally:
                for oid in kept:
                    if oid not in game.battlefield:
                        game.battlefield.append(oid)
        return faulty
    locate.patch(stack, "state_based_actions", make)


def _destroyed_permanents_exiled(stack, run):
    """Destroying a permanent exiles it instead of putting it into its owner's graveyard (701.8a)."""
    module = locate.module_of("state_based_actions")
    destroy = vars(module)["destroy"]

    def faulty(game, o, *args, **kwargs):
        result = destroy(game, o, *args, **kwargs)
        if o.zone == "graveyard":
            game.move(o, "exile")
        return result
    stack.enter_context(mock.patch.object(module, "destroy", faulty))


def _auras_stay_when_their_creature_leaves(stack, run):
    """An Aura whose creature left the battlefield stays on the battlefield, attached to nothing
    (704.5m not applied)."""
    module = locate.module_of("state_based_actions")

    def still_attached(game, aura):  # the object it was attached to, wherever it went (400.7 ignored)
        return game.objs.get(aura.attached[0]) if type(aura.attached) is tuple else None
    stack.enter_context(mock.patch.object(module, "enchanted_object", still_attached))


def _regenerated_stays_in_combat(stack, run):
    """A regenerated creature is tapped and its damage removed but it stays in combat (701.19a)."""
    def make(_original):
        def faulty(game, o):
            key = (o.oid, o.moves)
            if key not in game.regen_shields or key in game.no_regen:
                return False
            shields = list(game.regen_shields)
            shields.remove(key)
            game.regen_shields = tuple(shields)
            o.damage, o.tapped = 0, True
            return True
        return faulty
    locate.patch(stack, "regenerated", make)


def _cant_be_regenerated_ignored(stack, run):
    """"It can't be regenerated this turn" does nothing: a shield still saves it (701.19c)."""
    locate.patch_method(stack, "CantBeRegeneratedThisTurn", "apply", lambda _original: lambda self, ctx: None)


FAULTS += [
    Fault("zero_life_is_not_a_loss", "704.5a",
          "(designed) a player at exactly 0 life doesn't lose the game (only less than 0 loses)",
          _sba(_zero_life_survives),
          case({"alice": {"hand": cards(("Lightning Bolt", "bolt")), "mana": "{R}"}, "bob": {"life": 3}}, BOLT)),
    Fault("drawing_from_an_empty_library_is_harmless", "704.5b",
          "(designed) a player who attempts to draw from an empty library doesn't lose the game",
          _draw_from_empty_library_is_harmless,
          case({"alice": {"hand": cards(("Deep Analysis", "da")), "mana": "{U}{U}{U}{U}"},
                "bob": {"library": cards(BEARS)}},
               [{"cast": {"card": "da", "targets": ["bob"], "pay": "{U}{U}{U}{U}"}}, {"resolve": {}}])),
    Fault("damage_equal_to_toughness_is_not_lethal", "704.5g",
          "(designed) a creature is destroyed only by damage greater than its toughness, not equal to it",
          _damage_must_exceed_toughness,
          case({"alice": {"hand": cards(("Lightning Bolt", "bolt")), "mana": "{R}"},
                "bob": {"battlefield": cards(("Hill Giant", "giant"))}},
               [{"cast": {"card": "bolt", "targets": ["giant"], "pay": "{R}"}}, {"resolve": {}}])),
    Fault("damage_marked_does_not_add_up", "704.5g",
          "(designed) damage dealt to a creature replaces the damage already marked on it instead of "
          "adding to it",
          _damage_replaces_damage,
          case({"alice": {"hand": cards(("Lightning Bolt", "b1"), ("Lightning Bolt", "b2")), "mana": "{R}{R}"},
                "bob": {"battlefield": cards(("Serra Angel", "angel"))}},
               [{"cast": {"card": "b1", "targets": ["angel"], "pay": "{R}"}}, {"resolve": {}},
                {"cast": {"card": "b2", "targets": ["angel"], "pay": "{R}"}}, {"resolve": {}}])),
    Fault("indestructible_is_destroyed", "702.12b",
          "(designed) a destroy effect (Murder, Wrath of God) destroys a permanent with indestructible",
          _destroy(_destroy_indestructible), MURDER_MYR),
    Fault("indestructible_dies_to_lethal_damage", "702.12b",
          "(designed) a creature with indestructible is destroyed by lethal damage (704.5g)",
          _indestructible_dies_to_damage,
          case({"alice": {"hand": cards(("Shock", "shock")), "mana": "{R}"},
                "bob": {"battlefield": cards(("Darksteel Myr", "myr"))}},
               [{"cast": {"card": "shock", "targets": ["myr"], "pay": "{R}"}}, {"resolve": {}}])),
    Fault("destroyed_permanent_is_exiled", "701.8a",
          "(designed) a destroyed permanent is exiled instead of put into its owner's graveyard",
          _destroy(_destroy_into_exile),
          case({"alice": {"hand": cards(("Murder", "murder")), "mana": "{B}{B}{B}"},
                "bob": {"battlefield": cards(BEARS)}},
               [{"cast": {"card": "murder", "targets": ["bears"], "pay": "{B}{B}{B}"}}, {"resolve": {}}])),
    Fault("indestructible_ignored", "702.12b", "an indestructible creature dealt lethal damage is destroyed",
          keyword_never_found("indestructible", "has_keyword", where="state_based_actions"),
          case({"alice": {"battlefield": cards(("Darksteel Myr", "myr"))},
                "bob": {"battlefield": cards(("Runeclaw Bear", "bear"))}},
               [{"declare_attackers": {"attackers": [{"card": "myr"}]}},
                {"declare_blockers": {"blockers": [{"card": "bear", "blocks": "myr"}]}},
                {"advance": {"to": "end_of_combat"}}])),
    Fault("indestructible_survives_zero_toughness", "704.5f",
          "an indestructible creature at toughness 0 stays on the battlefield (as if 704.5f destroyed it)",
          _indestructible_skips_every_death,
          case({"alice": {"battlefield": cards(("Darksteel Myr", "myr")), "hand": cards(("Last Gasp", "gasp")),
                          "mana": "{B}{B}"}},
               [{"cast": {"card": "gasp", "targets": ["myr"], "pay": "{B}{B}"}}, {"resolve": {}}])),
    Fault("lethal_damage_must_exceed_toughness", "704.5g", "a creature is destroyed only by damage greater "
          "than its toughness, not equal to it", _lethal_needs_more_than_toughness,
          case({"alice": {"hand": cards(("Shock", "shock")), "mana": "{R}"},
                "bob": {"battlefield": cards((BEARS_NAME, "bears"))}},
               [{"cast": {"card": "shock", "targets": ["bears"], "pay": "{R}"}}, {"resolve": {}}])),
    Fault("destroyed_permanents_exiled", "701.8a", "a destroyed permanent is exiled instead of put into its "
          "owner's graveyard", _destroyed_permanents_exiled,
          case({"alice": {"hand": cards(("Terror", "terror")), "mana": "{B}{B}"},
                "bob": {"battlefield": cards((BEARS_NAME, "bears"))}},
               [{"cast": {"card": "terror", "targets": ["bears"], "pay": "{B}{B}"}}, {"resolve": {}}])),
    Fault("auras_stay_when_their_creature_leaves", "704.5m", "an Aura whose creature left the battlefield stays "
          "on the battlefield", _auras_stay_when_their_creature_leaves,
          case({"alice": {"battlefield": cards(("Llanowar Elves", "elves")),
                          "hand": cards(("Rancor", "rancor"), ("Shock", "shock")), "mana": "{G}{R}"}},
               [{"cast": {"card": "rancor", "targets": ["elves"], "pay": "{G}"}}, {"resolve": {}},
                {"cast": {"card": "shock", "targets": ["elves"], "pay": "{R}"}}, {"pass_until_empty": {}}])),
    Fault("regenerated_stays_in_combat", "701.19a", "a regenerated creature stays in combat (it is only tapped "
          "and its damage removed; the report: a regenerated Skyshroud Troll still dealt its combat damage)",
          _regenerated_stays_in_combat,
          case({"alice": {"battlefield": cards(("Hearthfire Hobgoblin", "hobgoblin"))},
                "bob": {"battlefield": cards(("Drudge Skeletons", "skeletons"), ("Swamp", "swamp"))}},
               [{"declare_attackers": {"attackers": [{"card": "hobgoblin"}]}},
                {"tap_for_mana": {"permanents": ["swamp"]}},
                {"activate": {"card": "skeletons", "pay": "{B}"}}, {"resolve": {}},
                {"declare_blockers": {"blockers": [{"card": "skeletons", "blocks": "hobgoblin"}]}},
                {"advance": {"to": "end_of_combat"}}])),
    Fault("cant_be_regenerated_ignored", "701.19c", "\"can't be regenerated this turn\" does not stop a "
          "regeneration shield", _cant_be_regenerated_ignored,
          case({"alice": {"battlefield": cards(("Child of Gaea", "child")),
                          "hand": cards(("Deathmark", "deathmark"), ("Incinerate", "incinerate")),
                          "mana": "{B}{R}{G}{C}{C}"}},
               [{"cast": {"card": "incinerate", "targets": ["child"], "pay": "{R}{C}"}}, {"resolve": {}},
                {"activate": {"card": "child", "pay": "{G}{C}"}}, {"resolve": {}},
                {"cast": {"card": "deathmark", "targets": ["child"], "pay": "{B}"}}, {"resolve": {}}])),
]


# -- more faults of this area: claims no other fault dropped (issue #30) and the rules of the
# -- Wagic and XMage peer tests (spec/rules/peer-tests-*.yaml)


def _exile_spares_indestructible(apply):
    """An effect that exiles a permanent leaves an indestructible one where it is."""
    def faulty(self, ctx):
        has = locate.obj("has_keyword")
        targets = locate.obj("_objs")(ctx, self.what(ctx))
        for o in targets:
            if o.zone == "battlefield" and not has(o, "indestructible", ctx.game):
                ctx.game.move(o, "exile")
    return faulty


FAULTS += [
    Fault("exile_spares_indestructible", "702.12b",
          "an effect that exiles a permanent doesn't move an indestructible one: Swords to Plowshares leaves "
          "Darksteel Myr on the battlefield (designed)",
          swap_method("Exile", "apply", _exile_spares_indestructible),
          case({"alice": {"hand": cards(("Swords to Plowshares", "swords")), "mana": "{W}"},
                "bob": {"battlefield": cards(("Darksteel Myr", "myr"))}},
               [{"cast": {"card": "swords", "targets": ["myr"]}}, {"resolve": {}}])),
]


# -- more faults of this area: claims no other fault dropped (issue #30) and the rules of the
# -- Wagic and XMage peer tests (spec/rules/peer-tests-*.yaml)


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


FAULTS += [
    Fault("poison_counters_never_lose", "704.5c",
          "a player with ten or more poison counters doesn't lose the game (designed)",
          _poison_never_loses,
          case({"alice": {"battlefield": cards(("Tel-Jilad Fallen", "fallen"))}, "bob": {"counters": {"poison": 8}}},
               FALLEN_ATTACKS)),
]


# ---- 704.5q and the legend rule's deaths, modelled on real reports (issue #30) -----------------

MAGE = "https://github.com/magefree/mage"
PHASE = "https://github.com/phase-rs/phase"
FORGE = "https://github.com/Card-Forge/forge"


def _pairs_of_counters(keep):
    """Wrap state_based_actions: a permanent that had both +1/+1 and -1/-1 counters before it
    and is still the same permanent after it gets back the counters `keep` names."""
    def install(stack, run):
        def make(sba):
            def faulty(game):
                before = {oid: (game.objs[oid].moves, dict(game.objs[oid].counters))
                          for oid in game.battlefield
                          if game.objs[oid].counters.get("+1/+1") and game.objs[oid].counters.get("-1/-1")}
                sba(game)
                for oid, (moves, counters) in before.items():
                    o = game.objs.get(oid)
                    if o is not None and o.zone == "battlefield" and o.moves == moves:
                        for kind in keep:
                            o.counters[kind] = counters[kind]
                        o.counters = {k: v for k, v in o.counters.items() if v > 0}
            return faulty
        locate.patch(stack, "state_based_actions", make)
    return install


def _legend_rule_deaths_unseen(stack, run):
    """The legendary permanents the legend rule puts into the graveyard leave no record for the
    leaves-the-battlefield abilities: nothing sees them die."""
    def make(legend_rule):
        def faulty(game):
            before = game.left
            changed = legend_rule(game)
            game.left = before
            return changed
        return faulty
    locate.patch(stack, "_legend_rule", make)


PAIRS = "state-based-actions/plus-and-minus-counters-are-removed-in-pairs#n-of-each"
_ELITE = {"card": "Safehold Elite", "label": "elite", "counters": {"-1/-1": 1}}
_COUNTERS_MEET = case({"alice": {"battlefield": [_ELITE],
                                 "hand": cards(("Increasing Savagery", "savagery")), "mana": "{G}{G}{C}{C}"}},
                      [{"cast": {"card": "savagery", "targets": ["elite"], "pay": "{G}{G}{C}{C}"}}, {"resolve": {}}])

FAULTS += [
    Fault("plus_and_minus_counters_never_cancel", "704.5q",
          "+1/+1 and -1/-1 counters on one permanent are never removed in pairs: both kinds stay on it",
          _pairs_of_counters(("+1/+1", "-1/-1")), _COUNTERS_MEET,
          report=f"{MAGE}/issues/998"),  # its claims: claims.py (PHASE_PEER_DROPS)
    Fault("minus_counters_removed_alone", "704.5q",
          "when -1/-1 counters meet +1/+1 counters the -1/-1 counters are removed and the +1/+1 counters all stay "
          "(the report: putting -1/-1 counters on a creature with +1/+1 counters removed the -1/-1 counters)",
          _pairs_of_counters(("+1/+1",)), _COUNTERS_MEET,
          report=f"{PHASE}/issues/1510", claims=(PAIRS,)),
    Fault("legend_rule_deaths_trigger_nothing", "704.5j",
          "a legendary permanent the legend rule puts into its owner's graveyard doesn't die for the dies "
          "abilities (the report: Kratos, Stoic Father saw no God die to the legend rule): Blood Artist "
          "doesn't trigger",
          _legend_rule_deaths_unseen,
          case({"alice": {"battlefield": cards(("Blood Artist", "artist"), (_ISAMARU, "first")),
                          "hand": cards((_ISAMARU, "second")), "mana": "{W}"}},
               [{"cast": {"card": "second", "pay": "{W}"}},
                {"pass_until_empty": {"choices": {"trigger_targets": [{"source": "artist", "targets": ["bob"]}]}}}]),
          report=f"{FORGE}/issues/9988", claims=("state-based-actions/the-legend-rule#they-die",)),
]


# -- a claim quoting 704.3, which the 704.5 entries cite (selfcheck/cited_claims.py)

def _checked_once(stack, run):
    """State-based actions are checked once: when the check performed some, it is not repeated,
    so a creature that dies of the others' deaths (Scion of the Wild counts them) stays until the next check."""
    def make(sba):
        busy = []
        def faulty(game):
            if busy:
                return
            busy.append(True)
            try:
                sba(game)
            finally:
                busy.pop()
        return faulty
    locate.patch(stack, "state_based_actions", make)


FAULTS += [
    Fault("state_based_check_not_repeated", "704.3",
          "(designed) the check for state-based actions is not repeated after it performed some: bob's Scion "
          "of the Wild, 1/1 with 1 damage once his Savannah Lions died to Goblin Chainwhirler, stays on the "
          "battlefield",
          _checked_once,
          case({"alice": {"hand": cards(("Goblin Chainwhirler", "chainwhirler")), "mana": "{R}{R}{R}"},
                "bob": {"battlefield": cards(("Savannah Lions", "l1"), ("Savannah Lions", "l2"),
                                             ("Scion of the Wild", "scion"))}},
               [{"cast": {"card": "chainwhirler", "pay": "{R}{R}{R}"}}, {"resolve": {}}, {"resolve": {}}])),
]


# -- a claim quoting 702.12c, which the 702.12b entry cites (selfcheck/cited_claims.py)

def _indestructible_instances_cancel(stack, run):
    """Each instance of indestructible toggles it: a permanent with two instances has none."""
    def make(has_keyword):
        def faulty(o, kw, game=None):
            found = has_keyword(o, kw, game)
            if found and kw == "indestructible" and game is not None and o.zone == "battlefield":
                return keyword_instances(o, game, "indestructible") % 2 == 1
            return found
        return faulty
    locate.patch(stack, "has_keyword", make)


FAULTS += [
    Fault("indestructible_instances_cancel", "702.12c",
          "(designed) two instances of indestructible on one permanent cancel out instead of being redundant: "
          "Heartwood Treefolk made indestructible by each of two Timber Protectors is destroyed by Wrath of God",
          _indestructible_instances_cancel,
          case({"alice": {"battlefield": cards(("Timber Protector", "p1"), ("Timber Protector", "p2"),
                                               ("Heartwood Treefolk", "tree")),
                          "hand": cards(("Wrath of God", "wrath")), "mana": "{W}{W}{C}{C}"}},
               [{"cast": {"card": "wrath", "pay": "{W}{W}{C}{C}"}}, {"resolve": {}}])),
]


# ---- Cited sub-rule 104.2a (the claim quoting it: selfcheck/cited_claims.py) -------------------------

def _a_loss_is_a_draw(stack, run):
    """When a player loses, the game ends as a draw: every player is marked as having lost,
    so the player still in the game doesn't win (104.2a)."""
    def make(state_based_actions):
        def faulty(game):
            state_based_actions(game)
            if game.lost and len(game.lost) < len(game.players):
                game.lost = tuple(game.lost) + tuple(p for p in game.players if p not in game.lost)
        return faulty
    locate.patch(stack, "state_based_actions", make)


FAULTS += [
    Fault("a_loss_ends_the_game_as_a_draw", "104.2a",
          "(designed) a player who loses takes every other player with them, as in a draw: bob at 0 life "
          "loses and alice, the player still in the game, is marked as having lost too instead of winning",
          _a_loss_is_a_draw,
          case({"alice": {"hand": cards(("Lightning Bolt", "bolt")), "mana": "{R}"}, "bob": {"life": 3}},
               [{"cast": {"card": "bolt", "targets": ["bob"], "pay": "{R}"}}, {"resolve": {}}])),
]
