"""Write the README's phone-width example: a /move on a 20x15 map (the case issue 30
found unreadable) as Stride draws it, scaled to 360 px wide as a phone shows it.

    python -m tests.render.phone_example      # writes docs/images/phone-move.png
"""

from __future__ import annotations

import io
from pathlib import Path

from PIL import Image

from bot.encounter import Encounter, Token
from bot.grid.coords import Cell
from bot.grid.terrain import Terrain
from bot.render.board import BoardView, MoveOverlay, render_board
from bot.render.legibility import PHONE_WIDTH_PX
from bot.rules import get_ruleset

OUT = Path(__file__).resolve().parents[2] / "docs" / "images" / "phone-move.png"


def example() -> tuple[Encounter, BoardView]:
    """Ari runs from B3 toward the goblins on a 20x15 map, 30 ft now, 60 with a dash."""
    e = Encounter(20, 15, "5e", "gm")
    e = e.with_terrain([Cell.parse(c) for c in ("F5", "F6", "G6", "G7")], Terrain.DIFFICULT)
    e = e.with_terrain([Cell(9, r) for r in range(2, 9)], Terrain.WALL)
    path = tuple(Cell.parse(c) for c in ("B3", "C4", "D5", "E6", "F7", "G8"))
    e = e.with_token(Token("Ari", path[-1], team="party", speed_ft=30))
    for name, at in (("Goblin 1", "L9"), ("Goblin 2", "M11"), ("Goblin 3", "R4")):
        e = e.with_token(Token(name, Cell.parse(at), team="enemy"))
    e = e.with_token(Token("Bo", Cell.parse("C10"), team="party"))
    end = path[-1]
    square = [Cell(end.col + c, end.row + r) for c in range(-6, 7) for r in range(-6, 7)]
    on_map = [c for c in square if 0 <= c.col < 20 and 0 <= c.row < 15 and c.col != 9]
    now = frozenset(c for c in on_map if max(abs(c.col - end.col), abs(c.row - end.row)) <= 2)
    costs = (0.0, 5.0, 10.0, 15.0, 25.0, 30.0)
    move = MoveOverlay(path, costs, "ari", reach_now=now, reach_more=frozenset(on_map))
    return e, BoardView(move=move)


def phone_png() -> bytes:
    e, view = example()
    drawn = Image.open(io.BytesIO(render_board(e, get_ruleset("5e").footprint_squares, view)))
    height = round(drawn.height * PHONE_WIDTH_PX / drawn.width)
    shown = drawn.convert("RGB").resize((PHONE_WIDTH_PX, height), Image.Resampling.LANCZOS)
    out = io.BytesIO()
    shown.quantize(128).save(out, "PNG", optimize=True)
    return out.getvalue()


def main() -> None:
    OUT.parent.mkdir(parents=True, exist_ok=True)
    OUT.write_bytes(phone_png())
    print(OUT)


if __name__ == "__main__":
    main()
