"""Seed 004, 常用翻數表, 時態類: 槓上自摸 5, 搶槓 5, 槓上槓自摸 20/40/80/160, 搶槓上槓 30,
花上自摸 2n+1, 混花槓自摸 10/20/40/70/100/140, 海底撈月 5, 河底撈魚 5, 明四絕 5, 明八絕 10,
十隻内 10, 七隻内 20, 四隻內 40, 人糊 80, 地糊 100, 天糊 120.

A situation word that contradicts the tiles or the way the hand was won is not scored.
"""

import pytest
from builders import fan_of, hand, ids, rules

# 123m 456m 789p 234s + 東 single wait, with 中中中中 as an exposed kong.
ONE_KONG = dict(concealed="123m 456m 789p 234s E", win="E", melds=["kong CCCC"])
# Five kongs and a 東 single wait (for the long replacement chains).
FIVE_KONGS = dict(
    concealed="E",
    win="E",
    melds=["kong CCCC", "ckong FFFF", "added 9999p", "kong 1111m", "ckong 5555s"],
)
# 123m 456m 789p 中中中 東東 + 23s, won on 4s (two-sided 1s/4s wait; no other 4s held).
OPEN_END = dict(concealed="123m 456m 789p 23s CCC EE", win="4s")
# As above with 13s, won on 2s (closed wait, single).
CLOSED = dict(concealed="123m 456m 789p 13s CCC EE", win="2s")
# Concealed with a 東 single wait (another 東 is in the hand).
PAIR = dict(concealed="123m 456m 789p 234s CCC E", win="E")
# Open: 中中中 laid down.
OPEN = dict(concealed="123m 456m 789p 234s E", win="E", melds=["pung CCC"])

MIXED_VALUES = {2: 10, 3: 20, 4: 40, 5: 70, 6: 100, 7: 140}


# ---------------------------------------------------------------- 槓上自摸 5


def test_槓上自摸_scores_5():
    assert fan_of(hand(**ONE_KONG, self_drawn=True, kong_replacements=1), "kong_self_draw") == 5


def test_槓上自摸_near_miss_no_kong_in_hand():
    assert "kong_self_draw" not in ids(hand(**PAIR, self_drawn=True, kong_replacements=1))


def test_槓上自摸_near_miss_discard_win():
    assert "kong_self_draw" not in ids(hand(**ONE_KONG, kong_replacements=1))


# ---------------------------------------------------------------- 槓上槓自摸 20/40/80/160


@pytest.mark.parametrize(("n", "fan"), [(2, 20), (3, 40), (4, 80), (5, 160)])
def test_槓上槓自摸_scores_by_chain_and_replaces_槓上自摸(n: int, fan: int):
    h = hand(**FIVE_KONGS, self_drawn=True, kong_replacements=n)
    assert fan_of(h, "kong_on_kong") == fan
    assert "kong_self_draw" not in ids(h)


def test_槓上槓自摸_two_kongs_scores_20():
    h = hand("123m 456m 789p E", "E", melds=["kong CCCC", "ckong FFFF"], self_drawn=True, kong_replacements=2)
    assert fan_of(h, "kong_on_kong") == 20


def test_槓上槓自摸_near_miss_one_kong_only():
    h = hand(**ONE_KONG, self_drawn=True, kong_replacements=2)
    assert not ids(h) & {"kong_on_kong", "kong_self_draw"}


# ---------------------------------------------------------------- 搶槓 5 / 搶槓上槓 30


def test_搶槓_scores_5():
    assert fan_of(hand(**OPEN_END, robbing_kong=True), "robbing_kong") == 5


def test_搶槓_near_miss_self_draw_contradicts():
    # 「搶槓不會當作自摸」.
    assert "robbing_kong" not in ids(hand(**OPEN_END, self_drawn=True, robbing_kong=True))


def test_搶槓_near_miss_winner_holds_another_copy():
    # The konging player holds the other three copies; 東 here pairs a 東 in the hand.
    assert "robbing_kong" not in ids(hand(**PAIR, robbing_kong=True))


def test_搶槓上槓_scores_30_and_replaces_搶槓():
    h = hand(**OPEN_END, robbing_kong=True, robbing_kong_on_kong=True)
    assert fan_of(h, "robbing_kong_on_kong") == 30
    assert "robbing_kong" not in ids(h)


def test_搶槓上槓_near_miss_self_draw_contradicts():
    assert "robbing_kong_on_kong" not in ids(hand(**OPEN_END, self_drawn=True, robbing_kong_on_kong=True))


# ---------------------------------------------------------------- 花上自摸 2n+1, n由1起計


def test_花上自摸_n1_scores_3():
    assert fan_of(hand(**PAIR, self_drawn=True, flowers=(2,), flower_replacements=1), "flower_self_draw") == 3


def test_花上自摸_n2_scores_5():
    h = hand(**PAIR, self_drawn=True, flowers=(2, 3), flower_replacements=2)
    assert fan_of(h, "flower_self_draw") == 5


def test_花上自摸_near_miss_no_flower_in_hand():
    assert "flower_self_draw" not in ids(hand(**PAIR, self_drawn=True, flower_replacements=1))


def test_花上自摸_near_miss_discard_win():
    assert "flower_self_draw" not in ids(hand(**PAIR, flowers=(2,), flower_replacements=1))


def test_花上自摸_not_scored_without_flowers_option():
    h = hand(**PAIR, self_drawn=True, flowers=(2,), flower_replacements=1)
    assert "flower_self_draw" not in ids(h, rules(flowers=False))


# ---------------------------------------------------------------- 混花槓自摸 10/20/40/70/100/140


@pytest.mark.parametrize(("n", "fan"), sorted(MIXED_VALUES.items()))
def test_混花槓自摸_scores_by_chain(n: int, fan: int):
    h = hand(**FIVE_KONGS, self_drawn=True, flowers=(2, 3), mixed_replacements=n)
    assert fan_of(h, "mixed_replacement_draw") == fan


def test_混花槓自摸_replaces_自摸_and_the_other_replacement_rows():
    h = hand(
        **ONE_KONG,
        self_drawn=True,
        flowers=(2,),
        mixed_replacements=2,
        kong_replacements=1,
        flower_replacements=1,
    )
    found = ids(h)
    assert fan_of(h, "mixed_replacement_draw") == 10
    assert not found & {"self_draw", "kong_self_draw", "flower_self_draw", "kong_on_kong"}


def test_without_混花槓_the_replacement_rows_score_alone():
    h = hand(**ONE_KONG, self_drawn=True, flowers=(2,), kong_replacements=1, flower_replacements=1)
    assert fan_of(h, "kong_self_draw") == 5
    assert fan_of(h, "flower_self_draw") == 3
    assert fan_of(h, "self_draw") == 1


def test_混花槓自摸_near_miss_chain_longer_than_kongs_and_flowers():
    h = hand(**ONE_KONG, self_drawn=True, flowers=(2,), mixed_replacements=3)
    assert "mixed_replacement_draw" not in ids(h)


def test_混花槓自摸_near_miss_discard_win():
    assert "mixed_replacement_draw" not in ids(hand(**ONE_KONG, flowers=(2,), mixed_replacements=2))


# ---------------------------------------------------------------- 海底撈月 5 (不另計自摸) / 河底撈魚 5


def test_海底撈月_scores_5_and_replaces_自摸():
    h = hand(**OPEN, self_drawn=True, last_tile_draw=True)
    assert fan_of(h, "last_tile_draw") == 5
    assert "self_draw" not in ids(h)


def test_海底撈月_near_miss_discard_win_contradicts():
    assert "last_tile_draw" not in ids(hand(**OPEN, last_tile_draw=True))


def test_河底撈魚_scores_5():
    assert fan_of(hand(**OPEN, last_discard=True), "last_discard") == 5


def test_河底撈魚_near_miss_self_draw_contradicts():
    h = hand(**OPEN, self_drawn=True, last_discard=True)
    assert "last_discard" not in ids(h)
    assert fan_of(h, "self_draw") == 1


# ---------------------------------------------------------------- 明四絕 5 / 明八絕 10


def test_明四絕_scores_5():
    assert fan_of(hand(**OPEN_END, last_copy=True), "last_copy") == 5


def test_明四絕_near_miss_copy_in_own_hand():
    # 「若然未副露，例如該牌有在自己手牌內，則不是絕張」.
    assert "last_copy" not in ids(hand(**PAIR, last_copy=True))


def test_明八絕_scores_10_and_replaces_明四絕():
    h = hand(**OPEN_END, last_copy=True, last_copy_eight=True)
    assert fan_of(h, "last_copy_eight") == 10
    assert "last_copy" not in ids(h)


def test_明八絕_near_miss_single_wait_leaves_明四絕():
    # 「叫兩扉的情況下」: a closed 2s wait is one kind only.
    h = hand(**CLOSED, last_copy=True, last_copy_eight=True)
    assert "last_copy_eight" not in ids(h)
    assert fan_of(h, "last_copy") == 5


def test_明八絕_near_miss_pair_wait_copies_in_hand():
    h = hand("123m 456m 789p 234s CC EE", "C", last_copy_eight=True)
    assert "last_copy_eight" not in ids(h)


# ---------------------------------------------------------------- 十隻内 10 / 七隻内 20 / 四隻內 40


def test_十隻内_scores_10():
    assert fan_of(hand(**OPEN, discards_seen=10), "within_ten") == 10


def test_十隻内_near_miss_eleven_discards():
    assert not ids(hand(**OPEN, discards_seen=11)) & {"within_ten", "within_seven", "within_four"}


def test_七隻内_scores_20_and_replaces_十隻内():
    h = hand(**OPEN, discards_seen=7)
    assert fan_of(h, "within_seven") == 20
    assert "within_ten" not in ids(h)


def test_七隻内_near_miss_eight_discards():
    h = hand(**OPEN, discards_seen=8)
    assert "within_seven" not in ids(h)
    assert fan_of(h, "within_ten") == 10


def test_四隻內_scores_40_and_replaces_十隻内_七隻内():
    h = hand(**OPEN, discards_seen=4)
    assert fan_of(h, "within_four") == 40
    assert not ids(h) & {"within_ten", "within_seven"}


def test_四隻內_near_miss_five_discards():
    h = hand(**OPEN, discards_seen=5)
    assert "within_four" not in ids(h)
    assert fan_of(h, "within_seven") == 20


# ---------------------------------------------------------------- 人糊 80


def test_人糊_scores_80_and_replaces_X隻內():
    h = hand(**PAIR, human=True, discards_seen=4)
    assert fan_of(h, "human_win") == 80
    assert not ids(h) & {"within_ten", "within_seven", "within_four"}


def test_人糊_near_miss_meld_shown_is_四隻內():
    # 「若有人副露則為四子內」.
    h = hand(**OPEN, human=True, discards_seen=4)
    assert "human_win" not in ids(h)
    assert fan_of(h, "within_four") == 40


def test_人糊_near_miss_too_many_discards():
    assert "human_win" not in ids(hand(**PAIR, human=True, discards_seen=9))


# ---------------------------------------------------------------- 地糊 100 / 天糊 120


def test_地糊_scores_100():
    assert fan_of(hand(**PAIR, earthly=True), "earthly_win") == 100


def test_地糊_near_miss_dealer_cannot_win_on_own_first_discard():
    assert "earthly_win" not in ids(hand(**PAIR, earthly=True, dealer=True))


def test_地糊_near_miss_self_draw():
    assert "earthly_win" not in ids(hand(**PAIR, earthly=True, self_drawn=True))


def test_天糊_scores_120():
    assert fan_of(hand(**PAIR, heavenly=True, dealer=True, self_drawn=True), "heavenly_win") == 120


def test_天糊_allows_a_concealed_kong():
    h = hand("123m 456m 789p 234s E", "E", melds=["ckong CCCC"], heavenly=True, dealer=True, self_drawn=True)
    assert fan_of(h, "heavenly_win") == 120


def test_天糊_near_miss_not_the_dealer():
    assert "heavenly_win" not in ids(hand(**PAIR, heavenly=True, self_drawn=True))


def test_天糊_near_miss_meld_laid_down():
    assert "heavenly_win" not in ids(hand(**OPEN, heavenly=True, dealer=True, self_drawn=True))
