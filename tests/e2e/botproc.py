"""The unmodified bot in a subprocess, pointed at the loopback Discord.

The bootstrap only moves discord.py's two addresses (``Route.BASE`` for REST,
``DiscordWebSocket.DEFAULT_GATEWAY`` for the Gateway) and then runs the
package's entry exactly as ``python -m bot`` does. Nothing in the bot changes.
"""

from __future__ import annotations

import asyncio
import contextlib
import os
import signal
import sys
from pathlib import Path

from tests.e2e.standin import FakeDiscord

REPO = Path(__file__).resolve().parents[2]

BOOTSTRAP = """
import os, runpy, sys
import yarl
import discord.gateway
import discord.http

discord.http.Route.BASE = os.environ["STRIDE_E2E_API"]
discord.gateway.DiscordWebSocket.DEFAULT_GATEWAY = yarl.URL(os.environ["STRIDE_E2E_GATEWAY"])
runpy.run_module("bot", run_name="__main__", alter_sys=True)
"""


class BotProcess:
    """``python -m bot`` against ``fake``; the log goes to ``<workdir>/bot.log``."""

    def __init__(self, fake: FakeDiscord, workdir: Path, *, db: Path | None = None) -> None:
        self.fake = fake
        self.workdir = workdir
        self.db = db or workdir / "stride.db"
        self.log = workdir / "bot.log"
        self.proc: asyncio.subprocess.Process | None = None
        self.extra_env: dict[str, str] = {}

    async def start(self, *args: str, wait: bool = True) -> None:
        env = {
            k: v for k, v in os.environ.items() if not k.startswith(("DISCORD_", "STRIDE_", "DEV_"))
        }
        env.update(
            DISCORD_TOKEN="e2e.fake.token",
            STRIDE_DB=str(self.db),
            STRIDE_LOG_LEVEL="INFO",
            STRIDE_E2E_API=self.fake.api_base,
            STRIDE_E2E_GATEWAY=self.fake.gateway_url,
            PYTHONPATH=str(REPO),
            PYTHONUNBUFFERED="1",
        )
        env.update(self.extra_env)
        self.fake.ready.clear()
        log = self.log.open("ab")
        try:
            self.proc = await asyncio.create_subprocess_exec(
                sys.executable,
                "-c",
                BOOTSTRAP,
                *args,
                cwd=self.workdir,  # no stray .env from the checkout
                env=env,
                stdout=log,
                stderr=log,
            )
        finally:
            log.close()
        if wait:
            await self.wait_ready()

    async def wait_ready(self, timeout: float = 60.0) -> None:
        """Until the Gateway session is up (login and the sync come before IDENTIFY)."""
        assert self.proc is not None
        ready = asyncio.ensure_future(self.fake.wait_ready(timeout))
        exited = asyncio.ensure_future(self.proc.wait())
        done, _ = await asyncio.wait({ready, exited}, return_when=asyncio.FIRST_COMPLETED)
        exited.cancel()
        if ready not in done:
            ready.cancel()
            raise AssertionError(f"the bot exited before READY:\n{self.tail()}")
        ready.result()

    def tail(self, lines: int = 40) -> str:
        if not self.log.exists():
            return "(no log)"
        return "\n".join(self.log.read_text(errors="replace").splitlines()[-lines:])

    def log_text(self) -> str:
        return self.log.read_text(errors="replace") if self.log.exists() else ""

    async def stop(self) -> int | None:
        """SIGINT, the way a terminal stops it; SIGKILL if it does not go."""
        if self.proc is None or self.proc.returncode is not None:
            return None if self.proc is None else self.proc.returncode
        self.proc.send_signal(signal.SIGINT)
        try:
            return await asyncio.wait_for(self.proc.wait(), 15)
        except TimeoutError:
            await self.kill()
            return None

    async def kill(self) -> None:
        if self.proc is not None and self.proc.returncode is None:
            self.proc.kill()
            with contextlib.suppress(ProcessLookupError):
                await self.proc.wait()
