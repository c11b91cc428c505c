"""Real bug reports in the rules this suite covers that no scenario can show yet, with the
reason (kept here so they are not lost; each is a candidate for a new card or protocol field),
and the real reports some of the older hand-written faults turned out to model."""

from __future__ import annotations

from .fault import Unexpressible

MAGE = "https://github.com/magefree/mage"
PHASE = "https://github.com/phase-rs/phase"
FORGE = "https://github.com/Card-Forge/forge"
ARGENTUM = "https://github.com/wingedsheep/argentum-engine"

UNEXPRESSIBLE = [
    Unexpressible(f"{FORGE}/issues/7152", "601.2f",
                  "the AI cast Dismember for {1} and 4 life under Trinisphere",
                  "the same bug as XMage #1617, which the fault phyrexian_life_chosen_after_the_total_cost "
                  "models with Gitaxian Probe (a fault names one report); Dismember is not in the catalog"),
    Unexpressible(f"{PHASE}/pull/8885", "118.7",
                  "a reduction of colored mana only (Morophon) spilled onto generic mana",
                  "no catalog card reduces colored mana"),
    Unexpressible(f"{PHASE}/pull/6740", "118.7b",
                  "a colored reduction with no matching symbol was dropped instead of reducing "
                  "generic mana",
                  "no catalog card reduces colored mana"),
    Unexpressible(f"{PHASE}/pull/7039", "207.2c",
                  "a converge enters trigger saw zero colors spent",
                  "no catalog card has a converge triggered ability (only converge spells and "
                  "enters-with-counters)"),
    Unexpressible(f"{MAGE}/issues/6074", "601.2f",
                  "cost reductions misread the controller of a card cast from an opponent's hand",
                  "no catalog card lets a player cast another player's card"),
    Unexpressible(f"{FORGE}/issues/1519", "601.2f",
                  "the cost reductions of an activated ability were applied in timestamp order, not "
                  "in the order best for the player (Heartstone, which can't reduce the mana below "
                  "one, after Tezzeret, Betrayer of Flesh's {2} less: Burnished Hart's {3} cost {1}, "
                  "not {0})",
                  "the activation exists (`activate`, feature activated-abilities), but no catalog card "
                  "changes the cost of an activated ability (the engine applies no cost modifier to "
                  "an activation), and no catalog reduction has a floor (\"can't reduce the mana in "
                  "that cost to less than one mana\"), without which the order of reductions never "
                  "matters"),
    Unexpressible(f"{PHASE}/issues/7734", "702.34a",
                  "(reported as a bug, but correct) a Snapcaster-flashbacked spell returned to "
                  "hand by Narset's Reversal was exiled",
                  "expressible, but no fault can model it: phase.rs did what 702.34a says, and "
                  "flashback/exiled-when-an-effect-returns-it-from-the-stack::narsets-reversal-returns-"
                  "a-granted-flashback-spell-into-exile pins it; what the reporter asked for (the spell "
                  "back in the hand) is Forge #4628's bug, faulted as flashback_spell_returned_to_hand"),
    Unexpressible(f"{PHASE}/pull/2607", "702.78a",
                  "conspire granted by another card (Wort, the Raidmother) was never offered and never copied",
                  "no catalog card grants conspire; Gleeful Sabotage's is printed"),
    Unexpressible(f"{ARGENTUM}/pull/1703", "712.8f",
                  "a modal double-faced spell cast with its back face up reported its front face's mana value "
                  "to cast triggers, and printed flash was read off the wrong face",
                  "the only catalog modal double-faced card (Khalni Ambush // Khalni Territory) has a land "
                  "back face, which is played, not cast"),
    Unexpressible(f"{MAGE}/issues/2841", "702.111b",
                  "a creature able to block an additional creature (Night Market Guard) blocked a creature "
                  "with menace alone",
                  "no catalog creature can block more than one creature"),
    Unexpressible(f"{FORGE}/issues/8244", "509.1c",
                  "a \"must be blocked if able\" requirement was not enforced on a creature with menace "
                  "when two blockers were available",
                  "no catalog card imposes a blocking requirement"),
    Unexpressible(f"{ARGENTUM}/pull/1370", "702.2b",
                  "damage from a source with wither and deathtouch placed -1/-1 counters but didn't destroy",
                  "no catalog card has wither"),
    Unexpressible(f"{MAGE}/issues/12000", "702.7b",
                  "an attacking band blocked by several creatures took extra damage when first strike was "
                  "involved",
                  "no catalog card has banding"),
    Unexpressible(f"{MAGE}/issues/9607", "709.3a",
                  "a split card in the graveyard couldn't be cast with an effect that lets its owner cast "
                  "instants and sorceries from the graveyard (Jace, Telepath Unbound)",
                  "no catalog card lets a player cast a card from a graveyard except by flashback "
                  "(Jace, Telepath Unbound is missing; the choice `cast` of cast-during-resolution casts "
                  "from exile during Bring to Light's resolution; Snapcaster Mage's granted flashback "
                  "works for split cards, split/a-granted-flashback-applies-to-either-half)"),
    Unexpressible(f"{MAGE}/issues/7200", "712.12",
                  "the land face of a modal double-faced card couldn't be played from the top of the library "
                  "(Radha, Heart of Keld)",
                  "no catalog card lets a player play lands from a zone other than the hand (Radha, "
                  "Heart of Keld is missing), and `play_land` (feature play-land) plays a land from "
                  "its owner's hand only; the catalog's land face (Khalni Territory) is played from the "
                  "hand in mdfc/played-as-a-land-with-its-land-face-up"),
    Unexpressible(f"{MAGE}/issues/9336", "302.6",
                  "an extra beginning phase (Sphinx of the Second Sun) ended the summoning sickness of "
                  "creatures that arrived that turn",
                  "no catalog card adds a phase (500.8), and `advance` knows only the normal turn"),
    Unexpressible(f"{PHASE}/issues/1754", "611.2a",
                  "an effect lasting \"until the end of your next turn\" ended as that turn began",
                  "no catalog effect lasts past this turn except \"for as long as\" ones (Icefall Regent's)"),
]

# Older hand-written faults (kicker_faults, cost_faults, flashback_faults) that turned out to
# do exactly what these reports describe.
REPORTS_OF_EXISTING = {
    "copy_of_kicked_spell_unkicked": f"{PHASE}/issues/7638",
    "kicks_forgotten_on_resolution": f"{PHASE}/issues/454",
    "multikicker_cost_paid_once": f"{PHASE}/issues/5250",
    "countered_flashback_spell_to_graveyard": "https://github.com/WagicProject/wagic/pull/1174",
    "payment_kept_after_illegal_cast": f"{MAGE}/issues/515",
    "reduction_lost_with_flashback": f"{MAGE}/issues/4677",
    # phase.rs's triage found its engine right and its scry dialog at fault; the player saw this
    "scry_keeps_the_top_cards_in_their_old_order": f"{PHASE}/issues/684",
    # issue #30: XMage's Cower in Fear kept shrinking the Strangleroot Geist undying returned
    "pump_follows_the_returned_card": f"{MAGE}/issues/42",
    # Forge's regenerated Skyshroud Troll still dealt its regular combat damage (not reproduced there)
    "regenerated_stays_in_combat": f"{FORGE}/issues/8922",
}
