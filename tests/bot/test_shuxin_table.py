"""A four-seat 字牌 evening (issue 18 item 4, 數信, seed 002 ⑼) through the terminal and Telegram, with
identical balances; the replies in Cantonese, English and 简体中文.

⑼: 「莊家的對家「數信」，為閑家。「數信」者不打牌，僅作陪，當有人胡牌了以後，「數信」的閑家可以將桌面上剩餘的、未用過牌的
第一張翻開，如這張牌和胡牌人的牌有相同的，就按約定的比例「數信」人一份 … 最多3份；以後誰胡牌誰就是莊家，對家「數信」」;
⑴: 「連續3次荒庄，則由莊家的下家做莊」.  Money by hand (大字牌, 底 1, 數信每份 10%, rounded half up to the cent):

1. A deals, C sits out.  B 食 A with HAND (28油, typed /win B A HAND): 點炮 全包, A pays 2 × 28 = 56.  B deals, D sits out.
2. 數信 三 (C turned 三; HAND holds 碰 三三三: 3 shares): B pays C 3 × 10% × 56 = 16.80.
3. D 自摸 12: refused, D sits this hand out.
4. C 自摸 12: the two others who play, A and B, pay 2 × 12 = 24 each; C gains 48.  C deals, A sits out.
5. 數信 2份 (D sat out hand 2; a bare count, so the shares are said): C pays D 2 × 10% × 48 = 9.60.
6. 撤銷: D gives the 9.60 back.
7. 數信 1份: C pays D 4.80.
8-10. 流局 ×3 under C: the third passes the deal to C's next of the four, D; B sits out.
11. A 食 C 10: C pays A 2 × 10 = 20.  A deals, C sits out.
12. 數信 三 after a count: refused (the hand's cards are not known).
13. 埋數: A -56 - 24 + 20 = -60; B 56 - 16.80 - 24 = 15.20; C 16.80 + 48 - 4.80 - 20 = 40; D 4.80.
"""

from __future__ import annotations

from fractions import Fraction

import pytest

from tests.bot.test_parity_games import Evening, Step, play_telegram, play_terminal

from .conftest import opened_table

HAND = "碰 三三三 偎 伍伍伍 提 六六六六 壹貳叄 二七十 八八捌 玖玖 食 玖"
"""28油 (tests/systems/zipai/test_zipai_rows.py): its 碰 三三三 holds three 三."""

SHUXIN = Evening(
    "shuxin",
    (
        Step(
            "A", "開枱 A B C D 字牌", "/newgame A B C D zipai", says=("下一鋪：A 做莊；第1鋪。C 坐低數信。",)
        ),
        Step("B", f"/win B A {HAND}", f"/win B A {HAND}", pays=("A 俾 B HK$56",), says=("D 坐低數信",)),
        Step(
            "C",
            "數信 三",
            "/shuxin 三",
            pays=("B 俾 C HK$16.80",),
            says=("數信：C 坐低，翻出 三：B 贏 56，3 份，每份 10%，由 B 出，C 收",),
        ),
        Step("D", "D 自摸 12", "/selfdraw D 12", says=("D 呢鋪坐低唔打",), refused=True),
        Step("C", "C 自摸 12", "/selfdraw C 12", pays=("A 俾 C HK$24", "B 俾 C HK$24"), says=("A 坐低數信",)),
        Step("D", "數信 2份", "/shuxin 2份", pays=("C 俾 D HK$9.60",)),
        Step("D", "撤銷", "/undo", pays=("D 退返 HK$9.60 俾 C",)),
        Step("D", "數信 1份", "/shuxin 1份", pays=("C 俾 D HK$4.80",)),
        Step("C", "流局", "/draw", says=("C 做莊，連1",)),
        Step("C", "流局", "/draw", says=("C 做莊，連2",)),
        Step("C", "流局", "/draw", says=("過莊，D 做莊", "B 坐低數信")),
        Step("A", "A 食 C 10", "/win A C 10", pays=("C 俾 A HK$20",), says=("C 坐低數信",)),
        Step("C", "數信 三", "/shuxin 三", says=("淨係記咗數",), refused=True),
        Step("A", "埋數", "/settle", says=("-HK$60", "+HK$15.20", "+HK$40", "+HK$4.80")),
    ),
    {"A": -60, "B": Fraction(76, 5), "C": 40, "D": Fraction(24, 5)},  # type: ignore[dict-item]
    "",
)


@pytest.mark.asyncio
async def test_a_four_seat_evening_on_the_terminal_and_telegram(tmp_path) -> None:
    from taipai.bot.service import Service
    from taipai.bot.store import Store, sqlite_url

    terminal = await Store.open(sqlite_url(tmp_path / "terminal.db"))
    telegram = await Store.open(sqlite_url(tmp_path / "telegram.db"))
    try:
        on_terminal = await play_terminal(SHUXIN, Service(terminal))
        on_telegram = await play_telegram(SHUXIN, Service(telegram))
    finally:
        await terminal.close()
        await telegram.close()
    assert on_terminal[-1] == on_telegram[-1]  # the same 埋數, balances and 找數


@pytest.mark.asyncio
@pytest.mark.both_databases
async def test_the_replies_in_english(store) -> None:
    talk = await opened_table(store, "開枱 A B C D 字牌", locale="en")
    assert (await talk.state()).sitter == "C"
    reply = await talk("B", f"/win B A {HAND}")
    assert reply.splitlines()[-1] == "Next: B deals; hand 2. D sits out (數信)."
    assert "  西 D: HK$0 (sits out this hand: 數信)" in (await talk("A", "/score")).splitlines()
    reply = await talk("C", "/shuxin 三")
    assert reply.splitlines() == [
        "數信: C sat out and turns 三: 3 share(s) of B's win of 56, 10% a share; B pays C",
        "B pays C HK$16.80",
        "Next: B deals; hand 2. D sits out (數信).",
    ]
    assert await talk("D", "D 自摸 12") == (
        "D sits this hand out (數信: the one opposite the dealer) and neither wins, deals in nor pays; "
        "nothing was booked."
    )
    assert await talk("C", "數信 三") == (
        "數信 is booked right after the win it belongs to, once; the last thing booked here is no win."
    )
    await talk("C", "C 自摸 12")
    assert await talk("D", "數信 三") == (
        "That win was booked as a count, so I can't see the winner's cards: say the shares the turned card "
        "makes, e.g. 數信 2份."
    )
    assert await talk("D", "數信 4份") == (
        "數信 makes 0 to 3 shares (最多3份), each a copy of the turned card in the winner's hand."
    )
    reply = await talk("D", "數信 2份")
    assert reply.splitlines()[:2] == [
        "數信: 2 share(s) for D, who sat out, of C's win of 48, 10% a share; C pays D",
        "C pays D HK$9.60",
    ]
    assert "  數信每份 = 10% (one 數信 share: what the winner pays the sitter of a win)" in await talk(
        "A", "規則"
    )
    assert (await talk.state()).balances == {  # A -56 - 24; B 56 - 16.80 - 24; C 16.80 + 48 - 9.60; D 9.60
        "A": -80,
        "B": Fraction(76, 5),
        "C": Fraction(276, 5),
        "D": Fraction(48, 5),
    }


@pytest.mark.asyncio
async def test_the_replies_in_simplified_chinese_and_at_other_tables(store) -> None:
    talk = await opened_table(store, "開枱 A B C D 字牌", locale="zh_Hans")
    await talk("B", f"/win B A {HAND}")
    reply = await talk("C", "数信 三")
    assert reply.splitlines()[0] == "数信：C 坐着，翻出 三：B 赢 56，3 份，每份 10%；B 付给 C"
    three = await opened_table(store, "開枱 A B C 字牌", locale="en", prefix="three")
    await three("B", "B 自摸 12")
    assert await three("A", "數信 2份") == (
        "Nobody sits out at this table, so there is no 數信: a table of four opens with 開枱 A B C D 字牌, and "
        "the one opposite the dealer sits out."
    )
    mahjong = await opened_table(store, "開枱 A B C D", locale="en", prefix="mahjong")
    await mahjong("B", "B 自摸 3")
    reply = await mahjong("A", "數信 三")
    assert (
        reply
        == "Hong Kong-style Taiwanese (港式台牌) has no 數信: nobody sits out; /help lists what this table books."
    )
    assert await mahjong.seq() == 2  # 開枱 and the self-draw: the 數信 booked nothing


@pytest.mark.asyncio
async def test_five_names_are_refused_naming_both_counts(store) -> None:
    talk = await opened_table(store, "開枱 A B C 字牌", locale="en")
    assert await talk("A", "開枱 A B C D E 字牌") == (
        "大字牌 is played by 3 players: 開枱 A B C 大字牌; or a fourth sits each hand out (數信): 開枱 A B C D 大字牌"
    )
    yue = await opened_table(store, "開枱 A B C 字牌", prefix="yue")
    assert await yue("A", "開枱 A B C D E 字牌") == (
        "大字牌要3個人玩：開枱 A B C 大字牌；或者四個人，每鋪一個坐低數信：開枱 A B C D 大字牌"
    )


@pytest.mark.asyncio
async def test_shuxin_after_a_win_on_a_turned_card_counts_the_hand_and_stays_under_its_hand(store) -> None:
    """A 數信 may follow a win on a card turned from the pile (字牌's own ``TurnedWin``) as it follows 食
    and 自摸, and it is listed under the hand of the win it follows.  By hand: A deals, C sits out; B 食 翻
    HAND (28油): A and D pay 28 each, B gains 56; 數信 三: HAND's 碰 三三三 makes 3 shares, B pays C
    3 × 10% × 56 = 16.80."""
    talk = await opened_table(store, "開枱 A B C D 字牌", locale="en")
    await talk("B", f"B 食 翻 {HAND}")
    reply = await talk("C", "數信 三")
    assert reply.splitlines()[:2] == [
        "數信: C sat out and turns 三: 3 share(s) of B's win of 56, 10% a share; B pays C",
        "B pays C HK$16.80",
    ]
    history = await talk("A", "歷史")
    shuxin_line = next(line for line in history.splitlines() if "數信:" in line)
    assert shuxin_line.lstrip().startswith("#3 hand 1:"), history
