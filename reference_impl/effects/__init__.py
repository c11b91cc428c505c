"""Effect primitives, by kind: what resolving spells and abilities do, as data cards compose.

- `amounts`: conditions and amounts (kicked?, X, colors spent, counts, last-known power);
- `selectors`: who and what an effect affects;
- `damage_life`: damage and life;
- `zones`: zone moves (draw, discard, destroy, sacrifice, exile, return, search);
- `stack`: countering and copying spells;
- `permanents`: tokens, counters, tapping, continuous effects from resolving spells;
- `delayed`: delayed triggers and optional ("you may") effects;
- `auras`: what an Aura's "when enchanted creature dies" ability finds of the Aura (400.7f);
- `cast_this_way`: "you may cast" a card, and what follows the spell it became (400.7h);
- `land_plays`: additional land plays this turn (305.2).

Everything is re-exported here, so `from reference_impl.effects import Damage` works.
"""

from __future__ import annotations

from .amounts import (  # noqa: F401
    AdditionalCostPaid,
    CardTypesAmongSacrificed,
    CastFromGraveyard,
    ColorsSpent,
    ControlsNoPermanentOfChosenColor,
    CountersOnSource,
    CountOf,
    CreaturesBlockingSource,
    Escaped,
    EventAmount,
    FewerThanAnOpponent,
    GreatestPowerOf,
    HandSize,
    If,
    InMode,
    Kicked,
    LeftCounters,
    LeftHadNo,
    LeftPower,
    ManaSpentToCast,
    Mul,
    Not,
    OpponentCount,
    Sum,
    TargetManaValue,
    TargetPower,
    TimesKicked,
    X,
)
from .auras import AttachThisTo, ReturnThisAuraToHand, aura_in_graveyard  # noqa: F401
from .cast_this_way import CastRevealedForMiracle, MayCastFromGraveyardFree, ThatSpellExiledInstead  # noqa: F401
from .chosen import (  # noqa: F401
    CreaturesOfChosenType,
    DestroyAllButChosen,
    EachPlayerSacrifices,
    GainsProtectionFromChosenQuality,
)
from .damage_life import (  # noqa: F401
    Damage,
    DamageByLeft,
    DamageDividedEvenly,
    DamageFixedToCreatures,
    DamageFromTarget,
    DamageInstead,
    DividedDamage,
    DoubleLifeTotal,
    Fight,
    GainLife,
    LoseLife,
    LoseLifeGainWhatWasLost,
    RedirectNextDamageTo,
    RedirectNextDamageToPermanent,
    RedirectNextFromChosenSource,
    TapAndDamageController,
)
from .delayed import (  # noqa: F401
    CreateTokensExiledAtNextEndStep,
    ExileReturnAtNextEndStep,
    ExileThese,
    May,
    MayPay,
    MayRemoveCounters,
    OnceEachTurn,
    SacrificeItAtEndOfCombat,
    SacrificeThat,
    When,
    WhenItDiesThisTurn,
)
from .land_plays import AdditionalLandsThisTurn  # noqa: F401
from .permanents import (  # noqa: F401
    AddMana,
    AddOneManaTheLandProduced,
    CantCastThisTurn,
    CopyExceptions,
    CreateTokenCopies,
    CreateTokens,
    CreaturesCantAttackThisTurn,
    DoesntUntapWhileYouControlSource,
    DoublePower,
    GainControlUntilEndOfTurn,
    GainsControl,
    GainsTriggerUntilEndOfTurn,
    Monstrosity,
    PlayerCounter,
    Pump,
    PutCounters,
    ReplacementThisTurn,
    Tap,
    TheirCreaturesCantAttackThisTurn,
    Untap,
)
from .selectors import (  # noqa: F401
    Both,
    ChosenPlayer,
    ControllerOf,
    EachCreature,
    EachOpponent,
    EachPlayer,
    EventObject,
    EventPlayer,
    LeftController,
    Matching,
    OpponentsAndTheirCreatures,
    OtherCreaturesOfTheirController,
    Self,
    Targets,
    You,
)
from .stack import (  # noqa: F401
    BounceThenMaySacrificeLandToCopy,
    CopyEventSpell,
    CopyEventSpellTargetingSource,
    CopyForEachOtherPossibleTarget,
    CopySpell,
    CopyThisSpell,
    CounterEventSpell,
    CounterSpell,
    CounterTarget,
    CounterTargetingUnless,
    EachOtherPlayerMayCopy,
    GainControlOfSpell,
    GrantFlashback,
    NextSpellThisTurn,
    ReturnSpellToHand,
)
from .zones import (  # noqa: F401
    CantBeRegeneratedThisTurn,
    CantBeTargetedByOpponentsThisTurn,
    Destroy,
    DestroyGainLifePer,
    DestroySameName,
    Discard,
    DiscardHand,
    Draw,
    Exile,
    ExiledCardsOwnerCreatesToken,
    ExileFromGraveyard,
    ExileGraveyards,
    ExileIf,
    ExileIfItWouldDieThisTurn,
    ExileLinked,
    ExileThenReturnUnderYourControl,
    ExileUntilSourceLeaves,
    LookAtTopMayTake,
    MayDiscard,
    MayLoot,
    MaySacrificeThenSearchOneMore,
    Mill,
    PutCardOnto,
    Regenerate,
    ReturnLeft,
    ReturnLeftToHand,
    ReturnLeftWithCounter,
    ReturnTheExiledCard,
    ReturnToHand,
    Sacrifice,
    SacrificeAnotherCreatureElse,
    SacrificeCreature,
    SacrificeSourceIfYouDo,
    SacrificeSourceUnlessPay,
    Scry,
    SearchBasicLandOntoBattlefield,
    SearchExileMayCastFree,
    SearchForNamedToHand,
    ShuffleIntoLibrary,
    Surveil,
    Unimplemented,
    echo,
    returns_with_counter,
)
