"""Who may make a change: the GM changes anything, a player only their own tokens."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from bot.encounter import Encounter, Token
from bot.errors import InvalidInput, NotAllowed
from bot.reply import mention as marked_mention

GM_IS = (
    "the GM is whoever started the encounter, a co-GM they added, or anyone with Manage "
    "Channels or the server's GM role"
)


@dataclass(frozen=True)
class Actor:
    """Who asks: their id, and whether they manage the channel (always a GM)."""

    user_id: str
    manages_channel: bool = False

    @property
    def mention(self) -> str:
        return mention(self.user_id)


def mention(user_id: str) -> str:
    return marked_mention(user_id)


def is_gm(encounter: Encounter, actor: Actor) -> bool:
    return (
        actor.manages_channel
        or encounter.gm_id == actor.user_id
        or actor.user_id in encounter.co_gms
    )


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


def _whose(token: Token) -> str:
    return f"{mention(token.owner)}'s" if token.owner else "the GM's"


def require_mount(encounter: Encounter, actor: Actor, rider: Token, mount: Token) -> None:
    """Riding a creature is its owner's or the GM's to allow: a player seats a rider
    on a creature they own; on another player's, or on one nobody owns (the GM's),
    only the GM does (docs/RULINGS.md, "Whose mount")."""
    if is_gm(encounter, actor) or (mount.owner is not None and mount.owner == actor.user_id):
        return
    raise NotAllowed(
        f"{rider.name} can't mount {mount.name}: it is {_whose(mount)}. A player mounts "
        "their own creature; on anyone else's the GM seats the rider "
        f"(/token place token:{rider.name} mount:{mount.name}) ({GM_IS})."
    )


def require_riders(
    encounter: Encounter, actor: Actor, mount: Token, riders: Iterable[Token], doing: str
) -> None:
    """Placing a mount (not a move by the rules) takes its riders along: a player may,
    only with riders of their own; the GM with any."""
    if is_gm(encounter, actor):
        return
    for rider in riders:
        if rider.owner is None or rider.owner != actor.user_id:
            raise NotAllowed(
                f"{mount.name} carries {rider.name}, who is {_whose(rider)}: {doing} would "
                f"carry {rider.name} too. {rider.name} gets off first (/token place "
                f"token:{rider.name} mount:none at:<square>), or the GM places them ({GM_IS})."
            )


def require_turn(encounter: Encounter, actor: Actor, token: Token, doing: str) -> None:
    """Once a turn order runs, a player acts with a token only on that token's turn;
    the GM at any time."""
    acting = encounter.acting
    if is_gm(encounter, actor) or (acting is not None and acting.key == token.key):
        return
    if acting is None and not (encounter.order and encounter.turn_index is None):
        return
    # a hidden token acting is "the GM's turn" (as players see it, nobody's in the order)
    whose = "the GM's" if acting is None or acting.hidden else f"{acting.name}'s"
    raise NotAllowed(
        f"It's {whose} turn (round {encounter.round}): {token.name} can {doing} on its own turn."
    )


def may_undo(actor: Actor, gm_id: str, change_user_id: str, co_gms: tuple[str, ...] = ()) -> bool:
    """Issue 5 item 10: the GM undoes anything; a player only their own (latest) change."""
    return actor.manages_channel or actor.user_id in (gm_id, change_user_id, *co_gms)


# The most of a user's tokens an error lists by name.
MAX_NAMED = 10


def own_tokens(encounter: Encounter, actor: Actor) -> list[Token]:
    """The tokens that are ``actor``'s: those they own; for the GM, also the ones nobody owns."""
    gm = is_gm(encounter, actor)
    return [
        t for t in encounter.tokens.values() if t.owner == actor.user_id or (gm and t.owner is None)
    ]


def default_token(encounter: Encounter, actor: Actor, doing: str) -> str:
    """The token a command means when ``token:`` is left out: the user's token whose turn
    it is, else the one token they have; otherwise an error naming their tokens."""
    own = own_tokens(encounter, actor)
    acting = encounter.acting
    if acting is not None and any(t.key == acting.key for t in own):
        return acting.name
    if len(own) == 1:
        return own[0].name
    if not own:
        raise InvalidInput(
            f"Say which token to {doing}: token:<name>. You have no token here to take by "
            "default (add one with /token add)."
        )
    names = ", ".join(t.name for t in own[:MAX_NAMED]) + (", …" if len(own) > MAX_NAMED else "")
    raise InvalidInput(
        f"Say which token to {doing}: token:<name>. You have several ({names}) and "
        "none of them is taking its turn."
    )
