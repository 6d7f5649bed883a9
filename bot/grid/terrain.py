"""Kinds of terrain a square can hold: what the seeds tell apart.

What a kind *costs* is each ruleset's business; this module only names the
kinds and says the facts every ruleset reads the same way (can a creature
walk into it, does a solid corner stop a diagonal past it).
"""

from __future__ import annotations

from enum import StrEnum

from bot.errors import InvalidInput
from bot.names import Vocabulary


class Terrain(StrEnum):
    CLEAR = "clear"
    # Hampers movement: rubble, undergrowth, ice, steep slope (000 "Difficult
    # Terrain", 001 "Difficult Terrain", 004 "Difficult Terrain").
    DIFFICULT = "difficult"
    # A slope of 45 degrees or more: Difficult Terrain unless the creature climbs
    # (000 "Difficult Terrain: Slope", "Climb"); difficult in the other rulesets.
    SLOPE = "slope"
    # An obstacle in the square that hampers but doesn't block (001 "Obstacles").
    OBSTACLE = "obstacle"
    # So rough it takes a full-round action per 5 ft (004 "Impeded Terrain").
    IMPEDED = "impeded"
    # Deep liquid: swimming (000 "Swim", "Difficult Terrain: Liquid").
    WATER = "water"
    # Dangerous to enter but enterable: lava, a trapped square (004 "Hazardous Terrain").
    HAZARD = "hazard"
    # A gap sized for a Small creature: squeezing for Medium (000, 001, 004 "Squeezing").
    NARROW = "narrow"
    # An opening to fall into: impassable on foot, but a diagonal may pass it
    # (001 "Diagonals": "such as pits").
    PIT = "pit"
    # Solid and filling its square: dressed stone; no corner cutting (001, 004).
    WALL = "wall"
    # Blocked but not filled: a rounded pillar, a tree, a statue; a diagonal may
    # skim past it (004 "Cutting Corners").
    PILLAR = "pillar"
    # Ice or snow underfoot: Difficult Terrain, except to a creature with Ice Walk (000
    # Young White Dragon › Ice Walk); difficult in the other rulesets.
    ICE = "ice"
    # A square filled with loose material (earth, sand, mud): solid to walkers, but a
    # burrower digs through it, where rock stops it (000 Burrow; 004 Blocked Terrain).
    EARTH = "earth"

    @property
    def blocks(self) -> bool:
        """Nobody walks into it (flying over a pit is the ruleset's call)."""
        return self in (Terrain.WALL, Terrain.PILLAR, Terrain.EARTH)

    @property
    def holds_no_one(self) -> bool:
        """No creature is ever in it, walking, flying or burrowing: filled stone, a
        pillar (a burrower may be in earth, a flyer over a pit)."""
        return self in (Terrain.WALL, Terrain.PILLAR)

    @property
    def solid_corner(self) -> bool:
        """A diagonal step may not cut past this square's corner."""
        return self in (Terrain.WALL, Terrain.EARTH)


TERRAIN_NAMES = Vocabulary(
    "terrain",
    {
        Terrain.CLEAR: ("open", "normal", "none", "floor"),
        Terrain.DIFFICULT: (
            "rubble",
            "undergrowth",
            "mud",
            "rough",
            "web",
            "loose",
        ),
        Terrain.SLOPE: ("steep", "incline", "cliff-face", "hillside"),
        Terrain.OBSTACLE: ("low-wall", "furniture", "barrier"),
        Terrain.IMPEDED: ("bog", "junk", "vines"),
        Terrain.WATER: ("liquid", "deep-water", "swim", "lake", "river"),
        Terrain.HAZARD: ("hazardous", "lava", "trap", "fire", "acid"),
        Terrain.NARROW: ("squeeze", "gap", "crawlway", "tight"),
        Terrain.PIT: ("chasm", "hole", "gap-pit", "drop"),
        Terrain.WALL: ("blocked", "solid", "stone", "rock"),
        Terrain.PILLAR: ("column", "tree", "statue", "boulder", "rounded"),
        Terrain.ICE: ("snow", "icy", "frozen", "frost"),
        Terrain.EARTH: ("dirt", "soil", "sand", "packed-earth", "underground"),
    },
)


def parse_terrain(text: str) -> Terrain:
    if text in BARRIER_ONLY:
        raise InvalidInput(
            f'"{text}" stands between squares, not in one: use /terrain edge, e.g. '
            "cells:C3/C4 kind:door."
        )
    return Terrain(TERRAIN_NAMES.match(text))


# Names that only make sense on an edge between squares.
BARRIER_ONLY = Vocabulary.of(
    "barrier", ("door", "open-door", "closed-door", "doorway", "portcullis", "low-wall")
)


class Barrier(StrEnum):
    """What stands on the edge between two squares (001 "Obstacles": "each obstructed
    square or obstacle between squares"; 002 "Open or Close a Door")."""

    WALL = "wall"  # blocks, and no diagonal past its end
    LOW_WALL = "low-wall"  # hampers: crossing it costs extra
    DOOR = "door"  # closed: blocks until opened
    OPEN_DOOR = "open-door"

    @property
    def blocks(self) -> bool:
        return self in (Barrier.WALL, Barrier.DOOR)


BARRIER_NAMES = Vocabulary(
    "barrier",
    {
        Barrier.WALL: ("blocked", "solid", "dungeon-wall"),
        Barrier.LOW_WALL: ("low", "fence", "barricade", "hedge"),
        Barrier.DOOR: ("closed-door", "closed", "shut", "portcullis"),
        Barrier.OPEN_DOOR: ("open", "opened", "doorway"),
        "clear": ("none", "remove", "nothing"),
    },
)
