"""Issue 27: /move's special moves are a registry. Each is one module behind the
``SpecialMove`` interface, registered by name; the pipeline dispatches on the request's
special part and no mechanism imports the pipeline back."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

from bot.errors import InvalidInput
from bot.rules.engine.moves import MoveRequest, SpecialPart
from bot.rules.engine.specials import REGISTERED, SPECIAL_MOVES, read_special, special_move
from bot.rules.engine.specials.base import SpecialMove

ROOT = Path(__file__).resolve().parents[3]
ENGINE = ROOT / "bot" / "rules" / "engine"

# every special move /move has had (issues 16-24): each one is registered
EXISTING = {"bull-rush", "heavy", "mount", "dismount", "drag"}


def test_every_existing_special_move_is_registered() -> None:
    assert set(SPECIAL_MOVES) == EXISTING


@pytest.mark.parametrize("move", REGISTERED, ids=lambda m: m.name)
def test_a_special_move_is_found_by_its_part(move: SpecialMove[object]) -> None:
    assert isinstance(move, SpecialMove)
    assert issubclass(move.part, SpecialPart) and move.part.special == move.name
    assert move.options and move.reports and move.alone
    assert move.read({}) is None  # no option given: not this move


@pytest.mark.parametrize("move", REGISTERED, ids=lambda m: m.name)
def test_a_special_part_finds_its_move(move: SpecialMove[object]) -> None:
    part = next(p for m in REGISTERED if m is move for p in [m.read(_asking(m))] if p is not None)
    assert special_move(part) is move
    assert MoveRequest("Ari", special=part).special is part


def _asking(move: SpecialMove[object]) -> dict[str, object]:
    """Options that ask for ``move`` (each option given a value it accepts)."""
    samples: dict[str, object] = {
        "action": "bull-rush",
        "target": "Orc",
        "margin": 3,
        "heavy": "medium",
        "mount": "Horse",
        "dismount": True,
        "drag": "Orc",
    }
    return {name: samples[name] for name in move.options if name in samples}


def test_two_special_moves_in_one_request_are_refused() -> None:
    if len(REGISTERED) < 2:
        pytest.skip("one special move registered so far")
    first, second = REGISTERED[0], REGISTERED[1]
    with pytest.raises(InvalidInput) as refused:
        read_special({**_asking(first), **_asking(second)})
    assert refused.value.message == first.alone


def _imports(path: Path) -> set[str]:
    """Every module ``path`` imports, at its top or inside a function."""
    found: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            found |= {alias.name for alias in node.names}
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            found.add(node.module)
            found |= {f"{node.module}.{alias.name}" for alias in node.names}
    return found


MECHANISMS = [p for p in sorted(ENGINE.rglob("*.py")) if p.name != "pipeline.py"]


@pytest.mark.parametrize("path", MECHANISMS, ids=lambda p: str(p.relative_to(ROOT)))
def test_no_engine_mechanism_imports_the_pipeline(path: Path) -> None:
    """The pipeline calls the mechanisms; they plan through the ``PlanContext`` they are
    handed (no import cycle, even inside a function)."""
    assert not {m for m in _imports(path) if m.startswith("bot.rules.engine.pipeline")}


def test_every_kind_module_is_registered_once() -> None:
    """Issue 41: a kind of move is one module of engine/specials/ setting ``KIND`` and
    one line of ``REGISTRATION``; the walk, claiming what no other kind does, is last."""
    from bot.rules.engine.specials import KINDS, REGISTRATION, MoveKind

    modules = sorted(
        p.stem for p in (ENGINE / "specials").glob("*.py") if p.stem not in ("__init__", "base")
    )
    assert sorted(REGISTRATION) == modules
    assert all(isinstance(kind, MoveKind) for kind in KINDS)
    assert len({kind.name for kind in KINDS}) == len(KINDS)
    assert KINDS[-1].name == "walk" and KINDS[-1].claims(MoveRequest("Ari"))
