"""廣東 雞平和 (``guangdong``): Guangdong chicken-hand mahjong, 13 tiles, 番 (seed 001 「番的牌型规则设定」,
「爆和」, 「包」; DESIGN §10).

- Rows: ``preset.toml`` (data: 鸡和 0 … 十三幺 6, 分值 = 2^番); detectors and the combination rule (爆和
  cap on the small rows and their 附加, special rows alone, the 3番 floors):
  :mod:`~taipai.systems.guangdong.scoring`; loader :mod:`~taipai.systems.guangdong.rules`.
- Hand messages: :mod:`~taipai.systems.guangdong.reading` and :mod:`~taipai.systems.guangdong.words`.
- Table settings and money: :mod:`~taipai.systems.guangdong.options`,
  :mod:`~taipai.systems.guangdong.ledger` (2^番 × 底; the discarder pays, or each on a self-draw; 包 and
  搶槓 pay all three shares); chat: :mod:`~taipai.systems.guangdong.chat`.
- Names a table types at 開枱: :attr:`Guangdong.names` (not 廣東牌 nor 廣東麻雀: those are ``hk-old``).
"""

from __future__ import annotations

from dataclasses import dataclass

from taipai.core.chat import ChatVocabulary
from taipai.core.context_words import ContextWords
from taipai.core.system import RuleSystem, TableRules
from taipai.systems.guangdong.chat import CHAT
from taipai.systems.guangdong.ledger import TABLE
from taipai.systems.guangdong.reading import booked_fan, check_count, score_message
from taipai.systems.guangdong.rules import GuangdongRules, load
from taipai.systems.guangdong.scoring import KNOWN
from taipai.systems.guangdong.words import GUANGDONG_WORDS


@dataclass(frozen=True)
class Guangdong:
    """:class:`~taipai.core.system.RuleSystem` of 雞平和."""

    id: str = "guangdong"
    unit: str = "番"
    names: tuple[str, ...] = ("雞平和", "鸡平和", "雞平胡", "廣東麻將", "广东麻将", "guangdong")
    english: str = "Guangdong Chicken Hand"
    hand_size: int = 13
    players: int = 4
    wildcards: bool = False
    table: TableRules = TABLE
    words: ContextWords = GUANGDONG_WORDS
    """This game's context words."""
    chat: ChatVocabulary = CHAT
    """What its tables book and say in a chat (:mod:`~taipai.systems.guangdong.chat`)."""

    def load_rules(self, source: str | None = None) -> GuangdongRules:
        """The seed 001 preset (``None`` or a name of this system).

        Raises:
            HandError: ``bad_rules`` for any other source.
        """
        return load(source, KNOWN, (self.id, *self.names))

    score = staticmethod(score_message)
    booked_fan = staticmethod(booked_fan)
    check_count = staticmethod(check_count)

    def __hash__(self) -> int:
        return hash(self.id)


SYSTEM: RuleSystem = Guangdong()
"""The ``guangdong`` system (:mod:`taipai.core.registry`)."""
