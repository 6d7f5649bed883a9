"""Epic-path on a grid: seed 004 ("Types of Movement" from Epic Path).

Diagonals cost the same as straight moves; difficult terrain (and squeezing,
which counts as difficult) costs double and doesn't stack; impeded terrain
takes a full-round action per 5 ft; a creature two sizes larger steps over a
smaller one; allies may share a space by squeezing. Armor and encumbrance
penalties stack (004 "Encumbrance").
"""

from __future__ import annotations

from collections.abc import Mapping

from bot.encounter import Token
from bot.rules.d20.grid import Action, armor, d20_token_state, load
from bot.rules.engine.moves import TokenFields, TokenMovement, TokenSpec, plain_token_fields
from bot.rules.epic_path.overland_tables import ENCUMBRANCE
from bot.rules.rulings import Note

# 004 Run: "four times its listed speed ... (or three times ... in heavy armor)";
# 004 Encumbrance: "A normal Run action is made at 5x", medium load or armor −1, heavy
# −2, stacking (heavy armor and heavy load: ×1). The two agree on every figure but the
# unencumbered run, where the Run section governs: the multiple is the Encumbrance
# section's ×5 less its steps, never above the Run section's ×4 (docs/RULINGS.md).
RUN_MULTIPLE = 4
ENCUMBERED_RUN_BASE = 5

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
    fields = plain_token_fields(spec)
    return TokenFields(fields.values, fields.notes, d20_token_state(spec))


def token_movement(token: Token) -> TokenMovement:
    """004 "Encumbrance": armor and load penalties, each like the other, stack."""
    notes: list[Note] = []
    base = max(0, token.speed_ft + token.total_speed_bonus_ft)
    penalty = 0
    for what, value in (("armor", armor(token)), ("load", load(token))):
        if value in ("medium", "heavy"):
            cut = base - ENCUMBRANCE.reduced_speed_ft(base, value)
            penalty += cut
            notes.append(Note(what.capitalize(), f"{value}: {ENCUMBRANCE.why(base, value)}."))
    walk = max(0, base - penalty)
    if penalty and walk == 0:
        notes.append(
            Note(
                "Speed 0",
                "Penalties take its speed to 0: a standard action moves 5 ft (Epic Path › "
                "Encumbrance).",
            )
        )
    speeds = {"walk": walk}
    speeds |= {
        m: max(0, v + token.total_speed_bonus_ft) for m, v in token.speeds_ft.items() if v > 0
    }
    return TokenMovement(walk, speeds, token.hover, tuple(notes))
