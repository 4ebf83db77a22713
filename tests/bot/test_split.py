"""split_text: long replies as messages within a platform's limit (UTF-16 code units)."""

from __future__ import annotations

import pytest

from taipai.bot.service.split import DISCORD_LIMIT, TELEGRAM_LIMIT, split_text, utf16_len


def test_utf16_len_counts_astral_characters_twice():
    assert utf16_len("") == 0
    assert utf16_len("abc") == 3
    assert utf16_len("番底") == 2
    assert utf16_len("🀄") == 2  # U+1F004, a surrogate pair in UTF-16
    assert utf16_len("a🀄b") == 4


def test_text_that_fits_is_returned_unchanged():
    assert split_text("", 10) == [""]
    assert split_text("abc", 3) == ["abc"]
    assert split_text("aa\n\nbb", 6) == ["aa\n\nbb"]
    assert split_text("x" * TELEGRAM_LIMIT, TELEGRAM_LIMIT) == ["x" * TELEGRAM_LIMIT]


def test_lines_are_packed_greedily_and_cut_at_line_ends():
    assert split_text("aa\nbb\ncc", 5) == ["aa\nbb", "cc"]
    assert split_text("aa\nbb\ncc", 4) == ["aa", "bb", "cc"]
    assert split_text("a\nbb\nccc\nd", 6) == ["a\nbb", "ccc\nd"]


def test_a_line_longer_than_the_limit_is_cut_at_the_limit():
    assert split_text("abcdefgh\nij", 3) == ["abc", "def", "gh", "ij"]
    assert split_text("x\nabcdefg", 3) == ["x", "abc", "def", "g"]
    assert split_text("abcdef", 3) == ["abc", "def"]


def test_astral_characters_are_counted_as_two_and_never_cut_in_half():
    # 3 tiles = 6 code units; a limit of 5 holds two of them.
    assert split_text("🀄🀄🀄", 5) == ["🀄🀄", "🀄"]
    assert split_text("a🀄🀄", 4) == ["a🀄", "🀄"]
    # 🀄 is 2 units, so 2048 of them fill one Telegram message exactly and 2049 need two.
    assert split_text("🀄" * 2048, TELEGRAM_LIMIT) == ["🀄" * 2048]
    assert split_text("🀄" * 2049, TELEGRAM_LIMIT) == ["🀄" * 2048, "🀄"]


def test_blank_pieces_at_the_cuts_are_dropped():
    assert split_text("aaa\n\n\nbbb", 3) == ["aaa", "bbb"]
    assert split_text("aaa\n   \nbbb", 4) == ["aaa", "bbb"]


def test_every_piece_fits_and_nothing_but_cut_line_breaks_is_lost():
    lines = [f"#{i} 莊 自摸 3番 +{i * 16}" + ("🀄" if i % 7 == 0 else "") for i in range(600)]
    text = "\n".join(lines)
    assert utf16_len(text) > TELEGRAM_LIMIT
    for limit in (TELEGRAM_LIMIT, DISCORD_LIMIT, 100):
        pieces = split_text(text, limit)
        assert len(pieces) > 1
        assert all(0 < utf16_len(p) <= limit for p in pieces)
        # The lines are all shorter than 100, so no line is cut and every line survives whole.
        assert "\n".join(pieces).split("\n") == lines


def test_a_limit_below_two_is_refused():
    with pytest.raises(ValueError, match="at least 2"):
        split_text("abc", 1)
