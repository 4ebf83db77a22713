"""Property tests for the hand notation parser (DESIGN §7: the parser never crashes on any string)."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from taipai.core.errors import ERROR_CODES, HandError
from taipai.core.handspec import HandSpec, KongKind, Meld, MeldKind
from taipai.core.notation import parse_hand
from taipai.core.notation_words import VOCAB
from taipai.core.tiles import HONOUR_CODES, HONOUR_NAMES_ZH, NUM_KINDS, NUMERALS_ZH, SUITS

VOCAB_CHARS = sorted({c for word in VOCAB for c in word})
ALPHABET = st.one_of(
    st.sampled_from(VOCAB_CHARS),
    st.sampled_from(list("一二三四五六七八九十萬万筒餅索條条mpsMPSESWNCFPf0123456789１２３")),
    st.sampled_from(list("[]［］【】:：+＋-~ \u3000\n,，連莊內内隻只槓杠上花混錦")),
    st.characters(),
)


def check(text: str, hand_size: int = 16) -> None:
    try:
        hand = parse_hand(text, hand_size=hand_size)
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
    assert len(hand.concealed) + 1 + 3 * len(hand.melds) == hand_size + 1
    assert list(hand.concealed) == sorted(hand.concealed)
    counts = [0] * NUM_KINDS
    for k in hand.all_tiles():
        counts[k] += 1
    assert max(counts) <= 4


@settings(max_examples=300, deadline=None)
@given(st.text(alphabet=ALPHABET, max_size=60))
def test_any_text_parses_or_raises_hand_error(text: str) -> None:
    check(text)


@settings(max_examples=300, deadline=None)
@given(st.text(max_size=40))
def test_any_unicode_parses_or_raises_hand_error(text: str) -> None:
    check(text)


@settings(max_examples=300, deadline=None)
@given(
    st.lists(
        st.sampled_from([*sorted(VOCAB), "一二三萬", "789p", "1-3s", "摸 東", "[碰 發發發]", "[皇]"]),
        max_size=25,
    )
)
def test_any_sequence_of_words_parses_or_raises_hand_error(words: list[str]) -> None:
    check(" ".join(words))
    check("".join(words))


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


@st.composite
def legal_hands(draw: st.DrawFn) -> tuple[str, HandSpec, int]:
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
        melds.append(Meld(kind, start, kong))
        written = draw(st.permutations(tiles)) if kind is MeldKind.CHOW else tiles
        if kong is not None:
            written = tiles[: draw(st.sampled_from([1, 3, 4]))]
        word = draw(st.sampled_from(_KEYWORD[(kind, kong)]))
        text = word + " " + " ".join(_write(k, draw(st.integers(0, 5))) for k in written)
        parts.append(f"[{text}]" if draw(st.booleans()) else text)
    pool = [k for k in range(NUM_KINDS) for _ in range(left[k])]
    need = hand_size + 1 - 3 * len(melds)
    chosen = draw(st.lists(st.sampled_from(range(len(pool))), min_size=need, max_size=need, unique=True))
    tiles = [pool[i] for i in chosen]
    winning, concealed = tiles[0], tiles[1:]
    self_drawn = draw(st.booleans())
    parts.extend(_write(k, draw(st.integers(0, 5))) for k in concealed)
    parts.append(("摸 " if self_drawn else "食 ") + _write(winning, draw(st.integers(0, 5))))
    flowers = sorted(draw(st.sets(st.integers(1, 8))))
    parts.extend("春夏秋冬梅蘭菊竹"[f - 1] for f in flowers)
    order = draw(st.permutations(range(len(parts))))
    text = " ".join(parts[i] for i in order)
    in_message_order = [melds[i] for i in order if i < len(melds)]
    expected = HandSpec(
        concealed=tuple(sorted(concealed)),
        melds=tuple(in_message_order),
        winning_tile=winning,
        self_drawn=self_drawn,
        flowers=tuple(flowers),
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
