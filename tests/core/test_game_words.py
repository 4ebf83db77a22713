"""core/game_words: a game that plays 港式台牌's context words with some left out names a left-out word
instead of calling it unknown (seed 003's 台灣牌 has no 叮 row; seed 004's 叮 row is 港式台牌's)."""

from __future__ import annotations

import pytest

from taipai.core.context_words import HK_TAIWAN_WORDS
from taipai.core.errors import HandError
from taipai.core.game_words import derive_words, first_foreign_word
from taipai.core.handspec import Situation
from taipai.core.notation import parse_hand

HAND = "一二三萬 四五六萬 七八九筒 二三四索 五六七索 東 食 東"
NO_READY = derive_words(
    HK_TAIWAN_WORDS,
    foreign=("declared_ready",),
    own=(),
    situation=Situation,
    scores={"last_tile_draw": ("last_tile",)},
    display={"last_tile_draw": "海底撈月"},
)


def test_a_left_out_word_is_found_where_it_was_typed() -> None:
    text = f"{HAND} 叮"
    with pytest.raises(HandError) as err:
        parse_hand(text, words=NO_READY.words)
    assert err.value.code == "unknown_token"
    assert first_foreign_word(text, NO_READY) == ("叮", len(HAND) + 1)


def test_the_shared_words_keep_working_with_the_games_own_spelling() -> None:
    spec = parse_hand(f"{HAND} 海底", words=NO_READY.words)
    assert spec.situation.last_tile_draw is True
    assert NO_READY.words.display("last_tile_draw") == "海底撈月"
    assert first_foreign_word(f"{HAND} 海底", NO_READY) is None
    assert first_foreign_word("@@@", NO_READY) is None  # unreadable even with the probe: the caller's error stands
