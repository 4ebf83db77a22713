"""雞平和's context words (seed 001 「番的牌型规则设定」) and the refusal of other games' words.

:data:`GUANGDONG_WORDS` is passed to :func:`taipai.core.notation.parse_hand` (``words=``): the words every
mahjong message shares (莊/閒, 連N, X圈, X位, 門清), 自摸 (the notation's) and the seed's four floors,
spelt as the other games spell them: 一炮三響 (一炮三响), 槓上 / 槓上開花 (杠上开花), 海底 / 海底撈月
(海底捞月) and 搶槓 (抢杠).  Each lifts a hand under the table's floor to it (「不满3番牌型，按照3番满计算」).

A word of another game (叮, 一發, 花上, 天糊, 絕張, X隻內 …) is refused with ``not_in_this_game``: seed 001
names 天和, 地和 and 人和 but gives them no 番, so they are refused too rather than counted as nothing.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final

from taipai.core.context_words import HK_TAIWAN_WORDS
from taipai.core.game_words import derive_words, refuse_foreign_word
from taipai.core.handspec import Situation

GAME_ZH: Final = "雞平和"
"""The game's name in replies (``not_in_this_game``)."""


@dataclass(frozen=True, slots=True)
class GuangdongSituation(Situation):
    """:class:`Situation` of a 雞平和 hand: the shared fields only (the four floors are shared words)."""


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
    "heavenly",
    "earthly",
    "human",
    "kick_on_multi",
    "no_flowers_at_table",
)
"""港式台牌 Situation fields with no 番 in seed 001: their words are refused (``not_in_this_game``)."""

SCORES: Final[dict[str, tuple[str, ...]]] = {
    "last_tile_draw": ("last_tile",),
    "kong_replacements": ("kong_flower",),
    "robbing_kong": ("robbing_kong",),
    "multiple_winners": ("triple_win",),
}
"""Situation field → the 雞平和 row ids its word can score."""

_DISPLAY: Final = {
    "last_tile_draw": "海底撈月",
    "kong_replacements": "槓上開花",
    "robbing_kong": "搶槓",
    "multiple_winners": "一炮三響",
}
"""Seed 001's names of the shared words in replies (traditional characters)."""

DERIVED: Final = derive_words(
    HK_TAIWAN_WORDS,
    foreign=FOREIGN_FIELDS,
    own=(),
    situation=GuangdongSituation,
    scores=SCORES,
    display=_DISPLAY,
)
"""港式台牌's shared words without :data:`FOREIGN_FIELDS`."""

GUANGDONG_WORDS: Final = DERIVED.words
"""雞平和's context words (see the module docstring)."""


def refuse_foreign_words(text: str, game: str = GAME_ZH) -> None:
    """Refuse another game's context word in ``text`` (called when parsing with :data:`GUANGDONG_WORDS`
    failed); ``game`` names the table's game in the reply (河源百搭 reads its hands with these words too).

    Raises:
        HandError: ``not_in_this_game`` with ``hint_args`` ``{"token", "game"}``; nothing when ``text``
            holds no such word, so the caller raises its own error.
    """
    refuse_foreign_word(text, DERIVED, game=game, counts="自摸, 一炮三響, 槓上開花, 海底撈月, 搶槓")
