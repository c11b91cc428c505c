"""Faulty engines for "the next time a [quality] source of your choice would deal damage to you
this turn, prevent that damage" (609.7, 609.7a, 615.8, 400.7c). Each drops claims of
spec/rules/chosen-source-prevention.yaml or of the Wagic ports in
spec/rules/peer-tests-wagic-chosen-source.yaml; all are designed (no public report known). They
patch the reference engine's chosen-source helpers by name (reference_impl/rules/prevention.py)
or its cleanup step.
"""

from __future__ import annotations

from . import locate
from .fault import Fault, cards, case
from .patching import wrap_attr

CHOICE = "prevention/a-source-of-your-choice#"
NEXT = "prevention/the-next-time-a-source-would-deal-damage#"
SOURCES = "prevention/choosing-a-source-of-damage#"
FOLLOWS = "prevention/a-permanent-spells-shield-follows-the-permanent#"
WAGIC = "peers-wagic/chosen-source-prevention#"
RECHECK = "prevention/the-shield-rechecks-the-source#"
LASTS = "prevention/shields-last-until-used-up-or-expired#"

CIRCLE = ("Circle of Protection: Red", "circle")


def _bob_circle(*more) -> dict:
    return {"battlefield": cards(CIRCLE, *more), "mana": "{W}"}


def _choose(label: str) -> dict:
    return {"resolve": {"choices": {"damage_source": label}}}


ACTIVATE = {"activate": {"card": "circle", "pay": "{W}"}}


def _color_not_checked(stack, run):
    """The source chosen need not have the quality, and the shield doesn't recheck it."""
    locate.patch(stack, "has_chosen_quality", lambda _original: lambda game, source, quality: True)


def _any_object_chosen(stack, run):
    """Any object can be chosen as a source of damage, a card in a hand or a library too."""
    locate.patch(stack, "damage_source_choices", lambda _original: lambda game: list(game.objs))


def _spells_not_chosen(stack, run):
    """Only permanents can be chosen as a source of damage, not a spell on the stack."""
    def make(original):
        return lambda game: [oid for oid in original(game) if game.objs[oid].zone != "stack"]
    locate.patch(stack, "damage_source_choices", make)


def _not_rechecked(stack, run):
    """The quality is checked only as the source is chosen: a chosen red source turned blue is
    still shielded against."""
    locate.patch(stack, "chosen_source_rechecked", lambda _original: lambda game, source, quality: True)


def _any_source_with_the_quality(stack, run):
    """The shield prevents the next damage from any source with the quality, not only the chosen one."""
    def make(_original):
        has = locate.obj("has_chosen_quality")
        return lambda game, e, source: has(game, source, e[5])
    locate.patch(stack, "chosen_source_applies", make)


def _lost_when_the_spell_resolves(stack, run):
    """The shield follows only the object chosen: once a chosen permanent spell resolves, the
    permanent it became is a new object the shield doesn't know."""
    def make(_original):
        has = locate.obj("has_chosen_quality")
        return lambda game, e, source: source.oid == e[2] and source.moves == e[3] and has(game, source, e[5])
    locate.patch(stack, "chosen_source_applies", make)


def _referred_objects_not_chosen(stack, run):
    """Only permanents and spells can be chosen, not an object a spell or ability on the stack
    refers to (a card in a graveyard it targets)."""
    def make(_original):
        return lambda game: list(game.battlefield) + [s for s in game.stack if isinstance(s, int)]
    locate.patch(stack, "damage_source_choices", make)


def _follows_any_card(stack, run):
    """The shield follows a chosen card into its next zone whatever it was (not only a permanent
    spell into the permanent it becomes): a graveyard card put onto the battlefield keeps it."""
    def make(_original):
        has = locate.obj("has_chosen_quality")
        return lambda game, e, source: (source.oid == e[2] and source.moves in (e[3], e[3] + 1)
                                        and has(game, source, e[5]))
    locate.patch(stack, "chosen_source_applies", make)


def _new_shield_ends_the_others(stack, run):
    """Each new prevention effect made by a resolving spell or ability replaces the ones already
    there instead of joining them."""
    def make(apply):
        def faulty(self, ctx):
            before = len(ctx.game.prevention)
            apply(self, ctx)
            ctx.game.prevention = ctx.game.prevention[before:] or ctx.game.prevention
        return faulty
    for name in ("PreventAllDamageToThisTurn", "PreventAllDamageToThisTurnOf", "PreventNextFromChosenSource"):
        wrap_attr(stack, locate.obj(name), "apply", make)


def _covers_creatures(stack, run):
    """The shield also prevents the chosen source's damage to the player's creatures."""
    def make(_original):
        def protects(game, e, ref):
            if ref == e[1]:
                return True
            o = None if isinstance(ref, str) else game.objs.get(ref)
            return o is not None and o.zone == "battlefield" and o.controller == e[1]
        return protects
    locate.patch(stack, "source_shield_protects", make)


def _only_combat_damage(stack, run):
    """The shield prevents only combat damage from the chosen source."""
    def make(original):
        return lambda game, e, ref: original(game, e, ref) and game.combat_damage
    locate.patch(stack, "source_shield_protects", make)


def _never_used_up(stack, run):
    """The shield prevents every damage event from the source this turn, not only the next."""
    locate.patch(stack, "use_source_shield", lambda _original: lambda game, e, amount: 0)


def _uses_up_every_shield(stack, run):
    """Damage from one chosen source uses up every chosen-source shield, not only its own."""
    def make(original):
        def use(game, e, amount):
            kind = type(e)
            left = original(game, e, amount)
            game.prevention = tuple(x for x in game.prevention if type(x) is not kind)
            return left
        return use
    locate.patch(stack, "use_source_shield", make)


def _prevents_one(stack, run):
    """The shield prevents only 1 of the next damage from the source (as a shield of 1, 615.7)."""
    def make(original):
        return lambda game, e, amount: original(game, e, amount) + amount - 1
    locate.patch(stack, "use_source_shield", make)


def _outlasts_the_turn(stack, run):
    """The cleanup step ends every prevention effect but the chosen-source shields: they last."""
    def make(original):
        def cleanup(game, choices):
            kept = tuple(e for e in game.prevention if e[0] == "chosen-source")
            original(game, choices)
            game.prevention += kept
        return cleanup
    locate.patch(stack, "_cleanup", make)


_PYROMANCER = {"battlefield": cards(("Prodigal Pyromancer", "pyromancer")),
               "hand": cards(("Lightning Bolt", "bolt")), "mana": "{R}"}
_BOLT_AT_BOB = [{"cast": {"card": "bolt", "targets": ["bob"], "pay": "{R}"}}, ACTIVATE, _choose("bolt"),
                {"resolve": {}}]

FAULTS = [
    Fault("damage_source_color_not_checked", "609.7",
          "(designed) \"a red source of your choice\" accepts a source of any color",
          _color_not_checked,
          case({"alice": {"battlefield": cards(("Grizzly Bears", "bears"))}, "bob": _bob_circle()},
               [ACTIVATE, _choose("bears")]),
          claims=(CHOICE + "a-red-source",)),
    Fault("any_object_chosen_as_damage_source", "609.7a",
          "(designed) a card in a hand (which nothing on the stack refers to) can be chosen as a source of damage",
          _any_object_chosen,
          case({"alice": {"hand": cards(("Lightning Bolt", "bolt"))}, "bob": _bob_circle()},
               [ACTIVATE, _choose("bolt")]),
          claims=(SOURCES + "a-permanent-or-a-spell",)),
    Fault("spell_not_chosen_as_damage_source", "609.7a",
          "(designed) only a permanent can be chosen as a source of damage, not a spell on the stack",
          _spells_not_chosen,
          case({"alice": {"hand": cards(("Lightning Bolt", "bolt")), "mana": "{R}"}, "bob": _bob_circle()},
               _BOLT_AT_BOB),
          claims=(SOURCES + "a-spell-on-the-stack",)),
    Fault("chosen_source_shield_for_any_source", "609.7",
          "(designed) the shield prevents the next damage of any source with the quality, not the chosen source's",
          _any_source_with_the_quality,
          case({"alice": _PYROMANCER, "bob": _bob_circle()},
               [ACTIVATE, _choose("pyromancer"), {"cast": {"card": "bolt", "targets": ["bob"], "pay": "{R}"}},
                {"resolve": {}}]),
          claims=(CHOICE + "of-your-choice",)),
    Fault("permanent_spell_shield_lost_as_it_resolves", "400.7c",
          "(designed) a shield on a chosen permanent spell does not apply to the permanent it becomes",
          _lost_when_the_spell_resolves,
          case({"alice": {"hand": cards(("Raging Goblin", "goblin")), "mana": "{R}"}, "bob": _bob_circle()},
               [{"cast": {"card": "goblin", "pay": "{R}"}}, ACTIVATE, _choose("goblin"), {"resolve": {}},
                {"declare_attackers": {"attackers": [{"card": "goblin", "attacks": "bob"}]}},
                {"advance": {"to": "end_of_combat"}}]),
          claims=(FOLLOWS + "continues-to-the-permanent", SOURCES + "the-permanent-that-spell-becomes")),
    Fault("chosen_source_referred_objects_not_choosable", "609.7a",
          "(designed) a card a spell or ability on the stack targets can't be chosen as a source of damage",
          _referred_objects_not_chosen,
          case({"alice": {"hand": cards(("Snapcaster Mage", "snap")), "graveyard": cards(("Lightning Bolt", "bolt")),
                          "mana": "{U}{U}"}, "bob": _bob_circle()},
               [{"cast": {"card": "snap", "pay": "{U}{U}"}},
                {"resolve": {"choices": {"trigger_targets": [{"source": "snap", "targets": ["bolt"]}]}}},
                ACTIVATE, _choose("bolt")]),
          claims=(SOURCES + "referred-to-by-an-object-on-the-stack",)),
    Fault("chosen_source_shield_follows_any_card", "609.7a",
          "(designed) a shield on a card in a graveyard still applies to the new object it becomes on the battlefield",
          _follows_any_card,
          case({"alice": {"hand": cards(("Reanimate", "reanimate")), "graveyard": cards(("Raging Goblin", "goblin")),
                          "mana": "{B}"}, "bob": _bob_circle()},
               [{"cast": {"card": "reanimate", "targets": ["goblin"], "pay": "{B}"}}, ACTIVATE, _choose("goblin"),
                {"resolve": {}}, {"declare_attackers": {"attackers": [{"card": "goblin", "attacks": "bob"}]}},
                {"advance": {"to": "end_of_combat"}}]),
          claims=(FOLLOWS + "only-a-permanent-spell",)),
    Fault("new_prevention_effect_ends_the_earlier_ones", "615.3",
          "(designed) a prevention effect a spell or ability makes replaces the ones already made this turn",
          _new_shield_ends_the_others,
          case({"alice": {"battlefield": cards(("Grizzly Bears", "bears"), ("Prodigal Pyromancer", "pyromancer"))},
                "bob": {"battlefield": cards(("Hill Giant", "giant"), ("Oriss, Samite Guardian", "oriss"), CIRCLE,
                                             ("Forest", "forest"), ("Plains", "p1"), ("Plains", "p2"),
                                             ("Island", "i1"), ("Island", "i2")),
                        "hand": cards(("Fog", "fog"), ("Safe Passage", "passage"))}},
               [{"declare_attackers": {"attackers": [{"card": "bears", "attacks": "bob"}]}},
                {"declare_blockers": {"blockers": [{"card": "giant", "blocks": "bears"}]}},
                {"tap_for_mana": {"permanents": ["forest", "p1", "p2", "i1", "i2"]}},
                {"cast": {"card": "fog", "by": "bob", "pay": "{G}"}}, {"resolve": {}},
                {"cast": {"card": "passage", "by": "bob", "pay": "{W}{U}{U}"}}, {"resolve": {}},
                {"activate": {"card": "oriss", "targets": ["giant"]}}, {"resolve": {}},
                ACTIVATE, _choose("pyromancer"), {"advance": {"to": "end_of_combat"}}]),
          claims=(LASTS + "until-used-up-or-expired",)),
    Fault("chosen_source_shield_covers_creatures", "609.7",
          "(designed) \"would deal damage to you\" also prevents the chosen source's damage to your creatures",
          _covers_creatures,
          case({"alice": {"battlefield": cards(("Prodigal Pyromancer", "pyromancer"))},
                "bob": _bob_circle(("Glory Seeker", "seeker"))},
               [ACTIVATE, _choose("pyromancer"), {"activate": {"card": "pyromancer", "targets": ["seeker"]}},
                {"resolve": {}}]),
          claims=(CHOICE + "to-you",)),
    Fault("chosen_source_shield_only_for_combat_damage", "609.7a",
          "(designed) the shield prevents only combat damage from the chosen permanent, not its abilities' damage",
          _only_combat_damage,
          case({"alice": {"battlefield": cards(("Prodigal Pyromancer", "pyromancer"))}, "bob": _bob_circle()},
               [ACTIVATE, _choose("pyromancer"), {"activate": {"card": "pyromancer", "targets": ["bob"]}},
                {"resolve": {}}]),
          claims=(SOURCES + "combat-or-ability",)),
    Fault("chosen_source_shield_never_used_up", "615.8",
          "(designed) the shield prevents every damage event from the chosen source this turn, not only the next",
          _never_used_up,
          case({"alice": {"battlefield": cards(("Hearthfire Hobgoblin", "hobgoblin"))},
                "bob": {"battlefield": cards(CIRCLE, ("Plains", "plains"))}},
               [{"declare_attackers": {"attackers": [{"card": "hobgoblin", "attacks": "bob"}]}},
                {"tap_for_mana": {"permanents": ["plains"]}}, ACTIVATE, _choose("hobgoblin"),
                {"advance": {"to": "end_of_combat"}}]),
          claims=(CHOICE + "the-next-time", NEXT + "subsequent-instances-are-dealt")),
    Fault("chosen_source_shield_used_by_another_source", "615.8",
          "(designed) damage from one chosen source uses up the shields chosen for other sources too",
          _uses_up_every_shield,
          case({"alice": {"battlefield": cards(("Prodigal Pyromancer", "pyromancer")),
                          "hand": cards(("Lightning Bolt", "bolt")), "mana": "{R}"},
                "bob": {"battlefield": cards(CIRCLE), "mana": "{W}{W}"}},
               [ACTIVATE, _choose("pyromancer"), {"cast": {"card": "bolt", "targets": ["bob"], "pay": "{R}"}},
                ACTIVATE, _choose("bolt"), {"activate": {"card": "pyromancer", "targets": ["bob"]}},
                {"resolve": {}}, {"resolve": {}}]),
          claims=(NEXT + "from-that-source",)),
    Fault("chosen_source_shield_prevents_one", "615.8",
          "(designed) the shield prevents only 1 of the next damage from the chosen source, not all of it",
          _prevents_one,
          case({"alice": {"battlefield": cards(("Black Knight", "knight"))},
                "bob": {"battlefield": cards(("Circle of Protection: Black", "circle"), ("Plains", "plains"))}},
               [{"declare_attackers": {"attackers": [{"card": "knight", "attacks": "bob"}]}},
                {"tap_for_mana": {"permanents": ["plains"]}}, ACTIVATE, _choose("knight"),
                {"advance": {"to": "end_of_combat"}}]),
          claims=(WAGIC + "the-next-instance-from-that-source",)),
    Fault("chosen_source_shield_outlasts_the_turn", "514.2",
          "(designed) a chosen-source shield made this turn still prevents damage in the next turn",
          _outlasts_the_turn,
          case({"alice": {"battlefield": cards(("Prodigal Pyromancer", "pyromancer"))},
                "bob": {**_bob_circle(), "library": cards(("Forest", "draw"))}},
               [ACTIVATE, _choose("pyromancer"), {"advance": {"turn": "next", "to": "main1"}},
                {"activate": {"card": "pyromancer", "targets": ["bob"]}}, {"resolve": {}}]),
          claims=(CHOICE + "this-turn",)),
    Fault("chosen_source_quality_not_rechecked", "609.7b",
          "(designed) the shield checks the source's color only as it is chosen, not again as it deals damage",
          _not_rechecked,
          case({"alice": {"battlefield": cards(("Raging Goblin", "goblin"), ("Island", "i1"), ("Island", "i2")),
                          "hand": cards(("Turn to Frog", "frog"))},
                "bob": {"battlefield": cards(CIRCLE, ("Plains", "plains"))}},
               [{"declare_attackers": {"attackers": [{"card": "goblin", "attacks": "bob"}]}},
                {"tap_for_mana": {"permanents": ["plains"]}}, ACTIVATE, _choose("goblin"),
                {"tap_for_mana": {"permanents": ["i1", "i2"]}},
                {"cast": {"card": "frog", "targets": ["goblin"], "pay": "{U}{U}"}}, {"resolve": {}},
                {"advance": {"to": "end_of_combat"}}]),
          claims=(RECHECK + "properties-no-longer-match",)),
]


def _combat_only_ignored(stack, run):
    """A chosen-source shield for "combat damage" applies to the source's other damage too."""
    def make(original):
        def faulty(game, e, source):
            was = game.combat_damage
            game.combat_damage = True  # read as if every damage were combat damage
            try:
                return original(game, e, source)
            finally:
                game.combat_damage = was
        return faulty
    locate.patch(stack, "chosen_source_applies", make)


FAULTS += [
    Fault("combat_damage_shield_takes_any_damage", "609.7a",
          "(designed) Forcefield's \"would deal combat damage\" is dropped: the 1 damage its chosen Prodigal "
          "Pyromancer deals by its ability uses the shield up, and its combat damage is dealt in full",
          _combat_only_ignored,
          case({"alice": {"battlefield": cards(("Forcefield", "forcefield"), ("Wastes", "w1"))},
                "bob": {"battlefield": cards(("Prodigal Pyromancer", "pyromancer"), ("Forest", "f1"), ("Wastes", "w2")),
                        "hand": cards(("Gift of Growth", "gift"))}},
               [{"declare_attackers": {"attackers": [{"card": "pyromancer", "attacks": "alice"}]}},
                {"declare_blockers": {"blockers": []}}, {"tap_for_mana": {"permanents": ["w1"]}},
                {"activate": {"card": "forcefield", "pay": "{C}"}}, _choose("pyromancer"),
                {"tap_for_mana": {"permanents": ["f1", "w2"]}},
                {"cast": {"card": "gift", "targets": ["pyromancer"], "pay": "{G}{C}"}}, {"resolve": {}},
                {"activate": {"card": "pyromancer", "targets": ["alice"]}}, {"resolve": {}},
                {"advance": {"to": "end_of_combat"}}],
               turn={"active": "bob", "step": "main1"}),
          claims=(SOURCES + "combat-or-ability",)),
]
