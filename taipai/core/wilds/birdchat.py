"""The chat words of 鳥 / 扎鳥 (:class:`~taipai.core.wilds.bird.Bird`), written once for every game that
plays it: QQ 歡樂麻將's 鳥 (seed 002 「名詞解釋」 ·鳥牌) and 港式台牌's 扎鳥 (seed 001 扎鸟) are one rule, so
``鳥 三萬`` / ``/bird 三萬`` right after a win gets the one headline saying whom it lands on and what
doubles (:func:`bird_lines`).  :func:`bird_command` reads the tile in the wildcard schemes' tile words
(港式台牌's); QQ reads it in its own (:mod:`taipai.systems.qq.tilewords`).  Labels are English message ids
(translated by the bot).
"""

from __future__ import annotations

from collections.abc import Callable

from taipai.core.chat import N_, Said
from taipai.core.table.events import Event, SelfDraw, WinByDiscard
from taipai.core.table.state import TableState
from taipai.core.tiles import TileIndex, name_zh
from taipai.core.wilds.bird import Bird
from taipai.core.wilds.schemes import bird_number, bird_seat, tile_word

__all__ = ["bird_command", "bird_lines"]

_BIRD_LINES: dict[str, str] = {
    "winner": N_(
        "鳥 {tile} ({n}, counted from the dealer {dealer}) lands on {hit}, the winner: the discarder "
        "{discarder} pays {hit} double"
    ),
    "discarder": N_(
        "鳥 {tile} ({n}, counted from the dealer {dealer}) lands on {hit}, who dealt in: {hit} pays double"
    ),
    "neither": N_(
        "鳥 {tile} ({n}, counted from the dealer {dealer}) lands on {hit}, who neither won nor dealt in: "
        "nothing doubles"
    ),
    "self_drawer": N_(
        "鳥 {tile} ({n}, counted from the dealer {dealer}) lands on {hit}, who self-drew: each of the three "
        "pays double"
    ),
    "payer": N_(
        "鳥 {tile} ({n}, counted from the dealer {dealer}) lands on {hit}: {hit} pays the self-draw double"
    ),
}
"""The 鳥 headline by whom it lands on (:func:`bird_lines`)."""


def bird_lines(before: TableState, event: Event) -> tuple[Said, ...]:
    """The headline of a 鳥 (:class:`Bird`) on the table ``before`` it: the tile, its number, the dealer
    it is counted from, the player it lands on and what that doubles (seed 002 「名詞解釋」 ·鳥牌:
    「點炮時，鳥如果買中在胡牌方或點炮方，即為中鳥，點炮人出雙倍分數；自摸時，鳥如果買中在胡牌方，即所有玩家
    給雙倍分數；如果買中在別的玩家，只此一玩家給雙倍分數」).  ``()`` for another event, or when no win is
    found before it (the ledger refuses such a 鳥).

    Args:
        before: the table the 鳥 was booked on; the table after it works too (a 鳥 entry at the end of its
            history is passed over to reach the win).
        event: the event to describe.
    """
    if not isinstance(event, Bird):
        return ()
    entries = list(before.history)
    while entries and isinstance(entries[-1].event, Bird):
        entries.pop()
    if not entries or not isinstance(entries[-1].event, WinByDiscard | SelfDraw):
        return ()
    win, dealer = entries[-1].event, entries[-1].dealer
    hit = bird_seat(event.tile, before.names, dealer)
    if isinstance(win, WinByDiscard):
        winners = tuple(w.winner for w in win.legs)
        role = "winner" if hit in winners else "discarder" if hit == win.discarder else "neither"
        discarder = win.discarder
    else:
        role, discarder = ("self_drawer" if hit == win.winner else "payer"), ""
    args = (
        ("tile", name_zh(event.tile)),
        ("n", str(bird_number(event.tile))),
        ("dealer", dealer),
        ("hit", hit),
        ("discarder", discarder),
    )
    return (Said(_BIRD_LINES[role], args),)


def bird_command(
    tile: str, other: str | None, *, read: Callable[[str], TileIndex | None] = tile_word
) -> Event:
    """``鳥 三萬``: the 鳥 tile of the win just booked (the chat passes the tile's name, ``三萬``).

    Args:
        tile: the tile's name as typed.
        other: the command's second word (unused: a 鳥 names one tile).
        read: the game's tile words (the wildcard schemes' :func:`tile_word` by default; 歡樂麻將 passes
            its own).

    Raises:
        ValueError: ``tile`` names no tile (the chat reads one tile before it calls this).
    """
    kind = read(tile)
    if kind is None:
        raise ValueError(f"not a tile: {tile!r}")
    return Bird(tile=kind)
