"""One scripted session, three front ends, the same books (issue 5 Show: terminal, Telegram, Discord).

The same 14 steps are played through the terminal chat (``run_console``, as ``taipai chat`` runs it),
the real python-telegram-bot ``Application`` against the fake Bot API server, and the real discord.py
client fed gateway payloads.  On Telegram and Discord the hands alternate between the slash form and
free text, and 撤銷 and 斬 are button presses; the terminal types them.  Every front end must end with
the same balances and post the same settlement.

The books, by hand (底 5; dealer fan 2n+1 on legs with the dealer; 拉 ×1.5 rounded up):

 1. 開枱 A B C D — A deals.
 2. B 食 A 12番: A→B 拉一 12+5+1 = 18; B deals.
 3. B 食 A 12番: B deals (n=0): 18; 拉二 27+18 = 45; B n=1.
 4. C 自摸 10番: A 15, B 10+5+3 = 18, D 15 open chains to C; A→B settled: A -45, B +45; C deals.
 5. A 食 C 8番: C (dealer) → A 14 opens; A 踢半 of A→C 15 pays 7 (A -52, C +7); B→C 18 and D→C 15
    settled (B +27, D -15, C +40); D deals.
 6. 流局: D stays, n=1.
 7. D 食 B 5番, then 8. 撤銷 (button): nothing changes.
 9. C 食 D 6番: D→C 6+5+3 = 14 opens; C→A 14 settled (A -38, C +26); A deals, 南 round.
10. C 食 D 9番: 14; 拉二 21+14 = 35.   11. C 食 D 7番: 12; 拉三 53+12 = 65, 斬拉 offered to D.
12. D 斬 (button): D pays C 65 (D -80, C +91).
13. B 自摸 20番 (C deals): A 25, C 26, D 25 open chains to B.
14. 埋數: the chains settle: A -63, B +103, C +65, D -105 (sum 0).
"""

from __future__ import annotations

import io
from typing import Any

import pytest
import pytest_asyncio

from taipai.bot.console import CONSOLE_CHAT, run_console
from taipai.bot.service import Service
from taipai.bot.store import ChatRef, Store, sqlite_url

pytestmark = pytest.mark.asyncio

SCRIPT: list[tuple[Any, ...]] = [
    ("A", "open"),
    ("B", "win", "B", "A", 12),
    ("B", "win", "B", "A", 12),
    ("C", "selfdraw", "C", 10),
    ("A", "win", "A", "C", 8),
    ("A", "draw"),
    ("D", "win", "D", "B", 5),
    ("D", "undo"),
    ("C", "win", "C", "D", 6),
    ("C", "win", "C", "D", 9),
    ("C", "win", "C", "D", 7),
    ("D", "cut"),
    ("B", "selfdraw", "B", 20),
    ("A", "settle"),
]
BALANCES = {"A": -63, "B": 103, "C": 65, "D": -105}
SETTLED = (
    "拉一找數：A → B 25\n拉一找數：C → B 26\n拉一找數：D → B 25\n"
    "埋數！最後結果（底 = 5番，每番 HK$1）：\n"
    "  南 A: -63番 = -HK$63\n  西 B: +103番 = +HK$103\n  北 C: +65番 = +HK$65\n  東 D: -105番 = -HK$105\n"  # D deals: 東
    "四家加埋：0（收支平衡）\n找數：\n"
    "  D 俾 B 103番 = HK$103\n  A 俾 C 63番 = HK$63\n  D 俾 C 2番 = HK$2"
)


def cantonese(step: tuple[Any, ...]) -> str:
    """The step as typed in Cantonese."""
    kind = step[1]
    if kind == "win":
        return f"{step[2]} 食 {step[3]} {step[4]}番"
    if kind == "selfdraw":
        return f"{step[2]} 自摸 {step[3]}番"
    return {"open": "開枱 A B C D", "draw": "流局", "undo": "撤銷", "cut": "斬", "settle": "埋數"}[kind]


def slash(step: tuple[Any, ...]) -> str:
    """The step as a slash command."""
    kind = step[1]
    if kind == "win":
        return f"/win {step[2]} {step[3]} {step[4]}"
    if kind == "selfdraw":
        return f"/selfdraw {step[2]} {step[3]}"
    return {"open": "/newgame A B C D", "draw": "/draw", "settle": "/settle"}[kind]


BUTTON = {"undo": ("undo:", ""), "cut": ("cut:", ":y")}
"""Button steps: (callback data prefix, suffix) of the button pressed."""


async def balances(service: Service, chat: ChatRef) -> dict[str, Any]:
    session = await service.store.latest_session(chat)
    assert session is not None and session.status != "open"
    _seq, state = await service.state_of(session)
    return dict(state.balances)


@pytest_asyncio.fixture
async def fresh_store(tmp_path):
    stores: list[Store] = []

    async def make(name: str) -> Store:
        stores.append(await Store.open(sqlite_url(tmp_path / f"{name}.db")))
        return stores[-1]

    yield make
    for s in stores:
        await s.close()


async def play_terminal(service: Service) -> str:
    lines = "".join(f"{step[0]}: {cantonese(step)}\n" for step in SCRIPT)
    out = io.StringIO()
    assert await run_console(service, stdin=io.StringIO(lines), stdout=out, interactive=False) == 0
    last = out.getvalue().rsplit("taipai: ", 1)[1].rstrip("\n").split("\n")
    assert last[-1].startswith("（張圖存咗喺：")  # 埋數's chart, written beside the database
    return "\n".join(line.removeprefix(" " * len("taipai: ")) for line in last[:-1])


async def test_terminal(fresh_store):
    service = Service(await fresh_store("terminal"))
    assert await play_terminal(service) == SETTLED
    assert await balances(service, CONSOLE_CHAT) == BALANCES


async def play_telegram(service: Service) -> str:
    from taipai.bot.telegram import TelegramBot
    from tests.bot.telegram.fakebotapi import FakeBotAPI, shown

    group = -100777
    users = {n: FakeBotAPI.user(i, n) for i, n in enumerate("ABCD", start=1)}
    async with FakeBotAPI(admins={group: [99]}) as api:
        bot = TelegramBot(service, api.token, base_url=api.base_url, poll_timeout=1, group_rate=None)
        await bot.start()
        try:
            for i, step in enumerate(SCRIPT):
                before = len(api.posted(group))  # texts and photos (埋數's chart)
                user = users[step[0]]
                if step[1] in BUTTON:
                    prefix, suffix = BUTTON[step[1]]
                    message, data = _last_button(api.sent(group), prefix, suffix)
                    await api.press(group, user, message.result["message_id"], data)
                else:
                    await api.send_text(group, user, slash(step) if i % 2 == 0 else cantonese(step))
                await api.wait_for(lambda _calls, n=before: len(api.posted(group)) > n)
                if step[1] == "open":  # a seat is held by a user id: each player sits as themselves
                    for name, member in users.items():
                        before = len(api.sent(group))
                        await api.send_text(group, member, f"坐 {name}")
                        await api.wait_for(lambda _calls, n=before: len(api.sent(group)) > n)
            settled = shown(api.posted(group)[-1])  # 埋數's text is its chart's caption
        finally:
            await bot.stop()
    assert await balances(service, ChatRef("telegram", str(group))) == BALANCES
    return settled


def _last_button(calls: list[Any], prefix: str, suffix: str) -> tuple[Any, str]:
    for call in reversed(calls):
        markup = call.params.get("reply_markup") or {}
        for row in markup.get("inline_keyboard", []):
            for b in row:
                if b["callback_data"].startswith(prefix) and b["callback_data"].endswith(suffix):
                    return call, b["callback_data"]
    raise AssertionError(f"no button {prefix}…{suffix}")


async def play_discord(service: Service, monkeypatch: Any) -> str:
    from tests.bot.discord.harness import DiscordHarness, Person

    people = {n: Person(1000 + i, n, admin=False) for i, n in enumerate("ABCD", start=1)}
    async with DiscordHarness(service, monkeypatch) as h:
        for i, step in enumerate(SCRIPT):
            person = people[step[0]]
            if step[1] in BUTTON:
                prefix, suffix = BUTTON[step[1]]
                message_id, label = _last_discord_button(h, "tp:" + prefix, suffix)
                calls = await h.press(person, message_id, label)
            elif i % 2 == 1 and step[1] != "open":
                calls = await h.say(person, cantonese(step))
            else:
                name, *args = slash(step).removeprefix("/").split()
                options = _options(name, args)
                calls = await h.slash(person, name, **options)
            posted = [c for c in calls if c.kind != "update"]  # a press also takes the spent buttons off
            assert len(posted) == 1 and not posted[0].ephemeral, (step, [c.shown for c in calls])
            if step[1] == "open":  # a seat is held by a user id: each player sits as themselves
                for name, member in people.items():
                    await h.slash(member, "sit", seat=name)
        settled = calls[-1].content
    assert await balances(service, ChatRef("discord", str(h.channel_id))) == BALANCES
    return settled


def _options(name: str, args: list[str]) -> dict[str, str]:
    keys = {
        "newgame": ("east", "south", "west", "north"),
        "win": ("winner", "discarder", "hand"),
        "selfdraw": ("winner", "hand"),
    }.get(name, ())
    return dict(zip(keys, args, strict=True))


def _last_discord_button(h: Any, prefix: str, suffix: str) -> tuple[int, str]:
    for mid in sorted(h.api.messages, reverse=True):
        for row in h.api.messages[mid]["components"]:
            for b in row["components"]:
                if b["custom_id"].startswith(prefix) and b["custom_id"].endswith(suffix):
                    return mid, b["label"]
    raise AssertionError(f"no button {prefix}…{suffix}")


async def test_discord(fresh_store, monkeypatch):
    assert await play_discord(Service(await fresh_store("discord")), monkeypatch) == SETTLED


async def test_all_three_on_one_database(fresh_store, monkeypatch):
    """One service and one database for every front end, as ``taipai`` runs them in one process
    (Telegram is played only here: its poller takes a second to stop)."""
    service = Service(await fresh_store("shared"))
    settled = [
        await play_terminal(service),
        await play_telegram(service),
        await play_discord(service, monkeypatch),
    ]
    assert settled == [SETTLED] * 3
    assert await balances(service, CONSOLE_CHAT) == BALANCES
