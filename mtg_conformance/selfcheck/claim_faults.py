"""Faulty engines for claims no other fault dropped (spec/README.md, "Claims"; issue #30).

Each one breaks one restrictive word of a rule the spec states, in the reference engine, and
claims.py (MORE_DROPS) names the claim it drops: who may attack and block and where a blocked
creature's damage goes (508.1a, 508.1k, 509.1b, 510.1c, 702.9b, 702.20b), which permanents untap
(502.3), land plays (305.2), state-based actions (704.5a-g), indestructible and destroy (702.12b,
701.8a), countering (701.6a), total cost (601.2f, 601.2h, 118.9), hybrid mana (107.4e), targets
(601.2c), copies (608.3f, 707.10c), faces (712.11b), triggers and "you may" (113.7a, 603.2, 603.5,
700.2b), durations (611.2a), choices as a permanent enters (614.12a), searches (701.23b), mana
abilities (605.1a) and new objects (400.7). Most are designed (the description says so); the
others do what a real engine's bug report says (`report`).
"""

from __future__ import annotations

from unittest import mock

from reference_impl.state.game import IllegalAction

from . import locate
from .fault import Fault, cards, case
from .patching import wrap_attr

PHASE = "https://github.com/phase-rs/phase"
FORGE = "https://github.com/Card-Forge/forge"


def _labels(game, args, key):
    """The objects a declaration names (unknown labels are left to the engine's own errors)."""
    out = []
    for item in (args or {}).get(key, []) if isinstance(args, dict) else []:
        label = item.get("card") if isinstance(item, dict) else None
        if isinstance(label, str) and label in game.labels:
            out.append(game.objs[game.labels[label]])
    return out


def _around_attackers(before, after=None):
    """Wrap declare_attackers: `before(game, objs)` returns a restore function (or None)."""
    def install(stack, run):
        def make(declare):
            def faulty(game, args):
                objs = _labels(game, args, "attackers")
                restore = before(game, objs) if before else None
                try:
                    declare(game, args)
                finally:
                    if restore:
                        restore()
                if after:
                    after(game)
            return faulty
        locate.patch(stack, "declare_attackers", make)
    return install


def _set_for_call(attr, value, which=lambda game, o: True):
    def before(game, objs):
        saved = [(o, getattr(o, attr)) for o in objs if which(game, o)]
        for o, _ in saved:
            setattr(o, attr, value(game) if callable(value) else value)

        def restore():
            for o, v in saved:
                if attr != "tapped":  # a creature that attacked stays tapped
                    setattr(o, attr, v)
        return restore
    return before


def _haste_ignored(game, objs):
    for o in objs:
        if o.sick:
            raise IllegalAction("302.6", f"{o.label} came under its controller's control this turn")
    return None


def _vigilance_taps(game):
    for oid, _ in game.attackers:
        game.objs[oid].tapped = True


def _without_keyword(keyword):
    """Combat asks its keyword questions with `keyword` never found."""
    def install(stack, run):
        combat = locate.module_of("declare_blockers")
        has_keyword = locate.obj("has_keyword")

        def faulty(game):
            return lambda o, kw: False if kw == keyword else has_keyword(o, kw, game)
        stack.enter_context(mock.patch.object(combat, "keyword_test", faulty))
    return install


def _flyer_blocks_only_flyers(stack, run):
    has_keyword = locate.obj("has_keyword")

    def make(declare):
        def faulty(game, args):
            for item in (args or {}).get("blockers", []) if isinstance(args, dict) else []:
                b, a = (game.labels.get(item.get("card")), game.labels.get(item.get("blocks")))
                if b is None or a is None:
                    continue
                if has_keyword(game.objs[b], "flying", game) and not has_keyword(game.objs[a], "flying", game):
                    raise IllegalAction("702.9b", "a creature with flying blocks only creatures with flying")
            declare(game, args)
        return faulty
    locate.patch(stack, "declare_blockers", make)


def _cant_be_blocked_ignored(stack, run):
    class Nothing:  # isinstance(static, Nothing) never holds
        pass
    stack.enter_context(mock.patch.object(locate.module_of("declare_blockers"), "CantBeBlocked", Nothing))


def _unblocked_when_blockers_gone(stack, run):
    """A blocked attacker whose blockers all left combat deals its damage to the player."""
    def make(assign):
        def faulty(game, deals):
            alive = {t for b, t in game.blockers
                     if game.objs.get(b) is not None and game.objs[b].zone == "battlefield"}
            saved = game.blocked
            game.blocked = frozenset(oid for oid in saved if oid in alive)
            try:
                assign(game, deals)
            finally:
                game.blocked = saved
        return faulty
    locate.patch(stack, "_assign_and_deal", make)


def _lone_blocker_takes_only_lethal(stack, run):
    """A blocked creature assigns a lone blocker only lethal damage; the rest is lost."""
    combat = locate.module_of("_assign_and_deal")
    power_toughness = locate.obj("power_toughness")
    real = combat.actions

    def deal_damage(game, source, ref, amount, *a, **k):
        if isinstance(ref, int) and any(at == source.oid for at, _ in game.attackers):
            blockers = [b for b, t in game.blockers if t == source.oid]
            if blockers == [ref]:
                o = game.objs[ref]
                amount = min(amount, max(0, power_toughness(game, o)[1] - o.damage))
        return real.deal_damage(game, source, ref, amount, *a, **k)

    from .patching import ModuleProxy
    stack.enter_context(mock.patch.object(combat, "actions", ModuleProxy(real, deal_damage=deal_damage)))


def _untap(change):
    def install(stack, run):
        locate.patch(stack, "_untap", change)
    return install


def _everyone_untaps(untap):
    def faulty(game):
        untap(game)
        held = {oid for oid, _, _ in game.no_untap}
        for oid in game.battlefield:
            if oid not in held:
                game.objs[oid].tapped = False
    return faulty


def _no_untap_ignored(untap):
    def faulty(game):
        game.no_untap = ()
        untap(game)
    return faulty


def _two_lands(stack, run):
    stack.enter_context(mock.patch.object(locate.module_of("play_land"), "LANDS_PER_TURN", 2))


def _land_on_any_turn(stack, run):
    def make(play):
        def faulty(game, args):
            label = args.get("card") if isinstance(args, dict) else None
            o = game.objs.get(game.labels.get(label)) if isinstance(label, str) else None
            if o is None or game.stack or game.step not in ("main1", "main2"):
                return play(game, args)
            saved = game.active
            game.active = o.owner
            try:
                play(game, args)
            finally:
                game.active = saved
        return faulty
    locate.patch(stack, "play_land", make)


def _sba(after):
    def install(stack, run):
        def make(sba):
            def faulty(game):
                sba(game)
                after(game)
            return faulty
        locate.patch(stack, "state_based_actions", make)
    return install


def _zero_life_survives(game):
    if game.lost:
        game.lost = tuple(p for p in game.lost if game.players[p].life != 0)


def _draw_from_empty_library_is_harmless(stack, run):
    def make(draw):
        def faulty(game, player, n, first=False):
            lost = game.lost
            draw(game, player, n, first)
            game.lost = lost
        return faulty
    locate.patch(stack, "draw", make)


def _damage_must_exceed_toughness(stack, run):
    def make(find):
        def faulty(game, battlefield, sources, deathtouched, dying):
            lowered = []
            for oid in battlefield:
                o = game.objs[oid]
                if o.damage and oid not in deathtouched:
                    o.damage -= 1
                    lowered.append(o)
            try:
                return find(game, battlefield, sources, deathtouched, dying)
            finally:
                for o in lowered:
                    o.damage += 1
        return faulty
    locate.patch(stack, "_find_dying", make)


def _damage_replaces_damage(stack, run):
    """Damage dealt to a creature replaces the damage already marked on it instead of adding up."""
    def make(deal):
        def faulty(game, source, ref, amount, *a, **k):
            o = game.objs.get(ref) if isinstance(ref, int) else None
            if o is not None and o.zone == "battlefield" and amount > 0:
                o.damage = 0
            return deal(game, source, ref, amount, *a, **k)
        return faulty
    locate.patch(stack, "deal_damage", make)


def _modifier_applies(change):
    """Patch CostModifier.applies: `change(modifier, answer, src, caster) -> bool`."""
    def install(stack, run):
        cls = locate.obj("CostModifier")

        def make(applies):
            def faulty(self, src, spell_card, caster, chosen=()):
                return change(self, applies(self, src, spell_card, caster, chosen), src, caster)
            return faulty
        wrap_attr(stack, cls, "applies", make)
    return install


def _self_amount(change):
    """Patch SelfCostModifier.amount_for: `change(modifier, game, caster, n_targets, amount_for)`."""
    def install(stack, run):
        cls = locate.obj("SelfCostModifier")
        wrap_attr(stack, cls, "amount_for", lambda amount_for: lambda self, game, caster, n_targets:
                  change(self, game, caster, n_targets, amount_for))
    return install


def _self_condition_ignored(m, game, caster, n_targets, amount_for):
    from dataclasses import replace
    return amount_for(replace(m, condition=None), game, caster, n_targets)


def _self_reductions_lost(m, game, caster, n_targets, amount_for):
    return max(0, amount_for(m, game, caster, n_targets))


def _per_extra_target_ignored(m, game, caster, n_targets, amount_for):
    return 0 if m.per_extra_target else amount_for(m, game, caster, n_targets)


def _per_counted_once(stack, run):
    """"Cost {n} less for each ..." counts at most one."""
    cls = locate.obj("CostModifier")

    def make(amount_for):
        def faulty(self, game, src):
            n = amount_for(self, game, src)
            return max(-abs(self.amount), min(abs(self.amount), n)) if self.per is not None else n
        return faulty
    wrap_attr(stack, cls, "amount_for", make)


def _destroy(change):
    def install(stack, run):
        actions = locate.module_of("state_based_actions")  # the rules' destroy (701.8a)
        destroy = actions.destroy
        stack.enter_context(mock.patch.object(actions, "destroy", lambda game, o: change(destroy, game, o)))
    return install


def _destroy_indestructible(destroy, game, o):
    if o.zone == "battlefield":
        game.move(o, "graveyard")


def _destroy_into_exile(destroy, game, o):
    has_keyword = locate.obj("has_keyword")
    if o.zone == "battlefield" and not has_keyword(o, "indestructible", game):
        game.move(o, "exile")


def _indestructible_dies_to_damage(stack, run):
    """The lethal-damage check (704.5g) doesn't see indestructible; destroy effects still do."""
    actions = locate.module_of("_find_dying")
    has_keyword = locate.obj("has_keyword")

    def blind(o, kw, game=None):
        return False if kw == "indestructible" else has_keyword(o, kw, game)

    def make(find):
        def faulty(*args):
            with mock.patch.object(actions, "has_keyword", blind):
                return find(*args)
        return faulty
    locate.patch(stack, "_find_dying", make)


def _hybrid_first_color_only(stack, run):
    """A two-colour hybrid symbol ({G/W}) is paid only with its first colour."""
    def make(pay_hybrid):
        def faulty(hybrid, left):
            return pay_hybrid(tuple(p if p[0] == "2" else p[0] * 2 for p in hybrid), left)
        return faulty
    locate.patch(stack, "_pay_hybrid", make)


def _announcements(keep):
    """Cost.announcements keeps only the options `keep(cost, option)` allows."""
    def install(stack, run):
        cost_class = locate.obj("Cost")

        def make(announcements):
            def faulty(self):
                options = announcements(self)
                if not self.mono_hybrid:
                    return options
                return [o for o in options if keep(self, o)] or options[:1]
            return faulty
        wrap_attr(stack, cost_class, "announcements", make)
    return install


def _only_colored(cost, option):
    return option.generic == cost.generic


def _only_generic(cost, option):
    return sum(option.typed) == sum(cost.typed)


def _search_must_find(stack, run):
    """A search for cards with a stated quality must find as many as it can (as for a quantity)."""
    def make(search):
        def faulty(game, player, matches, n, chosen, quality=True):
            return search(game, player, matches, n, chosen, False)
        return faulty
    locate.patch(stack, "search", make)


def _trigger_dies_with_its_source(stack, run):
    """A triggered ability on the stack is removed when its source leaves the battlefield."""
    from reference_impl.state.game import Ability, Game
    gone: set = set()

    def make_move(move):
        def faulty(self, o, zone, top=True):
            if o.zone == "battlefield" and zone != "battlefield" and any(
                    isinstance(item, Ability) and item.source == o.oid for item in self.stack):
                gone.add(o.oid)
            return move(self, o, zone, top)
        return faulty

    def make_resolve(resolve):
        def faulty(game, ab, choices):
            if ab.source in gone:
                game.stack.pop()
                return None
            return resolve(game, ab, choices)
        return faulty
    wrap_attr(stack, Game, "move", make_move)
    locate.patch(stack, "_resolve_ability", make_resolve)


def _copy_keeps_its_targets(stack, run):
    """New targets chosen for a copy are ignored: the copy keeps the original's."""
    def make(copy_spell):
        def faulty(game, orig, controller, new_targets, colors):
            return copy_spell(game, orig, controller, None, colors)
        return faulty
    locate.patch(stack, "copy_spell", make)


class _AlwaysYes:
    """The choices of a step, with the "you may" answer always yes."""

    def __init__(self, choices):
        self._choices = choices

    def get(self, key, default=None):
        return True if key == "you_may" else self._choices.get(key, default)

    def __getattr__(self, name):
        return getattr(self._choices, name)


def _may_answered_before_resolving(stack, run):
    """"You may" is taken as yes when the ability triggers; the answer given as it resolves is ignored."""
    def make(apply):
        def faulty(self, ctx):
            choices = ctx.choices
            ctx.choices = _AlwaysYes(choices)
            try:
                return apply(self, ctx)
            finally:
                ctx.choices = choices
        return faulty
    for name in ("May", "MayLoot"):
        wrap_attr(stack, locate.obj(name), "apply", make)


def _attacking_until_the_turn_ends(stack, run):
    """Creatures stay attacking creatures after the combat phase ends (until the turn ends)."""
    def make(end_combat):
        def faulty(game):
            attackers = game.attackers
            end_combat(game)
            game.attackers = attackers
        return faulty
    locate.patch(stack, "end_combat", make)


def _target_spec_loosened(**loose):
    """is_legal reads the target spec with some of its restrictions dropped."""
    def install(stack, run):
        from dataclasses import replace as dc_replace

        def make(is_legal):
            def faulty(spec, ref, game, controller, *a, **k):
                return is_legal(dc_replace(spec, **loose), ref, game, controller, *a, **k)
            return faulty
        locate.patch(stack, "is_legal", make)
    return install


def _copy_resolves_as_a_card(stack, run):
    """A copy of a permanent spell enters as a card, not a token."""
    def make(resolve_spell):
        def faulty(game, o, choices):
            copied = o.copy and o.card.is_permanent
            resolve_spell(game, o, choices)
            if copied and o.zone == "battlefield":
                o.token = False
        return faulty
    locate.patch(stack, "_resolve_spell", make)


def _face(change):
    def install(stack, run):
        locate.patch(stack, "_choose_face", lambda choose: lambda o, face, name: change(choose, o, face, name))
    return install


def _front_face_always(choose, o, face, name):
    return choose(o, None if o.card.faces else face, name)


def _face_of_a_card_without_faces(choose, o, face, name):
    return choose(o, face, name) if o.card.faces else None


def _pumps_end_with_the_step(stack, run):
    """"Until end of turn" pumps and keyword grants end as the step they were made in ends."""
    def make(leave_step):
        def faulty(game, choices):
            leave_step(game, choices)
            if game.eot:
                game.eot = []
        return faulty
    locate.patch(stack, "leave_step", make)


class _NoColor(_AlwaysYes):
    def get(self, key, default=None):
        return None if key == "color" else self._choices.get(key, default)


def _enters_color_choice_ignored(stack, run):
    """The color chosen as a permanent enters is ignored: the engine always picks white."""
    def make(replace_entering):
        def faulty(game, o, card, info, controller, choices):
            return replace_entering(game, o, card, info, controller, _NoColor(choices))
        return faulty
    locate.patch(stack, "_replace_entering", make)


def _free_cast_charged(stack, run):
    """A spell cast "without paying its mana cost" is charged its mana cost."""
    from .patching import track_casts
    track_casts(stack, run)

    def make(total_cost):
        def faulty(game, card, caster, base, *a, **k):
            if run.alternative == "without-paying-mana-cost" and card.cost is not None:
                base = card.cost
            return total_cost(game, card, caster, base, *a, **k)
        return faulty
    locate.patch(stack, "total_cost", make)


def _creature_damage_hits_its_controller(stack, run):
    """Damage dealt to a creature also makes its controller lose that much life."""
    def make(deal):
        def faulty(game, source, ref, amount, *a, **k):
            o = game.objs.get(ref) if isinstance(ref, int) else None
            before = o.damage if o is not None and o.zone == "battlefield" else None
            deal(game, source, ref, amount, *a, **k)
            if before is not None and o.damage > before:
                game.players[o.controller].life -= o.damage - before
        return faulty
    locate.patch(stack, "deal_damage", make)


def _triggers_resolve_at_once(stack, run):
    """A triggered ability does what it says as it triggers: put on the stack, it resolves at once."""
    from reference_impl.state.game import Ability

    def make(put_triggers):
        def faulty(game, choices):
            before = len(game.stack)
            put_triggers(game, choices)
            resolve = locate.obj("_resolve_ability")
            while len(game.stack) > before and isinstance(game.stack[-1], Ability):
                resolve(game, game.stack[-1], choices)
        return faulty
    locate.patch(stack, "put_triggers", make)


def _trigger_modes_ignored(stack, run):
    """The modes its controller names for a modal triggered ability are ignored: the engine takes
    the first modes that can be chosen."""
    def make(trigger_modes):
        def faulty(game, trig, src, controller, given):
            return trigger_modes(game, trig, src, controller, None)
        return faulty
    locate.patch(stack, "_trigger_modes", make)


def _kicks_remembered_by_the_card(stack, run):
    """A card cast kicked stays kicked for its next cast, after it left the battlefield."""
    from dataclasses import replace as dc_replace

    from .patching import track_casts
    kicked: dict = {}

    def after(game, args, obj):
        label = args.get("card")
        if obj.spell is None or obj.copy:
            return
        if obj.spell.kickers:
            kicked[label] = obj.spell.kickers
        elif label in kicked:
            obj.spell = dc_replace(obj.spell, kickers=kicked[label], linked=kicked[label])
    track_casts(stack, run, after=after)


def _mana_abilities_tap(stack, run):
    """Activating any mana ability taps its permanent, so an untapped one is needed, though the
    ability's cost has no {T} (Crystalline Crawler's "remove a +1/+1 counter")."""
    from reference_impl import runner

    tap_for_mana = runner.STEPS["tap_for_mana"]

    def faulty(game, args):
        objs = []
        for label in (args.get("permanents") or []) if isinstance(args, dict) else []:
            o = game.objs.get(game.labels.get(label)) if isinstance(label, str) else None
            if o is not None and o.zone == "battlefield" and o.card.mana_abilities:
                if o.tapped:
                    raise IllegalAction("118.3", f"{label} is already tapped")
                objs.append(o)
        tap_for_mana(game, args)
        for o in objs:
            o.tapped = True
    stack.enter_context(mock.patch.dict(runner.STEPS, {"tap_for_mana": faulty}))


def _same_target_twice(stack, run):
    """The same object or player may be chosen more than once for one instance of "target"
    (the casting code's duplicate test sees a list, never fewer items than chosen)."""
    casting = locate.module_of("_assign_targets")

    def no_dedupe(items=()):
        return list(items) if isinstance(items, (list, tuple)) else set(items)
    stack.enter_context(mock.patch.object(casting, "set", no_dedupe, create=True))


def _partial_payment(stack, run):
    """A payment of part of the total cost's mana is accepted as paying it."""
    casting = locate.module_of("_mana_payment")
    matches = casting.payment_matches

    def faulty(total, paid):
        return matches(total, paid) or 0 < sum(paid) < total.total
    stack.enter_context(mock.patch.object(casting, "payment_matches", faulty))


def _counter(change):
    """Wrap counter_spell: `change(counter_spell, game, o, by_controller, dest)`."""
    def install(stack, run):
        def make(counter_spell):
            def faulty(game, o, by_controller, dest="graveyard"):
                return change(counter_spell, game, o, by_controller, dest)
            return faulty
        locate.patch(stack, "counter_spell", make)
    return install


def _counter_does_nothing(counter_spell, game, o, by_controller, dest):
    """Countering leaves the spell on the stack: it resolves later."""


def _countered_into_exile(counter_spell, game, o, by_controller, dest):
    return counter_spell(game, o, by_controller, "exile" if dest == "graveyard" else dest)


BEARS = ("Grizzly Bears", "bears")
ATTACK_BEARS = [{"declare_attackers": {"attackers": [{"card": "bears"}]}}]
COUNTER_BOLT = case({"alice": {"hand": cards(("Lightning Bolt", "bolt")), "mana": "{R}"},
                     "bob": {"hand": cards(("Counterspell", "cs")), "mana": "{U}{U}"}},
                    [{"cast": {"card": "bolt", "targets": ["bob"], "pay": "{R}"}},
                     {"cast": {"card": "cs", "by": "bob", "targets": ["bolt"], "pay": "{U}{U}"}},
                     {"pass_until_empty": {}}])
CHILL_SHOCK = case({"alice": {"battlefield": cards(("Chill", "chill")), "hand": cards(("Shock", "shock")),
                                "mana": "{R}{C}{C}"}},
                   [{"cast": {"card": "shock", "targets": ["bob"], "pay": "{R}"}}])
MURDER_MYR = case({"alice": {"hand": cards(("Murder", "murder")), "mana": "{B}{B}{B}"},
                   "bob": {"battlefield": cards(("Darksteel Myr", "myr"))}},
                  [{"cast": {"card": "murder", "targets": ["myr"], "pay": "{B}{B}{B}"}}, {"resolve": {}}])


def JAVELIN(mana):  # noqa: N802 - a case, like the constants around it
    return case({"alice": {"hand": cards(("Flame Javelin", "javelin")), "mana": mana}},
                [{"cast": {"card": "javelin", "targets": ["bob"], "pay": mana}}])


MDFC_LAND_FACE = case({"alice": {"battlefield": cards(("Serra Angel", "angel")),
                                   "hand": cards(("Khalni Ambush // Khalni Territory", "ambush")), "mana": "{G}{G}{G}"},
                         "bob": {"battlefield": cards(("Savannah Lions", "lions"))}},
                        [{"cast": {"card": "ambush", "face": "Khalni Territory", "targets": ["angel", "lions"],
                                   "pay": "{G}{G}{G}"}}])
BOLT = [{"cast": {"card": "bolt", "targets": ["bob"], "pay": "{R}"}}, {"resolve": {}}]

FAULTS = [
    Fault("tapped_creature_attacks", "508.1a",
          "(designed) a tapped creature may be declared as an attacker",
          _around_attackers(_set_for_call("tapped", False)),
          case({"alice": {"battlefield": [{"card": "Grizzly Bears", "label": "bears", "tapped": True}]}},
               ATTACK_BEARS)),
    Fault("opponents_creature_attacks", "508.1a",
          "(designed) the active player may declare a creature the defending player controls as an attacker",
          _around_attackers(_set_for_call("controller", lambda game: game.active)),
          case({"bob": {"battlefield": cards(BEARS)}}, ATTACK_BEARS)),
    Fault("summoning_sick_attacker_declared", "508.1a",
          "(designed) a creature that came under its controller's control this turn attacks without haste",
          _around_attackers(_set_for_call("sick", False)),
          case({"alice": {"hand": cards(BEARS), "mana": "{G}{G}"}},
               [{"cast": {"card": "bears", "pay": "{G}{G}"}}, {"resolve": {}}] + ATTACK_BEARS)),
    Fault("haste_ignored_by_attacks", "508.1a",
          "(designed) a creature with haste that came under its controller's control this turn can't attack",
          _around_attackers(_haste_ignored),
          case({"alice": {"hand": cards(("Goblin Ruinblaster", "goblin")), "mana": "{R}{R}{R}"}},
               [{"cast": {"card": "goblin", "pay": "{R}{R}{R}"}}, {"resolve": {}},
                {"declare_attackers": {"attackers": [{"card": "goblin"}]}}])),
    Fault("vigilance_attacker_taps", "702.20b",
          "(designed) a creature with vigilance taps as it attacks",
          _around_attackers(None, _vigilance_taps),
          case({"alice": {"battlefield": cards(("Serra Angel", "angel"))}},
               [{"declare_attackers": {"attackers": [{"card": "angel"}]}}])),
    Fault("reach_doesnt_block_flyers", "702.9b",
          "(designed) a creature with reach but not flying can't block a creature with flying",
          _without_keyword("reach"),
          case({"alice": {"battlefield": cards(("Serra Angel", "angel"))},
                "bob": {"battlefield": cards(("Pincer Spider", "spider"))}},
               [{"declare_attackers": {"attackers": [{"card": "angel"}]}},
                {"declare_blockers": {"blockers": [{"card": "spider", "blocks": "angel"}]}}])),
    Fault("flying_ignored_by_blocks", "702.9b",
          "a creature without flying or reach may block a creature with flying (phase.rs let 2/2 Wolf "
          "tokens block flying Insect tokens)",
          _without_keyword("flying"),
          case({"alice": {"battlefield": cards(("Serra Angel", "angel"))}, "bob": {"battlefield": cards(BEARS)}},
               [{"declare_attackers": {"attackers": [{"card": "angel"}]}},
                {"declare_blockers": {"blockers": [{"card": "bears", "blocks": "angel"}]}}]),
          report=f"{PHASE}/issues/2854"),
    Fault("flyer_blocks_only_flyers", "702.9b",
          "(designed) a creature with flying can block only creatures with flying",
          _flyer_blocks_only_flyers,
          case({"alice": {"battlefield": cards(BEARS)}, "bob": {"battlefield": cards(("Serra Angel", "angel"))}},
               ATTACK_BEARS + [{"declare_blockers": {"blockers": [{"card": "angel", "blocks": "bears"}]}}])),
    Fault("cant_be_blocked_ignored", "509.1b",
          "(designed) a creature that \"can't be blocked\" may be blocked",
          _cant_be_blocked_ignored,
          case({"alice": {"battlefield": cards(("Aether Figment", "figment"))}, "bob": {"battlefield": cards(BEARS)}},
               [{"declare_attackers": {"attackers": [{"card": "figment"}]}},
                {"declare_blockers": {"blockers": [{"card": "bears", "blocks": "figment"}]}}])),
    Fault("attacker_unblocked_when_its_blocker_leaves", "510.1c",
          "(designed) a blocked creature whose blockers have all left combat deals its damage to the "
          "player it attacks",
          _unblocked_when_blockers_gone,
          case({"alice": {"battlefield": cards(("Hill Giant", "giant"), ("Mountain", "mountain")),
                          "hand": cards(("Lightning Bolt", "bolt"))},
                "bob": {"battlefield": cards(("Llanowar Elves", "elves"))}},
               [{"declare_attackers": {"attackers": [{"card": "giant"}]}},
                {"declare_blockers": {"blockers": [{"card": "elves", "blocks": "giant"}]}},
                {"tap_for_mana": {"permanents": ["mountain"]}},
                {"cast": {"card": "bolt", "targets": ["elves"], "pay": "{R}"}}, {"resolve": {}},
                {"advance": {"to": "combat_damage"}}])),
    Fault("lone_blocker_is_dealt_only_lethal_damage", "510.1c",
          "(designed) a creature blocked by one creature assigns it only lethal damage; the rest of its "
          "damage is not dealt",
          _lone_blocker_takes_only_lethal,
          case({"alice": {"battlefield": cards(BEARS), "hand": cards(("Vampire's Bite", "bite")),
                          "mana": "{B}{B}{B}{B}"},
                "bob": {"battlefield": cards(("Llanowar Elves", "elves"))}},
               [{"cast": {"card": "bite", "kicks": 1, "targets": ["bears"], "pay": "{B}{B}{B}{B}"}},
                {"resolve": {}}] + ATTACK_BEARS +
               [{"declare_blockers": {"blockers": [{"card": "elves", "blocks": "bears"}]}},
                {"advance": {"to": "combat_damage"}}])),
    Fault("every_player_untaps", "502.3",
          "(designed) in the untap step every player's permanents untap, not only the active player's",
          _untap(_everyone_untaps),
          case({"alice": {"battlefield": [{"card": "Mountain", "label": "m", "tapped": True}]}},
               [{"advance": {"turn": "next", "to": "upkeep"}}])),
    Fault("doesnt_untap_effects_ignored", "502.3",
          "(designed) effects that keep a permanent from untapping are ignored: it untaps in its "
          "controller's untap step",
          _untap(_no_untap_ignored),
          case({"alice": {"hand": cards(("Icefall Regent", "regent")), "mana": "{U}{U}{U}{U}{U}"},
                "bob": {"battlefield": cards(BEARS)}},
               [{"cast": {"card": "regent", "pay": "{U}{U}{U}{U}{U}"}},
                {"pass_until_empty": {"choices": {"trigger_targets": [{"source": "regent", "targets": ["bears"]}]}}},
                {"advance": {"turn": "next", "to": "upkeep"}}])),
    Fault("two_land_plays_a_turn", "305.2",
          "a player may play a second land in a turn (Forge's AI played Dryad Arbor after its land drop)",
          _two_lands,
          case({"alice": {"hand": cards(("Forest", "f1"), ("Forest", "f2"))}},
               [{"play_land": {"card": "f1"}}, {"play_land": {"card": "f2"}}]),
          report=f"{FORGE}/issues/9679"),
    Fault("land_played_on_the_opponents_turn", "305.2",
          "(designed) a player may play a land in a main phase of another player's turn",
          _land_on_any_turn,
          case({"bob": {"hand": cards(("Forest", "f"))}}, [{"play_land": {"card": "f"}}])),
    Fault("zero_life_is_not_a_loss", "704.5a",
          "(designed) a player at exactly 0 life doesn't lose the game (only less than 0 loses)",
          _sba(_zero_life_survives),
          case({"alice": {"hand": cards(("Lightning Bolt", "bolt")), "mana": "{R}"}, "bob": {"life": 3}}, BOLT)),
    Fault("drawing_from_an_empty_library_is_harmless", "704.5b",
          "(designed) a player who attempts to draw from an empty library doesn't lose the game",
          _draw_from_empty_library_is_harmless,
          case({"alice": {"hand": cards(("Deep Analysis", "da")), "mana": "{U}{U}{U}{U}"},
                "bob": {"library": cards(BEARS)}},
               [{"cast": {"card": "da", "targets": ["bob"], "pay": "{U}{U}{U}{U}"}}, {"resolve": {}}])),
    Fault("damage_equal_to_toughness_is_not_lethal", "704.5g",
          "(designed) a creature is destroyed only by damage greater than its toughness, not equal to it",
          _damage_must_exceed_toughness,
          case({"alice": {"hand": cards(("Lightning Bolt", "bolt")), "mana": "{R}"},
                "bob": {"battlefield": cards(("Hill Giant", "giant"))}},
               [{"cast": {"card": "bolt", "targets": ["giant"], "pay": "{R}"}}, {"resolve": {}}])),
    Fault("damage_marked_does_not_add_up", "704.5g",
          "(designed) damage dealt to a creature replaces the damage already marked on it instead of "
          "adding to it",
          _damage_replaces_damage,
          case({"alice": {"hand": cards(("Lightning Bolt", "b1"), ("Lightning Bolt", "b2")), "mana": "{R}{R}"},
                "bob": {"battlefield": cards(("Serra Angel", "angel"))}},
               [{"cast": {"card": "b1", "targets": ["angel"], "pay": "{R}"}}, {"resolve": {}},
                {"cast": {"card": "b2", "targets": ["angel"], "pay": "{R}"}}, {"resolve": {}}])),
    Fault("countered_spell_resolves_anyway", "701.6a",
          "(designed) a countered spell stays on the stack and resolves: countering it does nothing",
          _counter(_counter_does_nothing), COUNTER_BOLT),
    Fault("countered_spell_exiled", "701.6a",
          "(designed) a countered spell is exiled instead of put into its owner's graveyard",
          _counter(_countered_into_exile), COUNTER_BOLT),
    Fault("cost_increases_ignored", "601.2f",
          "(designed) cost increases of permanents on the battlefield (Chill, Thalia) are not added to the total cost",
          _modifier_applies(lambda m, answer, src, caster: answer and m.amount <= 0), CHILL_SHOCK),
    Fault("cost_increase_for_every_spell", "601.2f",
          "(designed) a cost increase for some spells (Chill: red spells) increases every spell's cost",
          _modifier_applies(lambda m, answer, src, caster: answer or m.amount > 0),
          case({"alice": {"battlefield": cards(("Chill", "chill"), ("Bear Cub", "c")),
                          "hand": cards(("Giant Growth", "gg")), "mana": "{G}{C}{C}"}},
               [{"cast": {"card": "gg", "targets": ["c"], "pay": "{G}"}}])),
    Fault("cost_reduction_only_for_its_controller", "601.2f",
          "(designed) a cost reduction for every player's spells (Arcane Melee) reduces only its controller's",
          _modifier_applies(lambda m, answer, src, caster: answer and (m.amount > 0 or src.controller == caster)),
          case({"alice": {"hand": cards(("Lightning Strike", "ls")), "mana": "{R}{C}{C}"},
                "bob": {"battlefield": cards(("Arcane Melee", "melee"))}},
               [{"cast": {"card": "ls", "targets": ["bob"], "pay": "{R}"}}])),
    Fault("self_reduction_condition_ignored", "601.2f",
          "(designed) \"this spell costs {n} less if ...\" reduces the cost when the condition doesn't hold",
          _self_amount(_self_condition_ignored),
          case({"alice": {"hand": cards(("Wizard's Lightning", "wl")), "mana": "{R}{C}{C}"}},
               [{"cast": {"card": "wl", "targets": ["bob"], "pay": "{R}"}}])),
    Fault("self_cost_reductions_lost", "601.2f",
          "(designed) a spell's own \"costs {n} less\" is not subtracted from its total cost",
          _self_amount(_self_reductions_lost),
          case({"alice": {"battlefield": cards(("Fugitive Wizard", "w")), "hand": cards(("Wizard's Lightning", "wl")),
                          "mana": "{R}{C}{C}"}},
               [{"cast": {"card": "wl", "targets": ["bob"], "pay": "{R}"}}])),
    Fault("cost_per_extra_target_ignored", "601.2f",
          "(designed) \"costs {1} more for each target beyond the first\" (Fireball) adds nothing",
          _self_amount(_per_extra_target_ignored),
          case({"alice": {"hand": cards(("Fireball", "fb")), "mana": "{C}{C}{C}{C}{R}"},
                "bob": {"battlefield": cards(BEARS)}},
               [{"cast": {"card": "fb", "targets": ["bob", "bears"], "x": 2, "pay": "{C}{C}{R}"}}])),
    Fault("cost_reduction_per_counted_once", "601.2f",
          "(designed) \"costs {1} less for each ...\" (Temur Battlecrier) reduces by one step however many there are",
          _per_counted_once,
          case({"alice": {"battlefield": cards(("Temur Battlecrier", "t"), ("Golden Bear", "bear")),
                          "hand": cards(("Water Elemental", "we")), "mana": "{C}{U}{U}"}},
               [{"cast": {"card": "we", "pay": "{C}{U}{U}"}}])),
    Fault("indestructible_is_destroyed", "702.12b",
          "(designed) a destroy effect (Murder, Wrath of God) destroys a permanent with indestructible",
          _destroy(_destroy_indestructible), MURDER_MYR),
    Fault("indestructible_dies_to_lethal_damage", "702.12b",
          "(designed) a creature with indestructible is destroyed by lethal damage (704.5g)",
          _indestructible_dies_to_damage,
          case({"alice": {"hand": cards(("Shock", "shock")), "mana": "{R}"},
                "bob": {"battlefield": cards(("Darksteel Myr", "myr"))}},
               [{"cast": {"card": "shock", "targets": ["myr"], "pay": "{R}"}}, {"resolve": {}}])),
    Fault("destroyed_permanent_is_exiled", "701.8a",
          "(designed) a destroyed permanent is exiled instead of put into its owner's graveyard",
          _destroy(_destroy_into_exile),
          case({"alice": {"hand": cards(("Murder", "murder")), "mana": "{B}{B}{B}"},
                "bob": {"battlefield": cards(BEARS)}},
               [{"cast": {"card": "murder", "targets": ["bears"], "pay": "{B}{B}{B}"}}, {"resolve": {}}])),
    Fault("hybrid_paid_only_with_its_first_color", "107.4e",
          "(designed) a two-colour hybrid symbol ({G/W}) is paid only with its first colour",
          _hybrid_first_color_only,
          case({"alice": {"hand": cards(("Fracturing Gust", "gust")), "mana": "{W}{W}{W}{C}{C}"}},
               [{"cast": {"card": "gust", "pay": "{W}{W}{W}{C}{C}"}}])),
    Fault("monocolored_hybrid_not_paid_with_two_mana", "107.4e",
          "(designed) a monocoloured hybrid symbol ({2/R}) can be paid only with its colour, not with two mana",
          _announcements(_only_colored), JAVELIN("{C}{C}{C}{C}{C}{C}")),
    Fault("monocolored_hybrid_not_paid_with_its_color", "107.4e",
          "(designed) a monocoloured hybrid symbol ({2/R}) can be paid only with two mana, not with one of its colour",
          _announcements(_only_generic), JAVELIN("{R}{R}{R}")),
    Fault("quality_search_must_find", "701.23b",
          "(designed) a search for a card with a stated quality must find one when the library has one",
          _search_must_find,
          case({"alice": {"hand": cards(("Bring to Light", "btl")), "library": cards(("Lightning Bolt", "bolt")),
                          "mana": "{W}{U}{B}{R}{G}"}},
               [{"cast": {"card": "btl", "pay": "{W}{U}{B}{R}{G}"}}, {"resolve": {"choices": {"search": []}}}])),
    Fault("trigger_removed_when_its_source_leaves", "113.7a",
          "a triggered ability on the stack is removed when its source leaves the battlefield (phase.rs: "
          "Endurance's enters trigger did nothing once Endurance was killed in response)",
          _trigger_dies_with_its_source,
          case({"alice": {"hand": cards(("Viashino Pyromancer", "vp"), ("Lightning Bolt", "bolt")),
                          "mana": "{C}{R}{R}"}},
               [{"cast": {"card": "vp", "pay": "{C}{R}"}},
                {"resolve": {"choices": {"trigger_targets": [{"source": "vp", "targets": ["bob"]}]}}},
                {"cast": {"card": "bolt", "targets": ["vp"], "pay": "{R}"}}, {"resolve": {}}, {"resolve": {}}]),
          report=f"{PHASE}/issues/1059"),
    Fault("copy_new_targets_ignored", "707.10c",
          "(designed) the new targets chosen for a copy are ignored: it keeps the original's targets",
          _copy_keeps_its_targets,
          case({"alice": {"hand": cards(("Lightning Bolt", "bolt"), ("Twincast", "tc")), "mana": "{R}{U}{U}"}},
               [{"cast": {"card": "bolt", "targets": ["bob"], "pay": "{R}"}},
                {"cast": {"card": "tc", "targets": ["bolt"], "pay": "{U}{U}"}},
                {"resolve": {"choices": {"copy_targets": ["alice"]}}}, {"resolve": {}}])),
    Fault("you_may_answered_before_resolving", "603.5",
          "(designed) a \"you may\" ability's option is taken (as yes) when it triggers; the answer given "
          "as it resolves is ignored",
          _may_answered_before_resolving,
          case({"alice": {"battlefield": cards(("Baral, Chief of Compliance", "baral")),
                          "hand": cards(("Counterspell", "cs")), "library": cards(("Island", "top")),
                          "mana": "{U}{U}"},
                "bob": {"hand": cards(("Lightning Bolt", "bolt")), "mana": "{R}"}},
               [{"cast": {"card": "bolt", "by": "bob", "targets": ["alice"], "pay": "{R}"}},
                {"cast": {"card": "cs", "targets": ["bolt"], "pay": "{U}{U}"}}, {"resolve": {}},
                {"resolve": {"choices": {"you_may": False}}}])),
    Fault("attackers_stay_attacking_after_combat", "508.1k",
          "(designed) attacking creatures remain attacking creatures after the combat phase ends",
          _attacking_until_the_turn_ends,
          case({"alice": {"battlefield": cards(BEARS)}}, ATTACK_BEARS + [{"advance": {"to": "main2"}}])),
    Fault("target_exclusions_ignored", "601.2c",
          "(designed) a target's exclusions (nonblack, nonartifact, nonlegendary, non-Merfolk, monocolored) are "
          "ignored: any creature is an appropriate target",
          _target_spec_loosened(types_not=(), not_color=None, not_supertype=None, not_subtype=None, monocolored=False),
          case({"alice": {"hand": cards(("Doom Blade", "db")), "mana": "{B}{B}"},
                "bob": {"battlefield": cards(("Python", "python"))}},
               [{"cast": {"card": "db", "targets": ["python"], "pay": "{B}{B}"}}])),
    Fault("target_card_types_ignored", "601.2c",
          "(designed) a target's card type (\"target creature\", \"target artifact or enchantment\") is ignored "
          "among permanents",
          _target_spec_loosened(types_any=()),
          case({"alice": {"hand": cards(("Unsummon", "u")), "mana": "{U}"},
                "bob": {"battlefield": cards(("Mox Pearl", "mox"))}},
               [{"cast": {"card": "u", "targets": ["mox"], "pay": "{U}"}}])),
    Fault("target_mana_value_limits_ignored", "601.2c",
          "(designed) a target's mana value or power-and-toughness limit (Disembowel, Repeal, Cut Down) is ignored",
          _target_spec_loosened(max_mv=None, mv_is_x=False, max_total_pt=None),
          case({"alice": {"hand": cards(("Cut Down", "cd")), "mana": "{B}"},
                "bob": {"battlefield": cards(("Golden Bear", "bear"))}},
               [{"cast": {"card": "cd", "targets": ["bear"], "pay": "{B}"}}])),
    Fault("permanent_spell_copy_enters_as_a_card", "608.3f",
          "(designed) a copy of a permanent spell enters the battlefield as a nontoken permanent",
          _copy_resolves_as_a_card,
          case({"alice": {"battlefield": cards(("Lithoform Engine", "engine")), "hand": cards(BEARS),
                          "mana": "{G}{G}{C}{C}{C}{C}"}},
               [{"cast": {"card": "bears", "pay": "{G}{G}"}},
                {"activate": {"card": "engine", "ability": 2, "targets": ["bears"], "pay": "{C}{C}{C}{C}"}},
                {"pass_until_empty": {}}])),
    Fault("mdfc_named_face_ignored", "712.11b",
          "(designed) a modal double-faced card is always cast with its front face, whatever face is named",
          _face(_front_face_always), MDFC_LAND_FACE),
    Fault("face_named_for_a_single_faced_card", "712.11b",
          "(designed) naming a face for a card without faces is ignored: the card is cast",
          _face(_face_of_a_card_without_faces),
          case({"alice": {"hand": cards(("Lightning Bolt", "bolt")), "mana": "{R}"}},
               [{"cast": {"card": "bolt", "face": "Lightning Bolt", "targets": ["bob"], "pay": "{R}"}}])),
    Fault("until_end_of_turn_ends_with_the_step", "611.2a",
          "(designed) \"until end of turn\" pumps and keyword grants end as the step they began in ends",
          _pumps_end_with_the_step,
          case({"alice": {"battlefield": cards(BEARS), "hand": cards(("Giant Growth", "gg")), "mana": "{G}"}},
               [{"cast": {"card": "gg", "targets": ["bears"], "pay": "{G}"}}, {"resolve": {}}] + ATTACK_BEARS)),
    Fault("enters_color_choice_ignored", "614.12a",
          "(designed) the color chosen as a permanent enters is ignored: white is chosen whatever the player chose",
          _enters_color_choice_ignored,
          case({"alice": {"hand": cards(("Unburial Rites", "rites")),
                          "graveyard": cards(("Iona, Shield of Emeria", "iona")), "mana": "{B}{B}{B}{B}{B}"},
                "bob": {"hand": cards(("Lightning Bolt", "bolt")), "mana": "{R}"}},
               [{"cast": {"card": "rites", "targets": ["iona"], "pay": "{B}{B}{B}{B}{B}"}},
                {"resolve": {"choices": {"color": "R"}}},
                {"cast": {"card": "bolt", "by": "bob", "targets": ["alice"], "pay": "{R}"}}])),
    Fault("free_cast_charged_its_mana_cost", "118.9",
          "(designed) a spell cast \"without paying its mana cost\" (Omniscience) is charged its mana cost",
          _free_cast_charged,
          case({"alice": {"battlefield": cards(("Omniscience", "omni")), "hand": cards(("Gray Ogre", "ogre"))}},
               [{"cast": {"card": "ogre", "alternative": "without-paying-mana-cost"}}])),
    Fault("creature_damage_costs_its_controller_life", "120.3",
          "(designed) damage dealt to a creature also makes its controller lose that much life",
          _creature_damage_hits_its_controller,
          case({"alice": {"hand": cards(("Shock", "shock")), "mana": "{R}"},
                "bob": {"battlefield": cards(("Hill Giant", "giant"))}},
               [{"cast": {"card": "shock", "targets": ["giant"], "pay": "{R}"}}, {"resolve": {}}])),
    Fault("trigger_resolves_as_it_triggers", "603.2",
          "(designed) a triggered ability does what it says as it triggers: it resolves at once, before "
          "anything else can happen",
          _triggers_resolve_at_once,
          case({"alice": {"battlefield": cards(("Faerie Miscreant", "f1")),
                          "hand": cards(("Faerie Miscreant", "f2"), ("Lightning Bolt", "bolt")),
                          "library": cards(("Island", "i1")), "mana": "{U}{R}"}},
               [{"cast": {"card": "f2", "pay": "{U}"}}, {"resolve": {}},
                {"cast": {"card": "bolt", "targets": ["f1"], "pay": "{R}"}}, {"pass_until_empty": {}}])),
    Fault("modal_trigger_modes_chosen_by_the_engine", "700.2b",
          "(designed) the modes the controller of a modal triggered ability names are ignored: the first "
          "modes that can be chosen are taken",
          _trigger_modes_ignored,
          case({"alice": {"hand": cards(("Deceiver Exarch", "exarch")), "mana": "{U}{U}{U}"},
                "bob": {"battlefield": cards(BEARS)}},
               [{"cast": {"card": "exarch", "pay": "{U}{U}{U}"}},
                {"resolve": {"choices": {"trigger_targets": [
                    {"source": "exarch", "modes": [1], "targets": ["bears"]}]}}},
                {"resolve": {}}])),
    Fault("kicks_remembered_across_zone_changes", "400.7",
          "(designed) a card cast kicked counts as kicked when it is cast again unkicked after leaving the "
          "battlefield (the new object remembers the old one)",
          _kicks_remembered_by_the_card,
          case({"alice": {"hand": cards(("Gatekeeper of Malakir", "gk")), "mana": "{B}{B}{B}{B}{B}"},
                "bob": {"battlefield": cards(("Llanowar Elves", "e1"), ("Llanowar Elves", "e2")),
                        "hand": cards(("Boomerang", "boom")), "mana": "{U}{U}"}},
               [{"cast": {"card": "gk", "kicks": 1, "pay": "{B}{B}{B}"}},
                {"resolve": {"choices": {"trigger_targets": [{"source": "gk", "targets": ["bob"]}]}}},
                {"resolve": {"choices": {"sacrifice": "e1"}}},
                {"cast": {"card": "boom", "by": "bob", "targets": ["gk"], "pay": "{U}{U}"}}, {"resolve": {}},
                {"cast": {"card": "gk", "kicks": 0, "pay": "{B}{B}"}}, {"pass_until_empty": {}}])),
    Fault("every_mana_ability_taps", "605.1a",
          "(designed) activating a mana ability taps its permanent even when its cost has no {T}: "
          "Crystalline Crawler's counter-removal ability can be activated once a turn",
          _mana_abilities_tap,
          case({"alice": {"battlefield": [{"card": "Crystalline Crawler", "label": "crawler",
                                           "counters": {"+1/+1": 2}}]}},
               [{"tap_for_mana": {"permanents": ["crawler"], "color": "R"}},
                {"tap_for_mana": {"permanents": ["crawler"], "color": "G"}}])),
    Fault("same_target_twice_for_one_instance", "601.2c",
          "(designed) the same player or object may be chosen twice for one instance of the word target "
          "(Fireball at bob twice)",
          _same_target_twice,
          case({"alice": {"hand": cards(("Fireball", "fb")), "mana": "{R}{C}{C}{C}"}},
               [{"cast": {"card": "fb", "x": 2, "targets": ["bob", "bob"], "pay": "{R}{C}{C}{C}"}}])),
    Fault("partial_mana_payment_accepted", "601.2h",
          "(designed) paying part of a spell's total cost (less mana than it costs) is accepted",
          _partial_payment,
          case({"alice": {"hand": cards(("Wizard's Lightning", "wl")), "mana": "{R}{C}{C}"}},
               [{"cast": {"card": "wl", "targets": ["bob"], "pay": "{R}"}}])),
]


# ---- 704.5q, modelled on real reports (issue #30) -----------------------------------------------

MAGE = "https://github.com/magefree/mage"


def _pairs_of_counters(keep):
    """Wrap state_based_actions: a permanent that had both +1/+1 and -1/-1 counters before it
    and is still the same permanent after it gets back the counters `keep` names."""
    def install(stack, run):
        def make(sba):
            def faulty(game):
                before = {oid: (game.objs[oid].moves, dict(game.objs[oid].counters))
                          for oid in game.battlefield
                          if game.objs[oid].counters.get("+1/+1") and game.objs[oid].counters.get("-1/-1")}
                sba(game)
                for oid, (moves, counters) in before.items():
                    o = game.objs.get(oid)
                    if o is not None and o.zone == "battlefield" and o.moves == moves:
                        for kind in keep:
                            o.counters[kind] = counters[kind]
                        o.counters = {k: v for k, v in o.counters.items() if v > 0}
            return faulty
        locate.patch(stack, "state_based_actions", make)
    return install


PAIRS = "state-based-actions/plus-and-minus-counters-are-removed-in-pairs#n-of-each"
_ELITE = {"card": "Safehold Elite", "label": "elite", "counters": {"-1/-1": 1}}
_COUNTERS_MEET = case({"alice": {"battlefield": [_ELITE],
                                 "hand": cards(("Increasing Savagery", "savagery")), "mana": "{G}{G}{C}{C}"}},
                      [{"cast": {"card": "savagery", "targets": ["elite"], "pay": "{G}{G}{C}{C}"}}, {"resolve": {}}])

FAULTS += [
    Fault("plus_and_minus_counters_never_cancel", "704.5q",
          "+1/+1 and -1/-1 counters on one permanent are never removed in pairs: both kinds stay on it",
          _pairs_of_counters(("+1/+1", "-1/-1")), _COUNTERS_MEET,
          report=f"{MAGE}/issues/998", claims=(PAIRS,)),
    Fault("minus_counters_removed_alone", "704.5q",
          "when -1/-1 counters meet +1/+1 counters the -1/-1 counters are removed and the +1/+1 counters all stay "
          "(the report: putting -1/-1 counters on a creature with +1/+1 counters removed the -1/-1 counters)",
          _pairs_of_counters(("+1/+1",)), _COUNTERS_MEET,
          report=f"{PHASE}/issues/1510", claims=(PAIRS,)),
]
