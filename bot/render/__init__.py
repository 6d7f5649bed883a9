"""Pictures for replies, drawn locally with Pillow: the board and the jump/fall sketches.

Everything here is a pure function returning PNG bytes: the same arguments give
the same bytes. Nothing here imports Discord, the database or asyncio; callers
on the event loop run it in a worker thread when it matters.

The board's names load on first use, so ``bot.render.legend`` (the key to the
board's marks, as text for /help) can be imported without Pillow.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from bot.render.board import BoardView, MoveOverlay, board_image, board_window, render_board

__all__ = ["BoardView", "MoveOverlay", "board_image", "board_window", "render_board"]


def __getattr__(name: str) -> Any:
    if name in __all__:
        from bot.render import board

        return getattr(board, name)
    raise AttributeError(f"module 'bot.render' has no attribute {name!r}")
