"""The Taiwan table's own event: :class:`FlowerWin` (花胡, seed 003: 八仙過海 and 七搶一).

Like the shared events (:mod:`taipai.core.table.events`) it is a frozen dataclass with a stable ``kind``
and round-trips through :meth:`FlowerWin.to_dict` and ``cls(**fields)``, which is what
:func:`taipai.core.table.codec.event_from_dict` does for a system's own events.
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from typing import Any, ClassVar


@dataclass(frozen=True, slots=True)
class FlowerWin:
    """花胡: a win by the eight flowers (seed 003 花胡: 「花胡視同正式之胡牌」), not by a hand message.

    - 八仙過海 (``robbed`` is ``None``): seed 003 「取得全部8張花牌時 … 三家賠付, 計八仙過海8台1底 …
      莊連拉之台數照算」: each of the three others pays ``底 + (tai + hand) × 台額``, and a leg involving
      the dealer adds 作莊 and 連N拉N.
    - 七搶一 (``robbed`` names the player whose flower was robbed): 「被搶花者賠付, 計七搶一8台1底 …
      涉莊連拉台數照算」: the robbed player alone pays.  With ``hand_self_drawn`` (the seed's second case:
      the replacement tile completes a 槓上開花, 「視同自摸, 三家賠付, 牌面台數照算(不含搶得之花牌),
      但花牌台數被搶花者應單獨計七搶一8台」) each of the three pays ``底 + hand × 台額`` and the robbed
      player pays ``tai × 台額`` more.

    Attributes:
        winner: the player with the eight flowers.
        robbed: 七搶一's robbed player; ``None`` for 八仙過海.
        tai: the flower win's 台 (the preset's 八仙過海 / 七搶一 row, 8).
        hand: 台 of the hand when the replacement tile also won it (「如補得之牌恰為槓上開花, 牌面台數照算加計
            …8台(底注只計1底)」), without 作莊 / 連N拉N; 0 when the hand was not shown (「手牌未胡毋須翻開」).
        hand_self_drawn: 七搶一 only: that hand counts as a self-draw (all three pay it).
    """

    kind: ClassVar[str] = "flower_win"
    winner: str
    robbed: str | None = None
    tai: int = 8
    hand: int = 0
    hand_self_drawn: bool = False

    @property
    def count(self) -> int:
        """The win's 台 as its reply says it (「七搶一8台」 plus the hand's 台 when it also won):
        ``tai + hand``, without 作莊 / 連N拉N (the ledger adds them per leg, as for any win's count)."""
        return self.tai + self.hand

    def to_dict(self) -> dict[str, Any]:
        """JSON-ready dict with ``kind``; ``FlowerWin(**{k: v for k, v in d.items() if k != "kind"})``
        reverses it."""
        return {"kind": self.kind, **{f.name: getattr(self, f.name) for f in dataclasses.fields(self)}}
