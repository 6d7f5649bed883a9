"""3.5: the SRD's "Movement, Position, and Distance" (seed 001) and "All About
Movement" (seed 002): the ruleset's data and the parts it holds (``calculators.py``:
falling, jumping and overland travel borrowed from the 3.5 SRD; ``parts.py``: its
actions, squares and space beside the d20 family's).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import ClassVar

from bot.grid.sizes import Size
from bot.rules.d20.grid import D20Squares
from bot.rules.d20.reach import D20Reach
from bot.rules.dnd35 import IDENTITY
from bot.rules.dnd35.calculators import DOCUMENT, GRID_DOCUMENT, SEED_FILES, Dnd35Calculators
from bot.rules.dnd35.parts import Dnd35Economy, Dnd35Sheet, Dnd35Space, Dnd35Steps
from bot.rules.dnd35.tables import FOOTPRINTS, REACH_LONG_FT, REACH_TALL_FT
from bot.rules.engine.kinds import (
    BullRushRule,
    GrappleRule,
    HeavyRule,
    MountControl,
    MountRule,
    ReactionRule,
    ThroughRule,
    VerticalRule,
)
from bot.rules.engine.steps import ProvokeRule
from bot.rules.identity import Identity
from bot.rules.ruleset import Ruleset

SQUARES = D20Squares(
    one_two_diagonals=True,
    doublings_stack=True,
    impeded_full_round=False,
    darkness_doubles=True,
)


class Dnd35(Ruleset):
    """3.5 on a grid: its data here, its parts built in ``__init__``."""

    identity: ClassVar[Identity] = IDENTITY
    document: ClassVar[str] = DOCUMENT
    grid_document: ClassVar[str] = GRID_DOCUMENT
    # 002 Grapple: grapplers share a space; moving a grapple is the 3.5 SRD's (borrowed)
    grapple_rule: ClassVar[GrappleRule | None] = GrappleRule(
        drag="half-speed",
        shares_space=True,
        drag_text=(
            "moving a grapple: half its speed, after winning an opposed grapple check, the "
            "held creature in its space (3.5 SRD › Grapple › Move, borrowed; Rules of the "
            "Game › Grapple)"
        ),
        ends_text="3.5 SRD › Grapple, borrowed",
    )
    # 002 Bull Rush (the opposed check's modifiers are the 3.5 SRD's, borrowed)
    bull_rush: ClassVar[BullRushRule | None] = BullRushRule(
        check="the opposed Strength check (+4 per size larger, -4 per size smaller, +2 "
        "charging; the 3.5 SRD's, borrowed)",
        cite="Rules of the Game › Bull Rush",
    )
    # the seeds give no climbing or diving rates: the 3.5 SRD's average flyer (borrowed)
    vertical: ClassVar[VerticalRule] = VerticalRule(
        "half-up-double-down",
        "longer-and-half",
        "up at half speed, down at double speed: the 3.5 SRD's flight, borrowed",
    )
    # 001 Fly: maneuverability classes (their rates the 3.5 SRD's, borrowed)
    traits: ClassVar[Mapping[str, str]] = {
        f"fly-{m}": text
        for m, text in (
            (
                "perfect",
                "Perfect maneuverability: climbs at full speed (SRD › Movement Modes › Fly).",
            ),
            ("good", "Good maneuverability: climbs at half speed, dives at double."),
            (
                "average",
                "Average maneuverability (the default): climbs at half speed, dives at double.",
            ),
            ("poor", "Poor maneuverability: climbs at half speed, dives at double."),
            ("clumsy", "Clumsy maneuverability: climbs at half speed, dives at double."),
        )
    } | {
        "not-trained-for-war": "A mount not trained for war: in battle its rider controls "
        "it with a DC 20 Ride check, a move action that provokes (Rules of the Game › "
        "Control a Frightened Mount).",
    }
    exclusive_traits: ClassVar[Mapping[str, str]] = {
        name: "fly" for name in traits if name.startswith("fly-")
    }
    dive_rule: ClassVar[str | None] = "SRD › Movement Modes › Fly"

    heavy_rule: ClassVar[HeavyRule | None] = HeavyRule(
        cite="Rules of the Game › Move a Heavy Object"
    )
    mount_rule: ClassVar[MountRule | None] = MountRule(
        "move-action",
        "a move action: Rules of the Game › Mount or Dismount a Steed",
        control=MountControl(
            trait="not-trained-for-war",
            dc=20,
            check="a DC 20 Ride check (the 3.5 SRD's Ride, control mount in battle, borrowed)",
            cite="Rules of the Game › Control a Frightened Mount",
        ),
    )
    # 001 Overrun, Tumbling; 002 Overrun (the checks' numbers from the 3.5 SRD, borrowed)
    moving_through: ClassVar[tuple[ThroughRule, ...]] = (
        ThroughRule(
            kind="overrun",
            check="an overrun each: an opposed Strength (or Dexterity) check, the 3.5 SRD's "
            "(Rules of the Game › Overrun; SRD › Overrun, borrowed)",
            larger_by_at_most=1,
            provokes_each=True,
            fails="is stopped and moves back to the square before its space",
            note="A standard action that moves up to its speed, not part of a charge (Rules "
            "of the Game › Overrun). A defender may simply step aside: then no check.",
        ),
        ThroughRule(
            kind="tumble",
            check="a DC 25 Tumble check each (SRD › Tumble, borrowed; SRD › Tumbling)",
            # 001 Movement in Combat: tumbling is moving, so a double move may tumble
            actions=("move", "double"),
            half_speed=True,
            fails="stops before its space and provokes it",
            note="Tumbling is at half speed. A DC 15 Tumble check also spares it the "
            "attacks of opportunity for moving out of threatened squares (SRD › Tumble, "
            "borrowed); the bot still lists them.",
            dc=25,
            avoid_attacks_dc=15,
        ),
    )
    # the seeds have no readied action: the 3.5 SRD's (docs/RULINGS.md)
    readied_move: ClassVar[str | None] = (
        "A readied move action, taken out of its turn when its trigger comes: one move, up "
        "to its speed, in one go (3.5 SRD › Special Initiative Actions › Ready, borrowed)."
    )
    # the seeds count attacks of opportunity per mover (one per enemy per move); how
    # many an enemy makes a round is the 3.5 SRD's: one (Combat Reflexes: more). A
    # readied action is the round's action, not an attack of opportunity.
    reaction_rule: ClassVar[ReactionRule | None] = ReactionRule(
        1,
        "attack of opportunity",
        False,
        "3.5 SRD › Attacks of Opportunity, borrowed",
    )
    seed_files: ClassVar[tuple[str, ...]] = SEED_FILES
    square_ft: ClassVar[int] = 5
    sizes: ClassVar[tuple[Size, ...]] = (
        Size.FINE,
        Size.DIMINUTIVE,
        Size.TINY,
        Size.SMALL,
        Size.MEDIUM,
        Size.LARGE,
        Size.HUGE,
        Size.GARGANTUAN,
        Size.COLOSSAL,
    )
    footprint_squares: ClassVar[Mapping[Size, int]] = FOOTPRINTS

    sharing_rule: ClassVar[str] = (
        "only a Tiny or smaller creature shares a square, with another such or an "
        "opponent, and anyone may stand over a helpless one (SRD › Moving through a Square)"
    )
    step_rule: ClassVar[str] = "Rules of the Game › Take a 5-Foot Step"

    squeezes_past_opponents: ClassVar[bool] = True  # 001 Squeezing
    provoke_rule: ClassVar[ProvokeRule] = "leave-threatened"
    diagonal_parity: bool = True  # 1-2-1-2 diagonals
    charge_rule: ClassVar[str] = "Rules of the Game › Charge"
    run_rule: ClassVar[str] = "Rules of the Game › Run"

    def __init__(self) -> None:
        super().__init__()
        self.calculators = Dnd35Calculators()
        self.economy = Dnd35Economy(self)
        self.sheet = Dnd35Sheet(self)
        self.steps = Dnd35Steps(self, SQUARES)
        self.space = Dnd35Space(self)
        self.reach = D20Reach(
            self,
            tall_ft=REACH_TALL_FT,
            long_ft=REACH_LONG_FT,
            one_two_diagonals=True,
            threatens_own_space=False,
        )
