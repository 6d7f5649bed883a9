"""Slash commands as data: names, options, types, ranges, choices, help.

One definition serves both shells. The console parses ``/fall height:60`` with
it; the cogs declare the same options to Discord (a test keeps them equal) and
hand Discord's values to the same validation, so a value the console refuses
is refused on Discord with the same message.
"""

from __future__ import annotations

import re
import shlex
from collections.abc import Awaitable, Callable, Mapping
from dataclasses import dataclass, field
from functools import cached_property
from pathlib import Path
from typing import TYPE_CHECKING, Any, Literal

from bot.errors import InvalidInput
from bot.named_channel import NamedChannel
from bot.names import Vocabulary
from bot.rules.options import OptionSpec
from bot.user_ids import is_name, is_snowflake, name_id

if TYPE_CHECKING:
    import random

    from bot.context import Context
    from bot.reply import Field, Reply
    from bot.rules.calculators import Calculators

OptionKind = Literal[
    "integer", "number", "boolean", "string", "user", "role", "channel", "attachment"
]
MAX_UPLOAD_BYTES = 1_000_000  # a file a command takes (an /encounter import)


@dataclass(frozen=True)
class Upload:
    """A file given to a command: an attachment on Discord, a path in the console."""

    filename: str
    data: bytes


Handler = Callable[["Context", Mapping[str, Any]], Awaitable["Reply"]]
# A calculator's whole ruling, needing no store: (the ruleset, the options, the dice, the
# fields of the one-time default-ruleset notice, whether the asker is a GM) → the reply
# and its sketch still to draw. Its handler reads the channel and calls it; so does the
# console's quick path (bot/console_quick.py), without the store or the event loop.
Calculator = Callable[
    ["Calculators", Mapping[str, Any], "random.Random", "list[Field]", bool],
    "tuple[Reply, Callable[[], bytes] | None]",
]

_TRUE = {"true", "yes", "y", "on", "1"}
_FALSE = {"false", "no", "n", "off", "0"}
MAX_TEXT = 200
# A user as Discord hands it over (its id), a mention as typed (<@123>, <@!123>),
# or, in the console, a plain name like the console's --user (which stands for an id
# of its own: bot/user_ids.py).
_MENTION = re.compile(r"<@!?([0-9]{1,20})>")
_ROLE = re.compile(r"(?:<@&)?(\d{1,20})>?")
_CHANNEL = re.compile(r"(?:<#)?(\d{1,20})>?")


@dataclass(frozen=True)
class Option:
    name: str
    kind: OptionKind
    description: str
    required: bool = False
    min_value: int | float | None = None
    max_value: int | float | None = None
    choices: tuple[str, ...] = ()  # offered as Discord choices; matched loosely here
    unit: str = ""  # "ft": "60ft" and "60 ft" are accepted too
    max_length: int = MAX_TEXT  # text options: the most characters taken
    max_bytes: int = MAX_UPLOAD_BYTES  # attachment options: the biggest file taken
    # what a text option names on the board: a token, tokens (comma-separated) or a
    # template. Checks that go over every such option read it (the permission matrix)
    refers_to: Literal["", "token", "tokens", "template"] = ""
    # the choices with the other words users type for them (team:monster → enemy)
    names: Vocabulary | None = field(default=None, compare=False, hash=False)
    # a number whose unit the user may write ("270 ft", "90 yards"): a text field on
    # Discord (its number field takes digits only), read here as the number
    typed_as_text: bool = False

    @property
    def discord_kind(self) -> OptionKind:
        """The option's kind as Discord declares it."""
        return "string" if self.typed_as_text else self.kind

    @classmethod
    def of(cls, spec: OptionSpec) -> Option:
        """The slash option for what a ruleset declares (never required)."""
        return cls(
            spec.name,
            spec.kind,
            spec.description,
            min_value=spec.min_value,
            max_value=spec.max_value,
            choices=spec.choices,
            unit=spec.unit,
        )

    @cached_property
    def vocabulary(self) -> Vocabulary:
        """The choices as matchable names, built once per option, not per command."""
        return self.names or Vocabulary.of(self.name, self.choices)

    def accepted(self) -> str:
        if self.kind == "boolean":
            return "true or false"
        if self.kind == "user":
            return "a mention (@name), a user id, or a plain name without spaces"
        if self.kind == "role":
            return "a role: its mention (<@&id>) or id"
        if self.kind == "channel":
            return "a channel of this server: its mention (#name, <#id>) or id"
        if self.kind == "attachment":
            return f"a file (in the console, its path) of at most {self.max_bytes:,} bytes"
        if self.choices:
            return ", ".join(self.choices)
        if self.kind in ("integer", "number"):
            what = "a whole number" if self.kind == "integer" else "a number"
            unit = f" {self.unit}" if self.unit else ""
            if self.min_value is not None and self.max_value is not None:
                return f"{what} from {_show(self.min_value)} to {_show(self.max_value)}{unit}"
            return what + unit
        return f"text up to {self.max_length} characters"

    def convert(self, raw: object) -> Any:
        """The typed value of ``raw`` (text from the console, or Discord's value)."""
        value: Any
        if self.kind == "boolean":
            value = raw if isinstance(raw, bool) else _boolean(str(raw))
            if value is None:
                raise self._bad(raw)
            return value
        if self.kind in ("integer", "number"):
            value = _number(raw, self.kind, self.unit)
            if value is None:
                raise self._bad(raw)
            if (self.min_value is not None and value < self.min_value) or (
                self.max_value is not None and value > self.max_value
            ):
                if written_unit(raw) not in ("", self.unit):
                    raise InvalidInput(
                        f'{self.name}: "{raw}" is {_show(value)} {self.unit}; '
                        f"use {self.accepted()}."
                    )
                raise self._bad(raw)
            return value
        if self.kind == "user":
            value = _user_id(raw)
            if value is None:
                raise self._bad(raw)
            return value
        if self.kind == "attachment":
            return (
                raw
                if isinstance(raw, Upload)
                else _read_upload(self.name, str(raw), self.max_bytes)
            )
        if self.kind == "role":
            found = _ROLE.fullmatch(str(raw).strip())
            if found is None:
                raise self._bad(raw)
            return found.group(1)
        if self.kind == "channel":  # resolved by a shell, or as typed (nothing known there)
            if isinstance(raw, NamedChannel):
                return raw
            found = _CHANNEL.fullmatch(str(raw).strip())
            if found is None:
                raise self._bad(raw)
            return NamedChannel(found.group(1))
        text = str(raw).strip()
        if not text or len(text) > self.max_length:
            raise self._bad(raw)
        if self.choices:
            return self.vocabulary.match(text)
        return text

    def _bad(self, raw: object) -> InvalidInput:
        return InvalidInput(f'{self.name}: "{raw}" is not accepted. Use {self.accepted()}.')


def _show(value: float) -> str:
    return f"{value:,}" if value == int(value) and abs(value) >= 10_000 else f"{value:g}"


def _boolean(text: str) -> bool | None:
    low = text.strip().lower()
    return True if low in _TRUE else False if low in _FALSE else None


def _read_upload(option: str, path_text: str, max_bytes: int) -> Upload:
    """The console's file option: a path, read within the size limit."""
    path = Path(path_text).expanduser()
    try:
        size = path.stat().st_size
        if size > max_bytes:
            raise InvalidInput(f"{option}: {path.name} is {size:,} bytes; at most {max_bytes:,}.")
        return Upload(path.name, path.read_bytes())
    except OSError as exc:
        raise InvalidInput(f'{option}: can\'t read "{path_text}" ({exc.strerror}).') from None


def _user_id(raw: object) -> str | None:
    """The id of a user: ``123``, ``<@123>`` and ``<@!123>`` all give ``"123"``; a plain
    name (the console's ``bob`` or ``@bob``) the id it stands for (``name_id``)."""
    if isinstance(raw, bool | float):
        return None
    text = str(raw).strip()
    mention = _MENTION.fullmatch(text)
    if mention:
        return mention.group(1) if is_snowflake(mention.group(1)) else None
    text = text.removeprefix("@")  # the console's @bob, as the help says
    return name_id(text) if is_name(text) else None


# Lengths a user may write, in feet. Metres follow the tabletop convention of a 5 ft
# square being 1.5 m (so 1 m = 10/3 ft), which is what a table converting a map uses.
_FEET_PER: dict[str, float] = {
    "ft": 1.0,
    "ft.": 1.0,
    "feet": 1.0,
    "foot": 1.0,
    "'": 1.0,
    "yd": 3.0,
    "yds": 3.0,
    "yard": 3.0,
    "yards": 3.0,
    "mi": 5280.0,
    "mile": 5280.0,
    "miles": 5280.0,
    "m": 10 / 3,
    "metre": 10 / 3,
    "metres": 10 / 3,
    "meter": 10 / 3,
    "meters": 10 / 3,
    "km": 3280.84,  # overland distances: the real kilometre
}
_NUMBER_AND_UNIT = re.compile(r"^([-+]?[\d.]+(?:e[-+]?\d+)?)\s*([a-z.']*)$")


class UnitError(InvalidInput):
    """A length written in a unit the option can't take."""


def _number(raw: object, kind: OptionKind, unit: str) -> int | float | None:
    """The number in ``raw``, converted to ``unit`` ("ft" or "miles") when the user wrote
    another length unit (``60 miles`` for a height is 316,800 ft, not 60 ft)."""
    if isinstance(raw, bool):
        return None
    if isinstance(raw, int | float):
        value: float = raw
    else:
        text = str(raw).strip().lower().replace(",", "")
        match = _NUMBER_AND_UNIT.match(text)
        if match is None:
            return None
        try:
            value = float(match.group(1))
        except ValueError:
            return None
        written = match.group(2)
        if written:
            value = _convert(value, written, unit, str(raw))
    if value != value or value in (float("inf"), float("-inf")):
        return None
    if kind == "integer":
        if written_unit(raw) and value != int(value):
            value = round(value)  # a converted length: to the nearest whole unit
        return int(value) if value == int(value) else None
    return value


def written_unit(raw: object) -> str:
    """The unit a user wrote after a number ("" when none)."""
    if not isinstance(raw, str):
        return ""
    match = _NUMBER_AND_UNIT.match(raw.strip().lower().replace(",", ""))
    return match.group(2) if match else ""


# Weights a user may write, for an option in pounds (5e's carried_lb: 120 lb).
_POUNDS = frozenset({"lb", "lbs", "lb.", "lbs.", "pound", "pounds"})


def _convert(value: float, written: str, unit: str, raw: str) -> float:
    if unit == "lb" and written in _POUNDS:
        return value
    if not unit or written not in _FEET_PER:
        accepted = f"feet ({unit or 'no unit'})" if unit != "miles" else "miles"
        raise UnitError(
            f'"{raw}": {written} is not a length this option takes. Write a number'
            + (", optionally with a unit (ft, yd, miles, m): e.g. 60 or 60 ft." if unit else ".")
            if unit
            else f'"{raw}": this option takes a plain number ({accepted}).'
        )
    feet_per_unit = _FEET_PER["miles"] if unit == "miles" else _FEET_PER.get(unit, 1.0)
    return value * _FEET_PER[written] / feet_per_unit


@dataclass(frozen=True)
class Command:
    name: str  # "fall", or "ruleset set" for a subcommand
    description: str
    options: tuple[Option, ...]
    handler: Handler
    changes_state: bool = False
    # options another command takes instead, by name → that command (/token add's
    # strength: is /token stats'): a refusal names it
    elsewhere: Mapping[str, str] = field(default_factory=dict)
    # set on a calculator that needs nothing stored but the channel's ruleset and units
    calculator: Calculator | None = field(default=None, compare=False)

    def option(self, name: str) -> Option | None:
        return next((o for o in self.options if o.name == name), None)

    def usage(self) -> str:
        parts = [f"/{self.name}"]
        for o in self.options:
            parts.append(f"{o.name}:<{o.kind}>" if o.required else f"[{o.name}]")
        return " ".join(parts)

    def validate(self, raw: Mapping[str, object]) -> dict[str, Any]:
        """Typed options, or an ``InvalidInput`` naming the first problem."""
        unknown = [k for k in raw if self.option(k) is None]
        if unknown and unknown[0] in self.elsewhere:
            other = self.elsewhere[unknown[0]]
            raise InvalidInput(
                f"/{self.name} has no option {unknown[0]}: set it with /{other}, e.g. "
                f"/{other} token:<name> {unknown[0]}:<value>."
            )
        if unknown:
            names = ", ".join(o.name for o in self.options) or "none"
            raise InvalidInput(f'/{self.name} has no option "{unknown[0]}". Its options: {names}.')
        missing = [o.name for o in self.options if o.required and raw.get(o.name) is None]
        if missing:
            raise InvalidInput(f"/{self.name} needs {missing[0]}:. Usage: {self.usage()}")
        typed: dict[str, Any] = {}
        for o in self.options:
            if raw.get(o.name) is not None:
                typed[o.name] = o.convert(raw[o.name])
        return typed


@dataclass(frozen=True)
class Invocation:
    command: Command
    options: dict[str, Any]


def split_line(line: str) -> tuple[str, dict[str, str]]:
    """``/travel mode:"riding horse" distance:60`` → ("travel", {...}).

    Words before the first ``name:value`` form the command name, so
    ``/ruleset set system:3.5`` names "ruleset set".
    """
    try:
        tokens = shlex.split(line.strip())
    except ValueError as exc:
        raise InvalidInput(f"Could not read that command ({exc}): check the quotes.") from exc
    if not tokens:
        raise InvalidInput("Type a command, e.g. /fall height:60. /help lists them.")
    words: list[str] = []
    options: dict[str, str] = {}
    for token in tokens:
        name, sep, value = token.partition(":")
        if sep and name and not options and not words and name.startswith("/"):
            raise InvalidInput(
                f'Start with the command name, e.g. "/fall height:60", not "{token}".'
            )
        if sep and name:
            key = name.strip().lower()
            if key in options:
                raise InvalidInput(f'Option "{key}" is given twice.')
            options[key] = value
        elif options:
            raise InvalidInput(
                f'"{token}" is not an option. Write options as name:value, quoting values '
                'with spaces: mode:"riding horse".'
            )
        else:
            words.append(token.lower())
    return " ".join(words).lstrip("/").strip(), options


def resolve(line: str, commands: Mapping[str, Command]) -> Invocation:
    name, raw = split_line(line)
    command = commands.get(name)
    if command is None:
        import difflib

        close = difflib.get_close_matches(name, list(commands), n=1)
        hint = f" Did you mean /{close[0]}?" if close else ""
        listed = ", ".join(f"/{c}" for c in commands)
        raise InvalidInput(f'Unknown command "/{name}".{hint} Commands: {listed}.')
    return Invocation(command, command.validate(raw))
