"""The cross-channel matrix, generated from the command table (issue 38), as the
permission matrix is (tests/handlers/test_permission_matrix.py): every option of kind
"channel" (today /encounter load from: and /encounter scenes from:) is run from the
table's channel, naming the GM's prep channel, by each kind of asker: its GM (Manage
Channels there, the server's GM role, the GM or a co-GM of the encounter running
there), a player there who can see it, someone who can't see it, a GM of another
server, someone asking from a DM, a GM of this channel alone (``--channel-only``), and
the saver of a scene there. Through both shells: Discord's interaction path (dispatch
with the channel as Discord resolves it, an AppCommandChannel with the asker's
permissions there and its server) and the console's (run_once, with its flags).

Each attempt runs on two stores built by the same lines: the world, where the prep
channel keeps two scenes (Crypt, the GM's, with a hidden token and a secret door; Lair,
saved by Ari as a co-GM since removed), and its twin, which lacks the scene the
attempt is about. For an asker who may not read that scene the two answers are the
same, byte for byte: a refusal is the answer for a channel with no such scene, and
tells nothing. A refusal changes nothing in the store.

Nothing here is listed by hand but how each command is tried (``FILLS``): a new
channel option fails ``test_every_channel_option_has_a_case`` until it has one."""

from __future__ import annotations

import io
import json
import random
from collections.abc import Callable
from dataclasses import dataclass, replace
from pathlib import Path
from types import SimpleNamespace
from typing import Any, Literal

import discord
import pytest
from discord import app_commands

import bot.storage.settings as stored_settings
from bot.__main__ import _asker, _parser
from bot.commands import Option
from bot.console import run_once
from bot.context import Context
from bot.discord.dispatch import NEEDS_SERVER, dispatch
from bot.handlers import COMMANDS
from bot.storage import Store
from tests.discord.fakes import FakeInteraction, Sent
from tests.handlers.encounter_helpers import run, state

PREP, TABLE = "1111", "2222"
SERVER, OTHER = "1", "2"
DM, ARI, CY, EVE, BOSS = "10", "11", "12", "13", "14"  # BOSS: Manage Channels server-wide
GM_ROLE = "555"
SAVERS = {"Crypt": DM, "Lair": ARI}  # the prep channel's scenes and who saved each
SAVED_AT = "2025-01-01T12:00:00+00:00"  # every save at once: the twins' listings alike

# ------------------------------------------------------------------ the askers


@dataclass(frozen=True)
class Asker:
    """Who asks at the table, and how they stand in the prep channel."""

    case: str
    user: str
    reads: Literal["all", "saved", "nothing"]  # what they may read of the prep channel
    gm_here: bool  # a GM at the table: loads here any scene they may read
    console: tuple[str, ...] | None  # the console's flags; None: the console can't say it
    # on Discord: Manage Channels here (across the server unless server_wide is False),
    # and what Discord resolves of the prep channel for them
    manages_here: bool = False
    server_wide: bool | None = None
    sees_there: bool = True
    manages_there: bool = False
    roles: tuple[str, ...] = ()
    prep_server: str = SERVER  # the server the prep channel is in
    in_dm: bool = False  # asked from a DM: no server


ASKERS = (
    Asker(
        "its GM: Manage Channels there", BOSS, "all", gm_here=True, console=(),
        manages_here=True, manages_there=True,
    ),
    Asker(
        "its GM: the server's GM role", "15", "all", gm_here=True,
        console=("--player", "--roles", GM_ROLE), roles=(GM_ROLE,),
    ),
    Asker("its GM: the encounter's GM there", DM, "all", gm_here=False, console=("--player",)),
    Asker("its GM: a co-GM there", CY, "all", gm_here=False, console=("--player",)),
    Asker("a player there who can see it", EVE, "nothing", gm_here=False, console=("--player",)),
    # what would let them read it, but for seeing it: the GM role, having saved a scene
    Asker(
        "the GM role, who can't see it", "16", "nothing", gm_here=True, console=None,
        roles=(GM_ROLE,), sees_there=False,
    ),
    Asker(
        "the saver, who can't see it any more", ARI, "nothing", gm_here=False, console=None,
        sees_there=False,
    ),
    Asker(
        "a GM of another server", BOSS, "nothing", gm_here=True, console=(),
        manages_here=True, manages_there=True, prep_server=OTHER,
    ),
    Asker(
        "asked from a DM", BOSS, "nothing", gm_here=True, console=("--guild", ""),
        manages_here=True, manages_there=True, in_dm=True,
    ),
    Asker(
        "a GM here only (--channel-only)", "17", "nothing", gm_here=True,
        console=("--channel-only",), manages_here=True, server_wide=False,
    ),
    Asker("the saver of a scene there", ARI, "saved", gm_here=False, console=("--player",)),
)  # fmt: skip


def reads(asker: Asker, scene: str) -> bool:
    return asker.reads == "all" or (asker.reads == "saved" and SAVERS[scene] == asker.user)


# -------------------------------------------------------- how each option is tried


@dataclass(frozen=True)
class Attempt:
    """One run of the command naming the prep channel: its other options, the scene it
    is about (the twin lacks it), what its answer shows and never shows, the refusal
    it carries (None: it goes through) and whether going through changes the store."""

    label: str
    options: dict[str, object]
    about: str
    shows: tuple[str, ...] = ()
    never: tuple[str, ...] = ()
    refusal: str | None = None
    changes: bool = False


def load(asker: Asker) -> list[Attempt]:
    """Each scene: loaded if the asker may read it there and load here (a GM here, or its
    saver); refused here if only the first; otherwise no such scene there."""
    tries = []
    for scene, saver in SAVERS.items():
        attempt = Attempt(scene, {"name": scene}, scene, never=("Scene loaded",))
        if not reads(asker, scene):
            tries.append(replace(attempt, refusal=f'No scene named "{scene}" in'))
        elif asker.gm_here or asker.user == saver:
            tries.append(
                replace(attempt, shows=(f"Scene loaded: {scene}",), never=(), changes=True)
            )
        else:
            tries.append(replace(attempt, refusal="Only a GM (or whoever saved it) loads a scene"))
    return tries


def listing(asker: Asker) -> list[Attempt]:
    """The scenes the asker may read there, and none other (about each scene in turn)."""
    shown = [s for s in SAVERS if reads(asker, s)]
    count = f"{len(shown)} scene{'' if len(shown) == 1 else 's'} saved in that channel"
    return [
        Attempt(
            f"about {about}",
            {},
            about,
            shows=(count, *(f"{s} — saved by" for s in shown)),
            never=tuple(f"{s} — saved by" for s in SAVERS if s not in shown),
        )
        for about in SAVERS
    ]


# (command, option) → how it is tried. Every option of kind "channel" must be here.
FILLS: dict[tuple[str, str], Callable[[Asker], list[Attempt]]] = {
    ("encounter load", "from"): load,
    ("encounter scenes", "from"): listing,
}


def channel_options() -> list[tuple[str, str]]:
    return [
        (name, option.name)
        for name, command in COMMANDS.items()
        for option in command.options
        if option.kind == "channel"
    ]


SHELLS = ("discord", "console")


def attempts(key: tuple[str, str], asker: Asker, shell: str) -> list[Attempt]:
    fill = FILLS.get(key)
    if fill is None:
        pytest.fail(f"{key} names another channel and has no case in the matrix: add it to FILLS")
    tries = fill(asker)
    if shell == "discord" and asker.in_dm:  # the shell answers first: no encounter in a DM
        return [
            replace(a, shows=(), refusal="Encounters need a server", changes=False) for a in tries
        ]
    return tries


CASES = [
    pytest.param(
        key, asker, shell, attempt,
        id=f"/{key[0]} {key[1]}:|{shell}|{asker.case}|{attempt.label}",
    )
    for key in channel_options()
    for asker in ASKERS
    for shell in SHELLS
    if shell == "discord" or asker.console is not None
    for attempt in (attempts(key, asker, shell) if key in FILLS else [Attempt("no case", {}, "")])
]  # fmt: skip


# ------------------------------------------------------------------- the world


def person(store: Store, channel: str, user: str, guild: str, *, manages: bool = False) -> Context:
    return Context(
        store, channel, user, is_gm=manages, rng=random.Random(1), guild_id=guild,
        manages_server=manages,
    )  # fmt: skip


async def build(store: Store, prep_server: str, *, without: str | None) -> None:
    """The server's GM role; DM's encounter in the prep channel (a hidden token, a
    secret door), Ari and Cy its co-GMs; Ari saves Lair and is removed; DM saves Crypt.
    ``without``: that scene is not saved (the twin)."""
    await run(person(store, TABLE, BOSS, SERVER, manages=True), f"/settings gm_role:<@&{GM_ROLE}>")
    dm, ari = person(store, PREP, DM, prep_server), person(store, PREP, ARI, prep_server)
    await run(
        dm,
        "/encounter start width:8 height:8",
        "/token add name:Lurker at:C3 team:enemy hidden:true",
        "/terrain edge cells:D4/D5 kind:door hidden:true",
        f"/encounter gm add user:{ARI}",
        f"/encounter gm add user:{CY}",
    )
    if without != "Lair":
        await run(ari, "/encounter save name:Lair")
    await run(dm, f"/encounter gm remove user:{ARI}")
    if without != "Crypt":
        await run(dm, "/encounter save name:Crypt")


async def snapshot(store: Store) -> tuple[object, ...]:
    """Everything a command here may change: both channels' boards and history, the
    prep channel's scenes."""
    scenes = [await store.scene(PREP, s.name) for s in await store.scenes(PREP)]
    return (
        await state(store, TABLE),
        await state(store, PREP),
        await store.history(TABLE, 50),
        await store.history(PREP, 50),
        scenes,
    )


# --------------------------------------------------------------------- the shells


def resolved(asker: Asker) -> app_commands.AppCommandChannel:
    """The prep channel as Discord hands it over: the asker's permissions there (without
    View Channel, Discord grants nothing else), its server (None in a DM)."""
    sees = asker.sees_there
    there = discord.Permissions(view_channel=sees, manage_channels=sees and asker.manages_there)
    data = {"id": PREP, "type": 0, "name": "prep", "permissions": str(there.value)}
    guild = None if asker.in_dm else int(asker.prep_server)
    return app_commands.AppCommandChannel(state=None, data=data, guild_id=guild)  # type: ignore[arg-type]


def shown(sent: Sent) -> dict[str, Any]:
    """One message the interaction got, as the user sees it (the files by name)."""
    files = [
        *([sent.kwargs["file"]] if "file" in sent.kwargs else []),
        *sent.kwargs.get("files", []),
    ]
    return {
        "via": sent.via,
        "ephemeral": sent.ephemeral,
        "content": sent.kwargs.get("content"),
        "embed": sent.kwargs["embed"].to_dict() if "embed" in sent.kwargs else None,
        "embeds": [e.to_dict() for e in sent.kwargs.get("embeds", [])],
        "files": [f.filename for f in files],
    }


async def on_discord(
    store: Store, key: tuple[str, str], asker: Asker, options: dict[str, object]
) -> str:
    command, option = key
    interaction = FakeInteraction(
        store, manage_channels=asker.manages_here, channel_number=int(TABLE),
        user_id=int(asker.user), guild_id=None if asker.in_dm else int(SERVER),
        guild_manage_channels=asker.server_wide,
    )  # fmt: skip
    if asker.roles:
        interaction.user.roles = [SimpleNamespace(id=int(r)) for r in asker.roles]
    await dispatch(interaction, command, {**options, option: resolved(asker)})
    return json.dumps([shown(s) for s in interaction.sent], ensure_ascii=False)


async def in_console(
    store: Store, key: tuple[str, str], asker: Asker, options: dict[str, object]
) -> str:
    command, option = key
    line = " ".join(
        [f"/{command}", *(f"{k}:{v}" for k, v in options.items()), f"{option}:<#{PREP}>"]
    )
    assert asker.console is not None
    flags = ["--user", asker.user, "--channel", TABLE, "--guild", SERVER, "--seed", "1"]
    args = _parser().parse_args(["ask", "--json", *flags, *asker.console, line])
    out = io.StringIO()
    await run_once(store, line, as_json=True, out=out, **_asker(args))
    printed = out.getvalue()
    picture = (json.loads(printed)["result"] or {}).get("image")
    return printed.replace(picture, "<picture>") if picture else printed  # a temp file's name


ASK = {"discord": on_discord, "console": in_console}


def words(answer: str) -> str:
    """Every text an answer carries, one per line (markers are looked for in these)."""
    found: list[str] = []

    def walk(value: object) -> None:
        if isinstance(value, str):
            found.append(value)
        elif isinstance(value, dict):
            for v in value.values():
                walk(v)
        elif isinstance(value, list):
            for v in value:
                walk(v)

    walk(json.loads(answer))  # Discord's messages, or the console's one JSON line
    return "\n".join(found)


# ---------------------------------------------------------------------- the tests


@pytest.mark.parametrize(("key", "asker", "shell", "attempt"), CASES)
async def test_the_matrix(
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    key: tuple[str, str],
    asker: Asker,
    shell: str,
    attempt: Attempt,
) -> None:
    if key not in FILLS:
        attempts(key, asker, shell)  # fails, naming what has no case
        return
    monkeypatch.setattr(stored_settings, "now", lambda: SAVED_AT)
    answers, changed = [], []
    for twin in (False, True):
        store = await Store.open(tmp_path / f"{'twin' if twin else 'world'}.db")
        try:
            await build(store, asker.prep_server, without=attempt.about if twin else None)
            before = await snapshot(store)
            answers.append(await ASK[shell](store, key, asker, attempt.options))
            changed.append(await snapshot(store) != before)
        finally:
            await store.close()
    world, twin_answer = answers
    text = words(world)
    for marker in attempt.shows:
        assert marker in text, (marker, text)
    for marker in attempt.never:
        assert marker not in text, (marker, text)
    if attempt.refusal is not None:
        assert attempt.refusal in text, (attempt.refusal, text)
        assert not changed[0], "refused, but the store changed"
    else:
        assert changed[0] == attempt.changes, text
    if not reads(asker, attempt.about) or (shell == "discord" and asker.in_dm):
        # what they may not read is answered as if it weren't there: no oracle
        assert world == twin_answer


def test_every_channel_option_has_a_case() -> None:
    """A new option naming another channel needs a line in FILLS; one left there after
    it's gone is stale."""
    options = channel_options()
    assert options, "no option names a channel: the matrix tests nothing"
    missing = [k for k in options if k not in FILLS]
    assert not missing, f"no case in the cross-channel matrix for {missing}"
    stale = [k for k in FILLS if k not in options]
    assert not stale, f"cases for options that no longer name a channel: {stale}"


def test_a_new_channel_option_fails_until_it_has_a_case(monkeypatch: pytest.MonkeyPatch) -> None:
    show = COMMANDS["encounter show"]
    peek = Option("from", "channel", "Another channel's board")
    monkeypatch.setitem(COMMANDS, "encounter show", replace(show, options=(*show.options, peek)))
    with pytest.raises(AssertionError, match=r"\('encounter show', 'from'\)"):
        test_every_channel_option_has_a_case()


def test_the_console_says_every_case_but_a_channel_it_cannot_see() -> None:
    """The console has no channel its user can't see; every other asker runs through both
    shells (a case the console can't say must be named here)."""
    unsaid = [a.case for a in ASKERS if a.console is None]
    assert unsaid == ["the GM role, who can't see it", "the saver, who can't see it any more"]
    assert NEEDS_SERVER.startswith("Encounters need a server")
