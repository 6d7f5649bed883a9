"""epic-path: Epic Path's "Types of Movement" (seed 004)."""

from bot.rules.d20.options import ARMOR, BODY, LOAD
from bot.rules.identity import Identity

IDENTITY = Identity(
    id="epic-path",
    name="Epic Path",
    summary=(
        "Epic Path (a Pathfinder 1e variant): 1-for-1 diagonals, stepover, forced "
        "movement, falling surfaces and collisions"
    ),
    aliases=("epic path", "epicpath", "ep", "pathfinder variant"),
    ruleset="bot.rules.epic_path.ruleset:EpicPath",
    token_options=(ARMOR, LOAD, BODY),
    token_hint="give its speed (e.g. speed:30) and armor: Epic Path gives speeds, not races",
)
