"""Taiwan 16-tile hand messages: this game's context words, the 港式台牌 words it refuses, the table's seat
over the message's, the registry's names, and bare counts."""

from __future__ import annotations

import pytest
from taiwan_helpers import RULES, rows, score

from taipai.core.errors import HandError
from taipai.core.registry import system_by_id, system_by_name
from taipai.core.system import Seat
from taipai.core.tiles import EAST, SOUTH, WEST
from taipai.systems.taiwan import SYSTEM

PING = "一二三萬 四五六萬 七八萬 二三四筒 五六七筒 八八索 食 九萬"


@pytest.mark.parametrize(
    "word",
    [
        "叮",
        "門清叮",
        "一發",
        "食聽牌",
        "天叮",
        "河底",
        "河底撈魚",
        "搶槓上槓",
        "絕張",
        "明八絕",
        "十隻內",
        "七隻內",
        "錦上添花",
        "無花糊",
    ],
)
def test_a_hk_taiwan_word_is_refused_naming_it(word: str) -> None:
    """Seed 003 has no such row: ``not_in_this_game``, the word as typed, the game named."""
    text = f"{PING} {word}"
    with pytest.raises(HandError) as err:
        score(text)
    e = err.value
    assert (e.code, e.token, e.position) == ("not_in_this_game", word, len(PING) + 1)
    assert e.hint_args == {"token": word, "game": "台灣牌"}
    assert "台灣牌" in e.message


@pytest.mark.parametrize("word", ["花上", "花上2", "混花槓3"])
def test_replacement_chains_of_flowers_are_refused(word: str) -> None:
    """花上 / 混花槓 (港式台牌 花上自摸, 混花槓自摸): no row here."""
    text = "槓五五五五筒 一二三萬 四五六萬 七八萬 二三四筒 八八索 摸 九萬 " + word
    with pytest.raises(HandError) as err:
        score(text)
    assert (err.value.code, err.value.token) == ("not_in_this_game", word)


def test_a_word_no_game_has_stays_unknown() -> None:
    with pytest.raises(HandError) as err:
        score(PING + " 立直")
    assert err.value.code == "unknown_token"


def test_shared_words_are_read() -> None:
    """一炮雙響, 門清, 無花 and the numbered 連N are read (and change no 台 by themselves)."""
    assert rows(score(PING + " 一炮雙響 門清 無花")) == {"pinghu": 2, "concealed": 1}
    with pytest.raises(HandError) as err:
        score("上" + PING + " 門清")
    assert err.value.code != "not_in_this_game"


def test_the_table_seat_overrules_the_message() -> None:
    """At a chat table the seat is the table's: a message saying 莊 連3 西位 for a non-dealer at 南 is scored
    as the table says, and the reply can say which words were overruled."""
    scored = SYSTEM.score(PING + " 莊 連3 西位", Seat(False, 0, SOUTH, EAST), RULES, None)
    assert scored.overruled == ("dealer", "streak", "seat_wind")
    assert scored.said == Seat(True, 3, WEST, EAST)
    assert rows(scored.score) == {"pinghu": 2, "concealed": 1}


def test_taipai_score_takes_the_messages_words() -> None:
    """``table_seat=False`` (``taipai score``): 莊 連3 stand — 作莊 1 + 連3拉3 6."""
    scored = SYSTEM.score(PING + " 莊 連3", Seat(), RULES, None, table_seat=False)
    assert scored.overruled == ()
    assert rows(scored.score) == {"dealer_streak": 6, "pinghu": 2, "concealed": 1, "dealer": 1}


def test_the_scored_hand_says_how_it_was_won() -> None:
    scored = SYSTEM.score(
        "暗槓一一一一萬 槓九九九九筒 一二三索 四五六索 七八索 東東 摸 九索", Seat(), RULES, None
    )
    assert scored.self_drawn and not scored.robbed_kong
    assert scored.kongs == ("concealed", "exposed")
    robbed = SYSTEM.score(PING + " 搶槓", Seat(seat_wind=EAST), RULES, None)
    assert robbed.robbed_kong and not robbed.self_drawn


def test_bare_counts() -> None:
    """A bare count (``3台``) books as typed (seed 003 「台:不限制最低台數」: 0 is a win too)."""
    assert SYSTEM.check_count(3, SYSTEM.table.default_options()) == 3
    assert SYSTEM.check_count(0, None) == 0
    with pytest.raises(HandError) as err:
        SYSTEM.check_count(-1, None)
    assert err.value.code == "bad_count"


@pytest.mark.parametrize("name", ["台灣牌", "台灣麻將", "台麻", "台灣", "taiwan", "TW", "Taiwan 16-tile"])
def test_a_table_picks_the_game_by_name(name: str) -> None:
    assert system_by_name(name) is SYSTEM
    assert system_by_id("taiwan") is SYSTEM


def test_the_system_attributes() -> None:
    assert (SYSTEM.id, SYSTEM.unit, SYSTEM.english, SYSTEM.hand_size, SYSTEM.wildcards) == (
        "taiwan",
        "台",
        "Taiwan 16-tile",
        16,
        False,
    )
    assert SYSTEM.names[0] == "台灣牌"


def test_not_counted_words_have_this_games_spelling() -> None:
    """A reply names an ignored word as seed 003 writes it (海底撈月, 槓上開花, 天胡, 天聽)."""
    words = SYSTEM.words
    shown = {
        f: words.display(f) for f in ("last_tile_draw", "kong_replacements", "heavenly", "heavenly_ready")
    }
    assert shown == {
        "last_tile_draw": "海底撈月",
        "kong_replacements": "槓上開花",
        "heavenly": "天胡",
        "heavenly_ready": "天聽",
    }
    assert "叮" not in words.vocab and "天聽" in words.vocab
