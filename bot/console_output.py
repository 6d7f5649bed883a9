"""What the console prints for a command: the reply as text, or the public JSON
(``{"ok", "error", "result"}``), with its picture or file saved beside. Shared by the
full path (``bot/console.py``) and the calculators' quick path (``bot/console_quick.py``),
so both print the same bytes; nothing here reads the store or needs the event loop."""

from __future__ import annotations

import json
import logging
import tempfile
from collections.abc import Callable
from pathlib import Path
from typing import Any, TextIO, cast

from bot.errors import RulingError
from bot.reply import Reply, plain

log = logging.getLogger("bot.console")

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


def print_outcome(
    out: TextIO,
    reply: Reply | None,
    error: str | None,
    refused: RulingError | None,
    *,
    as_json: bool,
    shown: Callable[[str], str] = str,
) -> int:
    """Print a command's reply (or why it was refused); the exit code says whether it
    was ruled. ``shown`` turns the text's mentions of the console's names back into
    ``@name`` (``bot.user_ids.NamesSeen``); the JSON keeps the ids, as Discord does."""
    image = _save_image(reply) if reply else None
    attached = _save_attachment(reply) if reply else None
    if as_json:
        shaped = envelope(reply, error, image, refused)
        if attached and shaped["result"] is not None:
            shaped["result"]["file"] = attached
        out.write(json.dumps(shaped) + "\n")
    elif reply is not None:
        out.write(shown(reply.as_text()) + "\n")
        if reply.result.get("post_board"):  # the Discord shell's; said here, not there
            out.write(f"{NO_BOARD_MESSAGE}\n")
        if image:
            out.write(f"image: {image}\n")
        if attached:
            out.write(f"file: {attached}\n")
    else:
        out.write(f"error: {shown(plain(error or ''))}\n")
    return 0 if reply is not None else 2
