"""The console's quick calculator path (bot/console_quick.py) prints exactly what the
full path (bot/console.run_once: asyncio, the store, the handlers' dispatch) prints:
the same JSON and text, byte for byte, for /fall, /jump and /travel over every ruleset
in the registry, every way a channel's ruleset and units are chosen, and bad input.
Where it doesn't answer (it returns None) the full path runs, so the only thing to hold
it to is that whatever it prints is the full path's."""

from __future__ import annotations

import asyncio
import hashlib
import io
import json
import random
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from bot.commands import Command, Option
from bot.console import run_once
from bot.console_quick import answer
from bot.handlers.calc_reads import GM_NOTES as READ_GM_NOTES
from bot.handlers.calc_reads import SCHEMA_VERSION
from bot.handlers.fall import FALL
from bot.handlers.jump import JUMP
from bot.handlers.travel import TRAVEL
from bot.rules import identities, rulesets
from bot.storage import MIGRATIONS, Store
from bot.storage.settings import GM_NOTES

RULESETS = tuple(identities())
CALCULATORS = (FALL, JUMP, TRAVEL)
OTHER_GUILD = "guild-2"  # its server-wide ruleset is becmi, its GM role 555
GM_ROLE = "555"


def _channels() -> dict[str, str | None]:
    """Channel → the guild it is in (None: a DM-like console channel)."""
    shaped = {"shown": "console-server", "in-guild-2": OTHER_GUILD, "fight": "console-server"}
    for ruleset in RULESETS:
        for prefix in ("set", "metres", "squares"):
            shaped[f"{prefix}-{ruleset}"] = "console-server"
    shaped["no-guild"] = None
    return shaped


CHANNELS = _channels()


async def _full(
    store: Store, line: str, *, as_json: bool, seed: int, **who: Any
) -> tuple[int, str]:
    out = io.StringIO()
    code = await run_once(store, line, as_json=as_json, seed=seed, out=out, **who)
    return code, out.getvalue()


async def _build(path: Path) -> None:
    store = await Store.open(path)
    try:
        for ruleset in RULESETS:
            for prefix, units in (("set", None), ("metres", "metres"), ("squares", "squares")):
                channel = f"{prefix}-{ruleset}"
                code, _ = await _full(
                    store,
                    f"/ruleset set system:{ruleset}",
                    as_json=True,
                    seed=1,
                    channel=channel,
                    user="gm",
                )
                assert code == 0
                if units:
                    code, _ = await _full(
                        store,
                        f"/settings units:{units}",
                        as_json=True,
                        seed=1,
                        channel=channel,
                        user="gm",
                    )
                    assert code == 0
        for channel in ("shown", "no-guild"):  # the default ruleset, its notice shown once
            guild = CHANNELS[channel]
            assert (
                await _full(
                    store, "/jump", as_json=True, seed=1, channel=channel, user="gm", guild=guild
                )
            )[0] == 0
        code, _ = await _full(
            store,
            "/ruleset set system:becmi scope:server",
            as_json=True,
            seed=1,
            channel="in-guild-2",
            user="gm",
            guild=OTHER_GUILD,
        )
        assert code == 0
        code, _ = await _full(
            store,
            f"/settings gm_role:<@&{GM_ROLE}>",
            as_json=True,
            seed=1,
            channel="in-guild-2",
            user="gm",
            guild=OTHER_GUILD,
        )
        assert code == 0
        code, _ = await _full(
            store,
            "/encounter start width:6 height:6 ruleset:3.5",
            as_json=True,
            seed=1,
            channel="fight",
            user="gm",
        )
        assert code == 0
    finally:
        await store.close()


@pytest.fixture(scope="module")
def built(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """One database with a channel per way a ruleset is chosen (built once: it takes
    ~60 commands)."""
    path = tmp_path_factory.mktemp("quick") / "stride.db"
    asyncio.run(_build(path))
    return path


@pytest.fixture
async def opened(built: Path) -> AsyncIterator[Store]:
    store = await Store.open(built)
    yield store
    await store.close()


def _image_digest(path: str) -> str:
    """The picture's bytes as a digest; the file (a new one each run) is removed."""
    picture = Path(path)
    digest = "sha256:" + hashlib.sha256(picture.read_bytes()).hexdigest()
    picture.unlink()
    return digest


def comparable(printed: str, *, as_json: bool) -> str:
    """The printed reply with each picture's file name (a new temporary file each run)
    replaced by a digest of the picture's bytes."""
    if as_json:
        data = json.loads(printed)
        result = data.get("result")
        if isinstance(result, dict) and "image" in result:
            result["image"] = _image_digest(result["image"])
        return json.dumps(data)
    lines = printed.splitlines()
    return "\n".join(
        f"image: {_image_digest(ln.removeprefix('image: '))}" if ln.startswith("image: ") else ln
        for ln in lines
    )


# ------------------------------------------------------------------------- the lines


def _travel_words(option: str) -> list[str]:
    words: set[str] = set()
    for ruleset in rulesets().values():
        names = ruleset.calculators.travel_names.get(option)
        if names is not None:
            words.update(names.names)
    return sorted(words)


def _mostly(good: st.SearchStrategy[str], bad: st.SearchStrategy[str]) -> st.SearchStrategy[str]:
    """``good`` nine times in ten: most lines are ruled, some refused."""
    return st.integers(0, 9).flatmap(lambda n: bad if n == 9 else good)


def _number(option: Option) -> st.SearchStrategy[str]:
    low = int(option.min_value) if option.min_value is not None else 0
    high = int(option.max_value) if option.max_value is not None else 500
    inside = st.integers(low, min(high, low + 200)) | st.integers(max(low, high - 20), high)
    shown = inside.map(str)
    if option.kind == "number":
        shown = shown | st.floats(max(low, 0.1), min(high, 300)).map(lambda v: f"{v:.3g}")
    if option.unit:
        shown = shown | inside.map(lambda n: f"{n} {option.unit}")
    bad = st.sampled_from([str(low - 1), str(high + 1), "lots", "", "1e9"])
    return _mostly(shown, bad)


def _string(option: Option) -> st.SearchStrategy[str]:
    if option.choices:
        return _mostly(st.sampled_from(option.choices), st.just("bogus"))
    if option.name == "speed":
        return st.sampled_from(["30", "30, 20", "25", "120' (40')", "90' (30')", "fast", "0"])
    if option.name == "terrain":
        words = _travel_words("terrain")
        return st.lists(st.sampled_from([*words, "lava"]), min_size=1, max_size=3).map(", ".join)
    words = _travel_words(option.name)
    return _mostly(st.sampled_from(words), st.sampled_from(["teleport", "riding horse"]))


def value_of(option: Option) -> st.SearchStrategy[str]:
    if option.kind == "boolean":
        return _mostly(st.sampled_from(["true", "false", "yes"]), st.just("maybe"))
    if option.kind in ("integer", "number"):
        return _number(option)
    return _string(option)


def line_names(options: list[Option]) -> set[str]:
    return {o.name for o in options}


@st.composite
def lines(draw: st.DrawFn, command: Command) -> str:
    options = [o for o in command.options if o.name != "ruleset"]  # given apart, below
    chosen = draw(st.lists(st.sampled_from(options), max_size=4, unique=True))
    parts = [f"/{command.name}"]
    for option in chosen:
        parts.append(f'{option.name}:"{draw(value_of(option))}"')
    if (
        command.name == "fall"
        and "height" not in line_names(chosen)
        and draw(st.integers(0, 4)) < 4
    ):
        parts.append(f"height:{draw(st.integers(0, 400))}")  # most falls say how far
    if draw(st.integers(0, 20)) == 20:
        parts.append("nonsense:1")
    return " ".join(parts)


def _who(channel: str, player: bool, gm_role: bool = False) -> dict[str, Any]:
    """As the console's flags say it: a GM (Manage Channels) or a player, with or
    without the role guild-2 makes its GMs."""
    return {
        "channel": channel,
        "user": "someone",
        "guild": CHANNELS[channel],
        "manages_channel": not player,
        "roles": frozenset({GM_ROLE}) if gm_role else frozenset(),
    }


@settings(
    max_examples=250, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(
    data=st.data(),
    command=st.sampled_from(CALCULATORS),
    channel=st.sampled_from(sorted(CHANNELS)),
    player=st.booleans(),
    gm_role=st.booleans(),
    as_json=st.booleans(),
    seed=st.integers(0, 2**32),
)
async def test_the_quick_path_prints_what_the_full_path_prints(
    opened: Store,
    built: Path,
    data: st.DataObject,
    command: Command,
    channel: str,
    player: bool,
    gm_role: bool,
    as_json: bool,
    seed: int,
) -> None:
    line = data.draw(lines(command), label="line")
    if data.draw(st.booleans(), label="with ruleset:"):
        line += f" ruleset:{data.draw(st.sampled_from(RULESETS), label='ruleset')}"
    who = _who(channel, player, gm_role)
    out = io.StringIO()
    quick = answer(line, db=str(built), as_json=as_json, seed=seed, out=out, **who)
    code, printed = await _full(opened, line, as_json=as_json, seed=seed, **who)
    if quick is None:  # not answered quickly: the full path ran, as before
        assert out.getvalue() == ""
        return
    assert quick == code
    assert comparable(out.getvalue(), as_json=as_json) == comparable(printed, as_json=as_json)


@pytest.mark.parametrize("ruleset", RULESETS)
@pytest.mark.parametrize(
    "line", ["/fall height:60", "/jump", "/travel speed:30 distance:24", "/fall height:-1"]
)
async def test_every_ruleset_answers_the_common_lines_the_same(
    opened: Store, built: Path, ruleset: str, line: str
) -> None:
    for channel in (f"set-{ruleset}", f"metres-{ruleset}", f"squares-{ruleset}"):
        out = io.StringIO()
        quick = answer(line, db=str(built), as_json=True, seed=7, out=out, **_who(channel, False))
        code, printed = await _full(opened, line, as_json=True, seed=7, **_who(channel, False))
        assert quick == code
        assert comparable(out.getvalue(), as_json=True) == comparable(printed, as_json=True)


def test_a_set_up_channel_is_answered_quickly(built: Path) -> None:
    for line in ("/fall height:60", "/jump check:12", "/travel speed:30", "/fall height:lots"):
        out = io.StringIO()
        code = answer(line, db=str(built), as_json=True, seed=1, out=out, **_who("set-3.5", False))
        assert code is not None, line
        assert json.loads(out.getvalue())["ok"] is (code == 0)


async def test_what_needs_a_write_goes_the_full_way(opened: Store, built: Path) -> None:
    """A channel never set up (its first reply says which ruleset it used, and the store
    notes it said so), notes waiting for the GM (taken as they are told) and a database
    file that isn't there yet (the full path creates and migrates it): all go the full
    way, so they are written exactly as before."""
    fresh = {"channel": f"fresh-{random.random()}", "user": "gm", "guild": "console-server"}
    assert (
        answer("/fall height:60", db=str(built), as_json=True, seed=1, out=io.StringIO(), **fresh)
        is None
    )
    gm = {**_who("fight", False), "user": "gm"}  # who started the encounter
    await opened.set_meta(GM_NOTES + "fight", json.dumps(["The orc saw you."]))
    assert (
        answer(
            "/fall height:60",
            db=str(built),
            as_json=True,
            seed=1,
            out=io.StringIO(),
            **gm,
        )
        is None
    )
    _, printed = await _full(opened, "/fall height:60", as_json=True, seed=1, **gm)
    assert "The orc saw you." in printed
    missing = built.parent / "not-yet.db"
    assert (
        answer(
            "/fall height:60",
            db=str(missing),
            as_json=True,
            seed=1,
            out=io.StringIO(),
            **_who("set-5e", False),
        )
        is None
    )
    assert not missing.exists()


def test_the_quick_reads_know_the_stores_schema_and_keys() -> None:
    """bot/handlers/calc_reads.py writes out what it can't import without loading the store."""
    assert len(MIGRATIONS) == SCHEMA_VERSION
    assert READ_GM_NOTES == GM_NOTES


@pytest.mark.parametrize("gm_role", [True, False])
async def test_the_servers_gm_role_makes_a_player_its_gm_on_both_paths(
    opened: Store, built: Path, gm_role: bool
) -> None:
    """guild-2's GM role: a player holding it may roll becmi's check for getting lost
    (the GM's secret); one without it is refused, the same on both paths."""
    line = "/travel speed:120 terrain:forest lost_check:true"
    who = _who("in-guild-2", True, gm_role)
    out = io.StringIO()
    quick = answer(line, db=str(built), as_json=True, seed=4, out=out, **who)
    code, printed = await _full(opened, line, as_json=True, seed=4, **who)
    assert quick == code == (0 if gm_role else 2)
    assert out.getvalue() == printed
    if not gm_role:
        assert "Only the GM rolls" in json.loads(printed)["error"]
