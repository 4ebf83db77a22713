"""The pictures (issue 15 item 7): the PNG decodes, has the size it says, and draws what it should.

A hand's picture: its groups (concealed part sorted, the winning tile apart, the melds as laid, the
flowers) and the characters on the tiles.  The chart: the data it plots (each player's running
balance hand by hand, ending at the 埋數 balances) and the figure's lines ending there.
"""

from __future__ import annotations

import io

import matplotlib.image
import pytest

from taipai.bot.pictures import fonts
from taipai.bot.pictures.hand import (
    FACE_DOWN,
    GROUP_GAP,
    MARGIN,
    TILE_W,
    Tile,
    hand_figure,
    hand_image,
    layout,
    size,
)
from taipai.core.notation import parse_hand
from taipai.core.tiles import tile


def decode(png: bytes) -> tuple[int, int]:
    """``(width, height)`` of a PNG as matplotlib (through Pillow) decodes it."""
    assert png[:8] == b"\x89PNG\r\n\x1a\n"
    pixels = matplotlib.image.imread(io.BytesIO(png), format="png")
    return pixels.shape[1], pixels.shape[0]


def test_the_font_draws_every_tile_and_chart_character():
    assert fonts.check() == ""
    assert fonts.missing_glyphs("萬筒索 中發白 春梅") == ""
    assert fonts.missing_glyphs("\U0001f004a") == "\U0001f004"  # 🀄: not in the face (and reported once)


def test_the_font_is_the_hong_kong_face_of_the_installed_collection():
    from matplotlib import font_manager

    found = font_manager.findfont(fonts.cjk(12), fallback_to_default=False)
    assert str(found).endswith("NotoSansCJK-Regular.ttc")
    assert font_manager.get_font(found).family_name == "Noto Sans CJK HK"


PLAIN = "一二三萬 四五六萬 七八九筒 二三四索 中中中 東 ＋摸 東"  # tests/core/test_notation.py's hand


def test_a_concealed_hand_is_one_row_sorted_with_the_winning_tile_apart():
    spec = parse_hand(PLAIN)
    lay = layout(spec)
    assert lay.melds == () and lay.flowers == () and not lay.top_row
    kinds = [t.kind for t in lay.concealed]
    assert kinds == sorted(kinds) and len(kinds) == 16
    assert kinds[:3] == [tile("m", 1), tile("m", 2), tile("m", 3)]
    assert lay.winning == Tile(kind=27)  # 東
    png = hand_image(spec)
    # 16 tiles and their gaps, the winning tile a group apart; one row
    assert (
        decode(png) == size(spec) == (2 * MARGIN + 16 * TILE_W + 15 * 4 + GROUP_GAP + TILE_W, 2 * 18 + 76 + 4)
    )


def test_melds_sit_above_as_laid_and_a_concealed_kong_shows_its_ends_face_down():
    spec = parse_hand("碰 發發發 上八七九筒 暗槓 北 中 1m 2m 3m 4s 5s 6s 花:春梅菊 摸 中")
    lay = layout(spec)
    assert lay.melds == (
        (Tile(kind=32),) * 3,
        (Tile(kind=tile("p", 7)), Tile(kind=tile("p", 8)), Tile(kind=tile("p", 9))),
        (FACE_DOWN, Tile(kind=30), Tile(kind=30), FACE_DOWN),
    )
    assert lay.flowers == (Tile(flower=1), Tile(flower=5), Tile(flower=7))  # 春 梅 菊
    assert lay.winning == Tile(kind=31) and len(lay.concealed) == 7
    width, height = size(spec, title="自摸")
    assert decode(hand_image(spec, title="自摸")) == (width, height)
    assert height == 2 * 18 + 40 + 2 * (76 + 4) + 18  # title, two rows
    texts = [t.get_text() for t in hand_figure(spec, title="自摸").axes[0].texts]
    assert texts[0] == "自摸"
    assert texts.count("發") == 3 and texts.count("北") == 2  # the kong's two middle tiles face up
    assert texts.count("筒") == 3 and texts.count("萬") == 3 and texts.count("中") == 2
    assert "春" in texts and "梅" in texts and "菊" in texts and "3" in texts  # 菊's printed number


def test_wildcards_are_drawn_with_their_kind_in_place():
    spec = parse_hand("上 七八筒[筒] 一二三萬 四五六萬 二三四索 白白 [皇] 南 摸 [番]")
    lay = layout(spec)
    assert lay.melds == ((Tile(kind=tile("p", 7)), Tile(kind=tile("p", 8)), Tile(wild="筒")),)
    assert lay.concealed[-1] == Tile(wild="皇") and lay.winning == Tile(wild="番")
    texts = [t.get_text() for t in hand_figure(spec).axes[0].texts]
    assert "皇" in texts and "番" in texts
    assert "白" not in texts  # 白 is a frame, no character
    assert decode(hand_image(spec)) == size(spec)


@pytest.mark.parametrize(
    ("system", "text", "size_of"),
    [("hk-old", "123m 456m 789p 中中中 東 食 東", 13), ("taiwan", PLAIN, 16)],
)
def test_a_hand_of_every_game_draws(system, text, size_of):
    spec = parse_hand(text, hand_size=size_of)
    assert len(layout(spec).concealed) == size_of
    assert decode(hand_image(spec)) == size(spec)
