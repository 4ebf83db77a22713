"""The context-word table (issue 14: one table from which the parser, the situation and the display
words come): every word of 港式台牌's table, a second table, and the errors.

Expectations are written by hand from DESIGN §4 (context words) and seed 004 (常用翻數表 狀態類 / 時態類 /
型式類, 非常用番種), not read from the table.
"""

from __future__ import annotations

from dataclasses import dataclass

import pytest

from taipai.core.context_words import (
    HK_TAIWAN_WORDS,
    ContextEntry,
    ContextWord,
    ContextWords,
    Grammar,
    Sets,
)
from taipai.core.errors import HandError
from taipai.core.handspec import Situation
from taipai.core.notation import TokenKind, parse_hand, tokenize
from taipai.core.tiles import EAST, NORTH, SOUTH, WEST
from taipai.systems.hk_taiwan.rules import load_rules
from taipai.systems.hk_taiwan.scoring import score_hand

REST = "一二三萬 四五六萬 七八九筒 二三四索 中中中 東 摸 東"
"""A plain 17-tile win (self-drawn 東): every word below is tried in front of it."""

WINDS = {"東": EAST, "南": SOUTH, "西": WEST, "北": NORTH}

FLAGS: dict[str, tuple[str, object]] = {
    # DESIGN §4 莊/莊家; seed 004 型式類 莊家 (莊家連n拉n) 2n+1; 閒 the opposite
    "莊": ("dealer", True),
    "莊家": ("dealer", True),
    "庄": ("dealer", True),
    "庄家": ("dealer", True),
    "閒": ("dealer", False),
    "閒家": ("dealer", False),
    "闲": ("dealer", False),
    "闲家": ("dealer", False),
    # seed 004 狀態類: 叮 (聽牌、立直) 5/10 「門前清狀態下叮牌為立直10翻」
    "叮": ("declared_ready", True),
    "門清叮": ("declared_ready", True),
    "门清叮": ("declared_ready", True),
    # 一發 (即叮即食) 5
    "一發": ("one_shot", True),
    "即叮即食": ("one_shot", True),
    "一发": ("one_shot", True),
    # 食聽牌 (出前一叮) 5
    "食聽牌": ("ready_discard_win", True),
    "出前一叮": ("ready_discard_win", True),
    "食听牌": ("ready_discard_win", True),
    # 天叮 (雙立直) 40
    "天叮": ("double_ready", True),
    # 時態類: 海底撈月 5, 河底撈魚 5
    "海底": ("last_tile_draw", True),
    "海底撈月": ("last_tile_draw", True),
    "海底捞月": ("last_tile_draw", True),
    "河底": ("last_discard", True),
    "河底撈魚": ("last_discard", True),
    "河底捞鱼": ("last_discard", True),
    # 搶槓 5, 搶槓上槓 30
    "搶槓": ("robbing_kong", True),
    "抢杠": ("robbing_kong", True),
    "搶槓上槓": ("robbing_kong_on_kong", True),
    "抢杠上杠": ("robbing_kong_on_kong", True),
    # 明四絕 (絕張) 5, 明八絕 10
    "絕張": ("last_copy", True),
    "明四絕": ("last_copy", True),
    "绝张": ("last_copy", True),
    "明四绝": ("last_copy", True),
    "明八絕": ("last_copy_eight", True),
    "明八绝": ("last_copy_eight", True),
    # 人糊 80, 地糊 100, 天糊 120 (胡 is the other spelling of 糊)
    "天糊": ("heavenly", True),
    "天胡": ("heavenly", True),
    "地糊": ("earthly", True),
    "地胡": ("earthly", True),
    "人糊": ("human", True),
    "人胡": ("human", True),
    # 狀態類: 一炮雙響 5, 一炮三響
    "一炮雙響": ("multiple_winners", 2),
    "雙響": ("multiple_winners", 2),
    "一炮双响": ("multiple_winners", 2),
    "双响": ("multiple_winners", 2),
    "一炮三響": ("multiple_winners", 3),
    "三響": ("multiple_winners", 3),
    "一炮三响": ("multiple_winners", 3),
    "三响": ("multiple_winners", 3),
    # 非常用番種: 無花糊 40 「糊牌時四家沒有補過任何花牌」
    "無花糊": ("no_flowers_at_table", True),
    "无花胡": ("no_flowers_at_table", True),
}

CHECKS = ("門清", "門前清", "门清", "门前清", "無花", "无花")
"""Words that assert 門前清 or no flowers and set no field."""

ROUND = ("{w}圈", "{w}風圈", "圈風{w}", "{w}风圈", "圈风{w}")
SEAT = ("{w}位", "{w}風位", "門風{w}", "{w}家", "{w}风位", "门风{w}")
"""DESIGN §4: 東圈, 南位/門風南; seed 004 正風 「與該局圈風相符」, 正位 「與自己方位(門風)相符」."""

COUNTS: dict[str, tuple[str, int]] = {
    # DESIGN §4 連2/連莊2: the streak n of 莊家連n拉n
    "連2": ("streak", 2),
    "連莊2": ("streak", 2),
    "连3": ("streak", 3),
    "连庄十二": ("streak", 12),
    "連2拉2": ("streak", 2),
    # 時態類 十五隻內 … 四隻內 「牌海只有4隻牌內食糊」
    "十五隻內": ("discards_seen", 15),
    "十隻內": ("discards_seen", 10),
    "7子內": ("discards_seen", 7),
    "四只内": ("discards_seen", 4),
    "四子内": ("discards_seen", 4),
    # 槓上自摸 5, 槓上槓自摸 20/40/80/160 (the chain's length)
    "槓上": ("kong_replacements", 1),
    "槓上開花": ("kong_replacements", 1),
    "槓上花": ("kong_replacements", 1),
    "杠上": ("kong_replacements", 1),
    "杠上开花": ("kong_replacements", 1),
    "杠上花": ("kong_replacements", 1),
    "槓上槓": ("kong_replacements", 2),
    "槓上槓上槓上槓上槓": ("kong_replacements", 5),
    # 花上自摸 2n+1 「n由1起計」
    "花上": ("flower_replacements", 1),
    "花上花上花": ("flower_replacements", 3),
    "花上8": ("flower_replacements", 8),
    # 混花槓自摸 10/20/40/70/100/140 「摃上槓,花上花,槓上花上,花上槓上自摸等等」: chains of 2..7
    "混花槓3": ("mixed_replacements", 3),
    "混花杠7": ("mixed_replacements", 7),
    "槓上花上": ("mixed_replacements", 2),
    "花上槓上花": ("mixed_replacements", 3),
    # 錦上添花 5/10 「在出銃一炮雙響或三響的情況下,自摸踢半」
    "錦上添花": ("kick_on_multi", 2),
    "锦上添花": ("kick_on_multi", 2),
    "錦上添花3": ("kick_on_multi", 3),
    "錦上添花雙": ("kick_on_multi", 2),
}


def situation_of(word: str, words: ContextWords = HK_TAIWAN_WORDS, **kwargs: object) -> object:
    return parse_hand(f"{word} {REST}", words=words, **kwargs).situation  # type: ignore[arg-type]


def refused(text: str, **kwargs: object) -> HandError:
    with pytest.raises(HandError) as info:
        parse_hand(text, **kwargs)  # type: ignore[arg-type]
    return info.value


# ---------------------------------------------------------------------------------------------
# every word of 港式台牌's table


@pytest.mark.parametrize(("word", "expected"), FLAGS.items())
def test_flag_word_sets_its_field(word: str, expected: tuple[str, object]) -> None:
    name, value = expected
    assert situation_of(word) == Situation(**{name: value})


@pytest.mark.parametrize(("word", "expected"), COUNTS.items())
def test_numbered_word_sets_its_count(word: str, expected: tuple[str, int]) -> None:
    name, value = expected
    assert situation_of(word) == Situation(**{name: value})


@pytest.mark.parametrize("template", ROUND + SEAT)
def test_wind_word_sets_the_wind(template: str) -> None:
    name = "round_wind" if template in ROUND else "seat_wind"
    for char, tile in WINDS.items():
        assert situation_of(template.replace("{w}", char)) == Situation(**{name: tile})


@pytest.mark.parametrize("word", CHECKS)
def test_check_word_sets_nothing_and_is_checked(word: str) -> None:
    assert situation_of(word) == Situation()
    err = refused(f"{word} 碰 發發發 四五六萬 二三四索 中中中 東 食 東 春")
    assert (err.code, err.token, err.position) == ("bad_context", word, 0)


def test_the_table_holds_exactly_the_words_above() -> None:
    """No spelling in the table that this file does not expect, and none expected that it lacks."""
    spellings = HK_TAIWAN_WORDS.spellings()
    expected = set(FLAGS) | set(CHECKS)
    for template in ROUND + SEAT:
        expected |= {template.replace("{w}", c) for c in WINDS}
    fixed = {s for s, name in spellings.items() if HK_TAIWAN_WORDS_SETS[name] is not Sets.COUNT}
    assert fixed == expected
    stems = {s: name for s, name in spellings.items() if HK_TAIWAN_WORDS_SETS[name] is Sets.COUNT}
    for stem, name in stems.items():
        assert any(stem in w and f == name for w, (f, _) in COUNTS.items()), stem


HK_TAIWAN_WORDS_SETS = {e.field: e.sets for e in HK_TAIWAN_WORDS.entries}


def test_display_words_are_the_words_players_write() -> None:
    # the "not counted" line names each field as DESIGN §4 / seed 004 write it
    assert HK_TAIWAN_WORDS.display_words() == {
        "dealer": "莊",
        "streak": "連莊",
        "round_wind": "圈風",
        "seat_wind": "門風",
        "declared_ready": "叮",
        "one_shot": "一發",
        "ready_discard_win": "食聽牌",
        "double_ready": "天叮",
        "last_tile_draw": "海底",
        "last_discard": "河底",
        "kong_replacements": "槓上",
        "flower_replacements": "花上",
        "mixed_replacements": "混花槓",
        "robbing_kong": "搶槓",
        "robbing_kong_on_kong": "搶槓上槓",
        "last_copy": "絕張",
        "last_copy_eight": "明八絕",
        "discards_seen": "X隻內",
        "heavenly": "天糊",
        "earthly": "地糊",
        "human": "人糊",
        "multiple_winners": "一炮多響",
        "kick_on_multi": "錦上添花",
        "no_flowers_at_table": "無花糊",
    }
    assert HK_TAIWAN_WORDS.display("no_such_field") == "no_such_field"


def test_the_fields_that_can_go_uncounted_in_table_order() -> None:
    # 莊, 連N and the winds always count (dealer fan, 正風/正位 read them); 無花糊 is a row of its own
    assert list(HK_TAIWAN_WORDS.scored_by()) == [
        "declared_ready",
        "one_shot",
        "ready_discard_win",
        "double_ready",
        "last_tile_draw",
        "last_discard",
        "kong_replacements",
        "flower_replacements",
        "mixed_replacements",
        "robbing_kong",
        "robbing_kong_on_kong",
        "last_copy",
        "last_copy_eight",
        "discards_seen",
        "heavenly",
        "earthly",
        "human",
        "multiple_winners",
        "kick_on_multi",
    ]
    assert HK_TAIWAN_WORDS.entry("robbing_kong").scores == ("robbing_kong", "robbing_kong_on_kong")


def test_robbing_a_kong_on_a_self_draw_is_named_as_not_counted() -> None:
    # seed 004 時態類, 搶槓: 「算該家出銃」, so 搶槓 with a self-drawn tile scores no 搶槓
    score = score_hand(parse_hand(f"搶槓 海底 {REST}"), load_rules())
    assert score.ignored == ("robbing_kong",)
    assert "last_tile_draw" in {p.id for p in score.patterns}


# ---------------------------------------------------------------------------------------------
# a second table: one word added, one removed


@dataclass(frozen=True, slots=True)
class TaiwanishSituation(Situation):
    """A situation with one field 港式台牌 does not have (Taiwan's 地聽, seed 003)."""

    earthly_ready: bool = False


SECOND = HK_TAIWAN_WORDS.changed(
    add=[
        ("double_ready", ContextWord("天聽", simplified=("天听",))),
        ContextEntry("earthly_ready", Sets.FLAG, (ContextWord("地聽", simplified=("地听",)),)),
    ],
    drop=["天叮", "花上", "混花槓", "混花杠", "{w}家"],
    situation=TaiwanishSituation,
)


def test_second_table_reads_its_added_words() -> None:
    base = TaiwanishSituation()
    assert situation_of("天聽", SECOND, situation=base) == TaiwanishSituation(double_ready=True)
    assert situation_of("天听", SECOND, situation=base) == TaiwanishSituation(double_ready=True)
    assert situation_of("地聽", SECOND, situation=base) == TaiwanishSituation(earthly_ready=True)
    # what it kept works as before, tiles, melds and flowers too
    hand = parse_hand(
        "莊 連2 南圈 槓上 碰 發發發 一二三萬 四五六萬 二三四索 中中中 東 摸 東 春", words=SECOND
    )
    assert hand.situation == Situation(dealer=True, streak=2, round_wind=SOUTH, kong_replacements=1)
    assert hand.flowers == (1,)


def test_second_table_refuses_its_removed_words_as_unknown() -> None:
    err = refused(f"天叮 {REST}", words=SECOND)
    assert (err.code, err.position) == ("unknown_token", 0)
    assert err.token.startswith("天")
    # 花上 without its word is 花 (the flower label) without flowers: an unknown word
    err = refused(f"花上 {REST}", words=SECOND)
    assert (err.code, err.position) == ("unknown_token", 0)
    err = refused(f"南家 {REST}", words=SECOND)
    assert (err.code, err.token, err.position) == ("unknown_token", "家", 1)
    assert situation_of("南家") == Situation(seat_wind=SOUTH)


def test_default_table_is_unchanged_by_the_second() -> None:
    assert situation_of("天叮") == Situation(double_ready=True)
    err = refused(f"天聽 {REST}")
    assert (err.code, err.position) == ("unknown_token", 0)
    err = refused(f"地聽 {REST}")
    assert (err.code, err.position) == ("unknown_token", 0)


def test_a_mixed_chain_without_a_word_to_count_it_is_unknown() -> None:
    table = HK_TAIWAN_WORDS.changed(drop=["混花槓", "混花杠"])
    assert situation_of("槓上槓", table) == Situation(kong_replacements=2)
    assert situation_of("花上2", table) == Situation(flower_replacements=2)
    err = refused(f"槓上花上 {REST}", words=table)
    assert (err.code, err.token, err.position) == ("unknown_token", "槓上花上", 0)
    # with 混花槓 (港式台牌) the same chain is counted: 2 steps
    assert situation_of("槓上花上") == Situation(mixed_replacements=2)


def test_tokenize_takes_the_table_too() -> None:
    assert [t.kind for t in tokenize("天聽 東", words=SECOND)] == [TokenKind.CONTEXT, TokenKind.TILES]
    with pytest.raises(HandError) as info:
        tokenize("天聽 東")
    assert info.value.code == "unknown_token"


# ---------------------------------------------------------------------------------------------
# errors: the numbered words' numbers, and tables that cannot be


@pytest.mark.parametrize(
    ("word", "code", "hint"),
    [
        ("連", "bad_context", "write the dealer streak as a number, e.g. 連2 or 連莊2"),
        ("連100", "bad_context", "the dealer streak is a count 0-99, e.g. 連2 or 連2拉2"),
        ("連2拉3", "bad_context", "the dealer streak is a count 0-99, e.g. 連2 or 連2拉2"),
        ("五隻內", "bad_context", "「X隻內」 is one of 十五隻內, 十隻內, 七隻內, 四隻內"),
        ("混花槓", "bad_context", "write 混花槓 with the chain length 2-7, e.g. 混花槓3"),
        ("混花槓8", "bad_context", "write 混花槓 with the chain length 2-7, e.g. 混花槓3"),
        ("槓上6", "bad_context", "a 槓上 chain has at most 5 kongs"),
        ("花上花上花上花上花上花上花上花上花", "bad_context", "a 花上 chain has at most 8 flowers"),
        ("槓上花上槓上花上槓上花上槓上花", "bad_context", "a mixed 槓上花上 chain has 2 to 7 steps"),
        ("槓上槓2", "bad_context", "write a chain as 槓上槓 / 花上花 or a count 1-9 as 花上2"),
        ("中圈", "bad_context", "the wind is one of 東 南 西 北, e.g. 東圈 or 南位"),
    ],
)
def test_a_numbered_word_with_a_bad_number(word: str, code: str, hint: str) -> None:
    err = refused(f"{word} {REST}")
    assert (err.code, err.token, err.position, err.hint) == (code, word, 0, hint)


def test_a_word_of_no_table_is_unknown() -> None:
    err = refused(f"立直 {REST}")
    assert (err.code, err.token, err.position) == ("unknown_token", "立直", 0)


def test_a_spelling_twice_is_refused() -> None:
    with pytest.raises(ValueError, match="海底"):
        HK_TAIWAN_WORDS.changed(add=[("dealer", ContextWord("海底"))])
    with pytest.raises(ValueError, match="搶杠"):  # the same word once normalised (杠 → 槓)
        HK_TAIWAN_WORDS.changed(add=[("one_shot", ContextWord("搶杠"))])


def test_a_notation_word_cannot_be_a_context_word() -> None:
    with pytest.raises(ValueError, match="碰"):
        HK_TAIWAN_WORDS.changed(add=[("dealer", ContextWord("碰"))])


@pytest.mark.parametrize(
    ("entries", "reason"),
    [
        ((ContextEntry("no_such_field", Sets.FLAG, (ContextWord("立直"),)),), "not a field"),
        (
            (
                ContextEntry("dealer", Sets.FLAG, (ContextWord("莊"),)),
                ContextEntry("dealer", Sets.FLAG, (ContextWord("做莊"),)),
            ),
            "two entries",
        ),
        ((ContextEntry("earthly_ready", Sets.WIND, (ContextWord("立直"),)),), "WIND"),
        ((ContextEntry("earthly_ready", Sets.FLAG, (ContextWord("{w}立"),)),), "WIND"),
        ((ContextEntry("streak", Sets.COUNT, (ContextWord("拉", grammar=Grammar.STREAK),)),), "COUNT"),
        ((ContextEntry("streak", Sets.COUNT, (ContextWord("拉"),)),), "COUNT"),
        ((ContextEntry(None, Sets.CHECK, (ContextWord("立直"),)),), "asserts"),
        ((ContextEntry("dealer", Sets.CHECK, (ContextWord("立直", requires_concealed=True),)),), "no field"),
        ((ContextEntry("earthly_ready", Sets.FLAG, ()),), "at least one word"),
        (
            (
                ContextEntry(
                    "streak", Sets.COUNT, (ContextWord("上槓", grammar=Grammar.CHAIN, allowed=(1,)),)
                ),
            ),
            "one link",
        ),
    ],
)
def test_a_table_that_cannot_be(entries: tuple[ContextEntry, ...], reason: str) -> None:
    with pytest.raises(ValueError, match=reason):
        ContextWords(entries, TaiwanishSituation)


def test_changed_names_a_field_no_entry_sets() -> None:
    with pytest.raises(KeyError):
        HK_TAIWAN_WORDS.changed(add=[("earthly_ready", ContextWord("地聽"))])
