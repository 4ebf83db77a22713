"""A small three-player game for the tests of the player-count seam (issue 18 item 4).

``三人牌`` (id ``three-test``): 廣東牌's hand reading and table settings (seed 003, :mod:`taipai.systems.hk_old`)
with three players and a money rule simple enough to derive by hand, borrowed from seed 002's 字牌 (⑴ 定庄,
and issue 18's zipai money: 「each loser pays the winner's 油; a self-draw doubles the winner's gain; on a 點炮
the discarder alone pays」):

- a win on a discard: the discarder alone pays ``底 × 翻`` (``HkOldOptions.base`` × the leg's fan);
- a self-draw: each of the other two pays ``底 × 翻``;
- 詐糊: the false winner pays each other player ``底 × maximum``;
- the winner deals next (「上局胡牌的玩家成為莊家」); a 荒莊 keeps the dealer, and the third 荒莊 in a row
  passes the deal to the next seat (「如果荒庄，由莊家繼續做莊，連續3次荒庄，則由莊家的下家做莊」).

:func:`registered` puts it in :data:`taipai.core.registry.SYSTEMS` for one test (pytest ``monkeypatch``).
"""

from __future__ import annotations

import dataclasses
from typing import Any

import pytest

from taipai.core import registry
from taipai.core.system import Outcome, RuleSystem
from taipai.core.table.deal import next_deal
from taipai.core.table.errors import TableError
from taipai.core.table.events import Draw, Event, FalseWin, SelfDraw, SessionEnded, WinByDiscard
from taipai.core.table.state import ChainMove, CutOffer, Payment, TableState
from taipai.systems.hk_old import SYSTEM as HK_OLD
from taipai.systems.hk_old.options import HkOldOptions

DRAWS_TO_PASS = 3
"""荒莊 in a row after which the deal passes (seed 002 ⑴ 「連續3次荒庄」)."""


class ThreeTable:
    """The ledger of ``三人牌`` (module docstring); amounts are money (底 × 翻)."""

    own_events: tuple[type[Event], ...] = ()
    amounts: str = "money"

    def default_options(self) -> HkOldOptions:
        """廣東牌's preset settings (底 1, 起糊 3, maximum 8)."""
        return HkOldOptions()

    def options_from_dict(self, data: Any) -> HkOldOptions:
        """Stored settings (:meth:`HkOldOptions.from_dict`)."""
        return HkOldOptions.from_dict(data)

    def win(self, state: TableState, event: WinByDiscard | SelfDraw, *, strict: bool) -> Outcome:
        """The discarder pays 底 × 翻 per leg; a self-draw takes 底 × 翻 from each other player; the
        (first) winner deals next."""
        opts = state.options
        assert isinstance(opts, HkOldOptions)
        if isinstance(event, WinByDiscard):
            pays = tuple(
                Payment(event.discarder, leg.winner, opts.base * leg.fan, "win") for leg in event.legs
            )
            winner = event.legs[0].winner
        else:
            winner = event.winner
            pays = tuple(Payment(o, winner, opts.base * event.fan, "win") for o in state.names if o != winner)
        return Outcome(next_deal(state, winner == state.dealer, to=winner), f"{winner} wins", pays)

    def draw(self, state: TableState, event: Draw) -> Outcome:
        """荒莊: the dealer stays unless this is the third in a row."""
        keep = state.draws + 1 < DRAWS_TO_PASS
        return Outcome(next_deal(state, keep, drawn=True), "draw (荒莊)")

    def false_win(self, state: TableState, event: FalseWin) -> Outcome:
        """詐糊: the false winner pays each other player 底 × the table's maximum."""
        opts = state.options
        assert isinstance(opts, HkOldOptions)
        amount = opts.base * opts.maximum
        pays = tuple(Payment(event.player, o, amount, "false_win") for o in state.names if o != event.player)
        return Outcome(state, f"{event.player} false win", pays)

    def end(self, state: TableState, event: SessionEnded) -> Outcome:
        """埋數: everything was paid at once."""
        return Outcome(state, "session ended (埋數)")

    def own(self, state: TableState, event: Event, *, strict: bool) -> Outcome:
        """No events of its own.

        Raises:
            TableError: ``bad_event`` always.
        """
        raise TableError("bad_event", f"not a 三人牌 event: {event!r}")

    def offers(
        self, state: TableState, moves: tuple[ChainMove, ...]
    ) -> tuple[tuple[CutOffer, ...], tuple[CutOffer, ...]]:
        """No 斬拉."""
        return state.pending, ()


THREE: RuleSystem = dataclasses.replace(  # type: ignore[type-var]
    HK_OLD,  # type: ignore[arg-type]
    id="three-test",
    names=("三人牌", "three-test"),
    english="Three-player test game",
    players=3,
    table=ThreeTable(),
    chat=dataclasses.replace(HK_OLD.chat, leg_parts=lambda state, event, payer, payee: ()),
)
"""The system: 廣東牌's hands at a three-player table with :class:`ThreeTable`'s money."""


def registered(monkeypatch: pytest.MonkeyPatch) -> RuleSystem:
    """Register :data:`THREE` for one test (``開枱 A B C 三人牌`` and ``system_by_id("three-test")``)."""
    monkeypatch.setitem(registry.SYSTEMS, THREE.id, THREE)
    by_name = dict(vars(registry)["_BY_NAME"])
    by_name.update({"".join(n.split()).casefold(): THREE.id for n in (THREE.id, *THREE.names, THREE.english)})
    monkeypatch.setattr(registry, "_BY_NAME", by_name)
    return THREE
