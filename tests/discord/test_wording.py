"""Lines a new table reads as they are: no seed ids, no "1 Units", no "Bo move to D5",
no turn named after the encounter ended, no "0 squares" outlined where the ruleset
has no reach. Each through the interaction handlers, as a Discord user sees it."""

from __future__ import annotations

import re

from bot.discord.dispatch import dispatch
from bot.storage import Store
from tests.discord.fakes import FakeInteraction

# a seed file's id where a user could read it: "000", "(002 Charge)", "seed 004"
SEED_ID = re.compile(r"\b00[0-4]\b|\bseeds?\b", re.IGNORECASE)


def gm(store: Store) -> FakeInteraction:
    return FakeInteraction(store, manage_channels=True)


def shown(interaction: FakeInteraction) -> str:
    embed = interaction.sent[-1].embed
    parts = [embed.title or "", embed.description or ""]
    parts += [f"{f.name}: {f.value}" for f in embed.fields]
    parts.append(embed.footer.text or "")
    return "\n".join(parts)


async def ask(store: Store, command: str, **options: object) -> str:
    interaction = gm(store)
    await dispatch(interaction, command, dict(options))
    return shown(interaction)


async def test_3_5_refusals_and_footers_cite_documents_by_name(store: Store) -> None:
    """Rules of the Game › Take a 5-Foot Step, not "(002 Take a 5-Foot Step)"."""
    await ask(store, "encounter start", width=8, height=8, ruleset="3.5")
    await ask(store, "token add", name="Ari", at="A1", speed="30")
    await ask(store, "move", token="Ari", to="B2")
    refused = await ask(store, "move", token="Ari", to="C2", action="5ft-step")
    assert "(Rules of the Game › Take a 5-Foot Step)" in refused
    jump = await ask(store, "jump", check=15)
    assert "borrowed: 3.5 SRD (the 3.5 movement chapters have no jump rule)" in jump
    for text in (refused, jump):
        assert not SEED_ID.search(text), text


async def test_calculators_borrowing_a_rule_say_from_where_without_ids(store: Store) -> None:
    for command, options in (
        ("travel", {"speed": "30", "distance": "60"}),
        ("travel", {"speed": "30", "distance": "60", "ruleset": "3.5"}),
        ("jump", {"check": 15, "ruleset": "epic-path"}),
        ("fall", {"height": "60", "ruleset": "becmi", "into": "water"}),
        ("fall", {"height": "60", "ruleset": "3.5"}),
    ):
        text = await ask(store, command, **options)
        assert not SEED_ID.search(text), (command, options, text)
        assert "borrowed" in text.lower()


async def test_one_unit_is_singular(store: Store) -> None:
    await ask(store, "encounter start", width=8, height=8, ruleset="5e-alt", units=True)
    await ask(store, "token add", name="Ari", at="A1", speed="30")
    text = await ask(store, "move", token="Ari", to="A2")
    assert "1 Unit (5 ft)" in text and "1 Units" not in text


async def test_history_says_what_happened_in_the_past_tense(store: Store) -> None:
    await ask(store, "encounter start", width=8, height=8, ruleset="3.5")
    await ask(store, "token add", name="Bo", at="A1", speed="30")
    await ask(store, "token add", name="Orc", at="H8", speed="30", team="enemy")
    await ask(store, "move", token="Bo", to="D4", action="double")
    await ask(store, "move", token="Orc", to="G7", forced="pull", by="Bo")
    history = await ask(store, "history")
    assert "/move: Bo moved to D4 (20 ft, double)" in history
    assert "/move: Orc was pulled to G7" in history
    assert "Bo move to" not in history


async def test_an_ended_encounter_names_no_turn(store: Store) -> None:
    await ask(store, "encounter start", width=8, height=8)
    await ask(store, "token add", name="Ari")
    await ask(store, "turn order", order="Ari")
    ended = await ask(store, "encounter end", confirm=True)
    assert "Encounter ended" in ended and "Turn:" not in ended and "Ari's turn" not in ended


async def test_becmi_map_reach_says_there_is_none_instead_of_0_squares(store: Store) -> None:
    await ask(store, "encounter start", width=8, height=8, ruleset="becmi")
    await ask(store, "token add", name="Ari", speed="120")
    text = await ask(store, "map", reach="Ari", threats=True)
    assert "0 squares" not in text
    assert text.count("becmi's movement rules have no reach or opportunity attacks") == 1
    assert "Threats and reach" in text


async def test_a_3_5_reach_still_counts_squares(store: Store) -> None:
    await ask(store, "encounter start", width=8, height=8, ruleset="3.5")
    await ask(store, "token add", name="Ari", at="D4")
    text = await ask(store, "map", reach="Ari")
    assert "Ari's reach is outlined (8 squares)." in text


async def test_becmi_travel_shows_the_rate_the_terrain_and_getting_lost(store: Store) -> None:
    """Rules Cyclopedia › Overland Movement Rates, Terrain Effects, Becoming Lost: the
    reply carries the rate, the terrain's factor and the daily chance, not only days."""
    text = await ask(
        store, "travel", ruleset="becmi", speed="120, 90", terrain="forest", distance="60"
    )
    assert "60 miles of forest: 5 days" in text
    assert "90' ÷ 5 → 18 miles/day clear; forest ×2/3 → 12 miles/day" in text
    assert "Lost: 1 in 3 per day" in text


async def test_a_unit_a_user_writes_is_converted_or_refused(store: Store) -> None:
    assert "Falls 60 ft" in await ask(store, "fall", height="20 yards")
    far = await ask(store, "fall", height='"60 miles"')  # quotes typed on Discord: dropped
    assert "Falls 316,800 ft" in far and "Falls 60 ft" not in far
    assert "its 633rd turn from now" in far and "turn(s)" not in far
    refused = await ask(store, "fall", height="60 furlongs")
    assert "furlongs is not a length this option takes" in refused
