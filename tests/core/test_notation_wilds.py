"""越搭 wildcards in the hand notation (DESIGN §4, wildcard bullet; seed 000; issue 3 item 2).

Every bracketed form, where a wildcard may stand (concealed, winning tile, inside a meld), the
completion a meld with wildcards gets, tile counting, the 現/枱面 list of tiles seen on the table,
and every way a wildcard is refused (code, token, position).
"""

from __future__ import annotations

import pytest

from taipai.core.errors import HandError
from taipai.core.handspec import HandSpec, KongKind, Meld, MeldKind, Situation
from taipai.core.notation import TokenKind, parse_hand, tokenize
from taipai.core.tiles import EAST, GREEN, RED, SOUTH, WHITE, tile
from taipai.core.wilds import KIND_NAMES


def m(r: int) -> int:
    return tile("m", r)


def p(r: int) -> int:
    return tile("p", r)


def s(r: int) -> int:
    return tile("s", r)


def raises(text: str, **kwargs: object) -> HandError:
    with pytest.raises(HandError) as info:
        parse_hand(text, **kwargs)  # type: ignore[arg-type]
    return info.value


# seed 000, 實戰: 一二三萬 四五六萬 七八九筒 二三四索 中中 ［搭］ 東 ＋摸 東
SEED_000 = "一二三萬 四五六萬 七八九筒 二三四索 中中 ［搭］ 東 ＋摸 東"
SEED_000_CONCEALED = (m(1), m(2), m(3), m(4), m(5), m(6), p(7), p(8), p(9), s(2), s(3), s(4), EAST, RED, RED)

# 15 natural concealed tiles + the wildcard {} + 摸 東 = 17
WITH_WILD = "一二三萬 四五六萬 七八九筒 二三四索 中中 {} 東 摸 東"

# 13 concealed + 摸 南 + one meld of 3 = 17; no 東 中 發 筒 so melds of those never make a fifth copy
MELD_FILLER = "一二三萬 四五六萬 二三四索 白白白 南 摸 南"
MELD_FILLER_CONCEALED = (m(1), m(2), m(3), m(4), m(5), m(6), s(2), s(3), s(4), SOUTH, WHITE, WHITE, WHITE)


# ---------------------------------------------------------------------------------------------
# the seed 000 example


def test_seed_000_example_搭_is_the_tables_only_kind() -> None:
    hand = parse_hand(SEED_000, table_kinds=("皇",))
    assert hand == HandSpec(
        concealed=SEED_000_CONCEALED,
        melds=(),
        winning_tile=EAST,
        self_drawn=True,
        wilds=("皇",),
    )
    assert hand.wild_count == 1


@pytest.mark.parametrize("kind", ["皇", "番", "萬"])
def test_seed_000_example_for_each_worked_kind(kind: str) -> None:
    # 「搭係皇或者番：當中 … 搭係萬：當唔到中」: the parser reads the same hand for each; the search decides.
    hand = parse_hand(SEED_000, table_kinds=(kind,))
    assert hand.wilds == (kind,)
    assert hand.concealed == SEED_000_CONCEALED


def test_seed_000_table_kinds_given_by_alias() -> None:
    assert parse_hand(SEED_000, table_kinds=("大皇",)).wilds == ("皇",)


# ---------------------------------------------------------------------------------------------
# bracket forms


@pytest.mark.parametrize(
    ("written", "name"),
    [
        ("[皇]", "皇"),
        ("［皇］", "皇"),
        ("【番】", "番"),
        ("〔筒〕", "筒"),
        ("[ 皇 ]", "皇"),
        ("[搭:中發白]", "中發白"),
        ("[搭：中發白]", "中發白"),
        ("［搭：中發白］", "中發白"),
        ("[搭: 中發白]", "中發白"),
        ("[中发白]", "中發白"),
        ("[大皇]", "皇"),
        ("[百搭]", "皇"),
        ("[筒搭]", "筒"),
        ("[餅]", "筒"),
        ("[万]", "萬"),
        ("[條]", "索"),
        ("[東南西北]", "東南西北"),
        ("[筒索萬]", "筒索萬"),
        ("[中]", "中"),
        ("[現]", "現"),
        ("[复制]", "複製"),
        ("[確單]", "確單"),
        ("[七起]", "七起"),
    ],
)
def test_bracket_forms_store_the_printed_name(written: str, name: str) -> None:
    hand = parse_hand(WITH_WILD.format(written))
    assert hand.wilds == (name,)
    assert hand.concealed == SEED_000_CONCEALED
    assert hand.winning_tile == EAST
    assert hand.winning_wild is None


@pytest.mark.parametrize("name", KIND_NAMES)
def test_every_printed_kind_reads_as_itself(name: str) -> None:
    assert parse_hand(WITH_WILD.format(f"[{name}]")).wilds == (name,)


def test_中_in_brackets_is_the_kind_not_the_red_dragon() -> None:
    hand = parse_hand(WITH_WILD.format("[中]"))
    assert hand.wilds == ("中",)
    assert hand.concealed.count(RED) == 2
    # and the tile 中 outside brackets is still the tile
    plain = parse_hand(WITH_WILD.format("中"))
    assert plain.wilds == ()
    assert plain.concealed.count(RED) == 3


def test_bracketed_meld_keywords_stay_melds() -> None:
    hand = parse_hand(f"[碰 發發發] {MELD_FILLER}")
    assert hand.melds == (Meld(MeldKind.PUNG, GREEN),)
    assert hand.wilds == ()


def test_concealed_wilds_are_sorted_in_seed_order() -> None:
    # 15 naturals … 東 摸 東 with 中中 replaced: 13 naturals + 3 wildcards + 摸 東 = 17
    a = parse_hand("一二三萬 四五六萬 七八九筒 二三四索 [番] 中 [筒] [皇] 摸 東")
    b = parse_hand("[皇] 一二三萬 四五六萬 [筒] 七八九筒 二三四索 中 [番] 摸 東")
    assert a.wilds == ("皇", "筒", "番")
    assert a == b


def test_two_wildcards_of_one_kind() -> None:
    hand = parse_hand("一二三萬 四五六萬 七八九筒 二三四索 中 [皇][皇] 東 摸 東")
    assert hand.wilds == ("皇", "皇")
    assert hand.wild_count == 2


def test_bare_搭_with_a_colon_is_the_tables_only_kind() -> None:
    assert parse_hand(WITH_WILD.format("[搭:]"), table_kinds=("番",)).wilds == ("番",)


def test_kinds_the_table_plays_are_accepted() -> None:
    hand = parse_hand(WITH_WILD.format("[番]"), table_kinds=("皇", "番", "萬"))
    assert hand.wilds == ("番",)


# ---------------------------------------------------------------------------------------------
# the winning tile as a wildcard


@pytest.mark.parametrize(
    ("keyword", "self_drawn"),
    [
        ("摸", True),
        ("+摸", True),
        ("＋摸", True),
        ("自摸", True),
        ("+自摸", True),
        ("食", False),
        ("+食", False),
    ],
)
def test_winning_tile_may_be_a_wildcard(keyword: str, self_drawn: bool) -> None:
    hand = parse_hand(f"一二三萬 四五六萬 七八九筒 二三四索 中中中 東 {keyword} [皇]")
    assert hand == HandSpec(
        concealed=(
            m(1),
            m(2),
            m(3),
            m(4),
            m(5),
            m(6),
            p(7),
            p(8),
            p(9),
            s(2),
            s(3),
            s(4),
            EAST,
            RED,
            RED,
            RED,
        ),
        winning_tile=None,
        self_drawn=self_drawn,
        winning_wild="皇",
    )
    assert hand.wild_count == 1


def test_winning_wildcard_by_alias_and_full_width_bracket() -> None:
    hand = parse_hand("一二三萬 四五六萬 七八九筒 二三四索 中中中 東 食 【番子】")
    assert (hand.winning_tile, hand.winning_wild, hand.self_drawn) == (None, "番", False)


def test_winning_搭_is_the_tables_only_kind() -> None:
    hand = parse_hand("一二三萬 四五六萬 七八九筒 二三四索 中中中 東 摸 [搭]", table_kinds=("番",))
    assert hand.winning_wild == "番"


def test_自摸_then_a_wildcard_is_the_winning_tile_only_without_an_explicit_one() -> None:
    hand = parse_hand("一二三萬 四五六萬 七八九筒 二三四索 中中中 自摸 [皇] 摸 東")
    assert (hand.wilds, hand.winning_wild, hand.winning_tile, hand.self_drawn) == (("皇",), None, EAST, True)


def test_concealed_and_winning_wildcards_together() -> None:
    hand = parse_hand("一二三萬 四五六萬 七八九筒 二三四索 中中 [番] 東 食 [皇]")
    assert (hand.wilds, hand.winning_wild, hand.wild_count) == (("番",), "皇", 2)


# ---------------------------------------------------------------------------------------------
# wildcards inside exposed melds


@pytest.mark.parametrize(
    ("written", "meld"),
    [
        # 飛牌 (seed 000): 「你用八筒加一隻「筒」搭上：門前落地係七八九筒」; lowest completion 六七八筒
        ("上 七八筒[筒]", Meld(MeldKind.CHOW, p(6), None, ("筒",), (p(7), p(8)))),
        ("上 七八筒 [筒]", Meld(MeldKind.CHOW, p(6), None, ("筒",), (p(7), p(8)))),
        ("上 [筒]七八筒", Meld(MeldKind.CHOW, p(6), None, ("筒",), (p(7), p(8)))),
        ("上 八七筒[筒]", Meld(MeldKind.CHOW, p(6), None, ("筒",), (p(7), p(8)))),
        ("吃 七九筒【筒】", Meld(MeldKind.CHOW, p(7), None, ("筒",), (p(7), p(9)))),
        ("上 一二萬[萬]", Meld(MeldKind.CHOW, m(1), None, ("萬",), (m(1), m(2)))),
        ("上 八九萬[萬]", Meld(MeldKind.CHOW, m(7), None, ("萬",), (m(8), m(9)))),
        ("上 7p[皇]8p", Meld(MeldKind.CHOW, p(6), None, ("皇",), (p(7), p(8)))),
        ("上 五萬[萬][萬]", Meld(MeldKind.CHOW, m(3), None, ("萬", "萬"), (m(5),))),
        ("上 一萬[番][皇]", Meld(MeldKind.CHOW, m(1), None, ("皇", "番"), (m(1),))),
        ("上 九萬[萬][萬]", Meld(MeldKind.CHOW, m(7), None, ("萬", "萬"), (m(9),))),
        ("[上 七八筒[筒]]", Meld(MeldKind.CHOW, p(6), None, ("筒",), (p(7), p(8)))),
        ("碰 中中[番]", Meld(MeldKind.PUNG, RED, None, ("番",), (RED, RED))),
        ("碰 中中 [中發白]", Meld(MeldKind.PUNG, RED, None, ("中發白",), (RED, RED))),
        ("碰 中[番][皇]", Meld(MeldKind.PUNG, RED, None, ("皇", "番"), (RED,))),
        ("碰 七七筒[筒]", Meld(MeldKind.PUNG, p(7), None, ("筒",), (p(7), p(7)))),
        ("[碰 發發[皇]]", Meld(MeldKind.PUNG, GREEN, None, ("皇",), (GREEN, GREEN))),
        ("[碰 發發 [皇]]", Meld(MeldKind.PUNG, GREEN, None, ("皇",), (GREEN, GREEN))),
        ("暗槓 東東東[皇]", Meld(MeldKind.KONG, EAST, KongKind.CONCEALED, ("皇",), (EAST, EAST, EAST))),
        ("暗槓 [皇]東東東", Meld(MeldKind.KONG, EAST, KongKind.CONCEALED, ("皇",), (EAST, EAST, EAST))),
        ("[暗槓 東東東 [皇]]", Meld(MeldKind.KONG, EAST, KongKind.CONCEALED, ("皇",), (EAST, EAST, EAST))),
        ("槓 東東[番][皇]", Meld(MeldKind.KONG, EAST, KongKind.EXPOSED, ("皇", "番"), (EAST, EAST))),
        ("加槓 七七七筒[筒]", Meld(MeldKind.KONG, p(7), KongKind.ADDED, ("筒",), (p(7), p(7), p(7)))),
    ],
)
def test_wildcards_inside_melds(written: str, meld: Meld) -> None:
    hand = parse_hand(f"{written} {MELD_FILLER}")
    assert hand == HandSpec(
        concealed=MELD_FILLER_CONCEALED, melds=(meld,), winning_tile=SOUTH, self_drawn=True
    )
    assert hand.wild_count == len(meld.wilds)


def test_飛牌_example_meld_holds_the_筒_wildcard_and_both_naturals() -> None:
    hand = parse_hand(f"上 七八筒[筒] {MELD_FILLER}", table_kinds=("筒",))
    (meld,) = hand.melds
    assert (meld.kind, meld.wilds, meld.naturals, meld.exposed) == (
        MeldKind.CHOW,
        ("筒",),
        (p(7), p(8)),
        True,
    )
    # tile is the lowest completion (六七八筒); 七八九筒, the seed's reading, is the search's to pick
    assert meld.tile == p(6)
    assert hand.all_tiles().count(p(9)) == 0


def test_meld_wildcard_and_concealed_wildcard_are_kept_apart() -> None:
    hand = parse_hand("上 七八筒[筒] 一二三萬 四五六萬 二三四索 白白 [皇] 南 摸 [番]")
    assert hand.melds[0].wilds == ("筒",)
    assert hand.wilds == ("皇",)
    assert hand.winning_wild == "番"
    assert hand.wild_count == 3


def test_kong_takes_a_wildcard_only_when_it_touches_the_tiles() -> None:
    # 暗槓 東東東東 [皇]: the kong 東東東東, then a concealed 皇
    hand = parse_hand("暗槓 東東東東 [皇] 一二三萬 四五六萬 二三四索 白白 南 摸 南")
    assert hand.melds == (Meld(MeldKind.KONG, EAST, KongKind.CONCEALED),)
    assert hand.wilds == ("皇",)
    # 暗槓 東東東 [皇]: three tiles are not a kong (槓東東東 is refused), and the 皇 does not touch them
    with pytest.raises(HandError) as err:
        parse_hand("暗槓 東東東 [皇] 一二三萬 四五六萬 二三四索 白白 南 南 摸 南")
    assert (err.value.code, err.value.token, err.value.hint_args["meld"]) == ("meld_shape", "東東東", "kong")


def test_a_full_pung_leaves_the_next_wildcard_concealed() -> None:
    hand = parse_hand("碰 中中中[番] 一二三萬 四五六萬 二三四索 白白 南 摸 南")
    assert hand.melds == (Meld(MeldKind.PUNG, RED),)
    assert hand.wilds == ("番",)


def test_meld_with_bare_搭() -> None:
    hand = parse_hand(f"碰 中中[搭] {MELD_FILLER}", table_kinds=("番",))
    assert hand.melds == (Meld(MeldKind.PUNG, RED, None, ("番",), (RED, RED)),)


def test_several_melds_with_wildcards_in_message_order() -> None:
    hand = parse_hand("碰 中中[番] 上 七八筒[筒] 暗槓 東東東[皇] 一二三萬 四五六萬 南 摸 南")
    assert [(x.kind, x.wilds) for x in hand.melds] == [
        (MeldKind.PUNG, ("番",)),
        (MeldKind.CHOW, ("筒",)),
        (MeldKind.KONG, ("皇",)),
    ]


# ---------------------------------------------------------------------------------------------
# counting


def test_a_wildcard_counts_as_one_tile() -> None:
    err = raises("一二三萬 四五六萬 七八九筒 二三四索 中中中 [皇] 東 摸 東")
    assert (err.code, err.hint_args) == ("tile_count", {"expected": 17, "got": 18})
    err = raises("一二三萬 四五六萬 七八九筒 二三四索 中 [皇] 東 摸 東")
    assert (err.code, err.hint_args) == ("tile_count", {"expected": 17, "got": 16})


def test_a_winning_wildcard_counts_as_the_winning_tile() -> None:
    err = raises("一二三萬 四五六萬 七八九筒 二三四索 中中中 東 南 摸 [皇]")
    assert (err.code, err.hint_args) == ("tile_count", {"expected": 17, "got": 18})


def test_a_meld_with_wildcards_counts_three() -> None:
    err = raises(f"上 七八筒[筒] 北 {MELD_FILLER}")
    assert (err.code, err.hint_args) == ("tile_count", {"expected": 17, "got": 18})


def test_thirteen_tile_hand_with_wildcards() -> None:
    hand = parse_hand("一二三萬 四五六萬 七八九筒 中中 [皇] 東 摸 [番]", hand_size=13)
    assert (hand.wilds, hand.winning_wild, len(hand.concealed)) == (("皇",), "番", 12)


def test_fifth_copy_counts_natural_tiles_only() -> None:
    # four natural 中 (two in the pung, two concealed) and a wildcard in the pung: fine
    hand = parse_hand("碰 中中[番] 中中 一二三萬 四五六萬 二三四索 白 南 摸 南")
    assert hand.all_tiles().count(RED) == 4
    # four natural 中 and a wildcard beside them: the parser accepts, the table rules decide
    hand = parse_hand("一二三萬 四五六萬 七八九筒 二三索 中中中中 [皇] 摸 東")
    assert hand.all_tiles().count(RED) == 4


def test_fifth_copy_with_a_wild_meld() -> None:
    text = "碰 中中[番] 中中中 一二三萬 四五六萬 二三四索 南 摸 南"
    err = raises(text)
    assert (err.code, err.token, err.position) == ("fifth_copy", "中", text.index("中中中") + 2)


# ---------------------------------------------------------------------------------------------
# 現 / 枱面: tiles seen on the table


HAND_FOR_現 = "一二三萬 四五六萬 七八九筒 二三四索 中中中 [現] 摸 東"


@pytest.mark.parametrize(
    "text",
    [
        f"{HAND_FOR_現} 現:九索八萬",
        f"{HAND_FOR_現} 現：九索八萬",
        f"{HAND_FOR_現} 現 九索 八萬",
        f"{HAND_FOR_現} 現 9s 8m",
        f"{HAND_FOR_現} 现:九索、八萬",
        f"{HAND_FOR_現} 枱面:九索 八萬",
        f"{HAND_FOR_現} 檯面:八萬 九索 九索",
        f"{HAND_FOR_現} 台面:9s8m",
        f"現:九索八萬\n{HAND_FOR_現}",
        f"現:九索八萬; {HAND_FOR_現}",
        f"現:九索八萬；{HAND_FOR_現}",
        f"枱面:九索 八萬。{HAND_FOR_現}",
        f"枱面:九索 八萬 | {HAND_FOR_現}",
        "一二三萬 現:九索 八萬 ; 四五六萬 七八九筒 二三四索 中中中 [現] 摸 東",
        f"{HAND_FOR_現.replace(' 摸 東', '')} 現:九索八萬 摸 東",
    ],
)
def test_seen_tiles_forms(text: str) -> None:
    hand = parse_hand(text)
    assert hand.situation.seen_tiles == (m(8), s(9))
    assert hand.wilds == ("現",)
    assert hand.concealed == (
        m(1),
        m(2),
        m(3),
        m(4),
        m(5),
        m(6),
        p(7),
        p(8),
        p(9),
        s(2),
        s(3),
        s(4),
        RED,
        RED,
        RED,
    )


def test_seen_tiles_exact_hand() -> None:
    hand = parse_hand("一二三萬 四五六萬 七八九筒 二三四索 中中中 [現] 摸 東 現:九索八萬")
    assert hand == HandSpec(
        concealed=(m(1), m(2), m(3), m(4), m(5), m(6), p(7), p(8), p(9), s(2), s(3), s(4), RED, RED, RED),
        winning_tile=EAST,
        self_drawn=True,
        situation=Situation(seen_tiles=(m(8), s(9))),
        wilds=("現",),
    )


def test_seen_tiles_add_to_the_callers() -> None:
    hand = parse_hand(f"{HAND_FOR_現} 現:九索", situation=Situation(seen_tiles=(m(8), s(9)), dealer=True))
    assert hand.situation.seen_tiles == (m(8), s(9))
    assert hand.situation.dealer
    hand = parse_hand(f"{HAND_FOR_現} 現:一筒", situation=Situation(seen_tiles=(m(8),)))
    assert hand.situation.seen_tiles == (m(8), p(1))


def test_without_a_seen_list_the_callers_seen_tiles_stay() -> None:
    hand = parse_hand(HAND_FOR_現, situation=Situation(seen_tiles=(m(8),)))
    assert hand.situation.seen_tiles == (m(8),)


def test_seen_list_ends_at_a_line_break() -> None:
    # the 現 list is 九索 only; 八萬 on the next line is a concealed tile
    hand = parse_hand("現:九索\n八萬 二三萬 四五六萬 七八九筒 二三四索 中中中 [現] 摸 東")
    assert hand.situation.seen_tiles == (s(9),)
    assert m(8) in hand.concealed


def test_bracketed_現_is_the_wildcard_not_the_label() -> None:
    tokens = tokenize("[現] 現:九索")
    assert [t.kind for t in tokens] == [TokenKind.WILD, TokenKind.SEEN, TokenKind.TILES]


@pytest.mark.parametrize(
    ("text", "token", "position"),
    [
        ("現 摸 東", "現", 0),
        (f"{HAND_FOR_現} 現:", "現", len(HAND_FOR_現) + 1),
        (f"{HAND_FOR_現} 枱面 [皇]", "枱面", len(HAND_FOR_現) + 1),
        (f"現;九索 {HAND_FOR_現}", "現", 0),
    ],
)
def test_seen_label_without_tiles(text: str, token: str, position: int) -> None:
    err = raises(text)
    assert (err.code, err.token, err.position) == ("bad_context", token, position)
    assert "seen on the table" in err.hint


# ---------------------------------------------------------------------------------------------
# errors


ONE = "一二三萬 "  # a wildcard written after it sits at position 5


@pytest.mark.parametrize(
    ("text", "kinds", "code", "token", "position"),
    [
        # unknown kinds
        (f"{ONE}[紅中] 東", None, "wild_unsupported", "[紅中]", 5),
        (f"{ONE}[皇帝] 東", ("皇",), "wild_unsupported", "[皇帝]", 5),
        (f"{ONE}［搭：紅中］ 東", None, "wild_unsupported", "［搭：紅中］", 5),
        (f"{ONE}[搭搭] 東", None, "wild_unsupported", "[搭搭]", 5),
        # [搭] needs a table with exactly one kind
        (f"{ONE}[搭] 東", None, "wild_unsupported", "[搭]", 5),
        (f"{ONE}[搭] 東", ("皇", "番"), "wild_unsupported", "[搭]", 5),
        (f"{ONE}【搭】 東", (), "wild_unsupported", "【搭】", 5),
        (f"碰 中中[搭] {MELD_FILLER}", ("皇", "番"), "wild_unsupported", "[搭]", 4),
        (f"{ONE}摸 [搭]", ("皇", "番"), "wild_unsupported", "[搭]", 7),
        # a kind the table does not play
        (f"{ONE}[萬] 東", ("皇", "番"), "wild_unsupported", "[萬]", 5),
        (f"{ONE}[皇] 東", (), "wild_unsupported", "[皇]", 5),
        (f"碰 中中[萬] {MELD_FILLER}", ("皇",), "wild_unsupported", "[萬]", 4),
        (f"{ONE}食 [番]", ("皇",), "wild_unsupported", "[番]", 7),
        # empty brackets
        (f"{ONE}[] 東", None, "bad_bracket", "[]", 5),
        (f"{ONE}［ ］ 東", ("皇",), "bad_bracket", "［ ］", 5),
        (f"{ONE}[皇 東", None, "bad_bracket", "[", 5),
        # meld shapes with wildcards
        ("上 東[筒][筒]", None, "honour_chow", "東[筒][筒]", 2),
        ("上 中發[番]", None, "honour_chow", "中發[番]", 2),
        ("上 一四萬[萬]", None, "meld_shape", "一四萬[萬]", 2),
        ("上 七七筒[筒]", None, "meld_shape", "七七筒[筒]", 2),
        ("上 七筒 八索[皇]", None, "meld_shape", "七筒 八索[皇]", 2),
        ("上 [筒][筒][筒]", None, "meld_shape", "[筒][筒][筒]", 2),
        ("碰 中發[番]", None, "meld_shape", "中發[番]", 2),
        ("碰 [皇][皇][皇]", None, "meld_shape", "[皇][皇][皇]", 2),
        ("暗槓 東[皇]", None, "meld_shape", "東[皇]", 3),
        ("暗槓 東東[皇]", None, "meld_shape", "東東[皇]", 3),
        ("暗槓 [皇]", None, "meld_shape", "[皇]", 3),
        ("碰 中[番]", None, "meld_shape", "碰 中[番]", 0),
    ],
)
def test_wild_errors(text: str, kinds: tuple[str, ...] | None, code: str, token: str, position: int) -> None:
    err = raises(text, table_kinds=kinds)
    assert (err.code, err.token, err.position) == (code, token, position)
    assert text[err.position : err.position + len(err.token)] == err.token
    assert err.hint


def test_unknown_kind_hint_lists_the_34_kinds() -> None:
    err = raises(f"{ONE}[紅中] 東")
    for name in KIND_NAMES:
        assert name in err.hint


def test_搭_with_several_kinds_hint_lists_the_tables_kinds() -> None:
    err = raises(SEED_000, table_kinds=("皇", "番", "萬"))
    assert (err.code, err.token, err.position) == ("wild_unsupported", "［搭］", SEED_000.index("［搭］"))
    assert "皇、番、萬" in err.hint
    assert err.hint_args["kinds"] == "皇、番、萬"


def test_kind_not_played_hint_lists_the_tables_kinds() -> None:
    err = raises(WITH_WILD.format("[萬]"), table_kinds=("皇", "大皇", "番"))
    assert err.hint_args["kinds"] == "皇、番"
    assert "皇、番" in err.hint and "萬" in err.hint


def test_搭_without_table_kinds_asks_for_the_kind() -> None:
    err = raises(SEED_000)
    assert err.code == "wild_unsupported"
    assert "[皇]" in err.hint


def test_bad_table_kinds_is_a_programming_error() -> None:
    with pytest.raises(ValueError, match="no wildcard kind"):
        parse_hand(SEED_000, table_kinds=("紅中",))


def test_wild_errors_come_in_message_order_among_parse_errors() -> None:
    # spelling errors (unknown words) are found first, by the tokenizer; then the message is read in order
    assert raises("[紅中] 哈").code == "unknown_token"
    err = raises("[紅中] 上 東南西")
    assert (err.code, err.position) == ("wild_unsupported", 0)
    err = raises("上 東南西 [紅中]")
    assert (err.code, err.position) == ("honour_chow", 2)


EIGHT = ("皇", "筒索萬", "筒", "索", "萬", "番", "東南西北", "中發白")
"""Seed 000, 最常見：八搭: 「皇、筒索萬、筒、索、萬、番、東南西北、中發白」."""


@pytest.mark.parametrize(
    ("written", "table", "reason", "kind"),
    [
        ("［搭］", EIGHT, "bare_several", None),  # DESIGN §4: 「an error when the table plays several」
        ("[搭]", (), "no_wilds", None),
        ("[搭]", None, "bare_unknown_table", None),
        ("[foo]", EIGHT, "unknown_kind", None),  # no kind at all
        ("[卡番]", EIGHT, "not_played", "卡番"),  # seed 000 kind 卡番, not one of the 八搭
        ("[馬]", EIGHT, "not_played", "馬"),  # seed 000 kind 馬
        ("[皇]", (), "no_wilds", "皇"),
    ],
)
def test_refused_wildcards_say_why_and_what_the_table_plays(written, table, reason, kind) -> None:
    """The seed 000 實戰 hand 「一二三萬 四五六萬 七八九筒 二三四索 中中 ［搭］ 東 ＋摸 東」 with the
    wildcard written several ways: each refusal carries its own ``reason`` and the table's kinds, so
    the reply can list them (「［搭］」 used to read 「呢張枱冇呢種搭」 for every case)."""
    err = raises(SEED_000.replace("［搭］", written), table_kinds=table)
    assert (err.code, err.token, err.position) == ("wild_unsupported", written, 23)
    assert err.hint_args["reason"] == reason
    assert err.hint_args["table_kinds"] == (table or ())
    assert err.hint_args.get("kind") == kind
    if table == EIGHT:
        assert err.hint_args["kinds"] == "皇、筒索萬、筒、索、萬、番、東南西北、中發白"
        assert "皇、筒索萬、筒、索、萬、番、東南西北、中發白" in err.hint  # the JSON hint lists them too
