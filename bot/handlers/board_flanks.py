"""/map flanks:true: every creature two of its foes flank (004 Flanking), as the lines
of its Flanks field, the squares outlined, and the same as data for the console's JSON
(as /flank gives its answer). Ruled on the board as the asker sees it (the handler
passes the player's view), so a hidden token is in none of them."""

from __future__ import annotations

from typing import Any

from bot.grid.coords import Cell
from bot.rules.rulings import BoardFlanks

MAX_FLANK_LINES = 15
MAX_PAIRS_SHOWN = 4  # per flanked creature


def flanks_json(found: BoardFlanks | None) -> dict[str, Any]:
    """/map flanks:true as data, as /flank gives it: every flanked creature with all the
    pairs flanking it and its squares (``flanked`` None: the ruleset has no flanking)."""
    if found is None:
        return {"flanked": None, "flanks_complete": True}
    return {
        "flanked": [
            {
                "target": f.target,
                "by": [[a, b] for a, b in f.by],
                "squares": sorted(str(c) for c in f.squares),
            }
            for f in found.flanked
        ],
        "flanks_complete": found.complete,
    }


def flank_lines(found: BoardFlanks | None) -> tuple[list[str] | None, frozenset[Cell]]:
    """Every creature two hostile tokens flank (004 Flanking), as lines of text, and the
    squares of the flanked (outlined); None where the ruleset has no flanking rule."""
    if found is None:
        return None, frozenset()
    lines = []
    for f in found.flanked:
        shown = [f"{a} and {b}" for a, b in f.by[:MAX_PAIRS_SHOWN]]
        if len(f.by) > MAX_PAIRS_SHOWN:
            shown.append(f"and {len(f.by) - MAX_PAIRS_SHOWN} more pairs")
        lines.append(f"{f.target}: flanked by " + "; ".join(shown))
    flanked = frozenset(cell for f in found.flanked for cell in f.squares)
    if len(lines) > MAX_FLANK_LINES:
        lines = [*lines[:MAX_FLANK_LINES], f"… and {len(lines) - MAX_FLANK_LINES} more"]
    if not found.complete:  # said first, so a long list can't push it out of the field
        lines.insert(
            0,
            "Not every pair was checked: too many creatures threaten one another here to "
            "try them all at once (these are sure). /flank answers for any three.",
        )
    return lines, flanked
