"""Pictures for replies, drawn locally with Pillow: the board and the jump/fall sketches.

Everything here is a pure function returning PNG bytes: the same arguments give
the same bytes. Nothing here imports Discord, the database or asyncio; callers
on the event loop run it in a worker thread when it matters.
"""

from bot.render.board import BoardView, MoveOverlay, board_image, board_window, render_board

__all__ = ["BoardView", "MoveOverlay", "board_image", "board_window", "render_board"]
