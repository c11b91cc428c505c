"""Faulty engines for "Whenever one or more land cards are put into your graveyard from anywhere"
(The Gitrog Monster: once per event, 603.2c; never a leaves-the-battlefield ability, so it doesn't look
back in time, 603.6c and 603.10; its additional times for a creature dying among its causes, 603.2d,
Teysa Karlov), the Monster's "sacrifice it unless you sacrifice a land" (118.12a) and its additional
land (305.2). Each drops a claim of spec/rules/peer-tests-forge-gitrog.yaml; all are designed (no
public report known). They patch the reference engine by name: rules.actions
(collect_graveyard_arrivals, arrival_additional_times, _extra_times), rules.abilities
(PutIntoGraveyard.matches), rules.lands (additional_land_plays) and effects.zones
(SacrificeSourceUnlessSacrifice.apply).
"""

from __future__ import annotations

from . import locate
from .fault import Fault, cards, case
from .fault_parts import swap, swap_method

ENTRY = "peers-forge/one-or-more-cards-put-into-your-graveyard#"

GITROG = ("The Gitrog Monster", "gitrog")
TEYSA = ("Teysa Karlov", "teysa")
ARBOR = ("Dryad Arbor", "arbor")
GEDDON = ("Armageddon", "geddon")
PLAINS = tuple(("Plains", f"p{i}") for i in range(1, 5))
LIBRARY = tuple(("Plains", f"l{i}") for i in range(1, 5))
_BOB_MAIN = {"active": "bob", "step": "main1"}


def _armageddon(*battlefield) -> dict:
    return case({"alice": {"battlefield": cards(*battlefield, *PLAINS), "library": cards(*LIBRARY),
                           "hand": cards(GEDDON), "mana": "{W}{C}{C}{C}"}},
                [{"cast": {"card": "geddon", "pay": "{W}{C}{C}{C}"}}, {"resolve": {}}, {"pass_until_empty": {}}])


def _wrath_with_aura_on(label: str) -> dict:
    return case({"alice": {"battlefield": cards(TEYSA, GITROG, ARBOR, *PLAINS), "library": cards(*LIBRARY),
                           "hand": cards(("Indestructibility", "aura"), ("Wrath of God", "wrath")),
                           "mana": "{W}{C}{C}{C}{W}{W}{W}{W}"}},
                [{"cast": {"card": "aura", "targets": [label], "pay": "{W}{C}{C}{C}"}}, {"resolve": {}},
                 {"cast": {"card": "wrath", "pay": "{W}{W}{W}{W}"}}, {"resolve": {}}, {"pass_until_empty": {}}])


def _once_per_card(original):
    """Each land card put into the graveyard triggers the ability (as if "whenever a land card"):
    one event of four Plains draws four cards."""
    def faulty(game):
        arrived = game.to_graveyard
        for a in arrived:
            game.to_graveyard = (a,)
            original(game)
        game.to_graveyard = ()
    return faulty


def _looks_back(original):
    """The "from anywhere" ability is taken for a leaves-the-battlefield ability: a Monster that left
    the battlefield in the event, now in the graveyard, triggers for the land cards that went with it."""
    def faulty(game):
        arrived = game.to_graveyard
        original(game)
        for a in arrived:
            o = game.objs.get(a.oid)
            if a.source_zone != "battlefield" or o is None or o.zone != "graveyard":
                continue
            for trig in o.card.triggers:
                if trig.event == "cards-to-your-graveyard":
                    o.controller = a.owner
                    if any(trig.arriving.matches(o, other) for other in arrived):
                        event = locate.obj("Event")("to-graveyard", a.owner, a.oid)
                        game.pending.append((a.oid, trig, event))
    return faulty


def _extra_from_before(original):
    """The additional-times abilities are read from the permanents on the battlefield before the event
    (as if the ability looked back in time): a Teysa that died in it still adds one."""
    def faulty(game, cause, permanents=None):
        found = original(game, cause, permanents)
        if permanents is None and cause == "dies":
            found = found + original(game, cause, [r.lki for r in game.left])
        return found
    return faulty


def _no_extra(original):
    return lambda game, src, causes: 0


def _extra_without_a_death(original):
    """Teysa's additional time is given whatever caused the trigger, a creature dying or not."""
    def faulty(game, src, causes):
        n = original(game, src, causes)
        if n:
            return n
        extra = locate.obj("_extra_times")(game, "dies")
        return 1 if extra else 0
    return faulty


def _any_graveyard(original):
    return lambda self, src, arrived: any(t in arrived.types for t in self.types_any)


def _no_additional_land(original):
    return lambda game, player: 0


def _additional_land_for_everyone(original):
    def faulty(game, player):
        return max(original(game, "alice"), original(game, "bob"))
    return faulty


def _always_sacrifices_itself(original):
    def faulty(self, ctx):
        o = ctx.source
        if o is not None and o.zone == "battlefield":
            ctx.game.move(o, "graveyard")
    return faulty


def _sacrifices_a_land_anyway(original):
    """"Unless you sacrifice a land" is read as a must: a land is sacrificed even when alice says no,
    and the Monster stays."""
    def faulty(self, ctx):
        o, g = ctx.source, ctx.game
        if o is None or o.zone != "battlefield":
            return
        mine = [p for p in g.permanents() if p.controller == ctx.controller and "Land" in p.card.types]
        g.move(mine[0] if mine else o, "graveyard")
    return faulty


FAULTS = [
    Fault("graveyard_arrivals_trigger_per_card", "603.2c",
          "(designed) \"Whenever one or more land cards are put into your graveyard\" triggers once for each land "
          "card: Armageddon destroying four Plains draws alice four cards",
          swap("collect_graveyard_arrivals", _once_per_card),
          _armageddon(TEYSA, GITROG),
          claims=(ENTRY + "once-each-time-its-event-occurs",)),
    Fault("graveyard_arrivals_look_back", "603.6c",
          "(designed) the \"from anywhere\" ability is treated as a leaves-the-battlefield ability: The Gitrog "
          "Monster destroyed by Wrath of God with Dryad Arbor still triggers from the graveyard",
          swap("collect_graveyard_arrivals", _looks_back),
          _wrath_with_aura_on("teysa"),
          claims=(ENTRY + "from-anywhere-doesnt-look-back",)),
    Fault("graveyard_arrivals_see_teysa_before_the_event", "603.10",
          "(designed) the additional times of a \"from anywhere\" ability are read from the permanents before "
          "the event: a Teysa Karlov that died with Dryad Arbor still doubles the surviving Monster's draw",
          swap("_extra_times", _extra_from_before),
          _wrath_with_aura_on("gitrog"),
          claims=(ENTRY + "continuous-effects-after-the-event",)),
    Fault("graveyard_arrivals_never_trigger_additional_times", "603.2d",
          "(designed) Teysa Karlov applies only to leaves-the-battlefield abilities: Dryad Arbor dying with "
          "four Plains makes the Monster's ability trigger once",
          swap("arrival_additional_times", _no_extra),
          _armageddon(TEYSA, GITROG, ARBOR),
          claims=(ENTRY + "a-creature-dying-causes-it",)),
    Fault("graveyard_arrivals_additional_time_without_a_death", "603.2d",
          "(designed) Teysa Karlov's additional time is given though no creature dying caused the trigger: "
          "Armageddon destroying four Plains draws two cards",
          swap("arrival_additional_times", _extra_without_a_death),
          _armageddon(TEYSA, GITROG),
          claims=(ENTRY + "a-creature-dying-causes-it",)),
    Fault("graveyard_arrivals_any_graveyard", "109.5",
          "(designed) \"your graveyard\" is read as any graveyard: bob's Plains destroyed by alice's Armageddon "
          "draw alice a card",
          swap_method("PutIntoGraveyard", "matches", _any_graveyard),
          case({"alice": {"battlefield": cards(GITROG), "hand": cards(GEDDON), "mana": "{W}{C}{C}{C}",
                          "library": cards(("Plains", "l1"))},
                "bob": {"battlefield": cards(("Plains", "b1"), ("Plains", "b2"))}},
               [{"cast": {"card": "geddon", "pay": "{W}{C}{C}{C}"}}, {"resolve": {}}]),
          claims=(ENTRY + "your-graveyard",)),
    Fault("gitrog_additional_land_ignored", "305.2",
          "(designed) \"You may play an additional land on each of your turns\" does nothing: with The Gitrog "
          "Monster alice can't play a second land",
          swap("additional_land_plays", _no_additional_land),
          case({"alice": {"battlefield": cards(GITROG), "hand": cards(("Plains", "h1"), ("Plains", "h2"))}},
               [{"play_land": {"card": "h1"}}, {"play_land": {"card": "h2"}}]),
          claims=(ENTRY + "an-additional-land",)),
    Fault("gitrog_additional_land_for_every_player", "305.2",
          "(designed) an additional land play counts for every player: bob's Gitrog Monster lets alice play two "
          "lands",
          swap("additional_land_plays", _additional_land_for_everyone),
          case({"alice": {"hand": cards(("Plains", "h1"), ("Plains", "h2"))}, "bob": {"battlefield": cards(GITROG)}},
               [{"play_land": {"card": "h1"}}, {"play_land": {"card": "h2"}}]),
          claims=(ENTRY + "an-additional-land",)),
    Fault("sacrifice_unless_sacrifice_ignores_the_payment", "118.12a",
          "(designed) \"sacrifice it unless you sacrifice a land\" sacrifices the Monster even when alice "
          "sacrifices a land",
          swap_method("SacrificeSourceUnlessSacrifice", "apply", _always_sacrifices_itself),
          case({"alice": {"battlefield": cards(GITROG, ("Plains", "p1"), ("Plains", "p2")),
                          "library": cards(("Plains", "l1"), ("Plains", "l2"))}},
               [{"advance": {"turn": "next", "to": "upkeep"}},
                {"resolve": {"choices": {"pay_unless": True, "sacrifice": "p2"}}}], turn=_BOB_MAIN),
          claims=(ENTRY + "unless-you-sacrifice-a-land",)),
    Fault("sacrifice_unless_sacrifice_is_a_must", "118.12a",
          "(designed) \"unless you sacrifice a land\" is read as an instruction: alice's Plains is sacrificed "
          "though she declines, and the Monster stays",
          swap_method("SacrificeSourceUnlessSacrifice", "apply", _sacrifices_a_land_anyway),
          case({"alice": {"battlefield": cards(GITROG, ("Plains", "p1")), "library": cards(("Plains", "l1"))}},
               [{"advance": {"turn": "next", "to": "upkeep"}}, {"resolve": {"choices": {"pay_unless": False}}}],
               turn=_BOB_MAIN),
          claims=(ENTRY + "unless-you-sacrifice-a-land",)),
]
