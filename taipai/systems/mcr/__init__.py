"""國標麻將 (``mcr``): Chinese Official, 13 tiles, 番 (seed 002 「番型介紹」, 「計分規則」 8番場).

- Rows and their 「不計」 lists: ``preset.toml`` (data, 81 rows); detectors and the five principles of
  combination: :mod:`~taipai.systems.mcr.patterns`; shapes and readings: :mod:`~taipai.systems.mcr.hand`;
  the best reading, exclusions and 8番起和: :mod:`~taipai.systems.mcr.scoring`.
- Hand messages: :mod:`~taipai.systems.mcr.reading` and :mod:`~taipai.systems.mcr.words`.
- Table settings and money: :mod:`~taipai.systems.mcr.options`, :mod:`~taipai.systems.mcr.ledger`
  (discarder 8 + 番, the others 8; self-draw 8 + 番 each); chat: :mod:`~taipai.systems.mcr.chat`.
"""

from __future__ import annotations

from dataclasses import dataclass

from taipai.core.chat import ChatVocabulary
from taipai.core.context_words import ContextWords
from taipai.core.errors import HandError
from taipai.core.system import RuleSystem, TableRules
from taipai.systems.mcr.chat import CHAT
from taipai.systems.mcr.ledger import TABLE
from taipai.systems.mcr.reading import booked_fan, check_count, score_message
from taipai.systems.mcr.scoring import Row, rows
from taipai.systems.mcr.words import MCR_WORDS


@dataclass(frozen=True)
class Mcr:
    """:class:`~taipai.core.system.RuleSystem` of 國標麻將."""

    id: str = "mcr"
    unit: str = "番"
    names: tuple[str, ...] = ("國標", "國標麻將", "国标", "mcr", "chinese-official")
    english: str = "Chinese Official"
    hand_size: int = 13
    players: int = 4
    wildcards: bool = False
    table: TableRules = TABLE
    words: ContextWords = MCR_WORDS
    """This game's context words."""
    chat: ChatVocabulary = CHAT
    """What its tables book and say in a chat (:mod:`~taipai.systems.mcr.chat`)."""

    def load_rules(self, source: str | None = None) -> dict[str, Row]:
        """The seed 002 preset (``None`` or ``"mcr"``): its 81 rows by id.

        Raises:
            HandError: ``bad_rules`` for any other source (MCR's table is fixed by the rule book).
        """
        if source not in (None, self.id, *self.names):
            raise HandError("bad_rules", f"國標 plays the rule book's table only; {source!r} is not it")
        return rows()

    score = staticmethod(score_message)
    booked_fan = staticmethod(booked_fan)
    check_count = staticmethod(check_count)

    def __hash__(self) -> int:
        return hash(self.id)


SYSTEM: RuleSystem = Mcr()
"""The ``mcr`` system (for :mod:`taipai.core.registry`, once it is listed there)."""
