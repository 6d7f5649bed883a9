"""/token place: put a token in the air or on a mount without spending movement (a
scene set up with the dragon already aloft and the knight already mounted), or take a
rider off. Pure: no Discord, no database.

Moving there during play is /move's (`up:`, `mount:`, `dismount:`), at the rules'
price; this is the GM's or the owner's placing, like `/token edit at:`.
"""

from __future__ import annotations

from dataclasses import replace

from bot.encounter import Encounter, Token
from bot.encounter_ops.access import (
    GM_IS,
    Actor,
    is_gm,
    require_control,
    require_mount,
    require_riders,
)
from bot.encounter_ops.outcomes import TokenEdit
from bot.encounter_ops.placement import check_room
from bot.encounter_ops.tokens import replace_token
from bot.errors import IllegalMove, InvalidInput, NotAllowed
from bot.grid.coords import parse_on_map
from bot.limits import MAX_ALTITUDE_FT
from bot.rules.moving import at_altitude, check_mountable
from bot.rules.ruleset import Ruleset
from bot.units import feet

OFF = ("none", "off", "-")  # mount:none takes a rider off its mount


def place_token(
    encounter: Encounter,
    ruleset: Ruleset,
    actor: Actor,
    name: str,
    *,
    altitude_ft: int | None = None,
    mount: str | None = None,
    at: str | None = None,
) -> TokenEdit:
    token = encounter.token(name)
    require_control(encounter, actor, token, "place")
    if altitude_ft is None and mount is None:
        raise InvalidInput(
            f"Say where to place {token.name}: altitude:<feet> (a flyer in the air), "
            "mount:<token> (on a mount) or mount:none at:<square> (off it)."
        )
    if encounter.order and not is_gm(encounter, actor):
        raise NotAllowed(
            f"A turn order is running: {token.name} goes up with /move up:, and mounts with "
            f"/move mount:. Only the GM places tokens during one ({GM_IS})."
        )
    if mount is not None and altitude_ft is not None:
        raise InvalidInput("A rider is as high as its mount: give altitude: or mount:, not both.")
    if at is not None and (mount or "").strip().lower() not in OFF:
        raise InvalidInput(
            "at: goes with mount:none (where the rider steps off to); /token edit at: moves "
            "a token."
        )
    if mount is not None:
        return _mount(encounter, ruleset, actor, token, mount, at)
    assert altitude_ft is not None
    require_riders(
        encounter, actor, token, encounter.riders_of(token), f"placing {token.name} in the air"
    )
    return _lift(encounter, token, altitude_ft)


def _lift(encounter: Encounter, token: Token, altitude_ft: int) -> TokenEdit:
    """``token`` (a flyer) ``altitude_ft`` above the ground, its riders with it."""
    ridden = encounter.mount_of(token)
    if ridden is not None:
        raise InvalidInput(
            f"{token.name} rides {ridden.name}: it is as high as its mount. Place "
            f"{ridden.name} instead."
        )
    if not 0 <= altitude_ft <= MAX_ALTITUDE_FT:
        raise InvalidInput(f"altitude: from 0 to {MAX_ALTITUDE_FT:,} ft.")
    if altitude_ft and token.speeds_ft.get("fly", 0) <= 0:
        raise IllegalMove(
            f"{token.name} has no fly speed: only a flyer is placed in the air (give it "
            "one with /token edit fly:)."
        )
    placed = at_altitude(token, altitude_ft)
    after = replace_token(encounter, token.key, placed)
    for rider in after.riders_of(placed):
        after = replace_token(after, rider.key, at_altitude(rider, altitude_ft))
    was = token.altitude_ft
    where = f"{feet(altitude_ft)} up" if altitude_ft else "on the ground"
    summary = f"placed {token.name} {where}" + (f" (was {feet(was)} up)" if was else "")
    return TokenEdit(after, summary, placed)


def _mount(
    encounter: Encounter, ruleset: Ruleset, actor: Actor, token: Token, mount: str, at: str | None
) -> TokenEdit:
    if ruleset.mount_rule is None:
        raise InvalidInput(f"{ruleset.name}'s movement rules have no mounts on the board.")
    if mount.strip().lower() in OFF:
        return _dismount(encounter, ruleset, token, at)
    steed = encounter.token(mount)
    require_mount(encounter, actor, token, steed)
    check_mountable(encounter, token, steed)
    seated = at_altitude(replace(token, cell=steed.cell, riding=steed.key), steed.altitude_ft)
    after = replace_token(encounter, token.key, seated)
    summary = f"placed {token.name} on {steed.name} at {steed.cell} (was at {token.cell})"
    return TokenEdit(after, summary, seated)


def _dismount(encounter: Encounter, ruleset: Ruleset, token: Token, at: str | None) -> TokenEdit:
    steed = encounter.mount_of(token)
    if steed is None:
        raise InvalidInput(f"{token.name} isn't riding anything.")
    if at is None:
        raise InvalidInput(f"Say where {token.name} stands once off {steed.name}: at:<square>.")
    off = at_altitude(
        replace(token, cell=parse_on_map(at, encounter.width, encounter.height), riding=None),
        0,
    )
    check_room(encounter.without_token(token.key), ruleset, off)
    after = replace_token(encounter, token.key, off)
    summary = f"placed {token.name} off {steed.name}, at {off.cell}"
    return TokenEdit(after, summary, off)


__all__ = ["place_token"]
