"""Dice that show chosen faces, so a test names the roll a seed's example needs."""

from __future__ import annotations

import random


class Faces(random.Random):
    """A Random whose dice show the given faces, in order."""

    def __init__(self, *faces: int) -> None:
        super().__init__(0)
        self._faces = list(faces)

    def randint(self, a: int, b: int) -> int:
        face = self._faces.pop(0)
        assert a <= face <= b
        return face
