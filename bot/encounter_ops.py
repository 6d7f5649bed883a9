"""Changes to an encounter, as pure functions: who may make them and what they do.

Each change takes the ``Encounter`` and returns an outcome: the encounter after
it plus a one-line summary for /history (and whatever else its reply shows),
or raises a ``RulingError`` saying what stops it. Nothing here reads or writes
the database or knows Discord: ``bot.handlers`` loads, calls and saves, so a
refused change never touches the stored state.
"""

from __future__ import annotations

import random
import re
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, fields, replace
from typing import Any, Protocol

from bot.dice import roll
from bot.encounter import (
    CONDITION_NAMES,
    MAX_NAME,
    MAX_TOKENS,
    Condition,
    Encounter,
    Team,
    Token,
    token_key,
)
from bot.errors import IllegalMove, InvalidInput, NotAllowed
from bot.grid.coords import Cell, check_on_map, edge_name, parse_cells, parse_edges, parse_on_map
from bot.grid.geometry import footprint
from bot.grid.terrain import BARRIER_NAMES, Barrier, Terrain, parse_terrain
from bot.rules import rulesets
from bot.rules.base import Note, Ruleset
from bot.rules.grid_rules import GridRules
from bot.rules.movement import TokenSpec
from bot.rules.sizes import Size, parse_size

GM_IS = "the GM is whoever started the encounter, or anyone with Manage Channels"
# Terrain no token may stand in (a pit is an opening to fall into).
NO_STANDING = frozenset({Terrain.WALL, Terrain.PILLAR, Terrain.PIT})
MAX_TERRAIN_CELLS = 2000
D20 = 20


# ------------------------------------------------------------------ outcomes


class Outcome(Protocol):
    """What every change returns: the encounter after it and a line for /history."""

    @property
    def encounter(self) -> Encounter: ...

    @property
    def summary(self) -> str: ...


@dataclass(frozen=True)
class Edit:
    """The plain outcome: a new encounter and its one-line summary."""

    encounter: Encounter
    summary: str


@dataclass(frozen=True)
class TokenEdit:
    """A token added, edited or given conditions: the token as it now stands."""

    encounter: Encounter
    summary: str
    token: Token
    notes: tuple[Note, ...] = ()


@dataclass(frozen=True)
class TerrainEdit:
    encounter: Encounter
    summary: str
    kind: Terrain
    cells: tuple[Cell, ...]
    changed: int  # squares whose terrain is now different


@dataclass(frozen=True)
class Initiative:
    """One token's d20 for the turn order."""

    name: str
    roll: int


@dataclass(frozen=True)
class TurnEdit:
    encounter: Encounter
    summary: str
    rolls: tuple[Initiative, ...] = ()
    started: tuple[str, ...] = ()  # names of the tokens whose turn began


# ---------------------------------------------------------------- who may


@dataclass(frozen=True)
class Actor:
    """Who asks: their id, and whether they manage the channel (always a GM)."""

    user_id: str
    manages_channel: bool = False

    @property
    def mention(self) -> str:
        return mention(self.user_id)


def mention(user_id: str) -> str:
    return f"<@{user_id}>"


def is_gm(encounter: Encounter, actor: Actor) -> bool:
    return actor.manages_channel or encounter.gm_id == actor.user_id


def require_gm(encounter: Encounter, actor: Actor, doing: str) -> None:
    if not is_gm(encounter, actor):
        raise NotAllowed(f"Only the GM can {doing} here ({GM_IS}).")


def require_control(encounter: Encounter, actor: Actor, token: Token, doing: str) -> None:
    """The GM may change any token; a player only the tokens they own."""
    if is_gm(encounter, actor) or token.owner == actor.user_id:
        return
    whose = f"it belongs to {mention(token.owner)}" if token.owner else "it belongs to the GM"
    raise NotAllowed(
        f"You can't {doing} {token.name}: {whose}. Players change only their own tokens; "
        f"the GM changes any ({GM_IS})."
    )


def may_undo(actor: Actor, gm_id: str, change_user_id: str) -> bool:
    """Issue 5 item 10: the GM undoes anything; a player only their own (latest) change."""
    return actor.manages_channel or actor.user_id in (gm_id, change_user_id)


# ------------------------------------------------------------- footprints


def side(ruleset: Ruleset, size: Size) -> int:
    """Squares on a side a token of ``size`` covers under ``ruleset``."""
    return ruleset.footprint_squares.get(size, 1)


def squares_of(token: Token, ruleset: Ruleset) -> list[Cell]:
    return list(footprint(token.cell, side(ruleset, token.size)))


def shares_squares(size: Size) -> bool:
    """Tiny and smaller creatures may share a square with others."""
    return size <= Size.TINY


def size_label(size: Size, ruleset: Ruleset) -> str:
    n = side(ruleset, size)
    return size.label if n == 1 else f"{size.label}, {n}×{n} squares"


def _occupied(
    encounter: Encounter, ruleset: Ruleset, ignore: str | None = None
) -> dict[Cell, Token]:
    """Squares taken by tokens that don't share (Tiny and smaller are left out)."""
    taken: dict[Cell, Token] = {}
    for token in encounter.tokens.values():
        if token.key != ignore and not shares_squares(token.size):
            for cell in squares_of(token, ruleset):
                taken.setdefault(cell, token)
    return taken


def check_room(
    encounter: Encounter,
    ruleset: Ruleset,
    name: str,
    size: Size,
    cell: Cell,
    *,
    ignore: str | None = None,
) -> None:
    """A token of ``size`` fits with its top-left square at ``cell``, or an error says why."""
    n = side(ruleset, size)
    check_on_map(cell, encounter.width, encounter.height)
    corner = cell.offset(n - 1, n - 1)
    if not encounter.on_map(corner):
        last = Cell(encounter.width - 1, encounter.height - 1)
        raise IllegalMove(
            f"{name} ({size_label(size, ruleset)}) placed at {cell} would reach {corner}, off "
            f"the map (A1 to {last}). Pick a top-left square with room for it."
        )
    taken = {} if shares_squares(size) else _occupied(encounter, ruleset, ignore)
    for square in footprint(cell, n):
        kind = encounter.terrain_at(square)
        if kind in NO_STANDING:
            raise IllegalMove(
                f"{name} can't stand on {square}: it is {kind.value}. Pick another square "
                f"or clear it with /terrain clear cells:{square}."
            )
        other = taken.get(square)
        if other is not None:
            raise IllegalMove(
                f"{square} is taken by {other.name}. Only Tiny and smaller creatures share "
                "a square; pick another square."
            )


def first_fit(
    encounter: Encounter, ruleset: Ruleset, size: Size, *, ignore: str | None = None
) -> Cell | None:
    """The first top-left square, row by row from A1, where a token of ``size`` fits."""
    n = side(ruleset, size)
    blocked = {c for c, kind in encounter.terrain.items() if kind in NO_STANDING}
    if not shares_squares(size):
        blocked |= set(_occupied(encounter, ruleset, ignore))
    for row in range(encounter.height - n + 1):
        for col in range(encounter.width - n + 1):
            cell = Cell(col, row)
            if not any(square in blocked for square in footprint(cell, n)):
                return cell
    return None


# ---------------------------------------------------------------- tokens


@dataclass(frozen=True)
class TokenOptions:
    """What /token add and /token edit take besides the name; None: not given."""

    size: str | None = None
    speed: str | None = None
    fly: int | None = None
    swim: int | None = None
    climb: int | None = None
    burrow: int | None = None
    hover: bool | None = None
    at: str | None = None
    team: Team | None = None
    owner: str | None = None
    race: str | None = None
    armor: str | None = None
    load: str | None = None
    reach: int | None = None
    reach_weapon: bool | None = None
    body: str | None = None
    speed_bonus: int | None = None
    bonuses: str | None = None

    @classmethod
    def of(cls, options: Mapping[str, Any]) -> TokenOptions:
        return cls(**{f.name: options.get(f.name) for f in fields(cls)})

    def given(self) -> list[str]:
        return [f.name for f in fields(self) if getattr(self, f.name) is not None]


# Options the ruleset checks without storing them as given (TokenSpec → TokenFields)...
RULESET_FIELDS = ("race", "armor", "load")
# ...and the options stored as given, with the Token field each sets.
PLAIN_FIELDS = {
    "team": "team",
    "owner": "owner",
    "reach": "reach_ft",
    "reach_weapon": "reach_weapon",
    "body": "body",
    "speed_bonus": "speed_bonus_ft",
}


def check_name(encounter: Encounter, name: str, *, ignore: str | None = None) -> str:
    """A token name: 1 to 32 characters, one line, no commas, unique here."""
    text = name.strip()
    if not text or len(text) > MAX_NAME or "\n" in text or "\r" in text:
        raise InvalidInput(f"A token name is one line of 1 to {MAX_NAME} characters.")
    if "," in text:
        raise InvalidInput(
            f'"{text}": a token name can\'t hold a comma (turn orders are written as '
            'comma lists: "Ari, Goblin 1, Bo").'
        )
    if "`" in text:
        raise InvalidInput(f'"{text}": a token name can\'t hold a backtick (`).')
    key = token_key(text)
    if not key:
        raise InvalidInput(f'"{text}" has no letters or digits to name a token by.')
    existing = encounter.tokens.get(key)
    if existing is not None and key != ignore:
        raise InvalidInput(
            f'There is already a token named "{existing.name}" here (names ignore case). '
            "Pick another name, e.g. with a number: Goblin 2."
        )
    return text


def parse_token_size(ruleset: Ruleset, text: str) -> Size:
    """A size the ruleset puts on a grid (the keys of its footprint table)."""
    return parse_size(text, tuple(ruleset.footprint_squares))


def _spec(opts: TokenOptions, size: Size) -> TokenSpec:
    return TokenSpec(
        size=size,
        speed=opts.speed,
        fly_ft=opts.fly,
        swim_ft=opts.swim,
        climb_ft=opts.climb,
        burrow_ft=opts.burrow,
        hover=opts.hover,
        race=opts.race,
        armor=opts.armor,
        load=opts.load,
    )


def require_may_give_owner(encounter: Encounter, actor: Actor, owner: str | None) -> None:
    """Players own what they add; only the GM makes someone else a token's owner."""
    if owner is not None and owner != actor.user_id and not is_gm(encounter, actor):
        raise NotAllowed(
            f"Players add and keep tokens for themselves; only the GM gives a token another "
            f"owner ({GM_IS})."
        )


def _apply_options(
    token: Token, ruleset: Ruleset, opts: TokenOptions, size: Size
) -> tuple[Token, tuple[Note, ...]]:
    """The token with the ruleset's checked movement fields and the plain options set."""
    checked = ruleset.token_fields(_spec(opts, size))
    values = dict(checked.values)
    if "speeds_ft" in values:
        # A stat block's speed line gives every mode; otherwise the modes not given
        # keep their speed. A speed of 0 removes a mode.
        kept = {} if opts.speed is not None else token.speeds_ft
        merged = {**kept, **values["speeds_ft"]}
        values["speeds_ft"] = {m: v for m, v in sorted(merged.items()) if v > 0}
    notes = list(checked.notes)
    for name in RULESET_FIELDS:
        if getattr(opts, name) is not None and name not in values:
            notes.append(
                Note(name.capitalize(), f"{ruleset.id} doesn't use {name} on a token; not stored.")
            )
    plain: dict[str, Any] = {"size": size}
    for option, field_name in PLAIN_FIELDS.items():
        if getattr(opts, option) is not None:
            plain[field_name] = getattr(opts, option)
    if opts.bonuses is not None:
        plain["speed_bonuses_ft"], bonus_notes = parse_bonuses(opts.bonuses)
        notes.extend(bonus_notes)
    return replace(token, **{**plain, **values}), tuple(notes)


_BONUS = re.compile(r"^\s*([a-z][a-z -]{0,30}?)\s*([+-]\s*\d{1,4})\s*(?:ft\.?|feet)?\s*$")


def parse_bonuses(text: str) -> tuple[dict[str, int], list[Note]]:
    """``"enhancement +30, morale +10"`` → the best bonus of each type (001 "Bonuses to
    Speed": bonuses of the same type don't stack). "none" clears them."""
    if text.strip().lower() in ("", "none", "clear"):
        return {}, []
    best: dict[str, int] = {}
    notes: list[Note] = []
    for part in (p for p in re.split(r"[,;]", text) if p.strip()):
        match = _BONUS.match(part.lower())
        if match is None:
            raise InvalidInput(
                f'bonuses: "{part.strip()}" is not a typed bonus. Write each as its type and '
                'feet: "enhancement +30, morale +10" (or "none").'
            )
        kind, value = match.group(1).strip(), int(match.group(2).replace(" ", ""))
        if kind in best:
            kept = max(best[kind], value)
            notes.append(
                Note(
                    "Bonuses",
                    f"Two {kind} bonuses don't stack: the better, {kept:+} ft, counts "
                    "(001 Bonuses to Speed).",
                )
            )
            best[kind] = kept
        else:
            best[kind] = value
    return best, notes


def _not_in_order(encounter: Encounter, token: Token) -> tuple[Note, ...]:
    if encounter.order and token.key not in encounter.order:
        return (
            Note(
                "Turn order",
                f"{token.name} is not in the turn order; set it again with /turn order "
                "to include it.",
            ),
        )
    return ()


def add_token(
    encounter: Encounter, ruleset: Ruleset, actor: Actor, name: str, opts: TokenOptions
) -> TokenEdit:
    """/token add: a new token, placed at ``at`` or in the first square it fits."""
    name = check_name(encounter, name)
    if len(encounter.tokens) >= MAX_TOKENS:
        raise IllegalMove(
            f"This encounter has {MAX_TOKENS} tokens, the most it can hold. Remove one first."
        )
    require_may_give_owner(encounter, actor, opts.owner)
    # a player's token is theirs and on the party's side; the GM's, nobody's and neutral
    gm = is_gm(encounter, actor)
    unplaced = Token(
        name=name,
        cell=Cell(0, 0),
        team="neutral" if gm else "party",
        owner=None if gm else actor.user_id,
    )
    size = parse_token_size(ruleset, opts.size) if opts.size else Size.MEDIUM
    token, notes = _apply_options(unplaced, ruleset, opts, size)
    if opts.at is not None:
        cell = parse_on_map(opts.at, encounter.width, encounter.height)
        check_room(encounter, ruleset, name, size, cell)
    else:
        found = first_fit(encounter, ruleset, size)
        if found is None:
            raise IllegalMove(
                f"There is no room left on the map for {name} ({size_label(size, ruleset)}). "
                "Clear some terrain or remove a token."
            )
        cell = found
    token = replace(token, cell=cell)
    after = encounter.with_token(token)
    notes += _not_in_order(after, token)
    summary = f"added {name} ({size.label}, {token.team}) at {cell}"
    return TokenEdit(after, summary, token, notes)


def replace_token(encounter: Encounter, key: str, token: Token) -> Encounter:
    """``token`` in place of the token at ``key``, keeping its place (a rename too)."""
    tokens = {
        (token.key if k == key else k): (token if k == key else t)
        for k, t in encounter.tokens.items()
    }
    order = tuple(token.key if k == key else k for k in encounter.order)
    return replace(encounter, tokens=tokens, order=order)


def edit_token(
    encounter: Encounter,
    ruleset: Ruleset,
    actor: Actor,
    name: str,
    opts: TokenOptions,
    rename: str | None = None,
) -> TokenEdit:
    """/token edit: change what was given, keep the rest."""
    old = encounter.token(name)
    require_control(encounter, actor, old, "edit")
    if not opts.given() and rename is None:
        raise InvalidInput(
            f"Nothing to change on {old.name}: give an option to change, e.g. "
            f"/token edit token:{old.name} speed:40 or rename:<new name>."
        )
    require_may_give_owner(encounter, actor, opts.owner)
    if opts.at is not None and encounter.order and not is_gm(encounter, actor):
        raise NotAllowed(
            f"A turn order is running: move {old.name} with /move. Only the GM places "
            "tokens with /token edit at: during one."
        )
    new_name = check_name(encounter, rename, ignore=old.key) if rename is not None else old.name
    size = parse_token_size(ruleset, opts.size) if opts.size else old.size
    token, notes = _apply_options(old, ruleset, opts, size)
    token = replace(token, name=new_name)
    if opts.at is not None:
        token = replace(token, cell=parse_on_map(opts.at, encounter.width, encounter.height))
    if token.cell != old.cell or token.size != old.size:
        check_room(encounter, ruleset, token.name, token.size, token.cell, ignore=old.key)
    changes = describe_changes(old, token)
    after = replace_token(encounter, old.key, token)
    summary = f"edited {old.name}: " + (", ".join(changes) or "no change")
    return TokenEdit(after, summary, token, notes)


_LABELS = {
    "cell": "at",
    "speed_ft": "speed",
    "speeds_ft": "speeds",
    "reach_ft": "reach",
    "speed_bonus_ft": "speed bonus",
    "speed_bonuses_ft": "typed speed bonuses",
    "reach_weapon": "reach weapon",
}


def _shown(value: object) -> str:
    if isinstance(value, Size):
        return value.label
    if isinstance(value, Mapping):
        return ", ".join(f"{k} {v} ft" for k, v in value.items()) or "none"
    if isinstance(value, frozenset):
        return ", ".join(sorted(value)) or "none"
    return "none" if value is None else str(value)


def describe_changes(old: Token, new: Token) -> list[str]:
    """``["renamed Aria", "size Large", "at D4"]``: what differs, in the game's words."""
    out: list[str] = []
    for f in fields(Token):
        before, after = getattr(old, f.name), getattr(new, f.name)
        if before == after:
            continue
        if f.name == "name":
            out.append(f"renamed {after}")
        elif f.name == "owner":
            out.append(f"owner {mention(after) if after else 'the GM'}")
        else:
            out.append(f"{_LABELS.get(f.name, f.name)} {_shown(after)}")
    return out


def _pass_turn_on(before: Encounter, after: Encounter, ruleset: Ruleset) -> Encounter:
    """When the acting token left, the next in order starts its turn (a wrap: a new round)."""
    if before.turn_index is None or after.turn_index is None:
        return after
    if after.acting is None or before.acting is None or before.acting.key in after.tokens:
        return after
    round_ = after.round + 1 if after.turn_index < before.turn_index else after.round
    started = ruleset.start_turn(after.acting)
    return replace(replace_token(after, started.key, started), round=round_)


def remove_token(encounter: Encounter, ruleset: Ruleset, actor: Actor, name: str) -> Edit:
    token = encounter.token(name)
    require_control(encounter, actor, token, "remove")
    after = _pass_turn_on(encounter, encounter.without_token(token.key), ruleset)
    summary = f"removed {token.name} (was at {token.cell})"
    was_acting = encounter.acting is not None and encounter.acting.key == token.key
    if was_acting and after.acting is not None:
        summary += f"; {after.acting.name}'s turn"
    return Edit(after, summary)


def parse_conditions(text: str | None) -> tuple[Condition, ...]:
    if text is None:
        return ()
    names = [part for part in text.replace(";", ",").split(",") if part.strip()]
    return tuple(dict.fromkeys(Condition(CONDITION_NAMES.match(n)) for n in names))


def condition_token(
    encounter: Encounter, actor: Actor, name: str, add: str | None, remove: str | None
) -> TokenEdit:
    """/token condition: add and remove conditions (remove first, then add)."""
    token = encounter.token(name)
    require_control(encounter, actor, token, "change the conditions of")
    adding, removing = parse_conditions(add), parse_conditions(remove)
    if not adding and not removing:
        raise InvalidInput(
            f"Say which condition: add:<condition> or remove:<condition>. "
            f"Accepted: {CONDITION_NAMES.accepted()}."
        )
    both = set(adding) & set(removing)
    if both:
        raise InvalidInput(f"{', '.join(sorted(both))} is both added and removed; pick one.")
    conditions = (token.conditions - {c.value for c in removing}) | {c.value for c in adding}
    changed = replace(token, conditions=frozenset(conditions))
    notes = [
        Note("Still", f"{token.name} is still {c.value}: another condition includes it.")
        for c in removing
        if changed.has(c)
    ]
    ruleset = rulesets()[encounter.ruleset]
    notes += ruleset.grid(encounter).condition_notes(token, changed)
    parts = [f"+{c.value}" for c in adding] + [f"-{c.value}" for c in removing]
    summary = f"{token.name}: {' '.join(parts)}"
    return TokenEdit(replace_token(encounter, token.key, changed), summary, changed, tuple(notes))


# --------------------------------------------------------------- terrain


def set_terrain(
    encounter: Encounter, ruleset: Ruleset, actor: Actor, cells_text: str, kind_text: str
) -> TerrainEdit:
    """/terrain set: one kind on the cells given; nothing solid under a token."""
    require_gm(encounter, actor, "change terrain")
    kind = parse_terrain(kind_text)
    cells = parse_cells(cells_text, encounter.width, encounter.height, limit=MAX_TERRAIN_CELLS)
    if kind in NO_STANDING:
        chosen = set(cells)
        for token in encounter.tokens.values():
            under = [c for c in squares_of(token, ruleset) if c in chosen]
            if under:
                raise IllegalMove(
                    f"{token.name} stands on {under[0]}: it can't be {kind.value} while a "
                    f"token is there. Move or remove {token.name} first, or leave that square out."
                )
    return _terrain_edit(encounter, cells, kind, f"{kind.value} on {_cells_summary(cells)}")


def set_light(encounter: Encounter, actor: Actor, cells_text: str, dark: bool) -> TerrainEdit:
    """/terrain light: squares in darkness, or lit again (the GM's)."""
    require_gm(encounter, actor, "change the light")
    cells = parse_cells(cells_text, encounter.width, encounter.height, limit=MAX_TERRAIN_CELLS)
    after = encounter.in_dark(cells, dark)
    changed = len(after.dark ^ encounter.dark)
    what = "darkness" if dark else "light"
    return TerrainEdit(
        after, f"{what} on {_cells_summary(cells)}", Terrain.CLEAR, tuple(cells), changed
    )


def set_barriers(
    encounter: Encounter, actor: Actor, cells_text: str, kind_text: str, side: str | None
) -> TerrainEdit:
    """/terrain edge: walls, low walls and doors on the edges between squares (GM)."""
    require_gm(encounter, actor, "put walls and doors between squares")
    name = BARRIER_NAMES.match(kind_text)
    edges = parse_edges(cells_text, encounter.width, encounter.height, side)
    if len(edges) > MAX_TERRAIN_CELLS:
        raise InvalidInput(f"That is more than {MAX_TERRAIN_CELLS} edges at once.")
    kind = None if name == "clear" else Barrier(name)
    after = encounter.with_barriers(edges, kind)
    changed = sum(1 for e in edges if encounter.edges.get(e) != after.edges.get(e))
    names = " ".join(edge_name(e) for e in edges[:6]) + (" ..." if len(edges) > 6 else "")
    return TerrainEdit(after, f"{name} on {names}", Terrain.CLEAR, (), changed)


def use_door(
    encounter: Encounter,
    rules: GridRules,
    actor: Actor,
    token_name: str,
    edge_text: str,
    want_open: bool,
) -> tuple[Encounter, str, Note]:
    """/door: a token next to a door opens or closes it (002 "Open or Close a Door")."""
    token = encounter.token(token_name)
    require_control(encounter, actor, token, "open doors for")
    (edge,) = parse_edges(edge_text, encounter.width, encounter.height)[:1]
    kind = encounter.edges.get(edge)
    if kind not in (Barrier.DOOR, Barrier.OPEN_DOOR):
        raise InvalidInput(f"There is no door between {edge[0]} and {edge[1]}.")
    side = rules.footprints.get(token.size, 1)
    if not any(c in footprint(token.cell, side) for c in edge):
        raise IllegalMove(
            f"{token.name} must stand next to the door ({edge_name(edge)}) to use it."
        )
    if (kind is Barrier.OPEN_DOOR) == want_open:
        raise IllegalMove(
            f"The door {edge_name(edge)} is already {'open' if want_open else 'closed'}."
        )
    moved, note = rules.door_action(token)
    after = encounter.with_barriers([edge], Barrier.OPEN_DOOR if want_open else Barrier.DOOR)
    after = after.with_token(moved)
    verb = "opens" if want_open else "closes"
    return after, f"{token.name} {verb} the door {edge_name(edge)}", note


def clear_terrain(encounter: Encounter, actor: Actor, cells_text: str | None) -> TerrainEdit:
    """/terrain clear: the cells given back to clear ground, or the whole map."""
    require_gm(encounter, actor, "change terrain")
    if cells_text is None:
        cells = list(encounter.terrain)
        return _terrain_edit(encounter, cells, Terrain.CLEAR, "cleared all terrain")
    cells = parse_cells(cells_text, encounter.width, encounter.height, limit=MAX_TERRAIN_CELLS)
    return _terrain_edit(encounter, cells, Terrain.CLEAR, f"cleared {_cells_summary(cells)}")


def _terrain_edit(
    encounter: Encounter, cells: list[Cell], kind: Terrain, summary: str
) -> TerrainEdit:
    changed = sum(1 for c in cells if encounter.terrain_at(c) is not kind)
    return TerrainEdit(encounter.with_terrain(cells, kind), summary, kind, tuple(cells), changed)


def _cells_summary(cells: list[Cell], shown: int = 8) -> str:
    noun = "square" if len(cells) == 1 else "squares"
    listed = " ".join(str(c) for c in cells[:shown])
    more = " …" if len(cells) > shown else ""
    return f"{len(cells)} {noun} ({listed}{more})"


def terrain_counts(encounter: Encounter) -> dict[str, int]:
    counts: dict[str, int] = {}
    for kind in encounter.terrain.values():
        counts[kind.value] = counts.get(kind.value, 0) + 1
    return dict(sorted(counts.items()))


# ----------------------------------------------------------------- turns


def turn_text(encounter: Encounter) -> str:
    """``Round 3 · Ari's turn`` or ``Round 3 · no turn order``."""
    acting = encounter.acting
    who = f"{acting.name}'s turn" if acting is not None else "no turn order"
    return f"Round {encounter.round} · {who}"


def _start(encounter: Encounter, ruleset: Ruleset, keys: Iterable[str]) -> Encounter:
    for key in keys:
        encounter = replace_token(encounter, key, ruleset.start_turn(encounter.tokens[key]))
    return encounter


def order_from_names(encounter: Encounter, text: str) -> tuple[Token, ...]:
    names = [n.strip() for n in text.split(",") if n.strip()]
    if not names:
        raise InvalidInput(
            'Name the tokens in turn order, separated by commas: "Ari, Goblin 1, Bo".'
        )
    tokens = [encounter.token(n) for n in names]
    seen: set[str] = set()
    for token in tokens:
        if token.key in seen:
            raise InvalidInput(f"{token.name} is named twice in the order; name each token once.")
        seen.add(token.key)
    return tuple(tokens)


def roll_initiative(encounter: Encounter, rng: random.Random) -> tuple[Initiative, ...]:
    """A d20 per token, highest first, ties by name."""
    rolls = [Initiative(t.name, roll(1, D20, rng).total) for t in encounter.tokens.values()]
    return tuple(sorted(rolls, key=lambda r: (-r.roll, r.name.casefold())))


def set_order(
    encounter: Encounter,
    ruleset: Ruleset,
    actor: Actor,
    *,
    names: str | None,
    rng: random.Random | None,
) -> TurnEdit:
    """/turn order: the order given (``names``) or rolled (``rng``); round 1 begins."""
    require_gm(encounter, actor, "set the turn order")
    if not encounter.tokens:
        raise InvalidInput("There are no tokens yet: add some with /token add first.")
    rolls: tuple[Initiative, ...] = ()
    if names is not None:
        tokens = order_from_names(encounter, names)
    elif rng is not None:
        rolls = roll_initiative(encounter, rng)
        tokens = tuple(encounter.token(r.name) for r in rolls)
    else:
        raise InvalidInput('Give the order (order:"Ari, Goblin 1, Bo") or roll:true to roll it.')
    order = tuple(t.key for t in tokens)
    after = replace(encounter, order=order, turn_index=0, round=1)
    after = _start(after, ruleset, order[:1])
    listed = ", ".join(t.name for t in tokens)
    how = "rolled" if rolls else "set"
    return TurnEdit(after, f"turn order {how}: {listed}", rolls, (tokens[0].name,))


def next_turn(encounter: Encounter, ruleset: Ruleset, actor: Actor) -> TurnEdit:
    """/turn next: the next token in order (a new round after the last), or the next round."""
    acting = encounter.acting
    if not is_gm(encounter, actor):
        if acting is None:
            raise NotAllowed(f"Only the GM can start the next round ({GM_IS}).")
        if acting.owner != actor.user_id:
            raise NotAllowed(
                f"It is {acting.name}'s turn: only its owner or the GM can end it ({GM_IS})."
            )
    if acting is None or encounter.turn_index is None:
        keys = tuple(encounter.tokens)
        after = _start(replace(encounter, round=encounter.round + 1), ruleset, keys)
        return TurnEdit(
            after, f"round {after.round} begins", started=tuple(after.tokens[k].name for k in keys)
        )
    index = (encounter.turn_index + 1) % len(encounter.order)
    round_ = encounter.round + 1 if index == 0 else encounter.round
    key = encounter.order[index]
    after = _start(replace(encounter, turn_index=index, round=round_), ruleset, (key,))
    name = after.tokens[key].name
    return TurnEdit(after, f"round {round_} · {name}'s turn", started=(name,))


def clear_order(encounter: Encounter, actor: Actor) -> Edit:
    require_gm(encounter, actor, "clear the turn order")
    if not encounter.order:
        raise InvalidInput("There is no turn order to clear.")
    return Edit(replace(encounter, order=(), turn_index=None), "turn order cleared")
