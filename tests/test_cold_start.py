"""Issue 15's cold start: a calculator from the console loads its own handler and
ruleset, not every command's (the board, the path search, Discord). Checked by what a
fresh interpreter has imported, never by timing."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]

PROBE = """
import asyncio, json, random, sys
from bot.context import Context
from bot.handlers import run_line
from bot.storage import Store

async def main():
    store = await Store.open(sys.argv[1])
    try:
        await run_line(Context(store, "c", "1", is_gm=True, rng=random.Random(1)), sys.argv[2])
    finally:
        await store.close()

asyncio.run(main())
print(json.dumps(sorted(sys.modules)))
"""


def loaded(line: str, tmp_path: Path) -> set[str]:
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    out = subprocess.run(
        [sys.executable, "-c", PROBE, str(tmp_path / "probe.db"), line],
        capture_output=True,
        text=True,
        env=env,
        cwd=ROOT,
        check=True,
        timeout=60,
    ).stdout
    return set(json.loads(out.splitlines()[-1]))


def test_a_fall_loads_neither_discord_nor_the_board_nor_other_rulesets(tmp_path: Path) -> None:
    modules = loaded("/fall height:60 ruleset:3.5", tmp_path)
    assert "bot.handlers.fall" in modules and "bot.rules.dnd35.ruleset" in modules
    for absent in (
        "discord",
        "numpy",
        "asyncpg",
        "prometheus_client",
        "bot.handlers.move",
        "bot.handlers.board",
        "bot.render.board",
        "bot.rules.becmi.ruleset",
        "bot.rules.epic_path.ruleset",
        # the path search and the move planner: a step's Edge lives in bot.grid.paths
        "bot.grid.search",
        "bot.grid.compiled_search",
        "bot.rules.engine.plan",
    ):
        assert absent not in modules, absent


def test_the_table_names_every_command_where_it_lives() -> None:
    """The lazy table and the handler modules agree: each name imports to that command."""
    from bot.handlers import COMMANDS, ENCOUNTER_NAMES, encounter_commands

    assert len(COMMANDS) == len(set(COMMANDS))
    for name in COMMANDS:
        assert COMMANDS[name].name == name
    assert {c.name for c in encounter_commands()} == ENCOUNTER_NAMES


QUICK_PROBE = """
import json, sys
import bot.__main__ as entry
code = entry.main(["ask", "--json", *sys.argv[1:]])
probe = {"code": code, "quick": entry.answered_quickly, "modules": sorted(sys.modules)}
sys.stderr.write(json.dumps(probe) + "\\n")
"""


def quick_run(line: str, db: Path) -> tuple[dict[str, object], int, bool, set[str]]:
    env = {**os.environ, "PYTHONPATH": str(ROOT), "STRIDE_DB": str(db)}
    env.pop("DISCORD_TOKEN", None)
    done = subprocess.run(
        [sys.executable, "-c", QUICK_PROBE, line],
        capture_output=True,
        text=True,
        env=env,
        cwd=db.parent,
        check=True,
        timeout=60,
    )
    probe = json.loads(done.stderr.splitlines()[-1])
    return json.loads(done.stdout), probe["code"], probe["quick"], set(probe["modules"])


def test_a_calculator_in_a_set_up_channel_starts_without_asyncio_or_the_store(
    tmp_path: Path,
) -> None:
    """Issue 31's cold start: once the channel has had its first reply, `python -m bot
    ask "/fall height:60"` is answered by the quick path (bot/console_quick.py): no event
    loop, no store, no aiosqlite; the first run (the file made, the notice marked shown)
    took the full path."""
    db = tmp_path / "cold.db"
    first, code, quick, modules = quick_run("/fall height:60", db)
    assert code == 0 and first["ok"] is True and not quick and "asyncio" in modules
    for line in ("/fall height:60", "/jump check:14", "/travel speed:30", "/fall height:-5"):
        reply, code, quick, modules = quick_run(line, db)
        assert quick and (code == 0) is reply["ok"], line
        for absent in ("asyncio", "aiosqlite", "bot.storage", "bot.context", "bot.work"):
            assert absent not in modules, (line, absent)


def test_python_m_bot_prints_a_quick_answer_whole(tmp_path: Path) -> None:
    """The quick path's process ends without the interpreter's teardown: what it printed
    is flushed first, and the exit status is the command's."""
    env = {**os.environ, "PYTHONPATH": str(ROOT), "STRIDE_DB": str(tmp_path / "s.db")}
    env.pop("DISCORD_TOKEN", None)

    def ask(*args: str) -> subprocess.CompletedProcess[str]:
        return subprocess.run(
            [sys.executable, "-m", "bot", "ask", *args],
            capture_output=True,
            text=True,
            env=env,
            cwd=tmp_path,
            timeout=60,
        )

    assert ask("/fall height:60").returncode == 0  # the first: the full path
    done = ask("--json", "--seed", "3", "/fall height:60")
    data = json.loads(done.stdout)
    assert done.returncode == 0 and data["ok"] is True
    assert Path(data["result"]["image"]).read_bytes().startswith(b"\x89PNG")
    refused = ask("/fall height:-5")
    assert refused.returncode == 2 and refused.stdout.startswith("error: height")
    assert refused.stderr == ""
