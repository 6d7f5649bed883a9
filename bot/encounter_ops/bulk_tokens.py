"""Several tokens at once: /token add count: (numbered names, listed squares, then the
free squares around them) and /token remove with a name pattern."""

from __future__ import annotations

import fnmatch
import re
from dataclasses import replace

from bot.encounter import (
    Encounter,
    Token,
)
from bot.encounter_ops.access import (
    Actor,
    is_gm,
    require_control,
)
from bot.encounter_ops.outcomes import TokensAdded, TokensRemoved
from bot.encounter_ops.placement import (
    NO_STANDING,
    side,
    squares_of,
)
from bot.encounter_ops.token_options import TokenOptions, parse_token_size
from bot.encounter_ops.tokens import add_token, check_name, not_in_order, remove_token
from bot.encounter_ops.visibility import is_hidden, with_gm_note
from bot.errors import IllegalMove, InvalidInput
from bot.grid.coords import Cell, parse_on_map
from bot.grid.geometry import chebyshev, footprint
from bot.grid.sizes import Size
from bot.limits import MAX_TOKENS
from bot.rules.ruleset import Ruleset
from bot.rules.rulings import Note

# The most tokens one /token add makes (a horde is several commands; the map holds
# MAX_TOKENS in all).
MAX_BULK = 20


def parse_squares(text: str, encounter: Encounter) -> tuple[Cell, ...]:
    """``"D4 E4 F4"`` (spaces, commas or slashes between) → squares on the map."""
    parts = [p for p in re.split(r"[\s,;/]+", text.strip()) if p]
    if not parts:
        raise InvalidInput('at: names squares, e.g. at:"D4 E4 F4".')
    cells = tuple(parse_on_map(p, encounter.width, encounter.height) for p in parts)
    twice = [str(c) for c in cells if cells.count(c) > 1]
    if twice:
        raise InvalidInput(f"at: names {twice[0]} twice; give each token its own square.")
    return cells


def numbered_names(encounter: Encounter, name: str, count: int) -> list[str]:
    """``Goblin 1`` … ``Goblin 6``, or on from the highest already here (Goblin 7...)."""
    base = name.strip()
    pattern = re.compile(rf"{re.escape(base)} (\d+)", re.IGNORECASE)
    taken = [int(m.group(1)) for t in encounter.tokens.values() if (m := pattern.fullmatch(t.name))]
    first = max(taken, default=0) + 1
    return [f"{base} {first + i}" for i in range(count)]


def _free_around(
    encounter: Encounter, ruleset: Ruleset, size: Size, near: tuple[Cell, ...]
) -> list[Cell]:
    """Top-left squares where a token of ``size`` fits alone, nearest ``near`` first (row
    by row from A1 when no square is given)."""
    n = side(ruleset, size)
    blocked = {c for c, kind in encounter.terrain.items() if kind in NO_STANDING}
    for token in encounter.tokens.values():
        blocked.update(squares_of(token, ruleset))
    free = [
        Cell(col, row)
        for row in range(encounter.height - n + 1)
        for col in range(encounter.width - n + 1)
        if not any(square in blocked for square in footprint(Cell(col, row), n))
    ]
    if near:
        free.sort(key=lambda c: (min(chebyshev(c, g) for g in near), c.row, c.col))
    return free


def add_tokens(
    encounter: Encounter,
    ruleset: Ruleset,
    actor: Actor,
    name: str,
    opts: TokenOptions,
    count: int,
) -> TokensAdded:
    """/token add count:6: Goblin 1 … Goblin 6, alike but for their names and squares: at
    the squares ``at`` lists, in order, then the first free squares around them."""
    if not 1 <= count <= MAX_BULK:
        raise InvalidInput(f"count: 1 to {MAX_BULK} tokens at a time.")
    room = MAX_TOKENS - len(encounter.tokens)
    if count > room:
        raise IllegalMove(
            f"{count} more tokens would pass the {MAX_TOKENS} an encounter holds "
            f"({len(encounter.tokens)} here): add {max(room, 0)} at most, or remove some first."
        )
    check_name(encounter, name)
    names = numbered_names(encounter, name, count)
    squares = parse_squares(opts.at, encounter) if opts.at is not None else ()
    if len(squares) > count:
        raise InvalidInput(
            f"at: lists {len(squares)} squares for {count} tokens: give count:{len(squares)}, "
            "or fewer squares."
        )
    after = encounter
    added: list[Token] = []
    notes: tuple[Note, ...] = ()
    free: list[Cell] | None = None  # worked out once, after the listed squares are taken
    taken: set[Cell] = set()
    n = side(ruleset, parse_token_size(ruleset, opts.size) if opts.size else Size.MEDIUM)
    for i, each in enumerate(names):
        at: Cell | None
        if i < len(squares):
            at = squares[i]
        else:
            if free is None:
                size = parse_token_size(ruleset, opts.size) if opts.size else Size.MEDIUM
                free = _free_around(after, ruleset, size, squares)
            at = next((c for c in free if not taken & set(footprint(c, n))), None)
            if at is None:
                raise IllegalMove(
                    f"There is no room left on the map for {each}: nothing was added. "
                    f"Give fewer (count:{i}), clear some terrain or remove a token."
                )
        edit = add_token(after, ruleset, actor, each, replace(opts, at=str(at)))
        after = edit.encounter
        added.append(edit.token)
        taken.update(squares_of(edit.token, ruleset))
        if not notes:
            # the same options give the same notes: said once
            notes = tuple(note for note in edit.notes if note.label != "Turn order")
    notes += not_in_order(after, added[0])
    where = ", ".join(str(t.cell) for t in added)
    summary = f"added {added[0].name} to {added[-1].name} ({added[0].team}) at {where}"
    return TokensAdded(after, summary, tuple(added), notes)


def is_pattern(name: str) -> bool:
    return "*" in name or "?" in name


def remove_matching(
    encounter: Encounter, ruleset: Ruleset, actor: Actor, pattern: str
) -> TokensRemoved:
    """/token remove token:"Goblin*": every token whose name matches (``*`` any letters,
    ``?`` one; case ignored). The GM removes them all; a player only their own, the
    rest said to be skipped."""
    wanted = pattern.strip().lower()
    matched = [t for t in encounter.tokens.values() if fnmatch.fnmatchcase(t.name.lower(), wanted)]
    if not matched:
        listed = ", ".join(t.name for t in encounter.tokens.values()) or "none yet"
        raise InvalidInput(f'No token here matches "{pattern}". Tokens: {listed}.')
    mine = [t for t in matched if is_gm(encounter, actor) or t.owner == actor.user_id]
    skipped = tuple(t.name for t in matched if t not in mine)
    if not mine:
        require_control(encounter, actor, matched[0], "remove")
    after = encounter
    for token in mine:
        after = remove_token(after, ruleset, actor, token.name).encounter
    names = tuple(t.name for t in mine)
    # the /history line names what the table saw go; the hidden ones are the GM's part
    seen = ", ".join(t.name for t in mine if not is_hidden(t))
    unseen = ", ".join(t.name for t in mine if is_hidden(t))
    summary = with_gm_note(f"removed {seen}" if seen else "", f"removed {unseen}" if unseen else "")
    return TokensRemoved(after, summary, names, skipped)
