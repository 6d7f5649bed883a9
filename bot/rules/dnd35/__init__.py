"""3.5: the SRD's "Movement, Position, and Distance" (seed 001) and "Rules of the Game:
All About Movement" (seed 002)."""

from bot.rules.d20.options import ARMOR, BODY, LOAD
from bot.rules.identity import Identity
from bot.rules.options import OptionSpec

IDENTITY = Identity(
    id="3.5",
    name="D&D 3.5",
    summary=(
        "D&D 3.5 (SRD): tactical speed by race and armor, 1-2-1-2 diagonals, move "
        "actions, run, charge, 5-foot steps"
    ),
    aliases=("3.5e", "dnd3.5", "d&d 3.5", "srd", "35"),
    ruleset="bot.rules.dnd35.ruleset:Dnd35",
    token_options=(
        OptionSpec(
            "race",
            "Race: human, dwarf, elf, gnome, halfling... (its base speed)",
            suggestions=("human", "dwarf", "elf", "gnome", "halfling", "half-elf", "half-orc"),
        ),
        ARMOR,
        LOAD,
        BODY,
    ),
)
