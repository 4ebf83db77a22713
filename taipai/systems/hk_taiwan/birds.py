"""扎鳥 at a 港式台牌 table (seed 001 「扎鸟」, when the table plays it: ``規則 扎鳥 開``): the 鳥 tile turned
after a win (:class:`~taipai.core.wilds.bird.Bird`, the event QQ 歡樂麻將 books too) doubles the result
of the player it lands on in that win.

Seed 001: 「鸟的计算方法为：以庄家为起点按牌面数字计算 … 被扎鸟方赢输计分要翻倍」.  Which legs double is
seed 002's reading of the same rule (「點炮時，鳥如果買中在胡牌方或點炮方 … 點炮人出雙倍分數；自摸時，鳥如果
買中在胡牌方，即所有玩家給雙倍分數；如果買中在別的玩家，只此一玩家給雙倍分數」): a leg doubles when the 鳥
lands on its winner or on the player who pays it.  Choices where the seeds are silent: the second share
of a leg is paid at once (a ``bird`` payment of the leg's fan + 底 + dealer fan), never through a 拉
chain, as cash prizes are; under 包 (明槓全包) the player who pays all three legs is their payer.
"""

from __future__ import annotations

from taipai.core.system import Outcome
from taipai.core.table.errors import TableError
from taipai.core.table.events import SelfDraw, WinByDiscard
from taipai.core.table.state import Payment, TableState
from taipai.core.wilds.bird import Bird
from taipai.core.wilds.schemes import bird_seat
from taipai.systems.hk_taiwan.options import TableOptions
from taipai.systems.hk_taiwan.payments import win_legs

__all__ = ["bird_outcome"]


def bird_outcome(state: TableState, event: Bird) -> Outcome:
    """扎鳥: the legs of the win just booked that the 鳥 doubles, paid once more at once (``bird``).

    Args:
        state: the table after the win (its history ends with it).
        event: the 鳥 tile.

    Raises:
        TableError: ``bird_off`` (the table does not play 扎鳥: ``規則 扎鳥 開`` turns it on),
            ``bad_event`` (a tile that is no kind, no win right before it, or a second 鳥 for one win).
    """
    opts = state.options
    if not isinstance(opts, TableOptions) or not opts.bird:
        raise TableError("bird_off", "this table does not play 扎鳥", "規則 扎鳥 開 turns it on")
    tile = event.tile
    if isinstance(tile, bool) or not isinstance(tile, int) or not 0 <= tile < 34:
        raise TableError("bad_event", f"鳥 must be a tile, not {tile!r}", "e.g. 鳥 三萬")
    last = state.history[-1] if state.history else None
    if last is None or not isinstance(last.event, WinByDiscard | SelfDraw):
        raise TableError("bad_event", "a 鳥 follows the win it belongs to", "book the win first, then its 鳥")
    hit = bird_seat(tile, state.names, last.dealer)
    legs = win_legs(last.event, state.names, last.dealer, last.streak, opts)
    doubled = [leg for leg in legs if hit in (leg.payer, leg.payee)]
    pays = tuple(Payment(leg.payer, leg.payee, leg.total, "bird") for leg in doubled)
    return Outcome(state, f"鳥 lands on {hit}" + ("" if pays else ": no leg doubles"), pays)

