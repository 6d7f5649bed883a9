"""``python -m bot``: run the Discord bot, or ``ask`` / ``console`` / ``sync``."""

from __future__ import annotations

import argparse
import asyncio
import logging
import sys

from bot.config import Settings

NO_TOKEN = (
    "DISCORD_TOKEN is not set: put it in the environment or in .env to run the bot "
    "(python -m bot console works without Discord)."
)


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="python -m bot",
        description="Stride: movement rulings for D&D-family games.",
    )
    sub = parser.add_subparsers(dest="action")
    ask = sub.add_parser("ask", help='run one command, e.g. ask "/fall height:60"')
    ask.add_argument("line", nargs="+", help="the command, as typed in Discord")
    console = sub.add_parser("console", help="an interactive prompt")
    for p in (ask, console):
        p.add_argument("--seed", type=int, default=None, help="make every dice roll reproducible")
        p.add_argument("--channel", default="console", help="channel name or id to act in")
        p.add_argument("--user", default="console-gm", help="user name or id to act as (a GM)")
        p.add_argument(
            "--player",
            action="store_true",
            help="act as --user without Manage Channels: a player, unless they started "
            "the encounter (try what your players will see)",
        )
    ask.add_argument("--json", action="store_true", help='print {"ok", "error", "result"}')
    sub.add_parser("sync", help="force the slash-command sync with Discord")
    sub.add_parser("run", help="run the Discord bot (the default)")
    return parser


async def _console(args: argparse.Namespace, settings: Settings) -> int:
    from bot.console import interactive, run_once
    from bot.storage import StorageError, Store

    try:
        store = await Store.open(settings.db_path)
    except StorageError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2
    try:
        if args.action == "ask":
            return await run_once(
                store,
                " ".join(args.line),
                as_json=args.json,
                seed=args.seed,
                channel=args.channel,
                user=args.user,
                manages_channel=not args.player,
                out=sys.stdout,
            )
        return await interactive(
            store,
            seed=args.seed,
            channel=args.channel,
            user=args.user,
            manages_channel=not args.player,
        )
    finally:
        await store.close()


def main(argv: list[str] | None = None) -> int:
    args = _parser().parse_args(argv)
    settings = Settings.from_env()
    logging.basicConfig(
        level=getattr(logging, settings.log_level, logging.INFO),
        format="%(asctime)s %(levelname)s %(name)s: %(message)s",
        stream=sys.stderr,
    )
    if args.action in ("ask", "console"):
        logging.getLogger().setLevel(logging.WARNING)
        return asyncio.run(_console(args, settings))
    if settings.discord_token is None:
        print(NO_TOKEN, file=sys.stderr)
        return 2
    from bot.app import run_bot

    return run_bot(settings, force_sync=args.action == "sync")


if __name__ == "__main__":
    sys.exit(main())
