"""Discord parity (issue 15 item 11): the slash commands /history, /export, /calc, /waits, /stats,
/leaderboard, /season, /chart, /currency and /record, published with their Cantonese names, each
relaying the agreed slash text to the service; the slow ones deferred before the service is asked.

Amounts by hand (底 5, dealer fan 2n+1 on legs with the dealer): B 食 A 12番 while A deals (n=0):
A pays 12 + 5 + 1 = 18.
"""

from __future__ import annotations

import re
from typing import Any

import pytest

from taipai.bot.service import Service
from tests.bot.discord.harness import DiscordHarness, Person

pytestmark = pytest.mark.asyncio

A = Person(1001, "A", admin=True)
B = Person(1002, "B")

NEW = ("history", "export", "calc", "waits", "stats", "leaderboard", "season", "chart", "currency", "record")


class Recording(Service):
    """A service that remembers the text of every command it is handed."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.said: list[str] = []

    async def handle(self, chat, speaker, text, message_id=None, **kwargs):  # type: ignore[override]
        self.said.append(text)
        return await super().handle(chat, speaker, text, message_id, **kwargs)


async def test_the_new_commands_are_published_with_cantonese_names_options_and_choices(store, monkeypatch):
    async with DiscordHarness(Service(store), monkeypatch) as h:
        (sync,) = [c for c in h.api.calls if c.method == "PUT"]
        published = {c["name"]: c for c in sync.body}
    assert {n: published[n]["name_localizations"]["zh-TW"] for n in NEW} == {
        "history": "紀錄",
        "export": "匯出",
        "calc": "計番",
        "waits": "聽",
        "stats": "戰績",
        "leaderboard": "排行榜",
        "season": "新賽季",
        "chart": "走勢",
        "currency": "貨幣",
        "record": "記牌",
    }
    assert published["calc"]["description"] == "Score a hand and explain it; nothing is booked (計番)"
    assert published["calc"]["description_localizations"]["zh-TW"] == "計副牌值幾多、點樣計，唔會記落數"
    options = {
        n: [
            (o["name"], o.get("name_localizations", {}).get("zh-TW"), o["type"], o["required"])
            for o in c["options"]
        ]
        for n, c in published.items()
        if n in NEW
    }
    assert options == {
        "history": [],
        "export": [("period", "時段", 3, False)],
        "calc": [("hand", "牌", 3, True), ("image", "圖", 5, False)],
        "waits": [("tiles", "手牌", 3, True)],
        "stats": [("period", "時段", 3, False)],
        "leaderboard": [("period", "時段", 3, False)],
        "season": [],
        "chart": [],
        "currency": [("currency", "貨幣", 3, False)],
        "record": [],
    }

    def choices(name: str) -> list[tuple[str, str, str | None]]:
        (option,) = published[name]["options"]
        return [
            (c["name"], c["value"], c.get("name_localizations", {}).get("zh-TW")) for c in option["choices"]
        ]

    assert choices("stats") == [
        ("this session", "session", "今晚"),
        ("this month", "month", "本月"),
        ("this season", "season", "賽季"),
        ("all time", "all", "全部"),
    ]
    assert choices("leaderboard") == [
        ("this month", "month", "本月"),
        ("this season", "season", "賽季"),
        ("all time", "all", "全部"),
    ]
    assert choices("export") == [("this session", "session", "今晚"), ("this season", "season", "賽季")]
    assert choices("currency") == [
        ("HK$ HKD", "HKD", None),
        ("$ USD", "USD", None),
        ("NT$ TWD", "TWD", None),
        ("¥ CNY", "CNY", None),
    ]


@pytest.mark.parametrize(
    ("name", "options", "text"),
    [
        ("history", {}, "/history"),
        ("export", {}, "/export"),
        ("export", {"period": "session"}, "/export"),
        ("export", {"period": "season"}, "/export season"),
        (
            "calc",
            {"hand": "一二三萬 四五六萬 七八九萬 東東東 中中 摸 發"},
            "/calc 一二三萬 四五六萬 七八九萬 東東東 中中 摸 發",
        ),
        ("calc", {"hand": "一二三萬", "image": True}, "/calc 一二三萬 image"),
        ("calc", {"hand": "一二三萬", "image": False}, "/calc 一二三萬"),
        ("waits", {"tiles": "一二三萬 四五六萬"}, "/waits 一二三萬 四五六萬"),
        ("stats", {}, "/stats"),
        ("stats", {"period": "month"}, "/stats month"),
        ("stats", {"period": "all"}, "/stats all"),
        ("leaderboard", {"period": "season"}, "/leaderboard season"),
        ("season", {}, "/season"),
        ("chart", {}, "/chart"),
        ("currency", {"currency": "TWD"}, "/currency TWD"),
        ("currency", {}, "/currency"),
        ("record", {}, "/record"),
    ],
)
async def test_each_command_relays_the_agreed_slash_text(store, monkeypatch, name, options, text):
    service = Recording(store)
    async with DiscordHarness(service, monkeypatch) as h:
        await h.slash(A, "newgame", east="A", south="B", west="C", north="D")
        calls = await h.slash(A, name, **options)
    assert service.said == ["/newgame A B C D", text]
    assert calls, "every command is answered"


SLOW = ["history", "export", "calc", "waits", "stats", "leaderboard", "chart"]


@pytest.mark.parametrize("name", SLOW)
async def test_a_slow_command_is_deferred_thinking_before_the_service_is_asked(store, monkeypatch, name):
    service = Recording(store)
    options = {"calc": {"hand": "一二三萬"}, "waits": {"tiles": "一二三萬"}}.get(name, {})
    async with DiscordHarness(service, monkeypatch) as h:
        await h.slash(A, "newgame", east="A", south="B", west="C", north="D")
        deferred_before: list[bool] = []
        real = service.handle

        async def watch(*args: Any, **kwargs: Any) -> Any:
            deferred_before.append(any(c.kind == "defer" for c in h.api.calls[start:]))
            return await real(*args, **kwargs)

        service.handle = watch  # type: ignore[method-assign]
        start = len(h.api.calls)
        calls = await h.slash(A, name, **options)
    assert deferred_before == [True]
    assert calls[0].kind == "defer" and calls[0].body["type"] == 5  # "thinking…"
    assert [c.kind for c in calls[1:]] and {c.kind for c in calls[1:]} == {"followup"}


async def test_a_hand_of_tiles_is_deferred_and_a_bare_count_answered_at_once(store, monkeypatch):
    async with DiscordHarness(Service(store), monkeypatch) as h:
        await h.slash(A, "newgame", east="A", south="B", west="C", north="D")
        await h.slash(B, "sit", seat="B")
        counted = await h.slash(B, "win", winner="B", discarder="A", hand="12")
        assert [c.kind for c in counted] == ["response"]
        assert counted[0].content is not None and counted[0].content.startswith("B 食 A：12番\n  A → B：18")
        await h.slash(B, "undo")
        tiles = await h.slash(
            B, "win", winner="B", discarder="A", hand="一二三萬 四五六萬 七八九萬 東東東 中"
        )
        assert [c.kind for c in tiles] == ["defer", "followup"]


async def test_a_quick_command_is_one_plain_response(store, monkeypatch):
    async with DiscordHarness(Service(store), monkeypatch) as h:
        calls = await h.slash(A, "newgame", east="A", south="B", west="C", north="D", game="taiwan")
        assert [c.kind for c in calls] == ["response"]
        assert calls[0].content is not None and "玩法：台灣牌" in calls[0].content
        assert [c.kind for c in await h.slash(A, "score")] == ["response"]


async def test_currency_history_and_a_season_export_through_the_service(store, monkeypatch):
    async with DiscordHarness(Service(store), monkeypatch) as h:
        await h.slash(A, "newgame", east="A", south="B", west="C", north="D")
        await h.slash(B, "sit", seat="B")
        await h.slash(B, "win", winner="B", discarder="A", hand="12")
        (currency,) = await h.slash(A, "currency", currency="TWD")
        history = await h.slash(B, "history")
        season = await h.slash(B, "export", period="season")
    assert currency.content == (  # a table is open: its money reads NT$ too
        "貨幣改咗做 NT$（TWD）。呢張枱嘅銀碼而家咁寫：NT$1,080；已經記咗嘅數唔變；打完嘅場次照用返佢哋自己嘅貨幣。"
    )
    assert [c.kind for c in history] == ["defer", "followup"]
    assert (
        history[1].content
        == "紀錄：\n#2 第1鋪：B 食 A：12番\n    A → B：18（12番 + 底 5 + 莊 1）\n    拉一：A 欠 B 18"
    )
    assert [c.kind for c in season] == ["defer", "followup"]
    ((name, data),) = season[1].files
    # named as a session's export: the database's name and hash, the platform, the chat, the season
    assert re.fullmatch(r"taipai-bot-[0-9a-f]{8}-discord-920000000000000001-season1\.csv", name), name
    assert data.startswith(b"\xef\xbb\xbf")  # UTF-8 with a BOM: Excel reads the Chinese
