"""The rule-system seam: what a game plugs into the game-neutral core (DESIGN §1, §10; issue 14).

A *rule system* is one game: 港式台灣麻雀 (``hk-taiwan``, seed 004 + 000), Taiwan 16-tile (``taiwan``,
seed 003 「台灣牌台數說明」), Hong Kong 13-tile 廣東牌 (``hk-old``, seed 003 「香港牌台數說明」) …  Each lives
in ``taipai/systems/<id>/`` and exposes one :class:`RuleSystem` value named ``SYSTEM``;
:mod:`taipai.core.registry` lists them.  Everything else — the ledger reducer
(:mod:`taipai.core.table.machine`), undo/redo, settlement, the store, the adapters and the replies —
reaches a game only through these two protocols:

- :class:`RuleSystem`: the game's name and unit, how a hand message becomes a :class:`Score` in that
  unit (notation words, hand size and shapes, patterns, how values combine), and how a bare count
  (``12番`` / ``3台`` / ``5翻``) is checked;
- :class:`TableRules`: the game's money — its table options, the payment legs of a win, the next deal,
  what a 流局, a 詐糊 and 埋數 do, and its own events (拉/踢 and 斬拉, cash prizes, flower wins).

Units: a score's ``fan`` is the hand's value in the system's ``unit`` (番, 台 or 翻) after the system's
combination rule.  Ledger amounts (``Payment.amount``, balances) are in the system's *ledger unit*: fan
units for hk-taiwan (money = amount × rate, seed 004 「三百六十」), money (the table's 底 currency) for
taiwan and hk-old; :meth:`TableSettings.money` converts either to money.

Both protocols are structural (``typing.Protocol``): a system is any object with these attributes.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, Protocol

from taipai.core.budget import Budget
from taipai.core.chat import ChatVocabulary
from taipai.core.context_words import ContextWords
from taipai.core.scoretypes import Score
from taipai.core.table.events import Draw, Event, FalseWin, SelfDraw, SessionEnded, WinByDiscard
from taipai.core.table.state import ChainMove, CutOffer, Payment, TableSettings, TableState
from taipai.core.tiles import EAST, TileIndex


@dataclass(frozen=True, slots=True)
class Seat:
    """What the table knows about a winner that the hand message need not say.

    Attributes:
        dealer: the winner deals (莊).
        streak: 連莊 n of the dealer (0 for a fresh dealer).
        seat_wind / round_wind: tile kinds 27..30 (東 南 西 北): 門風 and 圈風.
        seen_tiles: tiles already seen on the table this hand (seed 000 現 wildcard), else ``()``.
    """

    dealer: bool = False
    streak: int = 0
    seat_wind: TileIndex = EAST
    round_wind: TileIndex = EAST
    seen_tiles: tuple[TileIndex, ...] = ()


@dataclass(frozen=True, slots=True)
class ScoredHand:
    """A hand message read and scored by a system (:meth:`RuleSystem.score`).

    Attributes:
        score: the best reading; ``score.fan`` is the hand's value in the system's unit.
        said: the seat facts as the message's own words left them (莊, 連2, 西圈, 北位 …).
        overruled: the :class:`Seat` field names the message said otherwise than the table
            (``dealer``, ``streak``, ``round_wind``, ``seat_wind``); the hand is scored with the table's.
        self_drawn: the message says 摸/自摸 X.
        robbed_kong: the message says 搶槓.
        kongs: how each declared kong was made, in message order: ``exposed`` (槓/明槓), ``added``
            (加槓), ``concealed`` (暗槓).
    """

    score: Score
    said: Seat
    overruled: tuple[str, ...] = ()
    self_drawn: bool = False
    robbed_kong: bool = False
    kongs: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True)
class Outcome:
    """What a system's table rule makes of one event.

    Attributes:
        state: the table after the event, without the history entry and without ``payments`` booked
            (the machine books them and appends the entry); for a hand-ending event the next deal is
            already applied (:func:`taipai.core.table.deal.next_deal`).
        summary: one line for the history (English, for logs and ``ledger --json``).
        payments: who pays whom, in the system's ledger unit (zero amounts are dropped).
        moves: 拉/踢 chain moves (hk-taiwan only; ``()`` elsewhere).
    """

    state: TableState
    summary: str
    payments: tuple[Payment, ...] = ()
    moves: tuple[ChainMove, ...] = ()


class TableRules(Protocol):
    """A system's money and deal: the ledger's only game-specific part (DESIGN §1 ``ledger``).

    The machine checks what every game shares (the players exist, a winner is not the discarder, no
    winner twice, counts are whole numbers ≥ 0, 底 ≥ 1) before it calls these.
    """

    own_events: tuple[type[Event], ...]
    """Event classes only this system books (hk-taiwan: CashPrize, CutChain, FlyTile; 字牌: Shuxin and
    TurnedWin, a win neither on a discard nor a self-draw).  The core's wins are :class:`WinByDiscard` and
    :class:`SelfDraw`, which every game's ledger reads; a win of another kind is the game's own event, and
    one that names a ``winner`` (and a ``count``) and ends the hand is a win to the bot's 戰績."""

    amounts: str
    """What the ledger's amounts count: ``"fan"`` (fan units; money = amount × the table's rate, hk-taiwan)
    or ``"money"`` (the table's currency: taiwan 底 + 台 × 台額, hk-old 底 × multiplier)."""

    def default_options(self) -> TableSettings:
        """The preset's table settings."""
        ...

    def options_from_dict(self, data: Mapping[str, Any]) -> TableSettings:
        """Options from their stored JSON (an old log's missing keys take today's defaults).

        Raises:
            TableError: ``bad_option`` / ``bad_value``.
        """
        ...

    def win(self, state: TableState, event: WinByDiscard | SelfDraw, *, strict: bool) -> Outcome:
        """A win: the payment legs and the next deal.  ``strict`` is False when replaying a stored log.

        Raises:
            TableError: a win this game refuses (e.g. hk-old ``below_minimum``, hk-taiwan
                ``bao_needs_exposed_kong``).
        """
        ...

    def draw(self, state: TableState, event: Draw) -> Outcome:
        """流局: usually the dealer stays; a system may settle chains."""
        ...

    def false_win(self, state: TableState, event: FalseWin) -> Outcome:
        """詐糊: what the false winner pays (hk-taiwan: 30 fan each; hk-old: the maximum self-draw)."""
        ...

    def end(self, state: TableState, event: SessionEnded) -> Outcome:
        """埋數: settle what is still open (hk-taiwan's 拉 chains); ``state.ended`` is set by the machine."""
        ...

    def own(self, state: TableState, event: Event, *, strict: bool) -> Outcome:
        """One of :attr:`own_events`.

        Raises:
            TableError: the event breaks this system's rules.
        """
        ...

    def offers(
        self, state: TableState, moves: tuple[ChainMove, ...]
    ) -> tuple[tuple[CutOffer, ...], tuple[CutOffer, ...]]:
        """After any event: ``(pending, new)`` 斬拉 offers (hk-taiwan); ``(state.pending, ())`` elsewhere."""
        ...


class RuleSystem(Protocol):
    """One game (DESIGN §10 table row).

    Attributes:
        id: the stable id stored in ``TableOpened.system`` and the sessions table (``hk-taiwan``,
            ``taiwan``, ``hk-old``).
        unit: the unit of a hand's value: ``番``, ``台`` or ``翻``.
        names: what a table may type at 開枱 to pick it (Cantonese and English; matched case-blind):
            the first is the display name in Chinese.
        english: the display name in English.
        hand_size: tiles held before the win (16 or 13).
        players: how many sit at the table and play each hand: 4 (every mahjong game here) or 3
            (字牌, seed 002 ⑴ 「三人玩」).  開枱 takes exactly this many names; seats are the first
            ``players`` of 東 南 西 北 (a three-player table has 東 南 西) and the deal passes among them
            (:func:`taipai.core.table.deal.next_deal`).
        wildcards: whether the game takes wildcard kinds (seed 000 越搭) at all.
        sitter: optional; ``True`` when a table may seat one more than :attr:`players` and the one
            opposite the dealer sits the hand out (字牌's 數信, seed 002 ⑼ 「莊家的對家「數信」，為閑家。
            「數信」者不打牌，僅作陪」).  A system that does not name it (every mahjong game here) seats
            exactly ``players``; :func:`seat_counts` reads it.
        table: its :class:`TableRules`.
        words: its context words (:class:`~taipai.core.context_words.ContextWords`): the table its hand
            messages are parsed with, and ``words.display(field)`` names a field of ``Score.ignored``.
        chat: its :class:`~taipai.core.chat.ChatVocabulary`: the command kinds it books, its own chat
            commands and the events they become, its setting words, the 規則 rows and the parts of a
            payment line, as English message ids the bot translates.  The chat front end reaches a
            game's words only through it.
    """

    id: str
    unit: str
    names: tuple[str, ...]
    english: str
    hand_size: int
    players: int
    wildcards: bool
    table: TableRules
    words: ContextWords
    chat: ChatVocabulary

    def load_rules(self, source: str | None = None) -> Any:
        """The scoring rule set: the preset when ``source`` is None, else a TOML file that ``extends`` it.

        Raises:
            RulesError: the file is unreadable or breaks the schema (the message says where).
        """
        ...

    def score(
        self,
        text: str,
        seat: Seat,
        rules: Any,
        options: TableSettings,
        *,
        budget: Budget | None = None,
        table_seat: bool = True,
    ) -> ScoredHand:
        """Parse a hand message and return its best reading, ``fan`` in :attr:`unit`.

        Args:
            text: the hand as typed (DESIGN §4), e.g. ``一二三萬 … 摸 東``.
            seat: what the table knows of the winner.
            rules: :meth:`load_rules`'s rule set.
            options: the table's settings (hk-old's 起糊 and maximum live there).
            budget: the work the hand may cost (wildcard systems); the default budget when None.
            table_seat: True (a chat table): ``seat`` overrules the message's 莊 / 連n / X圈 / X位 and
                :attr:`ScoredHand.overruled` says which; False (``taipai score``): the message's words
                stand over ``seat``, which holds the command line's defaults.

        Raises:
            HandError: bad notation (the code and token say what), ``not_a_win``, ``over_budget``,
                ``below_minimum`` (a system with a minimum to win; ``hint_args`` carry the count).
        """
        ...

    def booked_fan(self, score: Score) -> int:
        """The count a win books (``WinLeg.fan``): the hand's value without what the ledger adds per
        leg itself (hk-taiwan: the dealer's 2n+1; taiwan: 作莊 and 連N拉N)."""
        ...

    def check_count(self, count: int, options: TableSettings) -> int:
        """A bare count typed by a player (``12番``): the value to book.

        Raises:
            HandError: ``below_minimum`` (hk-old 起糊) or ``bad_count``.
        """
        ...


def has_round_wind(system: RuleSystem) -> bool:
    """Whether the game has a round wind (圈風) the chat shows (「東圈」): every mahjong game here.  A game
    without one says so with the attribute ``round_winds = False`` (字牌, seed 002: three players and no
    winds); a system that does not name it has one.  The table still moves ``TableState.round_wind``
    (:func:`~taipai.core.table.deal.next_deal`); such a game ignores it."""
    return getattr(system, "round_winds", True) is not False


def seat_counts(system: RuleSystem) -> tuple[int, ...]:
    """How many names 開枱 may seat at a table of ``system``: ``(players,)``, or ``(players, players + 1)``
    when the game lets one sit out each hand (``sitter = True``: 字牌's 數信, seed 002 ⑼ 「數信與開舵首盤
    由四人倒牌 … 莊家的對家「數信」，為閑家」: four sit, three play).  A system that does not name
    ``sitter`` has none."""
    if getattr(system, "sitter", False) is True:
        return (system.players, system.players + 1)
    return (system.players,)
