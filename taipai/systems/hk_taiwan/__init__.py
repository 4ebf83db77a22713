"""港式台灣麻雀 (``hk-taiwan``): 16 tiles, 番, 越搭 wildcards (seeds 004 and 000; DESIGN §10 first row).

Everything of this game lives in this package: its scoring in :mod:`~taipai.systems.hk_taiwan.patterns`
(the seed 004 番 table's detectors), :mod:`~taipai.systems.hk_taiwan.evaluate`,
:mod:`~taipai.systems.hk_taiwan.scoring`, the 越搭 search :mod:`~taipai.systems.hk_taiwan.wildsearch`
and its bound :mod:`~taipai.systems.hk_taiwan.scorebound` (over seed 000's wildcard kinds, shared in
:mod:`taipai.core.wilds`); its rule set and loader in :mod:`~taipai.systems.hk_taiwan.rules`, the
preset ``preset.toml`` beside it; its money in :mod:`~taipai.systems.hk_taiwan.ledger` (fan + 底 per
leg, the dealer's 2n+1, 拉/踢 and 斬拉, cash prizes).
"""

from __future__ import annotations

from dataclasses import dataclass

from taipai.core.chat import ChatVocabulary
from taipai.core.context_words import HK_TAIWAN_WORDS, ContextWords
from taipai.core.system import RuleSystem, TableRules
from taipai.systems.hk_taiwan.chat import CHAT
from taipai.systems.hk_taiwan.ledger import TABLE
from taipai.systems.hk_taiwan.reading import booked_fan, check_count, score_message
from taipai.systems.hk_taiwan.rules import RuleSet, load_rules


@dataclass(frozen=True)
class HkTaiwan:
    """:class:`~taipai.core.system.RuleSystem` of 港式台灣麻雀."""

    id: str = "hk-taiwan"
    unit: str = "番"
    names: tuple[str, ...] = ("港式台牌", "港式台灣麻雀", "台牌", "港台", "hk-taiwan", "hktw")
    english: str = "Hong Kong-style Taiwanese"
    hand_size: int = 16
    players: int = 4
    wildcards: bool = True
    table: TableRules = TABLE
    words: ContextWords = HK_TAIWAN_WORDS
    """This game's context words (``words.display(field)`` names a field of ``Score.ignored``)."""
    chat: ChatVocabulary = CHAT
    """What its tables book and say in a chat (:mod:`~taipai.systems.hk_taiwan.chat`)."""

    def load_rules(self, source: str | None = None) -> RuleSet:
        """The seed 004 preset, or a TOML file (:func:`taipai.systems.hk_taiwan.rules.load_rules`)."""
        return load_rules(source or "hk-taiwan")

    score = staticmethod(score_message)
    booked_fan = staticmethod(booked_fan)
    check_count = staticmethod(check_count)

    def __hash__(self) -> int:
        return hash(self.id)


SYSTEM: RuleSystem = HkTaiwan()
"""The ``hk-taiwan`` system (:mod:`taipai.core.registry`)."""
