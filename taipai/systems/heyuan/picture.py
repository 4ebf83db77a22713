"""What a picture of a 河源百搭 hand draws (``計番 … 圖``): its tiles as the hand message shows them, each
保 as the flower it is (春 … 竹; a 保 typed ``保`` as a wild tile named 保), in the concealed part or as the
winning tile, where 雞平和's notation alone would put the flowers aside as bonus tiles and count one tile
short.  :func:`picture_spec` is the ``heyuan`` system's ``picture_spec``.
"""

from __future__ import annotations

import dataclasses

from taipai.core.handspec import HandSpec
from taipai.core.notation import tokenize
from taipai.core.notation_words import TokenKind
from taipai.core.system import Seat
from taipai.core.tiles import FLOWER_NAMES_ZH
from taipai.systems.guangdong.reading import read_spec
from taipai.systems.guangdong.words import GUANGDONG_WORDS
from taipai.systems.heyuan.reading import BAO_NAME, GAME_ZH, bao_text
from taipai.systems.heyuan.scoring import BAO


def bao_names(text: str) -> tuple[list[str], int | None]:
    """The 保 of a hand message in the order typed, each by its name (``春`` … ``竹``, or ``保``), and the
    index in that list of the one typed after 食 / 摸 (the winning tile), ``None`` when none is."""
    marks = [(i, BAO_NAME) for i, c in enumerate(text) if c == BAO_NAME]
    win_at: int | None = None
    for t in tokenize(text.replace(BAO_NAME, " "), words=GUANGDONG_WORDS):
        if t.kind is TokenKind.FLOWER:
            marks.append((t.start, FLOWER_NAMES_ZH[int(t.value) - 1]))
        elif t.kind in (TokenKind.WIN, TokenKind.SELF_DRAW) and win_at is None:
            win_at = t.start
    marks.sort()
    names = [name for _, name in marks]
    after = [k for k, (at, _) in enumerate(marks) if win_at is not None and at > win_at]
    return names, (after[0] if after else None)


def picture_spec(text: str) -> HandSpec:
    """The hand ``text`` as :func:`taipai.bot.pictures.hand.hand_image` draws it: 雞平和's reading with
    the 保 as wild tiles named by the flower each is (``spec.wilds`` / ``spec.winning_wild``).

    Raises:
        HandError: the hand does not parse (the notation's codes, as scoring it says).
    """
    typed, _where = bao_text(text)
    spec = read_spec(typed, Seat(), table_seat=False, game=GAME_ZH, table_kinds=(BAO,))[0]
    names, winning = bao_names(text)
    if len(names) != len(spec.wilds) + (spec.winning_wild is not None):
        return spec  # a shape this reader does not foresee: the engine's own names
    won = names.pop(winning) if winning is not None and spec.winning_wild is not None else None
    return dataclasses.replace(
        spec, wilds=tuple(names), winning_wild=won if won is not None else spec.winning_wild
    )
