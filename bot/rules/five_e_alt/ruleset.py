"""5e-alt: "One D&D Rule Variant: Alternate Movement" (seed 000).

Falling and jumping are the seed's own rules. The seed has no overland travel,
so /travel borrows SRD 5.1's travel pace, and says so.
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from typing import ClassVar, Literal

from bot.encounter import Condition, Encounter, Token
from bot.grid.coords import Cell
from bot.grid.geometry import chebyshev, squares_one_two
from bot.grid.sizes import Size
from bot.names import Vocabulary
from bot.rules.engine.board import (
    Board,
    Passing,
    hostile,
    in_reach,
    within_reach,
)
from bot.rules.engine.kinds import GrappleRule, MountRule, ReactionRule, VerticalRule
from bot.rules.engine.moves import (
    MOVE_MODES,
    TokenFields,
    TokenMovement,
    TokenSpec,
)
from bot.rules.five_e_alt import IDENTITY
from bot.rules.five_e_alt.actions import AltActions
from bot.rules.five_e_alt.calculators import AltCalculators
from bot.rules.five_e_alt.conditions import AltConditions
from bot.rules.five_e_alt.sources import DOCUMENT, SEED
from bot.rules.five_e_alt.steps import AltSteps
from bot.rules.five_e_alt.tables import FOOTPRINTS
from bot.rules.five_e_alt.tokens import (
    ACTIONS,
    DEFAULT_REACH_FT,
    SIZES,
    speed_notes,
    token_fields,
    token_movement,
)
from bot.rules.identity import Identity
from bot.rules.rulings import (
    Note,
)
from bot.rules.srd5.senses import sight_traits
from bot.state import flag, text

SEED_FILES = (SEED,)
GRID_DOCUMENT = DOCUMENT


class FiveEAlt(AltCalculators, AltActions, AltSteps, AltConditions):
    """The variant's rules as data and its grid; its calculators (calculators.py, first,
    so theirs are the ruleset's), actions, step costs and conditions are parts of their
    own (actions.py, steps.py, conditions.py)."""

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
    provoke_rule: ClassVar[Literal["leave-threatened", "leave-reach", "never"]] = "leave-reach"
    action_words: ClassVar[Vocabulary] = ACTIONS
    actions: ClassVar[tuple[str, ...]] = ACTIONS.names
    band_action: ClassVar[str] = "dash"
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
        if diagonal_rule not in self.diagonal_rules:
            diagonal_rule = "5"
        self.diagonal_rule = diagonal_rule
        self.diagonal_parity = diagonal_rule == "5-10-5"
        self.in_units = in_units

    def measure_ft(self, a: Cell, b: Cell) -> float:
        """000's diagonals as the encounter chose them: 5 ft each, 5-10-5 alternating,
        or euclidean (5 ft × √2 each diagonal square, as a move counts them)."""
        dx, dy = abs(a.col - b.col), abs(a.row - b.row)
        if self.diagonal_rule == "5-10-5":
            return float(squares_one_two(dx, dy) * 5)
        if self.diagonal_rule == "euclidean":
            diagonal = min(dx, dy)
            return round((max(dx, dy) - diagonal) * 5.0 + diagonal * 5.0 * math.sqrt(2), 1)
        return float(chebyshev(a, b) * 5)

    def for_encounter(self, encounter: Encounter | None) -> FiveEAlt:
        """With the encounter's diagonal rule (5, 5-10-5 or euclidean) and whether it
        shows distances in Units (000 Optional Rule: Units of Distance)."""
        options = encounter.options if encounter else {}
        rule, in_units = text(options, "diagonals") or "5", flag(options, "units")
        if (rule, in_units) == (self.diagonal_rule, self.in_units):
            return self
        return FiveEAlt(rule, in_units=in_units)

    def token_movement(self, token: Token) -> TokenMovement:
        return token_movement(token)

    def token_fields(self, spec: TokenSpec) -> TokenFields:
        return token_fields(spec)

    def speed_notes(self, token: Token) -> tuple[Note, ...]:
        return speed_notes(token)

    def squeeze_width(self, side: int) -> int:
        # an opening sized for a creature one Size smaller (000 Difficult Terrain)
        return max(1, side - 1)

    def pass_creature(self, board: Board, other: Token) -> Passing:
        mover = board.mover
        hampers = other.size != Size.TINY
        if other.has(Condition.INCAPACITATED) or not hostile(mover, other):
            return Passing(True, hampers=hampers)
        if abs(other.size - mover.size) >= 2 or other.size == Size.TINY:
            return Passing(True, hampers=hampers)
        return Passing(
            False,
            "a hostile creature within one size of the mover blocks its space "
            "(Alternate Movement › Moving Around Other Creatures)",
        )

    def threatened(self, board: Board, enemy: Token) -> frozenset[Cell]:
        reach = enemy.reach_ft if enemy.reach_ft is not None else DEFAULT_REACH_FT
        return within_reach(board, enemy, reach, self.square_ft)

    def threatens(self, board: Board, enemy: Token, cell: Cell) -> bool:
        reach = enemy.reach_ft if enemy.reach_ft is not None else DEFAULT_REACH_FT
        return in_reach(board, enemy, reach, self.square_ft, cell)
