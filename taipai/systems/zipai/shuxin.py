"""數信: the fourth at a 字牌 table, who sits the hand out and turns a card after a win (seed 002 ⑼).

Seed 002 ⑼ 「中國的字牌是如何計分的」: 「數信與開舵首盤由四人倒牌，根據底牌大小決定誰是莊家，
莊家的對家「數信」，為閑家。「數信」者不打牌，僅作陪，當有人胡牌了以後，「數信」的閑家可以將桌面上
剩餘的、未用過牌的第一張翻開，如這張牌和胡牌人的牌有相同的，就按約定的比例「數信」人一份，如果是有
2張相同的，就2份，最多3份；以後誰胡牌誰就是莊家，對家「數信」。」

- **Who sits out**: a 字牌 table opened with four names (:func:`taipai.core.system.seat_counts`) seats
  them all; the one opposite the dealer (seat dealer + 2) sits each hand out
  (:attr:`taipai.core.table.state.TableState.sitter`), and the core machine refuses them as a winner,
  a discarder or a false winner, and any payment by them.  The winner deals next, so the sitter moves
  with the deal; three 荒莊 pass the deal to the dealer's next player among the four (⑴).
- **The event** (:class:`Shuxin`), booked right after the win it belongs to: the turned card, and the
  shares it makes: each copy of it in the winner's hand is one share, at most 3
  (:func:`taipai.systems.zipai.scoring.turned_card_shares`).
- **Who pays and how much** (⑼ says only 「按約定的比例」; our choice, the table option
  ``shuxin_percent`` / 數信每份): the winner pays the sitter out of the win, each share
  ``shuxin_percent`` % (default 10%) of what the win brought the winner (:func:`win_gain`), rounded half
  up to the cent, the smallest money a 字牌 table's settings hold (:func:`shuxin_amount`).  Nothing in
  ⑶, ⑻ or ⑼ names another payer.
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from decimal import ROUND_HALF_UP, Decimal
from fractions import Fraction
from typing import Any, ClassVar

from taipai.core.chat import N_, Said, shown
from taipai.core.system import Outcome
from taipai.core.table.amounts import Amount, norm
from taipai.core.table.errors import TableError
from taipai.core.table.events import SelfDraw, WinByDiscard
from taipai.core.table.state import HistoryEntry, Payment, TableState
from taipai.systems.zipai.cards import KINDS, SPELLINGS, name
from taipai.systems.zipai.options import ZipaiOptions
from taipai.systems.zipai.scoring import turned_card_shares
from taipai.systems.zipai.turned import TurnedWin

MOST_SHARES = 3
"""The most shares one turned card makes (⑼ 「最多3份」)."""
WIN_EVENTS = (WinByDiscard, SelfDraw, TurnedWin)
"""The wins a 數信 may follow: on a discard, a self-draw, and a card turned from the pile."""
CENT = Fraction(1, 100)
"""The smallest money at a 字牌 table: its settings hold at most 2 decimals
(:func:`taipai.core.table.money.money_setting`)."""


@dataclass(frozen=True, slots=True)
class Shuxin:
    """數信 after a win: the sitter turned ``card``, which makes ``shares`` (module docstring).

    Attributes:
        shares: 0–3: the copies of ``card`` in the winner's hand, at most 3 (``數信 三``), or the count
            the table said itself after a win booked as a bare count (``數信 2份``).
        card: the turned card's kind (0–19: 一 … 十, 壹 … 拾), ``None`` when the table said the shares.
    """

    kind: ClassVar[str] = "shuxin"
    follows_win: ClassVar[bool] = True
    """Booked under the hand of the win it follows (history, export), as 鳥 is."""
    shares: int
    card: int | None = None

    def to_dict(self) -> dict[str, Any]:
        """JSON-ready dict with ``kind``; ``Shuxin(**{k: v for k, v in d.items() if k != "kind"})``
        reverses it."""
        return {"kind": self.kind, **{f.name: getattr(self, f.name) for f in dataclasses.fields(self)}}


def card_of(text: str) -> int | None:
    """The card ``text`` names (one character, any spelling of :data:`~taipai.systems.zipai.cards.SPELLINGS`:
    ``三`` → 2, ``叄`` / ``叁`` → 12), else ``None``."""
    text = text.strip()
    return SPELLINGS.get(text) if len(text) == 1 else None


def cards_in(reading: tuple[str, ...] | list[str]) -> tuple[int, ...]:
    """The cards of a scored hand's groups as its reading writes them (``("碰 三三三", "壹貳叄")`` →
    ``(2, 2, 2, 10, 11, 12)``): every character that is a card; the group words (碰 偎 提 …) are not."""
    return tuple(SPELLINGS[ch] for group in reading for ch in group if ch in SPELLINGS)


def shares_for(cards: tuple[int, ...], card: int) -> int:
    """⑼'s shares of a turned ``card`` against the winner's ``cards`` (at most :data:`MOST_SHARES`)."""
    return turned_card_shares(cards, card, MOST_SHARES)


def the_win(state: TableState) -> HistoryEntry | None:
    """The history entry of the win a 數信 now belongs to: the last event, when it is a win."""
    if state.history and isinstance(state.history[-1].event, WIN_EVENTS):
        return state.history[-1]
    return None


def winner_of(entry: HistoryEntry) -> str | None:
    """The winner of a win entry; ``None`` for a win with several winners on one card (一炮多響)."""
    event = entry.event
    if isinstance(event, SelfDraw | TurnedWin):
        return event.winner
    if isinstance(event, WinByDiscard) and len(event.legs) == 1:
        return event.legs[0].winner
    return None


def win_gain(entry: HistoryEntry, winner: str) -> Amount:
    """What the win of ``entry`` brought ``winner`` (money: what they were paid less what they paid)."""
    got = sum((p.amount for p in entry.payments if p.payee == winner), Fraction(0))
    gave = sum((p.amount for p in entry.payments if p.payer == winner), Fraction(0))
    return norm(Fraction(got) - Fraction(gave))


def shuxin_amount(gain: Amount, percent: int, shares: int) -> Amount:
    """The sitter's money: ``shares × percent % × gain``, rounded half up to the cent (:data:`CENT`).

    Args:
        gain: the winner's gain on the hand (money, ≥ 0; :func:`win_gain`).
        percent: one share in percent of ``gain`` (the table's ``shuxin_percent``, 0–100).
        shares: 0–3.

    Returns:
        The amount (exact: an ``int`` or a ``Fraction`` of at most 2 decimals); e.g. gain 24, 10%, 2
        shares → 4.8; gain 0.15, 10%, 1 share → 0.015 → 0.02.
    """
    exact = Fraction(gain) * percent * shares / 100
    cents = (Decimal(exact.numerator) / Decimal(exact.denominator) * 100).quantize(
        Decimal(1), rounding=ROUND_HALF_UP
    )
    return norm(Fraction(int(cents)) * CENT)


def book(state: TableState, event: Shuxin) -> Outcome:
    """The 數信 payment: the winner of the win just booked pays the sitter (module docstring).

    Args:
        state: the table right after the win (the hand's sitter is the one opposite the dealer the win
            was booked under, the history entry's ``dealer``).
        event: the 數信.

    Returns:
        The outcome: ``state`` unchanged but for the payment ``winner → sitter`` (rule ``shuxin``).

    Raises:
        TableError: ``no_sitter`` (nobody sits out at this table), ``shuxin_after_win`` (the last event
            is no win: a 數信 comes right after its win, once), ``shuxin_one_winner`` (一炮多響),
            ``shuxin_shares`` (shares outside 0–3, or a turned card that is no card).
    """
    if not state.sits_out:
        raise TableError(
            "no_sitter", "nobody sits out at this table: 數信 needs a fourth (開枱 A B C D 字牌)"
        )
    if isinstance(event.shares, bool) or not isinstance(event.shares, int) or not 0 <= event.shares <= 3:
        raise TableError("shuxin_shares", f"數信 makes 0-3 shares, got {event.shares!r}", "0-3")
    card = event.card
    if card is not None and (isinstance(card, bool) or not isinstance(card, int) or not 0 <= card < KINDS):
        raise TableError("shuxin_shares", f"數信's turned card is no 字牌 card: {card!r}", "一 … 十, 壹 … 拾")
    entry = the_win(state)
    if entry is None:
        raise TableError("shuxin_after_win", "數信 is booked right after the win it belongs to, once")
    winner = winner_of(entry)
    if winner is None:
        raise TableError("shuxin_one_winner", "數信 follows a win by one player")
    names = state.names
    sitter = names[(names.index(entry.dealer) + len(names) // 2) % len(names)]
    opts = state.options
    percent = opts.shuxin_percent if isinstance(opts, ZipaiOptions) else 0
    amount = shuxin_amount(win_gain(entry, winner), percent, event.shares)
    turned = "" if event.card is None else f" turned {name(event.card)}:"
    summary = f"數信:{turned} {event.shares} share(s), {winner} pays {sitter}"
    return Outcome(state, summary, (Payment(winner, sitter, amount, "shuxin"),))


# --- the chat: 數信 三 / 數信 2份 ------------------------------------------------------------------

SHARE_WORDS = ("份", "shares", "share")
"""What may follow a share count said directly (``數信 2份``, ``/shuxin 2shares``)."""


def from_chat(said: str, reading: str | None) -> Shuxin:
    """The 數信 a chat command books (:attr:`taipai.core.chat.ChatVocabulary.commands` ``shuxin``).

    Args:
        said: the word after 數信 as typed: the turned card (``三``, ``叄``) or the shares said directly
            (``2份``, ``2``).
        reading: the winning hand's groups as its scored reading wrote them, joined by spaces
            (``碰 三三三 壹貳叄 …``), or ``None`` when the win was booked as a bare count.

    Returns:
        :class:`Shuxin` with the card and its shares (:func:`shares_for`), or the shares said.

    Raises:
        TableError: ``shuxin_usage`` (``said`` is neither a card nor a count of shares),
            ``shuxin_needs_shares`` (a card after a bare-count win: the cards are not known),
            ``shuxin_shares`` (a count outside 0–3).
    """
    text = said.strip()
    for word in SHARE_WORDS:
        if text.casefold().endswith(word):
            text = text[: -len(word)].strip()
            break
    if text.isascii() and text.isdigit():
        shares = int(text)
        if shares > MOST_SHARES:
            raise TableError("shuxin_shares", f"數信 makes 0-3 shares, got {shares}", "0-3")
        return Shuxin(shares=shares)
    card = card_of(said)
    if card is None:
        raise TableError("shuxin_usage", f"not a card or a count of shares: {said!r}", "數信 三 / 數信 2份")
    if reading is None:
        raise TableError("shuxin_needs_shares", "the win was booked as a count: its cards are not known")
    return Shuxin(shares=shares_for(cards_in(reading.split()), card), card=card)


_LINES = {
    "card": N_(
        "數信: {sitter} sat out and turns {card}: {shares} share(s) of {winner}'s win of {gain}, "
        "{percent}% a share; {winner} pays {sitter}"
    ),
    "said": N_(
        "數信: {shares} share(s) for {sitter}, who sat out, of {winner}'s win of {gain}, {percent}% a share; "
        "{winner} pays {sitter}"
    ),
}
"""The 數信 headline: with the turned card, or with the shares said (:func:`own_lines`)."""


def own_lines(before: TableState, event: object) -> tuple[Said, ...]:
    """The headline of a 數信 (:class:`Shuxin`) on the table ``before`` it (right after its win): the
    sitter, the turned card, the shares, the winner's gain and the share's percent; the payment line
    follows it in the reply.  ``()`` for another event or when no single winner's win is found
    before it (the ledger refuses such a 數信).

    Args:
        before: the table the 數信 was booked on; the table after it works too (a 數信 at the end of
            its history is passed over to reach the win).
        event: the event to describe.
    """
    if not isinstance(event, Shuxin):
        return ()
    entries = list(before.history)
    while entries and isinstance(entries[-1].event, Shuxin):
        entries.pop()
    if not entries or not isinstance(entries[-1].event, WIN_EVENTS):
        return ()
    entry = entries[-1]
    winner = winner_of(entry)
    if winner is None:
        return ()
    names = before.names
    sitter = names[(names.index(entry.dealer) + len(names) // 2) % len(names)]
    opts = before.options
    percent = opts.shuxin_percent if isinstance(opts, ZipaiOptions) else 0
    args = [
        ("sitter", sitter),
        ("shares", str(event.shares)),
        ("winner", winner),
        ("gain", shown(win_gain(entry, winner))),
        ("percent", str(percent)),
    ]
    if event.card is None:
        return (Said(_LINES["said"], tuple(args)),)
    return (Said(_LINES["card"], (*args, ("card", name(event.card)))),)


__all__ = [
    "CENT",
    "MOST_SHARES",
    "SHARE_WORDS",
    "Shuxin",
    "book",
    "card_of",
    "cards_in",
    "from_chat",
    "own_lines",
    "shares_for",
    "shuxin_amount",
    "the_win",
    "win_gain",
    "winner_of",
]
