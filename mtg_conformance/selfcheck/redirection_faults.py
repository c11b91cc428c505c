"""Faulty engines for redirection effects (614.9): Harm's Way's "The next 2 damage that a source
of your choice would deal to you and/or permanents you control this turn is dealt to any target
instead." and Glarecaster's "The next time damage would be dealt to this creature and/or you this
turn, that damage is dealt to any target instead." Each drops claims of
spec/rules/redirection.yaml or of the XMage and Forge ports in
spec/rules/peer-tests-xmage-redirection.yaml and spec/rules/peer-tests-forge-redirection.yaml;
all are designed (no public report known). They patch the reference engine's redirection helpers
by name (reference_impl/rules/replacement.py, rules/actions.py).
"""

from __future__ import annotations

from contextlib import contextmanager
from dataclasses import replace

from . import locate
from .fault import Fault, cards, case
from .patching import wrap_attr

REDIRECT = "redirection/redirection-effects#"


def _guards_the_card_not_the_object(stack, run):
    """Razia's "next 3 damage to target creature you control" follows the card: the guarded permanent
    is compared by its object id alone, so the one Cloudshift returned is still guarded (400.7 ignored)."""
    def make(original):
        def applies(self, game, src, ev):
            o = None if isinstance(ev.ref, str) else game.objs.get(ev.ref)
            if self.guarded is not None and o is not None and o.zone == "battlefield" and o.oid == self.guarded[0]:
                return original(replace(self, guarded=(o.oid, o.moves)), game, src, ev)
            return original(self, game, src, ev)
        return applies
    wrap_attr(stack, locate.obj("RedirectNextToPermanent"), "applies", make)
PEER = "peers-xmage/redirection#"
FORGE = "peers-forge/redirection#"

BOLT = ("Lightning Bolt", "bolt")
HARM = ("Harm's Way", "harm")


def _bolt_redirected_to(label: str, alice_battlefield=(), bob_hand=(), bob_mana="{W}", more=()) -> dict:
    """Alice's Lightning Bolt at bob; bob's Harm's Way sends its damage to `label`, choosing the Bolt."""
    return case({"alice": {"battlefield": cards(*alice_battlefield), "hand": cards(BOLT), "mana": "{R}"},
                 "bob": {"hand": cards(HARM, *bob_hand), "mana": bob_mana}},
                [{"cast": {"card": "bolt", "targets": ["bob"], "pay": "{R}"}},
                 {"cast": {"card": "harm", "by": "bob", "targets": [label], "pay": "{W}"}},
                 {"resolve": {"choices": {"damage_source": "bolt"}}}, *more, {"resolve": {}}])


def _ignored(stack, run):
    """The redirection effect never applies: the damage is dealt where it would have been."""
    locate.patch_method(stack, "RedirectFromChosenSource", "applies",
                        lambda _original: lambda self, game, src, ev: False)


def _plain(original):
    """Redirected damage reaches its new recipient as bare life loss or marked damage, not as
    damage dealt by its source: no deathtouch, lifelink or prevention follows it."""
    def faulty(game, source, ref, amount, selfs=()):
        dealt = original(game, source, ref, amount, selfs)
        kept = []
        for to, n in dealt:
            if to == ref or n <= 0:
                kept.append((to, n))
            elif isinstance(to, str):
                game.players[to].life -= n
            else:
                game.objs[to].damage += n
        return tuple(kept) or ((ref, 0),)
    return faulty


def _lost_source(stack, run):
    locate.patch(stack, "replace_damage", _plain)


def _skips_prevention(stack, run):
    """The new recipient's prevention effects and protection don't see redirected damage (as if
    prevention had been settled for the original recipient already)."""
    sent = set()

    def make_replace(original):
        def faulty(game, source, ref, amount, selfs=()):
            dealt = original(game, source, ref, amount, selfs)
            sent.clear()
            sent.update(to for to, _ in dealt if to != ref)
            return dealt
        return faulty

    def make_prevent(original):
        def faulty(game, source, ref, amount):
            return amount if ref in sent else original(game, source, ref, amount)
        return faulty
    locate.patch(stack, "replace_damage", make_replace)
    locate.patch(stack, "prevent", make_prevent)


def _to_a_gone_permanent(stack, run):
    """The new recipient is not checked as the damage would be redirected: a permanent that has
    left the battlefield still receives it (and the damage is lost)."""
    locate.patch(stack, "redirect_recipient", lambda _original: lambda game, to: to if isinstance(to, str) else to[0])


def _parts_not_redirected_again(stack, run):
    """Damage a redirection effect sent to a new recipient is dealt there as it is: the new
    recipient's own redirection effects don't see it."""
    def make(original):
        def faulty(game, ev):
            return tuple((ref, amount) for ref, amount, _applied in ev.parts)
        return faulty
    locate.patch(stack, "redirected_parts", make)


def _takes_everything(stack, run):
    """The redirection effect takes the whole next damage event, however much more it is than
    the amount it names."""
    def make(original):
        def apply(self, game, src, ev):
            original(replace(self, left=max(self.left, ev.amount)), game, src, ev)
        return apply
    locate.patch_method(stack, "RedirectFromChosenSource", "apply", make)


def _copied(stack, run):
    """The redirected damage is dealt to the new recipient and also to the original one (a copy of
    the damage, not the damage itself)."""
    def make(original):
        def faulty(game, source, ref, amount, selfs=()):
            dealt = original(game, source, ref, amount, selfs)
            moved = sum(n for to, n in dealt if to != ref)
            if not moved:
                return dealt
            first = [(to, n + moved) for to, n in dealt[:1] if to == ref] or [(ref, moved)]
            return tuple(first) + tuple((to, n) for to, n in dealt if to != ref)
        return faulty
    locate.patch(stack, "replace_damage", make)


def _each_recipient_its_own_event(stack, run):
    """Damage an effect deals to several recipients at once is a separate damage event for each:
    "the next time damage would be dealt" redirects only the first recipient's."""
    @contextmanager
    def separate(game):
        yield
    locate.patch(stack, "one_damage_event", lambda _original: separate)


def _never_used_up(stack, run):
    """"The next time damage would be dealt" redirects every damage event of the turn."""
    def make(_original):
        def apply(self, game, src, ev):
            ev.ref = locate.obj("redirect_recipient")(game, self.to)
        return apply
    locate.patch_method(stack, "RedirectNextTime", "apply", make)


def _used_up_by_one_event(stack, run):
    """A "next N damage" redirection is used up by the first damage event it applies to, however
    little of its amount that event took."""
    def make(original):
        def faulty(game, effect, ev):
            at = next(i for i, e in enumerate(game.replacements) if e is effect)
            original(game, effect, ev)
            spent = replace(game.replacements[at], left=0)
            game.replacements = game.replacements[:at] + (spent,) + game.replacements[at + 1:]
        return faulty
    locate.patch(stack, "redirect_some", make)


def _gain_per_recipient(stack, run):
    """Lifelink damage a source deals to several recipients at once is a life gain event per
    recipient (not one for the source)."""
    def make(original):
        def faulty(game, player, amount, source=None, triggers=None):
            game.life_gain_events = ()
            original(game, player, amount, source, triggers)
        return faulty
    locate.patch(stack, "gain_life", make)


def _spells_not_given_keywords(stack, run):
    """"Instant and sorcery spells you control have lifelink" gives a spell on the stack nothing."""
    locate.patch_method(stack, "SpellsHaveKeyword", "grant_spell_for",
                        lambda _original: lambda self, game, src, o: ())


def _next_spell_conditions_ignored(stack, run):
    """An effect on "the next instant or sorcery spell you cast from your hand" applies to the
    next spell of any kind, from anywhere."""
    locate.patch_method(stack, "NextSpellEffect", "fits_spell", lambda _original: lambda self, o, zone: True)


def _lava_burst_redirected(stack, run):
    """Damage that "can't be prevented or dealt instead to another permanent or player" can't be
    prevented, but a redirection effect still sends it elsewhere."""
    def make(_original):
        def apply(self, ctx):
            game, n = ctx.game, locate.obj("value")(self.amount, ctx)
            deal = locate.obj("deal_damage")
            for ref in self.to(ctx):
                o = None if isinstance(ref, str) else game.objs.get(ref)
                game.unpreventable = o is not None and o.zone == "battlefield" and "Creature" in o.card.types
                try:
                    deal(game, ctx.source, ref, n)
                finally:
                    game.unpreventable = False
        return apply
    locate.patch_method(stack, "DamageFixedToCreatures", "apply", make)


_EN_KOR = case(
    {"alice": {"battlefield": cards(("Soulfire Grand Master", "soulfire"), ("Ajani's Pridemate", "pridemate"),
                                    ("Spirit en-Kor", "spirit"), ("Runeclaw Bear", "bear")),
               "hand": cards(("Shock", "shock")), "mana": "{R}"}},
    [{"activate": {"card": "spirit", "targets": ["bear"]}}, {"resolve": {}},
     {"cast": {"card": "shock", "targets": ["spirit"], "pay": "{R}"}}, {"resolve": {}}])

_GLARECASTER = {"battlefield": cards(("Glarecaster", "glarecaster"))}
_ACTIVATE = {"activate": {"card": "glarecaster", "targets": ["bob"], "pay": "{W}{C}{C}{C}{C}{C}"}}

_AETHERBORN = case(
    {"alice": {"battlefield": cards(("Gifted Aetherborn", "aetherborn"), ("Hill Giant", "giant"))},
     "bob": {"battlefield": cards(("Plains", "plains")), "hand": cards(HARM)}},
    [{"declare_attackers": {"attackers": [{"card": "aetherborn", "attacks": "bob"}]}},
     {"tap_for_mana": {"permanents": ["plains"]}},
     {"cast": {"card": "harm", "by": "bob", "targets": ["giant"], "pay": "{W}"}},
     {"resolve": {"choices": {"damage_source": "aetherborn"}}},
     {"advance": {"to": "end_of_combat"}}])

FAULTS = [
    Fault("redirection_effect_ignored", "614.9",
          "(designed) a redirection effect never applies: Harm's Way leaves the damage where it was going",
          _ignored, _bolt_redirected_to("alice"),
          claims=(REDIRECT + "replace-damage-dealt-to-one",)),
    Fault("redirected_damage_copied", "614.9",
          "(designed) redirected damage is dealt to the new recipient and still to the original one",
          _copied, _bolt_redirected_to("alice"),
          claims=(REDIRECT + "replace-damage-dealt-to-one",)),
    Fault("redirected_damage_loses_its_source", "614.9",
          "(designed) redirected damage is bare life loss or marked damage, no longer dealt by its source "
          "(no deathtouch, no lifelink)",
          _lost_source, _AETHERBORN,
          claims=(REDIRECT + "the-same-damage", REDIRECT + "lifelink")),
    Fault("redirected_damage_skips_new_recipients_prevention", "614.9",
          "(designed) the new recipient's protection and prevention effects don't apply to damage redirected to it",
          _skips_prevention, _bolt_redirected_to("outlander", alice_battlefield=(("Vedalken Outlander", "outlander"),)),
          claims=(REDIRECT + "dealt-to-another",)),
    Fault("redirected_part_not_redirected_again", "614.9",
          "(designed) damage redirected to a permanent with its own redirection effect isn't redirected again",
          _parts_not_redirected_again,
          case({"alice": {"hand": cards(HARM), "mana": "{W}"},
                "bob": {"battlefield": cards(("Spirit en-Kor", "spirit"), ("Grizzly Bears", "bears")),
                        "hand": cards(BOLT), "mana": "{R}"}},
               [{"activate": {"card": "spirit", "targets": ["bears"]}}, {"resolve": {}},
                {"cast": {"card": "bolt", "by": "bob", "targets": ["alice"], "pay": "{R}"}},
                {"cast": {"card": "harm", "by": "alice", "targets": ["spirit"], "pay": "{W}"}},
                {"resolve": {"choices": {"damage_source": "bolt"}}}, {"resolve": {}}],
               turn={"active": "bob"}),
          claims=(REDIRECT + "dealt-to-another",)),
    Fault("redirected_to_a_permanent_that_left", "614.9",
          "(designed) a redirection effect still sends damage to a permanent no longer on the battlefield "
          "(where it is lost), instead of doing nothing",
          _to_a_gone_permanent,
          _bolt_redirected_to("bears", alice_battlefield=(("Grizzly Bears", "bears"),),
                              bob_hand=(("Shock", "shock"),), bob_mana="{W}{R}",
                              more=({"cast": {"card": "shock", "by": "bob", "targets": ["bears"], "pay": "{R}"}},
                                    {"resolve": {}})),
          claims=(REDIRECT + "no-longer-on-the-battlefield",)),
    Fault("redirection_takes_the_whole_event", "615.7",
          "(designed) \"the next 2 damage\" redirects all of the next damage event, not only 2 of it",
          _takes_everything, _bolt_redirected_to("alice"),
          claims=(PEER + "only-that-much-is-redirected", PEER + "counts-only-the-amount")),
    Fault("simultaneous_damage_split_into_events", "614.9",
          "(designed) an effect's damage to several recipients at once is one damage event per recipient: "
          "\"the next time damage would be dealt to this creature and/or you\" redirects only the first",
          _each_recipient_its_own_event,
          case({"alice": {**_GLARECASTER, "hand": cards(("Inferno", "inferno")),
                          "mana": "{W}{R}{R}{C}{C}{C}{C}{C}{C}{C}{C}{C}{C}"}},
               [_ACTIVATE, {"resolve": {}}, {"cast": {"card": "inferno", "pay": "{R}{R}{C}{C}{C}{C}{C}"}},
                {"resolve": {}}]),
          claims=(FORGE + "the-next-damage-event",)),
    Fault("next_time_redirection_never_used_up", "614.9",
          "(designed) \"the next time damage would be dealt\" redirects every damage event of the turn, "
          "not only the next",
          _never_used_up,
          case({"alice": {**_GLARECASTER, "mana": "{W}{C}{C}{C}{C}{C}"},
                "bob": {"hand": cards(BOLT, ("Shock", "shock")), "mana": "{R}{R}"}},
               [_ACTIVATE, {"resolve": {}}, {"cast": {"card": "bolt", "by": "bob", "targets": ["alice"], "pay": "{R}"}},
                {"resolve": {}}, {"cast": {"card": "shock", "by": "bob", "targets": ["alice"], "pay": "{R}"}},
                {"resolve": {}}]),
          claims=(FORGE + "the-next-damage-event",)),
    Fault("redirection_shield_used_up_by_one_event", "615.7",
          "(designed) \"the next 3 damage that would be dealt to target creature\" is used up by the first damage "
          "event, even one of 2 damage",
          _used_up_by_one_event,
          case({"alice": {"battlefield": cards(("Razia, Boros Archangel", "razia"), ("Air Elemental", "elemental"))},
                "bob": {"hand": cards(("Shock", "shock1"), ("Shock", "shock2")), "mana": "{R}{R}"}},
               [{"activate": {"card": "razia", "targets": ["razia", "elemental"]}}, {"resolve": {}},
                {"cast": {"card": "shock1", "by": "bob", "targets": ["razia"], "pay": "{R}"}}, {"resolve": {}},
                {"cast": {"card": "shock2", "by": "bob", "targets": ["razia"], "pay": "{R}"}}, {"resolve": {}}]),
          claims=(REDIRECT + "the-number-of-events-doesnt-matter",)),
    Fault("lifelink_gain_event_per_recipient", "119.9",
          "(designed) a lifelink source dealing damage to two recipients at once causes two life gain events "
          "(\"whenever you gain life\" triggers twice)",
          _gain_per_recipient, _EN_KOR,
          claims=(FORGE + "one-life-gain-event-per-source",)),
    Fault("spells_not_given_granted_keywords", "702.15d",
          "(designed) \"Instant and sorcery spells you control have lifelink\" gives the spells on the stack nothing",
          _spells_not_given_keywords, _EN_KOR,
          claims=(FORGE + "lifelink-from-the-stack",)),
    Fault("next_spell_effect_conditions_ignored", "611.2f",
          "(designed) an effect on \"the next instant or sorcery spell you cast from your hand\" is used up by the "
          "next spell of any kind",
          _next_spell_conditions_ignored,
          case({"alice": {"battlefield": cards(("Soulfire Grand Master", "soulfire")),
                          "hand": cards(("Grizzly Bears", "bears"), ("Shock", "shock")),
                          "mana": "{U}{R}{C}{C}{G}{C}{R}"}},
               [{"activate": {"card": "soulfire", "pay": "{U}{R}{C}{C}"}}, {"resolve": {}},
                {"cast": {"card": "bears", "pay": "{G}{C}"}}, {"resolve": {}},
                {"cast": {"card": "shock", "targets": ["bob"], "pay": "{R}"}}, {"resolve": {}}]),
          claims=(FORGE + "the-next-spell-that-fulfills-conditions",)),
    Fault("unredirectable_damage_redirected", "614.9",
          "(designed) damage that \"can't be prevented or dealt instead to another permanent or player\" (Lava Burst's "
          "to a creature) is still redirected",
          _lava_burst_redirected,
          case({"alice": {"hand": cards(("Lava Burst", "burst")), "mana": "{R}{C}{C}{C}{C}"},
                "bob": {"battlefield": cards(("Aegis Turtle", "turtle")), "hand": cards(HARM), "mana": "{W}"}},
               [{"cast": {"card": "burst", "x": 4, "targets": ["turtle"], "pay": "{R}{C}{C}{C}{C}"}},
                {"cast": {"card": "harm", "by": "bob", "targets": ["alice"], "pay": "{W}"}},
                {"resolve": {"choices": {"damage_source": "burst"}}}, {"resolve": {}}]),
          claims=(PEER + "cant-be-prevented-or-redirected",)),
    Fault("redirection_guards_a_new_object", "400.7",
          "(designed) a redirection of damage dealt to a permanent still applies to it after it left and came "
          "back (the guarded permanent compared by card, not by object)",
          _guards_the_card_not_the_object,
          case({"alice": {"battlefield": cards(("Razia, Boros Archangel", "razia"), ("Grizzly Bears", "bears")),
                          "hand": cards(("Cloudshift", "cloudshift")), "mana": "{W}"},
                "bob": {"battlefield": cards(("Hill Giant", "giant")), "hand": cards(("Shock", "shock")),
                        "mana": "{R}"}},
               [{"activate": {"card": "razia", "targets": ["bears", "giant"]}}, {"resolve": {}},
                {"cast": {"card": "cloudshift", "targets": ["bears"], "pay": "{W}"}}, {"resolve": {}},
                {"cast": {"card": "shock", "by": "bob", "targets": ["bears"], "pay": "{R}"}}, {"resolve": {}}]),
          claims=(REDIRECT + "the-guarded-permanent-is-that-object",)),
]
