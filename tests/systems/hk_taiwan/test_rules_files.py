"""House-rule files (DESIGN §3): good overrides load; every bad file is one clear HandError(bad_rules).

The bad cases are the ones a QA attack found escaping as RecursionError, TypeError, AttributeError,
ValueError, UnicodeDecodeError or IsADirectoryError, or loading values no table means (negative or
astronomical fan, strings for booleans, exclusion cycles that silently delete patterns).
"""

import pytest

from taipai.core.errors import HandError
from taipai.systems.hk_taiwan.rules import load_rules

GOOD = """
base = "hk-taiwan"
[options]
repeat_counting = true
[patterns."嚦咕嚦咕"]
values = { eight_flying = 50 }
[patterns."四數"]
enabled = true
[wilds]
table_kinds = ["皇", "番"]
max_per_exposed_meld = 2
"""


def _write(tmp_path, text, name="house.toml"):
    p = tmp_path / name
    p.write_text(text, "utf-8")
    return str(p)


def test_good_override_changes_exactly_what_it_says(tmp_path):
    r = load_rules(_write(tmp_path, GOOD))
    assert r.options.repeat_counting is True
    assert r.patterns["eight_pairs"].values == {"base": 40, "eight_flying": 50}  # seed 004: 40/60
    assert r.patterns["four_numbers"].enabled is True
    assert r.wilds.table_kinds == ("皇", "番")
    assert r.wilds.max_per_exposed_meld == 2
    assert r.patterns["half_flush"].values == {"base": 30}  # untouched rows keep seed 004 values


BAD = {
    "table_kinds_int": "[wilds]\ntable_kinds = 5\n",
    "table_kinds_string": '[wilds]\ntable_kinds = "皇"\n',
    "meld_kinds_int": "[wilds]\nmeld_kinds = 5\n",
    "wilds_int": "wilds = 5\n",
    "kind_counts_string": '[wilds]\nkind_counts = "x"\n',
    "in_melds_string": '[wilds]\nin_melds = "no"\n',
    "max_per_meld_bool": "[wilds]\nmax_per_exposed_meld = true\n",
    "patterns_int": "patterns = 5\n",
    "pattern_entry_int": '[patterns]\n"混一色" = 5\n',
    "excludes_int": '[patterns."混一色"]\nexcludes = 5\n',
    "enabled_string": '[patterns."混一色"]\nenabled = "no"\n',
    "negative_fan": '[patterns."五門齊"]\nvalues = { base = -1000 }\n',
    "huge_fan": '[patterns."混一色"]\nfan = 10000000000000000000000000000\n',
    "float_per_n": '[patterns."莊家"]\nfan = { per_n = 1.5, plus = 1 }\n',
    "string_per_n": '[patterns."莊家"]\nfan = { per_n = "x", plus = 1 }\n',
    "base_fan_string": '[options]\nbase_fan = "x"\n',
    "base_fan_negative": "[options]\nbase_fan = -5\n",
    "hand_size_string": '[options]\nhand_size = "16"\n',
    "hand_size_odd": "[options]\nhand_size = 1000000000\n",
    "unknown_option": "[options]\nfast = true\n",
    "three_cycle": '[patterns."五門齊"]\nexcludes = ["concealed_self_draw"]\n'
    '[patterns."門清自摸"]\nexcludes = ["single_wait"]\n[patterns."獨獨"]\nexcludes = ["five_gates"]\n',
    "base_not_string": "base = 5\n",
    "pattern_array_int": "pattern = 5\n",
    "meta_int_with_rows": 'meta = 5\n[[pattern]]\nid = "x"\nname = "x"\nfan = 1\n',
}


@pytest.mark.parametrize("case", sorted(BAD))
def test_bad_rules_file_is_one_clear_error(tmp_path, case):
    with pytest.raises(HandError) as e:
        load_rules(_write(tmp_path, BAD[case]))
    assert e.value.code == "bad_rules"


def test_base_naming_itself_is_an_error_not_a_recursion(tmp_path):
    p = tmp_path / "self.toml"
    p.write_text(f'base = "{p}"\n', "utf-8")
    with pytest.raises(HandError) as e:
        load_rules(str(p))
    assert e.value.code == "bad_rules" and "base" in e.value.message


def test_two_files_naming_each_other_as_base(tmp_path):
    a, b = tmp_path / "a.toml", tmp_path / "b.toml"
    a.write_text(f'base = "{b}"\n', "utf-8")
    b.write_text(f'base = "{a}"\n', "utf-8")
    with pytest.raises(HandError) as e:
        load_rules(str(a))
    assert e.value.code == "bad_rules"


@pytest.mark.parametrize("make", ["directory", "not_utf8", "missing", "empty_name", "too_big"])
def test_unreadable_rules_files(tmp_path, make):
    if make == "directory":
        target = str(tmp_path)
    elif make == "not_utf8":
        target = str(tmp_path / "latin1.toml")
        (tmp_path / "latin1.toml").write_bytes(b"[options]\n# \xff\xfe\n")
    elif make == "missing":
        target = str(tmp_path / "nope.toml")
    elif make == "empty_name":
        target = ""
    else:
        target = str(tmp_path / "big.toml")
        (tmp_path / "big.toml").write_text("# " + "x" * 300_000 + "\n", "utf-8")
    with pytest.raises(HandError) as e:
        load_rules(target)
    assert e.value.code == "bad_rules"
