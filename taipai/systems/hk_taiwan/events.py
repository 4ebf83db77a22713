"""港式台牌's own events: :class:`CashPrize` (現金獎), :class:`CutChain` (斬拉) and :class:`FlyTile` (飛牌).

Only a 港式台牌 table books them (:attr:`~taipai.systems.hk_taiwan.ledger.HkTaiwanTable.own_events`;
:mod:`~taipai.systems.hk_taiwan.ledger` applies them).  Like the shared events
(:mod:`taipai.core.table.events`) each is a frozen dataclass with a stable ``kind`` and round-trips through
``to_dict()`` and ``cls(**fields)``, which is what :func:`taipai.core.table.codec.event_from_dict` does
for a system's own events.  The ``kind`` strings are those of the stored logs (``cash_prize``,
``cut_chain``, ``fly_tile``): a log written before the events moved here replays unchanged.
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from typing import Any, ClassVar


def _fields_dict(event: object, kind: str) -> dict[str, Any]:
    """``{"kind": kind, <field>: <value> …}`` of a flat event (every field a str, bool or None)."""
    return {"kind": kind, **{f.name: getattr(event, f.name) for f in dataclasses.fields(event)}}  # type: ignore[arg-type]


@dataclass(frozen=True, slots=True)
class CashPrize:
    """現金獎 ``prize`` (an id of :data:`~taipai.systems.hk_taiwan.prizes.PRIZES`), paid at once
    (seed 004, 現金獎).

    Attributes:
        prize: the prize id (``dice_triple``, ``seven_rob_one`` …).
        player: the collector or payer per the prize's flow
            (:class:`~taipai.systems.hk_taiwan.prizes.PrizeRule`).
        other: the receiver for ``seven_rob_one`` / ``one_rob_seven`` (``player`` pays ``other`` 6 底);
            ``None`` for every other prize.
    """

    kind: ClassVar[str] = "cash_prize"
    prize: str
    player: str
    other: str | None = None

    def to_dict(self) -> dict[str, Any]:
        """JSON-ready dict with ``kind``: ``{"kind": "cash_prize", "prize": …, "player": …, "other": …}``."""
        return _fields_dict(self, self.kind)


@dataclass(frozen=True, slots=True)
class CutChain:
    """斬 (``accept=True``: ``debtor`` pays the chain now) or 唔斬 (``accept=False``) — seed 004 斬拉.

    Attributes:
        debtor: the player who owes the chain (who answers the offer).
        creditor: the player the chain is owed to.
        accept: 斬 (pay now) or 唔斬 (play on).
    """

    kind: ClassVar[str] = "cut_chain"
    debtor: str
    creditor: str
    accept: bool

    def to_dict(self) -> dict[str, Any]:
        """JSON-ready dict with ``kind``:
        ``{"kind": "cut_chain", "debtor": …, "creditor": …, "accept": …}``."""
        return _fields_dict(self, self.kind)


@dataclass(frozen=True, slots=True)
class FlyTile:
    """飛牌 (seed 000): ``player`` swapped a real ``tile`` for a wildcard; recorded, no payment.

    Attributes:
        player: who swapped.
        tile: the tile's name as written (``九筒``).
    """

    kind: ClassVar[str] = "fly_tile"
    player: str
    tile: str

    def to_dict(self) -> dict[str, Any]:
        """JSON-ready dict with ``kind``: ``{"kind": "fly_tile", "player": …, "tile": …}``."""
        return _fields_dict(self, self.kind)

