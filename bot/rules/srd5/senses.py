"""The senses that let a creature make an opportunity attack it couldn't see to make,
as /token trait names them (the engine reads them: ``engine/attacks.SEES_BLINDED``,
``SEES_INVISIBLE``). Shared by 5e, 5e-2024 and 5e-alt, which keeps 5e's opportunity
attacks. Pure data.
"""

from __future__ import annotations

from collections.abc import Mapping


def sight_traits(cite: str) -> Mapping[str, str]:
    """Blindsight and truesight, each with what it does here, cited from ``cite``."""
    return {
        "blindsight": "Blindsight: perceives its surroundings without sight, so it gets its "
        f"opportunity attacks while blinded and against an invisible creature ({cite}).",
        "truesight": "Truesight: sees invisible creatures, so an invisible one still provokes "
        f"its opportunity attacks (it can't see while blinded) ({cite}).",
    }
