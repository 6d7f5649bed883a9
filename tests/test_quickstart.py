"""The README's quick start, run exactly as written in a fresh copy of the checkout (a
newcomer's path): its venv made, the package installed, a ruling, a three-command
encounter with a move. Each line must succeed and say what a newcomer expects."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]


def quick_start() -> list[str]:
    text = (ROOT / "README.md").read_text(encoding="utf-8")
    block = text[text.index("## Quick start") :].split("```sh\n", 1)[1].split("```", 1)[0]
    return [line for line in block.splitlines() if line.strip()]


def fresh_checkout(into: Path) -> Path:
    """The files a clone holds (tracked ones, and new ones not ignored), copied."""
    listed = subprocess.run(
        ["git", "ls-files", "-co", "--exclude-standard", "-z"],
        cwd=ROOT,
        capture_output=True,
        check=True,
    ).stdout.split(b"\0")
    copy = into / "stride"
    for name in filter(None, listed):
        source = ROOT / name.decode()
        if source.is_file():
            target = copy / name.decode()
            target.parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(source, target)
    return copy


@pytest.mark.skipif(shutil.which("git") is None, reason="needs git to list the checkout")
def test_the_readmes_quick_start_runs_as_written(tmp_path: Path) -> None:
    lines = quick_start()
    assert lines[0].startswith("python3 -m venv .venv && .venv/bin/pip install")
    checkout = fresh_checkout(tmp_path)
    env = {k: v for k, v in os.environ.items() if not k.startswith(("STRIDE_", "DISCORD_"))}
    # "python3" as the machine has it: the one running these tests
    env["PATH"] = f"{Path(sys.executable).parent}{os.pathsep}{env.get('PATH', '')}"
    said = []
    for line in lines:
        done = subprocess.run(
            ["bash", "-c", line], cwd=checkout, env=env, capture_output=True, text=True, timeout=600
        )
        assert done.returncode == 0, f"{line}\n{done.stdout}\n{done.stderr}"
        said.append(done.stdout)
    assert "Falls 60 ft" in said[1]
    assert said[2].startswith("Encounter started")
    assert said[3].startswith("Ari added at B2")
    assert said[4].startswith("Ari moves to E4")
    assert (checkout / "stride.db").exists()  # the default database, in the checkout
