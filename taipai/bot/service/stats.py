"""Nights that add up (issue 15 item 6): each player's figures over sessions, from the event log.

Pure (events in, figures out; no I/O, no clock): :func:`session_figures` reads one replayed session
(:func:`~taipai.core.table.machine.replay` of its log, or the state :class:`~.book.Book` keeps),
:func:`add_up` adds sessions together, :func:`ranked` orders players for 排行榜.

- A **win** is one winner of a hand: a leg of :class:`~taipai.core.table.WinByDiscard` (一炮多響 is
  one win for each winner), a :class:`~taipai.core.table.SelfDraw` (also a **自摸**), or a game's
  own event that names a ``winner`` and ends the hand (台灣牌's 花胡: seed 003 「花胡視同正式之胡牌」);
  its ``count``, when the event has one (:func:`own_count`: 花胡's 8台), is that win's count.
- **出銃** counts the hands a player dealt in: one per :class:`~taipai.core.table.WinByDiscard` they
  are the discarder of, whatever number of winners (搶槓's konging player is its discarder, seed 004
  「只會視為槓牌一方出沖而已」).
- **Hands played** by a player are the hands their sessions played (wins and draws,
  :attr:`TableState.hand`); the win rate is wins / hands played.
- The **biggest hand** is a win's count in the game's unit as booked (番 without 底 and dealer fan at
  港式台牌, DESIGN §5; 台 at 台灣牌; 翻 at 廣東牌), kept per unit: 8台 is never compared with 8番.
- **Net money** is what 計數 and 埋數 show (:func:`~.history.settled_money` of the fewest settling
  transfers, each rounded to the cent): money, so sessions of different games add up, but only
  within one currency.  A session's money is in its own currency (``sessions.currency``, stamped at
  開枱: :mod:`.currency`), so a player's net money is one figure per currency
  (:attr:`PlayerFigures.money`: ``HK$756`` and ``NT$1,150``, never ``HK$1,906``).  A 拉 chain
  still open in an open session counts as if paid now (:meth:`TableState.owed`: what 埋數 would
  leave), so a night's figures do not jump at 埋數.

Players are matched across sessions by the name typed at 開枱 (after the parser's NFKC and space
clean-up), exactly: 「阿明」 on Monday and 「阿明」 on Friday are one player.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from datetime import datetime
from fractions import Fraction

from taipai.bot.money_format import DEFAULT_CURRENCY, currency_of
from taipai.bot.service.history import settled_money
from taipai.core.registry import system_by_id
from taipai.core.settle import settle_transfers
from taipai.core.table import HistoryEntry, SelfDraw, TableState, WinByDiscard


@dataclass(frozen=True, slots=True)
class Biggest:
    """A player's biggest win in one unit: ``count`` (番/台/翻, as booked), in hand ``hand`` (1, 2 …)
    of session ``session`` (its id) opened at ``opened`` (aware UTC).  The first such win counts
    when two are equal."""

    count: int
    session: int
    hand: int
    opened: datetime


@dataclass(slots=True)
class PlayerFigures:
    """One player's figures over some sessions.

    Attributes:
        name: the name typed at 開枱.
        sessions: sessions they sat in.  hands: hands those sessions played (wins and draws).
        won: hands won.  self_drawn: of them 自摸.  dealt_in: hands they dealt in (出銃).
        biggest: unit (``番``, ``台``, ``翻``) → their biggest win in it.
        money: ISO currency code (``HKD``, ``TWD`` …) → their net money in it (exact; each settling
            transfer rounded to the cent), in the order the currencies first appear; one entry per
            currency their sessions were played in, never two currencies added.
    """

    name: str
    sessions: int = 0
    hands: int = 0
    won: int = 0
    self_drawn: int = 0
    dealt_in: int = 0
    biggest: dict[str, Biggest] = field(default_factory=dict)
    money: dict[str, Fraction] = field(default_factory=dict)

    @property
    def net(self) -> Fraction:
        """Net money when it is in one currency (0 with none).

        Raises:
            ValueError: the player's sessions were played in several currencies (money of
                different currencies never adds up: read :attr:`money`).
        """
        if len(self.money) > 1:
            raise ValueError(f"{self.name}'s money is in {sorted(self.money)}: it does not add up")
        return sum(self.money.values(), Fraction(0))

    def net_in(self, currency: str) -> Fraction:
        """Net money in ISO code ``currency`` (0 when none of their sessions was in it)."""
        return self.money.get(currency, Fraction(0))

    @property
    def win_rate(self) -> Fraction:
        """Wins / hands played (0 when no hand was played)."""
        return Fraction(self.won, self.hands) if self.hands else Fraction(0)


@dataclass(frozen=True, slots=True)
class SessionFigures:
    """One session's figures: ``session`` (its id), ``opened`` (aware UTC), ``system`` (the game's
    id), ``unit`` (its unit), ``hands`` played, ``players`` in seat order, and ``currency`` (the ISO
    code its money is in)."""

    session: int
    opened: datetime
    system: str
    unit: str
    hands: int
    players: tuple[PlayerFigures, ...]
    currency: str = DEFAULT_CURRENCY

    @property
    def empty(self) -> bool:
        """Nothing to add up: no hand played and no money moved (a table opened and cancelled)."""
        return self.hands == 0 and all(v == 0 for p in self.players for v in p.money.values())


def _ends_hand(entries: Sequence[HistoryEntry], i: int, played: int) -> bool:
    """Whether history entry ``i`` ended its hand: the next entry is in a later hand, or (the last)
    the session has played that hand."""
    hand = entries[i].hand
    if i + 1 < len(entries):
        return entries[i + 1].hand > hand
    return played >= hand


def own_count(event: object) -> int | None:
    """The count (in the game's unit) of a game's own win event, when it says one as ``count``
    (台灣牌's :class:`~taipai.systems.taiwan.events.FlowerWin`: 八仙過海 / 七搶一 「計…8台」 plus the
    hand's 台 when it also won); ``None`` when it says none (the win still counts, with no biggest)."""
    count = getattr(event, "count", None)
    return count if isinstance(count, int) and not isinstance(count, bool) else None


def session_figures(
    session: int, opened: datetime, state: TableState, currency: str | None = None
) -> SessionFigures:
    """The figures of one session, replayed into ``state`` (its effective history: undone events do
    not count).

    Args:
        session: the session's id.  opened: when it was opened (aware UTC).
        state: the session's table state (any game of :mod:`taipai.core.registry`).
        currency: the ISO code its money is in (``sessions.currency``); ``None`` or a code not in
            :data:`~taipai.bot.money_format.CURRENCIES` is HKD.

    Returns a :class:`SessionFigures` whose players each have ``sessions`` 1 and ``hands`` the
    session's hands.  Raises nothing for a state the table machine made.
    """
    unit = system_by_id(state.system).unit
    figures = {p.name: PlayerFigures(p.name, sessions=1, hands=state.hand) for p in state.players}

    def won(name: str, count: int | None, hand: int, *, self_drawn: bool = False) -> None:
        f = figures[name]
        f.won += 1
        f.self_drawn += int(self_drawn)
        best = f.biggest.get(unit)
        if count is not None and (best is None or count > best.count):
            f.biggest[unit] = Biggest(count, session, hand, opened)

    entries = state.history
    for i, entry in enumerate(entries):
        event = entry.event
        if isinstance(event, WinByDiscard):
            figures[event.discarder].dealt_in += 1
            for leg in event.legs:
                won(leg.winner, leg.fan, entry.hand)
        elif isinstance(event, SelfDraw):
            won(event.winner, event.fan, entry.hand, self_drawn=True)
        else:
            winner = getattr(event, "winner", None)  # a game's own win (花胡), when it ends the hand
            if isinstance(winner, str) and winner in figures and _ends_hand(entries, i, state.hand):
                won(winner, own_count(event), entry.hand)
    code = (currency_of(currency) if currency else None) or DEFAULT_CURRENCY
    for p in figures.values():
        p.money[code] = Fraction(0)
    for name, money in settled_money(state, settle_transfers(state.owed())).items():
        figures[name].money[code] = money
    return SessionFigures(session, opened, state.system, unit, state.hand, tuple(figures.values()), code)


def add_up(nights: Iterable[SessionFigures]) -> list[PlayerFigures]:
    """Every player of ``nights`` with their figures added up (matched by name), in the order they
    first appear; a biggest hand is kept per unit (the larger count; the earlier when equal); money
    is added per currency (:attr:`PlayerFigures.money`), never across two."""
    out: dict[str, PlayerFigures] = {}
    for night in nights:
        for p in night.players:
            total = out.setdefault(p.name, PlayerFigures(p.name))
            total.sessions += p.sessions
            total.hands += p.hands
            total.won += p.won
            total.self_drawn += p.self_drawn
            total.dealt_in += p.dealt_in
            for code, amount in p.money.items():
                total.money[code] = total.money.get(code, Fraction(0)) + amount
            for unit, best in p.biggest.items():
                now = total.biggest.get(unit)
                if now is None or best.count > now.count:
                    total.biggest[unit] = best
    return list(out.values())


def ranked(players: Iterable[PlayerFigures], currency: str = DEFAULT_CURRENCY) -> list[PlayerFigures]:
    """Players for 排行榜: by net money in ISO code ``currency`` (the chat's currency now; a player
    with no session in it counts 0 there), most first; then by win rate, then by wins, then by name
    (so equal players always come in the same order).  Money in other currencies does not rank:
    it is never converted nor added to ``currency``'s."""
    return sorted(players, key=lambda p: (-p.net_in(currency), -p.win_rate, -p.won, p.name))


def currencies_of(players: Iterable[PlayerFigures], first: str) -> list[str]:
    """The currencies ``players``' money is in, ``first`` first when any is in it, then the others
    in the order they first appear."""
    seen: dict[str, None] = {}
    for p in players:
        for code in p.money:
            seen.setdefault(code, None)
    return sorted(seen, key=lambda code: code != first)


def units_of(nights: Iterable[SessionFigures]) -> list[str]:
    """The units of the games ``nights`` played, in the order they first appear."""
    seen: dict[str, None] = {}
    for night in nights:
        seen.setdefault(night.unit, None)
    return list(seen)


def by_id(nights: Iterable[SessionFigures]) -> Mapping[int, SessionFigures]:
    """``nights`` by session id (to name the session of a biggest hand)."""
    return {n.session: n for n in nights}
