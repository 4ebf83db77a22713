"""QQ 歡樂麻將 (``qq``, seed 002 「⑹ QQ游戲中歡樂麻將怎麼玩啊」): the Chinese Official table plus its own
rules.

The game's own parts live here, pure (no I/O); the 81 番 themselves are Chinese Official's
(:mod:`taipai.systems.mcr`, used by import, never copied):

- :mod:`~taipai.systems.qq.caishen`: the 財神 wildcard tile (「翻取的第一張牌加一的牌」) and 無財神 2番;
- :mod:`~taipai.systems.qq.wildsearch`: the best reading of a hand holding 財神, every tile in range,
  bounded by :mod:`taipai.core.budget`;
- :mod:`~taipai.systems.qq.reading`: hand messages (MCR's notation, ``財神 六萬``, 財神 written as itself);
- :mod:`~taipai.systems.qq.events`: 鳥 (:class:`~taipai.systems.qq.events.Bird`), an event after the win;
- :mod:`~taipai.systems.qq.money` and :mod:`~taipai.systems.qq.ledger`: rooms (大眾場 / 8番場 / 無番場),
  中鳥系數, 莊家系數 and the 歡樂豆 formula;
- :mod:`~taipai.systems.qq.chat`: what its tables book and say in a chat.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from taipai.core.chat import ChatVocabulary
from taipai.core.context_words import ContextWords
from taipai.core.system import RuleSystem, TableRules
from taipai.systems.mcr.words import MCR_WORDS
from taipai.systems.qq.chat import CHAT
from taipai.systems.qq.ledger import TABLE
from taipai.systems.qq.reading import booked_fan, check_count, score_message
from taipai.systems.qq.rules import QQPreset, preset

NAMES = ("歡樂麻將", "歡樂", "欢乐麻将", "欢乐", "qq")
"""What a table types at 開枱 to play QQ 歡樂麻將 (the first is the display name)."""


@dataclass(frozen=True)
class QQ:
    """:class:`~taipai.core.system.RuleSystem` of QQ 歡樂麻將."""

    id: str = "qq"
    unit: str = "番"
    names: tuple[str, ...] = NAMES
    english: str = "QQ Happy Mahjong"
    hand_size: int = 13
    players: int = 4
    wildcards: bool = True
    table: TableRules = TABLE
    chat: ChatVocabulary = CHAT
    """What its tables book and say in a chat (:mod:`~taipai.systems.qq.chat`)."""
    words: ContextWords = MCR_WORDS
    """Chinese Official's context words (``財神 X`` is read by :mod:`~taipai.systems.qq.reading`)."""

    def load_rules(self, source: str | None = None) -> Any:
        """The preset (:func:`taipai.systems.qq.rules.preset`): 無財神 and the money defaults; the 81 rows
        are Chinese Official's preset.  QQ takes no house-rules file.

        Raises:
            HandError: ``bad_rules`` for any ``source`` but ``None`` / ``"qq"`` / a name of the game.
        """
        from taipai.core.errors import HandError

        if source is not None and source not in (self.id, *self.names):
            message = f"{source}: 歡樂麻將 plays its preset only"
            raise HandError("bad_rules", message, hint="leave --rules out")
        return preset()

    score = staticmethod(score_message)
    booked_fan = staticmethod(booked_fan)
    check_count = staticmethod(check_count)

    def __hash__(self) -> int:
        return hash(self.id)


SYSTEM: RuleSystem = QQ()
"""The ``qq`` system (:mod:`taipai.core.registry`)."""

__all__ = ["NAMES", "SYSTEM", "QQPreset"]
