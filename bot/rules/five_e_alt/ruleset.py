"""5e-alt: "One D&D Rule Variant: Alternate Movement" (seed 000): the ruleset's data
and the parts it holds. Falling and jumping are the seed's own rules. The seed has no
overland travel, so /travel borrows SRD 5.1's travel pace, and says so.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import ClassVar

from bot.encounter import Condition, Encounter
from bot.grid.sizes import Size
from bot.rules.engine.kinds import GrappleRule, MountRule, ReactionRule, VerticalRule
from bot.rules.engine.moves import MOVE_MODES
from bot.rules.engine.steps import ProvokeRule
from bot.rules.five_e_alt import IDENTITY
from bot.rules.five_e_alt.actions import AltEconomy
from bot.rules.five_e_alt.calculators import AltCalculators
from bot.rules.five_e_alt.conditions import AltConditions
from bot.rules.five_e_alt.parts import AltReach, AltSheet, AltSpace
from bot.rules.five_e_alt.sources import DOCUMENT, SEED
from bot.rules.five_e_alt.steps import AltSteps
from bot.rules.five_e_alt.tables import FOOTPRINTS
from bot.rules.five_e_alt.tokens import SIZES
from bot.rules.identity import Identity
from bot.rules.ruleset import Ruleset
from bot.rules.srd5.economy import granted_actions as srd_granted
from bot.rules.srd5.senses import sight_traits
from bot.state import flag, text

SEED_FILES = (SEED,)
GRID_DOCUMENT = DOCUMENT


class FiveEAlt(Ruleset):
    """The variant's rules as data; its calculators, actions, step costs, conditions,
    sheet, space and reach are parts of their own (calculators.py, actions.py, steps.py,
    conditions.py, parts.py), built in ``__init__`` for the encounter's options."""

    identity: ClassVar[Identity] = IDENTITY
    document: ClassVar[str] = DOCUMENT
    grid_document: ClassVar[str] = GRID_DOCUMENT
    seed_files: ClassVar[tuple[str, ...]] = SEED_FILES
    sizes: ClassVar[tuple[Size, ...]] = SIZES
    footprint_squares: ClassVar[Mapping[Size, int]] = FOOTPRINTS

    # ------------------------------------------------------------- on a grid

    # ------------------------------------------------------------ on a grid

    sharing_rule: ClassVar[str] = (
        "no creature ends a move in another's space "
        "(Alternate Movement › Moving Around Other Creatures, Separate Spaces)"
    )
    provoke_rule: ClassVar[ProvokeRule] = "leave-reach"
    grapple_rule: ClassVar[GrappleRule | None] = GrappleRule(
        drag="slowed",
        shares_space=False,
        drag_text="Slowed while dragging: Alternate Movement › Conditions › Grappled › Movable",
        ends_text="Alternate Movement › Conditions › Grappled › Ending the Grappled Condition",
    )
    # 000 Climb › Falling While Climbing (Hands; Upside Down: Spider Climb); the Young
    # White Dragon's Ice Walk
    traits: ClassVar[Mapping[str, str]] = {
        "ice-walk": "Ice Walk: ice and snow aren't Difficult Terrain for it (Alternate "
        "Movement › Additional Notes: Ice Walk).",
        "spider-climb": "Spider Climb: climbs any surface unhindered, even upside down "
        "(Alternate Movement › Climb).",
        "climb": "Climb: slopes of 45 degrees or more aren't Difficult Terrain for it, with no "
        "climb speed listed (Alternate Movement › Updating A Creature's Movement › Step 2).",
        "hands-full": "No empty hand: it can't climb, it would fall (Alternate Movement › "
        "Climb › Falling While Climbing › Hands).",
        **sight_traits("SRD 5.1 › Blindsight; Truesight, which the variant keeps"),
    }
    # the variant is silent on opportunity attacks but for teleporting: they stay 5e's
    # (SRD 5.1 Combat › Opportunity Attacks), sight included (docs/RULINGS.md)
    sight_rule: ClassVar[str | None] = (
        "SRD 5.1 Combat › Opportunity Attacks, which the variant keeps: a creature it can see"
    )
    inert_conditions: ClassVar[frozenset[Condition]] = frozenset()  # invisible: above
    vertical: ClassVar[VerticalRule] = VerticalRule(
        "feet", "straight", "every foot up or down spent as a foot: Alternate Movement › Fly"
    )
    # the variant is silent on mounts: the 5e SRD's Mounting and Dismounting, borrowed
    # whole (half the Speed, from within 5 ft, once during a move); 000 Separate Spaces
    # keeps a creature from willingly moving into another's space anyway
    mount_rule: ClassVar[MountRule | None] = MountRule(
        "half-speed",
        "half its Speed, once during its move: SRD 5.1 › Mounted Combat, borrowed",
        within_5_ft=True,
        once_per_move=True,
    )
    # the extra actions a GM grants (extra_action:), as the SRD's: the variant keeps 5e's
    # one action a turn, and a Dash by Action Surge or Haste gains Movement (000 Dashing)
    granted_actions: ClassVar[Mapping[str, str]] = srd_granted("SRD 5.1")
    readied_move: ClassVar[str | None] = (
        "Out of its turn (a readied Dash) it gains Movement equal to its Speed and spends "
        "it in one go; the rest is lost at once (Alternate Movement › Moving Out Of Your "
        "Turn › Sudden Movement; Dashing › Dashing Out of Your Turn)."
    )
    # the variant is silent on reactions: the 5e SRD's one, borrowed (a readied Dash and
    # an opportunity attack each use it)
    reaction_rule: ClassVar[ReactionRule | None] = ReactionRule(
        1,
        "reaction",
        True,
        "SRD 5.1 › Combat › Reactions, borrowed",
    )
    move_modes: ClassVar[tuple[str, ...]] = MOVE_MODES  # and teleport (000 Teleport)
    # 000 Updating A Creature's Movement › Step 2: "If a creature's Speed for the
    # corresponding Move is 0, the creature can't Move in that way"
    zero_speed_modes: ClassVar[frozenset[str]] = frozenset({"climb", "swim"})

    def __init__(self, diagonal_rule: str = "5", *, in_units: bool = False) -> None:
        super().__init__()
        if diagonal_rule not in self.diagonal_rules:
            diagonal_rule = "5"
        self.diagonal_rule = diagonal_rule
        self.diagonal_parity = diagonal_rule == "5-10-5"
        self.in_units = in_units
        self.calculators = AltCalculators(in_units=in_units)
        self.economy = AltEconomy(self)
        self.sheet = AltSheet(self)
        self.steps = AltSteps(self, diagonal_rule)
        self.space = AltSpace(self)
        self.reach = AltReach(self, diagonal_rule)
        self.conditions = AltConditions(self)

    def for_encounter(self, encounter: Encounter | None) -> FiveEAlt:
        """With the encounter's diagonal rule (5, 5-10-5 or euclidean) and whether it
        shows distances in Units (000 Optional Rule: Units of Distance)."""
        options = encounter.options if encounter else {}
        rule, in_units = text(options, "diagonals") or "5", flag(options, "units")
        if (rule, in_units) == (self.diagonal_rule, self.in_units):
            return self
        return FiveEAlt(rule, in_units=in_units)
