"""Board scenarios the reference images are drawn from: one per ruleset, built
directly with the ``bot.encounter`` API and each ruleset's own footprints.

The moves here are drawn, not ruled: paths and costs are written out as each
ruleset counts them (3.5's 1-2-1 diagonals, becmi's 10 ft squares), so a
change in a ruleset never silently changes a reference image.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, replace

from bot.encounter import Encounter, Token
from bot.grid.coords import Cell
from bot.grid.sizes import Size
from bot.grid.terrain import Terrain
from bot.render.board import BoardView, MoveOverlay
from bot.rules import get_ruleset


@dataclass(frozen=True)
class Scenario:
    encounter: Encounter
    footprints: Mapping[Size, int]
    view: BoardView


def cells(text: str) -> list[Cell]:
    return [Cell.parse(part) for part in text.split()]


def square(col: int, row: int, radius: int) -> frozenset[Cell]:
    return frozenset(
        Cell(col + dc, row + dr)
        for dc in range(-radius, radius + 1)
        for dr in range(-radius, radius + 1)
        if col + dc >= 0 and row + dr >= 0
    )


def with_turn(encounter: Encounter, *keys: str) -> Encounter:
    return replace(encounter, order=keys, turn_index=0)


def five_e_alt() -> Scenario:
    """Ari walks round rubble past a goblin; bands for Movement left and a Dash."""
    footprints = get_ruleset("5e-alt").footprint_squares
    e = Encounter(12, 10, "5e-alt", "gm")
    e = e.with_terrain(cells("D3 D4 D5 E5"), Terrain.DIFFICULT)
    e = e.with_terrain(cells("H2 H3 H4"), Terrain.WALL)
    e = e.with_terrain(cells("B8 C8"), Terrain.WATER)
    e = e.with_terrain(cells("J8"), Terrain.PILLAR)
    path = tuple(cells("B2 C2 C3 C4 C5 C6 D7 E7 F7"))
    e = e.with_token(Token("Ari", path[-1], team="party", conditions=frozenset({"slowed"})))
    e = e.with_token(Token("Goblin 1", Cell.parse("B4"), team="enemy"))
    e = e.with_token(
        Token("Goblin 2", Cell.parse("G5"), team="enemy", conditions=frozenset({"prone"}))
    )
    e = e.with_token(Token("Villager", Cell.parse("K9"), team="neutral"))
    e = e.with_token(Token("Ogre", Cell.parse("I6"), size=Size.LARGE, team="enemy"))
    e = with_turn(e, "ari", "goblin-1")
    costs = (0.0, 5, 10, 20, 30, 35, 40, 45, 50)
    move = MoveOverlay(
        path,
        costs,
        "ari",
        provoked_at=(Cell.parse("C4"),),
        reach_now=square(5, 6, 1),
        reach_more=square(5, 6, 3),
    )
    return Scenario(e, footprints, BoardView(move=move))


def dnd35() -> Scenario:
    """The UX example: Ari A1 → D4 for 5/15/20 ft, leaving A1 provokes the orc;
    the orc's threatened squares hatched, a Large ogre, the 10 ft left shaded."""
    footprints = get_ruleset("3.5").footprint_squares
    e = Encounter(10, 8, "3.5", "gm")
    e = e.with_terrain(cells("C1 D1 E2"), Terrain.OBSTACLE)
    e = e.with_terrain(cells("F4 F5 F6"), Terrain.IMPEDED)
    e = e.with_terrain(cells("A6 B6"), Terrain.PIT)
    e = e.with_terrain(cells("H1"), Terrain.HAZARD)
    path = tuple(cells("A1 B2 C3 D4"))
    e = e.with_token(Token("Ari", path[-1], team="party"))
    e = e.with_token(Token("Orc", Cell.parse("B1"), team="enemy"))
    e = e.with_token(Token("Ogre", Cell.parse("G6"), size=Size.LARGE, team="enemy"))
    e = e.with_token(Token("Mule", Cell.parse("I2"), team="neutral"))
    e = with_turn(e, "ari", "orc", "ogre")
    threats = frozenset(c for c in square(1, 0, 1) if c != Cell(1, 0))
    move = MoveOverlay(
        path,
        (0.0, 5, 15, 20),
        "ari",
        provoked_at=(Cell.parse("A1"),),
        reach_now=frozenset(cells("D4 E4 D5 E5 C5 E3")),
        reach_more=square(3, 3, 4),
        more_action="double",
    )
    return Scenario(e, footprints, BoardView(move=move, threats=threats))


def epic_path() -> Scenario:
    """The whole map: a Colossal dragon (5x5 squares), a Tiny imp sharing a square
    with a Tiny rat, conditions, a slope and a narrow gap; the dragon's reach outlined."""
    footprints = get_ruleset("epic-path").footprint_squares
    e = Encounter(14, 11, "epic-path", "gm")
    e = e.with_terrain(cells("A9 B9 C9 A10 B10 C10"), Terrain.SLOPE)
    e = e.with_terrain(cells("K1 K2 K3"), Terrain.NARROW)
    e = e.with_terrain(cells("L5 M5 N5"), Terrain.WALL)
    e = e.with_token(Token("Ancient Dragon", Cell.parse("E3"), size=Size.COLOSSAL, team="enemy"))
    e = e.with_token(Token("Imp", Cell.parse("B2"), size=Size.TINY, team="enemy"))
    e = e.with_token(Token("Rat", Cell.parse("B2"), size=Size.TINY, team="neutral"))
    e = e.with_token(
        Token(
            "Valeros", Cell.parse("L8"), team="party", conditions=frozenset({"prone", "grappled"})
        )
    )
    e = e.with_token(Token("Seoni", Cell.parse("M10"), team="party"))
    e = with_turn(e, "ancient-dragon", "valeros", "seoni")
    reach = frozenset(
        Cell(c, r) for c in range(1, 13) for r in range(0, 11) if not (4 <= c <= 8 and 2 <= r <= 6)
    )
    return Scenario(e, footprints, BoardView(reach=reach, whole_map=True))


def becmi() -> Scenario:
    """10 ft squares (seed 003): a fighter's move costed in 10s, a Huge hill giant
    on 2x2 squares and a Large horse on one, as becmi's footprints have them."""
    footprints = get_ruleset("becmi").footprint_squares
    e = Encounter(12, 9, "becmi", "gm")
    e = e.with_terrain(cells("E2 E3 E4 E5"), Terrain.WATER)
    e = e.with_terrain(cells("I7 J7"), Terrain.DIFFICULT)
    path = tuple(cells("A5 B5 C6 D6 E6 F6 G5 H4 I3"))
    e = e.with_token(Token("Fighter", path[-1], team="party", speed_ft=120))
    e = e.with_token(Token("Hill Giant", Cell.parse("J4"), size=Size.HUGE, team="enemy"))
    e = e.with_token(Token("Horse", Cell.parse("B8"), size=Size.LARGE, team="neutral"))
    e = with_turn(e, "fighter", "hill-giant")
    costs = tuple(10.0 * i for i in range(len(path)))
    move = MoveOverlay(
        path,
        costs,
        "fighter",
        reach_now=square(8, 2, 1),
        reach_more=square(8, 2, 2),
        more_action="run",
    )
    return Scenario(e, footprints, BoardView(move=move))


def big_map() -> Scenario:
    """A 200x200 map shown whole: a readable window at 24 px and the overview inset."""
    footprints = get_ruleset("5e-alt").footprint_squares
    terrain = {Cell(c, r): Terrain.WALL for c in range(0, 200, 7) for r in range(0, 200, 5)}
    e = Encounter(200, 200, "5e-alt", "gm", terrain=terrain)
    e = e.with_token(Token("Ari", Cell(120, 150), team="party"))
    e = e.with_token(Token("Orc", Cell(124, 152), team="enemy"))
    e = e.with_token(Token("Far", Cell(10, 10), team="neutral"))
    e = with_turn(e, "ari", "orc")
    return Scenario(e, footprints, BoardView(whole_map=True))


SCENARIOS: Mapping[str, Callable[[], Scenario]] = {
    "5e-alt": five_e_alt,
    "3.5": dnd35,
    "epic-path": epic_path,
    "becmi": becmi,
    "big-map": big_map,
}
