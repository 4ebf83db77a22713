"""字牌 hand messages: cards, group words, the winning card, and errors that point at the card (issue 18
item 1; seed 002 ⑴ 牌面 and 牌型)."""

from __future__ import annotations

import pytest

from taipai.core.chat import Said
from taipai.core.errors import HandError
from taipai.systems.zipai.cards import is_red, name, point
from taipai.systems.zipai.chat import hand_error
from taipai.systems.zipai.groups import Group, Kind
from taipai.systems.zipai.notation import read_hand


def refused(text: str) -> HandError:
    with pytest.raises(HandError) as err:
        read_hand(text)
    return err.value


def test_cards_points_and_colours_follow_seed_002():
    # ⑴: 「牌點不區分大、小字，如：伍和五的牌點均為5」; 「「二」、「七」、「十」和「貳」、「柒」、「拾」為紅色」
    assert [name(k) for k in (0, 9, 10, 14, 19)] == ["一", "十", "壹", "伍", "拾"]
    assert point(4) == point(14) == 5
    assert [name(k) for k in range(20) if is_red(k)] == ["二", "七", "十", "貳", "柒", "拾"]


def test_a_message_lists_its_groups_and_loose_cards():
    hand = read_hand("碰 三三三 偎 伍伍伍 提 六六六六 壹貳叄 二七十 八八捌 玖玖 食 玖")
    assert hand.declared == (
        Group(Kind.PENG, (2, 2, 2), True),
        Group(Kind.WEI, (14, 14, 14), False),
        Group(Kind.TI, (5, 5, 5, 5), False),
    )
    assert [name(c) for c in hand.loose] == list("二七八八十壹貳叄捌玖玖玖")
    assert (name(hand.winning), hand.self_drawn) == ("玖", False)
    assert len(hand.cards) == 22


def test_words_touch_their_cards_and_the_seeds_other_names_read_the_same():
    hand = read_hand("碰三三三 掃穿 六六六六 開招 壹壹壹壹 過掃 柒柒柒 吃 二二貳 自摸 九")
    kinds = [(g.kind, g.exposed) for g in hand.declared]
    assert kinds == [
        (Kind.PENG, True),
        (Kind.TI, False),
        (Kind.PAO, True),
        (Kind.STALE_WEI, False),
        (Kind.MIX, True),  # 吃 of a 絞 (⑴ 「吃牌 … 合成一句話或絞牌」)
    ]
    assert hand.self_drawn


def test_simplified_spellings_of_big_cards_are_read():
    assert read_hand("贰叁肆 摸 陆").loose == (11, 12, 13, 15)


def test_flags_for_the_soft_hands():
    assert read_hand("天胡 一二三 摸 四").flags == frozenset({"heavenly"})


def test_an_unknown_word_is_named_with_its_position():
    err = refused("碰 三三三 東 食 玖")
    assert (err.code, err.token, err.position) == ("unknown_token", "東", 6)


def test_a_fifth_copy_names_the_card_at_its_fifth_place():
    # ⑴ 「各四張」
    err = refused("提 六六六六 六七八 食 九")
    assert (err.code, err.token, err.position) == ("fifth_copy", "六", 7)


def test_a_group_word_with_the_wrong_cards_names_the_group():
    err = refused("碰 三三四 食 玖")
    assert (err.code, err.token, err.hint_args["word"]) == ("meld_shape", "碰 三三四", "碰")
    # ⑴ 「大字和小字不能混合組成一句話」
    assert refused("吃 一貳三 食 玖").token == "吃 一貳三"
    assert refused("提 六六六 食 玖").token == "提 六六六"


def test_the_winning_card_is_one_card_said_once():
    assert refused("一二三 四五六").code == "no_winning_tile"
    err = refused("一二三 食 四五")
    assert (err.code, err.token) == ("bad_winning_tile", "食 四五")
    err = refused("一二三 食 四 摸 五")
    assert (err.code, err.position) == ("two_winning_tiles", 8)
    assert refused("   ").code == "empty"


def test_the_refusal_reads_in_the_chat_with_the_card():
    said = hand_error(refused("提 六六六六 六七八 食 九"))
    assert said == Said(
        "There are more than four of 「{token}」: the pack has four of each card.", (("token", "六"),)
    )
    from taipai.systems.zipai import PAOHUZI_SYSTEM, SYSTEM

    below = pytest.raises(HandError)
    with below as err:
        SYSTEM.check_count(9, SYSTEM.table.default_options())
    assert hand_error(err.value).values() == {"count": "9油", "minimum": "10油"}
    with pytest.raises(HandError) as err:
        PAOHUZI_SYSTEM.score("提 一一一一 三四五 三四五 肆伍陸 肆伍陸 八八捌 九玖 食 玖", None, None, None)  # type: ignore[arg-type]
    assert hand_error(err.value).values() == {"count": "9胡息", "minimum": "10胡息"}
    said = hand_error(refused("碰 三三四 食 玖"))
    assert said.msgid == "「{token}」 is not a group {word} takes."
    assert said.values() == {"token": "碰 三三四", "word": "碰"}
