"""A mover's state (issue 29): what its buttons have been told so far, small enough to
ride in a Discord custom id (at most 100 characters), so a mover still answers after a
restart and two movers never share anything.

A state belongs to one turn of one board (issue 38): its ``stamp`` is a short digest
of the encounter, its round, whose turn it is, and the chosen token's own state
(``turn_stamp``), each as the one pressing may see them. A mover pressed on another
turn, on a replaced board or after its token moved is out of date and moves nothing;
another token's move or the GM's terrain elsewhere leaves it current. Pure.
"""

from __future__ import annotations

import base64
import hashlib
import re
from dataclasses import dataclass, replace

from bot.encounter import Encounter, Token
from bot.errors import InvalidInput
from bot.grid.coords import Cell

# the pad's presses as a phone's keypad draws them: 7 8 9 / 4 · 6 / 1 2 3
PAD: dict[str, str] = {
    "7": "nw",
    "8": "n",
    "9": "ne",
    "4": "w",
    "6": "e",
    "1": "sw",
    "2": "s",
    "3": "se",
}
_OFFSETS = {
    "nw": (-1, -1),
    "n": (0, -1),
    "ne": (1, -1),
    "w": (-1, 0),
    "e": (1, 0),
    "sw": (-1, 1),
    "s": (0, 1),
    "se": (1, 1),
}
ARROWS: dict[str, str] = {
    "7": "\u2196",
    "8": "\u2191",
    "9": "\u2197",
    "4": "\u2190",
    "6": "\u2192",
    "1": "\u2199",
    "2": "\u2193",
    "3": "\u2198",
}
# a custom id holds at most 100 characters: the pad takes this many presses, and a
# longer way is typed (/move path:). "stride:mv:ok:" (13), a 32-character token key,
# "AD200", the presses, Dash, bonus, "-200" ft, the stamp, a jump with its check ("j-9")
# and 8 commas: 71 + presses.
MAX_PRESSES = 29
# the jump field comes last and is left out when off: a mover without one reads as before
_FIELDS = ("token", "start", "steps", "to", "action", "bonus", "up", "stamp", "jump")
_OLDEST = 5  # a custom id from before bonus, fly, stamp and jump has five parts
STAMP_CHARS = 4  # 24 bits: a stale mover passes for current once in 16 million
_STAMP = re.compile(rf"[A-Za-z0-9_-]{{{STAMP_CHARS}}}")
_SEP = ","  # token names never hold a comma
_SAFE = re.compile(r"[^,]*")
ACTIONS = ("d", "g")  # the mover's Dash and Disengage, as the state writes them
BONUSES = ("bd", "bg")  # the same taken as a bonus action (5e's Cunning Action), as pressed
READY = "r"  # the bonus field's "a readied move": the reaction, out of the token's turn
JUMP = "j"  # the Jump button: the way's last square is where the token lands
# a jump check's total as the mover's menu offers it (/move check: takes -50 to 200)
MIN_CHECK, MAX_CHECK = -9, 99
_JUMP = re.compile(r"j(0|-?[1-9][0-9]?)?")
FLY = ("fu", "fd")  # fly up and down, 5 ft a press (a token with a fly speed, or aloft)
MAX_CLIMB_FT = 200  # a mover's climb or dive; more is typed (/move up:)
_UP = re.compile(r"-?[1-9][0-9]{0,2}")
Words = dict[str, str]  # the mover's action codes ("d", "bd"...) to the ruleset's words
UNREADABLE = "This mover can't be read any more: press Move on the board again."


@dataclass(frozen=True)
class MoverState:
    """What a mover has been told so far: the token (its key; "" until chosen), the
    square it stood on when chosen (a mover whose token has moved since is stale),
    the pad's presses (keypad digits), or a square picked from the list, and the
    action: "d" for the ruleset's Dash (or its double move), "g" for its Disengage
    (or withdraw), "" for a plain move; and the bonus action taken with it, in the
    same letters (5e's Cunning Action and Nimble Escape: Dash or Disengage), or "r":
    the move is a readied one, out of the token's turn (its reaction, which takes no
    bonus action with it); the feet flown up on the way ("-10": down; "" neither);
    the turn and board it was opened on (``turn_stamp``; "" in a mover from before
    stamps: out of date); and the jump: "j" when the way's last square is where the
    token jumps to, "j14" with the check's total the ruleset asks for ("" no jump)."""

    token: str = ""
    start: str = ""
    steps: str = ""
    to: str = ""
    action: str = ""
    bonus: str = ""
    up: str = ""
    stamp: str = ""
    jump: str = ""

    def encode(self) -> str:
        parts = [getattr(self, name) for name in _FIELDS]
        return _SEP.join(parts if self.jump else parts[:-1])

    @classmethod
    def decode(cls, text: str) -> MoverState:
        parts = text.split(_SEP)
        if _OLDEST <= len(parts) < len(_FIELDS):  # from before bonus, fly, stamp or jump
            parts += [""] * (len(_FIELDS) - len(parts))
        if len(parts) != len(_FIELDS) or any(not _SAFE.fullmatch(p) for p in parts):
            raise InvalidInput(UNREADABLE)
        state = cls(**dict(zip(_FIELDS, parts, strict=True)))
        if (
            any(step not in PAD for step in state.steps)
            or len(state.steps) > MAX_PRESSES
            or state.action not in ("", *ACTIONS)
            or state.bonus not in ("", *ACTIONS, READY)
            or (state.jump and not _JUMP.fullmatch(state.jump))
            or (state.up and not _UP.fullmatch(state.up))
            or state.up_ft % 5
            or abs(state.up_ft) > MAX_CLIMB_FT
            or (state.stamp and not _STAMP.fullmatch(state.stamp))
        ):
            raise InvalidInput(UNREADABLE)
        return state

    def pressed(self, key: str) -> MoverState:
        """One more press of the pad (a picked square is dropped: the pad takes over)."""
        if key not in PAD:
            raise InvalidInput(f"{key!r} is not a direction of the pad.")
        if len(self.steps) >= MAX_PRESSES:
            raise InvalidInput(
                f"The pad takes {MAX_PRESSES} presses; for a longer way type it: "
                '/move path:"30n 20e".'
            )
        return replace(self, steps=self.steps + key, to="")

    def picked(self, square: str) -> MoverState:
        """A square picked from the list: the cheapest way there (the pad's presses
        dropped); "K6+d", a square only a Dash reaches, presses Dash too."""
        text = square.strip().upper()
        found = re.fullmatch(r"([A-Z]{1,2}[0-9]{1,3})(\+D)?", text)
        if found is None:
            raise InvalidInput(f"{square!r} is not a square of the list.")
        action = "d" if found[2] else self.action
        return replace(self, to=found[1], steps="", action=action)

    def jumped(self) -> MoverState:
        """Jump pressed: on (the way's last square is the landing), or off."""
        return replace(self, jump="" if self.jump else JUMP)

    def checked(self, total: int) -> MoverState:
        """The jump check's total picked from the menu (the ruleset asks for one)."""
        if not self.jump or not MIN_CHECK <= total <= MAX_CHECK:
            raise InvalidInput(f"{total} is not a check's total of the list.")
        return replace(self, jump=f"{JUMP}{total}")

    @property
    def check(self) -> int | None:
        """The jump check's total picked, if any."""
        return int(self.jump[1:]) if len(self.jump) > 1 else None

    @property
    def ready(self) -> bool:
        return self.bonus == READY

    def back(self) -> MoverState:
        """The last press undone (or the picked square dropped); with no way left, the
        climb or dive 5 ft less."""
        if self.to:
            return replace(self, to="")
        if self.steps:
            return replace(self, steps=self.steps[:-1])
        return self.flown("fd" if self.up_ft > 0 else "fu") if self.up_ft else self

    def flown(self, verb: str) -> MoverState:
        """Fly up ("fu") or down ("fd") 5 ft more on the way."""
        change = self.up_ft + (5 if verb == "fu" else -5)
        if abs(change) > MAX_CLIMB_FT:
            raise InvalidInput(
                f"The mover flies up or down {MAX_CLIMB_FT} ft at most; for more type it: "
                "/move up:<feet> or down:<feet>."
            )
        return replace(self, up=str(change) if change else "")

    @property
    def up_ft(self) -> int:
        return int(self.up or 0)

    def toggled(self, action: str) -> MoverState:
        """Dash or Disengage pressed ("d", "g"), the same as a bonus action ("bd",
        "bg"), or Ready ("r": a readied move, which takes no bonus action): on, or off
        when it was on."""
        if action in BONUSES or action == READY:
            bonus = action[-1]
            return replace(self, bonus="" if self.bonus == bonus else bonus)
        return replace(self, action="" if self.action == action else action)

    @property
    def path_text(self) -> str:
        """The presses as /move path: reads them, one square each ("n n ne")."""
        return " ".join(PAD[key] for key in self.steps)

    @property
    def end(self) -> str:
        """The square the pad's presses end on ("" without presses, or past the map's
        top or left edge: /move path: says where the way leaves the map)."""
        if not self.steps or not self.start:
            return ""
        cell = Cell.parse(self.start)
        for key in self.steps:
            cell = cell.offset(*_OFFSETS[PAD[key]])
            if cell.col < 0 or cell.row < 0:
                return ""
        return str(cell)

    @property
    def has_way(self) -> bool:
        return bool(self.steps or self.to or self.up)

    def move_options(self, token_name: str, words: Words, *, preview: bool) -> dict[str, object]:
        """/move's options for this state (``words``: the ruleset's word for each action
        and bonus action)."""
        options: dict[str, object] = {"token": token_name}
        if self.to:
            options["to"] = self.to
        elif self.steps:
            options["path"] = self.path_text
        if self.action and words.get(self.action):
            options["action"] = words[self.action]
        if self.bonus and words.get(f"b{self.bonus}"):
            options["bonus"] = words[f"b{self.bonus}"]
        if self.ready:
            options["ready"] = True
        if self.up_ft:
            options["up" if self.up_ft > 0 else "down"] = abs(self.up_ft)
        landing = self.to or self.end
        if self.jump and landing:  # the way's last square is the landing; the run-up the rules'
            options = {k: v for k, v in options.items() if k != "path"}
            options |= {"to": landing, "jump": landing}
            if self.check is not None:
                options["check"] = self.check
        if preview:
            options["preview"] = True
        return options


def turn_stamp(encounter_id: int, seen: Encounter, token: Token | None) -> str:
    """The stamp of a mover opened now: the stored encounter (a replaced board is a new
    one), its round, the acting token and ``token``'s own state (its square, height
    and what it has done this turn), read from ``seen``, the board as the one
    pressing may see it. A hidden token's turn reads as nobody's (``as_seen``), so its
    place in the order shows in no stamp: a player's mover reads the same as on the
    board without it. Anything else (another token's move, terrain) leaves it alone."""
    acting = seen.acting
    parts: list[object] = [encounter_id, seen.round, acting.key if acting is not None else ""]
    if token is not None:
        activity = token.activity
        legs = ";".join(" ".join(map(str, leg)) for leg in activity.legs)
        parts += [
            token.key,
            token.cell,
            token.altitude_ft,
            repr(activity.spent_ft),
            ",".join(activity.actions),
            legs,
        ]
    digest = hashlib.blake2b("|".join(map(str, parts)).encode(), digest_size=3).digest()
    return base64.urlsafe_b64encode(digest).decode()[:STAMP_CHARS]
