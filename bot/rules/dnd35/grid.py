"""3.5 on a grid: seed 001 (SRD "Movement, Position, and Distance") and seed 002
("All About Movement, Part Two").

Diagonals count 1-2-1-2 across the whole move; difficult terrain, hampering
obstacles and squeezing each double the cost, and doublings stack (×2, ×4,
×8; a diagonal ×3, ×6, ×12). Speed comes from Table: Tactical Speed (race and
armor); loads use the 3.5 SRD's Carrying Capacity speeds (the seeds have no
load table), and a dwarf is slowed by neither.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace
from typing import ClassVar

from bot.encounter import Condition, Token
from bot.grid.coords import Cell
from bot.grid.search import Edge
from bot.grid.sizes import Size
from bot.names import Vocabulary
from bot.rules.d20.grid import ARMOR_NAMES, LOAD_NAMES, Action, D20Grid
from bot.rules.d20.srd35_overland import ENCUMBRANCE
from bot.rules.engine.grid_rules import Board, Passing, hostile
from bot.rules.engine.moves import (
    TokenFields,
    TokenMovement,
    TokenSpec,
    plain_token_fields,
)
from bot.rules.rulings import Note

SEED = "001_4b6f19466d0b9c61.txt"
SEED_ACTIONS = "002_212d8eb547f4c056.txt"
DOCUMENT = "SRD: Movement, Position, and Distance"

FOOTPRINTS: Mapping[Size, int] = {
    Size.FINE: 1,
    Size.DIMINUTIVE: 1,
    Size.TINY: 1,
    Size.SMALL: 1,
    Size.MEDIUM: 1,
    Size.LARGE: 2,
    Size.HUGE: 3,
    Size.GARGANTUAN: 4,
    Size.COLOSSAL: 6,
}
# Table: Creature Size and Scale, Natural Reach (Tall / Long).
REACH_TALL_FT: Mapping[Size, int] = {
    Size.FINE: 0,
    Size.DIMINUTIVE: 0,
    Size.TINY: 0,
    Size.SMALL: 5,
    Size.MEDIUM: 5,
    Size.LARGE: 10,
    Size.HUGE: 15,
    Size.GARGANTUAN: 20,
    Size.COLOSSAL: 30,
}
REACH_LONG_FT: Mapping[Size, int] = {
    Size.FINE: 0,
    Size.DIMINUTIVE: 0,
    Size.TINY: 0,
    Size.SMALL: 5,
    Size.MEDIUM: 5,
    Size.LARGE: 5,
    Size.HUGE: 10,
    Size.GARGANTUAN: 15,
    Size.COLOSSAL: 20,
}

# Table: Tactical Speed: (no armor or light armor, medium or heavy armor).
TACTICAL_SPEED_FT: Mapping[str, tuple[int, int]] = {
    "human": (30, 20),
    "elf": (30, 20),
    "half-elf": (30, 20),
    "half-orc": (30, 20),
    "dwarf": (20, 20),
    "halfling": (20, 15),
    "gnome": (20, 15),
}
RACE_NAMES = Vocabulary(
    "race",
    {
        "human": ("humans",),
        "elf": ("elves", "elven"),
        "half-elf": ("halfelf",),
        "half-orc": ("halforc",),
        "dwarf": ("dwarves", "dwarven"),
        "halfling": ("hobbit",),
        "gnome": ("gnomes",),
    },
)
SLOWING = frozenset({"medium", "heavy"})

ACTION_TERMS: Mapping[str, Action] = {
    "move": Action(1, ("Movement in Combat",)),
    "double": Action(2, ("Movement in Combat",), full_round=True),
    "run": Action(4, ("Run",), full_round=True, straight=True, unhampered=True),
    "withdraw": Action(2, ("Withdraw",), full_round=True, safe_start=True),
    "charge": Action(
        2,
        ("Charge",),
        full_round=True,
        straight=True,
        unhampered=True,
        no_creatures=True,
        shortest_path=True,
        min_ft=10.0,
    ),
    "5ft-step": Action(1, ("Take a 5-Foot Step",), one_square=True, provokes=False),
    "crawl": Action(1, ("Crawl (SRD)",), one_square=True),
    "stand": Action(1, ("Stand Up from Prone",)),
}


def token_fields(spec: TokenSpec) -> TokenFields:
    fields = plain_token_fields(spec)
    values = dict(fields.values)
    notes: list[Note] = []
    if spec.race is not None:
        race = RACE_NAMES.match(spec.race)
        values["race"] = race
        if spec.speed is None:
            values["speed_ft"] = TACTICAL_SPEED_FT[race][0]
            notes.append(Note("Speed", f"{race}: {values['speed_ft']} ft (001 Tactical Speed)."))
    if spec.armor is not None:
        values["armor"] = ARMOR_NAMES.match(spec.armor)
    if spec.load is not None:
        values["load"] = LOAD_NAMES.match(spec.load)
    return TokenFields(values, (*fields.notes, *notes))


def token_movement(token: Token) -> TokenMovement:
    """Speed with 001's order: bonuses first, then armor or load (the worse of them)."""
    notes: list[Note] = []
    base = token.speed_ft + token.total_speed_bonus_ft
    if token.total_speed_bonus_ft:
        notes.append(
            Note("Bonus", f"{token.total_speed_bonus_ft:+} ft before armor and load (001).")
        )
    slowed_by = [
        what for what, value in (("armor", token.armor), ("load", token.load)) if value in SLOWING
    ]
    speed = base
    if slowed_by and token.race == "dwarf":
        notes.append(Note("Dwarf", "Armor and load don't slow a dwarf (001 Tactical Speed)."))
    elif slowed_by:
        race = TACTICAL_SPEED_FT.get(token.race or "")
        if race is not None and not token.total_speed_bonus_ft and token.speed_ft == race[0]:
            speed = race[1]
            why = f"{token.race} in {' and '.join(slowed_by)}: 001 Tactical Speed"
        else:
            speed = ENCUMBRANCE.reduced_speed_ft(base, "medium")
            why = f"{' and '.join(slowed_by)}: the 3.5 SRD's reduced speed"
        notes.append(Note("Speed", f"{base} ft → {speed} ft ({why})."))
    speeds = {"walk": max(0, speed)}
    speeds |= {
        m: max(0, v + token.total_speed_bonus_ft) for m, v in token.speeds_ft.items() if v > 0
    }
    if token.load in SLOWING and "fly" in speeds:
        # 001 Fly: "at the indicated speed if carrying no more than a light load"
        del speeds["fly"]
        notes.append(Note("Fly", "No flying with more than a light load (001 Movement Modes)."))
    return TokenMovement(speeds["walk"], speeds, token.hover, tuple(notes))


def helpless(token: Token) -> bool:
    """Helpless in 3.5: paralyzed, unconscious (so also asleep, petrified) or marked so."""
    return token.has(Condition.HELPLESS) or token.has(Condition.PARALYZED)


class Dnd35Grid(D20Grid):
    ruleset_id: ClassVar[str] = "3.5"
    document: ClassVar[str] = DOCUMENT
    seed_file: ClassVar[str] = SEED
    sharing_rule: ClassVar[str] = (
        "only a Tiny or smaller creature shares a square, with another such or an "
        "opponent, and anyone may stand over a helpless one (001 Moving through a Square)"
    )
    square_ft: ClassVar[int] = 5
    footprints: ClassVar[Mapping[Size, int]] = FOOTPRINTS
    reach_tall_ft: ClassVar[Mapping[Size, int]] = REACH_TALL_FT
    reach_long_ft: ClassVar[Mapping[Size, int]] = REACH_LONG_FT
    one_two_diagonals: ClassVar[bool] = True
    doublings_stack: ClassVar[bool] = True
    darkness_doubles: ClassVar[bool] = True
    impeded_full_round: ClassVar[bool] = False
    threatens_own_space: ClassVar[bool] = False
    action_terms: ClassVar[Mapping[str, Action]] = ACTION_TERMS
    standing_is_movement: ClassVar[bool] = False  # 002 Stand Up from Prone
    step_rule: ClassVar[str] = "002 Take a 5-Foot Step"

    def token_movement(self, token: Token) -> TokenMovement:
        return token_movement(token)

    def token_fields(self, spec: TokenSpec) -> TokenFields:
        return token_fields(spec)

    def run_multiple(self, token: Token) -> tuple[int, str]:
        if token.armor == "heavy" or token.load == "heavy":
            why = "heavy armor" if token.armor == "heavy" else "a heavy load"
            return 3, f"×3 speed in {why} (002 Run)"
        return 4, "×4 speed in a straight line (002 Run)"

    def over_low_walls(self, edge: Edge, count: int) -> Edge:
        # 001 Obstacles: an obstacle between squares counts as 2 squares, paid to cross
        # it "in addition to the cost to move into the square on the other side"
        extra = 2 * self.square_ft * count
        return replace(
            edge,
            cost_ft=edge.cost_ft + extra,
            why=", ".join(w for w in (edge.why, f"over a low wall +{extra} ft") if w),
            hampered=True,
        )

    def squeeze_width(self, side: int) -> int:
        # 001 Squeezing: into a space at least half as wide as its normal space
        return max(1, (side + 1) // 2)

    def pass_creature(self, board: Board, other: Token) -> Passing:
        mover = board.mover
        if helpless(other):
            return Passing(True, may_end=True)
        if mover.size <= Size.TINY:
            # 001 Very Small Creature; Tiny, Diminutive, and Fine Creatures: "They must
            # enter an opponent's square to attack in melee"
            return Passing(True, may_end=other.size <= Size.TINY or hostile(mover, other))
        if not hostile(mover, other):
            return Passing(True, may_end=other.size <= Size.TINY and mover.size <= Size.TINY)
        if abs(other.size - mover.size) >= 3:
            return Passing(True)
        return Passing(
            False,
            "an opponent's square blocks the way unless it is helpless (001 Moving through a "
            "Square; overrun or tumble are the GM's call)",
        )

    def creature_hampers(self, mover: Token, other: Token) -> bool:
        # 001 Opponent: a very large helpless creature counts as 2 squares
        return helpless(other) and other.size >= Size.LARGE and hostile(mover, other)

    def entering_provokes(
        self, board: Board, token: Token, enemy: Token, cells: list[Cell]
    ) -> Cell | None:
        # 001 Very Small Creature: moving into an occupied square provokes
        if token.size > Size.TINY:
            return None
        space = set(board.footprint_of(enemy))
        return next((c for c in cells[1:] if c in space), None)
