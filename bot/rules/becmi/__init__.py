"""becmi: the Rules Cyclopedia's time and movement chapter (seed 003)."""

from bot.rules.identity import Identity
from bot.rules.options import OptionSpec

IDENTITY = Identity(
    id="becmi",
    name="BECMI",
    summary=(
        "BECMI / Rules Cyclopedia: encounter and running speeds, 10 ft squares, overland "
        "travel by terrain, ships and getting lost"
    ),
    aliases=("rules cyclopedia", "rc", "bx", "basic"),
    ruleset="bot.rules.becmi.ruleset:Becmi",
    encounter_options=(
        OptionSpec("outdoors", "Outdoors, where speeds are read in yards", kind="boolean"),
    ),
    token_options=(
        OptionSpec(
            "load",
            "coins carried, e.g. 600cn",
            # the Encumbrance Table's band limits
            suggestions=("400cn", "800cn", "1200cn", "1600cn", "2400cn"),
        ),
        OptionSpec(
            "carries",
            "a mount's or monster's full-speed load, e.g. 3000cn (then load: is its own)",
            suggestions=("3000cn", "4000cn", "4500cn"),
        ),
    ),
    token_hint=(
        "give a movement rate and an encumbrance in coins (speed:\"120' (40')\" load:600cn):"
        " armor and race count only through encumbrance"
    ),
)
