"""A 字牌 win on a card turned from the pile: neither on a discard nor a self-draw (seed 002 ⑴, ⑶).

In 字牌 a card drawn from the pile is turned face up for all to see and may be taken (⑴ 吃: 「當上家
打出或摸出一隻牌 … 可以吃牌」; 跑: 「當其他玩家打出或摸出」), so a player may win on a card another
player turned.  Nobody discarded it, so no one pays alone as on a 點炮 (⑶ 「點炮的玩家單獨承擔胡牌玩家的
所有積分」), and it is not the winner's own draw, so no self-draw doubling (⑶ 「自摸情況下 … 相應加倍」):
⑶'s general rule holds, 「輸的玩家分別給予按獲勝玩家所得油數算的積分」: each loser pays one share.  The
hand is counted as taken (食: a 坎 the card completes is a 碰).

The event is 字牌's own (:attr:`~taipai.core.system.TableRules.own_events`): the core's wins are a
discard (:class:`~taipai.core.table.events.WinByDiscard`) or a self-draw
(:class:`~taipai.core.table.events.SelfDraw`), and every other game's ledger reads those two; a game's
own event that names a ``winner`` and a ``count`` and ends the hand is a win to 戰績
(:mod:`taipai.bot.service.stats`).  :meth:`taipai.systems.zipai.ledger.ZipaiTable.own` books it.
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from typing import Any, ClassVar


@dataclass(frozen=True, slots=True)
class TurnedWin:
    """``winner`` won on a card another player turned from the pile (module docstring).

    Attributes:
        winner: the winner's name (a player of the hand, not the 數信 sitter).
        count: the hand's value in the variant's unit (油, 胡 or 排), counted as taken (食).
        turner: who turned the card, when the table said (money does not depend on it; the history
            shows it); ``None`` when not said.
    """

    kind: ClassVar[str] = "turned_win"
    winner: str
    count: int
    turner: str | None = None

    def to_dict(self) -> dict[str, Any]:
        """JSON-ready dict with ``kind``; ``TurnedWin(**{k: v for k, v in d.items() if k != "kind"})``
        reverses it."""
        return {"kind": self.kind, **{f.name: getattr(self, f.name) for f in dataclasses.fields(self)}}
