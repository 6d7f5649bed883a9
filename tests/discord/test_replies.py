"""Replies reach Discord intact: within its limits, never pinging, errors kind and short."""

from __future__ import annotations

import logging
import re
from collections.abc import Mapping
from dataclasses import replace
from typing import Any

import discord
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from bot.discord.channel import context_for
from bot.discord.dispatch import dispatch
from bot.discord.embeds import (
    BLANK,
    BRAND_COLOUR,
    DESCRIPTION_MAX,
    ELLIPSIS,
    ERROR_COLOUR,
    FIELD_NAME_MAX,
    FIELD_VALUE_MAX,
    FIELDS_MAX,
    FOOTER_MAX,
    GENERIC_ERROR,
    GM_ONLY_TITLE,
    TITLE_MAX,
    TOTAL_MAX,
    as_text,
    embed_for,
    file_for,
    shorten,
)
from bot.handlers import COMMANDS
from bot.reply import Field, Reply
from bot.storage import Store
from tests.discord.fakes import FakeInteraction, Sent

NO_MENTIONS = discord.AllowedMentions.none().to_dict()
MORE_SUMMARY = re.compile(r"^(\d+) more fields? not shown")


def assert_never_pings(sent: list[Sent]) -> None:
    assert sent, "nothing was sent"
    for s in sent:
        mentions = s.kwargs.get("allowed_mentions")
        assert isinstance(mentions, discord.AllowedMentions), s
        assert mentions.to_dict() == NO_MENTIONS


def replace_handler(monkeypatch: pytest.MonkeyPatch, name: str, handler: Any) -> None:
    monkeypatch.setitem(COMMANDS, name, replace(COMMANDS[name], handler=handler))


# ------------------------------------------------------------------ shorten


words = st.one_of(
    st.sampled_from(["@everyone", "@here", "<@123>", "<@&456>", "**bold**", "`code`", "```", "||"]),
    st.text(alphabet="abcxyz*_~`>#|", min_size=1, max_size=12),
    st.text(alphabet="w", min_size=150, max_size=3000),  # one word longer than some limits
)
separators = st.sampled_from([" ", "\n", "  ", "\t"])


PROSE = "lands prone @everyone unless a <@123> **DC 21** check succeeds `6d6` ||spoiler|| "


@st.composite
def hostile_text(draw: st.DrawFn, max_words: int, max_prose: int = 0) -> str:
    """A few drawn words, plus (drawn uniformly, so long texts are common) filler prose."""
    parts = draw(st.lists(st.tuples(words, separators), max_size=max_words))
    prose_length = draw(st.integers(min_value=0, max_value=max_prose))
    prose = (PROSE * (prose_length // len(PROSE) + 1))[:prose_length]
    return "".join(w + s for w, s in parts) + prose


def assert_cut_at_word(out: str, original: str) -> None:
    """``out`` is ``original`` whole, or a prefix ending at a word, or one cut giant word."""
    original = original.strip()
    if out == original or out in ("", BLANK):
        return
    assert out.endswith(ELLIPSIS), (out[-20:], original[-20:])
    head = out[: -len(ELLIPSIS)]
    assert original.startswith(head)
    at_word_end = original[len(head)].isspace()
    single_giant_word = not any(ch.isspace() for ch in head)
    assert at_word_end or single_giant_word, head[-30:]


@given(text=hostile_text(max_words=40), limit=st.integers(min_value=2, max_value=300))
@settings(max_examples=200, suppress_health_check=[HealthCheck.too_slow])
def test_shorten_fits_and_cuts_only_between_words(text: str, limit: int) -> None:
    out = shorten(text, limit)
    assert len(out) <= limit
    assert_cut_at_word(out, text)
    if len(text.strip()) <= limit:
        assert out == text.strip()


def test_shorten_prefers_the_last_whole_word() -> None:
    assert shorten("lands prone unless a check succeeds", 20) == "lands prone unless…"
    assert shorten("x" * 30, 10) == "x" * 9 + ELLIPSIS


# ------------------------------------------------------------------ embed_for


@st.composite
def hostile_replies(draw: st.DrawFn) -> Reply:
    count = draw(st.integers(min_value=0, max_value=40))  # uniform: > 25 fields is common
    field = st.builds(
        Field,
        name=hostile_text(max_words=6, max_prose=300),
        value=hostile_text(max_words=10, max_prose=1500),
        inline=st.booleans(),
    )
    return Reply(
        title=draw(hostile_text(max_words=10, max_prose=400)),
        description=draw(hostile_text(max_words=20, max_prose=5000)),
        fields=tuple(draw(st.lists(field, min_size=count, max_size=count))),
        footer=draw(hostile_text(max_words=10, max_prose=2500)),
    )


@given(reply=hostile_replies())
@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
def test_embed_for_never_builds_an_embed_discord_would_reject(reply: Reply) -> None:
    embed = embed_for(reply)
    assert len(embed) <= TOTAL_MAX
    assert len(embed.title or "") <= TITLE_MAX
    assert len(embed.description or "") <= DESCRIPTION_MAX
    assert len(embed.footer.text or "") <= FOOTER_MAX
    assert len(embed.fields) <= FIELDS_MAX
    for f in embed.fields:
        assert f.name is not None and f.value is not None
        assert 1 <= len(f.name) <= FIELD_NAME_MAX and f.name.strip()
        assert 1 <= len(f.value) <= FIELD_VALUE_MAX and f.value.strip()
    assert embed.to_dict()  # serialises like a real send

    assert_cut_at_word(embed.title or "", as_text(reply.title))
    assert_cut_at_word(embed.description or "", as_text(reply.description))
    assert_cut_at_word(embed.footer.text or "", reply.footer)

    shown = embed.fields
    summary = MORE_SUMMARY.match(shown[-1].value or "") if shown else None
    if len(shown) < len(reply.fields) or (summary and shown[-1].name == "More"):
        # The overflow is summarised, never silently dropped: the count adds up.
        assert summary is not None and shown[-1].name == "More"
        kept = shown[:-1]
        assert int(summary.group(1)) == len(reply.fields) - len(kept)
    else:
        kept = shown
    for out, original in zip(kept, reply.fields, strict=False):
        assert_cut_at_word(out.name or "", as_text(original.name))
        assert_cut_at_word(out.value or "", as_text(original.value))
        assert out.inline == original.inline


def test_embed_for_keeps_a_reply_that_fits_exactly_as_written() -> None:
    reply = Reply(
        title="Falls 60 ft · 21 bludgeoning damage",
        fields=(Field("Damage", "6d6 (4, 2, 6, 1, 5, 3) = 21"), Field("Pace", "12", inline=True)),
        footer="5e-alt · Alternate Movement › Fall",
    )
    embed = embed_for(reply)
    assert embed.title == reply.title
    assert [(f.name, f.value, f.inline) for f in embed.fields] == [
        ("Damage", "6d6 (4, 2, 6, 1, 5, 3) = 21", False),
        ("Pace", "12", True),
    ]
    assert embed.footer.text == reply.footer
    assert embed.colour == BRAND_COLOUR


def test_too_many_fields_are_named_in_a_more_field() -> None:
    reply = Reply(title="Many", fields=tuple(Field(f"F{i}", "v") for i in range(30)))
    embed = embed_for(reply)
    assert len(embed.fields) == FIELDS_MAX
    assert embed.fields[-1].name == "More"
    assert embed.fields[-1].value == "6 more fields not shown: F24, F25, F26, F27, F28, F29"


def test_an_empty_field_still_serialises() -> None:
    embed = embed_for(Reply(title="t", fields=(Field("", "   "),)))
    assert embed.fields[0].name == BLANK and embed.fields[0].value == BLANK


def test_an_image_becomes_an_attachment_the_embed_points_at() -> None:
    reply = Reply(title="Board", image_png=b"\x89PNG\r\n\x1a\n", image_name="my board/1.png")
    file = file_for(reply)
    assert file is not None and file.filename == "my-board-1.png"
    assert embed_for(reply).image.url == "attachment://my-board-1.png"
    assert file_for(Reply(title="no image")) is None


# ------------------------------------------------------------------ context


def test_context_uses_string_ids_and_manage_channels_for_gm(store: Store) -> None:
    player = context_for(FakeInteraction(store), store)  # type: ignore[arg-type]
    gm = context_for(FakeInteraction(store, manage_channels=True), store)  # type: ignore[arg-type]
    assert (player.channel_id, player.user_id, player.is_gm) == ("4242", "77", False)
    assert gm.is_gm is True
    assert player.store is store


# ------------------------------------------------------------------ dispatch


async def test_fall_sends_one_public_embed(interaction: FakeInteraction) -> None:
    await dispatch(interaction, "fall", {"height": 60, "into": None, "check": None})  # type: ignore[arg-type]
    assert_never_pings(interaction.sent)
    [sent] = interaction.sent
    assert sent.via == "response" and not sent.ephemeral
    assert (sent.embed.title or "").startswith("Falls 60 ft")
    assert sent.embed.colour == BRAND_COLOUR
    # the side view of the drop rides along as the embed's image
    assert sent.kwargs["file"].filename == "fall.png"
    assert sent.embed.image.url == "attachment://fall.png"


async def test_a_refused_option_gets_an_ephemeral_error_naming_it(
    interaction: FakeInteraction,
) -> None:
    await dispatch(interaction, "fall", {"height": -5})  # type: ignore[arg-type]
    assert_never_pings(interaction.sent)
    [sent] = interaction.sent
    assert sent.ephemeral
    assert sent.embed.colour == ERROR_COLOUR
    assert "height" in (sent.embed.description or "")


async def test_a_refused_move_answers_like_a_ruling_title_why_instead_and_the_rule(
    gm_interaction: FakeInteraction,
) -> None:
    """UX.md "/move that the rules refuse": the title answers, Why and Instead explain
    (with the bigger action that would do it), the footer cites the rule."""
    for name, options in (
        ("encounter start", {"width": 12, "height": 4, "ruleset": "3.5"}),
        ("token add", {"name": "Ari", "at": "A2", "race": "human"}),
    ):
        await dispatch(gm_interaction, name, options)  # type: ignore[arg-type]
    gm_interaction.sent.clear()
    await dispatch(gm_interaction, "move", {"token": "Ari", "to": "J2"})  # type: ignore[arg-type]
    [sent] = gm_interaction.sent
    embed = sent.embed
    assert sent.ephemeral and embed.colour == ERROR_COLOUR
    assert embed.title == "Ari can't reach J2"
    fields = {f.name: f.value for f in embed.fields}
    assert fields["Why"] == "That costs 45 ft and move allows 30 ft."
    assert fields["Instead"] == (
        "Ari can reach G2 for 30 ft; or action:double reaches it (60 ft of movement)"
    )
    assert embed.footer.text is not None and embed.footer.text.startswith("3.5 · SRD")


async def test_a_non_gm_cannot_set_the_ruleset_and_nothing_changes(
    interaction: FakeInteraction, store: Store
) -> None:
    await dispatch(interaction, "ruleset set", {"system": "3.5"})  # type: ignore[arg-type]
    [sent] = interaction.sent
    assert sent.ephemeral and "Only the GM" in (sent.embed.description or "")
    assert await store.channel_ruleset("4242") is None


async def test_a_gm_sets_the_ruleset_for_this_channel(
    gm_interaction: FakeInteraction, store: Store
) -> None:
    await dispatch(gm_interaction, "ruleset set", {"system": "3.5"})  # type: ignore[arg-type]
    [sent] = gm_interaction.sent
    assert not sent.ephemeral
    assert await store.channel_ruleset("4242") == "3.5"


async def test_a_bug_gets_a_generic_reply_and_a_logged_traceback(
    interaction: FakeInteraction,
    monkeypatch: pytest.MonkeyPatch,
    caplog: pytest.LogCaptureFixture,
) -> None:
    async def broken(ctx: object, options: Mapping[str, Any]) -> Reply:
        raise KeyError("secret internal detail")

    replace_handler(monkeypatch, "fall", broken)
    with caplog.at_level(logging.ERROR, logger="bot.discord.dispatch"):
        await dispatch(interaction, "fall", {"height": 60})  # type: ignore[arg-type]
    assert_never_pings(interaction.sent)
    [sent] = interaction.sent
    assert sent.ephemeral
    assert sent.embed.description == GENERIC_ERROR
    assert "secret" not in str(sent.embed.to_dict())
    [record] = [r for r in caplog.records if r.levelno == logging.ERROR]
    assert record.exc_info is not None and isinstance(record.exc_info[1], KeyError)
    assert "/fall" in record.getMessage()


async def test_private_fields_go_only_to_the_invoker(
    gm_interaction: FakeInteraction, monkeypatch: pytest.MonkeyPatch
) -> None:
    async def with_secret(ctx: object, options: Mapping[str, Any]) -> Reply:
        return Reply(
            title="60 miles: 5 days",
            fields=(Field("Lost", "1 in 3 per day"),),
            private_fields=(Field("Lost roll", "2: the party is lost"),),
        )

    replace_handler(monkeypatch, "travel", with_secret)
    await dispatch(gm_interaction, "travel", {"distance": 60})  # type: ignore[arg-type]
    assert_never_pings(gm_interaction.sent)
    public, private = gm_interaction.sent
    assert public.via == "response" and not public.ephemeral
    assert "the party is lost" not in str(public.embed.to_dict())
    assert private.via == "followup" and private.ephemeral
    assert private.embed.title == GM_ONLY_TITLE
    assert [(f.name, f.value) for f in private.embed.fields] == [
        ("Lost roll", "2: the party is lost")
    ]


async def test_an_image_is_attached(
    interaction: FakeInteraction, monkeypatch: pytest.MonkeyPatch
) -> None:
    async def drawn(ctx: object, options: Mapping[str, Any]) -> Reply:
        return Reply(title="Board", image_png=b"\x89PNG\r\n\x1a\n", image_name="board.png")

    replace_handler(monkeypatch, "help", drawn)
    await dispatch(interaction, "help", {})  # type: ignore[arg-type]
    [sent] = interaction.sent
    assert isinstance(sent.kwargs["file"], discord.File)
    assert sent.kwargs["file"].filename == "board.png"
    assert sent.embed.image.url == "attachment://board.png"


async def test_a_deferred_interaction_is_answered_by_followup(
    interaction: FakeInteraction,
) -> None:
    interaction.response.done = True  # as if deferred
    await dispatch(interaction, "help", {})  # type: ignore[arg-type]
    assert_never_pings(interaction.sent)
    [sent] = interaction.sent
    assert sent.via == "followup"
    assert (sent.embed.title or "").startswith("Stride: movement rulings")


async def test_an_expired_interaction_is_logged_not_raised(
    interaction: FakeInteraction, caplog: pytest.LogCaptureFixture
) -> None:
    interaction.response.expired = True
    with caplog.at_level(logging.WARNING, logger="bot.discord.sending"):
        await dispatch(interaction, "help", {})  # type: ignore[arg-type]
    assert interaction.sent == []
    assert any("expired" in r.getMessage() for r in caplog.records)


def test_names_show_as_typed_and_never_ping() -> None:
    """Issue 4: markdown or @everyone in a token name shows as text."""
    reply = Reply(
        title="**Boss** moves to D4 — 20 ft, 10 ft left",
        fields=(Field("Provokes", "Opportunity attack from @everyone and ~~Orc~~."),),
        description="```\nA1 **x**\n```\n`B` _Bo_",
    )
    embed = embed_for(reply)
    assert embed.title == "\\*\\*Boss\\*\\* moves to D4 — 20 ft, 10 ft left"
    value = embed.fields[0].value or ""
    assert "@everyone" not in value and "@\u200beveryone" in value
    assert "\\~\\~Orc\\~\\~" in value
    # code blocks and spans stay as they are: the text board is one
    assert (embed.description or "").startswith("```\nA1 **x**\n```\n`B` \\_Bo\\_")
