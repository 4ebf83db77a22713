"""The words of speech the free-text reader (:mod:`taipai.bot.service.natural`) gives a meaning to.

They live here, apart from :mod:`.natural`, so that :func:`taipai.bot.service.parse.check_names` can
refuse each of them as a player's name without importing the reader (which imports the parser): a
player called 我 would make ``B: 我自摸 3番`` book 「我」's win, and a player called 啦 would lose the
particle at the end of ``12番啦``.
"""

from __future__ import annotations

import unicodedata

PARTICLES = ("啦", "喇", "呀", "咗")
"""Sentence-final particles dropped from the end of a line when glued to the word before them
(``流局啦``, ``斬啦``, ``12番啦``).  One said as a word of its own (``自摸 咗 啦``) is left: that line is
talk, not a record."""

DONE = "咗"
"""The perfective particle, dropped right after a record verb (``自摸咗``, ``食咗``, ``出銃咗``)."""

SPEAKER_WORDS = ("我又", "我", "又")
"""Words before a record verb that say the speaker is its subject (``我又食阿明 6番``); longest first."""

ME = "我"
""""I" / "me" in a name's place (``阿明食我``, ``出銃俾我``): the speaker."""

PRONOUNS = ("我", "你", "佢", "我哋", "你哋", "佢哋")
"""Personal pronouns: 我 is the speaker to the reader, and 你 / 佢 (you, him / her) would read as a
different player to everyone at the table than to the bot, so none of them is a player's name."""

QUESTION_PARTICLES = ("咩", "嗎", "吗", "呢", "未")
"""Particles that make a line a question (``流局咩``: a draw?): a command word with one glued to it
is asked about, never carried out, so it gets a hint (:mod:`taipai.bot.service.attempt`)."""

CHAT_WORDS = frozenset({"vs", "v", "lol", "haha", "hahaha", "la", "lor"})
"""Chat words said between or after names and a count (``阿強 vs 阿明 12``, ``… 12 lol``): with a
number in a line that names players, still an attempt at a record (case-folded)."""

ENGLISH_I = frozenset({"i"})
ENGLISH_ME = frozenset({"me"})
"""English "I" / "me" (case-folded): the speaker (``I won 5 off Bob``, ``Ben wins me 12``)."""


def reader_words() -> frozenset[str]:
    """Every word of this module, NFKC-normalised and case-folded: the words
    :func:`taipai.bot.service.parse.check_names` refuses as a player's name (``name_speech``)."""
    words = {*PARTICLES, DONE, *SPEAKER_WORDS, ME, *PRONOUNS, *QUESTION_PARTICLES, *CHAT_WORDS}
    words |= {*ENGLISH_I, *ENGLISH_ME}
    return frozenset(unicodedata.normalize("NFKC", w).casefold() for w in words)
