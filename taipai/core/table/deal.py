"""The next deal: who deals the next hand and in which round (seed 004 流程/連莊; seed 003).

Game-neutral: every system here passes the deal the same way, and decides only *whether* the dealer
keeps it (its :class:`~taipai.core.system.TableRules` calls :func:`next_deal` with ``keep``).
"""

from __future__ import annotations

import dataclasses

from taipai.core.table.state import WINDS, TableState


def next_deal(state: TableState, keep: bool) -> TableState:
    """One hand played.

    Args:
        state: the table before the next hand.
        keep: the dealer stays (a dealer win, or a 流局 in the systems that keep the deal then).

    Returns:
        ``state`` with ``hand`` + 1 and either ``streak`` + 1 (the dealer stays, 連莊) or the deal passed
        to the next seat 東→南→西→北 with ``streak`` 0; when the deal comes back to the first seat the
        round wind moves on (東→南→西→北, then 東 again).
    """
    if keep:
        return dataclasses.replace(state, hand=state.hand + 1, streak=state.streak + 1)
    names = state.names
    i = (names.index(state.dealer) + 1) % len(names)
    round_wind = state.round_wind
    if i == 0:
        round_wind = WINDS[(WINDS.index(round_wind) + 1) % 4]
    return dataclasses.replace(state, hand=state.hand + 1, dealer=names[i], streak=0, round_wind=round_wind)
