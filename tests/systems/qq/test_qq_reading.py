"""QQ hand messages (taipai/systems/qq/reading.py): MCR's notation, the hand's 財神 (``財神 六筒``, else the
table's indicator), 財神 tiles written as themselves, 無財神 (seed 002 row 69), the budget, the refusals."""

from __future__ import annotations

import pytest

from taipai.core.budget import Budget
from taipai.core.errors import HandError
from taipai.core.system import Seat
from taipai.core.tiles import tile
from taipai.systems.qq.options import QQTableOptions
from taipai.systems.qq.reading import check_count, score_message, take_caishen

NINE_WAN = "一二三四五六七八九萬 東東東"


def fans(text: str, options: QQTableOptions | None = None) -> dict[str, int]:
    scored = score_message(text, Seat(), options=options)
    return {p.name: p.fan for p in scored.score.patterns}


def test_one_caishen_written_as_itself_pairs_the_nine_dots() -> None:
    # 一至九萬 東東東 六筒(財神) + 九筒: the 財神 is 九筒 — 清龍 16 門前清 2 圈風刻 2 門風刻 2 缺一門 1 單釣將 1
    scored = score_message(f"{NINE_WAN} 六筒 食 九筒 財神 六筒", Seat())
    assert scored.score.fan == 24
    assert scored.score.reading == ("一二三萬", "四五六萬", "七八九萬", "東東東", "九九筒")
    assert [w.to_dict() for w in scored.score.wilds] == [{"kind": "財神 六筒", "as": "九筒"}]
    # before the win 一至九萬 東東東 and a 財神 wait on any tile but 東 (a fifth 東): 33 kinds
    assert len(scored.score.waits) == 33 and 27 not in scored.score.waits
    assert "無財神" not in {p.name for p in scored.score.patterns}


def test_a_hand_without_its_caishen_scores_no_caishen_2() -> None:
    # the same hand with a real 九筒 pair: 24 + 無財神 2 (「胡牌時沒有財神」)
    assert fans(f"{NINE_WAN} 九筒 食 九筒 財神 六筒") == {
        "清龍": 16, "門前清": 2, "圈風刻": 2, "門風刻": 2, "缺一門": 1, "單釣將": 1, "無財神": 2,
    }


def test_the_tables_indicator_gives_the_caishen_when_the_hand_does_not() -> None:
    # 規則 財神 五筒 (the turned tile): 六筒 is 財神, as the hand's own 財神 六筒 said above
    options = QQTableOptions(indicator=tile("p", 5))
    assert score_message(f"{NINE_WAN} 六筒 食 九筒", Seat(), options=options).score.fan == 24


def test_the_hands_word_overrules_the_tables_indicator() -> None:
    # table: 財神 二萬 (indicator 一萬); the hand says 財神 六筒, so the 六筒 is wild: 24, not a non-win
    options = QQTableOptions(indicator=tile("m", 1))
    assert score_message(f"{NINE_WAN} 六筒 食 九筒 財神 六筒", Seat(), options=options).score.fan == 24


def test_no_caishen_anywhere_is_refused_not_guessed() -> None:
    with pytest.raises(HandError) as err:
        score_message(f"{NINE_WAN} 九筒 食 九筒", Seat())
    assert err.value.code == "caishen_unknown"


def test_a_caishen_in_a_pung_is_refused() -> None:
    with pytest.raises(HandError) as err:
        score_message("一二三四五六七八九萬 碰六六六筒 東 食 東 財神 六筒", Seat())
    assert err.value.code == "caishen_in_meld"


def test_caishen_said_twice_is_refused() -> None:
    with pytest.raises(HandError) as err:
        score_message(f"{NINE_WAN} 九筒 食 九筒 財神 六筒 財神 七筒", Seat())
    assert (err.value.code, err.value.token) == ("bad_context", "財神 七筒")


def test_a_search_over_its_budget_is_refused() -> None:
    # one 財神: 34 readings at 10 units each before any win is scored; 100 units cannot see them all
    with pytest.raises(HandError) as err:
        score_message(f"{NINE_WAN} 六筒 食 九筒 財神 六筒", Seat(), budget=Budget(100))
    assert err.value.code == "over_budget"


def test_another_games_word_is_not_in_this_game() -> None:
    with pytest.raises(HandError) as err:
        score_message(f"{NINE_WAN} 九筒 食 九筒 財神 六筒 叮", Seat())
    assert err.value.code == "not_in_this_game"


def test_take_caishen_blanks_the_word_and_reads_codes() -> None:
    text = "財神 6p 一二三萬"
    rest, kind = take_caishen(text)
    assert (rest, kind) == (" " * 5 + " 一二三萬", tile("p", 6))
    assert take_caishen("財神 紅中")[1] == 31
    assert take_caishen("一二三萬") == ("一二三萬", None)


def test_a_bare_count_books_as_typed_and_a_negative_is_refused() -> None:
    assert check_count(0) == 0 and check_count(12) == 12
    with pytest.raises(HandError) as err:
        check_count(-1)
    assert err.value.code == "bad_count"
