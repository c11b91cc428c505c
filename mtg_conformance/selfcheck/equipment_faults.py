"""Faulty engines for Equipment (301.5) and equip (702.6a): each drops a claim of
spec/rules/equipment.yaml; all are designed (no public report known). They patch the reference
engine by name: the equip effect (effects.auras.AttachThisTo), the activation checks of
rules.activation (timing, 602.5d) and rules.targets (whose creature), the state-based actions'
handling of attached permanents (rules.actions._find_dying) and "can't be blocked" granted by an
Equipment (state.characteristics.unblockable_sources, read by rules.combat).
"""

from __future__ import annotations

from . import locate
from .fault import Fault, cards, case
from .patching import wrap_attr

EQUIP = "equipment/equip-attaches-it-to-your-creature#"
STAYS = "equipment/unattached-it-stays#"
PLEDGE = "peers-wagic/pledge-of-loyalty#"
_SHUKO_BEAR = cards(("Runeclaw Bear", "bear"), ("Shuko", "shuko"))


def _is_equip(ab) -> bool:
    return any(type(e).__name__ == "AttachThisTo" for e in getattr(ab, "effects", ()))


def _equip_at_instant_speed(stack, run):
    """Equip is activated at any time a player has priority: "Activate only as a sorcery" is dropped."""
    from dataclasses import replace

    def make(original):
        def activate(game, args, *rest, **kwargs):
            o = game.objs.get(game.labels.get(args.get("card"))) if isinstance(args, dict) else None
            if o is None or not any(_is_equip(ab) for ab in o.card.activated):
                return original(game, args, *rest, **kwargs)
            card = o.card
            o.card = replace(card, activated=tuple(replace(ab, sorcery=False) if _is_equip(ab) else ab
                                                   for ab in card.activated))
            try:
                return original(game, args, *rest, **kwargs)
            finally:
                if o.card is not card and o.zone == "battlefield":
                    o.card = card
        return activate
    locate.patch(stack, "activate", make)


def _equip_any_creature(stack, run):
    """Equip targets any creature: "target creature you control" loses "you control"."""
    from dataclasses import replace

    def make(original):
        def activate(game, args, *rest, **kwargs):
            o = game.objs.get(game.labels.get(args.get("card"))) if isinstance(args, dict) else None
            if o is None or not any(_is_equip(ab) for ab in o.card.activated):
                return original(game, args, *rest, **kwargs)
            card = o.card
            o.card = replace(card, activated=tuple(
                replace(ab, targets=tuple(replace(t, you_control=False) for t in ab.targets)) if _is_equip(ab)
                else ab for ab in card.activated))
            try:
                return original(game, args, *rest, **kwargs)
            finally:
                o.card = card
        return activate
    locate.patch(stack, "activate", make)


def _equip_doesnt_move(stack, run):
    """An Equipment already attached stays where it is when equipped again."""
    def make(original):
        def apply(self, ctx):
            src = ctx.source
            if src is not None and type(src.attached) is tuple:
                host = ctx.game.objs.get(src.attached[0])
                if host is not None and host.zone == "battlefield" and host.moves == src.attached[1]:
                    return
            original(self, ctx)
        return apply
    wrap_attr(stack, locate.obj("AttachThisTo"), "apply", make)


def _equipment_goes_to_the_graveyard(stack, run):
    """An Equipment whose creature is gone is put into the graveyard, as an Aura would be (704.5m for
    both)."""
    def make(original):
        def find(game, battlefield, sources, deathtouched, dying, unattaching):
            out = original(game, battlefield, sources, deathtouched, dying, unattaching)
            dying.extend(unattaching)
            unattaching.clear()
            return out
        return find
    locate.patch(stack, "_find_dying", make)


def _equipment_ignores_protection(stack, run):
    """Protection doesn't unattach Equipment with the stated quality (702.16d is not checked)."""
    from reference_impl.rules import actions

    def make(original):
        def find(game, battlefield, sources, deathtouched, dying, unattaching):
            out = original(game, battlefield, sources, deathtouched, dying, unattaching)
            unattaching[:] = [o for o in unattaching if not actions.enchanted_object(game, o)]
            return out
        return find
    locate.patch(stack, "_find_dying", make)


def _equipped_unblockable_ignored(stack, run):
    """"Equipped creature can't be blocked" is ignored: only a creature's own "can't be blocked" counts."""
    locate.patch(stack, "unblockable_sources", lambda original: lambda game: [])


FAULTS = [
    Fault("equip_at_instant_speed", "602.5d",
          "(designed) equip can be activated with a spell on the stack (\"Activate only as a sorcery\" dropped)",
          _equip_at_instant_speed,
          case({"alice": {"battlefield": _SHUKO_BEAR, "hand": cards(("Shock", "shock")), "mana": "{R}"}},
               [{"cast": {"card": "shock", "targets": ["bob"], "pay": "{R}"}},
                {"activate": {"card": "shuko", "targets": ["bear"]}}]),
          claims=(EQUIP + "activate-only-as-a-sorcery",)),
    Fault("equip_targets_any_creature", "702.6a",
          "(designed) equip targets any creature, an opponent's too",
          _equip_any_creature,
          case({"alice": {"battlefield": cards(("Shuko", "shuko"))},
                "bob": {"battlefield": cards(("Grizzly Bears", "grizzly"))}},
               [{"activate": {"card": "shuko", "targets": ["grizzly"]}}, {"resolve": {}}]),
          claims=(EQUIP + "target-creature-you-control",)),
    Fault("equip_doesnt_move_an_attached_equipment", "702.6a",
          "(designed) equipping an Equipment that is attached already leaves it where it is",
          _equip_doesnt_move,
          case({"alice": {"battlefield": _SHUKO_BEAR + cards(("Grizzly Bears", "grizzly"))}},
               [{"activate": {"card": "shuko", "targets": ["bear"]}}, {"resolve": {}},
                {"activate": {"card": "shuko", "targets": ["grizzly"]}}, {"resolve": {}}]),
          claims=(EQUIP + "attach-this-permanent", EQUIP + "taken-from-where-it-is")),
    Fault("equipment_put_into_the_graveyard", "704.5n",
          "(designed) an Equipment whose creature died is put into the graveyard like an Aura",
          _equipment_goes_to_the_graveyard,
          case({"alice": {"battlefield": _SHUKO_BEAR, "hand": cards(("Lightning Bolt", "bolt")), "mana": "{R}"}},
               [{"activate": {"card": "shuko", "targets": ["bear"]}}, {"resolve": {}},
                {"cast": {"card": "bolt", "targets": ["bear"], "pay": "{R}"}}, {"resolve": {}}]),
          claims=(STAYS + "it-remains-on-the-battlefield", STAYS + "equips-a-nonexistent-permanent")),
    Fault("equipment_ignores_protection", "702.16d",
          "(designed) an Equipment stays attached to a creature that gains protection from its quality",
          _equipment_ignores_protection,
          case({"alice": {"battlefield": _SHUKO_BEAR, "hand": cards(("Apostle's Blessing", "blessing")),
                          "mana": "{W}{C}"}},
               [{"activate": {"card": "shuko", "targets": ["bear"]}}, {"resolve": {}},
                {"cast": {"card": "blessing", "targets": ["bear"], "pay": "{W}{C}"}},
                {"resolve": {"choices": {"protection_from": "artifacts"}}}]),
          claims=(STAYS + "protection-unattaches-it", PLEDGE + "equipment-with-the-stated-quality")),
    Fault("equipped_cant_be_blocked_ignored", "509.1b",
          "(designed) \"Equipped creature can't be blocked\" is ignored: only a creature's own ability counts",
          _equipped_unblockable_ignored,
          case({"alice": {"battlefield": cards(("Runeclaw Bear", "bear"), ("Whispersilk Cloak", "cloak")),
                          "mana": "{C}{C}"},
                "bob": {"battlefield": cards(("Grizzly Bears", "grizzly"))}},
               [{"activate": {"card": "cloak", "targets": ["bear"], "pay": "{C}{C}"}}, {"resolve": {}},
                {"declare_attackers": {"attackers": [{"card": "bear", "attacks": "bob"}]}},
                {"declare_blockers": {"blockers": [{"card": "grizzly", "blocks": "bear"}]}}]),
          claims=(EQUIP + "the-equipped-creature",)),
]
