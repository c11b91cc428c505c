"""Faulty engines for prowess (702.108a), split second (702.61a-b), skulk (702.118b) and shadow
(702.28b; spec/rules/prowess-split-second-skulk.yaml). Five are modelled on real reports:
magefree/mage#8303 (prowess keeps its former controller's trigger), phase-rs/phase#173 (split second
not enforced), magefree/mage#12290 (kicked Molten Disaster without split second), magefree/mage#4017
(skulk not enforced) and magefree/mage#7907 (shadow not enforced); the others are designed. They
patch `Trigger.triggers_on`, `CastSpell.__call__`, `Pump.apply`, `copy_spell`, `split_second_spell`,
`_check_cant_cast`, `activate_mana_abilities`, `put_triggers`, `skulk_lets_block`,
`shadow_lets_block`, `keyword_test` and `declare_blockers` by name (horsemanship's faults are
designed)."""

from __future__ import annotations

from unittest import mock

from reference_impl.cards.catalog import PROWESS_TRIGGER

from . import locate
from .fault import Fault, cards, case

PROWESS = "prowess/a-noncreature-spell-you-cast-pumps-it#"
SPLIT = "split-second/no-spells-and-no-activated-abilities#"
SKULK = "skulk/no-blocker-with-greater-power#"
SHADOW = "shadow/blocks-and-is-blocked-only-by-shadow#"
HORSEMANSHIP = "horsemanship/blocked-only-by-horsemanship#"
_SWIFTSPEAR = cards(("Monastery Swiftspear", "swiftspear"))


def _prowess_matches(rule):
    """Prowess triggers on the cast events `rule(src, event)` accepts instead of its controller's."""
    def install(stack, run):
        def make(original):
            def triggers_on(self, game, src, event):
                if self is PROWESS_TRIGGER:
                    return event.kind == "cast" and rule(src, event)
                return original(self, game, src, event)
            return triggers_on
        locate.patch_method(stack, "Trigger", "triggers_on", make)
    return install


def _noncreature_ignored(stack, run):
    """A cast trigger that asks for a noncreature spell fires on creature spells too."""
    def make(original):
        def call(self, ctx):
            if self.types_not == ("Creature",) and not self.types_any:
                return True
            return original(self, ctx)
        return call
    locate.patch_method(stack, "CastSpell", "__call__", make)


def _copies_are_cast(stack, run):
    """A copy of a spell put on the stack counts as cast: cast triggers see it (707.10 says it is not)."""
    event = locate.obj("Event")
    emit = locate.module_of("emit").emit

    def make(original):
        def copy_spell(game, orig, controller, *rest, **kw):
            before = set(game.stack)
            original(game, orig, controller, *rest, **kw)
            for oid in [i for i in game.stack if i not in before and type(i) is int]:
                emit(game, event("cast", controller, oid, game.objs[oid].spell))
        return copy_spell
    locate.patch(stack, "copy_spell", make)


def _prowess_bonus_kept(stack, run):
    """Prowess's +1/+1 is a counter, not a bonus until end of turn."""
    pump = PROWESS_TRIGGER.effects[0]

    def make(original):
        def apply(self, ctx):
            if self is pump:
                src = ctx.source
                if src is not None and src.zone == "battlefield":
                    src.counters["+1/+1"] = src.counters.get("+1/+1", 0) + 1
                return
            original(self, ctx)
        return apply
    locate.patch_method(stack, "Pump", "apply", make)


def _split_second(change):
    def install(stack, run):
        locate.patch(stack, "split_second_spell", lambda original: lambda game: change(original, game))
    return install


def _molten_disaster(answer):
    """A card with split second "if this spell was kicked" has it `answer` (True: always, False: never)."""
    def change(original, game):
        for item in game.stack:
            o = game.objs[item] if type(item) is int else None
            if o is not None and o.card.split_second == "kicked":
                if answer:
                    return o
        found = original(game)
        return None if (found is not None and found.card.split_second == "kicked" and not answer) else found
    return change


def _split_second_lingers(original, game):
    """Split second goes on binding for the rest of the turn after its spell has left the stack: a spell
    with split second cast this turn still stops spells and abilities."""
    found = original(game)
    if found is not None:
        return found
    return next((game.objs[oid] for oid, _ in game.spells_cast if game.objs[oid].card.split_second == "always"),
                None)


def _only_opponents_bound(stack, run):
    """Split second binds only its controller's opponents: the caster of the split-second spell may
    cast other spells."""
    casting = locate.module_of("_check_cant_cast")

    def make(original):
        def check(game, o, caster, name):
            spell = casting.split_second_spell(game)
            if spell is not None and spell.controller == caster:
                with mock.patch.object(casting, "split_second_spell", lambda game: None):
                    return original(game, o, caster, name)
            return original(game, o, caster, name)
        return check
    locate.patch(stack, "_check_cant_cast", make)


def _abilities_spared(stack, run):
    """Split second stops spells only: activated abilities are still activated."""
    activation = locate.module_of("activate")
    stack.enter_context(mock.patch.object(activation, "split_second_spell", lambda game: None))


def _mana_abilities_stopped(stack, run):
    """Split second stops mana abilities too."""
    illegal = locate.obj("IllegalAction")
    spell_of = locate.obj("split_second_spell")

    def make(original):
        def activate(game, args, where):
            if spell_of(game) is not None:
                raise illegal("702.61a", "no mana ability while a spell with split second is on the stack")
            return original(game, args, where)
        return activate
    locate.patch(stack, "activate_mana_abilities", make)


def _triggers_stopped(stack, run):
    """Abilities that trigger while a spell with split second is on the stack are never put on it."""
    spell_of = locate.obj("split_second_spell")

    def make(original):
        def put(game, choices):
            if spell_of(game) is not None:
                game.pending = []
            return original(game, choices)
        return put
    locate.patch(stack, "put_triggers", make)


def _skulk(rule):
    def install(stack, run):
        locate.patch(stack, "skulk_lets_block", lambda original: lambda game, a, b: rule(original, game, a, b))
    return install


def _shadow(rule):
    def install(stack, run):
        locate.patch(stack, "shadow_lets_block", lambda original: lambda kw, a, b: rule(original, kw, a, b))
    return install


def _horsemanship_as_flying(stack, run):
    """Horsemanship is checked as flying is: a blocker with flying (or reach) may block it."""
    _keyword_read(stack, "horsemanship", lambda kw, o: kw(o, "horsemanship") or kw(o, "flying") or kw(o, "reach"),
                  blockers_only=True)


def _horsemanship_as_shadow(stack, run):
    """Horsemanship restricts what its creature blocks too: a blocker with it blocks only creatures with it."""
    illegal = locate.obj("IllegalAction")

    def make(original):
        def declare(game, args):
            kw = locate.obj("keyword_test")(game)
            for item in (args or {}).get("blockers", []):
                b = game.objs.get(game.labels.get(item.get("card")))
                a = game.objs.get(game.labels.get(item.get("blocks")))
                if a is not None and b is not None and kw(b, "horsemanship") and not kw(a, "horsemanship"):
                    raise illegal("702.31b", "a creature with horsemanship blocks only creatures with horsemanship")
            return original(game, args)
        return declare
    locate.patch(stack, "declare_blockers", make)


def _keyword_read(stack, keyword, has, blockers_only=False):
    """`keyword_test` answers `has(kw, o)` for `keyword` about blockers (the declaring player's creatures)."""
    def make(original):
        def test(game):
            kw = original(game)
            defender = game.opponent(game.active)

            def answer(o, k):
                if k == keyword and (not blockers_only or o.controller == defender):
                    return has(kw, o)
                return kw(o, k)
            return answer
        return test
    locate.patch(stack, "keyword_test", make)


def _printed_power(original, game, a, b):
    """Skulk compares the printed powers, not the powers as blockers are declared."""
    return int(b.card.power) <= int(a.card.power)


def _skulk_limits_its_blocks(stack, run):
    """Skulk also stops its creature from blocking a creature with greater power."""
    illegal = locate.obj("IllegalAction")
    pt = locate.obj("power_toughness")

    def make(original):
        def declare(game, args):
            for item in (args or {}).get("blockers", []):
                b = game.objs.get(game.labels.get(item.get("card")))
                a = game.objs.get(game.labels.get(item.get("blocks")))
                if (a is not None and b is not None and "skulk" in b.card.keywords
                        and pt(game, a)[0] > pt(game, b)[0]):
                    raise illegal("702.118b", "a creature with skulk can't block a creature with greater power")
            return original(game, args)
        return declare
    locate.patch(stack, "declare_blockers", make)


_CONFISCATED = case(
    {"alice": {"battlefield": list(_SWIFTSPEAR), "hand": cards(("Shock", "shock")), "mana": "{R}"},
     "bob": {"hand": cards(("Lightning Bolt", "bolt"), ("Confiscate", "confiscate"), ("Giant Growth", "growth")),
             "mana": "{R}{U}{U}{C}{C}{C}{C}{G}"}},
    [{"cast": {"card": "bolt", "by": "bob", "targets": ["alice"], "pay": "{R}"}}, {"resolve": {}},
     {"cast": {"card": "confiscate", "by": "bob", "targets": ["swiftspear"], "pay": "{U}{U}{C}{C}{C}{C}"}},
     {"resolve": {}}, {"cast": {"card": "shock", "by": "alice", "targets": ["bob"], "pay": "{R}"}}],
    {"active": "bob", "step": "main1"})
_SUDDEN = case(
    {"alice": {"hand": cards(("Sudden Shock", "sudden"), ("Shock", "shock")), "mana": "{R}{C}{R}"},
     "bob": {"battlefield": cards(("Prodigal Pyromancer", "pyro"), ("Mountain", "mountain")),
             "hand": cards(("Lightning Bolt", "bolt"))}},
    [{"cast": {"card": "sudden", "targets": ["bob"], "pay": "{R}{C}"}}])
_SWIFT_SUDDEN = case(
    {"alice": {"battlefield": list(_SWIFTSPEAR), "hand": cards(("Sudden Shock", "sudden")), "mana": "{R}{C}"},
     "bob": {"hand": cards(("Lightning Bolt", "bolt")), "mana": "{R}"}},
    [{"cast": {"card": "sudden", "targets": ["bob"], "pay": "{R}{C}"}}])
_DISASTER = [{"card": "Molten Disaster", "label": "disaster"}]
_SKULKING = case(
    {"alice": {"battlefield": cards(("Furtive Homunculus", "homunculus"))},
     "bob": {"battlefield": cards(("Hill Giant", "giant"), ("Grizzly Bears", "bears"))}},
    [{"declare_attackers": {"attackers": [{"card": "homunculus", "attacks": "bob"}]}}])

FAULTS = [
    Fault("prowess_follows_its_owner", "702.108a",
          "Prowess triggers on the spells of the creature's owner, not of its controller: after another "
          "player gained control of it, its former controller's spells still trigger it",
          _prowess_matches(lambda src, event: event.player == src.owner), _CONFISCATED,
          report="https://github.com/magefree/mage/issues/8303", claims=(PROWESS + "you-cast",)),
    Fault("prowess_on_any_players_spell", "702.108a",
          "(designed) prowess triggers on any player's noncreature spells, not only its controller's",
          _prowess_matches(lambda src, event: True),
          case({"alice": {"battlefield": list(_SWIFTSPEAR)},
                "bob": {"hand": cards(("Lightning Bolt", "bolt")), "mana": "{R}"}},
               [{"cast": {"card": "bolt", "by": "bob", "targets": ["alice"], "pay": "{R}"}}]),
          claims=(PROWESS + "you-cast",)),
    Fault("prowess_on_creature_spells", "702.108a",
          "(designed) prowess (and any cast trigger asking for a noncreature spell) triggers on creature spells",
          _noncreature_ignored,
          case({"alice": {"battlefield": list(_SWIFTSPEAR), "hand": cards(("Memnite", "memnite"))}},
               [{"cast": {"card": "memnite", "pay": ""}}]),
          claims=(PROWESS + "a-noncreature-spell",)),
    Fault("copies_count_as_cast", "601.2i",
          "(designed) a copy of a spell put on the stack counts as cast: prowess triggers on Twincast's copy",
          _copies_are_cast,
          case({"alice": {"battlefield": list(_SWIFTSPEAR),
                          "hand": cards(("Lightning Bolt", "bolt"), ("Twincast", "twincast")), "mana": "{R}{U}{U}"}},
               [{"cast": {"card": "bolt", "targets": ["bob"], "pay": "{R}"}}, {"resolve": {}},
                {"cast": {"card": "twincast", "targets": ["bolt"], "pay": "{U}{U}"}}, {"resolve": {}},
                {"resolve": {}}]),
          claims=(PROWESS + "cast-not-copied",)),
    Fault("prowess_bonus_never_ends", "702.108a",
          "(designed) prowess's +1/+1 lasts past the end of the turn",
          _prowess_bonus_kept,
          case({"alice": {"battlefield": list(_SWIFTSPEAR), "hand": cards(("Lightning Bolt", "bolt")), "mana": "{R}"}},
               [{"cast": {"card": "bolt", "targets": ["bob"], "pay": "{R}"}}, {"pass_until_empty": {}},
                {"advance": {"turn": "next", "to": "upkeep"}}]),
          claims=(PROWESS + "until-end-of-turn",)),
    Fault("split_second_not_enforced", "702.61a",
          "Split second is not enforced: players cast spells and activate abilities while Sudden Shock is on "
          "the stack",
          _split_second(lambda original, game: None),
          case(_SUDDEN["setup"]["players"], [*_SUDDEN["steps"],
                                             {"cast": {"card": "shock", "targets": ["bob"], "pay": "{R}"}}]),
          report="https://github.com/phase-rs/phase/issues/173",
          claims=(SPLIT + "players-cant-cast", SPLIT + "nor-activate")),
    Fault("split_second_binds_only_opponents", "702.61a",
          "(designed) split second binds only its controller's opponents: alice casts Shock above her own "
          "Sudden Shock",
          _only_opponents_bound,
          case(_SUDDEN["setup"]["players"], [*_SUDDEN["steps"],
                                             {"cast": {"card": "shock", "targets": ["bob"], "pay": "{R}"}}]),
          claims=(SPLIT + "players-cant-cast",)),
    Fault("split_second_spares_activated_abilities", "702.61a",
          "(designed) split second stops spells only: Prodigal Pyromancer's ability is activated above Sudden Shock",
          _abilities_spared,
          case(_SUDDEN["setup"]["players"], [*_SUDDEN["steps"],
                                             {"activate": {"card": "pyro", "targets": ["alice"]}}]),
          claims=(SPLIT + "nor-activate",)),
    Fault("split_second_stops_mana_abilities", "702.61b",
          "(designed) split second stops mana abilities too: bob can't tap his Mountain for mana",
          _mana_abilities_stopped,
          case(_SUDDEN["setup"]["players"], [*_SUDDEN["steps"], {"tap_for_mana": {"permanents": ["mountain"]}}]),
          claims=(SPLIT + "mana-abilities-go-on",)),
    Fault("split_second_stops_triggers", "702.61b",
          "(designed) abilities that trigger while a spell with split second is on the stack are never put on "
          "the stack: prowess doesn't trigger on Sudden Shock",
          _triggers_stopped, _SWIFT_SUDDEN,
          claims=(SPLIT + "triggers-go-on",)),
    Fault("split_second_lingers", "702.61a",
          "(designed) split second goes on binding for the rest of the turn after its spell resolved",
          _split_second(_split_second_lingers),
          case(_SUDDEN["setup"]["players"], [*_SUDDEN["steps"], {"resolve": {}},
                                             {"cast": {"card": "shock", "targets": ["bob"], "pay": "{R}"}}]),
          claims=(SPLIT + "only-while-on-the-stack",)),
    Fault("kicked_molten_disaster_without_split_second", "702.61a",
          "Molten Disaster kicked doesn't have split second",
          _split_second(_molten_disaster(False)),
          case({"alice": {"hand": list(_DISASTER), "mana": "{R}{R}{R}{C}"},
                "bob": {"hand": cards(("Lightning Bolt", "bolt")), "mana": "{R}"}},
               [{"cast": {"card": "disaster", "x": 1, "kicks": 1, "pay": "{R}{R}{R}{C}"}},
                {"cast": {"card": "bolt", "by": "bob", "targets": ["alice"], "pay": "{R}"}}]),
          report="https://github.com/magefree/mage/issues/12290", claims=(SPLIT + "molten-disaster-kicked",)),
    Fault("molten_disaster_always_has_split_second", "702.61a",
          "(designed) Molten Disaster has split second even when it wasn't kicked",
          _split_second(_molten_disaster(True)),
          case({"alice": {"hand": list(_DISASTER), "mana": "{R}{R}{C}"},
                "bob": {"hand": cards(("Lightning Bolt", "bolt")), "mana": "{R}"}},
               [{"cast": {"card": "disaster", "x": 1, "pay": "{R}{R}{C}"}},
                {"cast": {"card": "bolt", "by": "bob", "targets": ["alice"], "pay": "{R}"}}]),
          claims=(SPLIT + "molten-disaster-kicked",)),
    Fault("skulk_not_enforced", "702.118b",
          "A creature with skulk is blocked by a creature with greater power",
          _skulk(lambda original, game, a, b: True),
          case(_SKULKING["setup"]["players"],
               [*_SKULKING["steps"], {"declare_blockers": {"blockers": [{"card": "giant", "blocks": "homunculus"}]}}]),
          report="https://github.com/magefree/mage/issues/4017", claims=(SKULK + "greater-power",)),
    Fault("skulk_stops_equal_power", "702.118b",
          "(designed) skulk also stops creatures with equal power from blocking",
          _skulk(lambda original, game, a, b: original(game, a, b) and b.card.power != a.card.power),
          case(_SKULKING["setup"]["players"],
               [*_SKULKING["steps"], {"declare_blockers": {"blockers": [{"card": "bears", "blocks": "homunculus"}]}}]),
          claims=(SKULK + "greater-power",)),
    Fault("skulk_compares_printed_power", "702.118b",
          "(designed) skulk compares printed powers: a Homunculus made 5/4 by Giant Growth still can't be "
          "blocked by a 3/3",
          _skulk(_printed_power),
          case({"alice": {"battlefield": cards(("Furtive Homunculus", "homunculus"), ("Forest", "forest")),
                          "hand": cards(("Giant Growth", "growth"))},
                "bob": {"battlefield": cards(("Hill Giant", "giant"))}},
               [{"declare_attackers": {"attackers": [{"card": "homunculus", "attacks": "bob"}]}},
                {"tap_for_mana": {"permanents": ["forest"]}},
                {"cast": {"card": "growth", "targets": ["homunculus"], "pay": "{G}"}}, {"resolve": {}},
                {"declare_blockers": {"blockers": [{"card": "giant", "blocks": "homunculus"}]}}]),
          claims=(SKULK + "power-as-blockers-are-declared",)),
    Fault("skulk_limits_what_it_blocks", "702.118b",
          "(designed) a creature with skulk can't block a creature with greater power",
          _skulk_limits_its_blocks,
          case({"alice": {"battlefield": cards(("Hill Giant", "giant"))},
                "bob": {"battlefield": cards(("Furtive Homunculus", "homunculus"))}},
               [{"declare_attackers": {"attackers": [{"card": "giant", "attacks": "bob"}]}},
                {"declare_blockers": {"blockers": [{"card": "homunculus", "blocks": "giant"}]}}]),
          claims=(SKULK + "only-its-blockers",)),
    Fault("shadow_not_enforced", "702.28b",
          "A creature with shadow is blocked by a creature without shadow",
          _shadow(lambda original, kw, a, b: True),
          case({"alice": {"battlefield": cards(("Soltari Foot Soldier", "soltari"))},
                "bob": {"battlefield": cards(("Grizzly Bears", "bears"))}},
               [{"declare_attackers": {"attackers": [{"card": "soltari", "attacks": "bob"}]}},
                {"declare_blockers": {"blockers": [{"card": "bears", "blocks": "soltari"}]}}]),
          report="https://github.com/magefree/mage/issues/7907",
          claims=(SHADOW + "not-blocked-by-creatures-without-shadow",)),
    Fault("shadow_blocks_anything", "702.28b",
          "(designed) shadow only restricts what blocks its creature: a creature with shadow blocks a creature "
          "without it",
          _shadow(lambda original, kw, a, b: not kw(a, "shadow") or kw(b, "shadow")),
          case({"alice": {"battlefield": cards(("Grizzly Bears", "bears"))},
                "bob": {"battlefield": cards(("Soltari Foot Soldier", "soltari"))}},
               [{"declare_attackers": {"attackers": [{"card": "bears", "attacks": "bob"}]}},
                {"declare_blockers": {"blockers": [{"card": "soltari", "blocks": "bears"}]}}]),
          claims=(SHADOW + "cant-block-creatures-without-shadow",)),
    Fault("horsemanship_blocked_by_flying", "702.31b",
          "(designed) horsemanship is read as flying: a creature with flying blocks a creature with horsemanship",
          _horsemanship_as_flying,
          case({"alice": {"battlefield": cards(("Shu Cavalry", "cavalry"))},
                "bob": {"battlefield": cards(("Serra Angel", "angel"))}},
               [{"declare_attackers": {"attackers": [{"card": "cavalry", "attacks": "bob"}]}},
                {"declare_blockers": {"blockers": [{"card": "angel", "blocks": "cavalry"}]}}]),
          claims=(HORSEMANSHIP + "not-blocked-without-horsemanship",)),
    Fault("horsemanship_read_as_shadow", "702.31b",
          "(designed) horsemanship also restricts what its creature blocks, as shadow does: a creature with "
          "horsemanship can't block one without",
          _horsemanship_as_shadow,
          case({"alice": {"battlefield": cards(("Grizzly Bears", "bears"))},
                "bob": {"battlefield": cards(("Shu Cavalry", "cavalry"))}},
               [{"declare_attackers": {"attackers": [{"card": "bears", "attacks": "bob"}]}},
                {"declare_blockers": {"blockers": [{"card": "cavalry", "blocks": "bears"}]}}]),
          claims=(HORSEMANSHIP + "blocks-with-or-without",)),
]
