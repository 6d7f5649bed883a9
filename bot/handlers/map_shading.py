"""What /map shades, outlines and lists on request: the squares the enemies threaten
(threats:), a token's reach (reach:) and who is flanked (flanks:), each with the field
that says so. Worked out on the board as the asker sees it (the handler passes it)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from bot.encounter import Encounter, Token
from bot.grid.coords import Cell
from bot.handlers.board_flanks import flank_lines, flanks_json
from bot.reply import Field
from bot.rules.moving import threat_squares, token_reach
from bot.rules.ruleset import Ruleset
from bot.units import feet
from bot.work import board as board_work


@dataclass(frozen=True)
class Shading:
    """The squares /map shades (``threats``) and outlines (``outlined``: the reach and
    the flanked), the token's reach alone (``reached``), the fields saying so, and the
    flanks as data (the console's JSON)."""

    threats: frozenset[Cell] = frozenset()
    reached: frozenset[Cell] = frozenset()
    outlined: frozenset[Cell] = frozenset()
    fields: tuple[Field, ...] = ()
    flanks: Mapping[str, Any] = field(default_factory=dict)


async def map_shading(rules: Ruleset, encounter: Encounter, options: Mapping[str, Any]) -> Shading:
    """What /map's threats:, reach: and flanks: ask for, in that order."""
    threats = reached = frozenset[Cell]()
    fields: list[Field] = []
    if rules.provoke_rule == "never" and (options.get("threats") or options.get("reach")):
        fields.append(_no_reach(rules, encounter, options))
    else:
        if options.get("threats"):
            threats, said = await _threats(rules, encounter)
            fields.append(said)
        if options.get("reach"):
            reached, said = await _reach(rules, encounter, encounter.token(options["reach"]))
            fields.append(said)
    flanked = frozenset[Cell]()
    flanks: dict[str, Any] = {}
    if options.get("flanks"):
        flanked, said, flanks = await _flanks(rules, encounter)
        fields.append(said)
    return Shading(threats, reached, reached | flanked, tuple(fields), flanks)


def _no_reach(rules: Ruleset, encounter: Encounter, options: Mapping[str, Any]) -> Field:
    """A ruleset whose movement rules have no opportunity attacks (becmi) has nothing to
    shade or outline: say so (once) rather than "0 squares"."""
    if options.get("reach"):
        encounter.token(options["reach"])  # an unknown name is still refused
    asked = [n for n in ("threats", "reach") if options.get(n)]
    return Field(
        " and ".join(asked).capitalize(),
        f"{rules.id}'s movement rules have no reach or opportunity attacks: nothing to "
        "outline or shade.",
    )


async def _threats(rules: Ruleset, encounter: Encounter) -> tuple[frozenset[Cell], Field]:
    threats = await board_work(threat_squares, rules, encounter)
    if threats:
        text = f"{_squares(len(threats))} the enemies threaten are shaded."
    else:
        text = "No enemy threatens a square (or no enemies are on the map)."
    return threats, Field("Threats", text)


async def _reach(
    rules: Ruleset, encounter: Encounter, token: Token
) -> tuple[frozenset[Cell], Field]:
    reach = await board_work(token_reach, rules, encounter, token.name)
    return reach, Field("Reach", _reach_text(token, reach))


def _reach_text(token: Token, reach: frozenset[Cell]) -> str:
    if reach:
        return f"{token.name}'s reach is outlined ({_squares(len(reach))})."
    if token.altitude_ft:
        return (
            f"{token.name} is {feet(token.altitude_ft)} up, out of reach of anyone on "
            "the ground: nothing is outlined."
        )
    return f"{token.name} reaches no square now: nothing is outlined."


async def _flanks(
    rules: Ruleset, encounter: Encounter
) -> tuple[frozenset[Cell], Field, dict[str, Any]]:
    found = await board_work(rules.flanking.board_flanks, encounter)
    lines, flanked = flank_lines(found)
    if lines is None:
        said = Field("Flanks", f"{rules.name}'s movement rules have no flanking rule.")
        return frozenset(), said, flanks_json(found)
    return flanked, Field("Flanks", "\n".join(lines) or "Nobody is flanked."), flanks_json(found)


def _squares(count: int) -> str:
    return f"{count} square{'' if count == 1 else 's'}"
