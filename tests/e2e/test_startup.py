"""Start-up as Discord sees it: login, one command sync that matches the cogs, a Gateway session."""

from __future__ import annotations

from typing import Any

from bot.handlers import COMMANDS
from tests.e2e.botproc import BotProcess
from tests.e2e.standin import FakeDiscord

DISCORD_TYPE = {
    "string": 3,
    "integer": 4,
    "boolean": 5,
    "user": 6,
    "role": 8,
    "channel": 7,
    "number": 10,
    "attachment": 11,
}
PRIVILEGED_INTENTS = (1 << 1) | (1 << 8) | (1 << 15)  # members, presences, message content


def synced_leaf(payload: list[dict[str, Any]], name: str) -> dict[str, Any]:
    node: dict[str, Any] = {"options": payload}
    for word in name.split():
        matches = [o for o in node.get("options", []) if o["name"] == word]
        assert len(matches) == 1, f"/{name}: {word!r} synced {len(matches)} times"
        node = matches[0]
    return node


async def test_login_sync_and_identify(bot: BotProcess, discord_fake: FakeDiscord) -> None:
    fake = discord_fake
    order = [(r.method, r.path) for r in fake.requests]
    assert order[:2] == [("GET", "/users/@me"), ("GET", "/oauth2/applications/@me")]
    assert all(r.headers.get("Authorization") == "Bot e2e.fake.token" for r in fake.requests[:3])

    # one global sync, before the Gateway session (setup_hook runs during login)
    syncs = fake.requests_to("PUT", r"^/applications/\d+/commands$")
    assert len(syncs) == 1 and syncs[0].path == f"/applications/{fake.app_id}/commands"
    payload = syncs[0].json
    assert isinstance(payload, list)

    # every command the handlers define is synced with the options they declare
    expected_top = {name.split()[0] for name in COMMANDS}
    assert {c["name"] for c in payload} == expected_top
    for name, command in COMMANDS.items():
        leaf = synced_leaf(payload, name)
        assert leaf["description"] == command.description, name
        declared = {o["name"]: o for o in leaf.get("options", [])}
        assert list(declared) == [o.name for o in command.options], name
        for option in command.options:
            sent = declared[option.name]
            assert sent["type"] == DISCORD_TYPE[option.discord_kind], (name, option.name)
            assert bool(sent.get("required", False)) == option.required, (name, option.name)
            choices = [c["value"] for c in sent.get("choices") or []]
            assert choices == list(option.choices), (name, option.name)
            assert sent["description"], (name, option.name)

    identify = [f for d, _, f in fake.gateway_log if d == "recv" and f["op"] == 2]
    assert len(identify) == 1
    assert identify[0]["d"]["token"] == "e2e.fake.token"
    assert identify[0]["d"]["intents"] & PRIVILEGED_INTENTS == 0
    heartbeats = [f for d, _, f in fake.gateway_log if d == "recv" and f["op"] == 1]
    assert heartbeats, "the bot heartbeats as soon as it gets HELLO"

    # and it answers
    answer = await fake.ask("help")
    assert answer.embed["title"].startswith("Stride: movement rulings")


async def test_restart_does_not_sync_unchanged_commands(
    bot: BotProcess, discord_fake: FakeDiscord
) -> None:
    await bot.stop()
    await bot.start()
    assert len(discord_fake.syncs) == 1, "an unchanged definition hash must not sync again"
    assert discord_fake.identifies == 2
    answer = await discord_fake.ask("ruleset show")
    assert "5e-alt" in answer.embed["title"]


async def test_dev_guild_syncs_to_that_guild(
    bot_process: BotProcess, discord_fake: FakeDiscord
) -> None:
    fake = discord_fake
    bot_process.extra_env["DEV_GUILD_ID"] = fake.guild_id
    await bot_process.start()
    assert [scope for scope, _ in fake.syncs] == [f"guild:{fake.guild_id}"]
    sync = fake.requests_to("PUT", r"/commands$")[0]
    assert sync.path == f"/applications/{fake.app_id}/guilds/{fake.guild_id}/commands"
    # the interaction names the guild command, and is answered
    answer = await fake.ask("fall", {"height": 10})
    assert answer.embed["title"].startswith("Falls 10 ft")
