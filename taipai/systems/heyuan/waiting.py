"""聽 at 河源百搭: the 34 tiles as every game tries them (:func:`taipai.core.waiting.find_waits`), and a 保
drawn or discarded as the winning tile, which no other game's 聽 tries: a hand whose lone 保 waits as the
eyes (飛牌) also wins on a 保, and that win is 保釣保 (×4, seed 001 「保钓保」).

It is the ``heyuan`` chat's :attr:`~taipai.core.chat.ChatVocabulary.find_waits`.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any, Final, cast

from taipai.core.budget import Budget, BudgetExhausted
from taipai.core.context_words import ContextWords
from taipai.core.errors import HandError
from taipai.core.system import RuleSystem, ScoredHand, Seat
from taipai.core.table.state import TableSettings
from taipai.core.waiting import (
    CANDIDATE_UNITS,
    DISCARD_WORD,
    SELF_DRAW_WORD,
    WAITS_BUDGET,
    Waits,
    WinningTile,
    find_waits,
    waits_over_budget_error,
)
from taipai.systems.guangdong.reading import HAND_SIZE
from taipai.systems.guangdong.rules import load
from taipai.systems.guangdong.scoring import KNOWN
from taipai.systems.guangdong.words import GUANGDONG_WORDS
from taipai.systems.heyuan.reading import BAO_NAME, score_message

NAMES: Final = ("河源百搭", "河源", "heyuan")
"""The game's names (its preset is 雞平和's table)."""


@dataclass(frozen=True)
class _Scorer:
    """What :func:`~taipai.core.waiting.find_waits` asks of the game: its scorer, hand size and words
    (``wildcards`` off: the 保 candidate is tried here, written as the player writes it)."""

    id: str = "heyuan"
    unit: str = "番"
    hand_size: int = HAND_SIZE
    wildcards: bool = False
    words: ContextWords = GUANGDONG_WORDS

    def score(self, *args: Any, **kwargs: Any) -> ScoredHand:
        """:func:`taipai.systems.heyuan.reading.score_message`."""
        return score_message(*args, **kwargs)


def find_heyuan_waits(text: str, options: TableSettings, budget: Budget | None = None) -> Waits:
    """The tiles that complete ``text`` (a 河源百搭 hand one tile short) and what each scores: the 34 kinds,
    then a 保 (``保``: 飛牌's hand wins on one as 保釣保), the best first.

    Args:
        text: the tiles as typed (flowers or ``保`` for the 保), without a winning tile.
        options: the table's settings (its pattern set).
        budget: the work the whole search may spend; a fresh :data:`~taipai.core.waiting.WAITS_BUDGET`
            when None.

    Raises:
        HandError: as :func:`~taipai.core.waiting.find_waits` (the hand's own error, ``two_winning_tiles``,
            ``over_budget``).
    """
    budget = Budget(WAITS_BUDGET) if budget is None else budget
    rules = load(None, KNOWN, NAMES)
    found = find_waits(cast(RuleSystem, _Scorer()), text, rules, options, budget=budget)
    if found.held != found.hand_size:
        return found
    scores: dict[str, ScoredHand] = {}
    for word in (DISCARD_WORD, SELF_DRAW_WORD):
        try:
            budget.spend(CANDIDATE_UNITS)
            hand = f"{text} {word} {BAO_NAME}"
            scores[word] = score_message(hand, Seat(), rules, options, budget=budget, table_seat=False)
        except BudgetExhausted:
            raise waits_over_budget_error(budget) from None
        except HandError as err:
            if err.code == "over_budget":
                raise waits_over_budget_error(budget) from None
            continue  # a 保 does not complete it this way (or the hand holds no room for one)
    if not scores:
        return found
    bao = WinningTile(BAO_NAME, None, discard=scores.get(DISCARD_WORD), self_draw=scores.get(SELF_DRAW_WORD))
    tiles = tuple(sorted((*found.tiles, bao), key=WinningTile.sort_key))
    return replace(found, tiles=tiles, spent=budget.spent)
