"""Taiwan 16-tile 台灣牌 (``taiwan``): 16 tiles, 台, no wildcards (seed 003 「台灣牌台數說明」; DESIGN §10).

- Rows and values: ``preset.toml`` (every row of the seed table, with its 「不計 / 不另計」 exclusions),
  loaded by :mod:`~taipai.systems.taiwan.rules`; detectors in :mod:`~taipai.systems.taiwan.patterns`.
- Hand messages: :mod:`~taipai.systems.taiwan.reading` (the notation of DESIGN §4 with this game's context
  words, :mod:`~taipai.systems.taiwan.words`; a 港式台牌-only word is ``not_in_this_game``).
- Money: :mod:`~taipai.systems.taiwan.ledger` — ``底 + 台 × 台額`` per leg (default 100/50), 作莊 and
  連N拉N on dealer legs, 一炮多響, no 拉/踢; 花胡 as :class:`~taipai.systems.taiwan.events.FlowerWin`.
"""

from __future__ import annotations

from dataclasses import dataclass

from taipai.core.chat import ChatVocabulary
from taipai.core.context_words import ContextWords
from taipai.core.system import RuleSystem, TableRules
from taipai.systems.taiwan.chat import CHAT
from taipai.systems.taiwan.ledger import TABLE
from taipai.systems.taiwan.patterns import check_rows
from taipai.systems.taiwan.reading import booked_fan, check_count, score_message
from taipai.systems.taiwan.rules import NAMES, TaiwanRules, load_rules
from taipai.systems.taiwan.words import TAIWAN_WORDS


@dataclass(frozen=True)
class Taiwan:
    """:class:`~taipai.core.system.RuleSystem` of Taiwan 16-tile."""

    id: str = "taiwan"
    unit: str = "台"
    names: tuple[str, ...] = NAMES
    english: str = "Taiwan 16-tile"
    hand_size: int = 16
    players: int = 4
    wildcards: bool = False
    table: TableRules = TABLE
    chat: ChatVocabulary = CHAT
    """What its tables book and say in a chat (:mod:`~taipai.systems.taiwan.chat`)."""
    words: ContextWords = TAIWAN_WORDS
    """This game's context words (``words.display(field)`` names a field of ``Score.ignored``)."""

    def load_rules(self, source: str | None = None) -> TaiwanRules:
        """The seed 003 preset (``None`` or ``"taiwan"``), or a TOML file extending it
        (:func:`taipai.systems.taiwan.rules.load_rules`).

        Raises:
            HandError: ``bad_rules`` (the message says what and where).
        """
        return check_rows(load_rules(source))

    score = staticmethod(score_message)
    booked_fan = staticmethod(booked_fan)
    check_count = staticmethod(check_count)

    def __hash__(self) -> int:
        return hash(self.id)


SYSTEM: RuleSystem = Taiwan()
"""The ``taiwan`` system (:mod:`taipai.core.registry`)."""
