"""Regression tests for the QA report on the bot layer: each finding's crashing or wrong case is a test.

1. scoring off the event loop, chat order kept; 2. bounded digit runs (counts, rule values, button
ids), 0番 = 底 only, at most 9999番; 3. the terminal chat survives any line; 4. exact amounts, sign
before ``$``; 5. sensible money in ``/rules``; 6. CSV formula injection; 7. player names that are
commands, winds or seat words, NFKC names; 8. control characters in speakers.
"""

from __future__ import annotations

import asyncio
import csv
import io
import time
from fractions import Fraction

import pytest

from taipai.bot.console import run_console, split_line
from taipai.bot.i18n import use_locale
from taipai.bot.service import Service, render
from taipai.bot.service.export import session_csv
from taipai.bot.service.history import exact
from taipai.bot.service.parse import MAX_FAN, CommandError, parse_command, read_count
from taipai.bot.store import ChatRef
from taipai.core.settle import settle_transfers
from taipai.core.table import RuleChanged, SessionEnded, TableOpened, WinByDiscard, WinLeg
from taipai.core.table.machine import apply
from taipai.core.table.state import TableState
from taipai.systems.hk_taiwan.events import CashPrize
from taipai.systems.hk_taiwan.options import TableOptions

from .conftest import Talk

HAND = "一二三萬 四五六萬 七八九筒 二三四索 中中中 東 食 東"
HUGE = "1" * 5000


async def _open(talk: Talk, names: str = "A B C D") -> None:
    assert (await talk("A", f"開枱 {names}")).startswith("Table open")


# ---------------------------------------------------------------------------------------- 1
@pytest.mark.asyncio
async def test_a_slow_hand_does_not_block_other_chats_and_keeps_its_chat_in_order(store, monkeypatch):
    service = Service(store, locale="en")
    slow, fast = Talk(service, ChatRef("test", "slow")), Talk(service, ChatRef("test", "fast"))
    await _open(slow)
    await _open(fast)
    real = Service._read_hand_now

    def sleepy(self, hand, state, winner):  # a hand that takes long to score (wildcard search)
        time.sleep(0.6)
        return real(self, hand, state, winner)

    monkeypatch.setattr(Service, "_read_hand_now", sleepy)
    started = time.monotonic()
    hand = asyncio.create_task(slow("B", f"B 食 A {HAND}"))
    undo = asyncio.create_task(slow("A", "撤銷"))  # said after the hand: must undo the hand
    await asyncio.sleep(0.05)
    board = await fast("A", "計數")
    assert board.startswith("Hand 1") and time.monotonic() - started < 0.4  # not behind the slow hand
    assert not hand.done()
    assert (await hand).startswith("B wins on A's discard")
    assert (await undo).startswith("A undid: B wins on A's discard")
    assert (await slow.state()).history[-1].event.kind == "table_opened"


# ---------------------------------------------------------------------------------------- 2
@pytest.mark.parametrize(
    "text",
    [
        f"B 食 A {HUGE}番",
        f"B 自摸 {HUGE}",
        f"/win B A {HUGE}",
        "B 食 A 10000番",
        "B 食 A " + "百" * 5000 + "番",
    ],
)
def test_huge_counts_are_refused_before_int(text):
    with pytest.raises(CommandError) as err:
        parse_command(text)
    assert err.value.code == "count_too_large"


def test_count_bounds():
    assert read_count("9999番") == MAX_FAN == 9999
    assert read_count("0" * 5000 + "12番") == 12  # leading zeros are not digits of the value
    assert read_count("0番") == 0


@pytest.mark.asyncio
async def test_huge_count_reply_and_nothing_stored(talk_en):
    talk = talk_en
    await _open(talk)
    seq = await talk.seq()
    reply = await talk("A", f"B 食 A {HUGE}番")
    assert reply == "That count is too large: at most 9999番. Write the hand's count, e.g. B 食 A 12番."
    assert (await talk("A", "B 食 A 10000番")).startswith("That count is too large")
    assert await talk.seq() == seq
    assert "A → B: 10,005 (9,999 fan + 底 5 + dealer 1)" in await talk("A", "B 食 A 9999番")


@pytest.mark.asyncio
async def test_huge_counts_in_implied_wins_are_refused_too(talk_en):
    talk = talk_en
    await _open(talk)
    seq = await talk.seq()
    for text in (f"{HUGE}番", "99999番", f"食 A {HUGE}番", f"B自摸{HUGE}番", "自摸 99999番"):
        assert (await talk("B", text)).startswith("That count is too large"), text
    assert await talk.seq() == seq


@pytest.mark.asyncio
async def test_long_user_text_is_not_echoed_whole(talk_en):
    """A reply must fit a chat message (Telegram: 4096 characters) whatever was typed."""
    talk = talk_en
    await _open(talk)
    for text in (
        "/" + "x" * 5000,
        "B 食 A " + "字" * 5000,
        "開枱 A B C " + "y" * 5000,
        "/rules " + "z" * 5000 + " 1",
    ):
        reply = await talk("A", text)
        assert reply and len(reply) < 1000, text[:12]


@pytest.mark.asyncio
async def test_zero_fan_is_a_hand_worth_base_only(talk_en):
    """Choice: 0番 is legitimate, 底 only (the table adds 底 and dealer fan to every count)."""
    talk = talk_en
    await _open(talk)
    reply = await talk("C", "C 食 B 0番")
    assert "  B → C: 5 (0 fan + 底 5)" in reply
    assert "0番 is a hand worth 底 only" in await talk("A", "/help")


@pytest.mark.asyncio
@pytest.mark.parametrize(
    "rule",
    [f"false_win_fan {HUGE}", "false_win_fan 99999", f"追 {HUGE}", "追 1e9", f"rate {HUGE}", "base_fan 1.5"],
)
async def test_rule_values_are_bounded(talk_en, rule):
    talk = talk_en
    await _open(talk)
    seq = await talk.seq()
    reply = await talk("A", f"/rules {rule}")
    assert reply.startswith("「") and len(reply) < 400
    assert await talk.seq() == seq


@pytest.mark.asyncio
async def test_button_ids_are_bounded(talk_en):
    talk = talk_en
    await _open(talk)
    for data in (f"undo:{HUGE}:1", f"fix:{'9' * 30}:y", "cut:1:0:1:99999999999999999999:y"):
        pressed = await talk.service.press(talk.chat, "A", data)
        assert pressed.notice == "That button is not from this version of taipai."


# ---------------------------------------------------------------------------------------- 3
@pytest.mark.asyncio
async def test_the_console_keeps_answering_after_lines_that_crashed_it(store, monkeypatch):
    service = Service(store, locale="en")
    real = service.handle

    async def sometimes_broken(chat, speaker, text, message_id=None, **kw):
        if text == "boom":
            raise RuntimeError("a bug anywhere below the console")
        return await real(chat, speaker, text, message_id, **kw)

    monkeypatch.setattr(service, "handle", sometimes_broken)
    lines = [
        "A: 開枱 A B C D",
        "A: B 食 A [槓上 一二三萬",
        f"A: B 食 A {HUGE}番",
        "A: boom",
        "\x00\x01\x02: 計數",
        "B: B 食 A 12番",
        "A: 計數",
    ]
    out = io.StringIO()
    assert (
        await run_console(service, stdin=io.StringIO("\n".join(lines) + "\n"), stdout=out, interactive=False)
        == 0
    )
    text = out.getvalue()
    assert "That count is too large" in text
    assert "Sorry, that message could not be handled (an internal error)" in text
    assert "B wins on A's discard: 12 fan" in text  # later lines are still answered
    assert "taipai: Hand 2, 東 round; B deals" in text.split("B wins on A's discard: 12 fan")[1]
    state = (await service.state_of(await store.open_session(ChatRef("console", "terminal"))))[1]
    assert [h.event.kind for h in state.history] == ["table_opened", "win_by_discard"]


# ---------------------------------------------------------------------------------------- 4
def _qa_state(rate: int | Fraction = 1) -> TableState:
    """開枱 A B C D / B 一台草 / 規則 la_mode off / C 食 B 123450番 / 埋數 (the count bound is the
    bot's; the core books it, and the amounts must still print exactly)."""
    s = apply(None, TableOpened(("A", "B", "C", "D"), TableOptions(rate=rate))).state
    s = apply(s, CashPrize(prize="one_set_mixed", player="B")).state
    s = apply(s, RuleChanged(option="la_mode", value="off")).state
    s = apply(s, WinByDiscard("B", (WinLeg("C", 123450),))).state
    return apply(s, SessionEnded()).state


def test_settlement_amounts_are_exact():
    """Fan units exactly, grouped in thousands; money in dollars and cents with the currency (the
    tester's 「$0.825」 finding: cents, shown as HK$123,447.50, not $123447.5)."""
    state = _qa_state()
    assert state.balances["B"] == Fraction(-246895, 2)
    with use_locale("en"):
        lines = render.settled(state, settle_transfers(state.balances))
    assert "  東 B: -123,447.5 fan = -HK$123,447.50" in lines
    assert "Sum of the balances: 0 (zero-sum)" in lines
    assert "  B pays C 123,447.5 fan = HK$123,447.50" in lines


def test_money_sign_comes_before_the_dollar():
    state = _qa_state(rate=10**30)
    assert render.cash(Fraction(-3, 2) * 10**30) == "-HK$1,500,000,000,000,000,000,000,000,000,000"
    with use_locale("en"):
        board = render.scoreboard(state)
    assert "  東 B: -123,447.5 (-HK$123,447,500,000,000,000,000,000,000,000,000,000)" in board
    assert render.amount(Fraction(-246895, 2)) == "-123,447.5"
    assert render.amount(Fraction(1, 10)) == "0.1"
    assert render.amount(Fraction(5, 3)) == "5/3"
    assert exact(Fraction(10**40 + 1, 2)) == "5" + "0" * 39 + ".5"
    assert exact(Fraction(-1, 8)) == "-0.125"


def test_csv_amounts_are_exact_and_money_is_in_whole_cents():
    rows = list(csv.DictReader(io.StringIO(session_csv(_qa_state(rate=Fraction(10**29 + 1, 100))))))
    b = next(r for r in rows if r["row"] == "balance" and r["payee"] == "B")
    assert b["amount"] == "-123447.5"  # exact: amount × rate is the exact money
    # -123447.5 × (10^27 + 0.01) = -123447.5 × 10^27 - 1234.475: every digit, rounded to the cent
    assert b["money"] == "-1234475" + "0" * 22 + "1234.48"


@pytest.mark.asyncio
async def test_money_in_the_chat_has_every_digit_to_the_cent(talk_en):
    talk = talk_en
    await _open(talk)
    assert (await talk("A", "規則 rate 999999.99")).startswith(
        "Rule changed: 底 = HK$4,999,999.95, a fan = HK$999,999.99."
    )
    await talk("B", "B 一台草")
    # 2.5 × 999999.99 = 2499999.975 → HK$2,499,999.98 (half a cent rounds away from zero)
    assert "  東 A: -2.5 (-HK$2,499,999.98)" in await talk("A", "計數")


@pytest.mark.parametrize(
    ("value", "shown"),
    [
        (Fraction(33, 40), "0.83"),  # 2.5 × 0.33: half a cent up
        (Fraction(-33, 40), "-0.83"),  # and down for a debt: payer and payee see one figure
        (Fraction(99, 40), "2.48"),  # 7.5 × 0.33 = 2.475
        (Fraction(15, 2), "7.50"),
        (18, "18"),
        (Fraction(5, 3), "1.67"),
        (Fraction(-1, 250), "0"),  # -0.004: no "-0"
        (Fraction(1, 200), "0.01"),  # 0.005
    ],
)
def test_money_is_shown_to_the_cent(value, shown):
    from taipai.bot.service.history import cents

    assert cents(value) == shown


@pytest.mark.asyncio
async def test_money_at_rate_033_is_in_cents_everywhere(talk_en, tmp_path):
    """Tester: 「$0.825」 at rate 0.33.  B 一台草: each of A, C, D pays B ½ 底 = 2.5 fan (DESIGN §6,
    一台草 「each pays ½」), 2.5 × 0.33 = 0.825 → HK$0.83; the ledger keeps 2.5 fan exactly."""
    talk = talk_en
    talk.service._export_dir = tmp_path
    await _open(talk)
    await talk("A", "規則 rate 0.33")
    assert (await talk("B", "B 一台草")).splitlines()[1:] == [
        "A pays B 2.5 (HK$0.83)",
        "C pays B 2.5 (HK$0.83)",
        "D pays B 2.5 (HK$0.83)",
    ]
    board = (await talk("A", "計數")).splitlines()
    # 計數 shows the money the settling transfers move, as 埋數 does (QA helper-28: it showed 2.475 →
    # HK$2.48 against 埋數's 3 × HK$0.83 = HK$2.49, and its money did not sum to zero)
    assert board[1:3] == ["  東 A: -2.5 (-HK$0.83)", "  南 B: +7.5 (+HK$2.49)"]
    assert "    A pays B 2.5 (HK$0.83)" in (await talk("A", "歷史")).splitlines()
    replies = await talk.service.handle(talk.chat, "A", "匯出")
    rows = list(csv.DictReader(io.StringIO(replies[0].document.content.decode("utf-8-sig"))))
    assert {r["payee"]: (r["amount"], r["money"]) for r in rows if r["row"] == "balance"} == {
        "A": ("-2.5", "-0.83"),
        "B": ("7.5", "2.49"),
        "C": ("-2.5", "-0.83"),
        "D": ("-2.5", "-0.83"),
    }
    # 埋數: B receives the three transfers as paid, 3 × HK$0.83 = HK$2.49, so the money sums to zero
    settled = (await talk("A", "埋數")).splitlines()
    assert settled[1:5] == [
        "  東 A: -2.5 fan = -HK$0.83",
        "  南 B: +7.5 fan = +HK$2.49",
        "  西 C: -2.5 fan = -HK$0.83",
        "  北 D: -2.5 fan = -HK$0.83",
    ]
    assert settled[-3:] == [
        "  A pays B 2.5 fan = HK$0.83",
        "  C pays B 2.5 fan = HK$0.83",
        "  D pays B 2.5 fan = HK$0.83",
    ]
    ended = await talk.service.store.latest_session(talk.chat)
    balances = (await talk.service.state_of(ended))[1].balances
    assert balances == {
        "A": Fraction(-5, 2),
        "B": Fraction(15, 2),
        "C": Fraction(-5, 2),
        "D": Fraction(-5, 2),
    }


# ---------------------------------------------------------------------------------------- 5
@pytest.mark.asyncio
@pytest.mark.parametrize(
    "value",
    [
        "rate 1e100",
        "rate 1/3",
        "rate 0",
        "rate -1",
        "rate 0.001",
        "rate 1000000.01",
        "base 1e3",
        "base 999999999999999999999999999999",
        "base 5000001",
        "rate NaN",
        "rate inf",
    ],
)
async def test_silly_money_is_refused(talk_en, value):
    talk = talk_en
    await _open(talk)
    seq = await talk.seq()
    reply = await talk("A", f"規則 {value}")
    assert "is not an amount of money" in reply and "at most 2 decimals" in reply
    assert await talk.seq() == seq


@pytest.mark.asyncio
async def test_sensible_money_and_the_repricing_note(talk_en):
    talk = talk_en
    await _open(talk)
    assert (await talk("A", "規則 rate 0.1")).startswith("Rule changed: 底 = HK$0.50, a fan = HK$0.10.")
    assert "a fan = HK$0.20." in await talk("A", "規則 base 1")
    assert "a fan = HK$1,000,000." in await talk("A", "規則 rate 1000000")
    assert "re-prices the whole session" in await talk("A", "規則")
    assert "re-prices the whole session" in await talk("A", "/help")


# ---------------------------------------------------------------------------------------- 6
@pytest.mark.asyncio
async def test_csv_export_defuses_formulas(talk_en, tmp_path):
    talk = talk_en
    talk.service._export_dir = tmp_path
    assert (await talk("A", '開枱 =HYPERLINK("http://x") +1 -1 @A')).startswith("Table open")
    await talk("A", "規則 la_mode off")
    await talk("A", "-1 食 +1 12番")
    replies = await talk.service.handle(talk.chat, "A", "匯出")
    rows = list(csv.reader(io.StringIO(replies[0].document.content.decode("utf-8-sig"))))
    names = {c for r in rows[1:] for c in (r[3], r[7], r[8]) if c}
    assert names == {'\'=HYPERLINK("http://x")', "'+1", "'-1", "A"}
    assert not any(c.startswith(("=", "+", "@", "\t", "\r")) for r in rows for c in r)
    notes = [r[15] for r in rows[1:] if r[15]]
    assert any(n.startswith("'-1 wins") for n in notes)
    amounts = [r[12] for r in rows if r[6] == "balance"]
    assert "-17" in amounts  # number columns stay numbers


# ---------------------------------------------------------------------------------------- 7
@pytest.mark.parametrize(
    ("names", "code"),
    [
        ("食 /undo 撤銷 自摸", "name_command"),
        ("A /undo B C", "name_slash"),
        ("南 東 北 西", "name_seat"),
        ("A 東家 B C", "name_seat"),
        ("A 埋數 B C", "name_command"),
        ("A 包 B C", "name_command"),
        ("A 坐 B C", "name_command"),
        ("A a B C", "name_duplicate"),
        ("A Ａ B C", "name_duplicate"),
        ("A B\u202e C D", "name_control"),
        ("A B\u200b C D", "name_control"),
        ("A @ C D", "name_empty"),
        ("A " + "x" * 33 + " C D", "name_too_long"),
    ],
)
def test_bad_player_names_are_refused(names, code):
    with pytest.raises(CommandError) as err:
        parse_command(f"開枱 {names}")
    assert err.value.code == code


@pytest.mark.asyncio
async def test_bad_names_reply_and_nfkc_names(talk_en):
    talk = talk_en
    assert (
        await talk("A", "開枱 食 /undo 撤銷 自摸") == "「食」 cannot be a player name: it is a command word."
    )
    assert (await talk("A", "開枱 南 東 北 西")).startswith("「南」 cannot be a player name: 東 南 西 北")
    assert await talk.seq() == 0
    await _open(talk, "Ａ B C " + "x" * 32)
    assert (await talk.state()).names == ("A", "B", "C", "x" * 32)
    assert "  A → B: 18" in await talk("B", "Ｂ 食 Ａ 12番")


# ---------------------------------------------------------------------------------------- 8
def test_control_characters_never_make_a_speaker():
    assert split_line("\x00\x01\x02: 計數") == (None, ": 計數")
    assert split_line("A\x00: 計數") == ("A", "計數")


@pytest.mark.asyncio
async def test_the_service_cleans_speakers_and_text(talk_en):
    talk = talk_en
    await talk("\x00A\u202e", "開枱 A B C D\x00")
    session = await talk.service.store.open_session(talk.chat)
    assert session.creator == "A"
    assert (await talk.state()).names == ("A", "B", "C", "D")


@pytest.mark.asyncio
async def test_platform_display_names_are_cleaned(talk_en):
    from taipai.bot.service.identity import Member

    talk = talk_en
    member = Member(user_id="1", display="\u202eA\x00", is_admin=True)
    replies = await talk.service.handle(talk.chat, "x", "開枱 A B C D", "m1", member=member)
    assert replies[0].text.startswith("Table open")
    session = await talk.service.store.open_session(talk.chat)
    assert session.creator == "A"


def test_discord_mentions_with_huge_ids_are_left_as_text():
    from taipai.bot.discord.client import plain_mentions

    text = f"<@{HUGE}> 食 <@1> 12番"
    assert plain_mentions(text, []) == text


@pytest.mark.asyncio
async def test_too_many_wildcards_says_so_not_unknown_kind(talk_zh):
    """Seed 000 wildcard limit (table rule max_wilds_per_hand, 8 by default): nine [皇] are refused as
    too many; the reply once said 「9」 was a wildcard kind the table does not play."""
    await talk_zh("A", "開枱 A B C D")
    reply = await talk_zh("B", "B 自摸 [皇][皇][皇][皇][皇][皇][皇][皇][皇] 一二三萬 四五六萬 東 摸 東")
    assert "一副牌有 9 隻搭；呢張枱最多准 8 隻。" in reply
    assert "冇呢種搭" not in reply


@pytest.mark.asyncio
async def test_two_wildcards_in_one_pung_name_the_table_rule(talk_zh):
    """Seed 000 「上、碰用唔用得越搭 —— 預設用得，但每次上或者碰最多用一隻」: 碰 中[皇][皇] breaks that rule;
    the reply once said the wildcards could not complete the hand."""
    await talk_zh("A", "開枱 A B C D")
    reply = await talk_zh("B", "B 自摸 碰 中[皇][皇] 一二三萬 四五六萬 七八九筒 二三四索 東 摸 東")
    assert reply == "「皇皇」：呢張枱每次上、碰、槓最多用 1 隻搭。"
