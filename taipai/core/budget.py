"""The work budget of one hand's scoring: a deterministic count of work units (issue 13 item 4).

A system's scorer (港式台牌's :func:`taipai.systems.hk_taiwan.scoring.score_hand`) makes a
:class:`Budget` current (:func:`budget_scope`) while its wildcard search runs; every step of the search
spends units on :func:`current_budget`, and a spent budget stops it (:class:`BudgetExhausted`), which
the scorer reports as :func:`over_budget_error`.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from contextlib import contextmanager
from contextvars import ContextVar

from taipai.core.errors import HandError

DEFAULT_BUDGET = 400_000
"""Work units one hand may spend (:class:`Budget`).  A unit is about a microsecond of the 越搭
search's CPU (a range check, a search step, a bound, a suit summary; a scored completion is
:data:`EVAL_UNITS`): the ordinary hands of ``benchmarks/wild_bench.py`` spend at most 34,000 (eight
皇 around three natural melds), and a hand that spends it all has used 0.3–0.5 s of CPU and under
50 MB in a fresh process (``benchmarks/hostile_bench.py`` prints both)."""

EVAL_UNITS = 200
"""Units charged for scoring one completion with the natural scorer (every reading, every detector:
0.1–0.4 ms warm)."""

DEADLINE_EVERY = 4096
"""A :class:`Budget` with a ``deadline`` asks it once per this many units spent."""


class BudgetExhausted(Exception):
    """Raised inside the 越搭 search when a hand's :class:`Budget` is spent (or its deadline has
    passed); :func:`score_hand` turns it into ``HandError("over_budget")``.  Not a HandError, so no
    ``except HandError`` inside the search swallows it."""


class Budget:
    """How much work scoring one hand may do: a count of work units, deterministic.

    The count, not a clock, decides: the same hand under the same rules spends the same units on
    any machine, so whether a hand is answered never depends on the machine's speed or load.  The
    optional ``deadline`` is a wall-clock backstop supplied by the caller (the core reads no clock):
    it is asked every :data:`DEADLINE_EVERY` units and, once true, stops the search the same way.
    A search that finishes inside the budget returns its proven best; the deadline never changes
    a finished result.

    Args:
        limit: units allowed (``DEFAULT_BUDGET``); 0 or more.
        deadline: a callable returning True once the caller's time is up, or None.

    Attributes:
        spent: units spent so far.
        explained_short: set when a non-win was proven but its explanation stopped at what this
            budget had left (a larger budget could have named the wildcard to blame), so a caller
            that tries a small budget first knows to try again with a larger one.
    """

    __slots__ = ("_next_check", "deadline", "explained_short", "limit", "spent")

    def __init__(self, limit: int = DEFAULT_BUDGET, deadline: Callable[[], bool] | None = None) -> None:
        if limit < 0:
            raise ValueError(f"a budget is a count >= 0, not {limit!r}")
        self.limit = limit
        self.deadline = deadline
        self.spent = 0
        self.explained_short = False
        self._next_check = DEADLINE_EVERY

    def spend(self, units: int = 1) -> None:
        """Count ``units`` of work.

        Raises:
            BudgetExhausted: the limit is passed, or the deadline (when asked) has come.
        """
        self.spent += units
        if self.spent > self.limit:
            raise BudgetExhausted(self.spent)
        if self.deadline is not None and self.spent >= self._next_check:
            self._next_check = self.spent + DEADLINE_EVERY
            if self.deadline():
                raise BudgetExhausted(self.spent)

    @property
    def remaining(self) -> int:
        """Units left (0 when spent)."""
        return max(0, self.limit - self.spent)


_BUDGET: ContextVar[Budget | None] = ContextVar("taipai_scoring_budget", default=None)
"""The budget of the hand being scored in this thread / task (set by :func:`score_hand`)."""

_UNBOUNDED = Budget(limit=1 << 62)
"""What :func:`current_budget` gives outside :func:`score_hand` (direct calls in tests)."""


def current_budget() -> Budget:
    """The :class:`Budget` of the hand being scored (an unbounded one outside :func:`score_hand`)."""
    budget = _BUDGET.get()
    return _UNBOUNDED if budget is None else budget


@contextmanager
def budget_scope(budget: Budget) -> Iterator[Budget]:
    """Make ``budget`` the current one (:func:`current_budget`) inside the ``with`` block."""
    token = _BUDGET.set(budget)
    try:
        yield budget
    finally:
        _BUDGET.reset(token)


def over_budget_error(budget: Budget | None = None) -> HandError:
    """The ``over_budget`` error of a hand whose search stopped at its budget (``budget``, when
    known, gives ``hint_args`` ``spent`` / ``limit``): nothing is booked on a guess; the players
    give the fan count instead (DESIGN §1: 「a plain answer outside it, never a guess booked as
    money」)."""
    return HandError(
        "over_budget",
        "too many wildcard readings to work out within this hand's budget; give the fan count instead",
        hint="book the hand with its fan count, e.g. 12番",
        hint_args={} if budget is None else {"spent": budget.spent, "limit": budget.limit},
    )
