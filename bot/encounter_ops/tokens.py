"""The token changes: /token add, edit, remove and condition."""

from __future__ import annotations

import fnmatch
import re
from collections.abc import Mapping
from dataclasses import dataclass, field, fields, replace
from typing import Any

from bot.encounter import (
    CONDITION_NAMES,
    Condition,
    Encounter,
    Team,
    Token,
    token_key,
)
from bot.encounter_ops.access import (
    GM_IS,
    Actor,
    is_gm,
    mention,
    require_control,
    require_riders,
)
from bot.encounter_ops.outcomes import Edit, TokenEdit, TokensAdded, TokensRemoved
from bot.encounter_ops.placement import (
    NO_STANDING,
    check_room,
    first_fit,
    side,
    size_label,
    squares_of,
)
from bot.errors import IllegalMove, InvalidInput, NotAllowed
from bot.grid.coords import Cell, parse_on_map
from bot.grid.geometry import chebyshev, footprint
from bot.grid.sizes import Size, parse_size
from bot.limits import MAX_NAME, MAX_TOKENS
from bot.rules import readers, rulesets, token_options
from bot.rules.engine.altitude import at_altitude, falls_from_the_air
from bot.rules.engine.grapple import let_go, with_grapplers
from bot.rules.engine.moves import TokenSpec
from bot.rules.ruleset import Ruleset
from bot.rules.rulings import Note
from bot.state import State


@dataclass(frozen=True)
class TokenOptions:
    """What /token add and /token edit take besides the name; None: not given."""

    size: str | None = None
    speed: str | None = None
    fly: int | None = None
    swim: int | None = None
    climb: int | None = None
    burrow: int | None = None
    hover: bool | None = None
    at: str | None = None
    team: Team | None = None
    owner: str | None = None
    reach: int | None = None
    reach_weapon: bool | None = None
    speed_bonus: int | None = None
    bonuses: str | None = None
    init: int | None = None
    hidden: bool | None = None  # an ambush: the GM's, left out of what others see
    explain: bool | None = None  # how the reply is worded, not a change
    # the rulesets' own options given (race, armor, load, exhaustion...), by name
    ruleset: Mapping[str, Any] = field(default_factory=dict)

    @classmethod
    def of(cls, options: Mapping[str, Any]) -> TokenOptions:
        shared = {f.name: options.get(f.name) for f in fields(cls) if f.name != "ruleset"}
        own = {o.name: options[o.name] for o in token_options() if options.get(o.name) is not None}
        return cls(**shared, ruleset=own)

    def given(self) -> list[str]:
        shared = [f.name for f in fields(self) if f.name not in ("ruleset", "explain")]
        return [n for n in shared if getattr(self, n) is not None] + list(self.ruleset)


# The options stored as given, with the Token field each sets.
PLAIN_FIELDS = {
    "team": "team",
    "owner": "owner",
    "reach": "reach_ft",
    "reach_weapon": "reach_weapon",
    "speed_bonus": "speed_bonus_ft",
    "init": "initiative_bonus",
}


def check_name(encounter: Encounter, name: str, *, ignore: str | None = None) -> str:
    """A token name: 1 to 32 characters, one line, no commas, unique here."""
    text = name.strip()
    if not text or len(text) > MAX_NAME or "\n" in text or "\r" in text:
        raise InvalidInput(f"A token name is one line of 1 to {MAX_NAME} characters.")
    if "," in text:
        raise InvalidInput(
            f'"{text}": a token name can\'t hold a comma (turn orders are written as '
            'comma lists: "Ari, Goblin 1, Bo").'
        )
    if "`" in text:
        raise InvalidInput(f'"{text}": a token name can\'t hold a backtick (`).')
    key = token_key(text)
    if not key:
        raise InvalidInput(f'"{text}" has no letters or digits to name a token by.')
    existing = encounter.tokens.get(key)
    if existing is not None and key != ignore:
        raise InvalidInput(
            f'There is already a token named "{existing.name}" here (names ignore case). '
            "Pick another name, e.g. with a number: Goblin 2."
        )
    return text


def parse_token_size(ruleset: Ruleset, text: str) -> Size:
    """A size the ruleset puts on a grid (the keys of its footprint table)."""
    return parse_size(text, tuple(ruleset.footprint_squares))


def _spec(opts: TokenOptions, size: Size, state: State | None = None) -> TokenSpec:
    return TokenSpec(
        current=state or {},
        size=size,
        speed=opts.speed,
        fly_ft=opts.fly,
        swim_ft=opts.swim,
        climb_ft=opts.climb,
        burrow_ft=opts.burrow,
        hover=opts.hover,
        options=opts.ruleset,
    )


def require_may_give_owner(encounter: Encounter, actor: Actor, owner: str | None) -> None:
    """Players own what they add; only the GM makes someone else a token's owner."""
    if owner is not None and owner != actor.user_id and not is_gm(encounter, actor):
        raise NotAllowed(
            f"Players add and keep tokens for themselves; only the GM gives a token another "
            f"owner ({GM_IS})."
        )


def _apply_options(
    token: Token, ruleset: Ruleset, opts: TokenOptions, size: Size
) -> tuple[Token, tuple[Note, ...]]:
    """The token with the ruleset's checked movement fields and the plain options set."""
    if opts.reach is not None and opts.reach % ruleset.square_ft:
        raise InvalidInput(
            f"reach: {opts.reach} ft isn't a whole number of {ruleset.square_ft} ft squares: "
            f"reach is counted in squares (e.g. reach:{ruleset.square_ft * 2})."
        )
    require_read(ruleset, opts.ruleset)
    checked = ruleset.token_fields(_spec(opts, size, token.state))
    values = dict(checked.values)
    if "speeds_ft" in values:
        # A stat block's speed line gives every mode; otherwise the modes not given
        # keep their speed. A speed of 0 removes a mode, unless the ruleset reads it as
        # "can't move that way" (5e-alt's climb:0, swim:0).
        kept = {} if opts.speed is not None else token.speeds_ft
        merged = {**kept, **values["speeds_ft"]}
        values["speeds_ft"] = {
            m: v for m, v in sorted(merged.items()) if v > 0 or m in ruleset.zero_speed_modes
        }
    notes = list(checked.notes)
    plain: dict[str, Any] = {"size": size}
    for option, field_name in PLAIN_FIELDS.items():
        if getattr(opts, option) is not None:
            plain[field_name] = getattr(opts, option)
    if opts.bonuses is not None:
        plain["speed_bonuses_ft"], bonus_notes = parse_bonuses(opts.bonuses)
        notes.extend(bonus_notes)
    changed = replace(token, **{**plain, **values}).with_state(**checked.state)
    if opts.hidden is not None:
        changed = replace(changed, hidden=bool(opts.hidden))
    if values.keys() & {"speed_ft", "speeds_ft", "hover"}:
        # explained from the token as it now is, not only the speeds just given
        notes[len(checked.notes) : len(checked.notes)] = ruleset.speed_notes(changed)
    return changed, tuple(notes)


def require_read(ruleset: Ruleset, given: Mapping[str, Any]) -> None:
    """Refuse a ruleset's token option that this ruleset doesn't read (exhaustion under
    3.5): storing it would change nothing, and silence would look like it did."""
    own = {o.name for o in ruleset.token_options}
    for name in given:
        if name in own:
            continue
        spec = next(o for o in token_options() if o.name == name)
        hint = spec.instead or ruleset.token_hint
        raise InvalidInput(
            f"{name}: {ruleset.id} doesn't read {name} on a token (only "
            f"{', '.join(readers(name))} do)" + (f"; {hint}." if hint else ".")
        )


_BONUS = re.compile(r"^\s*([a-z][a-z -]{0,30}?)\s*([+-]\s*\d{1,4})\s*(?:ft\.?|feet)?\s*$")


def parse_bonuses(text: str) -> tuple[dict[str, int], list[Note]]:
    """``"enhancement +30, morale +10"`` → the best bonus of each type (001 "Bonuses to
    Speed": bonuses of the same type don't stack). "none" clears them."""
    if text.strip().lower() in ("", "none", "clear"):
        return {}, []
    best: dict[str, int] = {}
    notes: list[Note] = []
    for part in (p for p in re.split(r"[,;]", text) if p.strip()):
        match = _BONUS.match(part.lower())
        if match is None:
            raise InvalidInput(
                f'bonuses: "{part.strip()}" is not a typed bonus. Write each as its type and '
                'feet: "enhancement +30, morale +10" (or "none").'
            )
        kind, value = match.group(1).strip(), int(match.group(2).replace(" ", ""))
        if kind in best:
            kept = max(best[kind], value)
            notes.append(
                Note(
                    "Bonuses",
                    f"Two {kind} bonuses don't stack: the better, {kept:+} ft, counts "
                    "(SRD › Bonuses to Speed).",
                )
            )
            best[kind] = kept
        else:
            best[kind] = value
    return best, notes


def _not_in_order(encounter: Encounter, token: Token) -> tuple[Note, ...]:
    if encounter.order and token.key not in encounter.order:
        return (
            Note(
                "Turn order",
                f"{token.name} is not in the turn order; set it again with /turn order "
                "to include it.",
            ),
        )
    return ()


def add_token(
    encounter: Encounter, ruleset: Ruleset, actor: Actor, name: str, opts: TokenOptions
) -> TokenEdit:
    """/token add: a new token, placed at ``at`` or in the first square it fits."""
    name = check_name(encounter, name)
    if len(encounter.tokens) >= MAX_TOKENS:
        raise IllegalMove(
            f"This encounter has {MAX_TOKENS} tokens, the most it can hold. Remove one first."
        )
    require_may_give_owner(encounter, actor, opts.owner)
    if opts.hidden is not None and not is_gm(encounter, actor):
        raise NotAllowed(f"Only the GM hides tokens ({GM_IS}).")
    # a player's token is theirs and on the party's side; the GM's, nobody's and an enemy
    # (a monster, most often: a GM's ally or bystander says team:party or team:neutral)
    gm = is_gm(encounter, actor)
    if encounter.order and not gm:
        # else removing a token and adding it again would move it out of turn
        raise NotAllowed(
            "A turn order is running: only the GM adds tokens now (a late combatant joins "
            f"with the GM's /token add and /turn order; {GM_IS})."
        )
    unplaced = Token(
        name=name,
        cell=Cell(0, 0),
        team="enemy" if gm else "party",
        owner=None if gm else actor.user_id,
    )
    size = parse_token_size(ruleset, opts.size) if opts.size else Size.MEDIUM
    token, notes = _apply_options(unplaced, ruleset, opts, size)
    if opts.at is not None:
        cell = parse_on_map(opts.at, encounter.width, encounter.height)
        check_room(encounter, ruleset, replace(token, cell=cell))
    else:
        found = first_fit(encounter, ruleset, size)
        if found is None:
            raise IllegalMove(
                f"There is no room left on the map for {name} ({size_label(size, ruleset)}). "
                "Clear some terrain or remove a token."
            )
        cell = found
    token = replace(token, cell=cell)
    after = encounter.with_token(token)
    notes += _not_in_order(after, token)
    if opts.team is None:
        whose = "the GM's tokens are enemies" if gm else "a player's tokens are the party's"
        notes += (Note("Team", f"{token.team}: {whose} unless team: says otherwise."),)
    summary = f"added {name} ({size.label}, {token.team}) at {cell}"
    return TokenEdit(after, summary, token, notes)


def replace_token(encounter: Encounter, key: str, token: Token) -> Encounter:
    """``token`` in place of the token at ``key``, keeping its place (a rename too: who
    rides it or is grappled by it follows the new name)."""
    tokens = {
        (token.key if k == key else k): (token if k == key else _renamed(t, key, token.key))
        for k, t in encounter.tokens.items()
    }
    order = tuple(token.key if k == key else k for k in encounter.order)
    return replace(encounter, tokens=tokens, order=order)


def edit_token(
    encounter: Encounter,
    ruleset: Ruleset,
    actor: Actor,
    name: str,
    opts: TokenOptions,
    rename: str | None = None,
) -> TokenEdit:
    """/token edit: change what was given, keep the rest."""
    old = encounter.token(name)
    require_control(encounter, actor, old, "edit")
    if not opts.given() and rename is None:
        raise InvalidInput(
            f"Nothing to change on {old.name}: give an option to change, e.g. "
            f"/token edit token:{old.name} speed:40 or rename:<new name>."
        )
    require_may_give_owner(encounter, actor, opts.owner)
    if opts.hidden is not None and not is_gm(encounter, actor):
        raise NotAllowed(f"Only the GM hides or reveals tokens ({GM_IS}).")
    if opts.at is not None and encounter.order and not is_gm(encounter, actor):
        raise NotAllowed(
            f"A turn order is running: move {old.name} with /move. Only the GM places "
            "tokens with /token edit at: during one."
        )
    new_name = check_name(encounter, rename, ignore=old.key) if rename is not None else old.name
    size = parse_token_size(ruleset, opts.size) if opts.size else old.size
    token, notes = _apply_options(old, ruleset, opts, size)
    token = replace(token, name=new_name)
    if opts.at is not None:
        token = replace(token, cell=parse_on_map(opts.at, encounter.width, encounter.height))
    moved = token.cell != old.cell
    riders = encounter.riders_of(old)
    if moved:
        require_riders(encounter, actor, old, riders, f"placing {old.name} at {token.cell}")
    if moved and token.riding:  # placed elsewhere, a rider is off its mount
        token = replace(token, riding=None)
        notes = (*notes, Note("Off its mount", f"{old.name} stands at {token.cell}, on foot."))
    if moved or token.size != old.size:
        others = encounter
        for rider in riders:  # its riders sit in its space: they go where it goes
            others = others.without_token(rider.key)
        check_room(others, ruleset, token, ignore=old.key)
    changes = describe_changes(old, token)
    after = replace_token(encounter, old.key, token)
    if moved:
        for rider in riders:
            after = replace_token(after, rider.key, replace(rider, cell=token.cell))
    summary = f"edited {old.name}: " + (", ".join(changes) or "no change")
    return TokenEdit(after, summary, token, notes)


_LABELS = {
    "cell": "at",
    "speed_ft": "speed",
    "speeds_ft": "speeds",
    "reach_ft": "reach",
    "speed_bonus_ft": "speed bonus",
    "speed_bonuses_ft": "typed speed bonuses",
    "reach_weapon": "reach weapon",
}


def _shown(value: object) -> str:
    if isinstance(value, Size):
        return value.label
    if isinstance(value, Mapping):
        return ", ".join(f"{k} {v} ft" for k, v in value.items()) or "none"
    if isinstance(value, frozenset):
        return ", ".join(sorted(value)) or "none"
    return "none" if value is None else str(value)


def _state_order(key: str) -> int:
    names = [o.name for o in token_options()]
    return names.index(key) if key in names else len(names)


def describe_changes(old: Token, new: Token) -> list[str]:
    """``["renamed Aria", "size Large", "at D4"]``: what differs, in the game's words."""
    out: list[str] = []
    for f in fields(Token):
        before, after = getattr(old, f.name), getattr(new, f.name)
        if before == after:
            continue
        if f.name == "state":
            keys = sorted(set(before) | set(after), key=_state_order)
            out += [f"{k} {_shown(after.get(k))}" for k in keys if before.get(k) != after.get(k)]
        elif f.name == "name":
            out.append(f"renamed {after}")
        elif f.name == "owner":
            out.append(f"owner {mention(after) if after else 'the GM'}")
        else:
            out.append(f"{_LABELS.get(f.name, f.name)} {_shown(after)}")
    return out


def _pass_turn_on(before: Encounter, after: Encounter, ruleset: Ruleset) -> Encounter:
    """When the acting token left, the next in order starts its turn (a wrap: a new round)."""
    if before.turn_index is None or after.turn_index is None:
        return after
    if after.acting is None or before.acting is None or before.acting.key in after.tokens:
        return after
    round_ = after.round + 1 if after.turn_index < before.turn_index else after.round
    started = ruleset.start_turn(after.acting)
    return replace(replace_token(after, started.key, started), round=round_)


def _renamed(token: Token, old: str, new: str) -> Token:
    """``token`` with its links to the token keyed ``old`` (its mount, its grapplers)
    following that token's new key ``new``."""
    if old == new:
        return token
    if token.riding == old:
        token = replace(token, riding=new)
    holders = token.grappled_by
    if old in holders:
        token = with_grapplers(token, tuple(new if h == old else h for h in holders))
    return token


def remove_token(encounter: Encounter, ruleset: Ruleset, actor: Actor, name: str) -> Edit:
    token = encounter.token(name)
    require_control(encounter, actor, token, "remove")
    after = _pass_turn_on(encounter, encounter.without_token(token.key), ruleset)
    after, _ = let_go(after, token, "left the board")  # what it held is free
    for rider in after.riders_of(token):  # its riders stay where it stood, on foot
        after = replace_token(after, rider.key, replace(rider, riding=None))
    summary = f"removed {token.name} (was at {token.cell})"
    was_acting = encounter.acting is not None and encounter.acting.key == token.key
    if was_acting and after.acting is not None:
        summary += f"; {after.acting.name}'s turn"
    return Edit(after, summary)


# A condition the rules don't know (frightened, charmed, hasted...) is kept as a
# reminder on the token, marked as changing nothing about movement.
_FREE_CONDITION = re.compile(r"[a-z][a-z' -]{1,23}")


def parse_conditions(text: str | None) -> tuple[tuple[Condition, ...], tuple[str, ...]]:
    """The conditions named: those the rules know, and free-form reminders. A near miss
    of a known one ("pronne") is refused with its suggestion rather than kept."""
    if text is None:
        return (), ()
    known: list[Condition] = []
    free: list[str] = []
    for part in (p.strip() for p in text.replace(";", ",").split(",") if p.strip()):
        try:
            known.append(Condition(CONDITION_NAMES.match(part)))
        except InvalidInput as error:
            word = part.lower()
            if "Did you mean" in error.message or not _FREE_CONDITION.fullmatch(word):
                raise
            free.append(word)
    return tuple(dict.fromkeys(known)), tuple(dict.fromkeys(free))


def condition_token(
    encounter: Encounter,
    actor: Actor,
    name: str,
    add: str | None,
    remove: str | None,
    by: str | None = None,
) -> TokenEdit:
    """/token condition: add and remove conditions (remove first, then add); ``by``
    names who grapples it, with add:grappled (a grappler drags it: /move drag:)."""
    token = encounter.token(name)
    require_control(encounter, actor, token, "change the conditions of")
    adding, free_adding = parse_conditions(add)
    removing, free_removing = parse_conditions(remove)
    holder = _grappler(encounter, token, by, adding)
    if not (adding or removing or free_adding or free_removing):
        raise InvalidInput(
            f"Say which condition: add:<condition> or remove:<condition>. "
            f"Accepted: {CONDITION_NAMES.accepted()}."
        )
    both = {c.value for c in adding} & {c.value for c in removing}
    both |= set(free_adding) & set(free_removing)
    if both:
        raise InvalidInput(f"{', '.join(sorted(both))} is both added and removed; pick one.")
    grid = rulesets()[encounter.ruleset].for_encounter(encounter)
    for condition in adding:
        refused = grid.condition_refused(token, condition)
        if refused:
            raise IllegalMove(f"Can't make {token.name} {condition.value}: {refused}.")
    conditions = (token.conditions - {c.value for c in removing} - set(free_removing)) | {
        *(c.value for c in adding),
        *free_adding,
    }
    changed, events = grid.conditions_changed(
        token, replace(token, conditions=frozenset(conditions))
    )
    notes = list(events)
    notes += [
        Note("Still", f"{token.name} is still {c.value}: another condition includes it.")
        for c in removing
        if changed.has(c)
    ]
    notes += grid.condition_notes(token, changed)
    inert = [c.value for c in adding if c in grid.inert_conditions]
    if free_adding or inert:
        kept = ", ".join((*inert, *free_adding))
        notes.append(
            Note(
                "Reminder",
                f"{kept}: no movement effect under {grid.id}; kept on the token as a reminder.",
            )
        )
    if Condition.GRAPPLED in removing or not changed.has(Condition.GRAPPLED):
        changed = with_grapplers(changed, ())  # no longer grappled: by nobody
    if holder is not None:
        changed = with_grapplers(changed, (*changed.grappled_by, holder.key))
        notes.append(
            Note(
                "Grappled",
                f"{holder.name} holds {token.name}: /move token:{holder.name} drag:{token.name} "
                "drags it along; parting them ends the grapple.",
            )
        )
    parts = [f"+{c.value}" for c in adding] + [f"+{w}" for w in free_adding]
    parts += [f"-{c.value}" for c in removing] + [f"-{w}" for w in free_removing]
    summary = f"{token.name}: {' '.join(parts)}" + (f" (by {holder.name})" if holder else "")
    fell = falls_from_the_air(token, changed)
    if fell is not None:  # a flyer that stops flying lands below: the fall is /fall's
        notes.append(fell)
        changed = at_altitude(changed, 0)
    after = replace_token(encounter, token.key, changed)
    if changed.has(Condition.INCAPACITATED) and not token.has(Condition.INCAPACITATED):
        # 000 Ending the Grappled Condition › Incapacitation: its grapples end
        after, let = let_go(after, changed, "is incapacitated")
        notes += let
    return TokenEdit(after, summary, changed, tuple(notes))


def _grappler(
    encounter: Encounter, token: Token, by: str | None, adding: tuple[Condition, ...]
) -> Token | None:
    """The token ``by:`` names as the grappler, checked (None when not given)."""
    if by is None:
        return None
    if Condition.GRAPPLED not in adding:
        raise InvalidInput(
            f"by: names who grapples {token.name}: give it with add:grappled, e.g. "
            f"/token condition token:{token.name} add:grappled by:Ogre."
        )
    holder = encounter.token(by)
    if holder.key == token.key:
        raise InvalidInput(f"{token.name} can't grapple itself.")
    if holder.key in token.grappled_by:
        raise InvalidInput(f"{holder.name} already grapples {token.name}.")
    return holder


# ------------------------------------------------------------------ several at once

# The most tokens one /token add makes (a horde is several commands; the map holds
# MAX_TOKENS in all).
MAX_BULK = 20


def parse_squares(text: str, encounter: Encounter) -> tuple[Cell, ...]:
    """``"D4 E4 F4"`` (spaces, commas or slashes between) → squares on the map."""
    parts = [p for p in re.split(r"[\s,;/]+", text.strip()) if p]
    if not parts:
        raise InvalidInput('at: names squares, e.g. at:"D4 E4 F4".')
    cells = tuple(parse_on_map(p, encounter.width, encounter.height) for p in parts)
    twice = [str(c) for c in cells if cells.count(c) > 1]
    if twice:
        raise InvalidInput(f"at: names {twice[0]} twice; give each token its own square.")
    return cells


def numbered_names(encounter: Encounter, name: str, count: int) -> list[str]:
    """``Goblin 1`` … ``Goblin 6``, or on from the highest already here (Goblin 7...)."""
    base = name.strip()
    pattern = re.compile(rf"{re.escape(base)} (\d+)", re.IGNORECASE)
    taken = [int(m.group(1)) for t in encounter.tokens.values() if (m := pattern.fullmatch(t.name))]
    first = max(taken, default=0) + 1
    return [f"{base} {first + i}" for i in range(count)]


def _free_around(
    encounter: Encounter, ruleset: Ruleset, size: Size, near: tuple[Cell, ...]
) -> list[Cell]:
    """Top-left squares where a token of ``size`` fits alone, nearest ``near`` first (row
    by row from A1 when no square is given)."""
    n = side(ruleset, size)
    blocked = {c for c, kind in encounter.terrain.items() if kind in NO_STANDING}
    for token in encounter.tokens.values():
        blocked.update(squares_of(token, ruleset))
    free = [
        Cell(col, row)
        for row in range(encounter.height - n + 1)
        for col in range(encounter.width - n + 1)
        if not any(square in blocked for square in footprint(Cell(col, row), n))
    ]
    if near:
        free.sort(key=lambda c: (min(chebyshev(c, g) for g in near), c.row, c.col))
    return free


def add_tokens(
    encounter: Encounter,
    ruleset: Ruleset,
    actor: Actor,
    name: str,
    opts: TokenOptions,
    count: int,
) -> TokensAdded:
    """/token add count:6: Goblin 1 … Goblin 6, alike but for their names and squares: at
    the squares ``at`` lists, in order, then the first free squares around them."""
    if not 1 <= count <= MAX_BULK:
        raise InvalidInput(f"count: 1 to {MAX_BULK} tokens at a time.")
    room = MAX_TOKENS - len(encounter.tokens)
    if count > room:
        raise IllegalMove(
            f"{count} more tokens would pass the {MAX_TOKENS} an encounter holds "
            f"({len(encounter.tokens)} here): add {max(room, 0)} at most, or remove some first."
        )
    check_name(encounter, name)
    names = numbered_names(encounter, name, count)
    squares = parse_squares(opts.at, encounter) if opts.at is not None else ()
    if len(squares) > count:
        raise InvalidInput(
            f"at: lists {len(squares)} squares for {count} tokens: give count:{len(squares)}, "
            "or fewer squares."
        )
    after = encounter
    added: list[Token] = []
    notes: tuple[Note, ...] = ()
    free: list[Cell] | None = None  # worked out once, after the listed squares are taken
    taken: set[Cell] = set()
    n = side(ruleset, parse_token_size(ruleset, opts.size) if opts.size else Size.MEDIUM)
    for i, each in enumerate(names):
        at: Cell | None
        if i < len(squares):
            at = squares[i]
        else:
            if free is None:
                size = parse_token_size(ruleset, opts.size) if opts.size else Size.MEDIUM
                free = _free_around(after, ruleset, size, squares)
            at = next((c for c in free if not taken & set(footprint(c, n))), None)
            if at is None:
                raise IllegalMove(
                    f"There is no room left on the map for {each}: nothing was added. "
                    f"Give fewer (count:{i}), clear some terrain or remove a token."
                )
        edit = add_token(after, ruleset, actor, each, replace(opts, at=str(at)))
        after = edit.encounter
        added.append(edit.token)
        taken.update(squares_of(edit.token, ruleset))
        if not notes:
            # the same options give the same notes: said once
            notes = tuple(note for note in edit.notes if note.label != "Turn order")
    notes += _not_in_order(after, added[0])
    where = ", ".join(str(t.cell) for t in added)
    summary = f"added {added[0].name} to {added[-1].name} ({added[0].team}) at {where}"
    return TokensAdded(after, summary, tuple(added), notes)


def is_pattern(name: str) -> bool:
    return "*" in name or "?" in name


def remove_matching(
    encounter: Encounter, ruleset: Ruleset, actor: Actor, pattern: str
) -> TokensRemoved:
    """/token remove token:"Goblin*": every token whose name matches (``*`` any letters,
    ``?`` one; case ignored). The GM removes them all; a player only their own, the
    rest said to be skipped."""
    wanted = pattern.strip().lower()
    matched = [t for t in encounter.tokens.values() if fnmatch.fnmatchcase(t.name.lower(), wanted)]
    if not matched:
        listed = ", ".join(t.name for t in encounter.tokens.values()) or "none yet"
        raise InvalidInput(f'No token here matches "{pattern}". Tokens: {listed}.')
    mine = [t for t in matched if is_gm(encounter, actor) or t.owner == actor.user_id]
    skipped = tuple(t.name for t in matched if t not in mine)
    if not mine:
        require_control(encounter, actor, matched[0], "remove")
    after = encounter
    for token in mine:
        after = remove_token(after, ruleset, actor, token.name).encounter
    names = tuple(t.name for t in mine)
    summary = f"removed {', '.join(names)}"
    return TokensRemoved(after, summary, names, skipped)
