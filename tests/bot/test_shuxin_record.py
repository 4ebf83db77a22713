"""記牌 taps at a four-seat 字牌 table (issue 18 item 4, 數信, seed 002 ⑼ 「「數信」者不打牌」): the one who sits
this hand out is never offered as the winner or the discarder; the three who play are."""

from __future__ import annotations

from taipai.bot.service.record_flow import Flow, screen
from taipai.bot.service.reply import Button
from taipai.core.table import SelfDraw, TableOpened
from taipai.core.table.machine import apply


def seats(buttons: tuple[Button, ...]) -> list[str]:
    """The player buttons (``東 Ann``): a seat wind, then the name."""
    return [b.label for b in buttons if b.label[:1] in "東南西北" and b.label[1:2] == " "]


def test_the_sitter_is_never_offered() -> None:
    state = apply(None, TableOpened(("Ann", "Bob", "Cat", "Dan"), system="zipai")).state
    assert state.sitter == "Cat"  # Ann deals: the one opposite sits out
    assert seats(screen(state, Flow(1, 1), "w").buttons) == ["東 Ann", "南 Bob", "北 Dan"]
    # Bob won: on Ann's or Dan's card (or 自摸), never Cat's
    assert seats(screen(state, Flow(1, 1, winner=1), "d").buttons) == ["東 Ann", "北 Dan"]
    later = apply(state, SelfDraw("Bob", 12)).state  # Bob deals now: Dan sits out, Cat plays
    assert seats(screen(later, Flow(1, 2), "w").buttons) == ["北 Ann", "東 Bob", "南 Cat"]
