"""A session's history as rows, and as CSV (issue 4 item 6: ``/history`` and ``/export``).

Pure functions of a :class:`~taipai.core.table.TableState` (no I/O, no clock), and the one read of the
store that numbers a session in its chat (:func:`session_number`): the service writes the CSV to a
file for the terminal only; the bots build it in memory and send it as a document
(:func:`session_document`: UTF-8 with a BOM, so Excel opens it, captioned 「第1場 · 11月30日 · 23鋪 · HKD」),
nothing is kept on the server.

The CSV keeps plain numbers (``1080``, ``-7.50``: no currency, no thousands separator), so a
spreadsheet reads them as numbers; the chat's replies write money as Hong Kong does
(:mod:`taipai.bot.money_format`).

Units: ``fan``, ``amount`` are fan units (番; a 底 is ``base_fan`` of them), exact; ``money`` is fan
units × the table's current ``rate`` (DESIGN §6: 「Money = fan units × the table's rate per fan」),
rounded to the cent like every amount of money the chat shows (:func:`cents`).  The core keeps fan
units only, exactly, so a rate changed during the session re-prices every row, exactly as the
settlement does, and nothing is lost to the rounding: ``amount`` × rate is the exact money.
"""

from __future__ import annotations

import csv
import dataclasses
import hashlib
import io
import re
from collections.abc import Sequence
from datetime import date, datetime, timedelta, timezone, tzinfo
from pathlib import Path

from sqlalchemy import func, select
from sqlalchemy.engine import Connection

from taipai.bot import money_format
from taipai.bot.i18n import _
from taipai.bot.service import render
from taipai.bot.service.history import HistoryItem, cents, exact, history_items, settled_money
from taipai.bot.service.reply import Document
from taipai.bot.store import ChatRef, SessionRow, Store
from taipai.bot.store.schema import sessions
from taipai.core.settle import settle_transfers
from taipai.core.table import ChainMove, Payment, SelfDraw, TableState, WinByDiscard
from taipai.core.table.amounts import Amount

FORMULA_START = ("=", "+", "-", "@", "\t", "\r")
"""A text cell starting with one of these is a formula to a spreadsheet (CSV injection)."""

NUMBER_COLUMNS = frozenset({"number", "hand", "streak", "fan", "bases", "level", "amount", "money"})
"""Columns that only ever hold numbers taipai wrote (``-7.5`` there is a number, not a formula)."""


def safe_cell(value: object) -> object:
    """A text cell made inert for spreadsheets: prefixed with ``'`` when it starts with
    ``= + - @``, a tab or a carriage return (player names, notes).  Other values unchanged."""
    if isinstance(value, str) and value.startswith(FORMULA_START):
        return "'" + value
    return value


CSV_COLUMNS: tuple[str, ...] = (
    "number",
    "hand",
    "round",
    "dealer",
    "streak",
    "event",
    "row",
    "payer",
    "payee",
    "fan",
    "bases",
    "level",
    "amount",
    "money",
    "rule",
    "note",
)
"""Columns of :func:`session_csv`, in this order.  The header names are stable (English, whatever the
chat's language), so a spreadsheet or script reading them keeps working; only ``note`` is prose.

- ``number``: the event's place among the effective events (1 = 開枱); ``hand``: the hand in
  progress; ``round``, ``dealer``, ``streak``: 圈風, dealer and 連莊 n when it happened (empty on
  the closing ``balance`` and open ``chain`` rows).
- ``event``: the event's kind, a stable tag of :mod:`taipai.core.table.events` (``win_by_discard``,
  ``self_draw``, ``draw``, ``false_win``, ``cash_prize``, ``cut_chain``, ``fly_tile``,
  ``rule_changed``, ``session_ended``, ``table_opened``).
- ``row``: ``event``, ``leg``, ``chain``, ``payment`` or ``balance`` (see :func:`session_csv`).
- ``payer``, ``payee``: player names; ``fan``, ``bases``, ``level``: whole numbers; ``amount``: fan
  units, ``money``: fan units × the table's rate (both exact, :func:`exact`).
- ``rule``: the payment rule (``win``, ``dealer``, ``la_settle``, ``kick_half``, ``cut``,
  ``false_win``, ``prize:<id>``) or the chain action (``open``, ``raise``, ``kick``, ``settle``,
  ``cut``): stable tags, never translated.
- ``note``: the row in words, in the chat's language, exactly as ``/history`` and the booking reply
  say it (包 as ``C (for A) → B``, 搶槓, 詐糊, 飛牌, prizes, 流局 …).
"""


def session_csv(state: TableState) -> str:
    """The session as CSV text (header :data:`CSV_COLUMNS`, ``\\r\\n`` line ends, UTF-8 safe).

    For each effective event, in order: one ``event`` row (``note`` = the event in the words of its
    booking reply), then one ``leg`` row per payer of a win (``payer`` → ``payee`` = the winner,
    ``fan``, ``bases``, ``amount`` = the leg's fan units with 底 and dealer fan; ``note`` names whose
    leg a 包 payer paid; at a game whose ledger pays each leg at once, 台灣牌 and 廣東牌, one per
    payer → winner of the win's payments, :func:`paid_legs`, ``amount`` its money and ``note`` its
    payment line with the parts it adds up from), one ``chain`` row per 拉 change (``payer`` =
    debtor, ``payee`` = creditor, ``level``, ``amount``, ``rule`` = open/raise/kick/settle/cut) and
    one ``payment`` row per payment booked (``amount`` fan units, ``money``, ``rule`` as in
    :class:`~taipai.core.table.Payment`).
    Then one ``balance`` row per player (``payee`` = the player, ``amount`` = settled balance,
    ``money`` = what the settling transfers move, each rounded to the cent, as 埋數 shows it:
    :func:`settled_money`) and one ``chain`` row per chain still open.

    ``note`` cells are written in the current reply language (``taipai.bot.i18n``), by the same
    renderer as ``/history`` (:func:`taipai.bot.service.render.event_lines`); every other cell is
    language-independent.  Text cells that a spreadsheet would run as a formula (a player named
    ``=HYPERLINK(…)``, ``+1``, ``@A``) are written with a leading ``'`` (:func:`safe_cell`); number
    columns are exact (:func:`exact`).  Raises nothing for a state the table machine made.
    """
    opts = state.options
    out = io.StringIO()
    w = csv.writer(out)
    w.writerow(CSV_COLUMNS)

    def row(item: HistoryItem | None, kind: str, **cells: object) -> None:
        head: Sequence[object] = (
            (item.number, item.hand, item.round, item.dealer, item.streak, item.event.kind)
            if item
            else ("", "", "", "", "", "")
        )
        line = [*head, kind, *(cells.get(c, "") for c in CSV_COLUMNS[7:])]
        w.writerow(
            [v if col in NUMBER_COLUMNS else safe_cell(v) for col, v in zip(CSV_COLUMNS, line, strict=True)]
        )

    for item in history_items(state):
        lines = render.event_lines(state, item.event, before=item.before, legs=item.legs)
        row(item, "event", note=render.joined(render.heads(lines)))
        for leg in item.legs:
            row(
                item,
                "leg",
                payer=leg.payer,
                payee=leg.winner,
                fan=leg.fan,
                bases=leg.bases,
                amount=leg.amount,
                money=cents(opts.money(leg.amount)),
                note=render.leg_line(state, leg).strip(),
            )
        for payer, payee, fan, bases, amount in () if item.legs else paid_legs(item):
            row(
                item,
                "leg",
                payer=payer,
                payee=payee,
                fan=fan,
                bases=bases,
                amount=exact(amount),
                money=cents(opts.money(amount)),
                note=render.joined(
                    render.payments(
                        state,
                        [Payment(payer, payee, amount, "win")],
                        before=item.before,
                        event=item.event,
                    )
                ),
            )
        for m in item.moves:
            row(
                item,
                "chain",
                payer=m.debtor,
                payee=m.creditor,
                level=m.level,
                amount=exact(m.amount),
                money=cents(opts.money(m.amount)),
                rule=m.action,
                note=render.joined(render.moves(state, [m], item.before)),
            )
        for p in item.payments:
            row(
                item,
                "payment",
                payer=p.payer,
                payee=p.payee,
                amount=exact(p.amount),
                money=cents(opts.money(p.amount)),
                rule=p.rule,
                note=payment_note(state, item, p),
            )
    money = settled_money(state, settle_transfers(state.balances))
    for p in state.players:
        note = _("{name}'s balance: {amount}").format(
            name=p.name, amount=render.fan_money(state, p.balance, sign=True, paid=money[p.name])
        )
        row(None, "balance", payee=p.name, amount=exact(p.balance), money=cents(money[p.name]), note=note)
    for c in state.chains:
        row(
            None,
            "chain",
            payer=c.debtor,
            payee=c.creditor,
            level=c.level,
            amount=exact(c.amount),
            money=cents(opts.money(c.amount)),
            rule="open",
            note=render.joined(
                render.moves(state, [ChainMove("open", c.debtor, c.creditor, c.level, c.amount)])
            ),
        )
    return out.getvalue()


CHAIN_ACTIONS = {"la_settle": "settle", "kick_half": "kick", "cut": "cut"}
"""The chain move a chain payment's rule goes with (``la_settle`` → ``settle`` …): its words say
what the payment is."""


def payment_note(state: TableState, item: HistoryItem, payment: Payment) -> str:
    """A ``payment`` row's ``note``: the payment in words (``A pays B 11``); a chain payment
    (:data:`CHAIN_ACTIONS`: 找數, 踢半, 斬拉, which ``/history`` shows only as its chain line) with its
    chain move's words after it: ``阿明 pays 阿玲 11 (la 1 settled: 阿明 → 阿玲 11)``, in Cantonese
    ``阿明 俾 阿玲 11（拉一找數：阿明 → 阿玲 11）``.  Raises nothing."""
    action = CHAIN_ACTIONS.get(payment.rule)
    if action is None:
        return render.joined(render.payments(state, [payment]))
    line = render.joined(render.payments(state, [dataclasses.replace(payment, rule=action)]))
    moves = [
        m for m in item.moves if (m.action, m.debtor, m.creditor) == (action, payment.payer, payment.payee)
    ]
    if not moves:
        return line
    return _("{line} ({parts})").format(
        line=line, parts=render.joined(render.moves(state, moves[:1], item.before))
    )


def paid_legs(item: HistoryItem) -> list[tuple[str, str, int, int, Amount]]:
    """The legs of a win at a game whose ledger pays each leg at once (taiwan, hk-old: no
    :class:`~taipai.bot.service.history.LegRow` of 港式台牌's fan + 底 + dealer fan): one
    ``(payer, payee, 台/翻, 底, amount)`` per payer → winner of the win's payments, the amount summed
    over its rules, the count the winner's leg booked; ``[]`` for another event."""
    event = item.event
    if not isinstance(event, WinByDiscard | SelfDraw):
        return []
    counts: dict[str, tuple[int, int]] = (
        {leg.winner: (leg.fan, leg.bases) for leg in event.legs}
        if isinstance(event, WinByDiscard)
        else {event.winner: (event.fan, event.bases)}
    )
    totals: dict[tuple[str, str], Amount] = {}
    for p in item.payments:
        if p.payee in counts and p.payer not in counts:
            totals[p.payer, p.payee] = totals.get((p.payer, p.payee), 0) + p.amount
    return [(payer, payee, *counts[payee], amount) for (payer, payee), amount in totals.items() if amount]


def _safe_name(name: str) -> str:
    return re.sub(r"[^\w.-]+", "_", name)


def export_name(store: Store, chat: ChatRef, session_id: int) -> str:
    """The ``/export`` file name of one session: ``taipai-<db>-<id>-<platform>-<chat>-session<n>.csv``.

    ``<db>`` is the SQLite file's stem (``hist`` for ``/tmp/hist.db``, ``memory`` in memory) or the
    database name; ``<id>`` is 8 hex digits of a hash of the database itself (the SQLite file's
    resolved path, else the URL without its password), so two databases exporting into one folder
    (two ``taipai chat --db`` files side by side, both ``terminal`` session 1) never write the same
    file; exporting the same session again replaces its own earlier export.  Only ``[\\w.-]``
    characters; raises nothing.
    """
    url = store.engine.url
    db = url.database or ""
    if url.get_backend_name() == "sqlite":
        if db and db != ":memory:" and not db.startswith("file:"):
            path = Path(db).expanduser().resolve()
            label, identity = path.stem, str(path)
        else:
            label, identity = "memory", url.render_as_string(hide_password=True)
    else:
        label, identity = db or url.get_backend_name(), url.render_as_string(hide_password=True)
    digest = hashlib.sha256(identity.encode("utf-8")).hexdigest()[:8]
    return _safe_name(f"taipai-{label}-{digest}-{chat.platform}-{chat.chat_id}-session{session_id}.csv")


def default_export_dir(store: Store) -> Path:
    """Where the terminal's ``/export`` writes by default: beside the SQLite database file, else the
    current directory."""
    url = store.engine.url
    db = url.database if url.get_backend_name() == "sqlite" else None
    if db and db != ":memory:" and not db.startswith("file:"):
        return Path(db).expanduser().resolve().parent
    return Path.cwd()


def write_file(path: Path, data: bytes) -> None:
    """Write ``data`` to ``path`` through a temporary file beside it (a reader never sees half a CSV).

    Raises:
        OSError: the folder cannot be made or written.
    """
    path.parent.mkdir(parents=True, exist_ok=True)
    tmp = path.with_suffix(path.suffix + ".tmp")
    tmp.write_bytes(data)
    tmp.replace(path)


CSV_ENCODING = "utf-8-sig"
"""The export's encoding: UTF-8 with a byte-order mark, without which Excel reads UTF-8 as the
system's code page and shows 東 南 西 北 garbled."""

SESSION_TZ = timezone(timedelta(hours=8))
"""The clock a session's date is read on: Hong Kong time (UTC+8, no daylight saving; Taiwan and the
mainland keep the same), so a night that starts at 23:00 is dated that evening, not by UTC."""


def csv_bytes(text: str) -> bytes:
    """The CSV text as the file's bytes: :data:`CSV_ENCODING` (``b"\xef\xbb\xbf"`` first)."""
    return text.encode(CSV_ENCODING)


def session_day(started: datetime, zone: tzinfo = SESSION_TZ) -> date:
    """The day a session started at ``started`` (aware) on the clock of ``zone`` (default
    :data:`SESSION_TZ`): 2026-11-30 15:30 UTC is 30 November in Hong Kong (23:30)."""
    return started.astimezone(zone).date()


def caption(number: int, day: date, hands: int, currency: str | None = None) -> str:
    """The export's caption in the current locale: ``第1場 · 11月30日 · 23鋪 · HKD``, ``Session 1 · 30 Nov ·
    23 hands · HKD`` (``number``: the session's place among the chat's sessions, 1 = first; ``day``: the
    day it started, :func:`session_day`; ``hands``: hands played, wins and draws, as
    :attr:`TableState.hand <taipai.core.table.TableState.hand>` counts them; ``currency``: the ISO
    code of the session's money, which the CSV's plain numbers are in, default
    :func:`~taipai.bot.money_format.current_currency`)."""
    shown = money_format.count(hands)
    played = _("1 hand") if hands == 1 else _("{n} hands").format(n=shown)
    head = _("Session {number} · {day} · {hands}").format(
        number=money_format.count(number), day=money_format.day(day), hands=played
    )
    return f"{head} · {currency or money_format.current_currency()}"


async def session_number(store: Store, session: SessionRow) -> int:
    """The session's place among its chat's sessions, oldest first (1 for the chat's first table),
    whatever other chats share the database.  Raises nothing but the store's errors."""
    q = select(func.count()).where(
        sessions.c.platform == session.platform,
        sessions.c.chat_id == session.chat_id,
        sessions.c.id <= session.id,
    )

    def read(conn: Connection) -> int:
        return int(conn.execute(q).scalar_one())

    return await store.run_read(read)


async def session_document(
    store: Store, chat: ChatRef, session: SessionRow, state: TableState, zone: tzinfo = SESSION_TZ
) -> Document:
    """``/export`` of one session as a :class:`~taipai.bot.service.reply.Document`: named by
    :func:`export_name`, the bytes of :func:`session_csv` (:func:`csv_bytes`: with a BOM) and the
    :func:`caption` of the session (its number in the chat, its day on ``zone``'s clock, the hands
    played, the ISO code of its currency), built in memory; the ``note`` cells write money in the
    session's own currency (``sessions.currency``; ``None``: HKD), whatever the chat's is now.
    Raises nothing but the store's errors."""
    number = await session_number(store, session)
    with money_format.use_currency(session.currency) as code:
        return Document(
            export_name(store, chat, session.id),
            csv_bytes(session_csv(state)),
            caption(number, session_day(session.created_at, zone), state.hand, code),
        )
