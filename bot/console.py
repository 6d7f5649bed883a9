"""The local console: the bot's handlers without Discord.

``python -m bot ask "/fall height:60"`` runs one command; ``python -m bot
console`` is a prompt with history. Both use the same database as the bot
(``STRIDE_DB``) and the same handlers as the cogs; only the printing differs.
"""

from __future__ import annotations

import contextlib
import json
import logging
import random
import sys
import tempfile
from pathlib import Path
from typing import Any, TextIO, cast

from bot.context import Context
from bot.errors import RulingError, failure_message
from bot.handlers import run_line
from bot.reply import Reply, plain
from bot.storage import Store, recording_writes

log = logging.getLogger(__name__)

CONSOLE_CHANNEL = "console"
CONSOLE_USER = "console-gm"
CONSOLE_GUILD = "console-server"  # the server the console's channels belong to
IMAGE_DIR = Path(tempfile.gettempdir()) / "stride-images"


# what /map post:true means in the console, where no channel holds a board message
NO_BOARD_MESSAGE = "(In the console there is no board message: /map shows the board.)"


def _save_image(reply: Reply) -> str | None:
    """The reply's picture in a file of its own (``move-1a2b3c.png``: concurrent runs never
    overwrite each other's); None when there is none, or when it can't be written: the
    command itself has already succeeded (and may have been saved), so a picture that
    can't be written is only logged, never reported as the command failing."""
    if reply.image_png is None:
        return None
    stem, _, suffix = reply.image_name.rpartition(".")
    try:
        IMAGE_DIR.mkdir(parents=True, exist_ok=True)
        with tempfile.NamedTemporaryFile(
            dir=IMAGE_DIR, prefix=f"{stem or 'image'}-", suffix=f".{suffix or 'png'}", delete=False
        ) as file:
            file.write(reply.image_png)
        return file.name
    except OSError as exc:
        log.warning("Could not write the picture to %s: %s", IMAGE_DIR, exc)
        return None


def _save_attachment(reply: Reply) -> str | None:
    """The file a reply carries (an export's JSON), written beside the pictures."""
    if reply.attachment is None:
        return None
    name, data = reply.attachment
    stem, _, suffix = name.rpartition(".")
    try:
        IMAGE_DIR.mkdir(parents=True, exist_ok=True)
        with tempfile.NamedTemporaryFile(
            dir=IMAGE_DIR, prefix=f"{stem or 'file'}-", suffix=f".{suffix or 'txt'}", delete=False
        ) as file:
            file.write(data)
        return file.name
    except OSError as exc:
        log.warning("Could not write the file to %s: %s", IMAGE_DIR, exc)
        return None


def envelope(
    reply: Reply | None,
    error: str | None,
    image: str | None = None,
    refused: RulingError | None = None,
) -> dict[str, Any]:
    """The console's public JSON shape: ``{"ok", "error", "result"}``, with the marks
    Discord needs on the bot's own mentions taken out (the console shows ``<@id>``).
    An error's ``result`` is null, except for a refusal that carries its structured
    form (a refused /move: ``result["refusal"]``, with its title, fields and footer)."""
    shaped = _envelope(reply, error, image, refused)
    return cast(dict[str, Any], _plain_json(shaped))


def _plain_json(value: object) -> object:
    if isinstance(value, str):
        return plain(value)
    if isinstance(value, dict):
        return {k: _plain_json(v) for k, v in value.items()}
    if isinstance(value, list | tuple):
        return [_plain_json(v) for v in value]
    return value


def _envelope(
    reply: Reply | None, error: str | None, image: str | None, refused: RulingError | None
) -> dict[str, Any]:
    if reply is None:
        laid_out: dict[str, Any] | None = None
        if refused is not None and refused.result is not None:
            laid_out = dict(refused.result)
            laid_out.setdefault("title", refused.title)
            laid_out.setdefault("footer", refused.footer)
            laid_out.setdefault("fields", [{"name": n, "value": v} for n, v in refused.fields])
        return {"ok": False, "error": error, "result": laid_out}
    result = dict(reply.result)
    result.setdefault("title", reply.title)
    result.setdefault("footer", reply.footer)
    result.setdefault("fields", [{"name": f.name, "value": f.value} for f in reply.fields])
    if reply.private_fields:
        result["gm_only"] = [{"name": f.name, "value": f.value} for f in reply.private_fields]
    if image:
        result["image"] = image
    return {"ok": True, "error": None, "result": result}


async def run_once(
    store: Store,
    line: str,
    *,
    as_json: bool,
    seed: int | None,
    channel: str,
    user: str,
    out: TextIO,
    manages_channel: bool = True,
    guild: str | None = CONSOLE_GUILD,
    roles: frozenset[str] = frozenset(),
    manages_server: bool | None = None,
) -> int:
    """Run one command line and print it; the exit code says whether it was ruled.

    ``manages_channel`` is Discord's Manage Channels: with it the user is a GM
    everywhere; without it (``--player``), only in encounters they started, or with the
    server's GM role among ``roles``. ``manages_server`` is whether they have it across
    the server (their roles') rather than in this channel alone (``--channel-only``),
    which the server-wide settings ask; by default, as ``manages_channel``. ``guild`` is
    the server the channel belongs to."""
    ctx = Context(
        store,
        channel,
        user,
        is_gm=manages_channel,
        rng=random.Random(seed),
        guild_id=guild,
        role_ids=roles,
        manages_server=manages_channel if manages_server is None else manages_server,
    )
    reply: Reply | None = None
    error: str | None = None
    refused: RulingError | None = None
    with recording_writes() as written:
        try:
            reply = await run_line(ctx, line)
        except RulingError as exc:
            error, refused = str(exc), exc
        except Exception:  # a bug: never a traceback for the user, but logged for us
            log.exception("command failed: %s", line)
            error = f"{failure_message(written)} Please report it."
    image = _save_image(reply) if reply else None
    attached = _save_attachment(reply) if reply else None
    if as_json:
        shaped = envelope(reply, error, image, refused)
        if attached and shaped["result"] is not None:
            shaped["result"]["file"] = attached
        out.write(json.dumps(shaped) + "\n")
    elif reply is not None:
        out.write(reply.as_text() + "\n")
        if reply.result.get("post_board"):  # the Discord shell's; said here, not there
            out.write(f"{NO_BOARD_MESSAGE}\n")
        if image:
            out.write(f"image: {image}\n")
        if attached:
            out.write(f"file: {attached}\n")
    else:
        out.write(f"error: {plain(error or '')}\n")
    return 0 if reply is not None else 2


def _open_history() -> Path | None:
    """Line editing and history in ``~/.stride_history``, where readline exists."""
    try:
        import readline
    except ImportError:  # Windows without pyreadline: a plain prompt still works
        return None
    path = Path.home() / ".stride_history"
    with contextlib.suppress(OSError):
        if path.exists():
            readline.read_history_file(path)
    readline.set_history_length(1000)
    return path


def _save_history(path: Path | None) -> None:
    if path is None:
        return
    import readline

    with contextlib.suppress(OSError):
        readline.write_history_file(path)


async def interactive(
    store: Store,
    *,
    seed: int | None,
    channel: str,
    user: str,
    manages_channel: bool = True,
    guild: str | None = CONSOLE_GUILD,
    roles: frozenset[str] = frozenset(),
    manages_server: bool | None = None,
) -> int:
    """A prompt: one command per line, printed as a person reads it."""
    history = _open_history()
    rng_seed = seed
    print("Stride console. Type /help for commands, Ctrl-D or 'quit' to leave.")
    try:
        while True:
            try:
                line = input("stride> ").strip()
            except EOFError:
                print()
                break
            except KeyboardInterrupt:
                print()
                continue
            if line in ("quit", "exit"):
                break
            if not line:
                continue
            if not line.startswith("/"):
                line = "/" + line
            await run_once(
                store,
                line,
                as_json=False,
                seed=rng_seed,
                channel=channel,
                user=user,
                out=sys.stdout,
                manages_channel=manages_channel,
                guild=guild,
                roles=roles,
                manages_server=manages_server,
            )
            if rng_seed is not None:
                rng_seed += 1  # a reproducible session, but not the same roll every time
    finally:
        _save_history(history)
    return 0
