"""QQ 歡樂麻將's own event: :class:`Bird` (鳥, seed 002 「名詞解釋」 ·鳥牌).

Like the shared events (:mod:`taipai.core.table.events`) it is a frozen dataclass with a stable ``kind``
and round-trips through :meth:`Bird.to_dict` and ``cls(**fields)``
(:func:`taipai.core.table.codec.event_from_dict` does that for a system's own events).

:func:`bird_number` and :func:`bird_seat` are seed 001's 扎鳥 rule, the same count
(:mod:`taipai.core.wilds.schemes`), re-exported here.
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from typing import Any, ClassVar

from taipai.core.tiles import TileIndex
from taipai.core.wilds.schemes import bird_number, bird_seat


@dataclass(frozen=True, slots=True)
class Bird:
    """鳥: the tile turned after a win (「玩家胡牌後，下一張城牆上的牌為鳥牌 …
    如果海底胡，即以海底為牌為鳥」).

    It lands on :func:`bird_seat`'s player, whose result in that win doubles
    (:func:`taipai.systems.qq.money.win_legs`): on a discard, when it lands on the winner or the discarder
    the discarder pays double (「點炮時，鳥如果買中在胡牌方或點炮方，即為中鳥，點炮人出雙倍分數」);
    on a self-draw, on the winner every player pays double, on another player only that player does
    (「自摸時，鳥如果買中在胡牌方，即所有玩家給雙倍分數；如果買中在別的玩家，只此一玩家給雙倍分數」).

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


__all__ = ["Bird", "bird_number", "bird_seat"]
