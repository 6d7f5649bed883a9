"""The maps the benchmarks play on: seeded, so every run measures the same boards."""

from __future__ import annotations

import random
from dataclasses import replace

from bot.encounter import Encounter, Token
from bot.grid.coords import Cell
from bot.grid.geometry import footprint
from bot.grid.sizes import Size
from bot.grid.terrain import Terrain

HERO = "Hero"


def hero_cell(side: int) -> Cell:
    return Cell(side // 2, side // 2)


def battle_map(side: int, tokens: int = 6, ruleset: str = "3.5", seed: int = 7) -> Encounter:
    """A ``side`` x ``side`` battle: ``tokens`` tokens (the hero among them), one square
    in ten difficult terrain, a few wall segments, a clear patch round the hero."""
    rng = random.Random(seed)
    centre = hero_cell(side)
    terrain: dict[Cell, Terrain] = {}
    for _ in range(side * side // 10):
        terrain[Cell(rng.randrange(side), rng.randrange(side))] = Terrain.DIFFICULT
    for _ in range(max(2, side // 5)):  # wall segments, 3 to 8 squares long
        col, row = rng.randrange(side), rng.randrange(side)
        length, across = rng.randint(3, 8), rng.random() < 0.5
        for i in range(length):
            cell = Cell(col + i, row) if across else Cell(col, row + i)
            if cell.col < side and cell.row < side:
                terrain[cell] = Terrain.WALL
    for dc in range(-4, 5):
        for dr in range(-4, 5):
            terrain.pop(Cell(centre.col + dc, centre.row + dr), None)
    speed = 120 if ruleset == "becmi" else 30
    encounter = Encounter(side, side, ruleset, "1001", terrain=terrain)
    encounter = encounter.with_token(Token(HERO, centre, team="party", speed_ft=speed))
    taken = {centre}
    for i in range(tokens - 1):
        size = Size.LARGE if i % 7 == 6 else Size.MEDIUM
        cell = _place(rng, side, size, terrain, taken, away_from=centre if i >= 3 else None)
        team = "enemy" if i % 2 else "party"
        encounter = encounter.with_token(Token(f"T{i}", cell, team=team, size=size, speed_ft=speed))
    return encounter


def _place(
    rng: random.Random,
    side: int,
    size: Size,
    terrain: dict[Cell, Terrain],
    taken: set[Cell],
    away_from: Cell | None,
) -> Cell:
    """A random square for a token of ``size`` whose whole space is on the map, clear
    of terrain and of every token so far (the store refuses two tokens on one square,
    on old code as on new), more than 4 squares from ``away_from`` where given; its
    space is added to ``taken``."""
    while True:
        cell = Cell(rng.randrange(side), rng.randrange(side))
        space = footprint(cell, 2) if size is Size.LARGE else (cell,)
        on_map = all(c.col < side and c.row < side for c in space)
        free = not any(c in terrain or c in taken for c in space)
        near = (
            away_from is not None
            and max(abs(cell.col - away_from.col), abs(cell.row - away_from.row)) <= 4
        )
        if on_map and free and not near:
            taken.update(space)
            return cell


def open_map(side: int) -> dict[Cell, Terrain]:
    return {}


def random_terrain(side: int, seed: int = 11) -> dict[Cell, Terrain]:
    """One square in five difficult, one in twelve a wall; the corners kept clear."""
    rng = random.Random(seed)
    terrain: dict[Cell, Terrain] = {}
    for col in range(side):
        for row in range(side):
            roll = rng.random()
            if roll < 0.2:
                terrain[Cell(col, row)] = Terrain.DIFFICULT
            elif roll < 0.2 + 1 / 12:
                terrain[Cell(col, row)] = Terrain.WALL
    for corner in (Cell(0, 0), Cell(side - 1, side - 1)):
        for dc in (-1, 0, 1):
            for dr in (-1, 0, 1):
                terrain.pop(Cell(corner.col + dc, corner.row + dr), None)
    return terrain


def maze(side: int, seed: int = 5) -> dict[Cell, Terrain]:
    """A perfect maze of one-square corridors (rooms on even squares), walls elsewhere;
    the far corner opened into it."""
    rng = random.Random(seed)
    rooms = (side + 1) // 2
    open_cells = {Cell(0, 0)}
    stack = [(0, 0)]
    seen = {(0, 0)}
    while stack:
        x, y = stack[-1]
        options = [
            (x + dx, y + dy)
            for dx, dy in ((1, 0), (-1, 0), (0, 1), (0, -1))
            if 0 <= x + dx < rooms and 0 <= y + dy < rooms and (x + dx, y + dy) not in seen
        ]
        if not options:
            stack.pop()
            continue
        nx, ny = rng.choice(options)
        seen.add((nx, ny))
        open_cells.add(Cell(2 * nx, 2 * ny))
        open_cells.add(Cell(x + nx, y + ny))  # the wall square between the two rooms
        stack.append((nx, ny))
    last = side - 1
    open_cells |= {Cell(last, last), Cell(last - 1, last), Cell(last, last - 1)}
    return {
        Cell(c, r): Terrain.WALL
        for c in range(side)
        for r in range(side)
        if Cell(c, r) not in open_cells
    }


def after_moves(encounter: Encounter) -> tuple[Encounter, Encounter]:
    """The battle as two moves in turn leave it, for "a new board" taken honestly: on
    the first, the creature nearest the hero stands 3 squares east of it; on the second,
    the hero has stepped a square west and that creature a square south (both squares
    lie in the clear patch round the hero, inside its 30 ft band). Each board's squares
    near a creature, and the hero's own square, differ from the other's, so a board
    alternating with the other is new to the caches kept per encounter and per square
    (the step tables; a square's steps as the last board had it); those kept by value
    (the kinds of step, a square's steps by the values of the squares they read) have
    seen both, as they would have seen a creature on open ground in a real game."""
    hero = encounter.token(HERO)
    others = [t for t in encounter.tokens.values() if t.key != hero.key]
    near = min(
        others, key=lambda t: max(abs(t.cell.col - hero.cell.col), abs(t.cell.row - hero.cell.row))
    )
    east = Cell(hero.cell.col + 3, hero.cell.row)
    first = encounter.with_token(replace(near, cell=east))
    second = first.with_token(replace(hero, cell=Cell(hero.cell.col - 1, hero.cell.row)))
    second = second.with_token(replace(near, cell=Cell(east.col, east.row + 1)))
    return first, second
