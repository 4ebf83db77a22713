"""The MCR hand generator and validator of ``oracle.py``, and pymahjonggb's answers on hands worked by hand.

The differential test of taipai's MCR scorer against pymahjonggb stands on these: every generated hand
is one a table can hold (pymahjonggb checks nothing itself), every shape comes out, and the oracle's
fans are the official table's (seed 002 「番型介紹」 values).
"""

from __future__ import annotations

from collections import Counter

import pytest
from oracle import (
    SHAPES,
    Hand,
    InvalidHand,
    Meld,
    compare,
    hand_message,
    hands,
    oracle_fans,
    oracle_ids,
    pattern_id,
    validate,
)

from taipai.core.errors import HandError

W, B, T = 0, 9, 18
"""First kind of 萬, 筒 (dots), 索 (bamboo)."""
EAST, SOUTH, RED = 27, 28, 31

SIGNATURE = {
    "orphans": {"十三幺"},
    "nine_gates": {"九莲宝灯"},
    "shifted_pairs": {"连七对"},
    "seven_stars": {"七星不靠"},
    "honours_knitted": {"全不靠", "七星不靠"},  # two knitted tiles left out leaves all seven honours
    "seven_pairs": {"七对", "连七对"},
    "knitted_standard": {"组合龙"},
}
"""The 番 a shape's hand always scores in pymahjonggb (the shape's own row of seed 002)."""

CORPUS = list(hands(3000))


def test_the_generator_is_seeded() -> None:
    assert list(hands(50, seed=7)) == list(hands(50, seed=7))
    assert list(hands(50, seed=7)) != list(hands(50, seed=8))


def test_every_generated_hand_is_valid_and_scored() -> None:
    for hand in CORPUS:
        validate(hand)
        assert sum(oracle_fans(hand).values()) >= 1, hand


def test_every_shape_comes_out_with_its_own_fan() -> None:
    shapes = Counter(h.shape for h in CORPUS)
    assert set(shapes) == set(SHAPES)
    assert min(shapes.values()) >= 50, shapes
    for hand in CORPUS:
        if hand.shape in SIGNATURE:
            assert SIGNATURE[hand.shape] & set(oracle_fans(hand)), hand


def test_melds_kongs_and_flags_come_out() -> None:
    melds = Counter((m.kind, m.concealed) for h in CORPUS for m in h.melds)
    assert {("chow", False), ("pung", False), ("kong", False), ("kong", True)} <= set(melds)
    flags = Counter()
    for h in CORPUS:
        flags.update(
            {
                "自摸": h.self_drawn,
                "和絕張": h.last_tile,
                "槓上開花": h.kong_win and h.self_drawn,
                "搶槓和": h.kong_win and not h.self_drawn,
                "妙手回春": h.wall_last and h.self_drawn,
                "海底撈月": h.wall_last and not h.self_drawn,
            }
        )
    assert min(flags.values()) >= 10, flags
    assert {h.seat_wind for h in CORPUS} == {h.round_wind for h in CORPUS} == {0, 1, 2, 3}


def test_a_pure_straight_by_hand() -> None:
    # 一萬..九萬 三索順 食 五筒 單釣, 門風 圈風 東: 清龍 16 + 門前清 2 + 平和 2 + 喜相逢 1 + 單釣將 1 = 22
    hand = Hand("standard", (), (*range(W, W + 9), T, T + 1, T + 2, B + 4), B + 4, self_drawn=False)
    validate(hand)
    assert oracle_fans(hand) == {"清龙": 16, "门前清": 2, "平和": 2, "喜相逢": 1, "独听・单钓": 1}


def test_thirteen_orphans_by_hand() -> None:
    # 十三幺 88, 不計 五門齊 門前清 單釣將; 2 flowers 2; 自摸 1: 91
    orphans = (W, W + 8, B, B + 8, T, T + 8, *range(27, 34))
    hand = Hand("orphans", (), orphans, RED, self_drawn=True, flowers=2)
    validate(hand)
    assert oracle_fans(hand) == {"十三幺": 88, "自摸": 1, "花牌": 2}


def test_robbing_a_kong_by_hand() -> None:
    # 碰 東東東 (圈風 門風 東), 二三四萬 六七八筒 三四索, 對 南南, 搶槓 食 五索:
    # 搶槓和 8 + 圈風刻 2 + 門風刻 2 (幺九刻 not counted again) = 12; two-sided wait, a pung: nothing else
    melds = (Meld("pung", EAST, offer=2),)
    concealed = (W + 1, W + 2, W + 3, B + 5, B + 6, B + 7, T + 2, T + 3, SOUTH, SOUTH)
    hand = Hand("standard", melds, concealed, T + 4, self_drawn=False, kong_win=True)
    validate(hand)
    fans = oracle_fans(hand)
    assert fans == {"抢杠和": 8, "圈风刻": 2, "门风刻": 2}
    assert "和绝张" not in fans  # 搶槓和 不計和絕張


def test_the_oracle_does_not_check_its_input() -> None:
    # Why validate exists: pymahjonggb scores six 一萬 and drops a 和絕張 it cannot have.
    six = Hand(
        "standard", (Meld("pung", W),), (W, W, W, W + 1, W + 2, B, B + 1, B + 2, T, T), T, self_drawn=False
    )
    with pytest.raises(InvalidHand, match="more than four"):
        validate(six)
    assert oracle_fans(six)
    held_twice = Hand(
        "standard",
        (),
        (W, W + 1, W + 2, B, B + 1, B + 2, T, T + 1, T + 2, W + 4, W + 4, T + 6, T + 6),
        T + 6,
        self_drawn=False,
        last_tile=True,
    )
    with pytest.raises(InvalidHand, match="held twice"):
        validate(held_twice)
    assert "和绝张" not in oracle_fans(held_twice)


@pytest.mark.parametrize(
    ("change", "reason"),
    [
        ({"seat_wind": 4}, "wind"),
        ({"flowers": 9}, "flowers"),
        ({"self_drawn": True, "kong_win": True}, "槓上開花 without a kong"),
        (
            {"concealed": (W + 1, W + 2, W + 3, B + 5, B + 6, B + 7, T + 2, T + 3, T + 4, T + 4)},
            "搶槓和 on a tile the winner holds elsewhere",
        ),
        ({"wall_last": True}, "wall's last tile with a kong flag"),
        ({"last_tile": True}, "搶槓和 with 和絕張"),
    ],
)
def test_validate_refuses_what_the_tiles_make_impossible(change: dict[str, object], reason: str) -> None:
    # A valid 搶槓和 on 五索, then one fact changed.
    base = dict(
        shape="standard",
        melds=(Meld("pung", EAST, offer=2),),
        concealed=(W + 1, W + 2, W + 3, B + 5, B + 6, B + 7, T + 2, T + 3, SOUTH, SOUTH),
        win=T + 4,
        self_drawn=False,
        kong_win=True,
    )
    validate(Hand(**base))  # type: ignore[arg-type]
    base.update(change)
    with pytest.raises(InvalidHand, match=reason):
        validate(Hand(**base))  # type: ignore[arg-type]


def test_validate_refuses_a_hand_that_does_not_win() -> None:
    hand = Hand(
        "standard",
        (),
        (W, W + 1, W + 3, B, B + 1, B + 2, T, T + 1, T + 2, W + 4, W + 4, T + 6, T + 7),
        EAST,
        self_drawn=True,
    )
    with pytest.raises(InvalidHand, match="not a winning hand"):
        validate(hand)


def test_a_hand_as_a_chat_message() -> None:
    melds = (Meld("pung", EAST, offer=2),)
    concealed = (W + 1, W + 2, W + 3, B + 5, B + 6, B + 7, T + 2, T + 3, SOUTH, SOUTH)
    hand = Hand("standard", melds, concealed, T + 4, self_drawn=False, kong_win=True, flowers=2)
    assert hand_message(hand) == "碰 東東東 二三四萬 六七八筒 三四索 南南 春 夏 搶槓和 食 五索"
    kong = Hand(
        "standard",
        (Meld("kong", RED, concealed=True, offer=0),),
        concealed,
        T + 4,
        self_drawn=True,
        kong_win=True,
        wall_last=False,
    )
    assert hand_message(kong) == "暗槓 中中中中 二三四萬 六七八筒 三四索 南南 槓上開花 摸 五索"


def test_pattern_ids_of_the_oracles_names() -> None:
    assert pattern_id("Pure Straight") == "pure_straight"
    assert pattern_id("Pung of Terminals or Honors") == "pung_of_terminals_or_honors"
    assert pattern_id("Two Dragons Pungs") == "two_dragon_pungs"
    assert pattern_id("Single Wait") == "single_wait"


def test_compare_says_where_two_scorers_agree() -> None:
    straight = Hand("standard", (), (*range(W, W + 9), T, T + 1, T + 2, B + 4), B + 4, self_drawn=False)
    same = compare(straight, lambda _text, h: oracle_ids(h))
    assert same.same_total and same.same_fans
    tie = compare(straight, lambda _text, _h: {"pure_straight": 16, "concealed_hand": 2, "all_chows": 4})
    assert tie.same_total and not tie.same_fans
    off = compare(straight, lambda _text, _h: {"pure_straight": 16})
    assert not off.same_total

    def refuse(_text: str, _h: Hand) -> dict[str, int]:
        raise HandError("below_minimum", "under 8")

    # 二三四萬 五六七萬 三四五筒 六七八索 對 二筒, 食 二筒 (二筒 or 五筒 wait, not 單釣): 門前清 2 +
    # 平和 2 + 斷么 2 + 連六 1 = 7, under seed 002's 8番起和: a refusal agrees
    small = Hand(
        "standard",
        (),
        (W + 1, W + 2, W + 3, W + 4, W + 5, W + 6, B + 2, B + 3, B + 4, T + 5, T + 6, T + 7, B + 1),
        B + 1,
        self_drawn=False,
    )
    assert oracle_ids(small) == {"concealed_hand": 2, "all_chows": 2, "all_simples": 2, "short_straight": 1}
    assert compare(small, refuse).same_total
    assert not compare(straight, refuse).same_total


def test_kongs_made_both_ways_are_the_option_taipai_leaves_off() -> None:
    # 暗槓 中中中中, 明槓 發發發發: pymahjonggb's 明暗槓 (5) is the preset's 暗槓 2 + 明槓 1
    melds = (Meld("kong", RED, concealed=True, offer=0), Meld("kong", RED + 1, offer=1))
    hand = Hand("standard", melds, (W + 1, W + 2, W + 3, B + 5, B + 6, B + 7, SOUTH), SOUTH, self_drawn=False)
    validate(hand)
    assert oracle_ids(hand)["concealed_kong_and_melded_kong"] == 5
    ours = (
        oracle_ids(hand)
        - Counter({"concealed_kong_and_melded_kong": 5})
        + Counter({"concealed_kong": 2, "melded_kong": 1})
    )
    verdict = compare(hand, lambda _text, _h: ours)
    assert verdict.on_purpose == ("concealed_kong_and_melded_kong",)
    assert verdict.same_fans
    assert not compare(hand, lambda _text, h: oracle_ids(h)).same_total
