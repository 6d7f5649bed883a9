"""What holds across a whole board, which no one field can say: the invariants every
command relies on.

A known ruleset; each token of a size that ruleset puts on a grid, its whole space
on the map, sharing a square only as the rules let creatures share one (a rider on
its mount, flyers at other heights, or what the ruleset's own sharing rule allows);
a turn order of the board's tokens, each once, with whose turn it is inside it; the
options and token values a ruleset declares within what it declares; a rider's
mount, a grappler and a template's token all on the board. The same rules the
commands apply when they make a board (``bot.encounter_ops.placement``), so what a
command could not make, a read refuses.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from itertools import combinations

from bot.encounter import Condition, Encounter, Token
from bot.encounter_ops.placement import may_share, side
from bot.grid.coords import Cell
from bot.grid.geometry import footprint
from bot.limits import MAX_ALTITUDE_FT
from bot.rules import identities, load_ruleset
from bot.rules.options import OptionSpec
from bot.rules.ruleset import Ruleset
from bot.schema.reading import Problems
from bot.state import State, StateValue

# A condition the rules don't know, kept as a reminder (as /token condition keeps it).
REMINDER = re.compile(r"[a-z][a-z' -]{1,23}")
_KNOWN_CONDITIONS = frozenset(c.value for c in Condition)


def check_board(encounter: Encounter, problems: Problems) -> None:
    """Add to ``problems`` every invariant ``encounter`` breaks."""
    if encounter.ruleset not in identities():
        known = ", ".join(identities())
        problems.add("ruleset", f"{encounter.ruleset!r} is not a ruleset Stride knows ({known})")
        return
    ruleset = load_ruleset(encounter.ruleset)
    _declared(ruleset.identity.encounter_options, encounter.options, "options", problems)
    keys = list(encounter.tokens)
    for i, token in enumerate(encounter.tokens.values()):
        _token(encounter, ruleset, token, f"tokens[{i}] ({token.name})", problems)
    _sharing(encounter, ruleset, problems)
    _order(encounter, keys, problems)
    _templates(encounter, problems)


def _declared(specs: Iterable[OptionSpec], values: State, where: str, problems: Problems) -> None:
    """Each value a ruleset declares within its declaration (others are kept unread)."""
    declared = {s.name: s for s in specs}
    for name, value in values.items():
        spec = declared.get(name)
        wrong = _against(spec, value) if spec is not None else None
        if wrong:
            problems.add(f"{where}.{name}", wrong)


def _against(spec: OptionSpec, value: StateValue) -> str | None:
    """What is wrong with ``value`` for an option declared as ``spec``, or None."""
    if spec.kind == "boolean":
        return None if isinstance(value, bool) else "must be true or false"
    if spec.kind == "integer":
        if isinstance(value, bool) or not isinstance(value, int):
            return "must be a whole number"
        low = spec.min_value if spec.min_value is not None else value
        high = spec.max_value if spec.max_value is not None else value
        return None if low <= value <= high else f"must be {low} to {high}, not {value}"
    if not isinstance(value, str):
        return "must be text"
    if spec.choices and value not in spec.choices:
        return f"{value!r} is not one of {', '.join(spec.choices)}"
    return None


def _token(
    encounter: Encounter, ruleset: Ruleset, token: Token, where: str, problems: Problems
) -> None:
    if token.size not in ruleset.footprint_squares:
        sizes = ", ".join(s.name.lower() for s in ruleset.footprint_squares)
        problems.add(
            f"{where}.size", f"{token.size.name.lower()} is not a size {ruleset.id} has ({sizes})"
        )
    n = side(ruleset, token.size)
    corner = token.cell.offset(n - 1, n - 1)
    if not (encounter.on_map(token.cell) and encounter.on_map(corner)):
        problems.add(
            f"{where}.cell",
            f"its space ({token.cell} to {corner}) is not all on the "
            f"{encounter.width}×{encounter.height} map",
        )
    for condition in token.conditions:
        if condition not in _KNOWN_CONDITIONS and not REMINDER.fullmatch(condition):
            problems.add(f"{where}.conditions", f"{condition!r} is not a condition or reminder")
    _declared(ruleset.identity.token_options, token.state, f"{where}.state", problems)
    _links(encounter, token, where, problems)


def _links(encounter: Encounter, token: Token, where: str, problems: Problems) -> None:
    """A rider's mount and its grapplers: on the board, and not itself."""
    riding = token.riding
    if riding is not None and (riding == token.key or riding not in encounter.tokens):
        problems.add(f"{where}.riding", f"rides {riding!r}, which is not on the board")
    for key in token.grappled_by:
        if key == token.key or key not in encounter.tokens:
            problems.add(f"{where}.grappled_by", f"grappled by {key!r}, which is not on the board")
    if not 0 <= token.altitude_ft <= MAX_ALTITUDE_FT:
        problems.add(
            f"{where}.altitude_ft", f"0 to {MAX_ALTITUDE_FT} ft up, not {token.altitude_ft}"
        )


def _sharing(encounter: Encounter, ruleset: Ruleset, problems: Problems) -> None:
    """Two creatures on one square only as the rules allow (checked where squares are
    shared, so a board of 100 apart costs one pass)."""
    where: dict[Cell, list[Token]] = {}
    for token in encounter.tokens.values():
        for cell in footprint(token.cell, side(ruleset, token.size)):
            where.setdefault(cell, []).append(token)
    seen: set[tuple[str, str]] = set()
    for cell, here in where.items():
        for a, b in combinations(here, 2):
            pair = (a.key, b.key) if a.key < b.key else (b.key, a.key)
            if pair in seen:
                continue
            seen.add(pair)
            if not may_share(encounter, ruleset, a, b):
                problems.add(
                    "tokens",
                    f"{a.name} and {b.name} share {cell}, which "
                    f"{ruleset.id} doesn't allow ({ruleset.sharing_rule})",
                )


def _order(encounter: Encounter, keys: list[str], problems: Problems) -> None:
    order = encounter.order
    for i, key in enumerate(order):
        if key not in encounter.tokens:
            problems.add(f"order[{i}]", f"{key!r} is not a token on the board")
    if len(set(order)) != len(order):
        problems.add("order", "a token is in the turn order twice")
    index = encounter.turn_index
    if not order and index is not None:
        problems.add("turn_index", "there is no turn order for it to point into")
    elif order and (index is None or index >= len(order)):
        problems.add("turn_index", f"must point into the turn order (0 to {len(order) - 1})")


def _templates(encounter: Encounter, problems: Problems) -> None:
    names: set[str] = set()
    for i, template in enumerate(encounter.templates):
        where = f"templates[{i}] ({template.name})"
        for part, cell in (("at", template.at), ("toward", template.toward)):
            if cell is not None and not encounter.on_map(cell):
                problems.add(f"{where}.{part}", f"{cell} is off the map")
        if template.shape in ("cone", "line") and template.toward in (None, template.at):
            # as /template add refuses it: its squares can't be drawn (issue 38's property)
            problems.add(f"{where}.toward", f"a {template.shape} points toward another square")
        if template.follows is not None and template.follows not in encounter.tokens:
            problems.add(f"{where}.follows", f"{template.follows!r} is not a token on the board")
        key = template.name.casefold()
        if key in names:
            problems.add(f"{where}.name", "two templates have this name")
        names.add(key)
