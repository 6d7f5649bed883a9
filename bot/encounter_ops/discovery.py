"""A player's real move on a board with hidden things: ruled on the board the player
sees, then met by what is hidden (issue 26; docs/RULINGS.md "Hidden tokens and secret
doors"). Pure.

The move is planned on the board as the player sees it, so its path, its cost and its
refusals are those the same board without the hidden things gives: a secret door is
the wall it looks like, a hidden creature's square is open. Every token the move
displaced (``MoveResult.displacements``: the mover, a foe its bull rush pushes, a
creature it drags, a group's members) is then walked along its squares on the whole
board, and that is where the character meets what it couldn't see (issue 41):

- the mover (or a creature it takes along: dragged, a group's member) stops in the
  last square before a hidden creature's space that it may end its move on
  ("something blocks the way at E3"), the move cut short there (a bull rush cut short
  before its foe is the move to there); a move blocked at its first step goes nowhere;
- a creature pushed into a hidden one stops before it, as a push stops before any
  creature (004 Forced Movement: "the push ends in the square prior to this
  obstruction"; the move planned again with the creature met, ``MoveRequest.met``),
  and the one pushing follows no farther ("something blocks Orc's way at E3");
- a hidden creature it provokes on the way gets its opportunity attack ("something
  makes an opportunity attack as Ari leaves C2").

The player reads what the character perceives, never the creature's name; the GM gets
the whole of it (``gm_note``). A preview discovers nothing: it is ruled on the board the
asker sees and stops there.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field, replace

from bot.encounter import Encounter, Token
from bot.encounter_ops.unseen import put_back
from bot.encounter_ops.visibility import as_seen
from bot.errors import RulingError
from bot.grid.coords import Cell
from bot.rules.moving import (
    Displacement,
    InTheWay,
    MoveRequest,
    MoveResult,
    hidden_attacks,
    hidden_in_the_way,
)
from bot.rules.ruleset import Ruleset

# How many times a shortened move is planned again (each new path may meet another
# hidden creature; every round shortens it)
MAX_TRIES = 6


@dataclass(frozen=True)
class Found:
    """What a player's move met of the hidden things."""

    blocked: InTheWay | None = None  # the square it tried to enter, and who holds it
    attacks: dict[str, Cell] = field(default_factory=dict)  # hidden name → square
    # who was blocked when not the mover: a creature it pushed, dragged or led
    blocked_token: str | None = None

    @property
    def anything(self) -> bool:
        return self.blocked is not None or bool(self.attacks)

    def for_the_table(self, mover: str) -> list[str]:
        """What the character perceives, in the game's words."""
        said: list[str] = []
        if self.blocked is not None:
            whose = f"{self.blocked_token}'s way" if self.blocked_token else "the way"
            said.append(f"something blocks {whose} at {self.blocked.cell}")
        for cell in dict.fromkeys(self.attacks.values()):
            said.append(f"something makes an opportunity attack on {mover} at {cell}")
        return said

    def for_the_gm(self, mover: str) -> str:
        said: list[str] = []
        if self.blocked is not None:
            who = self.blocked_token or mover
            said.append(
                f"{self.blocked.creature.name} (hidden) blocked {who} at {self.blocked.cell}"
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
    blocked: Meeting | None = None
    for _ in range(MAX_TRIES):
        if result is None:
            break
        meeting = _meeting(rules, whole, seen, result, hidden, request.met)
        if meeting is None:
            break
        blocked = blocked or meeting
        if meeting.pushed:  # it stops before the creature, as before any (MoveRequest.met)
            request = replace(request, met=(*request.met, meeting.hit.creature))
            result = _planned(seen, request, plan)
        else:
            result = _stopped(seen, request, result, meeting.index, plan)
    else:
        result = None  # still meeting hidden creatures after every try: it stays
    attacks: dict[str, Cell] = {}
    if result is not None:
        before = whole.tokens.get(mover.key, mover)
        attacks = hidden_attacks(rules, whole, request, before, result.path, hidden)
    found = Found(
        blocked.hit if blocked is not None else None,
        attacks,
        blocked.token if blocked is not None and blocked.token != mover.name else None,
    )
    if result is None:
        return Discovered(whole, None, found, mover.name, mover.cell)
    after = put_back(whole, seen, result.encounter, ruleset).encounter
    if attacks:  # one attack each a round: the mover remembers who had theirs
        moved = after.tokens[result.token.key]
        provoked = tuple(dict.fromkeys((*moved.activity.provoked_by, *attacks)))
        activity = replace(moved.activity, provoked_by=provoked)
        after = after.with_token(replace(moved, activity=activity))
    return Discovered(after, result, found, mover.name, mover.cell)


@dataclass(frozen=True)
class Meeting:
    """A displaced token's first meeting with a hidden creature, and how it is met."""

    hit: InTheWay  # where on its way, and whom
    token: str  # the displaced token's name
    index: int  # where to cut the mover's path short (when not ``pushed``)
    pushed: bool  # moved against its will: the push stops before it


def _meeting(
    rules: Ruleset,
    whole: Encounter,
    seen: Encounter,
    result: MoveResult,
    hidden: set[str],
    met: tuple[Token, ...],
) -> Meeting | None:
    """The meeting the move runs into first, of every displaced token's along its
    squares (as it stood before the move): the mover's own, unless a creature it
    pushes meets the same hidden one (the pushed one goes ahead of it); then a push's;
    then a creature the mover takes along (its way cut short where that one's is)."""
    moved = result.displacements or (Displacement(result.token.key, result.path, "walked"),)
    met_keys = {c.key for c in met}
    hits: list[tuple[Displacement, Token, InTheWay]] = []
    for displacement in moved:
        token = seen.tokens.get(displacement.token)
        if token is None:
            continue
        # a creature a push already met stopped it, or was passed over (004 Stepover)
        unmet = hidden - met_keys if displacement.how == "pushed" else hidden
        hit = hidden_in_the_way(rules, whole, token, displacement.path, unmet)
        if hit is not None:
            hits.append((displacement, token, hit))
    if not hits:
        return None
    mover = result.token.key
    pushes = [h for h in hits if h[0].how == "pushed"]
    own = next((h for h in hits if h[0].token == mover and h[0].how != "pushed"), None)
    if own is not None and all(p[2].creature.key != own[2].creature.key for p in pushes):
        return Meeting(own[2], own[1].name, own[2].index, pushed=False)
    if pushes:
        _, token, hit = pushes[0]
        return Meeting(hit, token.name, hit.index, pushed=True)
    _, token, hit = hits[0]  # taken along: the mover stops where it does
    return Meeting(hit, token.name, max(1, min(hit.index, len(result.path) - 1)), pushed=False)


def _planned(seen: Encounter, request: MoveRequest, plan: Plan) -> MoveResult | None:
    try:
        return plan(seen, request)
    except RulingError:
        return None


def _stopped(
    seen: Encounter, request: MoveRequest, result: MoveResult, index: int, plan: Plan
) -> MoveResult | None:
    """The move cut short before ``result.path[index]``: planned again to the last
    square before it that the rules let the mover end on (a special move that can't
    end there, a bull rush short of its foe, is the move to there); None when there is
    none."""
    for stop in range(index - 1, 0, -1):
        kept = result.path[: stop + 1]
        shorter = replace(
            request,
            to=kept[-1],
            via=tuple(c for c in request.via if c in kept[:-1]),
            jump=request.jump if request.jump in kept else None,
        )
        asked = (shorter, replace(shorter, special=None)) if shorter.special else (shorter,)
        for each in asked:
            try:
                return plan(seen, each)
            except RulingError:
                continue
    return None
