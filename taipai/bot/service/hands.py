"""Read the ``<hand>`` part of a win message: a bare fan count, or a hand message scored by the core.

The core's notation and scoring modules are imported lazily, so the service works (bare counts)
even where scoring is unavailable.
"""

from __future__ import annotations

import asyncio
import contextlib
import contextvars
import hashlib
import logging
import multiprocessing
import os
import pickle
import threading
import time
from collections.abc import Callable
from concurrent.futures import ProcessPoolExecutor, ThreadPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, TypeVar

from taipai.bot.service.parse import read_count
from taipai.bot.service.reads import ReadHand
from taipai.core.budget import over_budget_error
from taipai.core.errors import HandError
from taipai.core.handspec import Situation
from taipai.core.registry import system_by_id
from taipai.core.system import Seat
from taipai.core.table import WINDS as TABLE_WINDS
from taipai.core.table import TableState
from taipai.core.tiles import EAST

if TYPE_CHECKING:
    from taipai.core.budget import Budget


def situation_for(state: TableState, winner: str) -> Situation:
    """The :class:`Situation` of ``winner`` at this table now: 門風, 圈風, dealer, 連莊 n."""
    return Situation(
        dealer=winner == state.dealer,
        streak=state.streak,
        round_wind=EAST + TABLE_WINDS.index(state.round_wind),
        seat_wind=EAST + TABLE_WINDS.index(state.seat_wind(winner)),
    )


def seat_for(state: TableState, winner: str) -> Seat:
    """What the table knows of ``winner`` now (:class:`~taipai.core.system.Seat`): dealer, 連莊 n,
    門風 and 圈風."""
    return Seat(
        dealer=winner == state.dealer,
        streak=state.streak,
        seat_wind=EAST + TABLE_WINDS.index(state.seat_wind(winner)),
        round_wind=EAST + TABLE_WINDS.index(state.round_wind),
    )


def read_hand(
    text: str, state: TableState, winner: str, rules: Any, *, budget: Budget | None = None
) -> ReadHand:
    """Read a leg's hand at the table's game (``state.system``, :mod:`taipai.core.registry`): a bare
    count (``12番``, ``3台``, ``5翻`` → that count, 1 底) or a hand message.

    A count is checked by the system (:meth:`~taipai.core.system.RuleSystem.check_count`: hk-old
    refuses one below its 起糊).  A hand message is read and scored by the system
    (:meth:`~taipai.core.system.RuleSystem.score`) with the winner's seat, the table's settings and
    ``rules`` (the system's rule set) within ``budget`` (the core's default when None); the booked
    count is :meth:`~taipai.core.system.RuleSystem.booked_fan` (hk-taiwan: without the dealer's 2n+1,
    which the ledger adds to each leg that involves the dealer).

    Raises:
        HandError: the hand does not parse or is not a win (code ``not_a_win`` …); ``below_minimum``;
            ``over_budget`` when the wildcard search spent its budget, or gave a best reading it
            could not prove: a guess is never booked as money (DESIGN §1).
    """
    system = system_by_id(state.system)
    count = read_count(text)
    if count is not None:
        return ReadHand(fan=system.check_count(count, state.options), bases=1, typed=count)
    scored = system.score(text, seat_for(state, winner), rules, state.options, budget=budget)
    score = scored.score
    if not score.exact:  # every game's scorer should refuse it already; a guess is never booked
        raise over_budget_error(budget)
    return ReadHand(
        fan=system.booked_fan(score),
        bases=score.bases,
        score=score,
        self_drawn=scored.self_drawn,
        robbed_kong=scored.robbed_kong,
        overruled=scored.overruled,
        kongs=scored.kongs,
    )


_T = TypeVar("_T")

log = logging.getLogger(__name__)

SCORING_WORKERS = 2
"""Hands scored at once (the reference host's cores).  A chat's messages are handled one at a time,
so one chat holds at most one of them; a hand costs at most its budget (well under a second of
CPU, ``benchmarks/hostile_bench.py``), so a busy pool delays a hand by a bounded time."""

HAND_SECONDS = 5.0
"""Wall-clock backstop per hand (seconds, from when a worker starts it): the count budget decides
on any sane machine; this only stops a hand on a machine so loaded that its budget would take
longer.  It never changes a result that finished: a hand stopped by it is refused (over_budget)."""


FIRST_PASS_UNITS = 50_000
"""Budget units of a hand's first pass (:meth:`ScoringPool.score`): more than any ordinary hand
spends (the costliest corpus of ``benchmarks/wild_bench.py``, eight 皇 around three melds, at most
34,000), an eighth of the full budget."""

SCORING_THREADS = 32
"""Threads that wait for the scoring processes (one per chat with a hand being scored, at most):
cheap, and more of them than processes lets a quick hand overtake a long one's second pass."""


def wall_budget(
    seconds: float, clock: Callable[[], float] = time.monotonic, *, units: int | None = None
) -> Budget:
    """A fresh hand budget of ``units`` (the core's default when None) whose deadline is
    ``seconds`` from now on ``clock`` (a monotonic clock in seconds; the core reads none itself)."""
    from taipai.core.budget import DEFAULT_BUDGET, Budget

    end = clock() + seconds
    return Budget(DEFAULT_BUDGET if units is None else units, deadline=lambda: clock() > end)


@dataclass(frozen=True, slots=True)
class _Refusal:
    """A HandError carried back from a scoring process (HandError's keyword-only fields do not
    survive pickling as an exception)."""

    code: str
    message: str
    token: str
    position: int
    hint: str
    hint_args: dict[str, object]

    def error(self) -> HandError:
        return HandError(
            self.code,
            self.message,
            token=self.token,
            position=self.position,
            hint=self.hint,
            hint_args=self.hint_args,
        )


PARENT_CHECK_SECONDS = 1.0
"""How often a scoring process checks that the bot process that started it is still alive."""

SCORING_NICE = 10
"""How much lower a scoring process's CPU priority is than the bot's (``os.nice``): when the cores
are busy, the event loop (replies, every other chat) runs first and the hands wait."""


def _start_worker(parent: int) -> None:
    """Initializer of a scoring process: lower its priority (:data:`SCORING_NICE`), and exit once
    ``parent`` (the bot process) is gone, so a bot killed with SIGKILL leaves no scoring process
    behind (their task queue never closes)."""
    with contextlib.suppress(OSError, AttributeError):  # no os.nice, or not allowed: same priority
        os.nice(SCORING_NICE)

    def watch() -> None:
        while os.getppid() == parent:
            time.sleep(PARENT_CHECK_SECONDS)
        os._exit(0)

    threading.Thread(target=watch, name="taipai-score-parent", daemon=True).start()


RULES_KEPT = 16
"""Rule sets a scoring process keeps (by content) so that the scoring core's tables and suit
summaries, cached per rule set, stay warm from hand to hand."""

_worker_rules: dict[bytes, Any] = {}


@dataclass(frozen=True, slots=True)
class _Again:
    """A first pass that did not settle the hand: score it again with the full budget."""


def score_in_worker(
    text: str,
    state: TableState,
    winner: str,
    rules: Any,
    seconds: float,
    digest: bytes = b"",
    units: int | None = None,
) -> Any:
    """:func:`read_hand` within :func:`wall_budget` ``(seconds, units=units)``, in a scoring
    process: the :class:`ReadHand`, the refusal (a picklable form of the HandError), or, for a
    first pass (``units`` given) that ran out or could not explain a non-win as fully as a larger
    budget might, :class:`_Again`.  ``digest`` names the content of ``rules``: a rule set seen
    before is used instead of this fresh copy (whose tables the core would otherwise build again
    for every hand)."""
    if digest:
        kept = _worker_rules.get(digest)
        if kept is None:
            if len(_worker_rules) >= RULES_KEPT:
                _worker_rules.clear()
            kept = _worker_rules[digest] = rules
        rules = kept
    budget = wall_budget(seconds, units=units)
    try:
        return read_hand(text, state, winner, rules, budget=budget)
    except HandError as err:
        if units is not None and (err.code == "over_budget" or budget.explained_short):
            return _Again()
        return _Refusal(err.code, err.message, err.token, err.position, err.hint, err.hint_args)


def call_in_worker(fn: Callable[..., Any], digest: bytes, rules: Any, *args: Any) -> Any:
    """``fn(rules, *args)`` in a scoring process (:meth:`ScoringPool.call`), with the process's kept
    copy of ``rules`` when ``digest`` names one seen before; a HandError comes back as its picklable
    refusal."""
    kept = _worker_rules.get(digest)
    if kept is None:
        if len(_worker_rules) >= RULES_KEPT:
            _worker_rules.clear()
        kept = _worker_rules[digest] = rules
    try:
        return fn(kept, *args)
    except HandError as err:
        return _Refusal(err.code, err.message, err.token, err.position, err.hint, err.hint_args)


class ScoringPool:
    """Where hand messages are scored: apart from the event loop and its default executor.

    :meth:`run` puts a call on one of :data:`SCORING_THREADS` threads of its own (the chat's wait),
    and :meth:`score`, called there, scores the hand in one of :attr:`workers` processes: the search is
    CPU-bound Python, and in a thread it would take the interpreter lock from the event loop for
    most of each hand (measured: ticks 5 ms apart woke up to 130 ms late while eight hostile hands
    were scored on two threads); in a process it takes nothing the loop needs.  Each hand runs
    within its count budget and the wall-clock backstop :attr:`seconds`, in two passes: first with
    :data:`FIRST_PASS_UNITS`, which settles every ordinary hand, then, only if that did not settle
    it, with the full budget, queued behind the hands that came meanwhile, so a quick hand from
    another chat waits for at most the first passes in progress, not for the long hands' whole
    budgets.  The answer is the one the full budget gives (a first pass that finishes has proven
    it; one that cannot explain a non-win as well as a larger budget might is run again).  When
    the processes break
    (one killed, or they cannot start: a ``spawn`` child re-imports the main script, which must
    guard its start with ``if __name__ == "__main__"`` as ``taipai`` does), the hand is scored on
    the thread instead, within the same budget, and fresh processes are tried for the next hand;
    after :data:`BROKEN_LIMIT` breaks in a row the pool stays on its threads (logged once).

    Args:
        workers: hands at once (:data:`SCORING_WORKERS`).
        seconds: each hand's wall-clock backstop (:data:`HAND_SECONDS`).
        processes: score in worker processes (default); False scores on the pool's threads.
    """

    def __init__(
        self, workers: int = SCORING_WORKERS, seconds: float = HAND_SECONDS, *, processes: bool = True
    ) -> None:
        self.workers = workers
        self.seconds = seconds
        self.processes = processes
        self._threads: ThreadPoolExecutor | None = None
        self._procs: ProcessPoolExecutor | None = None
        self._lock = threading.Lock()
        self._broken = 0  # process pools broken in a row
        self._slots = threading.BoundedSemaphore(workers)  # hands scored at once on the threads
        self._digests: dict[int, tuple[Any, bytes]] = {}  # id(rules) -> (rules, digest of its pickle)

    def _thread_pool(self) -> ThreadPoolExecutor:
        with self._lock:
            if self._threads is None:
                self._threads = ThreadPoolExecutor(SCORING_THREADS, thread_name_prefix="taipai-score")
            return self._threads

    def _process_pool(self) -> ProcessPoolExecutor:
        with self._lock:
            if self._procs is None:
                # spawn: a fork of a process running an event loop and threads may copy held locks
                context = multiprocessing.get_context("spawn")
                self._procs = ProcessPoolExecutor(
                    self.workers, mp_context=context, initializer=_start_worker, initargs=(os.getpid(),)
                )
            return self._procs

    async def run(self, fn: Callable[..., _T], *args: Any) -> _T:
        """Run ``fn(*args)`` on a scoring thread and await its result (exceptions propagate).  The
        caller's context variables (the reply language) go with it, as with ``asyncio.to_thread``."""
        loop = asyncio.get_running_loop()
        ctx = contextvars.copy_context()
        return await loop.run_in_executor(self._thread_pool(), ctx.run, fn, *args)

    def score(self, text: str, state: TableState, winner: str, rules: Any) -> ReadHand:
        """:func:`read_hand` of ``text`` within a hand budget, in a worker process, in two passes
        (see the class); blocking: call it from :meth:`run`'s threads.

        Raises:
            HandError: as :func:`read_hand` with the full budget.
        """
        got = self._attempt(text, state, winner, rules, FIRST_PASS_UNITS)
        if isinstance(got, _Again):
            got = self._attempt(text, state, winner, rules, None)
        if isinstance(got, _Refusal):
            raise got.error()
        return got  # type: ignore[no-any-return]

    def _attempt(self, text: str, state: TableState, winner: str, rules: Any, units: int | None) -> Any:
        """One pass of :meth:`score`: what :func:`score_in_worker` returns."""
        if self.processes:
            try:
                pool = self._process_pool()
            except (OSError, ImportError, NotImplementedError) as exc:  # no semaphores (/dev/shm) …
                self.processes = False
                log.warning("scoring processes unavailable (%s); hands are scored on threads", exc)
            else:
                args = (text, state, winner, rules, self.seconds, self._digest(rules), units)
                try:
                    job = pool.submit(score_in_worker, *args)
                except BrokenProcessPool:
                    self._broke(pool)
                except RuntimeError:  # submitted while the pool closed: scored on this thread
                    pass
                else:
                    try:
                        got = job.result()
                    except BrokenProcessPool:
                        self._broke(pool)
                    else:
                        self._broken = 0
                        return got
        with self._slots:
            return score_in_worker(text, state, winner, rules, self.seconds, b"", units)

    def call(self, fn: Callable[..., _T], rules: Any, *args: Any) -> _T:
        """``fn(rules, *args)`` in a scoring process (on this thread when the processes are
        unavailable); blocking: call it from :meth:`run`'s threads.  For work other than one hand's
        :meth:`score` (``計番``, ``聽``): ``fn`` is a module-level function (picklable) that bounds its
        own work with a budget; ``rules`` is kept warm in the process like a hand's.

        Raises:
            whatever ``fn`` raises (a HandError comes back with its code, token and hint_args).
        """
        if self.processes:
            try:
                pool = self._process_pool()
            except (OSError, ImportError, NotImplementedError) as exc:
                self.processes = False
                log.warning("scoring processes unavailable (%s); hands are scored on threads", exc)
            else:
                try:
                    got = pool.submit(call_in_worker, fn, self._digest(rules), rules, *args).result()
                except BrokenProcessPool:
                    self._broke(pool)
                except RuntimeError:  # submitted while the pool closed: run on this thread
                    pass
                else:
                    self._broken = 0
                    if isinstance(got, _Refusal):
                        raise got.error()
                    return got  # type: ignore[no-any-return]
        with self._slots:
            return fn(rules, *args)

    def _digest(self, rules: Any) -> bytes:
        """A digest of ``rules``' content (computed once per rule set object)."""
        with self._lock:
            hit = self._digests.get(id(rules))
            if hit is not None and hit[0] is rules:
                return hit[1]
        digest = hashlib.sha256(pickle.dumps(rules)).digest()
        with self._lock:
            if len(self._digests) >= RULES_KEPT:
                self._digests.clear()
            self._digests[id(rules)] = (rules, digest)
        return digest

    def _broke(self, pool: ProcessPoolExecutor) -> None:
        """Forget a broken process pool; after :data:`BROKEN_LIMIT` in a row, use threads only."""
        with self._lock:
            if self._procs is pool:
                self._procs = None
                self._broken += 1
                if self._broken >= BROKEN_LIMIT and self.processes:
                    self.processes = False
                    log.warning("scoring processes do not start; hands are scored on threads")
        pool.shutdown(wait=False, cancel_futures=True)

    def close(self) -> None:
        """Stop the processes and threads once their hands are done (at most a hand's budget; later
        calls start new ones).  Blocking: not for the event loop's thread.  The processes are waited
        for, since a process pool left to stop on its own while the interpreter exits may write to
        a pipe already closed (Python 3.11's concurrent.futures)."""
        with self._lock:
            threads, self._threads = self._threads, None
            procs, self._procs = self._procs, None
        if procs is not None:
            procs.shutdown(wait=True, cancel_futures=True)
        if threads is not None:
            threads.shutdown(wait=False, cancel_futures=True)


BROKEN_LIMIT = 3
"""Process pools that may break in a row before :class:`ScoringPool` keeps to its threads."""

SCORING = ScoringPool()
"""The process's scoring pool (every :class:`~taipai.bot.service.service.Service` shares it)."""
