"""Colours, patterns and sizes the board is drawn with: data, not code.

The palette is Okabe-Ito's (safe for the common kinds of colour blindness),
lightened where a colour fills a whole square so tokens stay the strongest
thing on the board. No terrain kind is told by colour alone: each has a
pattern or glyph too (``TERRAIN_STYLE``), and the table is what the legend
and the tests read.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from bot.grid.terrain import Terrain

RGB = tuple[int, int, int]

# Okabe & Ito, "Color Universal Design" (2008).
BLACK: RGB = (0, 0, 0)
ORANGE: RGB = (230, 159, 0)
SKY_BLUE: RGB = (86, 180, 233)
BLUISH_GREEN: RGB = (0, 158, 115)
YELLOW: RGB = (240, 228, 66)
BLUE: RGB = (0, 114, 178)
VERMILLION: RGB = (213, 94, 0)
REDDISH_PURPLE: RGB = (204, 121, 167)
WHITE: RGB = (255, 255, 255)

# --------------------------------------------------------------- the board

FLOOR: RGB = (246, 244, 238)  # a clear square
GRID_LINE: RGB = (196, 191, 180)
HEADER_BG: RGB = (48, 52, 58)
HEADER_TEXT: RGB = (242, 242, 242)


@dataclass(frozen=True)
class TerrainStyle:
    """How one kind looks: the square's fill, the ink its pattern is drawn in,
    and the pattern's name (a drawer in ``bot.render.tiles``)."""

    fill: RGB
    ink: RGB
    pattern: str


TERRAIN_STYLE: Mapping[Terrain, TerrainStyle] = {
    Terrain.CLEAR: TerrainStyle(FLOOR, FLOOR, "none"),
    Terrain.DIFFICULT: TerrainStyle((247, 228, 186), (166, 112, 0), "dots"),
    Terrain.SLOPE: TerrainStyle((206, 234, 219), (0, 120, 88), "chevrons"),
    Terrain.OBSTACLE: TerrainStyle((228, 214, 190), (120, 90, 50), "block"),
    Terrain.IMPEDED: TerrainStyle((245, 208, 186), (176, 70, 0), "crosshatch"),
    Terrain.WATER: TerrainStyle((190, 226, 246), BLUE, "waves"),
    Terrain.HAZARD: TerrainStyle(YELLOW, (30, 30, 30), "warning"),
    Terrain.NARROW: TerrainStyle((236, 218, 229), (150, 70, 120), "narrow"),
    Terrain.PIT: TerrainStyle((52, 52, 56), (140, 140, 148), "pit"),
    Terrain.WALL: TerrainStyle((70, 70, 74), (70, 70, 74), "solid"),
    Terrain.PILLAR: TerrainStyle(FLOOR, (60, 60, 64), "pillar"),
    Terrain.ICE: TerrainStyle((224, 240, 250), (90, 140, 190), "crosshatch"),
    Terrain.EARTH: TerrainStyle((150, 112, 74), (84, 58, 34), "dots"),
}
UNKNOWN_STYLE = TerrainStyle((255, 200, 230), BLACK, "unknown")

# -------------------------------------------------------------- the tokens

TEAM_COLOUR: Mapping[str, RGB] = {
    "party": BLUE,
    "enemy": (200, 60, 20),  # a deeper vermillion: white labels stay legible on it
    "neutral": (110, 110, 110),
}
# ...and by shape, so a table that can't tell the colours apart still tells the teams
# (issue 30): the party round, enemies square, neutrals a diamond.
TEAM_SHAPE: Mapping[str, str] = {"party": "round", "enemy": "square", "neutral": "diamond"}
TOKEN_OUTLINE: RGB = WHITE
TOKEN_TEXT: RGB = WHITE
ACTING_RING: RGB = YELLOW
ACTING_EDGE: RGB = (20, 20, 20)
# a hidden token on the GM's own picture: a dashed ring and the word "hidden"
HIDDEN_DASH: RGB = (20, 20, 20)
HIDDEN_DASHES = 12
PRONE_BADGE: RGB = (25, 25, 25)
CONDITION_BADGE: RGB = WHITE
BADGE_TEXT_DARK: RGB = (20, 20, 20)
# a reaction used until its turn (issue 29): a blue R, apart from a white condition badge
REACTION_BADGE: RGB = BLUE

# Tiny and smaller creatures share squares: drawn smaller within theirs.
DISC_SCALE: Mapping[int, float] = {-2: 0.62, -3: 0.48, -4: 0.38}  # Size value -> of the square

# -------------------------------------------------------------- overlays

PATH_INK: RGB = (20, 20, 20)
PATH_CASING: RGB = WHITE
FORCED_INK: RGB = REDDISH_PURPLE
LABEL_BG: RGB = WHITE
LABEL_EDGE: RGB = (20, 20, 20)
LABEL_TEXT: RGB = (20, 20, 20)
PROVOKED_BADGE: RGB = VERMILLION
REACH_NOW: RGB = BLUISH_GREEN
REACH_NOW_ALPHA = 96
REACH_NOW_EDGE: RGB = (0, 110, 80)
# The outer band is the inner one's green, paler, with diagonal stripes: reachable
# still, with more effort. It was sky blue striped across, which a phone's scaling
# turned into water's look (issue 40). The two bands differ by more than hue: the
# outer one striped, the inner one solid and outlined.
REACH_MORE: RGB = BLUISH_GREEN
REACH_MORE_ALPHA = 36
REACH_MORE_STRIPE: RGB = REACH_NOW_EDGE
REACH_MORE_STRIPE_ALPHA = 150
THREAT_INK: RGB = VERMILLION
THREAT_ALPHA = 170  # on the hatch lines; the rest of the square gets THREAT_TINT
THREAT_TINT = 36
REACH_OUTLINE: RGB = ORANGE
TEMPLATE_OUTLINE: RGB = REDDISH_PURPLE  # an area template (/template add)
TEMPLATE_FILL_ALPHA = 48  # its squares' tint
TEMPLATE_DOT_ALPHA = 200  # and the dots that mark them without colour
TEMPLATE_LABEL_FILL: RGB = (255, 255, 255)
GHOST_ALPHA = 0.4

# -------------------------------------------------------------- the inset

INSET_BORDER: RGB = (20, 20, 20)
INSET_WINDOW: RGB = VERMILLION
