"""Issue 15 item 2, "nothing silent": a table test.  Every line of the issue's silence list, and more
lines said the natural way (particles, 我又, 包, 出銃俾我, English), is booked as it says (the balances
after it, worked out by hand from the table's defaults) or answered with one hint; plain talk gets no
reply.  Each case opens its own table, so each balance is one hand's payments.

港式台牌 defaults (DESIGN §6): 底 5番, the dealer pays and collects 1番 more per leg (連莊 n: 1 + 2n);
a prize of 1 底 is 5 from each of the three (seed 004 現金獎).  阿明 deals first at every table here.
"""

from __future__ import annotations

import itertools

import pytest

from taipai.bot.service import Service, attempt, identity, natural
from taipai.bot.store import ChatRef
from taipai.core.table import Draw, FalseWin, WinByDiscard
from taipai.systems.hk_taiwan.events import CashPrize, CutChain

from .conftest import Talk, opened_table

ZH = "開枱 阿明 阿玲 阿強 阿珍"  # 東 阿明 (deals), 南 阿玲, 西 阿強, 北 阿珍
EN = "開枱 Amy Ben Cat Dan"  # 東 Amy (deals), 南 Ben, 西 Cat, 北 Dan
_chats = itertools.count()


async def fresh(store, opening: str, *, locale: str = "zh_Hant_HK") -> Talk:
    """A new chat with a table opened by its first player."""
    return await opened_table(store, opening, locale=locale, prefix="silent")


async def balances(talk: Talk) -> dict[str, object]:
    return await talk.owed()


async def last_event(talk: Talk) -> object:
    return (await talk.state()).history[-1].event


# (speaker, line, balances after it) at 港式台牌, each on a fresh table.
BOOKED_ZH = [
    # the silence list: a prize said about yourself
    ("阿玲", "暗槓", {"阿明": -5, "阿玲": 15, "阿強": -5, "阿珍": -5}),  # 暗槓 collects 1 底 from each
    ("阿玲", "一台花", {"阿明": -5, "阿玲": 15, "阿強": -5, "阿珍": -5}),
    ("阿玲", "詐糊", {"阿明": 30, "阿玲": -90, "阿強": 30, "阿珍": 30}),  # pays each 30 (seed 004 詐糊)
    ("阿玲", "叫碰不碰", {"阿明": 5, "阿玲": -15, "阿強": 5, "阿珍": 5}),  # 叫碰不碰 pays each 1 底
    # 我又食阿明 6番: 阿強 on the dealer's discard, 6 + 底 5 + 莊 1 = 12
    ("阿強", "我又食阿明 6番", {"阿明": -12, "阿玲": 0, "阿強": 12, "阿珍": 0}),
    # more natural lines
    ("阿珍", "又自摸 8番", {"阿明": -14, "阿玲": -13, "阿強": -13, "阿珍": 40}),  # 8+5 each, dealer +1
    ("阿玲", "我自摸 12番", {"阿明": -18, "阿玲": 52, "阿強": -17, "阿珍": -17}),
    ("阿強", "自摸咗 12番", {"阿明": -18, "阿玲": -17, "阿強": 52, "阿珍": -17}),
    ("阿玲", "食咗阿明 12番", {"阿明": -18, "阿玲": 18, "阿強": 0, "阿珍": 0}),
    ("阿強", "阿明出銃俾我 8番", {"阿明": -14, "阿玲": 0, "阿強": 14, "阿珍": 0}),  # 8 + 5 + 莊 1
    ("阿珍", "我出銃俾阿玲 8番", {"阿明": 0, "阿玲": 13, "阿強": 0, "阿珍": -13}),  # 8 + 5
    ("阿強", "阿玲食我 6番", {"阿明": 0, "阿玲": 11, "阿強": -11, "阿珍": 0}),  # 6 + 5
    ("阿明", "阿強 食 阿珍 12番啦", {"阿明": 0, "阿玲": 0, "阿強": 17, "阿珍": -17}),
    ("阿珍", "阿珍 自摸 10番呀", {"阿明": -16, "阿玲": -15, "阿強": -15, "阿珍": 46}),
    ("阿強", "我又食咗阿明 6番喇", {"阿明": -12, "阿玲": 0, "阿強": 12, "阿珍": 0}),
    ("阿玲", "追", {"阿明": 5, "阿玲": -15, "阿強": 5, "阿珍": 5}),  # 追 an honour / 1-9: pays each 1 底
    ("阿玲", "追 二萬", {"阿明": 10, "阿玲": -30, "阿強": 10, "阿珍": 10}),  # a simple: each 2 底
    ("阿玲", "再追", {"阿明": 10, "阿玲": -30, "阿強": 10, "阿珍": 10}),  # 一追再追: each 2 底
    ("阿明", "阿玲 wins 阿明 12", {"阿明": -18, "阿玲": 18, "阿強": 0, "阿珍": 0}),
]


@pytest.mark.asyncio
@pytest.mark.parametrize(("speaker", "line", "after"), BOOKED_ZH, ids=[c[1] for c in BOOKED_ZH])
async def test_a_natural_line_is_booked_as_it_says(store, speaker, line, after):
    talk = await fresh(store, ZH)
    reply = await talk(speaker, line)
    assert reply, line
    assert await talk.seq() == 2, reply
    assert await balances(talk) == after


@pytest.mark.asyncio
async def test_the_events_are_what_the_lines_say(store):
    talk = await fresh(store, ZH)
    await talk("阿玲", "暗槓")
    assert await last_event(talk) == CashPrize(prize="concealed_kong", player="阿玲", other=None)
    await talk("阿玲", "詐糊")
    assert await last_event(talk) == FalseWin(player="阿玲")
    await talk("阿玲", "追 二萬")
    assert await last_event(talk) == CashPrize(prize="chase_simple", player="阿玲", other=None)
    await talk("阿強", "我又食阿明 6番")
    event = await last_event(talk)
    assert isinstance(event, WinByDiscard) and event.discarder == "阿明"
    assert [(leg.winner, leg.fan) for leg in event.legs] == [("阿強", 6)]
    await talk("阿強", "流局啦")
    assert isinstance(await last_event(talk), Draw)
    state = await talk.state()  # 阿強's win passed the deal to 阿玲; the draw keeps her (臭莊)
    assert (state.dealer, state.streak) == ("阿玲", 1)


@pytest.mark.asyncio
async def test_draw_with_a_particle_is_a_draw(store):
    talk = await fresh(store, ZH)
    assert await talk("阿明", "流局啦") == "流局：臭莊，莊家連莊。\n下一鋪：阿明 做莊，連1；東圈，第2鋪。"
    assert isinstance(await last_event(talk), Draw)
    assert await talk("阿明", "流局喇") == "流局：臭莊，莊家連莊。\n下一鋪：阿明 做莊，連2；東圈，第3鋪。"


@pytest.mark.asyncio
async def test_cut_with_a_particle_answers_the_offer(store):
    talk = await fresh(store, "開枱 A B C D")
    await talk("B", "B 食 C 5番")  # 10: la 1 C→B 10; B deals
    await talk("B", "B 食 C 2番")  # B deals, n = 0: 2 + 5 + 1 = 8 → la 2: 10 + 5 + 8 = 23
    await talk("B", "B 食 C 1番")  # n = 1, dealer 3: 9 → la 3: 23 + 12 + 9 = 44, 斬拉 offered
    assert [(o.debtor, o.creditor) for o in (await talk.state()).pending] == [("C", "B")]
    assert await talk("C", "斬啦") == "斬拉：C 俾 B 拉三 44"
    assert await last_event(talk) == CutChain(debtor="C", creditor="B", accept=True)
    assert (await talk.state()).pending == ()


@pytest.mark.asyncio
async def test_bao_after_the_count_is_read_with_the_speaker_implied(store):
    """自摸 12番 阿玲包 said by 阿明: at 港式台牌 包 is only 槓上自摸 on an exposed kong (seed 004 槓上自摸
    row 「明槓出銃者全包」), so a bare count is answered, not booked; at 廣東牌 it is 包自摸 and booked."""
    talk = await fresh(store, ZH)
    reply = await talk("阿明", "自摸 12番 阿玲包")
    assert reply.startswith("淨係講番數我睇唔到隻槓")
    assert "阿明 自摸 12番 槓上 阿玲包" in reply
    assert await talk.seq() == 1
    old = await fresh(store, ZH + " 廣東牌")
    # 廣東牌 1元一底: 5翻 is 2^4 = 16 a portion; 包自摸: 阿玲 pays the three portions, 48
    assert (await old("阿珍", "自摸 5翻 阿玲包")).splitlines()[:2] == [
        "阿珍 自摸：5翻",
        "阿玲 俾 阿珍 HK$48（包自摸：阿玲 包晒三家，每家 16）",
    ]
    assert await balances(old) == {"阿明": 0, "阿玲": -48, "阿強": 0, "阿珍": 48}


@pytest.mark.asyncio
async def test_english_lines_are_booked(store):
    talk = await fresh(store, "開枱 A B C D", locale="en")  # A deals
    assert (await talk("B", "B wins A 12")).splitlines()[0] == "B wins on A's discard: 12 fan"
    assert await balances(talk) == {"A": -18, "B": 18, "C": 0, "D": 0}  # 12 + 5 + dealer 1
    cases = [
        ("Ben", "Ben self-draw 10", {"Amy": -16, "Ben": 46, "Cat": -15, "Dan": -15}),
        ("Ben", "Ben wins on Amy 12", {"Amy": -18, "Ben": 18, "Cat": 0, "Dan": 0}),
        ("Ben", "Ben wins Amy 12 fan", {"Amy": -18, "Ben": 18, "Cat": 0, "Dan": 0}),
        ("Cat", "Cat zimo 8", {"Amy": -14, "Ben": -13, "Cat": 40, "Dan": -13}),
        ("Cat", "cat self draw 8", {"Amy": -14, "Ben": -13, "Cat": 40, "Dan": -13}),
        ("Dan", "self-draw 8", {"Amy": -14, "Ben": -13, "Cat": -13, "Dan": 40}),
        ("Dan", "zimo 8", {"Amy": -14, "Ben": -13, "Cat": -13, "Dan": 40}),
        ("Dan", "I win on Cat 6", {"Amy": 0, "Ben": 0, "Cat": -11, "Dan": 11}),
        ("Amy", "Ben wins me 8", {"Amy": -14, "Ben": 14, "Cat": 0, "Dan": 0}),
    ]
    for speaker, line, after in cases:
        table = await fresh(store, EN, locale="en")
        assert await table(speaker, line), line
        assert await table.seq() == 2, line
        assert await balances(table) == after, line
    table = await fresh(store, EN, locale="en")
    assert (
        await table("Cat", "draw")
        == "Draw (流局): the dealer stays (臭莊).\nNext: Amy deals, 連莊 1; 東 round, hand 2."
    )


@pytest.mark.asyncio
async def test_a_player_named_like_an_english_word_does_not_misfire(store):
    """A player called On: 「wins on」 is read by what follows it.  Draw is a command word, refused as a
    name at 開枱 (a table with a player called Draw could book no 流局 by 「draw」)."""
    talk = await fresh(store, "開枱 May Will On Draw", locale="en")
    assert (
        await talk("May", "開枱 May Will On Draw")
        == "「Draw」 cannot be a player name: it is a command word."
    )
    await talk("May", "開枱 May Will On Dee")  # May deals
    assert (await talk("Will", "Will wins on May 8")).splitlines()[0] == "Will wins on May's discard: 8 fan"
    await talk("Will", "撤銷")
    assert (await talk("Will", "Will wins On 8")).splitlines()[0] == "Will wins on On's discard: 8 fan"
    await talk("Will", "撤銷")
    assert await talk("May", "May I draw?") == ""
    assert await talk("Will", "Will will draw later") == ""
    assert not any(isinstance(h.event, Draw) for h in (await talk.state()).history)
    await talk("Will", "draw")
    assert [type(h.event) for h in (await talk.state()).history][-1] is Draw


HINTS_ZH = [
    # names and a count, but no 食 / 自摸: who won on whose discard?
    (
        "阿明",
        "阿明 阿玲 12番",
        "收到：阿明、阿玲、12番。仲差邊個食邊個，定係自摸，例如：阿明 食 阿玲 12番 或者 阿明 自摸 12番。",
    ),
    (
        "阿珍",
        "阿強12番阿明",
        "收到：阿強、阿明、12番。仲差邊個食邊個，定係自摸，例如：阿強 食 阿明 12番 或者 阿強 自摸 12番。",
    ),
    # a command word with what it does not take
    ("阿明", "計數 阿明", "收到：計數。唔明「阿明」；打 幫助 睇點寫。"),
    ("阿明", "流局 阿玲", "收到：流局。唔明「阿玲」；打 幫助 睇點寫。"),
    # 我又食 with a count but no discarder: the usual missing-part reply
    ("阿強", "我又食 6番", "阿強 食：食邊個？例如 阿強 食 阿珍 12番。"),
]


@pytest.mark.asyncio
@pytest.mark.parametrize(("speaker", "line", "expected"), HINTS_ZH, ids=[c[1] for c in HINTS_ZH])
async def test_an_attempt_gets_one_hint_and_books_nothing(store, speaker, line, expected):
    talk = await fresh(store, ZH)
    assert await talk(speaker, line) == expected
    assert await talk.seq() == 1


@pytest.mark.asyncio
async def test_hints_in_english(store):
    talk = await fresh(store, EN, locale="en")
    assert await talk("Amy", "Ben wins 12") == "Ben 食: on whose discard? e.g. Ben 食 Cat 12番."
    assert await talk("Amy", "Amy Ben 12") == (
        "Got: Amy, Ben, 12. Missing who won on whose discard, or 自摸; e.g. Amy 食 Ben 12 or Amy 自摸 12."
    )
    assert await talk.seq() == 1


TALK = [
    "今晚食咗好多糊",
    "我想食飯",
    "12點走",
    "阿明今晚好好手氣",
    "食咗飯未",
    "自摸 咗 啦",
    "我 食 飯 先",
    "阿明輸咗 300",
    "聽日再打過",
    "又輸錢啦",
    "Ben won a lot tonight",
    "I will draw later",
    "阿玲好叻",
    "追巴士",
    "我追巴士",
    "阿玲追巴士",
    "我 追 佢",
    "score was close",
    "good game",
    "I won big tonight",
    "help me",
    "Tom won 500",
]


@pytest.mark.asyncio
@pytest.mark.parametrize("line", TALK)
async def test_plain_talk_gets_no_reply(store, line):
    talk = await fresh(store, ZH)
    assert await talk("阿明", line) == ""
    assert await talk("阿玲", line) == ""
    assert await talk.seq() == 1


@pytest.mark.asyncio
async def test_at_a_taiwan_table(store):
    """The same forms at 台灣牌 (unit 台; 底 100, 台 50, the dealer pays or collects 1台 more: seed 003
    「連莊拉莊」 defaults of the game's preset): a count in 番 is refused as before."""
    talk = await fresh(store, ZH + " 台灣牌")
    assert (await talk("阿強", "阿明出銃俾我 2台")).splitlines()[:2] == [
        "阿強 食 阿明：2台",
        "阿明 俾 阿強 HK$250（底 100 + 2台 × 50 + 作莊 50）",
    ]
    assert await balances(talk) == {"阿明": -250, "阿玲": 0, "阿強": 250, "阿珍": 0}
    await talk("阿強", "撤銷")
    assert (await talk("阿強", "我又食阿明 2台")).splitlines()[0] == "阿強 食 阿明：2台"
    await talk("阿強", "撤銷")
    assert await talk("阿強", "我又食阿明 12番") == "台灣牌係計台嘅，唔收「番」：寫 12台，例如 B 食 A 12台。"
    assert await talk("阿明", "流局啦") == "流局：臭莊，莊家連莊。\n下一鋪：阿明 做莊，連1；東圈，第2鋪。"
    assert await talk("阿明", "阿明 阿玲 3台") == (
        "收到：阿明、阿玲、3台。仲差邊個食邊個，定係自摸，例如：阿明 食 阿玲 3台 或者 阿明 自摸 3台。"
    )
    for line in TALK:
        assert await talk("阿玲", line) == "", line


@pytest.mark.asyncio
async def test_at_an_hk_old_table(store):
    talk = await fresh(store, ZH + " 廣東牌")
    # 廣東牌 全銃, 1元一底: 3翻 is 4 a portion; 阿明 pays his and the two halves, 8
    assert (await talk("阿強", "我又食阿明 3翻")).splitlines()[0] == "阿強 食 阿明：3翻"
    assert await balances(talk) == {"阿明": -8, "阿玲": 0, "阿強": 8, "阿珍": 0}
    assert (await talk("阿珍", "又自摸 4翻")).splitlines()[0] == "阿珍 自摸：4翻"  # 8 from each
    assert await balances(talk) == {"阿明": -16, "阿玲": -8, "阿強": 0, "阿珍": 24}


@pytest.mark.asyncio
async def test_on_a_platform_i_is_the_members_seat(store):
    """「我又食阿明 6番」 from a member is booked for the seat the member holds, whatever their display
    name; from a member with no seat it asks them to sit first."""
    service = Service(store, locale="zh_Hant_HK")
    chat = ChatRef("test", "silent-platform")
    boss = identity.Member("1", "阿明")
    impostor = identity.Member("2", "阿玲")  # named like a player, but sits as 阿強
    await service.handle(chat, "阿明", ZH, "m1", member=boss)
    await service.handle(chat, "阿玲", "坐 西", "m2", member=impostor)  # 西 is 阿強's seat
    replies = await service.handle(chat, "阿玲", "我又食阿明 6番", "m3", member=impostor)
    assert replies[0].text.splitlines()[0] == "阿強 食 阿明：6番"
    stranger = identity.Member("3", "路人")
    replies = await service.handle(chat, "路人", "又自摸 8番", "m4", member=stranger)
    assert "坐" in replies[0].text  # take a seat first
    session = await store.open_session(chat)
    assert session is not None and await store.last_seq(session.id) == 2


def test_the_rule_reads_lines_without_a_table_service():
    names = ("阿明", "阿玲", "阿強", "阿珍")
    assert attempt.judge("阿明 阿玲 12番", names, seated=True) == attempt.Attempt(
        "", ("阿明", "阿玲"), "12番", False, ""
    )
    assert attempt.judge("今晚食咗好多糊", names, seated=True) is None
    assert attempt.judge("自摸", names, seated=False) is None  # not theirs to book
    assert attempt.judge("食", names, seated=True) is None  # an everyday word alone
    assert {"流局", "計數", "自摸", "draw"} <= attempt.attempt_words()


def test_the_rewrites():
    names = ("阿明", "阿玲", "阿強", "阿珍")
    assert natural.rewrite("我又食阿明 6番", names, "阿強") == "食阿明 6番"
    assert natural.rewrite("阿明出銃俾我 8番", names, "阿強") == "阿明出銃 阿強 8番"
    assert natural.rewrite("自摸咗 12番啦", names, "阿強") == "自摸 12番"
    assert natural.rewrite("自摸 咗 啦", names, "阿強") == "自摸 咗 啦"  # particles as words: talk
    assert natural.rewrite("B wins on A 12", ("A", "B"), None) == "B 食 A 12"
    assert natural.rewrite("draw", ("Draw", "B"), None) == "draw"  # a player's name: not 流局
    assert natural.rewrite("斬 阿啦", ("阿啦",), None) == "斬 阿啦"  # the name ends in 啦
    assert natural.rewrite("阿明食我 8番", names, None) == "阿明食我 8番"  # who is 我? not seated
    assert natural.rewrite("阿明食我8番", names, "阿強") == "阿明食 阿強 8番"
    assert natural.speaks_of_me("我又食阿明 6番") and natural.speaks_of_me("I win on Cat 6")
    assert natural.speaks_of_me("Ben wins me 8") and not natural.speaks_of_me("Ben wins Amy 12")


# A prize word run together with a table name, or after 我 (the speaker's seat), is its spaced form
# (issue 15 item 2, a tester's lines).  1 底 = 5; each prize's 底 is seed 004 現金獎's row: 暗槓, 一台花,
# 追 (an honour or 1/9), 叫碰不碰 1 底; 一台草 half a 底; 暗槓錯 (暗槓不示) and 追 a simple 2 底; 詐糊 30 each.
GAIN_1 = {"阿明": -5, "阿玲": 15, "阿強": -5, "阿珍": -5}
PAY_1 = {"阿明": 5, "阿玲": -15, "阿強": 5, "阿珍": 5}
PAY_2 = {"阿明": 10, "阿玲": -30, "阿強": 10, "阿珍": 10}
FALSE_WIN = {"阿明": 30, "阿玲": -90, "阿強": 30, "阿珍": 30}
HALF = {"阿明": -2.5, "阿玲": 7.5, "阿強": -2.5, "阿珍": -2.5}
GLUED_ZH = [
    ("阿玲", "阿玲詐糊", FALSE_WIN),
    ("阿明", "阿玲詐糊", FALSE_WIN),  # said by another player, as 「阿玲 詐糊」 is
    ("阿玲", "阿玲暗槓", GAIN_1),
    ("阿明", "阿玲暗槓", GAIN_1),
    ("阿玲", "阿玲追", PAY_1),
    ("阿玲", "阿玲追二萬", PAY_2),
    ("阿玲", "阿玲叫碰不碰", PAY_1),
    ("阿玲", "阿玲暗槓錯", PAY_2),
    ("阿玲", "阿玲一台花", GAIN_1),  # a prize, not the count 一台
    ("阿玲", "阿玲一台草", HALF),
    ("阿玲", "我暗槓", GAIN_1),
    ("阿玲", "我暗槓啦", GAIN_1),
    ("阿玲", "我暗槓錯", PAY_2),
    ("阿玲", "我一台花", GAIN_1),
    ("阿玲", "我一台草", HALF),
    ("阿玲", "我詐糊", FALSE_WIN),
    ("阿玲", "我追", PAY_1),
    ("阿玲", "我叫碰不碰", PAY_1),
    ("阿明", "我圍骰", {"阿明": 15, "阿玲": -5, "阿強": -5, "阿珍": -5}),  # 阿明 deals: the dealer's roll
    # 出銃 俾 我, spaced: 阿明 dealt in to the speaker 阿強; 8 + 底 5 + 莊 1 = 14
    ("阿強", "阿明 出銃 俾 我 8番", {"阿明": -14, "阿玲": 0, "阿強": 14, "阿珍": 0}),
    ("阿珍", "阿明 出銃 俾 阿強 8番", {"阿明": -14, "阿玲": 0, "阿強": 14, "阿珍": 0}),
]


@pytest.mark.asyncio
@pytest.mark.parametrize(("speaker", "line", "after"), GLUED_ZH, ids=[f"{c[0]}:{c[1]}" for c in GLUED_ZH])
async def test_a_prize_word_glued_to_a_name_or_to_me_is_booked(store, speaker, line, after):
    talk = await fresh(store, ZH)
    assert await talk(speaker, line), line
    assert await talk.seq() == 2
    assert await balances(talk) == after


@pytest.mark.asyncio
async def test_glued_prizes_are_the_same_events_as_the_spaced_forms(store):
    talk = await fresh(store, ZH)
    await talk("阿明", "阿玲一台花")
    assert await last_event(talk) == CashPrize(prize="one_set_flowers", player="阿玲", other=None)
    await talk("阿玲", "我暗槓錯")
    assert await last_event(talk) == CashPrize(prize="concealed_kong_wrong", player="阿玲", other=None)
    await talk("阿強", "我詐糊")
    assert await last_event(talk) == FalseWin(player="阿強")


@pytest.mark.asyncio
async def test_glued_lines_that_are_refused_or_incomplete_say_why(store):
    talk = await fresh(store, ZH)
    # 圍骰 is the dealer's roll: from 阿玲 (南) it is refused, as 「阿玲 圍骰」 is
    assert await talk("阿玲", "我圍骰") == "只有莊家擲骰：圍骰同一二三都係莊家嘅。"
    assert await talk("阿玲", "阿玲 圍骰") == "只有莊家擲骰：圍骰同一二三都係莊家嘅。"
    # someone dealt in to 阿明, but who? never 「唔可以食自己」
    assert await talk("阿明", "出銃俾我 8番") == "阿明 食：食邊個？例如 阿明 食 阿玲 12番。"
    assert await talk.seq() == 1


@pytest.mark.asyncio
async def test_glued_prizes_at_a_taiwan_and_an_hk_old_table(store):
    """台灣牌 詐糊 pays each of the three 100 (the game's preset 底 100); 廣東牌 詐糊 pays each 128 (its
    preset); neither game has 現金獎, and the glued forms get the refusal the spaced forms get."""
    for game, each in (("台灣牌", 100), ("廣東牌", 128)):
        for speaker, line in (("阿玲", "阿玲詐糊"), ("阿玲", "我詐糊"), ("阿明", "阿玲詐糊")):
            talk = await fresh(store, f"{ZH} {game}")
            assert (await talk(speaker, line)).splitlines()[0] == "阿玲 詐糊。", (game, line)
            assert await balances(talk) == {"阿明": each, "阿玲": -3 * each, "阿強": each, "阿珍": each}
        talk = await fresh(store, f"{ZH} {game}")
        refusal = f"{game}冇現金獎；/help 睇呢張枱記得啲咩。"
        for line in ("阿玲 暗槓", "阿玲暗槓", "我暗槓", "我一台花", "阿玲一台草", "我追"):
            assert await talk("阿玲", line) == refusal, (game, line)
        assert await talk.seq() == 1


@pytest.mark.asyncio
async def test_an_english_win_naming_someone_not_at_the_table_says_who_is(store):
    talk = await fresh(store, EN, locale="en")
    players = "Players: 東 Amy, 南 Ben, 西 Cat, 北 Dan."
    assert await talk("Ben", "B wins A 12") == f"A is not at this table. {players}"  # the discarder first
    assert await talk("Cat", "C zimo 8") == f"C is not at this table. {players}"
    assert await talk("Dan", "I win on Zed 6") == f"Zed is not at this table. {players}"
    assert await talk("Dan", "Dan wins on Zed 6") == f"Zed is not at this table. {players}"
    assert await talk.seq() == 1
    letters = await fresh(store, "開枱 A B C D", locale="en")
    assert await letters("A", "Amy wins B 12") == "Amy is not at this table. Players: 東 A, 南 B, 西 C, 北 D."
    assert await letters.seq() == 1
    zh = await fresh(store, ZH)
    assert (
        await zh("阿玲", "Amy wins 阿明 12") == "Amy 唔喺呢張枱。枱上有：東 阿明、南 阿玲、西 阿強、北 阿珍。"
    )


ENGLISH_TALK = [
    "good game",
    "I won big tonight",
    "score was close",
    "help me",
    "Ben won a lot tonight",
    "Tom won 500",
    "kong fu",
    "undo that",
    "Ben is good",
    "Cat score",
]


@pytest.mark.asyncio
async def test_english_talk_at_an_english_table_stays_silent(store):
    talk = await fresh(store, EN, locale="en")
    for line in ENGLISH_TALK:
        assert await talk("Ben", line) == "", line
    assert await talk.seq() == 1


@pytest.mark.asyncio
async def test_english_command_words_work_as_their_slash_forms(store):
    talk = await fresh(store, EN, locale="en")
    assert (await talk("Ben", "kong")).splitlines()[0] == "Ben: cash prize 暗槓 (1 底)"
    assert await balances(talk) == {"Amy": -5, "Ben": 15, "Cat": -5, "Dan": -5}
    assert (await talk("Ben", "undo")).startswith("Ben undid: Ben: cash prize 暗槓 (1 底).")
    assert await balances(talk) == {"Amy": 0, "Ben": 0, "Cat": 0, "Dan": 0}
    assert (await talk("Ben", "redo")).startswith("Ben redid: Ben: cash prize 暗槓 (1 底).")
    assert await balances(talk) == {"Amy": -5, "Ben": 15, "Cat": -5, "Dan": -5}
    for word, slash in (("score", "/score"), ("history", "/history"), ("help", "/help"), ("stats", "/stats")):
        assert await talk("Cat", word) == await talk("Cat", slash), word
        assert await talk("Cat", word.capitalize() + "?") == await talk("Cat", slash), word
    assert await talk.seq() == 4  # the prize, its undo and its redo; asking books nothing
    assert (
        await talk("Cat", "undo Ben")
        == "Got: undo. Not understood: 「Ben」; 幫助 (/help) shows how to write it."
    )
    assert (await talk("Cat", "settle")).startswith("Session over (埋數).")
    assert await talk.service.store.open_session(talk.chat) is None


@pytest.mark.asyncio
@pytest.mark.parametrize(
    "line", ["Ben false win", "Ben falsewin", "falsewin Ben", "false win Ben", "ben False-Win"]
)
async def test_an_english_false_win_with_a_name(store, line):
    talk = await fresh(store, EN, locale="en")
    assert (await talk("Ben", line)).splitlines()[
        0
    ] == "Ben: false win (詐糊); pays each of the other three 30."
    assert await balances(talk) == {"Amy": 30, "Ben": -90, "Cat": 30, "Dan": 30}


@pytest.mark.asyncio
async def test_english_words_at_a_taiwan_table(store):
    """台灣牌: 詐糊 pays each 100 (the game's preset); 暗槓 is no prize there (its refusal)."""
    talk = await fresh(store, EN + " 台灣牌", locale="en")
    assert (await talk("Ben", "Ben false win")).splitlines()[0].startswith("Ben: false win")
    assert await balances(talk) == {"Amy": 100, "Ben": -300, "Cat": 100, "Dan": 100}
    assert await talk("Ben", "kong") == await talk("Ben", "Ben 暗槓")
    assert await talk("Ben", "C zimo 3") == "C is not at this table. Players: 東 Amy, 南 Ben, 西 Cat, 北 Dan."
    assert (await talk("Ben", "undo")).startswith("Ben undid: Ben: false win")
    assert await balances(talk) == {"Amy": 0, "Ben": 0, "Cat": 0, "Dan": 0}


@pytest.mark.asyncio
async def test_on_a_platform_english_words_and_glued_prizes_need_the_slash_forms_permission(store):
    """「阿玲暗槓」 from another seat is what 「阿玲 暗槓」 is (a 現金獎 the table may book for a player),
    「我暗槓」 from a member with no seat asks for one as 「暗槓」 does, and 「undo」 is /undo: refused
    to a member with no seat, the seat's own prize undone for 阿玲."""
    service = Service(store, locale="zh_Hant_HK")
    chat = ChatRef("test", "silent-platform-2")
    ming, ling, stranger = (
        identity.Member("1", "阿明"),
        identity.Member("2", "阿玲"),
        identity.Member("3", "路人"),
    )

    async def said(member: identity.Member, line: str, mid: str) -> str:
        return "\n".join(r.text for r in await service.handle(chat, member.display, line, mid, member=member))

    await said(ming, ZH, "m1")
    await said(ming, "坐 東", "m2")
    await said(ling, "坐 南", "m3")
    glued, spaced = await said(ming, "阿玲暗槓", "m4"), await said(ming, "阿玲 暗槓", "m5")
    assert glued == spaced and glued.splitlines()[0] == "阿玲：現金獎 暗槓（1底）"
    assert await said(stranger, "我暗槓", "m6") == await said(stranger, "暗槓", "m7")
    assert "坐" in await said(stranger, "我暗槓", "m8")
    session = await store.open_session(chat)
    assert session is not None and await store.last_seq(session.id) == 3
    assert (await said(ling, "我暗槓", "m9")).splitlines()[0] == "阿玲：現金獎 暗槓（1底）"
    assert await said(stranger, "undo", "m10") == await said(stranger, "/undo", "m11")
    assert await store.last_seq(session.id) == 4
    assert (await said(ling, "undo", "m12")).startswith("阿玲 撤銷咗：阿玲：現金獎 暗槓（1底）")
    assert await store.last_seq(session.id) == 5


def test_a_prize_word_is_not_read_as_a_count():
    names = ("阿明", "阿玲", "阿強", "阿珍")
    assert attempt.judge("阿玲一台花", names, seated=True) is None
    assert attempt.judge("阿玲 一台草 阿明", names, seated=True) is None
    assert attempt.judge("阿玲一台 阿明", names, seated=True) == attempt.Attempt(
        "", ("阿玲", "阿明"), "一台", False, ""
    )


def test_the_new_rewrites():
    names = ("阿明", "阿玲", "阿強", "阿珍")
    assert natural.rewrite("阿玲詐糊", names, None) == "阿玲 詐糊"
    assert natural.rewrite("阿玲七搶一阿明", names, None) == "阿玲 七搶一 阿明"
    assert natural.rewrite("我暗槓啦", names, "阿玲") == "阿玲 暗槓"
    assert natural.rewrite("我暗槓", names, None) == "暗槓"  # said alone: the speaker's seat, asked for
    assert natural.rewrite("我圍骰", names, None) == "我圍骰"  # alone it is the dealer's: not a guess
    assert natural.rewrite("阿玲追巴士", names, "阿玲") == "阿玲追巴士"
    assert natural.rewrite("出銃俾我 8番", names, "阿明") == "食 8番"
    assert natural.rewrite("Zed wins Ben 12", ("Amy", "Ben"), None) == "Zed 食 Ben 12"
    assert natural.rewrite("Ben wins me 8", ("Amy", "Ben"), None) == "Ben wins me 8"  # me: not seated
    assert natural.rewrite("Score", ("Score", "Ben"), None) == "Score"  # a player, not the command
    assert natural.english_command("false win") == "詐糊"
    assert natural.english_command("Ben kong", ("Ben",)) == "Ben 暗槓"
    assert natural.english_command("score was close") is None
    assert {"undo", "kong", "falsewin"} <= attempt.attempt_words()


# Talk that says 我, 食 or 自摸 with ordinary words, no count and no hand (issue 15 item 2: "plain talk
# about the game gets no hint: no spam"), a hostile tester's lines among them: no reply at any game.
TALK_WITH_VERBS = [
    "我今晚食咗飯",
    "我食咗飯未",
    "食飯啦",
    "我自摸咗好多次",
    "佢今晚食咗三鋪",
    "阿明食咗飯未",
    "阿明食得好犀利",
    "阿明自摸咗三次啦",
    "阿明自摸咗好多次",
    "阿明 自摸 好多次",
    "阿明 自摸 發達",
    "阿明食阿強好多次",
    "阿強 食 阿明 啲薯片",
    "阿強食咗阿明啲薯片",
]


@pytest.mark.asyncio
@pytest.mark.parametrize("game", ["", " 台灣牌"], ids=["港式台牌", "台灣牌"])
async def test_talk_with_a_verb_and_ordinary_words_gets_no_reply(store, game):
    talk = await fresh(store, ZH + game)
    for line in TALK_WITH_VERBS:
        for speaker in ("阿強", "阿明"):
            assert await talk(speaker, line) == "", (speaker, line)
    assert await talk.seq() == 1


@pytest.mark.asyncio
async def test_a_record_with_a_count_or_tiles_after_ordinary_words_keeps_its_reply(store):
    """A count or tiles in the line make it an attempt: the count's reply, or the tiles' reply."""
    talk = await fresh(store, ZH)
    assert await talk("阿強", "阿明 自摸 12番 哈哈") == (
        "數目「12番」後面仲有「哈哈」，我睇唔明。一個訊息記一鋪，數目放最尾（B 食 A 12番）；或者唔寫數目，寫晒成副牌。"
    )
    assert await talk("阿強", "阿明 自摸 一二三萬 四五六萬 七八九筒 二三四索 中中中 東東x") == (
        "睇唔明「x」。牌要咁寫：一二三萬、123筒、東 南 中 發 白。（「x」喺訊息第 33 個字。）"
    )
    assert (await talk("阿強", "阿明 自摸 字字字")).startswith("睇唔明「字字字」。")  # 字: the honours
    # a pattern's name for the hand (seed 004 十三么, 清一色): the tiles' reply, not silence
    assert (await talk("阿強", "阿明 自摸 十三么")).startswith("睇唔明「十」。牌要咁寫：")
    assert (await talk("阿強", "阿明 食 阿珍 清一色")).startswith("睇唔明「清」。牌要咁寫：")
    assert await talk.seq() == 1
    taiwan = await fresh(store, ZH + " 台灣牌")
    assert (await taiwan("阿強", "阿明 自摸 對對胡")).startswith("睇唔明「對對胡」。牌要咁寫：")
    assert await taiwan("阿強", "阿明 自摸 好多次") == ""


# A line that says its verb but something more (a question, a negation, 我估 …): the hint says what was
# understood, the verb too, and the words it did not understand; never 「仲差邊個食邊個，定係自摸」.
VERB_HINTS_ZH = [
    ("阿珍", "我估阿玲自摸 8番", "收到：阿玲 自摸、8番。唔明「我估」；要記就寫：阿玲 自摸 8番"),
    ("阿珍", "阿強係咪食阿明 8番", "收到：阿強 食 阿明、8番。唔明「係咪」；要記就寫：阿強 食 阿明 8番"),
    ("阿珍", "阿強冇食阿明 8番", "收到：阿強 食 阿明、8番。唔明「冇」；要記就寫：阿強 食 阿明 8番"),
    (
        "阿珍",
        "如果阿強食阿明 8番就好",
        "收到：阿強 食 阿明、8番。唔明「如果 就好」；要記就寫：阿強 食 阿明 8番",
    ),
    ("阿珍", "唔好記 阿強食阿明 8番", "收到：阿強 食 阿明、8番。唔明「唔好記」；要記就寫：阿強 食 阿明 8番"),
    ("阿珍", "上鋪 阿強 食 阿明 8番", "收到：阿強 食 阿明、8番。唔明「上鋪」；要記就寫：阿強 食 阿明 8番"),
    ("阿珍", "阿強食阿明8番？", "收到：阿強 食 阿明、8番。冇記低；要記就寫：阿強 食 阿明 8番"),
    ("阿珍", "我估阿明出銃俾阿強 8番", "收到：阿明 出銃 阿強、8番。唔明「我估」；要記就寫：阿強 食 阿明 8番"),
    (
        "阿珍",
        "我估阿玲自摸 一二三萬 四五六萬 七八九筒 二三四索 中中中 東東",
        "收到：阿玲 自摸、手牌。唔知要記乜；打 幫助 睇點寫。",
    ),
    # a name after 食 only: that is the discarder, the winner is what is missing (next seat as example)
    ("阿強", "係咪食阿明 8番", "收到：食 阿明、8番。仲差邊個食阿明，例如：阿強 食 阿明 8番。"),
    # the discarder missing: the reply a record missing its discarder gets, with or without extra words
    ("阿強", "阿明 食 12番", "阿明 食：食邊個？例如 阿明 食 阿強 12番。"),
    ("阿珍", "我估阿明食 12番", "阿明 食：食邊個？例如 阿明 食 阿強 12番。"),
]


@pytest.mark.asyncio
@pytest.mark.parametrize(("speaker", "line", "expected"), VERB_HINTS_ZH, ids=[c[1] for c in VERB_HINTS_ZH])
async def test_a_hint_says_the_verb_it_understood(store, speaker, line, expected):
    talk = await fresh(store, "開枱 阿明 阿強 阿珍 阿玲")  # 東 阿明, 南 阿強, 西 阿珍, 北 阿玲
    assert await talk(speaker, line) == expected
    assert await talk.seq() == 1


@pytest.mark.asyncio
async def test_verb_hints_at_a_taiwan_table(store):
    """台灣牌 counts in 台: the line to write is in 台, a count typed in 番 shown with its number in 台."""
    talk = await fresh(store, "開枱 阿明 阿強 阿珍 阿玲 台灣牌")
    assert (
        await talk("阿珍", "阿強冇食阿明 3台")
        == "收到：阿強 食 阿明、3台。唔明「冇」；要記就寫：阿強 食 阿明 3台"
    )
    assert (
        await talk("阿珍", "我估阿玲自摸 8番")
        == "收到：阿玲 自摸、8番。唔明「我估」；要記就寫：阿玲 自摸 8台"
    )
    assert await talk("阿珍", "我估阿明食 3台") == "阿明 食：食邊個？例如 阿明 食 阿強 3台。"
    assert (
        await talk("阿珍", "係咪食阿珍 3台") == "收到：食 阿珍、3台。仲差邊個食阿珍，例如：阿玲 食 阿珍 3台。"
    )
    assert await talk.seq() == 1


@pytest.mark.asyncio
async def test_verb_hints_in_english(store):
    talk = await fresh(store, "開枱 阿明 阿強 阿珍 阿玲", locale="en")
    assert await talk("阿珍", "阿強冇食阿明 8番") == (
        "Got: 阿強 食 阿明, 8番. Not understood: 「冇」; to book it, write: 阿強 食 阿明 8番"
    )
    assert await talk("阿珍", "係咪食阿明 8番") == (
        "Got: 食 阿明, 8番. Missing who won on 阿明's discard; e.g. 阿強 食 阿明 8番."
    )
    assert await talk.seq() == 1


# A command word doubled, as fingers do at 2 a.m.: never read as the command (two undos would be a
# guess); the hint asks.
DOUBLED = ["撤銷撤銷", "撤銷 撤銷", "計數計數", "計數 計數", "歷史歷史", "流局流局", "埋數埋數"]


@pytest.mark.asyncio
@pytest.mark.parametrize("game", ["", " 廣東牌"], ids=["港式台牌", "廣東牌"])
async def test_a_doubled_command_word_gets_the_did_you_mean_hint(store, game):
    talk = await fresh(store, ZH + game)
    await talk("阿明", "阿明 詐糊")
    for line in DOUBLED:
        word = line.split()[0][:2]
        assert await talk("阿玲", line) == f"你係咪想打「{word}」？打一次就得：{word}", line
    assert await talk.seq() == 2  # the 詐糊 stands: nothing undone, nothing settled
    assert await talk.service.store.open_session(talk.chat) is not None
    english = await fresh(store, EN + game, locale="en")
    assert await english("Ben", "undo undo") == "Did you mean undo? Say it once: undo"
    assert await english("Ben", "撤銷撤銷") == "Did you mean 撤銷? Say it once: 撤銷"
    assert await english.seq() == 1


@pytest.mark.asyncio
@pytest.mark.parametrize("game", ["", " 台灣牌"], ids=["港式台牌", "台灣牌"])
async def test_a_glued_prize_with_extra_words_gets_a_hint(store, game):
    talk = await fresh(store, ZH + game)
    assert await talk("阿玲", "阿玲一台花 3") == "收到：阿玲 一台花。唔明「3」；打 幫助 睇點寫。"
    assert await talk("阿玲", "阿玲 暗槓 3") == "收到：阿玲 暗槓。唔明「3」；打 幫助 睇點寫。"
    assert await talk("阿玲", "阿玲追巴士 3") == ""  # 追巴士 is no command word: talk
    assert await talk.seq() == 1


@pytest.mark.asyncio
async def test_an_english_win_on_nobody_asks_for_the_discarder(store):
    talk = await fresh(store, EN, locale="en")
    for line in ("Ben wins on 12", "Ben wins from 12 fan", "Ben wins 12 fan"):
        assert await talk("Amy", line) == "Ben 食: on whose discard? e.g. Ben 食 Cat 12番.", line
    assert await talk("Amy", "I win on 12") == "Amy 食: on whose discard? e.g. Amy 食 Ben 12番."
    taiwan = await fresh(store, EN + " 台灣牌", locale="en")
    assert await taiwan("Amy", "Ben wins on 3") == "Ben 食: on whose discard? e.g. Ben 食 Cat 3台."
    assert await talk.seq() == 1 and await taiwan.seq() == 1


def test_the_rule_reads_the_verb_and_the_words_left_over():
    names = ("阿明", "阿玲", "阿強", "阿珍")
    found = attempt.judge("我估阿玲自摸 8番", names, seated=True)
    assert found == attempt.Attempt("", ("阿玲",), "8番", False, "", verb="自摸", winner="阿玲", extra="我估")
    found = attempt.judge("如果阿強食阿明 8番就好", names, seated=True)
    assert (found.verb, found.winner, found.discarder, found.extra) == ("食", "阿強", "阿明", "如果 就好")
    found = attempt.judge("阿明出銃俾阿強 8番？", names, seated=True)
    assert (found.verb, found.winner, found.discarder, found.extra) == ("出銃", "阿強", "阿明", "")
    assert attempt.judge("撤銷撤銷", names, seated=True) == attempt.Attempt(
        "撤銷", (), "", False, "", repeated=True
    )
    assert attempt.judge("食食", names, seated=True) is None  # an everyday word, doubled: talk
    assert attempt.judge("阿明食得好犀利", names, seated=True) is None
    assert attempt.judge("阿玲一台花 3", names, seated=True) == attempt.Attempt(
        "一台花", ("阿玲",), "", False, "3", lead="阿玲"
    )


def test_a_record_with_ordinary_words_for_its_hand_is_talk():
    from taipai.bot.service.parse import parse_command

    assert attempt.record_is_talk(parse_command("阿明 自摸 好多次"))
    assert attempt.record_is_talk(parse_command("阿強 食 阿明 啲薯片"))
    assert not attempt.record_is_talk(parse_command("阿明 自摸 12番"))
    assert not attempt.record_is_talk(parse_command("阿明 自摸 字字字"))
    assert not attempt.record_is_talk(parse_command("阿明 自摸 清一色"))
    assert {"清一色", "十三么", "對對糊"} <= attempt.pattern_names()
    assert not attempt.record_is_talk(parse_command("阿明 自摸 一二三萬 x"))  # all but x read: a hand
    assert not attempt.record_is_talk(parse_command("/win 阿明 阿強 好多次"))  # a slash command: answered
    # tiles are looked for in the first TILES_READ_SPAN characters only (a hostile 4,000-character
    # line took a third of a second to judge): a slip in a hand is far shorter than that
    long_talk = "啲薯片" * (attempt.TILES_READ_SPAN // 3) + " 東東東 x"
    assert attempt.record_is_talk(parse_command("阿明 自摸 " + long_talk))
    assert not attempt.record_is_talk(parse_command("阿明 自摸 " + "東東東 x" + " 啲薯片" * 1000))
