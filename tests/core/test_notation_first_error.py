"""A hand with a fifth copy or too many tiles says so before it asks for the winning tile (a hostile
tester's 中 × 10,000 and 一二三萬 × 2,000 were told 「Which tile did you win on?」)."""

from __future__ import annotations

import pytest

from taipai.core.errors import HandError
from taipai.core.notation import parse_hand


def refusal(text: str, hand_size: int = 16) -> HandError:
    with pytest.raises(HandError) as caught:
        parse_hand(text, hand_size=hand_size)
    return caught.value


@pytest.mark.parametrize("text", ["中" * 10_000, "中中中中中 一二三萬", "碰 中中中 中中"])
def test_a_fifth_honour_without_a_winning_tile_is_the_fifth_copy(text: str) -> None:
    err = refusal(text)
    assert (err.code, err.token, err.hint_args["tile"]) == ("fifth_copy", "中", "中")


def test_a_fifth_suit_tile_without_a_winning_tile_points_at_the_fifth() -> None:
    err = refusal("一二三萬 " * 2_000)
    assert (err.code, err.hint_args["tile"], err.position) == ("fifth_copy", "一萬", 20)  # the fifth 一萬


def test_too_many_tiles_without_a_winning_tile_counts_them() -> None:
    err = refusal("一二三萬 四五六萬 七八九萬 一二三筒 四五六筒 七八九筒 中中", hand_size=13)
    assert (err.code, err.hint_args) == ("tile_count", {"expected": 14, "got": 20})
    err = refusal("[皇]" * 3_000)
    assert (err.code, err.hint_args["got"]) == ("tile_count", 3_000)


def test_a_short_hand_without_a_winning_tile_still_asks_for_it() -> None:
    assert refusal("一二三萬 四五六萬 七八九筒 二三四索 中", hand_size=13).code == "no_winning_tile"
    # fourteen tiles and no 摸/食: the winning tile is what is missing, not a count
    assert refusal("一二三萬 四五六萬 七八九筒 二三四索 中中", hand_size=13).code == "no_winning_tile"


def test_a_fifth_copy_with_a_winning_tile_is_still_the_fifth_copy() -> None:
    err = refusal("中" * 10_000 + " 食 中")
    assert (err.code, err.position) == ("fifth_copy", 4)
