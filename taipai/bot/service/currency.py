"""The chat's currency: ``貨幣 NT$`` / ``/currency TWD`` (issue 15 item 8).

A chat shows money in one currency (``chats.currency``, an ISO 4217 code; never set = HKD), read with
each message and set here.  The command takes a symbol, a code or a Chinese name of one of
:data:`taipai.bot.money_format.CURRENCIES` (``HK$``/``HKD``/``港幣``, ``$``/``USD``/``美金``,
``NT$``/``TWD``/``台幣``, ``¥``/``CNY``/``RMB``/``人民幣``); the reply confirms it with a sample amount
written the new way (``NT$1,080``).  Only the currency's label changes: every amount stays as booked.

A session's money is in its own currency (``sessions.currency``): stamped at 開枱 from the chat's;
``貨幣 X`` while a table is open sets the chat's AND the open session's (the reply says the table now
reads in it); an ended session keeps its own, so last week's 歷史 / 匯出 / 圖表 never change label.

Who may set it: whoever may change the table's rules (:func:`taipai.bot.service.identity.needs_admin`):
a chat admin (in a private chat, the member), or the creator of the table open in the chat; at the
terminal (no member) everyone.  Anyone may ask which currency is set (``貨幣`` alone).
"""

from __future__ import annotations

from fractions import Fraction
from typing import TYPE_CHECKING, Protocol

from taipai.bot import money_format
from taipai.bot.i18n import _

if TYPE_CHECKING:
    from taipai.bot.store import ChatRef, Store
    from taipai.bot.store.chats import ChatData

CURRENCY_WORDS = ("貨幣", "货币")
"""``貨幣 NT$``: the chat's currency (``/currency`` is the slash form)."""

CURRENCY_SLASH = ("currency",)
"""``/currency TWD``."""

SAMPLE = Fraction(1080)
"""The amount the reply writes in the currency just chosen."""


class Chats(Protocol):
    """What this module needs of the service: its store and chat rows."""

    store: Store
    chats: ChatData


class Member(Protocol):
    """What this module reads of a :class:`~taipai.bot.service.identity.Member` (which module calls
    this one): who they are and whether they are a chat admin."""

    @property
    def user_id(self) -> str: ...

    @property
    def display(self) -> str: ...

    @property
    def is_admin(self) -> bool: ...


def accepted() -> str:
    """The currencies a chat may choose, as a reply lists them: ``HK$ (HKD), US$ (USD), …``."""
    return _(", ").join(
        _("{symbol} ({code})").format(symbol=money_format.symbol(code), code=code)
        for code in money_format.CURRENCIES
    )


async def may_set(service: Chats, chat: ChatRef, member: Member | None) -> bool:
    """Whether ``member`` may set the chat's currency: the terminal (``None``), a chat admin, or the
    creator of the table open in ``chat``.  Raises nothing (store errors propagate)."""
    if member is None or member.is_admin:
        return True
    session = await service.store.open_session(chat)
    if session is None:
        return False
    row = await service.chats.member(session.id, member.user_id)
    return row is not None and row.creator


async def currency_reply(service: Chats, chat: ChatRef, member: Member | None, arg: str) -> str:
    """The reply to ``貨幣 [word]`` / ``/currency [code]`` (in the current locale).

    ``arg`` empty: the currency now and how to change it.  A word of
    :data:`~taipai.bot.money_format.CURRENCIES`: stored (``chats.currency``) when ``member`` may
    (:func:`may_set`), confirmed with :data:`SAMPLE` written in it, else refused.  Anything else:
    refused with the list of currencies taken.  Raises nothing (store errors propagate).
    """
    if not arg.strip():  # the open table's currency, else the chat's
        code = await service.chats.money_currency(chat) or money_format.DEFAULT_CURRENCY
        with money_format.use_currency(code):
            return _(
                "Money here is written in {symbol} ({code}): {sample}. Change it with 貨幣 NT$ or "
                "/currency TWD; taken: {accepted}."
            ).format(
                symbol=money_format.symbol(),
                code=code,
                sample=money_format.money(SAMPLE),
                accepted=accepted(),
            )
    code = money_format.currency_of(arg)
    if code is None:
        return _(
            "「{word}」 is not a currency I write: take one of {accepted}, e.g. 貨幣 NT$ or /currency TWD."
        ).format(word=arg.strip()[:20], accepted=accepted())
    if not await may_set(service, chat, member):
        name = member.display if member is not None else ""
        return _("{name}: only the table's creator or a chat admin can do that.").format(name=name)
    table_open = await service.chats.set_currency(chat, code)
    with money_format.use_currency(code):
        if table_open:
            text = _(
                "Currency set: {symbol} ({code}). The table's money now reads {sample}; amounts booked "
                "stay as they are; ended sessions keep their own currency."
            )
        else:
            text = _(
                "Currency set: {symbol} ({code}). Money now reads {sample}; amounts booked stay as they are."
            )
        return text.format(symbol=money_format.symbol(), code=code, sample=money_format.money(SAMPLE))
