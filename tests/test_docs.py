"""The documentation stays true to the code: the command reference is what the command
specs write (python -m bot.handlers.reference docs/COMMANDS.md), and every relative link
in the README and docs/ leads to a file that exists."""

from __future__ import annotations

import re
from pathlib import Path

from bot.handlers.reference import commands_markdown

ROOT = Path(__file__).resolve().parents[1]
LINK = re.compile(r"\]\(([^)\s]+)\)|<img src=\"([^\"]+)\"")


def test_the_command_reference_is_the_specs() -> None:
    written = (ROOT / "docs" / "COMMANDS.md").read_text(encoding="utf-8")
    assert written == commands_markdown(), (
        "docs/COMMANDS.md is stale: python -m bot.handlers.reference docs/COMMANDS.md"
    )


def test_every_command_is_in_the_reference() -> None:
    from bot.handlers import COMMANDS

    written = (ROOT / "docs" / "COMMANDS.md").read_text(encoding="utf-8")
    missing = [name for name in COMMANDS if f"### /{name}\n" not in written]
    assert not missing


def test_every_relative_link_leads_somewhere() -> None:
    pages = [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md"))]
    broken = []
    for page in pages:
        for found in LINK.finditer(page.read_text(encoding="utf-8")):
            target = (found.group(1) or found.group(2)).split("#")[0]
            if not target or re.match(r"[a-z]+:", target):
                continue
            if not (page.parent / target).exists():
                broken.append(f"{page.relative_to(ROOT)} -> {target}")
    assert not broken, broken


def test_the_readme_is_a_front_door() -> None:
    """What Stride is, the pictures, a quick start of at most 15 lines, links onward."""
    text = (ROOT / "README.md").read_text(encoding="utf-8")
    assert len(text.splitlines()) <= 120
    start = text.index("## Quick start")
    block = text[start:].split("```sh\n", 1)[1].split("```", 1)[0]
    assert len(block.strip().splitlines()) <= 15
    assert text.index("docs/images/phone-move.png") < start
    assert text.index("docs/images/live-board-phone.png") < start
