"""Money, counts and dates as Hong Kong writes them (issue 15 item 8): ``HK$1,080``, ``-HK$7.50``,
``+HK$0.83``, ``1,234番``, ``11月30日`` / ``30 Nov``, through Babel (CLDR data), never by hand.

The currency of the chat being answered is a :class:`contextvars.ContextVar`, set per message beside
the reply language (:func:`taipai.bot.i18n.use_locale`)::

    with use_locale("en"), use_currency("TWD"):
        money(Fraction(-15, 2))  # '-NT$7.50'

The service sets it per message to the open session's currency (``sessions.currency``, stamped at
開枱 from the chat's), else the chat's; a reply about an ended session (歷史, 匯出, 圖表) sets that
session's, so a night always reads in the currency it was played in.  A chat stores its currency as an
ISO 4217 code in ``chats.currency`` (``NULL`` = :data:`DEFAULT_CURRENCY`, as is a session's ``NULL``);
:data:`CURRENCIES` lists the ones a chat may choose and :func:`currency_of` reads what a player types
(``NT$``, ``TWD``, ``台幣`` …).

Formatting locale: the reply language's Hong Kong form (:func:`babel_locale`: ``zh_Hant_HK`` for
Cantonese, ``en_HK`` for English), so a chat reads the same symbols in both languages: ``HK$`` for the
Hong Kong dollar, ``US$``, ``NT$`` and ``CN¥`` for the others (CLDR's Hong Kong symbols; a bare ``$``
in Hong Kong means HK$), and English dates as ``30 Nov``.

Amounts come in exact (:class:`~fractions.Fraction`, :class:`~decimal.Decimal` or ``int``, never a
``float``) and are rounded to the cent half away from zero, the one rounding every money figure of the
chat uses (:func:`taipai.bot.service.history.round_cents`); whole amounts show no cents.  The CSV
export keeps plain numbers (``1080``, ``-7.50``) for spreadsheets: it does not use this module.
"""

from __future__ import annotations

import copy
import decimal
from collections.abc import Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from datetime import date
from fractions import Fraction
from functools import lru_cache

from babel import Locale
from babel.dates import format_skeleton
from babel.numbers import (
    NumberPattern,
    format_decimal,
    get_currency_symbol,
    get_minus_sign_symbol,
    get_plus_sign_symbol,
    parse_pattern,
)

from taipai.bot.i18n import current_locale, normalize_locale

DEFAULT_CURRENCY = "HKD"
"""The currency of a chat that never chose one (港式台牌 is a Hong Kong game)."""

CURRENCIES: dict[str, tuple[str, ...]] = {
    "HKD": ("HK$", "HKD", "港幣", "港元", "港紙"),
    "USD": ("$", "US$", "USD", "美金", "美元"),
    "TWD": ("NT$", "TWD", "台幣", "臺幣", "新台幣", "新臺幣"),
    "CNY": ("¥", "CN¥", "CNY", "RMB", "人民幣", "￥"),
}
"""The currencies a chat may choose (ISO 4217 code → the words a player may type for it, symbols and
Chinese names; matched without regard to case).  A short, safe list: the games' own places (Hong Kong,
Taiwan, the mainland) and the US dollar; ``¥`` is the yuan here, never the yen."""

_WORDS = {word.casefold(): code for code, words in CURRENCIES.items() for word in words}

_current: ContextVar[str] = ContextVar("taipai_currency", default=DEFAULT_CURRENCY)


def currency_of(word: str) -> str | None:
    """The ISO code a typed currency word stands for: ``NT$`` / ``twd`` / ``台幣`` → ``"TWD"``,
    ``¥`` / ``RMB`` / ``人民幣`` → ``"CNY"``; ``None`` for anything not in :data:`CURRENCIES`."""
    return _WORDS.get(word.strip().casefold())


def current_currency() -> str:
    """The ISO code money is shown in, in this context (:data:`DEFAULT_CURRENCY` unless set)."""
    return _current.get()


@contextmanager
def use_currency(code: str | None) -> Iterator[str]:
    """Show money in ``code`` inside the block; ``None`` or a code not in :data:`CURRENCIES` (a row
    written by hand) is :data:`DEFAULT_CURRENCY`."""
    chosen = code if code in CURRENCIES else DEFAULT_CURRENCY
    token = _current.set(chosen)
    try:
        yield chosen
    finally:
        _current.reset(token)


def babel_locale(locale: str | None = None) -> str:
    """The Babel locale that formats for reply language ``locale`` (default: the current one):
    ``zh_Hant_HK`` for Cantonese, ``en_HK`` for English, ``zh_Hans_CN`` for Simplified Chinese."""
    forms = {"en": "en_HK", "zh_Hans": "zh_Hans_CN"}
    return forms.get(normalize_locale(locale or current_locale()), "zh_Hant_HK")


@lru_cache(maxsize=8)
def _patterns(locale: str) -> tuple[NumberPattern, NumberPattern]:
    """The locale's standard currency pattern twice: without cents (whole amounts), with two."""
    with_cents = parse_pattern(Locale.parse(locale).currency_formats["standard"])
    whole = copy.copy(with_cents)
    whole.frac_prec = (0, 0)
    cents = copy.copy(with_cents)
    cents.frac_prec = (2, 2)
    return whole, cents


def round_cents(value: Fraction | decimal.Decimal | int) -> Fraction:
    """``value`` rounded to the cent, half away from zero, exactly: ``0.825`` → ``Fraction(83, 100)``,
    ``-0.825`` → ``Fraction(-83, 100)``.  Symmetric, so a payer and a payee see the same figure for
    one transfer; display only (the ledger keeps exact fan units and the rate is exact).

    Raises:
        TypeError: ``value`` is a ``float``.
    """
    if isinstance(value, float):
        raise TypeError("money is exact: pass a Fraction, a Decimal or an int, not a float")
    f = Fraction(value)
    scaled = abs(f) * 100
    whole, rest = divmod(scaled.numerator, scaled.denominator)
    if 2 * rest >= scaled.denominator:
        whole += 1
    return Fraction(-whole if f < 0 else whole, 100)


def _decimal(value: Fraction) -> decimal.Decimal:
    """A Fraction with a finite decimal form (cents, whole numbers, ``1/1024``) as the Decimal of
    exactly that value: built from its digits, so no context precision can round it."""
    places = 0
    while (10**places) % value.denominator:
        places += 1
    scaled = value.numerator * (10**places // value.denominator)
    return decimal.Decimal(f"{scaled}E-{places}")


def money(
    value: Fraction | decimal.Decimal | int,
    *,
    sign: bool = False,
    currency: str | None = None,
    locale: str | None = None,
) -> str:
    """Money in the chat's currency, rounded to the cent, grouped in thousands, the sign first:
    ``HK$1,080``, ``-HK$7.50``, ``+HK$0.83`` (0.825 with ``sign``), ``NT$1,234,567``, ``US$0.10``,
    ``CN¥12``; ``HK$0`` for an amount under half a cent (never ``-HK$0``).

    Args:
        value: the amount of money (not fan units), exact.
        sign: show ``+`` before a positive amount (a balance, a change).
        currency: an ISO code of :data:`CURRENCIES` (default: :func:`current_currency`).
        locale: a reply language (default: the current one; formatted as :func:`babel_locale`).

    Raises:
        TypeError: ``value`` is a ``float`` (money is never a float).
    """
    cents = round_cents(value)
    code = currency or current_currency()
    where = babel_locale(locale)
    whole, with_cents = _patterns(where)
    pattern = whole if cents.denominator == 1 else with_cents
    exact = _decimal(abs(cents))
    with decimal.localcontext(decimal.Context(prec=max(len(str(exact)) + 4, 28))):  # every digit kept
        text = pattern.apply(exact, where, currency=code, currency_digits=False)
    if cents < 0:
        return get_minus_sign_symbol(where) + text
    if sign and cents > 0:
        return get_plus_sign_symbol(where) + text
    return text


def symbol(currency: str | None = None, locale: str | None = None) -> str:
    """The symbol money is written with: ``HK$``, ``US$``, ``NT$``, ``CN¥``."""
    return get_currency_symbol(currency or current_currency(), babel_locale(locale))


def count(value: int | Fraction | decimal.Decimal) -> str:
    """A count of fan/台/翻 units or any exact number, grouped in thousands, every digit kept:
    ``1,234``, ``-123,447.5``, ``0.1``; a fraction with no finite decimal stays ``5/3``.

    Raises:
        TypeError: ``value`` is a ``float``.
    """
    if isinstance(value, float):
        raise TypeError("counts are exact: pass an int, a Fraction or a Decimal, not a float")
    f = Fraction(value)
    d = f.denominator
    while d % 2 == 0:
        d //= 2
    while d % 5 == 0:
        d //= 5
    if d != 1:
        return f"{f.numerator}/{f.denominator}"
    exact = _decimal(f)
    with decimal.localcontext(decimal.Context(prec=max(len(str(exact)) + 4, 28))):  # every digit kept
        return format_decimal(exact, locale=babel_locale(), decimal_quantization=False)


def day(when: date, locale: str | None = None) -> str:
    """A day of the year as the chat writes it: ``11月30日`` (Cantonese), ``30 Nov`` (English)."""
    return format_skeleton("MMMd", when, locale=babel_locale(locale))
