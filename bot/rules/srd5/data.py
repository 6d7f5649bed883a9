"""What 5e and 5e-2024 differ in, as data the SRDs' parts read (``SrdData``): the
document's name and the sections its rulings cite, and the few rules the two SRDs word
differently. Each ruleset builds its parts with its own."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class SrdData:
    srd_name: str  # "SRD 5.1", for refusals
    movement_section: str
    bonus_section: str  # SRD 5.1 Bonus Actions; SRD 5.2 Rules Glossary › Bonus Action
    conditions_section: str  # where the conditions are: SRD 5.2's Rules Glossary
    # SRD 5.1 Opportunity Attacks ("you don't provoke ... when you teleport"); SRD 5.2
    # Rules Glossary › Teleportation
    teleport_section: str
    # the sections the sheet's rulings cite
    carrying_section: str
    armor_section: str
    jump_section: str
    exhaustion_effect: str
    # SRD 5.1: squeezing costs 1 extra foot per foot on its own; SRD 5.2: an opening
    # sized for one size smaller is difficult terrain (not cumulative).
    squeezing_is_extra: bool
    # SRD 5.1: any other creature's space is difficult terrain; SRD 5.2: one that is
    # neither Tiny nor your ally.
    every_creature_hampers: bool
    # SRD 5.2: each level of exhaustion takes 5 ft off every speed; SRD 5.1 (0): level 2
    # halves the speed and level 5 makes it 0. Level 6 is death in both.
    exhaustion_minus_ft: int = 0
    # SRD 5.1 Stunned: "can't move"; SRD 5.2 Stunned has no Speed 0 (Incapacitated only)
    stunned_can_move: bool = False
    # SRD 5.2 Prone › Dropping Prone: "you can't drop prone if your Speed is 0"
    drop_prone_needs_speed: bool = False
    # SRD 5.2 Flying: Incapacitated makes a flyer fall; SRD 5.1 Flying Movement lists only
    # knocked prone, speed reduced to 0 and deprived of the ability to move
    incapacitated_grounds: bool = False
