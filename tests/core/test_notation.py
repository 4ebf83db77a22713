"""Hand notation (DESIGN §4): every form the parser accepts, and every way it refuses."""

from __future__ import annotations

import pytest

from taipai.core.context_words import HK_TAIWAN_WORDS
from taipai.core.errors import ERROR_CODES, HandError
from taipai.core.handspec import HandSpec, KongKind, Meld, MeldKind, Situation
from taipai.core.notation import TokenKind, parse_hand, tokenize
from taipai.core.notation_words import ContextEffect
from taipai.core.tiles import EAST, GREEN, NORTH, RED, SOUTH, WEST, WHITE, tile


def m(r: int) -> int:
    return tile("m", r)


def p(r: int) -> int:
    return tile("p", r)


def s(r: int) -> int:
    return tile("s", r)


# 一二三萬 四五六萬 七八九筒 二三四索 中中中 東 + 摸 東: the plain 17-tile reference hand.
REST = "四五六萬 七八九筒 二三四索 中中中 東 摸 東"
REST_TILES = [m(4), m(5), m(6), p(7), p(8), p(9), s(2), s(3), s(4), RED, RED, RED, EAST]


def concealed_with(*tiles: int) -> tuple[int, ...]:
    return tuple(sorted([*REST_TILES, *tiles]))


def raises(text: str, **kwargs: object) -> HandError:
    with pytest.raises(HandError) as info:
        parse_hand(text, **kwargs)  # type: ignore[arg-type]
    return info.value


# ---------------------------------------------------------------------------------------------
# the seed examples


def test_seed_000_example_with_red_dragon_for_the_wildcard() -> None:
    # seed 000, 實戰: 一二三萬 四五六萬 七八九筒 二三四索 中中 ［搭］ 東 ＋摸 東, the 搭 read as 中.
    hand = parse_hand("一二三萬 四五六萬 七八九筒 二三四索 中中 中 東 ＋摸 東")
    assert hand == HandSpec(
        concealed=(
            m(1),
            m(2),
            m(3),
            m(4),
            m(5),
            m(6),
            p(7),
            p(8),
            p(9),
            s(2),
            s(3),
            s(4),
            EAST,
            RED,
            RED,
            RED,
        ),
        melds=(),
        winning_tile=EAST,
        self_drawn=True,
        flowers=(),
        situation=Situation(),
    )


def test_fourteen_tile_hand_with_hand_size_13() -> None:
    hand = parse_hand("123m 456m 789p 中中中 東 食 東", hand_size=13)
    assert hand.concealed == (m(1), m(2), m(3), m(4), m(5), m(6), p(7), p(8), p(9), EAST, RED, RED, RED)
    assert hand.winning_tile == EAST
    assert hand.self_drawn is False


def test_fourteen_tiles_are_too_few_for_16_tile_play() -> None:
    err = raises("123m 456m 789p 中中中 東 食 東")
    assert err.code == "tile_count"
    assert err.hint == "a 16-tile win has 17 tiles (kongs count 3); got 14"
    assert err.hint_args == {"expected": 17, "got": 14}


def test_bad_hand_size_is_a_programming_error() -> None:
    with pytest.raises(ValueError):
        parse_hand("東", hand_size=15)


# ---------------------------------------------------------------------------------------------
# suited tiles


@pytest.mark.parametrize(
    ("form", "tiles"),
    [
        ("一二三萬", [m(1), m(2), m(3)]),
        ("123萬", [m(1), m(2), m(3)]),
        ("123万", [m(1), m(2), m(3)]),
        ("1-3萬", [m(1), m(2), m(3)]),
        ("一至三萬", [m(1), m(2), m(3)]),
        ("1 - 3 萬", [m(1), m(2), m(3)]),
        ("123m", [m(1), m(2), m(3)]),
        ("123M", [m(1), m(2), m(3)]),
        ("１２３萬", [m(1), m(2), m(3)]),
        ("１２３ｍ", [m(1), m(2), m(3)]),
        ("1m 2m 3m", [m(1), m(2), m(3)]),
        ("1m2m3m", [m(1), m(2), m(3)]),
        ("一萬 二萬 三萬", [m(1), m(2), m(3)]),
        ("一 二 三 萬", [m(1), m(2), m(3)]),
        ("七八九筒", [p(7), p(8), p(9)]),
        ("789餅", [p(7), p(8), p(9)]),
        ("789饼", [p(7), p(8), p(9)]),
        ("789p", [p(7), p(8), p(9)]),
        ("二三四索", [s(2), s(3), s(4)]),
        ("234條", [s(2), s(3), s(4)]),
        ("234条", [s(2), s(3), s(4)]),
        ("234s", [s(2), s(3), s(4)]),
        ("9s 1p 5m", [s(9), p(1), m(5)]),
    ],
)
def test_suited_tiles(form: str, tiles: list[int]) -> None:
    hand = parse_hand(f"{form} {REST}")
    assert hand.concealed == concealed_with(*tiles)
    assert hand.winning_tile == EAST


def test_single_suited_tile_and_unsorted_input_is_sorted() -> None:
    hand = parse_hand("九萬 一萬 五萬 " + REST)
    assert hand.concealed == concealed_with(m(1), m(5), m(9))


# ---------------------------------------------------------------------------------------------
# honours

HONOUR_REST = "一二三萬 四五六萬 七八九筒 二三四索 九九九索"


@pytest.mark.parametrize(
    ("form", "kind"),
    [
        ("東", EAST),
        ("东", EAST),
        ("東風", EAST),
        ("东风", EAST),
        ("南", SOUTH),
        ("南風", SOUTH),
        ("西", WEST),
        ("西風", WEST),
        ("北", NORTH),
        ("北風", NORTH),
        ("中", RED),
        ("紅中", RED),
        ("红中", RED),
        ("發", GREEN),
        ("发", GREEN),
        ("發財", GREEN),
        ("发财", GREEN),
        ("青發", GREEN),
        ("白", WHITE),
        ("白板", WHITE),
        ("E", EAST),
        ("S", SOUTH),
        ("W", WEST),
        ("N", NORTH),
        ("C", RED),
        ("F", GREEN),
        ("P", WHITE),
    ],
)
def test_honour_names(form: str, kind: int) -> None:
    hand = parse_hand(f"{HONOUR_REST} {form} 摸 {form}")
    assert hand.winning_tile == kind
    assert hand.concealed == tuple(
        sorted(
            [m(1), m(2), m(3), m(4), m(5), m(6), p(7), p(8), p(9), s(2), s(3), s(4), s(9), s(9), s(9), kind]
        )
    )


@pytest.mark.parametrize(
    "form", ["中中中 東 東", "中中中東東", "中 中 中 東東", "CCC EE", "紅中紅中紅中 東風東風"]
)
def test_honour_repeats(form: str) -> None:
    hand = parse_hand(f"一二三萬 四五六萬 七八九筒 四四索 {form} 食 四索")
    assert hand.concealed.count(RED) == 3
    assert hand.concealed.count(EAST) == 2
    assert hand.winning_tile == s(4)


def test_spaces_are_free() -> None:
    packed = parse_hand("一二三萬四五六萬七八九筒二三四索中中中東摸東")
    spaced = parse_hand("  一 二 三 萬   四五六萬 七八九筒\n二三四索 中 中 中 東  摸  東 ")
    assert packed == spaced == parse_hand(f"一二三萬 {REST}")


def test_ideographic_space_and_punctuation_separate() -> None:
    hand = parse_hand("一二三萬，四五六萬、七八九筒\u3000二三四索；中中中。東 摸 東！")
    assert hand == parse_hand(f"一二三萬 {REST}")


# ---------------------------------------------------------------------------------------------
# exposed melds

MELD_REST = "四五六萬 二三四索 中中中 東 摸 東"  # 10 concealed + win: one more 3-tile group needed


@pytest.mark.parametrize(
    ("form", "meld"),
    [
        ("上七八九筒", Meld(MeldKind.CHOW, p(7))),
        ("上 七八九筒", Meld(MeldKind.CHOW, p(7))),
        ("上 八七九筒", Meld(MeldKind.CHOW, p(7))),
        ("上 9p 7p 8p", Meld(MeldKind.CHOW, p(7))),
        ("吃 789p", Meld(MeldKind.CHOW, p(7))),
        ("[上 七八九筒]", Meld(MeldKind.CHOW, p(7))),
        ("碰 發發發", Meld(MeldKind.PUNG, GREEN)),
        ("碰發發發", Meld(MeldKind.PUNG, GREEN)),
        ("[碰 發發發]", Meld(MeldKind.PUNG, GREEN)),
        ("［碰 發發發］", Meld(MeldKind.PUNG, GREEN)),
        ("【碰 發發發】", Meld(MeldKind.PUNG, GREEN)),
        ("碰 五五五筒", Meld(MeldKind.PUNG, p(5))),
        ("碰 5p 5p 5p", Meld(MeldKind.PUNG, p(5))),
        ("槓 北北北北", Meld(MeldKind.KONG, NORTH, KongKind.EXPOSED)),
        ("杠 北北北北", Meld(MeldKind.KONG, NORTH, KongKind.EXPOSED)),
        ("明槓 北北北北", Meld(MeldKind.KONG, NORTH, KongKind.EXPOSED)),
        ("明杠 北", Meld(MeldKind.KONG, NORTH, KongKind.EXPOSED)),
        ("加槓 北北北北", Meld(MeldKind.KONG, NORTH, KongKind.ADDED)),
        ("暗槓 北北北北", Meld(MeldKind.KONG, NORTH, KongKind.CONCEALED)),
        ("暗槓 北", Meld(MeldKind.KONG, NORTH, KongKind.CONCEALED)),
        ("暗杠 北 北北北", Meld(MeldKind.KONG, NORTH, KongKind.CONCEALED)),
        ("槓 南", Meld(MeldKind.KONG, SOUTH, KongKind.EXPOSED)),
        ("槓 九九九九萬", Meld(MeldKind.KONG, m(9), KongKind.EXPOSED)),
        ("暗槓 9999m", Meld(MeldKind.KONG, m(9), KongKind.CONCEALED)),
        ("[暗槓 九萬]", Meld(MeldKind.KONG, m(9), KongKind.CONCEALED)),
    ],
)
def test_one_exposed_meld(form: str, meld: Meld) -> None:
    hand = parse_hand(f"{form} 一二三萬 {MELD_REST}")
    assert hand.melds == (meld,)
    assert hand.concealed == tuple(
        sorted([m(1), m(2), m(3), m(4), m(5), m(6), s(2), s(3), s(4), RED, RED, RED, EAST])
    )
    assert hand.winning_tile == EAST


def test_melds_keep_message_order_and_count_kongs_as_three() -> None:
    hand = parse_hand("碰 發發發 上八七九筒 暗槓 北 [碰 白白白] 中 1m 2m 3m 摸 中")
    assert hand.melds == (
        Meld(MeldKind.PUNG, GREEN),
        Meld(MeldKind.CHOW, p(7)),
        Meld(MeldKind.KONG, NORTH, KongKind.CONCEALED),
        Meld(MeldKind.PUNG, WHITE),
    )
    assert hand.concealed == (m(1), m(2), m(3), RED)
    assert hand.winning_tile == RED
    assert hand.is_concealed is False


def test_five_kongs() -> None:
    hand = parse_hand("暗槓 東 暗槓 南 暗槓 西 槓 北北北北 加槓 中 白 摸 白")
    assert [x.tile for x in hand.melds] == [EAST, SOUTH, WEST, NORTH, RED]
    assert hand.concealed == (WHITE,)


def test_meld_keyword_takes_only_its_tiles() -> None:
    hand = parse_hand("碰發發發中中中 上七八九筒 一二三萬 四五六萬 東 摸 東")
    assert hand.melds == (Meld(MeldKind.PUNG, GREEN), Meld(MeldKind.CHOW, p(7)))
    assert hand.concealed == (m(1), m(2), m(3), m(4), m(5), m(6), EAST, RED, RED, RED)


# ---------------------------------------------------------------------------------------------
# winning tile


@pytest.mark.parametrize(
    ("form", "self_drawn"),
    [
        ("摸 東", True),
        ("摸東", True),
        ("+摸 東", True),
        ("＋摸 東", True),
        ("+ 摸 東", True),
        ("自摸 東", True),
        ("+自摸 東", True),
        ("食 東", False),
        ("+食 東", False),
        ("＋食東", False),
    ],
)
def test_winning_tile(form: str, self_drawn: bool) -> None:
    hand = parse_hand(f"一二三萬 四五六萬 七八九筒 二三四索 中中中 東 {form}")
    assert hand.winning_tile == EAST
    assert hand.self_drawn is self_drawn
    assert hand.concealed == concealed_with(m(1), m(2), m(3))


def test_winning_tile_may_come_first() -> None:
    assert parse_hand(f"摸 東 一二三萬 {REST[:-4]}") == parse_hand(f"一二三萬 {REST}")


def test_self_draw_alone_is_a_context_word_when_mo_names_the_tile() -> None:
    hand = parse_hand("自摸 東 一二三萬 四五六萬 七八九筒 二三四索 中中中 摸 東")
    # the 東 after 自摸 is concealed: 摸 東 names the winning tile
    assert hand.concealed == concealed_with(m(1), m(2), m(3))
    assert hand.winning_tile == EAST
    assert hand.self_drawn is True


def test_self_draw_before_a_run_is_a_context_word() -> None:
    hand = parse_hand("自摸 一二三萬 四五六萬 七八九筒 二三四索 中中中 東 摸 東")
    assert hand.self_drawn is True
    assert hand.winning_tile == EAST


def test_self_draw_before_a_suited_winning_tile() -> None:
    hand = parse_hand("一二萬 四五六萬 七八九筒 二三四索 中中中 東東 自摸 三萬")
    assert hand.winning_tile == m(3)
    assert hand.self_drawn is True


def test_winning_tile_is_not_among_the_concealed() -> None:
    hand = parse_hand(f"一二三萬 {REST}")
    assert hand.concealed.count(EAST) == 1
    assert hand.all_tiles().count(EAST) == 2


# ---------------------------------------------------------------------------------------------
# flowers


@pytest.mark.parametrize(
    ("form", "flowers"),
    [
        ("春", (1,)),
        ("夏", (2,)),
        ("秋", (3,)),
        ("冬", (4,)),
        ("梅", (5,)),
        ("蘭", (6,)),
        ("兰", (6,)),
        ("菊", (7,)),
        ("竹", (8,)),
        ("花:春梅", (1, 5)),
        ("花：春梅", (1, 5)),
        ("花: 竹 春", (1, 8)),
        ("冬夏", (2, 4)),
        ("f1 f8", (1, 8)),
        ("春夏秋冬梅蘭菊竹", (1, 2, 3, 4, 5, 6, 7, 8)),
    ],
)
def test_flowers(form: str, flowers: tuple[int, ...]) -> None:
    hand = parse_hand(f"{form} 一二三萬 {REST}")
    assert hand.flowers == flowers
    assert hand.concealed == concealed_with(m(1), m(2), m(3))


def test_flowers_at_the_end() -> None:
    assert parse_hand(f"一二三萬 {REST} 花:菊").flowers == (7,)


# ---------------------------------------------------------------------------------------------
# context words


@pytest.mark.parametrize(
    ("word", "field", "value"),
    [
        ("莊", "dealer", True),
        ("莊家", "dealer", True),
        ("庄", "dealer", True),
        ("庄家", "dealer", True),
        ("連2", "streak", 2),
        ("連莊2", "streak", 2),
        ("连2", "streak", 2),
        ("連三", "streak", 3),
        ("連十二", "streak", 12),
        ("連莊0", "streak", 0),
        ("連2拉2", "streak", 2),
        ("東圈", "round_wind", EAST),
        ("南圈", "round_wind", SOUTH),
        ("西圈", "round_wind", WEST),
        ("北圈", "round_wind", NORTH),
        ("南風圈", "round_wind", SOUTH),
        ("圈風西", "round_wind", WEST),
        ("南位", "seat_wind", SOUTH),
        ("北位", "seat_wind", NORTH),
        ("門風南", "seat_wind", SOUTH),
        ("门风西", "seat_wind", WEST),
        ("西家", "seat_wind", WEST),
        ("叮", "declared_ready", True),
        ("門清叮", "declared_ready", True),
        ("一發", "one_shot", True),
        ("一发", "one_shot", True),
        ("天叮", "double_ready", True),
        ("食聽牌", "ready_discard_win", True),
        ("海底", "last_tile_draw", True),
        ("海底撈月", "last_tile_draw", True),
        ("河底", "last_discard", True),
        ("槓上", "kong_replacements", 1),
        ("杠上", "kong_replacements", 1),
        ("槓上開花", "kong_replacements", 1),
        ("槓上花", "kong_replacements", 1),
        ("槓上槓", "kong_replacements", 2),
        ("摃上槓", "kong_replacements", 2),
        ("槓上槓上槓", "kong_replacements", 3),
        ("槓上2", "kong_replacements", 2),
        ("花上", "flower_replacements", 1),
        ("花上2", "flower_replacements", 2),
        ("花上花", "flower_replacements", 2),
        ("花上花上花", "flower_replacements", 3),
        ("槓上花上", "mixed_replacements", 2),
        ("花上槓", "mixed_replacements", 2),
        ("花上槓上花", "mixed_replacements", 3),
        ("混花槓3", "mixed_replacements", 3),
        ("搶槓", "robbing_kong", True),
        ("抢杠", "robbing_kong", True),
        ("搶槓上槓", "robbing_kong_on_kong", True),
        ("絕張", "last_copy", True),
        ("明四絕", "last_copy", True),
        ("明八絕", "last_copy_eight", True),
        ("十五隻內", "discards_seen", 15),
        ("十隻內", "discards_seen", 10),
        ("十隻内", "discards_seen", 10),
        ("七隻內", "discards_seen", 7),
        ("四隻內", "discards_seen", 4),
        ("四只内", "discards_seen", 4),
        ("10隻內", "discards_seen", 10),
        ("四子內", "discards_seen", 4),
        ("天糊", "heavenly", True),
        ("天胡", "heavenly", True),
        ("地糊", "earthly", True),
        ("地胡", "earthly", True),
        ("人糊", "human", True),
        ("人胡", "human", True),
        ("一炮雙響", "multiple_winners", 2),
        ("一炮双响", "multiple_winners", 2),
        ("一炮三響", "multiple_winners", 3),
        ("錦上添花", "kick_on_multi", 2),
        ("錦上添花3", "kick_on_multi", 3),
        ("無花糊", "no_flowers_at_table", True),
    ],
)
def test_context_word(word: str, field: str, value: object) -> None:
    hand = parse_hand(f"{word} 一二三萬 {REST}")
    assert getattr(hand.situation, field) == value
    assert hand.situation == Situation(**{field: value})
    assert hand.concealed == concealed_with(m(1), m(2), m(3))


def test_context_words_anywhere_and_together() -> None:
    hand = parse_hand("一二三萬 莊 四五六萬 連2 七八九筒 南圈 二三四索 叮 中中中 東 摸 東 槓上 十隻內 花:春")
    assert hand.situation == Situation(
        dealer=True, streak=2, round_wind=SOUTH, declared_ready=True, kong_replacements=1, discards_seen=10
    )
    assert hand.flowers == (1,)
    assert hand.concealed == concealed_with(m(1), m(2), m(3))


def test_self_draw_context_word_anywhere() -> None:
    hand = parse_hand(f"一二三萬 {REST.replace('摸 東', '')} 槓上自摸 摸 東")
    assert hand.self_drawn is True
    assert hand.situation.kong_replacements == 1


def test_no_op_words_menqing_and_no_flowers() -> None:
    hand = parse_hand(f"門清 無花 一二三萬 {REST}")
    assert hand == parse_hand(f"一二三萬 {REST}")


def test_situation_defaults_are_overridden_field_by_field() -> None:
    given = Situation(dealer=True, streak=3, seat_wind=SOUTH, round_wind=WEST)
    hand = parse_hand(f"閒 北圈 一二三萬 {REST}", situation=given)
    assert hand.situation == Situation(dealer=False, streak=3, seat_wind=SOUTH, round_wind=NORTH)
    assert parse_hand(f"一二三萬 {REST}", situation=given).situation == given


# ---------------------------------------------------------------------------------------------
# ambiguities


def test_wind_words_against_wind_tiles() -> None:
    hand = parse_hand("東 東圈 南位 一二三萬 四五六萬 七八九筒 二三四索 中中中 摸 東")
    assert hand.situation.round_wind == EAST
    assert hand.situation.seat_wind == SOUTH
    assert hand.concealed.count(EAST) == 1


def test_one_shot_against_numerals_and_green_dragon() -> None:
    hand = parse_hand("一二三萬一發 四五六萬 七八九筒 二三四索 發發發 東 摸 東")
    assert hand.situation.one_shot is True
    assert hand.concealed.count(GREEN) == 3


def test_eat_ready_against_eat() -> None:
    hand = parse_hand(f"食聽牌 一二三萬 {REST.replace('摸', '食')}")
    assert hand.situation.ready_discard_win is True
    assert hand.self_drawn is False


def test_kong_replacement_against_kong_then_chow() -> None:
    joined = parse_hand("槓上七八九筒 一二三萬 四五六萬 二三四索 中中中 東 摸 東")
    assert joined.situation.kong_replacements == 1
    assert joined.melds == ()
    spaced = parse_hand("槓 北 上七八九筒 一二三萬 四五六萬 中中中 東 摸 東")
    assert spaced.melds == (Meld(MeldKind.KONG, NORTH, KongKind.EXPOSED), Meld(MeldKind.CHOW, p(7)))


def test_rob_kong_then_chow() -> None:
    hand = parse_hand("搶槓上七八九筒 一二三萬 四五六萬 中中中 東 食 東 二三四索")
    assert hand.situation.robbing_kong is True
    assert hand.melds == (Meld(MeldKind.CHOW, p(7)),)


def test_flower_replacement_with_count_then_run() -> None:
    hand = parse_hand("花上2 23 4萬 " + REST)
    assert hand.situation.flower_replacements == 2
    assert hand.concealed == concealed_with(m(2), m(3), m(4))


def test_letters_are_suits_after_digits_and_honours_alone() -> None:
    hand = parse_hand("123s 456p 789m 234s S S S E +摸 E")
    assert hand.concealed == tuple(
        sorted(
            [
                s(1),
                s(2),
                s(3),
                p(4),
                p(5),
                p(6),
                m(7),
                m(8),
                m(9),
                s(2),
                s(3),
                s(4),
                SOUTH,
                SOUTH,
                SOUTH,
                EAST,
            ]
        )
    )


# ---------------------------------------------------------------------------------------------
# bad input: code, token, position


@pytest.mark.parametrize(
    ("text", "code", "token", "position"),
    [
        ("", "empty", "", -1),
        ("   \n ， ", "empty", "", -1),
        ("哈哈 一二三萬", "unknown_token", "哈哈", 0),
        ("一二三萬 X 四五六萬", "unknown_token", "X", 5),
        ("一二三萬 萬", "unknown_token", "萬", 5),
        ("一二三萬 + 東", "unknown_token", "+", 5),
        ("一二三萬 花 東", "unknown_token", "花", 5),
        ("一二三萬 四五六", "bad_suit_run", "四五六", 5),
        ("東 123 東", "bad_suit_run", "123", 2),
        ("東 105m", "bad_suit_run", "0", 3),
        ("3-1m", "bad_suit_run", "3-1", 0),
        ("3-m", "bad_suit_run", "3-m", 0),
        ("上 東南西 一二三萬", "honour_chow", "東南西", 2),
        ("上 中中中", "honour_chow", "中中中", 2),
        ("上 一二四萬", "meld_shape", "一二四萬", 2),
        ("上 8p 9p 1s", "meld_shape", "8p 9p 1s", 2),
        ("碰 發發中", "meld_shape", "發發中", 2),
        ("碰 發發", "meld_shape", "碰 發發", 0),
        ("一二三萬 碰", "meld_shape", "碰", 5),
        ("上 一二三四萬", "meld_shape", "一二三四萬", 2),
        ("碰 發發發發", "meld_shape", "發發發發", 2),
        ("槓 東東", "meld_shape", "東東", 2),
        ("槓 東東東東東", "meld_shape", "東東東東東", 2),
        ("槓東東東", "meld_shape", "東東東", 1),  # a kong is four tiles (or one): three is refused
        ("暗槓 北北北", "meld_shape", "北北北", 3),
        ("暗槓 一二三四萬", "meld_shape", "一二三四萬", 3),
        ("暗槓 摸 東", "meld_shape", "暗槓", 0),
        ("[碰 發發發 中", "bad_bracket", "[碰 發發發", 0),
        ("東 ] 南", "bad_bracket", "]", 2),
        ("東 [皇 南", "bad_bracket", "[", 2),
        ("東 [ ]", "bad_bracket", "[ ]", 2),
        # wildcards are read (tests/core/test_notation_wilds.py); these name no kind
        ("一二三萬 [紅中] 東", "wild_unsupported", "[紅中]", 5),
        ("一二三萬 ［皇帝］ 東", "wild_unsupported", "［皇帝］", 5),
        ("一二三萬 【番番】 東", "wild_unsupported", "【番番】", 5),
        ("一二三萬 [搭:紅中] 東", "wild_unsupported", "[搭:紅中]", 5),
        ("一二三萬 [搭] 東", "wild_unsupported", "[搭]", 5),  # no table_kinds: [搭] is unknown
        ("[碰 發發[紅中]] 東", "wild_unsupported", "[紅中]", 5),
        ("一二三萬 摸 [紅中]", "wild_unsupported", "[紅中]", 7),
        (f"一二三萬 {REST} 食 南", "two_winning_tiles", "食", len(f"一二三萬 {REST} ")),
        ("一二三萬 摸", "no_winning_tile", "摸", 5),
        ("一二三萬 摸 碰 發發發", "no_winning_tile", "摸", 5),
        ("一二三萬 摸 東東", "bad_winning_tile", "東東", 7),
        ("一二三萬 食 456m", "bad_winning_tile", "456m", 7),
        (f"一二三萬 {REST.replace(' 摸 東', '')}", "no_winning_tile", "", -1),
        ("春 一二三萬 春", "duplicate_flower", "春", 7),
        ("連-1 東", "bad_context", "連-1", 0),
        ("連莊 東", "bad_context", "連莊", 0),
        ("東 連 東", "bad_context", "連", 2),
        ("八圈 東", "bad_context", "八圈", 0),
        ("中位 東", "bad_context", "中位", 0),
        ("十二隻內 東", "bad_context", "十二隻內", 0),
        ("5隻內 東", "bad_context", "5隻內", 0),
        ("混花槓 東", "bad_context", "混花槓", 0),
        ("混花槓9 東", "bad_context", "混花槓9", 0),
        ("花上0 東", "bad_context", "花上0", 0),
        ("槓上槓上槓上槓上槓上槓 東", "bad_context", "槓上槓上槓上槓上槓上槓", 0),
        ("東圈 南圈 東", "bad_context", "南圈", 3),
        ("莊 閒 東", "bad_context", "閒", 2),
        (f"自摸 一二三萬 {REST.replace('摸', '食')}", "bad_context", "自摸", 0),
        ("門清 碰 發發發 四五六萬 二三四索 中中中 東 食 東", "bad_context", "門清", 0),
        (f"無花 春 一二三萬 {REST}", "bad_context", "無花", 0),
    ],
)
def test_bad_input(text: str, code: str, token: str, position: int) -> None:
    err = raises(text)
    assert (err.code, err.token, err.position) == (code, token, position)
    assert err.code in ERROR_CODES
    if code != "empty":
        assert err.hint


@pytest.mark.parametrize(
    ("text", "got"),
    [("槓東東東", 3), ("暗槓 九九九筒", 3), ("加槓 中中", 2), ("槓 東東 東", 3)],
)
def test_a_kong_written_with_two_or_three_tiles_is_refused(text: str, got: int) -> None:
    """槓東東東 was read as the kong 東東東東 (tester's report): three tiles after 槓 are as likely a
    pung under the wrong keyword or a tile left out, so a kong is written with 4 tiles or 1 (DESIGN §4
    「暗槓 東東東東」)."""
    err = raises(f"{text} 一二三萬 {MELD_REST}")
    assert (err.code, err.hint_args["meld"], err.hint_args["expected"], err.hint_args["got"]) == (
        "meld_shape",
        "kong",
        4,
        got,
    )
    assert "a kong is four tiles" in err.hint


def test_unknown_word_hint() -> None:
    err = raises("一二三萬 哈 東")
    assert "expected tiles" in err.hint


def test_missing_suit_hint_names_the_numerals() -> None:
    err = raises("東 一二三 南")
    assert err.hint == "expected a suit character 萬/筒/索 (or m/p/s) after 一二三, e.g. 一二三萬"


def test_error_positions_are_in_the_original_text() -> None:
    # full-width and simplified characters are normalised one for one, so positions do not move
    text = "１２３万　发发发 哈"
    err = raises(text)
    assert err.position == text.index("哈")
    assert err.token == "哈"


def test_fifth_copy_counts_concealed_winning_tile_and_melds() -> None:
    err = raises("暗槓 東 一二三萬 四五六萬 七八九筒 二三四索 中中 摸 東")
    assert err.code == "fifth_copy"
    assert err.token == "東"
    assert err.position == len("暗槓 東 一二三萬 四五六萬 七八九筒 二三四索 中中 摸 ")


def test_fifth_copy_of_a_suited_tile() -> None:
    err = raises("一一一一萬 一萬 四五六萬 七八九筒 二三四索 中中 東 摸 東")
    assert (err.code, err.token, err.position) == ("fifth_copy", "一萬", 6)


def test_tile_count_counts_kongs_as_three() -> None:
    err = raises("暗槓 東東東東 一二三萬 四五六萬 七八九筒 中中中 南 摸 南 北")
    assert err.code == "tile_count"
    assert err.hint == "a 16-tile win has 17 tiles (kongs count 3); got 18"
    assert err.position == -1


def test_too_few_tiles() -> None:
    err = raises("一二三萬 四五六萬 七八九筒 二三四索 中中中 摸 東")
    assert err.code == "tile_count"
    assert err.hint_args == {"expected": 17, "got": 16}


def test_as_dict_for_the_json_contract() -> None:
    err = raises("一二三萬 哈")
    assert err.as_dict()["code"] == "unknown_token"
    assert err.as_dict()["position"] == 5


# ---------------------------------------------------------------------------------------------
# tokenizer and vocabulary


def test_every_context_word_sets_real_situation_fields() -> None:
    fields = set(Situation.__dataclass_fields__)
    for word, entry in HK_TAIWAN_WORDS.vocab.items():
        if entry.kind is TokenKind.CONTEXT:
            assert isinstance(entry.value, ContextEffect), word
            for name, _ in entry.value.fields:
                assert name in fields, word


def test_tokenizer_keeps_wildcards_as_tokens() -> None:
    tokens = tokenize("一二三萬 [搭:中發白] ［皇］")
    assert [t.kind for t in tokens] == [TokenKind.TILES, TokenKind.WILD, TokenKind.WILD]
    assert [t.value for t in tokens[1:]] == ["搭:中發白", "皇"]


def test_tokenizer_pieces() -> None:
    tokens = tokenize("一二三 四五六萬 中中中發")
    assert [(t.start, t.end, t.tiles) for t in tokens] == [
        (0, 3, (m(1), m(2), m(3))),
        (4, 8, (m(4), m(5), m(6))),
        (9, 12, (RED, RED, RED)),
        (12, 13, (GREEN,)),
    ]
