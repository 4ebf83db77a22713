"""廣東牌's context words (seed 003 「香港牌台數說明」) on top of the shared hand notation (DESIGN §4).

The notation's own context words are 港式台牌's.  A 廣東牌 hand keeps those that mean something here —
自摸, 莊/閒, 東圈/南位, 海底, 槓上/槓上花/槓上開花, 槓上槓, 花上/花上花, 搶槓, 天糊, 地糊, 人糊, 門清, 無花 —
and adds its own, scanned out of the text before the notation reads it (:func:`extract`):

- ``手胡`` / ``手糊``: 兩翻役 手胡 (「類以日本牌既"雙立直"」);
- ``槓爆`` / ``鐘鼓齊鳴``: 例牌 鐘鼓齊鳴 (「又叫"槓爆",海底撈月兼槓上花的獎勵」) = 海底 and 槓上 together.

A 港式台牌 word that has no row here (叮, 一發, 天叮, 食聽牌, 河底, 絕張, 明八絕, X隻內, 混花槓, 搶槓上槓,
一炮雙響/三響, 錦上添花, 無花糊, and the 現 list of seen tiles) is refused by :func:`refuse_foreign`
rather than silently dropped: a hand is never booked on a word the table did not mean.
"""

from __future__ import annotations

from dataclasses import dataclass

from taipai.core.errors import HandError
from taipai.core.notation import tokenize
from taipai.core.notation_words import NORMALISE, ContextEffect, TokenKind

EXTRA_WORDS: dict[str, tuple[str, ...]] = {
    "手糊": ("hand_win",),
    "槓爆": ("last_tile_draw", "kong_replacements"),
    "鐘鼓齊鳴": ("last_tile_draw", "kong_replacements"),
}
"""廣東牌's own words (normalised spelling: 胡 is read as 糊) → the facts they set."""

FOREIGN_FIELDS: dict[str, str] = {
    "declared_ready": "叮",
    "one_shot": "一發",
    "ready_discard_win": "食聽牌",
    "double_ready": "天叮",
    "last_discard": "河底",
    "mixed_replacements": "混花槓",
    "robbing_kong_on_kong": "搶槓上槓",
    "last_copy": "絕張",
    "last_copy_eight": "明八絕",
    "discards_seen": "X隻內",
    "multiple_winners": "一炮多響",
    "kick_on_multi": "錦上添花",
    "no_flowers_at_table": "無花糊",
}
""":class:`~taipai.core.handspec.Situation` fields only 港式台牌 words set, and a name for each."""

SYSTEM_NAME = "廣東牌"


@dataclass(frozen=True, slots=True)
class Extracted:
    """A hand message with 廣東牌's own words taken out.

    Attributes:
        text: the message with each extra word replaced by spaces (positions unchanged).
        facts: the facts the words set (``hand_win``, ``last_tile_draw``, ``kong_replacements``).
        words: ``{fact: the word as written}``, for error messages.
    """

    text: str
    facts: frozenset[str]
    words: dict[str, str]


def extract(text: str) -> Extracted:
    """Take 廣東牌's own words (:data:`EXTRA_WORDS`) out of ``text``.

    Args:
        text: the hand message as typed (any string).

    Returns:
        :class:`Extracted`: the text the shared notation reads, and the facts the words set.
    """
    normal = text.translate(NORMALISE)
    out = list(text)
    facts: set[str] = set()
    words: dict[str, str] = {}
    for word, sets in EXTRA_WORDS.items():
        start = normal.find(word)
        while start >= 0:
            end = start + len(word)
            for fact in sets:
                facts.add(fact)
                words.setdefault(fact, text[start:end])
            out[start:end] = " " * len(word)
            start = normal.find(word, end)
    return Extracted("".join(out), frozenset(facts), words)


def refuse_foreign(text: str) -> dict[str, str]:
    """Refuse a 港式台牌-only word in ``text``; return ``{Situation field: word as written}`` for the
    context words it does hold (for later error messages).

    Raises:
        HandError: ``unknown_token`` naming the word and its position (``hint_args``: ``token``,
            ``system``), with a hint that 廣東牌 does not count it; or whatever
            :func:`taipai.core.notation.tokenize` raises for a bad message.
    """
    found: dict[str, str] = {}
    for tok in tokenize(text):
        word = text[tok.start : tok.end]
        if tok.kind is TokenKind.SEEN:
            raise _foreign(word, tok.start, "a list of tiles seen on the table is for the 現 wildcard")
        if tok.kind is not TokenKind.CONTEXT or not isinstance(tok.value, ContextEffect):
            continue
        for name, _value in tok.value.fields:
            if name in FOREIGN_FIELDS:
                raise _foreign(word, tok.start, f"{word} is a 港式台牌 word")
            found.setdefault(name, word)
    return found


def _foreign(word: str, position: int, why: str) -> HandError:
    return HandError(
        "unknown_token",
        f"{word!r} at {position} means nothing in {SYSTEM_NAME} (hk-old)",
        token=word,
        position=position,
        hint=f"{why}; {SYSTEM_NAME} has no such row: leave it out",
        hint_args={"token": word, "system": "hk-old"},
    )
