"""Faulty engines for Forge's GameSimulationTest lifelink-spell and Alpha Brawl ports
(spec/rules/peer-tests-forge-lifelink-spells.yaml): a creature's damage dealt by a spell, one damage
event for a spell's damage to several recipients, Kalitas's exile-instead, Gisela's doubling and half
prevention in the affected player's order, Palisade Giant's static redirection, wither for all damage,
"players can't gain life", Melira's counter prohibition, Phantom Nishoba's one counter per damage event
and Alpha Brawl's two parts. Each drops one claim; all are designed (no public report known). They
patch the reference engine's classes and helpers by name (reference_impl/effects/damage_life.py,
rules/replacement.py, rules/actions.py, rules/damage_results.py, rules/statics.py)."""

from __future__ import annotations

from . import locate
from .fault import Fault, cards, case

LIFE = "peers-forge/lifelink-damage-spell#"
HALF = "peers-forge/damage-doubled-and-halved#"
REDIR = "peers-forge/static-redirection#"
TORMENT = "peers-forge/everlasting-torment#"
BRAWL = "peers-forge/alpha-brawl#"


def _spell_is_the_source(stack, run):
    """Chandra's Ignition's damage is dealt by the spell, not by the target creature: the creature's
    lifelink (and deathtouch) don't apply."""
    def make(_original):
        def apply(self, ctx):
            srcs = locate.obj("_objs")(ctx, ctx.targets.legal(self.spec))
            if not srcs:
                return
            n = locate.obj("power_toughness")(ctx.game, srcs[0])[0]
            for ref in self.to(ctx):
                if ref != srcs[0].oid:
                    locate.obj("deal_damage")(ctx.game, ctx.source, ref, n)
        return apply
    locate.patch_method(stack, "DamageFromTarget", "apply", make)


def _each_recipient_its_own_event(stack, run):
    """A spell's damage to several recipients at once (Chandra's Ignition, Cone of Flame) is one
    damage event per recipient: lifelink gains are separate life gain events."""
    real = locate.obj("one_damage_event")
    deal = locate.obj("deal_damage")

    def separately(game, source, ref, amount, selfs=()):
        with real(game):
            deal(game, source, ref, amount, selfs)

    def make_cone(_original):
        def apply(self, ctx):
            for amount, to in self.parts:
                n = locate.obj("value")(amount, ctx)
                for ref in to(ctx):
                    separately(ctx.game, ctx.source, ref, n)
        return apply

    def make_target(_original):
        def apply(self, ctx):
            srcs = locate.obj("_objs")(ctx, ctx.targets.legal(self.spec))
            if not srcs:
                return
            n = locate.obj("power_toughness")(ctx.game, srcs[0])[0]
            for ref in self.to(ctx):
                if ref != srcs[0].oid:
                    separately(ctx.game, srcs[0], ref, n)
        return apply
    locate.patch_method(stack, "DamageAtOnce", "apply", make_cone)
    locate.patch_method(stack, "DamageFromTarget", "apply", make_target)


def _never(cls):
    def install(stack, run):
        locate.patch_method(stack, cls, "applies", lambda _original: lambda self, game, src, ev: False)
    install.__doc__ = f"{cls} never applies."
    return install


def _half_rounded_down(stack, run):
    """"Prevent half that damage, rounded up" rounds down: of 3, 1 is prevented and 2 are dealt."""
    def make(_original):
        def apply(self, game, src, ev):
            ev.amount -= ev.amount // 2
        return apply
    locate.patch_method(stack, "PreventHalfToYourSide", "apply", make)


def _prevention_last(stack, run):
    """Gisela's prevention is always applied after the other replacement effects on the event,
    whatever order the affected player chooses."""
    half = locate.obj("PreventHalfToYourSide")

    def make(original):
        def choose(game, candidates):
            others = [c for c in candidates if not isinstance(c[2], half)]
            return original(game, others or candidates)
        return choose
    locate.patch(stack, "_choose", make)


def _no_wither_for_all(stack, run):
    """"All damage is dealt as though its source had wither" changes nothing."""
    locate.patch(stack, "dealt_as_though_wither", lambda _original: lambda game: False)


def _life_gained_anyway(stack, run):
    """"Players can't gain life" is ignored: lifelink still gains life (and triggers)."""
    locate.patch(stack, "_cant_gain_life", lambda _original: lambda game: False)


def _melira_ignored(stack, run):
    """"Creatures you control can't have -1/-1 counters put on them" forbids nothing."""
    locate.patch_method(stack, "CreaturesCantHaveCounters", "forbids",
                        lambda _original: lambda self, game, src, o, counter: False)


def _counter_per_source(stack, run):
    """Phantom Nishoba's "Remove a +1/+1 counter" happens for each source's damage, not once for the
    damage event."""
    def make(original):
        def apply(self, game, src, ev):
            game.once_per_event = ()
            original(self, game, src, ev)
        return apply
    locate.patch_method(stack, "PreventDamageToSelfThen", "apply", make)


def _first_part_only(stack, run):
    """Alpha Brawl's "then each of those creatures deals damage equal to its power to that creature"
    never happens."""
    def make(_original):
        def apply(self, ctx):
            srcs = locate.obj("_objs")(ctx, ctx.targets.legal(self.spec))
            if not srcs:
                return
            alpha, game = srcs[0], ctx.game
            n = locate.obj("power_toughness")(game, alpha)[0]
            others = locate.obj("OtherCreaturesOfTheirController")(lambda _ctx: [alpha.oid])(ctx)
            with locate.obj("one_damage_event")(game):
                for oid in others:
                    locate.obj("deal_damage")(game, alpha, oid, n)
        return apply
    locate.patch_method(stack, "TargetBrawls", "apply", make)


def _ignition(bob=(("Hill Giant", "giant"),), alice=()):
    return case({"alice": {"battlefield": cards(("Kalitas, Traitor of Ghet", "kalitas"),
                                                ("Ajani's Pridemate", "pridemate"), *alice),
                           "hand": cards(("Chandra's Ignition", "ignition")), "mana": "{R}{R}{C}{C}{C}"},
                 "bob": {"battlefield": cards(*bob)}},
                [{"cast": {"card": "ignition", "targets": ["kalitas"], "pay": "{R}{R}{C}{C}{C}"}},
                 {"pass_until_empty": {}}])


def _cone(*bob):
    return case({"alice": {"battlefield": cards(("Soulfire Grand Master", "soulfire"),
                                                ("Ajani's Pridemate", "pridemate")),
                           "hand": cards(("Cone of Flame", "cone")), "mana": "{R}{R}{C}{C}{C}"},
                 "bob": {"battlefield": cards(("Runeclaw Bear", "bear"), ("Hill Giant", "giant"), *bob)}},
                [{"cast": {"card": "cone", "targets": ["bear", "giant", "bob"], "pay": "{R}{R}{C}{C}{C}"}},
                 {"pass_until_empty": {}}])


def _bolt_under_gisela_and_furnace(order):
    return case({"alice": {"battlefield": cards(("Gisela, Blade of Goldnight", "gisela"),
                                                ("Furnace of Rath", "furnace"))},
                 "bob": {"hand": cards(("Lightning Bolt", "bolt")), "mana": "{R}"}},
                [{"cast": {"card": "bolt", "by": "bob", "targets": ["alice"], "pay": "{R}"}},
                 {"resolve": {"choices": {"replacement_order": order}}}])


_BRAWL = case({"alice": {"hand": cards(("Alpha Brawl", "brawl")), "mana": "{R}{R}{C}{C}{C}{C}{C}{C}"},
               "bob": {"battlefield": [{"card": "Phantom Nishoba", "label": "nishoba", "counters": {"+1/+1": 7}},
                                       *cards(("Stormwild Capridor", "capridor"), ("Ajani's Pridemate", "pridemate"),
                                              ("Runeclaw Bear", "bear"))]}},
              [{"cast": {"card": "brawl", "targets": ["nishoba"], "pay": "{R}{R}{C}{C}{C}{C}{C}{C}"}},
               {"pass_until_empty": {}}])

TORMENT_CARD = ("Everlasting Torment", "torment")

def _poison_protects_everyone(stack, run):
    """"You can't get poison counters" is read for every player while the permanent is on the battlefield."""
    def make(original):
        def faulty(game, player):
            return any(original(game, p) for p in game.players)
        return faulty
    locate.patch(stack, "cant_get_poison", make)


FAULTS = [
    Fault("spell_deals_the_creatures_damage", "702.15b",
          "(designed) \"target creature you control deals damage equal to its power\" is dealt by the spell: the "
          "creature's lifelink gains nothing",
          _spell_is_the_source, _ignition(), claims=(LIFE + "the-creature-is-the-source",)),
    Fault("spell_damage_split_into_events", "119.9",
          "(designed) a spell's damage to several recipients at once is one damage event per recipient: its "
          "lifelink makes several life gain events (Ajani's Pridemate triggers for each)",
          _each_recipient_its_own_event, _cone(), claims=(LIFE + "one-life-gain-event-for-the-spells-damage",)),
    Fault("exile_instead_of_dying_ignored", "614.1a",
          "(designed) Kalitas's \"if a nontoken creature an opponent controls would die, instead exile that card "
          "and create a Zombie\" never applies",
          _never("ExileInsteadOfDyingWithToken"), _ignition(),
          claims=(LIFE + "a-nontoken-creature-an-opponent-controls-would-die",)),
    Fault("double_to_opponents_side_ignored", "614.1a",
          "(designed) Gisela's doubling of damage to an opponent and their permanents never applies",
          _never("DamageToOpponentsSideTimes"), _ignition(alice=(("Gisela, Blade of Goldnight", "gisela"),)),
          claims=(HALF + "double-to-an-opponent-and-their-permanents",)),
    Fault("prevent_half_rounded_down", "615.1a",
          "(designed) \"prevent half that damage, rounded up\" rounds down (of 3, 1 prevented)",
          _half_rounded_down, _ignition(alice=(("Gisela, Blade of Goldnight", "gisela"),)),
          claims=(HALF + "prevent-half-rounded-up",)),
    Fault("prevention_applied_last_whatever_the_order", "616.1",
          "(designed) a static prevention effect is applied after the replacement effects on the same event, "
          "whatever order the affected player chose",
          _prevention_last, _bolt_under_gisela_and_furnace(["gisela", "furnace"]),
          claims=(HALF + "the-affected-player-chooses-the-order",)),
    Fault("static_redirection_ignored", "614.9",
          "(designed) Palisade Giant's \"all damage that would be dealt to you or another permanent you control is "
          "dealt to this creature instead\" never applies",
          _never("RedirectToSelf"), _ignition(bob=(("Hill Giant", "giant"), ("Palisade Giant", "palisade"))),
          claims=(REDIR + "all-damage-to-you-or-another-permanent",)),
    Fault("wither_for_all_ignored", "702.80a",
          "(designed) \"all damage is dealt as though its source had wither\" changes nothing: damage is marked",
          _no_wither_for_all, _cone(TORMENT_CARD), claims=(TORMENT + "all-damage-as-though-wither",)),
    Fault("cant_gain_life_ignored", "119.7",
          "(designed) \"players can't gain life\" is ignored: lifelink gains life and Ajani's Pridemate triggers",
          _life_gained_anyway, _cone(TORMENT_CARD), claims=(TORMENT + "players-cant-gain-life",)),
    Fault("creatures_cant_have_counters_ignored", "122.6",
          "(designed) \"creatures you control can't have -1/-1 counters put on them\" forbids nothing: wither "
          "damage still puts them",
          _melira_ignored, _cone(TORMENT_CARD, ("Melira, Sylvok Outcast", "melira")),
          claims=(TORMENT + "cant-have-counters-put-on-them",)),
    Fault("phantom_counter_per_source", "615.5",
          "(designed) Phantom Nishoba's \"remove a +1/+1 counter\" happens once per source dealing damage to it "
          "at once, not once for the damage event",
          _counter_per_source, _BRAWL, claims=(BRAWL + "one-counter-for-one-damage-event",)),
    Fault("alpha_brawl_second_part_skipped", "608.2c",
          "(designed) Alpha Brawl's \"then each of those creatures deals damage equal to its power to that "
          "creature\" never happens",
          _first_part_only, _BRAWL, claims=(BRAWL + "then-each-of-those-creatures",)),
    Fault("cant_get_poison_protects_every_player", "109.5",
          "(designed) Melira's \"You can't get poison counters\" protects every player, not only its controller",
          _poison_protects_everyone,
          case({"alice": {"battlefield": cards(("Melira, Sylvok Outcast", "melira"), ("Glistener Elf", "elf")),
                          "library": cards(("Forest", "a1"))},
                "bob": {"battlefield": cards(("Pestilent Syphoner", "syphoner")), "library": cards(("Swamp", "b1"))}},
               [{"declare_attackers": {"attackers": [{"card": "elf", "attacks": "bob"}]}},
                {"declare_blockers": {"blockers": []}}, {"advance": {"to": "end_of_combat"}}]),
          claims=(TORMENT + "you-is-meliras-controller",)),
]
