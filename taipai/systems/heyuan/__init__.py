"""河源百搭 (``heyuan``): 雞平和 with the eight flowers as 保 wildcards (seed 001; DESIGN §10).

Built on :mod:`taipai.systems.guangdong` (its table, notation, combination rule and money):

- 保 through the core wildcard engine, 飛牌 ×2, 保釣保 ×4, 正百搭: :mod:`~taipai.systems.heyuan.scoring`;
- hand messages (flowers typed as themselves or 保): :mod:`~taipai.systems.heyuan.reading`;
- settings (雞平和's and the pattern set), money and chat: :mod:`~taipai.systems.heyuan.options`,
  :mod:`~taipai.systems.heyuan.ledger`, :mod:`~taipai.systems.heyuan.chat`.
"""

from __future__ import annotations

from dataclasses import dataclass

from taipai.core.chat import ChatVocabulary
from taipai.core.context_words import ContextWords
from taipai.core.system import RuleSystem, TableRules
from taipai.systems.guangdong.reading import booked_fan
from taipai.systems.guangdong.rules import GuangdongRules, load
from taipai.systems.guangdong.scoring import KNOWN
from taipai.systems.guangdong.words import GUANGDONG_WORDS
from taipai.systems.heyuan.chat import CHAT
from taipai.systems.heyuan.ledger import TABLE
from taipai.systems.heyuan.picture import picture_spec
from taipai.systems.heyuan.reading import score_message
from taipai.systems.heyuan.scoring import check_count


@dataclass(frozen=True)
class Heyuan:
    """:class:`~taipai.core.system.RuleSystem` of 河源百搭."""

    id: str = "heyuan"
    unit: str = "番"
    names: tuple[str, ...] = ("河源百搭", "河源", "heyuan")
    english: str = "Heyuan Wildcards"
    hand_size: int = 13
    players: int = 4
    wildcards: bool = True
    table: TableRules = TABLE
    words: ContextWords = GUANGDONG_WORDS
    """雞平和's context words."""
    chat: ChatVocabulary = CHAT
    """What its tables book and say in a chat (:mod:`~taipai.systems.heyuan.chat`)."""

    def load_rules(self, source: str | None = None) -> GuangdongRules:
        """雞平和's seed 001 table (``None`` or a name of this system).

        Raises:
            HandError: ``bad_rules`` for any other source.
        """
        return load(source, KNOWN, (self.id, *self.names))

    score = staticmethod(score_message)
    picture_spec = staticmethod(picture_spec)
    """What a picture of a hand draws (:func:`~taipai.systems.heyuan.picture.picture_spec`: the 保 as the
    flowers they are, in the hand), which 計番 … 圖 asks a game whose hands the plain notation reads
    otherwise."""
    booked_fan = staticmethod(booked_fan)
    check_count = staticmethod(check_count)

    def __hash__(self) -> int:
        return hash(self.id)


SYSTEM: RuleSystem = Heyuan()
"""The ``heyuan`` system (:mod:`taipai.core.registry`)."""
