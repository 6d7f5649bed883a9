"""What a ruleset keeps on an encounter or a token, and the typed reads of it.

``Encounter.options`` and ``Token.state`` hold plain JSON scalars by name, so
a stored encounter reads well later and round-trips exactly. Only the ruleset
that declared a key (bot/rules/options.py) reads or writes it, through these
helpers, which turn a missing key into the rule's default.
"""

from __future__ import annotations

from collections.abc import Mapping

StateValue = str | int | bool
State = Mapping[str, StateValue]


def with_values(state: State, **values: StateValue | None) -> dict[str, StateValue]:
    """``state`` with ``values`` set; a value of None (or False, 0, "") removes its key,
    so a default is never stored and two equal states compare equal."""
    out = dict(state)
    for key, value in values.items():
        if value is None or value is False or value == 0 or value == "":
            out.pop(key, None)
        else:
            out[key] = value
    return dict(sorted(out.items()))


def text(state: State, key: str) -> str | None:
    """The text stored under ``key`` (None: not set)."""
    value = state.get(key)
    return value if isinstance(value, str) else None


def number(state: State, key: str) -> int:
    """The whole number stored under ``key`` (0: not set)."""
    value = state.get(key)
    return value if isinstance(value, int) and not isinstance(value, bool) else 0


def flag(state: State, key: str) -> bool:
    """Whether ``key`` is set to true."""
    return state.get(key) is True
