"""Property tests for the hand notation parser (DESIGN §7: the parser never crashes on any string)."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from taipai.core.context_words import HK_TAIWAN_WORDS
from taipai.core.errors import ERROR_CODES, HandError
from taipai.core.handspec import HandSpec, KongKind, Meld, MeldKind
from taipai.core.notation import parse_hand
from taipai.core.tiles import HONOUR_CODES, HONOUR_NAMES_ZH, NUM_KINDS, NUMERALS_ZH, SUITS
from taipai.core.wilds import ALIASES, KIND_NAMES

VOCAB = HK_TAIWAN_WORDS.vocab
VOCAB_CHARS = sorted({c for word in VOCAB for c in word})
WILD_CHARS = sorted({c for name in (*KIND_NAMES, *ALIASES, "搭") for c in name})
WILD_WORDS = [
    *(f"[{name}]" for name in KIND_NAMES),
    *(f"【{alias}】" for alias in ALIASES),
    "[搭]",
    "［搭：中發白］",
    "[搭:]",
    "[]",
    "[碰 發發[皇]]",
    "上 七八筒[筒]",
    "碰 中中[番]",
    "暗槓 東東東[皇]",
    "摸 [皇]",
    "食 [番]",
    "自摸 [搭]",
    "現:九索八萬",
    "枱面:九索 八萬;",
]
TABLES = st.sampled_from([None, (), ("皇",), ("番",), ("皇", "番", "萬"), tuple(KIND_NAMES)])
ALPHABET = st.one_of(
    st.sampled_from(VOCAB_CHARS),
    st.sampled_from(list("一二三四五六七八九十萬万筒餅索條条mpsMPSESWNCFPf0123456789１２３")),
    st.sampled_from(list("[]［］【】〔〕:：;；。|+＋-~ \u3000\n,，連莊內内隻只槓杠上花混錦現枱面")),
    st.sampled_from(WILD_CHARS),
    st.characters(),
)


def check(text: str, hand_size: int = 16, table_kinds: tuple[str, ...] | None = None) -> None:
    try:
        hand = parse_hand(text, hand_size=hand_size, table_kinds=table_kinds)
    except HandError as err:
        assert err.code in ERROR_CODES
        assert -1 <= err.position < max(len(text), 1)
        if err.code != "empty":
            assert err.hint
        if err.position >= 0:
            assert err.token
            if err.code != "fifth_copy":  # token is the tile's name there, not the text
                assert text[err.position : err.position + len(err.token)] == err.token
        return
    assert isinstance(hand, HandSpec)
    assert len(hand.concealed) + len(hand.wilds) + 1 + 3 * len(hand.melds) == hand_size + 1
    assert list(hand.concealed) == sorted(hand.concealed)
    assert (hand.winning_tile is None) == (hand.winning_wild is not None)
    played = KIND_NAMES if table_kinds is None else table_kinds
    for name in (*hand.wilds, *(w for x in hand.melds for w in x.wilds), *filter(None, [hand.winning_wild])):
        assert name in played
    for meld in hand.melds:
        assert bool(meld.wilds) == bool(meld.naturals)
        assert (
            len(meld.naturals) + len(meld.wilds) == (4 if meld.kind is MeldKind.KONG else 3) or not meld.wilds
        )
        assert all(k in meld.tiles for k in meld.naturals)
    counts = [0] * NUM_KINDS
    for k in hand.all_tiles():
        counts[k] += 1
    assert max(counts) <= 4


@settings(max_examples=300, deadline=None)
@given(st.text(alphabet=ALPHABET, max_size=60), TABLES)
def test_any_text_parses_or_raises_hand_error(text: str, table_kinds: tuple[str, ...] | None) -> None:
    check(text, table_kinds=table_kinds)


@settings(max_examples=300, deadline=None)
@given(st.text(max_size=40))
def test_any_unicode_parses_or_raises_hand_error(text: str) -> None:
    check(text)


@settings(max_examples=300, deadline=None)
@given(
    st.lists(
        st.sampled_from([*sorted(VOCAB), "一二三萬", "789p", "1-3s", "摸 東", "[碰 發發發]", *WILD_WORDS]),
        max_size=25,
    ),
    TABLES,
)
def test_any_sequence_of_words_parses_or_raises_hand_error(
    words: list[str], table_kinds: tuple[str, ...] | None
) -> None:
    check(" ".join(words), table_kinds=table_kinds)
    check("".join(words), table_kinds=table_kinds)


# ---------------------------------------------------------------------------------------------
# round trip: a random legal hand, written in random styles, reads back as itself


def _write(kind: int, style: int) -> str:
    if kind >= 27:
        return HONOUR_CODES[kind - 27] if style % 2 else HONOUR_NAMES_ZH[kind - 27]
    rank, suit = kind % 9 + 1, kind // 9
    if style % 2:
        return f"{rank}{SUITS[suit]}"
    return NUMERALS_ZH[rank - 1] + ("萬筒索", "万餅條", "萬饼条")[style % 3][suit]


_KEYWORD = {
    (MeldKind.CHOW, None): ("上", "吃"),
    (MeldKind.PUNG, None): ("碰",),
    (MeldKind.KONG, KongKind.EXPOSED): ("槓", "明槓", "杠"),
    (MeldKind.KONG, KongKind.ADDED): ("加槓",),
    (MeldKind.KONG, KongKind.CONCEALED): ("暗槓", "暗杠"),
}


_SPELLINGS: dict[str, list[str]] = {name: [name] for name in KIND_NAMES}
for _alias, _name in ALIASES.items():
    _SPELLINGS[_name].append(_alias)
_BRACKETS = ("[]", "［］", "【】", "〔〕")
_SEED_ORDER = {name: i for i, name in enumerate(KIND_NAMES)}


def _write_wild(draw: st.DrawFn) -> tuple[str, str]:
    """A random wildcard kind and a random way of writing it: ``(printed name, text)``."""
    name = draw(st.sampled_from(KIND_NAMES))
    spelling = draw(st.sampled_from(_SPELLINGS[name]))
    if draw(st.booleans()):
        spelling = draw(st.sampled_from(["搭:", "搭：", "搭: "])) + spelling
    left, right = draw(st.sampled_from(_BRACKETS))
    return name, f"{left}{spelling}{right}"


@st.composite
def legal_hands(draw: st.DrawFn, wild: bool = False) -> tuple[str, HandSpec, int]:
    """A random legal hand and a random way of writing it; with ``wild``, some tiles are wildcards."""
    hand_size = draw(st.sampled_from([16, 13]))
    left = [4] * NUM_KINDS
    melds: list[Meld] = []
    parts: list[str] = []
    for _ in range(draw(st.integers(0, (hand_size - 1) // 3))):
        kind = draw(st.sampled_from([MeldKind.CHOW, MeldKind.PUNG, MeldKind.KONG]))
        if kind is MeldKind.CHOW:
            start = draw(st.sampled_from([k for k in range(27) if k % 9 <= 6]))
            tiles = [start, start + 1, start + 2]
            kong = None
        else:
            start = draw(st.integers(0, NUM_KINDS - 1))
            kong = draw(st.sampled_from(list(KongKind))) if kind is MeldKind.KONG else None
            tiles = [start] * (4 if kong is not None else 3)
        if any(left[k] < tiles.count(k) for k in set(tiles)):
            continue
        for k in tiles:
            left[k] -= 1
        written = draw(st.permutations(tiles)) if kind is MeldKind.CHOW else tiles
        word = draw(st.sampled_from(_KEYWORD[(kind, kong)]))
        if wild and draw(st.booleans()):
            name, wild_text = _write_wild(draw)
            cut = draw(st.integers(0, 2)) if kong is None else 3
            naturals = [k for i, k in enumerate(written) if i != cut]
            low = start
            if kind is MeldKind.CHOW:  # the lowest completion of the two naturals
                low = max(max(naturals) - 2, start // 9 * 9)
            melds.append(Meld(kind, low, kong, (name,), tuple(sorted(naturals))))
            pieces = [_write(k, draw(st.integers(0, 5))) for k in naturals]
            if kong is not None:  # a kong takes a wildcard that touches its tiles
                text = word + " " + " ".join(pieces) + wild_text
            else:
                pieces.insert(cut, wild_text)
                text = word + " " + " ".join(pieces)
        else:
            melds.append(Meld(kind, start, kong))
            if kong is not None:
                written = tiles[: draw(st.sampled_from([1, 4]))]  # 槓東 or 槓東東東東
            text = word + " " + " ".join(_write(k, draw(st.integers(0, 5))) for k in written)
        parts.append(f"[{text}]" if draw(st.booleans()) else text)
    pool = [k for k in range(NUM_KINDS) for _ in range(left[k])]
    need = hand_size + 1 - 3 * len(melds)
    chosen = draw(st.lists(st.sampled_from(range(len(pool))), min_size=need, max_size=need, unique=True))
    tiles = [pool[i] for i in chosen]
    winning, concealed = tiles[0], tiles[1:]
    self_drawn = draw(st.booleans())
    wilds: list[str] = []
    winning_wild = None
    win_text = _write(winning, draw(st.integers(0, 5)))
    if wild:
        for _ in range(draw(st.integers(0, min(3, len(concealed))))):
            name, wild_text = _write_wild(draw)
            concealed.pop()
            wilds.append(name)
            parts.append(wild_text)
        if draw(st.booleans()):
            winning_wild, win_text = _write_wild(draw)
    parts.extend(_write(k, draw(st.integers(0, 5))) for k in concealed)
    parts.append(("摸 " if self_drawn else "食 ") + win_text)
    flowers = sorted(draw(st.sets(st.integers(1, 8))))
    parts.extend("春夏秋冬梅蘭菊竹"[f - 1] for f in flowers)
    order = draw(st.permutations(range(len(parts))))
    text = " ".join(parts[i] for i in order)
    in_message_order = [melds[i] for i in order if i < len(melds)]
    expected = HandSpec(
        concealed=tuple(sorted(concealed)),
        melds=tuple(in_message_order),
        winning_tile=None if winning_wild else winning,
        self_drawn=self_drawn,
        flowers=tuple(flowers),
        wilds=tuple(sorted(wilds, key=_SEED_ORDER.__getitem__)),
        winning_wild=winning_wild,
    )
    return text, expected, hand_size


@settings(max_examples=300, deadline=None)
@given(legal_hands())
def test_legal_hands_read_back(case: tuple[str, HandSpec, int]) -> None:
    text, expected, hand_size = case
    hand = parse_hand(text, hand_size=hand_size)
    assert hand.concealed == expected.concealed
    assert hand.melds == expected.melds
    assert hand.winning_tile == expected.winning_tile
    assert hand.self_drawn == expected.self_drawn
    assert hand.flowers == expected.flowers


@settings(max_examples=300, deadline=None)
@given(legal_hands(wild=True))
def test_legal_hands_with_wildcards_read_back(case: tuple[str, HandSpec, int]) -> None:
    text, expected, hand_size = case
    assert parse_hand(text, hand_size=hand_size) == expected
    assert parse_hand(text, hand_size=hand_size, table_kinds=KIND_NAMES) == expected
