"""5e-alt: "One D&D Rule Variant: Alternate Movement" (seed 000).

Falling and jumping are the seed's own rules. The seed has no overland travel,
so /travel borrows the 3.5 SRD's overland tables, and says so.
"""

from __future__ import annotations

import math
import random
from collections.abc import Mapping
from dataclasses import replace
from fractions import Fraction
from typing import ClassVar, Literal

from bot.dice import roll
from bot.encounter import Activity, Condition, Encounter, Token
from bot.errors import IllegalMove, InvalidInput
from bot.grid.coords import Cell
from bot.grid.geometry import gap
from bot.grid.search import Edge
from bot.grid.sizes import Size, parse_size
from bot.grid.terrain import Terrain
from bot.names import Vocabulary
from bot.rules.d20.overland import overland_travel
from bot.rules.d20.srd35_overland import SRD35_OVERLAND
from bot.rules.engine.board import Allowance, Board, Passing, StepContext, check_mode, hostile
from bot.rules.engine.moves import (
    MoveRequest,
    TokenFields,
    TokenMovement,
    TokenSpec,
    parse_plain_speed,
)
from bot.rules.engine.steps import blocks
from bot.rules.five_e_alt import IDENTITY
from bot.rules.five_e_alt.speeds import (
    SingleSpeed,
)
from bot.rules.five_e_alt.tokens import (
    ACTIONS,
    DEFAULT_REACH_FT,
    DIAGONAL_RULES,
    FOOTPRINTS,
    GROUND,
    single_speed,
    token_fields,
    token_movement,
)
from bot.rules.identity import Identity
from bot.rules.ruleset import Ruleset
from bot.rules.rulings import (
    FallRequest,
    FallResult,
    JumpRequest,
    JumpResult,
    Note,
    Source,
    TravelRequest,
    TravelResult,
    borrowed,
)
from bot.units import feet

SEED = "000_9613c147f2b39ce7.txt"
SEED_FILES = (SEED,)
DOCUMENT = "Alternate Movement"
GRID_DOCUMENT = DOCUMENT

FALL_CAP_FT = 200
LIQUID_CAP_FT = 100
FT_PER_DIE = 10
FALL_PER_ROUND_FT = 500
SAVE_DC_FLOOR = 10
PRONE_DC_FLOOR = 10

JUMP_HORIZONTAL_FT = 10
JUMP_VERTICAL_FT = 5
JUMP_EXTEND_DC = 10
JUMP_RUN_UP_FT = 10
JUMP_BALANCE_DC = 10  # Jumping Through Difficult Terrain
FT_PER_UNIT = 5


def _source(*sections: str) -> Source:
    return Source("5e-alt", DOCUMENT, sections, seed_file=SEED)


def _ft(value: Fraction) -> float:
    return float(value)


class FiveEAlt(Ruleset):
    identity: ClassVar[Identity] = IDENTITY
    document: ClassVar[str] = DOCUMENT
    grid_document: ClassVar[str] = GRID_DOCUMENT
    seed_files: ClassVar[tuple[str, ...]] = SEED_FILES
    square_ft: ClassVar[int] = 5
    sizes: ClassVar[tuple[Size, ...]] = (
        Size.TINY,
        Size.SMALL,
        Size.MEDIUM,
        Size.LARGE,
        Size.HUGE,
        Size.GARGANTUAN,
    )
    footprint_squares: ClassVar[Mapping[Size, int]] = FOOTPRINTS
    encounter_options: ClassVar[frozenset[str]] = frozenset({"diagonals", "units"})
    travel_names: ClassVar[Mapping[str, Vocabulary]] = SRD35_OVERLAND.travel_names

    # ------------------------------------------------------------- on a grid

    # ------------------------------------------------------------------ fall

    def fall(self, request: FallRequest, rng: random.Random) -> FallResult:
        if request.object_size is not None or request.collision_speed_ft is not None:
            raise InvalidInput(
                "5e-alt has no falling-object or collision rule (seed 000 › Fall); "
                "epic-path does: add ruleset:epic-path."
            )
        notes: list[Note] = []
        sections = ["Fall", "Fall Damage"]
        into_liquid = request.into == "water"
        if into_liquid:
            counted = min(Fraction(request.height_ft, 2), Fraction(LIQUID_CAP_FT))
            notes.append(
                Note(
                    "Into liquid",
                    f"Counted as half the distance ({_ft(counted):g} ft), at most "
                    f"{LIQUID_CAP_FT} ft.",
                )
            )
        else:
            counted = min(Fraction(request.height_ft), Fraction(FALL_CAP_FT))
            if request.height_ft > FALL_CAP_FT:
                notes.append(Note("Cap", f"Only the first {FALL_CAP_FT} ft count."))
        if request.jumped_down_ft:
            counted = max(counted - request.jumped_down_ft, Fraction(0))
            sections.append("Jumping Down")
            notes.append(
                Note(
                    "Jumped down",
                    f"{request.jumped_down_ft} ft jumped vertically come off the counted "
                    f"distance: {_ft(counted):g} ft.",
                )
            )
        counted_ft = math.floor(counted)
        dice_count = counted_ft // FT_PER_DIE if counted_ft >= FT_PER_DIE else 0
        if counted_ft < FT_PER_DIE:
            notes.append(Note("Short fall", "Less than 10 ft counted: no damage."))
        if request.intentional and not request.jumped_down_ft:
            notes.append(
                Note(
                    "Deliberate",
                    "5e-alt has no deliberate-jump reduction: jump down first "
                    "(jumped_down:<ft>, Jumping Down) to take distance off the fall.",
                )
            )
        if request.surface != "normal" or request.water_depth_ft is not None:
            notes.append(
                Note("Ignored", "Surfaces and water depth are not part of seed 000's Fall.")
            )
        lethal = roll(dice_count, 6, rng)
        damage = lethal.total
        dcs: dict[str, int] = {}
        extra: dict[str, int | bool | str | None] = {}

        if request.into == "creature":
            damage = self._land_on_creature(request, damage, dcs, extra, notes)
            sections.append("Falling on Something Else")

        prone: bool | None
        if into_liquid:
            prone = False
            notes.append(
                Note(
                    "Landing",
                    "Lands swimming: immune to Prone while Swimming (Continuity of Movement).",
                )
            )
        elif damage > 0 or request.difficult_terrain:
            prone_dc = max(PRONE_DC_FLOOR, damage)
            dcs["prone_dc"] = prone_dc
            sections.append("Falling Prone")
            why = "takes damage" if damage > 0 else "lands in Difficult Terrain"
            if request.check is None:
                prone = None
                if_impacted = ""
                halved = extra.get("damage_if_impacted")
                if isinstance(halved, int) and "target_impacted" not in extra:
                    extra["prone_dc_if_impacted"] = max(PRONE_DC_FLOOR, halved)
                    if extra["prone_dc_if_impacted"] != prone_dc:
                        if_impacted = (
                            f" (DC {extra['prone_dc_if_impacted']} if the creature fails its save)"
                        )
                notes.append(
                    Note(
                        "Landing",
                        f"{why.capitalize()}: lands prone unless a DC {prone_dc} Dexterity "
                        f"(Acrobatics) check succeeds{if_impacted}.",
                    )
                )
            else:
                prone = request.check < prone_dc
                outcome = "lands prone" if prone else "lands on its feet"
                notes.append(
                    Note("Landing", f"Acrobatics {request.check} vs DC {prone_dc}: {outcome}.")
                )
        else:
            prone = False
        if request.height_ft > FALL_PER_ROUND_FT:
            turns = math.ceil(request.height_ft / FALL_PER_ROUND_FT)
            extra["fall_turns"] = turns
            sections.append("Continuous Falling")
            notes.append(
                Note(
                    "Long fall",
                    f"Falls {FALL_PER_ROUND_FT} ft at once, then {FALL_PER_ROUND_FT} ft at the "
                    f"start of each of its turns: lands at the start of its turn {turns - 1} "
                    "turn(s) from now. It can act while falling.",
                )
            )
        return FallResult(
            height_ft=request.height_ft,
            counted_ft=counted_ft,
            lethal=lethal,
            nonlethal=roll(0, 6, rng),
            damage=damage,
            nonlethal_damage=0,
            source=_source(*sections),
            headline=f"Falls {request.height_ft} ft" + (" into liquid" if into_liquid else ""),
            dcs=dcs,
            prone=prone,
            notes=tuple(notes),
            extra=extra,
        )

    def _land_on_creature(
        self,
        request: FallRequest,
        damage: int,
        dcs: dict[str, int],
        extra: dict[str, int | bool | str | None],
        notes: list[Note],
    ) -> int:
        """Seed 000 › Fall › Falling on Something Else. Returns the faller's damage."""
        faller = parse_size(request.faller_size or "medium", self.sizes)
        target = parse_size(request.size or "medium", self.sizes)
        if request.faller_size is None or request.size is None:
            notes.append(Note("Sizes", "Size not given: taken as Medium."))
        if Size.TINY in (faller, target):
            notes.append(
                Note("Landing on a creature", "One of you is Tiny: no impact; a normal fall.")
            )
            return damage
        if damage == 0:
            # Under 10 ft counted "you take no Damage": the fall has no damage to halve or
            # share, so there is no impact to resolve (docs/RULINGS.md › /fall › 5e-alt).
            extra["target_impacted"] = False
            extra["target_damage"] = 0
            notes.append(
                Note(
                    "Landing on a creature",
                    "The fall deals no damage (less than 10 ft counted), so there is no impact "
                    "to resolve: the creature makes no Dexterity save"
                    + (" (the save given is not needed)" if request.save is not None else "")
                    + ", takes no damage and does not drop prone.",
                )
            )
            return damage
        save_dc = max(SAVE_DC_FLOOR, damage // 2)
        dcs["save_dc"] = save_dc
        halved_faller = max(1, damage // 2)  # "halved (minimum 1)"
        target_damage = max(1, damage // 2)  # "half the Fall's Bludgeoning Damage (minimum 1)"
        target_prone = target <= faller + 1
        extra["damage_if_impacted"] = halved_faller
        extra["target_damage_if_impacted"] = target_damage
        extra["target_prone_if_impacted"] = target_prone
        prone_text = (
            f"and drops prone ({target.label} is no more than one size larger)"
            if target_prone
            else f"but stays up ({target.label} is more than one size larger)"
        )
        if request.save is not None:
            impacted = request.save < save_dc
            extra["target_impacted"] = impacted
            if impacted:
                extra["target_damage"] = target_damage
                notes.append(
                    Note(
                        "Landing on a creature",
                        f"Dexterity save {request.save} < DC {save_dc}: the creature takes "
                        f"{target_damage} {prone_text}; the faller's damage halves to "
                        f"{halved_faller}.",
                    )
                )
                return halved_faller
            extra["target_damage"] = 0
            notes.append(
                Note(
                    "Landing on a creature",
                    f"Dexterity save {request.save} ≥ DC {save_dc}: no impact; full damage.",
                )
            )
            return damage
        notes.append(
            Note(
                "Landing on a creature",
                f"The creature makes a DC {save_dc} Dexterity save. On a failure it takes "
                f"{target_damage} {prone_text}, and the faller takes {halved_faller} instead "
                f"of {damage} (give save: to resolve).",
            )
        )
        return damage

    # ------------------------------------------------------------------ jump

    def jump(self, request: JumpRequest, rng: random.Random) -> JumpResult:
        notes: list[Note] = []
        sections = ["Jump"]
        size = parse_size(request.size or "medium", self.sizes)
        doublings = max(0, size - Size.MEDIUM)
        multiplier = 2**doublings
        if request.speed_ft is not None:
            notes.append(Note("Speed", "Speed does not change a 5e-alt jump; Movement caps it."))
        extended = request.check is not None and request.check >= JUMP_EXTEND_DC
        if request.units:
            sections.append("Optional Rule: Units of Distance")
            if extended:
                assert request.check is not None
                vertical_units = Fraction(math.ceil(request.check / 10))
                horizontal_units = 2 * vertical_units
            else:
                vertical_units = Fraction(JUMP_VERTICAL_FT, FT_PER_UNIT)
                horizontal_units = Fraction(JUMP_HORIZONTAL_FT, FT_PER_UNIT)
            horizontal = horizontal_units * FT_PER_UNIT
            vertical = vertical_units * FT_PER_UNIT
        elif extended:
            assert request.check is not None
            horizontal = Fraction(request.check)
            vertical = Fraction(request.check, 2)
        else:
            horizontal = Fraction(JUMP_HORIZONTAL_FT)
            vertical = Fraction(JUMP_VERTICAL_FT)
        if request.check is not None:
            if extended:
                notes.append(
                    Note(
                        "Check",
                        f"{request.check} ≥ DC {JUMP_EXTEND_DC}: the jump extends"
                        + (
                            " (Units: one-tenth of the total up, rounded up; twice that across)"
                            if request.units
                            else " to the total across and half the total up"
                        )
                        + ".",
                    )
                )
            else:
                notes.append(
                    Note(
                        "Check",
                        f"{request.check} < DC {JUMP_EXTEND_DC}: the distance is unchanged.",
                    )
                )
        else:
            notes.append(
                Note(
                    "Extending",
                    f"A DC {JUMP_EXTEND_DC} Strength (Athletics or Acrobatics) check extends the "
                    "jump to the total across and half the total up (give check:).",
                )
            )
        if request.run_up_ft is None or request.run_up_ft < JUMP_RUN_UP_FT:
            notes.append(
                Note(
                    "Run-up",
                    f"Without moving {JUMP_RUN_UP_FT} ft straight before the jump, the check has "
                    "Disadvantage.",
                )
            )
        if multiplier > 1:
            sections.append("Size and Jumping")
            horizontal *= multiplier
            vertical *= multiplier
            notes.append(
                Note(
                    "Size",
                    f"{size.label}: distances ×{multiplier} (doubled per size above Medium).",
                )
            )
        if request.movement_ft is not None:
            if horizontal > request.movement_ft or vertical > request.movement_ft:
                notes.append(
                    Note("Movement", f"Capped by Movement left ({request.movement_ft} ft).")
                )
            horizontal = min(horizontal, Fraction(request.movement_ft))
            vertical = min(vertical, Fraction(request.movement_ft))
        else:
            notes.append(Note("Movement", "Each foot jumped costs a foot of Movement."))
        dc, clears = self._asked_jump(request, multiplier, horizontal, vertical, notes)
        extra: dict[str, int | float | bool | None] = {
            "size_multiplier": multiplier,
            "extended": extended,
        }
        if request.units:
            extra["max_horizontal_units"] = float(horizontal / FT_PER_UNIT)
            extra["max_vertical_units"] = float(vertical / FT_PER_UNIT)
        if request.difficult_terrain:
            sections.append("Jumping Through Difficult Terrain")
            extra["balance_dc"] = JUMP_BALANCE_DC
            notes.append(
                Note(
                    "Difficult Terrain",
                    f"Jumping through it: DC {JUMP_BALANCE_DC} Dexterity (Acrobatics) or drop "
                    "prone.",
                )
            )
        return JumpResult(
            max_horizontal_ft=_ft(horizontal),
            max_vertical_ft=_ft(vertical),
            dc=dc,
            clears=clears,
            source=_source(*sections),
            notes=tuple(notes),
            extra=extra,
        )

    def _asked_jump(
        self,
        request: JumpRequest,
        multiplier: int,
        horizontal: Fraction,
        vertical: Fraction,
        notes: list[Note],
    ) -> tuple[int | None, bool | None]:
        """The least check total that clears an asked distance or height, if one is needed."""
        if request.distance_ft is None and request.height_ft is None:
            return None, None
        across = request.distance_ft is not None
        asked = request.distance_ft if across else request.height_ft
        assert asked is not None
        base = (JUMP_HORIZONTAL_FT if across else JUMP_VERTICAL_FT) * multiplier
        if request.movement_ft is not None and asked > request.movement_ft:
            notes.append(Note("Too far", f"{asked} ft is more than the Movement left."))
            return None, False
        if asked <= base:
            notes.append(Note("No check", f"{asked} ft is within the unextended jump."))
            return None, True
        if request.units:
            # vertical units = ceil(total / 10); horizontal = twice that
            units_needed = math.ceil(
                Fraction(asked, FT_PER_UNIT * multiplier * (2 if across else 1))
            )
            needed = max(JUMP_EXTEND_DC, 10 * (units_needed - 1) + 1)
        else:
            per_total = Fraction(multiplier) if across else Fraction(multiplier, 2)
            needed = max(JUMP_EXTEND_DC, math.ceil(asked / per_total))
        notes.append(
            Note(
                "Needed",
                f"{asked} ft {'across' if across else 'up'} needs a check total of {needed}+.",
            )
        )
        reach = horizontal if across else vertical
        clears = None if request.check is None else reach >= asked
        return needed, clears

    # ---------------------------------------------------------------- travel

    def travel_speed_ft(self, text: str) -> int:
        return parse_plain_speed(text)

    def travel(self, request: TravelRequest, rng: random.Random) -> TravelResult:
        source = Source(
            "5e-alt",
            "3.5 SRD overland tables",
            ("Overland Movement",),
            seed_file=SEED,
            borrowed="3.5 SRD (seed 000 has no overland travel)",
        )
        result = overland_travel(request, rng, tables=SRD35_OVERLAND, source=source)
        return borrowed(
            result,
            "Seed 000 has no overland rules: these are the 3.5 SRD's travel tables.",
        )

    # ------------------------------------------------------------ on a grid

    sharing_rule: ClassVar[str] = (
        "no creature ends a move in another's space "
        "(000 Moving Around Other Creatures, Separate Spaces)"
    )
    provoke_rule: ClassVar[Literal["leave-threatened", "leave-reach", "never"]] = "leave-reach"
    actions: ClassVar[tuple[str, ...]] = ACTIONS.names
    band_action: ClassVar[str] = "dash"

    def __init__(self, diagonal_rule: str = "5") -> None:
        if diagonal_rule not in DIAGONAL_RULES:
            diagonal_rule = "5"
        self.diagonal_rule = diagonal_rule
        self.diagonal_parity = diagonal_rule == "5-10-5"

    def for_encounter(self, encounter: Encounter | None) -> FiveEAlt:
        """With the encounter's diagonal rule (5, 5-10-5 or euclidean)."""
        rule = encounter.diagonal_rule if encounter else "5"
        return self if rule == self.diagonal_rule else FiveEAlt(rule)

    def token_movement(self, token: Token) -> TokenMovement:
        return token_movement(token)

    def token_fields(self, spec: TokenSpec) -> TokenFields:
        return token_fields(spec)

    # ---------------------------------------------------------------- actions

    def allowance(
        self, encounter: Encounter, token: Token, request: MoveRequest, movement: TokenMovement
    ) -> Allowance:
        action = ACTIONS.match(request.action) if request.action else "move"
        single = single_speed(token)
        prone = token.has(Condition.PRONE)
        activity = token.activity
        sections = ["Moving On Your Turn"]
        notes: list[Note] = []
        if action == "drop-prone":
            if token.has(Condition.RESTRAINED):
                raise IllegalMove(
                    f"{token.name} is Restrained: it can't willingly Drop Prone "
                    "(000 Conditions › Restrained)."
                )
            if prone:
                raise IllegalMove(f"{token.name} is already prone.")
            if encounter.terrain_at(token.cell) is Terrain.WATER:
                raise IllegalMove(
                    f"{token.name} is swimming, and a swimming creature is immune to Prone "
                    "(000 Prone › Prone Immunity; Swim)."
                )
            if request.to is not None:
                raise InvalidInput("Dropping prone doesn't move: leave out to:.")
            gained = 0 if "turn" in activity.actions else movement.speed_ft
            turn = () if "turn" in activity.actions else ("turn",)
            return Allowance(
                "drop-prone",
                "walk",
                0.0,
                replace(
                    activity,
                    budget_ft=activity.budget_ft + gained,
                    actions=(*activity.actions, *turn, "drop-prone"),
                ),
                ("Drop Prone",),
                drop_prone=True,
                provokes=False,
                notes=(Note("Drop Prone", "Costs no Movement (000 Drop Prone)."),),
            )
        if token.has(Condition.IMMOBILIZED):
            why = next(
                c.value
                for c in (Condition.GRAPPLED, Condition.RESTRAINED, Condition.IMMOBILIZED)
                if token.has(c)
            )
            raise IllegalMove(
                f"{token.name} is {why}: Immobilized, its Movement and Speed are 0 "
                "(000 Conditions › Immobilized). The GM can still move it with forced:."
            )
        mode = request.mode or "walk"
        if mode == "teleport":
            return self._teleport(token, request, activity)
        if mode in ("walk", "climb", "swim") and mode not in single.moves:
            raise IllegalMove(
                f"{token.name} can't {mode}: its speed for it is 0 "
                "(000 Updating A Creature's Movement › Step 2)."
            )
        if mode not in ("walk", "climb", "swim"):
            mode = check_mode(movement, token, mode)
        hover_up: tuple[tuple[str, bool], ...] = ()
        if prone and mode == "fly" and single.hover and action != "stand":
            # 000 Fly › Hovering: immune to Prone while Flying; Flying ends it
            hover_up = ((Condition.PRONE.value, False),)
            notes.append(Note("Hover", "Flying ends the Prone condition (000 Fly › Hovering)."))
        elif prone and mode in ("climb", "fly") and action != "stand":
            raise IllegalMove(
                f"{token.name} is prone and can't {mode} (000 Conditions › Prone). "
                "Stand up first: action:stand."
            )
        budget = activity.budget_ft
        actions = list(activity.actions)
        if "turn" not in actions:
            # 000 "Gaining Movement": Movement equal to Speed at the start of the turn
            budget += movement.speed_ft
            actions.append("turn")
        if action == "dash":
            budget += movement.speed_ft
            actions.append("dash")
            sections.append("Dashing")
            notes.append(
                Note("Dash", f"Gains Movement equal to its Speed ({movement.speed_ft} ft).")
            )
        stand_cost = 0.0
        if action == "stand":
            if not prone:
                raise IllegalMove(f"{token.name} isn't prone, so it has nothing to stand up from.")
            stand_cost = float(math.floor(movement.speed_ft / 2))
            actions.append("stand")
            sections.append("Stand Up")
            notes.append(
                Note(
                    "Stand Up",
                    f"Costs half its Speed ({feet(stand_cost)}), unaffected by Slowed "
                    "(000 Stand Up).",
                )
            )
        if action == "move" and request.to is None:
            raise InvalidInput("Say where to: to:<square>, e.g. to:D4.")
        new_activity = replace(activity, budget_ft=budget, actions=tuple(actions))
        left = new_activity.left_ft
        if stand_cost > left:
            raise IllegalMove(
                f"Standing up costs {feet(stand_cost)} (half its Speed) and {token.name} has "
                f"{feet(left)} of Movement left. Dash first for more: action:dash."
            )
        return Allowance(
            action,
            mode,
            left,
            new_activity,
            tuple(sections),
            stand_up=action == "stand",
            stand_cost_ft=stand_cost,
            notes=tuple(notes),
            condition_changes=hover_up,
        )

    def _teleport(self, token: Token, request: MoveRequest, activity: Activity) -> Allowance:
        """000 Teleport: an effect (usually a spell) that uses no Movement; it
        provokes no opportunity attacks. The GM or the token's player says the
        effect allows it ("Uncommon Movement")."""
        if request.action not in (None, "move"):
            raise InvalidInput("Teleporting is its own way of moving: leave out action:.")
        if request.via:
            raise InvalidInput("A teleport goes straight to its square: leave out via:.")
        if request.to is None:
            raise InvalidInput("Say where to: to:<square>.")
        return Allowance(
            "teleport",
            "teleport",
            0.0,
            replace(activity, actions=(*activity.actions, "teleport")),
            ("Teleport",),
            teleport=True,
            provokes=False,
            notes=(
                Note(
                    "Teleport",
                    "An effect that allows it, spending no Movement and provoking no "
                    "opportunity attacks (000 Teleport).",
                ),
            ),
        )

    # ------------------------------------------------------------------ steps

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
        single = ctx.memo.get("single")
        if single is None:
            single = ctx.memo["single"] = single_speed(board.mover)
        diagonal = frm.col != to.col and frm.row != to.row
        base: float = 5.0
        why: list[str] = []
        if diagonal:
            if self.diagonal_rule == "5-10-5" and diagonals % 2 == 1:
                base = 10.0
                why.append("2nd diagonal 10 ft")
            elif self.diagonal_rule == "euclidean":
                base = 5.0 * math.sqrt(2)
        mode = allowance.mode
        cells = board.cells(to)
        if mode in ("walk", "swim"):
            if all(board.terrain(c) is Terrain.WATER for c in cells):
                move = "swim"
            elif mode == "walk" and all(board.terrain(c) is Terrain.SLOPE for c in cells):
                # 000 Walk › Terrain Requirements: a slope of 45 degrees or more is Climbed
                move = "climb"
            else:
                move = "walk"
        else:
            move = mode
        if move not in single.modifiers:
            return f"{board.mover.name} can't {move} (000 Updating A Creature's Movement)"
        if move == "climb" and board.mover.has(Condition.PRONE) and not ctx.stood:
            return (
                f"{to} is a slope to Climb, and a prone creature can't Climb "
                "(000 Conditions › Prone)"
            )
        # 000 "Difficult Terrain: Squeezing" is one more cause of being Slowed
        key = ("5e", frm, to, move)
        cause = ctx.memo.get(key)
        if cause is None:
            cause = ctx.memo[key] = self._difficult(ctx, single, frm, to, move)
        cause = cause or ("squeezing" if squeezing else "")
        # 000 Conditions: Prone and Immobilized include Slowed
        prone = board.mover.has(Condition.PRONE) and not ctx.stood
        if mode == "fly" and single.hover:
            prone = False  # 000 Fly › Hovering: flying ends Prone
        if not cause:
            cause = "Slowed" if board.mover.has(Condition.SLOWED) else "prone" if prone else ""
        slowed = bool(cause)
        trait = single.modifiers[move]
        factor = trait.cost_multiplier
        if factor is None:
            # Less Than One-Third Speed: all its Movement (minimum 5 ft) per 5 ft
            cost = max(base * (2 if slowed else 1), allowance.available_ft - spent)
            why.append(f"{trait.label} ({move}): all its Movement")
        else:
            cost = base * factor * (2 if slowed else 1)
            if factor > 1:
                why.append(f"{trait.label} ({move}) ×{factor}")
        if slowed:
            why.append(f"Slowed ×2 ({cause})")
        return Edge(to, cost, diagonals + (1 if diagonal else 0), ", ".join(why), hampered=slowed)

    def _difficult(
        self, ctx: StepContext, single: SingleSpeed, frm: Cell, to: Cell, move: str
    ) -> str:
        """What makes the step Difficult Terrain (moving in, out or while in it), or ""."""
        board = ctx.board
        squares = dict.fromkeys((*board.cells(frm), *board.cells(to)))
        for cell in squares:
            terrain = board.terrain(cell)
            if move == "burrow":
                if not single.burrow_unhindered:
                    return f"burrowing through material at {cell}"
                continue
            if move == "fly":
                continue
            if terrain in GROUND and not (terrain is Terrain.SLOPE and single.climb_unhindered):
                return f"{terrain.value} at {cell}"
            if terrain is Terrain.WATER and not single.swim_unhindered:
                return f"liquid at {cell}"
        # 000 Squeezing: Slowed moving out of a squeeze as well as into it, flying too
        for anchor in (frm, to):
            if self._squeezed(ctx, anchor):
                return f"squeezing at {anchor}"
        for other in board.others_in(squares):
            if other.size != Size.TINY:
                return f"{other.name}'s space"
        return ""

    def _squeezed(self, ctx: StepContext, anchor: Cell) -> bool:
        """Does the token squeeze with its top-left square at ``anchor``: a Medium one in
        an opening sized for Small, or a big one whose block walls narrow?"""
        board = ctx.board
        for cell in board.cells(anchor):
            terrain = board.terrain(cell)
            if terrain is Terrain.NARROW and board.mover.size == Size.MEDIUM:
                return True
            if board.on_map(cell) and blocks(terrain, ctx.allowance.mode):
                return True
        return False

    def after_path(
        self, ctx: StepContext, token: Token, cells: list[Cell]
    ) -> tuple[tuple[tuple[str, bool], ...], tuple[Note, ...]]:
        board = ctx.board
        swam = ctx.allowance.mode in ("walk", "swim") and any(
            all(board.terrain(c) is Terrain.WATER for c in board.cells(cell)) for cell in cells[1:]
        )
        if swam and token.has(Condition.PRONE) and not ctx.stood:
            note = Note("Prone ends", "Swimming ends the Prone condition (000 Prone, Swim).")
            return ((Condition.PRONE.value, False),), (note,)
        return (), ()

    def end_mode(self, board: Board, anchor: Cell, mode: str) -> str:
        """000 Continuity of Movement, as the terrain forces it: "you automatically Swim
        if you are immersed in liquid" (Swim), and no Walking "across a slope of 45
        degrees or more" (Walk), so a walker ending there is Swimming or Climbing."""
        if mode != "walk":
            return mode
        terrain = {board.terrain(c) for c in board.cells(anchor)}
        if terrain == {Terrain.WATER}:
            return "swim"
        if Terrain.SLOPE in terrain:
            return "climb"
        return mode

    def condition_refused(self, token: Token, condition: Condition) -> str:
        """000 Prone › Prone Immunity (Swimming) and Fly › Hovering (Flying, Hover)."""
        if condition is not Condition.PRONE:
            return ""
        if token.last_mode == "swim":
            return (
                f"{token.name} is swimming, and a swimmer is immune to the Prone condition "
                "(000 Prone, Prone Immunity)"
            )
        if token.last_mode == "fly" and single_speed(token).hover:
            return (
                f"{token.name} is flying with Hover, which makes it immune to the Prone "
                "condition (000 Fly, Hovering)"
            )
        return ""

    def condition_notes(self, before: Token, after: Token) -> list[Note]:
        """000 Climb / Fly › Falling While Climbing / Flying: a creature still moving that
        way (Continuity of Movement: as it last moved) falls once it is Prone or
        Incapacitated (or, flying, Immobilized), unless it Hovers."""
        mode = after.last_mode
        reasons = [Condition.PRONE, Condition.INCAPACITATED]
        if mode == "fly":
            if single_speed(after).hover:
                return []
            reasons.append(Condition.IMMOBILIZED)
        elif mode != "climb":
            return []
        why = next((c for c in reasons if after.has(c) and not before.has(c)), None)
        if why is None:
            return []
        verb = "climbing" if mode == "climb" else "flying"
        section = (
            "Climb › Falling While Climbing" if mode == "climb" else "Fly › Falling While Flying"
        )
        return [
            Note(
                "Falls",
                f"{after.name} was {verb} and is now {why.value}: it stops {verb} and falls "
                f"(000 {section}). /fall gives the damage.",
            )
        ]

    def squeeze_width(self, side: int) -> int:
        # an opening sized for a creature one Size smaller (000 Difficult Terrain)
        return max(1, side - 1)

    def pass_creature(self, board: Board, other: Token) -> Passing:
        mover = board.mover
        hampers = other.size != Size.TINY
        if other.has(Condition.INCAPACITATED) or not hostile(mover, other):
            return Passing(True, hampers=hampers)
        if abs(other.size - mover.size) >= 2 or other.size == Size.TINY:
            return Passing(True, hampers=hampers)
        return Passing(
            False,
            "a hostile creature within one size of the mover blocks its space "
            "(000 Moving Around Other Creatures)",
        )

    def threatened(self, board: Board, enemy: Token) -> frozenset[Cell]:
        reach = enemy.reach_ft if enemy.reach_ft is not None else DEFAULT_REACH_FT
        squares = reach // self.square_ft
        if squares <= 0:
            return frozenset()
        side = board.sides.get(enemy.key, 1)
        cells = set()
        for col in range(enemy.cell.col - squares, enemy.cell.col + side + squares):
            for row in range(enemy.cell.row - squares, enemy.cell.row + side + squares):
                cell = Cell(col, row)
                if board.on_map(cell) and max(gap(cell, 1, enemy.cell, side)) <= squares:
                    cells.add(cell)
        return frozenset(cells)
