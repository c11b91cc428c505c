"""Faulty engines for objects a resolving spell has a player choose that are not its targets (608.2d,
701.21a, 603.2c): Duneblast's "Choose up to one creature. Destroy the rest." and Barter in Blood's
"Each player sacrifices two creatures.". Each drops claims of spec/rules/choices-on-resolution.yaml
or of the ports in peer-tests-xmage-you-may-each.yaml; all are designed (no public report known).
Also two for spells that copy themselves as they resolve (707.10, 707.10c: Chain of Vapor, Sevinne's
Reclamation). They patch the reference engine by name: effects.chosen's DestroyAllButChosen and
EachPlayerSacrifices, effects.stack's CopyThisSpell and BounceThenMaySacrificeLandToCopy,
rules.casting.cast and rules.resolution.copy_spell; and two for Forcefield's "unblocked creature of
your choice" (509.1h, 609.7: rules.prevention's has_chosen_quality and use_source_shield), and two for
Tribal Unity's "creature type of your choice" (608.2d: effects.chosen.CreaturesOfChosenType), and
two for Apostle's Blessing's "protection from artifacts or from the color of your choice" (608.2d,
702.16a: effects.chosen.GainsProtectionFromChosenQuality, rules.prevention.has_quality).
"""

from __future__ import annotations

from unittest import mock

from . import locate
from .fault import Fault, cards, case

CHOSEN = "resolution/objects-chosen-as-the-spell-resolves#"
SAC = "sacrifice/each-player-sacrifices-their-own#"
ONCE = "peers-xmage/the-rest-destroyed-at-once#"
SELF_COPY = "peers-xmage/new-targets-for-a-spell-that-copies-itself#"
NOT_CAST = "peers-xmage/a-copy-of-a-spell-isnt-cast#"
UNBLOCKED = "prevention/an-unblocked-creature-of-your-choice#"
ALL_BUT = "peers-xmage/forcefield-prevents-all-but-1#"
TYPE_CHOSEN = "resolution/the-creature-type-chosen-as-it-resolves#"
EVERY_ELF = "peers-xmage/every-creature-of-the-chosen-type#"
CHOSEN_QUALITY = "peers-xmage/protection-from-the-chosen-quality#"
_BLESSING = {"battlefield": cards(("Elite Vanguard", "vanguard")),
             "hand": cards(("Apostle's Blessing", "blessing"), ("Titanic Growth", "growth")), "mana": "{W}{G}{C}{C}"}

_DUNE = {"hand": cards(("Duneblast", "duneblast")), "mana": "{W}{B}{G}{C}{C}{C}{C}"}
_DUNE_CAST = {"cast": {"card": "duneblast", "pay": "{W}{B}{G}{C}{C}{C}{C}"}}
_BARTER = {"hand": cards(("Barter in Blood", "barter")), "mana": "{B}{B}{C}{C}"}
_BARTER_CAST = {"cast": {"card": "barter", "pay": "{B}{B}{C}{C}"}}


def _protection_from_its_own_color(stack, run):
    """"Protection from the color of your choice" is protection from the spell's own color (white),
    whatever color or artifacts the player chose as it resolved."""
    def make(original):
        def apply(self, ctx):
            from reference_impl.effects.permanents import Pump
            Pump(self.what, 0, 0, ("protection from white",)).apply(ctx)
        return apply
    locate.patch_method(stack, "GainsProtectionFromChosenQuality", "apply", make)


def _artifacts_quality_is_everything(stack, run):
    """Protection from artifacts is read as protection from every source, colored or not: a card-type
    quality applied to sources without that card type."""
    def make(original):
        def has_quality(source, quality):
            return True if quality == "artifacts" else original(source, quality)
        return has_quality
    locate.patch(stack, "has_quality", make)


def _chosen_as_cast(stack, run):
    """The creature Duneblast keeps is chosen as the spell is cast: one that came into being after
    it was cast can't be chosen."""
    from reference_impl.state.game import IllegalAction
    born_before: dict = {}  # spell object id -> the first object id made after it was cast

    def make_cast(original):
        def cast(game, args, *rest, **kwargs):
            original(game, args, *rest, **kwargs)
            top = game.stack[-1] if game.stack else None
            if isinstance(top, int):
                born_before.setdefault(top, game.next_oid)
        return cast

    def make_apply(original):
        def apply(self, ctx):
            limit = born_before.get(ctx.source.oid) if ctx.source is not None else None
            for label in ctx.choices.get("chosen") or ():
                oid = ctx.game.labels.get(label)
                if limit is not None and oid is not None and oid >= limit:
                    raise IllegalAction("608.2d", f"{label} didn't exist as the spell was cast")
            original(self, ctx)
        return apply
    locate.patch(stack, "cast", make_cast)
    locate.patch_method(stack, "DestroyAllButChosen", "apply", make_apply)


def _chosen_must_be_targetable(stack, run):
    """An object chosen on resolution is treated as a target: a creature with hexproof (an
    opponent's) or shroud can't be chosen."""
    from reference_impl.state.characteristics import has_keyword
    from reference_impl.state.game import IllegalAction

    def make(original):
        def apply(self, ctx):
            game = ctx.game
            for label in ctx.choices.get("chosen") or ():
                o = game.objs.get(game.labels.get(label))
                if o is not None and o.zone == "battlefield" and (
                        has_keyword(o, "shroud", game)
                        or (has_keyword(o, "hexproof", game) and o.controller != ctx.controller)):
                    raise IllegalAction("702.18a", f"{label} can't be the target of {ctx.controller}'s spell")
            original(self, ctx)
        return apply
    locate.patch_method(stack, "DestroyAllButChosen", "apply", make)


def _any_number_kept(stack, run):
    """"Choose up to one creature": any number of creatures can be chosen and kept."""
    def make(original):
        def apply(self, ctx):
            n = len(ctx.choices.get("chosen") or ())
            return original(type(self)(max(self.up_to, n), self.types_any), ctx)
        return apply
    locate.patch_method(stack, "DestroyAllButChosen", "apply", make)


def _only_the_caster_sacrifices(stack, run):
    """"Each player sacrifices N creatures": only the spell's controller sacrifices."""
    def make(original):
        def apply(self, ctx):
            game = ctx.game
            mine = [o for o in game.creatures() if o.controller == ctx.controller]
            picked = [game.objs.get(game.labels.get(label)) for label in ctx.choices.get("chosen") or ()]
            doomed = [o for o in picked if o in mine] or mine
            for o in doomed[:self.n]:
                game.move(o, "graveyard")
        return apply
    locate.patch_method(stack, "EachPlayerSacrifices", "apply", make)


def _sacrifice_choice_unchecked(stack, run):
    """"Each player sacrifices N creatures": whatever the chosen list names is sacrificed, as many
    as it names, and a name that is no permanent of theirs is passed over."""
    def make(original):
        def apply(self, ctx):
            game = ctx.game
            picked = [game.objs.get(game.labels.get(label)) for label in ctx.choices.get("chosen") or ()]
            picked = [o for o in picked if o is not None and o.zone == "battlefield"]
            if not picked:
                return original(self, ctx)
            for o in picked:
                game.move(o, "graveyard")
        return apply
    locate.patch_method(stack, "EachPlayerSacrifices", "apply", make)


def _one_at_a_time(stack, run):
    """The creatures Duneblast destroys and those Barter in Blood has sacrificed leave one at a time,
    each a separate event (leaves-the-battlefield abilities looked for after each)."""
    from reference_impl.rules import actions
    from reference_impl.state.game import Game

    real_destroy, real_move = actions.destroy, Game.move

    def destroy(game, o, *args, **kwargs):
        real_destroy(game, o, *args, **kwargs)
        actions.collect_leaves(game)

    def move(game, o, zone, *args, **kwargs):
        result = real_move(game, o, zone, *args, **kwargs)
        if zone == "graveyard":
            actions.collect_leaves(game)
        return result

    def make(original):
        def apply(self, ctx):
            with mock.patch.object(actions, "destroy", destroy), mock.patch.object(Game, "move", move):
                original(self, ctx)
        return apply
    locate.patch_method(stack, "DestroyAllButChosen", "apply", make)
    locate.patch_method(stack, "EachPlayerSacrifices", "apply", make)


def _self_copy_keeps_its_target(stack, run):
    """A spell that copies itself ("may choose a new target for the copy") ignores the new target
    chosen: the copy always has the spell's own."""
    Choices = locate.obj("Choices")

    def make(original):
        def apply(self, ctx):
            raw = ctx.choices.raw
            if "copy_targets" in raw:
                kept = Choices.__new__(Choices)
                kept.raw = {k: v for k, v in raw.items() if k != "copy_targets"}
                kept.trigger_targets = ctx.choices.trigger_targets
                ctx.choices = kept
            original(self, ctx)
        return apply
    locate.patch_method(stack, "CopyThisSpell", "apply", make)
    locate.patch_method(stack, "BounceThenMaySacrificeLandToCopy", "apply", make)


def _copy_cast_like_its_spell(stack, run):
    """A copy of a spell keeps the zone its spell was cast from, as if it had been cast too."""
    def make(original):
        def copy_spell(game, orig, *args, **kwargs):
            original(game, orig, *args, **kwargs)
            c = game.objs[game.stack[-1]]
            c.spell = type(c.spell)(**{**c.spell.__dict__, "cast_from": orig.spell.cast_from})
        return copy_spell
    locate.patch(stack, "copy_spell", make)


def _any_attacker_is_unblocked(stack, run):
    """"An unblocked creature of your choice" accepts any attacking creature, blocked or not, and
    before blockers are declared."""
    def make(original):
        def has(game, source, quality):
            if quality == "unblocked creature":
                return source.zone == "battlefield" and game.attacking(source.oid) is not None
            return original(game, source, quality)
        return has
    locate.patch(stack, "has_chosen_quality", make)


def _all_but_one_prevents_all(stack, run):
    """"Prevent all but 1 of that damage" prevents all of it."""
    def make(original):
        def use(game, e, amount):
            original(game, e, amount)
            return 0
        return use
    locate.patch(stack, "use_source_shield", make)


def _creature_type_read_as_cast(stack, run):
    """The creature type of "the creature type of your choice" is the one given as the spell was
    cast, not the one given as it resolves."""
    Choices = locate.obj("Choices")
    at_cast: dict = {}  # spell object id -> the creature type given in the step that cast it

    def make_cast(original):
        def cast(game, args, *rest, **kwargs):
            original(game, args, *rest, **kwargs)
            top = game.stack[-1] if game.stack else None
            kind = (args.get("choices") or {}).get("creature_type")
            if isinstance(top, int) and kind is not None:
                at_cast.setdefault(top, kind)
        return cast

    def make_call(original):
        def call(self, ctx):
            kind = at_cast.get(ctx.source.oid) if ctx.source is not None else None
            if kind is not None:
                swapped = Choices.__new__(Choices)
                swapped.raw = {**ctx.choices.raw, "creature_type": kind}
                swapped.trigger_targets = ctx.choices.trigger_targets
                ctx.choices = swapped
            return original(self, ctx)
        return call
    locate.patch(stack, "cast", make_cast)
    locate.patch_method(stack, "CreaturesOfChosenType", "__call__", make_call)


def _only_your_creatures_of_the_type(stack, run):
    """"Creatures of the creature type of your choice" are only the ones its controller controls."""
    def make(original):
        def call(self, ctx):
            return [oid for oid in original(self, ctx) if ctx.game.objs[oid].controller == ctx.controller]
        return call
    locate.patch_method(stack, "CreaturesOfChosenType", "__call__", make)


FAULTS = [
    Fault("non_target_choice_made_as_cast", "608.2d",
          "(designed) the creature Duneblast keeps is chosen as it is cast: a token created in response can't be kept",
          _chosen_as_cast,
          case({"alice": {"hand": cards(("Raise the Alarm", "alarm")), "mana": "{W}{C}"}, "bob": _DUNE},
               [_DUNE_CAST, {"cast": {"card": "alarm", "by": "alice", "pay": "{W}{C}"}},
                {"resolve": {"labels": ["soldier1", "soldier2"]}},
                {"resolve": {"choices": {"chosen": ["soldier1"]}}}], {"active": "bob"}),
          claims=(CHOSEN + "chosen-as-it-resolves",)),
    Fault("non_target_choice_needs_a_legal_target", "608.2d",
          "(designed) a creature chosen on resolution must be one the spell could target: an opponent's hexproof "
          "creature can't be kept",
          _chosen_must_be_targetable,
          case({"alice": _DUNE, "bob": {"battlefield": cards(("Invisible Stalker", "stalker"))}},
               [_DUNE_CAST, {"resolve": {"choices": {"chosen": ["stalker"]}}}]),
          claims=(CHOSEN + "not-a-target",)),
    Fault("up_to_one_keeps_any_number", "608.2d",
          "(designed) \"Choose up to one creature. Destroy the rest.\" keeps every creature chosen",
          _any_number_kept,
          case({"alice": {**_DUNE, "battlefield": cards(("Grizzly Bears", "bears"), ("Elite Vanguard", "vanguard"))}},
               [_DUNE_CAST, {"resolve": {"choices": {"chosen": ["bears", "vanguard"]}}}]),
          claims=(CHOSEN + "no-illegal-option",)),
    Fault("only_the_caster_sacrifices", "701.21a",
          "(designed) \"Each player sacrifices two creatures\" makes only the spell's controller sacrifice",
          _only_the_caster_sacrifices,
          case({"alice": {**_BARTER, "battlefield": cards(("Grizzly Bears", "bears"), ("Elite Vanguard", "vanguard"))},
                "bob": {"battlefield": cards(("Savannah Lions", "lions"))}},
               [_BARTER_CAST, {"resolve": {}}]),
          claims=(SAC + "its-controller-moves-it",)),
    Fault("sacrifice_choice_unchecked", "701.21a",
          "(designed) \"Each player sacrifices two creatures\" sacrifices whatever the choice names, three "
          "creatures included, and passes over a card that is no permanent",
          _sacrifice_choice_unchecked,
          case({"alice": {**_BARTER, "battlefield": cards(("Grizzly Bears", "bears"), ("Elite Vanguard", "vanguard"),
                                                         ("Mist Leopard", "leopard"))}},
               [_BARTER_CAST, {"resolve": {"choices": {"chosen": ["bears", "vanguard", "leopard"]}}}]),
          claims=(SAC + "not-more-than-asked",)),
    Fault("the_rest_destroyed_one_by_one", "603.2c",
          "(designed) the creatures Duneblast destroys, and those Barter in Blood has sacrificed, leave one at a "
          "time: \"one or more ... die\" triggers for each",
          _one_at_a_time,
          case({"alice": {"battlefield": cards(("Vengeful Townsfolk", "townsfolk"), ("Grizzly Bears", "b1"),
                                               ("Grizzly Bears", "b2"))}, "bob": _DUNE},
               [_DUNE_CAST, {"resolve": {"choices": {"chosen": ["townsfolk"]}}}], {"active": "bob"}),
          claims=(ONCE + "once-for-one-event",)),
    Fault("self_copy_keeps_its_target", "707.10c",
          "(designed) a spell that may copy itself with a new target gives the copy its own target whatever is chosen",
          _self_copy_keeps_its_target,
          case({"alice": {"hand": cards(("Chain of Vapor", "chain")), "mana": "{U}",
                          "battlefield": cards(("Silvercoat Lion", "lion"))},
                "bob": {"battlefield": cards(("Pillarfield Ox", "ox"), ("Island", "island"))}},
               [{"cast": {"card": "chain", "targets": ["ox"], "pay": "{U}"}},
                {"resolve": {"choices": {"you_may": True, "sacrifice": "island", "copy_targets": ["lion"]}}}]),
          claims=(SELF_COPY + "new-targets-for-the-copy",)),
    Fault("copy_counts_as_cast_from_its_spells_zone", "707.10",
          "(designed) a copy of a spell keeps the zone its spell was cast from: a copy of a flashback spell "
          "counts as cast from a graveyard",
          _copy_cast_like_its_spell,
          case({"alice": {"graveyard": cards(("Sevinne's Reclamation", "sevinne"), ("Mountain", "mountain"),
                                             ("Island", "island")), "mana": "{W}{W}{W}{W}{W}"}},
               [{"cast": {"card": "sevinne", "alternative": "flashback", "targets": ["mountain"],
                          "pay": "{W}{W}{W}{W}{W}"}},
                {"resolve": {"choices": {"copy_targets": ["island"]}}}, {"resolve": {}}]),
          claims=(NOT_CAST + "not-cast-from-a-graveyard",)),
    Fault("any_attacker_counts_as_unblocked", "509.1h",
          "(designed) \"an unblocked creature of your choice\" may be any attacking creature, blocked or not, "
          "also before blockers are declared",
          _any_attacker_is_unblocked,
          case({"alice": {"battlefield": cards(("Bonebreaker Giant", "giant"))},
                "bob": {"battlefield": cards(("Forcefield", "forcefield"), ("Wastes", "w1"))}},
               [{"declare_attackers": {"attackers": [{"card": "giant", "attacks": "bob"}]}},
                {"tap_for_mana": {"permanents": ["w1"]}}, {"activate": {"card": "forcefield", "pay": "{C}"}},
                {"resolve": {"choices": {"damage_source": "giant"}}}]),
          claims=(UNBLOCKED + "unblocked-once-no-blocker-is-declared",)),
    Fault("all_but_one_prevents_all", "609.7",
          "(designed) Forcefield's \"prevent all but 1 of that damage\" prevents all of it",
          _all_but_one_prevents_all,
          case({"alice": {"battlefield": cards(("Bonebreaker Giant", "giant"))},
                "bob": {"battlefield": cards(("Forcefield", "forcefield"), ("Wastes", "w1"))}},
               [{"declare_attackers": {"attackers": [{"card": "giant", "attacks": "bob"}]}},
                {"declare_blockers": {"blockers": []}},
                {"tap_for_mana": {"permanents": ["w1"]}}, {"activate": {"card": "forcefield", "pay": "{C}"}},
                {"resolve": {"choices": {"damage_source": "giant"}}}, {"advance": {"to": "end_of_combat"}}]),
          claims=(ALL_BUT + "each-chosen-creature-deals-1",)),
    Fault("creature_type_read_as_cast", "608.2d",
          "(designed) \"the creature type of your choice\" is the type given as the spell was cast, not as it resolves",
          _creature_type_read_as_cast,
          case({"alice": {"hand": cards(("Tribal Unity", "unity")), "mana": "{G}{G}{G}{G}",
                          "battlefield": cards(("Willow Elf", "elf"), ("Mons's Goblin Raiders", "goblin"))}},
               [{"cast": {"card": "unity", "x": 1, "pay": "{G}{G}{G}{G}", "choices": {"creature_type": "Goblin"}}},
                {"resolve": {"choices": {"creature_type": "Elf"}}}]),
          claims=(TYPE_CHOSEN + "chosen-as-it-resolves",)),
    Fault("chosen_type_only_your_creatures", "608.2d",
          "(designed) \"Creatures of the creature type of your choice\" are only its controller's creatures",
          _only_your_creatures_of_the_type,
          case({"alice": {"hand": cards(("Tribal Unity", "unity")), "mana": "{G}{G}{G}{G}"},
                "bob": {"battlefield": cards(("Willow Elf", "belf"))}},
               [{"cast": {"card": "unity", "x": 1, "pay": "{G}{G}{G}{G}"}},
                {"resolve": {"choices": {"creature_type": "Elf"}}}]),
          claims=(EVERY_ELF + "both-players-elves",)),
    Fault("chosen_protection_is_its_own_color", "702.16a",
          "(designed) \"protection from artifacts or from the color of your choice\" gives protection from the "
          "spell's own color, not the quality chosen as it resolves",
          _protection_from_its_own_color,
          case({"alice": _BLESSING},
               [{"cast": {"card": "blessing", "targets": ["vanguard"], "pay": "{W}{C}"}},
                {"resolve": {"choices": {"protection_from": "G"}}},
                {"cast": {"card": "growth", "targets": ["vanguard"], "pay": "{G}{C}"}}]),
          claims=(CHOSEN_QUALITY + "the-quality-it-names", CHOSEN_QUALITY + "chosen-as-the-effect-is-applied")),
    Fault("protection_from_artifacts_stops_every_spell", "702.16a",
          "(designed) protection from artifacts (a card-type quality) stops spells that aren't artifacts",
          _artifacts_quality_is_everything,
          case({"alice": _BLESSING},
               [{"cast": {"card": "blessing", "targets": ["vanguard"], "pay": "{W}{C}"}},
                {"resolve": {"choices": {"protection_from": "artifacts"}}},
                {"cast": {"card": "growth", "targets": ["vanguard"], "pay": "{G}{C}"}}]),
          claims=(CHOSEN_QUALITY + "a-card-type-quality",)),
]
