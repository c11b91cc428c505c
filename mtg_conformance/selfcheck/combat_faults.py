"""Faulty engines for combat damage and its keywords (510, 702.2 deathtouch, 702.4 double strike,
702.7 first strike, 702.15 lifelink, 702.19 trample, 702.111 menace) and for the "can't" effects
of Orim's Chant (508.1c creatures can't attack, 601.3 a player can't cast spells).

The first group does what a real engine's bug report says it did (`report` is set); the second
group is designed (no report): each breaks one dimension of a rule the suite covers, so that
every way the rule can be broken has a faulty engine:
- which creatures deal damage in the second combat damage step: those that had first strike
  as the first began (kept, lost since, gained since), double strikers in both (510.4, 702.7c);
- the assignment of each step made afresh among the creatures still blocking (702.19b, 702.19d);
- deathtouch: from attackers and blockers, in and out of combat, with and without trample
  (702.2b-c); lifelink in each step (702.15b);
- menace per attacker (702.111b); "can't" effects: whom they bind, which creatures (611.2c),
  for how long (514.2); priority in the declare attackers step without attackers (508.2, 508.8).
"""

from __future__ import annotations

from unittest import mock

from reference_impl.state.game import IllegalAction

from . import locate
from .fault import Fault, cards, case
from .fault_parts import ATTACK_BEARS, BEARS, BEARS_NAME, ignore_static, keyword_never_found, swap, swap_method
from .patching import keep_field, wrap_attr

MAGE = "https://github.com/magefree/mage"
PHASE = "https://github.com/phase-rs/phase"
FORGE = "https://github.com/Card-Forge/forge"
WAGIC = "https://github.com/WagicProject/wagic"
ARGENTUM = "https://github.com/wingedsheep/argentum-engine"


def _kw(o, keyword, game) -> bool:
    return locate.obj("has_keyword")(o, keyword, game)


def _lethal_at_least_one(stack, run):
    """Lethal damage for assigning is never below 1 (damage already marked beyond toughness ignored)."""
    locate.patch(stack, "_lethal",
                 lambda original: lambda game, source, blocker: max(1, original(game, source, blocker)))


def _lethal_ignores_marked(stack, run):
    """Lethal damage for assigning is computed as though the blocker had no damage marked."""
    def make(original):
        def lethal(game, source, blocker):
            marked, blocker.damage = blocker.damage, 0
            try:
                return original(game, source, blocker)
            finally:
                blocker.damage = marked
        return lethal
    locate.patch(stack, "_lethal", make)


def _control_change_keeps_it_in_combat(stack, run):
    """A permanent whose controller changes stays in combat (attacking the player who now controls it)."""
    def make(change_control):
        def faulty(self, o, player):
            attackers, blockers = self.attackers, self.blockers
            change_control(self, o, player)
            self.attackers, self.blockers = attackers, blockers
        return faulty
    locate.patch_method(stack, "Game", "change_control", make)


def _second_step(game) -> bool:
    """Inside the second of two combat damage steps (510.4): the first strikers are known and
    no further step is due."""
    return not game.second_damage_step_due and bool(game.first_strikers)


def _second_step_deals(change):
    """Replace which creatures assign damage in the second combat damage step:
    `change(game, o, reference_answer) -> bool`."""
    def install(stack, run):
        def make(assign):
            def faulty(game, deals):
                if _second_step(game):
                    return assign(game, lambda o: change(game, o, deals(o)))
                return assign(game, deals)
            return faulty
        locate.patch(stack, "_assign_and_deal", make)
    return install


def _lost_first_strike_deals_again(game, o, answer):
    """A creature that no longer has first strike deals damage (again) in the second step."""
    return answer or not (_kw(o, "first strike", game) or _kw(o, "double strike", game))


def _gained_first_strike_skips_second_step(game, o, answer):
    """A creature that has first strike now (gained after the first step) deals no damage."""
    return answer and not (_kw(o, "first strike", game) and not _kw(o, "double strike", game))


def _first_strikers_deal_twice(game, o, answer):
    """Every remaining attacker and blocker deals damage in the second step, first strikers too."""
    return True


def _double_strike_in_one_step(stack, run):
    """Double strike is "deals its damage twice" in the regular step: without a first striker
    in combat there is a single combat damage step, and double strikers deal twice in it."""
    def make(deal):
        def faulty(game):
            if game.second_damage_step_due:
                return deal(game)
            fighters = [game.objs[oid] for oid in locate.obj("_combatants")(game)]
            if any(_kw(o, "first strike", game) for o in fighters) or \
                    not any(_kw(o, "double strike", game) for o in fighters):
                return deal(game)
            assign = locate.obj("_assign_and_deal")
            assign(game, lambda o: True)
            assign(game, lambda o: _kw(o, "double strike", game))
        return faulty
    locate.patch(stack, "deal_combat_damage", make)


def _blockers_first_strike_ignored(stack, run):
    """Only attacking creatures are looked at for first strike as the combat damage step
    begins: a blocker's first strike never gives it a step of its own."""
    def make(combatants):
        def faulty(game):
            attackers = {oid for oid, _ in game.attackers}
            return [oid for oid in combatants(game) if oid in attackers]
        return faulty
    locate.patch(stack, "_combatants", make)


def _both_steps_at_once(stack, run):
    """The two combat damage steps run back to back: no player gets priority in the first."""
    def make(deal):
        def faulty(game):
            deal(game)
            if game.second_damage_step_due:
                locate.obj("state_based_actions")(game)
                deal(game)
        return faulty
    locate.patch(stack, "deal_combat_damage", make)


def _stale_trample_assignment(stack, run):
    """A double striker with trample reuses in the second step the assignment it chose in the
    first: damage meant for a blocker that has died goes to the player, and the blockers still
    there get what they got before rather than the lethal damage now left to assign."""
    recorded: dict = {}
    recording = [False]

    def make_deal(deal):
        def faulty(game, source, ref, amount):
            if recording[0] and source is not None and any(oid == source.oid for oid, _ in game.attackers) \
                    and _kw(source, "double strike", game) and _kw(source, "trample", game):
                recorded.setdefault(source.oid, []).append((ref, amount))
            return deal(game, source, ref, amount)
        return faulty

    def make_assign(assign):
        def faulty(game, deals):
            if game.second_damage_step_due:  # the first of two steps: remember the assignment
                recorded.clear()
                recording[0] = True
                try:
                    return assign(game, deals)
                finally:
                    recording[0] = False
            if not _second_step(game):
                return assign(game, deals)
            replay = {oid: stale for oid, stale in recorded.items() if oid in game.objs
                      and game.objs[oid].zone == "battlefield" and deals(game.objs[oid])}
            assign(game, lambda o: deals(o) and o.oid not in replay)
            defender = dict(game.attackers)
            for oid, stale in replay.items():
                for ref, amount in stale:
                    gone = not isinstance(ref, str) and (ref not in game.objs or game.objs[ref].zone != "battlefield")
                    locate.obj("deal_damage")(game, game.objs[oid], defender[oid] if gone else ref, amount)
        return faulty

    locate.patch(stack, "deal_damage", make_deal)
    locate.patch(stack, "_assign_and_deal", make_assign)


def _dead_blockers_still_block(stack, run):
    """In the second combat damage step a trampler still assigns lethal damage to the blockers
    that died in the first (its list of blockers is the one from the first step, never pruned),
    and only the rest tramples over."""
    declared: dict = {}

    def make(assign):
        def faulty(game, deals):
            if game.second_damage_step_due:  # the first of two steps
                declared.clear()
                for b, a in game.blockers:
                    declared.setdefault(a, []).append(b)
            if not _second_step(game):
                return assign(game, deals)
            pt = locate.obj("power_toughness")
            stale = {}
            for oid, defender in game.attackers:
                a = game.objs.get(oid)
                if a is None or a.zone != "battlefield" or not deals(a) or oid not in game.blocked \
                        or not _kw(a, "trample", game):
                    continue
                blockers = [game.objs[b] for b in declared.get(oid, ()) if b in game.objs]
                if any(b.zone != "battlefield" for b in blockers):
                    stale[oid] = (a, defender, blockers)
            assign(game, lambda o: deals(o) and o.oid not in stale)
            deal = locate.obj("deal_damage")
            for a, defender, blockers in stale.values():
                rest = pt(game, a)[0]
                for b in blockers:
                    left = max(0, pt(game, b)[1] - (b.damage if b.zone == "battlefield" else 0))
                    give = min(rest, min(1, left) if _kw(a, "deathtouch", game) else left)
                    deal(game, a, b.oid, give)
                    rest -= give
                if rest > 0:
                    deal(game, a, defender, rest)
        return faulty
    locate.patch(stack, "_assign_and_deal", make)


def _lethal_ignores_deathtouch(when_trample: bool):
    """Lethal damage for assigning combat damage is toughness minus damage even from a source
    with deathtouch, when the attacker has (or, designed twin, lacks) trample."""
    def install(stack, run):
        def make(lethal):
            def faulty(game, source, blocker):
                if _kw(source, "trample", game) == when_trample:
                    pt = locate.obj("power_toughness")
                    return max(0, pt(game, blocker)[1] - blocker.damage)
                return lethal(game, source, blocker)
            return faulty
        locate.patch(stack, "_lethal", make)
    return install


def _deathtouch_forgotten(unless):
    """Damage from a deathtouch source is not remembered for 704.5h unless `unless(game,
    source)` holds (combat damage only; an attacking source only)."""
    def install(stack, run):
        in_combat = [False]

        def make_assign(assign):
            def faulty(game, deals):
                in_combat[0] = True
                try:
                    return assign(game, deals)
                finally:
                    in_combat[0] = False
            return faulty

        def make_deal(deal):
            def faulty(game, source, ref, amount):
                before = game.deathtouched
                deal(game, source, ref, amount)
                if source is not None and not unless(game, source, in_combat[0]):
                    game.deathtouched = before
            return faulty

        locate.patch(stack, "_assign_and_deal", make_assign)
        locate.patch(stack, "deal_damage", make_deal)
    return install


def _lifelink_once_per_combat(stack, run):
    """Lifelink gains life in the first combat damage step only: a double striker's second
    damage gains nothing."""
    def make(deal):
        def faulty(game, source, ref, amount):
            if source is None or not _second_step(game) or source.oid not in game.first_strikers:
                return deal(game, source, ref, amount)
            controller = game.players[source.controller]
            before = controller.life
            deal(game, source, ref, amount)
            if controller.life > before and ref != source.controller:
                controller.life = before
        return faulty
    locate.patch(stack, "deal_damage", make)


def _menace_counts_all_blockers(stack, run):
    """Menace is checked against the whole declaration: two blockers anywhere satisfy it."""
    illegal = locate.obj("IllegalAction")
    module = locate.module_of("declare_blockers")

    def make(declare):
        def faulty(game, args):
            try:
                return declare(game, args)
            except illegal as error:
                blockers = args.get("blockers") if isinstance(args, dict) else None
                if error.rule != "702.111b" or not isinstance(blockers, list) or len(blockers) < 2:
                    raise
            has = module.has_keyword
            with mock.patch.object(module, "has_keyword", lambda o, kw, g=None: kw != "menace" and has(o, kw, g)):
                return declare(game, args)
        return faulty
    locate.patch(stack, "declare_blockers", make)


def _cant_attack_only_those_there(stack, run):
    """"Creatures can't attack this turn" is applied to the creatures on the battlefield as it
    resolves (as if it changed their characteristics): a creature arriving later attacks."""
    there: set = set()

    def make_apply(apply):
        def faulty(self, ctx):
            apply(self, ctx)
            there.update(oid for oid in ctx.game.battlefield if "Creature" in ctx.game.objs[oid].card.types)
        return faulty

    def make_declare(declare):
        def faulty(game, args):
            listed = [a.get("card") for a in (args.get("attackers") or []) if isinstance(a, dict)] \
                if isinstance(args, dict) else []
            oids = [game.labels.get(lab) for lab in listed if isinstance(lab, str)]
            spared = ("attack", None) in game.restrictions and oids and not any(oid in there for oid in oids)
            if not spared:
                return declare(game, args)
            kept = game.restrictions
            game.restrictions = tuple(r for r in kept if r != ("attack", None))
            try:
                return declare(game, args)
            finally:
                game.restrictions = kept
        return faulty

    locate.patch_method(stack, "CreaturesCantAttackThisTurn", "apply", make_apply)
    locate.patch(stack, "declare_attackers", make_declare)


def _cant_attack_outlasts_the_turn(stack, run):
    """"Creatures can't attack this turn" is not among the effects that end in the cleanup step."""
    def make(cleanup):
        def faulty(game, choices):
            kept = tuple(r for r in game.restrictions if r[0] == "attack")
            cleanup(game, choices)
            game.restrictions = tuple(dict.fromkeys(game.restrictions + kept))
        return faulty
    locate.patch(stack, "_cleanup", make)


def _cant_cast_binds_everyone(stack, run):
    """"Target player can't cast spells this turn" stops every player, its caster included."""
    def make(apply):
        def faulty(self, ctx):
            apply(self, ctx)
            for p in ctx.game.players:
                if ("cast", p) not in ctx.game.restrictions:
                    ctx.game.restrictions += (("cast", p),)
        return faulty
    locate.patch_method(stack, "CantCastThisTurn", "apply", make)


def _no_priority_without_attackers(stack, run):
    """With no attackers declared the declare attackers step gives no priority: the game goes
    straight on to the end of combat step, as if 508.8 skipped the rest of combat (phase.rs
    0.103.0 does this, found by `certify --strict`)."""
    def make(enter):
        def faulty(game, step, choices, turn_based_action):
            enter(game, step, choices, turn_based_action)
            if step == "declare_attackers" and not game.attackers and not game.stack:
                locate.obj("advance")(game, "end_of_combat", False, choices)
        return faulty
    locate.patch(stack, "enter_step", make)


def _is_attacking(game, source) -> bool:
    return any(oid == source.oid for oid, _ in game.attackers)


# The cases the witnesses share.
ZEALOT, ANGEL = ("Ash Zealot", "zealot"), ("Serra Angel", "angel")  # BEARS: fault_parts
SKIRMISHER = ("Skyhunter Skirmisher", "skirmisher")
AETHERBORN = ("Gifted Aetherborn", "aetherborn")


def _attack(*labels):
    return {"declare_attackers": {"attackers": [{"card": lab} for lab in labels]}}


def _block(**pairs):
    return {"declare_blockers": {"blockers": [{"card": b, "blocks": a} for b, a in pairs.items()]}}


def _to(step):
    return {"advance": {"to": step}}


ONSLAUGHT_REMOVED = case(
    {"alice": {"battlefield": cards(("Berserkers' Onslaught", "onslaught"), BEARS, ("Forest", "f1"), ("Forest", "f2")),
               "hand": cards(("Naturalize", "naturalize"))}},
    [_attack("bears"), _to("combat_damage"), {"tap_for_mana": {"permanents": ["f1", "f2"]}},
     {"cast": {"card": "naturalize", "targets": ["onslaught"], "pay": "{G}{G}"}}, {"resolve": {}},
     _to("end_of_combat")])

TRAMPLING_DOUBLE_STRIKER = case(
    {"alice": {"battlefield": cards(SKIRMISHER), "hand": cards(("Wild Hunger", "hunger")), "mana": "{G}{C}{C}"},
     "bob": {"battlefield": cards(("Birds of Paradise", "birds"), ANGEL)}},
    [{"cast": {"card": "hunger", "targets": ["skirmisher"], "pay": "{G}{C}{C}"}}, {"resolve": {}},
     _attack("skirmisher"), _block(birds="skirmisher", angel="skirmisher"), _to("combat_damage"),
     _to("end_of_combat")])

DEATHTOUCH_TRAMPLE = case(
    {"alice": {"battlefield": cards(AETHERBORN), "hand": cards(("Colossal Growth", "growth")), "mana": "{G}{R}{C}"},
     "bob": {"battlefield": cards(BEARS, ("Llanowar Elves", "elves"))}},
    [{"cast": {"card": "growth", "kicks": 1, "targets": ["aetherborn"], "pay": "{G}{R}{C}"}}, {"resolve": {}},
     _attack("aetherborn"), _block(bears="aetherborn", elves="aetherborn"), _to("combat_damage")])

FIRST_STRIKER_VS_ANGEL = case({"alice": {"battlefield": cards(ZEALOT)}, "bob": {"battlefield": cards(ANGEL)}},
                              [_attack("zealot"), _block(angel="zealot"), _to("combat_damage")])

DOUBLE_STRIKER_VS_ANGEL = case({"alice": {"battlefield": cards(SKIRMISHER)}, "bob": {"battlefield": cards(ANGEL)}},
                               [_attack("skirmisher"), _block(angel="skirmisher"), _to("combat_damage")])

def _removed_creature_stays_in_combat(stack, run):
    """(designed) 506.4 ignored: a creature that leaves the battlefield stays in the attack and
    block declarations, so the new object it becomes if it returns during combat (undying) is
    still attacking or blocking and deals combat damage."""
    def make(remove):
        def faulty(self, oid):
            return None
        return faulty
    locate.patch_method(stack, "Game", "remove_from_combat", make)


KICKED_CHANT = {"cast": {"card": "chant", "kicks": 1, "targets": ["bob"], "pay": "{W}{W}"}}

def _blockers_deal_no_combat_damage(original):
    """_assign_and_deal leaving out the blocking creatures: only attackers assign combat damage."""
    def faulty(game, deals):
        blocking = {b for b, _ in game.blockers}
        every = locate.obj("_every")
        return original(game, lambda c: c.oid not in blocking and (deals is every or deals(c)))
    return faulty


FAULTS = [
    Fault("removed_creature_stays_in_combat", "506.4",
          "(designed) a creature that leaves the battlefield is not removed from combat: Young Wolf killed by "
          "a first-striking blocker returns with undying still attacking and deals damage in the second step",
          _removed_creature_stays_in_combat,
          case({"alice": {"battlefield": cards(("Young Wolf", "wolf"))}, "bob": {"battlefield": cards(ZEALOT)}},
               [_attack("wolf"), _block(zealot="wolf"), _to("end_of_combat")])),
    # -- modelled on real bug reports --------------------------------------------------------
    Fault("lost_first_strike_deals_again", "510.4",
          "a creature that had first strike as the first combat damage step began but lost it "
          "(its anthem left) deals damage again in the second step",
          _second_step_deals(_lost_first_strike_deals_again), ONSLAUGHT_REMOVED,
          report=f"{MAGE}/issues/10232"),
    Fault("gained_first_strike_skips_the_second_step", "702.7c",
          "a creature given first strike after the first combat damage step deals no damage in the second",
          _second_step_deals(_gained_first_strike_skips_second_step),
          case({"alice": {"battlefield": cards(ZEALOT, ("Stone Golem", "golem")),
                          "hand": cards(("Blade Splicer", "splicer"))}},
               [_attack("zealot", "golem"), _to("combat_damage"), {"put_onto_battlefield": {"card": "splicer"}},
                {"resolve": {}}, _to("end_of_combat")]),
          report=f"{MAGE}/issues/551"),
    Fault("double_strike_without_a_first_strike_step", "702.4b",
          "a double striker deals both its damages in the regular combat damage step (no first-strike "
          "step), so its blocker's damage comes at the same time",
          _double_strike_in_one_step, DOUBLE_STRIKER_VS_ANGEL,
          report=f"{PHASE}/issues/6051"),
    Fault("blockers_first_strike_ignored", "702.7b",
          "a blocking creature's first strike is ignored: it deals its damage in the regular step",
          _blockers_first_strike_ignored,
          case({"alice": {"battlefield": cards(BEARS)},
                "bob": {"battlefield": cards(("Thalia, Guardian of Thraben", "thalia"))}},
               [_attack("bears"), _block(thalia="bears"), _to("end_of_combat")]),
          report=f"{FORGE}/issues/8174"),
    Fault("both_combat_damage_steps_at_once", "510.4",
          "the first-strike and regular combat damage steps run back to back with no priority between them",
          _both_steps_at_once, FIRST_STRIKER_VS_ANGEL,
          report=f"{PHASE}/pull/2165"),
    Fault("double_strike_trample_reuses_its_first_assignment", "702.19b",
          "a double striker with trample reuses its first-step damage assignment in the second step: "
          "the share of a blocker that died goes to the player, the surviving blocker gets its old share",
          _stale_trample_assignment, TRAMPLING_DOUBLE_STRIKER,
          report=f"{ARGENTUM}/pull/1598"),
    Fault("dead_blocker_still_takes_lethal_damage", "702.19d",
          "in the second combat damage step a trampler still assigns lethal damage to a blocker that "
          "died in the first, so less tramples over",
          _dead_blockers_still_block, TRAMPLING_DOUBLE_STRIKER,
          report=f"{PHASE}/issues/1740"),
    Fault("control_change_keeps_it_in_combat", "506.4",
          "(designed) an attacking creature whose controller changes stays attacking",
          _control_change_keeps_it_in_combat,
          case({"alice": {"battlefield": cards(BEARS)},
                "bob": {"battlefield": cards(("Mountain", "m1"), ("Mountain", "m2"), ("Wastes", "w1"), ("Wastes", "w2"),
                                             ("Wastes", "w3")),
                        "hand": cards(("Act of Aggression", "aggression"))}},
               [_attack("bears"), {"declare_blockers": {"blockers": []}},
                {"tap_for_mana": {"permanents": ["m1", "m2", "w1", "w2", "w3"]}},
                {"cast": {"card": "aggression", "by": "bob", "targets": ["bears"], "pay": "{R}{R}{C}{C}{C}"}},
                {"resolve": {}}, _to("end_of_combat")])),
    Fault("lethal_damage_at_least_one", "702.19b",
          "(designed) a trampler must assign at least 1 to each blocker, even one with lethal damage already marked",
          _lethal_at_least_one,
          case({"alice": {"battlefield": cards(("Fangren Hunter", "hunter")), "hand": cards(("Shock", "shock")),
                          "mana": "{R}"},
                "bob": {"battlefield": cards(("Darksteel Myr", "myr"))}},
               [{"cast": {"card": "shock", "targets": ["myr"], "pay": "{R}"}}, {"resolve": {}},
                _attack("hunter"), _block(myr="hunter"), _to("end_of_combat")])),
    Fault("lethal_damage_ignores_marked_damage", "702.19b",
          "(designed) lethal damage for a trampler's blockers is their toughness, whatever damage is already marked",
          _lethal_ignores_marked,
          case({"alice": {"battlefield": cards(BEARS, ("Mountain", "mountain"), ("Forest", "forest")),
                          "hand": cards(("Shock", "shock"), ("Colossal Might", "might")), "mana": "{R}"},
                "bob": {"battlefield": cards(("Horned Turtle", "turtle"))}},
               [{"cast": {"card": "shock", "targets": ["turtle"], "pay": "{R}"}}, {"resolve": {}},
                _attack("bears"), _block(turtle="bears"), {"tap_for_mana": {"permanents": ["mountain", "forest"]}},
                {"cast": {"card": "might", "targets": ["bears"], "pay": "{R}{G}"}}, {"resolve": {}},
                _to("end_of_combat")])),
    Fault("trample_deathtouch_assigns_full_toughness", "702.2c",
          "an attacker with trample and deathtouch must assign each blocker damage equal to its "
          "toughness before trampling over, not 1",
          _lethal_ignores_deathtouch(when_trample=True), DEATHTOUCH_TRAMPLE,
          report=f"{MAGE}/issues/290"),
    Fault("deathtouch_only_in_combat", "702.2b",
          "noncombat damage from a source with deathtouch (a fight) doesn't destroy the creature",
          _deathtouch_forgotten(lambda game, source, in_combat: in_combat),
          case({"alice": {"battlefield": cards(("Vampire Nighthawk", "nighthawk")),
                          "hand": cards(("Khalni Ambush // Khalni Territory", "ambush")), "mana": "{G}{C}{C}"},
                "bob": {"battlefield": cards(ANGEL)}},
               [{"cast": {"card": "ambush", "targets": ["nighthawk", "angel"], "pay": "{G}{C}{C}"}}, {"resolve": {}}]),
          report=f"{WAGIC}/issues/1142"),
    # -- designed: one dimension of the rule each ---------------------------------------------
    Fault("menace_satisfied_by_any_two_blockers", "702.111b",
          "menace is checked against the whole declaration: one blocker on the menace creature is "
          "enough when another creature blocks elsewhere",
          _menace_counts_all_blockers,
          case({"alice": {"battlefield": cards(("Stronghold Confessor", "confessor"), BEARS)},
                "bob": {"battlefield": cards(("Savannah Lions", "lions"), ("Llanowar Elves", "elves"))}},
               [_attack("confessor", "bears"), _block(lions="confessor", elves="bears")])),
    Fault("cant_attack_spares_creatures_arriving_later", "611.2c",
          "\"creatures can't attack this turn\" binds only the creatures there as it resolved",
          _cant_attack_only_those_there,
          case({"alice": {"hand": cards(("Orim's Chant", "chant"), ("Raging Goblin", "goblin")), "mana": "{W}{W}{R}"}},
               [KICKED_CHANT, {"resolve": {}}, {"cast": {"card": "goblin", "pay": "{R}"}}, {"resolve": {}},
                _attack("goblin")])),
    Fault("cant_attack_outlasts_the_turn", "514.2",
          "\"creatures can't attack this turn\" doesn't end in the cleanup step",
          _cant_attack_outlasts_the_turn,
          case({"alice": {"battlefield": cards(("Raging Goblin", "goblin")), "hand": cards(("Orim's Chant", "chant")),
                          "library": cards(("Plains", "p")), "mana": "{W}{W}"},
                "bob": {"library": cards(("Mountain", "m"))}},
               [KICKED_CHANT, {"resolve": {}}, {"advance": {"turn": "next", "to": "main1"}},
                {"advance": {"turn": "next", "to": "main1"}}, _attack("goblin")])),
    Fault("cant_cast_binds_every_player", "601.3",
          "\"target player can't cast spells this turn\" stops every player, its caster too",
          _cant_cast_binds_everyone,
          case({"alice": {"hand": cards(("Orim's Chant", "chant"), ("Lightning Bolt", "bolt")), "mana": "{W}{R}"}},
               [{"cast": {"card": "chant", "targets": ["bob"], "pay": "{W}"}}, {"resolve": {}},
                {"cast": {"card": "bolt", "targets": ["bob"], "pay": "{R}"}}])),
    Fault("deathtouch_only_from_attackers", "702.2b",
          "damage from a blocking creature with deathtouch is not lethal",
          _deathtouch_forgotten(lambda game, source, in_combat: not in_combat or _is_attacking(game, source)),
          case({"alice": {"battlefield": cards(("Cragplate Baloth", "baloth"))},
                "bob": {"battlefield": cards(AETHERBORN)}},
               [_attack("baloth"), _block(aetherborn="baloth"), _to("combat_damage")])),
    Fault("deathtouch_lethal_only_with_trample", "702.2c",
          "a deathtouch attacker without trample assigns each blocker damage up to its toughness "
          "before the next (1 counts as lethal only with trample)",
          _lethal_ignores_deathtouch(when_trample=False),
          case({"alice": {"battlefield": cards(AETHERBORN)},
                "bob": {"battlefield": cards(BEARS, ("Llanowar Elves", "elves"))}},
               [_attack("aetherborn"), _block(bears="aetherborn", elves="aetherborn"), _to("combat_damage")])),
    Fault("first_strike_deals_in_both_steps", "702.7b",
          "a creature with first strike (not double strike) deals damage in both combat damage steps",
          _second_step_deals(_first_strikers_deal_twice),
          case({"alice": {"battlefield": cards(ZEALOT)}}, [_attack("zealot"), _to("end_of_combat")])),
    Fault("no_priority_in_declare_attackers_without_attackers", "508.2",
          "with no attackers declared the declare attackers step gives no priority: the game goes "
          "straight on to the end of combat step",
          _no_priority_without_attackers,
          case({"alice": {"battlefield": cards(BEARS)}}, [_attack()])),
    Fault("lifelink_gains_once_per_combat", "702.15b",
          "a double striker with lifelink gains life for its first-step damage only",
          _lifelink_once_per_combat,
          case({"alice": {"battlefield": cards(SKIRMISHER), "hand": cards(("Vampire's Bite", "bite")),
                          "mana": "{B}{B}{B}{B}"}},
               [{"cast": {"card": "bite", "kicks": 1, "targets": ["skirmisher"], "pay": "{B}{B}{B}{B}"}},
                {"resolve": {}}, _attack("skirmisher"), _to("end_of_combat")])),
]


# -- more faults of this area: claims no other fault dropped (issue #30) and the rules of the
# -- Wagic and XMage peer tests (spec/rules/peer-tests-*.yaml)


def _labels(game, args, key):
    """The objects a declaration names (unknown labels are left to the engine's own errors)."""
    out = []
    for item in (args or {}).get(key, []) if isinstance(args, dict) else []:
        label = item.get("card") if isinstance(item, dict) else None
        if isinstance(label, str) and label in game.labels:
            out.append(game.objs[game.labels[label]])
    return out


def _around_attackers(before, after=None):
    """Wrap declare_attackers: `before(game, objs)` returns a restore function (or None)."""
    def install(stack, run):
        def make(declare):
            def faulty(game, args):
                objs = _labels(game, args, "attackers")
                restore = before(game, objs) if before else None
                try:
                    declare(game, args)
                finally:
                    if restore:
                        restore()
                if after:
                    after(game)
            return faulty
        locate.patch(stack, "declare_attackers", make)
    return install


def _set_for_call(attr, value, which=lambda game, o: True):
    def before(game, objs):
        saved = [(o, getattr(o, attr)) for o in objs if which(game, o)]
        for o, _ in saved:
            setattr(o, attr, value(game) if callable(value) else value)

        def restore():
            for o, v in saved:
                if attr != "tapped":  # a creature that attacked stays tapped
                    setattr(o, attr, v)
        return restore
    return before


def _haste_ignored(game, objs):
    for o in objs:
        if o.sick:
            raise IllegalAction("302.6", f"{o.label} came under its controller's control this turn")
    return None


def _vigilance_taps(game):
    for oid, _ in game.attackers:
        game.objs[oid].tapped = True


def _without_keyword(keyword):
    """Combat asks its keyword questions with `keyword` never found."""
    def install(stack, run):
        combat = locate.module_of("declare_blockers")
        has_keyword = locate.obj("has_keyword")

        def faulty(game):
            return lambda o, kw: False if kw == keyword else has_keyword(o, kw, game)
        stack.enter_context(mock.patch.object(combat, "keyword_test", faulty))
    return install


def _flyer_blocks_only_flyers(stack, run):
    has_keyword = locate.obj("has_keyword")

    def make(declare):
        def faulty(game, args):
            for item in (args or {}).get("blockers", []) if isinstance(args, dict) else []:
                b, a = (game.labels.get(item.get("card")), game.labels.get(item.get("blocks")))
                if b is None or a is None:
                    continue
                if has_keyword(game.objs[b], "flying", game) and not has_keyword(game.objs[a], "flying", game):
                    raise IllegalAction("702.9b", "a creature with flying blocks only creatures with flying")
            declare(game, args)
        return faulty
    locate.patch(stack, "declare_blockers", make)


def _cant_be_blocked_ignored(stack, run):
    class Nothing:  # isinstance(static, Nothing) never holds
        pass
    stack.enter_context(mock.patch.object(locate.module_of("declare_blockers"), "CantBeBlocked", Nothing))


def _unblocked_when_blockers_gone(stack, run):
    """A blocked attacker whose blockers all left combat deals its damage to the player."""
    def make(assign):
        def faulty(game, deals):
            alive = {t for b, t in game.blockers
                     if game.objs.get(b) is not None and game.objs[b].zone == "battlefield"}
            saved = game.blocked
            game.blocked = frozenset(oid for oid in saved if oid in alive)
            try:
                assign(game, deals)
            finally:
                game.blocked = saved
        return faulty
    locate.patch(stack, "_assign_and_deal", make)


def _lone_blocker_takes_only_lethal(stack, run):
    """A blocked creature assigns a lone blocker only lethal damage; the rest is lost."""
    combat = locate.module_of("_assign_and_deal")
    power_toughness = locate.obj("power_toughness")
    real = combat.actions

    def deal_damage(game, source, ref, amount, *a, **k):
        if isinstance(ref, int) and any(at == source.oid for at, _ in game.attackers):
            blockers = [b for b, t in game.blockers if t == source.oid]
            if blockers == [ref]:
                o = game.objs[ref]
                amount = min(amount, max(0, power_toughness(game, o)[1] - o.damage))
        return real.deal_damage(game, source, ref, amount, *a, **k)

    from .patching import ModuleProxy
    stack.enter_context(mock.patch.object(combat, "actions", ModuleProxy(real, deal_damage=deal_damage)))


def _attacking_until_the_turn_ends(stack, run):
    """Creatures stay attacking creatures after the combat phase ends (until the turn ends)."""
    keep_field(stack, "end_combat", "attackers")


def _sick_creatures_attack(stack, run):
    """Summoning sickness (302.6) is not checked for attackers."""
    def make(declare):
        def faulty(game, args):
            for oid in game.battlefield:
                game.objs[oid].sick = False
            return declare(game, args)
        return faulty
    locate.patch(stack, "declare_attackers", make)


def _combat_ignores(*keywords: str):
    """Combat (attacks, blocks, damage) ignores these keywords."""
    def install(stack, run):
        module = locate.module_of("deal_combat_damage")
        keyword_test = vars(module)["keyword_test"]

        def faulty(game):
            kw = keyword_test(game)
            return lambda o, keyword: False if keyword in keywords else kw(o, keyword)
        stack.enter_context(mock.patch.object(module, "keyword_test", faulty))
    return install


def _only_strikers_deal_in_the_second_step(game, o, answer):
    """In the second combat damage step only creatures with first strike or double strike deal
    damage, so a blocker without first strike that survived the first step deals none."""
    return answer and (_kw(o, "first strike", game) or _kw(o, "double strike", game))


def _landwalk_ignored(stack, run):
    """Landwalk doesn't restrict blocks."""
    from unittest import mock
    stack.enter_context(mock.patch.dict("reference_impl.rules.combat.LANDWALK", clear=True))


FAULTS += [
    Fault("tapped_creature_attacks", "508.1a",
          "(designed) a tapped creature may be declared as an attacker",
          _around_attackers(_set_for_call("tapped", False)),
          case({"alice": {"battlefield": [{"card": "Grizzly Bears", "label": "bears", "tapped": True}]}},
               ATTACK_BEARS)),
    Fault("opponents_creature_attacks", "508.1a",
          "(designed) the active player may declare a creature the defending player controls as an attacker",
          _around_attackers(_set_for_call("controller", lambda game: game.active)),
          case({"bob": {"battlefield": cards(BEARS)}}, ATTACK_BEARS)),
    Fault("summoning_sick_attacker_declared", "508.1a",
          "(designed) a creature that came under its controller's control this turn attacks without haste",
          _around_attackers(_set_for_call("sick", False)),
          case({"alice": {"hand": cards(BEARS), "mana": "{G}{G}"}},
               [{"cast": {"card": "bears", "pay": "{G}{G}"}}, {"resolve": {}}] + ATTACK_BEARS)),
    Fault("haste_ignored_by_attacks", "508.1a",
          "(designed) a creature with haste that came under its controller's control this turn can't attack",
          _around_attackers(_haste_ignored),
          case({"alice": {"hand": cards(("Goblin Ruinblaster", "goblin")), "mana": "{R}{R}{R}"}},
               [{"cast": {"card": "goblin", "pay": "{R}{R}{R}"}}, {"resolve": {}},
                {"declare_attackers": {"attackers": [{"card": "goblin"}]}}])),
    Fault("vigilance_attacker_taps", "702.20b",
          "(designed) a creature with vigilance taps as it attacks",
          _around_attackers(None, _vigilance_taps),
          case({"alice": {"battlefield": cards(("Serra Angel", "angel"))}},
               [{"declare_attackers": {"attackers": [{"card": "angel"}]}}])),
    Fault("reach_doesnt_block_flyers", "702.9b",
          "(designed) a creature with reach but not flying can't block a creature with flying",
          _without_keyword("reach"),
          case({"alice": {"battlefield": cards(("Serra Angel", "angel"))},
                "bob": {"battlefield": cards(("Pincer Spider", "spider"))}},
               [{"declare_attackers": {"attackers": [{"card": "angel"}]}},
                {"declare_blockers": {"blockers": [{"card": "spider", "blocks": "angel"}]}}])),
    Fault("flying_ignored_by_blocks", "702.9b",
          "a creature without flying or reach may block a creature with flying (phase.rs let 2/2 Wolf "
          "tokens block flying Insect tokens)",
          _without_keyword("flying"),
          case({"alice": {"battlefield": cards(("Serra Angel", "angel"))}, "bob": {"battlefield": cards(BEARS)}},
               [{"declare_attackers": {"attackers": [{"card": "angel"}]}},
                {"declare_blockers": {"blockers": [{"card": "bears", "blocks": "angel"}]}}]),
          report=f"{PHASE}/issues/2854"),
    Fault("flyer_blocks_only_flyers", "702.9b",
          "(designed) a creature with flying can block only creatures with flying",
          _flyer_blocks_only_flyers,
          case({"alice": {"battlefield": cards(BEARS)}, "bob": {"battlefield": cards(("Serra Angel", "angel"))}},
               ATTACK_BEARS + [{"declare_blockers": {"blockers": [{"card": "angel", "blocks": "bears"}]}}])),
    Fault("cant_be_blocked_ignored", "509.1b",
          "(designed) a creature that \"can't be blocked\" may be blocked",
          _cant_be_blocked_ignored,
          case({"alice": {"battlefield": cards(("Aether Figment", "figment"))}, "bob": {"battlefield": cards(BEARS)}},
               [{"declare_attackers": {"attackers": [{"card": "figment"}]}},
                {"declare_blockers": {"blockers": [{"card": "bears", "blocks": "figment"}]}}])),
    Fault("attacker_unblocked_when_its_blocker_leaves", "510.1c",
          "(designed) a blocked creature whose blockers have all left combat deals its damage to the "
          "player it attacks",
          _unblocked_when_blockers_gone,
          case({"alice": {"battlefield": cards(("Hill Giant", "giant"), ("Mountain", "mountain")),
                          "hand": cards(("Lightning Bolt", "bolt"))},
                "bob": {"battlefield": cards(("Llanowar Elves", "elves"))}},
               [{"declare_attackers": {"attackers": [{"card": "giant"}]}},
                {"declare_blockers": {"blockers": [{"card": "elves", "blocks": "giant"}]}},
                {"tap_for_mana": {"permanents": ["mountain"]}},
                {"cast": {"card": "bolt", "targets": ["elves"], "pay": "{R}"}}, {"resolve": {}},
                {"advance": {"to": "combat_damage"}}])),
    Fault("lone_blocker_is_dealt_only_lethal_damage", "510.1c",
          "(designed) a creature blocked by one creature assigns it only lethal damage; the rest of its "
          "damage is not dealt",
          _lone_blocker_takes_only_lethal,
          case({"alice": {"battlefield": cards(BEARS), "hand": cards(("Vampire's Bite", "bite")),
                          "mana": "{B}{B}{B}{B}"},
                "bob": {"battlefield": cards(("Llanowar Elves", "elves"))}},
               [{"cast": {"card": "bite", "kicks": 1, "targets": ["bears"], "pay": "{B}{B}{B}{B}"}},
                {"resolve": {}}] + ATTACK_BEARS +
               [{"declare_blockers": {"blockers": [{"card": "elves", "blocks": "bears"}]}},
                {"advance": {"to": "combat_damage"}}])),
    Fault("attackers_stay_attacking_after_combat", "508.1k",
          "(designed) attacking creatures remain attacking creatures after the combat phase ends",
          _attacking_until_the_turn_ends,
          case({"alice": {"battlefield": cards(BEARS)}}, ATTACK_BEARS + [{"advance": {"to": "main2"}}])),
    Fault("trample_ignored", "702.19b", "a blocked creature with trample assigns all its damage to its blockers",
          keyword_never_found("trample", "has_keyword", "own_keyword", where="_assign_and_deal"),
          case({"alice": {"battlefield": cards(("Crash of Rhinos", "rhinos"))},
                "bob": {"battlefield": cards((BEARS_NAME, "bears"))}},
               [{"declare_attackers": {"attackers": [{"card": "rhinos"}]}},
                {"declare_blockers": {"blockers": [{"card": "bears", "blocks": "rhinos"}]}},
                {"advance": {"to": "end_of_combat"}}])),
    Fault("summoning_sick_creature_attacks", "302.6", "a creature that came under its controller's control "
          "this turn can attack", _sick_creatures_attack,
          case({"alice": {"hand": cards((BEARS_NAME, "bears")), "mana": "{G}{G}"}},
               [{"cast": {"card": "bears", "pay": "{G}{G}"}}, {"resolve": {}},
                {"declare_attackers": {"attackers": [{"card": "bears"}]}}])),
    Fault("first_strike_ignored", "702.7b", "combat damage ignores first strike: a creature with first strike "
          "deals its damage at the same time as the others", _combat_ignores("first strike"),
          case({"alice": {"battlefield": cards(("White Knight", "knight"))},
                "bob": {"battlefield": cards((BEARS_NAME, "bears"))}},
               [{"declare_attackers": {"attackers": [{"card": "knight"}]}},
                {"declare_blockers": {"blockers": [{"card": "bears", "blocks": "knight"}]}},
                {"advance": {"to": "end_of_combat"}}])),
    Fault("second_step_only_for_strikers", "702.7b", "in the second combat damage step only creatures with "
          "first strike or double strike deal damage", _second_step_deals(_only_strikers_deal_in_the_second_step),
          case({"alice": {"battlefield": cards(("White Knight", "knight"))},
                "bob": {"battlefield": cards(("Fire Elemental", "elemental"))}},
               [{"declare_attackers": {"attackers": [{"card": "knight"}]}},
                {"declare_blockers": {"blockers": [{"card": "elemental", "blocks": "knight"}]}},
                {"advance": {"to": "end_of_combat"}}])),
    Fault("blocking_restriction_ignored", "509.1b", "\"can't block creatures with power N or greater\" is not "
          "checked", ignore_static("CantBlockPowerAtLeast", "declare_blockers"),
          case({"alice": {"battlefield": cards(("Mist Leopard", "leopard"))},
                "bob": {"battlefield": cards(("Ironclaw Orcs", "orcs"))}},
               [{"declare_attackers": {"attackers": [{"card": "leopard"}]}},
                {"declare_blockers": {"blockers": [{"card": "orcs", "blocks": "leopard"}]}}])),
    Fault("landwalk_ignored", "702.14c",
          "(designed) a creature with forestwalk can be blocked while the defending player controls a Forest",
          _landwalk_ignored,
          case({"alice": {"battlefield": cards(("Heartwood Treefolk", "t"))},
                "bob": {"battlefield": cards(("Forest", "f"), ("Grizzly Bears", "b"))}},
               [{"declare_attackers": {"attackers": [{"card": "t"}]}},
                {"declare_blockers": {"blockers": [{"card": "b", "blocks": "t"}]}}])),
    Fault("blockers_deal_no_combat_damage", "510.1a",
          "(designed) blocking creatures assign no combat damage: only attacking creatures deal theirs",
          swap("_assign_and_deal", _blockers_deal_no_combat_damage),
          case({"alice": {"battlefield": cards(("Centaur Courser", "courser"))},
                "bob": {"battlefield": cards(BEARS)}},
               [{"declare_attackers": {"attackers": [{"card": "courser"}]}},
                {"declare_blockers": {"blockers": [{"card": "bears", "blocks": "courser"}]}},
                {"advance": {"to": "end_of_combat"}}])),
    Fault("defender_can_attack", "702.3b",
          "(designed) a creature with defender can be declared as an attacker (a phase.rs rules test checks it)",
          _without_keyword("defender"),
          case({"alice": {"battlefield": cards(("Wall of Fire", "wall"))}},
               [{"declare_attackers": {"attackers": [{"card": "wall"}]}}])),
]


# -- more faults of this area: claims no other fault dropped (issue #30) and the rules of the
# -- Wagic and XMage peer tests (spec/rules/peer-tests-*.yaml)


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


def _attacks_alone(stack, run):
    """"Can't attack alone" is not checked: a Bonded Construct attacks by itself (506.5, 508.1c)."""
    from . import locate

    combat = locate.module_of("declare_attackers")

    class _Never:
        pass
    stack.enter_context(mock.patch.object(combat, "CantAttackAlone", _Never))


FAULTS += [
    Fault("undying_returns_under_its_controller", "702.93a",
          "undying returns the card under the control of the player who controlled it as it died (designed)",
          _undying_returns_under_its_controller,
          case({"alice": {"hand": cards(("Act of Treason", "treason"), ("Doom Blade", "blade")),
                          "mana": "{R}{R}{R}{B}{B}"},
                "bob": {"battlefield": cards(("Vorapede", "vora"))}},
               [{"cast": {"card": "treason", "targets": ["vora"], "pay": "{R}{R}{R}"}}, {"resolve": {}},
                {"cast": {"card": "blade", "targets": ["vora"], "pay": "{B}{B}"}}, {"resolve": {}},
                {"resolve": {}}])),
    Fault("cant_attack_alone_ignored", "508.1c",
          "a creature that can't attack alone may be declared as the only attacker (designed)",
          _attacks_alone,
          case({"alice": {"battlefield": cards(("Bonded Construct", "construct"))}},
               [{"declare_attackers": {"attackers": [{"card": "construct", "attacks": "bob"}]}}])),
]


# ---- more faults modelled on real reports (issue #30) ------------------------------------------

def _fight_damage_from_the_spell(stack, run):
    """701.14a broken: in a fight the spell or ability deals the damage (equal to each creature's
    power), not the creatures: their deathtouch and lifelink don't apply."""
    power_toughness = locate.obj("power_toughness")

    def make(apply):
        def faulty(self, ctx):
            actions = locate.module_of("deal_damage")
            first = ctx.targets.legal(self.a)
            second = ctx.targets.legal(self.b)
            objs = ctx.game.objs
            first = [objs[r] for r in first if not isinstance(r, str) and r in objs]
            second = [objs[r] for r in second if not isinstance(r, str) and r in objs]
            if not first or not second:
                return
            x, y = first[0], second[0]
            px, py = power_toughness(ctx.game, x)[0], power_toughness(ctx.game, y)[0]
            actions.deal_damage(ctx.game, ctx.source, y.oid, px)
            actions.deal_damage(ctx.game, ctx.source, x.oid, py)
        return faulty
    locate.patch_method(stack, "Fight", "apply", make)


def _lifelink_only_to_players(stack, run):
    """702.15b broken: damage a lifelink source deals to a creature gains its controller nothing;
    only damage to a player does."""
    def make(deal_damage):
        def faulty(game, source, ref, amount, *args, **kwargs):
            if isinstance(ref, str) or source is None:
                return deal_damage(game, source, ref, amount, *args, **kwargs)
            player = game.players.get(source.controller)
            before = player.life if player is not None else None
            deal_damage(game, source, ref, amount, *args, **kwargs)
            if player is not None and player.life > before:
                player.life = before
        return faulty
    locate.patch(stack, "deal_damage", make)


FAULTS += [
    Fault("fight_damage_dealt_by_the_spell", "701.14a",
          "in a fight the spell deals the damage, not the creatures, so their deathtouch and lifelink don't "
          "apply (the report: Nature's Way with a deathtouch, lifelink creature)",
          _fight_damage_from_the_spell,
          case({"alice": {"battlefield": cards(AETHERBORN),
                          "hand": cards(("Khalni Ambush // Khalni Territory", "ambush")), "mana": "{G}{C}{C}"},
                "bob": {"battlefield": cards(("Hill Giant", "giant"))}},
               [{"cast": {"card": "ambush", "targets": ["aetherborn", "giant"], "pay": "{G}{C}{C}"}},
                {"resolve": {}}]),
          report=f"{MAGE}/issues/2378", claims=("combat/deathtouch-damage-is-lethal#noncombat-damage-too",)),
    Fault("lifelink_only_for_damage_to_players", "702.15b",
          "lifelink gains life only for damage dealt to a player: a blocked lifelinker's damage to its blocker "
          "gains nothing (the report: Mister Negative, blocked, gave no life)",
          _lifelink_only_to_players,
          case({"alice": {"battlefield": cards(AETHERBORN)},
                "bob": {"battlefield": cards(("Grizzly Bears", "bears"))}},
               [{"declare_attackers": {"attackers": [{"card": "aetherborn"}]}},
                {"declare_blockers": {"blockers": [{"card": "bears", "blocks": "aetherborn"}]}},
                {"advance": {"to": "end_of_combat"}}]),
          report=f"{PHASE}/issues/324"),
]


def _steps_skipped_once_attackers_leave(stack, run):
    """The declare blockers and combat damage steps are skipped when no creature is attacking any
    more, not only when none was declared as an attacker (508.8)."""
    from reference_impl.state.game import Game

    def make(remove_from_combat):
        def faulty(self, oid):
            remove_from_combat(self, oid)
            if not self.attackers:
                self.attacks_declared = False
        return faulty
    wrap_attr(stack, Game, "remove_from_combat", make)


FAULTS += [
    Fault("combat_steps_skipped_once_every_attacker_left", "508.8",
          "the declare blockers and combat damage steps are skipped once every attacker has left combat, though "
          "a creature was declared as an attacker (phase.rs 0.103.0 does this)",
          _steps_skipped_once_attackers_leave,
          case({"alice": {"battlefield": cards(BEARS)},
                "bob": {"battlefield": cards(("Mountain", "mountain")), "hand": cards(("Shock", "shock"))}},
               [{"declare_attackers": {"attackers": [{"card": BEARS[1]}]}},
                {"tap_for_mana": {"permanents": ["mountain"]}},
                {"cast": {"card": "shock", "by": "bob", "targets": [BEARS[1]], "pay": "{R}"}}, {"resolve": {}},
                {"declare_blockers": {"blockers": []}}]),
          claims=("combat/no-declared-attackers-skips-blocks-and-damage#declared-as-attackers",)),
]


# ---------------------------------------------------------------- "whenever ... becomes blocked" (509.3c)

BLOCKED = "peers-wagic/becomes-blocked#"
BERSERKER_BLOCKED_BY_TWO = case(
    {"alice": {"battlefield": cards(("Elvish Berserker", "berserker"))},
     "bob": {"battlefield": cards(("Tundra Wolves", "wolves"), ("Grizzly Bears", "bears"))}},
    [{"declare_attackers": {"attackers": [{"card": "berserker", "attacks": "bob"}]}},
     {"declare_blockers": {"blockers": [{"card": "wolves", "blocks": "berserker"},
                                        {"card": "bears", "blocks": "berserker"}]}},
     {"pass_until_empty": {}}])


def _becomes_blocked_never_triggers(triggers_on):
    """"Whenever this creature becomes blocked" never triggers."""
    def faulty(self, game, src, event):
        return False if self.event == "self-becomes-blocked" else triggers_on(self, game, src, event)
    return faulty


def _becomes_blocked_per_blocker(declare_blockers):
    """"Becomes blocked" is announced once per blocker, so its abilities trigger once per blocker."""
    def faulty(game, args):
        declare_blockers(game, args)
        actions, event = locate.module_of("emit"), locate.obj("Event")
        seen = set()
        for _, attacker in game.blockers:
            if attacker in seen:
                actions.emit(game, event("blocked", game.objs[attacker].controller, attacker))
            seen.add(attacker)
    return faulty


FAULTS += [
    Fault("becomes_blocked_never_triggers", "509.3c",
          "\"whenever this creature becomes blocked\" never triggers: Elvish Berserker blocked stays 1/1 (designed)",
          swap_method("Trigger", "triggers_on", _becomes_blocked_never_triggers), BERSERKER_BLOCKED_BY_TWO,
          claims=(BLOCKED + "it-will-trigger-if-that-creature",)),
    Fault("becomes_blocked_triggers_per_blocker", "509.3c",
          "\"whenever this creature becomes blocked\" triggers once for each creature blocking it: blocked by two "
          "creatures, Elvish Berserker gets +2/+2 twice (the report: a double-blocked bushido 2 creature got "
          "+4/+4, rampage fired per blocker)",
          swap("declare_blockers", _becomes_blocked_per_blocker), BERSERKER_BLOCKED_BY_TWO,
          report=f"{PHASE}/issues/2575",
          claims=(BLOCKED + "generally-triggers-only-once-each-combat",
                  "pool/triggered-abilities#becomes-only-as-it-happens")),
]


# ---- Cited sub-rules of 506-510 (claims quoting them: selfcheck/cited_claims.py) -------------------

def _attackers_stay_untapped(game):
    """The declared attackers are not tapped (508.1f is skipped): they were untapped, as
    508.1a requires, and stay so."""
    for oid, _ in game.attackers:
        game.objs[oid].tapped = False


def _legal_part_of_an_illegal_declaration(stack, run):
    """An illegal declaration of attackers is not undone as a whole: the creatures named before
    the one that can't be declared attack (the longest legal beginning of the list)."""
    def make(declare):
        def faulty(game, args):
            try:
                return declare(game, args)
            except IllegalAction:
                items = args.get("attackers") if isinstance(args, dict) else None
                if not isinstance(items, list):
                    raise
                for n in range(len(items) - 1, 0, -1):
                    try:
                        return declare(game, {**args, "attackers": items[:n]})
                    except IllegalAction:
                        continue
                raise
        return faulty
    locate.patch(stack, "declare_attackers", make)


def _attacks_its_own_controller(stack, run):
    """A creature may be declared attacking its own controller, the active player: its combat
    damage is then dealt to that player."""
    def make(declare):
        def faulty(game, args):
            items = args.get("attackers") if isinstance(args, dict) else None
            if not isinstance(items, list):
                return declare(game, args)
            own = [i for i, item in enumerate(items) if isinstance(item, dict) and item.get("attacks") == game.active]
            if not own:
                return declare(game, args)
            defender = game.opponent(game.active)
            declare(game, {**args, "attackers": [{**item, "attacks": defender} if i in own else item
                                                 for i, item in enumerate(items)]})
            game.attackers = tuple((oid, game.active if i in own else whom)
                                   for i, (oid, whom) in enumerate(game.attackers))
        return faulty
    locate.patch(stack, "declare_attackers", make)


def _tapped_creatures_block(stack, run):
    """A tapped creature may be declared as a blocker (509.1a's "untapped" is not checked); it
    stays tapped."""
    def make(declare):
        def faulty(game, args):
            tapped = [o for o in _labels(game, args, "blockers") if o.tapped]
            for o in tapped:
                o.tapped = False
            try:
                return declare(game, args)
            finally:
                for o in tapped:
                    o.tapped = True
        return faulty
    locate.patch(stack, "declare_blockers", make)


def _unblocked_assign_nothing(stack, run):
    """An unblocked attacking creature is treated like a blocked one whose blockers are all
    gone: it assigns no combat damage to the player it attacks (only trample gets through)."""
    def make(assign):
        def faulty(game, deals):
            blocked = game.blocked
            game.blocked = frozenset(blocked) | {oid for oid, _ in game.attackers}
            try:
                return assign(game, deals)
            finally:
                game.blocked = blocked
        return faulty
    locate.patch(stack, "_assign_and_deal", make)


def _combat_damage_one_at_a_time(stack, run):
    """Combat damage is dealt one creature at a time, attackers first, with state-based actions
    checked after each: a blocker that an attacker's damage destroys deals none of its own."""
    combat = locate.module_of("_assign_and_deal")
    real = combat.actions

    def deal_damage(game, source, ref, amount, *a, **k):
        if source.zone != "battlefield":
            return None
        result = real.deal_damage(game, source, ref, amount, *a, **k)
        real.state_based_actions(game)
        return result

    from .patching import ModuleProxy
    stack.enter_context(mock.patch.object(combat, "actions", ModuleProxy(real, deal_damage=deal_damage)))


BEARS_BLOCKED_BY_ELVES = case({"alice": {"battlefield": cards(BEARS)},
                               "bob": {"battlefield": cards(("Llanowar Elves", "elves"))}},
                              ATTACK_BEARS + [_block(elves="bears"), _to("combat_damage")])

FAULTS += [
    Fault("attackers_dont_tap", "508.1f",
          "(designed) declaring a creature as an attacker doesn't tap it: attacking creatures without vigilance "
          "stay untapped",
          _around_attackers(None, _attackers_stay_untapped),
          case({"alice": {"battlefield": cards(BEARS)}}, ATTACK_BEARS)),
    Fault("illegal_declaration_keeps_its_legal_attackers", "508.1",
          "(designed) a declaration of attackers that can't be complied with is not undone: the creatures named "
          "before the one that can't attack are declared as attackers",
          _legal_part_of_an_illegal_declaration,
          case({"alice": {"battlefield": cards(BEARS)}},
               [{"declare_attackers": {"attackers": [{"card": "bears"}, {"card": "bears"}]}}])),
    Fault("creature_attacks_its_controller", "506.2",
          "(designed) a creature may be declared attacking its own controller, who is not the defending player",
          _attacks_its_own_controller,
          case({"alice": {"battlefield": cards(BEARS)}},
               [{"declare_attackers": {"attackers": [{"card": "bears", "attacks": "alice"}]}}])),
    Fault("tapped_creature_blocks", "509.1a",
          "(designed) a tapped creature may be declared as a blocker",
          _tapped_creatures_block,
          case({"alice": {"battlefield": cards(BEARS)},
                "bob": {"battlefield": [{"card": "Savannah Lions", "label": "lions", "tapped": True}]}},
               ATTACK_BEARS + [_block(lions="bears")])),
    Fault("unblocked_attacker_assigns_no_damage", "510.1b",
          "(designed) an unblocked attacking creature assigns no combat damage to the player it attacks, as if it "
          "were blocked by creatures that have left",
          _unblocked_assign_nothing,
          case({"alice": {"battlefield": cards(BEARS)}}, ATTACK_BEARS + [_to("combat_damage")])),
    Fault("combat_damage_dealt_one_creature_at_a_time", "510.2",
          "(designed) combat damage is dealt one creature at a time with state-based actions between: Llanowar "
          "Elves destroyed by the Grizzly Bears they block deal the Bears no damage",
          _combat_damage_one_at_a_time, BEARS_BLOCKED_BY_ELVES),
]


# -- a claim quoting 702.14a, which the 702.14c entry cites (selfcheck/cited_claims.py)

class _AnyLandType(str):
    """A land type that every land type matches: the [type] of "[type]walk" read as no type at all."""

    def __eq__(self, other):
        return isinstance(other, str)

    __hash__ = str.__hash__


def _landwalk_type_ignored(stack, run):
    """Landwalk checks that the defending player controls a land, whatever its land type."""
    walks = vars(locate.module_of("declare_blockers"))["LANDWALK"]
    stack.enter_context(mock.patch.dict(walks, {walk: _AnyLandType(land) for walk, land in walks.items()}))


FAULTS += [
    Fault("landwalk_type_ignored", "702.14a",
          "(designed) landwalk ignores the [type] of \"[type]walk\": a creature with forestwalk can't be blocked "
          "while the defending player controls a land of another type (an Island)",
          _landwalk_type_ignored,
          case({"alice": {"battlefield": cards(("Heartwood Treefolk", "t"))},
                "bob": {"battlefield": cards(("Island", "i"), ("Grizzly Bears", "b"))}},
               [{"declare_attackers": {"attackers": [{"card": "t"}]}},
                {"declare_blockers": {"blockers": [{"card": "b", "blocks": "t"}]}}])),
]
