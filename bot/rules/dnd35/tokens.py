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

from bot.encounter import Condition, Token
from bot.names import Vocabulary
from bot.rules.d20.grid import Action, armor, d20_token_state, load
from bot.rules.d20.srd35_overland import ENCUMBRANCE
from bot.rules.dnd35.tables import TACTICAL_SPEED_FT
from bot.rules.engine.moves import (
    TokenFields,
    TokenMovement,
    TokenSpec,
    plain_token_fields,
)
from bot.rules.rulings import Note
from bot.state import text

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
    # 001 Movement Modes › Climb: a move action at double climb speed, capped by land speed
    "accelerated-climb": Action(1, ("Movement Modes",)),
}


def token_fields(spec: TokenSpec) -> TokenFields:
    fields = plain_token_fields(spec)
    values = dict(fields.values)
    state = d20_token_state(spec)
    notes: list[Note] = []
    if "race" in spec.options:
        race = state["race"] = RACE_NAMES.match(spec.options["race"])
        if spec.speed is None:
            values["speed_ft"] = TACTICAL_SPEED_FT[race][0]
            notes.append(Note("Speed", f"{race}: {values['speed_ft']} ft (SRD › Tactical Speed)."))
    return TokenFields(values, (*fields.notes, *notes), state)


def race(token: Token) -> str | None:
    """Its race, where given (its base speed comes from it)."""
    return text(token.state, "race")


def token_movement(token: Token) -> TokenMovement:
    """Speed with 001's order: bonuses first, then armor or load (the worse of them)."""
    notes: list[Note] = []
    bonus_ft = token.speed_bonus_ft
    for kind, value in sorted(token.speed_bonuses_ft.items()):
        lost = _bonus_lost(kind, armor(token))
        if lost:
            notes.append(Note("Bonus", lost))
        else:
            bonus_ft += value
    base = token.speed_ft + bonus_ft
    if bonus_ft:
        notes.append(Note("Bonus", f"{bonus_ft:+} ft before armor and load (SRD)."))
    slowed_by = [
        what for what, value in (("armor", armor(token)), ("load", load(token))) if value in SLOWING
    ]
    speed = base
    if slowed_by and race(token) == "dwarf":
        notes.append(Note("Dwarf", "Armor and load don't slow a dwarf (SRD › Tactical Speed)."))
    elif slowed_by:
        table = TACTICAL_SPEED_FT.get(race(token) or "")
        if table is not None and not bonus_ft and token.speed_ft == table[0]:
            speed = table[1]
            why = f"{race(token)} in {' and '.join(slowed_by)}: SRD › Tactical Speed"
        else:
            speed = ENCUMBRANCE.reduced_speed_ft(base, "medium")
            why = f"{' and '.join(slowed_by)}: the 3.5 SRD's reduced speed"
        notes.append(Note("Speed", f"{base} ft → {speed} ft ({why})."))
    speeds = {"walk": max(0, speed)}
    speeds |= {m: max(0, v + bonus_ft) for m, v in token.speeds_ft.items() if v > 0}
    if token.has(Condition.EXHAUSTED):
        # 3.5 SRD › Conditions › Exhausted (borrowed): "moves at half speed"
        # (whole 5 ft squares on the grid: 15 ft halves to 5 ft)
        speeds = {m: v // 2 // 5 * 5 for m, v in speeds.items()}
        notes.append(
            Note("Exhausted", "Moves at half speed (3.5 SRD › Conditions › Exhausted, borrowed).")
        )
    if load(token) in SLOWING and "fly" in speeds:
        # 001 Fly: "at the indicated speed if carrying no more than a light load"
        del speeds["fly"]
        notes.append(Note("Fly", "No flying with more than a light load (SRD › Movement Modes)."))
    return TokenMovement(speeds["walk"], speeds, token.hover, tuple(notes))


# 001 Bonuses to Speed: "A barbarian has a +10 foot bonus to his speed (unless he's
# wearing heavy armor). Experienced monks also have higher speed (unless they're wearing
# armor of any sort)": a typed bonus named for them goes with that armor.
LOST_IN_ARMOR: Mapping[str, frozenset[str]] = {
    "barbarian": frozenset({"heavy"}),
    "fast movement": frozenset({"heavy"}),
    "monk": frozenset({"light", "medium", "heavy"}),
}


def _bonus_lost(kind: str, worn: str | None) -> str:
    """Why the ``kind`` bonus doesn't count in ``worn`` armor, or ""."""
    if worn is None or worn not in LOST_IN_ARMOR.get(kind, frozenset()):
        return ""
    which = "heavy armor" if kind != "monk" else "armor of any sort"
    return f"The {kind} bonus doesn't count in {which} (SRD › Bonuses to Speed)."


def helpless(token: Token) -> bool:
    """Helpless in 3.5: paralyzed, unconscious (so also asleep, petrified) or marked so."""
    return token.has(Condition.HELPLESS) or token.has(Condition.PARALYZED)
