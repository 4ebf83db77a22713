"""The platform-neutral service: ``(chat, speaker, text, message id) -> replies`` (DESIGN §1 ``service``).

Every adapter (terminal, Telegram, Discord) calls :meth:`Service.handle` and posts the replies.  The
order of work for a message that changes the table:

1. parse the command (:mod:`.commands`); ordinary talk gets no reply;
2. rebuild the chat's table state from its event log (cached per session by last ``seq``);
3. build the event (reading hands with the core's notation and scoring) and validate it with
   :func:`taipai.core.table.apply`;
4. store it, one transaction, as event ``seq + 1`` (a message id booked before is silently ignored;
   a concurrent writer makes us re-read and retry);
5. answer from the transition (payments, 拉 moves, 斬拉 offers, next dealer).

Bad input gets a reply saying what is wrong and what would be right, and nothing is stored.
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from taipai.bot.i18n import DEFAULT_LOCALE, normalize_locale, use_locale
from taipai.bot.service import buttons as _buttons
from taipai.bot.service import identity, render
from taipai.bot.service.commands import Command, CommandError, Leg, parse_command, read_count
from taipai.bot.service.hands import ReadHand, read_hand
from taipai.bot.store import ChatRef, DuplicateMessage, SeqConflict, SessionAlreadyOpen, SessionRow, Store
from taipai.bot.store.chats import ChatData
from taipai.core.errors import HandError
from taipai.core.settle import settle_transfers
from taipai.core.table import (
    WINDS,
    CutChain,
    Draw,
    Event,
    Redo,
    SelfDraw,
    SessionEnded,
    TableError,
    TableOpened,
    TableOptions,
    TableState,
    Transition,
    Undo,
    WinByDiscard,
    WinLeg,
    apply,
    event_from_dict,
)

MAX_RETRIES = 5


@dataclass(frozen=True, slots=True)
class Button:
    """A button under a reply (Telegram inline keyboard, Discord view); ``data`` is stateless ids."""

    label: str
    data: str


@dataclass(frozen=True, slots=True)
class Reply:
    """One message the bot posts: ``text`` (may span lines) and optional ``buttons``."""

    text: str
    buttons: tuple[Button, ...] = ()


class _Refused(Exception):
    """Internal: answer with this text and store nothing."""

    def __init__(self, text: str) -> None:
        super().__init__(text)
        self.text = text


class _Ignore(Exception):
    """Internal: the message was not for us after all; no reply."""


@dataclass(slots=True)
class _Cached:
    seq: int
    state: TableState


class Service:
    """Understands chat messages and keeps each chat's table in the event store.

    Args:
        store: an open :class:`~taipai.bot.store.Store`.
        locale: the default reply language (``zh_Hant_HK`` or ``en``); ``handle`` may override it.
        rules: a loaded rule set for hand messages, or ``None`` to load ``rules_name`` on first use.
        rules_name: preset name or TOML path for :func:`taipai.core.rules.load_rules`.
        options: table options for new tables (default :class:`TableOptions` defaults).
    """

    def __init__(
        self,
        store: Store,
        *,
        locale: str = DEFAULT_LOCALE,
        rules: Any = None,
        rules_name: str = "hk-taiwan",
        options: TableOptions | None = None,
        rules_loader: Callable[[str], Any] | None = None,
    ) -> None:
        self.store = store
        self.locale = locale
        self._rules = rules
        self._rules_name = rules_name
        self._rules_loader = rules_loader
        self._options = options or TableOptions()
        self._cache: dict[int, _Cached] = {}
        self._locks: dict[ChatRef, asyncio.Lock] = {}
        self.chats = ChatData(store)
        self._chat_locales: dict[ChatRef, str | None] = {}

    # ------------------------------------------------------------------------------- entry point
    async def handle(
        self,
        chat: ChatRef,
        speaker: str,
        text: str,
        message_id: str | None = None,
        *,
        locale: str | None = None,
        member: identity.Member | None = None,
    ) -> list[Reply]:
        """Handle one chat message; return the replies to post (``[]`` for ordinary talk).

        Args:
            chat: where it was said.  speaker: the sender's display name (recorded with the event).
            text: the message.  message_id: the platform's id for it; a message id booked before is
                ignored (``[]``), so a message delivered twice is booked once.  ``None`` (terminal
                lines) never deduplicates.
            locale: reply language for this message when the chat has set none with ``/lang``
                (default: ``member.language``, then the service's).
            member: who said it on a platform (:class:`~taipai.bot.service.identity.Member`): enables
                seats (``坐 南``) and permissions; ``None`` (terminal) trusts every speaker.

        Raises nothing for bad input (that is a reply); store errors other than duplicates and
        write conflicts propagate.
        """
        with use_locale(await self.locale_for(chat, locale, member)):
            own = identity.parse_chat_command(text)
            if own is not None:
                return [Reply(await identity.run_chat_command(self, chat, speaker, member, own))]
            try:
                cmd = parse_command(text)
            except CommandError as err:
                return [Reply(render.command_error(err))]
            if cmd is None:
                return []
            if cmd.kind == "help":
                return [Reply(render.help_text())]
            if await self.store.is_booked(chat, message_id):
                return []
            async with self._lock(chat):
                for _attempt in range(MAX_RETRIES):
                    try:
                        if member is not None:
                            return await self._run_as(chat, member, text, message_id, cmd)
                        return await self._run(chat, speaker, text, message_id, cmd)
                    except _Refused as refused:
                        return [Reply(refused.text)]
                    except _Ignore:
                        return []
                    except DuplicateMessage:
                        return []
                    except SeqConflict:
                        self._cache.clear()
                raise SeqConflict(f"could not append to {chat} after {MAX_RETRIES} tries")

    async def press(
        self,
        chat: ChatRef,
        speaker: str,
        data: str,
        *,
        member: identity.Member | None = None,
        locale: str | None = None,
    ) -> _buttons.Pressed:
        """Handle a button press with callback ``data`` (see :mod:`.buttons`): same rules as the text
        command it stands for.  Returns replies for the chat and a notice for the presser alone."""
        with use_locale(await self.locale_for(chat, locale, member)):
            return await _buttons.press(self, chat, speaker, data, member)

    async def edit(
        self,
        chat: ChatRef,
        speaker: str,
        message_id: str,
        new_text: str,
        *,
        member: identity.Member | None = None,
        locale: str | None = None,
    ) -> list[Reply]:
        """An edited message: a booked hand is re-read and the difference shown with a confirm
        button (nothing is booked until pressed); a message never booked is read as new."""
        with use_locale(await self.locale_for(chat, locale, member)):
            return await _buttons.edit(self, chat, speaker, message_id, new_text, member)

    async def chat_locale(self, chat: ChatRef) -> str | None:
        """The language the chat chose with ``/lang`` (cached), or ``None``."""
        if chat not in self._chat_locales:
            self._chat_locales[chat] = (await self.chats.chat_settings(chat))[0]
        return self._chat_locales[chat]

    async def set_chat_locale(self, chat: ChatRef, locale: str) -> None:
        """Store the chat's language (``/lang``)."""
        await self.chats.set_chat(chat, locale=locale)
        self._chat_locales[chat] = locale

    async def locale_for(self, chat: ChatRef, locale: str | None, member: identity.Member | None) -> str:
        """Reply language: the chat's ``/lang``, else ``locale``, else the member's client language
        (when it is one taipai speaks), else the service default."""
        chosen = await self.chat_locale(chat)
        if chosen:
            return chosen
        if locale:
            return locale
        if member is not None and member.language:
            tag = member.language.lower()
            if tag.startswith(("en", "zh", "yue")):
                return normalize_locale(tag)
        return self.locale

    async def _run_as(
        self, chat: ChatRef, member: identity.Member, text: str, message_id: str | None, cmd: Command
    ) -> list[Reply]:
        """``_run`` for a platform member: seat and permission checks first (:mod:`.identity`)."""
        session = await self.store.open_session(chat)
        if cmd.kind == "open":
            replies = await self._run(chat, member.display, text, message_id, cmd)
            await identity.note_creator(self, chat, member, session)
            return replies
        speaker = member.display
        if session is not None:
            _seq, state = await self.state_of(session)
            player, refusal = await identity.authorise(self, session, state, member, cmd)
            if refusal is not None:
                talk = not cmd.slash and cmd.kind in ("win", "self_draw") and not _all_counts(cmd.legs)
                if talk and not any(resolve_player(state, x.winner) for x in cmd.legs):
                    raise _Ignore  # talk, not a hand
                raise _Refused(refusal)
            speaker = player or member.display
        return await self._run(chat, speaker, text, message_id, cmd)

    # ------------------------------------------------------------------------------- state
    async def state_of(self, session: SessionRow) -> tuple[int, TableState]:
        """``(last seq, state)`` of a session, replaying only the events not yet cached."""
        cached = self._cache.get(session.id)
        seq, state = (cached.seq, cached.state) if cached else (0, None)
        for row in await self.store.events(session.id, after_seq=seq):
            state = apply(state, event_from_dict(row.payload)).state
            seq = row.seq
        if state is None:
            raise RuntimeError(f"session {session.id} has no events")
        self._cache[session.id] = _Cached(seq, state)
        return seq, state

    def _lock(self, chat: ChatRef) -> asyncio.Lock:
        lock = self._locks.get(chat)
        if lock is None:
            lock = self._locks[chat] = asyncio.Lock()
        return lock

    def _rules_for_hands(self) -> Any:
        if self._rules is None:
            loader = self._rules_loader
            if loader is None:
                try:
                    from taipai.core.rules import load_rules as loader
                except ImportError:  # pragma: no cover - before the scoring core lands
                    return None
            self._rules = loader(self._rules_name)
        return self._rules

    # ------------------------------------------------------------------------------- commands
    async def _run(
        self, chat: ChatRef, speaker: str, text: str, message_id: str | None, cmd: Command
    ) -> list[Reply]:
        session = await self.store.open_session(chat)
        if cmd.kind == "open":
            return await self._open(chat, speaker, text, message_id, cmd, session)
        if session is None:
            if not cmd.slash and cmd.kind in ("win", "self_draw") and not _all_counts(cmd.legs):
                raise _Ignore
            raise _Refused(render.no_table())
        seq, state = await self.state_of(session)
        if cmd.kind == "score":
            return [Reply("\n".join(render.scoreboard(state)))]

        detail: dict[str, Any] | None = None
        lines: list[str]
        event: Event
        if cmd.kind == "win":
            event, reads = self._win_event(state, cmd, text)
            detail = {"legs": [r.detail() for r in reads]}
        elif cmd.kind == "self_draw":
            event, read = self._self_draw_event(state, cmd, text)
            reads = [read]
            detail = read.detail()
        elif cmd.kind == "draw":
            event = Draw()
        elif cmd.kind == "undo":
            event = Undo(by=speaker)
        elif cmd.kind == "redo":
            event = Redo(by=speaker)
        elif cmd.kind in ("cut", "nocut"):
            event = self._cut_event(state, speaker, cmd)
        elif cmd.kind == "settle":
            event = SessionEnded()
        else:  # pragma: no cover - every parsed kind is handled above
            raise _Ignore

        t = _apply(state, event)
        await self.store.append_event(
            session,
            seq + 1,
            speaker=speaker,
            kind=event.kind,
            payload=event.to_dict(),
            source_message_id=message_id,
            source_text=text,
            detail=detail,
            end_session=isinstance(event, SessionEnded),
        )
        self._cache[session.id] = _Cached(seq + 1, t.state)

        if isinstance(event, WinByDiscard):
            lines = render.win(state, event, reads)
        elif isinstance(event, SelfDraw):
            lines = render.self_draw(state, event, reads[0])
        elif isinstance(event, Draw):
            lines = [render.drawn()]
        elif isinstance(event, Undo):
            lines = [render.undone(speaker, state.history[-1].event)]
        elif isinstance(event, Redo):
            lines = [render.redone(speaker, t.state.history[-1].event)]
        elif isinstance(event, CutChain) and not event.accept:
            lines = [render.cut_declined(event.debtor, event.creditor)]
        elif isinstance(event, SessionEnded):
            self._cache.pop(session.id, None)
            return [
                Reply(
                    "\n".join(
                        [*render.moves(t.state, t.moves), *render.settled(t.state, _transfers(t.state))]
                    )
                )
            ]
        else:
            lines = []
        lines += render.moves(t.state, t.moves)
        lines += render.payments(t.state, t.payments)
        lines += render.offers(t.state, t.offers)
        if not isinstance(event, CutChain):
            lines.append(render.next_hand(t.state))
        return [Reply("\n".join(lines), _buttons.after_event(session.id, seq + 1, event, t))]

    async def _open(
        self,
        chat: ChatRef,
        speaker: str,
        text: str,
        message_id: str | None,
        cmd: Command,
        session: SessionRow | None,
    ) -> list[Reply]:
        if session is not None:
            _seq, state = await self.state_of(session)
            raise _Refused(render.already_open(state))
        event = TableOpened(players=cmd.players, options=self._options)  # type: ignore[arg-type]
        t = _apply(None, event)
        try:
            new, _row = await self.store.create_session(
                chat,
                creator=speaker,
                kind=event.kind,
                payload=event.to_dict(),
                source_message_id=message_id,
                source_text=text,
            )
        except SessionAlreadyOpen as exc:
            raise _Refused(render.already_open(None)) from exc
        self._cache[new.id] = _Cached(1, t.state)
        return [Reply(render.opened(t.state) + "\n" + render.next_hand(t.state))]

    def _player(self, state: TableState, name: str, cmd: Command, legs: tuple[Leg, ...]) -> str:
        found = resolve_player(state, name)
        if found is None:
            if (
                not cmd.slash
                and not _all_counts(legs)
                and not any(resolve_player(state, x.winner) for x in legs)
            ):
                raise _Ignore  # "我 食 飯 先" is talk, not a hand
            raise _Refused(render.unknown_player(name, state))
        return found

    def _read(self, state: TableState, winner: str, leg: Leg, text: str) -> ReadHand:
        try:
            return read_hand(leg.hand, state, winner, self._rules_for_hands())
        except HandError as err:
            raise _Refused(render.hand_error(err, offset=max(text.find(leg.hand), 0))) from err

    def _win_event(self, state: TableState, cmd: Command, text: str) -> tuple[WinByDiscard, list[ReadHand]]:
        discarder = self._player(state, cmd.discarder, cmd, cmd.legs)
        legs: list[WinLeg] = []
        reads: list[ReadHand] = []
        for leg in cmd.legs:
            winner = self._player(state, leg.winner, cmd, cmd.legs)
            read = self._read(state, winner, leg, text)
            if read.self_drawn:
                raise _Refused(render.hand_says_self_drawn())
            legs.append(WinLeg(winner=winner, fan=read.fan, bases=read.bases, robbed_kong=read.robbed_kong))
            reads.append(read)
        return WinByDiscard(discarder=discarder, legs=tuple(legs)), reads

    def _self_draw_event(self, state: TableState, cmd: Command, text: str) -> tuple[SelfDraw, ReadHand]:
        leg = cmd.legs[0]
        winner = self._player(state, leg.winner, cmd, cmd.legs)
        read = self._read(state, winner, leg, text)
        if read.self_drawn is False:
            raise _Refused(render.hand_says_discard())
        return SelfDraw(winner=winner, fan=read.fan, bases=read.bases), read

    def _cut_event(self, state: TableState, speaker: str, cmd: Command) -> CutChain:
        debtor = resolve_player(state, speaker)
        if debtor is None:
            raise _Refused(render.not_a_player_cut(speaker))
        mine = [o for o in state.pending if o.debtor == debtor]
        if cmd.target:
            creditor = resolve_player(state, cmd.target)
            if creditor is None:
                raise _Refused(render.unknown_player(cmd.target, state))
            mine = [o for o in mine if o.creditor == creditor]
        if not mine:
            raise _Refused(render.no_offer(debtor))
        if len(mine) > 1:
            raise _Refused(render.which_offer(debtor, mine))
        return CutChain(debtor=debtor, creditor=mine[0].creditor, accept=cmd.kind == "cut")


def resolve_player(state: TableState, name: str) -> str | None:
    """The seated player ``name`` refers to: the exact name, ``@name``, the name in any case, or
    the current seat wind (東 = the dealer, 南 the next seat …).  ``None`` when nobody matches."""
    token = name.strip().removeprefix("@")
    if token in state.names:
        return token
    folded = [n for n in state.names if n.casefold() == token.casefold()]
    if len(folded) == 1:
        return folded[0]
    wind = token.removesuffix("家").removesuffix("位")
    if wind in WINDS:
        for n in state.names:
            if state.seat_wind(n) == wind:
                return n
    return None


def _all_counts(legs: tuple[Leg, ...]) -> bool:
    return bool(legs) and all(read_count(leg.hand) is not None for leg in legs)


def _apply(state: TableState | None, event: Event) -> Transition:
    try:
        return apply(state, event)
    except TableError as err:
        raise _Refused(render.table_error(err)) from err


def _transfers(state: TableState) -> list[tuple[str, str, Any]]:
    return settle_transfers(state.balances)
