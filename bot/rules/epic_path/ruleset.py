"""epic-path: "Types of Movement" from Epic Path, a Pathfinder variant (seed 004).

Falling, falling objects, collisions and overland travel are the seed's own.
The seed has no jump rule, so /jump borrows Pathfinder's Acrobatics.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import ClassVar

from bot.encounter import Condition, Token
from bot.grid.coords import Cell
from bot.grid.sizes import Size
from bot.grid.terrain import Terrain
from bot.names import Vocabulary
from bot.rules.d20.falling import D20FallRules, d20_fall
from bot.rules.d20.grid import Action
from bot.rules.d20.jumping import SkillJumpRules, skill_jump
from bot.rules.d20.overland import overland_travel
from bot.rules.engine.board import Board
from bot.rules.engine.kinds import (
    GrappleRule,
    MountRule,
    ReactionRule,
    ThroughRule,
    VerticalRule,
)
from bot.rules.engine.moves import (
    MOVE_MODES,
    TokenFields,
    TokenMovement,
    TokenSpec,
    parse_plain_speed,
)
from bot.rules.epic_path import IDENTITY
from bot.rules.epic_path.actions import EpicActions
from bot.rules.epic_path.flanks import EpicFlanks
from bot.rules.epic_path.overland_tables import EPIC_PATH_OVERLAND
from bot.rules.epic_path.space import EpicSpace
from bot.rules.epic_path.tables import (
    FOOTPRINTS,
    OBJECT_DICE,
    REACH_FT,
    SURFACE_PER_DIE,
)
from bot.rules.epic_path.tokens import (
    ACTION_TERMS,
    token_fields,
    token_movement,
)
from bot.rules.identity import Identity
from bot.rules.rulings import (
    FallRequest,
    FallResult,
    JumpRequest,
    JumpResult,
    Note,
    Source,
    TravelRequest,
    TravelResult,
    borrowed,
)

SEED = "004_15d51e0af34ca221.txt"
SEED_FILES = (SEED,)
DOCUMENT = "Epic Path › Types of Movement"
GRID_DOCUMENT = "Epic Path: Types of Movement"


FALL_RULES = D20FallRules(
    max_dice=20,  # "In normal air, on the Prime Material, a maximum of 20d6 is recommended."
    check_name="Acrobatics",
    dive_check_name="Swim or Acrobatics",
    surface_per_die=SURFACE_PER_DIE,
    yielding_surfaces=frozenset({"soft"}),
    object_dice=OBJECT_DICE,
    collisions=True,
    lethal_damage_lands_prone=True,
)
JUMP_RULES = SkillJumpRules(
    skill="Acrobatics",
    run_up_ft=10,
    bonus_per_10_ft_above=4,
    penalty_per_10_ft_below=4,
    edge_grab=False,
)


class EpicPath(EpicActions, EpicSpace, EpicFlanks):
    """The seed's rules as data and its calculators; its actions, shared spaces and
    flanking are parts of their own (actions.py, space.py, flanks.py)."""

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
    travel_names: ClassVar[Mapping[str, Vocabulary]] = EPIC_PATH_OVERLAND.travel_names
    move_modes: ClassVar[tuple[str, ...]] = MOVE_MODES  # and teleport (004 Blocked Terrain)
    inert_conditions: ClassVar[frozenset[Condition]] = frozenset()  # 004 Withdraw: invisible

    # ------------------------------------------------------------- on a grid

    def fall(self, request: FallRequest, rng: random.Random) -> FallResult:
        source = Source("epic-path", DOCUMENT, ("Falling",), seed_file=SEED)
        return d20_fall(request, rng, FALL_RULES, source)

    def jump(self, request: JumpRequest, rng: random.Random) -> JumpResult:
        source = Source(
            "epic-path",
            "Pathfinder Acrobatics",
            ("Jumping",),
            seed_file=SEED,
            borrowed="Pathfinder Acrobatics (Epic Path has no jump rule)",
        )
        result = skill_jump(request, JUMP_RULES, source)
        return borrowed(
            result,
            "Epic Path's Types of Movement has no jump rule: this is Pathfinder's Acrobatics "
            "(long jump DC = "
            "distance, high jump DC = 4 × height, doubled without a 10 ft run-up).",
        )

    def travel_speed_ft(self, text: str) -> int:
        return parse_plain_speed(text)

    def travel(self, request: TravelRequest, rng: random.Random) -> TravelResult:
        source = Source("epic-path", DOCUMENT, ("Overland Travel",), seed_file=SEED)
        return overland_travel(request, rng, tables=EPIC_PATH_OVERLAND, source=source)

    # ------------------------------------------------------------ on a grid

    def forced_source(self, *sections: str) -> Source:
        """Forced movement is this seed's own rule (004 Forced Movement)."""
        return self.source(*sections)

    sharing_rule: ClassVar[str] = "a hostile creature's space is not shared (Epic Path › Squeezing)"
    reach_tall_ft: ClassVar[Mapping[Size, int]] = REACH_FT
    reach_long_ft: ClassVar[Mapping[Size, int]] = REACH_FT
    one_two_diagonals: ClassVar[bool] = False
    doublings_stack: ClassVar[bool] = False
    darkness_doubles: ClassVar[bool] = False
    impeded_full_round: ClassVar[bool] = True
    threatens_own_space: ClassVar[bool] = True
    action_terms: ClassVar[Mapping[str, Action]] = ACTION_TERMS
    standing_is_movement: ClassVar[bool] = True  # 004 5-Foot Step
    step_rule: ClassVar[str] = "Epic Path › 5-Foot Step"
    withdraw_rule: ClassVar[str] = "Epic Path › Withdraw"
    # 004 only names the charge: 3.5's reading of it, borrowed (docs/RULINGS.md)
    charge_rule: ClassVar[str] = "Rules of the Game › Charge, borrowed"
    run_rule: ClassVar[str] = "Epic Path › Run"
    minimum_sections: ClassVar[tuple[str, ...]] = ("Impeded Terrain",)

    pits_enterable: ClassVar[bool] = True  # 004 Hazardous Terrain
    combines_flight: ClassVar[bool] = True  # 004 Combining Movement Types

    def pit_fall(self, board: Board, pit: Cell) -> tuple[Note, ...]:
        """004 Hazardous Terrain: a pit opening may be moved into freely; 004 Falling
        says what the fall does."""
        name = board.mover.name
        return (
            Note(
                "Falls",
                f"{name} moves into the pit at {pit}, hazardous terrain a character may "
                "freely enter (Epic Path › Hazardous Terrain), and falls: 1d6 per 10 ft fallen, "
                f"at most {FALL_RULES.max_dice}d6 (Epic Path › Falling). How deep is the GM's: "
                "/fall height:<feet> ruleset:epic-path gives the damage. Jumping in on "
                "purpose makes the first 1d6 nonlethal, and a DC 15 Acrobatics check "
                "avoids the first 10 ft (/fall intentional:true check:<total>).",
            ),
        )

    def token_movement(self, token: Token) -> TokenMovement:
        return token_movement(token)

    def token_fields(self, spec: TokenSpec) -> TokenFields:
        return token_fields(spec)
