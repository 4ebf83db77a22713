"""The table ledger through the chat (issue 4): 拉/踢/斬拉, 現金獎, 詐糊, 一炮雙響, 搶槓, 槓上自摸 包,
飛牌, /rules, /history, /export, 埋數 in fan units and money, and undo of each new command.

Every number is derived by hand in the comments from seed 004 and DESIGN §6: a leg is fan + 底 (5)
+ the dealer's 2n+1 when the dealer is on the leg; with 鋪鋪拉 a win opens or raises a chain
(拉: ``ceil(amount × 1.5) + new``; 踢: ``floor(amount / 2)`` paid) instead of paying at once.
"""

from __future__ import annotations

import csv
import io

import pytest

from taipai.core.table import state_to_dict

pytestmark = pytest.mark.both_databases  # SQLite, and PostgreSQL when TAIPAI_TEST_DATABASE_URL is set


def chains(state):
    return [(c.debtor, c.creditor, c.level, c.amount) for c in state.chains]


async def _open(talk):
    await talk("A", "開枱 A B C D")  # A deals (東), n = 0: dealer fan 1


@pytest.mark.asyncio
async def test_la_one_then_la_two_is_23_then_a_kick_then_a_cut_at_la_three(talk_en):
    """Seed 004 拉/踢: 「上一局所記下的翻數，就會乘以1.5倍，再加上最新一局的翻數…稱為拉二」; 「踢」 rounds
    down; 「三局斬拉」: the debtor may cut at 拉三 (cut = every_third, the default)."""
    talk = talk_en
    await _open(talk)
    # B wins 5 on C's discard; neither deals: 5 + 5 = 10 → 拉一 C→B 10.  The deal passes to B.
    assert "la 1: C owes B 10" in await talk("B", "B 食 C 5番")
    # B (dealer, n = 0) wins 2 on C: 2 + 5 + 1 = 8 → 拉二 ceil(10 × 1.5) + 8 = 15 + 8 = 23.
    reply = await talk("B", "B 食 C 2番")
    assert "la 2: C owes B 23" in reply and "Cut" not in reply  # no 斬拉 at 拉二
    s = await talk.state()
    assert chains(s) == [("C", "B", 2, 23)] and s.balances == {"A": 0, "B": 0, "C": 0, "D": 0}
    # 踢: C wins 4 on B's discard, B dealing on 連1 (dealer fan 3): 4 + 5 + 3 = 12.  C pays
    # floor(23 / 2) = 11 now and B→C 12 opens.  The deal passes to C.
    reply = await talk("C", "C 食 B 4番")
    assert "踢半: C kicks back B's la 2, paying half: 23 halved → 11" in reply
    s = await talk.state()
    assert chains(s) == [("B", "C", 1, 12)] and s.balances == {"A": 0, "B": 11, "C": -11, "D": 0}
    assert (s.dealer, s.streak) == ("C", 0)
    # C (dealer, n = 0) wins 1 on B: 1 + 5 + 1 = 7 → 拉二 ceil(12 × 1.5) + 7 = 25; C stays, n = 1.
    assert "la 2: B owes C 25" in await talk("C", "C 食 B 1番")
    # C (n = 1, dealer fan 3) wins 1 on B: 1 + 5 + 3 = 9 → 拉三 ceil(25 × 1.5) + 9 = 38 + 9 = 47.
    reply = await talk("C", "C 食 B 1番")
    assert "la 3: B owes C 47" in reply
    assert "B: C has you on la 3 (47). Cut (斬) now? Answer 斬 or 唔斬." in reply
    assert await talk("B", "斬") == "斬拉: B pays C the la 3 chain, 47"
    s = await talk.state()
    # B 11 - 47 = -36; C -11 + 47 = 36.
    assert s.balances == {"A": 0, "B": -36, "C": 36, "D": 0} and s.chains == ()


@pytest.mark.asyncio
async def test_san_bai_luk_sap_money_in_the_settlement(talk_en):
    """Seed 004 底: 「三百六十」…「每底300元，翻為60元」: 底 300 / 番 60 is rate 60 with base_fan 5."""
    talk = talk_en
    await _open(talk)
    assert await talk("A", "/rules 三百六十") == (
        "Rule changed: 底 = HK$300, a fan = HK$60. "
        "A rate change re-prices the whole session, hands already played included."
    )
    # B wins 12 on A (dealer): 12 + 5 + 1 = 18 fan = HK$1,080, carried as 拉一.
    assert "  A → B: 18 (HK$1,080) (12 fan + 底 5 + dealer 1)" in await talk("B", "B 食 A 12番")
    assert await talk("C", "埋數") == "\n".join(
        [
            "la 1 settled: A → B 18 (HK$1,080)",
            "Session over (埋數). Final balances (底 = 5 fan, HK$60 a fan):",
            "  北 A: -18 fan = -HK$1,080",
            "  東 B: +18 fan = +HK$1,080",
            "  南 C: 0 fan = HK$0",
            "  西 D: 0 fan = HK$0",
            "Sum of the balances: 0 (zero-sum)",
            "To settle:",
            "  A pays B 18 fan = HK$1,080",
        ]
    )


@pytest.mark.asyncio
async def test_rules_base_300_is_rate_60_and_only_the_creator_changes_rules(talk_en):
    talk = talk_en
    await _open(talk)
    seq = await talk.seq()
    assert await talk("B", "/rules base 300") == "Only A, who opened the table, can change its rules."
    assert (await talk("A", "/rules colour red")).startswith("I don't know the rule 「colour」.")
    assert (await talk("A", "/rules cut sometimes")).startswith("「sometimes」 is not a value for cut.")
    assert (await talk("A", "/rules 三百五十")).startswith("底 HK$300 and HK$50 a fan do not fit a 底 of 5 fan")
    assert await talk.seq() == seq  # nothing stored
    assert await talk("A", "/rules base 300") == (
        "Rule changed: 底 = HK$300, a fan = HK$60. "
        "A rate change re-prices the whole session, hands already played included."
    )
    assert (await talk.state()).options.rate == 60
    assert await talk("A", "/rules cut none") == "Rule changed: 斬拉: never (無限拉)."
    assert await talk("A", "規則 la_mode 莊家拉") == (
        "Rule changed: 拉: 莊家拉 (only the dealer's wins open chains)."
    )
    assert await talk("A", "/rules 追 2") == "Rule changed: 追: 2 底."
    shown = await talk("C", "/rules")
    assert "la_mode = dealer_only" in shown and "cut = none" in shown and "追 2" in shown
    assert "底 = 5 fan; rate = HK$60 a fan (底 = HK$300)" in shown
    # 莊家拉 (seed 004 「只有該局莊家可以拉放銃者」): B is not the dealer, so B's win is paid at once:
    # 5 + 5 = 10 fan.
    reply = await talk("B", "B 食 C 5番")
    assert "C pays B 10 (HK$600)" in reply
    s = await talk.state()
    assert s.chains == () and s.balances == {"A": 0, "B": 10, "C": -10, "D": 0}
    # Undo of a rule change restores the option.
    await talk("A", "撤銷")
    await talk("A", "撤銷")
    assert (await talk.state()).options.prizes["chase"] == 1


PRIZE_CASES = [
    # (message, balances after, in fan units; a 底 is 5 fan; A is the dealer)
    ("圍骰", {"A": 15, "B": -5, "C": -5, "D": -5}),  # 「其餘三家各付一底籌碼於莊家」
    ("A 圍骰", {"A": 15, "B": -5, "C": -5, "D": -5}),
    ("/dice", {"A": 15, "B": -5, "C": -5, "D": -5}),
    ("一二三", {"A": -15, "B": 5, "C": 5, "D": 5}),  # 「莊家須付其餘三家各一底」
    ("/dice123", {"A": -15, "B": 5, "C": 5, "D": 5}),
    ("B 一台草", {"A": -2.5, "B": 7.5, "C": -2.5, "D": -2.5}),  # 「三家須付半底籌碼」
    ("/mixedset B", {"A": -2.5, "B": 7.5, "C": -2.5, "D": -2.5}),
    ("B 一台花", {"A": -5, "B": 15, "C": -5, "D": -5}),  # 「三家須付一底籌碼」
    ("/flowerset B", {"A": -5, "B": 15, "C": -5, "D": -5}),
    ("A 追", {"A": -15, "B": 5, "C": 5, "D": 5}),  # 字牌或幺九牌: 「須付各一底」
    ("A 追 九筒", {"A": -15, "B": 5, "C": 5, "D": 5}),
    ("A 追 東", {"A": -15, "B": 5, "C": 5, "D": 5}),
    ("A 追 二萬", {"A": -30, "B": 10, "C": 10, "D": 10}),  # 非幺九: 「須付各兩底」
    ("A 追 二", {"A": -30, "B": 10, "C": 10, "D": 10}),
    ("/chase A 5p", {"A": -30, "B": 10, "C": 10, "D": 10}),
    ("A 再追", {"A": -30, "B": 10, "C": 10, "D": 10}),  # 一追再追: 「須付各兩底」
    ("/chase A again", {"A": -30, "B": 10, "C": 10, "D": 10}),
    ("A 叫碰不碰", {"A": -15, "B": 5, "C": 5, "D": 5}),  # 「須付各一底籌碼」
    ("/nopung A", {"A": -15, "B": 5, "C": 5, "D": 5}),
    ("B 暗槓", {"A": -5, "B": 15, "C": -5, "D": -5}),  # 「即時向每家各收取一底籌碼」
    ("/kong B", {"A": -5, "B": 15, "C": -5, "D": -5}),
    ("A 暗槓錯", {"A": -30, "B": 10, "C": 10, "D": 10}),  # 「須向另三家付兩個底籌碼」
    ("/badkong A", {"A": -30, "B": 10, "C": 10, "D": 10}),
    ("A 七搶一 B", {"A": 30, "B": -30, "C": 0, "D": 0}),  # 「第一家便需要支付第二家六底」
    ("/sevenrobone A B", {"A": 30, "B": -30, "C": 0, "D": 0}),
    ("A 一搶七 B", {"A": 30, "B": -30, "C": 0, "D": 0}),  # 「第一家則支付第二家六底」
    ("/onerobseven A B", {"A": 30, "B": -30, "C": 0, "D": 0}),
    ("C 詐糊", {"A": 30, "B": 30, "C": -90, "D": 30}),  # seed 004 詐糊: 「其餘三家各30翻」
    ("/falsewin C", {"A": 30, "B": 30, "C": -90, "D": 30}),
]


@pytest.mark.asyncio
@pytest.mark.parametrize(("text", "after"), PRIZE_CASES)
async def test_every_cash_prize_and_false_win_pays_at_once_and_undoes(talk_en, text, after):
    """Seed 004 現金獎 and 詐糊, paid at once (never in a chain); undo gives back the exact state."""
    talk = talk_en
    await _open(talk)
    await talk("B", "B 食 C 5番")  # an open chain C→B 10 that a prize must leave alone; B deals now
    await talk("A", "撤銷")  # …and undone again: A deals, nothing open
    before = await talk.state()
    seq = await talk.seq()
    reply = await talk("A", text)
    assert reply and "pays" in reply, reply
    s = await talk.state()
    assert {k: float(v) for k, v in s.balances.items()} == after
    assert sum(s.balances.values()) == 0 and s.chains == () and s.hand == before.hand
    assert await talk.seq() == seq + 1
    assert (await talk("C", "撤銷")).startswith("C undid: ")
    assert state_to_dict(await talk.state()) == state_to_dict(before)


@pytest.mark.asyncio
async def test_prizes_leave_chains_and_bad_prize_input_is_refused(talk_en):
    talk = talk_en
    await _open(talk)
    await talk("B", "B 食 C 5番")  # 拉一 C→B 10; B deals
    assert await talk("C", "C 詐糊") == (
        "C: false win (詐糊); pays each of the other three 30.\nC pays A 30\nC pays B 30\nC pays D 30"
    )
    assert chains(await talk.state()) == [("C", "B", 1, 10)]  # DESIGN §6: a false win leaves chains
    seq = await talk.seq()
    cases = {
        "A 圍骰": "Only the dealer rolls the dice: 圍骰 and 一二三 are the dealer's.",
        "X 詐糊": "X is not at this table. Players: 北 A, 東 B, 南 C, 西 D.",
        "/falsewin": "A false win is written: B 詐糊 (or /falsewin B).",
        "A 七搶一": "Write the robber first: A 七搶一 B or A 一搶七 B (B pays A 6 底).",
        "A 七搶一 A": "A player cannot win on their own discard, pay themself, or win twice on one discard.",
        "A 自摸 12番 A包": "A player cannot win on their own discard, pay themself, or win twice on one discard.",
        "/chase A 花": "追 is written: A 追, A 追 二萬 (the tile decides 1 or 2 底), or A 再追 (/chase A 東).",
        "B 一台花 C": "一台花 takes one player's name, e.g. B 一台花 or /flowerset B.",
        "/flowerset": "/flowerset takes one player's name, e.g. B 一台花 or /flowerset B.",
    }
    for text, expected in cases.items():
        assert await talk("A", text) == expected, text
    assert await talk.seq() == seq
    # Talk that looks like a loose word is not a command: 「我 追 佢」, 「佢 飛 咗」.
    assert await talk("A", "我 追 佢") == ""
    assert await talk("A", "佢 飛 咗") == ""
    assert await talk("A", "我 暗槓") == ""


@pytest.mark.asyncio
async def test_false_win_in_cantonese(talk_zh):
    talk = talk_zh
    await _open(talk)
    assert await talk("B", "B 詐糊") == "B 詐糊，賠其餘三家各 30。\nB 俾 A 30\nB 俾 C 30\nB 俾 D 30"


@pytest.mark.asyncio
async def test_one_discard_two_winners_with_chains_on_both_legs(talk_en):
    """一炮雙響 (DESIGN §6: 「each leg is its own payment; one event, one transaction」)."""
    talk = talk_en
    await _open(talk)
    seq = await talk.seq()
    # A deals (fan 1): B 12 → 12 + 5 + 1 = 18; C 8 → 8 + 5 + 1 = 14.  Deal passes to B.
    await talk("B", "B 食 A 12番; C 食 A 8番")
    assert chains(await talk.state()) == [("A", "B", 1, 18), ("A", "C", 1, 14)]
    # B deals (n = 0): A→B 2 + 5 + 1 = 8 → ceil(18 × 1.5) + 8 = 35; A→C (no dealer) 3 + 5 = 8 →
    # ceil(14 × 1.5) + 8 = 29.  B is among the winners: B keeps the deal, n = 1.
    reply = await talk("B", "B 食 A 2番; C 食 A 3番")
    assert "la 2: A owes B 35" in reply and "la 2: A owes C 29" in reply
    s = await talk.state()
    assert chains(s) == [("A", "B", 2, 35), ("A", "C", 2, 29)]
    assert (s.dealer, s.streak, s.hand) == ("B", 1, 2)
    assert await talk.seq() == seq + 2  # one event per discard
    # Undo the double win: both chains go back to 拉一 at once.
    await talk("D", "撤銷")
    assert chains(await talk.state()) == [("A", "B", 1, 18), ("A", "C", 1, 14)]


@pytest.mark.asyncio
async def test_robbing_a_kong_is_paid_by_the_konging_player(talk_en):
    """Seed 004 槓牌: 「搶槓不會當作自摸，只會視為槓牌一方出沖而已」."""
    talk = talk_en
    await _open(talk)
    reply = await talk("B", "B 搶槓 A 12番")
    assert reply.startswith("B robs A's kong (搶槓): 12 fan\n  A → B: 18 (12 fan + 底 5 + dealer 1)")
    s = await talk.state()
    assert chains(s) == [("A", "B", 1, 18)]
    assert s.history[-1].event.legs[0].robbed_kong is True
    assert (await talk("A", "/robkong B A")).startswith("搶槓 is written")
    await talk("A", "撤銷")
    assert chains(await talk.state()) == []


@pytest.mark.asyncio
async def test_kong_self_draw_paid_all_by_the_kong_discarder(talk_en):
    """Seed 004 槓上自摸 row: 「明槓出銃者全包」: B pays all three legs of C's 自摸."""
    talk = talk_en
    await _open(talk)
    # A deals: legs A 10 + 5 + 1 = 16, B 10 + 5 = 15, D 15 — all from B: one chain B→C 46.
    reply = await talk("C", "C 自摸 10番 槓上 B包")  # a bare count says 槓上: 包 needs an exposed kong
    assert reply == "\n".join(
        [
            "C self-draws (自摸): 10 fan",
            "  B (for A) → C: 16 (10 fan + 底 5 + dealer 1)",
            "  B → C: 15 (10 fan + 底 5)",
            "  B (for D) → C: 15 (10 fan + 底 5)",
            "la 1: B owes C 46",
            "Next: B deals; 東 round, hand 2.",
        ]
    )
    s = await talk.state()
    assert chains(s) == [("B", "C", 1, 46)] and s.history[-1].event.kong_discarder == "B"
    await talk("A", "撤銷")
    assert await talk("C", "/selfdraw C 10 槓上 包 B") and chains(await talk.state()) == [("B", "C", 1, 46)]
    assert await talk("C", "C 自摸 10番 X包") == "X is not at this table. Players: 北 A, 東 B, 南 C, 西 D."


@pytest.mark.asyncio
async def test_fly_tile_is_recorded_in_history_and_undoes(talk_en):
    talk = talk_en
    await _open(talk)
    before = await talk.state()
    assert await talk("B", "B 飛 九筒") == "B flies 九筒 (飛牌); recorded, nothing is paid."
    assert await talk("B", "/fly B 9p") == "B flies 九筒 (飛牌); recorded, nothing is paid."
    assert (
        await talk("B", "/fly B 九") == "「九」 is not one tile. Write B 飛 九筒 (one tile: 九筒, 9p, 東 …)."
    )
    s = await talk.state()
    assert [h.event.kind for h in s.history] == ["table_opened", "fly_tile", "fly_tile"]
    assert s.balances == before.balances
    await talk("A", "撤銷")
    await talk("A", "撤銷")
    assert state_to_dict(await talk.state()) == state_to_dict(before)


@pytest.mark.asyncio
async def test_history_and_export(talk_en, tmp_path):
    from taipai.bot.service import Service

    talk = talk_en
    talk.service = Service(talk.service.store, locale="en", export_dir=tmp_path / "out")
    assert await talk("A", "/history") == "No table is open here. Start one with: 開枱 A B C D"
    await _open(talk)
    assert await talk("A", "/history") == "Nothing has been played yet."
    await talk("A", "/rules rate 2")
    await talk("B", "B 食 A 12番")  # 18 fan on A (dealer) → 拉一 A→B 18 (HK$36)
    await talk("C", "C 自摸 10番")  # B deals: A 15, B 16, D 15; A→B 18 settled
    await talk("D", "B 一台草")  # each pays B 2.5 (HK$5)
    assert await talk("A", "歷史") == "\n".join(
        [
            "History:",
            "#2 hand 1: Rule changed: 底 = HK$10, a fan = HK$2. A rate change re-prices the whole "
            "session, hands already played included.",
            "#3 hand 1: B wins on A's discard: 12 fan",
            "    A → B: 18 (HK$36) (12 fan + 底 5 + dealer 1)",
            "    la 1: A owes B 18 (HK$36)",
            "#4 hand 2: C self-draws (自摸): 10 fan",
            "    A → C: 15 (HK$30) (10 fan + 底 5)",
            "    B → C: 16 (HK$32) (10 fan + 底 5 + dealer 1)",
            "    D → C: 15 (HK$30) (10 fan + 底 5)",
            "    la 1 settled: A → B 18 (HK$36)",
            "    la 1: A owes C 15 (HK$30)",
            "    la 1: B owes C 16 (HK$32)",
            "    la 1: D owes C 15 (HK$30)",
            "#5 hand 3: B: cash prize 一台草 (0.5 底)",
            "    A pays B 2.5 (HK$5)",
            "    C pays B 2.5 (HK$5)",
            "    D pays B 2.5 (HK$5)",
        ]
    )
    replies = await talk.service.handle(talk.chat, "A", "/export")
    from taipai.bot.service.export import export_name

    path = tmp_path / "out" / export_name(talk.service.store, talk.chat, 1)
    assert path.name.startswith("taipai-") and path.name.endswith("-test-group-1-session1.csv")
    assert replies[0].text == f"Exported 5 events as CSV: {path}"
    assert replies[0].document is not None and replies[0].document.filename == path.name
    assert replies[0].document.content == path.read_bytes()
    assert path.read_bytes().startswith(b"\xef\xbb\xbf")  # UTF-8 with a BOM: Excel reads 東 南 西 北
    text = path.read_bytes().decode("utf-8-sig")
    rows = list(csv.DictReader(io.StringIO(text)))
    legs = [(r["payer"], r["payee"], r["fan"], r["amount"], r["money"]) for r in rows if r["row"] == "leg"]
    assert legs == [
        ("A", "B", "12", "18", "36"),
        ("A", "C", "10", "15", "30"),
        ("B", "C", "10", "16", "32"),
        ("D", "C", "10", "15", "30"),
    ]
    paid = [(r["payer"], r["payee"], r["amount"], r["rule"]) for r in rows if r["row"] == "payment"]
    assert paid == [
        ("A", "B", "18", "la_settle"),
        ("A", "B", "2.5", "prize:one_set_mixed"),
        ("C", "B", "2.5", "prize:one_set_mixed"),
        ("D", "B", "2.5", "prize:one_set_mixed"),
    ]
    balances = {r["payee"]: (r["amount"], r["money"]) for r in rows if r["row"] == "balance"}
    assert balances == {"A": ("-20.5", "-41"), "B": ("25.5", "51"), "C": ("-2.5", "-5"), "D": ("-2.5", "-5")}
    open_chains = [
        (r["payer"], r["payee"], r["amount"]) for r in rows if r["row"] == "chain" and not r["number"]
    ]
    assert open_chains == [("A", "C", "15"), ("B", "C", "16"), ("D", "C", "15")]
    # After 埋數 the ended session can still be listed and exported.
    await talk("A", "埋數")
    assert (await talk("A", "/history")).startswith("History:")
    assert (await talk("A", "/export")).startswith("Exported 6 events as CSV")


def test_csv_is_a_pure_function_of_the_state():
    from taipai.bot.service.export import CSV_COLUMNS, session_csv
    from taipai.bot.service.history import exact
    from taipai.core.table import TableOpened, WinByDiscard, WinLeg
    from taipai.core.table.machine import replay
    from taipai.systems.hk_taiwan.events import CashPrize

    state = replay(
        [
            TableOpened(players=("A", "B", "C", "D")),
            WinByDiscard(discarder="A", legs=(WinLeg("B", 12),)),
            CashPrize(prize="one_set_mixed", player="C"),
        ]
    )
    text = session_csv(state)
    assert text == session_csv(state) and text.splitlines()[0] == ",".join(CSV_COLUMNS)
    from fractions import Fraction

    assert [exact(x) for x in (18, -7, Fraction(5, 2), Fraction(1, 8), Fraction(5, 3))] == [
        "18",
        "-7",
        "2.5",
        "0.125",
        "5/3",
    ]


@pytest.mark.asyncio
async def test_help_lists_the_new_commands(talk_en, talk_zh):
    text = await talk_en("A", "/help")
    for form in (
        "詐糊", "/falsewin", "圍骰", "/dice", "一二三", "/dice123", "一台草", "/mixedset", "一台花",
        "/flowerset", "追", "/chase", "再追", "叫碰不碰", "/nopung", "暗槓", "/kong", "暗槓錯", "/badkong",
        "七搶一", "/sevenrobone", "一搶七", "/onerobseven", "搶槓", "/robkong", "A包", "飛", "/fly",
        "規則", "/rules", "歷史", "/history", "匯出", "/export", "C 食 A 8番",
    ):  # fmt: skip
        assert form in text, form
    assert "現金獎" in await talk_zh("A", "幫助")
