"""The functional core stays pure: no Discord, database or imaging imports in it."""

from __future__ import annotations

import ast
import re
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
    ROOT / "bot" / "notation.py",
    ROOT / "bot" / "commands.py",
    ROOT / "bot" / "named_channel.py",
    ROOT / "bot" / "limits.py",
    ROOT / "bot" / "user_ids.py",
    # the board's declared shape: the core and pydantic, nothing that does I/O
    *sorted((ROOT / "bot" / "schema").rglob("*.py")),
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


DISCORD_SHELL = (ROOT / "bot" / "discord", ROOT / "cogs")


def python_modules() -> list[Path]:
    """Every module of the bot, its cogs and its tools (the tests aside)."""
    found = [*ROOT.glob("*.py")]
    for folder in sorted(p for p in ROOT.iterdir() if p.is_dir()):
        if folder.name in ("tests", "docs") or folder.name.startswith("."):
            continue
        found += sorted(folder.rglob("*.py"))
    return found


def test_only_the_discord_package_and_the_cogs_import_discord():
    """Issue 27: discord.py stays in its shell (bot/discord/, cogs/): the core, the
    handlers, storage, rendering and the console never import it."""
    outside = [
        path.relative_to(ROOT)
        for path in python_modules()
        if not any(path.is_relative_to(shell) for shell in DISCORD_SHELL)
        and "discord" in imported_roots(path)
    ]
    assert outside == []
    assert any("discord" in imported_roots(p) for p in (ROOT / "cogs").glob("*.py"))


# bot/discord/'s modules, each importing (at import time) only those before it
DISCORD_LAYERS = (
    "embeds",
    "permissions",
    "channel",
    "sending",
    "notices",
    "reminders",
    "board",
    "dispatch",
    "web_moves",
    "mover",
    "reactions",
    "views",
    "options",
    "autocomplete",
    "app",
)


def test_the_discord_package_imports_one_way():
    """No import in bot/discord/ runs back up at import time (ARCHITECTURE.md's order)."""
    package = ROOT / "bot" / "discord"
    assert sorted(p.stem for p in package.glob("*.py") if p.stem != "__init__") == sorted(
        DISCORD_LAYERS
    )
    for index, name in enumerate(DISCORD_LAYERS):
        tree = ast.parse((package / f"{name}.py").read_text(encoding="utf-8"))
        top_level = {
            node.module.removeprefix("bot.discord.")
            for node in tree.body
            if isinstance(node, ast.ImportFrom)
            and node.module
            and node.module.startswith("bot.discord.")
        }
        assert top_level <= set(DISCORD_LAYERS[:index]), (name, top_level)


RULES_AND_BOARD = ("bot.rules", "bot.grid", "bot.encounter", "bot.encounter_ops", "bot.render")


def runtime_imports(path: Path) -> set[str]:
    """The modules ``path`` imports when it runs: ``if TYPE_CHECKING:`` blocks left out."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    found: set[str] = set()

    def visit(node: ast.AST) -> None:
        if isinstance(node, ast.If) and ast.unparse(node.test) in (
            "TYPE_CHECKING",
            "typing.TYPE_CHECKING",
        ):
            for child in node.orelse:
                visit(child)
            return
        if isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            found.add(node.module)
        for child in ast.iter_child_nodes(node):
            visit(child)

    visit(tree)
    return found


# the shells: Discord's, and the live board's pages (bot/web/, issue 39)
SHELLS = (*DISCORD_SHELL, ROOT / "bot" / "web")


# the console's shell: bot/console*.py and the entry point, ``python -m bot``
CONSOLE_SHELL = [*sorted((ROOT / "bot").glob("console*.py")), ROOT / "bot" / "__main__.py"]


@pytest.mark.parametrize(
    "path",
    [*(p for shell in SHELLS for p in sorted(shell.rglob("*.py"))), *CONSOLE_SHELL],
    ids=lambda p: str(p.relative_to(ROOT)),
)
def test_the_shells_reach_the_rules_only_through_handlers(path: Path):
    """The cogs, bot/discord/, bot/web/ and the console hand options to handlers and
    send or print what they reply: they import no rules, grid, encounter model or
    renderer (type hints aside)."""
    reached = [
        m
        for m in runtime_imports(path)
        if any(m == layer or m.startswith(f"{layer}.") for layer in RULES_AND_BOARD)
    ]
    assert reached == [], path


# ------------------------------------------------------------ one package per ruleset

RULES = ROOT / "bot" / "rules"
RULESET_PACKAGES = sorted(
    p.name
    for p in RULES.iterdir()
    if p.is_dir() and (p / "__init__.py").exists() and (p / "ruleset.py").exists()
)
SHARED = [
    p for p in sorted(RULES.rglob("*.py")) if p.relative_to(RULES).parts[0] not in RULESET_PACKAGES
]


def imported_modules(path: Path) -> set[str]:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    found: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            found |= {alias.name for alias in node.names}
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            found.add(node.module)
            found |= {f"{node.module}.{alias.name}" for alias in node.names}
    return found


def ruleset_packages_imported(path: Path) -> set[str]:
    return {
        m.split(".")[2]
        for m in imported_modules(path)
        if m.startswith("bot.rules.") and m.split(".")[2] in RULESET_PACKAGES
    }


def test_every_ruleset_is_a_package_in_the_registry():
    from bot.rules import PACKAGES

    assert RULESET_PACKAGES, "no ruleset packages found"
    assert sorted(p.rsplit(".", 1)[1] for p in PACKAGES) == RULESET_PACKAGES


@pytest.mark.parametrize("package", RULESET_PACKAGES)
def test_a_ruleset_imports_no_other_ruleset(package: str):
    for path in sorted((RULES / package).rglob("*.py")):
        others = ruleset_packages_imported(path) - {package}
        assert not others, f"{path.relative_to(ROOT)} imports {sorted(others)}"


@pytest.mark.parametrize("path", SHARED, ids=lambda p: str(p.relative_to(ROOT)))
def test_shared_rules_import_no_ruleset(path: Path):
    if path == RULES / "__init__.py":
        return  # the registry names the packages as strings, and imports none
    assert not ruleset_packages_imported(path), path


@pytest.mark.parametrize("path", SHARED, ids=lambda p: str(p.relative_to(ROOT)))
def test_shared_rules_name_no_ruleset_id(path: Path):
    """The engine and the shared d20 code never ask which ruleset they serve."""
    from bot.rules import identities

    text = path.read_text(encoding="utf-8")
    if path == RULES / "__init__.py":
        return
    for rid in identities():
        assert f'"{rid}"' not in text and f"'{rid}'" not in text, (path, rid)


def test_every_ruleset_fulfils_the_contract():
    from bot.rules import rulesets
    from bot.rules.ruleset import Ruleset

    for ruleset in rulesets().values():
        assert isinstance(ruleset, Ruleset)
        assert ruleset.id == ruleset.identity.id
        assert ruleset.seed_files and ruleset.document and ruleset.grid_document


def test_the_store_reads_boards_only_through_the_schema():
    """Issue 26: every board read is checked against the declared schema, so neither
    the store nor a handler builds an Encounter from JSON another way."""
    for path in sorted((ROOT / "bot").rglob("*.py")):
        if path.parent.name == "schema":
            continue
        text = path.read_text(encoding="utf-8")
        assert "from_json(" not in text, path
        assert "model_validate" not in text, path


def test_render_imports_no_rules():
    """Issue 27: a renderer is handed every fact it draws (python-chess's svg.board):
    nothing under bot/render/ imports the rules, even inside a function."""
    for path in sorted((ROOT / "bot" / "render").rglob("*.py")):
        assert not any(m.startswith("bot.rules") for m in all_imported_modules(path)), path


def all_imported_modules(path: Path) -> set[str]:
    """Every module a file imports, at its top or inside a function."""
    found: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            found |= {alias.name for alias in node.names}
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            found.add(node.module)
    return found


def test_nothing_outside_the_rules_imports_the_engine():
    """Issue 27: the engine's modules are the rules' own to rearrange. Outside
    bot/rules/, its public face is bot/rules/moving.py; no module imports
    bot.rules.engine.* directly, at its top or inside a function."""
    outside = [
        p
        for p in [*sorted((ROOT / "bot").rglob("*.py")), *sorted((ROOT / "cogs").rglob("*.py"))]
        if RULES not in p.parents
    ]
    for path in outside:
        engine = {m for m in all_imported_modules(path) if m.startswith("bot.rules.engine")}
        assert not engine, (path, engine)


# ------------------------------------------------------------ issue 41: the layers

# the shells' modules: Discord's (bot/discord/, cogs/) and the live board's (bot/web/)
SHELL_MODULES = [p for shell in SHELLS for p in sorted(shell.rglob("*.py"))]
# What a shell may do with the store itself: hand it along. The app opens and closes it
# through handlers (``upkeep.open_store``, ``upkeep.close_store``) and imports
# ``StorageError`` (a database that can't be Stride's). Every read and write goes
# through a handler; the store object is only handed along.
STORE_AT_START_UP = ROOT / "bot" / "discord" / "app.py"
STORE_CALLS_AT_START_UP: set[str] = set()
# a call on the store: ``store.x()``, ``self.store.x()``, ``self._store().x()``...
STORE_RECEIVER = re.compile(r"(^|[._])store(\(\))?$", re.IGNORECASE)


def store_calls(path: Path) -> list[str]:
    """The methods ``path`` calls on a store (``store.get_meta``, ``Store.open``...)."""
    found = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if not (isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute)):
            continue
        if STORE_RECEIVER.search(ast.unparse(node.func.value)):
            found.append(ast.unparse(node.func))
    return found


@pytest.mark.parametrize("path", SHELL_MODULES, ids=lambda p: str(p.relative_to(ROOT)))
def test_the_shells_reach_the_store_only_through_handlers(path: Path):
    """Issue 41, Layers: the cogs, bot/discord/ and bot/web/ read and write the store
    through the handlers alone (``handlers/board_message.py``, ``notices.py``,
    ``reminders.py``, ``running.py``, ``upkeep.py``, ``live.py``...): they import no
    ``bot.storage`` module when they run (type hints aside) and call no store method,
    even inside a function. The app opens and closes it through ``upkeep.open_store``
    and ``upkeep.close_store``."""
    storage = sorted(
        m for m in runtime_imports(path) if m == "bot.storage" or m.startswith("bot.storage.")
    )
    calls = store_calls(path)
    if path == STORE_AT_START_UP:
        assert storage == ["bot.storage"], storage
        assert set(calls) <= STORE_CALLS_AT_START_UP, calls
        return
    assert storage == [], path
    assert calls == [], path


# The console's shell: the prompt and one-command runs (bot/console.py), what they print
# (console_output.py), the calculators' quick path (console_quick.py) and the entry
# point, ``python -m bot`` (ask, console, serve, migrate...). What it may do with the
# store itself: hold the store object ``bot/__main__.py`` opened through a handler
# (``upkeep.open_store``) and hand it along (``console.run_once(store, ...)``), name its
# type in hints, and, in ``bot/__main__.py`` alone, import ``StorageError`` (a database
# that can't be Stride's). Every read, write, copy and close goes through a handler
# (``handlers/upkeep.py``, ``calc_reads.py``, ``migrate.py``, ``elsewhere.py``), and no
# database driver is imported: the quick path's reads are ``handlers/calc_reads.py``'s.
CONSOLE_ENTRY = ROOT / "bot" / "__main__.py"
DATABASE_DRIVERS = ("sqlite3", "aiosqlite", "asyncpg", "psycopg", "psycopg2")


def runtime_names_from(path: Path, module: str) -> set[str]:
    """The names ``path`` imports from ``module`` when it runs (type hints aside)."""
    names: set[str] = set()

    def visit(node: ast.AST) -> None:
        if isinstance(node, ast.If) and ast.unparse(node.test) in (
            "TYPE_CHECKING",
            "typing.TYPE_CHECKING",
        ):
            for child in node.orelse:
                visit(child)
            return
        if isinstance(node, ast.ImportFrom) and node.module == module and node.level == 0:
            names.update(alias.name for alias in node.names)
        for child in ast.iter_child_nodes(node):
            visit(child)

    visit(ast.parse(path.read_text(encoding="utf-8")))
    return names


@pytest.mark.parametrize("path", CONSOLE_SHELL, ids=lambda p: str(p.relative_to(ROOT)))
def test_the_console_reaches_the_store_only_through_handlers(path: Path):
    """Issue 41, Layers: the console (``bot/console*.py``) and ``python -m bot``
    (``bot/__main__.py``) read, write, open, copy and close the store through the
    handlers alone: they import no ``bot.storage`` module and no database driver when
    they run (type hints aside; ``bot/__main__.py`` imports ``StorageError`` alone) and
    call no store method, even inside a function."""
    storage = sorted(
        m for m in runtime_imports(path) if m == "bot.storage" or m.startswith("bot.storage.")
    )
    drivers = sorted(m for m in runtime_imports(path) if m.split(".")[0] in DATABASE_DRIVERS)
    assert drivers == [], path
    assert store_calls(path) == [], path
    if path == CONSOLE_ENTRY:
        assert storage == ["bot.storage"], storage
        assert runtime_names_from(path, "bot.storage") == {"StorageError"}
        return
    assert storage == [], path


@pytest.mark.parametrize("path", SHELL_MODULES, ids=lambda p: str(p.relative_to(ROOT)))
def test_no_shell_imports_a_database_driver(path: Path):
    """Issue 41, Layers: the Discord and web shells, like the console, reach the
    database only through the handlers (and the store they call): no driver of theirs."""
    assert not {m.split(".")[0] for m in runtime_imports(path)} & set(DATABASE_DRIVERS), path


def test_the_store_call_finder_finds_them():
    """The rule above sees what it forbids (a finder that saw nothing would pass it)."""
    source = ROOT / "bot" / "discord" / "app.py"
    assert set(store_calls(source)) == STORE_CALLS_AT_START_UP
    assert STORE_RECEIVER.search("store") and STORE_RECEIVER.search("self._store()")
    assert STORE_RECEIVER.search("interaction.client.store")
    assert not STORE_RECEIVER.search("stored") and not STORE_RECEIVER.search("restore")
    assert STORE_RECEIVER.search("ctx.store") and STORE_RECEIVER.search("Store")


def test_the_console_rule_sees_what_it_forbids(tmp_path: Path):
    """The console's rule above fails a module that reaches the store itself: a read
    inside a function, a runtime import of the store or a driver, a second name."""
    shell = tmp_path / "shell.py"
    shell.write_text(
        "from __future__ import annotations\n"
        "from typing import TYPE_CHECKING\n"
        "from bot.storage import StorageError, recording_writes\n"
        "if TYPE_CHECKING:\n"
        "    from bot.storage.copy import TableCheck\n"
        "async def sight(ctx):\n"
        "    import sqlite3\n"
        "    return await ctx.store.channel_guild('c')\n",
        encoding="utf-8",
    )
    assert store_calls(shell) == ["ctx.store.channel_guild"]
    assert runtime_names_from(shell, "bot.storage") == {"StorageError", "recording_writes"}
    assert {"bot.storage", "sqlite3"} <= runtime_imports(shell)
    assert "bot.storage.copy" not in runtime_imports(shell)


@pytest.mark.parametrize(
    "path",
    sorted((ROOT / "bot" / "encounter_ops").rglob("*.py")),
    ids=lambda p: str(p.relative_to(ROOT)),
)
def test_encounter_ops_ask_no_registry(path: Path):
    """Issue 41, Layers: an encounter op is handed its ruleset (and every ruleset's
    options) by the handler, which chose it (``handlers/common.choose_ruleset``): it
    imports nothing from the registry (``bot.rules``' own module: ``rulesets``,
    ``get_ruleset``, ``load_ruleset``, ``token_options``, ``readers``...) nor a ruleset
    package, even inside a function. The rules' shared modules (``bot.rules.moving``,
    ``ruleset``, ``rulings``, ``options``) are values and the engine's face: allowed."""
    modules = imported_modules(path)
    assert "bot.rules" not in modules, path
    assert not ruleset_packages_imported(path), path


@pytest.mark.parametrize(
    "path", sorted((ROOT / "bot" / "render").rglob("*.py")), ids=lambda p: str(p.relative_to(ROOT))
)
def test_render_imports_no_encounter_ops(path: Path):
    """Issue 41, Layers: the renderer is handed what it draws (a template's squares and
    its point of origin: ``BoardView.areas``, worked out by ``handlers/board_areas.py``):
    nothing under bot/render/ imports the encounter ops, the handlers or the store,
    even inside a function."""
    layers = ("bot.encounter_ops", "bot.handlers", "bot.storage")
    reached = [m for m in all_imported_modules(path) if m.startswith(layers)]
    assert reached == [], path


@pytest.mark.parametrize(
    "path", sorted((ROOT / "bot" / "schema").rglob("*.py")), ids=lambda p: str(p.relative_to(ROOT))
)
def test_the_schema_loads_no_ruleset(path: Path):
    """Issue 41, Layers: the board's schema, which the store reads every board through,
    knows no rules: it imports neither the rules (the registry, a ruleset, their
    options) nor the encounter ops, which do, even inside a function. A board's
    invariants that need its ruleset are checked where the ruleset is chosen."""
    reached = [
        m for m in imported_modules(path) if m.startswith(("bot.rules", "bot.encounter_ops"))
    ]
    assert reached == [], path
