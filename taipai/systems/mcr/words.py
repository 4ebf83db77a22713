"""國標 (MCR)'s context words (seed 002 「番型介紹」 rows 44-47, 58) and the refusal of other games' words.

:data:`MCR_WORDS` is passed to :func:`taipai.core.notation.parse_hand` (``words=``): the words every
mahjong message shares (莊/閒, 連N, X圈, X位, 門清, 無花), 自摸 (the notation's), and MCR's own:

- 妙手回春 / 海底撈月 / 海底 / 河底: the wall's last tile — 妙手回春 (row 44) when self-drawn, 海底撈月
  (row 45) on a discard; one fact, the win (摸 or 食) says which row.
- 槓上 / 槓上開花 / 槓上花: the tile was a kong's replacement (row 46 槓上開花).
- 搶槓和 / 搶槓: won on a tile added to another player's pung (row 47).
- 和絕張 / 絕張 / 明四絕: the three other copies were visible (row 58).

A word of another game (叮, 一發, 花上, 天糊, 明八絕, X隻內 …) is refused with ``not_in_this_game``.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final

from taipai.core.context_words import HK_TAIWAN_WORDS, ContextEntry, ContextWord, Sets
from taipai.core.game_words import derive_words, refuse_foreign_word
from taipai.core.handspec import Situation

GAME_ZH: Final = "國標麻將"
"""The game's name in replies (``not_in_this_game``)."""


@dataclass(frozen=True, slots=True)
class McrSituation(Situation):
    """:class:`Situation` with MCR's own spellings of three shared facts (each read together with the
    shared field: :attr:`wall_last` with ``last_tile_draw`` / ``last_discard``, :attr:`robbing_win`
    with ``robbing_kong``, :attr:`last_copy_win` with ``last_copy``).

    Attributes:
        wall_last: 妙手回春 was said.
        robbing_win: 搶槓和 was said.
        last_copy_win: 和絕張 was said.
    """

    wall_last: bool = False
    robbing_win: bool = False
    last_copy_win: bool = False


FOREIGN_FIELDS: Final = (
    "declared_ready",
    "one_shot",
    "ready_discard_win",
    "double_ready",
    "flower_replacements",
    "mixed_replacements",
    "robbing_kong_on_kong",
    "last_copy_eight",
    "discards_seen",
    "heavenly",
    "earthly",
    "human",
    "multiple_winners",
    "kick_on_multi",
    "no_flowers_at_table",
)
"""港式台牌 Situation fields with no row in seed 002: their words are refused (``not_in_this_game``)."""

SCORES: Final[dict[str, tuple[str, ...]]] = {
    "last_tile_draw": ("last_tile_draw", "last_tile_claim"),
    "last_discard": ("last_tile_draw", "last_tile_claim"),
    "wall_last": ("last_tile_draw", "last_tile_claim"),
    "kong_replacements": ("out_with_replacement_tile",),
    "robbing_kong": ("robbing_the_kong",),
    "robbing_win": ("robbing_the_kong",),
    "last_copy": ("last_tile",),
    "last_copy_win": ("last_tile",),
}
"""Situation field → the MCR row ids its word can score."""

_OWN: Final = (
    ContextEntry(
        "wall_last",
        Sets.FLAG,
        (ContextWord("妙手回春", (), ()),),
        display="妙手回春",
        gloss="won on the wall's last tile (妙手回春 self-drawn, 海底撈月 on its discard)",
        scores=SCORES["wall_last"],
    ),
    ContextEntry(
        "robbing_win",
        Sets.FLAG,
        (ContextWord("搶槓和", ("搶槓胡", "搶槓糊"), ("抢杠和", "抢杠胡")),),
        display="搶槓和",
        gloss="won on the tile another player added to a pung",
        scores=SCORES["robbing_win"],
    ),
    ContextEntry(
        "last_copy_win",
        Sets.FLAG,
        (ContextWord("和絕張", ("胡絕張", "糊絕張"), ("和绝张", "胡绝张")),),
        display="和絕張",
        gloss="won on the last copy of a tile, the other three visible",
        scores=SCORES["last_copy_win"],
    ),
)

_DISPLAY: Final = {
    "last_tile_draw": "海底撈月",
    "last_discard": "海底撈月",
    "kong_replacements": "槓上開花",
    "robbing_kong": "搶槓和",
    "last_copy": "和絕張",
}
"""Seed 002's spelling of the shared words in replies."""

DERIVED: Final = derive_words(
    HK_TAIWAN_WORDS,
    foreign=FOREIGN_FIELDS,
    own=_OWN,
    situation=McrSituation,
    scores=SCORES,
    display=_DISPLAY,
)
"""港式台牌's shared words without :data:`FOREIGN_FIELDS`, with MCR's spellings."""

MCR_WORDS: Final = DERIVED.words
"""國標's context words (see the module docstring)."""


def refuse_foreign_words(text: str) -> None:
    """Refuse another game's context word in ``text`` (called when parsing with :data:`MCR_WORDS`
    failed).

    Raises:
        HandError: ``not_in_this_game`` with ``hint_args`` ``{"token", "game"}``; nothing when ``text``
            holds no such word, so the caller raises its own error.
    """
    refuse_foreign_word(
        text,
        DERIVED,
        game=GAME_ZH,
        counts="自摸, 妙手回春, 海底撈月, 槓上開花, 搶槓和, 和絕張",
        named=f"{GAME_ZH} (Chinese Official)",
    )
