"""Typed description of one winning hand, as read from a hand message.

:class:`HandSpec` is what :mod:`taipai.core.notation` produces and what
:mod:`taipai.systems.hk_taiwan.scoring` consumes.  It holds tile kinds (``int`` 0..33, see
:mod:`taipai.core.tiles`), the declared (exposed or concealed-kong) melds, the winning tile, the
flowers and the :class:`Situation` (context words such as 自摸, 莊, 連2, 東圈, 叮, 海底).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import IntEnum

from taipai.core.errors import HandError
from taipai.core.tiles import EAST, TileIndex

MAX_STREAK = 99
"""The largest 連莊 n a hand (``連2``) or ``taipai score --streak N`` may give: the one limit of both
(DESIGN §4 context words; seed 004, 型式類, 莊家 (莊家連n拉n) 2n+1).  A real table never gets near
it; it keeps a typo such as ``連22222`` from booking a dealer fan in the tens of thousands."""

STREAK_HINT = f"the dealer streak is a count 0-{MAX_STREAK}, e.g. 連2 or 連2拉2"
"""What would be right, in English (``HandError.hint``); replies translate ``hint_args``."""


def streak_error(token: str, message: str, *, position: int = -1) -> HandError:
    """The error for a dealer streak that is not a count 0..:data:`MAX_STREAK`.

    Args:
        token: the offending text as written (``"連100"``, ``"--streak 100"``).
        message: the English machine message (``HandError.message``).
        position: character offset of ``token`` in the hand message, ``-1`` when not from text.

    Returns:
        A :class:`~taipai.core.errors.HandError` with code ``bad_context``, hint :data:`STREAK_HINT`
        and ``hint_args`` ``{"token", "field": "streak", "max": MAX_STREAK}`` (for the caller to raise).
    """
    return HandError(
        "bad_context",
        message,
        token=token,
        position=position,
        hint=STREAK_HINT,
        hint_args={"token": token, "field": "streak", "max": MAX_STREAK},
    )


class MeldKind(IntEnum):
    """Shape of a meld.  A kong is a pung of four."""

    CHOW = 0
    PUNG = 1
    KONG = 2


class KongKind(IntEnum):
    """How a kong was made (seed 004, 常用翻數表, 刻子類, 槓 row: 明槓 加槓 1, 暗槓 2)."""

    EXPOSED = 0  # 明槓: a discard made the fourth tile
    ADDED = 1  # 加槓: added the drawn fourth tile to an exposed pung
    CONCEALED = 2  # 暗槓: four drawn tiles


@dataclass(frozen=True, slots=True)
class Meld:
    """A declared meld: a chow, pung or kong laid down before the win.

    Attributes:
        kind: chow, pung or kong.
        tile: the lowest tile of a chow, or the tile of a pung/kong (0..33).
        kong: how a kong was made; ``None`` for chows and pungs.
        wilds: for 越搭 (seed 000): the wildcard kinds used inside this meld, in order; empty for
            natural melds.
        naturals: for a meld with wildcards, its natural tiles (sorted); ``tile`` is then only the
            first reading the parser found, and the wildcard search tries every completion
            (``上 七八筒[筒]`` may be 六七八筒 or 七八九筒).
    """

    kind: MeldKind
    tile: TileIndex
    kong: KongKind | None = None
    wilds: tuple[str, ...] = ()
    naturals: tuple[TileIndex, ...] = ()

    @property
    def exposed(self) -> bool:
        """True for everything but a concealed kong (暗槓 keeps 門前清, seed 004 門前清 row)."""
        return self.kong is not KongKind.CONCEALED

    @property
    def tiles(self) -> tuple[int, ...]:
        """The tile kinds of the meld (3 or 4 of them)."""
        if self.kind is MeldKind.CHOW:
            return (self.tile, self.tile + 1, self.tile + 2)
        return (self.tile,) * (4 if self.kind is MeldKind.KONG else 3)


@dataclass(frozen=True, slots=True)
class Situation:
    """Context of the win that the tiles alone do not show (DESIGN §4, context words).

    Every field has the default of an ordinary win.  Counts are plain ints.  The words that set each
    field (every spelling, how, and the word replies use) are the rule system's context-word table,
    :data:`taipai.core.context_words.HK_TAIWAN_WORDS` for 港式台牌; a game with other fields subclasses
    this class and names the subclass in its table.

    Attributes:
        dealer: the winner is the dealer (莊/莊家).
        streak: 連莊 n (0 = no streak); dealer fan is 2n+1 (seed 004, 型式類, 莊家 row).
        round_wind / seat_wind: tile kinds 27..30 (東圈 / 南位 …); seat defaults to 東.
        declared_ready: 叮 was declared (seed 004, 狀態類, 叮 row; 10 fan when concealed).
        one_shot: 一發.   ready_discard_win: 食聽牌 (won on the tile discarded when declaring).
        double_ready: 天叮.
        last_tile_draw: 海底 (海底撈月).   last_discard: 河底 (河底撈魚).
        kong_replacements: 槓上 chain length: 1 for 槓上自摸, 2+ for 槓上槓自摸.
        flower_replacements: 花上 chain length n for 花上自摸 (2n+1).
        mixed_replacements: 混花槓 chain length (槓上花上 …), 2..7.
        robbing_kong: 搶槓.   robbing_kong_on_kong: 搶槓上槓.
        last_copy: 明四絕 / 絕張.   last_copy_eight: 明八絕.
        discards_seen: 「X隻內」: 15, 10, 7 or 4 when the message says so, else ``None``.
        heavenly / earthly / human: 天糊 / 地糊 / 人糊.
        multiple_winners: 2 for 一炮雙響, 3 for 一炮三響, else 1.
        kick_on_multi: 錦上添花 (self-draw 踢半 after a multiple deal-in): 2 or 3, else 0.
        no_flowers_at_table: 無花糊 (非常用): no player took a flower.
        seen_tiles: tiles seen on the table, for the 現 wildcard (seed 000: 「當得枱面已經出現過一次或
            以上嘅牌」), from the message (``現:九索八萬``) or the session.
    """

    dealer: bool = False
    streak: int = 0
    round_wind: TileIndex = EAST
    seat_wind: TileIndex = EAST
    declared_ready: bool = False
    one_shot: bool = False
    ready_discard_win: bool = False
    double_ready: bool = False
    last_tile_draw: bool = False
    last_discard: bool = False
    kong_replacements: int = 0
    flower_replacements: int = 0
    mixed_replacements: int = 0
    robbing_kong: bool = False
    robbing_kong_on_kong: bool = False
    last_copy: bool = False
    last_copy_eight: bool = False
    discards_seen: int | None = None
    heavenly: bool = False
    earthly: bool = False
    human: bool = False
    multiple_winners: int = 1
    kick_on_multi: int = 0
    no_flowers_at_table: bool = False
    seen_tiles: tuple[TileIndex, ...] = ()


@dataclass(frozen=True, slots=True)
class HandSpec:
    """One winning hand as typed by a player.

    Attributes:
        concealed: tile kinds held in hand, sorted, *without* the winning tile.
        melds: declared melds (上/碰/槓/加槓/暗槓), in message order.
        winning_tile: the tile won on (摸/自摸/食 X).
        self_drawn: True for 自摸/摸, False for a win on a discard (食).
        flowers: flowers 1..8, sorted.
        situation: context words.
        wilds: 越搭 wildcard kinds held among the concealed tiles (seed 000), e.g. ``("皇",)``.
        winning_wild: the wildcard kind of the winning tile when it is itself a wildcard.

    A valid 16-tile win has ``len(concealed) + 1 + len(wilds) + 3 * len(melds) == 17`` (a kong's
    fourth tile is the extra one); :func:`taipai.core.notation.parse_hand` enforces it.
    """

    concealed: tuple[TileIndex, ...]
    melds: tuple[Meld, ...] = ()
    winning_tile: TileIndex | None = None
    self_drawn: bool = False
    flowers: tuple[int, ...] = ()
    situation: Situation = field(default_factory=Situation)
    wilds: tuple[str, ...] = ()
    winning_wild: str | None = None

    @property
    def is_concealed(self) -> bool:
        """門前清: no chow, pung or exposed/added kong laid down (seed 004, 狀態類, 門前清 row)."""
        return not any(m.exposed for m in self.melds)

    def all_tiles(self) -> list[int]:
        """Every natural tile of the hand (concealed, winning tile, melds), kongs as four.

        For melds holding wildcards only their natural tiles are listed.
        """
        out = list(self.concealed)
        if self.winning_tile is not None:
            out.append(self.winning_tile)
        for m in self.melds:
            out.extend(m.naturals if m.wilds else m.tiles)
        return out

    @property
    def wild_count(self) -> int:
        """Number of wildcards in the hand: concealed, winning tile and inside melds."""
        return len(self.wilds) + (self.winning_wild is not None) + sum(len(m.wilds) for m in self.melds)
