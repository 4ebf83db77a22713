"""How a game plugs into the core wildcard engine (:mod:`taipai.core.wilds.search`).

The engine knows no game.  It finds, for a hand holding wildcards, every *distinct completion* (the
multiset of tiles the wildcards stand for, with where each one sits) that makes a winning shape, and
asks the game for the score of each concrete hand, keeping the best.  The game supplies one object
that satisfies :class:`WildScorer`; when it can also bound a completion's total from tile counts it
returns a :class:`WildBound`, and the engine then scores only the completions whose bound can still
beat the best total found (branch and bound): the result is the same, with far fewer scorings.

Calling the engine (the game's scorer does this for a hand with ``spec.wild_count > 0``)::

    from taipai.core.budget import Budget, BudgetExhausted, budget_scope, over_budget_error
    from taipai.core.wilds.search import score_wild_hand

    budget = Budget()
    try:
        with budget_scope(budget):
            score = score_wild_hand(spec, MyScorer(rules))
    except BudgetExhausted:
        raise over_budget_error(budget) from None

``score`` is the :class:`~taipai.core.scoretypes.Score` built by the best completion's
:meth:`Evaluated.score`, with ``wilds`` set to what each wildcard stood for and ``exact=False`` only
when a safety cap was hit (the caller must then book nothing: treat it as ``over_budget``).  A hand
no completion wins raises ``HandError("not_a_win")`` or ``HandError("wild_unplaceable", token=<kind>)``
(the wildcard to blame); a hand holding more wildcards than ``wild_rules.max_wilds_per_hand`` raises
``HandError("wild_unsupported")``.  Every step spends units on
:func:`taipai.core.budget.current_budget` (one scoring is :data:`~taipai.core.budget.EVAL_UNITS`).

Tile kinds are ``0..33`` (:mod:`taipai.core.tiles`); a *range* is a 34-bit ``int`` mask (bit ``t`` set:
the wildcard may stand for tile ``t``), from :mod:`taipai.core.wilds.kinds` (the wildcard kinds, their
context :class:`~taipai.core.wilds.context.WildContext` and the table's
:class:`~taipai.core.wilds.rules.WildRules`: per-meld limits, eyes of two wildcards, fifth copies,
special shapes).  A game with a new kind of wildcard registers it there (or in
:mod:`taipai.core.wilds.schemes`); the engine only reads each kind's mask and ``admits``.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Protocol, runtime_checkable

from taipai.core.hand import Reading, Shape
from taipai.core.handspec import HandSpec, Meld
from taipai.core.scoretypes import Score
from taipai.core.wilds.rules import WildRules

Summary = tuple[int, ...]
"""A :class:`WildBound`'s summary of one suit's tile counts: any tuple of ints the bound chooses, as
long as the bound is monotone in it (see :meth:`WildBound.envelope`)."""


@runtime_checkable
class Evaluated(Protocol):
    """One concrete completion, scored by the game (before its :class:`Score` is built).

    The engine compares many of these by :attr:`key` and builds only the winner's Score.
    """

    @property
    def key(self) -> tuple[int, int]:
        """``(total, fan)`` in the game's unit (番 / 台 / 翻 …): higher is better.  ``total`` is what
        the players are paid on (for 港式台牌, fan + 底); ``fan`` breaks ties.  Must equal the
        Score's ``(total, fan)``."""
        ...

    def score(self) -> Score:
        """The :class:`Score` of this completion (``wilds`` empty: the engine fills it in)."""
        ...


@runtime_checkable
class WildBound(Protocol):
    """An upper bound on the total of any completion, from its tile counts (optional: branch and bound).

    Built per hand by :meth:`WildScorer.bounder`, for what does not change between completions (the
    declared melds, self-draw, flowers, context words, the wait set).  **Soundness is the contract**:
    for every completion whose final 34 counts are ``final``, ``scorer.evaluate(...).key[0] <=
    bound(final)`` and ``<= total(*summaries of its four suits)``; an unsound bound makes the engine
    return a reading that is not the best.  A loose bound is only slower.

    Suits are ``0`` 萬 (tiles 0..8), ``1`` 筒 (9..17), ``2`` 索 (18..26), ``3`` honours (27..33).
    """

    def summary(self, suit: int, counts: tuple[int, ...]) -> Summary:
        """The summary of one suit's final counts (9 counts, 7 for honours; declared melds included
        exactly as in the 34 counts :meth:`bound` receives).  Called often: cache it."""
        ...

    def summaries(self, suit: int, counts: Sequence[int], fills: Sequence[tuple[int, ...]]) -> list[Summary]:
        """:meth:`summary` of ``counts`` (one suit's natural counts, declared melds included) with each
        of ``fills`` added (tile kinds 0..33 of that suit), in order: the engine summarises a suit's
        every completion at once, so a game may look them up faster than one call each."""
        ...

    def suit_fan(self, summary: Summary) -> int:
        """A number that orders summaries of one suit by promise (the engine tries higher first);
        any value is sound."""
        ...

    def envelope(self, summaries: Sequence[Summary]) -> Summary:
        """One summary that bounds every one of ``summaries`` (same suit, same tile count): for any
        choice of the other suits, ``total`` with the envelope is ``>=`` ``total`` with each of them.
        For a summary whose every field the bound reads monotonically, the field-wise max (min for
        fields where lower means more fan) is an envelope."""
        ...

    def total(self, s0: Summary, s1: Summary, s2: Summary, h: Summary) -> int:
        """Upper bound on the total (unit of :attr:`Evaluated.key`) of any completion whose suits
        have these summaries (萬, 筒, 索, honours)."""
        ...

    def bound(self, final: Sequence[int]) -> int:
        """Upper bound on the total of the completion whose final hand (concealed, declared melds
        and winning tile) has these 34 counts."""
        ...


@runtime_checkable
class WildScorer(Protocol):
    """What a game gives the wildcard engine: its hand size, its wildcard rules, which special shapes
    it plays, and how it scores (and optionally bounds) one concrete completion.

    The engine never reads the game's rule table; everything it needs is here.  Implementations are
    cheap to build per hand (a small wrapper around the game's rule set) and must be pure.
    """

    @property
    def hand_size(self) -> int:
        """Tiles in hand before the win, declared melds counted as three: 13 (4 sets + eyes) or 16
        (5 sets + eyes)."""
        ...

    @property
    def wild_rules(self) -> WildRules:
        """The table's wildcard rules: which kinds it plays (``table_kinds``), per-meld limits
        (``max_per_exposed_meld``, ``max_per_concealed_meld``, ``max_in_concealed_kong``,
        ``meld_kinds``, ``in_melds``), ``eyes_both_wild``, ``fifth_copy``, ``discarded_wild_winnable``,
        ``special_shapes`` (whether wildcards may fill the special shapes below) and
        ``max_wilds_per_hand``."""
        ...

    @property
    def special_shapes(self) -> frozenset[Shape]:
        """The special winning shapes the game plays (empty: standard sets + eyes only).  The engine
        completes them from their target tiles when ``wild_rules.special_shapes`` allows wildcards in
        them.  At 16 tiles: :attr:`Shape.EIGHT_PAIRS` 嚦咕嚦咕 (seven pairs and a pung),
        :attr:`Shape.SIXTEEN_UNRELATED` 十六不搭, :attr:`Shape.THIRTEEN_ORPHANS` 十三幺 (the 13
        terminals and honours, one paired, and a set).  At 13 tiles: :attr:`Shape.EIGHT_PAIRS` means
        seven pairs (a kind held four times is two pairs; :meth:`evaluate` refuses it if the game
        does not) and :attr:`Shape.THIRTEEN_ORPHANS` the 13 terminals and honours with one paired.
        The engine only proposes such completions; :meth:`evaluate` reads and prices them (at 13
        tiles :func:`taipai.core.hand.readings` gives standard readings only, so a game that plays
        a special shape at 13 tiles recognises it in its own evaluate)."""
        ...

    # Optional: ``ties_equal: bool``, read with ``getattr(scorer, "ties_equal", False)``.  True when
    # two completions of equal total are equally good answers (``key[1]`` follows from ``key[0]``):
    # the branch and bound may then stop at the first completion that reaches the best bound left
    # (the reading shown is the first in search order).  False, the default, scores every completion
    # tying the best bound and keeps the first in sorted order.

    @property
    def repeat_counting(self) -> bool:
        """True when the game's table counts repeated patterns (occurrences multiply, so no bound
        holds): the engine then scores every distinct completion and :meth:`bounder` is not asked."""
        ...

    def evaluate(
        self,
        spec: HandSpec,
        *,
        wait_tiles: tuple[int, ...],
        reading_ok: Callable[[Reading], bool] | None,
    ) -> Evaluated:
        """Score one concrete completion at its best reading.

        Args:
            spec: the hand with every wildcard replaced by the natural tile it stands for (``wilds``
                empty, ``winning_tile`` set, declared melds as declared).
            wait_tiles: the wait set of the hand *with* its wildcards (tile kinds, sorted): use it for
                wait-dependent rows (獨聽, 單吊 …) instead of the completion's own.
            reading_ok: when not None, only readings (:class:`~taipai.core.hand.Reading`) for which it
                is true may be scored: position-dependent wildcards may stand only where they may.

        Returns:
            An :class:`Evaluated` with ``key = (total, fan)``.

        Raises:
            HandError: no admissible reading wins (not a win, below the table's minimum …): the engine
                skips this completion.
        """
        ...

    def bounder(
        self, spec: HandSpec, melds: tuple[Meld, ...], wait_tiles: tuple[int, ...]
    ) -> WildBound | None:
        """An upper bound for the completions of ``spec`` with these declared melds (their wildcards
        already read as tiles) and wait set, or None (no bound: every completion is scored, up to the
        engine's caps).  Not asked when :attr:`repeat_counting` is true."""
        ...


def summaries_one_by_one(
    bound: WildBound, suit: int, counts: Sequence[int], fills: Sequence[tuple[int, ...]]
) -> list[Summary]:
    """:meth:`WildBound.summaries` by :meth:`WildBound.summary` of each fill added to ``counts``: for
    a game that has no faster way (and for a suit its faster way does not cover)."""
    offset = 27 if suit == 3 else 9 * suit
    out = []
    for fill in fills:
        c = list(counts)
        for t in fill:
            c[t - offset] += 1
        out.append(bound.summary(suit, tuple(c)))
    return out
