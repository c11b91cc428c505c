"""Game state: players, zones, objects, the stack, and cheap snapshots (733 rollback).

State is kept small and flat (slotted objects, lists of object ids per zone) so that
`Game.clone()` - taken by a `try` step, which always rolls back - costs a few
microseconds (an illegal step is rolled back by replaying the case: runner._replay).
Immutable parts (card definitions, spell decisions) are shared by clones.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace

from .characteristics import (
    granted_triggers,
    lost_all_abilities,
    may_grant_triggers,
    power_toughness,
    printed_power_toughness,
)
from .layers import READING, card_types, has_its_abilities, is_creature
from .mana import Cost

PLAYERS = ("alice", "bob")
# The steps of a turn in order (500.1, 501-514); "combat" is the beginning of combat step.
TURN_STEPS = ("untap", "upkeep", "draw", "main1", "combat", "declare_attackers", "declare_blockers",
              "combat_damage", "end_of_combat", "main2", "end", "cleanup")
COMBAT_PHASE = TURN_STEPS[4:9]  # 506.1: the combat phase's five steps ("during combat": any of them)
ZONES = ("hand", "library", "graveyard", "exile")  # per-player zones; battlefield/stack are shared
SHUFFLED_INTO_LIBRARY = "library, shuffled"  # a graveyard replacement's answer: the owner's library, then a shuffle
_NONE = frozenset()  # an empty set of oids (immutable: shared by every new Game)
# card definition -> has a triggered ability that looks back in time at a permanent leaving the
# battlefield (603.10a): a trigger with `looks_back` true. Card definitions are frozen: computed once.
LOOKS_BACK: dict = {}


def looks_back(card) -> bool:
    try:
        return LOOKS_BACK[card]
    except KeyError:
        found = LOOKS_BACK[card] = any(t.looks_back for t in card.triggers)
        return found


def lends_abilities(card) -> bool:
    """Has `card` a static ability others' triggered abilities depend on as it last existed: one
    that grants triggered abilities (613.1f) or makes abilities trigger additional times (603.2d)?
    Its leaving is remembered then, so the others leaving in the same event see it (603.10a)."""
    statics = card.statics
    return bool(statics) and any(getattr(st, "grants_triggers", False) or hasattr(st, "extra_for")
                                 for st in statics)


def watches_graveyards(card) -> bool:
    """Has `card` a static ability that replaces moves to a graveyard (rules.replacement,
    `kind` "graveyard": Rest in Peace's, Anafenza's)? Its leaving is remembered then, so the
    permanents leaving in the same event are still replaced by it (614.1)."""
    return any(getattr(st, "kind", None) == "graveyard" for st in card.statics)


@dataclass(frozen=True)
class Arrived:
    """A card put into a graveyard (from anywhere), kept until the rules look for the triggered
    abilities it triggers ("Whenever one or more land cards are put into your graveyard from
    anywhere"): such an ability never looks back in time (603.6c), so it is checked against the
    game as it is right after the event (603.10)."""

    oid: int
    owner: str
    types: tuple          # its card types as a card in the graveyard
    died_as: tuple | None  # its card types as it last existed on the battlefield, if it died (700.4)
    source_zone: str       # the zone it came from


@dataclass(frozen=True)
class LeftGraveyard:
    """A card with a triggered ability that triggers as it leaves a graveyard ("When this card is
    put into your hand from your graveyard", 113.6k), as it left: such an ability looks back in
    time (603.10a), so whether the card had its abilities in the graveyard is read before it moves."""

    oid: int
    owner: str
    to: str
    had: bool  # it had its abilities in the graveyard (613.1f: "Cards in graveyards lose all abilities")


@dataclass(frozen=True)
class Left:
    """A permanent that left the battlefield (603.6c), kept until the rules look for the
    leaves-the-battlefield abilities it triggers (603.10a: looking back in time)."""

    oid: int        # the object (its id survives the move; 400.7 makes it a new object all the same)
    lki: "Obj"      # a copy of it as it last existed on the battlefield (608.2h, 113.7a)
    pt: tuple       # its power and toughness then, "until end of turn" effects and static boosts included
    to: str         # the zone it moved to ("graveyard": it died, 700.4)
    before: tuple   # the permanents on the battlefield immediately before the event (603.10)


class IllegalAction(Exception):
    """An action the rules forbid; the game returns to the state before it (733)."""

    def __init__(self, rule: str, message: str):
        super().__init__(f"{rule}: {message}")
        self.rule = rule


class CaseError(Exception):
    """A malformed case (unknown card, label, field or value): answered as `errored`."""


class Unsupported(CaseError):
    """A card the engine does not implement yet: answered as `errored` with a message starting
    `unsupported: `, which the harness reports as a skip (never approximated)."""


@dataclass(frozen=True, init=False)
class SpellInfo:
    """The decisions made while casting (601.2b-h); copied wholesale by copy effects (707.10)."""

    kickers: tuple = ()            # which printed/granted kicker costs were paid, "A"/"B" per payment
    linked: tuple = ()             # the subset paid for the card's own printed kicker costs
    x: int = 0
    colors_spent: tuple = ()
    total_cost: Cost | None = None
    cast_from: str | None = None    # None for a copy (it wasn't cast)
    alternative: str | None = None
    targets: tuple = ()            # one tuple of target refs per target spec of the card
    sticker: bool = False
    sticker_kicked: bool = False
    modes: tuple = ()              # the modes chosen (700.2), 0-based, in printed order
    division: tuple = ()           # 601.2d: the amount each target of the divided effect gets, in target order
    buyback: bool = False          # 702.27a: its buyback cost was paid
    blight: bool = False           # 701.68a: its blight additional cost was paid (a creature was blighted)

    def __init__(self, kickers: tuple = (), linked: tuple = (), x: int = 0, colors_spent: tuple = (),
                 total_cost: Cost | None = None, cast_from: str | None = None, alternative: str | None = None,
                 targets: tuple = (), sticker: bool = False, sticker_kicked: bool = False, modes: tuple = (),
                 division: tuple = (), buyback: bool = False, blight: bool = False):
        # The generated __init__ of a frozen dataclass sets each field through object.__setattr__,
        # which made the two SpellInfos of a cast a tenth of its time; filling the instance dict
        # is the same, cheaper (tests/test_engine_views.py checks it matches the fields).
        self.__dict__.update(kickers=kickers, linked=linked, x=x, colors_spent=colors_spent,
                             total_cost=total_cost, cast_from=cast_from, alternative=alternative,
                             targets=targets, sticker=sticker, sticker_kicked=sticker_kicked, modes=modes,
                             division=division, buyback=buyback, blight=blight)

    @property
    def times_kicked(self) -> int:
        return len(self.kickers)


@dataclass(frozen=True)
class Ability:
    """A triggered ability on the stack (kind `ability` in the view)."""

    source: int                 # object id of its source
    controller: str
    trigger: object             # the Trigger data it came from
    targets: tuple = ()         # one tuple of target refs per target spec of the trigger
    event: object = None        # event data the ability refers to ("that spell")
    modes: tuple = ()           # the modes chosen for a modal triggered ability (603.3c, 700.2b)
    stamps: tuple = ()          # its object targets: (oid, moves) pairs as they were targeted (400.7)
    source_moves: int | None = None  # its source's zone changes as it triggered or was activated: a source
    #                                  that has left since is a new object (400.7; 610.3a-b)


class Obj:
    """A card, token or spell copy in some zone."""

    __slots__ = ("oid", "card", "printed", "label", "owner", "controller", "zone", "tapped",
                 "counters", "damage", "token", "copy", "copy_of", "spell", "etb", "gained",
                 "sick", "perms", "color_override", "lki", "attached", "chosen", "moves", "stamps", "ts",
                 "left_controller", "left_pt")

    def __init__(self, oid, card, owner, label=None, zone="library"):
        self.oid = oid
        self.card = card            # current (copiable) characteristics: a CardDef
        self.printed = card         # the card itself, restored when it leaves the battlefield
        self.label = label
        self.owner = owner
        self.controller = owner
        self.zone = zone
        self.tapped = False
        self.counters = {}
        self.damage = 0
        self.token = False
        self.copy = False           # a copy of a spell (707.10): ceases to exist off the stack
        self.copy_of = None         # label of the spell it copies (view `source`)
        self.spell = None           # SpellInfo while on the stack
        self.etb = None             # SpellInfo of the spell it resolved from (kicked, X, colours)
        self.gained = ()            # keywords gained as it entered (Kavu Titan's trample)
        self.sick = False           # came under its controller's control this turn (302.6)
        self.perms = ()             # granted permissions: ("flashback", Cost or None), until it moves
        self.color_override = None  # Fork: "except that the copy is red"
        self.lki = None             # (card, counters, gained) as it last existed on the battlefield
        self.attached = None        # an Aura on the battlefield: the player (name) it enchants (303.4)
        self.chosen = None          # choices made as it entered: {"color": "R"} (614.12a; Iona)
        self.moves = 0              # zone changes so far: a new object after each (400.7)
        self.stamps = None          # a spell's object targets: {oid: moves} as they were targeted
        self.ts = 0                 # 613.7d: the game clock when it entered the battlefield (0: set up)
        self.left_controller = None  # (moves, player): who controlled it as it left the battlefield (608.2h)
        self.left_pt = None          # (moves, (power, toughness)): a creature's, as it left the battlefield (608.2h)

    def clone(self) -> "Obj":
        o = Obj.__new__(Obj)
        o.oid, o.card, o.printed, o.label = self.oid, self.card, self.printed, self.label
        o.owner, o.controller, o.zone, o.tapped = self.owner, self.controller, self.zone, self.tapped
        o.counters = dict(self.counters) if self.counters else {}
        o.damage, o.token, o.copy, o.copy_of = self.damage, self.token, self.copy, self.copy_of
        o.spell, o.etb, o.gained, o.sick = self.spell, self.etb, self.gained, self.sick
        o.perms, o.color_override, o.lki = self.perms, self.color_override, self.lki
        o.attached = self.attached
        o.chosen = self.chosen
        o.moves, o.stamps = self.moves, self.stamps
        o.ts = self.ts
        o.left_controller, o.left_pt = self.left_controller, self.left_pt
        return o

    def colors(self) -> tuple:
        return self.color_override if self.color_override is not None else self.card.colors

    def has_type(self, t: str) -> bool:
        return t in self.card.types


def is_face_down(game, o) -> bool:
    """406.3: the card was exiled face down and has not moved since (400.7: a new object, face up)."""
    return bool(game.face_down) and (o.oid, o.moves) in game.face_down


NO_CREATURE_MANA = (0, 0, 0, 0, 0, 0)


class Player:
    __slots__ = ("name", "life", "pool", "counters", "hand", "library", "graveyard", "exile", "creature_mana")

    def __init__(self, name):
        self.name = name
        self.life = 20
        self.pool = [0, 0, 0, 0, 0, 0]  # W U B R G C
        self.counters = {}
        self.hand = []
        self.library = []
        self.graveyard = []
        self.exile = []
        # 106.3: of the pool's mana, how much of each type (WUBRGC) a creature produced (the source
        # of mana an ability adds is that ability's source); mana a case's setup puts in a pool was
        # produced by no creature. Read through creature_produced(): other payments spend it last.
        self.creature_mana = NO_CREATURE_MANA

    def creature_produced(self) -> tuple:
        """The mana of the pool that creatures produced (106.3), counts per type WUBRGC. A payment
        that may spend any mana takes the other mana of a type first (601.2h: its player chooses
        which mana pays; the contract leaves that choice to the engine), so what is left of the
        record is at most the pool's own count."""
        cm = self.creature_mana
        if cm == NO_CREATURE_MANA:
            return cm
        pool = self.pool
        return (min(cm[0], pool[0]), min(cm[1], pool[1]), min(cm[2], pool[2]),
                min(cm[3], pool[3]), min(cm[4], pool[4]), min(cm[5], pool[5]))

    def add_mana(self, index: int, n: int = 1, by_creature: bool = False) -> None:
        """106.4: n mana of type `index` (WUBRGC) into the pool; `by_creature`: its source is a
        creature (106.3), so it can pay for "Spend only mana produced by creatures"."""
        if by_creature or self.creature_mana != NO_CREATURE_MANA:
            cm = list(self.creature_produced())  # settled against the pool before it grows
            if by_creature:
                cm[index] += n
            self.creature_mana = tuple(cm)
        self.pool[index] += n

    def spend_creature_mana(self, paid) -> None:
        """A payment made only with mana creatures produced (601.2h): `paid` (WUBRGC counts) leaves
        the record as it leaves the pool (the caller takes it out of the pool)."""
        cm = self.creature_produced()
        self.creature_mana = tuple(max(0, cm[i] - paid[i]) for i in range(6))

    def clone(self) -> "Player":
        p = Player.__new__(Player)
        p.name, p.life = self.name, self.life
        p.pool = self.pool[:]
        p.creature_mana = self.creature_mana
        p.counters = dict(self.counters)
        p.hand, p.library = self.hand[:], self.library[:]
        p.graveyard, p.exile = self.graveyard[:], self.exile[:]
        return p

    def zone(self, name) -> list:
        return getattr(self, name)


@dataclass(init=False, slots=True)
class Game:
    """The whole game state. Its fields are declared for dataclasses.fields (tests check that
    __init__ and clone() cover each); __init__ is written out because the generated one, with its
    default_factory fields, cost a tenth of building a case's game."""

    players: dict = field(default_factory=dict)
    objs: dict = field(default_factory=dict)
    labels: dict = field(default_factory=dict)     # label -> oid
    battlefield: list = field(default_factory=list)  # oids in order of entering (timestamps)
    stack: list = field(default_factory=list)       # bottom first; oids (spells) or Ability
    active: str = "alice"
    step: str = "main1"
    next_oid: int = 1
    lost: tuple = ()
    pending: list = field(default_factory=list)     # triggered abilities waiting (603.3)
    catalog: object = None  # card name -> card definition (tokens by name); set by setup
    eot: list = field(default_factory=list)         # (oid, +power, +toughness, keywords, timestamp) until end of turn
    layered: tuple = ()     # layers.Layered records of spells' continuous effects (613), until end of turn
    clock: int = 0          # the last timestamp given (613.7): to an effect or a permanent entering
    lands_played: int = 0   # by the active player this turn (305.2)
    extra_lands: int = 0    # additional land plays effects gave the active player this turn (305.2)
    attackers: tuple = ()   # (attacking creature oid, defending player), declaration order (508.1)
    attacks_declared: bool = False  # a creature was declared as an attacker this combat (508.8), even if removed since
    blockers: tuple = ()    # (blocking creature oid, attacker oid), declaration order (509.1)
    blocked: frozenset = frozenset()  # attackers that became blocked (509.1h), even if unblocked later
    until_eot: tuple = ()   # (oid, permission) granted "until end of turn" (514.2 ends them)
    no_untap: tuple = ()    # (oid, source oid, player): doesn't untap while player controls source
    first_strikers: frozenset = frozenset()  # had first or double strike as the first combat damage step began (510.4)
    second_damage_step_due: bool = False     # a first-strike damage step was taken; the second follows (510.4)
    deathtouched: frozenset = frozenset()    # dealt damage by a deathtouch source since the last SBA check (704.5h)
    restrictions: tuple = ()  # "can't" effects this turn: ("cast", player), ("attack", player or None = all) (101.2)
    prevention: tuple = ()  # prevention effects this turn (615): ("combat",), ("shield", ref, moves, n, source oid)
    combat_damage: bool = False  # combat damage is being dealt (510.2)
    unpreventable: bool = False  # damage being dealt can't be prevented (615.12)
    unredirectable: bool = False  # damage being dealt can't be dealt instead to another (Lava Burst, 614.9)
    followups: tuple = ()   # (source oid, recipient, amount): a prevention effect's additional effect waiting for
    #                         the damage event it prevented damage of to end (615.5: "immediately afterward")
    delayed: tuple = ()     # (step, source oid, trigger): "at the beginning of the next <step>" (603.7)
    ceased: dict = field(default_factory=dict)  # oid -> the view's name of a token or copy that ceased to exist
    left: tuple = ()        # Left records not yet looked at for leaves-the-battlefield triggers (603.10a)
    left_before: tuple | None = None  # the battlefield before the current simultaneous event, once one left
    skips: tuple = ()       # (player, step): "skips their next <step>" effects not used yet (614.10a)
    replacement_order: tuple = ()  # the step's choice `replacement_order`: labels in the chosen order (616.1)
    priority: str | None = None  # the player holding priority (117.1); None: the active player (117.3a-b)
    passes: int = 0  # players who have passed in succession, no action taken between (117.4)

    # 614.1a: where an object that would be put into a graveyard goes instead (rules/replacement.py
    # sets it; a class attribute, not a field: the same for every game); and how a library is
    # shuffled when that is its owner's library (rules/library.py sets it)
    graveyard_replacer = None
    library_shuffler = None
    # 610.3: returns the cards exiled "until" an event that has happened (rules/resolution.py sets it;
    # rules.actions.state_based_actions calls it, right after every action)
    exile_returner = None
    # 111.2: creates a token (rules/actions.py sets it; a replacement effect that creates a token as
    # part of the modified event, Kalitas's, calls it)
    token_maker = None
    died_this_turn: int = 0     # creatures put into a graveyard from the battlefield this turn (morbid)
    exile_if_dies: tuple = ()   # (oid, moves): exiled instead if it would die this turn (614.1a)
    regen_shields: tuple = ()   # (oid, moves): regeneration shields this turn (701.19a)
    no_regen: tuple = ()        # (oid, moves): "it can't be regenerated this turn" (701.19c)
    control_eot: tuple = ()     # (oid, moves, previous controller): "gain control of ... until end of turn" (613.1b)
    # (oid, moves, previous controller, aura oid, aura moves, controller given): "You control enchanted
    # creature" applied while the Aura enchants it (613.1b; rules.control)
    control_statics: tuple = ()
    attacked_this_turn: frozenset = _NONE  # (oid, moves) of the creatures declared as attackers this turn (508.1a)
    eot_triggers: tuple = ()    # (oid, moves, trigger): a triggered ability gained until end of turn (611.2a)
    #                             or for as long as it is that object (those also in lasting_triggers)
    lasting_triggers: tuple = ()  # (oid, moves, trigger): kept past cleanup (blitz's draw, 702.152a)
    replacements: tuple = ()    # replacement effects resolved spells and abilities created this turn (614.1a)
    damage_event: int = 0       # the damage event being dealt, while one effect or combat damage step deals
    #                             damage to several recipients at once (0: none; rules.actions.one_damage_event)
    damage_events: int = 0      # how many such events there have been (their numbers)
    life_gain_events: tuple = ()  # (damage event, player, source oid): the lifelink gains it caused (702.15e)
    once_per_event: tuple = ()  # (damage event, permanent oid): "remove a +1/+1 counter" done in that event
    monstrous: tuple = ()       # (oid, moves): permanents that became monstrous (701.37b), until they leave
    arrived: tuple = ()         # (oid, moves): the active player's permanents that came under their control
    #                             since their previous turn began (the echo condition, 702.30a)
    done_this_turn: frozenset = _NONE  # (player, oid, moves, instruction): "Do this only once each turn"
    #                                    actions that player took this turn (603.2h)
    next_spell: tuple = ()      # effects waiting for the next spell a player casts (611.2f): see
    #                             rules.casting.apply_next_spell_effects
    spell_effects: tuple = ()   # (oid, moves, what): what such an effect did to a spell on the stack
    drawn_this_turn: tuple = ()  # the players who have drawn a card this turn (702.94a: "the first card")
    exiled_with: tuple = ()  # (source oid, source moves, card oid, card moves): "the exiled card" (607.2a)
    face_down: tuple = ()  # (oid, moves): cards exiled face down (406.3), face down until they move (400.7)
    loyalty_activated: frozenset = _NONE  # (oid, moves): permanents a loyalty ability of which was
    #                                      activated this turn, by any player (606.3)
    exiled_until: tuple = ()  # (source oid, source moves, card oid, card moves): exiled "until [the source]
    #                           leaves the battlefield" (610.3)
    returns_due: tuple = ()  # (card oid, card moves): cards whose "until" event just happened, returning
    #                          at once (610.3): see rules.resolution.return_due
    spells_cast: tuple = ()  # (oid, caster): the spells cast this turn by any player, in the order cast
    #                          (601.2i; storm counts those before it, 702.40a); copies are never cast
    prevented_by: tuple = ()  # (tally, amount): damage prevented by shields that count it ("for each 1
    #                           damage prevented this way"), one entry per use of such a shield (615.7)
    day_night: str | None = None  # the game's day/night designation (731.1): None (neither), "day", "night"
    left_graveyard: tuple = ()  # LeftGraveyard records: cards with a "put into your hand from your graveyard"
    #                             trigger that left a graveyard since the triggers last looked (603.10a)
    to_graveyard: tuple = ()  # Arrived records: cards put into a graveyard since the triggers last looked
    #                           (rules.actions.collect_graveyard_arrivals: one event per look, 603.2c)
    #                             ("cant-be-countered")

    def __init__(self, catalog: object = None):
        self.players = {}
        self.objs = {}
        self.labels = {}
        self.battlefield = []
        self.stack = []
        self.active = "alice"
        self.step = "main1"
        self.next_oid = 1
        self.lost = ()
        self.pending = []
        self.catalog = catalog
        self.eot = []
        self.layered = ()
        self.clock = 0
        self.lands_played = 0
        self.extra_lands = 0
        self.attackers = ()
        self.attacks_declared = False
        self.blockers = ()
        self.blocked = _NONE
        self.until_eot = ()
        self.no_untap = ()
        self.first_strikers = _NONE
        self.second_damage_step_due = False
        self.deathtouched = _NONE
        self.restrictions = ()
        self.prevention = ()
        self.combat_damage = False
        self.unpreventable = False
        self.unredirectable = False
        self.followups = ()
        self.delayed = ()
        self.ceased = {}
        self.left = ()
        self.left_before = None
        self.skips = ()
        self.replacement_order = ()
        self.priority, self.passes = None, 0
        self.died_this_turn = 0  # creatures put into a graveyard from the battlefield this turn (morbid)
        self.exile_if_dies = ()  # (oid, moves) of permanents exiled instead if they would die this turn
        self.regen_shields = ()  # (oid, moves): "the next time it would be destroyed this turn" (701.19a)
        self.no_regen = ()       # (oid, moves): "it can't be regenerated this turn" (701.19c)
        self.control_eot = ()    # (oid, moves, previous controller): control changed until end of turn
        self.control_statics = ()  # control given by an Aura's static ability while it enchants (rules.control)
        self.attacked_this_turn = _NONE  # (oid, moves): declared as attackers this turn (508.1a)
        self.eot_triggers = ()   # (oid, moves, trigger): triggered abilities gained until end of turn
        self.lasting_triggers = ()  # (oid, moves, trigger): those gained for as long as it is that object
        self.replacements = ()   # replacement effects created by resolved spells and abilities this turn
        self.damage_event = self.damage_events = 0  # no damage event being dealt; none numbered yet
        self.life_gain_events = ()  # the life gain events of the damage event being dealt (702.15e)
        self.once_per_event = ()  # the prevention effects' once-per-event additional effects done in it
        self.monstrous = ()      # (oid, moves) of monstrous permanents (701.37b)
        self.arrived = ()        # (oid, moves): came under the active player's control since their last turn
        self.done_this_turn = _NONE  # "Do this only once each turn" actions taken this turn (603.2h)
        self.next_spell = ()     # effects waiting for a player's next spell (611.2f)
        self.spell_effects = ()  # what those effects did to spells on the stack
        self.drawn_this_turn = ()  # players who have drawn a card this turn (702.94a)
        self.exiled_with = ()  # cards an ability exiled, linked to its source as it was then (607.2a)
        self.face_down = ()  # (oid, moves): cards exiled face down (406.3)
        self.loyalty_activated = _NONE  # permanents whose loyalty abilities were activated this turn (606.3)
        self.exiled_until = ()  # cards exiled until their source leaves the battlefield (610.3)
        self.returns_due = ()  # those whose source just left, returned right after the event (610.3)
        self.spells_cast = ()  # the spells cast this turn (601.2i), for storm (702.40a)
        self.prevented_by = ()  # damage counted by the shields that prevented it (615.7)
        self.day_night = None  # neither day nor night, as the game starts (731.1)
        self.to_graveyard = ()  # no card put into a graveyard yet
        self.left_graveyard = ()  # nor taken from one

    def clone(self) -> "Game":
        g = Game.__new__(Game)
        g.players = {n: p.clone() for n, p in self.players.items()}
        g.objs = {k: o.clone() for k, o in self.objs.items()}
        g.labels = self.labels  # replaced, never mutated, when a step labels new objects
        g.battlefield = self.battlefield[:]
        g.stack = self.stack[:]
        g.active, g.step = self.active, self.step
        g.next_oid, g.lost = self.next_oid, self.lost
        g.pending = self.pending[:]
        g.catalog = self.catalog
        g.eot = self.eot[:]
        g.layered, g.clock = self.layered, self.clock  # a tuple: replaced, never mutated
        g.lands_played, g.attackers, g.blockers = self.lands_played, self.attackers, self.blockers
        g.extra_lands = self.extra_lands
        g.attacks_declared = self.attacks_declared
        g.blocked, g.until_eot, g.no_untap = self.blocked, self.until_eot, self.no_untap
        g.first_strikers, g.second_damage_step_due = self.first_strikers, self.second_damage_step_due
        g.deathtouched, g.restrictions = self.deathtouched, self.restrictions
        g.prevention, g.combat_damage, g.unpreventable = self.prevention, self.combat_damage, self.unpreventable
        g.unredirectable = self.unredirectable
        g.followups = self.followups  # a tuple: replaced, never mutated
        g.delayed = self.delayed
        g.ceased = self.ceased  # replaced, never mutated
        g.left, g.left_before = self.left, self.left_before  # tuples: replaced, never mutated
        g.skips, g.replacement_order = self.skips, self.replacement_order  # tuples: replaced, never mutated
        g.priority, g.passes = self.priority, self.passes
        g.died_this_turn, g.exile_if_dies = self.died_this_turn, self.exile_if_dies
        g.regen_shields, g.no_regen = self.regen_shields, self.no_regen
        g.control_eot = self.control_eot  # a tuple: replaced, never mutated
        g.control_statics = self.control_statics
        g.attacked_this_turn = self.attacked_this_turn  # a frozenset: replaced, never mutated
        g.eot_triggers = self.eot_triggers  # a tuple: replaced, never mutated
        g.lasting_triggers = self.lasting_triggers  # a tuple: replaced, never mutated
        g.replacements = self.replacements  # a tuple: replaced, never mutated
        g.damage_event, g.damage_events = self.damage_event, self.damage_events
        g.life_gain_events = self.life_gain_events  # a tuple: replaced, never mutated
        g.once_per_event = self.once_per_event
        g.monstrous = self.monstrous  # a tuple: replaced, never mutated
        g.arrived = self.arrived  # a tuple: replaced, never mutated
        g.done_this_turn = self.done_this_turn  # a frozenset: replaced, never mutated
        g.next_spell, g.spell_effects = self.next_spell, self.spell_effects  # tuples: replaced, never mutated
        g.drawn_this_turn = self.drawn_this_turn  # a tuple: replaced, never mutated
        g.exiled_with = self.exiled_with  # a tuple: replaced, never mutated
        g.face_down = self.face_down  # a tuple: replaced, never mutated
        g.loyalty_activated = self.loyalty_activated  # a frozenset: replaced, never mutated
        g.exiled_until, g.returns_due = self.exiled_until, self.returns_due  # tuples: replaced, never mutated
        g.spells_cast, g.prevented_by = self.spells_cast, self.prevented_by  # tuples: replaced, never mutated
        g.day_night = self.day_night
        g.to_graveyard = self.to_graveyard  # a tuple: replaced, never mutated
        g.left_graveyard = self.left_graveyard  # a tuple: replaced, never mutated
        return g

    def restore(self, snap: "Game") -> None:
        """Roll back to a snapshot taken with clone() (733.1)."""
        for name in GAME_SLOTS:
            setattr(self, name, getattr(snap, name))

    def opponent(self, name: str) -> str:
        return "bob" if name == "alice" else "alice"

    def new_obj(self, card, owner, label, zone: str) -> Obj:
        o = Obj(self.next_oid, card, owner, label, zone)
        self.objs[o.oid] = o
        self.next_oid += 1
        return o

    def zone_list(self, o: Obj) -> list | None:
        if o.zone == "battlefield":
            return self.battlefield
        if o.zone == "stack":
            return self.stack
        return self.players[o.owner].zone(o.zone)

    def _graveyard_replacement(self, o: Obj, zone_was: str) -> str:
        """614.1a: an effect said this permanent is exiled if it would die this turn (Magma Spray).
        (Replacement effects of permanents, such as Rest in Peace's, are graveyard_replacer's.)"""
        if zone_was == "battlefield" and (o.oid, o.moves) in self.exile_if_dies:
            return "exile"
        return "graveyard"

    def move(self, o: Obj, zone: str, top: bool = True) -> None:
        """Move an object to a zone (400.7: it becomes a new object; we keep the id for labels).

        Tokens and spell copies that leave the battlefield/stack cease to exist (704.5d,
        707.10a); a permanent that leaves the battlefield loses counters, damage and copy
        effects.
        """
        shuffle = False
        if zone == "graveyard" and Game.graveyard_replacer is not None:
            zone = Game.graveyard_replacer(self, o)  # 614.1a: e.g. exiled instead
            if zone == SHUFFLED_INTO_LIBRARY:  # "shuffle it into its owner's library instead"
                zone, shuffle = "library", True
        zone_was = o.zone
        if zone_was == "battlefield":
            # one pass over the battlefield for the questions below: is a static ability there (without
            # one, and with no "until end of turn" or layered effect, P/T are printed values and counters,
            # and no triggered ability is granted: may_grant_triggers), and a triggered ability that
            # looks back in time (603.10a)? Most leave a battlefield with neither.
            objs = self.objs
            statics = back = False
            for oid in self.battlefield:
                card = objs[oid].card
                if card.statics:
                    statics = True
                if card.triggers and looks_back(card):
                    back = True
            # its card types as it last existed (613.1d: an effect may have made it a creature)
            types_was = card_types(self, o) if statics or self.layered else o.card.types
            # 608.2h: a creature's power and toughness as it last existed, every effect included
            if "Creature" not in types_was:
                last_pt = None
            elif statics or self.eot or self.layered:
                last_pt = power_toughness(self, o)
            else:
                last_pt = printed_power_toughness(o)  # power_toughness's answer then
            if zone == "graveyard" and self.exile_if_dies:  # else _graveyard_replacement keeps "graveyard"
                zone = self._graveyard_replacement(o, zone_was)
            # the triggered abilities granted to it, read while it is still the permanent they were granted to
            granted = (self._granted_leaving(o)
                       if ((statics or self.eot or self.eot_triggers) and may_grant_triggers(self))
                       or (self.left_before is not None and self._lent_in_this_event()) else ())
            # layer 6: with all its abilities lost it has no leaves ability to look back with (603.10a)
            lost = bool(o.card.triggers) and lost_all_abilities(self, o)
            lst = self.battlefield
        else:  # (_graveyard_replacement keeps "graveyard" for an object that is no permanent)
            lst = self.stack if zone_was == "stack" else getattr(self.players[o.owner], zone_was)
            if zone_was == "graveyard" and o.card.triggers and any(
                    t.event == "self-graveyard-to-hand" for t in o.card.triggers):  # 603.10a: looks back
                self.left_graveyard = (*self.left_graveyard,
                                       LeftGraveyard(o.oid, o.owner, zone, has_its_abilities(self, o)))
        o.moves += 1  # 400.7: targets chosen for the object it was are not this object (608.2b)
        if o.oid in lst:
            lst.remove(o.oid)
        if zone_was == "battlefield":
            if zone == "graveyard" and "Creature" in types_was:  # it died (700.4)
                self.died_this_turn += 1
            o.left_pt = (o.moves, last_pt) if last_pt is not None else None  # read by _remember_leaving
            # (`back`: a permanent that looks back, `o` among them unless a fault took it off the list)
            if (self.left_before is not None or back or granted or (o.card.triggers and looks_back(o.card))
                    or (o.card.statics and (lends_abilities(o.card) or watches_graveyards(o.card)))
                    # "when that creature dies this turn"
                    or (self.delayed and any(d[0] == "dies" for d in self.delayed))):
                self._remember_leaving(o, zone, lst)
                # its last known information has the abilities it had then (603.10a: granted ones,
                # none once all were lost) and its card types (700.4: it died as a creature)
                lki = self.left[-1].lki
                changes = {}
                if lost:
                    changes["triggers"] = ()
                elif granted:
                    changes["triggers"] = lki.card.triggers + granted
                if types_was != o.card.types:
                    changes["types"] = types_was
                if changes:
                    lki.card = replace(lki.card, **changes)
            o.lki = (o.card, o.counters, o.gained)  # last known information (608.2h)
            if self.exiled_until:  # 610.3: what it exiled "until it leaves the battlefield" returns
                self._until_it_leaves(o)
            o.left_controller = (o.moves, o.controller)  # its controller then, for this new object
            if self.eot:  # 400.7: effects on the old object don't follow it
                self.eot = [e for e in self.eot if e[0] != o.oid]
            if self.layered:  # nor do layered effects (611.2c)
                self.layered = tuple(e for e in self.layered if e.oid != o.oid)
            if self.no_untap:  # nor do effects lasting "as long as you control" it (611.2b)
                self.no_untap = tuple(e for e in self.no_untap if o.oid not in e[:2])
            o.counters, o.damage, o.tapped, o.gained, o.etb = {}, 0, False, (), None
            o.attached = None
            o.chosen = None
            o.card = o.printed
            if self.attackers or self.blockers:  # 506.4: it is removed from combat
                self.remove_from_combat(o.oid)
            if o.oid in self.deathtouched:  # 400.7: the new object was dealt no damage
                self.deathtouched = self.deathtouched - {o.oid}
        elif zone_was == "stack":
            o.spell = None
            o.stamps = None
            o.color_override = None
            o.card = o.printed  # a split card's half exists only on the stack (709.3b, 709.4)
        if (o.token and zone != "battlefield") or (o.copy and zone != "stack"):
            del self.objs[o.oid]
            # 113.7a: an ability of it on the stack exists on; the view still names its source
            self.ceased = {**self.ceased, o.oid: o.label if o.label is not None else o.copy_of}
            if o.label is not None:  # it ceased to exist (704.5d, 707.10a): so did its label
                self.labels = {k: v for k, v in self.labels.items() if v != o.oid}
            return
        o.zone = zone
        if zone == "battlefield":
            self.battlefield.append(o.oid)
            o.sick = True
            self.clock += 1
            o.ts = self.clock  # 613.7d: a new timestamp as it enters
        elif zone == "stack":
            self.stack.append(o.oid)
        else:
            o.controller = o.owner
            if zone == "graveyard":
                self.clock += 1
                o.ts = self.clock  # 613.7d: a new timestamp as it enters (a static ability may function there)
                died = types_was if zone_was == "battlefield" and "Creature" in types_was else None
                self.to_graveyard = (*self.to_graveyard, Arrived(o.oid, o.owner, o.card.types, died, zone_was))
            dest = getattr(self.players[o.owner], zone)  # Player.zone, inline
            if zone == "library" and top:
                dest.insert(0, o.oid)
            else:
                dest.append(o.oid)
            if shuffle and Game.library_shuffler is not None:
                Game.library_shuffler(self, o.owner)
        o.perms = ()  # 400.7: a permission granted to the card (flashback, 702.34a) was the old object's

    def _until_it_leaves(self, o: Obj) -> None:
        """610.3: `o` (the object it was on the battlefield: one move ago) has left the battlefield:
        each card it exiled "until it leaves the battlefield" is due to return right after this
        event (`returns_due`), as a one-shot effect that doesn't use the stack."""
        was = (o.oid, o.moves - 1)
        due = tuple(e for e in self.exiled_until if e[:2] == was)
        if due:
            self.exiled_until = tuple(e for e in self.exiled_until if e[:2] != was)
            self.returns_due = (*self.returns_due, *(e[2:] for e in due))

    def _lent_in_this_event(self) -> bool:
        """Did a permanent that lends abilities (lends_abilities) leave in the current event?"""
        before = self.left_before
        return before is not None and any(r.before is before and lends_abilities(r.lki.card) for r in self.left)

    def _granted_leaving(self, o: Obj) -> tuple:
        """The triggered abilities a permanent about to leave has beyond its card's (layer 6), as
        it exists now: granted until end of turn, or by static abilities of the permanents on
        the battlefield and of those that left in the same event, as they last existed (603.10a)."""
        before = self.left_before
        also = tuple(r.lki for r in self.left if before is not None and r.before is before)
        return granted_triggers(self, o, also)

    def _remember_leaving(self, o: Obj, zone: str, battlefield: list) -> None:
        """Record `o` leaving the battlefield for the leaves-the-battlefield abilities that look
        back in time (603.10a), while it still has its counters and effects. Every permanent that
        leaves in one simultaneous event (a Wrath of God, one state-based action check) sees the
        same battlefield from before it: `left_before`, reset by the rules between events."""
        if self.left_before is None:
            self.left_before = (*battlefield, o.oid)  # `o` is already off the list
        # a creature's power and toughness as move() read them, before it left the battlefield list
        left = o.left_pt
        pt = left[1] if left is not None and left[0] == o.moves else power_toughness(self, o)
        self.left = (*self.left, Left(o.oid, o.clone(), pt, zone, self.left_before))

    def stamp(self, targets) -> dict:
        """{oid: zone changes} of the objects among `targets` (tuples of refs), as they are
        targeted: an object that changes zones afterwards is a new object (400.7), not the one
        targeted (608.2b)."""
        objs = self.objs
        return {r: objs[r].moves for group in targets for r in group if not isinstance(r, str) and r in objs}

    def change_control(self, o: Obj, player: str) -> None:
        """Permanent `o` comes under `player`'s control (613.1b): it has not been under their
        control continuously since their turn began (302.6), it leaves combat (506.4), and a
        duration "for as long as <its controller> controls it" ends for good (611.2b: the player
        who regains control later doesn't start it again)."""
        o.controller = player
        o.sick = True
        if self.attackers or self.blockers:
            self.remove_from_combat(o.oid)
        if self.no_untap:
            self.no_untap = tuple(e for e in self.no_untap if e[1] != o.oid or e[2] == player)

    def remove_from_combat(self, oid: int) -> None:
        """506.4. Each declaration is rebuilt only if it names the creature (most deaths in combat
        leave one of them as it was; a rebuild costs several times the look)."""
        for a in self.attackers:
            if a[0] == oid:
                self.attackers = tuple([a for a in self.attackers if a[0] != oid])
                break
        for b in self.blockers:
            if b[0] == oid or b[1] == oid:
                self.blockers = tuple([b for b in self.blockers if b[0] != oid and b[1] != oid])
                break

    def attacking(self, oid: int) -> str | None:
        """The player a creature attacks, or None."""
        for a, d in self.attackers:
            if a == oid:
                return d
        return None

    def permanents(self):
        return list(map(self.objs.__getitem__, self.battlefield))

    def creatures(self):
        """The creatures on the battlefield, by the card types the layers give them (613.1d),
        computed once for all of them (layers.READING)."""
        READING.append([self, None])
        try:
            return [o for o in self.permanents() if is_creature(self, o)]
        finally:
            READING.pop()


GAME_SLOTS = Game.__slots__
