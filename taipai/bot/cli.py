"""The ``taipai`` command (argparse).

::

    taipai                      the Telegram/Discord bots whose tokens are set, else the terminal chat
    taipai chat [--db PATH] [--lang zh_Hant_HK|en] [--export-dir DIR]
    taipai ledger [--db PATH] [--chat PLATFORM:ID] [--json]
    taipai score HAND [--seat 東|南|西|北] [--round 東|南|西|北] [--dealer] [--streak N]
                      [--rules PRESET|FILE] [--json] [--lang …]
    taipai waits TILES [--rules PRESET|FILE] [--json] [--lang …]
    taipai migrate [--db PATH]

The database is ``--db PATH`` (an SQLite file), else ``DATABASE_URL``, else ``taipai.db`` in the
user data directory.  Exit status: 0 success, 2 bad input (``score``: the hand; usage errors),
1 a database or start-up failure.  ``score --json`` prints exactly one JSON object (DESIGN §5), also
for bad input: error code ``usage`` for what argparse refuses (an unknown option, no hand),
``bad_context`` for a ``--seat``/``--round`` that is not a wind or a ``--streak`` outside 0-99 (the
limit of ``連N`` in a hand), else the hand's own error code.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import Any, NoReturn

from taipai.bot.i18n import LOCALES, _, normalize_locale, use_locale
from taipai.core.handspec import MAX_STREAK

WIND_CHOICES = ("東", "南", "西", "北")


def _database_url(db: str | None, settings: Any) -> str | None:
    from taipai.bot.store import sqlite_url

    if db:
        return db if "://" in db else sqlite_url(db)
    return settings.database_url or None


def _settings() -> Any:
    from taipai.bot.settings import Settings

    return Settings()


class _Parser(argparse.ArgumentParser):
    """An argument parser whose usage errors become one JSON object on stdout under ``--json``.

    DESIGN §5: with ``--json`` stdout is exactly one JSON object, bad input
    ``{"ok": false, "error": {"code": ..., "message": ...}}`` and exit status 2.  Sub-parsers are
    of this class too (argparse makes them ``type(parent)``); :func:`build_parser` sets
    ``json_errors`` on each of them.
    """

    json_errors = False

    def error(self, message: str) -> NoReturn:
        """Report a usage error: one JSON object (code ``usage``) under ``--json``, else argparse's
        usage and message on stderr.  Exits with status 2 (raises ``SystemExit``)."""
        if self.json_errors:
            error = {"code": "usage", "message": message}
            print(json.dumps({"ok": False, "error": error}, ensure_ascii=False))
            sys.exit(2)
        super().error(message)


def wants_json(argv: Sequence[str]) -> bool:
    """Whether ``argv`` asks for ``--json`` (also as an abbreviation argparse accepts, ``--js``)."""
    return any(len(a) >= 3 and "--json".startswith(a) for a in argv)


def build_parser(*, json_errors: bool = False) -> argparse.ArgumentParser:
    """The argument parser of ``taipai`` (sub-commands chat, ledger, score, migrate).

    Args:
        json_errors: usage errors print one JSON object on stdout (``taipai score … --json``,
            ``taipai ledger … --json``) instead of argparse's usage text on stderr.

    ``score --seat/--round/--streak`` are read as text and checked by the command itself, so a bad
    value is a ``bad_context`` error in the reply language (and under ``--json``, DESIGN §5).
    """
    p = _Parser(prog="taipai", description="港式台灣麻雀 scorekeeper for group chats.")
    # Plain ``taipai`` is the chat: it takes the chat's options too (other dests, so that a
    # sub-command's own --db/--lang defaults do not overwrite them).
    p.add_argument("--db", dest="top_db", help="SQLite file for the terminal chat (as in taipai chat)")
    p.add_argument("--lang", dest="top_lang", choices=LOCALES, help="reply language (as in taipai chat)")
    sub = p.add_subparsers(dest="command")

    chat = sub.add_parser("chat", help="group chat in the terminal: lines 'SPEAKER: TEXT' on stdin")
    chat.add_argument("--db", help="SQLite file (default: the user data directory, or DATABASE_URL)")
    chat.add_argument("--lang", choices=LOCALES, help="reply language (default zh_Hant_HK / DEFAULT_LOCALE)")
    chat.add_argument("--export-dir", help="folder for the /export CSV files (default: beside the database)")

    ledger = sub.add_parser("ledger", help="print a table's state (DESIGN §5)")
    ledger.add_argument("--db", help="SQLite file")
    ledger.add_argument("--chat", help="PLATFORM:CHAT_ID (default: the newest session in the database)")
    ledger.add_argument("--json", action="store_true", help="one JSON object on stdout")
    ledger.add_argument("--lang", choices=LOCALES)

    score = sub.add_parser(
        "score",
        help="score one hand message",
        description=(
            "Score the tiles of one winning hand (DESIGN §4 notation) and print the best reading. "
            "A bare fan count such as 12番 is for the chat (B 食 A 12番); it has no tiles to score here."
        ),
    )
    score.add_argument("hand", nargs="+", help="the hand's tiles, e.g. '一二三萬 四五六萬 … 摸 東'")
    score.add_argument("--seat", metavar="東|南|西|北", help="seat wind 門風 (default 東)")
    score.add_argument("--round", metavar="東|南|西|北", help="round wind 圈風 (default 東)")
    score.add_argument(
        "--dealer", action="store_true", help="the winner is the dealer (adds 2n+1; the dealer sits at 東)"
    )
    score.add_argument("--streak", metavar="N", help=f"連莊 n, 0-{MAX_STREAK} as 連N in a hand (default 0)")
    score.add_argument(
        "--rules",
        default="hk-taiwan",
        help="game (hk-taiwan, taiwan, hk-old) or a TOML rules file (default hk-taiwan)",
    )
    score.add_argument("--json", action="store_true", help="exactly one JSON object on stdout")
    score.add_argument("--lang", choices=LOCALES)

    waits = sub.add_parser(
        "waits",
        help="what a hand one tile short of a win waits on",
        description=(
            "The tiles that complete a hand one tile short of a win (16 tiles, 13 at hk-old; no winning "
            "tile), each with what it scores on a discard (食) and self-drawn (摸), the best first."
        ),
    )
    waits.add_argument("tiles", nargs="+", help="the hand's tiles, e.g. '一二三萬 四五六萬 … 中中中 東'")
    waits.add_argument(
        "--rules",
        default="hk-taiwan",
        help="game (hk-taiwan, taiwan, hk-old) or a TOML rules file (default hk-taiwan)",
    )
    waits.add_argument("--json", action="store_true", help="exactly one JSON object on stdout")
    waits.add_argument("--lang", choices=LOCALES)

    migrate = sub.add_parser("migrate", help="bring the database schema up to date")
    migrate.add_argument("--db", help="SQLite file")
    for parser in (p, chat, ledger, score, waits, migrate):
        parser.json_errors = json_errors  # type: ignore[attr-defined]
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
    argv = list(sys.argv[1:] if argv is None else argv)
    args = build_parser(json_errors=wants_json(argv)).parse_args(argv)
    if getattr(args, "db", None) is None:
        args.db = args.top_db
    if getattr(args, "lang", None) is None:
        args.lang = args.top_lang
    settings = _settings()
    lang = normalize_locale(getattr(args, "lang", None) or settings.default_locale)
    with use_locale(lang):
        if args.command == "score":
            return _score(args)
        if args.command == "waits":
            return _waits(args)
        if args.command == "ledger":
            return asyncio.run(_ledger(args, settings))
        if args.command == "migrate":
            return asyncio.run(_migrate(args, settings))
        if args.command is None and settings.has_platform_token:
            from taipai.bot.app import run_bots

            return asyncio.run(run_bots(settings, _database_url(None, settings), lang))
        export_dir = getattr(args, "export_dir", None)
        return asyncio.run(_chat(getattr(args, "db", None), lang, settings, export_dir))


# ---------------------------------------------------------------------------------------- chat
async def _open_store(db: str | None, settings: Any) -> Any:
    """The store, checked (:func:`taipai.bot.store.health.open_checked`), or ``None`` after one line
    on stderr saying why not."""
    from taipai.bot.store.health import DatabaseUnavailable, open_checked

    url = _database_url(db, settings)
    try:
        return await open_checked(url)
    except DatabaseUnavailable as exc:
        # the driver's words only, not SQLAlchemy's "Background on this error" link
        print(_("Cannot open the database: {error}").format(error=exc.reason), file=sys.stderr)
        return None


async def _chat(db: str | None, lang: str, settings: Any, export_dir: str | None = None) -> int:
    from taipai.bot.console import run_console
    from taipai.bot.service import Service

    store = await _open_store(db, settings)
    if store is None:
        return 1
    try:
        # the terminal is the user's own machine: /export writes the file there and says where
        service = Service(
            store,
            locale=lang,
            export_files=True,
            export_dir=export_dir,
            stats_timezone=getattr(settings, "stats_timezone", "Asia/Hong_Kong"),
        )
        return await run_console(service)
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
    from taipai.core.registry import system_by_id
    from taipai.core.table import state_to_dict
    from taipai.core.table.codec import event_from_dict
    from taipai.core.table.machine import replay

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
    from taipai.bot.store.health import describe, is_database_error

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
    except Exception as exc:  # a damaged page found by these reads: one line, never a traceback
        if not is_database_error(exc):
            raise
        print(_("The database is unavailable: {error}").format(error=describe(exc)), file=sys.stderr)
        return 1
    finally:
        await store.close()
    state = replay(event_from_dict(r.payload) for r in rows)
    if args.json:
        out = state_to_dict(state)
        out["amounts"] = system_by_id(state.system).table.amounts  # balances in fan units or in money
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
    from taipai.bot.service.history import history_items

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
    from taipai.core.registry import DEFAULT_SYSTEM, system_by_name, system_of_source
    from taipai.core.system import Seat
    from taipai.core.tiles import EAST

    text = " ".join(args.hand)
    game = DEFAULT_SYSTEM  # the game whose unit and words a refusal uses, once --rules is read
    try:
        seat = Seat(
            dealer=args.dealer,
            streak=option_streak(args.streak or "0"),
            round_wind=EAST + option_wind("round", args.round or "東"),
            seat_wind=EAST + option_wind("seat", args.seat or "東"),
        )
        refuse_bare_count(text)
        system = system_of_source(args.rules)
        game = system.id
        rules = system.load_rules(None if system_by_name(args.rules) else args.rules)
        # a rules file may carry the table settings a score reads (hk-old's [options]: 最大, 花, 清一色)
        from_file = getattr(rules, "table_settings", ())
        table = system.table
        options = table.options_from_dict(dict(from_file)) if from_file else table.default_options()
        scored = system.score(text, seat, rules, options, table_seat=False)
        check_context(args, seat, scored.said)
        score = scored.score
    except HandError as err:
        if args.json:
            print(json.dumps({"ok": False, "error": err.as_dict()}, ensure_ascii=False))
        else:
            print(render.hand_error(err, counts_accepted=False, system_id=game), file=sys.stderr)
        return 2
    if args.json:
        out = score.to_dict()
        if system.id != DEFAULT_SYSTEM:  # DESIGN §5: other systems add their id and unit
            out = {"ok": out.pop("ok"), "system": system.id, "unit": system.unit, **out}
        print(json.dumps(out, ensure_ascii=False))
        return 0
    unit = None if system.id == DEFAULT_SYSTEM else system.unit
    print("\n".join(score_lines(score, unit, system.words)))
    return 0


# ---------------------------------------------------------------------------------------- waits
def _waits(args: argparse.Namespace) -> int:
    """``taipai waits TILES [--rules …] [--json]``: the tiles a hand one short of a win waits on and
    what each scores (:func:`taipai.core.waiting.find_waits`, the function the chat's 聽 answers with),
    in the chat's words (:func:`taipai.bot.service.calc.waits_lines`) or as one JSON object
    (:meth:`taipai.core.waiting.Waits.to_dict`, with ``system`` and ``unit``).  Exit status 0 with an
    answer (waiting or not), 2 for bad input (the hand's error; ``usage``)."""
    from taipai.bot.service import render
    from taipai.bot.service.calc import has_winning_tile, waits_lines, waits_over_budget
    from taipai.core.errors import HandError
    from taipai.core.registry import DEFAULT_SYSTEM, system_by_name, system_of_source
    from taipai.core.waiting import find_waits

    text = " ".join(args.tiles)
    game = DEFAULT_SYSTEM
    try:
        system = system_of_source(args.rules)
        game = system.id
        rules = system.load_rules(None if system_by_name(args.rules) else args.rules)
        from_file = getattr(rules, "table_settings", ())  # hk-old's [options]: 最大, 花, 清一色, 起糊
        table = system.table
        options = table.options_from_dict(dict(from_file)) if from_file else table.default_options()
        waits = find_waits(system, text, rules, options)
    except HandError as err:
        if args.json:
            print(json.dumps({"ok": False, "error": err.as_dict()}, ensure_ascii=False))
        elif err.code == "two_winning_tiles":
            print(has_winning_tile(err, 0), file=sys.stderr)
        elif err.code == "over_budget":
            print(waits_over_budget(game), file=sys.stderr)
        else:
            print(render.hand_error(err, counts_accepted=False, system_id=game), file=sys.stderr)
        return 2
    if args.json:
        out = {"ok": True, "system": system.id, "unit": system.unit, **waits.to_dict()}
        print(json.dumps(out, ensure_ascii=False))
        return 0
    print("\n".join(waits_lines(system.id, options, waits)))
    return 0


def check_context(args: argparse.Namespace, given: Any, said: Any) -> None:
    """Refuse ``taipai score`` options that the hand's own words contradict, and a dealer who does
    not sit at 東.

    ``given`` is the :class:`~taipai.core.handspec.Situation` of the options, ``said`` the one the
    hand message ends with (its words 莊, 連N, X圈, X位 set fields of ``given``).  An option given
    explicitly and a word that says otherwise (``--streak 2`` with 連3, ``--seat 西`` with 南位) would
    leave one of them silently unused; the dealer sits at 東 (seat winds move with the deal), so 莊
    or ``--dealer`` with another seat wind cannot be scored.

    Raises:
        HandError: ``bad_context`` with ``hint_args["field"]`` ``option_conflict`` (token: the option
            as typed) or ``dealer_seat`` (token: the dealer and seat as given).
    """
    from taipai.core.errors import HandError
    from taipai.core.tiles import EAST

    options = (("streak", args.streak, "--streak"), ("round_wind", args.round, "--round"))
    options += (("seat_wind", args.seat, "--seat"),)
    for name, raw, flag in options:
        if raw is not None and getattr(said, name) != getattr(given, name):
            token = f"{flag} {raw}"
            raise HandError(
                "bad_context",
                f"{token} and the hand's own words say different things",
                token=token,
                hint="write the streak, round or seat once: as an option or in the hand",
                hint_args={"token": token, "field": "option_conflict"},
            )
    if said.dealer and said.seat_wind != EAST:
        token = ("--dealer" if args.dealer else "莊") + f" {WIND_CHOICES[said.seat_wind - EAST]}位"
        raise HandError(
            "bad_context",
            "the dealer sits at 東",
            token=token,
            hint="the dealer's seat wind is 東 (seat winds move with the deal)",
            hint_args={"token": token, "field": "dealer_seat"},
        )


def refuse_bare_count(text: str) -> None:
    """Refuse a bare fan count (``12番``, ``十二番``): ``taipai score`` scores tiles only.

    DESIGN §5: ``score`` 「prints the best reading」, with ``patterns`` whose fan add up to ``fan``
    and the ``reading``; a bare count has neither (in the chat, ``B 食 A 12番`` books it).

    Args:
        text: the hand message as given.

    Raises:
        HandError: code ``bare_count``, ``token`` the text, when ``text`` is a bare count (also one
            too large for the chat, which is no hand either).
    """
    from taipai.bot.service.parse import CommandError, read_count
    from taipai.core.errors import HandError

    try:
        count = read_count(text)
    except CommandError:
        count = -1
    if count is None:
        return
    token = text.strip()
    raise HandError(
        "bare_count",
        f"{token!r} is a bare fan count; taipai score scores the tiles of a hand",
        token=token,
        hint="write the tiles, e.g. 一二三萬 … 摸 東; a bare count is booked in the chat (B 食 A 12番)",
        hint_args={"token": token},
    )


def option_streak(raw: str) -> int:
    """``--streak N`` as a count 0..:data:`~taipai.core.handspec.MAX_STREAK`, the limit of ``連N``.

    Args:
        raw: the option's text (digits; full-width digits too).

    Raises:
        HandError: ``bad_context`` (token ``--streak RAW``), the same error as ``連100`` in a hand
            (:func:`taipai.core.handspec.streak_error`).
    """
    from taipai.core.handspec import streak_error

    text = raw.strip()
    if text.isdecimal() and len(text) <= len(str(MAX_STREAK)) and int(text) <= MAX_STREAK:
        return int(text)
    raise streak_error(f"--streak {raw}", f"bad option --streak {raw!r}")


def option_wind(field: str, raw: str) -> int:
    """``--seat`` / ``--round`` as an offset from 東 (0..3).

    Args:
        field: ``"seat"`` or ``"round"``.
        raw: the option's text, one of :data:`WIND_CHOICES`.

    Raises:
        HandError: ``bad_context`` (token ``--FIELD RAW``, ``hint_args["field"]`` = ``field``).
    """
    from taipai.core.errors import HandError

    if raw.strip() in WIND_CHOICES:
        return WIND_CHOICES.index(raw.strip())
    token = f"--{field} {raw}"
    raise HandError(
        "bad_context",
        f"bad option --{field} {raw!r}",
        token=token,
        hint=f"the {field} wind is one of {' '.join(WIND_CHOICES)}",
        hint_args={"token": token, "field": field},
    )


def score_lines(score: Any, unit: str | None = None, words: Any = None) -> list[str]:
    """Human output of ``taipai score``: the pattern table, the totals, the reading and the waits.

    ``unit`` is the system's unit (台, 翻) when it has no 底 in its count; ``None`` for 港式台牌
    (fan + 底 × base fan).  ``words``: the system's context words, to name those not counted."""
    from taipai.core.tiles import name_zh

    rows = [(p.name + (f" ×{p.count}" if p.count > 1 else ""), str(p.fan)) for p in score.patterns]
    width = max([_width(_("Pattern"))] + [_width(n) for n, _f in rows])
    lines = [_pad(_("Pattern"), width) + "  " + (unit or _("Fan"))]
    lines += [_pad(n, width) + "  " + f.rjust(3) for n, f in rows]
    if unit is None:
        lines.append(
            _("Fan {fan} + {bases} × 底 {base_fan} = {total}").format(
                fan=score.fan, bases=score.bases, base_fan=score.base_fan, total=score.total
            )
        )
    else:
        lines.append(_("Total: {count} {unit}").format(count=score.fan, unit=unit))
    lines.append(_("Reading: {groups}").format(groups=" ".join(score.reading)))
    from taipai.bot.service.render import double_reading_lines, score_notes

    lines += double_reading_lines(score)
    if score.waits:
        lines.append(_("Waits: {tiles}").format(tiles=" ".join(name_zh(t) for t in score.waits)))
    lines += score_notes(score, words)
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
