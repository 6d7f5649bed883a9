"""A short encounter per ruleset through the interaction handlers (tests/scenarios/play.py):
what a new table reads has no raw ids, no seed ids and no internal names, every step
answers as the script expects, and the pictures match the stored reference images
(``python -m tests.scenarios.record`` rewrites them after a deliberate change)."""

from __future__ import annotations

import io
import re

import pytest
from PIL import Image, ImageChops, ImageStat

from bot.reply import MENTION_MARK
from bot.storage import Store
from tests.scenarios.play import BOB_ID, GM_ID, PICTURED, RULESETS, Played, play, reference_name
from tests.scenarios.record import PHONE, REFERENCE

# What a new GM would have to look up, or what only a developer should see.
NOT_FOR_USERS = {
    "a seed file's id": re.compile(r"\b00[0-4]\b|\bseeds?\b", re.IGNORECASE),
    "an escaped mention (raw id text)": re.compile(r"\\<@"),
    "an escaped timestamp": re.compile(r"\\<t:"),
    "a raw user id outside a mention": re.compile(rf"(?<!<@)\b({GM_ID}|{BOB_ID})\b"),
    "the invisible mention mark": re.compile(re.escape(MENTION_MARK)),
    "a Python value or name": re.compile(r"\bNone\b|\b\w+_ft\b|Traceback|[{}]"),
}


@pytest.fixture(params=RULESETS)
async def played(request: pytest.FixtureRequest, store: Store) -> tuple[str, list[Played]]:
    ruleset = str(request.param)
    return ruleset, await play(store, ruleset)


async def test_every_line_reads_without_a_key(played: tuple[str, list[Played]]) -> None:
    _, steps = played
    for step in steps:
        assert step.texts, f"/{step.step.command} answered nothing"
        for text in step.texts:
            for what, pattern in NOT_FOR_USERS.items():
                found = pattern.search(text)
                assert found is None, f"/{step.step.command} shows {what} ({found}):\n{text}"


async def test_every_step_answers_as_the_script_expects(played: tuple[str, list[Played]]) -> None:
    _, steps = played
    for step in steps:
        assert step.refused == step.step.refused, (step.step, step.texts)
    own = [t for s in steps for t in s.texts if "<@" in t]
    assert any(f"<@{GM_ID}>" in t for t in own) and any(f"<@{BOB_ID}>" in t for t in own)


async def test_the_pictures_match_the_reference_images(played: tuple[str, list[Played]]) -> None:
    ruleset, steps = played
    pictured = [(i, s) for i, s in enumerate(steps) if s.step.command in PICTURED and s.images]
    assert len(pictured) == 3  # two moves and the threats map
    for index, step in pictured:
        path = REFERENCE / reference_name(ruleset, index, step.step)
        assert path.exists(), f"{path.name} is missing: python -m tests.scenarios.record"
        image = Image.open(io.BytesIO(step.images[0])).convert("RGB")
        stored = Image.open(path).convert("RGB")
        assert image.size == stored.size, f"{path.name}: {image.size} != {stored.size}"
        diff = ImageStat.Stat(ImageChops.difference(image, stored)).mean
        assert sum(diff) / len(diff) < 1.0, f"{path.name} drifted from its reference: {diff}"
        phone = Image.open(PHONE / path.name)  # as a phone shows it, recorded with it
        assert phone.width == min(image.width, 360), phone.size
        assert abs(phone.height - image.height * phone.width / image.width) <= 1
