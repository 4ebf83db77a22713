"""A short hand notation for the MCR scorer's tests: ``hand("123m456p789s111pEE", "E")``.

Tiles: digits then a suit letter (``m`` 萬, ``p`` 筒, ``s`` 索), honours by letter (``E S W N`` winds,
``C`` 中, ``F`` 發, ``P`` 白).  Melds: ``c123m`` chow, ``p555s`` pung, ``k1111m`` exposed kong,
``K1111m`` concealed kong, space-separated.  The standing tiles include the winning tile.
"""

from __future__ import annotations

from taipai.core.tiles import HONOUR_CODES
from taipai.systems.mcr.hand import Group, Set, Win


def tiles(text: str) -> list[int]:
    """The kinds of ``text`` (``"123m EE"`` → ``[0, 1, 2, 27, 27]``)."""
    out: list[int] = []
    digits: list[int] = []
    for ch in text.replace(" ", ""):
        if ch.isdigit():
            digits.append(int(ch))
        elif ch in "mps":
            out.extend(9 * "mps".index(ch) + d - 1 for d in digits)
            digits = []
        else:
            out.append(27 + HONOUR_CODES.index(ch))
    assert not digits, text
    return out


def meld(text: str) -> Group:
    """One meld of the notation (``c123m``, ``p555s``, ``k1111m``, ``K1111m``)."""
    kind = {"c": Set.CHOW, "p": Set.PUNG, "k": Set.KONG, "K": Set.KONG}[text[0]]
    return Group(kind, min(tiles(text[1:])), concealed=text[0] == "K", melded=True)


def hand(
    standing: str,
    win: str,
    melds: str = "",
    *,
    self_drawn: bool = False,
    flowers: int = 0,
    last_copy: bool = False,
    kong_draw: bool = False,
    last_tile: bool = False,
    seat: str = "E",
    round_: str = "E",
) -> Win:
    """A :class:`~taipai.systems.mcr.hand.Win` from the notation."""
    return Win(
        standing=tuple(sorted(tiles(standing))),
        melds=tuple(meld(m) for m in melds.split()),
        winning_tile=tiles(win)[0],
        self_drawn=self_drawn,
        flowers=flowers,
        last_copy=last_copy,
        kong_draw=kong_draw,
        last_tile=last_tile,
        seat_wind=tiles(seat)[0],
        round_wind=tiles(round_)[0],
    )
