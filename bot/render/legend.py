"""The key to the board's marks, as plain text: the caption strip under a board
picture names what that picture shows, and /help lists them all.

No Pillow here (``bot.render.caption`` draws the strip), so /help can import it.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

# What a caption swatch draws; a badge's swatch is "badge:" and its text.
BAND_NOW = "band-now"
BAND_MORE = "band-more"
THREAT = "threat"
REACH = "reach"
TEMPLATE = "template"
PROVOKED = "badge:!"
PRONE = "badge:P"
REACTION = "reaction"  # a blue R badge: not "badge:R", which is a condition's initial

_ACTION_PHRASE = {"double": "double move", "5ft-step": "5-foot step"}


def action_phrase(action: str) -> str:
    """A ruleset's action word as a reader says it: "double" is a "double move"."""
    return _ACTION_PHRASE.get(action, action)


def condition_badge(conditions: Iterable[str]) -> str | None:
    """The text of a token's conditions badge (prone has its own): the one
    condition's initial, or how many there are; None without any."""
    others = sorted(c for c in conditions if c != "prone")
    if not others:
        return None
    return others[0][:1].upper() if len(others) == 1 else str(len(others))


@dataclass(frozen=True)
class Key:
    """One entry of a caption: the mark it shows and what that mark means."""

    mark: str
    text: str


def caption_keys(
    *,
    band_now: bool = False,
    band_more: bool = False,
    more_action: str = "dash",
    threats: bool = False,
    reach: bool = False,
    provoked: bool = False,
    conditions: Iterable[frozenset[str]] = (),
    templates: bool = False,
    reactions: bool = False,
) -> tuple[Key, ...]:
    """The caption's entries for what a picture shows, in a fixed order.

    ``conditions`` holds the condition sets of the tokens drawn; each badge they
    get is named once ("G grappled", "2 conditions")."""
    keys: list[Key] = []
    if band_now:
        keys.append(Key(BAND_NOW, "reachable now"))
    if band_more:
        keys.append(Key(BAND_MORE, f"only with a {action_phrase(more_action)}"))
    if threats:
        keys.append(Key(THREAT, "threatened"))
    if reach:
        keys.append(Key(REACH, "reach"))
    if templates:
        keys.append(Key(TEMPLATE, "area template"))
    if provoked:
        keys.append(Key(PROVOKED, "provoked an attack"))
    sets = list(conditions)
    if any("prone" in c for c in sets):
        keys.append(Key(PRONE, "prone"))
    if reactions:
        keys.append(Key(REACTION, "reaction used"))
    named: dict[str, set[str]] = {}
    for c in sets:
        badge = condition_badge(c)
        if badge is None:
            continue
        others = sorted(x for x in c if x != "prone")
        named.setdefault(badge, set()).add(others[0] if len(others) == 1 else "")
    for badge in sorted(named, key=lambda b: (b.isdigit(), int(b) if b.isdigit() else 0, b)):
        text = f"{badge} conditions" if badge.isdigit() else "/".join(sorted(named[badge]))
        keys.append(Key(f"badge:{badge}", text))
    return tuple(keys)


def legend_lines(more_action: str = "dash") -> list[str]:
    """Every mark a board picture can carry, one line each, for /help.

    ``more_action`` is the ruleset's next bigger action (``GridRules.band_action``:
    dash, double, run). A line's colour is the one the pictures draw it in
    (``tests/render/test_legend.py`` names each from its pixels)."""
    more = action_phrase(more_action)
    return [
        "Green band, outlined: where the token can still end its move with this action",
        f"Pale green band with diagonal stripes: reachable only with a {more}",
        "Orange-red diagonal hatching: squares an enemy threatens (/map threats:true)",
        "Orange outline: a token's reach (/map reach:)",
        "Purple dotted area with its name (another colour with colour:red, yellow or"
        " blue): an area template (/template add); the tokens inside it outlined in its"
        " colour; a bigger dot cased in white: its point of origin",
        "Orange-red ! badge: leaving this square provoked an opportunity attack",
        "Black P badge: prone",
        "Blue R badge: its reaction (attack of opportunity) is used until its turn starts",
        "White badge with a letter: another condition by its initial (G grappled,"
        " U unconscious...); with a number: how many conditions",
        "Yellow ring: whose turn it is; a faint disc: where the token started",
        "Each picture names the marks it shows in a strip under the board.",
    ]
