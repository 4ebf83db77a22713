"""The ``taipai`` command (argparse).

::

    taipai                      the Telegram/Discord bots whose tokens are set, else the terminal chat
    taipai chat [--db PATH] [--lang zh_Hant_HK|en]
    taipai ledger [--db PATH] [--chat PLATFORM:ID] [--json]
    taipai score HAND [--seat 東|南|西|北] [--round 東|南|西|北] [--dealer] [--streak N]
                      [--rules PRESET|FILE] [--json] [--lang …]
    taipai migrate [--db PATH]

The database is ``--db PATH`` (an SQLite file), else ``DATABASE_URL``, else ``taipai.db`` in the
user data directory.  Exit status: 0 success, 2 bad input (``score``: the hand; usage errors),
1 a database or start-up failure.  ``score --json`` prints exactly one JSON object (DESIGN §5).
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from taipai.bot.i18n import LOCALES, _, normalize_locale, use_locale

WIND_CHOICES = ("東", "南", "西", "北")


def _database_url(db: str | None, settings: Any) -> str | None:
    from taipai.bot.store import sqlite_url

    if db:
        return db if "://" in db else sqlite_url(db)
    return settings.database_url or None


def _settings() -> Any:
    from taipai.bot.settings import Settings

    return Settings()


def build_parser() -> argparse.ArgumentParser:
    """The argument parser of ``taipai`` (sub-commands chat, ledger, score, migrate)."""
    p = argparse.ArgumentParser(prog="taipai", description="港式台灣麻雀 scorekeeper for group chats.")
    # Plain ``taipai`` is the chat: it takes the chat's options too (other dests, so that a
    # sub-command's own --db/--lang defaults do not overwrite them).
    p.add_argument("--db", dest="top_db", help="SQLite file for the terminal chat (as in taipai chat)")
    p.add_argument("--lang", dest="top_lang", choices=LOCALES, help="reply language (as in taipai chat)")
    sub = p.add_subparsers(dest="command")

    chat = sub.add_parser("chat", help="group chat in the terminal: lines 'SPEAKER: TEXT' on stdin")
    chat.add_argument("--db", help="SQLite file (default: the user data directory, or DATABASE_URL)")
    chat.add_argument("--lang", choices=LOCALES, help="reply language (default zh_Hant_HK / DEFAULT_LOCALE)")

    ledger = sub.add_parser("ledger", help="print a table's state (DESIGN §5)")
    ledger.add_argument("--db", help="SQLite file")
    ledger.add_argument("--chat", help="PLATFORM:CHAT_ID (default: the newest session in the database)")
    ledger.add_argument("--json", action="store_true", help="one JSON object on stdout")
    ledger.add_argument("--lang", choices=LOCALES)

    score = sub.add_parser("score", help="score one hand message")
    score.add_argument("hand", nargs="+", help="the hand, e.g. '一二三萬 四五六萬 … 摸 東'")
    score.add_argument("--seat", choices=WIND_CHOICES, default="東", help="seat wind 門風 (default 東)")
    score.add_argument("--round", choices=WIND_CHOICES, default="東", help="round wind 圈風 (default 東)")
    score.add_argument("--dealer", action="store_true", help="the winner is the dealer (adds 2n+1)")
    score.add_argument("--streak", type=int, default=0, help="連莊 n (default 0)")
    score.add_argument("--rules", default="hk-taiwan", help="preset name or TOML file (default hk-taiwan)")
    score.add_argument("--json", action="store_true", help="exactly one JSON object on stdout")
    score.add_argument("--lang", choices=LOCALES)

    migrate = sub.add_parser("migrate", help="bring the database schema up to date")
    migrate.add_argument("--db", help="SQLite file")
    return p


def main(argv: Sequence[str] | None = None) -> int:
    """Entry point of the ``taipai`` console script; returns the exit status.

    Output cut short by the reader (``taipai score … | head``) ends quietly with status 1, without
    a ``BrokenPipeError`` traceback."""
    try:
        status = _main(argv)
        sys.stdout.flush()
        return status
    except BrokenPipeError:
        # Python's advice: point stdout at devnull so the flush at exit does not fail again.
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        return 1


def _main(argv: Sequence[str] | None) -> int:
    for stream in (sys.stdout, sys.stderr, sys.stdin):
        if hasattr(stream, "reconfigure") and (stream.encoding or "").lower() not in ("utf-8", "utf8"):
            stream.reconfigure(encoding="utf-8", errors="replace")
    args = build_parser().parse_args(argv)
    if getattr(args, "db", None) is None:
        args.db = args.top_db
    if getattr(args, "lang", None) is None:
        args.lang = args.top_lang
    settings = _settings()
    lang = normalize_locale(getattr(args, "lang", None) or settings.default_locale)
    with use_locale(lang):
        if args.command == "score":
            return _score(args)
        if args.command == "ledger":
            return asyncio.run(_ledger(args, settings))
        if args.command == "migrate":
            return asyncio.run(_migrate(args, settings))
        if args.command is None and settings.has_platform_token:
            from taipai.bot.app import run_bots

            return asyncio.run(run_bots(settings, _database_url(None, settings), lang))
        return asyncio.run(_chat(getattr(args, "db", None), lang, settings))


# ---------------------------------------------------------------------------------------- chat
async def _open_store(db: str | None, settings: Any) -> Any:
    from sqlalchemy.exc import SQLAlchemyError

    from taipai.bot.store import Store

    url = _database_url(db, settings)
    try:
        return await Store.open(url)
    except (SQLAlchemyError, OSError) as exc:
        from taipai.bot.app import first_line

        # the driver's words only, not SQLAlchemy's "Background on this error" link
        print(_("Cannot open the database: {error}").format(error=first_line(exc)), file=sys.stderr)
        return None


async def _chat(db: str | None, lang: str, settings: Any) -> int:
    from taipai.bot.console import run_console
    from taipai.bot.service import Service

    store = await _open_store(db, settings)
    if store is None:
        return 1
    try:
        return await run_console(Service(store, locale=lang))
    finally:
        await store.close()


async def _migrate(args: argparse.Namespace, settings: Any) -> int:
    store = await _open_store(args.db, settings)  # Store.open runs `upgrade head`
    if store is None:
        return 1
    from taipai.bot.store import migrate

    rev = await migrate.current_revision(store.engine)
    await store.close()
    print(_("Database schema at revision {revision}.").format(revision=rev))
    return 0


# ---------------------------------------------------------------------------------------- ledger
async def _ledger(args: argparse.Namespace, settings: Any) -> int:
    from taipai.bot.store import ChatRef
    from taipai.core.table import event_from_dict, replay, state_to_dict

    missing = _missing_sqlite_file(_database_url(args.db, settings))
    if missing is not None:  # reading must not create the file (nor its folder)
        if args.json:
            error = {"code": "no_table", "message": f"no database at {missing}"}
            print(json.dumps({"ok": False, "error": error}, ensure_ascii=False))
        else:
            print(_("There is no table at {path}: no such database file.").format(path=missing))
        return 2
    store = await _open_store(args.db, settings)
    if store is None:
        return 1
    try:
        chat = None
        if args.chat:
            platform, _sep, chat_id = args.chat.partition(":")
            chat = ChatRef(platform, chat_id)
        session = await store.latest_session(chat)
        if session is None:
            if args.json:
                print(
                    json.dumps(
                        {"ok": False, "error": {"code": "no_table", "message": "no session in the database"}}
                    )
                )
            else:
                print(_("No table has been played in this database yet."))
            return 2
        rows = await store.events(session.id)
    finally:
        await store.close()
    state = replay(event_from_dict(r.payload) for r in rows)
    if args.json:
        out = state_to_dict(state)
        out["session"] = {
            "id": session.id,
            "platform": session.platform,
            "chat_id": session.chat_id,
            "status": session.status,
            "created_at": session.created_at.isoformat(),
        }
        print(json.dumps(out, ensure_ascii=False))
        return 0
    from taipai.bot.service import render
    from taipai.bot.service.export import history_items

    print("\n".join(render.scoreboard(state)))
    if state.history:
        print(_("History:"))
        for h in history_items(state):  # each event described against the table it was applied to
            print(f"  {h.hand:>3}  {render.describe(h.event, h.before or state)}")
    return 0


def _missing_sqlite_file(url: str | None) -> str | None:
    """The path of the SQLite file ``url`` names (``None``: the default) when it does not exist;
    ``None`` when it exists or the database is not an SQLite file."""
    from sqlalchemy.engine import make_url

    from taipai.bot.store import default_db_path, sqlite_url

    parsed = make_url(url or sqlite_url(default_db_path()))
    db = parsed.database if parsed.get_backend_name() == "sqlite" else None
    if not db or db == ":memory:" or db.startswith("file:"):
        return None
    path = Path(db).expanduser()
    return None if path.exists() else str(path)


# ---------------------------------------------------------------------------------------- score
def _score(args: argparse.Namespace) -> int:
    from taipai.bot.service import render
    from taipai.core.errors import HandError
    from taipai.core.handspec import Situation
    from taipai.core.notation import parse_hand
    from taipai.core.rules import load_rules
    from taipai.core.scoring import score_hand
    from taipai.core.tiles import EAST

    text = " ".join(args.hand)
    situation = Situation(
        dealer=args.dealer,
        streak=max(args.streak, 0),
        round_wind=EAST + WIND_CHOICES.index(args.round),
        seat_wind=EAST + WIND_CHOICES.index(args.seat),
    )
    try:
        if args.streak < 0:
            raise HandError(
                "bad_context", f"--streak must be 0 or more, not {args.streak}", token=str(args.streak)
            )
        rules = load_rules(args.rules)
        score = score_hand(parse_hand(text, situation=situation, table_kinds=rules.wilds.table_kinds), rules)
    except HandError as err:
        if args.json:
            print(json.dumps({"ok": False, "error": err.as_dict()}, ensure_ascii=False))
        else:
            print(render.hand_error(err), file=sys.stderr)
        return 2
    if args.json:
        print(json.dumps(score.to_dict(), ensure_ascii=False))
        return 0
    print("\n".join(score_lines(score)))
    return 0


def score_lines(score: Any) -> list[str]:
    """Human output of ``taipai score``: the pattern table, the totals, the reading and the waits."""
    from taipai.core.tiles import name_zh

    rows = [(p.name + (f" ×{p.count}" if p.count > 1 else ""), str(p.fan)) for p in score.patterns]
    width = max([_width(_("Pattern"))] + [_width(n) for n, _f in rows])
    lines = [_pad(_("Pattern"), width) + "  " + _("Fan")]
    lines += [_pad(n, width) + "  " + f.rjust(3) for n, f in rows]
    lines.append(
        _("Fan {fan} + {bases} × 底 {base_fan} = {total}").format(
            fan=score.fan, bases=score.bases, base_fan=score.base_fan, total=score.total
        )
    )
    lines.append(_("Reading: {groups}").format(groups=" ".join(score.reading)))
    if score.waits:
        lines.append(_("Waits: {tiles}").format(tiles=" ".join(name_zh(t) for t in score.waits)))
    if getattr(score, "ignored", ()):
        from taipai.core.scoring import CONTEXT_WORDS_ZH

        words = "、".join(CONTEXT_WORDS_ZH.get(w, w) for w in score.ignored)
        lines.append(
            _("Not counted (the tiles or the table rules do not allow it): {words}").format(words=words)
        )
    if getattr(score, "exact", True) is False:
        lines.append(
            _("Best reading found within the search budget (many wildcards): not proven the maximum")
        )
    for w in getattr(score, "wilds", ()) or ():
        d = w.to_dict()
        lines.append(_("Wildcard {kind} as {tile}").format(kind=d.get("kind"), tile=d.get("as")))
    return lines


def _width(s: str) -> int:
    import unicodedata

    return sum(2 if unicodedata.east_asian_width(c) in "WF" else 1 for c in s)


def _pad(s: str, width: int) -> str:
    return s + " " * (width - _width(s))


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
