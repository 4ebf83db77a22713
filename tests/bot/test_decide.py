"""The decide step on its own: a parsed command × a table state → the event, or a refusal.

No database, no scoring pool: :mod:`taipai.bot.service.decide` is pure, so each rule is checked with a
state made by the core's machine and the command as :func:`parse_command` reads it.
"""

from __future__ import annotations

import subprocess
import sys

import pytest

from taipai.bot.i18n import use_locale
from taipai.bot.service import decide, parse
from taipai.bot.service.decide import Ignored, Refused
from taipai.bot.service.parse import Leg, parse_command
from taipai.bot.service.reads import ReadHand
from taipai.core.table import (
    Draw,
    FalseWin,
    RuleChanged,
    SessionEnded,
    TableOpened,
    TableState,
    Undo,
    WinByDiscard,
    WinLeg,
)
from taipai.core.table.machine import apply
from taipai.systems.hk_taiwan.events import CashPrize, FlyTile


def opened() -> TableState:
    """A fresh table: A deals (東), B 南, C 西, D 北."""
    return apply(None, TableOpened(players=("A", "B", "C", "D"))).state


def command(text: str) -> parse.Command:
    cmd = parse_command(text)
    assert cmd is not None, text
    return cmd


def event_of(text: str, state: TableState, speaker: str = "A") -> object:
    cmd = command(text)
    assert not isinstance(cmd, parse.RecordWin | parse.RecordSelfDraw | parse.OpenTable)
    return decide.table_event(state, cmd, speaker, creator="A", authorised=False)  # type: ignore[arg-type]


def test_a_seat_wind_names_whoever_sits_there_now_and_names_compare_after_nfkc() -> None:
    state = opened()
    assert decide.resolve_player(state, "東") == "A"  # the dealer
    assert decide.resolve_player(state, "南家") == "B"
    assert decide.resolve_player(state, "Ｃ") == "C"  # full width
    assert decide.resolve_player(state, "@d") == "D"  # a mention, in any case
    assert decide.resolve_player(state, "E") is None
    after = apply(state, WinByDiscard(discarder="A", legs=(WinLeg(winner="B", fan=12),))).state
    assert after.dealer == "B" and decide.resolve_player(after, "東") == "B"  # the deal moved on


def test_table_commands_become_their_events() -> None:
    state = opened()
    assert event_of("流局", state) == Draw()
    assert event_of("B 詐糊", state) == FalseWin(player="B")
    assert event_of("B 一台花", state) == CashPrize(prize="one_set_flowers", player="B", other=None)
    assert event_of("圍骰", state) == CashPrize(
        prize="dice_triple", player="A", other=None
    )  # the dealer rolled
    assert event_of("A 七搶一 B", state) == CashPrize(prize="seven_rob_one", player="B", other="A")
    assert event_of("B 飛 9p", state) == FlyTile(player="B", tile="九筒")
    assert event_of("埋數", state) == SessionEnded()


def test_undo_right_after_opening_cancels_the_table_and_later_it_undoes() -> None:
    state = opened()
    assert event_of("撤銷", state) == SessionEnded()  # nothing played: the table is cancelled
    played = apply(state, FalseWin(player="B")).state
    assert event_of("撤銷", played, speaker="C") == Undo(by="C")


def test_a_name_not_at_the_table_is_refused_and_loose_talk_is_ignored() -> None:
    state = opened()
    with use_locale("en"), pytest.raises(Refused) as refused:
        event_of("/falsewin E", state)
    assert refused.value.text == "E is not at this table. Players: 東 A, 南 B, 西 C, 北 D."
    with pytest.raises(Ignored):
        event_of("佢 飛 咗", state)  # 飛 is a common word: talk, not a 飛


def test_a_fly_of_something_that_is_not_one_tile_is_refused() -> None:
    with use_locale("en"), pytest.raises(Refused) as refused:
        event_of("B 飛 九九筒", opened())
    assert refused.value.text == "「九九筒」 is not one tile. Write B 飛 九筒 (one tile: 九筒, 9p, 東 …)."


def test_rules_change_only_for_the_creator_at_the_terminal_and_base_300_is_rate_60() -> None:
    state = opened()
    # seed 004 底: 「三百六十」 is 每底300元，翻為60元; 底 is base_fan (5) fan, so base 300 is rate 60
    assert event_of("/rules base 300", state) == RuleChanged(option="rate", value="60")
    assert event_of("/rules 三百六十", state) == RuleChanged(option="rate", value="60")
    assert event_of("/rules cut none", state) == RuleChanged(option="cut", value="none")
    with use_locale("en"), pytest.raises(Refused) as refused:
        event_of("/rules 三百五十", state)  # 300 ≠ 5 × 50
    assert refused.value.text == "底 HK$300 and HK$50 a fan do not fit a 底 of 5 fan; use /rules rate 50."
    with pytest.raises(Refused):
        event_of("/rules rate 60", state, speaker="B")  # B did not open the table


def test_cut_without_an_offer_is_refused_and_names_nobody_to_answer() -> None:
    with use_locale("en"), pytest.raises(Refused) as refused:
        event_of("斬", opened(), speaker="B")
    assert refused.value.text == "B: there is no 斬拉 offer for you now."


def test_a_winner_who_discarded_is_refused_and_talk_about_food_is_ignored() -> None:
    state = opened()
    cmd = command("B 食 B 12番")
    assert isinstance(cmd, parse.RecordWin)
    with pytest.raises(Refused):
        decide.win_leg(state, cmd, decide.win_discarder(state, cmd), cmd.legs[0])
    talk = command("我 食 飯 先")
    assert isinstance(talk, parse.RecordWin)
    with pytest.raises(Ignored):
        decide.win_discarder(state, talk)


def test_two_winners_on_one_discard_read_their_hands_with_the_multiple_win_word() -> None:
    state = opened()
    hand = "一二三萬 四五六萬 七八九萬 一二三筒 四五六筒 東東 食 東"
    cmd = command(f"B 食 A {hand}; C 食 A 8番")
    assert isinstance(cmd, parse.RecordWin)
    discarder = decide.win_discarder(state, cmd)
    first, second = (decide.win_leg(state, cmd, discarder, leg) for leg in cmd.legs)
    assert (discarder, first.winner, second.winner) == ("A", "B", "C")
    assert first.hand == f"{hand} 雙響"  # seed 004 一炮雙響 scores for each winner
    assert second.hand == "8番"  # a count is left alone: the player counted it
    legs = [decide.win_leg_read(first, ReadHand(fan=20, bases=1, self_drawn=False), cmd)]
    legs.append(decide.win_leg_read(second, ReadHand(fan=8, bases=1), cmd))
    assert decide.win_event(discarder, legs) == WinByDiscard(
        discarder="A", legs=(WinLeg(winner="B", fan=20), WinLeg(winner="C", fan=8))
    )


def test_a_self_drawn_hand_in_a_discard_win_is_refused() -> None:
    state = opened()
    cmd = command("B 食 A 一二三萬 摸 東")
    assert isinstance(cmd, parse.RecordWin)
    to_read = decide.win_leg(state, cmd, "A", cmd.legs[0])
    with pytest.raises(Refused):
        decide.win_leg_read(to_read, ReadHand(fan=3, bases=1, self_drawn=True), cmd)


def test_bao_with_a_bare_count_must_say_the_kong_was_exposed() -> None:
    state = opened()
    plain = command("B 自摸 12番 C包")
    assert isinstance(plain, parse.RecordSelfDraw)
    with use_locale("en"), pytest.raises(Refused) as refused:
        decide.self_draw_plan(state, plain)
    assert "say so: B 自摸 12番 槓上 C包" in refused.value.text
    said = command("B 自摸 12番 槓上 C包")
    assert isinstance(said, parse.RecordSelfDraw)
    plan = decide.self_draw_plan(state, said)
    assert (plan.leg.winner, plan.payer, plan.bao, plan.leg.hand) == ("B", "C", True, "12番")
    event = decide.self_draw_event(plan, ReadHand(fan=12, bases=1))
    assert (event.winner, event.fan, event.kong_discarder, event.exposed_kong) == ("B", 12, "C", True)


def test_bao_on_a_hand_message_needs_an_exposed_kong_in_it() -> None:
    state = opened()
    cmd = parse.RecordSelfDraw((Leg("B", "一二三萬 暗槓 東東東東 摸 南"),), kong_payer="C")
    plan = decide.self_draw_plan(state, cmd)
    assert plan.leg.hand.endswith(" 槓上")  # 包 implies 槓上自摸
    with pytest.raises(Refused):
        decide.self_draw_event(
            plan, ReadHand(fan=9, bases=1, score=object(), self_drawn=True, kongs=("concealed",))
        )
    ok = decide.self_draw_event(
        plan, ReadHand(fan=9, bases=1, score=object(), self_drawn=True, kongs=("exposed",))
    )
    assert ok.kong_discarder == "C"


def test_decide_brings_in_no_database_network_or_pool() -> None:
    """Decide is pure: importing it (and what it uses: parse, render, reply) loads no database, network,
    asyncio or scoring-pool module, so it runs, and is tested, without any of them."""
    probe = (
        "import sys, taipai.bot.service.decide\n"
        "print(sorted({m.split('.')[0] for m in sys.modules} & {'asyncio', 'sqlalchemy', 'aiosqlite', "
        "'asyncpg', 'telegram', 'discord', 'aiohttp', 'multiprocessing', 'concurrent'}))"
    )
    done = subprocess.run(
        [sys.executable, "-c", probe], capture_output=True, text=True, timeout=60, check=True
    )
    assert done.stdout.strip() == "[]"
