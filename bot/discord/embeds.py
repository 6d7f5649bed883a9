"""A reply as Discord shows it: an embed (or plain text) within Discord's limits.

Discord rejects a whole message if one embed part is too long, so
:func:`embed_for` shortens at word boundaries and summarises overflowing
fields instead: a reply that is too long still arrives, a little shorter.
Text from users is escaped so it reads as typed (:func:`as_text`).
"""

from __future__ import annotations

import io
import re
from collections.abc import Sequence

import discord

from bot.errors import RulingError
from bot.reply import MENTION_MARK, Field, Reply, plain

BRAND_COLOUR = discord.Colour(0x2E86AB)
ERROR_COLOUR = discord.Colour(0xC0392B)
GM_COLOUR = discord.Colour(0x6C5B7B)

GENERIC_ERROR = "Something went wrong on our side; nothing was changed."
GM_ONLY_TITLE = "For the GM only"

# Discord's embed limits (https://discord.com/developers/docs/resources/message#embed-object-embed-limits)
TITLE_MAX = 256
DESCRIPTION_MAX = 4096
FIELD_NAME_MAX = 256
FIELD_VALUE_MAX = 1024
FOOTER_MAX = 2048
FIELDS_MAX = 25
TOTAL_MAX = 6000
CONTENT_MAX = 2000  # a plain message

MORE_NAME = "More"
MORE_VALUE_MAX = 200  # the summary field stays short so it always fits the reserve
MORE_RESERVE = len(MORE_NAME) + MORE_VALUE_MAX
DESCRIPTION_RESERVE = 1000  # fields may not starve a description below this
ELLIPSIS = "…"
BLANK = "\u200b"  # Discord refuses empty field names and values; a zero-width space is "empty"

_SAFE_FILENAME = re.compile(r"[^A-Za-z0-9_.-]+")


def shorten(text: str, limit: int) -> str:
    """``text`` in at most ``limit`` characters, cut at a word boundary with "…".

    A single word longer than the limit is the only thing ever cut mid-word.
    """
    text = text.strip()
    if len(text) <= limit:
        return text
    if limit <= len(ELLIPSIS):
        return ELLIPSIS[:limit]
    room = limit - len(ELLIPSIS)
    # The last whitespace at or before ``room`` ends a whole word that fits.
    cut = max((i for i in range(room, 0, -1) if text[i].isspace()), default=0)
    head = text[:cut].rstrip() if cut else text[:room]
    return head + ELLIPSIS


_CODE = re.compile(r"(```.*?```|`[^`\n]*`)", re.DOTALL)
# The bot's own mentions and timestamps (marked by bot.reply.mention and
# bot.reply.timestamp); the markup is captured.
_OWN_MENTION = re.compile(re.escape(MENTION_MARK) + r"(<@&?\d{1,20}>|<t:-?\d{1,12}:R>)")
# Discord markup that would render instead of reading as typed: mentions of users,
# roles and channels, custom emoji, timestamps, slash-command mentions.
_MARKUP = re.compile(r"<(?=[@#:/]|a:|t:)")
_EVERYONE = re.compile(r"@(?=everyone|here)")


def as_text(text: str) -> str:
    """``text`` for an embed: the bot's own mentions stay mentions (they never ping:
    every message sends ``NO_MENTIONS``) and its timestamps stay timestamps; everything
    else reads as typed, so a token called "<@123>", "@everyone" or "**Boss**" shows
    those very characters."""
    pieces = _OWN_MENTION.split(text)
    return "".join(p if i % 2 else _escaped(p) for i, p in enumerate(pieces))


def _escaped(text: str) -> str:
    parts = _CODE.split(plain(text))
    out = [part if i % 2 else _escape_prose(part) for i, part in enumerate(parts)]
    return "".join(out)


def _escape_prose(text: str) -> str:
    text = _MARKUP.sub(r"\\<", discord.utils.escape_markdown(text))
    return _EVERYONE.sub("@\u200b", text)


def _field_size(f: Field) -> int:
    return len(f.name) + len(f.value)


def _fitted_field(f: Field) -> Field:
    name = shorten(f.name, FIELD_NAME_MAX) or BLANK
    value = shorten(f.value, FIELD_VALUE_MAX) or BLANK
    return Field(name, value, f.inline)


def _more_field(left_out: Sequence[Field]) -> Field:
    names = ", ".join(f.name for f in left_out if f.name != BLANK)
    noun = "field" if len(left_out) == 1 else "fields"
    summary = f"{len(left_out)} more {noun} not shown" + (f": {names}" if names else ".")
    return Field(MORE_NAME, shorten(summary, MORE_VALUE_MAX))


def fit_reply(reply: Reply) -> tuple[str, str, list[Field], str]:
    """Title, description, fields and footer cut to Discord's limits.

    Priority when the 6000-character total overflows: the title and footer
    (the answer and its citation) are never squeezed below their own limits;
    fields are kept in order while
    they fit, the rest are named in one "More" field; the description gets
    what is left, but fields cannot squeeze it below ``DESCRIPTION_RESERVE``.
    """
    title = shorten(as_text(reply.title), TITLE_MAX)
    footer = shorten(plain(reply.footer), FOOTER_MAX)  # plain text in Discord: no markdown
    description = shorten(as_text(reply.description), DESCRIPTION_MAX)
    fields = [
        _fitted_field(Field(as_text(f.name), as_text(f.value), f.inline)) for f in reply.fields
    ]

    fixed = len(title) + len(footer)
    total = fixed + len(description) + sum(_field_size(f) for f in fields)
    if total <= TOTAL_MAX and len(fields) <= FIELDS_MAX:
        return title, description, fields, footer

    field_budget = TOTAL_MAX - fixed - MORE_RESERVE - min(len(description), DESCRIPTION_RESERVE)
    kept: list[Field] = []
    for f in fields:
        if len(kept) == FIELDS_MAX - 1 or _field_size(f) > field_budget:
            break
        kept.append(f)
        field_budget -= _field_size(f)
    left_out = fields[len(kept) :]
    if left_out:
        kept.append(_more_field(left_out))
    room = TOTAL_MAX - fixed - sum(_field_size(f) for f in kept)
    description = shorten(description, min(DESCRIPTION_MAX, room))
    return title, description, kept, footer


def safe_filename(name: str) -> str:
    """An attachment name ``attachment://`` can refer to (no spaces or slashes)."""
    stem = _SAFE_FILENAME.sub("-", name).strip("-.") or "stride"
    return stem if stem.lower().endswith(".png") else f"{stem}.png"


def embed_for(reply: Reply, *, colour: discord.Colour = BRAND_COLOUR) -> discord.Embed:
    title, description, fields, footer = fit_reply(reply)
    if not (title or description or fields or footer or reply.image_png is not None):
        description = BLANK  # Discord refuses an empty embed
    embed = discord.Embed(title=title or None, description=description or None, colour=colour)
    for f in fields:
        embed.add_field(name=f.name, value=f.value, inline=f.inline)
    if footer:
        embed.set_footer(text=footer)
    if reply.image_png is not None:
        embed.set_image(url=f"attachment://{safe_filename(reply.image_name)}")
    return embed


def file_for(reply: Reply) -> discord.File | None:
    """The reply's picture, or else the file it carries (an export's JSON)."""
    if reply.image_png is None:
        if reply.attachment is None:
            return None
        name, data = reply.attachment
        return discord.File(io.BytesIO(data), filename=_SAFE_FILENAME.sub("-", name))
    return discord.File(io.BytesIO(reply.image_png), filename=safe_filename(reply.image_name))


PICTURE_CAPTION_MAX = 300  # a further picture's line: short, the picture says the rest


def embeds_for(reply: Reply) -> list[discord.Embed]:
    """The reply's embed, then one per further picture (``Reply.pictures``), each its
    picture and the line saying what it shows: Discord shows them one under another,
    each as wide as a phone (embeds sharing a URL would be tiled instead)."""
    embeds = [embed_for(reply)]
    for picture in reply.pictures:
        line = shorten(as_text(picture.caption), PICTURE_CAPTION_MAX) or BLANK
        more = discord.Embed(description=line, colour=BRAND_COLOUR)
        more.set_image(url=f"attachment://{safe_filename(picture.name)}")
        embeds.append(more)
    return embeds


def files_for(reply: Reply) -> list[discord.File]:
    """``file_for``'s file, then each further picture's."""
    first = file_for(reply)
    more = [discord.File(io.BytesIO(p.png), filename=safe_filename(p.name)) for p in reply.pictures]
    return ([first] if first is not None else []) + more


def error_embed(message: str | RulingError) -> discord.Embed:
    """A refusal: its title, Why and Instead fields and the rule's source where the
    error lays them out (a refused /move), else the message alone."""
    if isinstance(message, RulingError) and message.title:
        reply = Reply(
            title=message.title,
            fields=tuple(Field(name, value) for name, value in message.fields),
            footer=message.footer or "",
        )
        return embed_for(reply, colour=ERROR_COLOUR)
    text = shorten(as_text(str(message)), DESCRIPTION_MAX) or GENERIC_ERROR
    return discord.Embed(description=text, colour=ERROR_COLOUR)


def private_embed(reply: Reply) -> discord.Embed:
    return embed_for(Reply(title=GM_ONLY_TITLE, fields=reply.private_fields), colour=GM_COLOUR)


def text_for(reply: Reply) -> str:
    """The reply as one plain message, for when an embed can't be sent (no Embed Links
    here, or Discord refused it): the same ruling, escaped the same way."""
    lines = [f"**{as_text(reply.title)}**"] if reply.title.strip() else []
    if reply.description.strip():
        lines.append(as_text(reply.description))
    lines += [f"**{as_text(f.name)}:** {as_text(f.value)}" for f in reply.fields]
    if reply.footer.strip():
        lines.append(f"-# {as_text(reply.footer)}")
    return shorten("\n".join(lines), CONTENT_MAX) or BLANK


def error_text(message: str | RulingError) -> str:
    if isinstance(message, RulingError) and message.title:
        reply = Reply(title=message.title, fields=tuple(Field(n, v) for n, v in message.fields))
        return text_for(reply)
    return shorten(as_text(str(message)), CONTENT_MAX) or GENERIC_ERROR
