"""戰績, 排行榜, 新賽季 and 匯出 賽季 (issue 15 items 6 and 9): the chat-facing side of :mod:`.stats`.

- ``戰績 [今晚|本月|賽季|全部]`` / ``/stats [session|month|season|all]``: each player's hands won,
  自摸, 出銃, biggest hand (per unit, with the hand it was) and net money.  Default: the open session,
  else the chat's last one.
- ``排行榜 [本月|賽季|全部]`` / ``/leaderboard [month|season|all]``: players by net money, with hands
  won and win rate.  Default: the current season.
- ``新賽季`` / ``/season``: a chat admin or the creator of the chat's latest table starts the next
  season (:func:`~.identity.may_start_season`); anyone else is told why not, with the current
  season's number and start.  A season with no table yet is not closed (a message delivered twice,
  or two taps, does not make an empty season).
- ``匯出 賽季`` / ``/export season``: one CSV of every session of the current season
  (:func:`season_csv`), sent as a document (the terminal writes it to a file).

Periods: "this month" is the calendar month of the chat's clock in :attr:`StatsBook.zone`
(``STATS_TIMEZONE``, Asia/Hong_Kong by default, :mod:`taipai.bot.settings`); a session belongs to the
month, season and night it was opened in.  Every figure is replayed from the event log; a session's
figures are kept in memory by its last ``seq`` (:class:`StatsBook`), so a new event is always seen.
"""

from __future__ import annotations

import asyncio
import csv
import io
import re
import unicodedata
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from datetime import UTC, datetime
from fractions import Fraction
from pathlib import Path
from typing import Any, Protocol
from zoneinfo import ZoneInfo

from babel.dates import format_skeleton

from taipai.bot import money_format
from taipai.bot.i18n import _, current_locale
from taipai.bot.service import identity, render
from taipai.bot.service.export import CSV_COLUMNS, export_name, session_csv, write_file
from taipai.bot.service.lru import LRUDict
from taipai.bot.service.parse import EXPORT_WORDS, LEADERBOARD_WORDS, NEW_SEASON_WORDS, STATS_WORDS
from taipai.bot.service.reply import Document, Reply
from taipai.bot.service.stats import (
    Biggest,
    PlayerFigures,
    SessionFigures,
    add_up,
    currencies_of,
    ranked,
    session_figures,
)
from taipai.bot.store import ChatRef, SessionRow, Store
from taipai.bot.store.chats import ChatData
from taipai.bot.store.seasons import SeasonData, SeasonRow, SeasonTaken, SessionSpan
from taipai.core.registry import SYSTEMS
from taipai.core.table import TableState
from taipai.core.table.codec import event_from_dict
from taipai.core.table.machine import replay

DEFAULT_TIMEZONE = "Asia/Hong_Kong"
"""The time zone whose calendar month 本月 means, unless ``STATS_TIMEZONE`` says otherwise."""

FIGURES_CACHE = 4096
"""Sessions whose figures are kept in memory (by last ``seq``; others are replayed on use)."""

SCOPES = ("session", "month", "season", "all")
"""What a period may be: this session, this calendar month, the current season, all time."""

SCOPE_WORDS: dict[str, str] = {
    **dict.fromkeys(("今晚", "今場", "今场", "今鋪", "session", "tonight", "night"), "session"),
    **dict.fromkeys(("本月", "今個月", "今个月", "month"), "month"),
    **dict.fromkeys(("賽季", "赛季", "今季", "本季", "season"), "season"),
    **dict.fromkeys(("全部", "所有", "總", "总", "all"), "all"),
}
"""The words after 戰績 / 排行榜 (and the slash forms' arguments) → a scope of :data:`SCOPES`."""

_SLASH = re.compile(r"^/([A-Za-z_]+)(?:@\S+)?(?:\s+(.*))?$", re.S)
_SLASH_KINDS = {"stats": "stats", "leaderboard": "leaderboard", "season": "season"}


@dataclass(frozen=True, slots=True)
class Asked:
    """A command of this module: ``kind`` is ``stats``, ``leaderboard``, ``season`` or
    ``export_season``; ``scope`` one of :data:`SCOPES` (``""``: the default); ``bad`` the words after
    it that are not a scope (the reply says what is taken)."""

    kind: str
    scope: str = ""
    bad: str = ""


def parse_standings(text: str) -> Asked | None:
    """``戰績 本月`` → ``Asked("stats", "month")``; ``/leaderboard`` → ``Asked("leaderboard")``;
    ``新賽季`` / ``/season`` → ``Asked("season")``; ``匯出 賽季`` / ``/export season`` →
    ``Asked("export_season")``.  A word that is not a period comes back in ``bad``.  ``None`` for
    anything else (``/export`` alone and ``匯出`` alone are the session's export, :mod:`.parse`)."""
    raw = unicodedata.normalize("NFKC", text).strip().rstrip("?？").strip()
    m = _SLASH.match(raw)
    if m:
        name, rest = m.group(1).lower(), (m.group(2) or "").strip()
        if name == "export":
            return Asked("export_season") if rest.lower() in ("season", "賽季", "赛季") else None
        kind = _SLASH_KINDS.get(name)
        return None if kind is None else _scoped(kind, rest.split())
    words = raw.split()
    if not words:
        return None
    head, rest_words = words[0], words[1:]
    if head in STATS_WORDS:
        return _scoped("stats", rest_words)
    if head in LEADERBOARD_WORDS:
        return _scoped("leaderboard", rest_words)
    if head in NEW_SEASON_WORDS:
        return Asked("season", bad=" ".join(rest_words))
    if head in EXPORT_WORDS and rest_words:
        if len(rest_words) == 1 and SCOPE_WORDS.get(rest_words[0]) == "season":
            return Asked("export_season")
        return Asked("export_season", bad=" ".join(rest_words))
    return None


def _scoped(kind: str, rest: Sequence[str]) -> Asked:
    if kind == "season":
        return Asked(kind, bad=" ".join(rest))
    if not rest:
        return Asked(kind)
    scope = SCOPE_WORDS.get(rest[0].lower()) if len(rest) == 1 else None
    return Asked(kind, scope) if scope else Asked(kind, bad=" ".join(rest))


class Tables(Protocol):
    """What this module needs of the :class:`~taipai.bot.service.service.Service`."""

    store: Store
    chats: ChatData
    locale: str
    stats_book: StatsBook

    async def state_of(self, session: SessionRow, *, last_seq: int | None = None) -> tuple[int, TableState]:
        """``(last seq, state)`` of a session (cached, replayed from the log)."""
        ...

    async def chat_locale(self, chat: ChatRef) -> str | None:
        """The chat's language, or ``None``."""
        ...

    async def set_chat_locale(self, chat: ChatRef, locale: str) -> None:
        """Store the chat's language."""
        ...


@dataclass(frozen=True, slots=True)
class Night:
    """A session as the stats see it: ``number`` is its place among the chat's sessions (第1場 …),
    ``span`` its row and last seq, ``figures`` what it adds up to and ``state`` its table (``None``
    unless asked for: :meth:`StatsBook.nights`)."""

    number: int
    span: SessionSpan
    figures: SessionFigures
    state: TableState | None


class StatsBook:
    """Reads a chat's sessions and their figures (replayed from the log, kept by last ``seq``).

    Args:
        store: an open :class:`~taipai.bot.store.Store`.
        timezone: an IANA zone name (``Asia/Hong_Kong``): the calendar of 本月 and of the dates shown.

    Raises:
        ZoneInfoNotFoundError: ``timezone`` is not a known zone.
    """

    def __init__(self, store: Store, timezone: str = DEFAULT_TIMEZONE) -> None:
        self.data = SeasonData(store)
        self.zone = ZoneInfo(timezone)
        self.cache: LRUDict[int, tuple[int, SessionFigures]] = LRUDict(FIGURES_CACHE)

    def local(self, moment: datetime) -> datetime:
        """``moment`` (aware) in :attr:`zone`."""
        return moment.astimezone(self.zone)

    def month_bounds(self, now: datetime) -> tuple[datetime, datetime]:
        """``(start, end)`` (aware UTC) of the calendar month in :attr:`zone` that ``now`` is in."""
        here = self.local(now)
        start = here.replace(day=1, hour=0, minute=0, second=0, microsecond=0)
        if start.month == 12:
            after = start.replace(year=start.year + 1, month=1)
        else:
            after = start.replace(month=start.month + 1)
        return start.astimezone(UTC), after.astimezone(UTC)

    async def nights(self, spans: Sequence[tuple[int, SessionSpan]], *, states: bool = False) -> list[Night]:
        """The figures of these ``(number, span)`` sessions: from the cache when it holds them at their
        last seq, else replayed from one read of their events, in a worker thread (a long past must
        not hold up the other chats).  Sessions without events are left out.

        ``states``: replay every session and keep its table state in :attr:`Night.state` (for the
        CSV); otherwise ``state`` is ``None`` and only figures are kept in memory (a state holds
        every step of its session, a figure a few numbers)."""
        missing = [s.session.id for _n, s in spans if s.last_seq and (states or self._cached(s) is None)]
        logs = await self.data.payloads(missing) if missing else {}
        replayed = await asyncio.to_thread(_replay_all, [s for _n, s in spans if s.session.id in logs], logs)
        out: list[Night] = []
        for number, span in spans:
            if span.session.id in replayed:
                figures, state = replayed[span.session.id]
                self.cache[span.session.id] = (span.last_seq, figures)
                out.append(Night(number, span, figures, state if states else None))
                continue
            cached = self._cached(span)
            if cached is not None:
                out.append(Night(number, span, cached, None))
        return out

    def _cached(self, span: SessionSpan) -> SessionFigures | None:
        got = self.cache.get(span.session.id)
        if got is None or got[0] != span.last_seq:
            return None
        # 貨幣 at an open table changes its currency without an event: replay it then
        currency = span.session.currency or money_format.DEFAULT_CURRENCY
        return got[1] if got[1].currency == currency else None


def _replay_all(
    spans: Sequence[SessionSpan], logs: Mapping[int, Sequence[Mapping[str, Any]]]
) -> dict[int, tuple[SessionFigures, TableState]]:
    """Each session's log replayed (:func:`~taipai.core.table.machine.replay`, as stored) and its
    figures; a session whose log is empty is left out."""
    out: dict[int, tuple[SessionFigures, TableState]] = {}
    for span in spans:
        payloads = logs.get(span.session.id)
        if payloads:
            state = replay(event_from_dict(dict(p)) for p in payloads)
            figures = session_figures(span.session.id, span.session.created_at, state, span.session.currency)
            out[span.session.id] = (figures, state)
    return out


# ------------------------------------------------------------------------------------------- reading
async def _numbered(book: StatsBook, chat: ChatRef) -> list[tuple[int, SessionSpan]]:
    return list(enumerate(await book.data.spans(chat), start=1))


async def _season_start(book: StatsBook, chat: ChatRef, season: SeasonRow) -> datetime | None:
    """When ``season`` started: its row's time, season 1's the chat's first session (``None``: none)."""
    return season.started_at if season.started_at is not None else await book.data.first_session_at(chat)


async def _period(
    service: Tables, chat: ChatRef, scope: str
) -> tuple[str, list[tuple[int, SessionSpan]], bool] | None:
    """``(the period in words, its numbered sessions, one session only)``; ``None`` when the chat has
    never had a table (for the session scope)."""
    book = service.stats_book
    numbered = await _numbered(book, chat)
    if scope == "session":
        if not numbered:
            return None
        open_ones = [(n, s) for n, s in numbered if s.session.status == "open"]
        number, span = (open_ones or numbered)[-1]
        words = _("this session (no. {n}, {date})") if open_ones else _("the last session (no. {n}, {date})")
        return words.format(n=number, date=_date(book, span.session.created_at)), [(number, span)], True
    if scope == "month":
        start, end = book.month_bounds(service.store.now())
        month = format_skeleton("yMMMM", book.local(service.store.now()), locale=current_locale())
        chosen = [(n, s) for n, s in numbered if start <= s.session.created_at < end]
        return _("this month ({month})").format(month=month), chosen, False
    if scope == "season":
        season = await book.data.current_season(chat)
        since = await _season_start(book, chat, season)
        chosen = [(n, s) for n, s in numbered if since is None or s.session.created_at >= since]
        if since is None:
            return _("season {n}").format(n=season.number), chosen, False
        return _("season {n} (since {date})").format(n=season.number, date=_date(book, since)), chosen, False
    return _("all time"), numbered, False


def _date(book: StatsBook, moment: datetime) -> str:
    return format_skeleton("MMMd", book.local(moment), locale=current_locale())


SEASON_COLUMNS: tuple[str, ...] = ("session", "opened", "game", *CSV_COLUMNS)
"""Columns of :func:`season_csv`: the session's place among the chat's sessions (1 = its first
table), the day it was opened (ISO ``2026-12-01``, the chat's calendar), its game's id
(``hk-taiwan``, ``taiwan``, ``hk-old``), then :data:`CSV_COLUMNS` as :func:`session_csv` writes them."""


def season_csv(nights: Sequence[tuple[int, str, TableState, str | None]]) -> str:
    """Several sessions as one CSV text (``/export season``): header :data:`SEASON_COLUMNS`, then
    every row of each session's :func:`session_csv` (without its header, its ``note`` money in that
    session's own currency), prefixed with the session's ``(number, opened day, game)``.
    ``nights``: ``(number, ISO day, state, currency)`` in the order to write them (``currency``: the
    session's ISO code, ``None`` = HKD).  ``\\r\\n`` line ends; the caller adds the BOM when it writes
    the bytes.  Raises nothing for states the table machine made."""
    out = io.StringIO()
    w = csv.writer(out)
    w.writerow(SEASON_COLUMNS)
    for number, day, state, currency in nights:
        with money_format.use_currency(currency):
            text = session_csv(state)
        rows = csv.reader(io.StringIO(text.lstrip("\ufeff"), newline=""))
        next(rows)  # that session's header
        for row in rows:
            w.writerow([number, day, state.system, *row])
    return out.getvalue()


# ------------------------------------------------------------------------------------------- replies
async def answer(
    service: Tables,
    chat: ChatRef,
    speaker: str,
    member: identity.Member | None,
    asked: Asked,
    *,
    export_dir: Path | None = None,
) -> list[Reply]:
    """The reply to ``asked`` in ``chat`` (the current locale); books nothing but a new season.

    ``export_dir``: where the terminal writes ``匯出 賽季``'s file (``None``: only send it as a
    document).  Raises nothing for bad input (that is a reply); store errors propagate."""
    if asked.kind == "export_season":
        if asked.bad:
            return [Reply(_("匯出 exports this session; 匯出 賽季 (/export season) the whole season."))]
        return [await _export_season(service, chat, export_dir)]
    if asked.kind == "season":
        if asked.bad:
            return [Reply(_("新賽季 (/season) takes nothing after it."))]
        return [await _new_season(service, chat, speaker, member)]
    if asked.bad:
        if asked.kind == "stats":
            text = _("戰績 takes 今晚, 本月, 賽季 or 全部 (/stats session|month|season|all), not 「{word}」.")
        else:
            text = _("排行榜 takes 本月, 賽季 or 全部 (/leaderboard month|season|all), not 「{word}」.")
        return [Reply(text.format(word=asked.bad))]
    scope = asked.scope or ("session" if asked.kind == "stats" else "season")
    period = await _period(service, chat, scope)
    if period is None:
        return [Reply(_("No table yet: the figures start with the first 開枱 A B C D."))]
    words, chosen, single = period
    nights = [n for n in await service.stats_book.nights(chosen) if not n.figures.empty]
    if not nights:
        return [Reply(_("Nothing played in {period} yet.").format(period=words))]
    book = service.stats_book
    if asked.kind == "stats":
        return [Reply("\n".join(stats_lines(book, words, nights, single)))]
    return [Reply("\n".join(leaderboard_lines(words, nights)))]


def stats_lines(book: StatsBook, period: str, nights: Sequence[Night], single: bool) -> list[str]:
    """The 戰績 reply: a head naming the period (sessions and hands), one line per player (most net
    money first), then how players are matched and the other periods.

    Money is one figure per currency (:func:`nets`); players are ranked by the money of the current
    currency (:func:`~taipai.bot.money_format.current_currency`: the open table's, else the chat's;
    when no session was in it, the first currency played), as :func:`~.stats.ranked` says."""
    first = money_format.current_currency()
    players = add_up(n.figures for n in nights)
    order = currencies_of(players, first)
    players = ranked(players, order[0] if order else first)
    hands = sum(n.figures.hands for n in nights)
    lines = [
        _("Stats for {period} (sessions: {sessions}, hands: {hands}):").format(
            period=period, sessions=len(nights), hands=hands
        )
    ]
    for p in players:
        shown = {
            "name": p.name,
            "sessions": p.sessions,
            "hands": p.hands,
            "won": p.won,
            "self_drawn": p.self_drawn,
            "dealt_in": p.dealt_in,
            "biggest": _biggest(book, p, single),
            "net": nets(p, order),
        }
        if p.sessions == 1:
            line = _(
                "{name}: won {won}/{hands} hands ({self_drawn} 自摸), 出銃 {dealt_in}, "
                "biggest {biggest}, {net}"
            )
        else:
            line = _(
                "{name}, {sessions} sessions: won {won}/{hands} hands ({self_drawn} 自摸), "
                "出銃 {dealt_in}, biggest {biggest}, {net}"
            )
        lines.append("  " + line.format(**shown))
    if len(order) > 1:
        lines.append(apart(order))
    lines.append(
        _(
            "Players are matched across sessions by the names typed at 開枱. Money adds up over every game; "
            "the biggest hand is kept per unit ({units}). Also: 戰績 今晚, 本月, 賽季, 全部; 排行榜."
        ).format(units=_(", ").join(_("fan") if u == "番" else u for u in units()))  # as a hand says 番
    )
    return lines


def units() -> tuple[str, ...]:
    """The units a hand is counted in at the games taipai keeps (each registered system's
    :attr:`~taipai.core.system.RuleSystem.unit`, once each, in registry order): ``番``, ``台``, ``翻``,
    ``油``, ``胡``, ``排``; 戰績 keeps a biggest hand per unit."""
    return tuple(dict.fromkeys(s.unit for s in SYSTEMS.values()))


def nets(p: PlayerFigures, order: Sequence[str]) -> str:
    """A player's net money, one signed figure per currency in ``order`` (ISO codes) that they have
    money in, joined by the list separator: ``+HK$756、+NT$1,150`` (never one figure for two
    currencies)."""
    return _(", ").join(
        money_format.money(p.money[code], sign=True, currency=code) for code in order if code in p.money
    )


def apart(order: Sequence[str]) -> str:
    """The line saying money of several currencies is kept apart and which one ranks: ``order``'s
    first (ISO codes, the current currency first)."""
    return _(
        "Money in different currencies is never added up: each is shown on its own; players are "
        "ranked by their money in {symbol}."
    ).format(symbol=money_format.symbol(order[0]))


def _biggest(book: StatsBook, p: PlayerFigures, single: bool) -> str:
    if not p.biggest:
        return _("none")
    parts = []
    for unit, best in p.biggest.items():
        parts.append(_where(book, best, count_in(best.count, unit), single))
    return _(", ").join(parts)


def count_in(count: int, unit: str) -> str:
    """A biggest hand's count as the hand replies write it: ``12 fan`` in English (「12番」 in
    Cantonese), ``8台``, ``5翻`` in both; grouped in thousands when large (``1,024翻``)."""
    shown = money_format.count(count)
    return _("{n} fan").format(n=shown) if unit == "番" else f"{shown}{unit}"


def _where(book: StatsBook, best: Biggest, count: str, single: bool) -> str:
    if single:
        return _("{count} (hand {hand})").format(count=count, hand=best.hand)
    date = _date(book, best.opened)
    return _("{count} ({date}, hand {hand})").format(count=count, date=date, hand=best.hand)


def sessions(n: int) -> str:
    """``n`` sessions in words: ``1 session``, ``3 sessions`` (zh ``1場``, ``3場``)."""
    return _("1 session") if n == 1 else _("{n} sessions").format(n=n)


def percent(rate: Fraction) -> str:
    """A win rate (0 to 1, exact) as a whole percent, half up: ``3/8`` → ``38%``, ``1/3`` → ``33%``."""
    return f"{int(rate * 100 + Fraction(1, 2))}%"


def leaderboard_lines(period: str, nights: Sequence[Night]) -> list[str]:
    """The 排行榜 reply: players ranked by net money (then win rate, wins, name), each with their
    hands won of hands played and the win rate.  Money is one figure per currency (:func:`nets`);
    the rank is by the money of the current currency (the open table's, else the chat's; then win
    rate, wins, name), and a line says so when there are several (:func:`apart`)."""
    first = money_format.current_currency()
    players = add_up(n.figures for n in nights)
    order = currencies_of(players, first)
    players = ranked(players, order[0] if order else first)
    lines = [_("Leaderboard, {period}:").format(period=period)]
    for rank, p in enumerate(players, start=1):
        lines.append(
            "  "
            + _("{rank}. {name} {net}: won {won}/{hands} hands ({rate})").format(
                rank=rank,
                name=p.name,
                net=nets(p, order),
                won=p.won,
                hands=p.hands,
                rate=percent(p.win_rate),
            )
        )
    if len(order) > 1:
        lines.append(apart(order))
    lines.append(_("Ranked by net money; win rate = hands won / hands played. Names as typed at 開枱."))
    return lines


async def _new_season(service: Tables, chat: ChatRef, speaker: str, member: identity.Member | None) -> Reply:
    book = service.stats_book
    season = await book.data.current_season(chat)
    since = await _season_start(book, chat, season)
    who = member.display if member is not None else speaker
    if not await identity.may_start_season(service, chat, speaker, member):
        if since is None:
            now = _("This is season 1; it starts with the chat's first table.")
        else:
            now = _("This is season {n}, since {date}.").format(n=season.number, date=_date(book, since))
        return Reply(
            _(
                "{name}: only a chat admin or whoever opened the last table can start a new season. {now}"
            ).format(name=who, now=now)
        )
    numbered = await _numbered(book, chat)
    played = [s for _n, s in numbered if since is not None and s.session.created_at >= since]
    if not played:
        if since is None:
            return Reply(_("This is season 1; it starts with the chat's first table."))
        return Reply(
            _(
                "Season {n} (since {date}) has no table yet: a new season starts after one has been played."
            ).format(n=season.number, date=_date(book, since))
        )
    try:
        new = await book.data.start_season(chat, season.number + 1, who)
    except SeasonTaken:
        return Reply(_("Season {n} has just been started.").format(n=season.number + 1))
    assert new.started_at is not None
    return Reply(
        _(
            "Season {n} starts now ({date}), started by {who}; season {prev} had {sessions}. "
            "戰績 賽季 and 排行榜 count from here."
        ).format(
            n=new.number,
            date=_date(book, new.started_at),
            who=who,
            prev=season.number,
            sessions=sessions(len(played)),
        )
    )


async def _export_season(service: Tables, chat: ChatRef, export_dir: Path | None) -> Reply:
    book = service.stats_book
    season = await book.data.current_season(chat)
    since = await _season_start(book, chat, season)
    numbered = await _numbered(book, chat)
    chosen = [(n, s) for n, s in numbered if since is not None and s.session.created_at >= since]
    nights = await book.nights(chosen, states=True)
    if not nights:
        return Reply(_("Season {n} has no table yet: nothing to export.").format(n=season.number))
    assert since is not None
    rows = [
        (n.number, book.local(n.span.session.created_at).date().isoformat(), n.state, n.span.session.currency)
        for n in nights
        if n.state is not None
    ]
    data = season_csv(rows).encode("utf-8-sig")  # the BOM: Excel reads the file as UTF-8
    # named as a session's export (the database's name and hash): two databases in one folder never clash
    name = export_name(service.store, chat, 0).removesuffix("-session0.csv") + f"-season{season.number}.csv"
    caption = _("Season {n} · since {date} · {sessions}").format(
        n=season.number, date=_date(book, since), sessions=sessions(len(nights))
    )
    # the ISO codes the CSV's plain numbers are in, each session's own (its notes name them too)
    caption += " · " + ", ".join(dict.fromkeys(n.figures.currency for n in nights))
    document = Document(name, data, caption)
    if export_dir is None:
        return Reply(caption, document=document)
    path = export_dir / name
    try:
        await asyncio.to_thread(write_file, path, data)
    except OSError as exc:
        return Reply(render.export_not_written(str(path.parent), exc.strerror or str(exc)))
    return Reply(_("{caption}: written to {path}").format(caption=caption, path=path), document=document)
