"""/template add, remove and list: area templates on the board, and who is inside."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace
from typing import Any

from bot.commands import Command, Option
from bot.context import Context
from bot.encounter import TEMPLATE_COLOURS, TEMPLATE_SHAPES, Encounter, Template
from bot.encounter_ops.templates import (
    add_template,
    inside,
    remove_template,
    rounds_left,
    rounds_left_text,
    squares_of,
)
from bot.encounter_ops.visibility import is_hidden, public
from bot.handlers.backgrounds import ctx_background
from bot.handlers.board import board_reply, render
from bot.handlers.encounter_common import (
    actor_of,
    change_encounter,
    encounter_reply,
    load_active,
    ruleset_of,
    seen_in,
)
from bot.limits import MAX_TEMPLATE_ROUNDS
from bot.render.board import BoardView
from bot.reply import Field, Reply
from bot.work import board as board_work


def _line(
    encounter: Encounter, template: Template, names: list[str], count: int, left: int | None
) -> str:
    """One template, its ``count`` squares, the rounds it has ``left`` and who is
    inside it (``names``)."""
    where = f"at {template.origin(encounter)}"
    if template.centred:  # epic-path: on the square, or an even side on its corner
        even = (template.size_ft // ruleset_of(encounter).square_ft) % 2 == 0
        corner = "'s top-left corner" if even else ""
        where = f"centred on {template.origin(encounter)}{corner}"
    if template.aim(encounter) is not None:
        where += f" toward {template.aim(encounter)}"
    if template.follows:
        follows = encounter.tokens.get(template.follows)
        where += f", following {follows.name if follows else template.follows}"
    if left is not None:
        where += f", {rounds_left_text(left)}"
    who = ", ".join(names) or "nobody"
    shape = template.shape if template.colour == "purple" else f"{template.colour} {template.shape}"
    return f"{template.name}: {template.size_ft} ft {shape} {where} ({count} squares) — {who}"


def rounds_left_of(whole: Encounter) -> dict[str, int | None]:
    """Each template's rounds left, read on the whole board (a viewer's copy leaves out
    a hidden creature's turn, and with it where the round is)."""
    return {t.name: rounds_left(whole, t) for t in whole.templates}


def _listing(
    encounter: Encounter, left: Mapping[str, int | None]
) -> tuple[list[str], dict[str, list[str]]]:
    """Each template's line and who is inside each: the squares of a big template are
    real work, so this runs in a worker (``board_work``)."""
    ruleset = ruleset_of(encounter)
    lines: list[str] = []
    inside_each: dict[str, list[str]] = {}
    for template in encounter.templates:
        covered = squares_of(encounter, template, ruleset.square_ft)  # once each
        names = inside(
            encounter, template, ruleset.square_ft, ruleset.footprint_squares, covered=covered
        )
        inside_each[template.name] = names
        lines.append(_line(encounter, template, names, len(covered), left.get(template.name)))
    return lines, inside_each


async def handle_add(ctx: Context, options: Mapping[str, Any]) -> Reply:
    def add(encounter: Encounter) -> Any:
        return add_template(
            encounter,
            shape=options["shape"],
            size_ft=int(options["size"]),
            at=options["at"],
            toward=options.get("toward"),
            follows=options.get("follows"),
            name=options.get("name"),
            square_ft=ruleset_of(encounter).square_ft,
            placed_by=ctx.user_id,
            rounds=options.get("rounds"),
            from_corner=ruleset_of(encounter).circle_from_corner,
            colour=options.get("colour"),
            centred=ruleset_of(encounter).squares_centred,
        )

    changed = await change_encounter(ctx, "template add", add)
    whole = changed.outcome.encounter
    template = whole.templates[-1]
    # announced to the table on the board it may see; one that follows a hidden token
    # is the GM's to know
    follows = whole.tokens.get(template.follows) if template.follows else None
    private = follows is not None and is_hidden(follows)
    # (the asker's own view: a player who owns the hidden token sees it, and no other)
    after = seen_in(ctx, whole).encounter if private else public(whole)
    lines, inside_each = await board_work(
        _listing, replace(after, templates=(template,)), rounds_left_of(whole)
    )
    reply = encounter_reply(
        after,
        title=f"{template.name}: {template.size_ft} ft {template.shape} at {template.at}",
        fields=(Field("Inside", lines[0]),),
        result={
            "template": template.name,
            "inside": inside_each[template.name],
            "colour": template.colour,
            "rounds_left": rounds_left(whole, template),
            "centred": template.centred,
        },
        sections=(),
        changed=changed.saved,
    )
    return board_reply(
        replace(reply, ephemeral=private),
        await render(after, BoardView(whole_map=True), await ctx_background(ctx, after)),
    )


async def handle_remove(ctx: Context, options: Mapping[str, Any]) -> Reply:
    name = str(options["name"])
    actor = actor_of(ctx)
    changed = await change_encounter(
        ctx, "template remove", lambda e: remove_template(e, name, actor)
    )
    after = changed.outcome.encounter
    return encounter_reply(
        after,
        title=f"Template removed: {name}",
        fields=(Field("Left", ", ".join(t.name for t in after.templates) or "none"),),
        result={"removed": name},
        changed=changed.saved,
    )


async def handle_list(ctx: Context, options: Mapping[str, Any]) -> Reply:
    whole = (await load_active(ctx)).encounter
    seen = seen_in(ctx, whole)
    encounter = seen.encounter
    lines, inside_each = await board_work(_listing, encounter, rounds_left_of(whole))
    reply = encounter_reply(
        encounter,
        title=f"{len(lines)} template{'s' if len(lines) != 1 else ''} on the board",
        fields=(Field("Templates", "\n".join(lines) or "none: /template add"),),
        result={
            "inside": inside_each,
            "rounds_left": {t.name: rounds_left(whole, t) for t in encounter.templates},
        },
    )
    return replace(reply, ephemeral=seen.private)


ADD = Command(
    "template add",
    "Put an area on the board (a spell, an aura) and see who is inside",
    (
        Option(
            "shape",
            "string",
            "circle, cone, line, square or cube",
            required=True,
            choices=TEMPLATE_SHAPES,
        ),
        Option(
            "size",
            "integer",
            "Feet: a circle's radius, a side, a cone's or line's length",
            required=True,
            min_value=5,
            max_value=500,
            unit="ft",
        ),
        Option(
            "at",
            "string",
            "Circle: centre (5e: top-left corner); cone, line: start; square, cube: top-left "
            "(epic-path: centre)",
            required=True,
        ),
        Option("toward", "string", "A cone's or line's direction: a square, e.g. H5"),
        Option("follows", "string", "A token it moves with (an aura)", refers_to="token"),
        Option("name", "string", "Its name (default: Circle 1...)"),
        Option(
            "rounds",
            "integer",
            "It lasts this many rounds: removed as the placer's turn comes round again",
            min_value=1,
            max_value=MAX_TEMPLATE_ROUNDS,
        ),
        Option(
            "colour",
            "string",
            "Its colour on the picture (default purple; its dots and name mark it too)",
            choices=TEMPLATE_COLOURS,
        ),
    ),
    handle_add,
    changes_state=True,
)
REMOVE = Command(
    "template remove",
    "Take an area template off the board",
    (Option("name", "string", "The template's name", required=True, refers_to="template"),),
    handle_remove,
    changes_state=True,
)
LIST = Command(
    "template list", "The templates on the board and who is inside each", (), handle_list
)
