"""QQ's SYSTEM and chat vocabulary: the 規則 rows (room, N, 財神), the 財神 word of a table (the 財神 itself,
stored as its indicator: seed 002 「翻出五萬，六萬就是財神」), what the chat books."""

from __future__ import annotations

import pytest

from taipai.core.errors import HandError
from taipai.core.system import Seat
from taipai.core.table.errors import TableError
from taipai.core.tiles import tile
from taipai.systems.qq import SYSTEM
from taipai.systems.qq.caishen import caishen_of, indicator_of
from taipai.systems.qq.events import Bird
from taipai.systems.qq.options import QQTableOptions


def shown(options: QQTableOptions) -> list[str]:
    return [r.msgid.format(**r.values()) for r in SYSTEM.chat.rows(options)]


def test_rules_rows_at_the_preset() -> None:
    assert shown(QQTableOptions()) == [
        "場 = 大眾場 (X = 番 × 中鳥 × 莊家)",
        "系數 = 1 (N: money per point of the game base X)",
        "財神 = each hand says it (財神 六萬)",
        "詐胡 = 8番 (the false winner pays each of the three a hand of 8番)",
        "流局連莊 = 開 (a draw keeps the dealer)",
    ]


def test_the_tables_caishen_word_names_the_caishen_and_stores_its_indicator() -> None:
    opts = QQTableOptions().with_option("財神", "六萬").with_option("場", "8番場").with_option("系數", "200")
    assert opts.indicator == tile("m", 5)
    assert shown(opts)[:3] == [
        "場 = 8番場 (X = (番 + 8) × 中鳥 × 莊家)",
        "系數 = 200 (N: money per point of the game base X)",
        "財神 = 六萬 for every hand (the turned tile 五萬)",
    ]
    assert opts.with_option("財神", "無").indicator is None
    with pytest.raises(TableError) as err:
        opts.with_option("財神", "六")
    assert err.value.code == "bad_value"


@pytest.mark.parametrize(("caishen", "turned"), [("m6", "m5"), ("m1", "m9"), ("z5", "z4"), ("z1", "z7")])
def test_indicator_of_reverses_caishen_of(caishen: str, turned: str) -> None:
    # 「翻出五萬，六萬就是財神，翻出九萬，一萬就是財神 … 如果翻出北，紅中就是財神」; 白 → 東 closes the honours
    kind = {"m": lambda r: tile("m", r), "z": lambda r: 27 + r - 1}
    c, t = kind[caishen[0]](int(caishen[1])), kind[turned[0]](int(turned[1]))
    assert (indicator_of(c), caishen_of(t)) == (t, c)


def test_system_scores_a_hand_with_the_tables_caishen() -> None:
    opts = QQTableOptions().with_option("財神", "六筒")
    scored = SYSTEM.score("一二三四五六七八九萬 東東東 六筒 食 九筒", Seat(), SYSTEM.load_rules(), opts)
    assert (scored.score.fan, SYSTEM.booked_fan(scored.score)) == (24, 24)
    assert (SYSTEM.id, SYSTEM.unit, SYSTEM.hand_size, SYSTEM.wildcards) == ("qq", "番", 13, True)
    assert "歡樂" in SYSTEM.names and "qq" in SYSTEM.names


def test_qq_takes_no_house_rules_file() -> None:
    with pytest.raises(HandError) as err:
        SYSTEM.load_rules("house.toml")
    assert err.value.code == "bad_rules"


def test_the_chat_books_no_bao_and_no_prizes() -> None:
    assert SYSTEM.chat.books == {"win", "self_draw", "rob_kong", "multi_win", "draw", "false_win", "bird"}
    assert SYSTEM.chat.commands["bird"]("三萬", None) == Bird(tile=tile("m", 3))
