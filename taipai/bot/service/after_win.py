"""A game's own event said right after a win about that win's hand: 字牌's 數信 (``數信 三``).

The game builds the event (:attr:`~taipai.core.chat.ChatVocabulary.commands` ``shuxin``) from the word
said and the winning hand's groups; the hand is the one booked with the win just before, as its scored
reading was kept with the event (the ``detail`` of its row: DESIGN §5's score object, ``reading``), or
``None`` when the win was booked as a bare count.  Nothing here knows a game: the table's system decides
what the word and the groups make.
"""

from __future__ import annotations

from typing import Any

from taipai.bot.service import parse, render
from taipai.bot.service.decide import Refused, books
from taipai.bot.store import SessionRow, Store
from taipai.core.registry import system_by_id
from taipai.core.table import TableState
from taipai.core.table.errors import TableError
from taipai.core.table.events import Event, SelfDraw, WinByDiscard


def is_win(event: Event | None) -> bool:
    """Whether ``event`` is a win: the core's (:class:`WinByDiscard`, :class:`SelfDraw`) or a game's own
    that names a ``winner`` and a ``count`` (字牌's win on a turned card; see
    :attr:`taipai.core.system.TableRules.own_events`)."""
    if isinstance(event, WinByDiscard | SelfDraw):
        return True
    return isinstance(getattr(event, "winner", None), str) and isinstance(getattr(event, "count", None), int)


def reading_of(detail: dict[str, Any] | None, event: Event) -> str | None:
    """The winning hand's groups as its reading wrote them, joined by spaces, from a win row's
    ``detail`` (``{"legs": [score…]}`` for a win on a discard or a game's own win, the score itself for
    a self-draw); ``None`` for a bare count, a win with several winners, or a row without a kept hand."""
    if not detail:
        return None
    if "legs" in detail:
        legs = detail.get("legs")
        if not isinstance(legs, list) or len(legs) != 1 or not isinstance(legs[0], dict):
            return None
        detail = legs[0]
    reading = detail.get("reading")
    if not isinstance(reading, list) or not reading:
        return None
    return " ".join(str(group) for group in reading)


async def win_reading(store: Store, session: SessionRow, state: TableState) -> str | None:
    """The reading of the hand booked with the table's last event when that is a win (the newest row
    that booked it: a redone win's hand is its first booking's), else ``None``."""
    if not state.history:
        return None
    win = state.history[-1].event
    if not is_win(win):
        return None
    payload = win.to_dict()
    for row in reversed(await store.events(session.id)):
        if row.payload == payload:
            return reading_of(row.detail, win)
    return None


async def shuxin_event(
    store: Store, session: SessionRow, state: TableState, cmd: parse.RecordShuxin
) -> Event:
    """The 數信 ``cmd`` books at ``state`` (the game's own command ``shuxin``).

    When the last event is no win the event is still built (from no hand), so that the table's own rule
    refuses it with its reason (right after a win, once; a table where somebody sits out).

    Raises:
        Refused: the game has no 數信 (:func:`~.decide.books`), or the game refuses the word said (not a
            card or a count of shares; a card after a bare-count win).
    """
    books(state, "shuxin")
    build = system_by_id(state.system).chat.commands.get("shuxin")
    if build is None:
        raise Refused(render.not_booked(state.system, "shuxin"))
    last = state.history[-1].event if state.history else None
    reading = await win_reading(store, session, state) if is_win(last) else ""
    try:
        return build(cmd.said, reading)
    except TableError as err:
        raise Refused(render.table_error(err, system_by_id(state.system).unit)) from err
