"""What the store hands back: plain values, never rows."""

from __future__ import annotations

from dataclasses import dataclass

from bot.encounter import Encounter


@dataclass(frozen=True)
class StoredEncounter:
    id: int
    encounter: Encounter
    state_json: str  # the stored text: "changes nothing" is checked byte for byte
    version: int = 0  # bumped by every write: a write checks it is still the one read


@dataclass(frozen=True)
class Change:
    """One line of a channel's history: who changed what, and how to undo it."""

    id: int
    encounter_id: int
    user_id: str
    command: str
    summary: str
    created_at: str
    before_state: str | None  # None: the encounter did not exist before
    before_status: str | None
    channel_id: str = ""


@dataclass(frozen=True)
class Scene:
    """A board a channel keeps under a name (/encounter save), to load later."""

    name: str
    state_json: str
    saved_by: str
    saved_at: str


@dataclass(frozen=True)
class TurnReminder:
    """A channel's turn that may sit too long: whose it is (their token, the round)
    and when its owner is pinged again, in seconds since the epoch; the server the
    channel is in ("0": none; None: not known, a reminder set before servers were kept)
    and how many tries in a row failed for a reason that may pass."""

    channel_id: str
    user_id: str
    token: str
    round: int
    due_at: int
    guild_id: str | None = None
    attempts: int = 0


@dataclass(frozen=True)
class GuildSettings:
    """What a server sets for all its channels (/ruleset set scope:server, /settings)."""

    ruleset: str | None
    gm_role_id: str | None
