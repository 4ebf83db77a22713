"""廣東牌 (hk-old) behind the rule-system seam: the registry, the rule table as data, and a hand scored then
booked through the game-neutral machine (seed 003 「香港牌台數說明」, 「不同處」)."""

from __future__ import annotations

import tomllib
from importlib import resources
from pathlib import Path

import pytest

from taipai.core.errors import HandError
from taipai.core.registry import SYSTEMS, system_by_id, system_by_name, system_of_source
from taipai.core.system import Seat
from taipai.core.table.codec import event_from_dict
from taipai.core.table.errors import TableError
from taipai.core.table.events import SelfDraw, TableOpened, Undo, WinByDiscard, WinLeg
from taipai.core.table.machine import apply, replay
from taipai.core.tiles import EAST, SOUTH
from taipai.systems.hk_old import SYSTEM
from taipai.systems.hk_old.options import HkOldOptions
from taipai.systems.hk_old.patterns import KNOWN
from taipai.systems.hk_taiwan.options import TableOptions

P = ("A", "B", "C", "D")


@pytest.mark.parametrize("word", ["廣東牌", "香港牌", "老港", "hk-old", "HK13", "Cantonese"])
def test_registry_finds_hk_old_by_its_names(word: str):
    found = system_by_name(word)
    assert found is not None and found.id == "hk-old"


def test_gangshi_is_not_a_name_of_hk_old():
    """QA #26: 「港式」 reads as 港式台牌 as easily as 廣東牌, so it names no game; 港式台牌 is hk-taiwan."""
    assert system_by_name("港式") is None
    found = system_by_name("港式台牌")
    assert found is not None and found.id == "hk-taiwan"


def test_system_attributes():
    assert system_by_id("hk-old") is SYSTEM and "hk-old" in SYSTEMS
    assert (SYSTEM.unit, SYSTEM.hand_size, SYSTEM.wildcards, SYSTEM.english) == (
        "翻",
        13,
        False,
        "Hong Kong 13-tile",
    )
    assert isinstance(SYSTEM.table.default_options(), HkOldOptions)


def test_preset_rows_are_the_seed_table():
    """One row per detector; names exactly as seed 003 writes them; the 例牌 are the 13 of the seed."""
    rules = SYSTEM.load_rules()
    assert set(rules.rows) == KNOWN
    limits = [r.name for r in rules.rows.values() if r.limit]
    assert limits == [
        "天胡",
        "地胡",
        "坎坎胡",
        "十三么",
        "全字胡",
        "大三元",
        "小四喜",
        "大四喜",
        "槓上槓自摸",
        "全么九",
        "十八羅漢",
        "九字連環",
        "鐘鼓齊鳴",
    ]
    by_family = {
        f: sorted(r.name for r in rules.rows.values() if r.family == f) for f in ("two", "three", "six")
    }
    assert by_family == {
        "two": ["手胡"],
        "three": sorted(["對對胡", "混一色", "小三元", "花么九", "人胡"]),
        "six": ["清一色"],
    }
    assert all(r.fan == 1 for r in rules.rows.values() if r.family == "one")
    raw = tomllib.loads(resources.files("taipai.systems.hk_old").joinpath("preset.toml").read_text("utf-8"))
    assert all(entry["row"] for entry in raw["pattern"])


def test_house_rules_file(tmp_path: Path):
    """A file overrides by id or by name; a base other than hk-old, an unknown row or key, 清一色's 翻 in a
    file, and exclusions in a cycle are refused (bad_rules)."""
    ok = tmp_path / "ok.toml"
    ok.write_text('[patterns."對對胡"]\nfan = 4\n[patterns.hand_win]\nenabled = false\n', "utf-8")
    house = SYSTEM.load_rules(str(ok))
    assert house.rows["all_pungs"].fan == 4 and not house.rows["hand_win"].enabled
    assert SYSTEM.load_rules().rows["all_pungs"].fan == 3
    bad = {
        "base.toml": 'base = "hk-taiwan"\n',
        "row.toml": "[patterns.no_such_row]\nfan = 1\n",
        "key.toml": "[patterns.all_pungs]\nvalue = 1\n",
        "pure.toml": '[patterns."清一色"]\nfan = 7\n',
        "cycle.toml": '[patterns.self_drawn]\nexcludes = ["last_tile"]\n',
        "fan.toml": "[patterns.all_pungs]\nfan = -1\n",
    }
    for name, text in bad.items():
        path = tmp_path / name
        path.write_text(text, "utf-8")
        with pytest.raises(HandError) as info:
            SYSTEM.load_rules(str(path))
        assert info.value.code == "bad_rules", name
    with pytest.raises(HandError) as missing:
        SYSTEM.load_rules(str(tmp_path / "nope.toml"))
    assert missing.value.code == "bad_rules"


def test_house_rules_base_chain(tmp_path: Path):
    """``base`` may name this system (``廣東牌``) or another house file; a loop is refused; the registry's
    ``system_of_source`` finds hk-old from either."""
    first = tmp_path / "first.toml"
    first.write_text('base = "廣東牌"\n[patterns."對對胡"]\nfan = 4\n', "utf-8")
    second = tmp_path / "second.toml"
    second.write_text(f'base = "{first}"\n[patterns."混一色"]\nfan = 2\n', "utf-8")
    rules = SYSTEM.load_rules(str(second))
    assert (rules.rows["all_pungs"].fan, rules.rows["mixed_one_suit"].fan) == (4, 2)
    assert system_of_source(str(second)) is SYSTEM
    loop = tmp_path / "loop.toml"
    loop.write_text(f'base = "{loop}"\n', "utf-8")
    with pytest.raises(HandError) as info:
        SYSTEM.load_rules(str(loop))
    assert info.value.code == "bad_rules" and "each other" in info.value.message


def test_a_hand_scored_then_booked_through_the_machine():
    """B (南) 食 A: 混一色 3 + 平胡 1 + 門前清 1 + 無花 1 = 6翻 → a portion of 2^5 = 32, and A pays for all
    under 全銃, 2 × 32 = 64; undo gives the state back; the stored JSON replays to the same state."""
    opened = apply(None, TableOpened(P, system="hk-old")).state
    assert opened.system == "hk-old" and isinstance(opened.options, HkOldOptions)
    seat = Seat(dealer=False, seat_wind=SOUTH, round_wind=EAST)
    scored = SYSTEM.score(
        "一二三萬 四五六萬 七八九萬 二三四萬 北 食 北", seat, SYSTEM.load_rules(), opened.options
    )
    fan = SYSTEM.booked_fan(scored.score)
    assert fan == 6
    event = WinByDiscard("A", (WinLeg("B", fan),))
    t = apply(opened, event)
    assert [(p.payer, p.payee, p.amount) for p in t.payments] == [("A", "B", 64)]
    assert (t.state.dealer, t.state.hand) == ("B", 1)
    assert apply(t.state, Undo("B")).state == opened
    log = [
        event_from_dict(e.to_dict())
        for e in (TableOpened(P, HkOldOptions(maximum=10), system="hk-old"), event)
    ]
    assert replay(log).balances == {"A": -64, "B": 64, "C": 0, "D": 0}


def test_a_count_of_the_chat_is_checked_then_booked():
    """`B 自摸 12翻` at the default table books 8 (the maximum) and each pays 128; `2翻` is refused."""
    opened = apply(None, TableOpened(P, system="hk-old")).state
    fan = SYSTEM.check_count(12, opened.options)
    t = apply(opened, SelfDraw("B", fan))
    assert [p.amount for p in t.payments] == [128, 128, 128]
    with pytest.raises(HandError):
        SYSTEM.check_count(2, opened.options)


def test_hk_taiwan_options_are_refused_at_an_hk_old_table():
    with pytest.raises(TableError) as info:
        apply(None, TableOpened(P, TableOptions(), system="hk-old"))
    assert info.value.code == "bad_event"


SMALL_DRAGONS = "中中中 發發發 四五六萬 七八九萬 白 食 白"
"""小三元 with 混一色, 門前清 and 無花 (at 東, no flowers)."""


def test_a_rules_file_carries_the_settings_a_score_reads(tmp_path: Path):
    """QA #18: ``base = "hk-old"`` with ``[options] maximum = 10`` was refused (「unknown section(s)
    ['options']」).  Now the file's settings are the rule set's ``table_settings``: at 最大 10 小三元 is 3
    (seed 003: 「如果打最大翻數係8翻,此役種訂為四翻」, so 4 only at 8); 花 off drops 無花; 清一色 7; the
    chat words (最大, 花) name the same settings."""
    house = tmp_path / "house.toml"
    house.write_text('base = "hk-old"\n[options]\nmaximum = 10\n', "utf-8")
    rules = SYSTEM.load_rules(str(house))
    assert rules.table_settings == (("maximum", 10),)
    opts = SYSTEM.table.options_from_dict(dict(rules.table_settings))
    assert opts == HkOldOptions(maximum=10)
    seat = Seat(seat_wind=EAST, round_wind=EAST)
    at10 = {p.name: p.fan for p in SYSTEM.score(SMALL_DRAGONS, seat, rules, opts).score.patterns}
    assert at10 == {"混一色": 3, "小三元": 3, "門前清": 1, "無花": 1}
    words = tmp_path / "words.toml"
    words.write_text(f'base = "{house}"\n[options]\n"花" = false\npure_one_suit = 7\n', "utf-8")
    inherited = SYSTEM.load_rules(str(words))  # the base file's maximum, then this file's settings
    assert inherited.options() == HkOldOptions(maximum=10, flowers=False, pure_one_suit=7)
    assert SYSTEM.load_rules().table_settings == ()


@pytest.mark.parametrize(
    ("body", "said"),
    [
        ("base = 10", "money settings"),  # 底 is set at the table, not in a rules file
        ('"銃" = "半銃"', "money settings"),
        ("maximum = 100", "maximum = 100; a whole number 0-99"),
        ("maximum = 5\nminimum = 6", "起糊 at most the maximum"),
        ('flowers = "maybe"', "on or off"),
        ("pure_one_suit = 8", "6 or 7"),
    ],
)
def test_a_rules_files_bad_settings_are_refused_saying_what_is_right(tmp_path: Path, body: str, said: str):
    house = tmp_path / "house.toml"
    house.write_text(f'base = "hk-old"\n[options]\n{body}\n', "utf-8")
    with pytest.raises(HandError) as info:
        SYSTEM.load_rules(str(house))
    assert info.value.code == "bad_rules" and said in info.value.message


def test_taipai_score_uses_the_rules_files_settings(tmp_path: Path, capsys: pytest.CaptureFixture[str]):
    """``taipai score --rules house.toml`` (最大 10): 小三元 3, and 3 + 3 + 1 + 1 = 8翻; the preset (最大 8)
    prices 小三元 at 4 and caps 4 + 3 + 1 + 1 = 9 at 8."""
    import json

    from taipai.bot.cli import main

    house = tmp_path / "house.toml"
    house.write_text('base = "hk-old"\n[options]\nmaximum = 10\n', "utf-8")
    capsys.readouterr()
    assert main(["score", *SMALL_DRAGONS.split(), "--rules", str(house), "--json"]) == 0
    at10 = json.loads(capsys.readouterr().out)
    assert {p["name"]: p["fan"] for p in at10["patterns"]}["小三元"] == 3 and at10["fan"] == 8
    assert main(["score", *SMALL_DRAGONS.split(), "--rules", "hk-old", "--json"]) == 0
    at8 = json.loads(capsys.readouterr().out)
    assert {p["name"]: p["fan"] for p in at8["patterns"]}["小三元"] == 4 and at8["fan"] == 8
