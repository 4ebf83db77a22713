"""廣東牌 (hk-old): every row of seed 003 「香港牌台數說明」 — a hand that scores it and a near miss, with the
seed's 翻; the 「未另計 / 未計 / 不另計」 exclusions both ways; the combination rule (cap, 例牌, 起糊)."""

from __future__ import annotations

from pathlib import Path

import pytest

from taipai.core.errors import HandError
from taipai.core.scoretypes import Score
from taipai.core.system import Seat
from taipai.core.tiles import EAST, NORTH, SOUTH, WEST
from taipai.systems.hk_old import SYSTEM
from taipai.systems.hk_old.options import HkOldOptions

RULES = SYSTEM.load_rules()
LOW = HkOldOptions(minimum=0)
"""No 起糊, so a row can be seen on its own."""

PLAIN = "一二三萬 四五六萬 七八九筒 二三四索 南"
"""Four chows and a single 南: wins on 南 (平胡, 門前清)."""


def score(
    text: str,
    *,
    opts: HkOldOptions = LOW,
    dealer: bool = False,
    seat: int = EAST,
    round_wind: int = EAST,
    rules: object = RULES,
) -> Score:
    return SYSTEM.score(text, Seat(dealer=dealer, seat_wind=seat, round_wind=round_wind), rules, opts).score


def rows(text: str, **kw: object) -> dict[str, int]:
    """``{pattern name: 翻}`` of the best reading."""
    return {p.name: p.fan for p in score(text, **kw).patterns}  # type: ignore[arg-type]


def refused(text: str, **kw: object) -> HandError:
    with pytest.raises(HandError) as info:
        score(text, **kw)  # type: ignore[arg-type]
    return info.value


# ------------------------------------------------------------------------------------------ 一翻役


def test_concealed_hand():
    """一翻役: 門前清(未上過,未碰過,未開過明槓) — 1翻; a chow laid down loses it, a 暗槓 keeps it."""
    assert rows(PLAIN + " 食 南")["門前清"] == 1
    assert "門前清" not in rows("上 一二三萬 四五六萬 七八九筒 二三四索 南 食 南")
    assert "門前清" not in rows("槓 東東東東 四五六萬 七八九筒 二三四索 南 食 南")
    assert rows("暗槓 東東東東 四五六萬 七八九筒 二三四索 南 食 南")["門前清"] == 1


def test_all_chows():
    """一翻役: 平胡 — 1翻 for four chows; one pung instead of a chow is a near miss."""
    assert rows(PLAIN + " 食 南")["平胡"] == 1
    assert rows("上 一二三萬 四五六萬 七八九筒 二三四索 南 食 南")["平胡"] == 1
    assert "平胡" not in rows("一一一萬 四五六萬 七八九筒 二三四索 南 食 南")


def test_self_drawn():
    """一翻役: 自摸 — 1翻 on 摸, none on 食."""
    assert rows(PLAIN + " 摸 南")["自摸"] == 1
    assert "自摸" not in rows(PLAIN + " 食 南")


def test_dragon_pung_one_each():
    """一翻役: 三元牌 — 1翻 per pung of 中發白; as the eyes it scores nothing."""
    assert rows("中中中 四五六萬 七八九筒 二三四索 南 食 南")["三元牌"] == 1
    two = score("中中中 發發發 七八九筒 二三四索 南 食 南")
    assert [(p.name, p.fan, p.count) for p in two.patterns if p.id == "dragon_pung"] == [("三元牌", 2, 2)]
    assert "三元牌" not in rows("一二三萬 四五六萬 七八九筒 二三四索 中 食 中")


def test_seat_and_round_wind():
    """一翻役: 門風牌/圈風牌 — 1翻 each; the same wind as both is 2翻; another wind scores nothing."""
    hand = "南南南 四五六萬 七八九筒 二三四索 北 食 北"
    at_south_seat = rows(hand, seat=SOUTH, round_wind=EAST)
    assert at_south_seat["門風牌"] == 1 and "圈風牌" not in at_south_seat
    in_south_round = rows(hand, seat=EAST, round_wind=SOUTH)
    assert in_south_round["圈風牌"] == 1 and "門風牌" not in in_south_round
    both = rows(hand, seat=SOUTH, round_wind=SOUTH)
    assert both["門風牌"] == 1 and both["圈風牌"] == 1
    neither = rows(hand, seat=WEST, round_wind=EAST)
    assert "門風牌" not in neither and "圈風牌" not in neither


def test_last_tile_excludes_self_drawn_both_ways():
    """一翻役: 海底撈月(未另計自摸) — 1翻 and no 自摸 beside it; without 海底, 自摸 1; on a discard 海底 is
    not counted and the score says so."""
    with_it = rows(PLAIN + " 摸 南 海底")
    assert with_it["海底撈月"] == 1 and "自摸" not in with_it
    without = rows(PLAIN + " 摸 南")
    assert without["自摸"] == 1 and "海底撈月" not in without
    on_discard = score(PLAIN + " 食 南 海底撈月")
    assert "last_tile" not in {p.id for p in on_discard.patterns}
    assert on_discard.ignored == ("last_tile_draw",)


def test_kong_flower_excludes_self_drawn_both_ways():
    """一翻役: 槓上花(未另計自摸) — 1翻 instead of 自摸; 槓上 without a kong laid down is refused."""
    kong = "槓 東東東東 四五六萬 七八九筒 二三四索 南 摸 南"
    for word in ("槓上", "槓上花", "槓上開花"):
        got = rows(f"{kong} {word}")
        assert got["槓上花"] == 1 and "自摸" not in got
    plain = rows(kong)
    assert plain["自摸"] == 1 and "槓上花" not in plain
    assert refused(PLAIN + " 摸 南 槓上花").code == "bad_context"


def test_robbing_kong():
    """一翻役: 搶槓(當出沖論) — 1翻 on the konging player's tile (食); 搶槓 with 摸 is refused."""
    hand = "一二三萬 四五六萬 七八九筒 二三索 南南"
    assert rows(hand + " 食 四索 搶槓")["搶槓"] == 1
    assert "搶槓" not in rows(hand + " 食 四索")
    err = refused(hand + " 摸 四索 搶槓")
    assert (err.code, err.token) == ("bad_context", "搶槓")


def test_flower_flower_excludes_self_drawn_both_ways():
    """一翻役: 花上花(未另計自摸) — 1翻 instead of 自摸 (said 花上 or 花上花); 花上 without a flower is
    refused."""
    for word in ("花上", "花上花"):
        got = rows(PLAIN + f" 摸 南 花:夏 {word}")
        assert got["花上花"] == 1 and "自摸" not in got
    plain = rows(PLAIN + " 摸 南 花:夏")
    assert plain["自摸"] == 1 and "花上花" not in plain
    assert refused(PLAIN + " 摸 南 花上").code == "bad_context"


def test_seat_flower_one_each():
    """一翻役: 正花/無花 — 正花 1翻 per flower of the seat's number (東: 春 梅); another flower scores
    neither 正花 nor 無花."""
    two = score(PLAIN + " 食 南 花:春梅", seat=EAST)
    assert [(p.name, p.fan, p.count) for p in two.patterns if p.id == "seat_flower"] == [("正花", 2, 2)]
    assert rows(PLAIN + " 食 南 花:夏蘭", seat=SOUTH)["正花"] == 2
    other = rows(PLAIN + " 食 南 花:夏", seat=EAST)
    assert "正花" not in other and "無花" not in other


def test_no_flowers():
    """一翻役: 正花/無花 — 無花 1翻 with no flower at a table of flowers; none when flowers are off."""
    assert rows(PLAIN + " 食 南")["無花"] == 1
    assert "無花" not in rows(PLAIN + " 食 南 花:夏")
    assert "無花" not in rows(PLAIN + " 食 南", opts=HkOldOptions(minimum=0, flowers=False))


def test_flowers_off_refuses_a_flower():
    """「香港有人打花, 有人不打花」: at a table without flowers a hand listing one is refused, not scored."""
    err = refused(PLAIN + " 食 南 花:春", opts=HkOldOptions(minimum=0, flowers=False))
    assert err.code == "bad_context"


@pytest.mark.parametrize(("flowers", "name"), [("梅蘭菊竹", "梅蘭菊竹"), ("春夏秋冬", "春夏秋冬")])
def test_flower_set_excludes_seat_flower_both_ways(flowers: str, name: str):
    """一翻役: 梅蘭菊竹/春夏秋冬(未計正花) — 1翻, and the seat's flower in it is not counted as 正花; three
    of the set are a near miss that scores 正花."""
    full = rows(PLAIN + f" 食 南 花:{flowers}", seat=EAST)
    assert full[name] == 1 and "正花" not in full
    three = rows(PLAIN + f" 食 南 花:{flowers[:3]}", seat=EAST)
    assert name not in three and three["正花"] == 1


def test_seven_flowers_excludes_sets_and_seat_flowers():
    """一翻役: 七隻花/八隻花 (未計正花、梅蘭菊竹、春夏秋冬) — 七隻花 1翻 alone; six flowers are a near miss
    (春夏秋冬 1, its 正花 not counted)."""
    seven = rows(PLAIN + " 食 南 花:春夏秋冬梅蘭菊", seat=EAST)
    assert seven == {"七隻花": 1, "平胡": 1, "門前清": 1}
    six = rows(PLAIN + " 食 南 花:春夏秋冬梅蘭", seat=EAST)
    assert "七隻花" not in six and six["春夏秋冬"] == 1 and "正花" not in six


def test_eight_flowers_excludes_sets_and_seat_flowers():
    """一翻役: 七隻花/八隻花 — 八隻花 1翻, without 七隻花, 梅蘭菊竹, 春夏秋冬 or 正花 beside it."""
    eight = rows(PLAIN + " 食 南 花:春夏秋冬梅蘭菊竹", seat=EAST)
    assert eight == {"八隻花": 1, "平胡": 1, "門前清": 1}


def test_flower_exclusions_are_data(tmp_path: Path):
    """Without the preset's 「未計正花」 (a house file clears 梅蘭菊竹's excludes) both rows count."""
    path = tmp_path / "house.toml"
    path.write_text('[patterns."梅蘭菊竹"]\nexcludes = []\n', "utf-8")
    house = SYSTEM.load_rules(str(path))
    got = rows(PLAIN + " 食 南 花:梅蘭菊竹", seat=EAST, rules=house)
    assert got["梅蘭菊竹"] == 1 and got["正花"] == 1


# ------------------------------------------------------------------------------------------ 兩翻役


def test_hand_win():
    """兩翻役: 手胡(類以日本牌既"雙立直") — 2翻 when said (手胡 or 手糊); refused with a meld laid down."""
    assert rows(PLAIN + " 食 南 手胡")["手胡"] == 2
    assert rows(PLAIN + " 食 南 手糊")["手胡"] == 2
    assert "手胡" not in rows(PLAIN + " 食 南")
    err = refused("上 一二三萬 四五六萬 七八九筒 二三四索 南 食 南 手胡")
    assert (err.code, err.token) == ("bad_context", "手胡")


# ------------------------------------------------------------------------------------------ 三翻役


def test_all_pungs():
    """三翻役: 對對胡 — 3翻 for four pungs; one chow among them is a near miss."""
    assert rows("碰 一一一萬 九九九筒 五五五索 二二二萬 南 食 南")["對對胡"] == 3
    assert "對對胡" not in rows("碰 一一一萬 九九九筒 五五五索 二三四萬 南 食 南")


def test_mixed_one_suit():
    """三翻役: 混一色 — 3翻 for one suit and honours; a second suit is a near miss."""
    assert rows("一二三萬 四五六萬 七八九萬 二三四萬 南 食 南")["混一色"] == 3
    assert "混一色" not in rows("一二三萬 四五六萬 七八九萬 二三四筒 南 食 南")


def test_small_dragons_excludes_dragon_pungs_both_ways():
    """三翻役: 小三元(未另計三元牌翻數) — 3翻, 4 when the maximum is 8 (「如果打最大翻數係8翻,此役種訂為四翻,
    不另計三元牌翻數」), never with 三元牌; two dragon pungs without dragon eyes score 三元牌 2."""
    hand = "中中中 發發發 四五六萬 七八九萬 白 食 白"
    at8 = rows(hand, opts=HkOldOptions(minimum=0, maximum=8))
    assert at8["小三元"] == 4 and "三元牌" not in at8
    at10 = rows(hand, opts=HkOldOptions(minimum=0, maximum=10))
    assert at10["小三元"] == 3 and "三元牌" not in at10
    miss = rows("中中中 發發發 四五六萬 七八九萬 南 食 南")
    assert "小三元" not in miss and miss["三元牌"] == 2


def test_mixed_terminals_and_all_pungs_at_8_and_at_10():
    """三翻役: 花么九(等於日本牌既"混老頭") — 3翻 beside 對對胡 3; with the maximum at 8, 4翻 and
    「不再計對對胡」.  A 二萬 pung instead of 一萬 is a near miss (對對胡 only)."""
    hand = "碰 一一一萬 九九九筒 東東東 北北北 白 食 白"
    at8 = rows(hand, opts=HkOldOptions(minimum=0, maximum=8), seat=SOUTH, round_wind=SOUTH)
    assert at8["花么九"] == 4 and "對對胡" not in at8
    at10 = rows(hand, opts=HkOldOptions(minimum=0, maximum=10), seat=SOUTH, round_wind=SOUTH)
    assert at10["花么九"] == 3 and at10["對對胡"] == 3
    miss = rows("碰 二二二萬 九九九筒 東東東 北北北 白 食 白", seat=SOUTH, round_wind=SOUTH)
    assert "花么九" not in miss and miss["對對胡"] == 3


def test_human_win():
    """三翻役: 人胡(閒家首隻摸的牌而能食胡) — 3翻 for a non-dealer's first draw; the dealer, or a win on a
    discard, is refused."""
    assert rows(PLAIN + " 摸 南 人胡")["人胡"] == 3
    assert "人胡" not in rows(PLAIN + " 摸 南")
    assert refused(PLAIN + " 食 南 人胡").code == "bad_context"
    assert refused(PLAIN + " 摸 南 人胡", dealer=True).code == "bad_context"


def test_human_win_as_a_limit_by_house_rule(tmp_path: Path):
    """「有人當作"例牌"之一」: a house file with ``limit = true`` makes 人胡 worth the maximum."""
    path = tmp_path / "house.toml"
    path.write_text('base = "hk-old"\n[patterns.human_win]\nlimit = true\n', "utf-8")
    got = score(PLAIN + " 摸 南 人胡", rules=SYSTEM.load_rules(str(path)))
    assert got.fan == 8 and [p.name for p in got.patterns] == ["人胡"]


# ------------------------------------------------------------------------------------------ 六翻役

PURE = "一二三萬 四五六萬 七八九萬 二三四萬 五萬 食 五萬"


def test_pure_one_suit_six_or_seven():
    """六翻役: 清一色 — 6翻, or 7 (「好多人會當他是七翻計算」) with the table setting; honours make it 混一色."""
    six = rows(PURE, opts=HkOldOptions(minimum=0, maximum=13))
    assert six["清一色"] == 6 and "混一色" not in six
    assert rows(PURE, opts=HkOldOptions(minimum=0, maximum=13, pure_one_suit=7))["清一色"] == 7
    assert "清一色" not in rows("一二三萬 四五六萬 七八九萬 二三四萬 南 食 南")


# ------------------------------------------------------------------------------------------ 例牌


def limit(text: str, name: str, maximum: int = 8, **kw: object) -> None:
    """``text`` is the 例牌 ``name``, worth the maximum, listed alone."""
    got = score(text, opts=HkOldOptions(minimum=0, maximum=maximum), **kw)  # type: ignore[arg-type]
    assert (got.fan, got.total) == (maximum, maximum)
    assert [(p.name, p.fan) for p in got.patterns] == [(name, maximum)]


def not_limit(text: str, **kw: object) -> None:
    got = score(text, opts=HkOldOptions(minimum=0, maximum=13), **kw)  # type: ignore[arg-type]
    assert not any(p.id in LIMIT_IDS for p in got.patterns)


LIMIT_IDS = {r.id for r in RULES.rows.values() if r.limit}


def test_heavenly():
    """例牌: 天胡(莊家一開牌而能食胡) — the maximum; a non-dealer saying it is refused."""
    limit(PLAIN + " 摸 南 天胡", "天胡", dealer=True)
    limit(PLAIN + " 摸 南 天胡", "天胡", maximum=10, dealer=True)
    not_limit(PLAIN + " 摸 南", dealer=True)
    assert refused(PLAIN + " 摸 南 天胡").code == "bad_context"


def test_earthly():
    """例牌: 地胡(閒家食莊家首隻打出的牌) — the maximum for a non-dealer on a discard; the dealer is refused."""
    limit(PLAIN + " 食 南 地胡", "地胡")
    not_limit(PLAIN + " 食 南")
    assert refused(PLAIN + " 食 南 地胡", dealer=True).code == "bad_context"
    assert refused(PLAIN + " 摸 南 地胡").code == "bad_context"


def test_four_concealed_pungs():
    """例牌: 坎坎胡(等於日本牌既"四暗刻") — four concealed pungs; a pung completed by the discard is not
    concealed (對對胡 only), but self-drawn it is."""
    limit("一一一萬 九九九筒 五五五索 二二二萬 南 食 南", "坎坎胡")
    limit("一一一萬 九九九筒 五五五索 二二萬 南南 摸 二萬", "坎坎胡")
    miss = rows("一一一萬 九九九筒 五五五索 二二萬 南南 食 二萬")
    assert "坎坎胡" not in miss and miss["對對胡"] == 3


def test_thirteen_orphans():
    """例牌: 十三么(不是牌王,可以被人截胡,也不可搶暗槓) — the maximum on a discard too; with 二萬 for 白 it
    is no win."""
    limit("一九萬一九筒一九索東南西北中發白 食 白", "十三么")
    limit("一九萬一九筒一九索東南西北中白白 食 發", "十三么")
    assert refused("一九萬一九筒一九索東南西北中發二萬 食 白").code == "not_a_win"


def test_thirteen_orphans_waits():
    """十三么 waiting on all thirteen (13 different held) and on the one missing."""
    all13 = score("一九萬一九筒一九索東南西北中發白 食 白", opts=HkOldOptions(minimum=0))
    assert len(all13.waits) == 13
    one = score("一九萬一九筒一九索東南西北中白白 食 發", opts=HkOldOptions(minimum=0))
    assert one.waits == (32,)


def test_all_honours():
    """例牌: 全字胡 — every tile an honour; a 九萬 pung among them is 花么九 instead."""
    limit("碰 東東東 南南南 西西西 中中中 白 食 白", "全字胡", seat=NORTH, round_wind=NORTH)
    miss = rows("碰 東東東 南南南 九九九萬 中中中 白 食 白", seat=NORTH, round_wind=NORTH)
    assert "全字胡" not in miss and "花么九" in miss


def test_big_dragons():
    """例牌: 大三元 — three dragon pungs; 白 as the eyes is 小三元 (a near miss)."""
    limit("中中中 發發發 白白白 四五六萬 南 食 南", "大三元")
    assert "小三元" in rows("中中中 發發發 白 四五六萬 南南南 食 白")


def test_small_winds_and_the_big_winds_note():
    """例牌: 小四喜 — three wind pungs and the fourth wind as the eyes, the eyes being the seat (or round)
    wind; 大四喜's note: with the round and seat winds among the pungs and the remaining wind as the eyes,
    「已經是大四喜,不是小四喜」."""
    hand = "碰 南南南 西西西 北北北 一二三萬 東 食 東"
    limit(hand, "小四喜", seat=EAST, round_wind=EAST)
    limit(hand, "大四喜", seat=SOUTH, round_wind=WEST)
    not_limit("碰 南南南 西西西 一一一萬 一二三萬 東 食 東")


def test_big_winds():
    """例牌: 大四喜 — four wind pungs (and not 小四喜 beside it); three wind pungs with non-wind eyes are not."""
    limit("碰 東東東 南南南 西西西 北北北 一萬 食 一萬", "大四喜")
    not_limit("碰 東東東 南南南 西西西 二三四萬 一萬 食 一萬")


def test_kong_on_kong():
    """例牌: 槓上槓自摸 — self-drawn after two kongs in a row; one 槓上 is 槓上花 1; 槓上槓 with one kong is
    refused."""
    two = "槓 東東東東 槓 南南南南 七八九筒 二三四索 五萬 摸 五萬"
    limit(two + " 槓上槓", "槓上槓自摸")
    assert rows(two + " 槓上")["槓上花"] == 1
    err = refused("槓 東東東東 四五六萬 七八九筒 二三四索 南 摸 南 槓上槓")
    assert (err.code, err.token) == ("bad_context", "槓上槓")


def test_all_terminals():
    """例牌: 全么九(又叫"清么") — every tile a 1 or a 9; an honour pung among them is 花么九."""
    limit("碰 一一一萬 九九九萬 一一一筒 九九九索 一索 食 一索", "全么九")
    assert "花么九" in rows("碰 一一一萬 九九九萬 一一一筒 北北北 一索 食 一索")


def test_four_kongs():
    """例牌: 十八羅漢(等於日本牌既"四槓子") — four kongs; three are a near miss."""
    limit("槓 一一一一萬 槓 九九九九筒 槓 五五五五索 槓 二二二二萬 南 食 南", "十八羅漢")
    not_limit("槓 一一一一萬 槓 九九九九筒 槓 五五五五索 二三四萬 南 食 南")


def test_nine_gates():
    """例牌: 九字連環(等於日本牌既"九蓮寶燈") — 1112345678999 of one suit and one more; another 清一色 is
    6翻 only."""
    limit("一一一二三四五六七八九九九萬 食 五萬", "九字連環")
    limit("一一一二三四五六七八九九九筒 摸 九筒", "九字連環")
    not_limit(PURE)


def test_kong_last_tile():
    """例牌: 鐘鼓齊鳴(又叫"槓爆",海底撈月兼槓上花的獎勵) — 海底 and 槓上 together, or said 槓爆 /
    鐘鼓齊鳴; 海底 alone is 海底撈月 1."""
    kong = "槓 東東東東 四五六萬 七八九筒 二三四索 南 摸 南"
    limit(kong + " 海底 槓上", "鐘鼓齊鳴")
    limit(kong + " 槓爆", "鐘鼓齊鳴")
    limit(kong + " 鐘鼓齊鳴", "鐘鼓齊鳴")
    assert rows(kong + " 海底")["海底撈月"] == 1
    err = refused(PLAIN + " 摸 南 槓爆")
    assert (err.code, err.token) == ("bad_context", "槓爆")


# ------------------------------------------------------------------------------------------ combination


def test_sum_capped_at_the_maximum():
    """「先講好最大多小台」: 清一色 6 + 平胡 1 + 門前清 1 + 無花 1 = 9 is booked as the maximum 8; at 13 it is 9."""
    at8 = score(PURE, opts=HkOldOptions(minimum=0))
    assert (at8.fan, sum(p.fan for p in at8.patterns)) == (8, 9)
    assert score(PURE, opts=HkOldOptions(minimum=0, maximum=13)).fan == 9


def test_score_shape():
    """翻 in ``fan``; bases 1, base_fan 0, total = fan."""
    got = score(PLAIN + " 食 南", opts=HkOldOptions())
    assert (got.fan, got.bases, got.base_fan, got.total) == (3, 1, 0, 3)
    assert got.reading == ("一二三萬", "四五六萬", "七八九筒", "二三四索", "南南")


def test_below_minimum_refused_with_the_count():
    """「可以先講好最少幾台才准糊」: 平胡 1 + 門前清 1 (a flower takes 無花 away) = 2 under 起糊 3."""
    err = refused(PLAIN + " 食 南 花:夏", opts=HkOldOptions())
    assert err.code == "below_minimum"
    assert err.hint_args == {"count": 2, "minimum": 3, "patterns": (("門前清", 1, 1), ("平胡", 1, 1))}
    assert score(PLAIN + " 食 南", opts=HkOldOptions()).fan == 3


def test_check_count():
    """A bare count: under 起糊 refused, above the maximum booked as the maximum, negative refused."""
    opts = HkOldOptions()
    assert SYSTEM.check_count(5, opts) == 5
    assert SYSTEM.check_count(12, opts) == 8
    with pytest.raises(HandError) as info:
        SYSTEM.check_count(2, opts)
    expected = {"count": 2, "minimum": 3, "patterns": ()}
    assert (info.value.code, info.value.hint_args) == ("below_minimum", expected)
    with pytest.raises(HandError) as neg:
        SYSTEM.check_count(-1, opts)
    assert neg.value.code == "bad_count"
    assert SYSTEM.booked_fan(score(PURE, opts=HkOldOptions(minimum=0))) == 8


@pytest.mark.parametrize(
    "word", ["叮", "一發", "絕張", "十隻內", "河底", "天叮", "搶槓上槓", "無花糊", "一炮雙響", "混花槓3"]
)
def test_hk_taiwan_words_refused(word: str):
    """港式台牌-only words mean nothing in 廣東牌: refused naming the word, not silently dropped."""
    err = refused(PLAIN + f" 食 南 {word}")
    assert (err.code, err.token) == ("not_in_this_game", word)
    assert err.hint_args == {"token": word, "game": "廣東牌"}


def test_seen_list_refused():
    """A 現 list (tiles seen, for seed 000's 現 wildcard) means nothing in 廣東牌."""
    err = refused(PLAIN + " 食 南 現:九索")
    assert (err.code, err.token) == ("not_in_this_game", "現")


def test_unknown_word_is_still_unknown():
    """A word no game has stays unknown_token."""
    assert refused(PLAIN + " 食 南 立直").code == "unknown_token"


def test_wildcards_refused():
    """No wildcards in 廣東牌."""
    assert refused("一二三萬 四五六萬 七八九筒 二三四索 [皇] 食 南").code == "wild_unsupported"


def test_sixteen_tile_hand_refused():
    """13 tiles (seed 003: 「港:13隻」): a 16-tile hand is a tile_count error."""
    err = refused("一二三萬 四五六萬 七八九筒 二三四索 五六七索 南 食 南")
    assert (err.code, err.hint_args) == ("tile_count", {"expected": 14, "got": 17})


def test_table_overrules_the_message_seat():
    """At a table, the seat the table knows stands over 南位 in the message, and ScoredHand says so."""
    hand = "南南南 四五六萬 七八九筒 二三四索 北 食 北 南位"
    got = SYSTEM.score(hand, Seat(seat_wind=EAST), RULES, LOW)
    assert got.overruled == ("seat_wind",)
    assert "門風牌" not in {p.name for p in got.score.patterns}
    cli = SYSTEM.score(hand, Seat(seat_wind=EAST), RULES, LOW, table_seat=False)
    assert cli.overruled == () and "門風牌" in {p.name for p in cli.score.patterns}


def test_limits_do_not_stack():
    """「以下均為 "例牌"(計算至最大翻數)」: 大四喜 and 全字胡 together are still worth the maximum once; both are
    listed, each at the maximum, and the ordinary rows are not."""
    got = score("碰 東東東 南南南 西西西 北北北 中 食 中", opts=HkOldOptions())
    assert got.fan == 8
    assert [(p.name, p.fan) for p in got.patterns] == [("全字胡", 8), ("大四喜", 8)]
