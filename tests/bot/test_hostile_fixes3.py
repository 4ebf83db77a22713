"""A hostile tester's findings (issue 15), fixer 3: 計番 / 聽 money with the hand's 連N priced on the
booking's path, at every game."""

from __future__ import annotations

import csv
import io
import json
import re

import pytest

from taipai.bot.service import Service
from taipai.bot.service.export import export_name
from taipai.bot.store import ChatRef, Store, sqlite_url
from taipai.core.errors import HandError
from taipai.core.registry import SYSTEMS
from taipai.core.system import Seat
from taipai.core.waiting import find_waits

from .conftest import Talk
from .test_cli import taipai

HAND = "一二三萬 四五六萬 七八九筒 二三四索 中中中 東"
"""Waiting on 東 only; at 港式台牌 20番 self-drawn by an ordinary seat, at 台灣牌 5台."""

TERMINAL = ChatRef("console", "terminal")

HK_OLD_HAND = "一二三萬 四五六萬 七八九索 二三筒 中中"


def money_line(reply: str) -> str:
    return next(line for line in reply.splitlines() if "收" in line or "collects" in line)


@pytest.mark.asyncio
async def test_calc_money_counts_the_dealer_streak_at_hk_taiwan(talk_zh: Talk) -> None:
    await talk_zh("A", "開枱 A B C D")
    await talk_zh("A", "規則 rate 60")
    # self-drawn by the dealer on 連2: 3 × (20 + 底 5 + 莊 2×2+1) × HK$60 = HK$5,400
    calc = await talk_zh("A", f"計番 {HAND} 摸 東 莊 連2")
    assert calc.splitlines()[0] == "計番（港式台牌，自摸）：25番 + 1 × 底 5 = 30"
    assert money_line(calc).strip() == "照呢張枱嘅設定，糊家一共收 HK$5,400。"
    # on a discard: (18 + 5 + 5) × 60 = HK$1,680
    calc = await talk_zh("A", f"計番 {HAND} 食 東 莊 連2")
    assert money_line(calc).strip() == "照呢張枱嘅設定，糊家一共收 HK$1,680。"
    # 連2 without 莊: an ordinary seat self-draws; only the dealer's leg carries 5: (25 + 5) × 60 + 2 × 25 × 60
    calc = await talk_zh("A", f"計番 {HAND} 摸 東 連2")
    assert money_line(calc).strip() == "照呢張枱嘅設定，糊家一共收 HK$4,800。"
    waits = await talk_zh("A", f"聽 {HAND} 莊 連2")
    assert waits.splitlines()[1] == "東：食 23番（HK$1,680）、自摸 25番（HK$5,400）"
    assert await talk_zh.seq() == 2  # 開枱 and 規則 only


@pytest.mark.asyncio
async def test_calc_money_counts_the_dealer_streak_at_taiwan(talk_en: Talk) -> None:
    await talk_en("A", "開枱 A B C D 台灣牌")
    # 3 × (底 100 + 5台 × 50 + 作莊 50 + 連2拉2 2 × 2 × 50) = HK$1,800
    calc = await talk_en("A", f"計番 {HAND} 摸 東 莊 連2")
    assert calc.splitlines()[0] == "計番 at Taiwan 16-tile (台灣牌), self-drawn: 10台"
    assert money_line(calc) == "The winner collects HK$1,800 in all at this table's settings."
    # 連99: 3 × (100 + 250 + 50 + 198 × 50) = HK$30,900
    calc = await talk_en("A", f"計番 {HAND} 摸 東 莊 連99")
    assert money_line(calc) == "The winner collects HK$30,900 in all at this table's settings."
    # a plain 莊 (連0): 3 × (100 + 250 + 50) = HK$1,200; an ordinary seat: 2 × 350 + 400 = HK$1,100
    calc = await talk_en("A", f"計番 {HAND} 摸 東 莊")
    assert money_line(calc) == "The winner collects HK$1,200 in all at this table's settings."
    calc = await talk_en("A", f"計番 {HAND} 摸 東")
    assert money_line(calc) == "The winner collects HK$1,100 in all at this table's settings."
    # on a discard the dealer wins 100 + (3台 + 作莊 1 + 連2拉2 4) × 50 = HK$500
    waits = await talk_en("A", f"聽 {HAND} 莊 連2")
    assert waits.splitlines()[1] == "東: on a discard 8台 (HK$500), self-drawn 10台 (HK$1,800)"


@pytest.mark.asyncio
@pytest.mark.parametrize(
    ("game", "hand", "win"),
    [("港式台牌", HAND, "摸 東"), ("台灣牌", HAND, "摸 東"), ("廣東牌", HK_OLD_HAND, "摸 一筒")],
)
async def test_calc_money_is_what_booking_the_hand_on_a_streak_pays(
    talk_en: Talk, game: str, hand: str, win: str
) -> None:
    await talk_en("A", f"開枱 A B C D {game}")
    await talk_en("A", "規則 rate 60" if game == "港式台牌" else "規則 base 2")
    await talk_en("A", "流局")
    await talk_en("A", "流局")
    state = await talk_en.state()
    assert (state.dealer, state.streak) == ("A", 2)
    calc = await talk_en("A", f"計番 {hand} {win} 莊 連2")
    shown = re.search(r"collects (HK\$[\d,]+) in all", calc)
    assert shown is not None, calc
    await talk_en("A", f"A 自摸 {hand} {win}")
    after = await talk_en.state()
    # paid now, plus what the others owe A on the 拉 chains the win opened (港式台牌, seed 004 拉)
    owed = sum(c.amount for c in after.chains if c.creditor == "A")
    gain = after.options.money(after.balances["A"] + owed)
    assert gain > 0
    assert shown.group(1) == f"HK${gain:,}"


EIGHT_WILDS = "[皇] [皇] [皇] [皇] [皇] [皇] [皇] [皇] 九萬 一筒 二筒 三筒 四筒 五筒 六筒 東"
"""Eight wildcards, the table's most (max_wilds_per_hand 8), and eight tiles: 16 held."""


def test_waits_with_the_most_wildcards_lists_natural_tiles_and_no_wildcard_drawn() -> None:
    system = SYSTEMS["hk-taiwan"]
    rules = system.load_rules(None)
    options = system.table.default_options()
    # a ninth wildcard drawn is refused as a booked hand would be
    with pytest.raises(HandError) as err:
        system.score(f"{EIGHT_WILDS} 摸 [皇]", Seat(), rules, options, table_seat=False)
    assert (err.value.code, err.value.hint_args) == ("wild_unsupported", {"count": 9, "limit": 8})
    waits = find_waits(system, EIGHT_WILDS, rules, options)
    assert waits.reason == "waiting"
    assert all(t.kind is not None for t in waits.tiles)  # no [K] drawn
    assert len(waits.tiles) == 34  # eight 皇 complete with any tile kind
    for t in waits.tiles:
        for word, got in (("食", t.discard), ("摸", t.self_draw)):
            assert got is not None
            hand = f"{EIGHT_WILDS} {word} {t.tile}"
            assert system.score(hand, Seat(), rules, options, table_seat=False).score.fan == got.score.fan
    # seven wildcards: an eighth drawn is a winning tile, listed
    seven = EIGHT_WILDS.replace("[皇] ", "", 1) + " 七筒"
    assert any(t.tile == "[皇]" for t in find_waits(system, seven, rules, options).tiles)


@pytest.mark.asyncio
async def test_waits_with_eight_wildcards_in_the_chat_is_answered(talk_zh: Talk) -> None:
    lines = (await talk_zh("B", f"聽 {EIGHT_WILDS}")).splitlines()
    assert lines[0] == "港式台牌聽 任何一隻牌，大嘅排先："  # every tile wins; no two thirds the same
    assert len(lines) == 1 + 34 and not any(line.startswith("[") for line in lines)


def test_taipai_waits_over_budget_says_what_to_do_instead() -> None:
    hostile = "明槓 六索 槓 八索 槓 五索 [東南西北] [皇] [索] [筒索萬] [中發白] [東南西北] [萬]"
    run = taipai("waits", "--json", hostile)
    assert run.returncode == 2
    assert json.loads(run.stdout)["error"] == {
        "code": "over_budget",
        "message": "too many wildcard readings to list the winning tiles within the waits budget",
        "hint": "ask with fewer wildcards, or score the hand with its winning tile, e.g. 計番 … 摸 東",
    }
    run = taipai("waits", "--lang", "zh_Hant_HK", hostile)
    assert run.returncode == 2
    assert run.stderr.strip() == (
        "呢副牌太多搭，聽唔晒邊啲牌會食：冇嘢顯示得到。少啲搭再問，或者連埋食嗰隻牌用計番計，例如 計番 … 摸 東。"
    )


@pytest.mark.asyncio
async def test_two_databases_in_one_folder_write_two_season_files(tmp_path) -> None:
    written: dict[str, tuple[str, bytes]] = {}
    for db, winner in (("one", "B"), ("two", "C")):
        async with await Store.open(sqlite_url(tmp_path / f"{db}.db")) as store:
            talk = Talk(Service(store, locale="en", export_dir=tmp_path), TERMINAL)
            await talk("A", "開枱 A B C D")
            await talk("A", f"{winner} 食 A 10番")
            await talk("A", "埋數")
            reply = await talk("A", "/export season")
            session = export_name(store, TERMINAL, 1)
            season = session.replace("-session1.csv", "-season1.csv")
            assert season.startswith(f"taipai-{db}-") and season.endswith("-console-terminal-season1.csv")
            assert reply.startswith("Season 1 · since ") and reply.endswith(
                f": written to {tmp_path / season}"
            )
            written[db] = (season, (tmp_path / season).read_bytes())
    (one, one_data), (two, two_data) = written["one"], written["two"]
    assert one != two
    # each file still holds its own table: 10番 + 底 5 + the dealer A's 1 from A, to B in one.db, C in two.db
    assert (tmp_path / one).read_bytes() == one_data and (tmp_path / two).read_bytes() == two_data

    def balances(data: bytes) -> dict[str, str]:
        rows = csv.DictReader(io.StringIO(data.decode("utf-8-sig")))
        return {r["payee"]: r["money"] for r in rows if r["row"] == "balance"}

    assert balances(one_data) == {"A": "-16", "B": "16", "C": "0", "D": "0"}
    assert balances(two_data) == {"A": "-16", "B": "0", "C": "16", "D": "0"}


@pytest.mark.asyncio
@pytest.mark.parametrize(
    "name", ["wins", "Draw", "zimo", "TSUMO", "self-draw", "selfdraw", "undo", "Score", "settle", "kong"]
)
async def test_english_command_words_are_refused_as_player_names(talk_en: Talk, name: str) -> None:
    assert await talk_en("A", f"開枱 Ann Bob Cat {name}") == (
        f"「{name}」 cannot be a player name: it is a command word."
    )
    assert await talk_en.seq() == 0


def test_every_english_word_the_free_text_reader_takes_is_reserved() -> None:
    from taipai.bot.service import natural
    from taipai.bot.service.parse import ENGLISH_NAME_WORDS

    read = natural.ENGLISH_WORDS | set(natural.ENGLISH_COMMANDS) | set(natural.ENGLISH_OWN_EVENTS)
    assert read <= ENGLISH_NAME_WORDS


@pytest.mark.asyncio
async def test_a_name_with_a_leg_separator_is_refused_and_draw_still_books(talk_zh: Talk) -> None:
    for name in ("B;1", "B；1", "B&amp;"):
        reply = await talk_zh("A", f"開枱 A {name} C D")
        assert reply == (
            f"「{name}」唔可以做玩家名：「;」係用嚟分開一炮多響嘅幾個糊家（B 食 A 12番; C 食 A 8番）。"
        )
    assert await talk_zh.seq() == 0
    # a table of ordinary English names: draw is a 流局 (the dealer Ann stays, on 連1)
    await talk_zh("A", "開枱 Ann Bob Cat Ben English")
    await talk_zh("Ben", "draw")
    state = await talk_zh.state()
    assert (state.hand, state.dealer, state.streak) == (1, "Ann", 1)


@pytest.mark.asyncio
async def test_the_terminal_says_when_the_speaker_part_was_not_read(store) -> None:
    from taipai.bot.console import run_console, speaker_unread

    long = "Q" * 65
    lines = ["A: 開枱 A B C D", ": B 食 A 5番", f"{long}: B 食 A 3番", "：計數", f"{'Q' * 64}: 計數"]
    out = io.StringIO()
    service = Service(store, locale="en")
    stdin = io.StringIO("\n".join(lines) + "\n")
    assert await run_console(service, stdin=stdin, stdout=out, interactive=False) == 0
    unread = (
        "(The speaker was not read: write SPEAKER: TEXT, the speaker 1 to 64 characters with no spaces, "
        "e.g. A: 開枱 A B C D)"
    )
    printed = out.getvalue().splitlines()
    assert printed.count(unread) == 3
    assert "taipai: Hand 1, 東 round; A deals" in printed  # the 64-character speaker is read
    state = (await service.state_of(await store.open_session(ChatRef("console", "terminal"))))[1]
    assert [h.event.kind for h in state.history] == ["table_opened"]  # neither hand was booked
    assert not speaker_unread("B 自摸 一二三萬 花:春梅") and not speaker_unread("no speaker line")
