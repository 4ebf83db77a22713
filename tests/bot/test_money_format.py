"""Money as Hong Kong writes it (issue 15 item 8): Babel's format_currency with the chat's currency,
separators everywhere money appears, and the 貨幣 / /currency command.  Every expected string is
written by hand."""

from __future__ import annotations

import csv
import io
from datetime import date
from decimal import Decimal
from fractions import Fraction

import pytest

from taipai.bot import money_format
from taipai.bot.i18n import use_locale
from taipai.bot.money_format import count, currency_of, day, money, round_cents, use_currency
from taipai.bot.service import Service, render
from taipai.bot.service.identity import Member
from taipai.bot.store import ChatRef
from taipai.bot.store.chats import ChatData

from .conftest import Talk

LOCALES = ("zh_Hant_HK", "en")


@pytest.mark.parametrize("locale", LOCALES)
@pytest.mark.parametrize(
    ("currency", "value", "sign", "shown"),
    [
        ("HKD", 1080, False, "HK$1,080"),
        ("HKD", Fraction(-15, 2), False, "-HK$7.50"),
        ("HKD", Fraction(825, 1000), True, "+HK$0.83"),  # half a cent rounds away from zero
        ("HKD", Fraction(-825, 1000), True, "-HK$0.83"),
        ("HKD", 1_000_000, False, "HK$1,000,000"),
        ("HKD", Fraction(-1, 250), True, "HK$0"),  # -0.004: no "-HK$0"
        ("HKD", 0, True, "HK$0"),
        ("TWD", 1080, False, "NT$1,080"),
        ("TWD", Fraction(-123456789, 100), False, "-NT$1,234,567.89"),
        ("USD", Fraction(1, 10), False, "US$0.10"),
        ("USD", -2500, True, "-US$2,500"),
        ("CNY", 12, True, "+CN¥12"),
        ("CNY", Decimal("1234.5"), False, "CN¥1,234.50"),
    ],
)
def test_money_in_each_currency_and_language(locale, currency, value, sign, shown):
    with use_locale(locale), use_currency(currency):
        assert money(value, sign=sign) == shown


def test_money_keeps_every_digit_and_refuses_floats():
    assert money(Fraction(-3, 2) * 10**30, currency="HKD") == "-HK$1,500,000,000,000,000,000,000,000,000,000"
    assert (
        money(Fraction(10**25 * 100 + 1, 100), currency="TWD") == "NT$10,000,000,000,000,000,000,000,000.01"
    )
    with pytest.raises(TypeError):
        money(7.5)  # type: ignore[arg-type]
    with pytest.raises(TypeError):
        count(1.5)  # type: ignore[arg-type]


def test_round_cents_is_symmetric():
    assert round_cents(Fraction(99, 40)) == Fraction(248, 100)  # 2.475 → 2.48
    assert round_cents(Fraction(-99, 40)) == Fraction(-248, 100)
    assert round_cents(Fraction(5, 3)) == Fraction(167, 100)


@pytest.mark.parametrize("locale", LOCALES)
def test_counts_are_grouped_and_exact(locale):
    with use_locale(locale):
        assert count(1234) == "1,234"
        assert count(999) == "999"
        assert count(Fraction(-246895, 2)) == "-123,447.5"
        assert count(Fraction(1, 10)) == "0.1"
        assert count(Fraction(5, 3)) == "5/3"  # no finite decimal: shown as the fraction
        assert count(Fraction(1, 1024)) == "0.0009765625"  # more places than the numerator has digits
        assert count(Fraction(10**40 + 1, 2)) == "5," + "000," * 12 + "000.5"  # 5 × 10^39 + ½


def test_days_in_each_language():
    assert day(date(2026, 11, 30), "zh_Hant_HK") == "11月30日"
    assert day(date(2026, 11, 30), "en") == "30 Nov"
    assert day(date(2027, 1, 5), "en") == "5 Jan"


@pytest.mark.parametrize(
    ("word", "code"),
    [
        ("HK$", "HKD"),
        ("hkd", "HKD"),
        ("港幣", "HKD"),
        ("$", "USD"),
        ("美金", "USD"),
        ("NT$", "TWD"),
        ("台幣", "TWD"),
        ("¥", "CNY"),
        ("RMB", "CNY"),
        ("人民幣", "CNY"),
        ("EUR", None),
        ("€", None),
        ("JPY", None),  # ¥ is the yuan here; the yen is not one of the four
        ("", None),
    ],
)
def test_the_words_a_player_may_type_for_a_currency(word, code):
    assert currency_of(word) == code


def test_the_currency_context_defaults_to_hkd_and_ignores_unknown_codes():
    assert money_format.current_currency() == "HKD"
    with use_currency("TWD"):
        assert render.cash(Fraction(-15, 2)) == "-NT$7.50"
        with use_currency("XYZ"):  # a row written by hand
            assert render.cash(1080) == "HK$1,080"
        assert render.cash(1080, sign=True) == "+NT$1,080"
    with use_currency(None):
        assert render.cash(1080) == "HK$1,080"


# ------------------------------------------------------------------------------------- the chat
@pytest.mark.both_databases
@pytest.mark.asyncio
async def test_currency_command_sets_reads_and_refuses(talk_zh: Talk, talk_en: Talk):
    zh = talk_zh
    assert await zh("A", "貨幣") == (
        "呢度嘅銀碼用 HK$（HKD）寫：HK$1,080。要改就打 貨幣 NT$ 或者 /currency TWD；"
        "收：HK$（HKD）、US$（USD）、NT$（TWD）、CN¥（CNY）。"
    )
    assert await zh("A", "貨幣 €") == (
        "「€」唔係我識寫嘅貨幣：揀 HK$（HKD）、US$（USD）、NT$（TWD）、CN¥（CNY） 其中一個，"
        "例如 貨幣 NT$ 或者 /currency TWD。"
    )
    assert await ChatData(zh.service.store).chat_currency(zh.chat) is None  # nothing stored
    assert await zh("A", "貨幣 NT$") == "貨幣改咗做 NT$（TWD）。銀碼而家咁寫：NT$1,080；已經記咗嘅數唔變。"
    assert await ChatData(zh.service.store).chat_currency(zh.chat) == "TWD"
    en = Talk(Service(zh.service.store, locale="en"), zh.chat)  # another worker reads the same row
    assert await en("A", "/currency") == (
        "Money here is written in NT$ (TWD): NT$1,080. Change it with 貨幣 NT$ or /currency TWD; "
        "taken: HK$ (HKD), US$ (USD), NT$ (TWD), CN¥ (CNY)."
    )
    assert await en("A", "/currency cny") == (
        "Currency set: CN¥ (CNY). Money now reads CN¥1,080; amounts booked stay as they are."
    )
    assert await en("A", "/currency") == (
        "Money here is written in CN¥ (CNY): CN¥1,080. Change it with 貨幣 NT$ or /currency TWD; "
        "taken: HK$ (HKD), US$ (USD), NT$ (TWD), CN¥ (CNY)."
    )


@pytest.mark.asyncio
async def test_a_taiwan_table_in_new_taiwan_dollars(talk_en: Talk):
    """台灣牌 (底 100, 台額 50 by default): C 食 B 3台 = 100 + 3 × 50 = 250 from B, shown in the chat's
    currency; the CSV keeps the plain number."""
    talk = talk_en
    await talk("A", "開枱 A B C D 台灣牌")
    await talk("A", "貨幣 NT$")
    reply = await talk("C", "C 食 B 3台")
    assert reply.splitlines()[1] == "B pays C NT$250 (底 100 + 3台 × 50)"
    board = (await talk("A", "計數")).splitlines()
    assert board[1:] == ["  北 A: NT$0", "  東 B: -NT$250", "  南 C: +NT$250", "  西 D: NT$0"]
    (exported,) = await talk.service.handle(talk.chat, "A", "/export")
    assert exported.document is not None
    rows = list(csv.DictReader(io.StringIO(exported.document.content.decode("utf-8-sig"))))
    assert {r["payee"]: r["money"] for r in rows if r["row"] == "balance"} == {
        "A": "0",
        "B": "-250",
        "C": "250",
        "D": "0",
    }


@pytest.mark.asyncio
async def test_money_and_large_counts_at_hk_taiwan_in_cantonese(talk_zh: Talk):
    """港式台牌 at HK$60 a fan (規則 rate 60): B 食 A 12番 = 12 + 底 5 + 莊 1 = 18番 = HK$1,080."""
    talk = talk_zh
    await talk("A", "開枱 A B C D")
    assert (await talk("A", "規則 rate 60")).startswith("改咗規則：每底 HK$300，每番 HK$60。")
    assert "A → B：18（HK$1,080）（12番 + 底 5 + 莊 1）" in await talk("B", "B 食 A 12番")
    board = (await talk("A", "計數")).splitlines()
    assert board[1:3] == ["  北 A: 0 (HK$0) （連拉計：-18）", "  東 B: 0 (HK$0) （連拉計：+18）"]  # 拉一 runs
    settled = (await talk("A", "埋數")).splitlines()
    assert "埋數！最後結果（底 = 5番，每番 HK$60）：" in settled
    assert "  A 俾 B 18番 = HK$1,080" in settled


@pytest.mark.both_databases
@pytest.mark.asyncio
async def test_only_an_admin_or_the_creator_sets_the_currency(store):
    service = Service(store, locale="en")
    chat = ChatRef("telegram", "-1001")
    ann, bob, boss = Member("1", "Ann"), Member("2", "Bob"), Member("9", "Boss", is_admin=True)

    async def say(member: Member, text: str) -> str:
        return "\n".join(r.text for r in await service.handle(chat, member.display, text, member=member))

    refused = "Bob: only the table's creator or a chat admin can do that."
    assert await say(bob, "/currency TWD") == refused  # no table: an admin only
    await say(ann, "開枱 A B C D")  # Ann opened the table: its creator
    assert await say(bob, "貨幣 NT$") == refused
    assert (await say(bob, "貨幣")).startswith("Money here is written in HK$ (HKD)")  # asking is open
    assert (await say(ann, "貨幣 NT$")).startswith("Currency set: NT$ (TWD).")
    assert (await say(boss, "/currency USD")).startswith("Currency set: US$ (USD).")
    assert await ChatData(store).chat_currency(chat) == "USD"
