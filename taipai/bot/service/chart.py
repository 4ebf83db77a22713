"""The session chart (issue 15 item 7): each player's running balance over the evening, hand by
hand, with the settling transfers under it; sent with 埋數's reply and on ``圖表`` / ``走勢`` /
``/chart``.

The balances come from the table state replayed from the event log (:class:`~.book.Book`): the
state after each history entry is the one the next entry was applied to (``state.prev``, as
:func:`~.history.history_items` gives it), so nothing is stored twice.  A player's value after a
hand is :meth:`~taipai.core.table.TableState.owed` (the balance with the open 拉 chains paid: what
埋數 would leave then); after 埋數 it is the final balance.  Money: fan units × the table's rate at
港式台牌 when the rate is not 1 (DESIGN §6: 「Money = fan units × the table's rate per fan」), the
fan units at rate 1, and the ledger's own money at 台灣牌 and 廣東牌 (``system.table.amounts``).

The chart is drawn by :mod:`taipai.bot.pictures.chart` on a worker thread (matplotlib is imported
on first use); a picture that cannot be drawn is logged and left out, the 埋數 is booked all the same.
"""

from __future__ import annotations

import asyncio
import dataclasses
import logging
import unicodedata
from collections.abc import Sequence
from datetime import date, datetime, timedelta, timezone
from typing import TYPE_CHECKING, Any

from babel.dates import format_skeleton

from taipai.bot.i18n import _, current_locale
from taipai.bot.money_format import use_currency
from taipai.bot.service import render
from taipai.bot.service.export import export_name
from taipai.bot.service.history import history_items
from taipai.bot.service.reply import Picture, Reply
from taipai.core.settle import settle_transfers
from taipai.core.table import TableState
from taipai.core.table.amounts import Amount

if TYPE_CHECKING:
    from taipai.bot.pictures.chart import ChartData
    from taipai.bot.store import ChatRef, SessionRow, Store

log = logging.getLogger(__name__)

CHART_WORDS = ("圖表", "图表", "走勢", "走势", "走勢圖", "走势图")
"""The words that ask for the chart (``/chart`` too)."""

CHART_SLASH = ("chart", "graph")

DATE_TZ = timezone(timedelta(hours=8))
"""The clock a chart's date is read on: Hong Kong time (UTC+8, no daylight saving)."""


def asks_chart(text: str) -> bool:
    """Whether ``text`` asks for the chart: ``圖表``, ``走勢`` (``走勢圖``, a trailing ``?`` too),
    ``/chart``, ``/chart@bot`` (a command for another bot never reaches the service)."""
    raw = unicodedata.normalize("NFKC", text).strip().rstrip("?？ ")
    if raw.startswith("/"):
        words = raw[1:].split(maxsplit=1)  # a word after it is ignored: 「/chart now」 is the chart
        name = words[0].split("@", 1)[0].lower() if words else ""
        return name in CHART_SLASH
    return raw in CHART_WORDS


def running_balances(state: TableState) -> tuple[tuple[int, ...], dict[str, list[Amount]]]:
    """``(x values, {name: values})``: each player's :meth:`~TableState.owed` in fan units (or the
    ledger's money) at the start (x 0) and right after each hand's win or 流局 (x 1 … n, ``n`` the hands
    played; x 1 alone when none was), then, when money moved after the last hand so that the balances
    differ from those right after it (a 詐糊, a prize: :func:`moved_after_last_hand`), once more at
    ``n + 1``: the balances now (埋數's at a settled table).

    A hand's point is the balance right after it, never what came later.  The last values are
    ``state.owed()``, the 埋數 balances.  A hand with no event of its own (impossible in a log the
    core accepted) keeps the values before it.
    """
    xs, values, _moved = _points(state)
    return xs, values


def moved_after_last_hand(state: TableState) -> bool:
    """Whether money moved after the last hand played ended (a 詐糊, a prize) so that the balances
    now differ from those right after that hand (at hand 0: from everyone at 0); the chart then ends
    with a point of its own (:func:`running_balances`).  埋數 settling 拉 chains moves no point: a
    point already counts the open chains as paid (:meth:`~TableState.owed`)."""
    return _points(state)[2]


def _points(state: TableState) -> tuple[tuple[int, ...], dict[str, list[Amount]], bool]:
    played = state.hand
    names = state.names
    zero: dict[str, Amount] = dict.fromkeys(names, 0)
    at: dict[int, dict[str, Amount]] = {0: zero}
    items = history_items(state)
    afters: list[TableState | None] = [item.before for item in items[1:]] + [state]
    paid = dict(zero)  # running payments: what the log says when a state before is not known
    after_last = False
    for item, after in zip(items, afters, strict=True):
        for p in item.payments:
            paid[p.payer] -= p.amount
            paid[p.payee] += p.amount
        # an entry's hand is the one in progress: played + 1 once the last hand has ended
        x = min(max(item.hand, 1), played + 1)
        after_last = after_last or (item.hand > played and bool(item.payments))
        at[x] = after.owed() if after is not None else dict(paid)
    final = state.owed()
    hand_end = zero
    for x in range(played + 1):
        hand_end = at.get(x, hand_end)
    moved = after_last and hand_end != final
    last = played + 1 if moved else max(played, 1)
    xs = tuple(range(last + 1))
    values: dict[str, list[Amount]] = {n: [] for n in names}
    now = zero
    for x in xs:
        now = at.get(x, now)
        for n in names:
            values[n].append(now[n])
    for n in names:  # the last point is the balances now (what came after and moved nothing, too)
        values[n][-1] = final[n]
    return xs, values, moved


def in_money(state: TableState) -> bool:
    """Whether the chart plots money (a 港式台牌 rate that is not 1, or a ledger that counts money)
    rather than fan units."""
    return not render.counts_fan(state) or render.rate_of(state) != 1


def plotted(state: TableState, value: Amount) -> Amount:
    """``value`` (ledger units) as the chart plots it: money at the table's current rate when
    :func:`in_money` at 港式台牌, else as it is."""
    return state.options.money(value) if render.counts_fan(state) and render.rate_of(state) != 1 else value


def shown(state: TableState, value: Amount) -> str:
    """A plotted value as the legend writes it: ``+HK$1,080`` (money) or ``+18`` (fan units)."""
    return render.cash(value, sign=True) if in_money(state) else render.signed(value)


def day_of(started: datetime | None) -> str:
    """A session's date in the current locale on Hong Kong time: ``2026年12月1日``, ``Dec 1, 2026``;
    ``""`` when unknown."""
    if started is None:
        return ""
    day: date = started.astimezone(DATE_TZ).date() if started.tzinfo else started.date()
    locale = "zh_Hant_HK" if current_locale().startswith("zh") else "en"
    return format_skeleton("yMMMd", day, locale=locale)


def transfer_lines(state: TableState) -> list[str]:
    """The lines under the chart: the fewest transfers that settle the table (埋數's), or that would
    settle it now (an open table, its 拉 chains paid: :meth:`~TableState.owed`)."""
    ended = state.ended
    owed = state.balances if ended else state.owed()
    moves = settle_transfers(owed)
    if not moves:
        return [_("Nobody owes anything.")]
    head = _("To settle:") if ended else _("To settle now:")
    return [
        head,
        *(
            "  "
            + _("{payer} pays {payee} {amount}").format(payer=a, payee=b, amount=render.fan_money(state, v))
            for a, b, v in moves
        ),
    ]


def has_something(state: TableState) -> bool:
    """Whether there is anything to chart: a hand played or money moved."""
    return state.hand > 0 or any(item.payments for item in state.history)


def chart_data(state: TableState, *, started: datetime | None = None) -> ChartData:
    """What the chart of ``state`` draws, in the current locale
    (:class:`~taipai.bot.pictures.chart.ChartData`).

    Args:
        state: the table, replayed from its log (open or settled).
        started: when the session was opened (``sessions.created_at``), for the title's date.

    Returns the x values ``0 … n`` hands (and ``n + 1``, its tick ``埋數`` / ``settled`` or, at an
    open table, ``而家`` / ``now``, when money moved after the last hand: :func:`moved_after_last_hand`),
    one series per player (seat order, labelled ``name +HK$1,080``) ending at the 埋數 balances
    (:func:`running_balances`, as :func:`plotted`), the axes' names, a title with the game and date,
    and the transfers under it (:func:`transfer_lines`).
    """
    from taipai.bot.pictures.chart import ChartData, Series

    hands, values, moved = _points(state)
    series = []
    for name in state.names:
        points = tuple(plotted(state, v) for v in values[name])
        series.append(Series(name=name, values=points, label=f"{name}  {shown(state, points[-1])}"))
    day = day_of(started)
    title = render.game_name(state.system) + (f" · {day}" if day else "")
    return ChartData(
        title=title,
        x_label=_("Hand"),
        y_label=_("Money") if in_money(state) else _("Fan units"),
        hands=hands,
        series=tuple(series),
        notes=tuple(transfer_lines(state)),
        last_tick=(_("after the last hand, settled") if state.ended else _("after the last hand, now"))
        if moved
        else "",
    )


def picture_name(store: Store, chat: ChatRef, session_id: int) -> str:
    """The chart's file name: the session's ``/export`` name with ``-chart.png`` for ``.csv``
    (``taipai-<db>-<id>-<platform>-<chat>-session<n>-chart.png``), so a chart and its CSV sit side
    by side and two databases never write the same file."""
    name = export_name(store, chat, session_id)
    return (name[:-4] if name.endswith(".csv") else name) + "-chart.png"


async def draw(data: ChartData) -> bytes:
    """The chart's PNG, drawn on a worker thread (the event loop serves other chats meanwhile)."""
    from taipai.bot.pictures.chart import balance_chart

    return await asyncio.to_thread(balance_chart, data)


async def picture(store: Store, session: SessionRow, state: TableState) -> Picture | None:
    """The chart of ``session`` at ``state`` as a :class:`Picture`; ``None`` when there is nothing
    to chart (:func:`has_something`) or it could not be drawn (logged: a missing font must not stop
    a 埋數 from being booked)."""
    if not has_something(state):
        return None
    data = chart_data(state, started=session.created_at)
    try:
        content = await draw(data)
    except Exception:  # the picture is extra: the reply and the booking go on without it
        log.exception("could not draw the chart of session %s", session.id)
        return None
    return Picture(picture_name(store, session.chat, session.id), content)


async def with_chart(
    replies: Sequence[Reply], store: Store, session: SessionRow, state: TableState
) -> list[Reply]:
    """``replies`` (埋數's) with the chart of ``state`` on the first one (:func:`picture`)."""
    out = list(replies)
    if not out:
        return out
    pic = await picture(store, session, state)
    if pic is not None:
        out[0] = dataclasses.replace(out[0], picture=pic)
    return out


async def answer(service: Any, chat: ChatRef) -> Reply:
    """``圖表`` / ``走勢`` / ``/chart``: the chart of the chat's open session, else of its last one
    (settled), with a line saying which; anyone may ask, nothing is booked.  A chat that never had
    a table is told so (:func:`~.render.no_table`)."""
    session = await service.store.open_session(chat) or await service.store.latest_session(chat)
    if session is None:
        return Reply(render.no_table())
    _seq, state = await service.state_of(session)
    if not has_something(state):
        return Reply(_("Nothing to chart yet: no hand has been played."))
    with use_currency(session.currency):  # that night's money, whatever the chat's is now
        pic = await picture(service.store, session, state)
    hands = state.hand
    if state.ended:
        text = _("The last table's running balances, hand by hand (settled). Hands played: {hands}.")
    else:
        text = _("Running balances, hand by hand. Hands played: {hands}.")
    text = text.format(hands=hands)
    if pic is None:
        return Reply(text + "\n" + _("(The chart could not be drawn.)"))
    return Reply(text, picture=pic)
