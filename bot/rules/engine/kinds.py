"""The rules a ruleset states for the engine's own moves, as plain data: how dragging
weighs on a grappler, the ways through an opponent's space, a bull rush, mounting, a
heavy object, altitude. Kept apart from the mechanisms (grapple.py, through.py,
mounts.py, altitude.py, the special moves in specials/) so a ruleset declaring them
loads nothing else: the cold start stays short. Pure.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

# How dragging weighs on the grappler: Slowed (000), every foot costing 1 extra foot
# (the SRDs), or half its speed with the victim in its own space (3.5's moving a grapple)
# slowed (000), extra-foot (SRD 5.2), half-speed (3.5, epic-path: one move at half the
# speed), speed-halved (SRD 5.1: the turn's speed halved, free of it when the held
# creature is two sizes smaller)
DragCost = Literal["slowed", "extra-foot", "half-speed", "speed-halved"]


@dataclass(frozen=True)
class GrappleRule:
    """A ruleset's grappling rule on the board."""

    drag: DragCost
    shares_space: bool  # grappler and victim stand in one space (3.5: 002 Grapple)
    drag_text: str  # what dragging costs, with its section
    ends_text: str  # what ends a grapple when the two are parted, with its section


@dataclass(frozen=True)
class ThroughRule:
    """One way through an opponent's space, as a ruleset words and limits it."""

    kind: str  # overrun | tumble
    check: str  # the check each opponent passed takes, with its section
    actions: tuple[str, ...] = ("move",)  # the actions it may be part of
    larger_by_at_most: int | None = None  # overrun: no more than one size larger
    penalty_per_extra: int = 0  # epic-path overrun: -3 on every check per foe after the first
    provokes_each: bool = False  # entering a target's space provokes it (overrun)
    half_speed: bool = False  # every square costs double (3.5 tumbling)
    fails: str = "stops in the square before its space"
    passes_spaces: bool = True  # False: it only spares attacks (004 Reach, Internal Flanking)
    shunted_back: bool = False  # 004 Overrun: back along the path to the first open square
    note: str = ""  # anything else the reply says (avoiding attacks, its action)
    charge_note: str = ""  # what changes as part of a charge (``actions`` has "charge")
    # the check's DC as data (JSON): a fixed DC each (3.5 tumble: 25), or a number plus
    # the opponent's CMD (Pathfinder tumble: 5 + CMD), which a token doesn't carry
    dc: int | None = None
    dc_cmd_plus: int | None = None
    # the DC that also spares it the attacks for leaving threatened squares (3.5: 15;
    # Pathfinder: the opponent's CMD, + 0)
    avoid_attacks_dc: int | None = None
    avoid_attacks_dc_cmd_plus: int | None = None


@dataclass(frozen=True)
class BullRushRule:
    """A ruleset's bull rush: its check, and how much larger a foe may be."""

    check: str  # the opposed check, with its section
    larger_by_at_most: int = 1
    cite: str = ""  # the rule's section, for the notes


# What mounting or dismounting costs: a move action (3.5, 002), half the rider's speed
# (the SRDs), or nothing the rules price (becmi)
MountCost = Literal["move-action", "half-speed", "free"]


@dataclass(frozen=True)
class MountControl:
    """Controlling a mount not trained for war in battle (002 Control a Frightened
    Mount): a check, a move action of the rider's that provokes; a failure leaves the
    mount to do what it will and ends the rider's turn."""

    trait: str  # the mount's trait that calls for it (/token trait)
    dc: int
    check: str  # the check, with its section
    cite: str  # the rule's section


@dataclass(frozen=True)
class MountRule:
    cost: MountCost
    text: str  # what it costs, with its section
    control: MountControl | None = None  # where the ruleset has a frightened mount rule
    # The SRDs' Mounted Combat: a creature within 5 ft is mounted without entering its
    # space, and a rider dismounting lands within 5 ft of it, the price all it costs
    # (002: the rider enters and exits the mount's space, each square at its cost)
    within_5_ft: bool = False
    # The SRDs' Mounted Combat: "only once during your move" (mount or dismount)
    once_per_move: bool = False
    # The SRDs' Mounted Combat: the Dexterity saving throw's DC to stay on when the
    # mount is moved against its will or the rider is knocked prone (a prone mount
    # unseats its riders); None: no such rule (engine/unseating.py)
    stay_mounted_dc: int | None = None
    mounted_combat: str = ""  # the section those rules cite


@dataclass(frozen=True)
class HeavyRule:
    """The ruleset's words and how it loads the mover for a band of weight."""

    cite: str
    load_state: str = "load"  # the token state key the load band is kept in


# What changing altitude costs: epic-path's cubes counted 1 for 1 with the squares
# crossed (004); every foot up or down spent as a foot (the SRDs, 5e-alt, becmi); 3.5's
# average flyer climbing at half speed and diving at double (the 3.5 SRD, borrowed)
VerticalCost = Literal["cubes", "feet", "half-up-double-down"]


# How far apart two tokens at different heights are: the longer of the two (1 for 1
# cubes; 5e's 5 ft diagonals), the straight line (5e-alt's euclidean), or 3.5's
# 1-2-1-2 (the longer and half the shorter)
VerticalMeasure = Literal["longer", "straight", "longer-and-half"]


@dataclass(frozen=True)
class VerticalRule:
    cost: VerticalCost
    measure: VerticalMeasure
    text: str  # the rule and its section
    forced_in_air: bool = False  # 004 Forced Movement In 3-D: directly down (or up)


@dataclass(frozen=True)
class ReactionRule:
    """A ruleset's reactions between a creature's turns (issue 29): how many it has
    (a reaction; the d20 rulesets' attacks of opportunity a round), what the table
    calls one, whether a readied move spends one, and where the rule is."""

    per_round: int
    word: str  # "reaction", "attack of opportunity"
    readied_spends: bool  # the SRDs' Ready: the readied move is its reaction
    cite: str
