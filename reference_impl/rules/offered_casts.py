"""608.2g: casting a spell during the resolution of an effect that allows it ("you may cast that
card without paying its mana cost"). The step's `cast` choice is the player's answer: the
cast's own decisions (targets, X, kicker, the mana paid for a kicker), made as in 601.2a-i;
without it the player doesn't cast. The spell becomes the topmost object on the stack and the
resolving spell goes on resolving; no player receives priority (608.2g)."""

from __future__ import annotations

from ..state.game import CaseError, IllegalAction
from .casting import CAST_FIELDS, cast

OFFERED_FIELDS = CAST_FIELDS - {"by", "from"}


def cast_offered(game, oids, caster: str, choice, alternative: str | None) -> bool:
    """Cast one of the cards `oids` as `choice` says (or nothing without a choice); `alternative`
    is the way the effect lets it be cast (e.g. without paying its mana cost, 118.9). An illegal
    cast raises IllegalAction: the step's answer is not one the rules allow."""
    if choice is None:
        return False
    if not isinstance(choice, dict) or "card" not in choice or set(choice) - OFFERED_FIELDS:
        raise CaseError(f"choices.cast must be a mapping with `card` and cast fields "
                        f"among {sorted(OFFERED_FIELDS)}")
    label = choice["card"]
    oid = game.labels.get(label) if isinstance(label, str) else None
    if oid is None:
        raise CaseError(f"choices.cast.card: unknown label {label!r}")
    if oid not in oids:
        raise IllegalAction("608.2g", f"the resolving effect does not allow casting {label}")
    if choice.get("alternative", alternative) != alternative:
        how = {"without-paying-mana-cost": "without paying its mana cost"}.get(alternative, alternative)
        raise IllegalAction("118.9", f"{label} may be cast only {how or 'for its mana cost'} here")
    args = {k: v for k, v in choice.items() if k != "alternative"}
    if alternative is not None:
        args["alternative"] = alternative
    args["by"] = caster
    cast(game, args, offered=True)
    return True
