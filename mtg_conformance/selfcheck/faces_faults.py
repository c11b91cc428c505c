"""Faulty engines for split cards and fuse (709, 702.102), modal double-faced cards (712), modes
(700.2), conspire (702.78) and the library actions scry, surveil and search (701.22-701.25).

The first group does what a real engine's bug report says it did (`report` is set); the second
is designed (no report), one dimension of a rule each:
- a split card's characteristics: combined off the stack, the chosen half's on it, both halves'
  for a fused spell (709.3b, 709.4b, 702.102b); its costs: each half's own, both halves' when
  fused, cost changes applied once to the fused total (702.102c, 601.2f); each way of casting
  a half (normal, flashback granted by another card, without paying its mana cost);
- a modal double-faced card: the face that's up on the battlefield (712.8f), the front face
  when none is named (712.11) and off the battlefield and stack (712.8a);
- how many modes a modal spell takes, unkicked and kicked (700.2a);
- the order the player chooses for cards kept on top or put on the bottom, and where the
  others go (701.22a, 701.25a); where a search looks (701.23a);
- conspire's copy (702.78a).
"""

from __future__ import annotations

from . import locate
from .fault import Fault, cards, case
from .hooks import CastWatch, watch_casts

MAGE = "https://github.com/magefree/mage"
PHASE = "https://github.com/phase-rs/phase"


def _mana_value(change):
    """Replace the engine's mana value: `change(o, reference_answer) -> int`."""
    def install(stack, run):
        locate.patch(stack, "mana_value", lambda mv: lambda o: change(o, mv(o)))
    return install


def _split_front_half_off_stack(o, answer):
    """Off the stack a split card has its first half's mana value (not the combined one)."""
    if o.card.layout == "split" and o.card.faces and o.zone != "stack":
        return o.card.faces[0].cost.total
    return answer


def _fused_left_half(o, answer):
    if o.card.layout == "fused" and o.card.faces:
        return o.card.faces[0].cost.total
    return answer


def _mdfc_front_face_up(o, answer):
    """A modal double-faced permanent with its back face up has its front face's mana value."""
    if o.zone == "battlefield" and o.printed.layout == "modal_dfc" and o.card is not o.printed \
            and o.printed.cost is not None:
        return o.printed.cost.total
    return answer


def _fused_total(change):
    """Replace the total cost of a fused split spell cast for its mana cost:
    `change(total_cost, args, reference_answer) -> Cost` with args (game, card, caster, base, ...)."""
    def install(stack, run):
        def make(total_cost):
            def faulty(game, card, caster, base, *rest, **kw):
                answer = total_cost(game, card, caster, base, *rest, **kw)
                if card.layout == "fused" and card.faces and base == card.cost:
                    return change(total_cost, (game, card, caster, base, *rest), kw, answer)
                return answer
            return faulty
        locate.patch(stack, "total_cost", make)
    return install


def _each_half_modified(total_cost, args, kw, answer):
    """Cost changes are applied to each half's mana cost, then the halves are added up."""
    game, card, caster, _base, *rest = args
    left, right = card.faces
    return (total_cost(game, left, caster, left.cost, *rest, **kw)
            + total_cost(game, right, caster, right.cost, *rest, **kw))


def _left_half_only(total_cost, args, kw, answer):
    game, card, caster, _base, *rest = args
    return total_cost(game, card, caster, card.faces[0].cost, *rest, **kw)


def _split_refuses_granted_flashback(stack, run):
    """A split card given flashback by another card can't be cast from the graveyard."""
    illegal = locate.obj("IllegalAction")

    def make(cast):
        def faulty(game, args, **how):
            label = args.get("card") if isinstance(args, dict) else None
            o = game.objs.get(game.labels.get(label)) if isinstance(label, str) else None
            if o is not None and args.get("alternative") == "flashback" and o.printed.layout == "split" \
                    and o.zone == "graveyard":
                raise illegal("702.34a", f"{o.card.name} can't be cast with flashback")
            return cast(game, args, **how)
        return faulty
    locate.patch(stack, "cast", make)


def _half_needs_both_halves_targets(stack, run):
    """A half of a split card can be cast only if the other half could find its targets too."""
    illegal = locate.obj("IllegalAction")
    candidates = locate.obj("candidates")

    def make(cast):
        def faulty(game, args, **how):
            label = args.get("card") if isinstance(args, dict) else None
            o = game.objs.get(game.labels.get(label)) if isinstance(label, str) else None
            half = args.get("half") if isinstance(args, dict) else None
            if o is not None and half is not None and o.card.layout == "split":
                caster = args.get("by", o.owner)
                for other in (f for f in o.card.faces if f.name != half):
                    if any(not candidates(spec, game, caster, o.oid) for spec in other.spell_targets):
                        raise illegal("601.2c", f"{other.name} has no legal target")
            return cast(game, args, **how)
        return faulty
    locate.patch(stack, "cast", make)


def _free_half_pays_the_whole_card(stack, run):
    """"Without paying its mana cost" (Omniscience) is not applied to a half of a split card:
    the caster is charged the card's whole mana cost."""
    watch = watch_casts(stack, CastWatch())

    def make(total_cost):
        def faulty(game, card, caster, base, *rest, **kw):
            o = watch.obj
            if watch.args.get("alternative") == "without-paying-mana-cost" and watch.args.get("half") \
                    and o is not None and o.printed.layout == "split" and base.total == 0:
                base = o.printed.cost
            return total_cost(game, card, caster, base, *rest, **kw)
        return faulty
    locate.patch(stack, "total_cost", make)


def _split_not_castable_from_exile(stack, run):
    """A split card exiled by an effect that lets its controller cast it (Bring to Light) can't
    be cast: the engine finds no castable half outside the hand."""
    illegal = locate.obj("IllegalAction")

    def make(cast_offered):
        def faulty(game, oids, caster, choice, alternative):
            label = choice.get("card") if isinstance(choice, dict) else None
            o = game.objs.get(game.labels.get(label)) if isinstance(label, str) else None
            if o is not None and o.printed.layout == "split" and o.zone == "exile":
                raise illegal("608.2g", f"{o.card.name} can't be cast from exile")
            return cast_offered(game, oids, caster, choice, alternative)
        return faulty
    locate.patch(stack, "cast_offered", make)


def _conspire_without_copy(stack, run):
    """The conspire cost is paid but its copy trigger never goes on the stack."""
    def after(game, args, obj):
        game.pending = [p for p in game.pending if getattr(p[1], "event", None) != "conspired"]
    watch_casts(stack, CastWatch(), after=after)


def _any_number_unkicked(stack, run):
    """"Choose one. If this spell was kicked, choose any number instead." takes any number of
    modes even unkicked."""
    def make(bounds):
        def faulty(self, kicked):
            return bounds(self, kicked or self.kicked is not None)
        return faulty
    locate.patch_method(stack, "Modes", "bounds", make)


def _library_choice(name: str, change):
    """Rewrite the step's scry / surveil choice before the engine applies it:
    `change(game, player, n, choice) -> choice`."""
    def install(stack, run):
        def make(act):
            def faulty(game, player, n, choice):
                if isinstance(choice, dict):
                    choice = change(game, player, n, choice)
                return act(game, player, n, choice)
            return faulty
        locate.patch(stack, name, make)
    return install


def _in_library_order(game, player, labels):
    library = game.players[player].library
    return sorted(labels, key=lambda lab: library.index(game.labels[lab]) if game.labels.get(lab) in library else 0)


def _top_order_ignored(game, player, n, choice):
    return {**choice, "top": _in_library_order(game, player, choice.get("top") or [])}


def _bottom_reversed(game, player, n, choice):
    return {**choice, "bottom": list(reversed(choice.get("bottom") or []))}


def _surveil_to_the_bottom(stack, run):
    """Surveil puts the cards the player bins on the bottom of the library instead."""
    def make(surveil):
        def faulty(game, player, n, choice):
            if not isinstance(choice, dict):
                return surveil(game, player, n, choice)
            return locate.obj("scry")(game, player, n, {"top": choice.get("top") or [],
                                                        "bottom": choice.get("graveyard") or []})
        return faulty
    locate.patch(stack, "surveil", make)


def _search_takes_from_hand(stack, run):
    """A library search also finds a matching card in the searching player's hand."""
    def make(search):
        def faulty(game, player, matches, n, chosen, quality=True):
            hand = game.players[player].hand
            if isinstance(chosen, list):
                picked = [game.labels.get(lab) for lab in chosen if isinstance(lab, str)]
                from_hand = [oid for oid in picked if oid in hand and matches(game.objs[oid])]
                if from_hand:
                    rest = [lab for lab in chosen if game.labels.get(lab) not in from_hand]
                    return from_hand + search(game, player, matches, n - len(from_hand), rest, quality)
            return search(game, player, matches, n, chosen, quality)
        return faulty
    locate.patch(stack, "search", make)


FIRE_ICE = ("Fire // Ice", "fire-ice")
WEAR_TEAR = ("Wear // Tear", "wt")
CHALICE, INFESTATION = ("Everflowing Chalice", "chalice"), ("Saproling Infestation", "infestation")
SNAPCASTER = ("Snapcaster Mage", "snap")


def _snapcast(target):
    return [{"cast": {"card": "snap", "pay": "{U}{U}"}},
            {"resolve": {"choices": {"trigger_targets": [{"source": "snap", "targets": [target]}]}}},
            {"resolve": {}}]


PRE = ("Preordain", "preordain")
TWO_CARDS = cards(("Forest", "c1"), ("Island", "c2"))

FAULTS = [
    # -- modelled on real bug reports --------------------------------------------------------
    Fault("split_card_has_its_first_halfs_mana_value", "709.4b",
          "off the stack a split card reports its first half's mana value instead of both halves' combined",
          _mana_value(_split_front_half_off_stack),
          case({"alice": {"hand": cards(FIRE_ICE), "mana": "{C}{R}"}},
               [{"cast": {"card": "fire-ice", "half": "Fire", "targets": ["bob"], "pay": "{C}{R}"}}, {"resolve": {}}]),
          report=f"{PHASE}/pull/5093"),
    Fault("cost_increase_applied_to_each_fused_half", "702.102c",
          "a cost increase (Thalia) is applied to each half of a fused split spell, not once to its total cost",
          _fused_total(_each_half_modified),
          case({"alice": {"hand": cards(WEAR_TEAR), "mana": "{W}{R}{C}{C}{C}"},
                "bob": {"battlefield": cards(CHALICE, INFESTATION, ("Thalia, Guardian of Thraben", "thalia"))}},
               [{"cast": {"card": "wt", "fuse": True, "targets": ["chalice", "infestation"], "pay": "{W}{R}{C}{C}"}}]),
          report=f"{MAGE}/issues/6549"),
    Fault("fused_spell_costs_only_its_left_half", "702.102c",
          "a fused split spell costs only its left half's mana cost",
          _fused_total(_left_half_only),
          case({"alice": {"hand": cards(WEAR_TEAR), "mana": "{W}{R}{C}"},
                "bob": {"battlefield": cards(CHALICE, INFESTATION)}},
               [{"cast": {"card": "wt", "fuse": True, "targets": ["chalice", "infestation"], "pay": "{R}{C}"}}]),
          report=f"{MAGE}/issues/5507"),
    Fault("split_card_cant_use_granted_flashback", "702.34a",
          "a split card given flashback by Snapcaster Mage can't be cast from the graveyard",
          _split_refuses_granted_flashback,
          case({"alice": {"hand": cards(SNAPCASTER), "graveyard": cards(FIRE_ICE), "mana": "{U}{U}{C}{R}"}},
               _snapcast("fire-ice") + [{"cast": {"card": "fire-ice", "half": "Fire", "alternative": "flashback",
                                                  "targets": ["bob"], "pay": "{C}{R}"}}]),
          report=f"{MAGE}/issues/6327"),
    Fault("split_half_needs_the_other_halfs_targets", "709.3a",
          "a half of a split card can't be cast unless the other half has a legal target too",
          _half_needs_both_halves_targets,
          case({"alice": {"hand": cards(WEAR_TEAR), "mana": "{W}"}, "bob": {"battlefield": cards(INFESTATION)}},
               [{"cast": {"card": "wt", "half": "Tear", "targets": ["infestation"], "pay": "{W}"}}]),
          report=f"{MAGE}/issues/670"),
    Fault("mdfc_permanent_has_its_front_faces_mana_value", "712.8f",
          "a modal double-faced permanent with its back face up has its front face's mana value",
          _mana_value(_mdfc_front_face_up),
          case({"alice": {"hand": cards(("Khalni Ambush // Khalni Territory", "khalni"))}},
               [{"play_land": {"card": "khalni", "face": "Khalni Territory"}}]),
          report=f"{MAGE}/pull/15471"),
    Fault("split_half_cast_free_pays_the_whole_card", "118.9",
          "a half of a split card cast \"without paying its mana cost\" (Omniscience) is charged the card's "
          "whole mana cost",
          _free_half_pays_the_whole_card,
          case({"alice": {"hand": cards(FIRE_ICE), "battlefield": cards(("Omniscience", "omni")),
                          "mana": "{U}{R}{C}{C}"}},
               [{"cast": {"card": "fire-ice", "half": "Fire", "alternative": "without-paying-mana-cost",
                          "targets": ["bob"]}}]),
          report=f"{MAGE}/issues/520"),
    Fault("split_card_not_castable_from_exile", "608.2g",
          "a split card an effect lets its controller cast from exile (Bring to Light) can't be cast",
          _split_not_castable_from_exile,
          case({"alice": {"hand": cards(("Bring to Light", "btl")), "library": cards(FIRE_ICE),
                          "mana": "{W}{U}{B}{R}{G}"}},
               [{"cast": {"card": "btl", "pay": "{W}{U}{B}{R}{G}"}},
                {"resolve": {"choices": {"search": ["fire-ice"],
                                         "cast": {"card": "fire-ice", "half": "Fire", "targets": ["bob"]}}}}]),
          report=f"{MAGE}/issues/4493"),
    Fault("conspire_paid_but_not_copied", "702.78a",
          "a spell's conspire cost is paid but the spell is not copied",
          _conspire_without_copy,
          case({"alice": {"hand": cards(("Gleeful Sabotage", "sabotage")), "mana": "{C}{G}",
                          "battlefield": cards(("Llanowar Elves", "elves"), ("Grizzly Bears", "bears"))},
                "bob": {"battlefield": cards(CHALICE)}},
               [{"cast": {"card": "sabotage", "targets": ["chalice"], "conspire": True, "pay": "{C}{G}",
                          "choices": {"tap_cost": ["elves", "bears"]}}}]),
          report=f"{PHASE}/issues/2451"),
    # -- designed: one dimension of the rule each ---------------------------------------------
    Fault("fused_spell_has_its_left_halfs_mana_value", "702.102b",
          "a fused split spell on the stack has its left half's mana value, not the combined one",
          _mana_value(_fused_left_half),
          case({"alice": {"hand": cards(WEAR_TEAR), "mana": "{W}{R}{C}"},
                "bob": {"battlefield": cards(CHALICE, INFESTATION)}},
               [{"cast": {"card": "wt", "fuse": True, "targets": ["chalice", "infestation"], "pay": "{W}{R}{C}"}}])),
    Fault("unkicked_modal_spell_takes_any_number", "700.2a",
          "\"choose one; if kicked, choose any number instead\" takes any number of modes unkicked too",
          _any_number_unkicked,
          case({"alice": {"hand": cards(("Inscription of Abundance", "ins")),
                          "battlefield": cards(("Balduvian Bears", "bb")), "mana": "{G}{G}"}},
               [{"cast": {"card": "ins", "modes": [0, 1], "targets": ["bb", "alice"], "pay": "{G}{G}"}}])),
    Fault("scry_keeps_the_top_cards_in_their_old_order", "701.22a",
          "the cards a scry leaves on top keep their old order, not the one the player chose",
          _library_choice("scry", _top_order_ignored),
          case({"alice": {"hand": cards(PRE), "library": TWO_CARDS, "mana": "{U}"}},
               [{"cast": {"card": "preordain", "pay": "{U}"}},
                {"resolve": {"choices": {"scry": {"top": ["c2", "c1"], "bottom": []}}}}])),
    Fault("scry_bottom_order_reversed", "701.22a",
          "the cards a scry puts on the bottom go there in the reverse of the order the player chose",
          _library_choice("scry", _bottom_reversed),
          case({"alice": {"hand": cards(PRE), "library": TWO_CARDS, "mana": "{U}"}},
               [{"cast": {"card": "preordain", "pay": "{U}"}},
                {"resolve": {"choices": {"scry": {"top": [], "bottom": ["c1", "c2"]}}}}])),
    Fault("surveil_puts_cards_on_the_bottom", "701.25a",
          "surveil puts the cards the player chose for the graveyard on the bottom of the library",
          _surveil_to_the_bottom,
          case({"alice": {"hand": cards(("Consider", "consider")), "library": TWO_CARDS, "mana": "{U}"}},
               [{"cast": {"card": "consider", "pay": "{U}"}},
                {"resolve": {"choices": {"surveil": {"top": [], "graveyard": ["c1"]}}}}])),
    Fault("search_finds_a_card_in_the_hand", "701.23a",
          "a library search also finds a matching card in the searching player's hand",
          _search_takes_from_hand,
          case({"alice": {"hand": cards(("Bring to Light", "btl"), ("Savannah Lions", "lions")),
                          "mana": "{W}{U}{B}{R}{G}"}},
               [{"cast": {"card": "btl", "pay": "{W}{U}{B}{R}{G}"}},
                {"resolve": {"choices": {"search": ["lions"]}}}])),
]


# -- more faults of this area: claims no other fault dropped (issue #30) and the rules of the
# -- Wagic and XMage peer tests (spec/rules/peer-tests-*.yaml)


def _face(change):
    def install(stack, run):
        locate.patch(stack, "_choose_face", lambda choose: lambda o, face, name: change(choose, o, face, name))
    return install


def _front_face_always(choose, o, face, name):
    return choose(o, None if o.card.faces else face, name)


def _face_of_a_card_without_faces(choose, o, face, name):
    return choose(o, face, name) if o.card.faces else None


MDFC_LAND_FACE = case({"alice": {"battlefield": cards(("Serra Angel", "angel")),
                                   "hand": cards(("Khalni Ambush // Khalni Territory", "ambush")), "mana": "{G}{G}{G}"},
                         "bob": {"battlefield": cards(("Savannah Lions", "lions"))}},
                        [{"cast": {"card": "ambush", "face": "Khalni Territory", "targets": ["angel", "lions"],
                                   "pay": "{G}{G}{G}"}}])


FAULTS += [
    Fault("mdfc_named_face_ignored", "712.11b",
          "(designed) a modal double-faced card is always cast with its front face, whatever face is named",
          _face(_front_face_always), MDFC_LAND_FACE),
    Fault("face_named_for_a_single_faced_card", "712.11b",
          "(designed) naming a face for a card without faces is ignored: the card is cast",
          _face(_face_of_a_card_without_faces),
          case({"alice": {"hand": cards(("Lightning Bolt", "bolt")), "mana": "{R}"}},
               [{"cast": {"card": "bolt", "face": "Lightning Bolt", "targets": ["bob"], "pay": "{R}"}}])),
]


# -- claims that quote sub-rules of 712 the entries cite (selfcheck/cited_claims.py)


def _back_face_by_default(choose, o, face, name):
    """Cast without naming a face, a modal double-faced card is cast with its back face up."""
    if face is None and o.card.layout == "modal_dfc" and o.card.faces:
        face = o.card.faces[-1].name
    return choose(o, face, name)


def _keeps_the_face_that_was_up(stack, run):
    """A modal double-faced permanent that leaves the battlefield for a zone other than the stack
    keeps the characteristics of the face that was up (its back face stays a land in the hand)."""
    def make(move):
        def faulty(self, o, zone, top=True):
            up = o.card if o.zone == "battlefield" and o.printed.layout == "modal_dfc" else None
            move(self, o, zone, top)
            if up is not None and zone != "stack" and o.oid in self.objs and o.zone == zone:
                o.card = up
        return faulty
    locate.patch_method(stack, "Game", "move", make)


FAULTS += [
    Fault("mdfc_cast_with_its_back_face_by_default", "712.11",
          "(designed) a modal double-faced card cast without naming a face is cast with its back face up, "
          "not its front face: Khalni Ambush // Khalni Territory is cast as the land face, which can't be cast",
          _face(_back_face_by_default),
          case({"alice": {"battlefield": cards(("Serra Angel", "angel")),
                          "hand": cards(("Khalni Ambush // Khalni Territory", "ambush")), "mana": "{G}{C}{C}"},
                "bob": {"battlefield": cards(("Savannah Lions", "lions"))}},
               [{"cast": {"card": "ambush", "targets": ["angel", "lions"], "pay": "{G}{C}{C}"}}])),
    Fault("mdfc_keeps_its_back_face_off_the_battlefield", "712.8a",
          "(designed) a modal double-faced card that leaves the battlefield with its back face up keeps that "
          "face's characteristics: Khalni Territory returned to the hand is still a land with mana value 0",
          _keeps_the_face_that_was_up,
          case({"alice": {"hand": cards(("Khalni Ambush // Khalni Territory", "khalni"), ("Boomerang", "boomerang")),
                          "mana": "{U}{U}"}},
               [{"play_land": {"card": "khalni"}},
                {"cast": {"card": "boomerang", "targets": ["khalni"], "pay": "{U}{U}"}}, {"resolve": {}}])),
]
