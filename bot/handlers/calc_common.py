"""What the handlers share that needs neither the store nor the event loop: the order in
which a command's ruleset is chosen (from what was read of the channel), notes and dice
as reply fields and JSON, and a reply's distances in the channel's units.

The calculators (/fall, /jump, /travel) import only this of the handlers' common
pieces, so the console's quick path (``bot/console_quick.py``) builds their replies
with the same code as the handlers without loading the store or asyncio;
``handlers/common.py`` adds the reads and re-exports these.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, Any, Protocol

from bot.commands import Command, Option
from bot.reply import Field, Reply
from bot.rules import DEFAULT_RULESET, identities, load_ruleset, ruleset_names
from bot.units import feet, in_units

if TYPE_CHECKING:
    import random
    from collections.abc import Mapping

    from bot.commands import Calculator
    from bot.context import Context
    from bot.dice import Roll
    from bot.rules.ruleset import Ruleset
    from bot.rules.rulings import Note

RULESET_CHOICES = tuple(identities())

# A calculator's picture, still to draw: pure, and drawn on the light pool by a handler
# (``drawn``), at once by the console's quick path (``drawn_now``).
Sketch = Callable[[], bytes]


class ChannelRead(Protocol):
    """What a calculator's reply depends on of its channel and server, as read
    (``calc_reads.ChannelReads``): the running encounter's ruleset id, the channel's
    (/ruleset set), the server's (scope:server), whether the one-time default-ruleset
    notice was shown here, and the channel's units (None: feet)."""

    @property
    def running(self) -> str | None: ...

    @property
    def stored(self) -> str | None: ...

    @property
    def server(self) -> str | None: ...

    @property
    def notice_shown(self) -> bool: ...

    @property
    def units(self) -> str | None: ...


@dataclass(frozen=True)
class RulesetChoice:
    """Which ruleset a channel's command uses, and why (for /ruleset show)."""

    ruleset: Ruleset
    why: str  # "given with ruleset:", "this channel's encounter", "set for this channel"...
    is_default: bool = False


def running_known(running: str | None) -> bool:
    """Whether a running encounter's stored ruleset id decides (one the registry knows)."""
    return running is not None and running in identities()


def pick(
    override: str | None, running: str | None, stored: str | None, server: str | None
) -> tuple[str, str, bool]:
    """The ruleset id a command uses, why, and whether it is the default: an explicit
    ``ruleset:`` wins; then the running encounter's (a fight started with ruleset:3.5
    rules its channel's /fall, /jump and /travel too); then the channel's; then the
    server's; then the default. ``running``, ``stored`` and ``server`` are what the
    store holds (None: nothing, or not read because something before decided)."""
    if override:
        return ruleset_names().match(override), "given with ruleset:", False
    if running is not None and running_known(running):
        return running, "the ruleset of this channel's encounter", False
    if stored is not None:
        return stored, "set for this channel", False
    if server is not None and server in identities():
        return server, "the server's default", False
    return DEFAULT_RULESET, "the default: no ruleset set here yet", True


def choice_of(
    override: str | None, running: str | None, stored: str | None, server: str | None
) -> RulesetChoice:
    """The ruleset ``pick`` picks, loaded."""
    ruleset_id, why, is_default = pick(override, running, stored, server)
    return RulesetChoice(load_ruleset(ruleset_id), why, is_default)


def default_notice() -> Field:
    """The one-time field saying a channel without a ruleset used the default."""
    return Field(
        "Ruleset",
        f"This channel has no ruleset set, so this used {DEFAULT_RULESET} (the default). "
        f"Change it with /ruleset set system:<{'|'.join(identities())}>, or add "
        "ruleset: to one command.",
    )


def note_fields(notes: tuple[Note, ...], *, explain: bool = False) -> list[Field]:
    """The notes as reply fields; ``explain`` gives each its whole working."""
    return [Field(n.label, n.detail if explain and n.detail else n.text) for n in notes]


def note_json(note: Note) -> dict[str, str]:
    return {
        "label": note.label,
        "text": note.text,
        **({"detail": note.detail} if note.detail else {}),
    }


def roll_json(r: Roll) -> dict[str, Any]:
    return {"expression": r.expression, "faces": list(r.faces), "total": r.total}


def feet_or_dash(value: float | None) -> str:
    return "—" if value is None else feet(value)


def shown_in_units(reply: Reply, units: str, square_ft: int) -> Reply:
    """``reply`` with its distances in metres or squares of ``square_ft`` (the channel's
    ruleset's square); the JSON keeps its feet and says which units the text uses."""

    def shown(text: str) -> str:
        return in_units(text, units, square_ft)

    return replace(
        reply,
        title=shown(reply.title),
        description=shown(reply.description),
        footer=shown(reply.footer),
        fields=tuple(replace(f, value=shown(f.value)) for f in reply.fields),
        private_fields=tuple(replace(f, value=shown(f.value)) for f in reply.private_fields),
        result={**reply.result, "units": units},
    )


async def drawn(reply: Reply, sketch: Sketch | None) -> Reply:
    """``reply`` with its sketch drawn on the light pool (``bot/work.py``)."""
    if sketch is None:
        return reply
    from bot.work import light

    return replace(reply, image_png=await light(sketch))


def drawn_now(reply: Reply, sketch: Sketch | None) -> Reply:
    """``reply`` with its sketch drawn here (one command in a process of its own)."""
    if sketch is None:
        return reply
    _png_only()
    return replace(reply, image_png=sketch())


def _png_only() -> None:
    """Let Pillow write a PNG without first loading its BMP, GIF, JPEG and PPM plugins
    (~12 ms with the subprocess module JPEG imports): its ``save`` loads those five
    once (``preinit``) before writing any image, and a process of one command writes
    one sketch and opens none. Only the plugins loaded change, never a byte written: a
    format not registered yet still loads them all when asked (``Image.init``)."""
    from PIL import Image, PngImagePlugin

    assert PngImagePlugin.PngImageFile.format == "PNG"  # registered: SAVE["PNG"] is set
    Image._initialized = max(Image._initialized, 1)


def ruled_from_reads(
    calculator: Calculator,
    options: Mapping[str, Any],
    rng: random.Random,
    is_gm: bool,
    reads: ChannelRead,
) -> Reply | None:
    """A calculator's reply as its handler and ``handlers.run`` give it, from what was
    read of the channel, its sketch drawn here: for a process of one command that reads
    the channel without the store (``bot/console_quick.py``). None when the command
    would write: the channel's first reply (its one-time notice is then marked shown)."""
    from bot.rules import load_calculators

    ruleset_id, _, is_default = pick(
        options.get("ruleset"), reads.running, reads.stored, reads.server
    )
    if is_default and not reads.notice_shown:
        return None
    reply, sketch = calculator(load_calculators(ruleset_id), options, rng, [], is_gm)
    reply = drawn_now(reply, sketch)
    if reads.units is None or reads.units == "feet":
        return reply
    square_ft = 5
    if reads.units == "squares":  # the channel's ruleset's square, whatever ruleset: says
        channels = pick(None, reads.running, reads.stored, reads.server)[0]
        square_ft = load_calculators(channels).square_ft
    return shown_in_units(reply, reads.units, square_ft)


def _no_check(options: Mapping[str, Any], is_gm: bool) -> None:
    return None


def calculator_command(
    name: str,
    description: str,
    options: tuple[Option, ...],
    calculator: Calculator,
    *,
    check: Callable[[Mapping[str, Any], bool], None] = _no_check,
) -> Command:
    """A calculator's command: its handler refuses what ``check`` refuses before reading
    anything, reads the channel's ruleset (``common.ruleset_for``), then rules with
    ``calculator`` and draws its sketch on the light pool. The console's quick path
    calls the same ``calculator``."""

    async def handle(ctx: Context, given: Mapping[str, Any]) -> Reply:
        check(given, ctx.is_gm)
        from bot.handlers.common import ruleset_for

        ruleset, notice = await ruleset_for(ctx, given.get("ruleset"))
        reply, sketch = calculator(ruleset.calculators, given, ctx.rng, notice, ctx.is_gm)
        return await drawn(reply, sketch)

    return Command(name, description, options, handle, calculator=calculator)
