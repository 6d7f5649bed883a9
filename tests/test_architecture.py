"""The functional core stays pure: no Discord, database or imaging imports in it."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
CORE = [
    *sorted((ROOT / "bot" / "rules").rglob("*.py")),
    *sorted((ROOT / "bot" / "grid").rglob("*.py")),
    ROOT / "bot" / "encounter.py",
    *sorted((ROOT / "bot" / "encounter_ops").rglob("*.py")),
    ROOT / "bot" / "board_text.py",
    ROOT / "bot" / "dice.py",
    ROOT / "bot" / "errors.py",
    ROOT / "bot" / "names.py",
    ROOT / "bot" / "units.py",
    ROOT / "bot" / "commands.py",
]
FORBIDDEN = {"discord", "aiosqlite", "sqlite3", "PIL", "asyncio"}


def imported_roots(path: Path) -> set[str]:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    roots: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            roots |= {alias.name.split(".")[0] for alias in node.names}
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            roots.add(node.module.split(".")[0])
    return roots


@pytest.mark.parametrize("path", CORE, ids=lambda p: str(p.relative_to(ROOT)))
def test_core_module_imports_no_io_library(path: Path):
    assert not imported_roots(path) & FORBIDDEN


def test_only_the_discord_shell_imports_discord():
    shell = {ROOT / "bot" / "app.py", ROOT / "bot" / "discord_glue.py"}
    for path in sorted((ROOT / "bot").rglob("*.py")):
        if path not in shell:
            assert "discord" not in imported_roots(path), path
