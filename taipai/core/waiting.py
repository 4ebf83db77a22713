"""聽: the tiles that complete a hand one tile short of a win, and what each would score (issue 15 item 4).

Game-neutral: the search knows no game's patterns.  It asks the table's
:class:`~taipai.core.system.RuleSystem` to score the hand with each candidate winning tile appended,
once on a discard (``食 X``) and once self-drawn (``摸 X``), exactly as ``taipai score`` scores a hand
typed with that tile (DESIGN §4: 「Winning tile: 摸 X / 自摸 X (self-drawn) or 食 X (on a discard)」).
The candidates are the 34 tile kinds and, at a game that plays 越搭 wildcards (seed 000), each kind the
table plays drawn as the winning tile (``摸 [皇]``); wildcards held in the hand stand for whatever tile
the system's own search reads them as.

The whole search runs within one :class:`~taipai.core.budget.Budget`: each scoring spends
:data:`CANDIDATE_UNITS` on it besides what the system's wildcard search spends itself, so a hostile
hand stops at the budget (``HandError("over_budget")``) instead of stalling a worker.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from taipai.core.budget import DEFAULT_BUDGET, Budget, BudgetExhausted
from taipai.core.errors import HandError
from taipai.core.notation import TokenKind, tokenize
from taipai.core.system import RuleSystem, ScoredHand, Seat
from taipai.core.table.state import TableSettings
from taipai.core.tiles import name_zh
from taipai.core.wilds.schemes import WildScheme

NUM_KINDS = 34
"""Tile kinds a winning tile may be: 萬 筒 索 1–9, 東 南 西 北 中 發 白."""

CANDIDATE_UNITS = 200
"""Budget units one scoring of a candidate costs at least (the natural scorer's cost of a completion,
:data:`taipai.core.budget.EVAL_UNITS`), so even a game without a wildcard search spends on the budget."""

WAITS_BUDGET = 4 * DEFAULT_BUDGET
"""Units the whole 聽 search may spend: four hands' budgets (a 聽 answer scores up to 2 × 42 candidate
hands).  ``benchmarks/waits_bench.py``: 200 seeded 港式台牌 hands (57 with a wildcard or two) spend at
most 111,028 units (p50 20,098; 台灣牌 and 廣東牌 13,600 each).  Six to eight 皇 around three melds
spend 0.2–2.6 million: answered are eight 皇 and 九萬 一至六筒 東 (184,453 units, 0.23 s of CPU), eight
皇 and 一二三萬 四五六萬 七八萬 (927,789, 2.2 s), six 皇 and 一至九萬 一筒 (1,216,034, 1.0 s); not
seven 皇 and 一至九萬 (2,584,034), nor mixed kinds (four [筒索萬] and four [東南西北]: 75 million, a
minute).  A search that spends it all has used 0.7–1.9 s of CPU, within a caller's wall-clock
backstop of 5 s."""

DISCARD_WORD = "食"
"""The word before a winning tile taken on a discard (DESIGN §4)."""
SELF_DRAW_WORD = "摸"
"""The word before a self-drawn winning tile (DESIGN §4)."""

_NOT_COMPLETING = frozenset({"not_a_win", "wild_unplaceable"})
"""Scorer refusals meaning "this tile does not complete the hand"."""


@dataclass(frozen=True, slots=True)
class WinningTile:
    """One tile that completes the hand, and what it scores.

    Attributes:
        tile: the tile as the hand notation writes it (``一萬``, ``東``, ``[皇]``): appended after 食 / 摸
            it is the hand ``taipai score`` scores.
        kind: the tile kind 0..33, or ``None`` for a wildcard drawn as the winning tile.
        discard: the hand won on a discard (``… 食 X``) as the system scored it (``discard.score``), ``None``
            when it cannot be (below the table's minimum: ``discard_short``; or the hand's own words
            rule it out, as 搶槓 rules out a self-draw).
        self_draw: the hand self-drawn (``… 摸 X``), ``None`` likewise.
        discard_short / self_draw_short: the count a win below the table's minimum (廣東牌 起糊,
            ``below_minimum``) would have come to, in the system's unit; ``None`` otherwise.
    """

    tile: str
    kind: int | None
    discard: ScoredHand | None = None
    self_draw: ScoredHand | None = None
    discard_short: int | None = None
    self_draw_short: int | None = None

    @property
    def wins(self) -> bool:
        """Whether the tile makes a win that counts, on a discard or self-drawn."""
        return self.discard is not None or self.self_draw is not None

    def to_dict(self) -> dict[str, object]:
        """JSON form (``taipai waits --json``): the tile, and for ``discard`` / ``self_draw`` the
        ``taipai score --json`` object of that hand (without ``ok``) or ``null``, with the short counts."""

        def shown(scored: ScoredHand | None) -> dict[str, object] | None:
            if scored is None:
                return None
            out = scored.score.to_dict()
            out.pop("ok", None)
            return out

        return {
            "tile": self.tile,
            "discard": shown(self.discard),
            "self_draw": shown(self.self_draw),
            "discard_short": self.discard_short,
            "self_draw_short": self.self_draw_short,
        }

    def sort_key(self) -> tuple[int, int, int]:
        """Best first: the discard's total, then the self-draw's (both descending), then tile order."""
        d = self.discard.score.total if self.discard is not None else -1
        s = self.self_draw.score.total if self.self_draw is not None else -1
        return (-d, -s, NUM_KINDS if self.kind is None else self.kind)


@dataclass(frozen=True, slots=True)
class Waits:
    """The answer to 聽: the tiles that complete the hand, the best first.

    Attributes:
        held: tiles the hand holds (a kong counts 3, a wildcard 1, flowers none).
        hand_size: tiles a hand holds before the win in this game (16 or 13).
        tiles: every winning tile (:attr:`WinningTile.wins`), the best first (:meth:`WinningTile.sort_key`).
        short: tiles that complete the shape but score below the table's minimum either way (廣東牌 起糊).
        spent: budget units the search spent.
    """

    held: int
    hand_size: int
    tiles: tuple[WinningTile, ...] = ()
    short: tuple[WinningTile, ...] = ()
    spent: int = 0

    @property
    def reason(self) -> str:
        """Why the hand is or is not waiting: ``waiting``; ``too_few`` / ``too_many`` tiles (:attr:`held`
        against :attr:`hand_size`); ``below_minimum`` (only :attr:`short` tiles); ``no_tile`` (no tile
        completes it)."""
        if self.held < self.hand_size:
            return "too_few"
        if self.held > self.hand_size:
            return "too_many"
        if self.tiles:
            return "waiting"
        return "below_minimum" if self.short else "no_tile"

    def to_dict(self) -> dict[str, object]:
        """JSON form (``taipai waits --json``): ``ok``, ``waiting``, ``reason``, ``held``, ``hand_size``,
        ``tiles`` and ``short`` (:meth:`WinningTile.to_dict` each, the best first)."""
        return {
            "ok": True,
            "waiting": self.reason == "waiting",
            "reason": self.reason,
            "held": self.held,
            "hand_size": self.hand_size,
            "tiles": [t.to_dict() for t in self.tiles],
            "short": [t.to_dict() for t in self.short],
        }


def candidates(
    system: RuleSystem, rules: Any, options: TableSettings | None = None
) -> tuple[tuple[str, int | None], ...]:
    """The winning tiles to try: ``(notation, kind)`` for the 34 kinds (``kind`` 0..33), then at a game with
    wildcards (:attr:`RuleSystem.wildcards`) each kind the table plays, written ``[K]`` (``kind`` None).

    The table's kinds are the rule set's ``wilds.table_kinds`` (港式台牌's ``[wilds] table_kinds``, default
    the 八搭 set of seed 000); a rule set without them adds none.  A table playing a seed 001 scheme
    whose wildcards are ordinary tiles (``options.scheme``: 帶弟, 活動, 窗 or 心皇; seed 001 「麻将百搭种类」)
    has no typed wildcards to draw: its wild tiles are among the 34 kinds already."""
    found: list[tuple[str, int | None]] = [(name_zh(k), k) for k in range(NUM_KINDS)]
    scheme = getattr(options, "scheme", None)
    if isinstance(scheme, WildScheme) and scheme.scheme != "special":
        return tuple(found)
    if system.wildcards:
        kinds = getattr(getattr(rules, "wilds", None), "table_kinds", ()) or ()
        found += [(f"[{k}]", None) for k in kinds]
    return tuple(found)


def waits_over_budget_error(budget: Budget | None = None) -> HandError:
    """The ``over_budget`` error of a 聽 search that stopped at its budget (``hint_args`` ``spent`` /
    ``limit`` when ``budget`` is known): no partial list is given; the player asks with fewer wildcards,
    or scores the hand with its winning tile (計番 … 摸 X), whose one hand has a budget of its own."""
    return HandError(
        "over_budget",
        "too many wildcard readings to list the winning tiles within the waits budget",
        hint="ask with fewer wildcards, or score the hand with its winning tile, e.g. 計番 … 摸 東",
        hint_args={} if budget is None else {"spent": budget.spent, "limit": budget.limit},
    )


def _held(err: HandError) -> int | None:
    """Tiles held before the appended winning tile, from a ``tile_count`` refusal (``hint_args`` got)."""
    got = err.hint_args.get("got")
    return got - 1 if isinstance(got, int) else None


def _own_winning_tile(system: RuleSystem, text: str, err: HandError) -> HandError:
    """``two_winning_tiles`` pointing at ``text``'s own winning-tile word (食 / 摸 / 自摸), not at the
    candidate appended after it."""
    for t in tokenize(text, words=system.words):
        if t.kind in (TokenKind.WIN, TokenKind.SELF_DRAW):
            word = text[t.start : t.end]
            message = f"{word} at {t.start} already names the winning tile"
            return HandError(err.code, message, token=word, position=t.start, hint=err.hint)
    return err


def find_waits(
    system: RuleSystem,
    text: str,
    rules: Any,
    options: TableSettings,
    *,
    seat: Seat | None = None,
    budget: Budget | None = None,
) -> Waits:
    """The tiles that complete ``text`` (a hand one tile short of a win) and what each scores.

    Each candidate (:func:`candidates`) is appended as ``text + " 食 X"`` and ``text + " 摸 X"`` and scored by
    ``system.score`` with ``table_seat=False`` (the hand's own words, 莊 / 連N / X圈 / X位, stand over
    ``seat``, as in ``taipai score``).  A tile whose scoring says ``not_a_win`` (or ``wild_unplaceable``)
    does not complete the hand; one the notation refuses for its own sake (a fifth copy: all four are in
    the hand already) is not a winning tile either, nor a wildcard drawn by a hand that holds the
    table's most wildcards already (``max_wilds_per_hand`` counts the winning tile, as for a booked
    hand: seed 000 is silent, :class:`~taipai.core.wilds.rules.WildRules`).

    Args:
        system: the table's game (:mod:`taipai.core.registry`).
        text: the tiles as typed (DESIGN §4 notation: concealed tiles, exposed melds 上/碰/槓/暗槓,
            flowers, wildcards, context words), without a winning tile.
        rules: ``system.load_rules(...)``'s rule set.
        options: the table's settings (廣東牌's 起糊 and 最大 change its counts).
        seat: the winner's defaults (dealer, 連莊, winds); an ordinary seat at 東 when None.
        budget: the work the whole search may spend; a fresh :data:`WAITS_BUDGET` when None.

    Returns:
        :class:`Waits`; its counts are in ``system.unit`` (番, 台 or 翻): ``score.fan``, and for 港式台牌
        ``score.total`` = fan + 底 × base fan.

    Raises:
        HandError: ``two_winning_tiles`` when ``text`` already names a winning tile (``食 X`` / ``摸 X``:
            ``token`` and ``position`` are that word's); the hand's own error, as a hand message with
            that error gets it (``unknown_token``, ``fifth_copy``, ``meld_shape`` …; positions are in
            ``text``); ``over_budget`` (:func:`waits_over_budget_error`) when the search spent ``budget``
            before it had scored every candidate (no partial answer is given).
    """
    budget = Budget(WAITS_BUDGET) if budget is None else budget
    seat = Seat() if seat is None else seat
    found: list[WinningTile] = []
    refused: dict[str, HandError] = {}  # a way of winning the hand's own words rule out (搶槓 and 摸)
    end = len(text)
    for tile, kind in candidates(system, rules, options):
        scores: dict[str, ScoredHand] = {}
        shorts: dict[str, int | None] = {}
        for word in (DISCARD_WORD, SELF_DRAW_WORD):
            if word in refused:
                continue
            try:
                budget.spend(CANDIDATE_UNITS)
                hand = f"{text} {word} {tile}"
                scored = system.score(hand, seat, rules, options, budget=budget, table_seat=False)
            except BudgetExhausted:
                raise waits_over_budget_error(budget) from None
            except HandError as err:
                if err.code == "over_budget":
                    raise waits_over_budget_error(budget) from None
                if err.code == "tile_count":
                    held = _held(err)
                    return Waits(held=system.hand_size if held is None else held, hand_size=system.hand_size)
                if err.code == "two_winning_tiles":
                    raise _own_winning_tile(system, text, err) from None
                if kind is None and err.code == "wild_unsupported" and "limit" in err.hint_args:
                    break  # a wildcard drawn past the hand's wildcard limit: not a winning tile
                if err.code == "below_minimum":
                    count = err.hint_args.get("count")
                    shorts[word] = count if isinstance(count, int) else 0
                elif err.code not in _NOT_COMPLETING and err.position < end:
                    refused[word] = err
                continue
            scores[word] = scored
        if len(refused) == 2:
            raise refused[DISCARD_WORD]
        entry = WinningTile(
            tile=tile,
            kind=kind,
            discard=scores.get(DISCARD_WORD),
            self_draw=scores.get(SELF_DRAW_WORD),
            discard_short=shorts.get(DISCARD_WORD),
            self_draw_short=shorts.get(SELF_DRAW_WORD),
        )
        if entry.wins or shorts:
            found.append(entry)
    wins = sorted((w for w in found if w.wins), key=WinningTile.sort_key)
    short = tuple(w for w in found if not w.wins)
    held = system.hand_size
    return Waits(held=held, hand_size=held, tiles=tuple(wins), short=short, spent=budget.spent)
