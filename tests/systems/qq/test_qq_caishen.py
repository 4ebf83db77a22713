"""財神's tile rule and 無財神 (seed 002 「名詞解釋」 ·財神, row 69)."""

from __future__ import annotations

import pytest

from taipai.core.tiles import EAST, GREEN, NORTH, RED, SOUTH, WEST, WHITE, tile
from taipai.systems.qq.caishen import NO_CAISHEN_FAN, caishen_of, no_caishen


def test_the_seeds_own_examples() -> None:
    # 「翻出五萬，六萬就是財神，翻出九萬，一萬就是財神 … 如果翻出北，紅中就是財神」
    assert caishen_of(tile("m", 5)) == tile("m", 6)
    assert caishen_of(tile("m", 9)) == tile("m", 1)
    assert caishen_of(NORTH) == RED


def test_each_suit_wraps_within_itself() -> None:
    assert caishen_of(tile("p", 9)) == tile("p", 1)
    assert caishen_of(tile("s", 9)) == tile("s", 1)
    assert caishen_of(tile("s", 1)) == tile("s", 2)
    assert caishen_of(tile("p", 8)) == tile("p", 9)


def test_honours_cycle_east_south_west_north_red_green_white() -> None:
    cycle = [EAST, SOUTH, WEST, NORTH, RED, GREEN, WHITE]
    assert [caishen_of(t) for t in cycle] == cycle[1:] + cycle[:1]


def test_every_kind_has_one_caishen_and_each_kind_is_the_caishen_of_one_indicator() -> None:
    assert sorted(caishen_of(t) for t in range(34)) == list(range(34))


@pytest.mark.parametrize("bad", [-1, 34, 99])
def test_a_flower_or_a_bad_number_is_no_indicator(bad: int) -> None:
    with pytest.raises(ValueError, match="not a tile kind"):
        caishen_of(bad)


def test_no_caishen_when_none_held_or_each_stands_for_itself() -> None:
    six = tile("m", 6)
    assert NO_CAISHEN_FAN == 2
    assert no_caishen((), ())
    assert no_caishen((six, six), (six, six))
    assert not no_caishen((six, six), (six, tile("m", 7)))
    assert not no_caishen((six,), (RED,))
    with pytest.raises(ValueError, match="2 財神 but 1"):
        no_caishen((six, six), (six,))
