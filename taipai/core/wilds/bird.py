"""鳥 / 扎鳥 as a table event any game can book (:class:`Bird`): QQ 歡樂麻將's 鳥 (seed 002 「名詞解釋」
·鳥牌) and seed 001's 扎鳥 are one rule (:func:`taipai.core.wilds.schemes.bird_seat`), so the event is
written once and each game that plays it lists it in its
:attr:`~taipai.core.system.TableRules.own_events` and pays it in its own ledger.

Like the shared events (:mod:`taipai.core.table.events`) it is a frozen dataclass with a stable ``kind``
and round-trips through :meth:`Bird.to_dict` and ``cls(**fields)``
(:func:`taipai.core.table.codec.event_from_dict` does that for a system's own events).  Pure: no I/O.
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from typing import Any, ClassVar

from taipai.core.tiles import TileIndex

__all__ = ["Bird"]


@dataclass(frozen=True, slots=True)
class Bird:
    """鳥: the tile turned after a win (seed 002: 「玩家胡牌後，下一張城牆上的牌為鳥牌 … 如果海底胡，即以海底
    為牌為鳥」; seed 001 扎鸟: 「玩家和牌后再摸紧跟着的牌即为鸟牌。如果为海底和则海底牌为鸟牌」).

    It lands on :func:`~taipai.core.wilds.schemes.bird_seat`'s player, counted from the dealer of the
    win, whose result in that win doubles (seed 001: 「被扎鸟方赢输计分要翻倍」; seed 002 says which legs:
    on a discard, when it lands on the winner or the discarder the discarder pays double, on a self-draw,
    on the winner every player pays double, on another player only that player does).  Each game's
    ledger pays it (QQ: :mod:`taipai.systems.qq.ledger`; 港式台牌 with 扎鳥 on:
    :mod:`taipai.systems.hk_taiwan.ledger`).

    Attributes:
        tile: the 鳥 tile kind, 0..33 (a flower is never turned as 鳥: it is replaced).
    """

    kind: ClassVar[str] = "bird"
    follows_win: ClassVar[bool] = True
    """It belongs to the win before it: the history lists it under that win's hand
    (:func:`taipai.core.table.machine.apply`), though the deal has moved on."""
    tile: TileIndex

    def to_dict(self) -> dict[str, Any]:
        """JSON-ready dict with ``kind``; ``Bird(**{k: v for k, v in d.items() if k != "kind"})``
        reverses it."""
        return {"kind": self.kind, **{f.name: getattr(self, f.name) for f in dataclasses.fields(self)}}
