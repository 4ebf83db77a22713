"""QQ 歡樂麻將's own event: :class:`Bird` (鳥, seed 002 「名詞解釋」 ·鳥牌).

Like the shared events (:mod:`taipai.core.table.events`) it is a frozen dataclass with a stable ``kind``
and round-trips through :meth:`Bird.to_dict` and ``cls(**fields)``
(:func:`taipai.core.table.codec.event_from_dict` does that for a system's own events).
"""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, ClassVar

from taipai.core.tiles import NUM_KINDS, RANK_OF, TileIndex


def bird_number(tile: TileIndex) -> int:
    """The number a 鳥 tile counts with: a suited tile's rank 1..9, an honour 東南西北中發白 1..7.

    Seed 002: 「按牌面數字逆時針計算 … （東南西北中發白按照一到七的次序）」.

    Raises:
        ValueError: ``tile`` is not a tile kind 0..33.
    """
    if not 0 <= tile < NUM_KINDS:
        raise ValueError(f"not a tile kind: {tile!r}")
    return RANK_OF[tile] if tile < 27 else tile - 27 + 1


def bird_seat(tile: TileIndex, players: Sequence[str], dealer: str) -> str:
    """The player a 鳥 tile lands on.

    Seed 002: 「以莊家為起點，按牌面數字逆時針計算。譬如，一表示莊家，二表示下家，三為對家，
    四為上家，依此類推」: the count starts at the dealer (1) and goes the way the deal passes,
    so 五 and 九 are the dealer again.

    Args:
        tile: the 鳥 tile kind (0..33).
        players: the four seats in order 東南西北 (``TableState.names``; the seat after a player is 下家).
        dealer: the current dealer, one of ``players``.

    Raises:
        ValueError: ``tile`` is not a tile kind, or ``dealer`` is not seated.
    """
    n = bird_number(tile)
    if dealer not in players:
        raise ValueError(f"the dealer {dealer!r} is not seated")
    return players[(list(players).index(dealer) + n - 1) % len(players)]


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
    tile: TileIndex

    def to_dict(self) -> dict[str, Any]:
        """JSON-ready dict with ``kind``; ``Bird(**{k: v for k, v in d.items() if k != "kind"})``
        reverses it."""
        return {"kind": self.kind, **{f.name: getattr(self, f.name) for f in dataclasses.fields(self)}}
