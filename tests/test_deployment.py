"""docker-compose.yml and .env.example against the settings the code reads: no Docker
engine runs here, so the files are checked for what a deployment relies on."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import yaml

ROOT = Path(__file__).resolve().parents[1]
READ = re.compile(r'os\.environ\.get\("(STRIDE_[A-Z_]+|DISCORD_TOKEN|DEV_GUILD_ID)"')


def read_by_the_code() -> set[str]:
    return set(READ.findall((ROOT / "bot" / "config.py").read_text()))


def compose() -> dict[str, Any]:
    loaded = yaml.safe_load((ROOT / "docker-compose.yml").read_text())
    assert isinstance(loaded, dict)
    return loaded


def bots() -> dict[str, dict[str, Any]]:
    return {k: v for k, v in compose()["services"].items() if k.startswith("bot-")}


def test_env_example_lists_every_setting_the_code_reads() -> None:
    listed = set(re.findall(r"^([A-Z_]+)=", (ROOT / ".env.example").read_text(), re.M))
    assert read_by_the_code() <= listed, read_by_the_code() - listed


def test_every_variable_compose_sets_is_one_the_code_reads() -> None:
    for name, service in bots().items():
        stride = {k for k in service["environment"] if k.startswith("STRIDE_")}
        assert stride <= read_by_the_code(), (name, stride - read_by_the_code())


def test_the_bots_split_the_shards_and_share_one_postgresql() -> None:
    services = bots()
    assert len(services) >= 2
    ids = [str(s["environment"]["STRIDE_SHARD_IDS"]) for s in services.values()]
    counts = {str(s["environment"]["STRIDE_SHARD_COUNT"]) for s in services.values()}
    dbs = {s["environment"]["STRIDE_DB"] for s in services.values()}
    assert len(counts) == 1 and len(dbs) == 1
    assert sorted(ids) == [str(i) for i in range(len(services))]
    assert next(iter(dbs)).startswith("postgresql://")
    assert next(iter(counts)).endswith(f"{len(services)}}}")  # ${STRIDE_SHARD_COUNT:-2}


def test_each_bot_is_checked_ready_on_its_health_port() -> None:
    for service in bots().values():
        port = service["environment"]["STRIDE_HEALTH_PORT"]
        probe = " ".join(service["healthcheck"]["test"])
        assert f"127.0.0.1:{port}/readyz" in probe
