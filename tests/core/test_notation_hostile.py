"""Hostile input found by QA: every string parses or raises the one HandError type, quickly.

Each case here once escaped as another exception (AssertionError, ValueError from int() on a
5000-digit run) or echoed a huge token back.
"""

import pytest

from taipai.core.errors import MAX_TOKEN_SHOWN, HandError
from taipai.core.notation import parse_hand

BASE = "一二三萬 四五六萬 七八九筒 二三四索 中中中 東 摸 東 "


@pytest.mark.parametrize(
    "text", ["[槓上", "【槓上", "東圈【槓上", "[槓上[筒]", "紅中[槓上叮", "[叮 一二三萬", "[東圈]"]
)
def test_open_bracket_before_a_context_word_is_bad_bracket(text):
    with pytest.raises(HandError) as e:
        parse_hand(text)
    assert e.value.code in ("bad_bracket", "wild_unsupported")


@pytest.mark.parametrize("suffix", ["連{n}", "{n}隻內", "混花槓{n}", "連莊2拉{n}", "花上{n}", "槓上{n}"])
def test_huge_digit_runs_are_bad_context_not_a_crash(suffix):
    with pytest.raises(HandError) as e:
        parse_hand(BASE + suffix.format(n="9" * 5000))
    assert e.value.code in ("bad_context", "unknown_token", "bad_suit_run")
    assert len(e.value.token) <= MAX_TOKEN_SHOWN + 1
    assert len(e.value.message) < 200


@pytest.mark.parametrize("invisible", ["\u200b", "\u200c", "\u200d", "\u2060", "\ufeff", "\u00ad"])
def test_invisible_characters_pasted_from_a_phone_read_as_spaces(invisible):
    """A zero-width space (or joiner, BOM, soft hyphen) between words, as phones paste them, parses
    like a space; it was once refused as an unknown word."""
    plain = parse_hand("一二三萬 四五六萬 七八九筒 二三四索 中中中 東 摸 東")
    pasted = parse_hand(f"一二三萬{invisible}四五六萬 七八九筒 二三四索 中中中 東{invisible} 摸 東{invisible}")
    assert pasted == plain
