"""Parsing and validating "/command name:value" lines (bot/commands.py)."""

from __future__ import annotations

import contextlib

import pytest
from hypothesis import given
from hypothesis import strategies as st

from bot.commands import Option, resolve, split_line
from bot.errors import InvalidInput, RulingError
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


# ------------------------------------------------------------ lengths with units


@pytest.mark.parametrize(
    ("written", "feet"),
    [
        ("60", 60),
        ("60 ft", 60),
        ("60ft", 60),
        ("60'", 60),
        ("60 feet", 60),
        ("20 yd", 60),
        ("1.5 m", 5),
        ("10 m", 33),
        ("1 mile", 5280),
    ],
)
def test_a_length_in_feet_converts_the_unit_written(written: str, feet: int):
    """A height written as "60 miles" is 316,800 ft, not 60 ft: units are converted
    (metres by the table convention of 1.5 m to a 5 ft square)."""
    option = Option("height", "integer", "Height", min_value=1, max_value=1_000_000, unit="ft")
    assert option.convert(written) == feet


def test_miles_convert_from_feet_and_kilometres():
    option = Option("distance", "number", "Miles", min_value=0.1, max_value=100_000, unit="miles")
    assert option.convert("5280 ft") == 1
    assert option.convert("3 miles") == 3
    assert abs(option.convert("10 km") - 6.2137) < 0.001


@pytest.mark.parametrize("written", ["60 parsecs", "60 rounds", "sixty"])
def test_an_unknown_unit_is_refused_with_what_is_accepted(written: str):
    option = Option("height", "integer", "Height", min_value=1, max_value=1_000_000, unit="ft")
    with pytest.raises(InvalidInput) as caught:
        option.convert(written)
    assert written in str(caught.value)


def test_a_converted_length_out_of_range_says_what_it_came_to():
    option = Option("height", "integer", "Height", min_value=1, max_value=10_000, unit="ft")
    with pytest.raises(InvalidInput, match="316,800 ft"):
        option.convert("60 miles")
