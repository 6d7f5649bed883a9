"""A throwaway PostgreSQL server for tests: ``initdb`` in a temporary directory, then
``pg_ctl start`` on 127.0.0.1 and a free port, stopped and deleted at the end.

The binaries come from ``STRIDE_PG_BIN`` or the PATH or ``/usr/lib/postgresql/*/bin``
(Debian's packages). PostgreSQL refuses to run as root, so under root the server runs
as the ``postgres`` user (or ``nobody``). When no server can start, ``unavailable``
says why; the tests then skip, unless ``STRIDE_REQUIRE_POSTGRES=1`` (set by
``.ci/run``) makes them fail.
"""

from __future__ import annotations

import glob
import os
import pwd
import shutil
import socket
import subprocess
import tempfile
import uuid
from dataclasses import dataclass
from pathlib import Path

REQUIRE_ENV = "STRIDE_REQUIRE_POSTGRES"
START_TIMEOUT_S = 60


def required() -> bool:
    return os.environ.get(REQUIRE_ENV, "").strip() not in ("", "0")


def find_bin() -> Path | None:
    """The folder holding ``initdb`` and ``pg_ctl``."""
    given = os.environ.get("STRIDE_PG_BIN", "").strip()
    candidates = [given] if given else []
    on_path = shutil.which("initdb")
    if on_path:
        candidates.append(str(Path(on_path).resolve().parent))
    versions = sorted(
        glob.glob("/usr/lib/postgresql/*/bin"),
        key=lambda p: int(Path(p).parent.name) if Path(p).parent.name.isdigit() else 0,
        reverse=True,
    )
    candidates += versions
    for folder in candidates:
        if all((Path(folder) / name).exists() for name in ("initdb", "pg_ctl", "createdb")):
            return Path(folder)
    return None


def _free_port() -> int:
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def _run_as() -> pwd.struct_passwd | None:
    """Whom to run the server as: None for ourselves, unless we are root."""
    if os.geteuid() != 0:
        return None
    for name in ("postgres", "nobody"):
        try:
            return pwd.getpwnam(name)
        except KeyError:
            continue
    raise RuntimeError("running as root and there is no postgres or nobody user to run as")


@dataclass
class PostgresServer:
    bin: Path
    folder: Path
    port: int
    user: pwd.struct_passwd | None
    superuser: str = "stride"

    @property
    def data(self) -> Path:
        return self.folder / "data"

    def url(self, database: str = "postgres") -> str:
        return f"postgresql://{self.superuser}@127.0.0.1:{self.port}/{database}"

    def _run(self, *args: str) -> subprocess.CompletedProcess[str]:
        user = self.user
        return subprocess.run(
            [str(self.bin / args[0]), *args[1:]],
            capture_output=True,
            text=True,
            timeout=START_TIMEOUT_S,
            user=user.pw_uid if user else None,
            group=user.pw_gid if user else None,
            extra_groups=[] if user else None,
            cwd=self.folder,
            env={**os.environ, "LC_ALL": "C", "PGTZ": "UTC"},
        )

    @classmethod
    def start(cls) -> PostgresServer:
        """A running server, or ``RuntimeError`` saying why not."""
        folder_bin = find_bin()
        if folder_bin is None:
            raise RuntimeError(
                "no PostgreSQL binaries (initdb, pg_ctl) found on PATH, in STRIDE_PG_BIN "
                "or in /usr/lib/postgresql/*/bin"
            )
        user = _run_as()
        folder = Path(tempfile.mkdtemp(prefix="stride-pg-"))
        if user is not None:
            os.chown(folder, user.pw_uid, user.pw_gid)
        server = cls(folder_bin, folder, _free_port(), user)
        init = server._run(
            "initdb", "-D", str(server.data), "-U", server.superuser, "--auth=trust",
            "-E", "UTF8", "--no-sync",
        )  # fmt: skip
        if init.returncode != 0:
            server.remove()
            raise RuntimeError(f"initdb failed: {init.stderr.strip() or init.stdout.strip()}")
        options = " ".join(
            [
                f"-p {server.port}",
                "-c listen_addresses=127.0.0.1",
                f"-c unix_socket_directories={folder}",
                "-c max_connections=300",
                # a test server: speed over durability
                "-c fsync=off",
                "-c synchronous_commit=off",
                "-c full_page_writes=off",
            ]
        )
        log = folder / "server.log"
        started = server._run("pg_ctl", "start", "-w", "-D", str(server.data), "-l", str(log),
                              "-o", options)  # fmt: skip
        if started.returncode != 0:
            text = log.read_text(errors="replace") if log.exists() else started.stderr
            server.remove()
            raise RuntimeError(f"pg_ctl start failed: {text.strip()[-2000:]}")
        return server

    def create_database(self) -> str:
        """A new empty database; its URL."""
        name = f"t_{uuid.uuid4().hex[:12]}"
        made = self._run("createdb", "-h", "127.0.0.1", "-p", str(self.port), "-U",
                         self.superuser, name)  # fmt: skip
        if made.returncode != 0:
            raise RuntimeError(f"createdb failed: {made.stderr.strip()}")
        return self.url(name)

    def stop(self) -> None:
        self._run("pg_ctl", "stop", "-D", str(self.data), "-m", "immediate")
        self.remove()

    def remove(self) -> None:
        shutil.rmtree(self.folder, ignore_errors=True)
