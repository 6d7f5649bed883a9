"""Feet read the same in every reply and image label."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from bot.units import feet, feet_figure


@pytest.mark.parametrize(
    ("value", "shown"),
    [
        (30, "30 ft"),
        (30.0, "30 ft"),
        (0, "0 ft"),
        (7.0710678, "7.1 ft"),
        (2.5, "2.5 ft"),
        (316800, "316,800 ft"),
        (1234.56, "1,234.6 ft"),
    ],
)
def test_whole_feet_stay_whole_and_the_rest_get_one_decimal(value: float, shown: str) -> None:
    assert feet(value) == shown


@given(st.floats(min_value=0, max_value=1e6, allow_nan=False))
def test_the_figure_reads_back_within_a_twentieth_of_a_foot(value: float) -> None:
    assert abs(float(feet_figure(value).replace(",", "")) - value) <= 0.05 + 1e-9
