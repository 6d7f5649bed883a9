"""Who is asking, where, with which dice: what a handler gets besides the options."""

from __future__ import annotations

import random
from dataclasses import dataclass, field

from bot.storage import Store


@dataclass
class Context:
    store: Store
    channel_id: str
    user_id: str
    is_gm: bool
    rng: random.Random
    # The one-time "this channel uses the default ruleset" notice this reply shows: it is
    # marked shown only once the command succeeded (a refused command keeps it).
    default_notice_pending: bool = field(default=False, compare=False)
    # The server (None: a DM or the console without --guild) and the asker's roles there:
    # a server's GM role (/settings gm_role) makes its holders GMs.
    guild_id: str | None = None
    role_ids: frozenset[str] = frozenset()
    # is_gm came from the server's GM role, not from Manage Channels
    gm_by_role: bool = field(default=False, compare=False)
    # Manage Channels (or Manage Server) across the server, from the member's roles, not
    # as a channel's overrides resolve it here: what the server-wide settings ask
    # (/settings gm_role, /ruleset set scope:server). is_gm is the channel's.
    manages_server: bool = False
    # the live board's pages (issue 39): where they are served (the links /board link
    # gives; None: the console's `python -m bot serve` address) and the secret links
    # are signed with (None: the one kept in the store)
    web_base_url: str | None = None
    web_secret: str | None = field(default=None, repr=False)

    async def settle_gm_role(self) -> None:
        """Make the asker a GM when they hold the server's GM role (one read, only for
        someone who isn't a GM already and has roles). Each command asks again: a
        context used for several commands follows the role as it is set now."""
        if self.gm_by_role:
            self.is_gm = self.gm_by_role = False
        if self.is_gm or self.guild_id is None or not self.role_ids:
            return
        if await self.holds_gm_role():
            self.is_gm = True
            self.gm_by_role = True

    # what a command has read of the channel's settings, asked once per command (each
    # read is a trip to the store): ``begin`` empties it as each command starts
    _read: dict[str, str | bool | None] = field(default_factory=dict, compare=False, repr=False)

    def begin(self) -> None:
        """A new command on this context: what the last one read is read again."""
        self._read.clear()

    async def _command_reads(self) -> None:
        if "units" not in self._read:
            units, notes = await self.store.command_reads(self.channel_id)
            self._read.update(units=units, gm_notes=notes)

    async def channel_units(self) -> str | None:
        """The channel's units (/settings units:; None: feet), read once per command."""
        await self._command_reads()
        units = self._read["units"]
        return units if isinstance(units, str) else None

    async def gm_notes_waiting(self) -> bool:
        """Whether notes wait for the channel's GM (read with the units, once per
        command: a note added meanwhile is told on the GM's next reply)."""
        await self._command_reads()
        return self._read["gm_notes"] is True

    async def set_channel_units(self, units: str | None) -> None:
        await self.store.set_channel_units(self.channel_id, units)
        if "units" in self._read:  # read already: the reply speaks the new units
            self._read["units"] = units

    async def holds_gm_role(self) -> bool:
        """Whether the asker holds the server's GM role (a server-wide GM)."""
        if self.guild_id is None or not self.role_ids:
            return False
        role = (await self.store.guild_settings(self.guild_id)).gm_role_id
        return role is not None and role in self.role_ids
