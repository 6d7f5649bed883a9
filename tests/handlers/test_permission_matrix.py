"""The permission matrix, generated from the command table (issue 26): for every
command that changes state (``Command.changes_state``) and every option that names a
token or template on the board (``Option.refers_to``), the attempts a table makes:
another player, the owner out of its token's turn, the acting player on what isn't
theirs. Each is refused and changes nothing (not the board, not its history, not the
channel's settings); the GM and the rightful owner go through.

Nothing here is listed by hand but how to fill each option (``FILLS``) and what a
command that names nothing needs (``PLAIN``): a new command, or a new option naming a
token or template, fails ``test_every_command_and_option_has_a_case`` until it has
one. Tested through the handlers both shells call; the Discord path's own permission
(Manage Channels, the server's) is tests/discord/test_server_permissions.py's."""

from __future__ import annotations

import random
import re
from collections.abc import Callable
from dataclasses import dataclass, replace

import pytest

from bot.commands import Command, Option
from bot.context import Context
from bot.errors import InvalidInput, NotAllowed, RulingError
from bot.handlers import COMMANDS
from bot.handlers import run_line as run_one
from bot.storage import Store
from bot.user_ids import name_id
from tests.handlers.encounter_helpers import run, state

CHANNEL = "table-1"
GM = "dm"  # started the encounter: its GM (no Manage Channels)
ADMIN = "admin"  # Manage Channels in the channel: a GM anywhere here
PLAYERS = ("ari", "bo", "eve")  # eve owns nothing; it is Bo's turn

# -------------------------------------------------------------------- the table


def who(store: Store, user: str, *, channel: str = CHANNEL) -> Context:
    return Context(store, channel, name_id(user), is_gm=user == ADMIN, rng=random.Random(1))


# Where each token steps to, and the door beside it, for a line that needs one.
STEP = {"Ari": "B3", "Bo": "B6", "Orc": "D6"}
DOOR = {"Ari": "A2/B2", "Bo": "A5/B5", "Orc": "C4/C5"}


async def table(store: Store, *, ruleset: str = "3.5", order: bool = True) -> None:
    """dm's encounter. Ari (ari's) at B2; Bo (bo's) at B5, the Orc (the GM's) beside it
    at C5; mounts: Horse (bo's), Pony (the GM's), Nag (ari's); templates Fog (the
    GM's), Web (ari's), Mist (bo's); a door beside each of Ari, Bo and the Orc; a scene
    saved; with ``order``, a turn order running and Bo's turn."""
    dm, ari, bo = who(store, GM), who(store, "ari"), who(store, "bo")
    await run(dm, f"/encounter start width:12 height:10 ruleset:{ruleset}")
    await run(ari, "/token add name:Ari at:B2 team:party speed:30 fly:30")
    await run(bo, "/token add name:Bo at:B5 team:party speed:30 fly:30")
    await run(bo, "/token add name:Horse at:D7 size:large team:party speed:50")
    await run(ari, "/token add name:Nag at:I5 size:large team:party speed:40")
    await run(
        dm,
        "/token add name:Orc at:C5 team:enemy speed:30 fly:30",
        "/token add name:Pony at:D2 size:large team:party speed:40",
        "/template add shape:circle size:10 at:J2 name:Fog",
    )
    await run(ari, "/template add shape:circle size:10 at:J9 name:Web")
    await run(bo, "/template add shape:circle size:10 at:L9 name:Mist")
    await run(dm, "/terrain set cells:K1 kind:difficult")
    if ruleset != "becmi":
        for edge in DOOR.values():
            await run(dm, f"/terrain edge cells:{edge} kind:door")
    await run(dm, "/encounter save name:Camp")
    if order:
        await run(dm, '/turn order order:"Bo, Ari, Orc, Horse, Pony, Nag"')


@dataclass(frozen=True)
class Try:
    """One attempt: ``user`` sends ``line`` on the board (a turn order running, Bo's
    turn, unless ``order`` is False). A refused one raises ``error`` naming ``names``."""

    user: str
    line: str
    allowed: bool
    names: str | None = None  # a refusal names what isn't theirs (not some other fault)
    error: type[RulingError] = NotAllowed
    order: bool = True
    ruleset: str = "3.5"
    setup: tuple[str, ...] = ()  # the GM's lines first (a grapple to drag)
    channel: str = CHANNEL

    def __str__(self) -> str:
        board = "in play" if self.order else "setting up"
        after = f", after {'; '.join(self.setup)}" if self.setup else ""
        return f"{self.user}: {self.line} ({board}, {self.ruleset}{after})"


# ------------------------------------------------------- how to fill each option


def subject(
    command: str, option: str, rest: str = "", *, when: str, order: bool = True
) -> list[Try]:
    """``option`` names the token the command changes or acts with: a player only their
    own, the GM any. ``when`` the owner may: "any" time, on its token's "turn" once an
    order runs, or only while "setting" the scene (no order: then it is the GM's)."""

    def line(name: str) -> str:
        filled = rest.format(step=STEP.get(name, ""), door=DOOR.get(name, ""))
        return f"/{command} {option}:{name} {filled}".strip()

    out_of_turn = when == "any" or not order
    on_turn = when != "setting" or not order
    return [
        Try("eve", line("Ari"), False, "Ari", order=order),  # another player's
        Try("eve", line("Orc"), False, "Orc", order=order),  # the GM's
        Try("bo", line("Ari"), False, "Ari", order=order),  # the acting player, not theirs
        Try("bo", line("Orc"), False, "Orc", order=order),
        Try("ari", line("Ari"), out_of_turn, "Ari", order=order),  # the owner, out of turn
        Try("bo", line("Bo"), on_turn, "Bo", order=order),  # the owner, on its turn
        Try(GM, line("Ari"), True, order=order),
        Try(GM, line("Orc"), True, order=order),
    ]


def gm_only(line: str, *, gm: str = GM, order: bool = True, ruleset: str = "3.5") -> list[Try]:
    """The GM's command: every player is refused, whatever they name."""
    return [
        *(Try(p, line, False, order=order, ruleset=ruleset) for p in PLAYERS),
        Try(gm, line, True, order=order, ruleset=ruleset),
    ]


def mount(command: str, *, order: bool) -> list[Try]:
    """mount: names a creature to ride: its owner's or the GM's to allow."""

    def line(rider: str, steed: str) -> str:
        return f"/{command} token:{rider} mount:{steed}"

    players_may = command == "move" or not order  # /token place: the GM's during an order
    return [
        Try("bo", line("Bo", "Pony"), False, "Pony" if players_may else None, order=order),
        Try("bo", line("Bo", "Nag"), False, "Nag" if players_may else None, order=order),
        Try("eve", line("Ari", "Horse"), False, order=order),
        Try("ari", line("Ari", "Nag"), not order, order=order),  # own, out of turn
        Try("bo", line("Bo", "Horse"), players_may, order=order),  # own, on its turn
        Try(GM, line("Ari", "Pony"), True, order=order),  # the GM seats anyone anywhere
        Try(GM, line("Ari", "Horse"), True, order=order),
    ]


def named_freely(lines: dict[str, str], refused: dict[str, str]) -> list[Try]:
    """The option names a token without changing it: anyone's may be named. ``lines``:
    user → an allowed line naming others' tokens; ``refused``: user → a line refused
    for its own fault (the token it changes isn't theirs)."""
    return [
        *(Try(user, line, True) for user, line in lines.items()),
        *(Try(user, line, False, "Ari") for user, line in refused.items()),
    ]


def by_the_rules(
    allowed: str, outside: str, names: str, mover: str, setup: tuple[str, ...] = ()
) -> list[Try]:
    """The option names a creature the rules move (a grappled one dragged, a foe bull
    rushed): whose it is doesn't matter, the rules do (docs/RULINGS.md): ``allowed``
    is Bo's on its turn; ``outside`` names one the rules don't let it (``names``). The
    mover is checked as ever: ``mover`` is Ari's line, refused to eve and, out of its
    turn, to ari."""
    return [
        Try("bo", allowed, True, setup=setup),
        Try(GM, allowed, True, setup=setup),
        Try("bo", outside, False, names, error=RulingError, setup=setup),
        Try("eve", mover, False, "Ari", setup=setup),  # not the mover's
        Try("ari", mover, False, "Ari", setup=setup),  # out of its turn
    ]


def carrying(line: str, *setup: str) -> list[Try]:
    """Placing Bo's Horse with Ari aboard (the GM seated it) would move Ari: refused to
    Bo, named; the GM's to do. Bo's own rider goes with it."""
    ari_aboard = (*setup, "/token place token:Ari mount:Horse")
    bo_aboard = (*setup, "/token place token:Bo mount:Horse")
    return [
        Try("bo", line, False, "Ari", order=False, setup=ari_aboard),
        Try(GM, line, True, order=False, setup=ari_aboard),
        Try("bo", line, True, order=False, setup=bo_aboard),
    ]


def template(command: str) -> list[Try]:
    """A template is its placer's and the GM's (docs/RULINGS.md): at any time."""
    line = f"/{command} name:{{}}"
    return [
        Try("bo", line.format("Fog"), False, "Fog"),  # the GM's
        Try("bo", line.format("Web"), False, "Web"),  # another player's
        Try("eve", line.format("Web"), False, "Web"),
        Try("ari", line.format("Web"), True),  # its placer, out of turn
        Try("bo", line.format("Mist"), True),
        Try(GM, line.format("Web"), True),
    ]


GRAPPLED = ("/token condition token:Orc add:grappled by:Bo",)

# (command, option) → the attempts. Every option naming a token or template of every
# command that changes state must be here: a new one fails loudly until it is.
FILLS: dict[tuple[str, str], Callable[[], list[Try]]] = {
    ("token edit", "token"): lambda: [
        *subject("token edit", "token", "speed:40", when="any"),
        # placing it elsewhere: the GM's during an order, the owner's otherwise
        *subject("token edit", "token", "at:{step}", when="setting"),
        *subject("token edit", "token", "at:{step}", when="setting", order=False),
        *carrying("/token edit token:Horse at:F5"),
    ],
    ("token remove", "token"): lambda: subject("token remove", "token", when="any"),
    ("token condition", "token"): lambda: subject(
        "token condition", "token", "add:prone", when="any"
    ),
    ("token condition", "by"): lambda: named_freely(
        {
            "bo": "/token condition token:Bo add:grappled by:Orc",
            "ari": "/token condition token:Ari add:grappled by:Bo",
            GM: "/token condition token:Ari add:grappled by:Orc",
        },
        {"eve": "/token condition token:Ari add:grappled by:Orc"},
    ),
    ("token trait", "token"): lambda: subject(
        "token trait", "token", "add:not-trained-for-war", when="any"
    ),
    # an opportunity attack taken (issue 29): its owner's, any time, or the GM's
    ("token reaction", "token"): lambda: subject(
        "token reaction", "token", "used:true", when="any"
    ),
    # a 5e token's Strength (issue 28): its owner's, or the GM's, as /token edit
    ("token stats", "token"): lambda: [
        replace(t, ruleset="5e") for t in subject("token stats", "token", "strength:15", when="any")
    ],
    ("token place", "token"): lambda: [
        *subject("token place", "token", "altitude:10", when="setting"),
        *subject("token place", "token", "altitude:10", when="setting", order=False),
        *carrying("/token place token:Horse altitude:10", "/token edit token:Horse fly:60"),
    ],
    ("token place", "mount"): lambda: [
        *mount("token place", order=True),
        *mount("token place", order=False),
    ],
    ("turn order", "order"): lambda: gm_only('/turn order order:"Ari, Bo, Orc"'),
    ("turn add", "token"): lambda: gm_only("/turn add token:Spy"),
    ("turn add", "after"): lambda: gm_only("/turn add token:Spy after:Ari"),
    ("turn remove", "token"): lambda: gm_only("/turn remove token:Ari"),
    # a player types their own token's roll, any time; the GM any token's
    ("turn roll", "token"): lambda: [
        *subject("turn roll", "token", "value:12", when="any"),
        *subject("turn roll", "token", "value:12", when="any", order=False),
    ],
    ("move", "token"): lambda: subject("move", "token", "to:{step}", when="turn"),
    ("move", "by"): lambda: gm_only("/move token:Ari to:B1 forced:push by:Bo"),
    ("move", "group"): lambda: [
        Try("bo", "/move token:Bo to:B6 group:Ari", False, "Ari", ruleset="becmi"),
        Try("bo", "/move token:Bo to:B6 group:Orc", False, "Orc", ruleset="becmi"),
        Try("ari", "/move token:Ari to:B3 group:Nag", False, "Ari", ruleset="becmi"),
        Try("bo", "/move token:Bo to:B6 group:Horse", True, ruleset="becmi"),
        Try(GM, "/move token:Bo to:B6 group:Ari", True, ruleset="becmi"),
    ],
    ("move", "drag"): lambda: by_the_rules(
        "/move token:Bo to:B6 drag:Orc",
        "/move token:Bo to:B6 drag:Ari",  # Ari isn't grappled by Bo
        "Ari",
        "/move token:Ari to:B3 drag:Orc",
        setup=GRAPPLED,
    ),
    ("move", "target"): lambda: [
        *by_the_rules(
            "/move token:Bo action:bull-rush target:Orc margin:5",
            "/move token:Bo action:bull-rush target:Nag margin:5",  # too far to reach
            "Nag",
            "/move token:Ari action:bull-rush target:Orc margin:5",
        ),
        # a bull rush is an attack: on anyone the rules allow, a player's too
        Try("bo", "/move token:Bo action:bull-rush target:Ari margin:5", True),
    ],
    ("move", "mount"): lambda: mount("move", order=True),
    ("door", "token"): lambda: subject("door", "token", "edge:{door} open:true", when="turn"),
    ("template add", "follows"): lambda: named_freely(
        {
            "bo": "/template add shape:circle size:10 at:F5 follows:Ari",
            "eve": "/template add shape:circle size:10 at:F5 follows:Orc",
            GM: "/template add shape:circle size:10 at:F5 follows:Bo",
        },
        {},
    ),
    ("template remove", "name"): lambda: template("template remove"),
}

# Commands that change state and name no token or template: how they are tried.
PLAIN: dict[str, Callable[[], list[Try]]] = {
    "ruleset set": lambda: gm_only("/ruleset set system:becmi", gm=ADMIN),
    "encounter start": lambda: [  # anyone, in a channel without one: they are its GM
        Try("eve", "/encounter start width:8 height:8", True, channel="table-2"),
        *(Try(u, "/encounter start width:8 height:8", False, error=InvalidInput) for u in PLAYERS),
    ],
    "encounter end": lambda: gm_only("/encounter end confirm:true"),
    "encounter delete": lambda: gm_only("/encounter delete confirm:true"),
    "encounter import": lambda: gm_only("/encounter import text:8x8 replace:true"),
    "encounter load": lambda: gm_only("/encounter load name:Camp replace:true"),
    "encounter gm add": lambda: gm_only("/encounter gm add user:cy"),
    "encounter gm remove": lambda: [
        *gm_only("/encounter gm remove user:cy"),
        Try("cy", "/encounter gm remove user:cy", True),  # a co-GM steps down
    ],
    "encounter gm give": lambda: gm_only("/encounter gm give user:cy"),
    "token add": lambda: [
        *gm_only("/token add name:Wolf at:F5"),  # during an order: the GM's
        *(Try(u, "/token add name:Wolf at:F5", True, order=False) for u in PLAYERS),
    ],
    "terrain set": lambda: gm_only("/terrain set cells:F5 kind:wall"),
    "terrain clear": lambda: gm_only("/terrain clear"),
    "terrain light": lambda: gm_only("/terrain light cells:F5 dark:true"),
    "terrain edge": lambda: gm_only("/terrain edge cells:F5/F6 kind:wall"),
    "turn next": lambda: [
        Try("eve", "/turn next", False),
        Try("ari", "/turn next", False),
        Try("bo", "/turn next", True),  # the acting token's owner ends its turn
        Try(GM, "/turn next", True),
    ],
    "turn clear": lambda: gm_only("/turn clear"),
    "undo": lambda: gm_only("/undo"),  # the latest change is the GM's turn order
}

# A GM-only line naming a token not yet in the order.
SPY = "/token add name:Spy at:H9"


def tries_for(key: tuple[str, str] | str) -> list[Try]:
    fill = FILLS.get(key) if isinstance(key, tuple) else PLAIN.get(key)
    if fill is None:
        pytest.fail(
            f"{key} changes state and has no case in the permission matrix: say how to "
            "fill it in FILLS (an option naming a token or template) or PLAIN (a command)."
        )
    return fill()


def naming_options() -> list[tuple[str, str]]:
    return [
        (name, option.name)
        for name, command in COMMANDS.items()
        if command.changes_state
        for option in command.options
        if option.refers_to
    ]


def plain_commands() -> list[str]:
    named = {name for name, _ in naming_options()}
    return [n for n, c in COMMANDS.items() if c.changes_state and n not in named]


CASES = [
    pytest.param(key, attempt, id=f"{key}|{attempt}")
    for key in (*naming_options(), *plain_commands())
    for attempt in (tries_for(key) if key in FILLS or key in PLAIN else [None])
]


# ---------------------------------------------------------------------- the tests


async def snapshot(store: Store) -> tuple[object, ...]:
    """Everything a command may change: the board, its history, the channel's setting."""
    return (
        await state(store),
        await store.history(CHANNEL, 100),
        await store.channel_ruleset(CHANNEL),
        await store.active_encounter("table-2") is not None,
    )


@pytest.mark.parametrize(("key", "attempt"), CASES)
async def test_the_matrix(store: Store, key: object, attempt: Try | None) -> None:
    if attempt is None:
        tries_for(key)  # type: ignore[arg-type]  # fails, naming what has no case
        return
    await table(store, ruleset=attempt.ruleset, order=attempt.order)
    gm = who(store, GM)
    if "Spy" in attempt.line:
        await run(gm, SPY)
    if "gm remove user:cy" in attempt.line:
        await run(gm, "/encounter gm add user:cy")
    for line in attempt.setup:
        await run(gm, line)
    before = await snapshot(store)
    asker = who(store, attempt.user, channel=attempt.channel)
    if attempt.allowed:
        await run_one(asker, attempt.line)
        assert await snapshot(store) != before, f"went through but changed nothing: {attempt}"
        return
    with pytest.raises(RulingError) as caught:
        await run_one(asker, attempt.line)
    assert isinstance(caught.value, attempt.error), (str(attempt), caught.value)
    if attempt.names is not None:
        assert attempt.names in str(caught.value), (str(attempt), caught.value)
    assert await snapshot(store) == before, f"refused but changed: {attempt}"


# Options that name no token but are the GM's alone to give (issue 41): a player's own
# token on its own turn is refused them too, and nothing changes.
GM_OPTIONS: dict[tuple[str, str], Callable[[], list[Try]]] = {
    ("move", "extra_action"): lambda: gm_only(
        "/move token:Bo to:B6 action:dash extra_action:action-surge", ruleset="5e"
    ),
}


@pytest.mark.parametrize(
    "attempt",
    [pytest.param(a, id=f"{k}|{a}") for k, fill in GM_OPTIONS.items() for a in fill()],
)
async def test_the_gms_options(store: Store, attempt: Try) -> None:
    await test_the_matrix(store, "gm option", attempt)


def test_the_gms_options_are_options() -> None:
    for command, option in GM_OPTIONS:
        assert option in {o.name for o in COMMANDS[command].options}, (command, option)


def test_every_command_and_option_has_a_case() -> None:
    """A new command that changes state, or a new option naming a token or template,
    needs a line in FILLS or PLAIN; one left there after it's gone is stale."""
    missing = [k for k in naming_options() if k not in FILLS]
    missing += [c for c in plain_commands() if c not in PLAIN]
    assert not missing, f"no case in the permission matrix for {missing}"
    stale = [k for k in FILLS if k not in naming_options()]
    stale += [c for c in PLAIN if c not in plain_commands()]
    assert not stale, f"cases for what no longer changes state or names a token: {stale}"


# Text options of state-changing commands whose description sounds like a token but
# which name none (a square, a load).
NAMES_NOTHING = {
    *(
        (command, option)
        for command in ("token add", "token edit")
        for option in ("carries", "body")
    ),
    ("token place", "at"),
}
SOUNDS_LIKE_A_NAME = re.compile(r"\b(token|tokens|creature|mount|rider|foe|template|who)\b", re.I)


def test_an_option_that_sounds_like_it_names_a_token_says_so() -> None:
    """The safety net under ``refers_to``: an option described as a token, creature or
    template but not marked would escape the matrix."""
    unmarked = [
        (name, option.name)
        for name, command in COMMANDS.items()
        if command.changes_state
        for option in command.options
        if option.kind == "string"
        and not option.refers_to
        and (name, option.name) not in NAMES_NOTHING
        and SOUNDS_LIKE_A_NAME.search(option.description)
    ]
    assert not unmarked, f"mark refers_to= on these options, or list them here: {unmarked}"


# ------------------------------------------------------ beyond the generated matrix


async def test_manage_channels_makes_a_player_a_gm(store: Store) -> None:
    await table(store)
    before = await state(store)
    await run(who(store, ADMIN), "/token edit token:Ari at:E9")
    assert await state(store) != before


async def test_remove_then_add_cannot_move_a_token_out_of_turn(store: Store) -> None:
    """Issue 5's hole: removing one's own token and adding it again elsewhere."""
    await table(store)
    ari = who(store, "ari")
    await run(ari, "/token remove token:Ari")  # its own token: allowed
    before = await state(store)
    with pytest.raises(NotAllowed):
        await run(ari, "/token add name:Ari at:J10")
    assert await state(store) == before


async def test_another_channel_reaches_no_encounter(store: Store) -> None:
    await table(store)
    before = await state(store)
    elsewhere = who(store, "eve", channel="table-2")
    for line in ("/move token:Ari to:B3", "/token remove token:Ari", "/terrain clear", "/undo"):
        with pytest.raises(InvalidInput):
            await run(elsewhere, line)
    assert await state(store) == before


def test_a_new_option_or_command_fails_until_it_has_a_case(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    move = COMMANDS["move"]
    rider = Option("rider", "string", "A rider it carries off", refers_to="token")
    monkeypatch.setitem(COMMANDS, "move", replace(move, options=(*move.options, rider)))
    with pytest.raises(AssertionError, match=r"\('move', 'rider'\)"):
        test_every_command_and_option_has_a_case()
    monkeypatch.setitem(COMMANDS, "move", move)
    dance = Command("token dance", "Dance", (), move.handler, changes_state=True)
    monkeypatch.setitem(COMMANDS, "token dance", dance)
    with pytest.raises(AssertionError, match="token dance"):
        test_every_command_and_option_has_a_case()
    unmarked = Option("partner", "string", "The creature it dances with")
    monkeypatch.setitem(COMMANDS, "token dance", replace(dance, options=(unmarked,)))
    with pytest.raises(AssertionError, match="partner"):
        test_an_option_that_sounds_like_it_names_a_token_says_so()
