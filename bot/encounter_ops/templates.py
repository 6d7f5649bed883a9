"""Area templates on the board: add, remove, and who stands inside. Pure."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace

from bot.encounter import TEMPLATE_SHAPES, Encounter, Template, token_key
from bot.encounter_ops.access import GM_IS, Actor, is_gm, mention
from bot.encounter_ops.outcomes import Edit
from bot.errors import InvalidInput, NotAllowed
from bot.grid.coords import Cell, parse_on_map
from bot.grid.geometry import footprint
from bot.grid.sizes import Size
from bot.grid.templates import template_squares
from bot.limits import MAX_NAME, MAX_TEMPLATES
from bot.limits import MAX_TEMPLATE_FT as MAX_SIZE_FT


def squares_of(encounter: Encounter, template: Template, square_ft: int) -> frozenset[Cell]:
    """The squares ``template`` covers now (a following one where its token stands)."""
    return template_squares(
        template.shape,
        template.size_ft,
        template.origin(encounter),
        template.aim(encounter),
        square_ft=square_ft,
        width=encounter.width,
        height=encounter.height,
    )


def inside(
    encounter: Encounter,
    template: Template,
    square_ft: int,
    footprints: Mapping[Size, int],
    *,
    covered: frozenset[Cell] | None = None,
) -> list[str]:
    """The tokens with any square of their space in ``template`` (``covered``: its
    squares, when the caller has them already)."""
    if covered is None:
        covered = squares_of(encounter, template, square_ft)
    return [
        t.name
        for t in encounter.tokens.values()
        if covered & set(footprint(t.cell, footprints.get(t.size, 1)))
    ]


def add_template(
    encounter: Encounter,
    *,
    shape: str,
    size_ft: int,
    at: str,
    toward: str | None,
    follows: str | None,
    name: str | None,
    square_ft: int,
    placed_by: str | None = None,
) -> Edit:
    """``placed_by`` (a user id) owns the template: they and the GM may remove it."""
    if shape not in TEMPLATE_SHAPES:
        raise InvalidInput(f"shape: one of {', '.join(TEMPLATE_SHAPES)}, not {shape}.")
    if not square_ft <= size_ft <= MAX_SIZE_FT or size_ft % 5:
        raise InvalidInput(
            f"size: {square_ft} to {MAX_SIZE_FT} ft in steps of 5 (the radius of a circle, "
            "the side of a square or cube, the length of a cone or line)."
        )
    if len(encounter.templates) >= MAX_TEMPLATES:
        raise InvalidInput(f"At most {MAX_TEMPLATES} templates: remove one first.")
    origin = parse_on_map(at, encounter.width, encounter.height)
    aim = parse_on_map(toward, encounter.width, encounter.height) if toward else None
    if shape in ("cone", "line") and (aim is None or aim == origin):
        raise InvalidInput(f"A {shape} points somewhere: give toward:<a square>, e.g. toward:H5.")
    if shape not in ("cone", "line") and aim is not None:
        raise InvalidInput(f"A {shape} points nowhere: leave out toward:.")
    label = " ".join((name or f"{shape.capitalize()} {len(encounter.templates) + 1}").split())
    if not label or len(label) > MAX_NAME:
        raise InvalidInput(f"name: 1 to {MAX_NAME} characters.")
    if any(t.name.casefold() == label.casefold() for t in encounter.templates):
        raise InvalidInput(f'A template named "{label}" is on the board already: name it anew.')
    template = Template(label, shape, size_ft, origin, aim, placed_by=placed_by)  # type: ignore[arg-type]
    if follows:
        token = encounter.token(follows)
        offset = (origin.col - token.cell.col, origin.row - token.cell.row)
        template = replace(template, follows=token_key(token.name), offset=offset)
    after = replace(encounter, templates=(*encounter.templates, template))
    return Edit(after, f"added the {shape} {label} ({size_ft} ft) at {origin}")


def remove_template(encounter: Encounter, name: str, actor: Actor) -> Edit:
    """Take ``name`` off the board: the GM any template, a player the ones they placed."""
    found = [t for t in encounter.templates if t.name.casefold() == name.casefold()]
    if not found:
        listed = ", ".join(t.name for t in encounter.templates) or "none"
        raise InvalidInput(f'No template named "{name}" here. Templates: {listed}.')
    template = found[0]
    require_template_control(encounter, actor, template, "remove")
    kept = tuple(t for t in encounter.templates if t is not template)
    return Edit(replace(encounter, templates=kept), f"removed the template {template.name}")


def require_template_control(
    encounter: Encounter, actor: Actor, template: Template, doing: str
) -> None:
    """A template is its placer's and the GM's; one stored before templates had an owner
    (``placed_by`` None) is the GM's alone."""
    if is_gm(encounter, actor) or (
        template.placed_by is not None and template.placed_by == actor.user_id
    ):
        return
    whose = (
        f"{mention(template.placed_by)} placed it"
        if template.placed_by
        else "it is the GM's (placed before templates had an owner)"
    )
    raise NotAllowed(
        f"You can't {doing} the template {template.name}: {whose}. A template is its "
        f"placer's and the GM's ({GM_IS})."
    )
