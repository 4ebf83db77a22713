"""字牌's money and deal at a table of three (seed 002 ⑶ 勝負規則, ⑴ 定庄), through the core table machine.

The systems are not in the registry yet; each test registers them for itself.
"""

from __future__ import annotations

import pytest

from taipai.core import registry
from taipai.core.table import Draw, FalseWin, SelfDraw, TableOpened, TableState, WinByDiscard, WinLeg
from taipai.core.table.errors import TableError
from taipai.core.table.machine import apply
from taipai.systems.zipai import SYSTEMS
from taipai.systems.zipai.options import ZipaiOptions


@pytest.fixture(autouse=True)
def zipai_registered(monkeypatch: pytest.MonkeyPatch) -> None:
    for system in SYSTEMS:
        monkeypatch.setitem(registry.SYSTEMS, system.id, system)


def opened(system: str = "zipai", **options: object) -> TableState:
    opts = ZipaiOptions.preset(system)
    for k, v in options.items():
        opts = opts.with_option(k, v)  # type: ignore[arg-type]
    return apply(None, TableOpened(("A", "B", "C"), opts, system=system)).state  # type: ignore[arg-type]


def paid(state: TableState, event: object) -> tuple[TableState, dict[str, int]]:
    t = apply(state, event)  # type: ignore[arg-type]
    moves: dict[str, int] = {}
    for p in t.payments:
        moves[p.payer] = moves.get(p.payer, 0) - p.amount
        moves[p.payee] = moves.get(p.payee, 0) + p.amount
    return t.state, moves


def test_three_seats():
    state = opened()
    assert [(p.name, p.seat) for p in state.players] == [("A", "東"), ("B", "南"), ("C", "西")]
    with pytest.raises(TableError) as err:
        apply(None, TableOpened(("A", "B", "C", "D", "E"), system="zipai"))  # four: one sits out (數信)
    assert err.value.code == "bad_players"


def test_a_discard_the_discarder_alone_pays_every_share():
    # ⑶ 「點炮的玩家單獨承擔胡牌玩家的所有積分」: 12油, 底 1: 12 from each loser = 24, all from B
    _, moves = paid(opened(), WinByDiscard("B", (WinLeg("A", 12),)))
    assert moves == {"B": -24, "A": 24}
    _, single = paid(opened(discard="單"), WinByDiscard("B", (WinLeg("A", 12),)))
    assert single == {"B": -12, "A": 12}


def test_a_self_draw_doubles_the_winners_gain():
    # ⑶ 「輸的玩家分別給予按獲勝玩家所得油數算的積分 … 自摸情況下 … 獲勝玩家所得積分相應加倍」
    # 12油: each loser pays twice 12, the winner gains 48 where a plain win gains 24
    _, moves = paid(opened(), SelfDraw("C", 12))
    assert moves == {"A": -24, "B": -24, "C": 48}
    _, half = paid(opened(base="0.5"), SelfDraw("C", 12))
    assert half == {"A": -12, "B": -12, "C": 24}
    _, single = paid(opened(self_draw="單"), SelfDraw("C", 12))
    assert single == {"A": -12, "B": -12, "C": 24}
    _, paohuzi = paid(opened("paohuzi"), SelfDraw("C", 6))  # 自摸 is +2排 in the hand, paid once
    assert paohuzi == {"A": -6, "B": -6, "C": 12}


def test_under_the_threshold_is_refused():
    # ⑶ 「所得油數大於或等於該油數 … 即可胡牌」
    with pytest.raises(TableError) as err:
        apply(opened(threshold="15"), SelfDraw("C", 12))
    assert (err.value.code, err.value.args_["minimum"]) == ("below_minimum", "15")
    apply(opened("paohuzi"), SelfDraw("C", 5))  # 排 have no threshold of their own (卡胡 is 5排)


def test_the_winner_deals_next():
    # ⑴ 「之後的局，上局胡牌的玩家成為莊家」
    state, _ = paid(opened(), WinByDiscard("A", (WinLeg("C", 10),)))
    assert (state.dealer, state.streak) == ("C", 0)
    state, _ = paid(state, SelfDraw("C", 10))
    assert (state.dealer, state.streak) == ("C", 1)


def test_three_draws_in_a_row_pass_the_deal():
    # ⑴ 「如果荒庄，由莊家繼續做莊，連續3次荒庄，則由莊家的下家做莊」
    state = opened()
    for _ in range(2):
        state, moves = paid(state, Draw())
        assert (state.dealer, moves) == ("A", {})
    state, _ = paid(state, Draw())
    assert state.dealer == "B"
    state, _ = paid(state, Draw())
    assert state.dealer == "B"  # the count starts again under the new dealer


def test_a_win_between_draws_starts_the_count_again():
    state = opened()
    state, _ = paid(state, Draw())
    state, _ = paid(state, Draw())
    state, _ = paid(state, SelfDraw("A", 10))
    state, _ = paid(state, Draw())
    state, _ = paid(state, Draw())
    assert state.dealer == "A"
    state, _ = paid(state, Draw())
    assert state.dealer == "B"


def test_a_false_win_pays_each_other_the_least_win():
    _, moves = paid(opened(), FalseWin("B"))
    assert moves == {"B": -20, "A": 10, "C": 10}
    _, pai = paid(opened("paohuzi"), FalseWin("B"))
    assert pai == {"B": -10, "A": 5, "C": 5}


def test_settings_round_trip_and_the_variant_is_fixed():
    opts = ZipaiOptions.preset("zipai-hard").with_option("起胡", "15胡")
    assert ZipaiOptions.from_dict(opts.to_dict(), "zipai-hard") == opts
    assert ZipaiOptions.from_dict({}, "paohuzi") == ZipaiOptions.preset("paohuzi")
    with pytest.raises(TableError) as err:
        opts.with_option("variant", "paohuzi")
    assert err.value.code == "bad_option"
    with pytest.raises(TableError):
        opts.with_option("起胡", "many")


def test_a_new_dealer_starts_the_count_of_draws_at_zero():
    state = opened()
    state, _ = paid(state, Draw())
    state, _ = paid(state, Draw())
    assert state.draws == 2
    state, _ = paid(state, WinByDiscard("A", (WinLeg("B", 10),)))
    assert (state.dealer, state.draws) == ("B", 0)
    state, _ = paid(state, Draw())
    state, _ = paid(state, Draw())
    assert state.dealer == "B"
    state, _ = paid(state, Draw())
    assert state.dealer == "C"
