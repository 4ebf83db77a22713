"""港式台牌's own events (:mod:`taipai.systems.hk_taiwan.events`) read from a stored log.

The events moved out of the shared event module into the system; a log stored before the move names
them by the same ``kind`` strings and must replay to the same table (money is sacred: nothing booked
is lost, nothing booked twice).  The log below is written as the store keeps it (JSON dicts).
"""

from __future__ import annotations

import pytest

from taipai.core.registry import SYSTEMS
from taipai.core.table import EVENT_TYPES, TableError
from taipai.core.table.codec import KINDS, event_from_dict
from taipai.core.table.machine import replay
from taipai.core.wilds.bird import Bird
from taipai.systems.hk_taiwan.events import CashPrize, CutChain, FlyTile

STORED_LOG = [
    {"kind": "table_opened", "players": ["A", "B", "C", "D"], "options": None},
    {"kind": "cash_prize", "prize": "dice_triple", "player": "A", "other": None},
    {"kind": "fly_tile", "player": "B", "tile": "九筒"},
    {"kind": "win_by_discard", "discarder": "C", "legs": [{"winner": "B", "fan": 3, "bases": 1}]},
    {"kind": "cash_prize", "prize": "seven_rob_one", "player": "D", "other": "B"},
]
"""開枱 (A deals, no ``system``: a log from before issue 14 is 港式台牌's), 圍骰, 飛牌, B 食 C 3番, B 七搶一 D."""


def test_the_stored_kinds_are_unchanged() -> None:
    assert (CashPrize.kind, CutChain.kind, FlyTile.kind) == ("cash_prize", "cut_chain", "fly_tile")
    assert SYSTEMS["hk-taiwan"].table.own_events == (CashPrize, CutChain, FlyTile, Bird)  # 扎鳥's 鳥


def test_the_shared_events_no_longer_hold_them_and_the_codec_reads_every_system() -> None:
    assert not {"cash_prize", "cut_chain", "fly_tile"} & set(EVENT_TYPES)
    own = {(cls.kind, cls) for s in SYSTEMS.values() for cls in s.table.own_events}
    kinds = {kind for kind, _cls in own}
    assert len(own) == len(kinds) and not kinds & set(EVENT_TYPES)  # no kind means two events
    assert KINDS["bird"] is Bird  # one 鳥 (扎鳥), booked by 歡樂麻將 and by 港式台牌 with 扎鳥 on
    assert {KINDS[k] for k in ("cash_prize", "cut_chain", "fly_tile")} == {CashPrize, CutChain, FlyTile}


@pytest.mark.parametrize(
    ("stored", "event"),
    [
        ({"kind": "cash_prize", "prize": "chase", "player": "B", "other": None}, CashPrize("chase", "B")),
        (
            {"kind": "cash_prize", "prize": "one_rob_seven", "player": "D", "other": "A"},
            CashPrize("one_rob_seven", "D", "A"),
        ),
        ({"kind": "cut_chain", "debtor": "C", "creditor": "A", "accept": True}, CutChain("C", "A", True)),
        ({"kind": "fly_tile", "player": "B", "tile": "九筒"}, FlyTile("B", "九筒")),
    ],
)
def test_each_event_round_trips_through_its_stored_form(stored: dict[str, object], event: object) -> None:
    assert event_from_dict(stored) == event
    assert event.to_dict() == stored  # type: ignore[attr-defined]


def test_a_stored_log_replays_to_the_same_balances() -> None:
    """By hand (DESIGN §6 defaults: 底 = 5 fan units, 鋪鋪拉; A deals): 圍骰, each pays the dealer 1 底:
    A +15, B C D −5, paid at once.  飛牌: nothing.  B 食 C 3番: 3 + 5 (底) = 8 that C owes B, kept in a
    拉 chain (settled balances leave it out; ``owed()`` counts it).  七搶一: D pays B 6 底 = 30 at once."""
    state = replay(event_from_dict(d) for d in STORED_LOG)
    assert state.system == "hk-taiwan"
    assert state.balances == {"A": 15, "B": 25, "C": -5, "D": -35}
    assert state.owed() == {"A": 15, "B": 33, "C": -13, "D": -35}
    assert sum(state.balances.values()) == 0 == sum(state.owed().values())
    assert [h.event.to_dict() for h in state.history][1:3] == STORED_LOG[1:3]


def test_a_bad_stored_prize_event_is_refused_saying_what_is_wrong() -> None:
    with pytest.raises(TableError) as e:
        event_from_dict({"kind": "cash_prize", "prize": "chase"})
    assert e.value.code == "bad_event" and "cash_prize" in str(e.value)
