"""The same scripted evening of each game, the same books on every front end (issue 14 Show: "The same
scripted evening of each game gives identical balances in the terminal and on Telegram").

One evening per rule system — 台灣牌 (``taiwan``, :data:`TAIWAN`), 廣東牌 (``hk-old``, :data:`HK_OLD`) and a
short one of 港式台牌 opened by name (``hk-taiwan``, :data:`HK_TAIWAN`) — is played through the terminal
chat (``run_console``, one line at a time, as ``taipai chat`` reads them), through the real
python-telegram-bot ``Application`` against the fake Bot API server, and through the real discord.py
client fed gateway payloads.  On Telegram the steps that have a slash form alternate between it and the
Cantonese words; on Discord the table is opened with words (``/newgame`` takes no game) and the counts go
as slash commands; 撤銷 is the button under the booking it takes back on both.

Every front end must give, step by step, the payment lines each evening's docstring derives by hand
(who pays whom, how much), refuse what it refuses with nothing booked, end with the same balances, and
post the same settlement.
"""

from __future__ import annotations

import io
import re
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from typing import Any

import pytest
import pytest_asyncio

from taipai.bot.console import CONSOLE_CHAT, run_console
from taipai.bot.service import Service
from taipai.bot.store import ChatRef, Store, sqlite_url

pytestmark = pytest.mark.asyncio


@dataclass(frozen=True)
class Step:
    """One line of an evening.

    Attributes:
        who: the speaker (on Telegram and Discord the player seated under that name).
        text: the line in Cantonese, as the terminal types it.
        slash: the same command's slash form (Telegram types it on every other step), or ``""``.
        pays: the reply's money lines (``X 俾 Y n``, ``X 退返 n 俾 Y``, hk-taiwan's ``X → Y：n（…）`` and
            ``拉一：X 欠 Y n``), exactly and in order: what the step books.
        says: further text the reply must hold.
        refused: the step books nothing (the table's last event is the same after it).
        button: press this inline button (callback data prefix) under the bot's latest message that has
            one, instead of typing, on Telegram and Discord.
        discord: the Discord slash command ``(name, options)`` to use instead of the words, if any.
    """

    who: str
    text: str
    slash: str = ""
    pays: tuple[str, ...] = ()
    says: tuple[str, ...] = ()
    refused: bool = False
    button: str = ""
    discord: tuple[str, dict[str, str]] | None = None


@dataclass(frozen=True)
class Evening:
    """A scripted evening: its steps, the final balances (ledger amounts) and the 埋數 reply."""

    name: str
    steps: tuple[Step, ...]
    balances: dict[str, int]
    settled: str


TAIWAN_SELF_DRAW = "一二三萬 四五六萬 七八九萬 二三四筒 五六索 東東 摸 七索"
"""Concealed, self-drawn, two-sided wait (五六索 waits 四/七索), 東東 eyes: 門清 1 + 不求.自摸 2 = 3台."""

TAIWAN = Evening(
    "taiwan",
    (
        Step("A", "開枱 A B C D 台灣牌", "/newgame A B C D taiwan", says=("玩法：台灣牌，計台",)),
        Step("A", "規則 底 100 台 50", says=("底 = 100", "台 = 50")),
        Step(
            "C",
            "C 食 B 3台",
            "/win C B 3",
            pays=("B 俾 C HK$250（底 100 + 3台 × 50）",),
            says=("下一鋪：B 做莊",),
        ),
        Step(
            "B",
            f"B 自摸 {TAIWAN_SELF_DRAW}",
            f"/selfdraw B {TAIWAN_SELF_DRAW}",
            pays=(
                "A 俾 B HK$300（底 100 + 3台 × 50 + 作莊 50）",
                "C 俾 B HK$300（底 100 + 3台 × 50 + 作莊 50）",
                "D 俾 B HK$300（底 100 + 3台 × 50 + 作莊 50）",
            ),
            says=("B 自摸：3台", "不求.自摸：2台", "門清：1台", "B 做莊，連1"),
        ),
        Step("B", "流局", "/draw", says=("B 做莊，連2",)),
        Step(
            "B",
            "B 食 D 2台",
            "/win B D 2",
            pays=("D 俾 B HK$450（底 100 + 2台 × 50 + 作莊 50 + 連2拉2 200）",),
            says=("B 做莊，連3",),
        ),
        Step(
            "A",
            "A 食 B 1台; C 食 B 2台",
            "/win A B 1; C B 2",
            pays=(
                "B 俾 A HK$500（底 100 + 1台 × 50 + 作莊 50 + 連3拉3 300）",
                "B 俾 C HK$550（底 100 + 2台 × 50 + 作莊 50 + 連3拉3 300）",
            ),
            says=("下一鋪：C 做莊；",),
        ),
        Step(
            "D",
            "D 食 A 5台",
            "/win D A 5",
            pays=("A 俾 D HK$350（底 100 + 5台 × 50）",),
            discord=("win", {"winner": "D", "discarder": "A", "hand": "5"}),
        ),
        Step("D", "撤銷", "/undo", pays=("D 退返 HK$350 俾 A",), says=("下一鋪：C 做莊；",), button="undo:"),
        Step(
            "A",
            "計數",
            "/score",
            says=("西 A: +HK$200", "北 B: +HK$50", "東 C: +HK$500", "南 D: -HK$750"),
            discord=("score", {}),
        ),
        Step(
            "D",
            "D 自摸 2台",
            "/selfdraw D 2",
            pays=(
                "A 俾 D HK$200（底 100 + 2台 × 50）",
                "B 俾 D HK$200（底 100 + 2台 × 50）",
                "C 俾 D HK$250（底 100 + 2台 × 50 + 作莊 50）",
            ),
            discord=("selfdraw", {"winner": "D", "hand": "2"}),
        ),
        Step("A", "埋數", "/settle", discord=("settle", {})),
    ),
    {"A": 0, "B": -150, "C": 250, "D": -100},
    "埋數！最後結果：\n"
    "  南 A: HK$0\n  西 B: -HK$150\n  北 C: +HK$250\n  東 D: -HK$100\n"
    "四家加埋：0（收支平衡）\n找數：\n"
    "  B 俾 C HK$150\n  D 俾 C HK$100",
)
"""台灣牌 at 底 100 / 台 50 (seed 003 「台:打100/50, 就表示沒台100, 每加一台加50」): a leg pays
``底 + 台 × 台額``; a leg that involves the dealer adds 作莊 1 + 連N拉N 2N 台 (「作莊 1台 : 胡放皆加計1台」,
「連N拉N 2N台 : 莊家連N閒家一律拉N」); the discarder alone pays a discard, each of the three a self-draw;
「台:有一炮三響」; the dealer stays on a win (「莊家胡牌應連莊」) and on a 流局 (our default).

The books, by hand (balances A B C D after each step):

 1. 開枱 A B C D 台灣牌 — A deals (東), n = 0.
 2. 規則 底 100 台 50 (the defaults, said out loud).
 3. C 食 B 3台: B and C are both 閒家, so no dealer 台: 100 + 3 × 50 = 250 from B.  A did not win: B
    deals, n = 0.                                                              0  -250  +250     0
 4. B (dealer, n = 0) 自摸 the hand above, typed as tiles: 門清 1 + 不求.自摸 2 = 3台 (「與門清合稱"門清一摸
    三"」; plain 自摸 is not added beside 不求.自摸).  Each leg involves the dealer: 100 + 3 × 50 + (作莊 1 +
    連0拉0 0) × 50 = 300 from each of A, C, D.  B stays, n = 1.              -300  +650   -50  -300
 5. 流局: B stays, n = 2.
 6. B (dealer, 連2) 食 D 2台: 100 + 2 × 50 + (作莊 1 + 連2拉2 4) × 50 = 450.  B stays, n = 3.
                                                                             -300 +1100   -50  -750
 7. 一炮雙響 on B's discard (dealer, 連3): A 1台 = 100 + 50 + (1 + 6) × 50 = 500; C 2台 = 100 + 100 + 350
    = 550.  The dealer is not among the winners: C deals, n = 0.             +200   +50  +500  -750
 8. D 食 A 5台: 100 + 250 = 350 (neither deals) …   9. … 撤銷: D hands A back 350; C deals again.
10. 計數: the balances of step 7.
11. D 自摸 2台 (C deals, n = 0): A and B pay 100 + 100 = 200 each, C (dealer) 200 + 作莊 50 = 250.
    D deals.                                                                    0  -150  +250  -100
12. 埋數: nothing is open in this game (no 拉); the fewest transfers: B → C 150, D → C 100.
"""

HK_OLD_PUNGS = "碰 一一一萬 二二二筒 三三三索 七七七萬 九索 春 食 九索"
"""B's hand at 南 (A deals): 對對胡 3翻 only — a pung is laid down (no 門前清), 春 is flower 1, not 南's
(no 正花, and not 無花), no 三元牌 or wind pung."""

HK_OLD_CHOWS = "上 一二三萬 四五六萬 七八九筒 二三四筒 五索 春 食 五索"
"""D's hand at 南 (C deals): 平胡 1翻 only (a chow laid down, 春 not 南's flower) — below 起糊 3翻."""

HK_OLD = Evening(
    "hk-old",
    (
        Step("A", "開枱 A B C D 廣東牌", "/newgame A B C D hk-old", says=("玩法：廣東牌，計翻",)),
        Step(
            "B",
            f"B 食 A {HK_OLD_PUNGS}",
            f"/win B A {HK_OLD_PUNGS}",
            pays=("A 俾 B HK$8（全銃：出銃嗰個包晒，自己一份 4，加兩個半份，每個 2）",),
            says=("B 食 A：3翻", "對對胡：3翻"),
        ),
        Step(
            "C",
            "C 自摸 4翻",
            "/selfdraw C 4",
            pays=("A 俾 C HK$8", "B 俾 C HK$8", "D 俾 C HK$8"),
            discord=("selfdraw", {"winner": "C", "hand": "4"}),
        ),
        Step(
            "D",
            f"D 食 A {HK_OLD_CHOWS}",
            f"/win D A {HK_OLD_CHOWS}",
            says=("1翻 唔夠呢張枱嘅起糊 3翻",),
            refused=True,
        ),
        Step(
            "D",
            "D 食 A 2翻",
            "/win D A 2",
            says=("2翻 唔夠呢張枱嘅起糊 3翻",),
            refused=True,
            discord=("win", {"winner": "D", "discarder": "A", "hand": "2"}),
        ),
        Step(
            "D",
            "D 自摸 5翻 A包",
            "/selfdraw D 5 A包",
            pays=("A 俾 D HK$48（包自摸：A 包晒三家，每家 16）",),
            says=("D 自摸：5翻",),
        ),
        Step(
            "B",
            "B 詐糊",
            "/falsewin B",
            pays=("B 俾 A HK$128", "B 俾 C HK$128", "B 俾 D HK$128"),
            says=("B 詐糊",),
        ),
        Step(
            "A",
            "A 食 C 3翻; D 食 C 4翻",
            "/win A C 3; D C 4",
            says=("下家先糊", " D"),
            refused=True,
        ),
        Step(
            "D",
            "D 食 C 4翻",
            "/win D C 4",
            pays=("C 俾 D HK$16（全銃：出銃嗰個包晒，自己一份 8，加兩個半份，每個 4）",),
            says=("D 做莊，連1",),
            discord=("win", {"winner": "D", "discarder": "C", "hand": "4"}),
        ),
        Step("A", "規則 銃 半銃 最大 10", says=("銃 = 半銃", "最大 = 10")),
        Step(
            "A",
            "A 食 B 4翻",
            "/win A B 4",
            pays=(
                "B 俾 A HK$8（半銃：出銃嗰個出一份）",
                "C 俾 A HK$4（半銃：冇出銃都要出半份，一份係 8）",
                "D 俾 A HK$4（半銃：冇出銃都要出半份，一份係 8）",
            ),
            says=("A 做莊；南圈",),
            discord=("win", {"winner": "A", "discarder": "B", "hand": "4"}),
        ),
        Step(
            "C",
            "C 食 D 10翻",
            "/win C D 10",
            pays=(
                "D 俾 C HK$512（半銃：出銃嗰個出一份）",
                "A 俾 C HK$256（半銃：冇出銃都要出半份，一份係 512）",
                "B 俾 C HK$256（半銃：冇出銃都要出半份，一份係 512）",
            ),
            says=("C 食 D：10翻", "下一鋪：B 做莊；南圈"),
        ),
        Step(
            "A", "計數", "/score", says=("北 A: -HK$176", "東 B: -HK$648", "南 C: +HK$1,156", "西 D: -HK$332")
        ),
        Step("A", "埋數", "/settle", discord=("settle", {})),
    ),
    {"A": -176, "B": -648, "C": 1156, "D": -332},
    "埋數！最後結果：\n"
    "  北 A: -HK$176\n  東 B: -HK$648\n  南 C: +HK$1,156\n  西 D: -HK$332\n"
    "四家加埋：0（收支平衡）\n找數：\n"
    "  B 俾 C HK$648\n  D 俾 C HK$332\n  A 俾 C HK$176",
)
"""廣東牌 at its defaults: 1元一底, 起糊 3翻, maximum 8翻, a portion = 底 × 2^(翻−1) (seed 003 「先講好最大多小台,
多少錢一底, 然後每加一台就一倍錢, 例如: 1元一底的話, 十台就是512元了」), 全銃 (issue 14 「the discarder pays for
all」: his portion and the two others' halves, 2 portions), a self-draw: each of the three pays a portion,
下家先糊 (「台:有一炮三響 / 港: 下家先糊」).

The books, by hand (balances A B C D after each step):

 1. 開枱 A B C D 廣東牌 — A deals (東).
 2. B (南) 食 A, the hand typed as tiles: 對對胡 3翻 (三翻役) → a portion of 2^2 = 4; 全銃: A pays for all,
    4 + 2 + 2 = 8.  B deals.                                                        -8    +8     0     0
 3. C 自摸 4翻: 2^3 = 8 from each of A, B, D.  C deals.                          -16     0   +24    -8
 4. D (南 now) 食 A, a hand of 平胡 1翻: refused below 起糊 (「可以先講好最少幾台才准糊」), nothing booked.
 5. D 食 A 2翻: refused the same way.
 6. D 自摸 5翻 A包 (包自摸): A pays the whole self-draw, 3 × 2^4 = 48.  D deals.  -64     0   +24   +40
 7. B 詐糊: B pays each the maximum self-draw, 2^(8−1) = 128.                    +64  -384  +152  +168
 8. A and D both claim C's discard (A 3翻, D 4翻): 下家先糊 — D sits next after C (C → D → A), so only D
    wins; the double claim is refused naming D, nothing booked.
 9. D 食 C 4翻: a portion of 8, 全銃 C pays 16.  D (the dealer) stays, 連1.      +64  -384  +136  +184
10. 規則 銃 半銃 最大 10: 半銃 (「香港一般放炮也要給, 但沒放炮的也要給一半」) and a maximum of 10翻.
11. A 食 B 4翻 under 半銃 (「the discarder pays one share, the two others half each」): the portion is 8 —
    B (the discarder) 8; C and D, who did not discard, half a portion, 4 each; A collects 16.  A deals;
    every seat has dealt, so the 南 round begins.                                 +80  -392  +132  +180
12. C 食 D 10翻: 「1元一底的話, 十台就是512元」: 2^9 = 512, under 半銃 D 512, A and B 256 each (C collects
    1024).  The dealer A did not win: the deal passes to the next seat, B.      -176  -648 +1156  -332
13. 計數: those balances (B deals: B 東, C 南, D 西, A 北).
14. 埋數: nothing open; B pays C 648, D 332, A 176.
"""

HK_TAIWAN = Evening(
    "hk-taiwan",
    (
        Step("A", "開枱 A B C D 港式台牌", "/newgame A B C D hk-taiwan", says=("A 做莊",)),
        Step(
            "B",
            "B 食 A 12番",
            "/win B A 12",
            pays=("A → B：18（12番 + 底 5 + 莊 1）", "拉一：A 欠 B 18"),
            discord=("win", {"winner": "B", "discarder": "A", "hand": "12"}),
        ),
        Step(
            "C",
            "C 自摸 10番",
            "/selfdraw C 10",
            pays=(
                "A → C：15（10番 + 底 5）",
                "B → C：16（10番 + 底 5 + 莊 1）",
                "D → C：15（10番 + 底 5）",
                "拉一找數：A → B 18",
                "拉一：A 欠 C 15",
                "拉一：B 欠 C 16",
                "拉一：D 欠 C 15",
            ),
            discord=("selfdraw", {"winner": "C", "hand": "10"}),
        ),
        Step(
            "A",
            "埋數",
            "/settle",
            pays=("拉一找數：A → C 15", "拉一找數：B → C 16", "拉一找數：D → C 15"),
            discord=("settle", {}),
        ),
    ),
    {"A": -33, "B": 2, "C": 46, "D": -15},
    "拉一找數：A → C 15\n拉一找數：B → C 16\n拉一找數：D → C 15\n"
    "埋數！最後結果（底 = 5番，每番 HK$1）：\n"
    "  西 A: -33番 = -HK$33\n  北 B: +2番 = +HK$2\n  東 C: +46番 = +HK$46\n  南 D: -15番 = -HK$15\n"
    "四家加埋：0（收支平衡）\n找數：\n"
    "  A 俾 C 33番 = HK$33\n  D 俾 C 13番 = HK$13\n  D 俾 B 2番 = HK$2",
)
"""港式台牌 opened by name, ``開枱 A B C D 港式台牌`` (seed 004; DESIGN §6).  A hand pays its 番 + one 底 of 5
(「現行的底數為5翻, 而每翻為1元」); the dealer's 2n+1 on legs with the dealer (「莊家 (莊家連n拉n) | 2n+1 |
莊家食糊或莊家放銃時會計算。 | 當閒家自摸拉三家時, 也須將莊家翻數額外加在莊家上」); 鋪鋪拉: a payment is
kept as a chain (「A放銃給B的話, 會暫時記數, 稱為拉一」) and paid in full when the next win is another's
(「當B沒有再贏A下去時, A便需要支付當下的總數」).

The books, by hand:

 1. 開枱 A B C D 港式台牌 — A deals.
 2. B 食 A 12番: A (dealer, n = 0) → B 12 + 5 + 1 = 18, 拉一.  B deals, n = 0.
 3. C 自摸 10番 (「自摸時視作同時贏了其他三家, 所以會「拉三家」」): A 15, B (dealer) 10 + 5 + 1 = 16, D 15
    open chains to C; the win is not A → B again, so A pays B the 18 now.  C deals.
 4. 埋數: the open chains are paid: A −18 − 15 = −33, B +18 − 16 = +2, C +46, D −15 (sum 0).
"""

MCR_STRAIGHT = "一二三四五六七八九萬 一二三索 五筒 食 五筒"
"""清龍 16 + 門前清 2 + 平和 2 + 喜相逢 1 + 單釣將 1 = 22番 (pymahjonggb gives the same five fans)."""

MCR = Evening(
    "mcr",
    (
        Step("A", "開枱 A B C D 國標", "/newgame A B C D mcr", says=("玩法：國標，計番",)),
        Step(
            "B",
            "B 食 A 10番",
            "/win B A 10",
            pays=("A 俾 B HK$18", "C 俾 B HK$8", "D 俾 B HK$8"),
            says=("下一鋪：B 做莊",),
            discord=("win", {"winner": "B", "discarder": "A", "hand": "10"}),
        ),
        Step(
            "C",
            "C 自摸 9番",
            "/selfdraw C 9",
            pays=("A 俾 C HK$17", "B 俾 C HK$17", "D 俾 C HK$17"),
            discord=("selfdraw", {"winner": "C", "hand": "9"}),
        ),
        Step(
            "D",
            "D 食 C 5番",
            "/win D C 5",
            says=("5番 唔夠呢張枱嘅起和 8番",),
            refused=True,
            discord=("win", {"winner": "D", "discarder": "C", "hand": "5"}),
        ),
        Step(
            "B",
            f"B 食 D {MCR_STRAIGHT}",
            f"/win B D {MCR_STRAIGHT}",
            pays=("D 俾 B HK$30", "A 俾 B HK$8", "C 俾 B HK$8"),
            says=("B 食 D：22番", "清龍：16番"),
        ),
        Step("A", "埋數", "/settle", discord=("settle", {})),
    ),
    {"A": -43, "B": 63, "C": 35, "D": -55},
    "埋數！最後結果：\n"
    "  南 A: -HK$43\n  西 B: +HK$63\n  北 C: +HK$35\n  東 D: -HK$55\n"
    "四家加埋：0（收支平衡）\n找數：\n"
    "  D 俾 B HK$55\n  A 俾 C HK$35\n  A 俾 B HK$8",
)
"""國標 (mcr, issue 16): on a discard the discarder pays 8 + 番 and each other player 8; on a self-draw each
pays 8 + 番; no dealer bonus; 8番起和 (seed 002).  Balances A B C D after each step, by hand:

 2. B 食 A 10番: A 18, C 8, D 8.                                               -18   +34    -8    -8
 3. C 自摸 9番: 17 from each.                                                   -35   +17   +43   -25
 4. D 食 C 5番: refused, under 8番起和; nothing booked.
 5. B 食 D, 22番 in tiles: D 30, A 8, C 8.                                      -43   +63   +35   -55
"""

GUANGDONG_CHOWS = "一二三萬 四五六萬 七八九筒 二三四索 五索 食 五索"
"""雞平和 平和 1番 (four chows)."""

GUANGDONG = Evening(
    "guangdong",
    (
        Step("A", "開枱 A B C D 雞平和", "/newgame A B C D guangdong", says=("玩法：雞平和，計番",)),
        Step(
            "B",
            f"B 食 A {GUANGDONG_CHOWS}",
            f"/win B A {GUANGDONG_CHOWS}",
            pays=("A 俾 B HK$2",),
            says=("B 食 A：1番", "平和：1番"),
        ),
        Step(
            "C",
            "C 自摸 3番",
            "/selfdraw C 3",
            pays=("A 俾 C HK$8", "B 俾 C HK$8", "D 俾 C HK$8"),
            discord=("selfdraw", {"winner": "C", "hand": "3"}),
        ),
        Step(
            "D",
            "D 自摸 3番 十二張 A包",
            "/selfdraw D 3 十二張 A包",
            pays=("A 俾 D HK$24（包自摸：A 包晒三家，每家 8）",),
            says=("D 自摸：3番",),
        ),
        Step(
            "B",
            "B 搶槓 C 1番",
            "/robkong B C 1",
            pays=("C 俾 B HK$24（搶槓：唔夠 3番 當 3番 計 + 搶槓：C 包晒三家，每家 8（搶槓和當槓開））",),
            says=("下一鋪：A 做莊；南圈",),
        ),
        Step("A", "埋數", "/settle", discord=("settle", {})),
    ),
    {"A": -34, "B": 18, "C": 0, "D": 16},
    "埋數！最後結果：\n"
    "  東 A: -HK$34\n  南 B: +HK$18\n  西 C: HK$0\n  北 D: +HK$16\n"
    "四家加埋：0（收支平衡）\n找數：\n"
    "  A 俾 B HK$18\n  A 俾 D HK$16",
)
"""雞平和 (guangdong, issue 17): a win is worth 2^番 × 底 (seed 001 「番是2倍的意思」); the discarder pays it, on
a self-draw each of the three; 包 and 搶槓 pay all three shares; 搶槓 under 3番 is paid as 3番 (「不满3番牌型，
按照3番满计算」).  Balances A B C D after each step, by hand:

 2. B 食 A, 平和 1番: A pays 2.                                                  -2    +2     0     0
 3. C 自摸 3番: 8 from each.                                                    -10    -6   +24    -8
 4. D 自摸 3番 十二張 A包 (十二張落地 on A's discard): A pays 3 × 8 = 24.        -34    -6   +24   +16
 5. B 搶槓 C 1番: floored at 3番, the robbed C pays 3 × 8 = 24.                  -34   +18     0   +16
"""

EVENINGS = (TAIWAN, HK_OLD, HK_TAIWAN, MCR, GUANGDONG)

_MONEY_LINE = re.compile(r"俾|→|欠|退返")


def money_lines(reply: str) -> tuple[str, ...]:
    """The lines of ``reply`` that move or owe money, stripped; the 埋數 summary's own 找數 lines (after
    ``找數：``) are left out (the settlement is compared whole)."""
    moves = reply.split("\n找數：")[0]
    return tuple(line.strip() for line in moves.split("\n") if _MONEY_LINE.search(line))


def check_reply(evening: Evening, i: int, reply: str) -> None:
    """Step ``i``'s reply names exactly the step's payments and holds its other words."""
    step = evening.steps[i]
    assert money_lines(reply) == step.pays, (evening.name, i, step.text, reply)
    for words in step.says:
        assert words in reply, (evening.name, i, step.text, words, reply)


async def last_seq(service: Service, chat: ChatRef) -> int:
    session = await service.store.latest_session(chat)
    return 0 if session is None else await service.store.last_seq(session.id)


async def balances(service: Service, chat: ChatRef) -> dict[str, Any]:
    session = await service.store.latest_session(chat)
    assert session is not None and session.status != "open"
    _seq, state = await service.state_of(session)
    return dict(state.balances)


async def play(
    evening: Evening,
    service: Service,
    chat: ChatRef,
    send: Callable[[int, Step], Awaitable[list[str]]],
) -> list[str]:
    """Play ``evening``: ``send(i, step)`` posts step ``i`` on a front end and returns the bot's replies.

    Checks each reply (:func:`check_reply`), that a refused step booked nothing, and the final balances;
    returns the reply of each step (the last is the 埋數 one)."""
    out: list[str] = []
    for i, step in enumerate(evening.steps):
        before = await last_seq(service, chat)
        replies = await send(i, step)
        assert len(replies) == 1, (evening.name, i, step.text, replies)
        out.append(replies[0])
        check_reply(evening, i, replies[0])
        if step.refused:
            assert await last_seq(service, chat) == before, (evening.name, i, step.text)
    assert await balances(service, chat) == evening.balances
    return out


@pytest_asyncio.fixture
async def fresh_store(tmp_path):
    stores: list[Store] = []

    async def make(name: str) -> Store:
        stores.append(await Store.open(sqlite_url(tmp_path / f"{name}.db")))
        return stores[-1]

    yield make
    for s in stores:
        await s.close()


# ---------------------------------------------------------------------------------------- terminal
def terminal_replies(out: str) -> list[str]:
    """``taipai: …`` blocks of the terminal's output, continuation indents removed."""
    pad = " " * len("taipai: ")
    blocks = [b for b in out.split("taipai: ") if b]
    pictures = ("（張圖存咗喺：", "(picture saved: ")  # a chart written beside the database: not a reply
    return [
        "\n".join(
            line.removeprefix(pad) for line in b.rstrip("\n").split("\n") if not line.startswith(pictures)
        )
        for b in blocks
    ]


async def play_terminal(evening: Evening, service: Service, chat: ChatRef = CONSOLE_CHAT) -> list[str]:
    async def send(_i: int, step: Step) -> list[str]:
        out = io.StringIO()
        line = io.StringIO(f"{step.who}: {step.text}\n")
        assert await run_console(service, stdin=line, stdout=out, interactive=False, chat=chat) == 0
        return terminal_replies(out.getvalue())

    return await play(evening, service, chat, send)


@pytest.mark.parametrize("evening", EVENINGS, ids=lambda e: e.name)
async def test_terminal(fresh_store, evening: Evening) -> None:
    service = Service(await fresh_store("terminal"))
    assert (await play_terminal(evening, service))[-1] == evening.settled


# ---------------------------------------------------------------------------------------- Telegram
def _last_button(calls: list[Any], prefix: str) -> tuple[Any, str]:
    for call in reversed(calls):
        markup = call.params.get("reply_markup") or {}
        for row in markup.get("inline_keyboard", []):
            for b in row:
                if b["callback_data"].startswith(prefix):
                    return call, b["callback_data"]
    raise AssertionError(f"no button {prefix}…")


async def play_telegram(evening: Evening, service: Service, group: int = -100888) -> list[str]:
    from taipai.bot.telegram import TelegramBot
    from tests.bot.telegram.fakebotapi import FakeBotAPI, shown

    users = {n: FakeBotAPI.user(i, n) for i, n in enumerate("ABCD", start=1)}
    async with FakeBotAPI(admins={group: [99]}) as api:

        async def post(user: dict[str, Any], text: str) -> list[str]:
            before = len(api.posted(group))  # texts and photos (埋數's chart, its text the caption)
            await api.send_text(group, user, text)
            await api.wait_for(lambda _calls: len(api.posted(group)) > before)
            return [shown(c) for c in api.posted(group)[before:]]

        async def send(i: int, step: Step) -> list[str]:
            user = users[step.who]
            if step.button:
                before = len(api.sent(group))
                message, data = _last_button(api.sent(group), step.button)
                await api.press(group, user, message.result["message_id"], data)
                await api.wait_for(lambda _calls: len(api.sent(group)) > before)
                replies = [c.params["text"] for c in api.sent(group)[before:]]
            else:
                replies = await post(user, step.slash if step.slash and i % 2 == 0 else step.text)
            if i == 0:  # a seat is held by a user id: each player sits as themselves
                for name, member in users.items():
                    await post(member, f"坐 {name}")
            return replies

        bot = TelegramBot(service, api.token, base_url=api.base_url, poll_timeout=1, group_rate=None)
        await bot.start()
        try:
            return await play(evening, service, ChatRef("telegram", str(group)), send)
        finally:
            await api.release()
            await bot.stop()


# ---------------------------------------------------------------------------------------- Discord
def _last_discord_button(h: Any, prefix: str) -> tuple[int, str]:
    for mid in sorted(h.api.messages, reverse=True):
        for row in h.api.messages[mid]["components"]:
            for b in row["components"]:
                if b["custom_id"].startswith(prefix):
                    return mid, b["label"]
    raise AssertionError(f"no button {prefix}…")


async def play_discord(evening: Evening, service: Service, monkeypatch: Any) -> list[str]:
    from tests.bot.discord.harness import DiscordHarness, Person

    people = {n: Person(2000 + i, n) for i, n in enumerate("ABCD", start=1)}
    async with DiscordHarness(service, monkeypatch) as h:

        async def send(i: int, step: Step) -> list[str]:
            person = people[step.who]
            if step.button:
                message_id, label = _last_discord_button(h, "tp:" + step.button)
                calls = await h.press(person, message_id, label)
            elif step.discord is not None:
                name, options = step.discord
                calls = await h.slash(person, name, **options)
            else:
                calls = await h.say(person, step.text)
            # a press also takes the spent buttons off; a slow command (埋數 draws its picture) is
            # deferred first ("thinking…"), and its reply is the follow-up
            posted = [c for c in calls if c.kind not in ("update", "defer")]
            assert all(not c.ephemeral for c in posted), (step, [c.shown for c in calls])
            if i == 0:  # a seat is held by a user id: each player sits as themselves
                for name, member in people.items():
                    await h.slash(member, "sit", seat=name)
            return [c.content or "" for c in posted]

        return await play(evening, service, ChatRef("discord", str(h.channel_id)), send)


@pytest.mark.parametrize("evening", EVENINGS, ids=lambda e: e.name)
async def test_every_front_end_on_one_database(fresh_store, monkeypatch, evening: Evening) -> None:
    """One service and one database for the three front ends, as ``taipai`` runs them in one process:
    each step's reply is the same text on each (slash form or words, typed or pressed)."""
    service = Service(await fresh_store("shared"))
    terminal = await play_terminal(evening, service)
    assert terminal[-1] == evening.settled
    assert await play_telegram(evening, service) == terminal
    assert await play_discord(evening, service, monkeypatch) == terminal
