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

The schema knows no rules (issue 41, Layers): what it needs of the board's ruleset
is handed to it as plain data (``RulesetFacts``: the options it declares, its
footprints, its sharing rule and the one question it answers, whether two creatures
may share a square), looked up by ruleset id in the ``BoardRules`` its reader is
given (``bot.handlers.board_rules.board_rules``, which the store is opened with).
Without them only what needs no ruleset is checked.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass
from itertools import combinations
from typing import Protocol

from bot.encounter import Condition, Encounter, Token
from bot.grid.coords import Cell
from bot.grid.geometry import footprint
from bot.grid.sizes import Size
from bot.limits import MAX_ALTITUDE_FT
from bot.schema.reading import Problems
from bot.state import State, StateValue

# A condition the rules don't know, kept as a reminder (as /token condition keeps it).
REMINDER = re.compile(r"[a-z][a-z' -]{1,23}")
_KNOWN_CONDITIONS = frozenset(c.value for c in Condition)


class DeclaredOption(Protocol):
    """An option a ruleset declares, as far as a value is checked against it (the
    rules' ``OptionSpec`` is one)."""

    @property
    def name(self) -> str: ...
    @property
    def kind(self) -> str: ...
    @property
    def choices(self) -> tuple[str, ...]: ...
    @property
    def min_value(self) -> int | None: ...
    @property
    def max_value(self) -> int | None: ...


@dataclass(frozen=True)
class RulesetFacts:
    """What the invariants need of a board's ruleset, handed in as data: its id, the
    options it declares (``/encounter start``'s and a token's), how many squares a
    side each size covers, its sharing rule in words, and whether two creatures may
    share a square on a board (``encounter_ops.placement.may_share`` under it)."""

    id: str
    encounter_options: tuple[DeclaredOption, ...]
    token_options: tuple[DeclaredOption, ...]
    footprint_squares: Mapping[Size, int]
    sharing_rule: str
    may_share: Callable[[Encounter, Token, Token], bool]


class BoardRules(Protocol):
    """The rulesets a board may name, as the invariants need them: by id."""

    def known(self) -> Iterable[str]:
        """Every ruleset id, in the order a refusal lists them."""
        ...

    def facts(self, ruleset_id: str) -> RulesetFacts | None:
        """The ruleset ``ruleset_id``'s facts (None: no such ruleset)."""
        ...


def check_board(encounter: Encounter, problems: Problems, rules: BoardRules | None) -> None:
    """Add to ``problems`` every invariant ``encounter`` breaks (``rules``: its
    ruleset's facts; None: only what needs no ruleset is checked)."""
    ruleset = rules.facts(encounter.ruleset) if rules is not None else None
    if rules is not None and ruleset is None:
        known = ", ".join(rules.known())
        problems.add("ruleset", f"{encounter.ruleset!r} is not a ruleset Stride knows ({known})")
        return
    if ruleset is not None:
        _declared(ruleset.encounter_options, encounter.options, "options", problems)
    keys = list(encounter.tokens)
    for i, token in enumerate(encounter.tokens.values()):
        _token(encounter, ruleset, token, f"tokens[{i}] ({token.name})", problems)
    if ruleset is not None:
        _sharing(encounter, ruleset, problems)
    _order(encounter, keys, problems)
    _templates(encounter, problems)


def _side(ruleset: RulesetFacts | None, size: Size) -> int:
    """Squares on a side a token of ``size`` covers (1 when no ruleset is given)."""
    return ruleset.footprint_squares.get(size, 1) if ruleset is not None else 1


def _declared(
    specs: Iterable[DeclaredOption], values: State, where: str, problems: Problems
) -> None:
    """Each value a ruleset declares within its declaration (others are kept unread)."""
    declared = {s.name: s for s in specs}
    for name, value in values.items():
        spec = declared.get(name)
        wrong = _against(spec, value) if spec is not None else None
        if wrong:
            problems.add(f"{where}.{name}", wrong)


def _against(spec: DeclaredOption, value: StateValue) -> str | None:
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
    encounter: Encounter,
    ruleset: RulesetFacts | None,
    token: Token,
    where: str,
    problems: Problems,
) -> None:
    if ruleset is not None and token.size not in ruleset.footprint_squares:
        sizes = ", ".join(s.name.lower() for s in ruleset.footprint_squares)
        problems.add(
            f"{where}.size", f"{token.size.name.lower()} is not a size {ruleset.id} has ({sizes})"
        )
    n = _side(ruleset, token.size)
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
    if ruleset is not None:
        _declared(ruleset.token_options, token.state, f"{where}.state", problems)
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


def _sharing(encounter: Encounter, ruleset: RulesetFacts, problems: Problems) -> None:
    """Two creatures on one square only as the rules allow (checked where squares are
    shared, so a board of 100 apart costs one pass)."""
    where: dict[Cell, list[Token]] = {}
    for token in encounter.tokens.values():
        for cell in footprint(token.cell, _side(ruleset, token.size)):
            where.setdefault(cell, []).append(token)
    seen: set[tuple[str, str]] = set()
    for cell, here in where.items():
        for a, b in combinations(here, 2):
            pair = (a.key, b.key) if a.key < b.key else (b.key, a.key)
            if pair in seen:
                continue
            seen.add(pair)
            if not ruleset.may_share(encounter, a, b):
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
