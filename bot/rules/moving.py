"""The /move engine as the rest of Stride sees it: what handlers and ``encounter_ops``
may use of ``bot/rules/engine/``, and nothing else (tests/test_architecture.py).

The engine's modules are its own to rearrange: a stage split, a mechanism moved into
the special moves' registry, a table rebuilt. What the shells and the board's changes
need of it is named here once, so such a change stays inside ``bot/rules/``:

- a /move asked and ruled: ``MoveRequest``, ``MoveAction`` (its action and bonus
  action, typed), ``read_special`` (a special move's part
  read from /move's options), ``Mount`` (the part a permission check reads),
  ``MoveResult`` (its ``displacements``: every token it moved, its squares and how,
  ``Displacement``); a token's movement options checked: ``TokenSpec``;
- what a board shows of movement: ``speed_bands``, ``threat_squares``, ``token_reach``,
  ``destinations`` (the squares a token reaches, for ``to:`` suggestions and the
  mover's menu), ``step_blocked`` (what refuses one step of a way written square by
  square) and ``measure_3d_ft`` (a distance with height in it);
- the board's shared facts changed by the rules' own reckoning: ``at_altitude`` and
  ``falls_from_the_air``, ``with_grapplers`` and ``let_go``, ``with_traits``,
  ``check_mountable``, ``knocked_prone`` (a rider or mount knocked prone: the SRDs'
  saddle rules);
- a creature's reactions between its turns (issue 29): ``reactions_left``,
  ``spend_reaction``, ``regain_reaction``, ``spent_words``;
- what a player's move finds of hidden creatures: ``hidden_in_the_way``,
  ``hidden_attacks``, ``InTheWay``.
"""

from __future__ import annotations

from bot.rules.engine.actions import MoveAction as MoveAction
from bot.rules.engine.altitude import at_altitude as at_altitude
from bot.rules.engine.altitude import falls_from_the_air as falls_from_the_air
from bot.rules.engine.altitude import measure_3d_ft as measure_3d_ft
from bot.rules.engine.blockers import step_blocked as step_blocked
from bot.rules.engine.destinations import destinations as destinations
from bot.rules.engine.displacement import Displacement as Displacement
from bot.rules.engine.grapple import let_go as let_go
from bot.rules.engine.grapple import with_grapplers as with_grapplers
from bot.rules.engine.mounts import check_mountable as check_mountable
from bot.rules.engine.moves import MoveRequest as MoveRequest
from bot.rules.engine.moves import MoveResult as MoveResult
from bot.rules.engine.moves import TokenSpec as TokenSpec
from bot.rules.engine.overview import speed_bands as speed_bands
from bot.rules.engine.overview import threat_squares as threat_squares
from bot.rules.engine.overview import token_reach as token_reach
from bot.rules.engine.reactions import reactions_left as reactions_left
from bot.rules.engine.reactions import regain_reaction as regain_reaction
from bot.rules.engine.reactions import spend_reaction as spend_reaction
from bot.rules.engine.reactions import spent_words as spent_words
from bot.rules.engine.specials import read_special as read_special
from bot.rules.engine.specials.mount import Mount as Mount
from bot.rules.engine.traits import with_traits as with_traits
from bot.rules.engine.unseating import knocked_prone as knocked_prone
from bot.rules.engine.unseen import InTheWay as InTheWay
from bot.rules.engine.unseen import hidden_attacks as hidden_attacks
from bot.rules.engine.unseen import hidden_in_the_way as hidden_in_the_way

__all__ = [
    "Displacement",
    "InTheWay",
    "Mount",
    "MoveAction",
    "MoveRequest",
    "MoveResult",
    "TokenSpec",
    "at_altitude",
    "check_mountable",
    "destinations",
    "falls_from_the_air",
    "hidden_attacks",
    "hidden_in_the_way",
    "knocked_prone",
    "let_go",
    "measure_3d_ft",
    "reactions_left",
    "read_special",
    "regain_reaction",
    "speed_bands",
    "spend_reaction",
    "spent_words",
    "step_blocked",
    "threat_squares",
    "token_reach",
    "with_grapplers",
    "with_traits",
]
