"""What the context-dependent 越搭 kinds read (:class:`WildContext`) and where a wildcard stands
(:class:`Slot`).

Both are frozen and cheap.  :class:`WildContext` precomputes, once per hand, the masks and numbers the
kinds read (``have_mask``, ``seen_mask``, ``max_rank``, ``min_rank``, canonical kind names), so a
kind's ``mask`` is a table look-up.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Final

from taipai.core.errors import HandError
from taipai.core.handspec import MeldKind
from taipai.core.tiles import EAST, NUM_KINDS, RANK_OF, WINDS
from taipai.core.wilds.names import EIGHT_SET, canonical_name
from taipai.core.wilds.rules import WildRules

PAIR: Final = 3
"""Group kind of the eyes (same value as :data:`taipai.core.hand.PAIR`)."""

DEFAULT_RULES: Final = WildRules()
"""Seed 000's defaults."""

SINGLE: Final = 4
"""Group kind of a lone tile of 十六不搭 or 十三么 (a tile in no group).  Added here: seed 000
「越搭喺自己範圍入面，都可以幫你砌十六不搭、十三么、嚦咕嚦咕」.  嚦咕嚦咕's tiles are PAIR/PUNG slots."""


@dataclass(frozen=True, slots=True)
class Slot:
    """One place a wildcard stands in a reading.

    Attributes:
        tile: the tile the wildcard stands for, 0..33.
        group_kind: MeldKind.CHOW/PUNG/KONG (0/1/2), PAIR (3), or SINGLE (4, 十六不搭/十三么).
        group_tile: lowest tile of a chow, else ``tile``.
        position: 0, 1 or 2 inside a chow (which of its three tiles: ``tile == group_tile +
            position``); 0 otherwise.
        exposed: inside a declared exposed meld (上/碰/明槓/加槓).
        concealed_kong: inside a 暗槓.

    Not validated (the search builds millions): callers keep ``tile``, ``group_tile`` and
    ``position`` consistent.  The class methods build consistent slots.
    """

    tile: int
    group_kind: int
    group_tile: int
    position: int = 0
    exposed: bool = False
    concealed_kong: bool = False

    @classmethod
    def chow(cls, low: int, position: int, *, exposed: bool = False) -> Slot:
        """The tile at ``position`` (0..2) of the chow starting at ``low`` (e.g. 一三萬 + 搭 →
        ``Slot.chow(0, 1)``, the 二萬)."""
        return cls(low + position, MeldKind.CHOW, low, position, exposed)

    @classmethod
    def pung(cls, tile: int, *, exposed: bool = False) -> Slot:
        """A tile of a pung of ``tile``."""
        return cls(tile, MeldKind.PUNG, tile, 0, exposed)

    @classmethod
    def kong(cls, tile: int, *, exposed: bool = False, concealed: bool = False) -> Slot:
        """A tile of a kong of ``tile`` (``concealed`` for a 暗槓)."""
        return cls(tile, MeldKind.KONG, tile, 0, exposed, concealed)

    @classmethod
    def pair(cls, tile: int) -> Slot:
        """A tile of the eyes (or of a 嚦咕嚦咕 pair)."""
        return cls(tile, PAIR, tile)

    @classmethod
    def single(cls, tile: int) -> Slot:
        """A lone tile of 十六不搭 / 十三么."""
        return cls(tile, SINGLE, tile)


def _tile_mask(field_name: str, tiles: tuple[int, ...]) -> int:
    mask = 0
    for t in tiles:
        if not (isinstance(t, int) and 0 <= t < NUM_KINDS):
            raise HandError("bad_context", f"{field_name}: not a tile kind 0..33: {t!r}", token=str(t))
        mask |= 1 << t
    return mask


def _names(names: tuple[str, ...]) -> tuple[str, ...]:
    return tuple(dict.fromkeys(canonical_name(n) for n in names))


@dataclass(frozen=True, slots=True)
class WildContext:
    """What context-dependent kinds read.

    Attributes:
        natural_tiles: every natural (non-wildcard) tile the player holds, hand and melds, including
            the winning tile when it is natural (tile kinds 0..33, with repeats).  Read by 牛/熊 (「睇
            你手牌連落咗地嘅牌」) and 聚/獨 (「手牌同落咗地嘅組都計（包括明章）」).
        seat_wind: 27..30, the player's seat now (馬 follows the seat, which moves with the dealer:
            「莊家一過莊，大家嘅馬跟住變」; for a discarded 馬 this is the taker's seat: 「打出嚟嘅馬，睇
            嘅係攞佢嗰家嘅位」).
        seen_tiles: tiles seen on the table (現): discards and exposed melds, as the message or the
            session gives them.
        table_kinds: the kinds this table plays (創造 picks among them).
        held_kinds: every wildcard kind the player holds (hand + melds, the winning wildcard too).
        exposed_kinds: wildcard kinds inside the player's exposed melds (複製 in an exposed meld may
            copy only these).
        winning_tile: the winning tile when it is natural (it is also in ``natural_tiles``), else
            ``None``.
        won_on_discard: the winning tile was a discard.  A discard is on the table, so it is seen:
            seed 000 「天叮單吊現，有人打出九萬，下家跟住打九萬都食得」 — the winning discard joins
            ``seen_mask``.
        rules: the table's wildcard rules (the reading choices 牛/熊/聚/獨/確單/複製 depend on).

    Derived (computed once, not arguments):
        have_mask: bit t set when the player holds natural tile t (聚/獨); without the winning tile
            when ``rules.context_counts_winning_tile`` is off and no other copy is held.
        seen_mask: bit t set when t was seen (現).
        max_rank / min_rank: largest / smallest number 1..9 among the natural numbered tiles of
            ``have`` (牛/熊); 0 when there is none.  Honours have no number and do not count.
        table_names / held_names / exposed_names: the kind lists with aliases resolved.
        cache: memo for :func:`taipai.core.wilds.alternatives` and the 複製/創造 masks (the context
            is immutable, so they never go stale).

    Lists are accepted and stored as tuples.

    Raises:
        HandError: ``bad_context`` for a tile outside 0..33 or a seat that is not a wind;
            ``wild_unsupported`` for an unknown kind name.
    """

    natural_tiles: tuple[int, ...] = ()
    seat_wind: int = EAST
    seen_tiles: tuple[int, ...] = ()
    table_kinds: tuple[str, ...] = EIGHT_SET
    held_kinds: tuple[str, ...] = ()
    exposed_kinds: tuple[str, ...] = ()
    winning_tile: int | None = None
    won_on_discard: bool = False
    rules: WildRules = DEFAULT_RULES
    have_mask: int = field(init=False, repr=False, compare=False)
    seen_mask: int = field(init=False, repr=False, compare=False)
    max_rank: int = field(init=False, repr=False, compare=False)
    min_rank: int = field(init=False, repr=False, compare=False)
    table_names: tuple[str, ...] = field(init=False, repr=False, compare=False)
    held_names: frozenset[str] = field(init=False, repr=False, compare=False)
    exposed_names: frozenset[str] = field(init=False, repr=False, compare=False)
    cache: dict[object, object] = field(init=False, repr=False, compare=False, hash=False)

    def __post_init__(self) -> None:
        put = object.__setattr__
        for name in ("natural_tiles", "seen_tiles", "table_kinds", "held_kinds", "exposed_kinds"):
            value = getattr(self, name)
            if not isinstance(value, tuple):
                put(self, name, tuple(value))
        if self.seat_wind not in WINDS:
            raise HandError(
                "bad_context", f"seat_wind must be a wind 27..30, not {self.seat_wind!r}", token="seat"
            )
        natural = self.natural_tiles
        _tile_mask("natural_tiles", natural)
        if self.winning_tile is not None:
            _tile_mask("winning_tile", (self.winning_tile,))
            if not self.rules.context_counts_winning_tile and self.winning_tile in natural:
                rest = list(natural)
                rest.remove(self.winning_tile)
                natural = tuple(rest)
        have = _tile_mask("natural_tiles", natural)
        ranks = [RANK_OF[t] for t in natural if RANK_OF[t]]
        seen = _tile_mask("seen_tiles", self.seen_tiles)
        if self.won_on_discard and self.winning_tile is not None:
            seen |= 1 << self.winning_tile
        put(self, "have_mask", have)
        put(self, "seen_mask", seen)
        put(self, "max_rank", max(ranks, default=0))
        put(self, "min_rank", min(ranks, default=0))
        put(self, "table_names", _names(self.table_kinds))
        put(self, "held_names", frozenset(_names(self.held_kinds)))
        put(self, "exposed_names", frozenset(_names(self.exposed_kinds)))
        put(self, "cache", {})
