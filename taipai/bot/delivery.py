"""Delivery: the per-chat workers that drain the inbox and the per-chat senders that drain the outbox
(DESIGN §1: nothing acknowledged is lost, every booked event's reply is delivered, no chat stalls
another).  Platform-neutral: an adapter gives it two functions, ``handle`` (one stored update → the
service → outbox payloads) and ``send`` (outbox payloads → one platform message).

**Isolation.**  Receiving an update only stores it (:meth:`Delivery.receive`, one transaction for a
batch) and wakes that chat's worker task; each chat has at most one worker and one sender task, so a
chat's updates are handled one at a time in arrival order while other chats go on.  A sender's waits
(the platform's rate limit, ``retry_after``, back-off) happen in that chat's sender task alone: they
never hold anything an update of another chat needs.  Tasks end when their chat has nothing left to
do, so memory follows the chats active now, not every chat ever seen.

**Guarantees.**
- An update is handled until its handling is committed (with its replies, :mod:`taipai.bot.store.outbox`):
  a database error is retried with back-off for as long as the process runs; an update whose
  handling raises anything else :data:`HANDLE_TRIES` times is logged and marked done with no reply,
  so that one broken update cannot stall its chat.
- A reply is sent until the platform accepts it: :class:`RetryLater` (the platform said when) is
  honoured, :class:`Transient` errors are retried with doubling back-off up to
  :data:`BACKOFF_MAX` seconds, :class:`Permanent` ones (chat gone, bot removed) are logged and the
  reply marked failed.  A reply is marked sent right after the platform accepted it (committed in
  the background, with the marks of other chats, while the chat's next reply goes out), so only a
  crash in the few milliseconds between the platform's answer and that commit sends it twice after
  a restart.
- **Coalescing.**  When the adapter says a chat's budget is spent (``budget_spent``), the chat's
  pending text replies go out as ONE message naming every event booked meanwhile (the adapter
  joins them), never dropped.
- **Several workers.**  A chat is drained by the process holding its lease
  (:class:`~taipai.bot.store.inbox.Inbox`); every :data:`SWEEP_PERIOD` seconds each process looks for
  chats with pending rows whose lease is free, expired or held by a dead process of its host, takes
  them and drains them, so a dead worker's chats are not stuck until it restarts.  At start-up the
  first sweep runs before anything new is received: what was stored and not done is handled first,
  in order per chat.
"""

from __future__ import annotations

import asyncio
import contextlib
import functools
import logging
import time
from collections.abc import Awaitable, Callable, Sequence
from datetime import timedelta
from typing import Any

from sqlalchemy.exc import SQLAlchemyError

from taipai.bot.store.inbox import Inbox, InboxRow, Incoming, owner_is_dead
from taipai.bot.store.outbox import BOOKING, Booking, InboxRowDone, OlderPending, Outbox, OutboxRow

log = logging.getLogger(__name__)

SWEEP_PERIOD = 1.0
"""Seconds between two looks for chats with pending rows that no live process drains."""
LEASE = 15.0
"""Seconds a chat lease lasts unless renewed (renewed every third of that while held)."""
IDLE_RELEASE = 3.0
"""Seconds a chat may be idle before its lease is given up (kept meanwhile: no write per message)."""
HANDLE_TRIES = 3
"""Times an update whose handling raises (a bug, not the database) is tried before it is given up."""
BACKOFF_START = 0.5
"""Seconds before the first retry of a transient failure (database or platform); doubles each time."""
BACKOFF_MAX = 30.0
"""The longest wait between two retries of a transient failure, in seconds."""
SEND_TRIES = 8
"""Times a send that raises something unexpected (not a platform error) is tried before the reply is
marked failed."""
READ_BATCH = 20
"""Pending inbox rows read from the database at a time (the rest are read when these are done)."""
BUDGET_POLL = 0.25
"""Seconds between two looks at a chat's spent budget while its replies wait to be coalesced."""
COALESCE_MAX = 100
"""The most pending replies joined into one coalesced message (the adapter cuts it at its limit)."""
DONE_DELAY = 0.05
"""Seconds the done marks of talk (updates with no reply) wait to be committed together, unless the
chat's next write takes them first."""
RETENTION = 2 * 86400.0
"""Seconds handled updates and posted replies are kept (Telegram redelivers an update within 24 h;
the event log keeps every booked event for ever)."""
PRUNE_PERIOD = 60.0
"""Seconds between two prunings of the inbox and the outbox."""
PRUNE_LIMIT = 1000
"""Updates (and as many replies) deleted in one write of a pruning."""
PRUNE_BATCHES = 10
"""Writes one pruning makes at most (10,000 updates a minute)."""
STOP_GRACE = 3.0
"""Seconds :meth:`Delivery.stop` lets the senders flush pending replies before it cancels them."""


class RetryLater(Exception):
    """The platform asked to wait ``seconds`` before sending again (Telegram's 429 ``retry_after``)."""

    def __init__(self, seconds: float) -> None:
        super().__init__(f"retry in {seconds} s")
        self.seconds = seconds


class Transient(Exception):
    """A send failed in a way that may pass (network, timeout, server error): retried with back-off."""


class Permanent(Exception):
    """A send the platform will never accept (chat not found, bot kicked, bad request): given up."""


Handle = Callable[[InboxRow, Booking], Awaitable[list[dict[str, Any]]]]
"""``handle(row, booking)``: handle one stored update; return the outbox payloads of its replies.

It sets ``booking.items`` (replies → payloads) before it calls the service, so that a booking write
stores them with the event; the payloads it returns are stored only when no booking write did."""

Send = Callable[[str, Sequence[OutboxRow]], Awaitable[str | None]]
"""``send(chat_id, rows)``: post ``rows`` (one reply, or several to coalesce into one message) and
return the platform's message id; raises :class:`RetryLater`, :class:`Transient` or
:class:`Permanent`."""


def _never(chat_id: str) -> bool:
    return False


class Delivery:
    """The inbox workers and outbox senders of one platform in this process.

    Args:
        store: an open :class:`~taipai.bot.store.Store`.
        platform: ``"telegram"``, ``"discord"`` …
        handle: see :data:`Handle`.  send: see :data:`Send`.
        budget_spent: ``budget_spent(chat_id)`` is true while the chat may not post a new message
            now (its rate-limit budget is spent): its pending text replies are then coalesced.
        lease, sweep: seconds (:data:`LEASE`, :data:`SWEEP_PERIOD`).
    """

    def __init__(
        self,
        store: Any,
        platform: str,
        *,
        handle: Handle,
        send: Send,
        budget_spent: Callable[[str], bool] = _never,
        lease: float = LEASE,
        sweep: float = SWEEP_PERIOD,
    ) -> None:
        self.store = store
        self.platform = platform
        self.inbox = Inbox(store, platform, lease=lease)
        self.outbox = Outbox(store)
        self._handle = handle
        self._send = send
        self._budget_spent = budget_spent
        self.sweep_period = sweep
        self._workers: dict[str, asyncio.Task[None]] = {}
        self._senders: dict[str, asyncio.Task[None]] = {}
        # Per active chat: the rows known to be pending, by id (what this process stored, plus what a
        # database read found), and whether the database must be read for more (woken by a sweep).
        self._inq: dict[str, dict[int, InboxRow]] = {}
        self._outq: dict[str, dict[int, OutboxRow]] = {}
        self._read_in: set[str] = set()
        self._read_out: set[str] = set()
        self._marking: set[int] = set()  # replies posted whose sent mark is not committed yet
        self._deferred: dict[str, list[int]] = {}  # talk handled, done mark not committed yet
        self._done_flusher: asyncio.Task[None] | None = None
        self._mark_tasks: set[asyncio.Task[None]] = set()
        self._held: dict[str, float] = {}  # leased chats -> when last active (monotonic)
        self._dead: set[str] = set()  # lease owners known to be dead processes of this host
        self._sweeper: asyncio.Task[None] | None = None
        self._stopping = False
        self._idle = asyncio.Event()
        self._idle.set()

    @property
    def owner(self) -> str:
        """This process's lease owner id."""
        return self.inbox.owner

    # ------------------------------------------------------------------ life cycle
    async def start(self) -> None:
        """Take over what is stored and not done (one sweep, before anything new is received), then
        sweep and renew leases in the background."""
        await self.sweep()
        self._sweeper = asyncio.get_running_loop().create_task(self._sweep_loop())

    async def stop(self, grace: float = STOP_GRACE) -> None:
        """Stop: workers finish the update in hand (the rest stays pending for the next start),
        senders get ``grace`` seconds to post what is pending, then leases are given up."""
        self._stopping = True
        if self._sweeper is not None:
            self._sweeper.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._sweeper
            self._sweeper = None
        workers = list(self._workers.values())
        if workers:
            await asyncio.wait(workers, timeout=max(grace, 10.0))
        senders = list(self._senders.values())
        if senders:
            _done, late = await asyncio.wait(senders, timeout=grace)
            for task in late:
                task.cancel()
            await asyncio.gather(*late, return_exceptions=True)
        for task in list(self._workers.values()):
            task.cancel()
        await asyncio.gather(*self._workers.values(), return_exceptions=True)
        if self._mark_tasks:  # the sent marks of what went out
            await asyncio.wait(list(self._mark_tasks), timeout=grace)
        if self._done_flusher is not None and not self._done_flusher.done():
            await asyncio.wait([self._done_flusher], timeout=grace)
        with contextlib.suppress(SQLAlchemyError):
            await self.inbox.release_all()

    async def receive(self, items: Sequence[Incoming]) -> None:
        """Store ``items`` in the inbox (ONE transaction) and wake their chats' workers.

        Returns after the commit: the caller may then tell the platform the updates arrived.  A
        database error propagates (do not acknowledge then: the platform will deliver again).
        """
        new, claimed = await self.inbox.put(items, held=set(self._held), steal_from=set(self._dead))
        now = time.monotonic()
        for row in new:
            if row.chat_id in claimed:
                self._held[row.chat_id] = now
                self._inq.setdefault(row.chat_id, {})[row.id] = row
                self.wake(row.chat_id, read=False)

    def wake(self, chat_id: str, *, read: bool = True) -> None:
        """Make sure the chat's worker runs; with ``read`` it reads the chat's pending rows from the
        database first (rows another process stored, or stored before a restart)."""
        if self._stopping:
            return
        if read:
            self._read_in.add(chat_id)
        if chat_id not in self._workers:
            self._idle.clear()
            self._workers[chat_id] = asyncio.get_running_loop().create_task(self._work(chat_id))

    def wake_sender(self, chat_id: str, rows: Sequence[OutboxRow] = (), *, read: bool = False) -> None:
        """Hand ``rows`` (just stored) to the chat's sender and make sure it runs; with ``read`` it
        reads the chat's pending replies from the database first."""
        if rows:
            queue = self._outq.setdefault(chat_id, {})
            for row in rows:
                queue[row.id] = row
        if read:
            self._read_out.add(chat_id)
        if chat_id not in self._senders and (rows or read):
            self._idle.clear()
            self._senders[chat_id] = asyncio.get_running_loop().create_task(self._send_loop(chat_id))

    async def wait_idle(self) -> None:
        """Wait until no worker or sender runs and every sent mark is committed (tests, benchmarks)."""
        while self._workers or self._senders:
            self._idle.clear()
            await self._idle.wait()
        if self._mark_tasks:
            await asyncio.wait(list(self._mark_tasks))
        if self._done_flusher is not None and not self._done_flusher.done():
            await self._done_flusher

    def _finished(self, table: dict[str, asyncio.Task[None]], chat_id: str) -> None:
        table.pop(chat_id, None)
        self._held[chat_id] = time.monotonic()
        if not self._workers and not self._senders:
            self._idle.set()

    # ------------------------------------------------------------------ sweeping
    async def sweep(self) -> None:
        """Take and drain the chats with pending rows that no live process drains (and our own)."""
        chats, owners = await self.inbox.waiting_chats()
        me = self.owner
        for holder in set(owners.values()):
            if holder is not None and holder != me and owner_is_dead(holder, me):
                self._dead.add(holder)
        wanted = [c for c in chats if owners.get(c) in (None, me) or owners.get(c) in self._dead]
        got = await self.inbox.claim(wanted, steal_from=self._dead) if wanted else set()
        now = time.monotonic()
        for chat_id in sorted(got):
            self._held[chat_id] = now
            self.wake(chat_id)
            self.wake_sender(chat_id, read=True)

    async def _sweep_loop(self) -> None:
        renew_every = self.inbox.lease / 3
        last_renew = last_prune = time.monotonic()
        while True:
            await asyncio.sleep(self.sweep_period)
            try:
                if time.monotonic() - last_renew >= renew_every:
                    await self._renew()
                    last_renew = time.monotonic()
                if time.monotonic() - last_prune >= PRUNE_PERIOD:
                    last_prune = time.monotonic()
                    before = self.store.now() - timedelta(seconds=RETENTION)
                    for _batch in range(PRUNE_BATCHES):  # short writes, a few of them
                        if await self.inbox.prune(before, limit=PRUNE_LIMIT) < PRUNE_LIMIT:
                            break
                await self.sweep()
                await self.store.checkpoint()  # SQLite: the WAL copied back off the writer's path
            except SQLAlchemyError:
                log.warning("delivery: the sweep could not read the database; trying again")
            except Exception:  # the sweep must outlive any one failure: it renews the leases
                log.exception("delivery: the sweep failed; trying again")

    async def _renew(self) -> None:
        now = time.monotonic()
        idle = [
            c
            for c, at in self._held.items()
            if c not in self._workers and c not in self._senders and now - at >= IDLE_RELEASE
        ]
        for chat_id in idle:  # first: an update arriving meanwhile claims its chat again
            self._held.pop(chat_id, None)
        await self.inbox.renew(release=idle)

    # ------------------------------------------------------------------ the inbox side
    async def _work(self, chat_id: str) -> None:
        done = 0  # the id of the last row handled: rows arrive in id order
        queue = self._inq.setdefault(chat_id, {})
        try:
            while not self._stopping:
                if not queue and chat_id in self._read_in:
                    await self._read_rows(chat_id, queue, done)
                if not queue:
                    return
                row = queue.pop(min(queue))
                if row.id <= done:
                    continue
                rows_out = await self._handle_row(row)
                if rows_out is None:  # an older row is pending (stored by another process): it first
                    queue[row.id] = row
                    await self._read_rows(chat_id, queue, done)
                    if min(queue) == row.id:  # not visible yet: let its writer commit
                        await asyncio.sleep(BACKOFF_START)
                    continue
                done = row.id
                self.wake_sender(chat_id, rows_out)
        finally:
            if not queue:
                self._inq.pop(chat_id, None)
            self._finished(self._workers, chat_id)

    async def _read_rows(self, chat_id: str, queue: dict[int, InboxRow], done: int) -> None:
        """Merge the chat's pending rows after ``done`` from the database into ``queue``."""
        self._read_in.discard(chat_id)
        read = functools.partial(self.inbox.pending, chat_id, after_id=done, limit=READ_BATCH)
        rows = await self._retrying(read)
        for row in rows or ():
            queue.setdefault(row.id, row)
        if rows and len(rows) >= READ_BATCH:
            self._read_in.add(chat_id)  # more after these

    async def _handle_row(self, row: InboxRow) -> list[OutboxRow] | None:
        """Handle one stored update until its handling is committed (see the module docstring);
        return the outbox rows it stored, or ``None`` when an older row of the chat is still pending
        (another process stored it): nothing was written, the older row goes first."""
        failures = 0
        delay = BACKOFF_START
        while True:
            waiting = list(self._deferred.get(row.chat_id, ()))
            booking = Booking(row.platform, row.chat_id, row.id, also_done=waiting)
            token = BOOKING.set(booking)
            try:
                payloads = await self._handle(row, booking)
                if not booking.stored and not payloads:
                    # talk: no write of its own, but what was talk may depend on an older update
                    if await self.inbox.older_pending(row.chat_id, row.id):
                        return None
                    self._defer_done(row.chat_id, row.id)
                    return []
                if not booking.stored:
                    await self.outbox.finish(booking, payloads)
                self._settled(row.chat_id, waiting)
                return booking.rows
            except InboxRowDone:
                return []  # another worker handled it
            except OlderPending:
                return None
            except SQLAlchemyError:
                log.warning("delivery: database error handling update %s; retrying", row.update_key)
            except Exception:
                failures += 1
                log.exception("delivery: handling update %s failed (%d)", row.update_key, failures)
                if failures >= HANDLE_TRIES:
                    log.error("delivery: gave up on update %s of chat %s", row.update_key, row.chat_id)
                    gave_up = Booking(row.platform, row.chat_id, row.id)
                    try:
                        await self._retrying(functools.partial(self.outbox.finish, gave_up, []))
                    except OlderPending:
                        return None
                    return []
            finally:
                BOOKING.reset(token)
            await asyncio.sleep(delay)
            delay = min(delay * 2, BACKOFF_MAX)

    def _defer_done(self, chat_id: str, inbox_id: int) -> None:
        """An update handled with no reply and nothing booked: its done mark goes with the chat's next
        write (so no later handling of the chat is committed before it), or with the next batch of
        marks (:data:`DONE_DELAY` seconds later), whichever comes first.  Lost in a crash, it is
        handled again after the restart, with the same outcome: nothing of the chat came after it."""
        self._deferred.setdefault(chat_id, []).append(inbox_id)
        if self._done_flusher is None or self._done_flusher.done():
            self._done_flusher = asyncio.get_running_loop().create_task(self._flush_done())

    def _settled(self, chat_id: str, ids: Sequence[int]) -> None:
        """The deferred done marks ``ids`` of the chat are committed."""
        if not ids:
            return
        left = [i for i in self._deferred.get(chat_id, ()) if i not in set(ids)]
        if left:
            self._deferred[chat_id] = left
        else:
            self._deferred.pop(chat_id, None)

    async def _flush_done(self) -> None:
        while self._deferred:
            await asyncio.sleep(DONE_DELAY)
            waiting = {chat: list(ids) for chat, ids in self._deferred.items()}
            await self._retrying(
                functools.partial(self.outbox.mark_done, [i for v in waiting.values() for i in v])
            )
            for chat, ids in waiting.items():
                self._settled(chat, ids)

    async def _retrying(self, op: Callable[[], Awaitable[Any]]) -> Any:
        """``await op()`` until it does not raise a database error (back-off between tries)."""
        delay = BACKOFF_START
        while True:
            try:
                return await op()
            except InboxRowDone:
                return None
            except SQLAlchemyError:
                log.warning("delivery: database error; retrying in %.1f s", delay)
                await asyncio.sleep(delay)
                delay = min(delay * 2, BACKOFF_MAX)

    # ------------------------------------------------------------------ the outbox side
    async def _send_loop(self, chat_id: str) -> None:
        sent = 0  # the id of the last reply posted: replies are stored in id order
        queue = self._outq.setdefault(chat_id, {})
        try:
            while True:
                if not queue and chat_id in self._read_out:
                    await self._read_replies(chat_id, queue, sent)
                if not queue:
                    return
                ids = sorted(queue)
                batch = [queue[ids[0]]]
                if batch[0].payload.get("coalesce") and self._budget_spent(chat_id):
                    # wait here, in this chat's task, until the budget allows a message; then ONE
                    # message carries every reply that piled up meanwhile
                    while self._budget_spent(chat_id) and not self._stopping:
                        await asyncio.sleep(BUDGET_POLL)
                    batch = []
                    for i in sorted(queue)[:COALESCE_MAX]:
                        if not queue[i].payload.get("coalesce"):
                            break
                        batch.append(queue[i])
                await self._deliver(chat_id, batch)
                for row in batch:
                    queue.pop(row.id, None)
                    sent = max(sent, row.id)
        finally:
            if not queue:
                self._outq.pop(chat_id, None)
            self._finished(self._senders, chat_id)

    async def _read_replies(self, chat_id: str, queue: dict[int, OutboxRow], sent: int) -> None:
        self._read_out.discard(chat_id)
        rows = await self._retrying(
            functools.partial(self.outbox.pending, self.platform, chat_id, limit=COALESCE_MAX)
        )
        for row in rows or ():
            if row.id > sent and row.id not in self._marking:
                queue.setdefault(row.id, row)
        if rows and len(rows) >= COALESCE_MAX:
            self._read_out.add(chat_id)  # more after these

    async def _deliver(self, chat_id: str, batch: Sequence[OutboxRow]) -> None:
        """Post ``batch`` (one message) until the platform accepts or refuses it for good."""
        ids = [r.id for r in batch]
        delay = BACKOFF_START
        odd = 0
        while True:
            try:
                message_id = await self._send(chat_id, batch)
            except RetryLater as exc:
                log.info("delivery: chat %s: the platform asks to wait %.1f s", chat_id, exc.seconds)
                await asyncio.sleep(exc.seconds)
                continue
            except Transient as exc:
                log.warning("delivery: chat %s: send failed (%s); retrying in %.1f s", chat_id, exc, delay)
                await self._retrying(lambda: self.outbox.count_attempt(ids))
                await asyncio.sleep(delay)
                delay = min(delay * 2, BACKOFF_MAX)
                continue
            except Permanent as exc:
                log.warning("delivery: chat %s: the platform refused a reply for good (%s)", chat_id, exc)
                await self._retrying(lambda: self.outbox.mark_failed(ids))
                return
            except asyncio.CancelledError:
                raise
            except Exception:
                odd += 1
                log.exception("delivery: chat %s: sending failed unexpectedly (%d)", chat_id, odd)
                if odd >= SEND_TRIES:
                    await self._retrying(lambda: self.outbox.mark_failed(ids))
                    return
                await asyncio.sleep(delay)
                delay = min(delay * 2, BACKOFF_MAX)
                continue
            self._mark_sent(ids, message_id)
            return

    def _mark_sent(self, ids: list[int], message_id: str | None) -> None:
        """Commit the sent mark of ``ids`` in the background: the chat's next reply need not wait for
        it (a crash before the commit, a few milliseconds, sends these again after a restart).  Until
        it is committed, a read of the chat's pending replies skips them."""
        self._marking.update(ids)

        async def mark() -> None:
            try:
                await self._retrying(functools.partial(self.outbox.mark_sent, ids, message_id))
            finally:
                self._marking.difference_update(ids)

        task = asyncio.get_running_loop().create_task(mark())
        self._mark_tasks.add(task)
        task.add_done_callback(self._mark_tasks.discard)


__all__ = [
    "BACKOFF_MAX",
    "Delivery",
    "Handle",
    "Permanent",
    "RetryLater",
    "Send",
    "Transient",
]
