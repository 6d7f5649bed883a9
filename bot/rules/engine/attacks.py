"""Who a move provokes, and where a charge must end. Pure: no Discord, no database."""

from __future__ import annotations

from dataclasses import replace

from bot.encounter import Condition, Token
from bot.errors import IllegalMove
from bot.grid.coords import Cell
from bot.grid.paths import EPSILON
from bot.rules.engine.altitude import altitude, within_reach_up
from bot.rules.engine.board import hostile
from bot.rules.engine.kinds import ReactionRule
from bot.rules.engine.plan import MovePlan
from bot.rules.engine.reactions import has_reaction, spent_words
from bot.rules.engine.search import zone
from bot.rules.engine.steps import enter, provokes_on
from bot.rules.rulings import Note
from bot.units import feet


class Provoked(dict[str, Cell]):
    """Each enemy a move provokes and the square where: the square the token leaves, or
    for the names in ``entering`` the square it enters (a space where entering provokes).
    Which one is said, not guessed from the square (issue 41: leaving a Huge creature's
    space was called entering it)."""

    def __init__(self) -> None:
        super().__init__()
        self.entering: set[str] = set()


def opportunity_attacks(plan: MovePlan, cells: list[Cell]) -> Provoked:
    """Each enemy the move provokes, and the square the token leaves (or enters)."""
    rules, token, allowance = plan.rules, plan.token, plan.allowance
    if not allowance.crosses or rules.provoke_rule == "never":
        return Provoked()
    # an action that provokes nothing (a 5-foot step) still provokes where entering a
    # space does (001 Very Small Creature: the specific rule over the general one)
    entering_only = not allowance.provokes
    # one opportunity attack per enemy per round (and per double move, 004)
    already = set(allowance.activity.provoked_by)
    provoked = Provoked()
    spent: list[str] = []  # would attack, but has no reaction left (issue 29)
    unseen: list[str] = []  # would attack, but can't see the mover (the SRDs)
    for enemy in plan.board.encounter.tokens.values():
        if enemy.key == token.key or not hostile(enemy, token) or enemy.name in already:
            continue
        where, entered = _provoked_where(plan, enemy, cells, entering_only)
        why = unseeing(rules.sight_rule, enemy, token) if where is not None else ""
        if why:
            unseen += [] if enemy.hidden else [why]
        elif where is not None and not has_reaction(rules.reaction_rule, enemy):
            spent += _spent_line(enemy, where)
        elif where is not None:
            provoked[enemy.name] = where
            if entered:
                provoked.entering.add(enemy.name)
            _withdraw_note(plan, enemy, where, cells)
    if spent and rules.reaction_rule is not None:
        plan.notes.append(_no_reaction_left(rules.reaction_rule, spent))
    if unseen and rules.sight_rule is not None:
        plan.notes.append(Note("Unseen", f"{'; '.join(unseen)} ({rules.sight_rule})."))
    return provoked


# the traits that let a creature perceive the mover anyway (/token trait): blindsight
# works blinded and against the invisible; truesight sees the invisible, with its eyes
SEES_BLINDED = ("blindsight",)
SEES_INVISIBLE = ("blindsight", "truesight")


def sees_no_one(sight_rule: str | None, enemy: Token) -> bool:
    """Whether ``enemy`` sees no mover at all where attacks need sight: blinded, with
    nothing (blindsight) to perceive by. Its reach threatens no square (/map threats)."""
    return (
        sight_rule is not None
        and enemy.has(Condition.BLINDED)
        and not any(t in enemy.traits for t in SEES_BLINDED)
    )


def unseeing(sight_rule: str | None, enemy: Token, mover: Token) -> str:
    """Why ``enemy`` gets no opportunity attack for not seeing ``mover`` ("" where it
    sees it, or the ruleset's attacks need no sight): blinded, or the mover invisible,
    unless a trait lets it perceive anyway."""
    if sight_rule is None:
        return ""
    if sees_no_one(sight_rule, enemy):
        return f"{enemy.name} is blinded: no opportunity attack"
    if mover.has(Condition.INVISIBLE) and not any(t in enemy.traits for t in SEES_INVISIBLE):
        return f"{mover.name} is invisible to {enemy.name}: no opportunity attack"
    return ""


def _provoked_where(
    plan: MovePlan, enemy: Token, cells: list[Cell], entering_only: bool
) -> tuple[Cell | None, bool]:
    """The square where the move provokes ``enemy`` (leaving its reach, or entering a
    space where that provokes: then True), or None: it can't attack (incapacitated, out
    of reach above or below) or the path never gives it the chance."""
    rules, token = plan.rules, plan.token
    if enemy.has(Condition.INCAPACITATED):
        return None, False
    if (altitude(token) or altitude(enemy)) and not within_reach_up(
        rules, enemy, token, rules.reach.reach_ft(enemy)
    ):
        return None, False  # too far above or below to reach (004: reach in cubes)
    entered = rules.space.entering_provokes(plan.board, token, enemy, cells)
    if entering_only or entered is not None:
        return entered, entered is not None
    return _left(plan, enemy, cells), False


def _withdraw_note(plan: MovePlan, enemy: Token, where: Cell, cells: list[Cell]) -> None:
    """004 Withdraw: the first square is safe only from the enemies the mover sees."""
    spared = plan.rules.economy.withdraw_spares(enemy)
    if where == cells[0] and plan.allowance.limits.safe_start and not spared:
        plan.notes.append(
            Note(
                "Unseen",
                f"{enemy.name} is invisible: a withdraw's first square is safe only "
                "from enemies the mover can see (Withdraw).",
            )
        )


def _spent_line(enemy: Token, where: Cell) -> list[str]:
    """How the "No reaction left" note names ``enemy`` (a hidden one: never)."""
    return [] if enemy.hidden else [f"{enemy.name} (at {where})"]


def _no_reaction_left(rule: ReactionRule, spent: list[str]) -> Note:
    """The enemies a move would provoke but for their spent reactions."""
    return Note(
        "No reaction left",
        f"{', '.join(spent)}: no opportunity attack; it has used {spent_words(rule)}, "
        f"back when its turn starts ({rule.cite}).",
    )


def _left(plan: MovePlan, enemy: Token, cells: list[Cell]) -> Cell | None:
    """The square whose leaving (or standing up in) provokes ``enemy``, if any."""
    board, stance = plan.board, plan.allowance.stance
    threatened = zone(plan.rules, plan.ctx, enemy)
    if not threatened:
        return None
    standing = stance.stand_up and stance.stand_provokes
    if standing and any(c in threatened for c in board.cells(plan.token.cell)):
        return plan.token.cell
    for i in range(len(cells) - 1):
        if (
            i == 0
            and plan.allowance.limits.safe_start
            and plan.rules.economy.withdraw_spares(enemy)
        ):
            continue
        before, after = board.cells(cells[i]), board.cells(cells[i + 1])
        if provokes_on(plan.rules.provoke_rule, before, after, threatened):
            return cells[i]
    return None


def charge_target(plan: MovePlan, end: Cell) -> Note:
    """002 Charge: "directly toward a foe ... to the closest square from which you can
    attack your opponent". The charge must end where the token can attack a hostile
    creature, and no open square from which it could attack that one is closer."""
    rules, board, token = plan.rules, plan.board, plan.token
    foes = [
        other
        for other in board.encounter.tokens.values()
        if other.key != token.key and hostile(token, other) and not other.has(Condition.DEAD)
    ]
    there = replace(token, cell=end)
    targets = [
        f
        for f in foes
        if any(rules.reach.threatens(board, there, c) for c in board.footprint_of(f))
    ]
    if not targets:
        raise IllegalMove(
            f"A charge ends where {token.name} can attack a foe ({rules.charge_rule}): "
            "nobody hostile "
            f"is within its reach at {end}."
        )
    run_ft = rules.reach.distance_ft(token.cell, end)
    nearer: list[tuple[Token, Cell]] = []
    for foe in targets:
        closest = _closest_attack_square(plan, foe)
        if closest is None or run_ft <= rules.reach.distance_ft(token.cell, closest) + EPSILON:
            return Note(
                "Charge",
                f"Charges {foe.name}: one melee attack at the end ({rules.charge_rule}).",
            )
        nearer.append((foe, closest))
    foe, closest = nearer[0]
    raise IllegalMove(
        f"A charge goes to the closest square from which {token.name} can attack its foe "
        f"({rules.charge_rule}): for {foe.name} that is {closest} "
        f"({feet(rules.reach.distance_ft(token.cell, closest))} away), not {end}."
    )


def _closest_attack_square(plan: MovePlan, foe: Token) -> Cell | None:
    """The nearest square (by distance) where the token may stand and attack ``foe``."""
    rules, ctx, board, token = plan.rules, plan.ctx, plan.board, plan.token
    span = 2 * (board.side + board.sides.get(foe.key, 1)) + 4  # reach weapons included
    foe_squares = set(board.footprint_of(foe))
    best: tuple[float, int, int, Cell] | None = None
    for col in range(foe.cell.col - span, foe.cell.col + span + 1):
        for row in range(foe.cell.row - span, foe.cell.row + span + 1):
            anchor = Cell(col, row)
            if not all(board.on_map(c) for c in board.cells(anchor)):
                continue
            standing = replace(token, cell=anchor)  # one square at a time: a reach is big
            if not any(rules.reach.threatens(board, standing, c) for c in foe_squares):
                continue
            if anchor != token.cell and (
                enter(rules, ctx, anchor, anchor)[0] or rules.end_problem(ctx, anchor)
            ):
                continue
            key = (rules.reach.distance_ft(token.cell, anchor), row, col, anchor)
            if best is None or key < best:
                best = key
    return best[3] if best is not None else None
