"""Loose ends at 歡樂麻將, 雞平和 and 河源百搭 (issues 16 and 17), each found at a chat table: a 鳥 listed
under its own hand, a bare 鳥's usage line, 雞平和's cap said as 爆和, and a bare 槓上 count floored to 3番
(seed 001 「杠上开花 … 不满3番牌型，按照3番满计算」)."""

from __future__ import annotations

import csv
import io

import pytest

from taipai.bot.service.export import session_csv
from taipai.bot.service.parse import CommandError, parse_command
from taipai.core.table.state import state_to_dict

from .conftest import Talk, opened_table

BIRD_USAGE = "鳥 is written with its one tile, right after the win: 鳥 三萬 (or /bird 三萬)."


@pytest.mark.asyncio
async def test_a_bird_is_listed_under_the_hand_it_follows(store) -> None:
    talk: Talk = await opened_table(store, "開枱 A B C D 歡樂", locale="en")
    await talk("B", "B 食 A 10番")  # hand 1; the deal passes to B, hand 2
    await talk("B", "鳥 一萬")  # hand 1's 鳥
    await talk("C", "C 自摸 3番")  # hand 2
    history = (await talk("A", "記錄")).splitlines()
    assert history[1] == "#2 hand 1: B wins on A's discard: 10 fan"
    assert history[3] == "#3 hand 1: 鳥 一萬 (1, counted from the dealer A) lands on A, who dealt in: A pays double"
    assert history[5] == "#4 hand 2: C self-draws (自摸): 3 fan"
    state = await talk.state()
    # ledger --json: the events' hand, dealer and round
    events = [(e["hand"], e["kind"]) for e in state_to_dict(state)["events"]]
    assert events[-3:] == [(1, "win_by_discard"), (1, "bird"), (2, "self_draw")]
    (bird,) = [e for e in state.history if e.event.kind == "bird"]
    assert (bird.hand, bird.dealer, bird.streak, bird.round) == (1, "A", 0, "東")
    # export: the 鳥's rows carry hand 1 and the dealer A, as the win's do
    rows = [r for r in csv.DictReader(io.StringIO(session_csv(state))) if r["event"] == "bird"]
    assert rows and {(r["hand"], r["dealer"]) for r in rows} == {("1", "A")}


@pytest.mark.parametrize("text", ["鳥", "鸟", "鳥牌", "/bird"])
def test_a_bare_bird_is_its_usage(text: str) -> None:
    with pytest.raises(CommandError) as err:
        parse_command(text)
    assert err.value.args[0] == "bird_usage"


@pytest.mark.asyncio
async def test_a_bare_bird_gets_the_bird_line_at_the_table(store) -> None:
    talk: Talk = await opened_table(store, "開枱 A B C D 歡樂", locale="en")
    assert await talk("A", "鳥") == BIRD_USAGE
    assert await talk("A", "/bird") == BIRD_USAGE
    assert await talk("A", "鳥 你") == ""  # talk, not a tile: no reply
    assert await talk.seq() == 1


@pytest.mark.asyncio
async def test_a_capped_chicken_hand_says_bao_he(store) -> None:
    # 混一色 2 + 自摸 1 + 箭刻 1 = 4番, capped at 爆和 3 (seed 001 「爆和内牌型加附加牌型不能冲破爆和的上限」)
    hand = "B 自摸 一二三萬 四五六萬 七八九萬 中中中 東 摸 東"
    en: Talk = await opened_table(store, "開枱 A B C D 雞平和", locale="en")
    assert "  4 fan is above this table's 爆和: paid as 3 fan." in (await en("B", hand)).splitlines()
    zh: Talk = await opened_table(store, "開枱 A B C D 雞平和")
    assert "  4番 超過呢張枱嘅爆和：當 3番 計。" in (await zh("B", hand)).splitlines()
    # 廣東牌 keeps its 最大
    old: Talk = await opened_table(store, "開枱 A B C D 廣東牌", locale="en")
    await old("A", "規則 最大 3")
    assert "  7翻 is above this table's 最大: paid as 3翻." in (await old("B", hand)).splitlines()


@pytest.mark.asyncio
async def test_a_bare_kong_count_is_floored_with_or_without_bao(store) -> None:
    talk: Talk = await opened_table(store, "開枱 A B C D 雞平和", locale="en")
    floor = "(槓上開花: a hand under 3番 is paid as 3番)"
    # 1番 槓上, each pays: floored to 3番, 2^3 = 8 each at 底 1
    assert (await talk("C", "C 自摸 1番 槓上")).splitlines()[1:4] == [
        f"A pays C HK$8 {floor}",
        f"B pays C HK$8 {floor}",
        f"D pays C HK$8 {floor}",
    ]
    assert await talk.owed() == {"A": -8, "B": -8, "C": 24, "D": -8}
    # 槓上開花 as the command word: the same
    await talk("C", "C 槓上開花 1番")
    assert await talk.owed() == {"A": -16, "B": -16, "C": 48, "D": -16}
    # with 包: D pays the three floored shares, 24
    await talk("C", "C 自摸 1番 槓上 D包")
    assert await talk.owed() == {"A": -16, "B": -16, "C": 72, "D": -40}
    # without 槓上 (十二張落地包): no floor, 1番 = 2 a share, 6 from D
    await talk("C", "C 自摸 1番 十二張 D包")
    assert await talk.owed() == {"A": -16, "B": -16, "C": 78, "D": -46}
    # a count above the floor is paid as said
    await talk("C", "C 自摸 4番 槓上")
    assert await talk.owed() == {"A": -32, "B": -32, "C": 126, "D": -62}
    # 暗槓 with a bare count and no 包 says nothing about 槓上開花: refused, not dropped
    seq = await talk.seq()
    assert "「暗槓」" in await talk("C", "C 自摸 1番 暗槓")
    assert await talk.seq() == seq


@pytest.mark.asyncio
async def test_a_caishen_hand_shows_its_groups_what_each_caishen_stood_for_and_its_waits(store) -> None:
    talk: Talk = await opened_table(store, "開枱 A B C D 歡樂", locale="en")
    # 財神 六筒 as 五筒: the eyes 五五筒 with the 五筒 held; before the win (一至九萬 東東 五筒 + a 財神) the
    # hand waited on 東 (東東東, 五五筒), 五筒 (東東 eyes, 五五五筒), 三四六七筒 (a chow with the 財神) and
    # 六筒 itself (a 財神 drawn): 清龍 16 門前清 2 圈風刻 2 門風刻 2 缺一門 1 = 23番
    lines = (await talk("A", "計番 一二三四五六七八九萬 東東 六筒 五筒 食 東 財神 六筒")).splitlines()
    assert lines[0] == "計番 at QQ Happy Mahjong (歡樂麻將), on a discard: 23 fan"
    assert lines[6:9] == [
        "Reading: 一二三萬 四五六萬 七八九萬 東東東 五五筒",
        "Waits: 三筒 四筒 五筒 六筒 七筒 東",
        "Wildcard 財神 六筒 as 五筒",
    ]
    # no 財神 in the hand: the waits still count a drawn 財神 (六筒) beside 九筒; 無財神 2番
    lines = (await talk("A", "計番 一二三四五六七八九萬 東東東 九筒 食 九筒 財神 六筒")).splitlines()
    assert "Reading: 一二三萬 四五六萬 七八九萬 東東東 九九筒" in lines
    assert "Waits: 六筒 九筒" in lines
    assert not any(x.startswith("Wildcard") for x in lines)
    # a shape without sets: its name and its tiles, the 財神 as the tile it stood for
    zh: Talk = await opened_table(store, "開枱 A B C D 歡樂")
    lines = (await zh("A", "計番 一一二二三三四四五五萬 東東 六筒 食 九筒 財神 六筒")).splitlines()
    assert "拆牌：七對 一萬 一萬 二萬 二萬 三萬 三萬 四萬 四萬 五萬 五萬 九筒 九筒 東 東" in lines
    assert "搭 財神 六筒 當 九筒" in lines


@pytest.mark.asyncio
async def test_heyuan_waits_list_a_bao_and_say_any_tile_for_a_flying_hand(store) -> None:
    en: Talk = await opened_table(store, "開枱 A B C D 河源", locale="en")
    # 飛牌: the lone 春 waits as the eyes. Every tile but 中 (a fifth 中 for the eyes) wins: 箭刻 1 + 飛牌 1 =
    # 2番, self-drawn 3; a 保 self-drawn is 保釣保 (2番 more, ×4): 箭刻 1 + 自摸 1 + 保釣保 2 = 4番, 16 each
    assert (await en("A", "聽 一二三萬 四五六萬 七八九筒 中中中 春")).splitlines() == [
        "Waiting on any tile but 中 (飛牌) at Heyuan Wildcards (河源百搭), the best first:",
        "保 (保釣保): on a discard 2 fan (HK$4), self-drawn 4 fan (HK$48)",
        "Any other tile: on a discard 2 fan (HK$4), self-drawn 3 fan (HK$24)",
    ]
    calc = (await en("A", "計番 一二三萬 四五六萬 七八九筒 中中中 春 摸 保")).splitlines()
    assert "  保釣保: 2 fan" in calc and "Waits: any tile but 中" in calc
    zh: Talk = await opened_table(store, "開枱 A B C D 河源")
    assert (await zh("A", "聽 一二三萬 四五六萬 七八九筒 二三四索 春")).splitlines()[0] == (
        "河源百搭聽 任何一隻牌（飛牌），大嘅排先："
    )
    # 歡樂麻將: a lone 財神 with 一至九萬 東東東 waits on every tile but 東 (a fifth 東)
    qq: Talk = await opened_table(store, "開枱 A B C D 歡樂", locale="en")
    waits = (await qq("A", "聽 一二三四五六七八九萬 東東東 六筒 財神 六筒")).splitlines()
    assert waits[0] == "Waiting on any tile but 東 at QQ Happy Mahjong (歡樂麻將), the best first:"
    assert waits[-1] == "Any other tile: on a discard 24 fan (HK$24), self-drawn 26 fan (HK$104)"
    assert len(waits) == 18  # 16 tiles that make more (一色三步高 …), then the rest in one line
