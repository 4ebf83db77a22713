"""The Taiwan rule table as data: the preset, house-rules files that extend it (the common alternative
values 清一色 8, 字一色 8, 五暗坎 8; every flower 1台; 嚦咕嚦咕 on), and clear errors for bad files."""

from __future__ import annotations

from pathlib import Path

import pytest
from taiwan_helpers import RULES, rows, score

from taipai.core.errors import HandError
from taipai.core.registry import system_of_source
from taipai.systems.taiwan import SYSTEM


def write(tmp_path: Path, text: str, name: str = "house.toml") -> str:
    path = tmp_path / name
    path.write_text(text, "utf-8")
    return str(path)


def test_the_preset_by_every_name() -> None:
    assert SYSTEM.load_rules() is RULES
    assert SYSTEM.load_rules("taiwan") is RULES
    assert SYSTEM.load_rules("台灣牌") is RULES
    assert (RULES.id, RULES.name) == ("taiwan", "台灣牌")
    assert RULES.options.round_wind_alone is False and RULES.options.every_flower is False


def test_a_house_file_with_the_common_alternatives(tmp_path: Path) -> None:
    """清一色 8, 字一色 8, 五暗坎 8 by name or id; 清一色 平胡 門清 is then 8 + 2 + 1 = 11."""
    path = write(
        tmp_path,
        'base = "taiwan"\n'
        "[options]\nevery_flower = true\n"
        '[patterns."清一色"]\ntai = 8\n'
        "[patterns.all_honours]\ntai = 8\n"
        '[patterns."五暗坎"]\ntai = 8\n'
        '[patterns."嚦咕嚦咕"]\nenabled = true\n',
    )
    assert system_of_source(path) is SYSTEM
    house = SYSTEM.load_rules(path)
    assert (house.tai("full_flush"), house.tai("all_honours"), house.tai("five_concealed")) == (8, 8, 8)
    assert house.options.every_flower and house.enabled("eight_pairs")
    assert RULES.tai("full_flush") == 12  # the preset is untouched
    s = score("一二三萬 四五六萬 七八萬 二三四萬 五六七萬 八八萬 食 九萬", rules=house)
    assert rows(s) == {"full_flush": 8, "pinghu": 2, "concealed": 1}


def test_a_house_file_changes_an_exclusion(tmp_path: Path) -> None:
    """A table that adds 自摸 beside 不求.自摸 (門清一摸四) says so in excludes."""
    path = write(tmp_path, '[patterns."不求.自摸"]\nexcludes = []\n')
    house = SYSTEM.load_rules(path)
    s = score("一二三萬 四五六萬 七八萬 二三四筒 五六七筒 八八索 摸 九萬", rules=house)
    assert rows(s) == {"concealed_self_draw": 2, "concealed": 1, "self_draw": 1}


def test_a_variant_value(tmp_path: Path) -> None:
    path = write(tmp_path, '[patterns."風字坎"]\nvalues = { round = 2 }\n')
    assert SYSTEM.load_rules(path).patterns["wind_pung"].values == {"seat": 1, "round": 2}


@pytest.mark.parametrize(
    ("text", "says"),
    [
        ("[options]\nbogus = true\n", "unknown option 'bogus'"),
        ("[options]\nevery_flower = 1\n", "true or false"),
        ('[patterns."立直"]\ntai = 1\n', "no row named '立直'"),
        ('[patterns."清一色"]\ntai = -1\n', "whole number"),
        ('[patterns."清一色"]\ntai = "8"\n', "whole number"),
        ('[patterns."清一色"]\nfan = 8\n', "unknown key"),
        ('[patterns."風字坎"]\ntai = 2\n', "variants"),
        ('[patterns."風字坎"]\nvalues = { dealer = 2 }\n', "no variant"),
        ('[patterns."清一色"]\nexcludes = ["nothing"]\n', "which is no row"),
        ('[patterns."清一色"]\nenabled = "yes"\n', "true or false"),
        ("[stuff]\nx = 1\n", "unknown section"),
        ("this is = not toml [", "not valid TOML"),
    ],
)
def test_bad_house_files_say_what_is_wrong(tmp_path: Path, text: str, says: str) -> None:
    path = write(tmp_path, text)
    with pytest.raises(HandError) as err:
        SYSTEM.load_rules(path)
    assert err.value.code == "bad_rules"
    assert says in err.value.message


def test_a_missing_file_and_a_base_loop(tmp_path: Path) -> None:
    with pytest.raises(HandError) as err:
        SYSTEM.load_rules(str(tmp_path / "none.toml"))
    assert err.value.code == "bad_rules" and "no preset or file" in err.value.message
    a = tmp_path / "a.toml"
    b = tmp_path / "b.toml"
    a.write_text(f'base = "{b}"\n', "utf-8")
    b.write_text(f'base = "{a}"\n', "utf-8")
    with pytest.raises(HandError) as err:
        SYSTEM.load_rules(str(a))
    assert "name each other" in err.value.message


def test_a_whole_table_file_may_not_add_a_row_without_a_detector(tmp_path: Path) -> None:
    path = write(
        tmp_path,
        '[meta]\nid = "mine"\nsystem = "taiwan"\n'
        '[[pattern]]\nid = "self_draw"\nname = "自摸"\ntai = 1\n'
        '[[pattern]]\nid = "riichi"\nname = "立直"\ntai = 1\n',
    )
    with pytest.raises(HandError) as err:
        SYSTEM.load_rules(path)
    assert err.value.code == "bad_rules" and "riichi" in err.value.message


def test_a_whole_table_file_of_a_few_rows(tmp_path: Path) -> None:
    """A whole table (``[[pattern]]`` rows) replaces the preset: here only 自摸 and 門清 count."""
    path = write(
        tmp_path,
        '[meta]\nid = "mine"\nsystem = "taiwan"\n'
        '[[pattern]]\nid = "self_draw"\nname = "自摸"\ntai = 1\n'
        '[[pattern]]\nid = "concealed"\nname = "門清"\ntai = 1\n',
    )
    assert system_of_source(path) is SYSTEM
    mine = SYSTEM.load_rules(path)
    s = score("一二三萬 四五六萬 七八萬 二三四筒 五六七筒 八八索 摸 九萬", rules=mine)
    assert rows(s) == {"self_draw": 1, "concealed": 1}
