"""605: activating mana abilities, as the step `tap_for_mana` does and as a declaration of
attackers does to pay its costs to attack (508.1i)."""

from __future__ import annotations

from ..state.characteristics import has_keyword
from ..state.game import CaseError, IllegalAction
from ..state.layers import characteristics, is_creature, mana_abilities_of, needs_layers
from ..state.mana import auto_payment
from . import actions
from .permanent_costs import check_creature_sacrifice

COLOR_CHOICES = "WUBRG"
TAP_FOR_MANA_FIELDS = frozenset({"permanents", "color", "mana_ability", "sacrificed"})


def activate_mana_abilities(game, args, where: str) -> None:
    """605: activate one mana ability of each permanent `args` lists (`permanents`, optional
    `color`), as the step `tap_for_mana` or during a declaration of attackers (508.1i,
    `where` names the field); mana goes to the pool."""
    if not isinstance(args, dict) or not args.keys() <= TAP_FOR_MANA_FIELDS:
        raise CaseError(f"{where} takes `permanents` and optional `color`, `mana_ability` and `sacrificed`")
    index = args.get("mana_ability", 0)
    if type(index) is not int or index < 0:
        raise CaseError(f"tap_for_mana.mana_ability must be a whole number from 0, got {index!r}")
    sacrificed = args.get("sacrificed")
    if sacrificed is not None and (not isinstance(sacrificed, list) or not all(
            isinstance(t, str) and t in game.labels for t in sacrificed)):
        raise CaseError(f"tap_for_mana.sacrificed must be a list of labels, got {sacrificed!r}")
    sacrificed = list(sacrificed or ())
    labels = args.get("permanents")
    if not isinstance(labels, list) or not labels:
        raise CaseError("tap_for_mana.permanents must be a non-empty list of labels")
    color = args.get("color")
    if color is not None and color not in COLOR_CHOICES:
        raise CaseError(f"tap_for_mana.color must be one of W U B R G, got {color!r}")
    for label in labels:
        if label not in game.labels:
            raise CaseError(f"tap_for_mana: unknown label {label!r}")
        o = game.objs[game.labels[label]]
        if o.zone != "battlefield":
            raise IllegalAction("605.3a", f"{label} is not on the battlefield")
        # 605: the mana abilities it has now (a land type an effect gave or took, 305.7; all lost, 613.1f)
        abilities = mana_abilities_of(game, o)
        if not abilities:
            if o.card.mana_abilities and needs_layers(game) and not characteristics(game)[o.oid].abilities:
                raise IllegalAction("613.1f", f"{label} has lost all its abilities (layer 6): it has no mana ability")
            raise IllegalAction("605.1a", f"{o.card.name} has no mana ability")
        if index >= len(abilities):
            raise IllegalAction("605.1a", f"{label} has {len(abilities)} mana abilit"
                                          f"{'y' if len(abilities) == 1 else 'ies'}, not a number {index}")
        ab = abilities[index]
        if ab.one_of and color is None:
            raise CaseError(f"tap_for_mana: {label}'s ability adds one of {ab.one_of}: give `color`")
        if ab.one_of and color not in ab.one_of:  # "Add {U} or {R}": one of those (106.4)
            raise IllegalAction("106.4", f"{label}'s mana ability adds "
                                         f"{' or '.join('{' + c + '}' for c in ab.one_of)}, not {{{color}}}")
        player = game.players[o.controller]
        pool = player.pool
        by_creature = is_creature(game, o)  # 106.3: the mana's source is the ability's, as it is now
        if ab.mana is not None:  # 602.2b, 605.3a: a mana part of the cost, paid from the pool
            paid = auto_payment(ab.mana, pool)
            if paid is None:
                raise IllegalAction("602.2b", f"{o.controller} can't pay {ab.mana.format()} for "
                                             f"{label}'s mana ability")
            for i in range(6):
                pool[i] -= paid[i]
        if ab.cost == "tap":
            if o.tapped:
                raise IllegalAction("118.3", f"{label} is already tapped")
            if o.sick and is_creature(game, o) and not has_keyword(o, "haste", game):
                raise IllegalAction("302.6", f"{label} came under its controller's control "
                                             "this turn (summoning sickness)")
            if ab.counter is not None and o.counters.get(ab.counter, 0) < 1:  # both parts of the cost (118.3)
                raise IllegalAction("118.3", f"{label} has no {ab.counter} counter to remove")
            o.tapped = True
        if ab.counter is not None:
            if o.counters.get(ab.counter, 0) < 1:
                raise IllegalAction("118.3", f"{label} has no {ab.counter} counter to remove")
            o.counters[ab.counter] -= 1
            if not o.counters[ab.counter]:
                del o.counters[ab.counter]
        if ab.any_color and color is None:
            raise CaseError(f"tap_for_mana: {label}'s ability adds mana of any color: give `color`")
        if ab.sacrifice_self:  # "Sacrifice this artifact" in the cost: to its owner's graveyard (701.21a)
            check_creature_sacrifice(game, [o], f"{label}'s mana ability")
            game.move(o, "graveyard")
        if ab.sacrifice_creature:  # "Sacrifice a creature": one its controller controls (701.21a)
            victim = _creature_to_sacrifice(game, o, sacrificed.pop(0) if sacrificed else None, label)
            check_creature_sacrifice(game, [victim], f"{label}'s mana ability")
            game.move(victim, "graveyard")
        if ab.any_color or ab.one_of:
            player.add_mana("WUBRGC".index(color), 1, by_creature)
            produced = color
        else:
            n = _times(game, o, ab)
            for letter in ab.produce:  # "Add {U}{R}": one mana of each symbol
                player.add_mana("WUBRGC".index(letter), n, by_creature)
            produced = ab.produce if n else ""
        actions.triggered_mana_abilities(game, o, produced)  # 605.1b, 605.4a: at once, no stack


def _times(game, o, ab) -> int:
    """How many times the ability adds its mana: once, or once per `per_counter` counter on its
    source, or once per permanent its controller controls matching `per_filter` ("for each Elf you
    control"), counted as it resolves."""
    if ab.per_filter is not None:
        return len(ab.per_filter.objects(game, o.controller, o))
    return o.counters.get(ab.per_counter, 0) if ab.per_counter else 1


def _creature_to_sacrifice(game, source, named, label: str):
    """The creature a "Sacrifice a creature" cost sacrifices: the one `sacrificed` names, which must be
    a creature on the battlefield its controller controls (701.21a: a player sacrifices only their own
    permanents), else the first such creature (the engine picks); none at all: the cost can't be paid
    (118.3)."""
    if named is not None:
        victim = game.objs[game.labels[named]]
        if victim.zone != "battlefield" or not is_creature(game, victim):
            raise IllegalAction("118.3", f"{named} is not a creature on the battlefield: it can't be "
                                         f"sacrificed for {label}'s mana ability")
        if victim.controller != source.controller:
            raise IllegalAction("701.21a", f"{source.controller} can't sacrifice {named}, which "
                                           f"{victim.controller} controls")
        return victim
    for oid in game.battlefield:
        victim = game.objs[oid]
        if victim.controller == source.controller and is_creature(game, victim):
            return victim
    raise IllegalAction("118.3", f"{source.controller} controls no creature to sacrifice for {label}'s mana ability")
