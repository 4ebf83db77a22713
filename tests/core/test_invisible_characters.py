"""Format characters (Unicode category Cf) read one way in every game's hand reader: as a space, one
character for one (the mahjong notation's :data:`~taipai.core.notation_words.INVISIBLE`, and 字牌's
reader)."""

from __future__ import annotations

import unicodedata

import pytest

from taipai.core.errors import HandError
from taipai.core.notation import parse_hand
from taipai.core.notation_words import INVISIBLE
from taipai.systems.zipai.notation import read_hand

FORMATS = ("\u200b", "\u200d", "\ufeff", "\u2060", "\u00ad", "\u200e", "\u2066", "\u202e")
"""Zero-width space and joiner, byte-order mark, word joiner, soft hyphen, a direction mark, an
isolate and an override."""


def test_invisible_is_every_format_character_of_the_basic_plane() -> None:
    assert set(INVISIBLE) == {chr(i) for i in range(0x10000) if unicodedata.category(chr(i)) == "Cf"}
    assert set(FORMATS) <= set(INVISIBLE)


@pytest.mark.parametrize("mark", FORMATS)
def test_a_format_character_between_two_groups_is_a_space_at_zipai_and_mahjong(mark: str) -> None:
    zipai = read_hand(f"碰 三三三{mark}偎 伍伍伍 食 玖")
    assert zipai == read_hand("碰 三三三 偎 伍伍伍 食 玖")
    hand = f"一二三萬 四五六萬 七八九筒 二三四索 中{mark}摸 中"
    assert parse_hand(hand, hand_size=13) == parse_hand(hand.replace(mark, " "), hand_size=13)


@pytest.mark.parametrize("mark", FORMATS)
def test_a_format_character_inside_a_group_splits_it_at_zipai_as_at_mahjong(mark: str) -> None:
    with pytest.raises(HandError) as zipai:
        read_hand(f"碰 三{mark}三三 偎 伍伍伍 食 玖")
    assert (zipai.value.code, zipai.value.token, zipai.value.position) == ("meld_shape", "碰 三", 0)
    hand = f"碰 中{mark}中中 一二三萬 四五六萬 七八九筒 二三索 摸 四索"
    with pytest.raises(HandError) as mahjong:
        parse_hand(hand, hand_size=13)
    with pytest.raises(HandError) as spaced:
        parse_hand(hand.replace(mark, " "), hand_size=13)
    assert (mahjong.value.code, mahjong.value.hint_args) == (spaced.value.code, spaced.value.hint_args)
