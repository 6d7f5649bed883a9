"""What every change returns: the encounter after it, a line for /history and extras."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Protocol

from bot.encounter import Encounter, Token
from bot.grid.coords import Cell
from bot.grid.terrain import Terrain
from bot.rules.rulings import Note


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
class TokensAdded:
    """Several tokens added at once (/token add count:6): in the order they were named."""

    encounter: Encounter
    summary: str
    tokens: tuple[Token, ...]
    notes: tuple[Note, ...] = ()


@dataclass(frozen=True)
class TokensRemoved:
    """Tokens removed by a pattern (/token remove token:"Goblin*"), and those it matched
    that the asker may not remove (a player's pattern skips others' tokens)."""

    encounter: Encounter
    summary: str
    removed: tuple[str, ...]
    skipped: tuple[str, ...] = ()


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
    roll: int  # the total: the d20 plus the modifier
    d20: int = 0
    modifier: int = 0
    tiebreak: int | None = None  # a d20 rolled again among equal totals and modifiers
    typed: bool = False  # the table's own roll (/turn roll value:), not the bot's


@dataclass(frozen=True)
class TurnEdit:
    encounter: Encounter
    summary: str
    rolls: tuple[Initiative, ...] = ()
    started: tuple[str, ...] = ()  # names of the tokens whose turn began
    ended: tuple[str, ...] = ()  # what ended as it began (an area's time up), as lines
