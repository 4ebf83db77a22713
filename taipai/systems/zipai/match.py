"""硬鬍子's 「3把50胡」 at the table (seed 002 ⑷ 一、2: 「3把50胡的，就是胡3把牌要達到50胡以上。第一把不能少於
15胡。計算鬍子方法一樣」), booked by the ledger when the table plays it (``規則 3把50胡 開``).

A player's wins make matches of three, counted from the table's opening (undone wins do not count):
the first win of each match must count 15胡 or more (the ledger refuses one under it, as it refuses a
win under 起胡); the third closes the match, made when its three wins reach 50胡
(:func:`~taipai.systems.zipai.scoring.three_hands`).  Each win is paid as every 硬鬍子 win is: the seed
says what a match must reach, not what reaching it (or missing it) pays, so the match moves no money
of its own (a choice, :data:`taipai.systems.zipai.presets.CHOICES`).
"""

from __future__ import annotations

from taipai.core.table.errors import TableError
from taipai.core.table.events import SelfDraw, WinByDiscard
from taipai.core.table.state import TableState
from taipai.systems.zipai.scoring import three_hands
from taipai.systems.zipai.turned import TurnedWin

MATCH_WINS = 3
"""Wins in a match (「胡3把牌」)."""
MATCH_HU = 50
"""胡 a match's wins must reach (「要達到50胡以上」)."""
FIRST_HU = 15
"""The least the first win of a match counts (「第一把不能少於15胡」)."""


def wins_of(state: TableState, player: str) -> tuple[int, ...]:
    """The 胡 of each of ``player``'s wins booked at the table so far, in order (one leg of a win on a
    card with several winners counts as that winner's win)."""
    out: list[int] = []
    for entry in state.history:
        event = entry.event
        if isinstance(event, SelfDraw) and event.winner == player:
            out.append(event.fan)
        elif isinstance(event, WinByDiscard):
            out.extend(leg.fan for leg in event.legs if leg.winner == player)
        elif isinstance(event, TurnedWin) and event.winner == player:
            out.append(event.count)
    return tuple(out)


def current_match(state: TableState, player: str) -> tuple[int, ...]:
    """The 胡 of ``player``'s wins in their match now open (0 to 2 wins; a closed match's are left out)."""
    wins = wins_of(state, player)
    return wins[len(wins) - len(wins) % MATCH_WINS :]


def check_win(state: TableState, winner: str, value: int) -> str:
    """Check a new win of ``value`` 胡 by ``winner`` under 3把50胡 and say where the match stands.

    Returns:
        The match after the win, for the history (``"3把50胡: 15 + 20 = 35胡 (2 of 3)"``, ``"3把50胡:
        15 + 20 + 16 = 51胡, made"``).

    Raises:
        TableError: ``first_of_three`` (``values``: ``count`` and ``minimum`` with their unit, ``12胡``
            and ``15胡``, and ``winner``) for the first win of a match under :data:`FIRST_HU`.
    """
    before = current_match(state, winner)
    if not before and value < FIRST_HU:
        raise TableError(
            "first_of_three",
            f"{winner}'s {value}胡 would open a 3把50胡 match, whose first win needs {FIRST_HU}胡",
            f"the first win of a match needs at least {FIRST_HU}胡",
            {"count": f"{value}胡", "minimum": f"{FIRST_HU}胡", "winner": winner},
        )
    wins = (*before, value)
    said = " + ".join(str(w) for w in wins)
    status = three_hands(wins, MATCH_HU, FIRST_HU, MATCH_WINS)
    if status == "open":
        return f"3把50胡: {said} = {sum(wins)}胡 ({len(wins)} of {MATCH_WINS})"
    return f"3把50胡: {said} = {sum(wins)}胡, {'made' if status == 'made' else 'short'}"
