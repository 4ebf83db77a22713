"""A three-player table in the chat (issue 18 item 4): 開枱 with the game's count of names, the clear refusal
when the count does not fit, and an evening of :mod:`threeplay`'s 三人牌 (money worked by hand)."""

from __future__ import annotations

import pytest
from threeplay import registered

from taipai.bot.service.parse import CommandError, OpenTable, parse_command

from .conftest import Talk, opened_table


@pytest.fixture
def three(monkeypatch: pytest.MonkeyPatch) -> None:
    registered(monkeypatch)


def test_three_names_open_a_three_player_game(three: None) -> None:
    want = OpenTable(("A", "B", "C"), system="three-test")
    assert parse_command("開枱 A B C 三人牌") == want
    assert parse_command("開枱 三人牌 A B C") == want
    assert parse_command("開枱 A B C 三人牌 English") == OpenTable(
        ("A", "B", "C"), system="three-test", locale="en"
    )


def test_four_names_for_a_three_player_game_are_refused(three: None) -> None:
    with pytest.raises(CommandError) as err:
        parse_command("開枱 A B C D 三人牌")
    assert (err.value.code, err.value.args_) == (
        "open_count",
        {"game": "三人牌", "count": "3", "usage": "開枱 A B C 三人牌"},
    )


@pytest.mark.asyncio
async def test_the_refusal_in_both_languages(store, three: None) -> None:
    talk = await opened_table(store, "開枱 A B C D 三人牌", locale="en")
    assert await talk("A", "開枱 A B C D 三人牌") == "三人牌 is played by 3 players: 開枱 A B C 三人牌"
    assert await talk.service.store.open_session(talk.chat) is None
    yue = await opened_table(store, "開枱 A B C D 三人牌")
    assert await yue("A", "開枱 A B C D 三人牌") == "三人牌要3個人玩：開枱 A B C 三人牌"


@pytest.mark.asyncio
async def test_an_evening_of_three(store, three: None) -> None:
    talk: Talk = await opened_table(store, "開枱 A B C 三人牌", locale="en")
    state = await talk.state()
    assert (state.system, state.names) == ("three-test", ("A", "B", "C"))
    # 底 1: B 食 C 3翻: C alone pays 1 × 3 = 3; B, the winner, deals next
    assert await talk("B", "B 食 C 3翻") == (
        "B wins on C's discard: 3翻\nC pays B HK$3\nNext: B deals; 東 round, hand 2."
    )
    # B 自摸 4翻: A and C pay 4 each
    assert (await talk("B", "B 自摸 4翻")).splitlines()[1:] == [
        "A pays B HK$4",
        "C pays B HK$4",
        "Next: B deals, 連莊 1; 東 round, hand 3.",
    ]
    assert await talk.owed() == {"A": -4, "B": 11, "C": -7}
    assert (await talk("A", "流局")).splitlines()[-1] == "Next: B deals, 連莊 2; 東 round, hand 4."
    assert (await talk("A", "撤銷")).splitlines()[0] == "A undid: Draw (流局): the dealer stays (臭莊)."
    assert await talk("A", "計數") == (
        "Hand 3, 東 round; B deals, 連莊 1\n  西 A: -HK$4\n  東 B: +HK$11\n  南 C: -HK$7"
    )
    history = await talk("A", "記錄")
    assert history.count("\n#") == 2 and "#3 hand 2: B self-draws (自摸): 4翻" in history
    stats = (await talk("A", "戰績")).splitlines()
    assert stats[1:4] == [
        "  B: won 2/2 hands (1 self-drawn), dealt in 0, biggest 4翻 (hand 2), +HK$11",
        "  A: won 0/2 hands (0 self-drawn), dealt in 0, biggest none, -HK$4",
        "  C: won 0/2 hands (0 self-drawn), dealt in 1, biggest none, -HK$7",
    ]
    settled = (await talk("A", "埋數")).splitlines()
    assert settled[1:4] == ["  西 A: -HK$4", "  東 B: +HK$11", "  南 C: -HK$7"]
    assert settled[-3:] == ["To settle:", "  C pays B HK$7", "  A pays B HK$4"]


@pytest.mark.asyncio
async def test_calc_at_a_three_player_table_seats_three(store, three: None) -> None:
    talk = await opened_table(store, "開枱 A B C 三人牌", locale="en")
    reply = await talk("A", "計番 一二三四五六七八九萬 一二三索 五筒 食 五筒")
    assert reply.splitlines()[0] == "計番 at Three-player test game (三人牌), on a discard: 3翻"
    # the made-up table seats A B C: the discarder alone pays 底 1 × 3翻
    assert "The winner collects HK$3 in all at this table's settings." in reply.splitlines()


@pytest.mark.asyncio
async def test_a_zipai_table_deals_to_the_winner_and_shows_no_round_wind(store) -> None:
    """字牌 (seed 002 ⑴ 定庄): the winner deals next; three 荒莊 in a row pass the deal on; no 圈 is shown.
    Money (底 1, 點炮 全包): C 食 A 10 → A pays for both losers, 2 × 10 = 20."""
    talk = await opened_table(store, "開枱 A B C 字牌", locale="en")
    assert (await talk.state()).names == ("A", "B", "C")
    assert (await talk("A", "流局")).splitlines()[-1] == "Next: A deals, 連莊 1; hand 2."
    await talk("A", "流局")
    assert (await talk("A", "流局")).splitlines()[-1] == "Next: B deals; hand 4."
    assert (await talk("C", "C 食 A 10")).splitlines() == [
        "C wins on A's discard: 10油",
        "A pays C HK$20",
        "Next: C deals; hand 5.",
    ]
    assert await talk("A", "計數") == "Hand 5; C deals\n  南 A: -HK$20\n  西 B: HK$0\n  東 C: +HK$20"
    yue = await opened_table(store, "開枱 A B C 字牌")
    assert (await yue("A", "流局")).splitlines()[-1] == "下一鋪：A 做莊，連1；第2鋪。"
