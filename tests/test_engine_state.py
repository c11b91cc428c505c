"""Reference engine state: the hand-written constructors and copies of state/game.py cover every
field, so a field added to a class but forgotten in its __init__, clone() or restore() fails here."""

from __future__ import annotations

import dataclasses

from reference_impl.cards.catalog import card_def
from reference_impl.state.game import Game, Obj, Player, SpellInfo


def _defaults(cls) -> dict:
    return {f.name: f.default_factory() if f.default is dataclasses.MISSING else f.default
            for f in dataclasses.fields(cls)}


def _state(g: Game) -> dict:
    """A Game's fields and their values (a Game is slotted: its slots are exactly its fields)."""
    return {name: getattr(g, name) for name in Game.__slots__ if hasattr(g, name)}


def test_game_is_slotted_by_its_fields():
    """Game keeps its fields in slots (no instance dict: a dict of 45 keys outgrows the shared
    keys, and every attribute read and write then went through a dict of its own), one per field."""
    assert list(Game.__slots__) == [f.name for f in dataclasses.fields(Game)]
    assert not hasattr(Game(), "__dict__")


def test_game_init_sets_exactly_the_fields_with_their_defaults():
    g = Game()
    assert _state(g) == _defaults(Game)
    assert list(_state(g)) == [f.name for f in dataclasses.fields(Game)]
    assert Game(catalog=card_def).catalog is card_def
    other = Game()
    assert all(getattr(other, k) is not v for k, v in _state(g).items()
               if isinstance(v, (list, dict, set)))  # no shared mutable defaults


def test_game_clone_and_restore_cover_every_field():
    g = Game(catalog=card_def)
    values = {f.name: object() for f in dataclasses.fields(Game)}
    values.update(players={}, objs={}, battlefield=[1], stack=[2], pending=[3], eot=[4])
    for k, v in values.items():
        setattr(g, k, v)
    c = g.clone()
    assert set(_state(c)) == set(values)
    assert all(getattr(c, k) == v for k, v in values.items())
    fresh = Game()
    fresh.restore(c)
    assert all(getattr(fresh, k) == v for k, v in values.items())


def test_player_and_obj_clone_cover_every_slot():
    p = Player("alice")
    assert p.pool == [0] * 6 and p.life == 20
    assert all(getattr(p.clone(), s) == getattr(p, s) for s in Player.__slots__)
    o = Obj(1, card_def("Forest"), "alice", "f", "hand")
    assert all(hasattr(o, s) for s in Obj.__slots__)  # __init__ sets every slot
    c = o.clone()
    assert all(getattr(c, s) == getattr(o, s) for s in Obj.__slots__)
    # a clone carries what a permanent gathered, not the defaults
    o.attached, o.chosen, o.ts, o.counters, o.moves = "bob", {"color": "R"}, 7, {"+1/+1": 2}, 3
    p.counters, p.life = {"poison": 1}, 12
    c, pc = o.clone(), p.clone()
    assert all(getattr(c, s) == getattr(o, s) for s in Obj.__slots__)
    assert all(getattr(pc, s) == getattr(p, s) for s in Player.__slots__)
    assert c.counters is not o.counters and pc.counters is not p.counters


def test_a_new_object_and_spell_info_start_blank():
    """An object starts in the zone it is made in, as no token, copy or spell, with no choices,
    attachments, zone changes or targets; SpellInfo() is a spell with no decisions (X 0, no
    kicker, no sticker): what a permanent put onto the battlefield without being cast reads."""
    o = Obj(1, card_def("Forest"), "alice")
    assert o.zone == "library" and o.controller == "alice"
    assert (o.token, o.copy_of, o.spell, o.etb, o.sick, o.lki, o.attached, o.chosen, o.moves, o.stamps) == \
        (False, None, None, None, False, None, None, None, 0, None)
    assert o.token is False and o.sick is False
    info = SpellInfo()
    assert (info.x, info.kickers, info.sticker, info.sticker_kicked, info.targets, info.modes) == (0, (), False, False, (), ())
    assert info.sticker is False and info.sticker_kicked is False


def test_angelic_destiny_makes_the_enchanted_creature_an_angel_while_attached():
    """"... and is an Angel in addition to its other types" (205.1b, layer 4): the enchanted Grizzly
    Bears is a Bear Angel to a filter that reads subtypes, its other creature is not, and once the
    Aura has left the Bears is a Bear only."""
    from reference_impl.runner import _take_step, build_game
    from reference_impl.scenario import cards
    from reference_impl.state.layers import as_it_is

    setup = {"players": {"alice": {"battlefield": cards(("Grizzly Bears", "bears"), ("Glory Seeker", "seeker")),
                                   "hand": cards(("Angelic Destiny", "destiny")), "mana": "{W}{W}{C}{C}"},
                         "bob": {"hand": cards(("Demystify", "demystify")), "mana": "{W}"}}}
    game = build_game(setup)
    bears, seeker, destiny = (game.objs[game.labels[x]] for x in ("bears", "seeker", "destiny"))
    _take_step(game, "cast", {"card": "destiny", "targets": ["bears"], "pay": "{W}{W}{C}{C}"}, None, None)
    _take_step(game, "resolve", {}, None, None)
    assert as_it_is(game, bears).card.subtypes == ("Bear", "Angel")
    assert as_it_is(game, seeker).card.subtypes == seeker.card.subtypes
    _take_step(game, "cast", {"card": "demystify", "by": "bob", "targets": ["destiny"], "pay": "{W}"}, None, None)
    _take_step(game, "resolve", {}, None, None)
    assert destiny.zone == "graveyard"
    assert as_it_is(game, bears).card.subtypes == ("Bear",)
