"""An encounter on a grid: the map, its terrain, the tokens and whose turn it is.

Values are frozen: a change makes a new ``Encounter`` (``dataclasses.replace``),
so an illegal move changes nothing and undo is a stored earlier value. The JSON
the database keeps and an export carries is declared once, in ``bot.schema``, and
checked whenever a board is read; it names cells as players do (``"C4"``) so a
stored encounter reads well later.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field, replace
from enum import StrEnum
from typing import Literal

from bot.errors import InvalidInput
from bot.grid.coords import Cell, EdgeKey, edge_key
from bot.grid.sizes import Size
from bot.grid.terrain import Barrier, Terrain
from bot.names import Vocabulary, normalize
from bot.state import State, StateValue, with_values

Team = Literal["party", "enemy", "neutral"]
TEAMS: tuple[Team, ...] = ("party", "enemy", "neutral")
TEAM_NAMES = Vocabulary(
    "team",
    {
        "party": ("players", "pc", "pcs", "ally", "allies", "friend", "friends"),
        "enemy": ("enemies", "foe", "foes", "hostile", "monster", "monsters"),
        "neutral": ("npc", "npcs", "bystander"),
    },
)


class Condition(StrEnum):
    """Conditions that change how a token moves or is moved past."""

    PRONE = "prone"
    GRAPPLED = "grappled"
    RESTRAINED = "restrained"
    IMMOBILIZED = "immobilized"
    SLOWED = "slowed"
    INCAPACITATED = "incapacitated"
    UNCONSCIOUS = "unconscious"
    PARALYZED = "paralyzed"
    STUNNED = "stunned"
    PETRIFIED = "petrified"
    HELPLESS = "helpless"
    BLINDED = "blinded"
    EXHAUSTED = "exhausted"
    FATIGUED = "fatigued"
    DEAD = "dead"
    # Only a single move or standard action a turn (3.5 "disabled", "staggered").
    STAGGERED = "staggered"
    # Not a condition so much as a nature: passes difficult terrain and most obstacles
    # (001 "Difficult Terrain", "Obstacles").
    INCORPOREAL = "incorporeal"
    # Sees in the dark: darkness doesn't hamper it (a sense, kept with the conditions).
    DARKVISION = "darkvision"
    # Unseen: 004 Withdraw, an invisible enemy still gets its attack of opportunity.
    INVISIBLE = "invisible"


CONDITION_NAMES = Vocabulary(
    "condition",
    {
        Condition.PRONE: ("down", "knocked-down"),
        Condition.GRAPPLED: ("grabbed",),
        Condition.RESTRAINED: ("bound",),
        Condition.IMMOBILIZED: ("held", "stuck"),
        Condition.SLOWED: ("slow",),
        Condition.INCAPACITATED: ("incap",),
        Condition.UNCONSCIOUS: ("ko", "asleep", "sleeping"),
        Condition.PARALYZED: ("paralysed",),
        Condition.STUNNED: (),
        Condition.INVISIBLE: ("unseen",),
        Condition.PETRIFIED: ("stoned",),
        Condition.HELPLESS: (),
        Condition.BLINDED: ("blind",),
        Condition.EXHAUSTED: ("exhaustion",),
        Condition.FATIGUED: ("tired",),
        Condition.DEAD: ("slain",),
        Condition.STAGGERED: ("disabled",),
        Condition.INCORPOREAL: ("ghostly",),
        Condition.DARKVISION: ("darksight", "sees-in-the-dark"),
    },
)

# Conditions that include others (000 "Conditions": Stunned is Incapacitated and
# Restrained; Unconscious is Paralyzed; Paralyzed is Stunned; Petrified is Unconscious).
IMPLIED: Mapping[Condition, tuple[Condition, ...]] = {
    Condition.PETRIFIED: (Condition.UNCONSCIOUS,),
    Condition.UNCONSCIOUS: (Condition.PARALYZED,),
    Condition.PARALYZED: (Condition.STUNNED,),
    Condition.STUNNED: (Condition.INCAPACITATED, Condition.RESTRAINED),
    Condition.RESTRAINED: (Condition.IMMOBILIZED,),
    Condition.GRAPPLED: (Condition.IMMOBILIZED,),
    Condition.IMMOBILIZED: (Condition.SLOWED,),
    Condition.DEAD: (Condition.HELPLESS, Condition.INCAPACITATED),
    Condition.HELPLESS: (Condition.INCAPACITATED,),
}
# A creature knocked Unconscious is down (000 Unconscious › Falling Unconscious, SRD 5.1
# Unconscious), so Unconscious includes Prone, except where Petrified is what makes it
# Unconscious: a statue doesn't fall over (000 Petrified: "though don't suffer the effects
# of Falling Unconscious"; no ruleset here makes a petrified creature prone). A token
# that was prone before it was petrified keeps its own Prone.
FALLING_UNCONSCIOUS: tuple[Condition, Condition] = (Condition.UNCONSCIOUS, Condition.PRONE)
FALLING_EXCEPTION = Condition.PETRIFIED


_KNOWN = frozenset(c.value for c in Condition)


def expand_conditions(conditions: Iterable[str]) -> frozenset[Condition]:
    """The conditions a token has, with everything they include."""
    out = _closure(conditions)
    fallen, prone = FALLING_UNCONSCIOUS
    if fallen in out and prone not in out and FALLING_EXCEPTION not in out:
        out = _closure((*out, prone))  # Conditions are their names (StrEnum)
    return out


def _closure(conditions: Iterable[str]) -> frozenset[Condition]:
    out: set[Condition] = set()
    # free-form reminders (frightened, charmed) change nothing here
    todo = [Condition(c) for c in conditions if c in _KNOWN]
    while todo:
        c = todo.pop()
        if c not in out:
            out.add(c)
            todo.extend(IMPLIED.get(c, ()))
    return frozenset(out)


@dataclass(frozen=True)
class Activity:
    """What a token has done with its movement this turn (or this round).

    ``budget_ft`` is the movement it has gained so far this turn (5e-alt's
    Movement; the d20 rulesets' allowance from the actions taken), ``spent_ft``
    what it used. ``diagonals`` continues the 1-2-1-2 count across the turn.
    ``legs`` are the paths of its moves this turn, oldest first (the last
    ``MAX_LEGS``): the move picture draws the earlier ones fainter.
    """

    budget_ft: float = 0.0
    spent_ft: float = 0.0
    actions: tuple[str, ...] = ()
    diagonals: int = 0
    provoked_by: tuple[str, ...] = ()
    legs: tuple[tuple[Cell, ...], ...] = ()

    @property
    def left_ft(self) -> float:
        return max(0.0, self.budget_ft - self.spent_ft)

    @property
    def moved(self) -> bool:
        return self.spent_ft > 0 or any(a != "drop-prone" for a in self.actions)


@dataclass(frozen=True)
class Token:
    """A creature on the map; ``cell`` is its top-left square."""

    name: str
    cell: Cell
    size: Size = Size.MEDIUM
    speed_ft: int = 30  # walk / land speed as the ruleset reads it (becmi: normal speed)
    speeds_ft: Mapping[str, int] = field(default_factory=dict)  # fly, swim, climb, burrow
    hover: bool = False
    team: Team = "neutral"
    owner: str | None = None
    conditions: frozenset[str] = frozenset()
    reach_ft: int | None = None  # None: the ruleset's reach for the size
    reach_weapon: bool = False
    speed_bonus_ft: int = 0  # untyped: adds to any other
    # typed bonuses, the highest of each type (001 "Bonuses to Speed": multiple
    # bonuses of the same type don't stack)
    speed_bonuses_ft: Mapping[str, int] = field(default_factory=dict)
    activity: Activity = Activity()
    initiative_bonus: int = 0  # added to its d20 when /turn order rolls
    # its initiative this fight: rolled (d20 + initiative_bonus) or typed by the table
    # (/turn roll value:); None until then. The turn order is sorted by it.
    initiative: int | None = None
    # what its ruleset keeps on it (race, armor, load, running rounds...): only the
    # ruleset that declared a key reads it
    state: State = field(default_factory=dict)
    # Facts every ruleset reads the same way, typed (renderers and handlers read them
    # without asking the rules): how high it is, the mount it rides, who grapples it,
    # its traits, and whether the GM hides it.
    altitude_ft: int = 0  # feet above the ground (0: on it)
    riding: str | None = None  # its mount's key
    grappled_by: tuple[str, ...] = ()  # its grapplers' keys, the first first
    traits: tuple[str, ...] = ()  # /token trait: sorted, each once
    hidden: bool = False  # on the GM's board only: an ambush
    # reactions (the d20 rulesets' attacks of opportunity) spent since its turn last
    # began: an opportunity attack taken, a readied move; cleared as its turn starts
    reactions_used: int = 0

    @property
    def key(self) -> str:
        return token_key(self.name)

    @property
    def all_conditions(self) -> frozenset[Condition]:
        return expand_conditions(self.conditions)

    def has(self, condition: Condition) -> bool:
        return condition in self.all_conditions

    def with_state(self, **values: StateValue | None) -> Token:
        """The token with its ruleset's ``values`` set (None clears one)."""
        return replace(self, state=with_values(self.state, **values))

    @property
    def total_speed_bonus_ft(self) -> int:
        """The untyped bonus plus the best bonus of each type."""
        return self.speed_bonus_ft + sum(self.speed_bonuses_ft.values())


def token_key(name: str) -> str:
    return normalize(name)


TemplateShape = Literal["circle", "cone", "line", "square", "cube"]
TEMPLATE_SHAPES: tuple[str, ...] = ("circle", "cone", "line", "square", "cube")
# A template's colour on the picture (/template add colour:): few, and told apart under
# deuteranopia, protanopia and tritanopia (tests/render/test_area_colours.py); never
# the only signal, its dots and name are on it. bot/render/areas.py has each one's ink.
TemplateColour = Literal["purple", "red", "yellow", "blue"]
TEMPLATE_COLOURS: tuple[str, ...] = ("purple", "red", "yellow", "blue")


@dataclass(frozen=True)
class Template:
    """An area on the board (a spell's, an aura): its shape and size, where it starts
    (``at``; for a cone or line, pointing ``toward``), and, when it ``follows`` a token,
    where it sits from that token's square (``offset``, so it moves with it)."""

    name: str
    shape: TemplateShape
    size_ft: int
    at: Cell
    toward: Cell | None = None
    follows: str | None = None  # a token's key
    offset: tuple[int, int] = (0, 0)
    # who placed it (a user id): they and the GM may remove it. None: placed before
    # templates had an owner, so only the GM may
    placed_by: str | None = None
    # /template add rounds:N: the round it ends in, at the start of the turn of the token
    # acting when it was placed (None: at the start of that round). None: it lasts
    ends_in_round: int | None = None
    ends_at_turn_of: str | None = None  # a token's key
    # the fifth editions put a circle's point of origin on a grid intersection: the
    # top-left corner of ``at`` (False: the centre of ``at``, as the seeds read it)
    from_corner: bool = False
    # a square or cube centred on ``at`` (an even side: on its top-left corner), as
    # epic-path reads them (False: running right and down from ``at``)
    centred: bool = False
    colour: TemplateColour = "purple"

    def origin(self, encounter: Encounter) -> Cell:
        """Where it starts now: following its token, or where it was put."""
        token = encounter.tokens.get(self.follows) if self.follows else None
        if token is None:
            return self.at
        return Cell(token.cell.col + self.offset[0], token.cell.row + self.offset[1])

    def aim(self, encounter: Encounter) -> Cell | None:
        """Where a cone or line points now (it turns with nothing; it moves with its token)."""
        if self.toward is None:
            return None
        moved = self.origin(encounter)
        return Cell(
            self.toward.col + moved.col - self.at.col, self.toward.row + moved.row - self.at.row
        )


@dataclass(frozen=True)
class Background:
    """The map image under the grid (/map background): which stored image (its
    digest), at how many px a square it was stored, and the grid as the GM gave it
    on the uploaded file (a square's px, the first square's corner)."""

    image: str
    px_per_square: int
    cell_px: int
    offset_px: tuple[int, int] = (0, 0)
    filename: str = ""


@dataclass(frozen=True)
class Encounter:
    width: int
    height: int
    ruleset: str
    gm_id: str
    terrain: Mapping[Cell, Terrain] = field(default_factory=dict)
    tokens: Mapping[str, Token] = field(default_factory=dict)  # by token_key, in order added
    order: tuple[str, ...] = ()  # token keys; empty: no turn order
    turn_index: int | None = None
    round: int = 1
    # the ruleset's own options (diagonals, units, outdoors...), as /encounter start set them
    options: State = field(default_factory=dict)
    dark: frozenset[Cell] = frozenset()  # squares in darkness (poor visibility)
    edges: Mapping[EdgeKey, Barrier] = field(default_factory=dict)  # walls, doors between
    co_gms: tuple[str, ...] = ()  # user ids the GM added (/encounter gm add): GMs here too
    templates: tuple[Template, ...] = ()  # areas on the board (/template add)
    background: Background | None = None  # a map image under the grid (/map background)
    # edges only the GM sees (a secret door): /terrain edge hidden:true
    hidden_edges: frozenset[EdgeKey] = frozenset()
    # what the board message announces to the table, newest last (a token revealed, an
    # area that ended): public lines only, the current turn's (a new turn clears them)
    board_lines: tuple[str, ...] = ()

    # ---------------------------------------------------------------- queries

    def token(self, name: str) -> Token:
        found = self.tokens.get(token_key(name))
        if found is None:
            listed = ", ".join(t.name for t in self.tokens.values()) or "none yet"
            raise InvalidInput(f'No token named "{name}" here. Tokens: {listed}.')
        return found

    def terrain_at(self, cell: Cell) -> Terrain:
        return self.terrain.get(cell, Terrain.CLEAR)

    def on_map(self, cell: Cell) -> bool:
        return 0 <= cell.col < self.width and 0 <= cell.row < self.height

    @property
    def acting(self) -> Token | None:
        if self.turn_index is None or not self.order:
            return None
        return self.tokens.get(self.order[self.turn_index])

    # ---------------------------------------------------------------- changes

    def with_token(self, token: Token) -> Encounter:
        tokens = dict(self.tokens)
        tokens[token.key] = token
        return replace(self, tokens=tokens)

    def without_token(self, key: str) -> Encounter:
        tokens = {k: t for k, t in self.tokens.items() if k != key}
        order = tuple(k for k in self.order if k != key)
        index = self.turn_index
        if index is not None and self.order:
            current = self.order[index]
            if current == key:
                index = index % len(order) if order else None
            else:
                index = order.index(current)
        return replace(self, tokens=tokens, order=order, turn_index=index if order else None)

    def mount_of(self, rider: Token) -> Token | None:
        """The creature ``rider`` rides (None: on its own feet)."""
        return self.tokens.get(rider.riding) if rider.riding else None

    def riders_of(self, mount: Token) -> list[Token]:
        return [t for t in self.tokens.values() if t.riding == mount.key]

    def barrier(self, a: Cell, b: Cell) -> Barrier | None:
        """What stands between two side-by-side squares (None: nothing)."""
        return self.edges.get(edge_key(a, b)) if self.edges else None

    def with_barriers(self, edges: Iterable[EdgeKey], kind: Barrier | None) -> Encounter:
        """The encounter with ``kind`` on ``edges`` (None clears them)."""
        changed = dict(self.edges)
        cleared: set[EdgeKey] = set()
        for edge in edges:
            if kind is None:
                changed.pop(edge, None)
                cleared.add(edge)
            else:
                changed[edge] = kind
        hidden = self.hidden_edges - cleared if cleared else self.hidden_edges
        return replace(self, edges=changed, hidden_edges=hidden)

    def in_dark(self, cells: Iterable[Cell], dark: bool) -> Encounter:
        """The encounter with ``cells`` dark (or lit again)."""
        given = frozenset(cells)
        return replace(self, dark=self.dark | given if dark else self.dark - given)

    def with_terrain(self, cells: Iterable[Cell], kind: Terrain) -> Encounter:
        terrain = dict(self.terrain)
        for cell in cells:
            if kind is Terrain.CLEAR:
                terrain.pop(cell, None)
            else:
                terrain[cell] = kind
        return replace(self, terrain=terrain)
