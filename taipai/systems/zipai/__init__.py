"""字牌 (Hunan 80-card game; seed 002 ⑴–⑷, ⑻, ⑼; DESIGN §10 row ``zipai``): four systems, one per variant.

- Cards: :mod:`~taipai.systems.zipai.cards`; hand messages: :mod:`~taipai.systems.zipai.notation`;
  groups and the grouping search: :mod:`~taipai.systems.zipai.groups`.
- Variants as data: :mod:`~taipai.systems.zipai.presets` (大字牌 ``zipai`` in 油, 硬鬍子 ``zipai-hard``
  in 胡, 長沙跑胡子 ``paohuzi`` in 排, 軟鬍子 ``zipai-soft`` in 胡); counting:
  :mod:`~taipai.systems.zipai.scoring` (also 3把50胡 and 數信's shares).
- Table settings: :mod:`~taipai.systems.zipai.options`; money and deal:
  :mod:`~taipai.systems.zipai.ledger`; chat words: :mod:`~taipai.systems.zipai.chat`.

Each variant is its own system id (not one ``zipai`` with a ``variant`` option) because a system has one
``unit`` and the registry picks a game by the word typed at 開枱: 大字牌 counts 油, the 鬍子 games 胡 and
長沙跑胡子 排, and ``開枱 A B C 跑胡子`` picks its game as ``開枱 A B C D 台灣牌`` does.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from taipai.core.budget import Budget
from taipai.core.chat import ChatVocabulary
from taipai.core.context_words import ContextWords
from taipai.core.errors import HandError
from taipai.core.scoretypes import Score
from taipai.core.system import RuleSystem, ScoredHand, Seat, TableRules
from taipai.core.table.state import TableSettings
from taipai.systems.zipai.chat import vocabulary
from taipai.systems.zipai.ledger import ZipaiTable
from taipai.systems.zipai.notation import read_hand
from taipai.systems.zipai.options import ZipaiOptions
from taipai.systems.zipai.presets import HARD, PAOHUZI, SOFT, VARIANTS, ZIPAI, Variant
from taipai.systems.zipai.scoring import below_minimum, best, least_pai

NO_WORDS = ContextWords(entries=())
"""字牌 hand messages are read by :func:`~taipai.systems.zipai.notation.read_hand`, not the mahjong
notation; this table only answers ``words.display`` (nothing is ever left uncounted)."""


@dataclass(frozen=True)
class Zipai:
    """:class:`~taipai.core.system.RuleSystem` of one 字牌 variant (three players, no wildcards).

    ``hand_size`` is 20: each player is dealt 20 cards, the dealer one more (seed 002 ⑴ 「莊家砌20隻，最後
    補一隻亮張。閑家砌20隻」).
    """

    variant: Variant
    names: tuple[str, ...]
    id: str = field(init=False)
    unit: str = field(init=False)
    english: str = field(init=False)
    hand_size: int = 20
    players: int = 3
    round_winds: bool = False
    """字牌 has no round wind (:func:`taipai.core.system.has_round_wind`): the chat shows none."""
    sitter: bool = True
    """A table may seat four: the one opposite the dealer sits out and 數信 (seed 002 ⑼;
    :func:`taipai.core.system.seat_counts`, :mod:`taipai.systems.zipai.shuxin`)."""
    wildcards: bool = False
    table: TableRules = field(init=False)
    words: ContextWords = NO_WORDS
    chat: ChatVocabulary = field(init=False)

    def __post_init__(self) -> None:
        put = object.__setattr__
        put(self, "id", self.variant.id)
        put(self, "unit", self.variant.unit)
        put(self, "english", self.variant.english)
        put(self, "table", ZipaiTable(self.variant.id))
        put(self, "chat", vocabulary(self.variant.unit, self.variant.id))

    def load_rules(self, source: str | None = None) -> Variant:
        """The variant's preset (``None``, its id or one of its names).

        Raises:
            HandError: ``bad_rules``: 字牌 takes no rule file (its open numbers are table settings).
        """
        if source is None or source in (self.id, *self.names):
            return self.variant
        raise HandError(
            "bad_rules",
            f"{source}: 字牌 takes no rule file; its numbers are table settings (規則 起胡 15)",
            hint=", ".join(self.names),
        )

    def score(
        self,
        text: str,
        seat: Seat,
        rules: object,
        options: TableSettings,
        *,
        budget: Budget | None = None,
        table_seat: bool = True,
    ) -> ScoredHand:
        """Read and count a 字牌 hand message (:func:`~taipai.systems.zipai.notation.read_hand`,
        :func:`~taipai.systems.zipai.scoring.best`); ``fan`` is the hand's value in :attr:`unit`.
        ``seat`` says nothing a 字牌 hand needs (no winds, no dealer value); ``budget`` is not needed
        (the search is exact and small).

        Raises:
            HandError: the notation's errors, ``not_a_win``, ``tile_count``, ``below_minimum``.
        """
        variant = rules if isinstance(rules, Variant) else self.variant
        opts = options if isinstance(options, ZipaiOptions) else ZipaiOptions.preset(self.id)
        hand = read_hand(text)
        score = best(hand, variant, opts.threshold, opts.huxi_per_pai)
        return ScoredHand(score=score, said=Seat(), self_drawn=hand.self_drawn)

    def booked_fan(self, score: Score) -> int:
        """The count a win books: the hand's value (no part is added by the ledger per leg)."""
        return int(score.fan)

    def check_count(self, count: int, options: TableSettings) -> int:
        """A bare count (``15油``, ``6排``): the value to book.

        Raises:
            HandError: ``below_minimum`` (under the table's 起胡; at 長沙跑胡子, whose 起胡 is on 胡息,
                under the fewest 排 a win can count there, :func:`~taipai.systems.zipai.scoring.least_pai`),
                ``bad_count`` (negative).
        """
        if count < 0:
            raise HandError("bad_count", f"a count of {count}", hint="a whole number 0 or more")
        opts = options if isinstance(options, ZipaiOptions) else ZipaiOptions.preset(self.id)
        if self.id == PAOHUZI.id:
            least = least_pai(opts.threshold, opts.huxi_per_pai)
            if count < least:
                raise HandError(
                    "below_minimum",
                    f"{count}排 is below the least win at this table ({least}排)",
                    hint_args={"count_text": f"{count}排", "minimum_text": f"{least}排"},
                )
        elif count < opts.threshold:
            raise below_minimum(count, opts.threshold, self.variant)
        return count

    def __hash__(self) -> int:
        return hash(self.id)


SYSTEM: RuleSystem = Zipai(ZIPAI, ("大字牌", "字牌", "zipai"))
"""大字牌 (``zipai``, 油)."""
HARD_SYSTEM: RuleSystem = Zipai(HARD, ("硬鬍子", "硬胡子", "zipai-hard"))
"""硬鬍子 (``zipai-hard``, 胡)."""
PAOHUZI_SYSTEM: RuleSystem = Zipai(PAOHUZI, ("長沙跑胡子", "跑胡子", "跑鬍子", "长沙跑胡子", "paohuzi"))
"""長沙跑胡子 (``paohuzi``, 排)."""
SOFT_SYSTEM: RuleSystem = Zipai(SOFT, ("軟鬍子", "軟胡子", "软胡子", "zipai-soft"))
"""軟鬍子 (``zipai-soft``, 胡)."""
SYSTEMS: tuple[RuleSystem, ...] = (SYSTEM, HARD_SYSTEM, PAOHUZI_SYSTEM, SOFT_SYSTEM)
"""The four 字牌 systems, in the order the registry lists them."""

__all__ = ["HARD_SYSTEM", "PAOHUZI_SYSTEM", "SOFT_SYSTEM", "SYSTEM", "SYSTEMS", "VARIANTS", "Zipai"]
