"""A scored hand's tiles as a PNG (``計番 … 圖`` / ``/calc … image``), drawn by taipai's own code.

Each tile is a rounded ivory rectangle with its character(s), in the colours printed on HK tiles:
萬 a black numeral over a red 萬, 筒 blue, 索 green, winds dark blue, 中 red, 發 green, 白 a blue
frame, flowers with their printed number 1–4 in the corner (seasons red, plants blue), a 越搭
wildcard its kind's name in purple on gold.  The bottom row is the concealed part, then, apart, the
winning tile in a gold border; the row above holds the declared melds one group apart (a 暗槓 with
its two end tiles face down, as it is laid on the table) and, apart again, the flowers.
"""

from __future__ import annotations

from dataclasses import dataclass

from matplotlib.axes import Axes
from matplotlib.figure import Figure
from matplotlib.patches import FancyBboxPatch, Rectangle

from taipai.bot.pictures import draw, fonts
from taipai.core.handspec import HandSpec, KongKind, Meld, MeldKind
from taipai.core.tiles import (
    FLOWER_NAMES_ZH,
    GREEN,
    HONOUR_NAMES_ZH,
    NUMERALS_ZH,
    RED,
    SUIT_NAMES_ZH,
    WHITE,
    TileIndex,
    flower_number,
)

TILE_W, TILE_H = 56, 76
"""A tile's face in pixels."""
GAP = 4
"""Pixels between two tiles of a group."""
GROUP_GAP = 22
"""Pixels between two groups (melds, the concealed part, the winning tile, the flowers)."""
MARGIN = 18
ROW_GAP = 18
TITLE_H = 40
DEPTH = 4
"""The tile's visible thickness (a darker band under the face), pixels."""

BACKGROUND = "#2f6b4f"
"""The table's green cloth."""
FACE = "#fbf7ea"
EDGE = "#8c826c"
SIDE = "#c9bfa4"
BACK = "#1f7a55"
WIN_EDGE = "#e0a800"
INK = "#1a1a1a"
RED_INK = "#c62828"
BLUE_INK = "#1c4f9c"
GREEN_INK = "#1b7a3a"
PURPLE_INK = "#6a1b9a"
WILD_FACE = "#fff1c1"

SUIT_INK = (RED_INK, BLUE_INK, GREEN_INK)
"""The colour of the suit character of 萬, 筒, 索."""


@dataclass(frozen=True, slots=True)
class Tile:
    """One tile to draw: a kind 0..33 (``kind``), a flower 1..8 (``flower``), a wildcard's printed
    name (``wild``, e.g. ``"皇"``), or face down (none of them)."""

    kind: TileIndex | None = None
    flower: int | None = None
    wild: str | None = None


FACE_DOWN = Tile()


def meld_tiles(meld: Meld) -> list[Tile]:
    """The tiles of a declared meld as laid on the table: a natural meld's tiles; a meld holding
    越搭 wildcards, its natural tiles then one tile per wildcard; a 暗槓 with its two ends face down."""
    if meld.wilds:
        tiles = [Tile(kind=k) for k in meld.naturals] + [Tile(wild=w) for w in meld.wilds]
    else:
        tiles = [Tile(kind=k) for k in meld.tiles]
    if meld.kind is MeldKind.KONG and meld.kong is KongKind.CONCEALED and len(tiles) == 4:
        tiles = [FACE_DOWN, tiles[1], tiles[2], FACE_DOWN]
    return tiles


@dataclass(frozen=True, slots=True)
class HandLayout:
    """The groups of a hand picture, in pixels' order: ``melds`` (one list of tiles per declared
    meld, message order), ``flowers``, ``concealed`` (sorted tile kinds, then concealed wildcards)
    and ``winning`` (``None`` for a hand typed without its winning tile)."""

    melds: tuple[tuple[Tile, ...], ...]
    flowers: tuple[Tile, ...]
    concealed: tuple[Tile, ...]
    winning: Tile | None

    @property
    def top_row(self) -> bool:
        """Whether the picture has a row above the concealed part (melds or flowers)."""
        return bool(self.melds or self.flowers)


def _wild(name: str) -> Tile:
    """A wildcard in the hand: a flower's face when it is a flower (河源百搭's 保 are the eight flowers,
    drawn as flowers are), else the wildcard's printed name."""
    if name in FLOWER_NAMES_ZH:
        return Tile(flower=FLOWER_NAMES_ZH.index(name) + 1)
    return Tile(wild=name)


def layout(spec: HandSpec) -> HandLayout:
    """The groups :func:`hand_image` draws for ``spec`` (a :class:`~taipai.core.handspec.HandSpec`
    from :func:`taipai.core.notation.parse_hand`)."""
    concealed = tuple(Tile(kind=k) for k in sorted(spec.concealed)) + tuple(_wild(w) for w in spec.wilds)
    if spec.winning_tile is not None:
        winning: Tile | None = Tile(kind=spec.winning_tile)
    elif spec.winning_wild is not None:
        winning = _wild(spec.winning_wild)
    else:
        winning = None
    return HandLayout(
        melds=tuple(tuple(meld_tiles(m)) for m in spec.melds),
        flowers=tuple(Tile(flower=f) for f in sorted(spec.flowers)),
        concealed=concealed,
        winning=winning,
    )


def _group_width(n: int) -> int:
    return n * TILE_W + max(n - 1, 0) * GAP


def _row_widths(lay: HandLayout) -> tuple[int, int]:
    top = [_group_width(len(g)) for g in lay.melds]
    if lay.flowers:
        top.append(_group_width(len(lay.flowers)))
    bottom = [_group_width(len(lay.concealed))] if lay.concealed else []
    if lay.winning is not None:
        bottom.append(TILE_W)
    width = (sum(row) + GROUP_GAP * max(len(row) - 1, 0) for row in (top, bottom))
    return next(width), next(width)


def size(spec: HandSpec, *, title: str = "") -> tuple[int, int]:
    """The picture's ``(width, height)`` in pixels for ``spec`` (and a ``title`` or not)."""
    lay = layout(spec)
    top, bottom = _row_widths(lay)
    width = 2 * MARGIN + max(top, bottom, 8 * TILE_W)
    rows = 2 if lay.top_row else 1
    height = 2 * MARGIN + (TITLE_H if title else 0) + rows * (TILE_H + DEPTH) + (rows - 1) * ROW_GAP
    return width, height


def _text(ax: Axes, x: float, y: float, s: str, size: float, color: str) -> None:
    ax.text(x, y, s, ha="center", va="center", color=color, fontproperties=fonts.cjk(size))


def _face(ax: Axes, x: float, y: float, tile: Tile, *, winning: bool = False) -> None:
    """One tile with its top-left corner at ``(x, y)`` (pixels, y down)."""
    ax.add_patch(
        FancyBboxPatch(
            (x, y + DEPTH),
            TILE_W,
            TILE_H,
            boxstyle="round,pad=0,rounding_size=7",
            facecolor=SIDE,
            edgecolor=EDGE,
            linewidth=1,
        )
    )
    down = tile == FACE_DOWN
    face = BACK if down else WILD_FACE if tile.wild is not None else FACE
    ax.add_patch(
        FancyBboxPatch(
            (x, y),
            TILE_W,
            TILE_H,
            boxstyle="round,pad=0,rounding_size=7",
            facecolor=face,
            edgecolor=WIN_EDGE if winning else EDGE,
            linewidth=3.5 if winning else 1.2,
        )
    )
    cx, cy = x + TILE_W / 2, y + TILE_H / 2
    if down:
        return
    if tile.wild is not None:
        _text(ax, cx, cy, tile.wild[:2], 24 if len(tile.wild) == 1 else 15, PURPLE_INK)
    elif tile.flower is not None:
        ink = RED_INK if tile.flower <= 4 else BLUE_INK
        _text(ax, cx, cy + 4, FLOWER_NAMES_ZH[tile.flower - 1], 24, ink)
        _text(ax, x + 11, y + 12, str(flower_number(tile.flower)), 10, ink)
    elif tile.kind is not None and tile.kind < 27:
        suit = tile.kind // 9
        _text(ax, cx, y + TILE_H * 0.30, NUMERALS_ZH[tile.kind % 9], 19, INK if suit == 0 else SUIT_INK[suit])
        _text(ax, cx, y + TILE_H * 0.70, SUIT_NAMES_ZH[suit], 19, SUIT_INK[suit])
    elif tile.kind == WHITE:
        ax.add_patch(
            Rectangle(
                (x + 12, y + 14), TILE_W - 24, TILE_H - 28, fill=False, edgecolor=BLUE_INK, linewidth=2.5
            )
        )
    elif tile.kind is not None:
        ink = RED_INK if tile.kind == RED else GREEN_INK if tile.kind == GREEN else BLUE_INK
        _text(ax, cx, cy, HONOUR_NAMES_ZH[tile.kind - 27], 27, ink)


def _group(ax: Axes, x: float, y: float, tiles: tuple[Tile, ...]) -> float:
    """Draw ``tiles`` side by side from ``x``; return the x after the group and its gap."""
    for i, t in enumerate(tiles):
        _face(ax, x + i * (TILE_W + GAP), y, t)
    return x + _group_width(len(tiles)) + GROUP_GAP


def hand_figure(spec: HandSpec, *, title: str = "") -> Figure:
    """The figure :func:`hand_image` saves (for tests that read what is drawn)."""
    width, height = size(spec, title=title)
    lay = layout(spec)
    fig = draw.figure(width, height)
    fig.patch.set_facecolor(BACKGROUND)
    ax = fig.add_axes((0, 0, 1, 1))
    ax.set_xlim(0, width)
    ax.set_ylim(height, 0)  # pixels, y down
    ax.set_axis_off()
    y = MARGIN
    if title:
        ax.text(
            MARGIN,
            y + TITLE_H / 2 - 4,
            title,
            ha="left",
            va="center",
            color="white",
            fontproperties=fonts.cjk(16),
        )
        y += TITLE_H
    if lay.top_row:
        x: float = MARGIN
        for meld in lay.melds:
            x = _group(ax, x, y, meld)
        if lay.flowers:
            _group(ax, x, y, lay.flowers)
        y += TILE_H + DEPTH + ROW_GAP
    x = MARGIN
    if lay.concealed:
        x = _group(ax, x, y, lay.concealed)
    if lay.winning is not None:
        _face(ax, x, y, lay.winning, winning=True)
    return fig


def hand_image(spec: HandSpec, *, title: str = "") -> bytes:
    """A PNG of a hand's tiles.

    Args:
        spec: the parsed hand, :func:`taipai.core.notation.parse_hand`'s
            :class:`~taipai.core.handspec.HandSpec` (any game's: 16- or 13-tile hands, 越搭
            wildcards in ``wilds`` / ``winning_wild`` / a meld's ``wilds``, flowers 1..8).  Its
            ``concealed`` tiles are drawn sorted, then the concealed wildcards; the winning tile
            (``winning_tile`` or ``winning_wild``) apart in a gold border; the declared ``melds`` on
            the row above in message order, then the ``flowers``.
        title: a line written above the tiles (e.g. the score, ``平胡 1番 · 無花 1番 = 2番``), in
            any language; ``""``: none.

    Returns:
        PNG bytes, :func:`size` pixels (a 16-tile hand without melds: 1,100 × 116; with melds or
        flowers a second row).  Pure: no I/O; thread-safe (drawn under :func:`draw.lock`).

    Raises:
        ModuleNotFoundError: the font package is missing (see :mod:`.fonts`).
    """
    with draw.lock(), draw.style():
        return draw.png(hand_figure(spec, title=title))
