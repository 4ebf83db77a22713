"""When 雞平和 (and 河源百搭, built on it) lets one player pay a whole self-draw (包).

Seed 001 names four 包 and no other:

- 十二张落地包自摸 (「包先不包後」): the winner laid down four melds (twelve tiles) from others' discards;
- 大四喜 / 大三元 包自摸: whoever discarded the last wind or dragon the winner needed;
- 杠上开花包杠 (「计自摸点杠者包三家牌」): the win is on a kong's replacement tile, the kong made from the
  payer's discard (an exposed kong, 明槓);
- 抢杠 (the robbed player pays; booked as ``B 搶槓 A …``, not as a 包 self-draw).

A hand message shows which of them it is; a bare count cannot, so the message says it
(``B 自摸 3番 十二張 C包``, ``… 大三元 C包``, ``… 槓上 C包``: the bot's
:data:`taipai.bot.service.parse.BAO_GROUND_WORDS` and kong words).
"""

from __future__ import annotations

from typing import Final

from taipai.core.chat import N_, Said
from taipai.core.errors import HandError
from taipai.core.handspec import KongKind
from taipai.core.notation import tokenize
from taipai.core.notation_words import ContextEffect, MeldWord, TokenKind
from taipai.core.scoretypes import Score
from taipai.systems.guangdong.words import GUANGDONG_WORDS

_LAID_DOWN: Final = 4
"""「十二张落地」: four melds, twelve tiles, laid down from others' discards."""


def laid_down(text: str) -> int:
    """How many melds the hand message ``text`` lays down from a discard (上 / 吃 / 碰 / 槓 / 明槓 /
    加槓; a 暗槓 is four drawn tiles and lets no discard in); 0 for text that does not tokenize."""
    try:
        tokens = tokenize(text, words=GUANGDONG_WORDS)
    except HandError:
        return 0
    melds = [t.value for t in tokens if t.kind is TokenKind.MELD and isinstance(t.value, MeldWord)]
    return sum(1 for m in melds if m.kong is not KongKind.CONCEALED)


def hand_justifies_bao(text: str, score: Score, kongs: tuple[str, ...]) -> bool:
    """Whether the scored self-draw ``text`` is one of seed 001's 包 (module docstring): four melds laid
    down, 大四喜 or 大三元 in ``score.patterns``, or 槓上開花 on an exposed kong (``kongs``: how each
    declared kong was made, ``"exposed"`` for 明槓)."""
    ids = {p.id for p in score.patterns}
    if ids & {"big_winds", "big_dragons"}:
        return True
    if ("kong_flower" in ids or says_kong_draw(text)) and "exposed" in kongs:
        return True
    return laid_down(text) >= _LAID_DOWN


def says_kong_draw(text: str) -> bool:
    """Whether the hand message ``text`` says it was won on a kong's replacement tile (``槓上`` /
    ``槓上開花``): a hand of 3番 or more shows no 槓上開花 row (the row is 保底's lift, 「不满3番牌型，按照
    3番满计算」), yet its 包 stands (「杠上开花包杠：计自摸点杠者包三家牌」); false for text that does
    not tokenize."""
    try:
        tokens = tokenize(text, words=GUANGDONG_WORDS)
    except HandError:
        return False
    return any(
        field == "kong_replacements" and bool(value)
        for t in tokens
        if t.kind is TokenKind.CONTEXT and isinstance(t.value, ContextEffect)
        for field, value in t.value.fields
    )


def bao_refusal(
    text: str, score: Score | None, kongs: tuple[str, ...], payer: str, winner: str
) -> Said | None:
    """The refusal of ``payer``'s 包 of ``winner``'s self-draw when the hand is none of seed 001's 包
    (:attr:`~taipai.core.chat.ChatVocabulary.bao_refusal`): a hand message (``score``) that
    :func:`hand_justifies_bao` does not justify, or a bare count (``score`` ``None``) that says no
    ground; ``None`` when the 包 stands."""
    args = (("payer", payer), ("winner", winner))
    if score is None:
        return Said(
            N_(
                "With a bare count I can't see why {payer} would pay all of {winner}'s self-draw. 包 is "
                "only for 十二張落地 (four melds laid down), 大四喜 or 大三元 (the last wind or dragon "
                "discarded), 槓上開花 on a kong from {payer}'s discard, and 搶槓 ({winner} 搶槓 {payer} …). "
                "Say which: {winner} 自摸 3番 十二張 {payer}包 (or 大三元, 大四喜, 槓上), or leave out 包: "
                "each of the three pays."
            ),
            args,
        )
    if hand_justifies_bao(text, score, kongs):
        return None
    return Said(
        N_(
            "{payer} does not pay all of {winner}'s self-draw: 包 is only for 十二張落地 (four melds laid "
            "down), 大四喜 or 大三元, 槓上開花 on a kong from {payer}'s discard (槓 or 明槓 in the hand), "
            "and 搶槓 ({winner} 搶槓 {payer} …), and this hand is none of them. Book the self-draw without "
            "包: each of the three pays."
        ),
        args,
    )
