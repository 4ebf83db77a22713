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

from .conftest import Talk

ZH = "開枱 阿明 阿玲 阿強 阿珍"  # 東 阿明 (deals), 南 阿玲, 西 阿強, 北 阿珍
EN = "開枱 Amy Ben Cat Dan"  # 東 Amy (deals), 南 Ben, 西 Cat, 北 Dan
_chats = itertools.count()


async def fresh(store, opening: str, *, locale: str = "zh_Hant_HK") -> Talk:
    """A new chat with a table opened by its first player."""
    talk = Talk(Service(store, locale=locale), ChatRef("test", f"silent-{next(_chats)}"))
    await talk(opening.split()[1], opening)
    return talk


async def balances(talk: Talk) -> dict[str, object]:
    """What each player stands at: the balances with the open 拉 chains paid (TableState.owed)."""
    return (await talk.state()).owed()


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
    """Players called On and Draw: 「wins on」 is read by what follows it, and 「draw」 said at a table
    with a player called Draw is asked about, never booked as 流局."""
    talk = await fresh(store, "開枱 May Will On Draw", locale="en")  # May deals
    assert (await talk("Will", "Will wins on May 8")).splitlines()[0] == "Will wins on May's discard: 8 fan"
    await talk("Will", "撤銷")
    assert (await talk("Will", "Will wins On 8")).splitlines()[0] == "Will wins on On's discard: 8 fan"
    await talk("Will", "撤銷")
    assert (
        await talk("Will", "draw") == "Got: draw. Not sure what to book; 幫助 (/help) shows how to write it."
    )
    assert await talk("May", "May I draw?") == ""
    assert await talk("Will", "Will will draw later") == ""
    assert not any(isinstance(h.event, Draw) for h in (await talk.state()).history)


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
