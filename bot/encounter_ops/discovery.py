"""A player's real move on a board with hidden things: ruled on the board the player
sees, then met by what is hidden (issue 26; docs/RULINGS.md "Hidden tokens and secret
doors"). Pure.

The move is planned on the board as the player sees it, so its path, its cost and its
refusals are those the same board without the hidden things gives: a secret door is
the wall it looks like, a hidden creature's square is open. The path is then walked
on the whole board, and that is where the character meets what it couldn't see:

- it stops in the last square before a hidden creature's space that it may end its
  move on ("something blocks the way at E3"); a move blocked at its first step goes
  nowhere;
- a hidden creature it provokes on the way gets its opportunity attack ("something
  makes an opportunity attack as Ari leaves C2").

The player reads what the character perceives, never the creature's name; the GM gets
the whole of it (``gm_note``). A preview discovers nothing: it is ruled on the board the
asker sees and stops there.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field, replace

from bot.encounter import Encounter
from bot.encounter_ops.unseen import put_back
from bot.encounter_ops.visibility import as_seen
from bot.errors import RulingError
from bot.grid.coords import Cell
from bot.rules.moving import InTheWay, MoveRequest, MoveResult, hidden_attacks, hidden_in_the_way
from bot.rules.ruleset import Ruleset

# How many times a shortened move is planned again (each new path may meet another
# hidden creature; every round shortens it)
MAX_TRIES = 6


@dataclass(frozen=True)
class Found:
    """What a player's move met of the hidden things."""

    blocked: InTheWay | None = None  # the square it tried to enter, and who holds it
    attacks: dict[str, Cell] = field(default_factory=dict)  # hidden name → square

    @property
    def anything(self) -> bool:
        return self.blocked is not None or bool(self.attacks)

    def for_the_table(self, mover: str) -> list[str]:
        """What the character perceives, in the game's words."""
        said: list[str] = []
        if self.blocked is not None:
            said.append(f"something blocks the way at {self.blocked.cell}")
        for cell in dict.fromkeys(self.attacks.values()):
            said.append(f"something makes an opportunity attack on {mover} at {cell}")
        return said

    def for_the_gm(self, mover: str) -> str:
        said: list[str] = []
        if self.blocked is not None:
            said.append(
                f"{self.blocked.creature.name} (hidden) blocked {mover} at {self.blocked.cell}"
            )
        said += [
            f"{name} (hidden) gets an opportunity attack on {mover} at {cell}"
            for name, cell in self.attacks.items()
        ]
        return "; ".join(said)


@dataclass(frozen=True)
class Discovered:
    """A player's move as the rules and the hidden things left it."""

    encounter: Encounter  # the whole board after
    result: MoveResult | None  # the move as the player sees it (None: it went nowhere)
    found: Found
    mover: str  # who moved (a rider's mount: the mount)
    start: Cell  # where it stood


Plan = Callable[[Encounter, MoveRequest], MoveResult]


def move_meeting_hidden(
    whole: Encounter, ruleset: Ruleset, viewer: str, request: MoveRequest, plan: Plan
) -> Discovered:
    """``request`` planned (``plan``: permission and ruling) on the board ``viewer`` sees,
    then met by the hidden things of ``whole``."""
    seen = as_seen(whole, by_gm=False, viewer=viewer)
    first = plan(seen, request)
    result: MoveResult | None = first
    hidden = {k for k in whole.tokens if k not in seen.tokens}
    mover = seen.tokens.get(first.token.key, first.token)
    rules = ruleset.for_encounter(whole)
    blocked: InTheWay | None = None
    for _ in range(MAX_TRIES):
        if result is None:
            break
        hit = hidden_in_the_way(rules, whole, mover, result.path, hidden)
        if hit is None:
            break
        blocked = blocked or hit
        result = _stopped(seen, request, result, hit.index, plan)
    else:
        result = None  # still meeting hidden creatures after every try: it stays
    attacks: dict[str, Cell] = {}
    if result is not None:
        before = whole.tokens.get(mover.key, mover)
        attacks = hidden_attacks(rules, whole, request, before, result.path, hidden)
    found = Found(blocked, attacks)
    if result is None:
        return Discovered(whole, None, found, mover.name, mover.cell)
    after = put_back(whole, seen, result.encounter, ruleset).encounter
    if attacks:  # one attack each a round: the mover remembers who had theirs
        moved = after.tokens[result.token.key]
        provoked = tuple(dict.fromkeys((*moved.activity.provoked_by, *attacks)))
        activity = replace(moved.activity, provoked_by=provoked)
        after = after.with_token(replace(moved, activity=activity))
    return Discovered(after, result, found, mover.name, mover.cell)


def _stopped(
    seen: Encounter, request: MoveRequest, result: MoveResult, index: int, plan: Plan
) -> MoveResult | None:
    """The move cut short before ``result.path[index]``: planned again to the last
    square before it that the rules let the mover end on; None when there is none."""
    for stop in range(index - 1, 0, -1):
        kept = result.path[: stop + 1]
        shorter = replace(
            request,
            to=kept[-1],
            via=tuple(c for c in request.via if c in kept[:-1]),
            jump=request.jump if request.jump in kept else None,
        )
        try:
            return plan(seen, shorter)
        except RulingError:
            continue
    return None
