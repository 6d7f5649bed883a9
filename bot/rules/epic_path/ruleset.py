"""epic-path: "Types of Movement" from Epic Path, a Pathfinder variant (seed 004): the
ruleset's data and the parts it holds. Falling, falling objects, collisions and
overland travel are the seed's own (calculators.py); the seed has no jump rule, so
/jump borrows Pathfinder's Acrobatics.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import ClassVar

from bot.encounter import Condition
from bot.grid.sizes import Size
from bot.grid.terrain import Terrain
from bot.rules.d20.grid import D20Squares
from bot.rules.d20.reach import D20Reach
from bot.rules.engine.kinds import (
    GrappleRule,
    MountRule,
    ReactionRule,
    ThroughRule,
    VerticalRule,
)
from bot.rules.engine.moves import MOVE_MODES
from bot.rules.engine.steps import ProvokeRule
from bot.rules.epic_path import IDENTITY
from bot.rules.epic_path.actions import EpicEconomy
from bot.rules.epic_path.calculators import DOCUMENT, GRID_DOCUMENT, SEED_FILES, EpicCalculators
from bot.rules.epic_path.flanks import EpicFlanking
from bot.rules.epic_path.parts import EpicConditions, EpicSheet, EpicSteps
from bot.rules.epic_path.space import EpicSpace
from bot.rules.epic_path.tables import FOOTPRINTS, REACH_FT
from bot.rules.identity import Identity
from bot.rules.ruleset import Ruleset
from bot.rules.rulings import Source

SQUARES = D20Squares(
    one_two_diagonals=False,
    doublings_stack=False,
    impeded_full_round=True,
    darkness_doubles=False,
    withdraw_rule="Epic Path › Withdraw",
)


class EpicPath(Ruleset):
    """The seed's rules as data; its calculators, actions, squares, shared spaces and
    flanking are parts of their own (calculators.py, actions.py, parts.py, space.py,
    flanks.py), built in ``__init__``."""

    identity: ClassVar[Identity] = IDENTITY
    document: ClassVar[str] = DOCUMENT
    grid_document: ClassVar[str] = GRID_DOCUMENT
    # 004 › Three Dimensional Movement: "Odd-sized cubes are centered upon a target
    # cube, even-sized cubes are targeted upon the three-axis intersection of eight
    # cubes" (a square or cube template, docs/RULINGS.md)
    squares_centred: ClassVar[bool] = True
    # 004 Blocked Terrain: "impossible to move into without ... burrowing, earth glide";
    # its examples are "solid walls, natural stone or dirt", pillars and statues
    burrows_through: ClassVar[frozenset[Terrain]] = frozenset(
        {Terrain.EARTH, Terrain.WALL, Terrain.PILLAR}
    )
    # 004 Three Dimensional Movement: cubes, counted 1 for 1; Forced Movement In 3-D
    vertical: ClassVar[VerticalRule] = VerticalRule(
        "cubes",
        "longer",
        "cubes counted 1 for 1: Epic Path › Three Dimensional Movement",
        forced_in_air=True,
    )
    # the seed has no mounting rule: Pathfinder's (a move action), borrowed
    mount_rule: ClassVar[MountRule | None] = MountRule(
        "move-action", "a move action: Pathfinder SRD › Ride, borrowed"
    )
    # the seed has no grappling: Pathfinder's (the held creature is placed beside it)
    grapple_rule: ClassVar[GrappleRule | None] = GrappleRule(
        drag="half-speed",
        shares_space=False,
        drag_text=(
            "moving a grapple: half its speed, after a successful combat maneuver check "
            "(Pathfinder SRD › Grapple › Move, borrowed)"
        ),
        ends_text="Pathfinder SRD › Grapple, borrowed",
    )
    # 004 Overrun; tumbling is Pathfinder's Acrobatics (borrowed: the seed only names it)
    moving_through: ClassVar[tuple[ThroughRule, ...]] = (
        ThroughRule(
            kind="overrun",
            check="a combat maneuver (Maneuver Offense) check each (Epic Path › Overrun)",
            larger_by_at_most=1,
            penalty_per_extra=3,
            provokes_each=True,
            fails="is stopped in the space directly in front of it (shunted back along "
            "its path to the first open space if that one is taken)",
            shunted_back=True,
            note="As a standard action it moves up to its speed; as part of a move action "
            "only one creature, and no damage. A target may let it pass: then no check. "
            "With Improved Overrun, the targets get no attack of opportunity.",
            actions=("move", "charge"),
            charge_note="Charging through: a straight line at up to twice its speed. If a "
            "check fails, the charge attack is made only if the charge's target is still "
            "in reach; if every foe lets it pass, the charge goes on as normal (Epic Path "
            "› Overrun).",
        ),
        # 004 Reach, Internal Flanking: passing a foe's space takes an Overrun; tumbling
        # only avoids the attacks of opportunity for moving through threatened squares
        ThroughRule(
            kind="tumble",
            check="Tumbling at half speed: an Acrobatics check against the opponent's CMD "
            "for each enemy it provokes (Pathfinder SRD › Acrobatics, borrowed)",
            half_speed=True,
            passes_spaces=False,
            fails="provokes that enemy's attack of opportunity",
            note="A success spares it that enemy's attack of opportunity for moving through "
            "its threatened squares; the bot still lists them. Tumbling doesn't pass a "
            "foe's space: that takes an Overrun (Epic Path › Reach, Internal Flanking).",
            # no foe's space is passed: the one DC is the opponent's CMD, to spare its attack
            avoid_attacks_dc_cmd_plus=0,
        ),
    )
    # the seed has no readied action: Pathfinder's, which 3.5's is too (docs/RULINGS.md)
    readied_move: ClassVar[str | None] = (
        "A readied move action, taken out of its turn when its trigger comes: one move, up "
        "to its speed, in one go (Pathfinder SRD › Special Initiative Actions › Ready, "
        "borrowed)."
    )
    # 004 counts attacks of opportunity per mover (one per double move); how many an
    # enemy makes a round is Pathfinder's: one (Combat Reflexes: more). A readied action
    # is the round's action, not an attack of opportunity.
    reaction_rule: ClassVar[ReactionRule | None] = ReactionRule(
        1,
        "attack of opportunity",
        False,
        "Pathfinder SRD › Attacks of Opportunity, borrowed",
    )
    seed_files: ClassVar[tuple[str, ...]] = SEED_FILES
    square_ft: ClassVar[int] = 5
    sizes: ClassVar[tuple[Size, ...]] = tuple(Size)
    footprint_squares: ClassVar[Mapping[Size, int]] = FOOTPRINTS
    move_modes: ClassVar[tuple[str, ...]] = MOVE_MODES  # and teleport (004 Blocked Terrain)
    inert_conditions: ClassVar[frozenset[Condition]] = frozenset()  # 004 Withdraw: invisible

    def forced_source(self, *sections: str) -> Source:
        """Forced movement is this seed's own rule (004 Forced Movement)."""
        return self.source(*sections)

    sharing_rule: ClassVar[str] = "a hostile creature's space is not shared (Epic Path › Squeezing)"
    step_rule: ClassVar[str] = "Epic Path › 5-Foot Step"
    # 004 only names the charge: 3.5's reading of it, borrowed (docs/RULINGS.md)
    charge_rule: ClassVar[str] = "Rules of the Game › Charge, borrowed"
    run_rule: ClassVar[str] = "Epic Path › Run"

    pits_enterable: ClassVar[bool] = True  # 004 Hazardous Terrain
    combines_flight: ClassVar[bool] = True  # 004 Combining Movement Types
    provoke_rule: ClassVar[ProvokeRule] = "leave-threatened"

    def __init__(self) -> None:
        super().__init__()
        self.calculators = EpicCalculators()
        self.economy = EpicEconomy(self)
        self.sheet = EpicSheet(self)
        self.steps = EpicSteps(self, SQUARES)
        self.space = EpicSpace(self)
        self.conditions = EpicConditions(self)
        reach = D20Reach(
            self,
            tall_ft=REACH_FT,
            long_ft=REACH_FT,
            one_two_diagonals=False,
            threatens_own_space=True,
        )
        self.reach = reach
        self.flanking = EpicFlanking(self, reach)
