"""The caps a board holds, stated once.

The commands that build a board (/encounter start, /token add, /template add,
/encounter gm add...) refuse past these, and the declared schema of a stored or
imported board (``bot.schema``) refuses the same, so no state can hold more than a
command would have made, whichever way it came in. Every number here also bounds the
work a command over the board can cause (a path search, a picture, the threats).
"""

from __future__ import annotations

DEFAULT_SIDE = 20  # a new board's squares a side
MAX_SIDE = 200  # squares a side, either way

MAX_TOKENS = 100  # on one board
# a token's legs of movement this turn kept for its picture, and the squares of each
MAX_LEGS = 8
MAX_LEG_SQUARES = 400
MAX_NAME = 32  # characters in a token's or template's name

MAX_SPEED_FT = 1_000  # any one speed, and the most a bonus adds or takes
MAX_REACH_FT = 100  # a token's own reach (None: its size's)
MAX_INITIATIVE_BONUS = 30
MAX_INITIATIVE = 100  # an initiative total, rolled or typed (/turn roll value:)
MAX_ALTITUDE_FT = 10_000  # how high a flyer may be put
MAX_REACTIONS = 20  # reactions spent between a token's turns (Combat Reflexes' many AoOs)
MAX_CONDITIONS = 40  # conditions and reminders on one token

MAX_TEMPLATES = 20  # areas on one board
MAX_TEMPLATE_ROUNDS = 1_000  # /template add rounds: (a 10-minute spell is 100 rounds)
MAX_BOARD_LINES = 3  # announcements the board message keeps (a reveal, an area ending)
MAX_BOARD_LINE = 200  # characters in one
MAX_TEMPLATE_FT = 500  # a template's size (a circle's radius, a line's length)

MAX_CO_GMS = 10
MAX_ROUND = 100_000  # a round number (a play-by-post fight lasts long, not this long)
# movement gained or spent in one turn: the biggest speed, run four times, with a bonus
MAX_TURN_FT = 10 * MAX_SPEED_FT

MAX_BACKGROUND_PX_PER_SQUARE = 64
