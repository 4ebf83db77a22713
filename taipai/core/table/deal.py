"""The next deal: who deals the next hand and in which round (seed 004 流程/連莊; seed 003; seed 002 ⑴).

Game-neutral: every system passes the deal round the table the same way, and decides only *whether* the
dealer keeps it (its :class:`~taipai.core.system.TableRules` calls :func:`next_deal` with ``keep``), or,
where the winner deals next (字牌, seed 002 ⑴ 「上局胡牌的玩家成為莊家」), *to whom* it goes (``to``).
"""

from __future__ import annotations

import dataclasses

from taipai.core.table.state import WINDS, TableState


def next_deal(state: TableState, keep: bool, *, to: str | None = None, drawn: bool = False) -> TableState:
    """One hand played.

    Args:
        state: the table before the next hand.
        keep: the dealer stays (a dealer win, or a 流局 in the systems that keep the deal then).
        to: the player who deals next when the system names them (字牌: the winner, seed 002 ⑴
            「上局胡牌的玩家成為莊家」); ``None`` passes the deal to the next seat.  Ignored when ``keep``.
        drawn: the hand was a 荒莊 (流局): ``state.draws`` counts it while the dealer keeps the deal, so a
            system can pass the deal after n draws in a row (字牌: 3, 「連續3次荒庄，則由莊家的下家做莊」).

    Returns:
        ``state`` with ``hand`` + 1 and either ``streak`` + 1 (the dealer stays, 連莊; ``draws`` + 1 when
        ``drawn``, else 0) or the deal passed (to ``to``, else the next seat 東→南→西(→北)) with ``streak``
        and ``draws`` 0.  When the deal reaches the first seat from another the round wind moves on
        through the table's seat winds (four players: 東→南→西→北 then 東; three: 東→南→西 then 東).

    Raises:
        ValueError: ``to`` is not seated.
    """
    if keep or to == state.dealer:
        draws = state.draws + 1 if drawn else 0
        return dataclasses.replace(state, hand=state.hand + 1, streak=state.streak + 1, draws=draws)
    names = state.names
    i = names.index(to) if to is not None else (names.index(state.dealer) + 1) % len(names)
    round_wind = state.round_wind
    if i == 0:
        round_wind = WINDS[(WINDS.index(round_wind) + 1) % len(names)]
    return dataclasses.replace(
        state, hand=state.hand + 1, dealer=names[i], streak=0, round_wind=round_wind, draws=0
    )
