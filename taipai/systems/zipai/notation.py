"""字牌 hand messages (the mahjong parser does not know these cards).

A message lists the groups on the table, each after its word, the cards of the concealed hand (in
groups or loose: the engine groups them itself) and the winning card after 摸 (drawn by the winner)
or 食 (another player's card)::

    碰 三三三 偎 伍伍伍 提 六六六六 壹貳叄 二七十 八八捌 玖玖 食 玖

Group words (seed 002 ⑴ and the names of ⑶ and ⑼ for the same groups):

- ``吃`` / ``句``: an eaten 一句話 or 絞 (exposed);
- ``碰``: three alike (exposed);
- ``偎`` / ``掃`` / ``暗罩``: three alike, hidden; ``臭偎`` / ``過掃`` / ``死罩``: the 臭偎 (one card shown);
- ``提`` / ``掃穿`` / ``龍``: four alike, hidden but one; ``跑`` / ``開舵`` / ``開招``: four alike, exposed;
- ``坎``: three alike in the hand; ``對`` / ``將``: the eyes.

Other words: ``自摸 X`` (as 摸 X), ``天胡`` and ``地胡`` (軟鬍子's 100-胡 hands), ``起手`` (大字牌's win
at the deal with three 提 or five 坎, seed 002 ⑻).  Cards may be written
together or apart; a word may touch its cards (``碰三三三``).

Errors are :class:`~taipai.core.errors.HandError` with the code and the card or word at fault (its
``token`` and ``position`` in the message): ``empty``, ``unknown_token``, ``meld_shape`` (the cards do
not make the word's group), ``fifth_copy`` (a fifth 三: 「各四張」), ``no_winning_tile``,
``two_winning_tiles``, ``bad_winning_tile`` (摸/食 not followed by exactly one card).
"""

from __future__ import annotations

from dataclasses import dataclass

from taipai.core.errors import HandError
from taipai.core.notation_words import INVISIBLE
from taipai.systems.zipai.cards import COPIES, KINDS, SPELLINGS, name
from taipai.systems.zipai.groups import FOUR_ALIKE, THREE_ALIKE, Group, Kind, is_mix, is_run

GROUP_WORDS: dict[str, tuple[Kind, bool]] = {
    "吃": (Kind.RUN, True),
    "句": (Kind.RUN, True),
    "碰": (Kind.PENG, True),
    "偎": (Kind.WEI, False),
    "掃": (Kind.WEI, False),
    "扫": (Kind.WEI, False),
    "暗罩": (Kind.WEI, False),
    "臭偎": (Kind.STALE_WEI, False),
    "過掃": (Kind.STALE_WEI, False),
    "过扫": (Kind.STALE_WEI, False),
    "死罩": (Kind.STALE_WEI, False),
    "提": (Kind.TI, False),
    "掃穿": (Kind.TI, False),
    "扫穿": (Kind.TI, False),
    "龍": (Kind.TI, False),
    "龙": (Kind.TI, False),
    "跑": (Kind.PAO, True),
    "開舵": (Kind.PAO, True),
    "开舵": (Kind.PAO, True),
    "開招": (Kind.PAO, True),
    "开招": (Kind.PAO, True),
    "坎": (Kind.KAN, False),
    "對": (Kind.PAIR, False),
    "对": (Kind.PAIR, False),
    "將": (Kind.PAIR, False),
    "将": (Kind.PAIR, False),
}
"""A group word → the group's kind and whether it lies exposed (吃 reads a 絞 as well as a 一句話)."""

WIN_WORDS: dict[str, bool] = {"摸": True, "自摸": True, "食": False}
"""The winning card's word → drawn by the winner (摸) or another player's (食)."""

FLAG_WORDS: dict[str, str] = {
    "天胡": "heavenly",
    "天糊": "heavenly",
    "地胡": "earthly",
    "地糊": "earthly",
    "起手": "dealt",
}
"""Words that say something the cards do not: 軟鬍子's 100-胡 天 and 地 hands; 起手 (and 天胡), 大字牌's win
at the deal (seed 002 ⑻; :func:`taipai.systems.zipai.scoring.dealt_win`)."""

_WORDS = sorted([*GROUP_WORDS, *WIN_WORDS, *FLAG_WORDS], key=len, reverse=True)


@dataclass(frozen=True, slots=True)
class ZipaiHand:
    """A hand message read.

    Attributes:
        declared: the groups the message names with a word, in message order.
        loose: the concealed cards written without a word, and the winning card, sorted.
        winning: the winning card.
        self_drawn: the winning card was drawn by the winner (摸 / 自摸).
        flags: ``heavenly`` (天胡) / ``earthly`` (地胡) / ``dealt`` (起手) when said.
    """

    declared: tuple[Group, ...]
    loose: tuple[int, ...]
    winning: int
    self_drawn: bool
    flags: frozenset[str] = frozenset()

    @property
    def cards(self) -> tuple[int, ...]:
        """Every card of the hand, sorted."""
        return tuple(sorted([*self.loose, *(c for g in self.declared for c in g.cards)]))

    def counts(self) -> tuple[int, ...]:
        """The loose cards as a 20-slot count vector."""
        out = [0] * KINDS
        for c in self.loose:
            out[c] += 1
        return tuple(out)


def _shape_ok(kind: Kind, cards: tuple[int, ...]) -> Kind | None:
    """The kind the cards make under the word (吃 takes a 絞 too), or None."""
    same = len(set(cards)) == 1
    if kind is Kind.RUN:
        if is_run(cards):
            return Kind.RUN
        return Kind.MIX if is_mix(cards) else None
    if kind in THREE_ALIKE:
        return kind if len(cards) == 3 and same else None
    if kind in FOUR_ALIKE:
        return kind if len(cards) == 4 and same else None
    return kind if len(cards) == 2 and same else None


_SHAPES = {
    Kind.RUN: "three in a row of one case (一二三, 陸柒捌, 二七十) "
    "or three of one point in both cases (二二貳)",
    Kind.PENG: "three alike",
    Kind.WEI: "three alike",
    Kind.STALE_WEI: "three alike",
    Kind.KAN: "three alike",
    Kind.TI: "four alike",
    Kind.PAO: "four alike",
    Kind.PAIR: "two alike",
}


_AS_SPACE = {ord(c): " " for c in INVISIBLE}
"""Format characters read as a space, as the mahjong notation reads them
(:data:`taipai.core.notation_words.INVISIBLE`)."""


def read_hand(text: str) -> ZipaiHand:
    """Read a 字牌 hand message (module docstring).

    Args:
        text: the message as typed.

    Returns:
        The :class:`ZipaiHand`; the cards are not grouped yet (:mod:`taipai.systems.zipai.scoring`).

    Raises:
        HandError: ``empty``, ``unknown_token`` (the word at fault), ``meld_shape`` (the group's
            cards, ``hint_args`` ``token`` and ``word``), ``fifth_copy`` (the card, at its fifth
            copy), ``no_winning_tile``, ``two_winning_tiles`` (the second 摸/食), ``bad_winning_tile``
            (the cards after 摸/食).
    """
    text = text.translate(_AS_SPACE)  # one character for one: positions stay the player's
    if not text.strip():
        raise HandError("empty", "the hand message is empty", hint="write the cards, e.g. 一二三 … 食 玖")
    declared: list[Group] = []
    loose: list[int] = []
    winning: tuple[int, bool, int] | None = None
    flags: set[str] = set()
    seen = [0] * KINDS
    i = 0
    n = len(text)

    def cards_at(j: int) -> tuple[tuple[int, ...], int, int]:
        while j < n and text[j].isspace():
            j += 1
        start = j
        while j < n and text[j] in SPELLINGS and not _word_at(j):
            j += 1
        return tuple(SPELLINGS[ch] for ch in text[start:j]), start, j

    def _word_at(j: int) -> str | None:
        return next((w for w in _WORDS if text.startswith(w, j)), None)

    def count(cards: tuple[int, ...], start: int) -> None:
        for k, c in enumerate(cards):
            seen[c] += 1
            if seen[c] > COPIES:
                raise HandError(
                    "fifth_copy",
                    f"a fifth {name(c)} at {start + k}: the pack has four of each card",
                    token=name(c),
                    position=start + k,
                    hint="字牌 has four of each card",
                    hint_args={"token": name(c)},
                )

    while i < n:
        ch = text[i]
        if ch.isspace():
            i += 1
            continue
        word = _word_at(i)
        if word is None and ch in SPELLINGS:
            cards, start, i = cards_at(i)
            count(cards, start)
            loose.extend(cards)
            continue
        if word is None:
            j = i
            while j < n and not text[j].isspace() and text[j] not in SPELLINGS and _word_at(j) is None:
                j += 1
            raise _unknown(text[i:j], i)
        at = i
        i += len(word)
        if word in FLAG_WORDS:
            flags.add(FLAG_WORDS[word])
            continue
        cards, start, i = cards_at(i)
        if word in WIN_WORDS:
            if winning is not None:
                raise HandError(
                    "two_winning_tiles",
                    f"a second winning card at {at}",
                    token=word,
                    position=at,
                    hint="one 摸 X or 食 X",
                    hint_args={"token": word},
                )
            if len(cards) != 1:
                shown = text[at:i].strip()
                raise HandError(
                    "bad_winning_tile",
                    f"{word} at {at} needs exactly one card after it",
                    token=shown,
                    position=at,
                    hint="write one card after 摸 or 食, e.g. 食 玖",
                    hint_args={"token": shown},
                )
            count(cards, start)
            winning = (cards[0], WIN_WORDS[word], at)
            loose.append(cards[0])
            continue
        kind, exposed = GROUP_WORDS[word]
        made = _shape_ok(kind, cards)
        if made is None:
            shown = f"{word} {''.join(name(c) for c in cards)}".strip()
            raise HandError(
                "meld_shape",
                f"{shown!r} at {at} is not a {kind.value}: {word} takes {_SHAPES[kind]}",
                token=shown,
                position=at,
                hint=f"{word} takes {_SHAPES[kind]}",
                hint_args={"token": shown, "word": word},
            )
        count(cards, start)
        declared.append(Group(made, tuple(sorted(cards)), exposed))
    if winning is None:
        raise HandError(
            "no_winning_tile",
            "no winning card: add 摸 X (drawn) or 食 X (another player's card)",
            hint="add 摸 X or 食 X",
        )
    return ZipaiHand(tuple(declared), tuple(sorted(loose)), winning[0], winning[1], frozenset(flags))


def _unknown(token: str, position: int) -> HandError:
    return HandError(
        "unknown_token",
        f"unknown word {token!r} at {position}",
        token=token,
        position=position,
        hint="write 字牌 cards (一 … 十, 壹 … 拾) and the words 吃 碰 偎 臭偎 提 跑 坎 對 摸 食",
        hint_args={"token": token},
    )
