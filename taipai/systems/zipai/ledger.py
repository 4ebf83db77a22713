"""字牌's money and deal (:class:`~taipai.core.system.TableRules`; seed 002 ⑴ 定庄, ⑶ 大字牌的勝負規則).

Amounts are money: a hand of ``v`` (油 / 胡 / 排) is one share of ``v × base``.

- **A win on another player's card** (點炮, seed 002 ⑶ 「如為點炮這時扣除點炮玩家的積分而不扣除另外一玩家積
  分，即點炮的
  玩家單獨承擔胡牌玩家的所有積分」): the discarder pays every loser's share (``discard`` ``all``: 2 shares at
  a table of three) or one (``single``).
- **A self-draw** (⑶ 「輸的玩家分別給予按獲勝玩家所得油數算的積分 … 自摸情況下 … 獲勝玩家所得積分相應加
  倍」): each
  loser pays one share, twice with ``self_draw`` ``double`` (大字牌's default).
- **Threshold**: a new win below the table's ``threshold`` is refused (``below_minimum``; 長沙跑胡子
  counts 排, whose threshold is on the hand's 胡息 and checked when the hand is scored).
- **Dealer** (⑴ 「之後的局，上局胡牌的玩家成為莊家。如果荒庄，由莊家繼續做莊，連續3次荒庄，則由莊家的下家做
  莊」):
  the winner deals next; a 荒莊 (流局) keeps the dealer, and the ``draws_to_pass``-th in a row under one
  dealer passes the deal to the next player.
- **詐糊** (the seed has none; a choice): the false winner pays each other player the least winning hand
  (the threshold; 長沙跑胡子: 卡胡's 5排).
"""

from __future__ import annotations

from collections.abc import Mapping
from fractions import Fraction
from typing import Any

from taipai.core.system import Outcome
from taipai.core.table.amounts import Amount, norm
from taipai.core.table.deal import next_deal
from taipai.core.table.errors import TableError
from taipai.core.table.events import Draw, Event, FalseWin, SelfDraw, SessionEnded, WinByDiscard
from taipai.core.table.state import ChainMove, CutOffer, Payment, TableState
from taipai.systems.zipai.match import check_win
from taipai.systems.zipai.options import ZipaiOptions
from taipai.systems.zipai.presets import HARD, KAHU_PAI, PAOHUZI, VARIANTS
from taipai.systems.zipai.shuxin import Shuxin, book
from taipai.systems.zipai.turned import TurnedWin


def share(value: int, opts: ZipaiOptions) -> Amount:
    """Money of one share of a ``value`` hand (油 / 胡 / 排): ``value × base``."""
    return norm(Fraction(opts.base) * value)


def _options(state: TableState) -> ZipaiOptions:
    opts = state.options
    if not isinstance(opts, ZipaiOptions):
        raise TableError("bad_event", "the table's settings are not 字牌 settings")
    return opts


def _checked(value: int, opts: ZipaiOptions, strict: bool, winner: str) -> int:
    if strict and opts.variant != PAOHUZI.id and value < opts.threshold:
        unit = VARIANTS[opts.variant].unit
        raise TableError(
            "below_minimum",
            f"{winner}'s {value}{unit} is below this table's {opts.threshold}{unit}",
            f"a win needs at least {opts.threshold}{unit}",
            {"count": str(value), "minimum": str(opts.threshold), "winner": winner},
        )
    return value


def _match(state: TableState, opts: ZipaiOptions, winner: str, value: int, strict: bool) -> str:
    """At a 硬鬍子 table playing 3把50胡 (``three_hands``): the match after this win for the history
    (``"; 3把50胡: …"``), a first win under 15胡 refused when ``strict``
    (:func:`~taipai.systems.zipai.match.check_win`); ``""`` elsewhere."""
    if not (opts.three_hands and opts.variant == HARD.id):
        return ""
    try:
        return "; " + check_win(state, winner, value)
    except TableError:
        if strict:
            raise
        return ""


def deal_to(state: TableState, winner: str) -> TableState:
    """The next hand after ``winner``'s win: the winner deals (a dealer's win keeps the deal, 連莊)."""
    return next_deal(state, keep=False, to=winner)


class ZipaiTable:
    """:class:`~taipai.core.system.TableRules` of one 字牌 variant (amounts in money; module docstring).

    Args:
        variant: the variant's id (:data:`~taipai.systems.zipai.presets.VARIANTS`).
    """

    own_events: tuple[type[Event], ...] = (Shuxin, TurnedWin)
    amounts: str = "money"

    def __init__(self, variant: str) -> None:
        self.variant = variant

    def default_options(self) -> ZipaiOptions:
        """The variant's defaults (:meth:`ZipaiOptions.preset`)."""
        return ZipaiOptions.preset(self.variant)

    def options_from_dict(self, data: Mapping[str, Any]) -> ZipaiOptions:
        """:meth:`ZipaiOptions.from_dict` (missing keys take the variant's defaults)."""
        return ZipaiOptions.from_dict(data, self.variant)

    def win(self, state: TableState, event: WinByDiscard | SelfDraw, *, strict: bool) -> Outcome:
        """The payments of a win (module docstring) and the next deal (the winner deals).

        Raises:
            TableError: ``below_minimum`` (``values``: ``count``, ``minimum``, ``winner``),
                ``first_of_three`` (3把50胡, :func:`~taipai.systems.zipai.match.check_win`), ``bad_event``
                (包自摸, which 字牌 does not play).
        """
        opts = _options(state)
        pays: list[Payment] = []
        if isinstance(event, WinByDiscard):
            losers = len(state.playing) - 1  # the sitter (數信) is no loser
            parts = []
            for leg in event.legs:
                value = _checked(leg.fan, opts, strict, leg.winner)
                match = _match(state, opts, leg.winner, value, strict)
                shares = losers if opts.discard == "all" else 1
                pays.append(Payment(event.discarder, leg.winner, norm(share(value, opts) * shares), "win"))
                parts.append(f"{leg.winner} wins on {event.discarder}'s card: {value}{match}")
            summary = "; ".join(parts)
            first = event.legs[0].winner
        else:
            if event.kong_discarder is not None:
                raise TableError("bad_event", "字牌 has no 包自摸")
            value = _checked(event.fan, opts, strict, event.winner)
            match = _match(state, opts, event.winner, value, strict)
            each = norm(share(value, opts) * (2 if opts.self_draw == "double" else 1))
            pays.extend(Payment(o, event.winner, each, "win") for o in state.playing if o != event.winner)
            summary = f"{event.winner} self-draws (自摸): {value}{match}"
            first = event.winner
        return Outcome(deal_to(state, first), summary, tuple(pays))

    def draw(self, state: TableState, event: Draw) -> Outcome:
        """荒莊: the dealer stays, unless this is the ``draws_to_pass``-th in a row (then the next player
        deals); nobody pays."""
        opts = _options(state)
        passes = state.draws + 1 >= opts.draws_to_pass  # state.draws: 荒莊 kept through so far
        summary = f"draw (荒莊){', the deal passes' if passes else ''}"
        return Outcome(next_deal(state, keep=not passes, drawn=True), summary)

    def false_win(self, state: TableState, event: FalseWin) -> Outcome:
        """詐糊: the false winner pays each other player the least winning hand (module docstring)."""
        opts = _options(state)
        least = KAHU_PAI if opts.variant == PAOHUZI.id else opts.threshold
        amount = share(least, opts)
        others = (o for o in state.playing if o != event.player)  # the sitter (數信) is paid nothing
        pays = tuple(Payment(event.player, o, amount, "false_win") for o in others)
        return Outcome(state, f"{event.player} false win (詐糊): pays each {least}", pays)

    def end(self, state: TableState, event: SessionEnded) -> Outcome:
        """埋數: every win was paid at once, so nothing is left to settle."""
        return Outcome(state, "session ended (埋數)")

    def own(self, state: TableState, event: Event, *, strict: bool) -> Outcome:
        """字牌's own events: 數信 after a win (:func:`taipai.systems.zipai.shuxin.book`) and a win on a
        turned card (:meth:`turned_win`).

        Raises:
            TableError: :func:`~taipai.systems.zipai.shuxin.book`'s codes, :meth:`turned_win`'s;
                ``bad_event`` for another event.
        """
        if isinstance(event, Shuxin):
            return book(state, event)
        if isinstance(event, TurnedWin):
            return self.turned_win(state, event, strict=strict)
        raise TableError("bad_event", f"not a 字牌 event: {event!r}")

    def turned_win(self, state: TableState, event: TurnedWin, *, strict: bool) -> Outcome:
        """A win on a card turned from the pile (:mod:`taipai.systems.zipai.turned`, seed 002 ⑶'s general
        rule 「輸的玩家分別給予按獲勝玩家所得油數算的積分」): each loser pays one share, whatever the table's
        ``self_draw`` and ``discard``; the winner deals next; the threshold and 3把50胡 as for any win.

        Raises:
            TableError: ``bad_event`` (the winner or the turner is not playing this hand, or they are
                the same, or the count is not a whole number ≥ 0), ``below_minimum``, ``first_of_three``.
        """
        opts = _options(state)
        playing = state.playing
        count = event.count
        if event.winner not in playing or (event.turner is not None and event.turner not in playing):
            raise TableError("bad_event", f"a turned-card win names a player not in this hand: {event!r}")
        if event.turner == event.winner:
            raise TableError("bad_event", "a card the winner turned is the winner's own draw: 自摸")
        if isinstance(count, bool) or not isinstance(count, int) or count < 0:
            raise TableError("bad_event", f"a turned-card win's count is a whole number ≥ 0: {count!r}")
        value = _checked(count, opts, strict, event.winner)
        match = _match(state, opts, event.winner, value, strict)
        each = share(value, opts)
        pays = tuple(Payment(o, event.winner, each, "win") for o in playing if o != event.winner)
        by = f" by {event.turner}" if event.turner is not None else ""
        summary = f"{event.winner} wins on a card turned{by} (翻): {value}{match}"
        return Outcome(deal_to(state, event.winner), summary, pays)

    def offers(
        self, state: TableState, moves: tuple[ChainMove, ...]
    ) -> tuple[tuple[CutOffer, ...], tuple[CutOffer, ...]]:
        """No 斬拉 in 字牌: ``(state.pending, ())``."""
        return state.pending, ()
