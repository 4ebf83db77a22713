"""The Discord adapter end to end: the real command tree, views and message handler (issue 5 Show).

Every reply is asserted exactly.  Amounts by hand (底 5, dealer fan 2n+1 on legs with the dealer):

- B 食 A 12番 (A deals, n=0): A pays 12 + 5 + 1 = 18; chain A→B 拉一 18; B deals next.
- B 食 A 12番 again (B deals, n=0): A pays 18; 拉二 = ceil(18 × 1.5) + 18 = 27 + 18 = 45; B n=1.
- C 自摸 10番 (B deals, n=1): A 15, B 10 + 5 + 3 = 18, D 15; A→B is settled (45) — then undone.
- B 食 A 12番 (B deals, n=1): A pays 12 + 5 + 3 = 20; 拉三 = ceil(45 × 1.5) + 20 = 68 + 20 = 88,
  so A is offered 斬拉 (default: every third level); A cuts: A pays B 88.  Balances A -88, B +88.
"""

from __future__ import annotations

import discord
import pytest

from taipai.bot.discord import TaipaiDiscord, run_discord
from taipai.bot.discord.client import plain_mentions, split_text
from taipai.bot.service import Service
from taipai.bot.settings import Settings
from tests.bot.discord.harness import APP_ID, DiscordHarness, FakeDiscordAPI, Person

A = Person(1001, "A", admin=True)
B = Person(1002, "B")
C = Person(1003, "C")
D = Person(1004, "D")
ZED = Person(1009, "Zed")

pytestmark = pytest.mark.asyncio

OPEN_BUTTONS = ["坐東", "坐南", "坐西", "坐北", "📝 記牌"]
OPENED = ("response", "開枱：東 A、南 B、西 C、北 D。A 做莊。\n玩法：港式台牌，計番。\n下一鋪：A 做莊；東圈，第1鋪。", OPEN_BUTTONS)


async def seat(h: DiscordHarness, *people: Person) -> None:
    """Each of ``people`` takes the seat of their own name with ``/sit`` (a seat is held by a user
    id: a display name equal to a player's does not seat anyone)."""
    for person in people:
        calls = await h.slash(person, "sit", seat=person.name)
        assert [c.content for c in calls] == [f"{person.name} 坐 {person.name}（{'東南西北'['ABCD'.index(person.name)]}位）。"]


async def test_commands_are_published_with_chinese_names(store, monkeypatch):
    async with DiscordHarness(Service(store), monkeypatch) as h:
        login = [(c.method, c.path) for c in h.api.calls]
        assert login == [
            ("GET", "/users/@me"),
            ("GET", "/oauth2/applications/@me"),
            ("PUT", f"/applications/{APP_ID}/commands"),
        ]
        published = {c["name"]: c for c in h.api.calls[2].body}
    assert list(published) == [
        "newgame",
        "win",
        "selfdraw",
        "bird",
        "shuxin",
        "draw",
        "undo",
        "redo",
        "score",
        "chains",
        "settle",
        "cut",
        "nocut",
        "rules",
        "sit",
        "leave",
        "lang",
        "history",
        "export",
        "calc",
        "waits",
        "stats",
        "leaderboard",
        "season",
        "chart",
        "currency",
        "record",
        "help",
    ]
    zh = {c: published[c]["name_localizations"]["zh-TW"] for c in published}
    assert zh == {
        "newgame": "開枱",
        "win": "食糊",
        "selfdraw": "自摸",
        "bird": "鳥",
        "shuxin": "數信",
        "draw": "流局",
        "undo": "撤銷",
        "redo": "重做",
        "score": "計數",
        "chains": "拉",
        "settle": "埋數",
        "cut": "斬",
        "nocut": "唔斬",
        "rules": "規則",
        "sit": "坐",
        "leave": "離座",
        "lang": "語言",
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
        "help": "幫助",
    }
    win = published["win"]
    assert win["name_localizations"] == {"zh-TW": "食糊", "zh-CN": "食糊"}
    assert win["description"] == "A win on a discard: the winner, who discarded, and the hand or its fan"
    assert win["description_localizations"]["zh-CN"] == "食出銃：邊個食、邊個出銃，同埋手牌或者番數"
    assert [(o["name"], o["name_localizations"]["zh-TW"], o["required"]) for o in win["options"]] == [
        ("winner", "贏家", True),
        ("discarder", "出銃", True),
        ("hand", "牌", True),
    ]
    assert published["cut"]["options"][0]["required"] is False
    choices = published["lang"]["options"][0]["choices"]
    assert [(c["name"], c["value"], c["name_localizations"]) for c in choices] == [
        ("廣東話", "zh", {"zh-TW": "廣東話", "zh-CN": "廣東話"}),
        ("English", "en", {"zh-TW": "English", "zh-CN": "English"}),
        ("简体中文", "zh_Hans", {"zh-TW": "簡體中文", "zh-CN": "簡體中文"}),
    ]


async def test_a_session_by_slash_commands_and_buttons(store, monkeypatch):
    async with DiscordHarness(Service(store), monkeypatch) as h:
        assert [c.shown for c in await h.slash(A, "newgame", east="A", south="B", west="C", north="D")] == [
            OPENED
        ]
        await seat(h, A, B, C)

        calls = await h.slash(B, "win", winner="B", discarder="A", hand="12")
        assert [c.shown for c in calls] == [
            (
                "response",
                "B 食 A：12番\n  A → B：18（12番 + 底 5 + 莊 1）\n拉一：A 欠 B 18\n下一鋪：B 做莊；東圈，第2鋪。",
                ["撤銷", "📝 記牌"],
            )
        ]
        assert calls[0].buttons == [("撤銷", "tp:undo:1:2"), ("📝 記牌", "tp:rec:n")]

        calls = await h.say(B, "B 食 A 12番")
        assert [c.shown for c in calls] == [
            (
                "message",
                "B 食 A：12番\n  A → B：18（12番 + 底 5 + 莊 1）\n拉二：A 欠 B 45（18 + 18×½→9 + 18）\n下一鋪：B 做莊，連1；東圈，第3鋪。",
                ["撤銷", "📝 記牌"],
            )
        ]
        assert calls[0].body["message_reference"]["message_id"] is not None  # a reply to the hand

        selfdraw = await h.slash(C, "selfdraw", winner="C", hand="10")
        assert [c.shown for c in selfdraw] == [
            (
                "response",
                "C 自摸：10番\n  A → C：15（10番 + 底 5）\n  B → C：18（10番 + 底 5 + 莊 3）\n"
                "  D → C：15（10番 + 底 5）\n拉二找數：A → B 45\n拉一：A 欠 C 15\n拉一：B 欠 C 18\n"
                "拉一：D 欠 C 15\n下一鋪：C 做莊；東圈，第4鋪。",
                ["撤銷", "📝 記牌"],
            )
        ]

        undo = await h.press(C, selfdraw[0].message_id, "撤銷")
        assert [c.shown for c in undo] == [
            ("update", None, []),  # the spent button is taken off the hand message
            (
                "followup",
                "C 撤銷咗：C 自摸：10番。\n拉二返番嚟：A 欠 B 45\n拉一取消：A 唔使再欠 C 15\n"
                "拉一取消：B 唔使再欠 C 18\n拉一取消：D 唔使再欠 C 15\nB 退返 45 俾 A\n"
                "下一鋪：B 做莊，連1；東圈，第3鋪。",
                [],
            ),
        ]
        assert undo[0].body["data"]["components"] == []
        again = await h.press(C, selfdraw[0].message_id, "撤銷")  # a stale copy of the button
        assert [c.shown for c in again] == [("response!", "已經撤銷咗喇。", [])]

        offer = await h.slash(B, "win", winner="B", discarder="A", hand="12")
        assert [c.shown for c in offer] == [
            (
                "response",
                "B 食 A：12番\n  A → B：20（12番 + 底 5 + 莊 3）\n拉三：A 欠 B 88（45 + 45×½→23 + 20）\n"
                "A：B 拉緊你拉三（88）。斬唔斬？答「斬」或者「唔斬」。\n下一鋪：B 做莊，連2；東圈，第4鋪。",
                ["撤銷", "📝 記牌", "斬（A → B）", "唔斬（A → B）"],
            )
        ]
        rows = offer[0].components
        assert [[b["custom_id"] for b in row["components"]] for row in rows] == [
            ["tp:undo:1:6"],
            ["tp:rec:n"],
            ["tp:cut:1:0:1:3:y", "tp:cut:1:0:1:3:n"],
        ]
        assert [b["style"] for b in rows[2]["components"]] == [4, 2]  # 斬 red, 唔斬 grey

        not_theirs = await h.press(B, offer[0].message_id, "斬（A → B）")
        assert [c.shown for c in not_theirs] == [("response!", "只有 A 先可以答呢個斬拉。", [])]

        cut = await h.press(A, offer[0].message_id, "斬（A → B）")
        assert [c.shown for c in cut] == [
            ("update", None, []),
            ("followup", "斬拉：A 俾 B 拉三 88", []),
        ]

        assert [c.shown for c in await h.slash(A, "draw")] == [
            ("response", "流局：臭莊，莊家連莊。\n下一鋪：B 做莊，連3；東圈，第5鋪。", ["撤銷", "📝 記牌"])
        ]
        assert [c.shown for c in await h.slash(D, "score")] == [
            ("response", "第5鋪，東圈，B 做莊，連3\n  北 A: -88\n  東 B: +88\n  南 C: 0\n  西 D: 0", [])
        ]
        assert [c.shown for c in await h.slash(A, "settle")] == [
            ("defer", None, []),  # 埋數 draws the evening's picture: deferred at once
            (
                "followup",
                "埋數！最後結果（底 = 5番，每番 HK$1）：\n  北 A: -88番 = -HK$88\n  東 B: +88番 = +HK$88\n"
                "  南 C: 0番 = HK$0\n  西 D: 0番 = HK$0\n四家加埋：0（收支平衡）\n找數：\n  A 俾 B 88番 = HK$88",
                [],
            )
        ]


async def test_free_text_mentions_talk_and_duplicates(store, monkeypatch):
    async with DiscordHarness(Service(store), monkeypatch) as h:
        assert [c.shown for c in await h.say(A, "開枱 A B C D")] == [("message", OPENED[1], OPEN_BUTTONS)]
        await seat(h, B)
        assert await h.say(C, "今晚食咩好？") == []  # talk: no reply
        hand = "B 食 <@1001> 12番"  # Discord's markup for @A
        first = await h.say(B, hand, message_id=777, mentions=[A])
        assert [c.content for c in first] == [
            "B 食 A：12番\n  A → B：18（12番 + 底 5 + 莊 1）\n拉一：A 欠 B 18\n下一鋪：B 做莊；東圈，第2鋪。"
        ]
        assert await h.say(B, hand, message_id=777, mentions=[A]) == []  # delivered twice, booked once
        assert [c.content for c in await h.slash(A, "score")] == [
            "第2鋪，東圈，B 做莊\n  北 A: 0 （連拉計：-18）\n  東 B: 0 （連拉計：+18）\n  南 C: 0\n  西 D: 0\n拉緊：\n  拉一：A 欠 B 18"
        ]


async def test_permissions_and_language(store, monkeypatch):
    async with DiscordHarness(Service(store), monkeypatch) as h:
        await h.slash(A, "newgame", east="A", south="B", west="C", north="D")
        assert [c.shown for c in await h.slash(ZED, "win", winner="B", discarder="A", hand="12")] == [
            ("response", "Zed：請先坐低，例如 坐 南（或者 /sit 南）。", [])
        ]
        assert [c.shown for c in await h.slash(B, "settle")] == [
            ("defer", None, []),
            ("followup", "B：呢樣要開枱嘅人或者群組管理員先可以做。", []),
        ]
        assert [c.shown for c in await h.slash(ZED, "sit", seat="北")] == [
            ("response", "Zed 坐 D（北位）。", [])
        ]
        lang = await h.slash(ZED, "lang", language="en")
        assert [c.shown for c in lang] == [("response", "Language set: English.", [])]
        assert [c.shown for c in await h.slash(ZED, "selfdraw", winner="D", hand="8")] == [
            (
                "response",
                "D self-draws (自摸): 8 fan\n  A → D: 14 (8 fan + 底 5 + dealer 1)\n  B → D: 13 (8 fan + 底 5)\n"
                "  C → D: 13 (8 fan + 底 5)\nla 1: A owes D 14\nla 1: B owes D 13\nla 1: C owes D 13\n"
                "Next: B deals; 東 round, hand 2.",
                ["Undo", "📝 Record"],
            )
        ]


async def test_a_button_works_after_a_restart(store, monkeypatch):
    service = Service(store)
    async with DiscordHarness(service, monkeypatch) as before:
        await before.slash(A, "newgame", east="A", south="B", west="C", north="D")
        await seat(before, B)
        win = await before.slash(B, "win", winner="B", discarder="A", hand="12")
        posted = before.api.messages[win[0].message_id]
    async with DiscordHarness(Service(store), monkeypatch) as after:  # a new process: nothing in memory
        after.api.messages[win[0].message_id] = posted
        calls = await after.press(B, win[0].message_id, "撤銷")
    assert [c.shown for c in calls] == [
        ("update", None, []),
        (
            "followup",
            "B 撤銷咗：B 食 A：12番。\n拉一取消：A 唔使再欠 B 18\n下一鋪：A 做莊；東圈，第1鋪。",
            [],
        ),
    ]


async def test_help_and_an_empty_answer_is_ephemeral(store, monkeypatch):
    async with DiscordHarness(Service(store), monkeypatch) as h:
        help_calls = await h.slash(A, "help")
        # /help lists every game: past Discord's 2,000 characters it goes on in follow-ups
        assert [c.kind for c in help_calls] == ["response"] + ["followup"] * (len(help_calls) - 1)
        assert help_calls[0].content.startswith("指令：\n")
        h.client.service.handle = _no_reply  # type: ignore[method-assign]
        assert [c.shown for c in await h.slash(A, "score")] == [("response!", "冇嘢要做。", [])]


async def _no_reply(*args, **kwargs):
    return []


def test_split_text():
    assert split_text("abc", 2000) == ["abc"]
    assert split_text("", 2000) == [""]
    assert split_text("aa\nbb\ncc", limit=5) == ["aa\nbb", "cc"]
    assert split_text("abcdefgh\nij", limit=3) == ["abc", "def", "gh", "ij"]
    assert all(len(p) <= 2000 for p in split_text("番" * 4500, 2000))
    assert "".join(split_text("番" * 4500, 2000)) == "番" * 4500


def test_plain_mentions():
    class U:
        def __init__(self, i, n):
            self.id, self.display_name = i, n

    assert plain_mentions("B 食 <@1> 12番 <@!2> <@3>", [U(1, "A"), U(2, "C")]) == "B 食 @A 12番 @C <@3>"


async def test_run_discord_refuses_a_bad_or_missing_token(store, monkeypatch):
    api = FakeDiscordAPI(valid_token="the-right-one")
    monkeypatch.setattr(discord.http.aiohttp, "ClientSession", lambda *a, **k: api)
    with pytest.raises(discord.LoginFailure):
        await run_discord(Settings(discord_bot_token="a-wrong-one", _env_file=None), Service(store))
    assert [(c.method, c.path) for c in api.calls] == [("GET", "/users/@me")]
    assert api.closed
    with pytest.raises(ValueError, match="DISCORD_BOT_TOKEN"):
        await run_discord(Settings(discord_bot_token=None, _env_file=None), Service(store))


async def test_the_client_asks_for_message_content_only_when_told(store):
    assert TaipaiDiscord(Service(store)).intents.message_content is True
    assert TaipaiDiscord(Service(store), message_content=False).intents.message_content is False


async def test_run_discord_runs_on_without_the_message_content_intent(store, monkeypatch):
    started: list[bool] = []

    async def start(self, token, *, reconnect=True):
        started.append(self.intents.message_content)
        if self.intents.message_content:  # what the gateway says when the portal switch is off
            raise discord.PrivilegedIntentsRequired(None)

    monkeypatch.setattr(TaipaiDiscord, "start", start)
    await run_discord(Settings(discord_bot_token="a-token", _env_file=None), Service(store))
    assert started == [True, False]
