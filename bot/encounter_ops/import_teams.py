"""Which side a pasted OTFBM token is on (issue 40 item 13). OTFBM's colours are
pictures, not sides: any token may be any colour (its own example ``A1r-Bob/B3g-Goblin``
is a red Bob and a green Goblin). Two colours do say a side where a paste comes from: the
Avrae map alias draws the players who ``!init join`` blue and the monsters a GM ``!init
madd``s red (otfbm/docs pages/tokens.md), and Stride's own export writes the party blue
and enemies red. So an import reads blue as the party, red as enemies and any other
colour (or none) as neutral, says so in its reply, and ``teams:`` says otherwise:

    teams:"party:Bob, green enemy:red neutral:*"

each team followed by token labels or colours (a name, OTFBM's letter, or ``~hex``),
``*`` for every token nothing else names; a label wins over a colour, a colour over ``*``,
and what ``teams:`` leaves out is read by colour as above. Pure.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from bot.encounter import TEAM_NAMES, Team
from bot.errors import InvalidInput, RulingError
from bot.notation import COLOURS, NotedToken
from bot.notation_otfbm import colour_name

# Avrae's map alias: players blue, monsters red (otfbm/docs pages/tokens.md)
TEAM_OF_COLOUR: dict[str, Team] = {"blue": "party", "red": "enemy"}
BY_COLOUR = "blue party, red enemy, any other colour or none neutral (as Avrae's map draws them)"
EXAMPLE = 'teams:"party:Bob enemy:Goblin" (labels, colours, * for the rest)'
_TEAM_WORD = re.compile(r"(?:^|\s|;)\s*([a-z]+)\s*[:=]", re.I)


@dataclass(frozen=True)
class Teams:
    """What ``teams:`` asked: a team per label (casefolded, spaces for underscores), per
    colour name, and for the rest; ``said`` is how the reply puts it."""

    labels: dict[str, Team] = field(default_factory=dict)
    colours: dict[str, Team] = field(default_factory=dict)
    rest: Team | None = None
    said: str = ""

    def team_of(self, token: NotedToken) -> Team:
        label = _label(token.label)
        if label in self.labels:
            return self.labels[label]
        if token.colour is not None and token.colour in self.colours:
            return self.colours[token.colour]
        if self.rest is not None:
            return self.rest
        return TEAM_OF_COLOUR.get(token.colour or "", "neutral")

    def how(self) -> str:
        """How the reply says teams were read."""
        if not self.said:
            return f"By colour: {BY_COLOUR}. Not the paste's sides? {EXAMPLE} sets them."
        rest = "" if self.rest is not None else f"; the rest by colour: {BY_COLOUR}"
        return f"As teams: says ({self.said}){rest}."


def _label(text: str) -> str:
    return text.replace("_", " ").strip().casefold()


def read_teams(text: str | None, tokens: tuple[NotedToken, ...]) -> Teams:
    """``teams:`` read against the paste's ``tokens`` (None: not given)."""
    if text is None or not text.strip():
        return Teams()
    marks = list(_TEAM_WORD.finditer(text))
    if not marks or text[: marks[0].start()].strip(" ;"):
        raise InvalidInput(f"teams: names a team, then who is on it: {EXAMPLE}.")
    labels = {_label(t.label) for t in tokens}
    # "*", ("label", name) or ("colour", name) → its team
    asked: dict[tuple[str, str], Team] = {}
    said: list[str] = []
    for mark, after in zip(marks, [*marks[1:], None], strict=True):
        team = _team(mark[1])
        listed = text[mark.end() : after.start() if after else None]
        items = [i.strip(" ;") for i in listed.split(",") if i.strip(" ;")]
        for item in items:
            key = _key(item, labels)
            if asked.get(key, team) != team:
                raise InvalidInput(f'teams: "{item}" is on two teams ({asked[key]} and {team}).')
            asked[key] = team
        said.append(f"{team}: {', '.join(items) or 'nobody'}")
    return Teams(
        labels={name: team for (kind, name), team in asked.items() if kind == "label"},
        colours={name: team for (kind, name), team in asked.items() if kind == "colour"},
        rest=asked.get(("*", "*")),
        said="; ".join(said),
    )


def _team(word: str) -> Team:
    try:
        team = TEAM_NAMES.match(word)
    except RulingError:
        raise InvalidInput(
            f'teams: "{word}" is no team: use party, enemy or neutral ({EXAMPLE}).'
        ) from None
    return "party" if team == "party" else "enemy" if team == "enemy" else "neutral"


def _key(item: str, labels: set[str]) -> tuple[str, str]:
    """What ``item`` names: every token nothing else names (``*``), a label in the
    paste, or a colour."""
    if item == "*":
        return ("*", "*")
    if _label(item) in labels:
        return ("label", _label(item))
    colour = _colour(item)
    if colour is None:
        raise InvalidInput(
            f'teams: "{item}" is neither a label in this paste nor a colour (a name such '
            "as red, OTFBM's letter such as r, or ~hex)."
        )
    return ("colour", colour)


def _colour(item: str) -> str | None:
    """A colour as ``teams:`` may name it: its name, OTFBM's letters, or ``~hex``."""
    text = item.strip().lower().replace("gray", "grey")
    if text in COLOURS.values():
        return text
    if text in COLOURS or re.fullmatch(r"~(?:[0-9a-f]{3}|[0-9a-f]{6})", text):
        return colour_name(text)
    return None
