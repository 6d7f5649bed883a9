"""``python -m bot``: run the Discord bot, or ``ask`` / ``console`` / ``serve`` / ``sync`` /
``migrate``.

A shell, like the Discord app: it opens and closes the store through the handlers
(``upkeep.open_store``, ``close_store``), hands it to the console or the live board's
pages, copies a database through ``handlers/migrate.migrate_database``, and imports
``StorageError`` alone of the store (a database that can't be Stride's, said plainly)."""

from __future__ import annotations

import argparse
import logging
import os
import sys
from typing import TypedDict

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
        p.add_argument(
            "--user",
            default="console-gm",
            help="user name or Discord id to act as (a GM); a name stands for an id of its own",
        )
        who = p.add_mutually_exclusive_group()
        who.add_argument(
            "--player",
            action="store_true",
            help="act as --user without Manage Channels: a player, unless they started "
            "the encounter (try what your players will see)",
        )
        who.add_argument(
            "--channel-only",
            action="store_true",
            help="act as --user with Manage Channels granted in this channel alone, not "
            "across the server: a GM here, who can't set the server's GM role or ruleset",
        )
        p.add_argument(
            "--guild",
            default="console-server",
            help='the server the channel is in ("": none, as in a DM)',
        )
        p.add_argument(
            "--roles",
            default="",
            help="the user's role ids there, comma-separated (try a server GM role)",
        )
    ask.add_argument("--json", action="store_true", help='print {"ok", "error", "result"}')
    serve = sub.add_parser(
        "serve",
        help="serve the live board's pages without Discord (try /board link from the console)",
    )
    serve.add_argument("--host", default=None, help="address to listen on (default 127.0.0.1)")
    serve.add_argument("--port", type=int, default=None, help="port (default 8710)")
    sub.add_parser("sync", help="force the slash-command sync with Discord")
    sub.add_parser("run", help="run the Discord bot (the default)")
    migrate = sub.add_parser(
        "migrate",
        help="copy every encounter, archive, history line and setting to another database",
        description="Copy a Stride database into another (e.g. SQLite to PostgreSQL) and "
        "check that both hold the same rows. Stop the bot first.",
    )
    migrate.add_argument(
        "--from",
        dest="source",
        default=None,
        help="the database to copy: a path, sqlite:///path or postgresql://... "
        "(default: STRIDE_DB)",
    )
    migrate.add_argument("--to", dest="target", required=True, help="the database to fill")
    migrate.add_argument(
        "--force", action="store_true", help="replace what the target holds (else refused)"
    )
    return parser


async def _migrate(args: argparse.Namespace, settings: Settings) -> int:
    from bot.handlers.migrate import migrate_database
    from bot.storage import StorageError

    source_url = args.source or settings.db_path
    if source_url.strip() == args.target.strip():
        print("error: --from and --to name the same database.", file=sys.stderr)
        return 2
    try:
        copied = await migrate_database(source_url, args.target, force=args.force)
    except StorageError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2
    print(f"Copied {copied.source} to {copied.target}:")
    for check in copied.checks:
        rows = f"{check.rows} row" + ("" if check.rows == 1 else "s")
        print(f"  {check.table}: {rows}, checksum {check.checksum[:16]} (matches)")
    return 0


SERVE_PORT = 8710  # where `python -m bot serve` listens unless told otherwise


async def _serve(args: argparse.Namespace, settings: Settings) -> int:
    """The live board's pages over the store, without Discord: moves run through the
    handlers here, as the console runs them."""
    import asyncio

    from bot.handlers.upkeep import close_store, open_store
    from bot.storage import StorageError
    from bot.web.moves import run_here
    from bot.web.server import LiveServer, serve

    host = args.host or settings.health_host
    port = args.port if args.port is not None else settings.health_port or SERVE_PORT
    try:
        store = await open_store(settings.db_path)
    except StorageError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2
    server = LiveServer(
        lambda: store,
        run_here(lambda: store, settings.pages_url(host, port)),
        secret=settings.web_secret,
    )
    try:
        stop = await serve(server, host, port)
    except OSError as exc:
        await close_store(store)
        print(f"error: can't listen on {host}:{port}: {exc.strerror or exc}", file=sys.stderr)
        return 2
    print(
        f"Serving the live board on http://{host}:{port} (links: python -m bot ask "
        '"/board link"). Ctrl+C stops.',
        file=sys.stderr,
    )
    try:
        await asyncio.Event().wait()
    finally:
        await stop()
        await close_store(store)
    return 0


def _roles(text: str) -> frozenset[str]:
    return frozenset(r.strip() for r in text.split(",") if r.strip())


class _Asker(TypedDict):
    """Who asks, and where, as every console entry takes it."""

    seed: int | None
    channel: str
    user: str
    manages_channel: bool
    guild: str | None
    roles: frozenset[str]
    manages_server: bool


def _asker(args: argparse.Namespace) -> _Asker:
    return _Asker(
        seed=args.seed,
        channel=args.channel,
        user=args.user,
        manages_channel=not args.player,
        guild=args.guild or None,
        roles=_roles(args.roles),
        manages_server=not (args.player or args.channel_only),
    )


async def _console(args: argparse.Namespace, settings: Settings) -> int:
    from bot.console import interactive, run_once
    from bot.handlers.upkeep import close_store, open_store
    from bot.storage import StorageError

    try:
        store = await open_store(settings.db_path)
    except StorageError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2
    # the live board's links point where `python -m bot serve` (or the bot) serves them
    base_url = settings.pages_url(port=settings.health_port or SERVE_PORT)
    try:
        if args.action == "ask":
            return await run_once(
                store,
                " ".join(args.line),
                as_json=args.json,
                out=sys.stdout,
                web_base_url=base_url,
                web_secret=settings.web_secret,
                **_asker(args),
            )
        return await interactive(
            store, web_base_url=base_url, web_secret=settings.web_secret, **_asker(args)
        )
    finally:
        await close_store(store)


def _quick(args: argparse.Namespace, settings: Settings) -> int | None:
    """``ask`` a calculator without the event loop or the store, when it can be
    (``bot/console_quick.py``); None: run the full path."""
    from bot.console_quick import answer

    return answer(
        " ".join(args.line),
        db=settings.db_path,
        as_json=args.json,
        out=sys.stdout,
        **_asker(args),
    )


# Whether this process's one command was answered by the quick path: it then leaves
# without tearing the interpreter down (see the end of this module).
answered_quickly = False


def _console_run(args: argparse.Namespace, settings: Settings) -> int:
    global answered_quickly
    quick = _quick(args, settings) if args.action == "ask" else None
    answered_quickly = quick is not None
    if quick is not None:
        return quick
    import asyncio

    return asyncio.run(_console(args, settings))


def main(argv: list[str] | None = None) -> int:
    args = _parser().parse_args(argv)
    try:
        settings = Settings.from_env()
    except ValueError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2
    logging.basicConfig(
        level=getattr(logging, settings.log_level, logging.INFO),
        format="%(asctime)s %(levelname)s %(name)s: %(message)s",
        stream=sys.stderr,
    )
    if args.action in ("ask", "console"):
        logging.getLogger().setLevel(logging.WARNING)
        try:
            return _console_run(args, settings)
        except BrokenPipeError:
            # the reader went away (`... | head`): stop quietly, as Unix tools do; the
            # lines already run stay done. Point stdout at nothing so the interpreter's
            # own flush at exit doesn't raise again.
            os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
            return 1
    if args.action == "migrate":
        import asyncio

        return asyncio.run(_migrate(args, settings))
    if args.action == "serve":
        import asyncio

        try:
            return asyncio.run(_serve(args, settings))
        except KeyboardInterrupt:
            return 0
    if settings.discord_token is None:
        print(NO_TOKEN, file=sys.stderr)
        return 2
    from bot.discord.app import run_bot

    return run_bot(settings, force_sync=args.action == "sync")


def _leave_now(code: int) -> None:
    """End a process whose one command the quick path answered without the
    interpreter's teardown (freeing every module's objects one by one: ~20 ms, a tenth
    of the cold start). Nothing is left to tidy: the reply is printed and flushed here,
    the database connection and the picture's file are closed, no thread or loop ran,
    and no exit handler was registered that must run."""
    try:
        sys.stdout.flush()
        sys.stderr.flush()
    except BrokenPipeError:  # the reader went away: as main() says it, quietly
        os._exit(1)
    os._exit(code)


if __name__ == "__main__":
    exit_code = main()
    if answered_quickly:
        _leave_now(exit_code)
    sys.exit(exit_code)
