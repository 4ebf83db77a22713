"""廣東牌 / 香港牌 (``hk-old``): Hong Kong 13-tile, 翻 (seed 003 「香港牌台數說明」, 「不同處」; DESIGN §10).

- Rows and their exclusions: ``preset.toml`` (data) and :mod:`~taipai.systems.hk_old.patterns`
  (detectors); loader :mod:`~taipai.systems.hk_old.rules`.
- Hand messages: :mod:`~taipai.systems.hk_old.reading` (13 tiles, no wildcards, 十三么; the sum of rows
  capped at the table's maximum, a 例牌 worth the maximum, 起糊) and
  :mod:`~taipai.systems.hk_old.words` (its context words).
- Table settings: :mod:`~taipai.systems.hk_old.options`; money and deal:
  :mod:`~taipai.systems.hk_old.ledger` (底 × multiplier(翻), 全銃 / 半銃 / 依台灣例, 包自摸, 詐糊,
  下家先糊).
- Names a table types at 開枱: :attr:`HkOld.names` (not 「港式」, which reads as 港式台牌 too).
"""

from __future__ import annotations

from dataclasses import dataclass

from taipai.core.chat import ChatVocabulary
from taipai.core.context_words import ContextWords
from taipai.core.system import RuleSystem, TableRules
from taipai.systems.hk_old.chat import CHAT
from taipai.systems.hk_old.ledger import TABLE
from taipai.systems.hk_old.patterns import KNOWN
from taipai.systems.hk_old.reading import booked_fan, check_count, score_message
from taipai.systems.hk_old.rules import HkOldRules, load
from taipai.systems.hk_old.words import HK_OLD_WORDS


@dataclass(frozen=True)
class HkOld:
    """:class:`~taipai.core.system.RuleSystem` of 廣東牌."""

    id: str = "hk-old"
    unit: str = "翻"
    names: tuple[str, ...] = ("廣東牌", "香港牌", "老港", "廣東麻雀", "hk-old", "hk13", "cantonese")
    english: str = "Hong Kong 13-tile"
    hand_size: int = 13
    players: int = 4
    wildcards: bool = False
    table: TableRules = TABLE
    words: ContextWords = HK_OLD_WORDS
    """This game's context words (``words.display(field)`` names a field of ``Score.ignored``)."""
    chat: ChatVocabulary = CHAT
    """What its tables book and say in a chat (:mod:`~taipai.systems.hk_old.chat`)."""

    def load_rules(self, source: str | None = None) -> HkOldRules:
        """The seed 003 preset (``None`` or ``"hk-old"``), or a TOML file that overrides it or holds a
        whole table (:func:`taipai.systems.hk_old.rules.load`).

        Raises:
            HandError: ``bad_rules``, saying where.
        """
        return load(source, KNOWN, (self.id, *self.names))

    score = staticmethod(score_message)
    booked_fan = staticmethod(booked_fan)
    check_count = staticmethod(check_count)

    def __hash__(self) -> int:
        return hash(self.id)


SYSTEM: RuleSystem = HkOld()
"""The ``hk-old`` system (:mod:`taipai.core.registry`)."""
