"""The console (bot/console.py, python -m bot): same handlers, text and JSON output."""

from __future__ import annotations

import io
import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Any, cast

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from bot.console import run_once
from bot.storage import Store

ROOT = Path(__file__).resolve().parents[1]


async def ask(store: Store, line: str, *, seed: int = 1, channel: str = "c") -> tuple[int, dict]:
    out = io.StringIO()
    code = await run_once(store, line, as_json=True, seed=seed, channel=channel, user="gm", out=out)
    lines = out.getvalue().splitlines()
    assert len(lines) == 1  # exactly one JSON object
    return code, json.loads(lines[0])


async def test_player_flag_drops_manage_channels(store: Store):
    """--player: the console acts as a player, as Discord would without Manage Channels."""
    await ask(store, "/encounter start width:6 height:6")
    await ask(store, "/token add name:Orc at:A1")

    async def as_player(line: str) -> tuple[int, dict]:
        out = io.StringIO()
        code = await run_once(
            store,
            line,
            as_json=True,
            seed=1,
            channel="c",
            user="bob",
            out=out,
            manages_channel=False,
        )
        return code, json.loads(out.getvalue())

    code, data = await as_player("/move token:Orc to:B2")
    assert code != 0 and "belongs to the GM" in data["error"]
    assert (await as_player("/token add name:Bo at:C3"))[0] == 0
    code, data = await as_player("/move token:Bo to:D3")
    assert code == 0 and data["result"]["path"] == ["C3", "D3"]


async def test_json_envelope_for_a_ruling(store: Store):
    code, data = await ask(store, "/fall height:60")
    assert code == 0
    assert data["ok"] is True and data["error"] is None
    result = data["result"]
    for key in ("counted_ft", "dice", "nonlethal_dice", "damage", "nonlethal_damage", "prone_dc"):
        assert key in result
    assert result["dice"] == "6d6"
    assert result["damage"] == sum(result["rolls"]["lethal"]["faces"])


async def test_json_envelope_for_an_error(store: Store):
    code, data = await ask(store, "/fall height:lots")
    assert code != 0
    assert data == {"ok": False, "error": data["error"], "result": None}
    assert "height" in data["error"]


async def test_seed_makes_rolls_reproducible(store: Store):
    _, a = await ask(store, "/fall height:200", seed=42)
    _, b = await ask(store, "/fall height:200", seed=42)
    _, c = await ask(store, "/fall height:200", seed=43)
    assert a["result"]["rolls"] == b["result"]["rolls"]
    assert a["result"]["rolls"] != c["result"]["rolls"]


async def test_ruleset_is_per_channel_and_the_first_reply_says_which(store: Store):
    _, first = await ask(store, "/jump", channel="one")
    assert any(f["name"] == "Ruleset" for f in first["result"]["fields"])
    _, second = await ask(store, "/jump", channel="one")
    assert not any(f["name"] == "Ruleset" for f in second["result"]["fields"])
    code, _ = await ask(store, "/ruleset set system:becmi", channel="two")
    assert code == 0
    _, shown = await ask(store, "/ruleset show", channel="two")
    assert shown["result"]["ruleset"] == "becmi"
    _, other = await ask(store, "/ruleset show", channel="one")
    assert other["result"]["ruleset"] == "5e-alt"
    _, override = await ask(store, "/jump ruleset:3.5 check:12", channel="two")
    assert override["result"]["ruleset"] == "3.5"


async def test_text_output_reads_like_the_reply(store: Store):
    out = io.StringIO()
    await run_once(
        store,
        "/fall height:60 ruleset:5e-alt",
        as_json=False,
        seed=1,
        channel="c",
        user="gm",
        out=out,
    )
    text = out.getvalue()
    assert text.startswith("Falls 60 ft")
    assert "Damage:" in text and "[5e-alt" in text


async def test_a_console_gms_first_token_with_no_owner_or_team_is_asked_about_once(
    store: Store,
) -> None:
    """Issue 40 item 16: a console GM's first "/token add name:Ari" was an enemy with a
    line any token gets. The board's first token the GM adds with neither owner: nor
    team: says it is an enemy and asks whether it is a player's character, naming the line
    that makes it the party's; later ones say the rule alone, and that line does it."""
    await ask(store, "/encounter start width:6 height:6")

    async def text(line: str) -> str:
        out = io.StringIO()
        await run_once(store, line, as_json=False, seed=1, channel="c", user="gm", out=out)
        return out.getvalue()

    first = await text("/token add name:Ari")
    assert "Ari — A1 · Medium · enemy" in first
    assert (
        "Team:  enemy: the GM's tokens are enemies unless team: says otherwise. Is Ari a "
        "player's character? /token edit token:Ari team:party makes it the party's"
    ) in first
    second = await text("/token add name:Orc")
    assert "Team:  enemy: the GM's tokens are enemies unless team: says otherwise.\n" in second
    assert "player's character" not in second
    _, made = await ask(store, "/token edit token:Ari team:party")
    assert made["ok"] and made["result"]["token"]["team"] == "party"


@settings(max_examples=60, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(st.text(max_size=60))
async def test_bad_input_is_never_a_bug(store: Store, text: str):
    _code, data = await ask(store, "/" + text)
    if not data["ok"]:
        assert "went wrong on our side" not in data["error"]


def _run(*args: str, env_extra: dict[str, str], cwd: Path) -> subprocess.CompletedProcess[str]:
    env = {k: v for k, v in os.environ.items() if k != "DISCORD_TOKEN"}
    env.update(env_extra)
    env["PYTHONPATH"] = str(ROOT)
    return subprocess.run(
        [sys.executable, "-m", "bot", *args],
        capture_output=True,
        text=True,
        env=env,
        cwd=cwd,
        timeout=60,
    )


@pytest.mark.parametrize(
    ("line", "ok"), [("/fall height:60", True), ("/fall height:-60", False), ("/nope", False)]
)
def test_python_m_bot_ask_json_exit_codes(tmp_path: Path, line: str, ok: bool):
    proc = _run(
        "ask",
        "--json",
        "--seed",
        "3",
        line,
        env_extra={"STRIDE_DB": str(tmp_path / "s.db")},
        cwd=tmp_path,
    )
    data = json.loads(proc.stdout)
    assert data["ok"] is ok
    assert (proc.returncode == 0) is ok
    assert "Traceback" not in proc.stderr


def test_python_m_bot_without_a_token_says_what_to_set(tmp_path: Path):
    proc = _run(env_extra={"STRIDE_DB": str(tmp_path / "s.db")}, cwd=tmp_path)
    assert proc.returncode != 0
    assert "DISCORD_TOKEN" in proc.stderr and "console" in proc.stderr
    assert len(proc.stderr.strip().splitlines()) == 1
    assert "Traceback" not in proc.stderr


def test_a_reader_that_goes_away_stops_the_console_quietly(tmp_path: Path) -> None:
    """`python -m bot console < script | head -1`: when the pipe closes, the console stops
    with exit status 1 and no traceback, as Unix tools do."""
    env = {k: v for k, v in os.environ.items() if k != "DISCORD_TOKEN"}
    env.update(PYTHONPATH=str(ROOT), STRIDE_DB=str(tmp_path / "pipe.db"))
    script = "".join(f"/fall height:{10 * n}\n" for n in range(1, 200))
    process = subprocess.Popen(
        [sys.executable, "-m", "bot", "console", "--channel", "pipe"],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        env=env,
        cwd=tmp_path,
    )
    assert process.stdout is not None and process.stdin is not None
    process.stdout.readline()
    process.stdout.close()  # the reader goes away
    _, errors = process.communicate(script.encode(), timeout=60)
    assert process.returncode == 1
    assert b"Traceback" not in errors


def test_channel_only_is_manage_channels_here_but_not_across_the_server(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """--channel-only: Manage Channels granted in this channel alone (Discord's channel
    override), a GM here who sets nothing for the whole server (issue 26)."""
    from bot.__main__ import main

    monkeypatch.setenv("STRIDE_DB", str(tmp_path / "s.db"))

    def ask_as(*flags: str, line: str) -> dict[str, Any]:
        code = main(["ask", "--json", "--user", "cal", *flags, line])
        data = json.loads(capsys.readouterr().out)
        assert (code == 0) is data["ok"]
        return cast(dict[str, Any], data)

    refused = ask_as("--channel-only", line="/settings gm_role:<@&555>")
    assert not refused["ok"] and "across the server" in refused["error"]
    assert not ask_as("--channel-only", line="/ruleset set system:3.5 scope:server")["ok"]
    assert ask_as("--channel-only", line="/ruleset set system:3.5")["ok"]  # the channel's
    assert ask_as(line="/settings gm_role:<@&555>")["result"]["gm_role"] == "555"
    with pytest.raises(SystemExit):  # a player can't also have it in the channel
        main(["ask", "--player", "--channel-only", "/fall height:10"])


def test_a_channel_named_in_the_console_is_read_with_the_flags_rights_there(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """from:<#channel> (issue 38): the console's user is a GM in every channel of its
    server, with --channel-only in this one alone, with --player in none; a channel of
    another server (the one the store saw it in), or asked from none (--guild ""), is read
    as one with no scenes. tests/discord/test_cross_channel_matrix.py runs every case."""
    from bot.__main__ import main

    monkeypatch.setenv("STRIDE_DB", str(tmp_path / "s.db"))

    def scenes(*flags: str) -> list[str]:
        code = main(["ask", "--json", "--channel", "2222", *flags, "/encounter scenes from:1111"])
        data = json.loads(capsys.readouterr().out)
        assert code == 0, data
        return [s["name"] for s in data["result"]["scenes"]]

    for line in ("/encounter start width:5 height:5", "/encounter save name:Crypt"):
        assert main(["ask", "--channel", "1111", line]) == 0
    capsys.readouterr()
    assert scenes() == scenes("--user", "cal") == ["Crypt"]  # its encounter's GM; a GM there
    assert scenes("--user", "cal", "--channel-only") == scenes("--user", "cal", "--player") == []
    assert scenes("--player") == ["Crypt"]  # console-gm runs the encounter there
    assert scenes("--guild", "") == scenes("--guild", "another-server") == []
