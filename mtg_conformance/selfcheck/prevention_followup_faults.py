"""Faulty engines for prevention effects with an additional effect (615.5: Refraction Trap's "Prevent the
next 3 damage that a source of your choice would deal to you and/or permanents you control this turn. If
damage is prevented this way, Refraction Trap deals that much damage to any target.", Deflecting Palm's
"The next time a source of your choice would deal damage to you this turn, prevent that damage. If damage
is prevented this way, Deflecting Palm deals that much damage to that source's controller.") and for "damage
can't be prevented this turn" (615.12, Wild Slash's ferocious). Each drops claims of
spec/rules/peer-tests-prevention.yaml. They patch the reference engine by name
(rules/replacement.py's PreventFromChosenSource, rules/actions.py's additional_effects,
rules/prevention.py's damage_cant_be_prevented and DamageCantBePreventedThisTurn).
"""

from __future__ import annotations

from dataclasses import replace
from unittest import mock

from reference_impl.state.game import IllegalAction

from . import locate
from .fault import Fault, cards, case

FOLLOW = "peers-prevention/a-prevention-effect-with-an-additional-effect#"
TURN = "peers-prevention/damage-cant-be-prevented-this-turn#"
DIVIDED = "peers-prevention/a-prevention-shield-divided-among-targets#"
APPLIED = "peers-prevention/prevention-effects-applied-to-damage-that-cant-be-prevented#"
SELF = "PreventDamageToSelfThen"
DIED = "peers-prevention/a-chosen-permanent-that-dies-and-deals-damage#"
EFFECT = "PreventFromChosenSource"

BOLT = ("Lightning Bolt", "bolt")
TRAP = ("Refraction Trap", "trap")
PALM = ("Deflecting Palm", "palm")
ANGEL = ("Serra Angel", "angel")
HANDS = ("Mending Hands", "hands")


def _against(spell, label, target="bob", defence=TRAP, defence_targets=("alice",), x=None, mana="{R}",
             alice_battlefield=(), bob_battlefield=(), alice_first=()) -> dict:
    """Alice's `spell` at `target`; bob's `defence` (Refraction Trap at alice, or Deflecting Palm)
    chooses it as the source as it resolves."""
    defence_label = defence[1]
    cast = {"card": label, "targets": [target], "pay": mana}
    if x is not None:
        cast["x"] = x
    trap = {"card": defence_label, "by": "bob", "pay": "{W}{C}{C}{C}" if defence is TRAP else "{R}{W}"}
    if defence is TRAP:
        trap["targets"] = list(defence_targets)
    first = []
    hand = [spell]
    for c, step in alice_first:
        hand.insert(0, c)
        first += [step, {"resolve": {}}]
    extra = "{W}" if alice_first else ""
    return case({"alice": {"battlefield": cards(*alice_battlefield), "hand": cards(*hand), "mana": extra + mana},
                 "bob": {"battlefield": cards(*bob_battlefield), "hand": cards(defence),
                         "mana": "{W}{C}{C}{C}" if defence is TRAP else "{R}{W}"}},
                [*first, {"cast": cast}, {"cast": trap}, {"resolve": {"choices": {"damage_source": label}}},
                 {"resolve": {}}])


def _no_additional_effect(stack, run):
    """The prevention happens, its additional effect never does."""
    def make(_original):
        def faulty(game):
            game.followups = ()
        return faulty
    locate.patch(stack, "additional_effects", make)


def _followups_rewritten(stack, rewrite):
    """PreventFromChosenSource.apply, with the additional effect's record rewritten by
    `rewrite(effect, ev, before, record)` (`before`: the damage the event would have dealt)."""
    def make(original):
        def apply(self, game, src, ev):
            before, queued = ev.amount, len(game.followups)
            original(self, game, src, ev)
            if len(game.followups) > queued:
                *kept, record = game.followups
                game.followups = tuple(kept) + (rewrite(self, ev, before, record),)
        return apply
    locate.patch_method(stack, EFFECT, "apply", make)


def _deals_the_shield(stack, run):
    """The additional effect deals the shield's amount (Refraction Trap's 3), not the damage it prevented."""
    _followups_rewritten(stack, lambda e, ev, before, r: r[:2] + (e.left if e.left is not None else r[2],))


def _deals_the_whole_damage(stack, run):
    """The additional effect deals all the damage the source would have dealt, not only what was prevented."""
    _followups_rewritten(stack, lambda e, ev, before, r: r[:2] + (before,))


def _to_the_owner(stack, run):
    """"That source's controller" is read as its owner."""
    def rewrite(e, ev, before, r):
        return (r[0], ev.source.owner if e.to is None else r[1], r[2])
    _followups_rewritten(stack, rewrite)


def _next_time_counts_three(stack, run):
    """"The next time a source would deal damage, prevent that damage" prevents at most 3 of it, as a
    "prevent the next 3 damage" shield would."""
    def make(original):
        def apply(self, game, src, ev):
            if self.left is not None:
                return original(self, game, src, ev)
            original(replace(self, left=3), game, src, ev)  # (a copy: the effect itself stays listed)
            game.replacements = tuple(e for e in game.replacements if e is not self)  # used up
        return apply
    locate.patch_method(stack, EFFECT, "apply", make)


def _only_the_player(stack, run):
    """A shield on "you and/or permanents you control" watches only the player."""
    def make(original):
        def applies(self, game, src, ev):
            return isinstance(ev.ref, str) and original(self, game, src, ev)
        return applies
    locate.patch_method(stack, EFFECT, "applies", make)


def _also_the_permanents(stack, run):
    """A shield on "you" watches the permanents that player controls too."""
    def make(original):
        def applies(self, game, src, ev):
            return original(replace(self, permanents=True), game, src, ev)
        return applies
    locate.patch_method(stack, EFFECT, "applies", make)


def _follow_up_unpreventable(stack, run):
    """The damage an additional effect deals escapes the prevention effects (XMage: Dromoka's Command
    didn't prevent the damage Deflecting Palm dealt)."""
    def make(original):
        def faulty(game):
            old = game.unpreventable
            game.unpreventable = True
            try:
                original(game)
            finally:
                game.unpreventable = old
        return faulty
    locate.patch(stack, "additional_effects", make)


def _follows_unprevented_damage(stack, run):
    """A prevention effect applied to damage that can't be prevented still has its "if damage is prevented
    this way" effect, with the amount it would have prevented."""
    def make_applies(original):
        def applies(self, game, src, ev):
            if not game.unpreventable:
                return original(self, game, src, ev)
            game.unpreventable = False
            try:
                return original(self, game, src, ev)
            finally:
                game.unpreventable = True
        return applies

    def make_apply(original):
        def apply(self, game, src, ev):
            amount = ev.amount
            original(self, game, src, ev)
            if game.unpreventable:
                ev.amount = amount  # nothing is prevented, the rest happens
        return apply
    locate.patch_method(stack, EFFECT, "applies", make_applies)
    locate.patch_method(stack, EFFECT, "apply", make_apply)


def _turn_effect_ignored(stack, run):
    """"Damage can't be prevented this turn" does nothing."""
    locate.patch_method(stack, "DamageCantBePreventedThisTurn", "apply", lambda _original: lambda self, ctx: None)


def _turn_effect_used_up(stack, run):
    """"Damage can't be prevented this turn" applies to the next damage dealt only (the spell's own)."""
    def make(original):
        def faulty(game):
            if not original(game):
                return False
            entry = locate.module_of("damage_cant_be_prevented").CANT_BE_PREVENTED_THIS_TURN
            game.prevention = tuple(e for e in game.prevention if e != entry)
            return True
        return faulty
    locate.patch(stack, "damage_cant_be_prevented", make)


def _condition_ignored(stack, run):
    """Ferocious is not checked: "damage can't be prevented this turn" whatever the creatures."""
    def make(original):
        def apply(self, ctx):
            original(replace(self, condition=None), ctx)
        return apply
    locate.patch_method(stack, "DamageCantBePreventedThisTurn", "apply", make)


def _outlasts_the_turn(stack, run):
    """"Damage can't be prevented this turn" doesn't end in the cleanup step."""
    def make(original):
        def faulty(game, choices):
            entry = locate.module_of("damage_cant_be_prevented").CANT_BE_PREVENTED_THIS_TURN
            kept = entry in game.prevention
            original(game, choices)
            if kept and entry not in game.prevention:
                game.prevention = game.prevention + (entry,)
        return faulty
    locate.patch(stack, "_cleanup", make)


def _not_redirected(stack, run):
    """Damage that can't be prevented can't be redirected either (redirection handled as prevention)."""
    def make(original):
        def faulty(game, to):
            return None if game.unpreventable else original(game, to)
        return faulty
    locate.patch(stack, "redirect_recipient", make)


def _whole_to_each(stack, run):
    """Each target of a divided shield gets a shield of the whole amount, not its share."""
    def make(original):
        def apply(self, ctx):
            info = ctx.info
            if info.division:
                total = sum(info.division)
                ctx.info = replace(info, division=(total,) * len(info.division))
            try:
                original(self, ctx)
            finally:
                ctx.info = info
        return apply
    locate.patch_method(stack, "PreventNextDamageDivided", "apply", make)


def _division_unchecked(needle):
    """_announce_division, accepting the announced shares whatever its check whose message has `needle`."""
    def install(stack, run):
        def make(announce):
            def faulty(game, card, info, targets, given, name):
                try:
                    return announce(game, card, info, targets, given, name)
                except IllegalAction as e:
                    if needle not in str(e) or not isinstance(given, dict):
                        raise
                    refs = {game.labels.get(t, t): n for t, n in given.items()}
                    return tuple(refs.get(r, 0) for group in targets[:1] for r in group)
            return faulty
        locate.patch(stack, "_announce_division", make)
    return install


def _divided_prevents_all(stack, run):
    """A divided shield prevents all damage to its targets this turn, not the next N."""
    def make(original):
        def apply(self, ctx):
            before = ctx.game.prevention
            original(self, ctx)
            made = ctx.game.prevention[len(before):]
            ctx.game.prevention = before + tuple(("all-to-object", e[1], e[2]) if e[2] is not None else ("all-to", e[1])
                                                 for e in made)
        return apply
    locate.patch_method(stack, "PreventNextDamageDivided", "apply", make)


def _kicker_permanents_skipped(stack, run):
    """A kicker cost paid with permanents ("Kicker—Sacrifice a land.") is never paid."""
    def make(original):
        def faulty(game, caster, costs, x, choices, name, spell_colors=(), source=None):
            kept = tuple(c for c in costs if getattr(c, "kicker", None) is None)
            if len(kept) != len(costs):
                choices = {k: v for k, v in choices.items() if k != "sacrifice_cost"}
            return original(game, caster, kept, x, choices, name, spell_colors, source)
        return faulty
    locate.patch(stack, "pay_permanent_costs", make)


def _kicker_permanents_always(stack, run):
    """A kicker cost paid with permanents is paid as an additional cost of every cast, kicked or not."""
    cards_module = locate.module_of("card_def")
    changed = {name: replace(card, additional_costs=tuple(replace(c, kicker=None) if getattr(c, "kicker", None)
                                                          else c for c in card.additional_costs))
               for name, card in cards_module.CARDS.items()
               if any(getattr(c, "kicker", None) for c in card.additional_costs)}
    stack.enter_context(mock.patch.dict(cards_module.CARDS, changed))


def _self_prevention_skipped_if_unpreventable(stack, run):
    """A prevention effect isn't applied at all to damage that can't be prevented: its additional effect
    doesn't happen (Polukranos keeps its counters)."""
    def make(original):
        def applies(self, game, src, ev):
            return not game.unpreventable and original(self, game, src, ev)
        return applies
    locate.patch_method(stack, SELF, "applies", make)


def _self_prevention_prevents_anyway(stack, run):
    """A prevention effect with an additional effect prevents damage that can't be prevented (the additional
    effect happens, the damage doesn't)."""
    def make(original):
        def apply(self, game, src, ev):
            was = game.unpreventable
            game.unpreventable = False
            try:
                original(self, game, src, ev)
            finally:
                game.unpreventable = was
        return apply
    locate.patch_method(stack, SELF, "apply", make)


def _counts_unprevented(stack, run):
    """"For each 1 damage prevented this way" counts damage that wasn't prevented (could not be)."""
    def make(original):
        def apply(self, game, src, ev):
            n = ev.amount
            original(self, game, src, ev)
            if self.put and game.unpreventable:
                locate.obj("put_counters")(game, src, self.put, n)
        return apply
    locate.patch_method(stack, SELF, "apply", make)


def _no_additional_counters(stack, run):
    """A static prevention effect prevents the damage and forgets its additional effect (no counters
    removed or put)."""
    def make(original):
        def apply(self, game, src, ev):
            original(replace(self, remove=None, put=None), game, src, ev)
        return apply
    locate.patch_method(stack, SELF, "apply", make)


def _leyline_ignored(stack, run):
    """"Damage can't be prevented." of a permanent's static ability is ignored (only the one-turn effect counts)."""
    def make(_original):
        def faulty(game):
            return locate.module_of("damage_cant_be_prevented").CANT_BE_PREVENTED_THIS_TURN in game.prevention
        return faulty
    locate.patch(stack, "damage_cant_be_prevented", make)


def _gains_life_anyway(stack, run):
    """"Players can't gain life." is ignored."""
    locate.patch(stack, "_cant_gain_life", lambda _original: lambda game: False)


_POLUKRANOS = {"card": "Polukranos, Unchained", "label": "polukranos", "counters": {"+1/+1": 6}}


def _pyroclasm(leyline=True):
    battlefield = [_POLUKRANOS, {"card": "Phyrexian Hydra", "label": "hydra"}]
    if leyline:
        battlefield.append({"card": "Leyline of Punishment", "label": "leyline"})
    return case({"alice": {"battlefield": battlefield, "hand": cards(("Pyroclasm", "pyroclasm")), "mana": "{R}{C}"}},
                [{"cast": {"card": "pyroclasm", "pay": "{R}{C}"}}, {"resolve": {}}])


def _lki_not_the_chosen_source(stack, run):
    """A chosen permanent that died is not the source of its leaves-the-battlefield ability's damage (the
    effect follows only the object itself, never its last known information)."""
    def make(_original):
        def faulty(game, source, oid, moves, zone):
            return locate.obj("is_chosen_source")(source, oid, moves, zone)
        return faulty
    locate.patch(stack, "chosen_or_last_known", make)



_BEARS = ("Balduvian Bears", "bears")
_REMEDY = ("Pollen Remedy", "remedy")


_SLASH = ("Wild Slash", "slash")
_SHIELDED_BOB = {"hand": cards(HANDS), "mana": "{W}"}
_SHIELD = [{"cast": {"card": "hands", "by": "bob", "targets": ["bob"], "pay": "{W}"}}, {"resolve": {}}]


def _slash_at_shielded_bob(alice_battlefield=(ANGEL,), more=(), shock=False):
    hand = [_SLASH] + ([("Shock", "shock")] if shock else [])
    steps = [*_SHIELD, {"cast": {"card": "slash", "targets": ["bob"], "pay": "{R}"}}, {"resolve": {}}]
    if shock:
        steps += [{"cast": {"card": "shock", "targets": ["bob"], "pay": "{R}"}}, {"resolve": {}}]
    return case({"alice": {"battlefield": cards(*alice_battlefield), "hand": cards(*hand),
                           "mana": "{R}{R}" if shock else "{R}"}, "bob": _SHIELDED_BOB}, steps + list(more))


FAULTS = [
    Fault("prevention_additional_effect_never_happens", "615.5",
          "(designed) a prevention effect's additional effect never happens: Refraction Trap prevents the damage "
          "and deals none",
          _no_additional_effect, _against(BOLT, "bolt"),
          claims=(FOLLOW + "prevention-then-the-rest",)),
    Fault("prevention_additional_effect_deals_the_shield", "615.5",
          "(designed) \"deals that much damage\" deals the shield's amount (3) instead of the damage it prevented "
          "(Shock's 2)",
          _deals_the_shield, _against(("Shock", "shock"), "shock"),
          claims=(FOLLOW + "the-amount-prevented",)),
    Fault("prevention_additional_effect_deals_the_original_damage", "615.5",
          "(designed) \"deals that much damage\" deals all the damage the source would have dealt (Lava Burst's 5), "
          "not the 3 the shield prevented",
          _deals_the_whole_damage, _against(("Lava Burst", "burst"), "burst", x=5, mana="{R}{C}{C}{C}{C}{C}"),
          claims=(FOLLOW + "the-amount-prevented",)),
    Fault("next_time_prevention_counts_like_a_shield", "615.8",
          "(designed) \"the next time a source would deal damage, prevent that damage\" prevents only 3 of it, "
          "as a numbered shield would",
          _next_time_counts_three,
          _against(("Lava Burst", "burst"), "burst", defence=PALM, x=5, mana="{R}{C}{C}{C}{C}{C}"),
          claims=(FOLLOW + "the-next-time-all-of-it",)),
    Fault("prevention_shield_ignores_your_permanents", "615.7",
          "(designed) a shield on \"you and/or permanents you control\" watches only the player: Refraction Trap "
          "doesn't save the Hill Giant",
          _only_the_player, _against(BOLT, "bolt", target="giant", bob_battlefield=(("Hill Giant", "giant"),)),
          claims=(FOLLOW + "to-you-and-your-permanents",)),
    Fault("next_time_prevention_covers_your_permanents", "615.7",
          "(designed) Deflecting Palm's shield on \"you\" also covers the permanents its controller controls",
          _also_the_permanents,
          _against(BOLT, "bolt", target="giant", defence=PALM, bob_battlefield=(("Hill Giant", "giant"),)),
          claims=(FOLLOW + "to-you-and-your-permanents",)),
    Fault("prevention_additional_effect_to_the_sources_owner", "109.4",
          "(designed) Deflecting Palm's \"that source's controller\" is the source's owner: a stolen Hill Giant's "
          "prevented damage is dealt back to bob",
          _to_the_owner,
          case({"alice": {"hand": cards(("Act of Treason", "treason")), "mana": "{R}{C}{C}"},
                "bob": {"battlefield": cards(("Hill Giant", "giant"), ("Mountain", "mountain"), ("Plains", "plains")),
                        "hand": cards(PALM)}},
               [{"cast": {"card": "treason", "targets": ["giant"], "pay": "{R}{C}{C}"}}, {"resolve": {}},
                {"declare_attackers": {"attackers": [{"card": "giant", "attacks": "bob"}]}},
                {"declare_blockers": {"blockers": []}}, {"tap_for_mana": {"permanents": ["mountain", "plains"]}},
                {"cast": {"card": "palm", "by": "bob", "pay": "{R}{W}"}},
                {"resolve": {"choices": {"damage_source": "giant"}}}, {"advance": {"to": "end_of_combat"}}]),
          claims=(FOLLOW + "the-sources-controller",)),
    Fault("prevention_additional_damage_escapes_prevention", "120.4b",
          "the damage a prevention effect's additional effect deals can't itself be prevented: alice's Mending "
          "Hands doesn't stop Deflecting Palm's 3 (XMage: Dromoka's Command didn't prevent Deflecting Palm's damage)",
          _follow_up_unpreventable,
          _against(BOLT, "bolt", defence=PALM,
                   alice_first=((HANDS, {"cast": {"card": "hands", "targets": ["alice"], "pay": "{W}"}}),)),
          report="https://github.com/magefree/mage/issues/2822",
          claims=(FOLLOW + "the-follow-up-is-damage",)),
    Fault("unprevented_damage_still_deals_that_much", "615.12",
          "(designed) a prevention effect applied to damage that can't be prevented still deals \"that much\": "
          "Deflecting Palm against ferocious Wild Slash deals 2 to alice",
          _follows_unprevented_damage,
          _against(_SLASH, "slash", defence=PALM, alice_battlefield=(ANGEL,)),
          claims=(TURN + "nothing-prevented-nothing-follows",)),
    Fault("cant_be_prevented_this_turn_ignored", "615.12",
          "(designed) \"damage can't be prevented this turn\" does nothing: ferocious Wild Slash is prevented by a "
          "shield",
          _turn_effect_ignored, _slash_at_shielded_bob(),
          claims=(TURN + "all-damage-this-turn",)),
    Fault("cant_be_prevented_this_turn_used_up", "615.12",
          "(designed) \"damage can't be prevented this turn\" applies to the next damage only: a later Shock is "
          "prevented",
          _turn_effect_used_up, _slash_at_shielded_bob(shock=True),
          claims=(TURN + "all-damage-this-turn",)),
    Fault("cant_be_prevented_condition_ignored", "608.2c",
          "(designed) Wild Slash's ferocious condition is not checked: without a creature of power 4 or greater its "
          "damage still can't be prevented",
          _condition_ignored, _slash_at_shielded_bob(alice_battlefield=(("Silvercoat Lion", "lion"),)),
          claims=(TURN + "only-if-ferocious",)),
    Fault("cant_be_prevented_outlasts_the_turn", "514.2",
          "(designed) \"damage can't be prevented this turn\" doesn't end with the turn",
          _outlasts_the_turn,
          case({"alice": {"battlefield": cards(ANGEL, ("Mountain", "mountain")),
                          "hand": cards(_SLASH, ("Shock", "shock")), "mana": "{R}"},
                "bob": {"battlefield": cards(("Plains", "plains")), "hand": cards(HANDS),
                        "library": cards(("Island", "bdraw"))}},
               [{"cast": {"card": "slash", "targets": ["bob"], "pay": "{R}"}}, {"resolve": {}},
                {"advance": {"turn": "next", "to": "main1"}}, {"tap_for_mana": {"permanents": ["plains"]}},
                {"cast": {"card": "hands", "targets": ["bob"], "pay": "{W}"}}, {"resolve": {}},
                {"tap_for_mana": {"permanents": ["mountain"]}},
                {"cast": {"card": "shock", "by": "alice", "targets": ["bob"], "pay": "{R}"}}, {"resolve": {}}]),
          claims=(TURN + "only-this-turn",)),
    Fault("unpreventable_damage_not_redirected", "614.9",
          "(designed) damage that can't be prevented can't be redirected either: Harm's Way leaves ferocious Wild "
          "Slash's damage on the Birds of Paradise",
          _not_redirected,
          case({"alice": {"battlefield": cards(ANGEL, ("Silvercoat Lion", "lion")), "hand": cards(_SLASH),
                          "mana": "{R}"},
                "bob": {"battlefield": cards(("Birds of Paradise", "birds")), "hand": cards(("Harm's Way", "harm")),
                        "mana": "{W}"}},
               [{"cast": {"card": "slash", "targets": ["birds"], "pay": "{R}"}},
                {"cast": {"card": "harm", "by": "bob", "targets": ["lion"], "pay": "{W}"}},
                {"resolve": {"choices": {"damage_source": "slash"}}}, {"resolve": {}}]),
          claims=(TURN + "still-redirected",)),
    Fault("divided_shield_whole_to_each_target", "601.2d",
          "(designed) each target of a divided prevention shield gets the whole amount, not its announced share",
          _whole_to_each,
          case({"alice": {"battlefield": cards(_BEARS), "hand": cards(_REMEDY), "mana": "{W}"},
                "bob": {"hand": cards(BOLT), "mana": "{R}"}},
               [{"cast": {"card": "remedy", "targets": ["bears", "alice"], "divide": {"bears": 2, "alice": 1},
                          "pay": "{W}"}}, {"resolve": {}},
                {"cast": {"card": "bolt", "by": "bob", "targets": ["bears"], "pay": "{R}"}}, {"resolve": {}}]),
          claims=(DIVIDED + "the-shield-is-divided",)),
    Fault("divided_shield_zero_share_accepted", "601.2d",
          "(designed) a division that gives a target 0 (Pollen Remedy's 3 and 0) is accepted",
          _division_unchecked("at least 1"),
          case({"alice": {"battlefield": cards(_BEARS), "hand": cards(_REMEDY), "mana": "{W}"}},
               [{"cast": {"card": "remedy", "targets": ["bears", "alice"], "divide": {"bears": 3, "alice": 0},
                          "pay": "{W}"}}]),
          claims=(DIVIDED + "at-least-one-each",)),
    Fault("divided_shield_more_than_its_total", "601.2d",
          "(designed) a prevention shield may be divided into more than its total (Pollen Remedy's 3 as 3 and 1)",
          _division_unchecked("add up"),
          case({"alice": {"battlefield": cards(_BEARS), "hand": cards(_REMEDY), "mana": "{W}"}},
               [{"cast": {"card": "remedy", "targets": ["bears", "alice"], "divide": {"bears": 3, "alice": 1},
                          "pay": "{W}"}}]),
          claims=(DIVIDED + "at-least-one-each",)),
    Fault("divided_shield_prevents_everything", "615.7",
          "(designed) Pollen Remedy's shields prevent all damage to their targets this turn, not the next 3",
          _divided_prevents_all,
          case({"alice": {"battlefield": cards(_BEARS), "hand": cards(_REMEDY, BOLT, ("Lightning Bolt", "bolt2")),
                          "mana": "{W}{R}{R}"}},
               [{"cast": {"card": "remedy", "targets": ["bears"], "pay": "{W}"}}, {"resolve": {}},
                {"cast": {"card": "bolt", "targets": ["bears"], "pay": "{R}"}}, {"resolve": {}},
                {"cast": {"card": "bolt2", "targets": ["bears"], "pay": "{R}"}}, {"resolve": {}}]),
          claims=(DIVIDED + "a-shield-of-the-next-n",)),
    Fault("non_mana_kicker_cost_not_paid", "702.33a",
          "(designed) a kicker cost that isn't mana (Pollen Remedy's \"Sacrifice a land\") is never paid: the spell "
          "is kicked for free",
          _kicker_permanents_skipped,
          case({"alice": {"battlefield": cards(_BEARS, ("Swamp", "swamp")), "hand": cards(_REMEDY), "mana": "{W}"}},
               [{"cast": {"card": "remedy", "kicks": 1, "targets": ["bears"], "pay": "{W}",
                          "choices": {"sacrifice_cost": ["swamp"]}}}]),
          claims=(DIVIDED + "kicker-paid-with-a-land",)),
    Fault("non_mana_kicker_cost_always_paid", "702.33a",
          "(designed) a kicker cost that isn't mana is paid by every cast, kicked or not: unkicked Pollen Remedy "
          "sacrifices a land",
          _kicker_permanents_always,
          case({"alice": {"battlefield": cards(_BEARS, ("Island", "island")), "hand": cards(_REMEDY), "mana": "{W}"}},
               [{"cast": {"card": "remedy", "targets": ["bears"], "pay": "{W}"}}]),
          claims=(DIVIDED + "kicker-paid-with-a-land",)),
    Fault("prevention_not_applied_to_unpreventable_damage", "615.12",
          "(designed) a prevention effect isn't applied to damage that can't be prevented: under Leyline of "
          "Punishment Polukranos keeps the +1/+1 counters its additional effect removes",
          _self_prevention_skipped_if_unpreventable, _pyroclasm(),
          claims=(APPLIED + "additional-effects-take-place",)),
    Fault("prevention_with_additional_effect_prevents_anyway", "615.12",
          "a prevention effect with an additional effect still prevents damage that can't be prevented (XMage: The "
          "Mindskinner under Leyline of Punishment mills and deals no damage): Polukranos is dealt nothing",
          _self_prevention_prevents_anyway, _pyroclasm(),
          report="https://github.com/magefree/mage/issues/13992",
          claims=(APPLIED + "additional-effects-take-place",)),
    Fault("prevented_this_way_counts_unprevented_damage", "615.12",
          "(designed) \"for each 1 damage prevented this way\" counts damage that couldn't be prevented: Phyrexian "
          "Hydra gets -1/-1 counters under Leyline of Punishment",
          _counts_unprevented, _pyroclasm(),
          claims=(APPLIED + "additional-effects-take-place",)),
    Fault("static_prevention_without_its_additional_effect", "615.5",
          "(designed) a static prevention effect prevents the damage and drops its additional effect: Polukranos "
          "keeps its counters, Phyrexian Hydra gets none",
          _no_additional_counters, _pyroclasm(leyline=False),
          claims=(APPLIED + "the-amount-prevented-this-way",)),
    Fault("damage_cant_be_prevented_static_ignored", "615.12",
          "(designed) Leyline of Punishment's \"Damage can't be prevented.\" is ignored: a Mending Hands shield "
          "prevents a Shock",
          _leyline_ignored,
          case({"alice": {"battlefield": cards(("Leyline of Punishment", "leyline")), "hand": cards(("Shock", "shock")),
                          "mana": "{R}"}, "bob": _SHIELDED_BOB},
               [*_SHIELD, {"cast": {"card": "shock", "targets": ["bob"], "pay": "{R}"}}, {"resolve": {}}]),
          claims=(APPLIED + "from-a-static-ability",)),
    Fault("players_cant_gain_life_ignored", "101.2",
          "(designed) Leyline of Punishment's \"Players can't gain life.\" is ignored: Revitalize gains 3 life",
          _gains_life_anyway,
          case({"alice": {"hand": cards(("Revitalize", "revitalize")), "library": cards(("Island", "island")),
                          "mana": "{W}{C}"},
                "bob": {"battlefield": cards(("Leyline of Punishment", "leyline"))}},
               [{"cast": {"card": "revitalize", "pay": "{W}{C}"}}, {"resolve": {}}]),
          claims=(APPLIED + "players-cant-gain-life",)),
    Fault("chosen_source_forgotten_when_it_dies", "609.7a",
          "(designed) a chosen permanent that dies is no longer the chosen source: Magma Phoenix's dies trigger, "
          "dealing damage as the Phoenix last existed, is not redirected by Harm's Way",
          _lki_not_the_chosen_source,
          case({"alice": {"hand": cards(("Harm's Way", "harm"), BOLT), "mana": "{W}{R}"},
                "bob": {"battlefield": cards(("Magma Phoenix", "phoenix"))}},
               [{"cast": {"card": "harm", "targets": ["bob"], "pay": "{W}"}},
                {"resolve": {"choices": {"damage_source": "phoenix"}}},
                {"cast": {"card": "bolt", "targets": ["phoenix"], "pay": "{R}"}}, {"resolve": {}}, {"resolve": {}}]),
          claims=(DIED + "damage-dealt-by-that-permanent",)),
    Fault("source_controller_read_from_the_card", "608.2h",
          "(designed) \"that source's controller\" of a permanent that died is its owner as a card now, not its "
          "controller as it last existed: Deflecting Palm against a dying Magma Phoenix alice controlled but bob "
          "owns hits bob",
          _to_the_owner,
          case({"alice": {"hand": cards(("Act of Treason", "treason"), BOLT), "mana": "{R}{C}{C}{R}"},
                "bob": {"battlefield": cards(("Magma Phoenix", "phoenix")), "hand": cards(PALM), "mana": "{R}{W}"}},
               [{"cast": {"card": "treason", "targets": ["phoenix"], "pay": "{R}{C}{C}"}}, {"resolve": {}},
                {"cast": {"card": "palm", "by": "bob", "pay": "{R}{W}"}},
                {"resolve": {"choices": {"damage_source": "phoenix"}}},
                {"cast": {"card": "bolt", "targets": ["phoenix"], "pay": "{R}"}}, {"resolve": {}}, {"resolve": {}}]),
          claims=(DIED + "as-it-last-existed",)),
]
