"""Issue 15 item 2, a second tester's lines (QA round 2): names that are words of speech are refused
at 開枱, English command words work without their slash, and lines naming players with a count are
booked or hinted, never silent.

港式台牌 defaults (DESIGN §6): 底 5番, the dealer pays and collects 1番 more per leg; 阿明 deals first.
台灣牌 (seed 003 presets): 底 100, 台 50, 作莊 50.
"""

from __future__ import annotations

import itertools

import pytest

from taipai.bot.service import Service, natural, parse, speech
from taipai.bot.store import ChatRef

from .conftest import Talk, opened_table

ZH = "開枱 阿明 阿強 阿珍 阿玲"  # 東 阿明 (deals), 南 阿強, 西 阿珍, 北 阿玲
EN = "開枱 Ann Anna Bob Bo"  # 東 Ann (deals), 南 Anna, 西 Bob, 北 Bo
_chats = itertools.count()


async def fresh(store, opening: str, *, locale: str = "zh_Hant_HK") -> Talk:
    """A new chat with a table opened by its first player."""
    return await opened_table(store, opening, locale=locale, prefix="silent2")


async def balances(talk: Talk) -> dict[str, object]:
    return await talk.owed()


SPEECH_ZH = "「{name}」唔可以做玩家名：記數嗰陣佢係講嘢用嘅字（「我」即係講嘢嗰個人；啦 喇 呀 咗 係句尾助語；又 即係再）。"
SPEECH_EN = (
    "「{name}」 cannot be a player name: in a record it is a word of speech (我 is whoever says it; "
    "啦 喇 呀 咗 end a sentence; 又 means again)."
)


@pytest.mark.asyncio
@pytest.mark.parametrize(
    ("opening", "refused"),
    [
        ("開枱 我 B C D", "我"),
        ("開枱 明 阿明 阿明仔 啦", "啦"),
        ("開枱 A 你 C D", "你"),
        ("開枱 A B 佢 D", "佢"),
        ("開枱 A B 佢哋 D", "佢哋"),
        ("開枱 A 喇 C D", "喇"),
        ("開枱 A B C 呀", "呀"),
        ("開枱 咗 B C D", "咗"),
        ("開枱 A 又 C D", "又"),
        ("開枱 A B C D 台灣牌".replace("C", "我又"), "我又"),
    ],
)
async def test_a_word_of_speech_is_refused_as_a_name(store, opening, refused):
    talk = Talk(Service(store, locale="zh_Hant_HK"), ChatRef("test", f"silent2-{next(_chats)}"))
    assert await talk("X", opening) == SPEECH_ZH.format(name=refused)
    assert await talk.service.store.open_session(talk.chat) is None


@pytest.mark.asyncio
async def test_english_i_and_me_are_refused_as_names_in_english(store):
    talk = Talk(Service(store, locale="en"), ChatRef("test", f"silent2-{next(_chats)}"))
    assert await talk("X", "開枱 Ann I Bob Bo") == SPEECH_EN.format(name="I")
    assert await talk("X", "開枱 Ann Me Bob Bo") == SPEECH_EN.format(name="Me")
    assert await talk.service.store.open_session(talk.chat) is None


def test_every_word_the_reader_gives_a_meaning_is_refused_as_a_name():
    """Derived from the reader's own lists, not a copy: each of them refused by check_names."""
    for word in (*natural.PARTICLES, natural.DONE, *natural.SPEAKER_WORDS, natural.ME, *speech.PRONOUNS):
        with pytest.raises(parse.CommandError) as err:
            parse.check_names(("甲", "乙", "丙", word))
        assert err.value.code == "name_speech", word
    for word in (*natural.ENGLISH_I, *natural.ENGLISH_ME):
        with pytest.raises(parse.CommandError) as err:
            parse.check_names(("Ann", "Bob", "Cat", word.upper()))
        assert err.value.code == "name_speech", word
    assert parse.check_names(("阿我", "明啦", "又仔", "Ivy")) == ("阿我", "明啦", "又仔", "Ivy")


@pytest.mark.asyncio
async def test_i_said_by_a_seated_player_is_their_own_win(store):
    """The tester's money case: with 我 refused as a name, 「B: 我自摸 3番」 is B's own win."""
    talk = await fresh(store, "開枱 A B C D")
    assert (await talk("B", "我自摸 3番")).splitlines()[0] == "B 自摸：3番"
    # 3 + 底 5 = 8 from each, the dealer A 1 more
    assert await balances(talk) == {"A": -9, "B": 25, "C": -8, "D": -8}


def test_every_english_command_word_is_refused_as_a_name():
    words = natural.ENGLISH_SLASH_ALONE | natural.ENGLISH_SLASH_WITH
    assert words <= parse.ENGLISH_NAME_WORDS
    for word in words:
        with pytest.raises(parse.CommandError) as err:
            parse.check_names(("Ann", "Bob", "Cat", word.capitalize()))
        assert err.value.code == "name_command", word


def test_english_slash_reads_only_the_command_forms():
    assert natural.english_slash("rules") == "/rules"
    assert natural.english_slash("Chart?") == "/chart"
    assert natural.english_slash("leaderboard all") == "/leaderboard all"
    assert natural.english_slash("currency TWD") == "/currency TWD"
    assert natural.english_slash("currency NT$") == "/currency NT$"
    assert natural.english_slash("calc 一二三萬 摸東") == "/calc 一二三萬 摸東"
    assert natural.english_slash("waits 123m") == "/waits 123m"
    for talk in (
        "rules are rules",
        "chart looks fun",
        "calc it later",
        "season two",
        "currency is odd",
        "calc",
    ):
        assert natural.english_slash(talk) is None, talk


HAND = "一二三萬 四五六萬 七八九萬 一二三筒 四五六筒 東東"


@pytest.mark.asyncio
@pytest.mark.parametrize("locale", ["en", "zh_Hant_HK"])
async def test_english_command_words_answer_as_their_slash_forms(store, locale):
    talk = await fresh(store, "開枱 Ming Ann Bob Bo 台灣牌", locale=locale)
    for word, slash in (
        ("rules", "/rules"),
        ("Chart", "/chart"),
        ("leaderboard", "/leaderboard"),
        ("currency", "/currency"),
        (f"calc {HAND} 摸東", f"/calc {HAND} 摸東"),
        (f"waits {HAND[:-3]}", f"/waits {HAND[:-3]}"),
    ):
        said = await talk("Ming", word)
        assert said, word
        assert said == await talk("Ming", slash), word
    assert await talk.seq() == 1  # asking books nothing


@pytest.mark.asyncio
async def test_chart_with_a_word_after_it_is_the_chart(store):
    talk = await fresh(store, EN, locale="en")
    assert await talk("Ann", "/chart now") == "Nothing to chart yet: no hand has been played."


# (speaker, line, balances after it) at 港式台牌: each books as its spaced, particle-free form does.
BOOKED_ZH = [
    # 搶槓 run together: 8 + 底 5 + 莊 1 = 14 from the dealer 阿明
    ("阿強", "阿強搶槓阿明 8番", {"阿明": -14, "阿強": 14, "阿珍": 0, "阿玲": 0}),
    ("阿強", "阿強搶槓阿明8番", {"阿明": -14, "阿強": 14, "阿珍": 0, "阿玲": 0}),
    ("阿強", "搶槓阿明 8番", {"阿明": -14, "阿強": 14, "阿珍": 0, "阿玲": 0}),
    # a Chinese-numeral count with a particle: 12 + 5 + 1 = 18
    ("阿強", "阿強 食 阿明 十二番啦", {"阿明": -18, "阿強": 18, "阿珍": 0, "阿玲": 0}),
    # 10 + 5 from each, the dealer 1 more: 16 + 15 + 15 = 46
    ("阿珍", "阿珍自摸十番啦", {"阿明": -16, "阿強": -15, "阿珍": 46, "阿玲": -15}),
    # a tilde or a full-width exclamation mark ends the line as 。 does
    ("阿強", "阿強 食 阿明 12番～", {"阿明": -18, "阿強": 18, "阿珍": 0, "阿玲": 0}),
    ("阿強", "阿強 食 阿明 12番~", {"阿明": -18, "阿強": 18, "阿珍": 0, "阿玲": 0}),
    ("阿強", "阿強 食 阿明 12番！", {"阿明": -18, "阿強": 18, "阿珍": 0, "阿玲": 0}),
    # 槓上 阿明 包, spaced: 阿明 pays all three shares, 18 + 17 + 17 = 52
    ("阿強", "阿強 自摸 12番 槓上 阿明 包", {"阿明": -52, "阿強": 52, "阿珍": 0, "阿玲": 0}),
]


@pytest.mark.asyncio
@pytest.mark.parametrize(("speaker", "line", "after"), BOOKED_ZH, ids=[c[1] for c in BOOKED_ZH])
async def test_a_form_that_should_book_is_booked(store, speaker, line, after):
    talk = await fresh(store, ZH)
    reply = await talk(speaker, line)
    assert await talk.seq() == 2, reply
    assert await balances(talk) == after


@pytest.mark.asyncio
async def test_a_spaced_bao_gets_the_answer_of_the_glued_one(store):
    talk = await fresh(store, ZH)
    glued = await talk("阿強", "阿強 自摸 12番 阿明包")
    assert glued.startswith("淨係講番數我睇唔到隻槓，而 包 只限明槓嘅槓上自摸")
    assert await talk("阿強", "阿強 自摸 12番 阿明 包") == glued
    assert await talk.seq() == 1


@pytest.mark.asyncio
async def test_a_count_asked_as_a_question_books_nothing_and_says_so(store):
    talk = await fresh(store, ZH)
    assert (
        await talk("阿強", "阿強 食 阿明 12番?")
        == "「12番?」似係問緊嘢，所以乜都冇記。要記嘅話，唔好加「?」再打一次。"
    )
    assert (
        await talk("阿強", "阿強 食 阿明 12番？")
        == "「12番?」似係問緊嘢，所以乜都冇記。要記嘅話，唔好加「?」再打一次。"
    )
    assert await talk.seq() == 1


@pytest.mark.asyncio
async def test_the_forms_at_a_taiwan_table(store):
    """台灣牌: 底 100 + 台 50 each, 作莊 50 from the dealer 阿明."""
    talk = await fresh(store, ZH + " 台灣牌")
    assert (await talk("阿強", "阿強 食 阿明 十二台啦")).splitlines()[:2] == [
        "阿強 食 阿明：12台",
        "阿明 俾 阿強 HK$750（底 100 + 12台 × 50 + 作莊 50）",
    ]
    await talk("阿強", "撤銷")
    assert (await talk("阿強", "阿強搶槓阿明 3台")).splitlines()[
        1
    ] == "阿明 俾 阿強 HK$300（底 100 + 3台 × 50 + 作莊 50）"
    await talk("阿強", "撤銷")
    assert (await talk("阿強", "阿強 食 阿明 3台～")).splitlines()[0] == "阿強 食 阿明：3台"
    assert await balances(talk) == {"阿明": -300, "阿強": 300, "阿珍": 0, "阿玲": 0}
    assert (
        await talk("阿強", "阿強 食 阿明 3台?")
        == "「3台?」似係問緊嘢，所以乜都冇記。要記嘅話，唔好加「?」再打一次。"
    )


@pytest.mark.asyncio
async def test_words_after_a_count_with_its_unit_name_only_the_words(store):
    talk = await fresh(store, EN, locale="en")
    assert await talk("Bob", "Bob zimo 2 fan lol") == (
        "After the count 「2 fan」 comes 「lol」, which I can't read. Send one record per message with the "
        "count last (B 食 A 12番), or write the whole hand instead of the count."
    )
    assert await talk.seq() == 1


# (speaker, line, the one hint) on a fresh 港式台牌 table: the tester's silent lines
HINTS_ZH = [
    (
        "阿強",
        "阿強食阿明12蕃",
        "數目「12」後面仲有「蕃」，我睇唔明。一個訊息記一鋪，數目放最尾（B 食 A 12番）；或者唔寫數目，寫晒成副牌。",
    ),
    (
        "阿強",
        "阿強食阿明12番la",
        "數目「12番」後面仲有「la」，我睇唔明。一個訊息記一鋪，數目放最尾（B 食 A 12番）；或者唔寫數目，寫晒成副牌。",
    ),
    (
        "阿強",
        "阿強 vs 阿明 12",
        "收到：阿強、阿明、12。仲差邊個食邊個，定係自摸，例如：阿強 食 阿明 12 或者 阿強 自摸 12。",
    ),
    ("阿強", "阿強 wins 阿明 12 lol", "收到：阿強 食 阿明、12。唔明「lol」；要記就寫：阿強 食 阿明 12"),
    ("阿強", "撤銷咗佢", "收到：撤銷。唔明「咗佢」；打 幫助 睇點寫。"),
    ("阿強", "流局咩", "收到：流局。唔明「咩」；打 幫助 睇點寫。"),
    ("阿強", "流局咩?", "收到：流局。唔明「咩?」；打 幫助 睇點寫。"),
]


@pytest.mark.asyncio
@pytest.mark.parametrize(("speaker", "line", "expected"), HINTS_ZH, ids=[c[1] for c in HINTS_ZH])
async def test_a_silent_line_gets_one_hint_and_books_nothing(store, speaker, line, expected):
    talk = await fresh(store, ZH)
    assert await talk(speaker, line) == expected
    assert await talk.seq() == 1


@pytest.mark.asyncio
async def test_the_hints_in_english(store):
    talk = await fresh(store, ZH, locale="en")
    assert await talk("阿強", "阿強 vs 阿明 12") == (
        "Got: 阿強, 阿明, 12. Missing who won on whose discard, or 自摸; e.g. 阿強 食 阿明 12 or 阿強 自摸 12."
    )
    assert await talk("阿強", "阿強 wins 阿明 12 lol") == (
        "Got: 阿強 食 阿明, 12. Not understood: 「lol」; to book it, write: 阿強 食 阿明 12"
    )
    assert await talk("阿強", "撤銷咗佢") == (
        "Got: 撤銷. Not understood: 「咗佢」; 幫助 (/help) shows how to write it."
    )
    assert await talk.seq() == 1


@pytest.mark.asyncio
async def test_english_lines_naming_players_book_or_hint(store):
    talk = await fresh(store, EN, locale="en")
    assert await talk("Bob", "AnnaAnn 5") == (
        "Got: Anna, Ann, 5. Missing who won on whose discard, or 自摸; e.g. Anna 食 Ann 5 or Anna 自摸 5."
    )
    assert await talk("Ann", "Ann draws") == (
        "Got: Ann draws. Not sure what to book; 幫助 (/help) shows how to write it."
    )
    assert await talk.seq() == 1
    # the dealer Ann on Bob's discard: 5 + 底 5 + dealer 1 = 11
    assert (await talk("Ann", "I won 5 off Bob")).splitlines()[0] == "Ann wins on Bob's discard: 5 fan"
    assert await balances(talk) == {"Ann": 11, "Anna": 0, "Bob": -11, "Bo": 0}
    assert (await talk("Ann", "kong")).splitlines()[0] == "Ann: cash prize 暗槓 (1 底)"
    # 暗槓 is 1 底 (5) from each of the three
    assert await balances(talk) == {"Ann": 26, "Anna": -5, "Bob": -16, "Bo": -5}


@pytest.mark.asyncio
async def test_english_lines_at_an_hk_old_table(store):
    """廣東牌 全銃: 5翻 is a portion of 16, the discarder pays it and two halves of 8 (32)."""
    talk = await fresh(store, EN + " 廣東牌", locale="en")
    assert (await talk("Ann", "I won 5 off Bob")).splitlines()[:2] == [
        "Ann wins on Bob's discard: 5翻",
        "Bob pays Ann HK$32 (全銃: the discarder pays for all, his portion 16 and two halves of 8)",
    ]
    assert await talk("Bob", "AnnaAnn 5") == (
        "Got: Anna, Ann, 5. Missing who won on whose discard, or 自摸; e.g. Anna 食 Ann 5 or Anna 自摸 5."
    )
    assert await talk.seq() == 2


@pytest.mark.asyncio
async def test_the_silent_lines_at_a_taiwan_table(store):
    talk = await fresh(store, ZH + " 台灣牌")
    assert await talk("阿強", "阿強 vs 阿明 3") == (
        "收到：阿強、阿明、3。仲差邊個食邊個，定係自摸，例如：阿強 食 阿明 3 或者 阿強 自摸 3。"
    )
    assert await talk("阿強", "阿強食阿明3蕃") == (
        "數目「3」後面仲有「蕃」，我睇唔明。一個訊息記一鋪，數目放最尾（B 食 A 3台）；或者唔寫數目，寫晒成副牌。"
    )
    assert await talk("阿強", "流局咩") == "收到：流局。唔明「咩」；打 幫助 睇點寫。"
    assert await talk.seq() == 1


TALK = [
    "取消咗個約",
    "紀錄片好睇",
    "食咗未",
    "撤銷？",
    "阿強同阿明打咗 3 鋪",
    "我今晚自摸咗 3次",
    "阿明 vs 阿強 好勁",
    "阿強 haha",
    "阿明輸咗 300",
]


@pytest.mark.asyncio
async def test_talk_near_the_new_hints_stays_silent(store):
    talk = await fresh(store, ZH)
    for line in TALK:
        assert await talk("阿強", line) == "", line
    english = await fresh(store, EN, locale="en")
    for line in ("I won big tonight", "Ann draws a lot", "Ann won 3 games"):
        assert await english("Bob", line) == "", line
    assert await talk.seq() == await english.seq() == 1
