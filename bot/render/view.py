"""What a board picture should show besides the encounter itself: plain values."""

from __future__ import annotations

from dataclasses import dataclass

from bot.encounter import Template
from bot.grid.coords import Cell
from bot.render.background import BackgroundImage


@dataclass(frozen=True)
class MoveOverlay:
    """One move drawn on the board.

    ``path`` runs from the mover's starting top-left square to its last;
    ``costs_ft`` is the cumulative cost at each of those squares (0 at the
    start). The mover is drawn at the path's end, and faintly at its start.
    ``provoked_at`` are squares whose leaving provoked an attack;
    ``reach_now`` / ``reach_more`` are the top-left squares still reachable
    with this action, and only with a dash, double move or run;
    ``more_action`` names that bigger action for the caption (the ruleset's own
    word: dash, double, run); ``units`` writes the cost labels as the table
    reads distances (feet, metres or squares of ``square_ft``). The bands are drawn
    only on squares the mover could stand in: never walls or solid squares, and pits
    only when ``over_pits`` (a flyer may hover over one).
    """

    path: tuple[Cell, ...]
    costs_ft: tuple[float, ...]
    mover: str
    provoked_at: tuple[Cell, ...] = ()
    reach_now: frozenset[Cell] = frozenset()
    reach_more: frozenset[Cell] = frozenset()
    forced: bool = False
    teleport: bool = False  # drawn dashed, straight from start to end
    more_action: str = "dash"
    units: str = "feet"  # the labels' units, as the channel reads distances (/settings units:)
    square_ft: int = 5
    over_pits: bool = False  # a flyer's bands may cover pits
    # this turn's earlier legs of movement, oldest first: drawn fainter under the path
    earlier: tuple[tuple[Cell, ...], ...] = ()

    def __post_init__(self) -> None:
        if not self.path:
            raise ValueError("a move overlay needs a path of at least its starting square")
        if len(self.costs_ft) != len(self.path):
            raise ValueError(
                f"costs_ft has {len(self.costs_ft)} entries for a path of {len(self.path)} squares"
            )


@dataclass(frozen=True)
class Area:
    """An area template as a picture draws it: the template, the squares it covers now
    (none: nothing drawn) and its point of origin in squares (col, row; a square's
    top-left corner is whole). The handler works them out (``handlers/board_areas.py``):
    the renderer is handed them, and asks no rules."""

    template: Template
    squares: frozenset[Cell]
    origin: tuple[float, float]


@dataclass(frozen=True)
class BoardView:
    """Which part of the board to draw, and what to draw over it.

    ``center`` pans the window to a square; ``zoom`` is the cell size in px
    (clamped to 24..64); ``whole_map`` shows the whole map when it fits
    readably (a window round the action or ``center`` when it does not);
    ``background`` is the map image drawn under the grid (/map background);
    ``phone``: the picture keeps to the phone rule (docs/PICTURES.md: every text at
    least 9 px and a square 14 px once scaled to 360 px wide), cutting a window round
    what matters when that is wider; False draws it as large as it fits (/map whole:true).
    """

    move: MoveOverlay | None = None
    threats: frozenset[Cell] = frozenset()
    reach: frozenset[Cell] = frozenset()
    center: Cell | None = None
    zoom: int | None = None
    whole_map: bool = False
    phone: bool = True
    # the squares the GM pinned (/map view:A1:T20): first and last corner; they frame
    # the picture, cut to the phone's width round their middle when wider
    frame: tuple[Cell, Cell] | None = None
    background: BackgroundImage | None = None
    # the ruleset's square, in feet: how big an area template's squares are
    square_ft: int = 5
    # the live board's page (issue 39): the whole map, every square at ``zoom`` px,
    # however big that makes the picture (the page pans and zooms it; no inset)
    page: bool = False
    # the tokens (by key) the window is placed round, where not all of them (None): the
    # board message's further pictures (issue 40, ``render/cover.py``); every token the
    # window shows is drawn all the same
    around: frozenset[str] | None = None
    # the area templates drawn, each with its squares and point of origin (the
    # handler's ``board_areas.with_areas``): none given, none drawn
    areas: tuple[Area, ...] = ()
