"""Suggestions as a name is typed (autocomplete): pure, never failing."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from bot.names import complete

MODES = ["foot", "riding-horse", "war-horse", "donkey"]


def test_names_starting_with_what_was_typed_come_first() -> None:
    assert complete("", MODES) == MODES
    assert complete("do", MODES) == ["donkey"]
    assert complete("horse", MODES) == ["riding-horse", "war-horse"]  # contained
    assert complete("Riding Horse", MODES) == ["riding-horse"]  # typed as words


def test_an_alias_suggests_its_name() -> None:
    assert complete("mul", MODES, aliases={"donkey": ("mule",)}) == ["donkey"]


def test_a_list_completes_its_last_item_and_repeats_none() -> None:
    names = ["Ari", "Bo", "Goblin 1", "Goblin 2"]
    assert complete("Ari, Goblin 1, g", names, listed=True) == ["Ari, Goblin 1, Goblin 2"]
    assert complete("bo,", names, listed=True) == ["bo, Ari", "bo, Goblin 1", "bo, Goblin 2"]


def test_suggestions_fit_discord() -> None:
    names = [f"name {i}" for i in range(60)]
    assert len(complete("", names)) == 25
    assert complete("x" * 95 + ",", ["abcdef"], listed=True) == []  # over 100 characters


@given(
    st.text(max_size=120),
    st.lists(st.text(min_size=1, max_size=40), max_size=40),
    st.booleans(),
)
def test_any_typing_gets_suggestions_without_failing(
    typed: str, names: list[str], listed: bool
) -> None:
    out = complete(typed, names, listed=listed)
    assert len(out) <= 25
    assert all(len(text) <= 100 for text in out)
    assert all(any(text.endswith(name) for name in names) for text in out)


def test_the_article_follows_the_word():
    from bot.names import with_article

    assert with_article("Acrobatics") == "an Acrobatics"
    assert with_article("Jump") == "a Jump"
