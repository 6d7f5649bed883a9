"""becmi: the Rules Cyclopedia's time and movement chapter (seed 003)."""

from bot.rules.identity import Identity

IDENTITY = Identity(
    id="becmi",
    name="BECMI",
    summary=(
        "BECMI / Rules Cyclopedia: encounter and running speeds, 10 ft squares, overland "
        "travel by terrain, ships and getting lost"
    ),
    aliases=("rules cyclopedia", "rc", "bx", "basic"),
    ruleset="bot.rules.becmi.ruleset:Becmi",
)
