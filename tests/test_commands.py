"""Parsing and validating "/command name:value" lines (bot/commands.py)."""

from __future__ import annotations

import contextlib

import pytest
from hypothesis import given
from hypothesis import strategies as st

from bot.commands import resolve, split_line
from bot.errors import RulingError
from bot.handlers import COMMANDS


def test_split_line_reads_quoted_values_and_subcommands():
    assert split_line('/travel mode:"riding horse" distance:60') == (
        "travel",
        {"mode": "riding horse", "distance": "60"},
    )
    assert split_line("/ruleset set system:3.5") == ("ruleset set", {"system": "3.5"})
    assert split_line("/FALL HEIGHT:60") == ("fall", {"height": "60"})


def test_options_are_typed_and_units_accepted():
    inv = resolve("/fall height:60ft intentional:yes check:17", COMMANDS)
    assert inv.options == {"height": 60, "intentional": True, "check": 17}
    assert resolve("/travel distance:12.5", COMMANDS).options == {"distance": 12.5}


def test_choices_match_case_insensitively_and_plural():
    assert resolve("/fall height:10 into:Water", COMMANDS).options["into"] == "water"
    assert resolve("/fall height:10 object:HUGE", COMMANDS).options["object"] == "huge"


@pytest.mark.parametrize(
    ("line", "says"),
    [
        ("/fall height:-1", "height"),
        ("/fall height:ten", "whole number"),
        ("/fall height:1.5", "whole number"),
        ("/fall height:60 into:lava", "Accepted: ground, water, creature"),
        ("/fall hieght:60", 'no option "hieght"'),
        ("/fall height:60 height:70", "twice"),
        ("/ruleset set", "needs system"),
        ("/teleport to:B2", "Unknown command"),
        ('/fall height:"60', "quotes"),
        ("/fall height:60 60", "not an option"),
        ("", "Type a command"),
        ("/ruleset set system:4e", "Accepted: 5e-alt, 3.5, becmi, epic-path"),
    ],
)
def test_bad_input_says_what_was_wrong_and_what_is_accepted(line, says):
    with pytest.raises(RulingError, match=says):
        resolve(line, COMMANDS)


@given(st.text(max_size=80))
def test_any_text_either_resolves_or_raises_a_ruling_error(text):
    try:
        resolve(text, COMMANDS)
    except RulingError as exc:
        assert str(exc)


@given(
    st.sampled_from(sorted(COMMANDS)),
    st.dictionaries(
        st.sampled_from(["height", "check", "into", "speed", "mode", "system", "units", "x"]),
        st.one_of(st.text(max_size=12), st.integers(-(10**6), 10**6), st.booleans(), st.floats()),
        max_size=4,
    ),
)
def test_validate_never_raises_anything_but_a_ruling_error(name, raw):
    with contextlib.suppress(RulingError):
        COMMANDS[name].validate(raw)
