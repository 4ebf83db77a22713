"""Service conversations with exact replies and balances (bare fan counts; DESIGN §5, §6).

Every number is derived by hand from DESIGN §6 in the comments: a leg is fan + 底 (5) + the dealer's
2n+1 when the dealer is on the leg; with 鋪鋪拉 (the default) a win opens a chain instead of paying,
and the chain is paid when the next win does not repeat it.
"""

from __future__ import annotations

import pytest

from taipai.core.settle import settle_transfers
from taipai.core.table import state_to_dict


def chains(state):
    return [(c.debtor, c.creditor, c.level, c.amount) for c in state.chains]


@pytest.mark.asyncio
async def test_a_table_of_bare_counts_in_english(talk_en):
    talk = talk_en
    assert await talk("A", "開枱 A B C D") == (
        "Table open: 東 A, 南 B, 西 C, 北 D. A deals first.\nGame: Hong Kong-style Taiwanese (港式台牌), counted in 番.\n"
        "Next: A deals; 東 round, hand 1."
    )

    # A deals (n = 0, dealer fan 1).  B wins on A's discard with 12 fan: 12 + 底 5 + 1 = 18, carried
    # as 拉一 A→B 18; nobody has paid yet.  The deal passes to B.
    assert await talk("B", "B 食 A 12番") == (
        "B wins on A's discard: 12 fan\n"
        "  A → B: 18 (12 fan + 底 5 + dealer 1)\n"
        "la 1: A owes B 18\n"
        "Next: B deals; 東 round, hand 2."
    )
    s = await talk.state()
    assert s.balances == {"A": 0, "B": 0, "C": 0, "D": 0}
    assert chains(s) == [("A", "B", 1, 18)]
    assert (s.dealer, s.streak, s.round_wind, s.hand) == ("B", 0, "東", 1)

    # C self-draws 10 fan with B dealing: A 15, B 10 + 5 + 1 = 16, D 15.  That win is not A→B
    # again, so A pays B the 18 now.  The deal passes to C.
    assert await talk("C", "C 自摸 10番") == (
        "C self-draws (自摸): 10 fan\n"
        "  A → C: 15 (10 fan + 底 5)\n"
        "  B → C: 16 (10 fan + 底 5 + dealer 1)\n"
        "  D → C: 15 (10 fan + 底 5)\n"
        "la 1 settled: A → B 18\n"
        "la 1: A owes C 15\n"
        "la 1: B owes C 16\n"
        "la 1: D owes C 15\n"
        "Next: C deals; 東 round, hand 3."
    )
    s = await talk.state()
    assert s.balances == {"A": -18, "B": 18, "C": 0, "D": 0}
    assert chains(s) == [("A", "C", 1, 15), ("B", "C", 1, 16), ("D", "C", 1, 15)]

    # A draw: C stays dealer (臭莊), n = 1; chains stay.
    assert (
        await talk("D", "流局")
        == "Draw (流局): the dealer stays (臭莊).\nNext: C deals, 連莊 1; 東 round, hand 4."
    )
    s = await talk.state()
    assert (s.dealer, s.streak, s.hand) == ("C", 1, 3)

    # B wins 4 fan on C's discard, C dealing on 連1 (dealer fan 2·1+1 = 3): 4 + 5 + 3 = 12.
    # C was B's creditor (16): the direction reverses, so B pays half, floor(16/2) = 8 (踢半), and a
    # new chain C→B 12 opens.  A→C 15 and D→C 15 are not repeated: paid in full.  Deal to D.
    assert await talk("B", "/win B C 4") == (
        "B wins on C's discard: 4 fan\n"
        "  C → B: 12 (4 fan + 底 5 + dealer 3)\n"
        "la 1 settled: A → C 15\n"
        "踢半: B kicks back C's la 1, paying half: 16 halved → 8\n"
        "la 1 settled: D → C 15\n"
        "la 1: C owes B 12\n"
        "Next: D deals; 東 round, hand 5."
    )
    s = await talk.state()
    # A -18 - 15 = -33; B 18 - 8 = 10; C 15 + 8 + 15 = 38; D -15.  Sum 0.
    assert s.balances == {"A": -33, "B": 10, "C": 38, "D": -15}
    assert chains(s) == [("C", "B", 1, 12)]
    assert (s.dealer, s.streak, s.round_wind, s.hand) == ("D", 0, "東", 4)

    assert await talk("A", "計數") == (
        "Hand 5, 東 round; D deals\n"
        "  南 A: -33\n"
        "  西 B: +10 (with 拉: +22)\n"
        "  北 C: +38 (with 拉: +26)\n"
        "  東 D: -15\n"
        "拉 running:\n"
        "  la 1: C owes B 12"
    )

    # 埋數 pays the open chain (C → B 12): A -33, B 22, C 26, D -15; the fewest transfers settle it.
    reply = await talk("A", "埋數")
    final = {"A": -33, "B": 22, "C": 26, "D": -15}
    transfers = settle_transfers(final)
    assert reply == "\n".join(
        [
            "la 1 settled: C → B 12",
            "Session over (埋數). Final balances (底 = 5 fan, HK$1 a fan):",
            "  南 A: -33 fan = -HK$33",
            "  西 B: +22 fan = +HK$22",
            "  北 C: +26 fan = +HK$26",
            "  東 D: -15 fan = -HK$15",
            "Sum of the balances: 0 (zero-sum)",
            "To settle:",
            *[f"  {a} pays {b} {v} fan = HK${v}" for a, b, v in transfers],
        ]
    )
    assert sum(v for _a, _b, v in transfers) <= 48 and len(transfers) <= 3
    assert await talk.service.store.open_session(talk.chat) is None
    # 計數 after 埋數: no table is open, the last one's result is shown again with how to take it back
    after = (await talk("A", "計數")).splitlines()
    assert after[0] == (
        "No table is open here: the last one was settled (埋數). 撤銷 takes the 埋數 back; "
        "開枱 A B C D starts a new table."
    )
    assert after[1:] == reply.splitlines()[1:]


@pytest.mark.asyncio
async def test_the_kick_reply_is_exact(talk_en):
    talk = talk_en
    await talk("A", "開枱 A B C D")
    await talk("B", "B 食 A 12番")  # 拉一 A→B 18, B deals
    # A wins 3 fan on B's discard, B dealing (n = 0): 3 + 5 + 1 = 9.  Reversal: A pays floor(18/2) = 9,
    # and B→A 9 opens.  The deal passes to C.
    assert await talk("A", "A 食 B 3番") == (
        "A wins on B's discard: 3 fan\n"
        "  B → A: 9 (3 fan + 底 5 + dealer 1)\n"
        "踢半: A kicks back B's la 1, paying half: 18 halved → 9\n"
        "la 1: B owes A 9\n"
        "Next: C deals; 東 round, hand 3."
    )
    s = await talk.state()
    assert s.balances == {"A": -9, "B": 9, "C": 0, "D": 0}
    assert chains(s) == [("B", "A", 1, 9)]


@pytest.mark.asyncio
async def test_the_same_table_in_cantonese(talk_zh):
    talk = talk_zh
    assert (
        await talk("A", "開枱 A B C D")
        == "開枱：東 A、南 B、西 C、北 D。A 做莊。\n玩法：港式台牌，計番。\n下一鋪：A 做莊；東圈，第1鋪。"
    )
    assert await talk("B", "B 食 A 12番") == (
        "B 食 A：12番\n  A → B：18（12番 + 底 5 + 莊 1）\n拉一：A 欠 B 18\n下一鋪：B 做莊；東圈，第2鋪。"
    )
    assert await talk("B", "流局") == "流局：臭莊，莊家連莊。\n下一鋪：B 做莊，連1；東圈，第3鋪。"
    assert await talk("A", "撤銷") == "A 撤銷咗：流局：臭莊，莊家連莊。\n下一鋪：B 做莊；東圈，第2鋪。"
    assert await talk("A", "重做") == "A 重做：流局：臭莊，莊家連莊。\n下一鋪：B 做莊，連1；東圈，第3鋪。"
    assert await talk("A", "B 食 X 12番") == "X 唔喺呢張枱。枱上有：北 A、東 B、南 C、西 D。"


@pytest.mark.asyncio
async def test_players_may_be_named_by_current_seat_wind_or_mention(talk_en):
    talk = talk_en
    await talk("A", "開枱 A B C D")
    await talk("B", "南 食 東 12番")  # 東 = A (dealer), 南 = B
    assert chains(await talk.state()) == [("A", "B", 1, 18)]
    # Now B deals, so B is 東 and A is 北.
    await talk(
        "B", "@b 食 北 2番"
    )  # B (dealer, n=0) wins 2 on A: 2 + 5 + 1 = 8; A→B again: ceil(18·1.5) + 8 = 35
    assert chains(await talk.state()) == [("A", "B", 2, 35)]


@pytest.mark.asyncio
async def test_several_winners_on_one_discard_are_one_event(talk_en):
    talk = talk_en
    await talk("A", "開枱 A B C D")
    seq = await talk.seq()
    # A deals.  B 12 on A: 12 + 5 + 1 = 18; C 8 on A: 8 + 5 + 1 = 14.
    reply = await talk("B", "B 食 A 12番; C 食 A 8番")
    assert (
        "  A → B: 18 (12 fan + 底 5 + dealer 1)" in reply and "  A → C: 14 (8 fan + 底 5 + dealer 1)" in reply
    )
    assert await talk.seq() == seq + 1
    assert chains(await talk.state()) == [("A", "B", 1, 18), ("A", "C", 1, 14)]


@pytest.mark.asyncio
async def test_cut_offer_and_answer(talk_en):
    talk = talk_en
    await talk("A", "開枱 A B C D")
    await talk("B", "B 食 A 1番")  # 拉一 A→B 1+5+1 = 7; B deals
    await talk("B", "B 食 A 1番")  # B dealer: 1+5+1 = 7; 拉二 ceil(7·1.5)+7 = 11+7 = 18; B stays, n=1
    reply = await talk("B", "B 食 A 1番")  # dealer fan 3: 1+5+3 = 9; 拉三 ceil(18·1.5)+9 = 27+9 = 36
    assert "la 3: A owes B 36" in reply
    assert "A: B has you on la 3 (36). Cut (斬) now? Answer 斬 or 唔斬." in reply
    assert await talk("C", "斬") == "C: there is no 斬拉 offer for you now; only A can answer 斬 or 唔斬 now."
    assert await talk("X", "斬") == "X: only a player the 斬拉 offer is made to can answer it."
    assert await talk("A", "斬") == "斬拉: A pays B the la 3 chain, 36"
    s = await talk.state()
    assert s.balances == {"A": -36, "B": 36, "C": 0, "D": 0} and s.chains == ()


@pytest.mark.asyncio
async def test_bad_input_leaves_the_log_unchanged(talk_en):
    talk = talk_en
    await talk("A", "開枱 A B C D")
    before = await talk.seq()
    state = await talk.state()
    cases = {
        "開枱 A B C D": (
            "A table is already open here (東 A, 南 B, 西 C, 北 D), with nothing played yet. 撤銷 cancels it "
            "(e.g. to fix a name); 埋數 ends it."
        ),
        "開枱 A B C": "Open a table with four names: 開枱 A B C D (or /newgame A B C D).",
        "B 食 X 12番": "X is not at this table. Players: 東 A, 南 B, 西 C, 北 D.",
        "/win B Z 12": "Z is not at this table. Players: 東 A, 南 B, 西 C, 北 D.",
        "B 食 B 12番": "You cannot win on your own discard.",
        "B 食 A": "B 食 A: how many fan? Write the count or the hand, e.g. B 食 A 12番.",
        "/win B A": "A win on a discard is written: B 食 A 12番, or B 食 A followed by the hand (/win B A 12).",
        "/frob": "I don't know the command /frob. /help lists the commands.",
        "重做": "There is nothing to redo.",
        "斬": "A: there is no 斬拉 offer for you now.",
    }
    for text, expected in cases.items():
        assert await talk("A", text) == expected, text
    # A hand that does not read: the reply names the code's fix; nothing stored.
    reply = await talk("B", "B 食 A 一二三萬 四五六萬")
    assert reply.startswith("Which tile did you win on?")
    assert await talk.seq() == before
    assert await talk.state() == state


@pytest.mark.asyncio
async def test_ordinary_talk_gets_no_reply_and_stores_nothing(talk_en):
    talk = talk_en
    assert await talk("A", "今晚打唔打?") == ""
    assert await talk("A", "我 食 飯 先") == ""  # shaped like a win, but no table and no count
    assert await talk("A", "B 食 A 12番") == "No table is open here. Start one with: 開枱 A B C D"
    await talk("A", "開枱 A B C D")
    assert await talk("A", "我 食 飯 先") == ""  # nobody named is at the table
    assert await talk.seq() == 1


@pytest.mark.asyncio
async def test_a_message_delivered_twice_is_booked_once(talk_en):
    talk = talk_en
    assert await talk("A", "開枱 A B C D", "m1")
    assert await talk("A", "開枱 A B C D", "m1") == ""
    assert await talk("B", "B 食 A 12番", "m2")
    assert await talk("B", "B 食 A 12番", "m2") == ""
    assert await talk.seq() == 2
    assert chains(await talk.state()) == [("A", "B", 1, 18)]


@pytest.mark.asyncio
async def test_state_is_rebuilt_from_the_log_by_a_fresh_service(store, talk_en):
    from taipai.bot.service import Service

    talk = talk_en
    for speaker, text in [("A", "開枱 A B C D"), ("B", "B 食 A 12番"), ("C", "C 自摸 10番"), ("D", "流局")]:
        await talk(speaker, text)
    fresh = Service(store, locale="en")
    session = await store.open_session(talk.chat)
    _seq, rebuilt = await fresh.state_of(session)
    assert state_to_dict(rebuilt) == state_to_dict(await talk.state())
    assert [e.source_text for e in await store.events(session.id)] == [
        "開枱 A B C D",
        "B 食 A 12番",
        "C 自摸 10番",
        "流局",
    ]


@pytest.mark.asyncio
async def test_help_lists_every_command(talk_en, talk_zh):
    text = await talk_en("A", "/help")
    for form in (
        "開枱",
        "/newgame",
        "食",
        "/win",
        "自摸",
        "/selfdraw",
        "流局",
        "/draw",
        "計數",
        "/score",
        "撤銷",
        "/undo",
        "重做",
        "/redo",
        "斬",
        "/cut",
        "唔斬",
        "/nocut",
        "埋數",
        "/settle",
    ):
        assert form in text, form
    assert (await talk_zh("A", "/help")).startswith("指令：")


@pytest.mark.asyncio
async def test_two_services_on_one_database_see_each_other(store):
    """Two workers (two Service objects, two caches) on one database: each reads the other's events."""
    from taipai.bot.service import Service

    from .conftest import Talk

    one, two = Talk(Service(store, locale="en")), Talk(Service(store, locale="en"))
    await one("A", "開枱 A B C D")
    await two("B", "B 食 A 12番")  # 18 on A (dealer)
    await one("B", "B 食 A 2番")  # B deals now: 2 + 5 + 1 = 8; 拉二 ceil(18 × 1.5) + 8 = 35
    assert chains(await two.state()) == [("A", "B", 2, 35)]
    assert await one.seq() == 3


@pytest.mark.asyncio
async def test_a_write_conflict_is_retried_against_the_new_state(store, monkeypatch):
    """Another writer appends between our read and our write: we re-read, re-validate, and book once."""
    from taipai.bot.service import Service
    from taipai.bot.store import Store

    from .conftest import Talk

    talk, rival = Talk(Service(store, locale="en")), Talk(Service(store, locale="en"))
    await talk("A", "開枱 A B C D")
    original = Store.append_event
    raced = False

    async def racing_append(self, session, seq, **kw):
        nonlocal raced
        if not raced:
            raced = True
            await rival("D", "流局")  # lands first as the same seq
        return await original(self, session, seq, **kw)

    monkeypatch.setattr(Store, "append_event", racing_append)
    reply = await talk("B", "B 食 A 12番")
    # Booked after the draw: A deals on 連1 (dealer fan 3), so 12 + 5 + 3 = 20.
    assert "  A → B: 20 (12 fan + 底 5 + dealer 3)" in reply
    session = await store.open_session(talk.chat)
    assert [e.kind for e in await store.events(session.id)] == ["table_opened", "draw", "win_by_discard"]


@pytest.mark.asyncio
async def test_a_deal_in_said_by_the_discarder_books_the_same_win(talk_en):
    """``A 出銃 B 12番`` is ``B 食 A 12番`` (DESIGN §2 出銃 deal-in): same reply, same chain; ``A 出銃 B``
    with no count asks for it, and a malformed one says how it is written, booking nothing."""
    talk = talk_en
    await talk("A", "開枱 A B C D")
    before = await talk.seq()
    assert await talk("A", "A 出銃 B") == (
        "B 食 A: how many fan? Write the count or the hand, e.g. B 食 A 12番."
    )
    assert await talk("A", "A 出銃 B 12番; C 出銃 D 8番") == (
        "One message books one discard, but it names two discarders (A and C). Several winners on one "
        "discard are written B 食 A 12番; C 食 A 12番; send other wins on their own."
    )
    assert await talk("A", "A 出銃") == (  # no winner, no count: how it is written
        "A deal-in is written: A 出銃 B 12番 (A discarded, B won), the same as B 食 A 12番."
    )
    assert await talk.seq() == before
    # A deals (n = 0): 12 + 底 5 + dealer 1 = 18, carried as 拉一 A→B, as for B 食 A 12番.
    assert await talk("A", "A 出銃 B 12番") == (
        "B wins on A's discard: 12 fan\n"
        "  A → B: 18 (12 fan + 底 5 + dealer 1)\n"
        "la 1: A owes B 18\n"
        "Next: B deals; 東 round, hand 2."
    )
    assert chains(await talk.state()) == [("A", "B", 1, 18)]


@pytest.mark.asyncio
async def test_words_after_a_fan_count_are_named_not_read_as_a_hand(talk_en):
    """A count with more words after it (two self-draws in one message, a stray word after /win) is
    refused naming the count and the words, booking nothing; before, the whole was read as a hand
    and the reply pointed at 「12」 for a missing suit."""
    talk = talk_en
    await talk("A", "開枱 A B C D")
    before = await talk.seq()
    tail = (
        ", which I can't read. Send one record per message with the count last (B 食 A 12番), "
        "or write the whole hand instead of the count."
    )
    cases = {
        "B 自摸 12番; C 自摸 3番": "After the count 「12番」 comes 「C 自摸 3番」" + tail,
        "/win B A 12 extra": "After the count 「12」 comes 「extra」" + tail,
        "B 食 A 十二番 莊": "After the count 「十二番」 comes 「莊」" + tail,
    }
    for text, expected in cases.items():
        assert await talk("B", text) == expected, text
    assert await talk.seq() == before
    # a hand, and a count alone, still book
    assert (await talk("B", "B 自摸 12番")).startswith("B self-draws (自摸): 12 fan\n")


@pytest.mark.asyncio
async def test_undo_past_the_first_hand_keeps_the_table_and_redo_brings_the_hand_back(talk_en):
    """QA (helper-28): 撤銷 of the only hand, 撤銷 again, 撤銷 again, 重做 ended the table with a zero
    埋數 and the hand could not be redone.  With a hand waiting for 重做, 撤銷 has nothing more to
    undo (it cancels the table only when nothing was ever booked), and 重做 brings the hand back."""
    talk = talk_en
    await talk("A", "開枱 A B C D")
    win = await talk("B", "B 食 A 5番")
    assert (await talk("A", "撤銷")).startswith("A undid: B wins on A's discard: 5 fan")
    before = await talk.seq()
    nothing = await talk("A", "撤銷")
    assert nothing == await talk("A", "撤銷")
    assert "cancel" not in nothing.lower() and await talk.seq() == before
    redone = await talk("A", "重做")
    assert redone.startswith("A redid: B wins on A's discard: 5 fan")
    s = await talk.state()
    assert not s.ended and chains(s) == [("A", "B", 1, 11)]  # 5 + 底 5 + dealer 1
    assert win.splitlines()[1] == "  A → B: 11 (5 fan + 底 5 + dealer 1)"


@pytest.mark.asyncio
async def test_deal_in_short_forms_like_the_win_forms(talk_en):
    """QA (helper-28): the README lets a seated speaker leave out their own name and run names
    together (「食 A 12番」, 「B食A12番」); the 出銃 forms were silently ignored.  「出銃 B 12番」 said by
    A is A 出銃 B; 「A出銃B12番」 runs together; 「A 出銃 12番」 asks who won."""
    talk = talk_en
    await talk("A", "開枱 A B C D")
    assert await talk("A", "A 出銃 12番") == "A 出銃: to whom? e.g. A 出銃 B 12番."
    first = await talk("A", "出銃 B 12番")
    assert first.splitlines()[:2] == ["B wins on A's discard: 12 fan", "  A → B: 18 (12 fan + 底 5 + dealer 1)"]
    second = await talk("B", "B出銃C3番")  # B deals now: 3 + 底 5 + dealer 1 = 9
    assert second.splitlines()[:2] == ["C wins on B's discard: 3 fan", "  B → C: 9 (3 fan + 底 5 + dealer 1)"]


@pytest.mark.asyncio
async def test_scoreboard_money_is_the_money_the_settlement_moves(talk_en):
    """QA (helper-28): at HK$0.35 a fan, B's 一台草 (each of the three pays ½ 底 = 2.5 fan, DESIGN §6)
    showed B +HK$2.63 in 計數 (7.5 × 0.35 = 2.625 rounded alone) against +HK$2.64 in 埋數, and the 計數
    money summed to −HK$0.01.  Both now show the transfers each rounded to the cent: 3 × HK$0.88."""
    talk = talk_en
    await talk("A", "開枱 A B C D")
    await talk("A", "/rules rate 0.35")
    await talk("B", "B 一台草")
    board = (await talk("A", "計數")).splitlines()
    assert board[1:5] == [
        "  東 A: -2.5 (-HK$0.88)",
        "  南 B: +7.5 (+HK$2.64)",
        "  西 C: -2.5 (-HK$0.88)",
        "  北 D: -2.5 (-HK$0.88)",
    ]
    settle = await talk("A", "埋數")
    assert "  南 B: +7.5 fan = +HK$2.64" in settle.splitlines()
