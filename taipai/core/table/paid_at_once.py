"""Defaults for the table rules of a game that pays every win when it is booked.

Game-neutral: such a game (廣東牌, 雞平和, 河源百搭, 國標, 歡樂麻將) keeps no 拉 chains, so 埋數 has nothing
left to settle, it offers no 斬拉, and unless it says otherwise it has no events of its own.  A game's
:class:`~taipai.core.system.TableRules` class takes these by inheriting :class:`PaidAtOnce` and naming
itself in :attr:`PaidAtOnce.game_zh`; it overrides what it does differently (歡樂麻將's 鳥 is its own
event).
"""

from __future__ import annotations

from typing import ClassVar

from taipai.core.system import Outcome
from taipai.core.table.errors import TableError
from taipai.core.table.events import Event, SessionEnded
from taipai.core.table.state import ChainMove, CutOffer, TableState


class PaidAtOnce:
    """``end``, ``own`` and ``offers`` of :class:`~taipai.core.system.TableRules` for a game that pays
    every win at once (no chains, no 斬拉 offers, no events of its own).

    Attributes:
        game_zh: the game's name in the refusal of another game's event (``not a 雞平和 event``).
    """

    game_zh: ClassVar[str] = "this game"

    def end(self, state: TableState, event: SessionEnded) -> Outcome:
        """埋數: every win was paid at once, so nothing is left to settle."""
        return Outcome(state, "session ended (埋數)")

    def own(self, state: TableState, event: Event, *, strict: bool) -> Outcome:
        """No events of its own.

        Raises:
            TableError: ``bad_event`` always.
        """
        raise TableError("bad_event", f"not a {self.game_zh} event: {event!r}")

    def offers(
        self, state: TableState, moves: tuple[ChainMove, ...]
    ) -> tuple[tuple[CutOffer, ...], tuple[CutOffer, ...]]:
        """No 斬拉: ``(state.pending, ())``."""
        return state.pending, ()
