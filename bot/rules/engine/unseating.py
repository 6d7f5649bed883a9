"""Staying in the saddle (the SRDs' Mounted Combat): a mount moved against its will, a
rider knocked prone, a mount knocked prone. A ruleset with a ``MountRule.stay_mounted_dc``
reads them; the others leave a rider where it is. Pure: no Discord, no database.

- A mount pushed, pulled or slid: each rider makes the saving throw (DC 10 Dexterity)
  or falls off, landing prone in a space within 5 ft of the mount. The /move's
  ``check:`` is the save's total, applied here; without it the rider stays on and the
  reply states the save the table rolls and how to apply a failure.
- A rider knocked prone (``/token condition add:prone``): the same save; /token
  condition takes no roll, so the reply states it and what a failure or a success does.
- A mount knocked prone: its riders are dismounted within 5 ft (no save). A rider with
  its reaction left uses it to land on its feet (spent, standing); one without falls
  prone. The reply says how to record the other choice.
"""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING

from bot.encounter import Condition, Encounter, Token
from bot.errors import InvalidInput
from bot.grid.coords import Cell
from bot.grid.geometry import chebyshev, footprint
from bot.rules.engine.altitude import at_altitude
from bot.rules.engine.board import Board
from bot.rules.engine.kinds import MountRule
from bot.rules.engine.reactions import reactions_left, spend_reaction
from bot.rules.rulings import JSONValue, Note

if TYPE_CHECKING:
    from bot.rules.ruleset import Ruleset


def _rule(rules: Ruleset) -> MountRule | None:
    rule = rules.mount_rule
    return rule if rule is not None and rule.stay_mounted_dc is not None else None


def _save(rule: MountRule) -> str:
    return f"a DC {rule.stay_mounted_dc} Dexterity saving throw ({rule.mounted_combat})"


def landing(rules: Ruleset, encounter: Encounter, rider: Token, mount: Token) -> Cell | None:
    """The open space within 5 ft of ``mount`` where ``rider`` lands when it falls off:
    the nearest to where the rider is (then the topmost, leftmost); None when there is
    no room (the GM places it)."""
    sides = rules.footprint_squares
    board = Board.of(encounter, rider, sides)
    saddle = set(board.footprint_of(mount))
    side = sides.get(rider.size, 1)
    reach = range(-side, sides.get(mount.size, 1) + 1)
    spots = []
    for dc in reach:
        for dr in reach:
            cell = Cell(mount.cell.col + dc, mount.cell.row + dr)
            cells = footprint(cell, side)
            if set(cells) & saddle or not all(board.on_map(c) for c in cells):
                continue
            if any(board.terrain(c).blocks for c in cells) or board.others_in(cells):
                continue
            spots.append((chebyshev(cell, rider.cell), cell.row, cell.col, cell))
    return min(spots)[3] if spots else None


def thrown(
    rules: Ruleset, encounter: Encounter, rider: Token, mount: Token, *, on_feet: bool = False
) -> tuple[Encounter, str]:
    """``rider`` off ``mount``, on the ground within 5 ft of it, prone (or ``on_feet``):
    the board after and where it landed in words ("" when there was no room: it stays
    on, for the GM)."""
    cell = landing(rules, encounter, rider, mount)
    if cell is None:
        return encounter, ""
    conditions = rider.conditions if on_feet else rider.conditions | {Condition.PRONE.value}
    off = at_altitude(replace(rider, riding=None, cell=cell, conditions=conditions), 0)
    how = "lands on its feet" if on_feet else "lands prone"
    return encounter.with_token(off), f"{how} at {cell}"


def pushed_mount(
    rules: Ruleset, encounter: Encounter, mount: Token, riders: list[Token], save: int | None
) -> tuple[Encounter, Note | None, dict[str, JSONValue] | None]:
    """``mount`` moved against its will with ``riders`` on it: each makes the save (its
    total: the move's check:) or falls off. The board after, the note (None where the
    ruleset has no such save) and what the console reports (None without a save)."""
    rule = _rule(rules)
    if rule is None or not riders:
        return encounter, None, None
    dc = rule.stay_mounted_dc or 0
    names = ", ".join(r.name for r in riders)
    if save is None:
        who = riders[0].name if len(riders) == 1 else "<rider>"
        text = (
            f"{mount.name} is moved against its will: {names} makes {_save(rule)} or falls "
            f"off, landing prone within 5 ft of it. No save was given (check:<total> with "
            f"the forced move applies it), so {names} stays in the saddle; on a failed save: "
            f"/token place token:{who} mount:none at:<square>, then /token condition "
            f"token:{who} add:prone."
        )
        return encounter, Note("Stay mounted", text), None
    if save >= dc:
        text = f"{names} saves ({save} against DC {dc}) and stays on {mount.name}."
    else:
        encounter, landed = _all_thrown(rules, encounter, mount, riders)
        text = (
            f"{names} fails the save ({save} against DC {dc}) and falls off {mount.name}: "
            f"{landed} ({rule.mounted_combat})."
        )
    saved: dict[str, JSONValue] = {
        "riders": [r.name for r in riders],
        "save": save,
        "dc": dc,
        "stays": save >= dc,
    }
    return encounter, Note("Stay mounted", text), saved


def _all_thrown(
    rules: Ruleset, encounter: Encounter, mount: Token, riders: list[Token]
) -> tuple[Encounter, str]:
    """The board with every rider of ``mount`` fallen off, and where each landed."""
    landed = []
    for rider in riders:
        encounter, where = thrown(rules, encounter, encounter.tokens[rider.key], mount)
        landed.append(f"{rider.name} {where or 'has no room to land: the GM places it'}")
    return encounter, "; ".join(landed)


def knocked_prone(
    rules: Ruleset, encounter: Encounter, before: Token, after: Token, save: int | None = None
) -> tuple[Encounter, list[Note]]:
    """``after`` (``before`` with its conditions changed) knocked prone: a rider makes its
    save (``save``: its total; None: the reply states it); a mount's riders come off
    within 5 ft of it (on their feet with a reaction spent, else prone)."""
    rule = _rule(rules)
    newly = not before.has(Condition.PRONE) and after.has(Condition.PRONE)
    mount = encounter.mount_of(after)
    if save is not None and (rule is None or not newly or mount is None):
        raise InvalidInput(
            "save: is a rider's saving throw to stay mounted when it is knocked prone "
            "(add:prone on a token riding a mount"
            + (")." if rule is not None else f"; {rules.name}'s movement rules have none).")
        )
    if rule is None or not newly:
        return encounter, []
    notes: list[Note] = []
    if mount is not None:
        encounter, note = _rider_knocked_prone(rules, rule, encounter, after, mount, save)
        notes.append(note)
    for rider in encounter.riders_of(after):
        encounter, note = _mount_falls(rules, rule, encounter, rider, after)
        if not rider.hidden:  # a player's reply never names a hidden rider
            notes.append(note)
    return encounter, notes


def _rider_knocked_prone(
    rules: Ruleset,
    rule: MountRule,
    encounter: Encounter,
    rider: Token,
    mount: Token,
    save: int | None,
) -> tuple[Encounter, Note]:
    """The SRDs' Mounted Combat: "If you're knocked prone while mounted, you must make the
    same saving throw": failed, it falls off, landing prone within 5 ft; saved, it
    stays in the saddle and is not prone (docs/RULINGS.md); no save given, the reply
    states it and the Prone stays for the table to settle."""
    dc = rule.stay_mounted_dc or 0
    if save is None:
        text = (
            f"{rider.name} is knocked prone while mounted: {_save(rule)}. Give its total with "
            f"the condition (/token condition token:{rider.name} add:prone save:<total>), or "
            f"settle it by hand: on a failure it falls off {mount.name}, landing prone within "
            f"5 ft (/token place token:{rider.name} mount:none at:<square>); on a success it "
            "stays in the saddle (remove:prone)."
        )
        return encounter, Note("Stay mounted", text)
    if save >= dc:
        upright = replace(rider, conditions=rider.conditions - {Condition.PRONE.value})
        text = (
            f"{rider.name} saves ({save} against DC {dc}): it stays in the saddle on "
            f"{mount.name}, not prone ({rule.mounted_combat})."
        )
        return encounter.with_token(upright), Note("Stay mounted", text)
    encounter, where = thrown(rules, encounter, rider, mount)
    landed = where or "has no room to land: the GM places it"
    text = (
        f"{rider.name} fails the save ({save} against DC {dc}) and falls off {mount.name}: "
        f"it {landed} ({rule.mounted_combat})."
    )
    return encounter, Note("Stay mounted", text)


def _mount_falls(
    rules: Ruleset, rule: MountRule, encounter: Encounter, rider: Token, mount: Token
) -> tuple[Encounter, Note]:
    """``mount`` falls prone under ``rider``: with its reaction left the rider takes it
    to "dismount it as it falls and land on your feet" (the reading most tables use:
    docs/RULINGS.md), spent; without, it is "dismounted and fall[s] prone" within 5 ft."""
    reacts = reactions_left(rules.reaction_rule, rider) > 0
    encounter, where = thrown(rules, encounter, rider, mount, on_feet=reacts)
    if not where:
        text = (
            f"{mount.name} falls prone and {rider.name} is dismounted, but there is no open "
            f"space within 5 ft: the GM places it ({rule.mounted_combat})."
        )
        return encounter, Note("Unseated", text)
    name = rider.name
    if not reacts:
        text = (
            f"{mount.name} falls prone: {name} has no reaction left to land on its feet, so "
            f"it is dismounted and {where} ({rule.mounted_combat})."
        )
        return encounter, Note("Unseated", text)
    encounter = encounter.with_token(spend_reaction(encounter.tokens[rider.key]))
    text = (
        f"{mount.name} falls prone: {name} uses its reaction to dismount as it falls and "
        f"{where} ({rule.mounted_combat}). To keep the reaction and fall prone instead: "
        f"/token condition token:{name} add:prone, then /token reaction token:{name} "
        "used:false."
    )
    return encounter, Note("Unseated", text)


__all__ = ["knocked_prone", "landing", "pushed_mount", "thrown"]
