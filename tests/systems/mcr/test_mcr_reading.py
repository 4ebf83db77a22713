"""國標 (MCR) hand messages: the notation and MCR's context words (seed 002 rows 44-47, 58) reach the
scorer; 8番起和 and other games' words are refused with a code the bot can explain."""

from __future__ import annotations

import pytest

from taipai.core.errors import HandError
from taipai.core.system import Seat
from taipai.systems.mcr.options import McrOptions
from taipai.systems.mcr.reading import check_count, score_message

PLAIN = "一二三萬 四五六筒 七八九索 一一一筒 東"
"""123萬 456筒 789索 111筒 and 東 (waiting on 東): 花龍 8 + 幺九刻 1 + 單釣將 1 + 門前清 2 on 食 東."""


def ids(text: str, seat: Seat | None = None, **opts: object) -> dict[str, int]:
    r = score_message(text, seat or Seat(), None, McrOptions(**opts))  # type: ignore[arg-type]
    return {p.id: p.fan for p in r.score.patterns}


def test_plain_discard_win() -> None:
    r = score_message(f"{PLAIN} 食 東", Seat(), None, McrOptions())
    assert {p.id: p.fan for p in r.score.patterns} == {
        "mixed_straight": 8, "concealed_hand": 2, "pung_of_terminals_or_honors": 1, "single_wait": 1,
    }
    assert r.score.fan == 12 and r.score.total == 12
    assert r.score.waits == (27,)
    assert r.score.reading == ("一二三萬", "一一一筒", "四五六筒", "七八九索", "東東")


def test_self_draw_is_fully_concealed() -> None:
    assert ids(f"{PLAIN} 摸 東")["fully_concealed_hand"] == 4


@pytest.mark.parametrize(
    ("words", "win", "row"),
    [
        ("妙手回春", "摸", "last_tile_draw"),
        ("海底撈月", "食", "last_tile_claim"),
        ("海底", "摸", "last_tile_draw"),
        ("和絕張", "食", "last_tile"),
        ("絕張", "食", "last_tile"),
        ("搶槓和", "食", "robbing_the_kong"),
        ("搶槓", "食", "robbing_the_kong"),
    ],
)
def test_context_words(words: str, win: str, row: str) -> None:
    assert row in ids(f"一二三萬 四五六筒 七八九索 一一一筒 東東 一二萬 {words} {win} 三萬".replace(
        "一二三萬 ", "", 1))


def test_kong_replacement_self_drawn() -> None:
    fans = ids("暗槓 一一一一筒 一二三萬 四五六筒 七八九索 東 槓上開花 摸 東")
    assert fans["out_with_replacement_tile"] == 8
    assert "self_drawn" not in fans


def test_kong_replacement_needs_a_kong() -> None:
    with pytest.raises(HandError) as e:
        ids(f"{PLAIN} 槓上開花 摸 東")
    assert e.value.code == "bad_context"


def test_robbing_with_self_draw_is_refused() -> None:
    with pytest.raises(HandError) as e:
        ids(f"{PLAIN} 搶槓和 摸 東")
    assert e.value.code == "bad_context"


def test_seat_and_round_wind_from_the_table() -> None:
    fans = ids("一一二三萬 四五六筒 七八九索 南南南 食 一萬", Seat(seat_wind=28, round_wind=28))
    assert fans["seat_wind"] == 2 and fans["prevalent_wind"] == 2


def test_below_eight_is_refused_with_the_count() -> None:
    with pytest.raises(HandError) as e:
        ids("上 二三四萬 上 四五六筒 上 二三四索 六七萬 八八筒 食 八萬")
    assert e.value.code == "below_minimum"
    # 喜相逢 1 + 平和 2 + 斷幺 2 (seed 002 rows 71, 63, 68; 平和 and 斷幺 不計 無字)
    assert e.value.hint_args["count"] == 5
    assert e.value.hint_args["minimum"] == 8


def test_flowers_add_but_do_not_lift_below_minimum() -> None:
    with pytest.raises(HandError) as e:
        ids("上 二三四萬 上 四五六筒 上 二三四索 六七萬 八八筒 花:春夏秋 食 八萬")
    assert e.value.code == "below_minimum"
    assert ids(f"{PLAIN} 花:春夏 食 東")["flower_tiles"] == 2


def test_other_games_word_is_refused() -> None:
    with pytest.raises(HandError) as e:
        ids(f"{PLAIN} 叮 食 東")
    assert e.value.code == "not_in_this_game"


def test_bare_count() -> None:
    assert check_count(12, McrOptions()) == 12
    with pytest.raises(HandError) as e:
        check_count(7, McrOptions())
    assert e.value.code == "below_minimum"
