"""What the mover says when the rules refuse a press, and when its token's turn is not
now (issue 40): in the mover's own terms (its buttons and menu, not /move's options),
once, naming what blocks. /move's refusal words (``refusals.py``) answer a typed
command; these answer a press.

A refusal is read from its data: a /move refusal's ``Refusal`` (the rules' reason,
blocker, nearest square and bigger action), a way pressed square by square that the
rules would go round (``result["way_written"]``, the step and what refuses it), a jump
that takes a check (``result["jump_check"]``); anything else is said as the rules
said it, once, with the options it names put as the buttons that do them.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from bot.errors import RulingError
from bot.grid.coords import Cell
from bot.handlers.mover_state import ARROWS, MoverState, Words
from bot.handlers.refusals import BLOCKED, title_of, why_of
from bot.reply import Field
from bot.rules.move_rulings import JUMP_OVER_PIT, MoveRefused, Refusal, RefusalReason
from bot.units import feet

ARROWS_BACK = "\u21ba"  # ↺, the pad's Back
# /move's options as a refusal names them, and the mover's buttons that do the same
AS_PRESSED = (
    (" Leave out jump: and move there.", " Press Jump to take the jump off."),
    (" Leave out ready:true.", " Press Ready to take it off."),
    ("leave out bonus:.", "press the bonus button again to take it off."),
    (" Leave out bonus:.", " Press the bonus button again to take it off."),
)


@dataclass(frozen=True)
class Refused:
    """A refused press as the mover shows it, and what its menu offers for it: the
    nearest square the rules name (square, cost, the square asked for), or the jump
    check's DC and landing."""

    title: str
    fields: tuple[Field, ...]
    footer: str = ""
    nearest: tuple[Cell, float, Cell] | None = None
    check: tuple[int, str] | None = None


def button(word: str) -> str:
    """A ruleset's action word as its button reads (``double`` → Double move)."""
    return {"double": "Double move"}.get(word, word.capitalize())


def refused_press(
    refused: RulingError,
    name: str,
    state: MoverState,
    words: Words,
    *,
    jumps: bool,
    dash_reaches: bool = False,
) -> Refused:
    """``refused`` (a press's preview the rules refuse) in the mover's words;
    ``dash_reaches``: the same way with Dash pressed is one the rules take."""
    cause = refused.__cause__
    if isinstance(cause, MoveRefused):
        return _refusal(cause.refusal, state, words, jumps=jumps, dash_reaches=dash_reaches)
    data: dict[str, Any] = dict(refused.result or {})
    if "way_written" in data:
        return _way_written(data["way_written"], name, state)
    if "jump_check" in data:
        asked = data["jump_check"]
        return Refused(
            f"{name} jumps to {asked['landing']}: what did the check come to?",
            (
                Field(
                    "Why",
                    f"A jump here takes a check: the easiest way to {asked['landing']} clears "
                    f"{feet(asked['cleared_ft'])}, DC {asked['dc']}.",
                ),
                Field("Instead", "Roll it, then pick the total in the menu."),
            ),
            refused.footer or "",
            check=(int(asked["dc"]), str(asked["landing"])),
        )
    text = refused.message.replace(JUMP_OVER_PIT, "")
    for typed, pressed in AS_PRESSED:
        text = text.replace(typed, pressed)
    return Refused(
        refused.title or f"{name} can't go that way", (Field("Why", text),), refused.footer or ""
    )


def _refusal(
    r: Refusal, state: MoverState, words: Words, *, jumps: bool, dash_reaches: bool
) -> Refused:
    why = why_of(r).replace(JUMP_OVER_PIT, "")
    instead: list[str] = []
    if r.nearest is not None and r.nearest_cost_ft is not None:
        instead.append(
            f"pick {r.nearest} ({feet(r.nearest_cost_ft)}) in the menu: the nearest it reaches"
        )
    dash = words.get("d", "") if state.action != "d" else ""
    if r.reason is RefusalReason.NO_MOVEMENT_LEFT:
        why = f"its movement this turn is used ({why})"
        if dash and r.more_action == dash:
            instead.append(f"press {button(dash)} for more")
    elif dash and (r.bigger_action == dash or dash_reaches):
        reach = f"{feet(r.bigger_ft)} of movement" if r.bigger_ft else "it"
        instead.append(f"press {button(dash)}: {reach} reaches {r.goal}")
    elif r.bigger_action and r.bigger_action != words.get("d"):
        instead.append(
            f"a {r.bigger_action} reaches it (/move action:{r.bigger_action}: the mover has no "
            "button for it)"
        )
    if r.door is not None:
        door = f"{r.door[0]}/{r.door[1]}"
        instead.append(
            f"open the door at {door} with /door edge:{door} (no button here), then press "
            "Move again"
        )
    if r.reason in BLOCKED and r.blocker == "pit" and jumps and not state.jump:
        instead.append("press Jump and end the way past it: its last square is where it lands")
    if state.steps:
        instead.append(f"{ARROWS_BACK} takes the last press back")
    nearest = (
        (r.nearest, r.nearest_cost_ft, r.goal)
        if r.nearest is not None and r.nearest_cost_ft is not None
        else None
    )
    fields = [Field("Why", _sentence(why))]
    if instead:
        fields.append(Field("Instead", _sentence("; or ".join(instead))))
    return Refused(title_of(r), tuple(fields), r.source.cite(), nearest=nearest)


def _way_written(data: dict[str, Any], name: str, state: MoverState) -> Refused:
    step = int(data["step"])
    arrow = ARROWS[state.steps[step - 1]] if 0 < step <= len(state.steps) else ""
    frm, to = data["from"], data["to"]
    rule = data.get("rule") or "that step isn't open to it"
    round_way = " \u2192 ".join(data.get("rules_path") or ())
    return Refused(
        f"{name} can't step {arrow} from {frm} to {to}".replace("  ", " "),
        (
            Field("Why", _sentence(rule)),
            Field(
                "Instead",
                f"{ARROWS_BACK} takes the press back: go round (the rules would go {round_way})"
                if round_way
                else f"{ARROWS_BACK} takes the press back: go round",
            ),
        ),
    )


def out_of_turn(refused: RulingError, name: str, *, readies: bool, ready: bool) -> Field:
    """The mover of a token whose turn it is not: said at once, with what it can still
    do (a readied move where the rules have one; a preview, always)."""
    if ready:
        return Field(
            "Not its turn",
            f"{refused.message} Ready is on: this is a readied move (its reaction, spent in one "
            "go), and Confirm makes it.",
        )
    meanwhile = (
        "Press Ready for a readied move (its reaction, spent in one go), or plan the way: "
        "each press previews it, and Confirm waits for its turn."
        if readies
        else "Plan the way meanwhile: each press previews it, and Confirm waits for its turn."
    )
    return Field("Not its turn", f"{refused.message} {meanwhile}")


def _sentence(text: str) -> str:
    text = text.strip()
    return text[:1].upper() + text[1:] + ("" if text.endswith(".") else ".")
