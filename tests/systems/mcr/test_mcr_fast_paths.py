"""國標 (MCR) scorer's table-driven paths give what the plain searches give (issue 16's speed work).

- :func:`taipai.systems.mcr.hand.split_readings` (each suit's splits from a per-suit table) yields the
  same readings in the same order as :func:`~taipai.systems.mcr.hand.standard_readings` (the order
  decides which of two readings of equal value a reply shows);
- :func:`~taipai.systems.mcr.hand.wait_tiles` (the scorer's wait search, given the suits' keys) equals
  :func:`~taipai.systems.mcr.hand.waits` and trying each of the 34 tiles;
- :func:`taipai.systems.mcr.reading.score_spec` (HandSpec → Score) is the score ``SYSTEM.score`` gives
  for the same message.
"""

from __future__ import annotations

from oracle import hand_message, hands

from taipai.core.errors import HandError
from taipai.core.system import Seat
from taipai.systems.mcr.hand import (
    counts_of,
    is_win,
    split_readings,
    standard_readings,
    suit_keys,
    wait_tiles,
    waits,
)
from taipai.systems.mcr.options import McrOptions
from taipai.systems.mcr.reading import read_spec, score_message, score_spec
from tests.systems.mcr.mcrhands import tiles


def test_split_readings_are_the_standard_readings_in_their_order() -> None:
    several = 0
    for hand in hands(3000, 1616):
        standing = counts_of([*hand.concealed, hand.win])
        need = 4 - len(hand.melds)
        found = split_readings(standing, need)
        assert found == list(standard_readings(standing, need)), hand_message(hand)
        several += len(found) > 1
    assert several > 100  # hands read more than one way are among them


def test_a_hand_read_three_ways_keeps_the_order() -> None:
    # 111222333萬 + 99筒 + 東東東: three pungs, or three 123 chows (the pung reading first, as the
    # search finds it: a pung before a chow at the lowest tile).
    standing = counts_of(tiles("111222333m99pEEE"))
    found = split_readings(standing, 4)
    assert [[(g.kind.value, g.tile) for g in r] for r in found] == [
        [("pung", 0), ("pung", 1), ("pung", 2), ("pung", 27), ("pair", 17)],
        [("chow", 0), ("chow", 0), ("chow", 0), ("pung", 27), ("pair", 17)],
    ]


def test_a_knitted_straight_reading_follows_the_plain_ones() -> None:
    # 147萬 258筒 369索 + 三四五萬 + 中中: 組合龍, the chow 三四五萬 and the pair (no plain reading)
    standing = counts_of(tiles("147m258p369s345mCC"))
    found = split_readings(standing, 4)
    assert [[(g.kind.value, g.tile) for g in r] for r in found] == [
        [("knitted", 0), ("knitted", 10), ("knitted", 20), ("chow", 2), ("pair", 31)],
    ]


def test_wait_tiles_are_the_waits_and_each_tile_tried() -> None:
    for hand in hands(3000, 1717):
        before = counts_of(list(hand.concealed))
        melds = len(hand.melds)
        keys, sizes = suit_keys(before)
        fast = wait_tiles(before, melds, keys, sizes)
        assert list(fast) == waits(before, melds, [0] * 34)
        tried = []
        for t in range(34):
            before[t] += 1
            if is_win(before, melds):
                tried.append(t)
            before[t] -= 1
        assert list(fast) == tried, hand_message(hand)


def test_a_whole_knitted_straight_waits_on_what_completes_the_rest() -> None:
    # 147萬 258筒 369索 + 五五六七萬: the rest waits as 五五六七萬 does, on 五萬 (五五 + 五六七) and 八萬
    # (五五 + 六七八); the search tries only tiles beside those held.
    before = counts_of(tiles("147m258p369s5567m"))
    keys, sizes = suit_keys(before)
    assert wait_tiles(before, 0, keys, sizes) == tuple(tiles("58m"))


def test_score_spec_is_what_system_score_gives() -> None:
    options = McrOptions()
    refused = scored = 0
    for hand in hands(1500, 1818):
        text = hand_message(hand)
        seat = Seat(seat_wind=27 + hand.seat_wind, round_wind=27 + hand.round_wind)
        spec = read_spec(text, seat, table_seat=True)[0]
        try:
            expected = score_message(text, seat, None, options).score
        except HandError as e:
            refused += 1
            try:
                score_spec(spec, options)
            except HandError as again:
                assert (again.code, again.hint_args) == (e.code, e.hint_args)
            else:
                raise AssertionError(f"score_spec scored what SYSTEM.score refused: {text}") from None
            continue
        scored += 1
        assert score_spec(spec, options) == expected
    assert refused > 100 and scored > 1000
