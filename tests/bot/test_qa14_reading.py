"""Issue 14 QA findings on what the chat reads and decides, across the three games (港式台牌 hk-taiwan,
台灣牌 taiwan, 廣東牌 hk-old): each finding's case is a test with amounts worked by hand.

1. a game's name is never a player; 2. a count carries its game's unit only; 3. one 撤銷 / 重做 takes
back one message; 4. a claim said without a name is the speaker's own or gets a reply; 5. 開枱's reply
and 撤銷 agree, and undoing 埋數 of an empty table says 埋數; 6. Chinese numerals with 千 / 萬;
7. 花胡 with a 槓上開花 hand (seed 003).
"""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from taipai.bot.service import Service
from taipai.bot.service.book import message_key
from taipai.bot.service.identity import Member
from taipai.bot.service.parse import (
    CommandError,
    RecordFlowerWin,
    RecordPrize,
    check_names,
    count_unit,
    parse_command,
    read_cn_number,
    read_count,
)
from taipai.bot.store import ChatRef, EventRow
from taipai.core.registry import system_by_id
from taipai.core.table import FalseWin, RuleChanged
from taipai.systems.hk_taiwan.events import CashPrize
from taipai.systems.taiwan.events import FlowerWin

from .conftest import CHAT, Talk

OPEN_USAGE = "Open a table with four names: 開枱 A B C D (or /newgame A B C D)."


async def _events(talk: Talk) -> list[str]:
    session = await talk.service.store.latest_session(talk.chat)
    assert session is not None
    return [row.kind for row in await talk.service.store.events(session.id)]


# ---------------------------------------------------------------------------------------- 1
@pytest.mark.parametrize(
    "text", ["開枱 A B C 台灣牌", "開枱 台灣牌 A B C", "/newgame A B C taiwan", "開枱 A B C 廣東牌"]
)
@pytest.mark.asyncio
async def test_three_names_and_a_game_ask_for_four_names(talk_en: Talk, text: str) -> None:
    assert await talk_en("A", text) == OPEN_USAGE
    assert await talk_en.service.store.open_session(CHAT) is None  # nothing opened


def test_no_game_name_is_a_player_name() -> None:
    for name in ("台灣牌", "taiwan", "廣東牌", "hk-old", "港式台牌", "HK-Taiwan"):
        with pytest.raises(CommandError) as err:
            check_names(("A", "B", "C", name))
        assert err.value.code == "open_usage"
    assert check_names(("A", "B", "C", "D")) == ("A", "B", "C", "D")


@pytest.mark.asyncio
async def test_four_names_and_a_game_still_open_that_game(talk_en: Talk) -> None:
    await talk_en("A", "開枱 A B C D 台灣牌")
    state = await talk_en.state()
    assert state.names == ("A", "B", "C", "D") and state.system == "taiwan"


# ---------------------------------------------------------------------------------------- 2
def test_each_game_names_the_units_its_counts_take() -> None:
    assert system_by_id("taiwan").chat.count_units == ("台",)
    assert set(system_by_id("hk-old").chat.count_units) >= {"翻", "番", "台"}
    assert set(system_by_id("hk-taiwan").chat.count_units) >= {"番", "翻", "台"}
    assert [count_unit(t) for t in ("12台", "十二番", "12翻", "12", "12 fan", "一二三萬")] == [
        "台",
        "番",
        "翻",
        "",
        "fan",
        "",
    ]


@pytest.mark.parametrize(
    ("text", "typed", "count"),
    [
        ("B 食 C 12番", "番", 12),
        ("B 食 C 12翻", "翻", 12),
        ("B 食 C 十二番", "番", 12),
        ("B 自摸 3番", "番", 3),
    ],
)
@pytest.mark.asyncio
async def test_a_taiwan_table_refuses_another_games_unit(
    talk_en: Talk, text: str, typed: str, count: int
) -> None:
    await talk_en("A", "開枱 A B C D 台灣牌")
    before = await talk_en.seq()
    assert await talk_en("B", text) == (
        f"Taiwan 16-tile (台灣牌) counts in 台, not 「{typed}」: write {count}台, e.g. B 食 A {count}台."
    )
    assert await talk_en.seq() == before  # nothing booked


@pytest.mark.asyncio
async def test_a_taiwan_table_books_its_own_unit(talk_en: Talk) -> None:
    """底 100, 台 50: B 食 C 3台 is C pays B 100 + 3 × 50 = 250 (A deals, no 作莊 on this leg)."""
    await talk_en("A", "開枱 A B C D 台灣牌")
    reply = await talk_en("B", "B 食 C 3台")
    assert reply.splitlines()[:2] == ["B wins on C's discard: 3台", "C pays B HK$250 (底 100 + 3台 × 50)"]


@pytest.mark.asyncio
async def test_the_zh_reply_gives_the_tables_unit(talk_zh: Talk) -> None:
    await talk_zh("A", "開枱 A B C D 台灣牌")
    assert await talk_zh("B", "B 食 C 12番") == "台灣牌係計台嘅，唔收「番」：寫 12台，例如 B 食 A 12台。"


@pytest.mark.parametrize("count", ["3翻", "3番", "3台"])
@pytest.mark.asyncio
async def test_a_hong_kong_table_takes_fan_and_tai(talk_en: Talk, count: str) -> None:
    """廣東牌: 翻, 番, and 台 as seed 003 writes it for 翻; each books 3翻."""
    await talk_en("A", "開枱 A B C D 廣東牌")
    assert (await talk_en("B", f"B 食 C {count}")).splitlines()[0] == "B wins on C's discard: 3翻"


@pytest.mark.asyncio
async def test_hk_taiwan_takes_tai_as_today(talk_en: Talk) -> None:
    await talk_en("A", "開枱 A B C D")
    assert (await talk_en("B", "B 食 C 12台")).splitlines()[0] == "B wins on C's discard: 12 fan"


# ---------------------------------------------------------------------------------------- 3
@pytest.mark.parametrize("ids", [False, True])
@pytest.mark.asyncio
async def test_one_undo_takes_back_one_rules_message(talk_en: Talk, ids: bool) -> None:
    """規則 底 200 台 100 booked two RuleChanged: one 撤銷 takes back both, one 重做 brings both back;
    the log only grows (每個撤銷 / 重做 is booked, never a row removed)."""
    mid = iter(f"m{i}" for i in range(100))

    async def say(text: str) -> str:
        return await talk_en("A", text, next(mid) if ids else None)

    await say("開枱 A B C D 台灣牌")
    await say("規則 底 200 台 100")
    assert ((await talk_en.state()).options.base, (await talk_en.state()).options.per_tai) == (200, 100)
    undone = await say("撤銷")
    assert undone.splitlines()[:2] == [
        "A undid: Rule changed: 台 = 100 (money per 台).",
        "A undid: Rule changed: 底 = 200.",
    ]
    opts = (await talk_en.state()).options
    assert (opts.base, opts.per_tai) == (100, 50)
    await say("重做")
    opts = (await talk_en.state()).options
    assert (opts.base, opts.per_tai) == (200, 100)
    await say("撤銷")
    opts = (await talk_en.state()).options
    assert (opts.base, opts.per_tai) == (100, 50)
    kinds = await _events(talk_en)
    assert kinds == ["table_opened", *["rule_changed"] * 2, *["undo"] * 2, *["redo"] * 2, *["undo"] * 2]


@pytest.mark.asyncio
async def test_an_undo_delivered_twice_is_booked_once(talk_en: Talk) -> None:
    await talk_en("A", "開枱 A B C D 台灣牌", "1")
    await talk_en("A", "規則 底 200 台 100", "2")
    assert (await talk_en("A", "撤銷", "3")).startswith("A undid")
    assert await talk_en("A", "撤銷", "3") == ""  # the same message again: no reply, nothing booked
    assert await _events(talk_en) == ["table_opened", "rule_changed", "rule_changed", "undo", "undo"]


@pytest.mark.asyncio
async def test_separate_rules_messages_are_undone_one_at_a_time(talk_en: Talk) -> None:
    await talk_en("A", "開枱 A B C D 台灣牌")
    await talk_en("A", "規則 底 200 台 100")
    await talk_en("A", "規則 底 300 台 150")
    await talk_en("A", "撤銷")
    opts = (await talk_en.state()).options
    assert (opts.base, opts.per_tai) == (200, 100)


def _row(seq: int, kind: str, source: str | None, detail: dict | None = None) -> EventRow:
    return EventRow(
        id=seq,
        session_id=1,
        seq=seq,
        platform="test",
        chat_id="c",
        source_message_id=source,
        speaker="A",
        kind=kind,
        payload={},
        created_at=datetime(2026, 1, 1, tzinfo=UTC),
        detail=detail,
    )


def test_a_message_is_its_rows_marked_together_or_its_id_runs() -> None:
    # the mark: both rows name the message's first seq
    first, second = (
        _row(2, "rule_changed", None, {"message_seq": 2}),
        _row(3, "rule_changed", None, {"message_seq": 2}),
    )
    assert message_key(first, None, None) == message_key(second, None, ("message", 2)) == ("message", 2)
    # a log written before the mark: <id>:1 then <id> (a Telegram id holds a colon itself)
    one = _row(2, "rule_changed", "-100:7:1")
    key = message_key(one, "-100:6", ("message", 1))
    assert key == ("message", 2)
    assert message_key(_row(3, "rule_changed", "-100:7"), "-100:7:1", key) == key
    # two messages in a row are two
    assert message_key(_row(3, "rule_changed", "-100:8"), "-100:7", key) == ("message", 3)


# ---------------------------------------------------------------------------------------- 4
@pytest.mark.asyncio
async def test_flower_win_said_alone_is_the_speakers(talk_en: Talk) -> None:
    """台灣牌 八仙過海 by B (A deals, 底 100, 台 50): 8台 each, A adds 作莊 50: 550, 500, 500."""
    await talk_en("A", "開枱 A B C D 台灣牌")
    reply = await talk_en("B", "八仙過海")
    assert "A pays B HK$550 (底 100 + 8台 × 50 + 作莊 50)" in reply
    assert "C pays B HK$500 (底 100 + 8台 × 50)" in reply and "D pays B HK$500 (底 100 + 8台 × 50)" in reply
    assert (await talk_en.state()).history[-1].event == FlowerWin(winner="B")


@pytest.mark.asyncio
async def test_seven_rob_one_said_without_a_name_is_the_speakers_robbery(talk_en: Talk) -> None:
    await talk_en("A", "開枱 A B C D 台灣牌")
    await talk_en("C", "七搶一 B")
    assert (await talk_en.state()).history[-1].event == FlowerWin(winner="C", robbed="B")


@pytest.mark.parametrize(
    ("text", "event"),
    [
        ("詐糊", FalseWin(player="B")),
        ("一台花", CashPrize(prize="one_set_flowers", player="B", other=None)),
        ("暗槓", CashPrize(prize="concealed_kong", player="B", other=None)),
        ("七搶一 C", CashPrize(prize="seven_rob_one", player="C", other="B")),
    ],
)
@pytest.mark.asyncio
async def test_hk_taiwan_claims_said_alone_are_the_speakers(talk_en: Talk, text: str, event: object) -> None:
    await talk_en("A", "開枱 A B C D")
    assert await talk_en("B", text) != ""
    assert (await talk_en.state()).history[-1].event == event


@pytest.mark.asyncio
async def test_a_claim_by_someone_not_at_the_table_asks_for_the_name(talk_en: Talk) -> None:
    await talk_en("A", "開枱 A B C D 台灣牌")
    before = await talk_en.seq()
    assert await talk_en("X", "八仙過海") == "Whose is it? Say it with the player's name: A 八仙過海."
    assert await talk_en("X", "七搶一 B") == "Whose is it? Say it with the player's name: A 七搶一 B."
    assert await talk_en.seq() == before


@pytest.mark.asyncio
async def test_a_member_without_a_seat_cannot_claim_for_the_player_of_their_name(store) -> None:
    """On a platform 「八仙過海」 is booked for the seat the member holds, never for a player whose name
    matches their display name (nobody acts for another)."""
    service = Service(store, locale="en")
    chat = ChatRef("test", "seats")
    ann, bob = Member("1", "A"), Member("2", "B")
    await service.handle(chat, "A", "開枱 A B C D 台灣牌", "1", member=ann)
    session = await store.open_session(chat)
    assert session is not None
    before = await store.last_seq(session.id)
    replies = await service.handle(chat, "B", "八仙過海", "2", member=bob)
    assert replies and "take a seat" in replies[0].text
    assert await store.last_seq(session.id) == before


@pytest.mark.parametrize(
    ("text", "cmd"),
    [
        ("八仙過海", RecordFlowerWin("", mine=True)),
        ("八仙過海 3台", RecordFlowerWin("", hand="3台", mine=True)),
        ("七搶一 C", RecordPrize("seven_rob_one", player="C", mine=True)),
        ("B 八仙過海 3台", RecordFlowerWin("B", hand="3台")),
        ("A 七搶一 B 3台", RecordPrize("seven_rob_one", player="B", other="A", hand="3台")),
    ],
)
def test_claims_parse_with_and_without_a_name(text: str, cmd: object) -> None:
    assert parse_command(text) == cmd


@pytest.mark.parametrize("text", ["八仙過海 B", "B 八仙過海 三", "七搶一 B C"])
def test_a_claim_with_more_than_a_count_says_how_to_write_it(text: str) -> None:
    with pytest.raises(CommandError) as err:
        parse_command(text)
    assert err.value.code in ("flower_win_usage", "rob_usage")


# ---------------------------------------------------------------------------------------- 5
@pytest.mark.asyncio
async def test_open_on_a_table_waiting_for_redo_does_not_offer_undo(talk_en: Talk) -> None:
    await talk_en("A", "開枱 A B C D 台灣牌")
    await talk_en("B", "B 食 C 3台")
    await talk_en("A", "撤銷")
    reply = await talk_en("A", "開枱 A B C D 廣東牌")
    assert reply == (
        "A table is already open here (東 A, 南 B, 西 C, 北 D); everything played has been undone and "
        "重做 brings back: B wins on C's discard: 3台. 埋數 ends it, then open the new table."
    )
    assert "撤銷" not in reply
    assert (await talk_en("A", "撤銷")).startswith("Nothing more to undo.")


@pytest.mark.asyncio
async def test_open_on_a_fresh_table_still_offers_undo_and_undo_cancels(talk_en: Talk) -> None:
    await talk_en("A", "開枱 A B C D 台灣牌")
    assert "撤銷 cancels it" in await talk_en("A", "開枱 A B C D 廣東牌")
    assert (await talk_en("A", "撤銷")).startswith("A cancelled the table")


@pytest.mark.asyncio
async def test_undoing_the_settlement_of_an_empty_table_says_settlement(talk_en: Talk) -> None:
    await talk_en("A", "開枱 A B C D 台灣牌")
    await talk_en("A", "埋數")
    reply = await talk_en("A", "撤銷")
    assert reply.splitlines()[0] == "A undid: settlement (埋數). The table is open again; play on."


@pytest.mark.asyncio
async def test_undoing_a_cancelled_table_still_says_cancelling(talk_en: Talk) -> None:
    await talk_en("A", "開枱 A B C D 台灣牌")
    await talk_en("A", "撤銷")
    reply = await talk_en("A", "撤銷")
    assert reply.splitlines()[0] == "A undid: cancelling the table. The table is open again; play on."


# ---------------------------------------------------------------------------------------- 6
def test_chinese_numerals_with_thousands_and_myriads() -> None:
    assert [
        read_cn_number(s) for s in ("一萬", "九千九百九十九", "三百六十", "十萬", "廿四", "一千零五")
    ] == [
        10000,
        9999,
        360,
        100000,
        24,
        1005,
    ]
    assert read_count("九千九百九十九台") == 9999
    with pytest.raises(CommandError) as err:
        read_count("一萬台")
    assert err.value.code == "count_too_large"


@pytest.mark.asyncio
async def test_a_count_of_ten_thousand_in_chinese_is_refused_as_too_large(talk_en: Talk) -> None:
    await talk_en("A", "開枱 A B C D 台灣牌")
    assert (await talk_en("B", "B 食 C 一萬台")) == (await talk_en("B", "B 食 C 10000台"))
    assert "9999" in await talk_en("B", "B 食 C 一萬台")
    reply = await talk_en("B", "B 食 C 九千九百九十九台")
    assert reply.splitlines()[1] == "C pays B HK$500,050 (底 100 + 9999台 × 50)"  # 100 + 9999 × 50


# ---------------------------------------------------------------------------------------- 7
@pytest.mark.asyncio
async def test_eight_flowers_with_a_kong_flower_hand(talk_en: Talk) -> None:
    """Seed 003 「如補得之牌恰為槓上開花, 牌面台數照算加計八仙過海8台(底注只計1底)」: B 八仙過海 3台 (A
    deals): each pays 底 100 + (8 + 3)台 × 50 = 650, A adds 作莊 50: 700."""
    await talk_en("A", "開枱 A B C D 台灣牌")
    reply = await talk_en("B", "B 八仙過海 3台")
    assert "A pays B HK$700" in reply and "C pays B HK$650" in reply and "D pays B HK$650" in reply
    assert (await talk_en.state()).history[-1].event == FlowerWin(winner="B", hand=3)


@pytest.mark.asyncio
async def test_seven_rob_one_with_a_kong_flower_hand(talk_en: Talk) -> None:
    """Seed 003 七搶一's second case 「視同自摸, 三家賠付, 牌面台數照算…但花牌台數被搶花者應單獨計七搶一8台」:
    C 七搶一 B 3台 (A deals): each of the three pays 100 + 3 × 50 = 250, B the 8台 more (400): 650,
    A adds 作莊 50: 300."""
    await talk_en("A", "開枱 A B C D 台灣牌")
    reply = await talk_en("C", "C 七搶一 B 3台")
    assert "A pays C HK$300" in reply and "B pays C HK$650" in reply and "D pays C HK$250" in reply
    assert (await talk_en.state()).history[-1].event == FlowerWin(
        winner="C", robbed="B", hand=3, hand_self_drawn=True
    )


@pytest.mark.asyncio
async def test_a_flower_win_hand_in_another_games_unit_is_refused(talk_en: Talk) -> None:
    await talk_en("A", "開枱 A B C D 台灣牌")
    before = await talk_en.seq()
    assert (await talk_en("B", "B 八仙過海 3番")).startswith("Taiwan 16-tile (台灣牌) counts in 台")
    assert await talk_en.seq() == before


@pytest.mark.asyncio
async def test_a_rule_change_of_one_pair_is_still_one_event(talk_en: Talk) -> None:
    await talk_en("A", "開枱 A B C D 台灣牌")
    await talk_en("A", "規則 底 200")
    assert (await talk_en.state()).history[-1].event == RuleChanged(option="base", value="200")
