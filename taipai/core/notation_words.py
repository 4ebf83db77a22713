"""Vocabulary tables for :mod:`taipai.core.notation` (DESIGN §4, hand notation).

Everything here is data: the one-to-one character normalisation (simplified → traditional,
full-width → ASCII), the suit and numeral characters, and :data:`BASE_VOCAB`, the fixed words every
game shares (tiles, flowers, meld keywords, winning-tile keywords).  Context words (``莊``, ``海底``,
``連2``, ``十隻內`` …) are a rule system's: :mod:`taipai.core.context_words`.

All words are written here in the *normalised* spelling: ``东``/``发``/``万``/``杠``/``庄``/``胡``/
``内`` … are mapped to their traditional forms (and ``胡`` to ``糊``) before matching, so every
variant works without being listed.
"""

from __future__ import annotations

import unicodedata
from dataclasses import dataclass
from enum import Enum
from typing import Final

from taipai.core.handspec import KongKind, MeldKind
from taipai.core.tiles import EAST, GREEN, NORTH, RED, SOUTH, WEST, WHITE


class TokenKind(Enum):
    """What a token of a hand message is."""

    TILES = "tiles"  # one piece of tiles: a suit run chunk, or repeats of one honour
    MELD = "meld"  # 上 吃 碰 槓 明槓 加槓 暗槓; value: MeldWord
    WIN = "win"  # explicit winning-tile keyword 摸 食 +摸 +食 +自摸; value: self_drawn (bool)
    SELF_DRAW = "self_draw"  # plain 自摸: a context word, or the winning tile's keyword (see notation)
    FLOWER = "flower"  # value: flower 1..8
    FLOWER_LABEL = "flower_label"  # 花 (as in 花:春梅)
    CONTEXT = "context"  # value: ContextEffect
    OPEN = "open"  # [ before a meld keyword
    CLOSE = "close"  # ]
    WILD = "wild"  # a bracketed wildcard word [皇] (value: its text as typed, brackets stripped)
    SEEN = "seen"  # 現 / 枱面 (as in 現:九索八萬): the tiles after it were seen on the table


@dataclass(frozen=True, slots=True)
class MeldWord:
    """A meld keyword: the meld it declares and, for kongs, how the kong was made."""

    kind: MeldKind
    kong: KongKind | None = None


@dataclass(frozen=True, slots=True)
class ContextEffect:
    """What a context word sets.

    Attributes:
        fields: ``(Situation field name, value)`` pairs.
        requires_concealed: the word asserts 門前清 (``門清``, ``門清叮``): no exposed meld allowed.
        requires_no_flowers: the word asserts no flowers (``無花``, ``無花糊``).
    """

    fields: tuple[tuple[str, object], ...] = ()
    requires_concealed: bool = False
    requires_no_flowers: bool = False


@dataclass(frozen=True, slots=True)
class Word:
    """One fixed word of the vocabulary: the token kind and its value (tile, flower, keyword, effect)."""

    kind: TokenKind
    value: object = None


def _fullwidth() -> dict[int, str]:
    table = {cp: chr(cp - 0xFEE0) for cp in range(0xFF01, 0xFF5F)}
    table[0x3000] = " "
    return table


_VARIANTS: Final = {
    # simplified / Japanese / alternative forms -> the spelling used in the vocabularies
    "万": "萬",
    "条": "條",
    "饼": "餅",
    "东": "東",
    "发": "發",
    "発": "發",
    "红": "紅",
    "风": "風",
    "兰": "蘭",
    "庄": "莊",
    "连": "連",
    "门": "門",
    "内": "內",
    "胡": "糊",
    "杠": "槓",
    "摃": "槓",
    "抢": "搶",
    "张": "張",
    "绝": "絕",
    "只": "隻",
    "双": "雙",
    "响": "響",
    "锦": "錦",
    "听": "聽",
    "聴": "聽",
    "财": "財",
    "补": "補",
    "开": "開",
    "闲": "閒",
    "閑": "閒",
    "捞": "撈",
    "鱼": "魚",
    "无": "無",
    "两": "兩",
    "现": "現",
    "【": "[",
    "】": "]",
    "〔": "[",
    "〕": "]",
    "–": "-",
    "—": "-",
    "‐": "-",
    "−": "-",
    "〜": "~",
}

INVISIBLE: Final = "".join(c for c in map(chr, range(0x10000)) if unicodedata.category(c) == "Cf")
"""Every format character (Unicode category Cf) of the basic plane: zero-width space / non-joiner /
joiner, word joiner, byte-order mark, soft hyphen, the direction marks and isolates …: phones and chat
apps slip them into pasted text; they read as a space, in every game's hand reader."""

NORMALISE: Final[dict[int, str]] = {
    **_fullwidth(),
    **{ord(k): v for k, v in _VARIANTS.items()},
    **{ord(c): " " for c in INVISIBLE},
}
"""``str.translate`` table.  Every entry maps one character to one character, so positions in the
normalised text are positions in the original text."""

SEPARATORS: Final = frozenset(",;:、。.!?/|")
"""Characters read like spaces (besides every ``str.isspace`` character)."""

NUMERAL_RANK: Final[dict[str, int]] = {
    **{c: i + 1 for i, c in enumerate("一二三四五六七八九")},
    **{str(i): i for i in range(1, 10)},
}
"""Rank of a numeral or digit in a suit run (full-width digits are normalised to ASCII)."""

SUIT_OF_CHAR: Final[dict[str, int]] = {
    "萬": 0,
    "m": 0,
    "M": 0,
    "筒": 1,
    "餅": 1,
    "p": 1,
    "P": 1,
    "索": 2,
    "條": 2,
    "s": 2,
    "S": 2,
}
"""Suit index (0 萬, 1 筒, 2 索) of a suit character that ends a run of numerals."""

RANGE_CHARS: Final = frozenset("-~至到")
"""``1-3萬`` means ``123萬``."""

HONOUR_LETTERS: Final[dict[str, int]] = {
    "E": EAST,
    "S": SOUTH,
    "W": WEST,
    "N": NORTH,
    "C": RED,
    "F": GREEN,
    "P": WHITE,
}
"""Upper-case honour codes, read only as a standalone ASCII word (``E``, ``CCC``); lower-case
letters are never honours, and ``s``/``p`` after digits are suits."""

CN_DIGITS: Final[dict[str, int]] = {
    "零": 0,
    "〇": 0,
    "一": 1,
    "二": 2,
    "兩": 2,
    "三": 3,
    "四": 4,
    "五": 5,
    "六": 6,
    "七": 7,
    "八": 8,
    "九": 9,
}

WIND_CHARS: Final[dict[str, int]] = {"東": EAST, "南": SOUTH, "西": WEST, "北": NORTH}

HONOUR_WORDS: Final[dict[str, int]] = {
    **WIND_CHARS,
    "中": RED,
    "發": GREEN,
    "白": WHITE,
    **{w + "風": k for w, k in WIND_CHARS.items()},
    "紅中": RED,
    "發財": GREEN,
    "青發": GREEN,
    "白板": WHITE,
}

FLOWER_WORDS: Final[dict[str, int]] = {c: i + 1 for i, c in enumerate("春夏秋冬梅蘭菊竹")}
FLOWER_CODES: Final[dict[str, int]] = {f"f{i}": i for i in range(1, 9)}

MELD_WORDS: Final[dict[str, MeldWord]] = {
    "上": MeldWord(MeldKind.CHOW),
    "吃": MeldWord(MeldKind.CHOW),
    "碰": MeldWord(MeldKind.PUNG),
    "槓": MeldWord(MeldKind.KONG, KongKind.EXPOSED),
    "明槓": MeldWord(MeldKind.KONG, KongKind.EXPOSED),
    "加槓": MeldWord(MeldKind.KONG, KongKind.ADDED),
    "補槓": MeldWord(MeldKind.KONG, KongKind.ADDED),
    "暗槓": MeldWord(MeldKind.KONG, KongKind.CONCEALED),
}

SEEN_WORDS: Final = ("現", "枱面", "檯面", "台面")
"""Labels of the tiles seen on the table, for the 現 wildcard (seed 000: 「現當得枱面已經出現過一次或以上嘅
牌」): ``現:九索八萬``, ``枱面:九索 八萬``.  Only outside brackets: ``[現]`` is the wildcard kind 現."""

WIN_WORDS: Final[dict[str, bool]] = {"摸": True, "食": False}
"""Explicit winning-tile keywords and whether they mean a self-draw.  ``+`` may precede them and
``自摸``; plain ``自摸`` is :attr:`TokenKind.SELF_DRAW`."""


def _base_vocab() -> dict[str, Word]:
    vocab: dict[str, Word] = {}
    vocab.update({w: Word(TokenKind.TILES, k) for w, k in HONOUR_WORDS.items()})
    vocab.update({w: Word(TokenKind.FLOWER, f) for w, f in FLOWER_WORDS.items()})
    vocab["花"] = Word(TokenKind.FLOWER_LABEL)
    vocab.update({w: Word(TokenKind.MELD, m) for w, m in MELD_WORDS.items()})
    vocab.update({w: Word(TokenKind.WIN, sd) for w, sd in WIN_WORDS.items()})
    vocab["自摸"] = Word(TokenKind.SELF_DRAW)
    vocab.update({w: Word(TokenKind.SEEN) for w in SEEN_WORDS})
    return vocab


BASE_VOCAB: Final[dict[str, Word]] = _base_vocab()
"""The notation's own fixed words, normalised spelling → :class:`Word`: honours, flowers, 花, meld
keywords, 摸/食, 自摸 and the 現 labels.  A rule system's context words
(:class:`taipai.core.context_words.ContextWords`) are added to these; the tokenizer matches the
whole vocabulary longest first."""
