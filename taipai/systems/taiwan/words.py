"""The Taiwan 16-tile context words (seed 003 「台灣牌台數說明」) and the refusal of 港式台牌-only words.

:data:`TAIWAN_WORDS` is this game's :class:`~taipai.core.context_words.ContextWords` table, passed to
:func:`taipai.core.notation.parse_hand` (``words=``): the words every mahjong message shares (莊/閒, 連N,
X圈, X位, 門清, 無花, 一炮雙響/三響) and the seed's own: 自摸 (the notation's), 搶槓, 槓上開花 (槓上, 槓上花;
槓上槓 reads as one 槓上開花), 海底撈月 (海底), 天聽, 地聽, 天胡, 地胡, 人胡.  天聽 and 地聽 set the fields
that :class:`TaiwanSituation` adds to the shared :class:`~taipai.core.handspec.Situation`.

A 港式台牌 word that means nothing here (叮, 一發, 食聽牌, 天叮, 河底, 花上, 混花槓, 搶槓上槓, 絕張, 明八絕,
X隻內, 錦上添花, 無花糊) is refused by :func:`refuse_foreign_words` with ``not_in_this_game`` naming the
word and the game, instead of the plain ``unknown_token`` of a word no game has.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final

from taipai.core.context_words import HK_TAIWAN_WORDS, ContextEntry, ContextWord, Sets
from taipai.core.game_words import derive_words, refuse_foreign_word
from taipai.core.handspec import Situation

GAME_ZH: Final = "台灣牌"
"""The game's name in replies (``not_in_this_game``)."""


@dataclass(frozen=True, slots=True)
class TaiwanSituation(Situation):
    """:class:`Situation` with the two declarations of seed 003 that 港式台牌 has no word for.

    Attributes:
        heavenly_ready: 天聽 (seed 003: 「閒家配牌補花後即宣佈聽牌, 是為天聽」).
        earthly_ready: 地聽 (seed 003: 「打出第1張牌即宣佈聽牌, 本身須門清 … 是為地聽」).
    """

    heavenly_ready: bool = False
    earthly_ready: bool = False


FOREIGN_FIELDS: Final = (
    "declared_ready",
    "one_shot",
    "ready_discard_win",
    "double_ready",
    "last_discard",
    "flower_replacements",
    "mixed_replacements",
    "robbing_kong_on_kong",
    "last_copy",
    "last_copy_eight",
    "discards_seen",
    "kick_on_multi",
    "no_flowers_at_table",
)
"""港式台牌 Situation fields with no row in seed 003 「台灣牌台數說明」: their words are refused."""

SCORES: Final[dict[str, tuple[str, ...]]] = {
    "last_tile_draw": ("last_tile",),
    "kong_replacements": ("kong_bloom",),
    "robbing_kong": ("robbing_kong",),
    "heavenly": ("heavenly_win",),
    "earthly": ("earthly_win",),
    "human": ("human_win",),
    "heavenly_ready": ("heavenly_ready",),
    "earthly_ready": ("earthly_ready",),
}
"""Situation field → the Taiwan row ids its word can score (a word set that scores none of them is
listed in ``Score.ignored``)."""

_DISPLAY: Final = {
    "last_tile_draw": "海底撈月",
    "kong_replacements": "槓上開花",
    "heavenly": "天胡",
    "earthly": "地胡",
    "human": "人胡",
}
"""Seed 003's spelling of the words 港式台牌 writes otherwise (海底, 槓上, 天糊 …)."""


OWN_ENTRIES: Final = (
    ContextEntry(
        "heavenly_ready",
        Sets.FLAG,
        (ContextWord("天聽", simplified=("天听",)),),
        gloss="a non-dealer declared ready right after the deal",
        scores=SCORES["heavenly_ready"],
    ),
    ContextEntry(
        "earthly_ready",
        Sets.FLAG,
        (ContextWord("地聽", simplified=("地听",)),),
        gloss="declared ready with the first discard, concealed",
        scores=SCORES["earthly_ready"],
    ),
)
"""天聽 and 地聽: the words this game has and 港式台牌 does not."""


DERIVED: Final = derive_words(
    HK_TAIWAN_WORDS,
    foreign=FOREIGN_FIELDS,
    own=OWN_ENTRIES,
    situation=TaiwanSituation,
    scores=SCORES,
    display=_DISPLAY,
)
"""港式台牌's words without :data:`FOREIGN_FIELDS`, with 天聽 / 地聽, and the probe that names a
foreign one."""

TAIWAN_WORDS: Final = DERIVED.words
"""The Taiwan 16-tile context words (see the module docstring)."""


def refuse_foreign_words(text: str) -> None:
    """Refuse a 港式台牌-only context word in ``text`` (called when parsing with :data:`TAIWAN_WORDS` failed).

    Raises:
        HandError: ``not_in_this_game``, ``token`` the word as typed, ``hint_args`` ``{"token", "game"}``;
            nothing when ``text`` holds no such word (or cannot be read even with 港式台牌's words),
            so the caller raises its own error.
    """
    refuse_foreign_word(
        text,
        DERIVED,
        game=GAME_ZH,
        counts="自摸, 搶槓, 槓上開花, 海底撈月, 天聽, 地聽, 天胡, 地胡, 人胡",
        named=f"{GAME_ZH} (Taiwan 16-tile)",
        whose="a 港式台牌 word",
    )
