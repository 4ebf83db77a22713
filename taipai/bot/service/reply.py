"""Reply: what the bot posts for a booked event (the last step of message → parse → decide → book →
reply).

Pure: the text comes from :mod:`.render` (in the current locale), the buttons carry ids only
(:mod:`.buttons` presses them).  A reply is made before its event is stored, and stored with it, so a
reply that cannot be made books nothing and a booked event's reply is never lost.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from taipai.bot.i18n import _
from taipai.bot.service import render
from taipai.bot.service.history import history_items
from taipai.bot.service.reads import ReadHand
from taipai.bot.service.split import message_limit
from taipai.core.settle import settle_transfers
from taipai.core.table import (
    Draw,
    Event,
    FalseWin,
    Redo,
    RuleChanged,
    SelfDraw,
    SessionEnded,
    TableState,
    Transition,
    Undo,
    WinByDiscard,
)
from taipai.systems.hk_taiwan.events import CashPrize, CutChain, FlyTile

if TYPE_CHECKING:
    from taipai.bot.store import ChatRef


@dataclass(frozen=True, slots=True)
class Button:
    """A button under a reply (Telegram inline keyboard, Discord view); ``data`` is stateless ids.
    ``row``: buttons next to each other with the same row number share a row (``None``: laid out by
    :func:`taipai.bot.service.buttons.rows` from their data)."""

    label: str
    data: str
    row: int | None = None


@dataclass(frozen=True, slots=True)
class Document:
    """A file to send with a reply (``/export``): ``filename``, its bytes (UTF-8 CSV with a BOM) and
    the ``caption`` posted with it (``第1場 · 11月30日 · 23鋪``; empty: none)."""

    filename: str
    content: bytes
    caption: str = ""


@dataclass(frozen=True, slots=True)
class Picture:
    """An image to post with a reply (the running balances at 埋數 and ``/chart``, a scored hand's
    tiles): ``filename`` (``….png``) and its PNG bytes.  Telegram and Discord send it as a photo; the
    terminal writes it to a file and prints the path."""

    filename: str
    content: bytes


@dataclass(frozen=True, slots=True)
class Reply:
    """One message the bot posts: ``text`` (may span lines), optional ``buttons``, ``document`` and
    ``picture``.

    The terminal shows only ``text`` (for ``/export`` it names the file written); a platform adapter
    may send ``document`` as a file instead.
    """

    text: str
    buttons: tuple[Button, ...] = ()
    document: Document | None = None
    picture: Picture | None = None


def transfers(state: TableState) -> list[tuple[str, str, Any]]:
    """The fewest transfers that settle ``state`` (fan units); balances must sum to zero."""
    if sum(state.balances.values()) != 0:  # pragma: no cover - the core keeps the ledger zero-sum
        raise RuntimeError(f"balances do not sum to zero: {state.balances}")
    return settle_transfers(state.balances)


def after_event(session_id: int, seq: int, event: Event, t: Transition) -> tuple[Button, ...]:
    """Buttons for the reply to event ``seq``: 撤銷 and 📝 記牌 under a hand or draw; 斬 / 唔斬 per
    new offer (callback data as in :mod:`.buttons`)."""
    out: list[Button] = []
    if isinstance(event, WinByDiscard | SelfDraw | Draw):
        out.append(Button(_("Undo"), f"undo:{session_id}:{seq}"))
        out.append(Button(_("📝 Record"), "rec:n"))  # the next hand in taps (.record_flow)
    names = t.state.names
    for o in t.offers:
        base = f"cut:{session_id}:{names.index(o.debtor)}:{names.index(o.creditor)}:{o.level}"
        args = {"debtor": o.debtor, "creditor": o.creditor}
        out.append(Button(_("Cut ({debtor} → {creditor})").format(**args), base + ":y"))
        out.append(Button(_("Don't cut ({debtor} → {creditor})").format(**args), base + ":n"))
    return tuple(out)


def history_reply(chat: ChatRef, session_id: int, state: TableState, before: int | None = None) -> Reply:
    """A ``/history`` page of session ``session_id`` sized for ``chat``'s platform
    (:func:`~taipai.bot.service.split.message_limit`), with a 更多 (more) button ``hist:<session
    id>:<before>`` when older events remain; ``before`` as in :func:`render.history_page`."""
    lines, more = render.history_page(
        state, history_items(state), before=before, limit=message_limit(chat.platform)
    )
    buttons = (Button(_("More (earlier)"), f"hist:{session_id}:{more}"),) if more is not None else ()
    return Reply("\n".join(lines), buttons)


def settled_text(state: TableState, t: Transition) -> list[str]:
    """The lines of a 埋數 that ``t`` made: the chains it settled, then the fewest transfers."""
    return [*render.moves(t.state, t.moves), *render.settled(t.state, transfers(t.state))]


def event_replies(
    session_id: int,
    seq: int,
    state: TableState,
    event: Event,
    t: Transition,
    reads: list[ReadHand],
    speaker: str,
) -> list[Reply]:
    """The replies to ``event`` (booked as ``seq + 1`` of session ``session_id``) moving ``state``
    by ``t``: the hand's reading, the chain moves, payments and 斬拉 offers, the next hand; with 撤銷
    and 斬 / 唔斬 buttons (:func:`after_event`).  ``reads`` are the legs' hands (a win, a self-draw),
    ``speaker`` who undid or redid."""
    lines: list[str]
    if isinstance(event, WinByDiscard):
        lines = render.win(state, event, reads)
    elif isinstance(event, SelfDraw):
        lines = render.self_draw(state, event, reads[0])
    elif (
        isinstance(event, Draw)
        or (isinstance(event, CutChain) and not event.accept)
        or event.kind in ("flower_win", "bird", "shuxin", "turned_win")
    ):
        lines = render.event_lines(t.state, event, before=state, reads=reads)
    elif isinstance(event, Undo):
        lines = render.undone(speaker, state, t.state)
    elif isinstance(event, Redo) and t.state.ended:  # 重做 of an undone 埋數: settled again
        return [
            Reply(
                "\n".join([render.redone(speaker, t.state.history[-1].event, state), *settled_text(state, t)])
            )
        ]
    elif isinstance(event, Redo):
        lines = [render.redone(speaker, t.state.history[-1].event, state)]
    elif isinstance(event, SessionEnded):
        return [Reply("\n".join(settled_text(state, t)))]
    elif isinstance(event, FalseWin | CashPrize | FlyTile | RuleChanged):
        return [Reply("\n".join(render.table_event(t.state, event, t.payments, state)))]
    else:  # an accepted 斬: its chain move line (斬拉: …) says it all
        lines = []
    if isinstance(event, WinByDiscard | SelfDraw | Draw):
        lines += render.lapsed(state, t.state)
    lines += render.moves(t.state, t.moves, state)
    lines += render.payments(t.state, t.payments, before=state, event=event)
    lines += render.offers(t.state, t.offers)
    if not isinstance(event, CutChain):
        lines.append(render.next_hand(t.state))
    return [Reply("\n".join(lines), after_event(session_id, seq + 1, event, t))]


def corrected_replies(
    session_id: int,
    seq: int,
    before: TableState,
    new: WinByDiscard | SelfDraw,
    reads: list[ReadHand],
    t: Transition,
    by: str,
) -> list[Reply]:
    """The reply to an edited hand's correction applied by ``by``: the booked hand undone and ``new``
    booked as events ``seq + 1`` and ``seq + 2``; ``before`` is the table before the old hand, ``t``
    the transition of ``new``."""
    lines = [_("Correction applied by {name}.").format(name=by)]
    if isinstance(new, WinByDiscard):
        lines += render.win(before, new, reads)
    else:
        lines += render.self_draw(before, new, reads[0])
    lines += render.moves(t.state, t.moves)
    lines += render.payments(t.state, t.payments, before=before, event=new)
    lines += render.offers(t.state, t.offers)
    lines.append(render.next_hand(t.state))
    return [Reply("\n".join(lines), after_event(session_id, seq + 2, new, t))]
