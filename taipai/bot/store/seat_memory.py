"""Who sat where in a chat, kept from night to night (table ``seat_memory``, migration 0005).

One row per (platform, chat, user id): the player name that member last held, its seat (0–3 in 開枱
order) and the member's display name.  The service writes it when a member takes a seat and removes it
when they leave one (:mod:`taipai.bot.service.identity`); a new table of the chat seats each
remembered member whose player name is among its four again, and ``開枱`` said alone opens a table of
the four remembered seats (:mod:`taipai.bot.service.record_flow`).  Nothing here is replayed: the
table's money comes from the event log alone.
"""

from __future__ import annotations

from dataclasses import dataclass

from sqlalchemy import delete, insert, select, update
from sqlalchemy.engine import Connection

from taipai.bot.store.schema import seat_memory
from taipai.bot.store.store import ChatRef, Store


@dataclass(frozen=True, slots=True)
class RememberedSeat:
    """A member as the chat remembers them: ``user_id`` (the platform's), ``player`` (the name they
    sat as), ``seat`` (0–3 in 開枱 order, ``None`` when unknown), ``display`` (their display name)."""

    user_id: str
    player: str
    seat: int | None
    display: str


class SeatMemory:
    """Reads and writes ``seat_memory`` rows of ``store``'s database; each method is one transaction.

    Args:
        store: an open :class:`~taipai.bot.store.Store`.
    """

    def __init__(self, store: Store) -> None:
        self.store = store

    async def remember(
        self, chat: ChatRef, user_id: str, player: str, seat: int | None, display: str
    ) -> None:
        """Remember that ``user_id`` sits as ``player`` in seat ``seat`` (0–3) in ``chat`` (replacing
        what was remembered of them).  Raises store errors only."""
        now = self.store.now()
        key = (
            seat_memory.c.platform == chat.platform,
            seat_memory.c.chat_id == chat.chat_id,
            seat_memory.c.user_id == user_id,
        )
        values = {"player": player[:128], "seat": seat, "display": display[:128], "updated_at": now}

        def write(conn: Connection) -> None:
            if not conn.execute(update(seat_memory).where(*key).values(**values)).rowcount:
                conn.execute(
                    insert(seat_memory).values(
                        platform=chat.platform, chat_id=chat.chat_id, user_id=user_id, **values
                    )
                )

        await self.store.run_write(write)

    async def forget(self, chat: ChatRef, user_id: str) -> None:
        """Forget ``user_id``'s seat in ``chat`` (they left it); nothing when none is remembered."""
        stmt = delete(seat_memory).where(
            seat_memory.c.platform == chat.platform,
            seat_memory.c.chat_id == chat.chat_id,
            seat_memory.c.user_id == user_id,
        )
        await self.store.run_write(lambda conn: conn.execute(stmt))

    async def seats(self, chat: ChatRef) -> list[RememberedSeat]:
        """Every member remembered in ``chat``, the most recently seated first; a player name held by
        several members (on different nights) appears once, for the latest of them."""
        q = (
            select(seat_memory)
            .where(seat_memory.c.platform == chat.platform, seat_memory.c.chat_id == chat.chat_id)
            .order_by(seat_memory.c.updated_at.desc(), seat_memory.c.user_id)
        )

        def read(conn: Connection) -> list[RememberedSeat]:
            out: list[RememberedSeat] = []
            names: set[str] = set()
            for r in conn.execute(q):
                if r.player in names:
                    continue
                names.add(r.player)
                out.append(RememberedSeat(r.user_id, r.player, r.seat, r.display))
            return out

        return await self.store.run_read(read)


__all__ = ["RememberedSeat", "SeatMemory"]
