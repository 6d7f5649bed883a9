"""The stored encounter's shape, field by field: types, sizes and ranges.

These pydantic models are the JSON the database keeps and an export carries, as
``bot.schema.codec`` writes it. They check what one field can check alone (a cell's
name, a number's range, a list's length, a run of squares' size before it is ever
expanded); what needs the whole board (names unique, tokens on the map, the turn
order naming tokens) is ``bot.schema.invariants``. Strict: a number is never read
from text, and a key the format doesn't have is refused rather than dropped.
"""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import AfterValidator, BaseModel, ConfigDict, Field, StringConstraints
from pydantic_core import PydanticCustomError

from bot import limits
from bot.user_ids import SNOWFLAKE_WORDS, is_snowflake

# ----------------------------------------------------------------- scalars

# A square as players name it (the board is at most 200 a side: GR200).
CELL_PATTERN = r"[A-Z]{1,2}[1-9][0-9]{0,2}"
CellText = Annotated[str, StringConstraints(pattern=rf"^{CELL_PATTERN}$")]
# Squares as runs along a row ("A1:D1 F1"), or rectangles by two corners: the
# parts are checked for size by ``bot.schema.cells`` before any is expanded.
RUNS_PATTERN = rf"^(?:{CELL_PATTERN}(?::{CELL_PATTERN})?(?: {CELL_PATTERN}(?::{CELL_PATTERN})?)*)?$"
RunsText = Annotated[str, StringConstraints(max_length=400_000, pattern=RUNS_PATTERN)]
EDGE_PATTERN = rf"{CELL_PATTERN}/{CELL_PATTERN}"
EdgesText = Annotated[
    str,
    StringConstraints(max_length=400_000, pattern=rf"^(?:{EDGE_PATTERN}(?: {EDGE_PATTERN})*)?$"),
]

# A user: a Discord id (the console's names stand for ids of their own: bot/user_ids.py).
# Refused as an error of its own kind: a board stored before user ids had to be
# Discord's is mended, when the store reads it, by that kind alone (bot/schema/mending.py).
USER_ID_ERROR = "user_id"


def _snowflake(text: str) -> str:
    if not is_snowflake(text):
        raise PydanticCustomError(USER_ID_ERROR, f"should be {SNOWFLAKE_WORDS}")
    return text


UserId = Annotated[str, AfterValidator(_snowflake)]
Name = Annotated[str, StringConstraints(min_length=1, max_length=limits.MAX_NAME)]
Word = Annotated[str, StringConstraints(min_length=1, max_length=40)]
Feet = Annotated[int, Field(ge=0, le=limits.MAX_SPEED_FT)]
Bonus = Annotated[int, Field(ge=-limits.MAX_SPEED_FT, le=limits.MAX_SPEED_FT)]
TurnFeet = Annotated[float, Field(ge=0, le=limits.MAX_TURN_FT, allow_inf_nan=False)]
# what a ruleset keeps on a token or an encounter: a short text, a bounded number, a flag
StateText = Annotated[str, StringConstraints(max_length=400)]
StateNumber = Annotated[int, Field(ge=-1_000_000, le=1_000_000)]
StateValue = bool | StateNumber | StateText
StateMap = Annotated[
    dict[Annotated[str, StringConstraints(pattern=r"^[a-z][a-z0-9_]{0,39}$")], StateValue],
    Field(max_length=40),
]

SizeName = Literal[
    "fine",
    "diminutive",
    "tiny",
    "small",
    "medium",
    "large",
    "huge",
    "gargantuan",
    "colossal",
    "titanic",
]
TeamName = Literal["party", "enemy", "neutral"]
ShapeName = Literal["circle", "cone", "line", "square", "cube"]
SpeedMode = Literal["fly", "swim", "climb", "burrow"]
TerrainName = Literal[
    "difficult",
    "slope",
    "obstacle",
    "impeded",
    "water",
    "hazard",
    "narrow",
    "pit",
    "wall",
    "pillar",
    "ice",
    "earth",
]
BarrierName = Literal["wall", "low-wall", "door", "open-door"]


class Strict(BaseModel):
    model_config = ConfigDict(extra="forbid", strict=True, frozen=True)


# ------------------------------------------------------------------ parts


class ActivityModel(Strict):
    budget_ft: TurnFeet = 0.0
    spent_ft: TurnFeet = 0.0
    actions: Annotated[list[Word], Field(max_length=40)] = []
    diagonals: Annotated[int, Field(ge=0, le=100_000)] = 0
    provoked_by: Annotated[list[Name], Field(max_length=limits.MAX_TOKENS)] = []
    # this turn's legs of movement, oldest first: the move picture draws them (issue 30)
    legs: Annotated[
        list[Annotated[list[CellText], Field(max_length=limits.MAX_LEG_SQUARES)]],
        Field(max_length=limits.MAX_LEGS),
    ] = []


class TokenModel(Strict):
    name: Name
    cell: CellText
    size: SizeName = "medium"
    speed_ft: Feet = 30
    speeds_ft: dict[SpeedMode, Feet] = {}
    hover: bool = False
    team: TeamName = "neutral"
    owner: UserId | None = None
    conditions: Annotated[list[Word], Field(max_length=limits.MAX_CONDITIONS)] = []
    reach_ft: Annotated[int, Field(ge=0, le=limits.MAX_REACH_FT)] | None = None
    reach_weapon: bool = False
    speed_bonus_ft: Bonus = 0
    speed_bonuses_ft: Annotated[dict[Word, Bonus], Field(max_length=20)] = {}
    activity: ActivityModel = ActivityModel()
    initiative_bonus: Annotated[
        int, Field(ge=-limits.MAX_INITIATIVE_BONUS, le=limits.MAX_INITIATIVE_BONUS)
    ] = 0
    initiative: (
        Annotated[int, Field(ge=-limits.MAX_INITIATIVE, le=limits.MAX_INITIATIVE)] | None
    ) = None
    state: StateMap = {}
    altitude_ft: Annotated[int, Field(ge=0, le=limits.MAX_ALTITUDE_FT)] = 0
    riding: Name | None = None  # its mount's key
    grappled_by: Annotated[list[Name], Field(max_length=limits.MAX_TOKENS)] = []
    traits: Annotated[list[Word], Field(max_length=20)] = []
    hidden: bool = False
    reactions_used: Annotated[int, Field(ge=0, le=limits.MAX_REACTIONS)] = 0
    # stored before the rulesets kept their own state: read into ``state``
    body: StateValue | None = None
    race: StateValue | None = None
    armor: StateValue | None = None
    load: StateValue | None = None
    running_rounds: StateValue | None = None
    exhaustion: StateValue | None = None
    last_mode: StateValue | None = None


class TemplateModel(Strict):
    name: Name
    shape: ShapeName
    size_ft: Annotated[int, Field(ge=5, le=limits.MAX_TEMPLATE_FT, multiple_of=5)]
    at: CellText
    toward: CellText | None = None
    follows: Name | None = None  # a token's key
    offset: Annotated[
        tuple[
            Annotated[int, Field(ge=-2 * limits.MAX_SIDE, le=2 * limits.MAX_SIDE)],
            Annotated[int, Field(ge=-2 * limits.MAX_SIDE, le=2 * limits.MAX_SIDE)],
        ],
        Field(),
    ] = (0, 0)
    placed_by: UserId | None = None
    ends_in_round: Annotated[int, Field(ge=1, le=limits.MAX_ROUND)] | None = None
    ends_at_turn_of: Name | None = None
    from_corner: bool = False
    centred: bool = False
    colour: Literal["purple", "red", "yellow", "blue"] = "purple"


class BackgroundModel(Strict):
    image: Annotated[str, StringConstraints(pattern=r"^[0-9a-f]{1,64}$")]
    px_per_square: Annotated[int, Field(ge=1, le=limits.MAX_BACKGROUND_PX_PER_SQUARE)]
    cell_px: Annotated[int, Field(ge=1, le=10_000)]
    offset_px: tuple[
        Annotated[int, Field(ge=0, le=100_000)], Annotated[int, Field(ge=0, le=100_000)]
    ] = (0, 0)
    filename: Annotated[str, StringConstraints(max_length=200)] = ""


class EncounterModel(Strict):
    width: Annotated[int, Field(ge=1, le=limits.MAX_SIDE)]
    height: Annotated[int, Field(ge=1, le=limits.MAX_SIDE)]
    ruleset: Annotated[str, StringConstraints(min_length=1, max_length=40)]
    gm_id: UserId
    terrain: dict[TerrainName, RunsText] = {}
    tokens: Annotated[list[TokenModel], Field(max_length=limits.MAX_TOKENS)] = []
    order: Annotated[list[Name], Field(max_length=limits.MAX_TOKENS)] = []
    turn_index: Annotated[int, Field(ge=0, lt=limits.MAX_TOKENS)] | None = None
    round: Annotated[int, Field(ge=1, le=limits.MAX_ROUND)] = 1
    options: StateMap = {}
    dark: RunsText = ""
    edges: dict[BarrierName, EdgesText] = {}
    co_gms: Annotated[list[UserId], Field(max_length=limits.MAX_CO_GMS)] = []
    templates: Annotated[list[TemplateModel], Field(max_length=limits.MAX_TEMPLATES)] = []
    background: BackgroundModel | None = None
    hidden_edges: EdgesText = ""
    board_lines: Annotated[
        list[Annotated[str, StringConstraints(min_length=1, max_length=limits.MAX_BOARD_LINE)]],
        Field(max_length=limits.MAX_BOARD_LINES),
    ] = []
    # stored before the rulesets kept their own options: read into ``options``
    diagonal_rule: StateValue | None = None
    outdoors: StateValue | None = None
    units: StateValue | None = None


class ExportModel(Strict):
    """An /encounter export file: the notation for people, the state for Stride."""

    format: Literal["stride-encounter"]
    version: Literal[1]
    notation: Annotated[str, StringConstraints(max_length=100_000)] = ""
    state: EncounterModel
