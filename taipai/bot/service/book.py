"""Book: a chat's event log, read as table states and written one transaction per message (message →
parse → decide → **book** → reply).

Each write goes through :class:`~taipai.bot.store.Store` as one transaction that holds the event,
its replies (the outbox) and, when the message came through the inbox, the inbox row's done mark:
nothing acknowledged is lost and nothing is booked twice (a message id booked before raises
:class:`~taipai.bot.store.DuplicateMessage`; another writer at the same seq raises
:class:`~taipai.bot.store.SeqConflict`; an older pending update of the chat refuses the write, as
the store's ``OlderPending``).  The table state of each session is kept in memory, least recently
used, and replayed from the log when it is not.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from taipai.bot.service.lru import LRUDict
from taipai.bot.service.reply import Reply
from taipai.bot.store import ChatRef, EventRow, SessionRow, Store
from taipai.bot.store.chats import append_events
from taipai.core.table import Event, TableOpened, TableState, Transition
from taipai.core.table.codec import event_from_dict
from taipai.core.table.machine import apply

STATE_CACHE = 1024
"""Sessions whose table state is kept in memory (least recently used; others are replayed on use)."""
STATE_CACHE_EVENTS = 20_000
"""The most events the cached table states hold together: a state costs about 1.3-2 KB per event for
sessions of up to 200 events (more per event beyond, as each event keeps the state before it), so
this bounds the cache near 25-40 MB however long the sessions grow."""


@dataclass(slots=True)
class Cached:
    """A session's table ``state`` after its event ``seq``."""

    seq: int
    state: TableState


def events_held(cached: Cached) -> int:
    """The weight of a cached state in :attr:`Book.cache`: the events it was built from."""
    return cached.seq


class Book:
    """The event log of every chat's table: replayed into states, appended to.

    Args:
        store: an open :class:`~taipai.bot.store.Store`.
    """

    def __init__(self, store: Store) -> None:
        self.store = store
        # Bounded (least recently used): a chat seen once must not cost memory for ever.
        self.cache: LRUDict[int, Cached] = LRUDict(
            STATE_CACHE, weight=events_held, max_weight=STATE_CACHE_EVENTS
        )

    async def state_of(self, session: SessionRow, *, last_seq: int | None = None) -> tuple[int, TableState]:
        """``(last seq, state)`` of a session, replaying only the events not yet cached.

        ``last_seq``: the session's last seq as just read from the database (a
        :class:`~taipai.bot.store.chats.ChatView`); when the cached state is at that seq it is current
        and nothing is read.  Without it the events after the cached seq are read.  Raises
        ``RuntimeError`` for a session without events.
        """
        cached = self.cache.get(session.id)
        if cached is not None and last_seq is not None and cached.seq > last_seq:
            cached = None  # the database is behind the cache (it was replaced): replay it all
        seq, state = (cached.seq, cached.state) if cached else (0, None)
        if cached is not None and cached.seq == last_seq:
            return seq, cached.state
        for row in await self.store.events(session.id, after_seq=seq):
            # a stored event replays as booked (strict=False): rules added since then do not refuse it
            state = apply(state, event_from_dict(row.payload), strict=False).state
            seq = row.seq
        if state is None:
            raise RuntimeError(f"session {session.id} has no events")
        self.cache[session.id] = Cached(seq, state)
        return seq, state

    def forget(self) -> None:
        """Drop every cached state (after a conflict: the log is read again)."""
        self.cache.clear()

    async def open_table(
        self,
        chat: ChatRef,
        event: TableOpened,
        t: Transition,
        *,
        creator: str,
        text: str,
        message_id: str | None,
        replies: list[Reply],
    ) -> SessionRow:
        """Open a session with its 開枱 ``event`` as event 1 (and its ``replies``), one transaction.

        Raises:
            SessionAlreadyOpen: the chat has an open table (another writer opened it meanwhile).
            DuplicateMessage: ``message_id`` was booked before.
        """
        new, _row = await self.store.create_session(
            chat,
            creator=creator,
            kind=event.kind,
            payload=event.to_dict(),
            source_message_id=message_id,
            source_text=text,
            replies=replies,
        )
        self.cache[new.id] = Cached(1, t.state)
        return new

    async def append(
        self,
        session: SessionRow,
        seq: int,
        event: Event,
        t: Transition,
        *,
        speaker: str,
        text: str,
        message_id: str | None,
        detail: dict[str, Any] | None,
        replies: list[Reply],
    ) -> None:
        """Book ``event`` (whose transition is ``t``) as event ``seq + 1`` of ``session`` with its
        ``replies``, one transaction; the session ends with it when ``t`` ends the table (埋數, a
        cancelled table, or 重做 of an undone 埋數).

        Raises:
            DuplicateMessage: ``message_id`` was booked before.  SeqConflict: another writer booked
                ``seq + 1`` first (read the chat again and decide again).
        """
        await self.store.append_event(
            session,
            seq + 1,
            speaker=speaker,
            kind=event.kind,
            payload=event.to_dict(),
            source_message_id=message_id,
            source_text=text,
            detail=detail,
            end_session=t.state.ended,
            replies=replies,  # stored with the event when an inbox row is being handled
        )
        if t.state.ended:
            self.cache.pop(session.id, None)
        else:
            self.cache[session.id] = Cached(seq + 1, t.state)

    async def reopen(
        self,
        session: SessionRow,
        seq: int,
        event: Event,
        t: Transition,
        *,
        speaker: str,
        text: str,
        message_id: str | None,
        replies: list[Reply],
    ) -> None:
        """Book ``event`` (an ``Undo`` of the 埋數) as event ``seq + 1`` of the ended ``session`` and
        reopen it, one transaction (:meth:`Store.reopen_session`).

        Raises:
            SessionAlreadyOpen: a new table was opened in the chat meanwhile.
            DuplicateMessage, SeqConflict: as :meth:`append`.
        """
        await self.store.reopen_session(
            session,
            seq + 1,
            speaker=speaker,
            kind=event.kind,
            payload=event.to_dict(),
            source_message_id=message_id,
            source_text=text,
            replies=replies,
        )
        self.cache[session.id] = Cached(seq + 1, t.state)

    async def message_span(self, session: SessionRow, *, redo: bool = False) -> int:
        """How many events the message behind the table's last effective event booked (``redo``: the
        message behind the next 重做), so that one 撤銷 takes back one message and one 重做 brings it
        back whole: ``規則 底 200 台 100`` booked two ``RuleChanged`` and is one 撤銷.

        The log is read and folded as the core folds it (``Undo`` takes back the last effective event,
        ``Redo`` re-applies the last undone one, any other event clears what waits for 重做).  The
        events of one message are those booked together by :meth:`append_many` with the same
        ``detail["message_seq"]`` (the seq of the message's first event), or, in a log written before
        that mark, a run whose source ids are ``<id>:1`` … ``<id>``.  At least 1.
        """
        done: list[object] = []
        waiting: list[object] = []
        previous: str | None = None
        for row in await self.store.events(session.id):
            if row.kind == "undo":
                if done:
                    waiting.append(done.pop())
            elif row.kind == "redo":
                if waiting:
                    done.append(waiting.pop())
            else:
                done.append(message_key(row, previous, done[-1] if done else None))
                waiting.clear()
            previous = row.source_message_id
        stack = waiting if redo else done
        if not stack:
            return 1
        n = 1
        while n < len(stack) and stack[-n - 1] == stack[-1]:
            n += 1
        return n

    async def append_many(
        self,
        session: SessionRow,
        seq: int,
        rows: Sequence[dict[str, Any]],
        state: TableState,
        replies: list[Reply],
    ) -> None:
        """Book ``rows`` (``speaker``, ``kind``, ``payload``, ``source_message_id`` …, as
        :func:`~taipai.bot.store.chats.append_events`) as events ``seq + 1`` … of ``session`` with
        ``replies``, one transaction; ``state`` is the table after the last of them.

        Raises:
            DuplicateMessage, SeqConflict, SessionNotOpen: from the store.
        """
        await append_events(self.store, session, seq + 1, list(rows), replies=replies)
        self.cache[session.id] = Cached(seq + len(rows), state)


def message_key(row: EventRow, previous_source: str | None, previous_key: object) -> object:
    """The message an event row was booked by (equal keys: one message; :meth:`Book.message_span`):
    its ``detail["message_seq"]``; else the key of the row before when that row's source id is this
    row's with ``:<n>`` after it (``12:7:1`` then ``12:7``, the marks of :meth:`Book.append_many`'s
    callers); else the row's own seq."""
    detail = row.detail if isinstance(row.detail, dict) else {}
    if isinstance(detail.get("message_seq"), int):
        return ("message", detail["message_seq"])
    source = row.source_message_id
    if source is not None and previous_source is not None and previous_key is not None:
        head, _, tail = previous_source.rpartition(":")
        if head == source and tail.isdigit():
            return previous_key
    return ("message", row.seq)
