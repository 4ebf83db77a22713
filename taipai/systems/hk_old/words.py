"""廣東牌's context words (seed 003 「香港牌台數說明」) and the refusal of 港式台牌-only words.

:data:`HK_OLD_WORDS` is this game's :class:`~taipai.core.context_words.ContextWords` table, passed to
:func:`taipai.core.notation.parse_hand` (``words=``): the words every mahjong message shares (莊/閒, 連N,
X圈, X位, 門清, 無花) and the seed's own: 自摸 (the notation's), 海底 / 海底撈月, 槓上 / 槓上花 / 槓上開花
(槓上槓 is 2: 槓上槓自摸), 花上 / 花上花 (a chain: 花上花 is 2, scored once as 花上花), 搶槓, 天胡, 地胡,
人胡, and two that :class:`HkOldSituation` adds: 手胡 (兩翻役 「手胡(類以日本牌既"雙立直")」) and 槓爆 /
鐘鼓齊鳴 (例牌 「鐘鼓齊鳴(又叫"槓爆",海底撈月兼槓上花的獎勵)」).

A 港式台牌 word that means nothing here (叮, 一發, 食聽牌, 天叮, 河底, 混花槓, 搶槓上槓, 絕張, 明八絕, X隻內,
一炮雙響/三響, 錦上添花, 無花糊) is refused by :func:`refuse_foreign_words` with ``not_in_this_game``
naming the word and the game (as the ``taiwan`` system does), instead of the plain ``unknown_token`` of a
word no game has; so is a 現 list (tiles seen on the table, for a wildcard this game does not play).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final

from taipai.core.context_words import HK_TAIWAN_WORDS, ContextEntry, ContextWord, Sets
from taipai.core.errors import HandError
from taipai.core.game_words import derive_words, first_foreign_word
from taipai.core.handspec import Situation
from taipai.core.notation import tokenize
from taipai.core.notation_words import TokenKind

GAME_ZH: Final = "廣東牌"
"""The game's name in replies (``not_in_this_game``)."""


@dataclass(frozen=True, slots=True)
class HkOldSituation(Situation):
    """:class:`Situation` with the two facts of seed 003's 香港牌 table that 港式台牌 has no word for.

    Attributes:
        hand_win: 手胡 was said (兩翻役 「手胡(類以日本牌既"雙立直")」).
        kong_last_tile: 槓爆 / 鐘鼓齊鳴 was said: the last tile of the wall drawn after a kong (例牌
            「鐘鼓齊鳴(又叫"槓爆",海底撈月兼槓上花的獎勵)」); read as 海底 and 槓上 together.
    """

    hand_win: bool = False
    kong_last_tile: bool = False


FOREIGN_FIELDS: Final = (
    "declared_ready",
    "one_shot",
    "ready_discard_win",
    "double_ready",
    "last_discard",
    "mixed_replacements",
    "robbing_kong_on_kong",
    "last_copy",
    "last_copy_eight",
    "discards_seen",
    "multiple_winners",
    "kick_on_multi",
    "no_flowers_at_table",
)
"""港式台牌 Situation fields with no row in seed 003 「香港牌台數說明」: their words are refused."""

SCORES: Final[dict[str, tuple[str, ...]]] = {
    "last_tile_draw": ("last_tile", "kong_last_tile"),
    "kong_replacements": ("kong_flower", "kong_on_kong", "kong_last_tile"),
    "flower_replacements": ("flower_flower",),
    "robbing_kong": ("robbing_kong",),
    "heavenly": ("heavenly",),
    "earthly": ("earthly",),
    "human": ("human_win",),
    "hand_win": ("hand_win",),
    "kong_last_tile": ("kong_last_tile",),
}
"""Situation field → the 廣東牌 row ids its word can score."""

_DISPLAY: Final = {
    "last_tile_draw": "海底撈月",
    "kong_replacements": "槓上花",
    "flower_replacements": "花上花",
    "heavenly": "天胡",
    "earthly": "地胡",
    "human": "人胡",
}
"""Seed 003's spelling of the words 港式台牌 writes otherwise (海底, 槓上, 天糊 …)."""

_OWN: Final = (
    ContextEntry(
        "hand_win",
        Sets.FLAG,
        (ContextWord("手糊", ("手胡",)),),
        display="手胡",
        gloss="won from a hand ready since the first discard (like a double riichi)",
        scores=SCORES["hand_win"],
    ),
    ContextEntry(
        "kong_last_tile",
        Sets.FLAG,
        (ContextWord("鐘鼓齊鳴", ("槓爆",), ("钟鼓齐鸣", "杠爆")),),
        gloss="self-drew the last tile of the wall as a kong's replacement",
        scores=SCORES["kong_last_tile"],
    ),
)


DERIVED: Final = derive_words(
    HK_TAIWAN_WORDS,
    foreign=FOREIGN_FIELDS,
    own=_OWN,
    situation=HkOldSituation,
    scores=SCORES,
    display=_DISPLAY,
)
"""港式台牌's words without :data:`FOREIGN_FIELDS`, with 手胡 and 槓爆, and the probe that names a
foreign one."""

HK_OLD_WORDS: Final = DERIVED.words
"""廣東牌's context words (see the module docstring)."""


def foreign(word: str, position: int, why: str) -> HandError:
    """The ``not_in_this_game`` refusal of ``word`` at ``position`` (``why``: English, what the word is).

    Returns:
        A :class:`HandError` with ``hint_args`` ``{"token", "game"}`` (for the caller to raise).
    """
    return HandError(
        "not_in_this_game",
        f"{word!r} at {position} is {why}; {GAME_ZH} (Hong Kong 13-tile) has no such row",
        token=word,
        position=position,
        hint=f"{GAME_ZH} counts 自摸, 海底撈月, 槓上花, 花上花, 搶槓, 手胡, 人胡, 天胡, 地胡, 槓爆; "
        "leave the word out",
        hint_args={"token": word, "game": GAME_ZH},
    )


def refuse_foreign_words(text: str) -> None:
    """Refuse a 港式台牌-only context word in ``text`` (called when parsing with :data:`HK_OLD_WORDS`
    failed).

    Raises:
        HandError: ``not_in_this_game`` (:func:`foreign`); nothing when ``text`` holds no such word (or
            cannot be read even with 港式台牌's words), so the caller raises its own error.
    """
    found = first_foreign_word(text, DERIVED)
    if found is not None:
        raise foreign(*found, "a 港式台牌 word")


def refuse_seen_list(text: str) -> None:
    """Refuse a 現 / 枱面 list (tiles seen on the table: seed 000's 現 wildcard, not played here).

    Raises:
        HandError: ``not_in_this_game`` naming the label.
    """
    for t in tokenize(text, words=HK_OLD_WORDS):
        if t.kind is TokenKind.SEEN:
            raise foreign(text[t.start : t.end], t.start, "a list of tiles seen for the 現 wildcard")
