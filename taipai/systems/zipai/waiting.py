"""聽 at a 字牌 table (:attr:`taipai.core.chat.ChatVocabulary.find_waits`): every card that completes a
hand one card short, drawn (摸) and taken (食), counted as a booked hand is.

The mahjong search (:func:`taipai.core.waiting.find_waits`) tries the 34 mahjong tiles; a 字牌 hand
waits on one of its 20 cards (seed 002 ⑴ 「小寫「一」…「十」各四張；大寫「壹」…「拾」各四張」), so the
game answers 聽 itself, in the same :class:`~taipai.core.waiting.Waits` the chat's reply reads.
"""

from __future__ import annotations

import re

from taipai.core.errors import HandError
from taipai.core.system import ScoredHand, Seat
from taipai.core.table.state import TableSettings
from taipai.core.waiting import Waits, WinningTile
from taipai.systems.zipai.cards import KINDS, name
from taipai.systems.zipai.notation import read_hand
from taipai.systems.zipai.options import ZipaiOptions
from taipai.systems.zipai.presets import PAOHUZI, VARIANTS
from taipai.systems.zipai.scoring import best

HAND_CARDS = 20
"""Cards a hand holds before its winning card (seed 002 ⑴ 「閑家砌20隻」): what :class:`Waits` calls the
hand's size."""

_OWN_WINNING = re.compile("自摸|摸|食")
_NOT_COMPLETING = frozenset({"not_a_win", "tile_count"})


def _own_winning_card(text: str) -> HandError | None:
    """``two_winning_tiles`` at ``text``'s own 摸 / 食 when ``text`` already names its winning card."""
    try:
        read_hand(text)
    except HandError as err:
        if err.code == "no_winning_tile":
            return None
        raise
    m = _OWN_WINNING.search(text)
    at = m.start() if m else 0
    word = m.group(0) if m else ""
    return HandError(
        "two_winning_tiles",
        f"{word} at {at} already names the winning card",
        token=word,
        position=at,
        hint="leave out the winning card",
        hint_args={"token": word},
    )


def find_waits(text: str, options: TableSettings, variant_id: str) -> Waits:
    """The cards that complete ``text`` at a table of ``variant_id`` and what each counts.

    Args:
        text: the hand message without its winning card (no 摸 / 食).
        options: the table's settings (its 起胡 and, at 長沙跑胡子, 胡息 per 排); another game's
            settings count as the variant's preset.
        variant_id: ``zipai``, ``zipai-hard``, ``paohuzi`` or ``zipai-soft``.

    Returns:
        :class:`~taipai.core.waiting.Waits` with ``held`` = ``hand_size`` = :data:`HAND_CARDS`;
        ``tiles``: each winning card (``kind`` 0–19), the best first, its ``discard`` (食) and
        ``self_draw`` (摸) as :class:`~taipai.core.system.ScoredHand` in the variant's unit (油 / 胡 /
        排), ``None`` where that way does not win; ``short``: the cards that complete the groups but
        stay under 起胡 both ways, with the count (油 / 胡息) they reach; at 長沙跑胡子, whose 排 are not
        what its 起胡 counts, one entry with no card (``tile`` ``""``) when every completion is under
        起胡 and none wins, so the reply says so without a count in the wrong unit.

    Raises:
        HandError: the notation's errors for ``text`` itself; ``two_winning_tiles`` (at ``text``'s own
            摸 / 食) when it names a winning card already.
    """
    variant = VARIANTS[variant_id]
    opts = options if isinstance(options, ZipaiOptions) else ZipaiOptions.preset(variant_id)
    own = _own_winning_card(text)
    if own is not None:
        raise own
    found: list[WinningTile] = []
    under = False
    for card in range(KINDS):
        scored: dict[str, ScoredHand] = {}
        short: dict[str, int] = {}
        for word in ("食", "摸"):
            try:
                hand = read_hand(f"{text} {word} {name(card)}")
            except HandError as err:
                if err.code == "fifth_copy":
                    break  # all four are in the hand already: not a card to wait on
                raise
            try:
                score = best(hand, variant, opts.threshold, opts.huxi_per_pai)
            except HandError as err:
                count = err.hint_args.get("count")
                if err.code == "below_minimum" and variant.id != PAOHUZI.id and isinstance(count, int):
                    short[word] = count
                elif err.code == "below_minimum":
                    under = True  # 長沙跑胡子: under 起胡 in 胡息, which its 排 cannot show
                elif err.code not in _NOT_COMPLETING:
                    raise
                continue
            scored[word] = ScoredHand(score=score, said=Seat(), self_drawn=hand.self_drawn)
        entry = WinningTile(
            tile=name(card),
            kind=card,
            discard=scored.get("食"),
            self_draw=scored.get("摸"),
            discard_short=short.get("食"),
            self_draw_short=short.get("摸"),
        )
        if entry.wins or short:
            found.append(entry)
    wins = sorted((w for w in found if w.wins), key=WinningTile.sort_key)
    if under and not found:  # every completion under 起胡 at 長沙跑胡子: say so, with no count
        found.append(WinningTile(tile="", kind=None))
    return Waits(
        held=HAND_CARDS,
        hand_size=HAND_CARDS,
        tiles=tuple(wins),
        short=tuple(w for w in found if not w.wins),
    )
