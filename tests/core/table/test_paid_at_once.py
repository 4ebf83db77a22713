"""The shared defaults of the games that pay every win at once (taipai/core/table/paid_at_once.py and
settings_dict.MoneySettings): each game's table keeps its own name in a refusal, and its settings
round-trip through the store's dict with 底 as money."""

from __future__ import annotations

from fractions import Fraction

import pytest

from taipai.core.registry import system_by_id
from taipai.core.table.errors import TableError
from taipai.core.table.events import SessionEnded, TableOpened
from taipai.core.table.machine import apply
from taipai.systems.qq.events import Bird

GAMES = {"hk-old": "廣東牌", "guangdong": "雞平和", "heyuan": "雞平和", "mcr": "國標"}


@pytest.mark.parametrize(("system_id", "name"), GAMES.items())
def test_a_game_paid_at_once_refuses_another_games_event_by_its_name(system_id: str, name: str) -> None:
    table = system_by_id(system_id).table
    state = apply(None, TableOpened(("A", "B", "C", "D"), system=system_id)).state
    with pytest.raises(TableError) as err:
        table.own(state, Bird(tile=2), strict=True)
    assert err.value.code == "bad_event" and f"not a {name} event" in str(err.value)
    assert table.offers(state, ()) == (state.pending, ())
    assert table.end(state, SessionEnded()).summary == "session ended (埋數)"


@pytest.mark.parametrize("system_id", GAMES)
def test_money_settings_round_trip_with_the_base_as_money(system_id: str) -> None:
    table = system_by_id(system_id).table
    opts = table.default_options().with_option("base", "0.5")
    data = opts.to_dict()
    assert data["base"] == 0.5  # a half is exact as a JSON number (amount_to_json)
    back = table.options_from_dict(data)
    assert back == opts and type(back) is type(opts)
    assert back.money(Fraction(3, 2)) == Fraction(3, 2)
    with pytest.raises(TableError) as err:
        table.options_from_dict({**data, "nonsense": 1})
    assert err.value.code == "bad_option"


def test_a_setting_is_read_as_typed() -> None:
    from taipai.core.table.setting_words import count_setting, flag_setting

    assert [flag_setting("multi_win", w) for w in ("開", "ON", " 有 ", True)] == [True] * 4
    assert [flag_setting("multi_win", w) for w in ("關", "off", "冇", "無", False)] == [False] * 5
    assert count_setting("cap", "5番", unit="番", limit=13) == 5
    assert count_setting("maximum", " 10 翻", unit="翻", limit=99) == 10
    assert count_setting("cap", 7, unit="番", limit=13) == 7
    for bad in ("五", "-1", "123", "5台", True):
        with pytest.raises(TableError) as err:
            count_setting("cap", bad, unit="番", limit=13)
        assert err.value.code == "bad_value" and err.value.hint == "a whole number 0-13"
    with pytest.raises(TableError) as err:
        flag_setting("multi_win", "maybe")
    assert err.value.hint == "on or off"


def test_settings_are_checked_as_they_are_built_and_one_claim_is_refused_by_the_rules_word() -> None:
    from taipai.core.table.legs import check_one_claim
    from taipai.systems.guangdong.options import GuangdongOptions

    for field, bad, hint in (
        ("discard", "both", "one of discarder, half"),
        ("multi_win", "yes", "on or off"),
        ("cap", 14, "a whole number 0-13"),
    ):
        with pytest.raises(TableError) as err:
            GuangdongOptions(**{field: bad})
        assert err.value.code == "bad_value" and err.value.hint == hint
    check_one_claim(("A", "B", "C", "D"), "A", ("C", "B"), multi_win=True)  # 一炮多響: nothing refused
    check_one_claim(("A", "B", "C", "D"), "A", ("C",), multi_win=False)  # one winner
    with pytest.raises(TableError) as err:
        check_one_claim(("A", "B", "C", "D"), "A", ("D", "C"), multi_win=False, rule="截和")
    assert err.value.code == "first_claim_wins" and err.value.args_ == {"winner": "C", "discarder": "A", "rule": "截和"}
