"""Show (issue 18 item 4): a three-player evening through the terminal and through Telegram (the real
python-telegram-bot Application against the fake Bot API) gives the same balances, history, stats and
settlement; 埋數 sends the chart with three lines.

The game is :mod:`threeplay`'s 三人牌 (底 1): a discarder alone pays 底 × 翻, a self-draw takes 底 × 翻 from
each of the other two, the winner deals next.  By hand: Bob 食 Cat 3翻 (Cat −3, Bob +3; Bob deals);
Bob 自摸 4翻 (Ann −4, Cat −4, Bob +8); 流局 then 撤銷 (nothing moves); Cat 食 Ann 5翻 (Ann −5, Cat +5;
Cat deals).  Ann −9, Bob +11, Cat −2; to settle: Ann pays Bob 9, Cat pays Bob 2.
"""

from __future__ import annotations

import io

import pytest
from threeplay import registered

from taipai.bot.console import CONSOLE_CHAT, run_console
from taipai.bot.service.chart import chart_data
from taipai.bot.service.service import Service
from taipai.bot.store import Store

from .conftest import ANN, BOB, CAT, GROUP, labels, running_bot
from .test_record_flow_e2e import data_of, tap

pytestmark = pytest.mark.asyncio

EVENING = (
    (ANN, "開枱 Ann Bob Cat 三人牌"),
    (BOB, "Bob 食 Cat 3翻"),
    (BOB, "Bob 自摸 4翻"),
    (ANN, "流局"),
    (CAT, "撤銷"),
    (CAT, "Cat 食 Ann 5翻"),
    (ANN, "記錄"),
    (ANN, "戰績"),
    (ANN, "埋數"),
)
BALANCES = {"Ann": -9, "Bob": 11, "Cat": -2}

ZIPAI_EVENING = (
    (ANN, "開枱 Ann Bob Cat 字牌"),
    (BOB, "Bob 食 Cat 15"),
    (BOB, "Bob 自摸 12"),
    (ANN, "流局"),
    (CAT, "撤銷"),
    (CAT, "Cat 食 Ann 10"),
    (ANN, "記錄"),
    (ANN, "戰績"),
    (ANN, "埋數"),
)
"""字牌 (大字牌, 底 1; issue 18 「each loser pays the winner's 油; a self-draw doubles the winner's gain; on a
點炮 the discarder alone pays」, 點炮 全包: for both losers): Bob 食 Cat 15 → Cat pays 2 × 15 = 30; Bob 自摸
12 → Ann and Cat pay 2 × 12 = 24 each; 流局, 撤銷; Cat 食 Ann 10 → Ann pays 2 × 10 = 20."""
ZIPAI_BALANCES = {"Ann": -44, "Bob": 78, "Cat": -34}


async def both_ways(tmp_path, evening):
    """The evening typed in the terminal, then said in a Telegram group: (the terminal's output, the
    Telegram replies by line, 埋數's caption, the terminal's state, the Telegram state)."""
    store = await Store.open(f"sqlite+aiosqlite:///{tmp_path / 'console.db'}")
    try:
        service = Service(store)
        script = "".join(f"{who['first_name']}: {said}\n" for who, said in evening)
        out = io.StringIO()
        assert await run_console(service, stdin=io.StringIO(script), stdout=out, interactive=False) == 0
        session = await store.latest_session(CONSOLE_CHAT)
        assert session is not None
        _seq, console_state = await service.state_of(session)
    finally:
        await store.close()
    async with running_bot(tmp_path) as (g, _bot):
        (opened,) = await g.say(ANN, evening[0][1])
        assert opened.params["text"].startswith("開枱：東 Ann、南 Bob、西 Cat。Ann 做莊。")
        assert labels(opened)[0] == ["坐東", "坐南", "坐西"]
        await g.say(BOB, "坐 南")
        await g.say(CAT, "坐 西")
        replies = {}
        for who, said in evening[1:-1]:
            (r,) = await g.say(who, said)
            replies[said] = r.params["text"]
        sent_photos = len(g.api.sent(GROUP, "sendPhoto"))
        await g.api.send_text(GROUP, ANN, "埋數")
        (photo,) = await g.api.wait_for(lambda _c: g.api.sent(GROUP, "sendPhoto")[sent_photos:])
        session = await g.service.store.latest_session(g.chat)
        assert session is not None
        _seq, telegram_state = await g.service.state_of(session)
    terminal = out.getvalue()
    # every reply the terminal printed is the Telegram reply, line for line
    for said, text in (*replies.items(), ("埋數", photo.params["caption"])):
        assert "taipai: " + text.replace("\n", "\n" + " " * 8) in terminal, said
    assert telegram_state.balances == console_state.balances
    assert [h.summary for h in telegram_state.history] == [h.summary for h in console_state.history]
    return replies, photo.params["caption"], telegram_state


async def test_the_terminal_and_telegram_book_the_same_evening(tmp_path, monkeypatch) -> None:
    registered(monkeypatch)
    replies, settled, state = await both_ways(tmp_path, EVENING)
    assert state.balances == BALANCES and state.names == ("Ann", "Bob", "Cat")
    assert replies["Bob 食 Cat 3翻"] == "Bob 食 Cat：3翻\nCat 俾 Bob HK$3\n下一鋪：Bob 做莊；東圈，第2鋪。"
    assert replies["撤銷"].startswith("Cat 撤銷咗：流局")
    # Cat won last, so Cat deals (東) and the others' winds follow: Ann 南, Bob 西
    assert settled.splitlines() == [
        "埋數！最後結果：",
        "  南 Ann: -HK$9",
        "  西 Bob: +HK$11",
        "  東 Cat: -HK$2",
        "三家加埋：0（收支平衡）",
        "找數：",
        "  Ann 俾 Bob HK$9",
        "  Cat 俾 Bob HK$2",
    ]
    chart = chart_data(state)
    assert [s.name for s in chart.series] == ["Ann", "Bob", "Cat"]
    assert [list(s.values) for s in chart.series] == [[0, 0, -4, -9], [0, 3, 11, 11], [0, -3, -7, -2]]


async def test_a_zipai_evening_the_same_in_the_terminal_and_on_telegram(tmp_path) -> None:
    replies, settled, state = await both_ways(tmp_path, ZIPAI_EVENING)
    assert state.system == "zipai" and state.balances == ZIPAI_BALANCES
    assert replies["Bob 食 Cat 15"].splitlines()[-1] == "下一鋪：Bob 做莊；第2鋪。"  # 字牌: no 圈
    assert settled.splitlines()[-3:] == ["找數：", "  Ann 俾 Bob HK$44", "  Cat 俾 Bob HK$34"]
    chart = chart_data(state)
    assert [list(s.values) for s in chart.series] == [[0, 0, -24, -44], [0, 30, 78, 78], [0, -30, -54, -34]]


async def test_three_seat_buttons_taps_among_three_and_kaitoi_alone_reopens_the_three(
    tmp_path, monkeypatch
) -> None:
    registered(monkeypatch)
    async with running_bot(tmp_path) as (g, _bot):
        (opened,) = await g.say(ANN, "開枱 Ann Bob Cat 三人牌")
        assert labels(opened) == [["坐東", "坐南", "坐西"], ["📝 記牌"]]
        for user, data in ((ANN, "seat:0:0"), (BOB, "seat:0:1"), (CAT, "seat:0:2")):
            await g.press(user, opened, data)
        (flow,) = await g.say(BOB, "記牌")
        assert labels(flow) == [["東 Ann", "南 Bob", "西 Cat"], ["流局"], ["✖ 取消"]]
        mid = flow.result["message_id"]
        _a, shown = await tap(g, BOB, mid, flow, "南 Bob")
        assert labels(shown) == [["東 Ann", "西 Cat"], ["自摸"], ["⬅ 返轉頭", "✖ 取消"]]
        _a, shown = await tap(g, BOB, mid, shown, "自摸")
        _a, shown = await tap(g, BOB, mid, shown, "3")
        _a, confirm = await tap(g, BOB, mid, shown, "✔ 3翻")
        before = g.count()
        await g.api.press(GROUP, BOB, mid, data_of(confirm, "✅ 確認"))
        await g.api.wait_for(lambda _c: g.count() > before)
        (hand,) = g.api.sent(GROUP)[before:]
        # 底 1 × 3翻 (廣東牌's 起糊 3) from each of the two others
        assert hand.params["text"].startswith("Bob 自摸：3翻\nAnn 俾 Bob HK$3\nCat 俾 Bob HK$3\n")
        assert await g.balances() == {"Ann": -3, "Bob": 6, "Cat": -3}
        await g.say(ANN, "埋數", replies=0)
        await g.api.wait_for(lambda _c: g.api.sent(GROUP, "sendPhoto"))
        (again,) = await g.say(ANN, "開枱")
        assert again.params["text"].startswith("開枱：東 Ann、南 Bob、西 Cat。Ann 做莊。")
        assert "用返上次記低嘅三個位開枱。" in again.params["text"]
        session = await g.service.store.open_session(g.chat)
        assert session is not None and session.system == "three-test"
