"""Area templates on the board: add, remove, and who stands inside. Pure."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace

from bot.encounter import TEMPLATE_COLOURS, TEMPLATE_SHAPES, Encounter, Template, Token, token_key
from bot.encounter_ops.access import GM_IS, Actor, is_gm, mention
from bot.encounter_ops.outcomes import Edit
from bot.errors import InvalidInput, NotAllowed
from bot.grid.coords import Cell, parse_on_map
from bot.grid.geometry import footprint
from bot.grid.sizes import Size
from bot.grid.templates import template_squares
from bot.limits import (
    MAX_BOARD_LINE,
    MAX_BOARD_LINES,
    MAX_NAME,
    MAX_TEMPLATE_ROUNDS,
    MAX_TEMPLATES,
)
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
        from_corner=template.from_corner,
        centred=template.centred,
    )


def origin_point(
    encounter: Encounter, template: Template, square_ft: int = 5
) -> tuple[float, float]:
    """Where ``template`` is measured from, in squares (col, row; a square's top-left
    corner is whole): the grid intersection at its square's top-left corner for a
    circle from a corner (5e) or a centred square or cube with an even side in squares
    of ``square_ft`` (epic-path), else its square's centre."""
    at = template.origin(encounter)
    corner = (float(at.col), float(at.row))
    if template.from_corner and template.shape == "circle":
        return corner
    even = (template.size_ft // square_ft) % 2 == 0
    if template.centred and template.shape in ("square", "cube") and even:
        return corner
    return (at.col + 0.5, at.row + 0.5)


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
    rounds: int | None = None,
    from_corner: bool = False,
    colour: str | None = None,
    centred: bool = False,
) -> Edit:
    """``placed_by`` (a user id) owns the template: they and the GM may remove it.
    ``rounds``: it ends that many rounds on, at the start of the turn of the token acting
    now (see :func:`ending`); ``from_corner``: a circle's origin is its square's top-left
    corner, ``centred``: a square or cube is centred on ``at`` (the ruleset says);
    ``colour``: one of ``TEMPLATE_COLOURS`` (None: purple)."""
    _check_looks(shape, size_ft, square_ft, colour)
    if len(encounter.templates) >= MAX_TEMPLATES:
        raise InvalidInput(f"At most {MAX_TEMPLATES} templates: remove one first.")
    origin = parse_on_map(at, encounter.width, encounter.height)
    aim = parse_on_map(toward, encounter.width, encounter.height) if toward else None
    if shape in ("cone", "line") and (aim is None or aim == origin):
        raise InvalidInput(f"A {shape} points somewhere: give toward:<a square>, e.g. toward:H5.")
    if shape not in ("cone", "line") and aim is not None:
        raise InvalidInput(f"A {shape} points nowhere: leave out toward:.")
    label = _label(encounter, name, shape)
    template = Template(
        label,
        shape,  # type: ignore[arg-type]
        size_ft,
        origin,
        aim,
        placed_by=placed_by,
        from_corner=from_corner and shape == "circle",
        centred=centred and shape in ("square", "cube"),
        colour=colour or "purple",  # type: ignore[arg-type]
    )
    if rounds is not None:
        template = ending(encounter, template, rounds)
    if follows:
        token = encounter.token(follows)
        offset = (origin.col - token.cell.col, origin.row - token.cell.row)
        template = replace(template, follows=token_key(token.name), offset=offset)
    after = replace(encounter, templates=(*encounter.templates, template))
    lasting = f", for {rounds} round{'s' if rounds != 1 else ''}" if rounds else ""
    return Edit(after, f"added the {shape} {label} ({size_ft} ft) at {origin}{lasting}")


def _check_looks(shape: str, size_ft: int, square_ft: int, colour: str | None) -> None:
    """A template's shape, size and colour, checked."""
    if shape not in TEMPLATE_SHAPES:
        raise InvalidInput(f"shape: one of {', '.join(TEMPLATE_SHAPES)}, not {shape}.")
    if not square_ft <= size_ft <= MAX_SIZE_FT or size_ft % 5:
        raise InvalidInput(
            f"size: {square_ft} to {MAX_SIZE_FT} ft in steps of 5 (the radius of a circle, "
            "the side of a square or cube, the length of a cone or line)."
        )
    if colour is not None and colour not in TEMPLATE_COLOURS:
        raise InvalidInput(f"colour: one of {', '.join(TEMPLATE_COLOURS)}, not {colour}.")


def _label(encounter: Encounter, name: str | None, shape: str) -> str:
    """The template's name: the one given, or ``Circle 2``; new on the board."""
    label = " ".join((name or f"{shape.capitalize()} {len(encounter.templates) + 1}").split())
    if not label or len(label) > MAX_NAME:
        raise InvalidInput(f"name: 1 to {MAX_NAME} characters.")
    if any(t.name.casefold() == label.casefold() for t in encounter.templates):
        raise InvalidInput(f'A template named "{label}" is on the board already: name it anew.')
    return label


def ending(encounter: Encounter, template: Template, rounds: int) -> Template:
    """``template`` lasting ``rounds`` rounds: it ends at the start of the turn of the
    token acting now, that many rounds on (a spell cast on Ari's turn that lasts 1 round
    ends when Ari's next turn starts); with no visible token acting, at the start of the
    round that many rounds on. A hidden token's turn is never written into it (the
    table's board would show whose turn it was)."""
    if not 1 <= rounds <= MAX_TEMPLATE_ROUNDS:
        raise InvalidInput(f"rounds: 1 to {MAX_TEMPLATE_ROUNDS} (how many rounds it lasts).")
    acting = encounter.acting
    by_turn = acting is not None and not acting.hidden
    return replace(
        template,
        ends_in_round=encounter.round + rounds,
        ends_at_turn_of=acting.key if by_turn and acting is not None else None,
    )


def expired(encounter: Encounter) -> tuple[Encounter, tuple[str, ...]]:
    """The board once a turn or round has started: the templates whose time is up
    removed, with a line for each ("Fog ends (it lasted 2 rounds)") that the board keeps
    too (``board_lines``)."""
    acting = encounter.acting
    gone: list[Template] = []
    for template in encounter.templates:
        end = template.ends_in_round
        if end is None or encounter.round < end:
            continue
        who = template.ends_at_turn_of
        waiting = who is not None and who in encounter.order and encounter.round == end
        if waiting and (acting is None or acting.key != who):
            continue
        gone.append(template)
    if not gone:
        return encounter, ()
    # one that follows a hidden token was never on the table's board: it goes unsaid
    said = [t for t in gone if not _follows_hidden(encounter, t)]
    lines = tuple(f"Round {encounter.round}: {t.name} ends" for t in said)
    kept = tuple(t for t in encounter.templates if t not in gone)
    after = replace(encounter, templates=kept)
    return announced(after, lines), lines


def rounds_left(encounter: Encounter, template: Template) -> int | None:
    """How many rounds ``template`` has left (None: it lasts until removed): the turns
    of the creature it waits for still to start, the one that ends it counted (placed
    on Ari's turn for 1 round: 1 all round, until Ari's next turn ends it); waiting for
    no one in the order, the rounds still to begin, the one that ends it counted. The
    same clock :func:`expired` reads."""
    end = template.ends_in_round
    if end is None:
        return None
    left = end - encounter.round
    who = template.ends_at_turn_of
    if who is not None and who in encounter.order:
        acting = encounter.turn_index
        if acting is None or encounter.order.index(who) > acting:
            left += 1  # its turn this round is still to come
    return max(1, left)


def rounds_left_text(rounds: int) -> str:
    """``1 round left``, ``3 rounds left``."""
    return f"{rounds} round{'s' if rounds != 1 else ''} left"


def areas_text(shown: Encounter, whole: Encounter) -> str:
    """The templates on the board ``shown``, each with the rounds it has left when it
    has a duration (read on the ``whole`` board, whose turn order has every creature):
    ``Fog (2 rounds left) · Web``. The board message's Areas field."""
    named = []
    for template in shown.templates:
        left = rounds_left(whole, template)
        named.append(template.name + (f" ({rounds_left_text(left)})" if left else ""))
    return " · ".join(named)


def _follows_hidden(encounter: Encounter, template: Template) -> bool:
    token = encounter.tokens.get(template.follows) if template.follows else None
    return token is not None and token.hidden


def announced(encounter: Encounter, lines: tuple[str, ...]) -> Encounter:
    """``encounter`` with ``lines`` on its board message (the newest few kept)."""
    kept = tuple(line[:MAX_BOARD_LINE] for line in (*encounter.board_lines, *lines))
    return replace(encounter, board_lines=kept[-MAX_BOARD_LINES:])


def starts_inside(
    encounter: Encounter, token: Token, square_ft: int, footprints: Mapping[Size, int]
) -> list[str]:
    """The templates ``token`` stands in (any square of its space): for its turn's line."""
    space = set(footprint(token.cell, footprints.get(token.size, 1)))
    return [t.name for t in encounter.templates if space & squares_of(encounter, t, square_ft)]


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
