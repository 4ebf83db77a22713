"""Another game's word in a hand (``財神 六萬`` at 國標): the reply names the table's game and the game
whose word it is, as 「國標 冇鳥」 does for a command, instead of 「I can't read 「財神」」.

A word counts as a game's own when its table settings take it
(:attr:`~taipai.core.chat.ChatVocabulary.option_words`: 歡樂麻將's 財神 and 寶牌, 港式台牌's 百搭 and 扎鳥,
廣東牌's 花 …), which its hand messages say too (``財神 六萬``, ``百搭 窗 四萬``, ``寶牌 四萬``).  Each
game is asked through its ``SYSTEM``; none is named here.
"""

from __future__ import annotations

import unicodedata

from taipai.core.registry import SYSTEMS


def other_games_word(token: str, system_id: str) -> str | None:
    """The id of the first registered game (registry order) other than ``system_id`` whose settings
    take ``token`` as a word, when ``system_id``'s do not; ``None`` otherwise (and for an unknown
    ``system_id`` or an empty token).

    Args:
        token: the word a hand reader could not read, as typed (``財神``); compared NFKC, case-folded.
        system_id: the table's game.
    """
    word = unicodedata.normalize("NFKC", token).strip().casefold()
    own = SYSTEMS.get(system_id)
    if not word or own is None or word in _words(system_id):
        return None
    for other in SYSTEMS.values():
        if other.id != system_id and word in _words(other.id):
            return other.id
    return None


def _words(system_id: str) -> frozenset[str]:
    """The words ``system_id``'s settings take, NFKC and case-folded."""
    words = SYSTEMS[system_id].chat.option_words
    return frozenset(unicodedata.normalize("NFKC", w).casefold() for w in words)
