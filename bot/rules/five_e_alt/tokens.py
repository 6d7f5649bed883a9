"""5e-alt on a grid: Movement gained and spent, Slowed, Difficult Terrain by cause,
moving around other creatures, Stand Up, Dash, speed-modifier traits (seed 000).

The seed says nothing about grid diagonals: 5 ft each is the bot's ruling (the
usual 5e grid rule), with ``5-10-5`` and ``euclidean`` as per-encounter
alternatives. Reach is 5 ft unless the token's ``reach`` says otherwise;
leaving a hostile creature's reach provokes an opportunity attack.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Literal

from bot.encounter import Condition, Token
from bot.grid.terrain import Terrain
from bot.names import Vocabulary
from bot.rules.engine.moves import (
    TokenFields,
    TokenMovement,
    TokenSpec,
    parse_plain_speed,
)
from bot.rules.five_e_alt.speed_line import parse_speed_line
from bot.rules.five_e_alt.speeds import SingleSpeed, SpeedModifier, convert
from bot.rules.five_e_alt.tables import SIZES as SIZES
from bot.rules.rulings import Note

SEED = "000_9613c147f2b39ce7.txt"
DOCUMENT = "Alternate Movement"
DiagonalRule = Literal["5", "5-10-5", "euclidean"]

DEFAULT_REACH_FT = 5

ACTIONS = Vocabulary(
    "action",
    {
        "move": ("walk", "normal"),
        "dash": ("dashing",),
        "stand": ("stand-up", "get-up", "standup"),
        "drop-prone": ("prone", "drop", "go-prone"),
    },
)
# Ground terrain a flyer is above (the seed's causes of Difficult Terrain are all
# in or on the ground, except another creature's space and a narrow opening).
GROUND = frozenset(
    {Terrain.DIFFICULT, Terrain.OBSTACLE, Terrain.IMPEDED, Terrain.SLOPE, Terrain.ICE}
)


def single_speed(token: Token) -> SingleSpeed:
    speeds = {"walk": token.speed_ft, **token.speeds_ft}
    return convert(speeds, hover=token.hover and speeds.get("fly", 0) > 0)


def token_fields(spec: TokenSpec) -> TokenFields:
    values: dict[str, object] = {}
    extra: dict[str, int] = {}
    notes: list[Note] = []
    if spec.speed is not None:
        text = spec.speed.strip()
        if any(ch.isalpha() and ch not in "ft" for ch in text.lower().replace("ft", "")):
            speeds, hover = parse_speed_line(text)
            values["speed_ft"] = speeds.pop("walk", 0)
            # a climb or swim of 0 says it can't (000 Step 2); other 0s say nothing
            extra.update({m: v for m, v in speeds.items() if v > 0 or m in ("climb", "swim")})
            if hover:
                values["hover"] = True
        else:
            values["speed_ft"] = parse_plain_speed(text)
    for mode, value in (
        ("fly", spec.fly_ft),
        ("swim", spec.swim_ft),
        ("climb", spec.climb_ft),
        ("burrow", spec.burrow_ft),
    ):
        if value is not None:
            extra[mode] = value
    if extra:
        values["speeds_ft"] = extra
    if spec.hover is not None:
        values["hover"] = spec.hover
    return TokenFields(values, tuple(notes))


def speed_notes(token: Token) -> tuple[Note, ...]:
    """000 Updating A Creature's Movement for the token with all its speeds (an edit of
    one speed keeps the others: /token edit climb:0 on a token stored with swim:0 can
    Swim no more than before): one line when the single Speed changes something, the
    Steps 1-3 as its detail (explain:true)."""
    single = single_speed(token)
    summary = speed_summary(single, {"walk": token.speed_ft, **token.speeds_ft})
    return (Note("Speed", summary, detail=" ".join(single.steps)),) if summary else ()


MODIFIER_WORDS = {
    SpeedModifier.HALF: "Half Speed (2 ft of Movement a foot)",
    SpeedModifier.ONE_THIRD: "One-Third Speed (3 ft a foot)",
    SpeedModifier.LESS_THAN_ONE_THIRD: "Less Than One-Third Speed (all its Movement per 5 ft)",
}


def listed(words: list[str], joiner: str = "and") -> str:
    """``walk, climb and swim``."""
    return words[0] if len(words) == 1 else f"{', '.join(words[:-1])} {joiner} {words[-1]}"


def speed_summary(single: SingleSpeed, speeds: Mapping[str, int]) -> str:
    """One line, only when the single Speed changes something: which speed it came from
    and the Moves that cost more ("" when it is simply the walking speed)."""
    slower: dict[str, list[str]] = {}
    for mode, modifier in single.modifiers.items():
        if modifier is not SpeedModifier.NONE:
            slower.setdefault(MODIFIER_WORDS[modifier], []).append(mode)
    # a Speed of 0 for a Move: it can't Move that way (Step 2)
    cannot = [m.capitalize() for m in ("walk", "climb", "swim") if m not in single.moves]
    if single.speed_ft == speeds.get("walk", 0) and not slower and not cannot:
        return ""
    fastest = max(speeds, key=lambda m: (speeds[m], m == "walk"))
    parts = [f"One Speed, {single.speed_ft} ft, from its {fastest} speed"]
    parts += [f"{listed(modes)} at {words}" for words, modes in slower.items()]
    parts += [f"it can't {listed(cannot, 'or')}"] if cannot else []
    return (
        "; ".join(parts) + " (Alternate Movement › Updating A Creature's Movement). "
        "explain:true shows the steps."
    )


def token_movement(token: Token) -> TokenMovement:
    single = single_speed(token)
    # 000 "Singular Speed": an effect's faster Speed replaces yours; a bonus adds.
    speed = max(0, single.speed_ft + token.total_speed_bonus_ft)
    if token.has(Condition.IMMOBILIZED):
        speed = 0
    modes: dict[str, int] = {
        m: speed for m in ("walk", "fly", "swim", "climb", "burrow") if m in single.moves
    }
    notes = [Note("Speed", " ".join(single.steps))]
    if token.has(Condition.IMMOBILIZED):
        notes.append(Note("Immobilized", "Its Movement and Speed are 0 and can't change."))
    return TokenMovement(
        speed,
        modes,
        single.hover,
        tuple(notes),
        traits={m: single.modifiers[m].value for m in single.modifiers},
    )


def modifier_label(value: str) -> str:
    return SpeedModifier(value).label
