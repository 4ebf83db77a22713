"""鳥, 莊家翻倍, rooms and the 歡樂豆 formula (seed 002 「名詞解釋」, 「計分規則」), figures by hand."""

from __future__ import annotations

import pytest

from taipai.core.tiles import EAST, NORTH, RED, WHITE, tile
from taipai.systems.qq.events import Bird, bird_number, bird_seat
from taipai.systems.qq.money import Leg, Room, beans, room_base, win_legs

SEATS = ("A", "B", "C", "D")
"""東南西北: B is A's 下家, C his 對家, D his 上家."""


def test_bird_counts_from_the_dealer_one_dealer_two_next_three_across_four_before() -> None:
    # 「一表示莊家，二表示下家，三為對家，四為上家，依此類推」
    assert [bird_seat(tile("p", n), SEATS, "A") for n in range(1, 10)] == list("ABCDABCDA")
    # from the dealer wherever he sits
    assert bird_seat(tile("s", 2), SEATS, "C") == "D"
    assert bird_seat(tile("m", 4), SEATS, "C") == "B"


def test_bird_honours_count_one_to_seven() -> None:
    # 「東南西北中發白按照一到七的次序」
    assert [bird_number(t) for t in range(27, 34)] == [1, 2, 3, 4, 5, 6, 7]
    assert bird_seat(EAST, SEATS, "B") == "B"
    assert bird_seat(NORTH, SEATS, "B") == "A"
    assert bird_seat(RED, SEATS, "B") == "B"
    assert bird_seat(WHITE, SEATS, "B") == "D"


def test_bird_refuses_an_unseated_dealer_and_a_bad_tile() -> None:
    with pytest.raises(ValueError, match="not seated"):
        bird_seat(EAST, SEATS, "Z")
    with pytest.raises(ValueError, match="not a tile kind"):
        bird_seat(34, SEATS, "A")


def test_bird_round_trips_like_every_event() -> None:
    bird = Bird(tile=tile("m", 3))
    data = bird.to_dict()
    assert data == {"kind": "bird", "tile": 2}
    assert Bird(**{k: v for k, v in data.items() if k != "kind"}) == bird


def test_rooms() -> None:
    assert room_base(Room.OPEN, 12) == 12
    assert room_base(Room.EIGHT, 12) == 20
    assert room_base(Room.FLAT, 12) == 10
    assert room_base(Room.FLAT, 0) == 10
    with pytest.raises(ValueError):
        room_base(Room.OPEN, -1)


def test_discard_no_bird_no_dealer_the_discarder_alone_pays() -> None:
    # dealer A; C wins 9番 off D in 大眾場
    assert win_legs(SEATS, "A", "C", "D", 9, Room.OPEN) == (Leg("D", "C", 9),)


def test_discard_bird_on_the_winner_or_the_discarder_doubles_the_discarder() -> None:
    # 「點炮時，鳥如果買中在胡牌方或點炮方，即為中鳥，點炮人出雙倍分數」
    assert win_legs(SEATS, "A", "C", "D", 9, Room.OPEN, bird="C") == (Leg("D", "C", 18, bird=2),)
    assert win_legs(SEATS, "A", "C", "D", 9, Room.OPEN, bird="D") == (Leg("D", "C", 18, bird=2),)
    # on a bystander it is no hit
    assert win_legs(SEATS, "A", "C", "D", 9, Room.OPEN, bird="B") == (Leg("D", "C", 9),)


def test_discard_dealer_doubles_win_or_loss_and_with_the_bird_it_is_four_times() -> None:
    # 「莊家翻倍：無論輸贏莊家的結果將以兩倍計算」; 8番場 (9 + 8) = 17
    assert win_legs(SEATS, "A", "A", "D", 9, Room.EIGHT) == (Leg("D", "A", 34, dealer=2),)
    assert win_legs(SEATS, "A", "C", "A", 9, Room.EIGHT) == (Leg("A", "C", 34, dealer=2),)
    assert win_legs(SEATS, "A", "C", "A", 9, Room.EIGHT, bird="A") == (Leg("A", "C", 68, 2, 2),)


def test_self_draw_bird_on_the_winner_doubles_every_payer() -> None:
    # 「自摸時，鳥如果買中在胡牌方，即所有玩家給雙倍分數」: dealer A, B self-draws 10番, 大眾場
    assert win_legs(SEATS, "A", "B", None, 10, Room.OPEN, bird="B") == (
        Leg("A", "B", 40, bird=2, dealer=2),
        Leg("C", "B", 20, bird=2),
        Leg("D", "B", 20, bird=2),
    )


def test_self_draw_bird_on_another_doubles_only_that_payer() -> None:
    # 「如果買中在別的玩家，只此一玩家給雙倍分數」
    assert win_legs(SEATS, "A", "B", None, 10, Room.OPEN, bird="D") == (
        Leg("A", "B", 20, dealer=2),
        Leg("C", "B", 10),
        Leg("D", "B", 20, bird=2),
    )


def test_dealer_self_draw_every_payer_doubles() -> None:
    assert win_legs(SEATS, "A", "A", None, 10, Room.FLAT) == (
        Leg("B", "A", 20, dealer=2),
        Leg("C", "A", 20, dealer=2),
        Leg("D", "A", 20, dealer=2),
    )


def test_win_legs_refuse_unseated_names_and_self_discard() -> None:
    with pytest.raises(ValueError, match="not seated"):
        win_legs(SEATS, "A", "B", "Z", 8, Room.OPEN)
    with pytest.raises(ValueError, match="not seated"):
        win_legs(SEATS, "A", "B", None, 8, Room.OPEN, bird="Z")
    with pytest.raises(ValueError, match="himself"):
        win_legs(SEATS, "A", "B", "B", 8, Room.OPEN)


def test_the_seeds_money_example() -> None:
    # 「N（房間系數）＝200，X為10，玩家A自摸，A為20。則玩家A獎勵的歡樂豆＝200×10×3＝6000歡樂豆；失敗玩家B、C、D
    # 各消耗的歡樂豆＝200×10＝2000歡樂豆；系統在該盤游戲結束時自動回收了每位玩家20歡樂豆。」
    # The example gives X itself, 10 on each of the three legs (e.g. 大眾場 10番, no bird, no dealer leg).
    example = (Leg("B", "A", 10), Leg("C", "A", 10), Leg("D", "A", 10))
    gross, house = beans(example, SEATS, 200)
    assert gross == {"A": 6000, "B": -2000, "C": -2000, "D": -2000} and house == 0
    # with the cut A = 20 from every player (the formula: X*P*N − A and X*N + A)
    net, house = beans(example, SEATS, 200, 20)
    assert net == {"A": 5980, "B": -2020, "C": -2020, "D": -2020}
    assert house == 80
    assert sum(net.values()) + house == 0


def test_a_discard_cut_falls_on_every_seat() -> None:
    legs = win_legs(SEATS, "A", "C", "D", 9, Room.OPEN, bird="C")
    change, house = beans(legs, SEATS, 10, 5)
    assert change == {"A": -5, "B": -5, "C": 175, "D": -185}
    assert house == 20


def test_beans_refuse_a_bad_coefficient_or_cut() -> None:
    with pytest.raises(ValueError):
        beans((), SEATS, 0)
    with pytest.raises(ValueError):
        beans((), SEATS, 1, -1)
