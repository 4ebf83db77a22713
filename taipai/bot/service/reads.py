"""What reading a win leg's hand gives (:class:`ReadHand`): the count to book and what to show.

Apart from :mod:`.hands` (which reads hands on the scoring pool, with processes and threads) so that
the pure steps (:mod:`.decide`, :mod:`.reply`, :mod:`.render`) use the result without importing the pool.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

DEALER_PATTERN = "dealer"
"""Pattern id of the dealer's 2n+1 in a :class:`~taipai.core.scoretypes.Score` (the table adds it itself)."""


@dataclass(frozen=True, slots=True)
class ReadHand:
    """What a win leg books, and what to show.

    Attributes:
        fan: the hand's fan without 底 and without dealer fan (what ``WinLeg.fan`` takes).
        bases: number of 底 (1, or 2 for seed 004's double reading).
        score: the core's ``Score`` for a hand message, ``None`` for a bare count.
        self_drawn: for a hand message, whether it says 摸/自摸 X; ``None`` for a bare count.
        robbed_kong: the hand message says 搶槓.
        overruled: the context words of the hand message that the table overruled: ``"dealer"``
            (莊 said by a player who does not deal now), ``"streak"`` (連n other than the table's
            連莊), ``"round_wind"`` (西圈 in a 東 round), ``"seat_wind"`` (北位 said by the player
            in 南).  The table's dealer, 連莊, round and seat are what the hand is scored with.
        kongs: how each declared kong of a hand message was made, in message order: ``"exposed"``
            (槓/明槓: from a discard), ``"added"`` (加槓), ``"concealed"`` (暗槓); ``()`` for a bare
            count (a count shows no kong).  包 needs an exposed one (seed 004 「明槓出銃者全包」).
        typed: a bare count as the player typed it (``9`` for ``9翻``), which the game may book lower
            (廣東牌 pays a count above 最大 as 最大: ``fan`` 8); ``None`` for a hand message.
    """

    fan: int
    bases: int
    score: Any = None
    self_drawn: bool | None = None
    robbed_kong: bool = False
    overruled: tuple[str, ...] = ()
    kongs: tuple[str, ...] = ()
    typed: int | None = None

    def detail(self) -> dict[str, Any]:
        """JSON kept with the event: ``{"count": n}`` or the score's DESIGN §5 object."""
        if self.score is None:
            return {"count": self.fan}
        return dict(self.score.to_dict())
