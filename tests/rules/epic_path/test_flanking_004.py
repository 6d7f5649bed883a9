"""epic-path (seed 004): Flanking, Reach and Flanking, Internal Flanking."""

from __future__ import annotations

from fractions import Fraction

import pytest

from bot.context import Context
from bot.encounter import Token
from bot.grid.coords import Cell
from bot.grid.sizes import Size
from bot.rules import get_ruleset, identities
from bot.rules.epic_path.flanking import HALF, Point, Space, line_flanks
from tests.handlers.encounter_helpers import run
from tests.rules.grid_kit import GridKit, foe, pc

KIT = GridKit("epic-path")
RULES = get_ruleset("epic-path")


def centre(name: str) -> Point:
    cell = Cell.parse(name)
    return (cell.col + HALF, cell.row + HALF)


def corner(col: int, row: int) -> Point:
    return (Fraction(col), Fraction(row))


ORC = Space(Cell.parse("C3"))  # a Medium target in C3


@pytest.mark.parametrize(
    ("a", "b", "flanks"),
    [
        ("B3", "D3", True),  # through the west and east sides
        ("C2", "C4", True),  # north and south
        ("B2", "D4", True),  # opposite corners
        ("B4", "D2", True),  # the other two corners
        ("B2", "D3", False),  # in at a corner, out at a side
        ("B3", "D4", False),  # in at a side, out at a corner
        ("C2", "D3", False),  # adjacent sides
        ("B2", "C4", False),  # "corner squares ONLY flank with the opposite corner squares"
    ],
)
def test_004_flanking_line_between_centres(a: str, b: str, flanks: bool) -> None:
    """004 Flanking: "Trace a line from the center of a square you occupy to the center
    of a square your ally occupies, and if that line passes through opposite sides or
    opposite corners of the enemy's space, you have a flank"; a side-in, corner-out or
    adjacent-sides line is not a flank."""
    assert line_flanks(centre(a), centre(b), ORC) is flanks


def test_004_flanking_a_line_along_the_border_is_not_a_flank() -> None:
    """004 Flanking: "any line which passes directly along the border of a target
    creature's space is not a flank" (reach lines start at corners, so they can)."""
    assert not line_flanks(corner(2, 1), corner(2, 5), ORC)  # down its west edge
    assert not line_flanks(corner(1, 3), corner(4, 3), ORC)  # along its south edge
    assert not line_flanks(corner(1, 1), corner(3, 1), ORC)  # touches its NW corner only
    assert line_flanks(corner(1, 1), corner(3, 3), ORC)  # corner to opposite corner


def test_004_flanking_larger_target_any_portion_of_opposite_sides() -> None:
    """004 Flanking: "against a size-large or larger creature, you only have to be able to
    trace the line against any portion of the opposite side of its space" — off-centre
    lines through a Large creature's west and east sides flank it."""
    ogre = Space(Cell.parse("C3"), 2)  # C3 D3 C4 D4
    assert line_flanks(centre("B3"), centre("E4"), ogre)  # west side, east side
    assert line_flanks(centre("B3"), centre("E3"), ogre)
    assert not line_flanks(centre("B2"), centre("E4"), ogre)  # corner in, side out


def test_004_flanking_encounter_two_allies_flank_a_foe() -> None:
    """004 Flanking: allies on opposite sides of a foe they both threaten flank it."""
    e = KIT.encounter(6, 6, pc("Ari", "B3"), pc("Bo", "D3"), foe("Orc", "C3"))
    flank = RULES.flanking.flank(e, e.token("Ari"), e.token("Bo"), e.token("Orc"))
    assert flank is not None and flank.flanks
    assert "west and east" in flank.why
    assert flank.line == ((1.5, 2.5), (3.5, 2.5))
    assert flank.source.sections == ("Flanking",)


def test_004_flanking_needs_both_to_threaten() -> None:
    """004 Flanking: "both you and an ally must be threatening the same creature"; an
    unconscious ally threatens nothing, and a Tiny one has no reach (it threatens only its
    own space, 004 Reach)."""
    e = KIT.encounter(
        6,
        6,
        pc("Ari", "B3"),
        pc("Bo", "D3", conditions=frozenset({"unconscious"})),
        foe("Orc", "C3"),
    )
    flank = RULES.flanking.flank(e, e.token("Ari"), e.token("Bo"), e.token("Orc"))
    assert flank is not None and not flank.flanks and "Bo doesn't threaten Orc" in flank.why
    e = KIT.encounter(6, 6, pc("Ari", "B3"), pc("Pip", "D3", size=Size.TINY), foe("Orc", "C3"))
    flank = RULES.flanking.flank(e, e.token("Ari"), e.token("Pip"), e.token("Orc"))
    assert flank is not None and not flank.flanks


def test_004_flanking_only_allies_against_an_enemy() -> None:
    """004 Flanking: "NPC's who are not allies ... cannot contribute to a flank"."""
    e = KIT.encounter(6, 6, pc("Ari", "B3"), Token("Ned", Cell.parse("D3")), foe("Orc", "C3"))
    flank = RULES.flanking.flank(e, e.token("Ari"), e.token("Ned"), e.token("Orc"))
    assert flank is not None and not flank.flanks and "isn't Orc's enemy" in flank.why


def test_004_flanking_large_flanker_chooses_any_of_its_squares() -> None:
    """004 Flanking: a Large or larger creature "can choose which of the squares in its
    space it wishes to determine flanks from": a Large ally in A2–B3 flanks the Orc at C3
    with a friend at D3 from its lower squares (A3, B3); from its top-left square A2 the line would
    only touch the Orc's corner."""
    e = KIT.encounter(
        6, 6, pc("Ogre", "A2", size=Size.LARGE, reach_ft=5), pc("Bo", "D3"), foe("Orc", "C3")
    )
    assert not line_flanks(centre("A2"), centre("D3"), ORC)
    flank = RULES.flanking.flank(e, e.token("Ogre"), e.token("Bo"), e.token("Orc"))
    assert flank is not None and flank.flanks
    assert "the centre of A3" in flank.why


def test_004_reach_and_flanking_corners_and_distance() -> None:
    """004 Reach and Flanking: "Creatures with reach ... don't have to be adjacent", and
    "can trace a line from any corner of their own space to any corner of an ally's
    space". Ari with a 10 ft reach at A2 and Bo at D4 flank the Orc at C3 only through
    corners: centre to centre the line goes in at a side and out at a corner."""
    ari, bo, orc = pc("Ari", "A2", reach_ft=10), pc("Bo", "D4"), foe("Orc", "C3")
    e = KIT.encounter(6, 6, ari, bo, orc)
    assert not line_flanks(centre("A2"), centre("D4"), ORC)
    flank = RULES.flanking.flank(e, e.token("Ari"), e.token("Bo"), e.token("Orc"))
    assert flank is not None and flank.flanks
    assert "Reach and Flanking" in flank.source.sections
    # without reach Ari doesn't threaten the Orc from two squares away
    e = KIT.encounter(6, 6, pc("Ari", "A2"), bo, orc)
    flank = RULES.flanking.flank(e, e.token("Ari"), e.token("Bo"), e.token("Orc"))
    assert flank is not None and not flank.flanks and "doesn't threaten" in flank.why


def test_004_internal_flanking_small_inside_a_huge_creature() -> None:
    """004 Internal Flanking: "While inside the space of a creature two size categories
    larger than itself (or more), a smaller creature can gain internal flanking against
    the larger creature if he has an ally that threatens the larger creature from any
    space"; and the larger flanks the inner one with any ally threatening its square."""
    giant = foe("Giant", "B2", size=Size.HUGE)  # B2–D4
    e = KIT.encounter(8, 8, pc("Ari", "C3"), pc("Bo", "E3"), giant, foe("Gob", "C5", reach_ft=10))
    flank = RULES.flanking.flank(e, e.token("Ari"), e.token("Bo"), e.token("Giant"))
    assert flank is not None and flank.flanks and flank.internal
    assert "Internal Flanking" in flank.source.sections
    flank = RULES.flanking.flank(e, e.token("Giant"), e.token("Gob"), e.token("Ari"))
    assert flank is not None and flank.flanks and flank.internal


def test_004_flanking_said_after_a_move() -> None:
    """004 Flanking, after each /move: the enemies the mover now flanks and with whom."""
    e = KIT.encounter(8, 6, pc("Ari", "B3"), pc("Bo", "F3"), foe("Orc", "C3"))
    result = KIT.move(e, "Bo", "D3")
    flanking = [w.text for w in result.warnings if w.label == "Flanking"]
    assert flanking == [
        "Bo now flanks Orc with Ari: +2 on melee attacks against a flanked foe, for both "
        "flankers (Epic Path › Flanking)."
    ]
    result = KIT.move(e, "Bo", "D2")
    assert not [w for w in result.warnings if w.label == "Flanking"]


@pytest.mark.parametrize("ruleset", tuple(identities()))
def test_flanking_only_where_the_rules_have_it(ruleset: str) -> None:
    """Seeds 000–003 and the SRDs give no flanking rule on the grid (001 only says very
    small creatures "can't flank"): the ruleset says it has none, for a pair and for the
    whole board alike. Only epic-path (004 Flanking) answers."""
    kit = GridKit(ruleset)
    e = kit.encounter(6, 6, pc("Ari", "B3"), pc("Bo", "D3"), foe("Orc", "C3"))
    rules = kit.rules
    pair = rules.flanking.flank(e, e.token("Ari"), e.token("Bo"), e.token("Orc"))
    board = rules.flanking.board_flanks(e)
    assert (pair is None) == (board is None)
    assert (pair is not None) == (ruleset == "epic-path")


async def test_map_flanks_lists_and_outlines_the_flanked(gm: Context) -> None:
    """Issue 16: /map flanks:true says who is flanked and by whom (004 Flanking); a
    ruleset without the rule says so."""
    await run(
        gm,
        "/encounter start width:8 height:8 ruleset:epic-path",
        "/token add name:Ari at:B2 team:party",
        "/token add name:Bo at:D2 team:party",
        "/token add name:Orc at:C2 team:enemy",
    )
    shown = await run(gm, "/map flanks:true")
    assert "Orc: flanked by Ari and Bo" in shown.as_text()
    assert shown.image_png is not None
    await run(gm, "/encounter end confirm:true", "/encounter start width:8 height:8 ruleset:3.5")
    assert "no flanking rule" in (await run(gm, "/map flanks:true")).as_text()
