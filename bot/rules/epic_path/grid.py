"""Epic-path on a grid: seed 004 ("Types of Movement" from Epic Path).

Diagonals cost the same as straight moves; difficult terrain (and squeezing,
which counts as difficult) costs double and doesn't stack; impeded terrain
takes a full-round action per 5 ft; a creature two sizes larger steps over a
smaller one; allies may share a space by squeezing. Armor and encumbrance
penalties stack (004 "Encumbrance").
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import ClassVar

from bot.encounter import Condition, Token
from bot.errors import InvalidInput
from bot.grid.coords import Cell
from bot.grid.sizes import Size
from bot.rules.d20.grid import ARMOR_NAMES, LOAD_NAMES, Action, D20Grid
from bot.rules.engine.grid_rules import Board, Passing, hostile
from bot.rules.engine.moves import TokenFields, TokenMovement, TokenSpec, plain_token_fields
from bot.rules.epic_path.overland_tables import ENCUMBRANCE
from bot.rules.rulings import Note

SEED = "004_15d51e0af34ca221.txt"
DOCUMENT = "Epic Path: Types of Movement"

# Space: Colossal 25 ft, Titanic 30 ft.
FOOTPRINTS: Mapping[Size, int] = {
    Size.FINE: 1,
    Size.DIMINUTIVE: 1,
    Size.TINY: 1,
    Size.SMALL: 1,
    Size.MEDIUM: 1,
    Size.LARGE: 2,
    Size.HUGE: 3,
    Size.GARGANTUAN: 4,
    Size.COLOSSAL: 5,
    Size.TITANIC: 6,
}
# Reach: "a reach equal to the side of their space"; Tiny and smaller none.
REACH_FT: Mapping[Size, int] = {
    Size.FINE: 0,
    Size.DIMINUTIVE: 0,
    Size.TINY: 0,
    Size.SMALL: 5,
    Size.MEDIUM: 5,
    Size.LARGE: 10,
    Size.HUGE: 15,
    Size.GARGANTUAN: 20,
    Size.COLOSSAL: 25,
    Size.TITANIC: 30,
}

# The Run section's ×4 (×3 in heavy armor), stepped down by load as the
# Encumbrance section says (docs/RULINGS.md: the seed's ×4 / ×5 conflict).
RUN_MULTIPLE = 4
RUN_STEP_DOWN: Mapping[tuple[str, str], int] = {
    ("armor", "heavy"): 1,
    ("load", "medium"): 1,
    ("load", "heavy"): 2,
}

# "no more than four creatures be allowed into one space, no matter how tiny" (Space)
MAX_PER_SQUARE = 4

ACTION_TERMS: Mapping[str, Action] = {
    "move": Action(1, ("Walk",)),
    "double": Action(2, ("Double Move",), full_round=True),
    "run": Action(RUN_MULTIPLE, ("Run",), full_round=True, straight=True, unhampered=True),
    "withdraw": Action(2, ("Withdraw",), full_round=True, safe_start=True),
    "charge": Action(
        2,
        ("Difficult Terrain",),
        full_round=True,
        straight=True,
        unhampered=True,
        no_creatures=True,
        shortest_path=True,
        min_ft=10.0,
    ),
    "5ft-step": Action(1, ("5-Foot Step",), one_square=True, provokes=False),
    "crawl": Action(1, ("Crawling",), one_square=True),
    "stand": Action(1, ("5-Foot Step",)),
}


def token_fields(spec: TokenSpec) -> TokenFields:
    if spec.race is not None:
        raise InvalidInput(
            "race: seed 004 gives speeds, not races. Give speed: (e.g. speed:30) and armor:."
        )
    fields = plain_token_fields(spec)
    values = dict(fields.values)
    if spec.armor is not None:
        values["armor"] = ARMOR_NAMES.match(spec.armor)
    if spec.load is not None:
        values["load"] = LOAD_NAMES.match(spec.load)
    return TokenFields(values, fields.notes)


def token_movement(token: Token) -> TokenMovement:
    """004 "Encumbrance": armor and load penalties, each like the other, stack."""
    notes: list[Note] = []
    base = max(0, token.speed_ft + token.total_speed_bonus_ft)
    penalty = 0
    for what, value in (("armor", token.armor), ("load", token.load)):
        if value in ("medium", "heavy"):
            cut = base - ENCUMBRANCE.reduced_speed_ft(base, value)
            penalty += cut
            notes.append(Note(what.capitalize(), f"{value}: {ENCUMBRANCE.why(base, value)}."))
    walk = max(0, base - penalty)
    if penalty and walk == 0:
        notes.append(
            Note(
                "Speed 0",
                "Penalties take its speed to 0: a standard action moves 5 ft (004 Encumbrance).",
            )
        )
    speeds = {"walk": walk}
    speeds |= {
        m: max(0, v + token.total_speed_bonus_ft) for m, v in token.speeds_ft.items() if v > 0
    }
    return TokenMovement(walk, speeds, token.hover, tuple(notes))


class EpicPathGrid(D20Grid):
    ruleset_id: ClassVar[str] = "epic-path"
    document: ClassVar[str] = DOCUMENT
    seed_file: ClassVar[str] = SEED
    sharing_rule: ClassVar[str] = "a hostile creature's space is not shared (004 Squeezing)"
    square_ft: ClassVar[int] = 5
    footprints: ClassVar[Mapping[Size, int]] = FOOTPRINTS
    reach_tall_ft: ClassVar[Mapping[Size, int]] = REACH_FT
    reach_long_ft: ClassVar[Mapping[Size, int]] = REACH_FT
    one_two_diagonals: ClassVar[bool] = False
    doublings_stack: ClassVar[bool] = False
    darkness_doubles: ClassVar[bool] = False
    impeded_full_round: ClassVar[bool] = True
    threatens_own_space: ClassVar[bool] = True
    action_terms: ClassVar[Mapping[str, Action]] = ACTION_TERMS
    standing_is_movement: ClassVar[bool] = True  # 004 5-Foot Step
    step_rule: ClassVar[str] = "004 5-Foot Step"
    minimum_sections: ClassVar[tuple[str, ...]] = ("Impeded Terrain",)

    def token_movement(self, token: Token) -> TokenMovement:
        return token_movement(token)

    def token_fields(self, spec: TokenSpec) -> TokenFields:
        return token_fields(spec)

    def run_multiple(self, token: Token) -> tuple[int, str]:
        multiple = RUN_MULTIPLE
        why = []
        for what, value in (("armor", token.armor), ("load", token.load)):
            step = RUN_STEP_DOWN.get((what, value or ""), 0)
            if step:
                multiple -= step
                why.append(f"{value} {what} −{step}")
        multiple = max(1, multiple)
        text = f"×{multiple} speed in a straight line (004 Run"
        text += f"; {', '.join(why)})" if why else ")"
        return multiple, text

    def squeeze_width(self, side: int) -> int:
        # a space designed for creatures one size category smaller (004 Squeezing)
        return max(1, side - 1)

    def pass_creature(self, board: Board, other: Token) -> Passing:
        mover = board.mover
        if mover.size - other.size >= 2:
            return Passing(True, may_end=True)  # 004 Stepover: neither is squeezing
        if other.has(Condition.DEAD):
            return Passing(True, may_end=True)  # 004 Squeezing: rough terrain
        if not hostile(mover, other) or other.has(Condition.INCAPACITATED):
            # 004 Squeezing: both squeeze when each normally takes up the full space;
            # Internal Flanking: not two or more sizes apart
            squeezing = (
                mover.size >= Size.SMALL
                and other.size >= Size.SMALL
                and abs(mover.size - other.size) < 2
            )
            return Passing(True, may_end=True, squeezing=squeezing)
        return Passing(
            False,
            "a hostile creature's space takes an Overrun, or Might to clamber in "
            "(004 Walk, Stepover)",
        )

    def sharing_problem(self, board: Board, anchor: Cell) -> str:
        problem = super().sharing_problem(board, anchor)
        if problem:
            return problem
        for cell in board.cells(anchor):
            if len(board.occupants.get(cell, ())) >= MAX_PER_SQUARE:
                return (
                    f"{cell} already holds {MAX_PER_SQUARE} creatures, the most a square "
                    "may (004 Space)"
                )
        return ""

    def creature_hampers(self, mover: Token, other: Token) -> bool:
        # 004 Squeezing: a dead creature is treated as rough terrain
        return other.has(Condition.DEAD) and mover.size - other.size < 2
