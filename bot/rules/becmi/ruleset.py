"""BECMI / Rules Cyclopedia movement (seed 003_3444ce13aba82e1a.txt).

The chapter rules overland travel by the day: miles per day are the slowest
normal speed divided by 5, changed by terrain. It has no falling and no
jumping rule; falling is borrowed from the 3.5 SRD and says so. Every choice
the seed leaves open is in docs/rulings/becmi.md; the tables live in
``bot.rules.becmi.tables``.
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field, replace
from fractions import Fraction
from typing import ClassVar, Literal

from bot.dice import Roll, no_dice, roll
from bot.encounter import Condition, Encounter, Token
from bot.errors import IllegalMove, InvalidInput
from bot.grid.coords import Cell
from bot.grid.search import EPSILON, Edge
from bot.grid.sizes import Size
from bot.grid.terrain import Terrain
from bot.names import Vocabulary, normalize
from bot.rules.becmi import IDENTITY
from bot.rules.becmi import tables as t
from bot.rules.becmi.tokens import (
    ACTIONS,
    FOOTPRINTS,
    GRID_DOCUMENT,
    MAX_RUNNING_ROUNDS,
    ROUGH,
    SQUARE_FT,
    SWIM_FRACTION,
    YARDS,
    normal_speed,
    parse_coins,
    parse_rate,
    token_fields,
    token_movement,
)
from bot.rules.engine.board import Allowance, Board, Passing, StepContext, check_mode, hostile
from bot.rules.engine.moves import MoveRequest, TokenFields, TokenMovement, TokenSpec
from bot.rules.identity import Identity
from bot.rules.ruleset import Ruleset
from bot.rules.rulings import (
    FallRequest,
    FallResult,
    JSONValue,
    JumpRequest,
    JumpResult,
    Note,
    Source,
    TravelRequest,
    TravelResult,
)
from bot.units import feet

FALL_BORROWED = "3.5 SRD falling damage (the seed has no falling rule)"
FALL_MAX_DICE = 20
FALL_FT_PER_DIE = 10


MAX_TRAVEL_SPEED_FT = 1_000


class Becmi(Ruleset):
    identity: ClassVar[Identity] = IDENTITY
    document: ClassVar[str] = "Rules Cyclopedia"
    grid_document: ClassVar[str] = GRID_DOCUMENT
    seed_files: ClassVar[tuple[str, ...]] = (t.SEED_FILE,)
    square_ft: ClassVar[int] = t.SQUARE_FT
    # The chapter has no size categories; nothing here depends on size.
    sizes: ClassVar[tuple[Size, ...]] = ()
    footprint_squares: ClassVar[Mapping[Size, int]] = FOOTPRINTS
    encounter_options: ClassVar[frozenset[str]] = frozenset({"outdoors"})
    travel_names: ClassVar[Mapping[str, Vocabulary]] = {
        "mode": t.MODE_NAMES,
        "terrain": t.TERRAIN_NAMES,
        "pace": t.PACE_NAMES,
    }

    # ------------------------------------------------------------- on a grid

    def fall(self, request: FallRequest, rng: random.Random) -> FallResult:
        if request.height_ft < 0:
            raise InvalidInput(f"A fall height cannot be negative (got {request.height_ft} ft).")
        if request.collision_speed_ft is not None and request.height_ft == 0:
            return self._no_collision_rule(request)
        counted_ft = min(request.height_ft, FALL_MAX_DICE * FALL_FT_PER_DIE)
        counted_ft -= counted_ft % FALL_FT_PER_DIE
        lethal = roll(counted_ft // FALL_FT_PER_DIE, 6, rng)
        notes = [
            Note(
                "Falling damage (borrowed)",
                "The Rules Cyclopedia movement chapter has no falling rule, so the bot uses "
                "the 3.5 SRD's: 1d6 per full 10 ft fallen, at most 20d6."
                + (" Under 10 ft: no damage." if counted_ft == 0 else ""),
            ),
            *_fall_refinements_ignored(request),
        ]
        return FallResult(
            height_ft=request.height_ft,
            counted_ft=counted_ft,
            lethal=lethal,
            nonlethal=no_dice(),
            damage=lethal.total,
            nonlethal_damage=0,
            source=Source(
                self.id, self.document, (), seed_file=t.SEED_FILE, borrowed=FALL_BORROWED
            ),
            headline=f"Falls {request.height_ft} ft",
            notes=tuple(notes),
        )

    def _no_collision_rule(self, request: FallRequest) -> FallResult:
        """A collision alone: BECMI has no rule for it, and the borrowed 3.5 SRD falling
        rule has none either, so nothing is rolled (docs/RULINGS.md › /fall › becmi)."""
        return FallResult(
            height_ft=0,
            counted_ft=0,
            lethal=no_dice(),
            nonlethal=no_dice(),
            damage=0,
            nonlethal_damage=0,
            source=Source(self.id, self.document, ("Movement",), seed_file=t.SEED_FILE),
            headline="BECMI has no collision rule",
            notes=(
                Note(
                    "No collision rule",
                    f"A collision at {request.collision_speed_ft} ft speed: the Rules Cyclopedia "
                    "movement chapter has no collision rule, and the 3.5 SRD the bot borrows "
                    "for falls has none either, so nothing is rolled. The GM decides; "
                    "ruleset:epic-path has a collision rule.",
                ),
            ),
            extra={"collision_speed_ft": request.collision_speed_ft, "nothing_rolled": True},
        )

    def jump(self, request: JumpRequest, rng: random.Random) -> JumpResult:
        return JumpResult(
            max_horizontal_ft=None,
            max_vertical_ft=None,
            dc=None,
            source=Source(self.id, self.document, ("Movement",), seed_file=t.SEED_FILE),
            notes=(
                Note(
                    "No jumping rule",
                    "The Rules Cyclopedia movement chapter has no jumping rule: the GM decides, "
                    "for example with a Strength or Dexterity ability check.",
                ),
            ),
        )

    def travel_speed_ft(self, text: str) -> int:
        """Read as /token add reads a becmi speed (003 "Normal, Encounter, and Running
        Speeds"): the normal speed, its encounter speed in brackets a third of it."""
        speed = parse_rate(text)
        if speed > MAX_TRAVEL_SPEED_FT:
            raise InvalidInput(f"speed: {speed}' is more than {MAX_TRAVEL_SPEED_FT}' per turn.")
        return speed

    def travel(self, request: TravelRequest, rng: random.Random) -> TravelResult:
        return _travel(request, rng, self.id, self.document)

    # ------------------------------------------------------------ on a grid

    sharing_rule: ClassVar[str] = (
        "creatures don't share a square (seed 003 has no rule for sharing one)"
    )
    provoke_rule: ClassVar[Literal["leave-threatened", "leave-reach", "never"]] = "never"
    actions: ClassVar[tuple[str, ...]] = ACTIONS.names
    band_action: ClassVar[str] = "run"
    group_moves: ClassVar[bool] = True  # 003 Character Movement Rates: the slowest's rate

    def __init__(self, outdoors: bool = False) -> None:
        self.outdoors = outdoors
        self.scale = YARDS if outdoors else 1

    def for_encounter(self, encounter: Encounter | None) -> Becmi:
        """Outdoors, speeds read in yards (003 Feet vs. Yards)."""
        outdoors = encounter.outdoors if encounter else False
        return self if outdoors == self.outdoors else Becmi(outdoors)

    def token_movement(self, token: Token) -> TokenMovement:
        return token_movement(token)

    def token_fields(self, spec: TokenSpec) -> TokenFields:
        return token_fields(spec)

    def allowance(
        self, encounter: Encounter, token: Token, request: MoveRequest, movement: TokenMovement
    ) -> Allowance:
        action = ACTIONS.match(request.action) if request.action else "move"
        if request.to is None:
            raise InvalidInput("Say where to: to:<square>, e.g. to:D4.")
        if token.has(Condition.IMMOBILIZED) or token.has(Condition.INCAPACITATED):
            raise IllegalMove(f"{token.name} can't move now. The GM can move it with forced:.")
        if (request.mode or "walk") == "walk" and token.load and normal_speed(token) == 0:
            raise IllegalMove(
                f"{token.name} carries {parse_coins(token.load):,} cn: with more than 2,400 cn "
                "it can't move (003 Character Movement Rates and Encumbrance Table)."
            )
        mode = check_mode(movement, token, request.mode)
        activity = token.activity
        normal = normal_speed(token) if mode == "walk" else token.speeds_ft.get(mode, 0)
        per_round = (normal if action == "run" else normal // 3) * self.scale
        notes: list[Note] = []
        sections = ["Normal, Encounter, and Running Speeds"]
        running_rounds = token.running_rounds
        conditions: list[tuple[str, bool]] = []
        if action == "run":
            rested = not token.has(Condition.EXHAUSTED) and running_rounds >= MAX_RUNNING_ROUNDS
            if rested:
                running_rounds = 0
            # the round that exhausts it may go on running (split over several /move)
            finishing = "run" in activity.actions and running_rounds >= MAX_RUNNING_ROUNDS
            if token.has(Condition.EXHAUSTED) and not finishing:
                raise IllegalMove(
                    f"{token.name} is exhausted: no running until it rests 3 turns; it moves "
                    f"at encounter speed ({normal // 3 * self.scale} ft) (003 Exhaustion)."
                )
            if "run" not in activity.actions:
                running_rounds += 1
            sections.append("Exhaustion")
            notes.append(
                Note("Running", f"Round {running_rounds} of at most {MAX_RUNNING_ROUNDS}.")
            )
            if running_rounds >= MAX_RUNNING_ROUNDS:
                conditions.append((Condition.EXHAUSTED.value, True))
                notes.append(
                    Note(
                        "Exhausted",
                        f"After {MAX_RUNNING_ROUNDS} rounds of running {token.name} is "
                        "exhausted: rest 3 turns before running or fighting (003 Exhaustion).",
                    )
                )
        if self.scale != 1:
            sections.append("Feet vs. Yards")
            notes.append(Note("Outdoors", "Speeds are read in yards: three times the feet."))
        budget = max(activity.budget_ft, float(per_round))
        actions = tuple(dict.fromkeys((*activity.actions, action)))
        new_activity = replace(activity, budget_ft=budget, actions=actions)
        allowance = Allowance(
            action,
            mode,
            new_activity.left_ft,
            new_activity,
            tuple(sections),
            notes=tuple(notes),
            condition_changes=tuple(conditions),
            updates={"running_rounds": running_rounds},
        )
        return allowance

    def step_cost(
        self,
        ctx: StepContext,
        frm: Cell,
        to: Cell,
        diagonals: int,
        spent: float,
        squeezing: bool,
    ) -> Edge | str:
        board, allowance = ctx.board, ctx.allowance
        cells = board.cells(to)
        cost = float(SQUARE_FT)
        why: list[str] = []
        if allowance.mode != "fly":
            rough = {board.terrain(c) for c in cells} & ROUGH
            if rough or squeezing:
                cost *= 2
                why.append(f"{sorted(t.value for t in rough)[0] if rough else 'squeezing'} ×2")
            if all(board.terrain(c) is Terrain.WATER for c in cells):
                # a swim speed from the stat block is a normal speed like any other
                swim = board.mover.speeds_ft.get("swim", 0)
                if swim:
                    limit = (swim if allowance.action == "run" else swim // 3) * self.scale
                else:
                    limit = normal_speed(board.mover) // SWIM_FRACTION * self.scale
                # the limit is per round: count what earlier /move calls this round spent
                if allowance.activity.spent_ft + spent + cost > limit + EPSILON:
                    return (
                        f"{to} is water: swimming covers {feet(limit)} a round "
                        "(003 By Swimming: 1/5 of the running speed)"
                    )
                why.append("swimming")
        return Edge(
            to,
            cost,
            diagonals + int(frm.col != to.col and frm.row != to.row),
            ", ".join(why),
            hampered=cost > SQUARE_FT,
        )

    def pass_creature(self, board: Board, other: Token) -> Passing:
        mover = board.mover
        if not hostile(mover, other) or other.has(Condition.INCAPACITATED):
            return Passing(True)
        return Passing(False, "an enemy's square blocks the way")

    def min_step_ft(self, ctx: StepContext) -> float:
        return float(SQUARE_FT)


def _fall_refinements_ignored(request: FallRequest) -> list[Note]:
    ignored: list[str] = []
    if request.into == "water" or request.water_depth_ft is not None:
        ignored.append(
            "Falling into water: the seed has no rule, so the same dice apply; the GM may "
            "reduce them."
        )
    if request.into == "creature" or request.size is not None or request.save is not None:
        ignored.append("Landing on a creature: the seed has no rule; the faller takes the dice.")
    if request.intentional or request.jumped_down_ft:
        ignored.append("A deliberate jump: BECMI has no Jump or Tumble skill to soften it.")
    if request.check is not None:
        ignored.append("A check: BECMI has no check that reduces falling damage.")
    if request.surface != "normal" or request.difficult_terrain:
        ignored.append("The landing surface: BECMI has no such refinement.")
    if request.faller_size is not None:
        ignored.append("The faller's size: BECMI has no size categories.")
    if request.object_size is not None or request.object_light:
        ignored.append("A falling object: the seed has no rule for objects falling on creatures.")
    if request.collision_speed_ft is not None:
        ignored.append("A collision: the seed has no collision rule.")
    if not ignored:
        return []
    return [Note("No such refinement in BECMI", " ".join(ignored))]


# ------------------------------------------------------------------ travel


@dataclass
class _Ruling:
    """What a travel ruling accumulates on its way to a TravelResult."""

    sections: list[str] = field(default_factory=list)
    notes: list[Note] = field(default_factory=list)
    private_notes: list[Note] = field(default_factory=list)
    rolls: list[Roll] = field(default_factory=list)
    private_rolls: list[Roll] = field(default_factory=list)
    extra: dict[str, JSONValue] = field(default_factory=dict)
    unused: list[str] = field(default_factory=list)

    def cite(self, *sections: str) -> None:
        self.sections.extend(s for s in sections if s not in self.sections)

    def note(self, label: str, text: str) -> None:
        self.notes.append(Note(label, text))


@dataclass(frozen=True)
class _Rate:
    """A day's movement and where it is."""

    miles_per_day: Fraction | None
    where: str  # "forest", "paved road", "" (no terrain: ships, swimming)
    on_road: bool = False
    on_land: bool = True
    rests: bool = True  # "Characters and mounts must rest one full day for every six days"
    lost_chance: Fraction | None = None


def _travel(
    request: TravelRequest, rng: random.Random, ruleset: str, document: str
) -> TravelResult:
    _check_numbers(request)
    mode = t.MODE_NAMES.match(request.mode) if request.mode else "foot"
    terrains = tuple(t.TERRAIN_NAMES.match(name) for name in request.terrain)
    road = t.ROAD_NAMES.match(request.road) if request.road else "none"
    r = _Ruling()
    r.extra["mode"] = mode
    if request.load is not None or request.mount_load_lb is not None:
        r.unused.append(
            "load and mount_load: BECMI counts encumbrance in cn (give encumbrance); mount "
            "loads are in the monster chapter, not this one"
        )
    if mode == "swim":
        rate = _swim(request, terrains, road, r)
    elif mode in t.SHIPS:
        rate = _ship(request, mode, terrains, road, r, rng)
    elif mode in t.AERIAL_MILES_PER_DAY:
        rate = _aerial(request, mode, terrains, road, r)
    else:
        rate = _land(request, mode, terrains, road, r)
    if not rate.on_land and request.forage:
        r.unused.append("forage: foraging while moving is a land-travel rule (Food in the Wild)")
    if mode not in t.SHIPS and (
        request.ship_speed_miles is not None or request.sea or request.weather
    ):
        r.unused.append("ship_speed, sea and weather: they are for ships")
    _lost_check(request, rate.lost_chance, r, rng)
    totals = _finish(request, rate, r)
    return TravelResult(
        miles_per_day=None if rate.miles_per_day is None else _miles(rate.miles_per_day),
        miles_per_hour=None,
        source=Source(ruleset, document, tuple(r.sections), seed_file=t.SEED_FILE),
        headline=_headline(request, mode, rate),
        days=totals.days,
        covered_miles=totals.covered_miles,
        rest_days=totals.rest_days,
        lost_chance=rate.lost_chance,
        notes=tuple(r.notes),
        private_notes=tuple(r.private_notes),
        rolls=tuple(r.rolls),
        private_rolls=tuple(r.private_rolls),
        extra=r.extra,
    )


def _check_numbers(request: TravelRequest) -> None:
    if request.pace is not None and normalize(request.pace) not in t.PACE_NAMES:
        raise InvalidInput(
            f'BECMI has no "{request.pace}" pace: the Rules Cyclopedia gives only the normal '
            "travel rate, with no hustle or forced-march rate. Accepted: walk."
        )
    if request.hours is not None:
        raise InvalidInput(
            "BECMI rates are miles per day (the Rules Cyclopedia gives no hourly rate): "
            "ask with days instead; a fraction such as 0.5 is fine."
        )
    for option, value in (  # named as the /travel options are
        ("distance", request.distance_miles),
        ("days", request.days),
        ("ship_speed", request.ship_speed_miles),
    ):
        if value is not None and not (math.isfinite(value) and value > 0):
            raise InvalidInput(f"{option} must be a number above 0 (got {value}).")
    if any(speed < 0 for speed in request.speeds_ft):
        raise InvalidInput("Speeds are feet per turn and cannot be negative (e.g. 120, 90).")
    if request.encumbrance_cn is not None and request.encumbrance_cn < 0:
        raise InvalidInput("Encumbrance is in cn and cannot be negative (e.g. 600).")


def _exact(value: float) -> Fraction:
    """A user's decimal as they wrote it (0.1 stays 1/10, not its binary neighbour)."""
    return Fraction(repr(value)) if isinstance(value, float) else Fraction(value)


def _miles(value: Fraction) -> float:
    return round(float(value), 2)


def _say(value: Fraction | float) -> str:
    """A number as a table says it: 24, 10.67."""
    return f"{float(value):.2f}".rstrip("0").rstrip(".")


def _slowest_speed_ft(request: TravelRequest, r: _Ruling) -> int:
    r.cite("Character Movement Rates")
    speeds = list(request.speeds_ft)
    if request.encumbrance_cn is not None:
        band = t.encumbrance_band(request.encumbrance_cn)
        speeds.append(band.normal_speed_ft)
        r.cite("Character Movement Rates and Encumbrance Table")
        r.extra["encumbrance_speed_ft"] = band.normal_speed_ft
        r.note(
            "Encumbrance",
            f"{request.encumbrance_cn} cn: normal speed {band.normal_speed_ft}' "
            f"({band.encounter_speed_ft}').",
        )
    if not speeds:
        r.note(
            "Speed",
            f"No speed or encumbrance given: an unencumbered character moves "
            f"{t.UNENCUMBERED_SPEED_FT}' (40').",
        )
        speeds.append(t.UNENCUMBERED_SPEED_FT)
    slowest = min(speeds)
    if len(speeds) > 1:
        r.note("Slowest governs", f"Groups move at the rate of the slowest character: {slowest}'.")
    r.extra["slowest_speed_ft"] = slowest
    return slowest


def _governing(terrains: tuple[str, ...], rate: Callable[[str], Fraction]) -> str:
    """The worst condition: the slowest rate; on ties the likelier to get lost, then first named."""
    return min(terrains, key=lambda name: (rate(name), -t.TERRAINS[name].lost_on_d6))


def _land(
    request: TravelRequest, mode: str, terrains: tuple[str, ...], road: str, r: _Ruling
) -> _Rate:
    r.cite("Overland Movement Rates", "Terrain Effects on Movement Table")
    if not terrains:
        terrains = ("clear",)
        r.note("Terrain", "No terrain given: clear terrain.")
    paved = t.ROAD_PAVED[road]
    remaining = terrains if paved is None else _kept_on_road(terrains, paved)
    if paved is not None:
        r.extra["road"] = road
        r.extra["road_kind"] = "paved" if paved else "unpaved"

    rate: Callable[[str], Fraction]
    speed_ft: int | None = None
    if mode == "foot":
        speed_ft = _slowest_speed_ft(request, r)
        clear_miles = Fraction(speed_ft, t.FEET_PER_MILE_PER_DAY)
        on_road = clear_miles * t.TRAIL_ROAD_MULTIPLIER

        def rate(name: str) -> Fraction:
            return clear_miles * t.TERRAINS[name].multiplier

    else:
        if request.speeds_ft or request.encumbrance_cn is not None:
            r.unused.append(
                "speed and encumbrance: the mount's row on the Traveling Rates table governs"
            )
        row = t.MOUNT_RATES[mode]
        r.cite("Traveling Rates by Terrain Table")
        on_road = Fraction(row.trail)
        if mode == "riding-horse":
            r.note("Riding horse", t.RIDING_HORSE_FOOTNOTE)

        def rate(name: str) -> Fraction:
            terrain = t.TERRAINS[name]
            if terrain.column is not None:
                return Fraction(row.miles_per_day(terrain.column))
            return row.clear * terrain.multiplier

    governing = "clear"
    if paved is not None and not remaining:
        miles = on_road
        where = _road_label(road)
        column: str | None = "trail"
        if mode == "foot":
            r.extra["terrain_multiplier"] = str(t.TRAIL_ROAD_MULTIPLIER)
        ignored = [t.TERRAINS[n].label for n in terrains if t.TERRAINS[n].multiplier != 1]
        r.note(
            "Road",
            "Trail/road: ×1½ normal"
            + (f"; the {where} lets travelers ignore {', '.join(ignored)}." if ignored else "."),
        )
    else:
        governing = _governing(remaining, rate)
        terrain = t.TERRAINS[governing]
        miles = rate(governing)
        where = terrain.label
        column = terrain.column
        r.extra["governing_terrain"] = governing
        if mode == "foot" or column is None:
            r.extra["terrain_multiplier"] = str(terrain.multiplier)
        if mode != "foot" and column is None:
            r.note(
                "Terrain",
                f"The Traveling Rates table has no {where} column: the mount's clear rate "
                f"× {terrain.multiplier}.",
            )
        if len(set(terrains)) > 1:
            r.note(
                "Terrain", f"Modifiers are not cumulative: the worst condition, {where}, governs."
            )
        if paved is not None:
            r.note(
                "Road",
                f"A{' paved' if paved else 'n unpaved'} road does not let travelers ignore "
                f"{where}: that modifier applies alone, without the road's ×1½.",
            )
    if speed_ft is not None:
        _compare_with_table(r, speed_ft, miles, column)
    elif column is not None:
        r.extra["table_column"] = column
    if miles == 0:
        r.note("Cannot move", "At a normal speed of 0' the character cannot move at all.")
    if request.forage:
        miles *= t.FORAGE_MULTIPLIER
        _forage_note(r, terrains)
    lost = _lost_chance_on_land(request, road, governing, r)
    return _Rate(miles, where, on_road=paved is not None and not remaining, lost_chance=lost)


def _kept_on_road(terrains: tuple[str, ...], paved: bool) -> tuple[str, ...]:
    """The footnote: the terrain modifiers a road does not let travelers ignore."""
    return tuple(
        name
        for name in terrains
        if (t.TERRAINS[name].kept_on_paved_road if paved else t.TERRAINS[name].kept_on_unpaved_road)
    )


def _road_label(road: str) -> str:
    return {"unpaved": "unpaved road", "paved": "paved road"}.get(road, road)


def _compare_with_table(
    r: _Ruling, speed_ft: int, formula_miles: Fraction, column: str | None
) -> None:
    """Show the Traveling Rates table's figure where the seed's two methods disagree."""
    row = t.FOOT_RATES.get(speed_ft)
    if row is None or column is None:
        return
    table_miles = row.miles_per_day(column)
    r.extra["table_miles_per_day"] = table_miles
    if table_miles != formula_miles:
        r.cite("Traveling Rates by Terrain Table")
        r.note(
            "Traveling Rates table",
            f"The table lists {table_miles} miles/day for {row.label} ({column}); the bot uses "
            f"the stated method, normal speed ÷ 5 with the terrain modifier: "
            f"{_say(formula_miles)}. The GM may prefer the table.",
        )


def _forage_note(r: _Ruling, terrains: tuple[str, ...]) -> None:
    r.cite("Food in the Wild")
    r.extra["forage_multiplier"] = str(t.FORAGE_MULTIPLIER)
    text = (
        "Foraging slows daily movement to 2/3 (no foraging on a forced march). In good terrain "
        f"and weather there is a 50% chance (1–{t.FORAGE_FOUND_ON_D6} on 1d6) of finding enough "
        "food; the DM may modify this and makes the rolls."
    )
    if "swamp" in terrains:
        text += " Some swamps have no food to forage."
    r.note("Foraging", text)


def _lost_chance_on_land(request: TravelRequest, road: str, governing: str, r: _Ruling) -> Fraction:
    r.cite("Becoming Lost")
    if road != "none" or request.river or request.guide:
        return Fraction(0)
    return t.TERRAINS[governing].lost_chance


def _lost_check(
    request: TravelRequest, chance: Fraction | None, r: _Ruling, rng: random.Random
) -> None:
    if not request.lost_check:
        return
    if chance is None:
        r.note("Becoming Lost", "The seed gives no chance of becoming lost here: the GM decides.")
        return
    if chance == 0:
        r.note(
            "Becoming Lost",
            "A party following a road, trail or river, or led by a reliable guide, will not "
            "become lost: no check.",
        )
        return
    check = roll(1, 6, rng)
    r.private_rolls.append(check)
    lost_on = int(chance * 6)
    r.note("Becoming Lost", "The GM rolled the daily lost check before the party set out.")
    if check.total > lost_on:
        r.private_notes.append(
            Note(
                "Lost check", f"{check.describe()}: lost on 1–{lost_on}; the party stays on course."
            )
        )
        return
    deviation = roll(1, 6, rng)
    r.private_rolls.append(deviation)
    r.private_notes.append(
        Note(
            "Lost check",
            f"{check.describe()}: lost on 1–{lost_on}; the party is lost. Direction "
            f"{deviation.describe()}: it believes it holds its intended heading but goes "
            f"{t.LOST_DEVIATIONS[deviation.total]}. Keep track of where it really is.",
        )
    )


def _swim(request: TravelRequest, terrains: tuple[str, ...], road: str, r: _Ruling) -> _Rate:
    r.cite("By Swimming (and Drowning)", "Normal, Encounter, and Running Speeds")
    if terrains or road != "none":
        r.unused.append("terrain and road: swimming rates do not depend on them")
    speed_ft = _slowest_speed_ft(request, r)
    per_round = speed_ft * t.SWIM_FRACTION_OF_RUNNING
    r.extra["running_speed_yards_per_round"] = speed_ft
    r.extra["swim_yards_per_round"] = _miles(per_round)
    r.extra["swim_underwater_ft_per_round"] = _miles(per_round)
    r.note(
        "Swimming",
        f"1/5 of outdoor running speed: {speed_ft} yards per round ÷ 5 = {_say(per_round)} "
        f"yards per round on the surface; underwater the same number in feet: "
        f"{_say(per_round)}' per round.",
    )
    r.note("No daily rate", "The seed gives no miles per day for swimming.")
    if request.encumbrance_cn is not None and request.encumbrance_cn > t.SWIM_MAX_ENCUMBRANCE_CN:
        r.note(
            "Drowning",
            f"Carrying more than {t.SWIM_MAX_ENCUMBRANCE_CN} cn, sheer weight drags the swimmer "
            "down: the DM decides the chance of drowning.",
        )
    return _Rate(None, "", on_land=False, rests=False)


def _ship(
    request: TravelRequest,
    mode: str,
    terrains: tuple[str, ...],
    road: str,
    r: _Ruling,
    rng: random.Random,
) -> _Rate:
    r.cite("By Ship")
    if request.ship_speed_miles is None:
        raise InvalidInput(
            "A ship's miles per day come from the Sailing Vessels Table (Rules Cyclopedia "
            "chapter 4), which the bot does not have: give ship_speed, e.g. ship_speed:72."
        )
    if request.speeds_ft or request.encumbrance_cn is not None or terrains or road != "none":
        r.unused.append("speed, encumbrance, terrain and road: characters move at the ship's rate")
    base = _exact(request.ship_speed_miles)
    r.extra["ship_base_miles_per_day"] = _miles(base)
    r.note(
        "Ship's rate",
        f"{_say(base)} miles per day is the base rate you gave (the Sailing Vessels Table is "
        "not in the bot's seed), for average sailing conditions.",
    )
    if request.weather or request.sea:
        _ship_weather(request, mode, base, r, rng)
    else:
        r.note(
            "Winds",
            "Steady winds and calm waters may as much as double this; rough seas or a "
            "becalmed vessel may make little or no progress in a day.",
        )
    return _Rate(
        base, "", on_land=False, rests=False, lost_chance=Fraction(0) if request.river else None
    )


def _ship_weather(
    request: TravelRequest, mode: str, base: Fraction, r: _Ruling, rng: random.Random
) -> None:
    """One 2d6 for the day, read on the optional table when asked, else By Ship's sea rule."""
    sailing = mode == "sailing-ship"
    weather = roll(2, 6, rng)
    r.rolls.append(weather)
    total = weather.total
    r.extra["weather_roll"] = total
    if request.weather:
        r.cite("Water Movement Modification Table")
        row = t.water_movement(total)
        factor = row.sailing if sailing else row.oared
        name, effect = row.weather, row.effect
        # Rows 3–5 and 9–11 speak of breezes and points of sail; the game's galleys
        # have no sails (By Ship), so those rows do not apply to them (a ruling).
        sails_only = not sailing and row.oared == 1 and row.sailing != 1
    else:
        sails_only = False
        factor = Fraction(1)
        name, effect = "Fair enough to sail", "Normal movement"
        if total == t.NO_WIND_ROLL:
            factor = Fraction(0) if sailing else Fraction(1)
            name = "No wind"
            effect = (
                "Sailing ships may not move" if sailing else "Rowed ships are unaffected by calm"
            )
        elif total == t.GALE_ROLL:
            factor, name, effect = t.GALE_MULTIPLIER, "Gale", "Gale or storm"
    r.extra["weather"] = name
    r.extra["weather_multiplier"] = str(factor)
    r.extra["miles_today"] = _miles(base * factor)
    r.extra["weather_applies"] = not sails_only
    if sails_only:
        r.note(
            "Today's weather",
            f"{weather.describe()}: {name}. This row changes only a sailing ship's movement: "
            "it does not apply to an oared ship (D&D galleys have no sails), which moves at "
            f"its normal rate: {_say(base * factor)} miles today.",
        )
    else:
        r.note(
            "Today's weather",
            f"{weather.describe()}: {name}. {effect}: {_say(base * factor)} miles today.",
        )
    if request.weather and t.water_movement(total).takes_on_water:
        _take_on_water(sailing, base * factor, r, rng)
    if total != t.GALE_ROLL:
        return
    direction = roll(1, 6, rng)
    r.rolls.append(direction)
    r.extra["gale_direction"] = t.GALE_DIRECTIONS[direction.total]
    heading = t.GALE_DIRECTIONS[direction.total]
    driven = f"driven at triple movement toward {heading} ({direction.describe()})"
    if sailing:
        text = (
            "The ship may sit (80% chance of sinking) or run before the wind, "
            f"{driven}. If no coastline is reached in that day's movement, it is safe (likely "
            "far off course); if it reaches a shore, 75% it breaks up trying to beach and 25% "
            "it finds a sheltering harbor (a pilot's Piloting check adds 5% per point made by)."
        )
    else:
        text = (
            "A vessel without sails has only a 20% chance of weathering a gale; otherwise it is "
            f"swamped. If it survives it is {driven}. In sight of a clear coast when the gale "
            "hits, it may beach first; any other coast: 1–2 on 1d6, the pilot finds a safe "
            "beach or cove."
        )
    r.note("Gale", text)


def _take_on_water(sailing: bool, today: Fraction, r: _Ruling, rng: random.Random) -> None:
    """The Water Movement table's asterisk (row 11): "May take on water (unsailed vessel
    chance 20%, sailed vessel chance 10%). Taking on water reduces speed by 1/3 until
    docking and repair are possible." Rolled as 1d100 against the chance."""
    kind = "sailed" if sailing else "unsailed"
    chance = t.TAKE_ON_WATER_PERCENT[kind]
    check = roll(1, 100, rng)
    r.rolls.append(check)
    took = check.total <= chance
    r.extra["took_on_water"] = took
    if not took:
        r.note(
            "Taking on water",
            f"It doesn't take on water ({check.describe()}; {chance}% for a {kind} vessel).",
        )
        return
    slowed = today * t.TAKEN_ON_WATER_MULTIPLIER
    r.extra["miles_today"] = _miles(slowed)
    r.note(
        "Taking on water",
        f"It takes on water ({check.describe()}; {chance}% for a {kind} vessel): its speed "
        f"is reduced by 1/3 until it can dock and be repaired, so {_say(slowed)} miles today.",
    )


def _aerial(
    request: TravelRequest, mode: str, terrains: tuple[str, ...], road: str, r: _Ruling
) -> _Rate:
    r.cite("Aerial Travel")
    if request.speeds_ft or request.encumbrance_cn is not None:
        r.unused.append("speed and encumbrance: aerial travel has a fixed daily rate")
    miles = Fraction(t.AERIAL_MILES_PER_DAY[mode])
    r.note(
        "Aerial travel",
        f"{_say(miles)} miles per day {t.MODE_LABELS[mode]}; terrain does not slow it"
        + (" (it still decides the chance of becoming lost)." if terrains else "."),
    )
    if request.forage:
        miles *= t.FORAGE_MULTIPLIER
        _forage_note(r, terrains)
    governing = _governing(terrains, lambda name: miles) if terrains else "clear"
    lost = _lost_chance_on_land(request, road, governing, r)
    return _Rate(miles, "", rests=mode == "aerial-mount", lost_chance=lost)


@dataclass(frozen=True)
class _Totals:
    days: float | None = None
    covered_miles: float | None = None
    rest_days: int | None = None


def _finish(request: TravelRequest, rate: _Rate, r: _Ruling) -> _Totals:
    """Days, distance and rest: the parts every mode shares."""
    miles = rate.miles_per_day
    totals = _Totals()
    if miles is not None:
        if request.distance_miles is not None:
            totals = _time_for_distance(_exact(request.distance_miles), miles, rate.rests, r)
        if request.days is not None:
            covered = _miles(miles * _exact(request.days))
            totals = _Totals(totals.days, covered, totals.rest_days)
        if rate.rests and miles and (request.distance_miles or request.days):
            r.cite("Long-Distance Travel and Rest")
            r.note(
                "Rest",
                "Characters and mounts must rest one full day for every six days of travel. "
                "Without it they take −1 on attack and damage rolls, a further −1 for every six "
                "more days, until they rest one day for each six days spent traveling.",
            )
    if r.unused:
        r.note("Not used", "; ".join(r.unused) + ".")
    return totals


def _time_for_distance(distance: Fraction, miles: Fraction, rests: bool, r: _Ruling) -> _Totals:
    if miles == 0:
        r.note("Never arrives", "At 0 miles per day the party never covers the distance.")
        return _Totals()
    exact_days = distance / miles
    travel_days = math.ceil(exact_days)
    r.extra["travel_days"] = travel_days
    if not rests:
        return _Totals(days=_miles(exact_days))
    # A rest day falls after each six days of travel, so only those the trip goes on past count.
    rest_days = (travel_days - 1) // t.TRAVEL_DAYS_PER_REST_DAY
    r.extra["calendar_days"] = travel_days + rest_days
    return _Totals(days=_miles(exact_days), rest_days=rest_days)


def _headline(request: TravelRequest, mode: str, rate: _Rate) -> str:
    how = "" if mode == "foot" else t.MODE_LABELS[mode]
    if mode == "swim":
        return "Swimming"
    if request.distance_miles is not None:
        head = f"{_say(request.distance_miles)} miles"
        return " ".join(
            part for part in (head, f"of {rate.where}" if rate.where else "", how) if part
        )
    if request.days is not None and request.days != 1:
        head = f"{_say(request.days)} days' travel"
    else:
        head = "A day's travel"
    where = ""
    if rate.where:
        where = f"along the {rate.where}" if rate.on_road else f"through {rate.where}"
    return " ".join(part for part in (head, where, how) if part)
