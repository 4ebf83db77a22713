"""Seats remembered from night to night (issue 15 item 5), and the buttons under the 開枱 reply.

A member who takes a seat is remembered by user id (:class:`~taipai.bot.store.seat_memory.SeatMemory`,
written by :func:`.identity.take_seat`; leaving the seat forgets them).  When a new table opens in the
chat with a remembered player name among its four, that member sits there again at once, and the
開枱 reply says so (「阿明 坐返東（阿明）。」).  ``開枱`` or ``/newgame`` said alone opens a table of the
four remembered seats, in their seats (and the game of the chat's last table) when four are
remembered; otherwise it is read as today (the reply asks for the names).
"""

from __future__ import annotations

import unicodedata
from collections.abc import Sequence
from typing import Protocol

from taipai.bot.i18n import _
from taipai.bot.service.identity import seat_buttons
from taipai.bot.service.record_flow import start_button
from taipai.bot.service.reply import Button
from taipai.bot.store import ChatRef, SessionRow, Store
from taipai.bot.store.chats import ChatData
from taipai.bot.store.seat_memory import RememberedSeat, SeatMemory
from taipai.core.registry import DEFAULT_SYSTEM, system_by_id
from taipai.core.table import TableState

BARE_OPEN = frozenset({"開枱", "开枱", "開檯", "开台", "開台"})
"""``開枱`` said alone (no names): open the remembered seats when every seat of the last table's game
is remembered (four; three at 字牌)."""
BARE_SLASH = "/newgame"


class Tables(Protocol):
    """What this module needs of the :class:`~taipai.bot.service.service.Service`."""

    store: Store
    chats: ChatData


def is_bare_open(text: str) -> bool:
    """Whether ``text`` is ``開枱`` or ``/newgame`` (``/newgame@bot``) with no names after it."""
    said = unicodedata.normalize("NFKC", text).strip()
    if said in BARE_OPEN:
        return True
    head = said.split("@", 1)[0].lower()
    return head == BARE_SLASH and (said == head or " " not in said)


async def bare_open(service: Tables, chat: ChatRef, text: str) -> str | None:
    """``開枱`` alone with four remembered seats: the 開枱 text of those four in their seats, with
    the game of the chat's last table (``開枱 阿明 阿玲 阿強 阿珍 taiwan``); ``None`` otherwise (the
    text is read as it is)."""
    if not is_bare_open(text):
        return None
    latest = await service.store.latest_session(chat)
    game = latest.system if latest is not None and latest.system != DEFAULT_SYSTEM else ""
    seats = system_by_id(game or DEFAULT_SYSTEM).players  # 字牌's three, else four
    by_seat: dict[int, str] = {}
    for r in await SeatMemory(service.store).seats(chat):
        free = r.seat is not None and 0 <= r.seat < seats and r.seat not in by_seat
        if free and r.seat is not None and r.player not in by_seat.values():
            by_seat[r.seat] = r.player
    if len(by_seat) != seats:
        return None
    names = [by_seat[i] for i in range(seats)]
    return " ".join(["開枱", *names, *([game] if game else [])])


async def returning(service: Tables, chat: ChatRef, players: Sequence[str]) -> list[RememberedSeat]:
    """The remembered members whose player name is one of ``players`` (a new table's four), one per
    name (the latest), in seat order."""
    found = {r.player: r for r in await SeatMemory(service.store).seats(chat) if r.player in players}
    return [found[p] for p in players if p in found]


def back_lines(state: TableState, back: Sequence[RememberedSeat]) -> list[str]:
    """The 開枱 reply's lines for the members seated again; first, when all four are back in the
    seats they were remembered in (``開枱`` alone), a line saying the table is last time's."""
    same = len(back) == len(state.names) and all(r.seat == state.names.index(r.player) for r in back)
    said = _("Opened with the four seats remembered from last time.")
    if len(state.names) == 3:
        said = _("Opened with the three seats remembered from last time.")
    lines = [said] if same else []
    for r in back:
        lines.append(
            _("{who} is back in {seat} ({player}).").format(
                who=r.display, seat=state.seat_wind(r.player), player=r.player
            )
        )
    return lines


def open_buttons(state: TableState) -> tuple[Button, ...]:
    """The buttons under the 開枱 reply: ``[坐東][坐南][坐西][坐北]`` (the chat's open table: the
    session has no id before it is stored with this reply) and 📝 記牌."""
    return (*seat_buttons(0, state), start_button())


async def seat_again(
    service: Tables, session: SessionRow, state: TableState, back: Sequence[RememberedSeat]
) -> None:
    """Seat each of ``back`` in the new ``session`` (unless someone holds the seat already) and
    remember the seat's index at this table."""
    memory = SeatMemory(service.store)
    for r in back:
        holder = await service.chats.claim_seat(session, r.user_id, r.display, r.player)
        if holder is None:
            await memory.remember(session.chat, r.user_id, r.player, state.names.index(r.player), r.display)


__all__ = ["back_lines", "bare_open", "is_bare_open", "open_buttons", "returning", "seat_again"]
