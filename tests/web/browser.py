"""A real browser and a real server for the live board's tests (issue 39).

The browser is Debian's Chromium (``/usr/bin/chromium``, installed by ``.ci/run``),
driven by Playwright for Python pointed at it (Playwright's own browser download is
never used). The server is ``python -m bot serve`` in its own process, on loopback
and a free port, over a SQLite file the test fills through the console's handlers:
a change made in the test's process reaches the page the way a change made by another
process does. Without Chromium the browser tests skip, unless
``STRIDE_REQUIRE_BROWSER=1`` (set by ``.ci/run``) makes them fail.
"""

from __future__ import annotations

import os
import shutil
import socket
import subprocess
import sys
import time
import urllib.request
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest

REQUIRE_ENV = "STRIDE_REQUIRE_BROWSER"
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]
ROOT = Path(__file__).resolve().parents[2]


def chromium() -> str | None:
    for name in ("chromium", "chromium-browser"):
        found = shutil.which(name)
        if found:
            return found
    return None


def need_chromium() -> str:
    """Chromium's path; skip (or fail, where required) without it."""
    found = chromium()
    if found is None:
        message = "Debian's chromium is not installed (apt-get install chromium)"
        if os.environ.get(REQUIRE_ENV, "").strip() not in ("", "0"):
            pytest.fail(message)
        pytest.skip(message)
    return found


def free_port() -> int:
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


class Served:
    """``python -m bot serve`` over ``db`` on ``port``: start, stop, start again."""

    def __init__(self, db: Path, port: int) -> None:
        self.db, self.port = db, port
        self.process: subprocess.Popen[bytes] | None = None

    @property
    def base(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    def start(self) -> None:
        env = {**os.environ, "STRIDE_DB": str(self.db), "STRIDE_WEB_SECRET": "test-secret"}
        env.pop("STRIDE_PUBLIC_URL", None)
        self.process = subprocess.Popen(
            [sys.executable, "-m", "bot", "serve", "--port", str(self.port)],
            cwd=ROOT,
            env=env,
            stdout=subprocess.DEVNULL,
            stderr=subprocess.PIPE,
        )
        deadline = time.monotonic() + 20
        while time.monotonic() < deadline:
            try:
                urllib.request.urlopen(f"{self.base}/static/live.css", timeout=1).close()
                return
            except OSError as exc:
                if self.process.poll() is not None:
                    said = self.process.stderr.read().decode() if self.process.stderr else ""
                    raise RuntimeError(f"python -m bot serve stopped: {said}") from exc
                time.sleep(0.1)
        raise RuntimeError("python -m bot serve did not start")

    def stop(self) -> None:
        if self.process is not None:
            self.process.terminate()
            self.process.wait(10)
            self.process = None


@contextmanager
def served(db: Path) -> Iterator[Served]:
    server = Served(db, free_port())
    server.start()
    try:
        yield server
    finally:
        server.stop()
