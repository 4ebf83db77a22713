"""Translations for every user-visible string of the bot (gettext catalogues managed with Babel).

Message ids are English; catalogues live in ``locales/<locale>/LC_MESSAGES/taipai.po``:
``zh_Hant_HK`` (written Cantonese, the default), ``en`` and ``zh_Hans`` (Simplified Chinese).  The ``.po``
files are read at run time with :func:`babel.messages.pofile.read_po`, so no compiled ``.mo`` file is
needed.  Fuzzy or empty entries are treated as missing and fall back to the English id (a test fails on
any such entry).

Use::

    from taipai.bot.i18n import _, use_locale

    with use_locale("en"):
        text = _("No table is open here.")
        text = _("{name} is not at the table.").format(name="E")

``_`` looks up the locale of the current context (a :class:`contextvars.ContextVar`, so concurrent
chats in one event loop each keep their own language).  ``N_`` only marks a string for extraction.

Updating the catalogues after changing strings (from the repository root)::

    pybabel extract -F babel.cfg -o locales/taipai.pot --project taipai --no-location .
    pybabel update -i locales/taipai.pot -d locales -D taipai --no-fuzzy-matching
    # translate the new entries in both .po files, then: pytest tests/bot/test_i18n.py
"""

from __future__ import annotations

import os
from collections.abc import Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from functools import lru_cache
from pathlib import Path

from babel.messages.pofile import read_po

DOMAIN = "taipai"
DEFAULT_LOCALE = "zh_Hant_HK"
LOCALES = ("zh_Hant_HK", "en", "zh_Hans")
"""Written Cantonese (every chat's default), English, and Simplified Chinese (written Mandarin: offered
for 字牌 tables, whose players are Hunanese; chosen only by name, ``/lang 简体``, never from a phone's
language, so every group stays Cantonese until it asks)."""

_current: ContextVar[str] = ContextVar("taipai_locale", default=DEFAULT_LOCALE)


def locales_dir() -> Path:
    """Directory holding ``<locale>/LC_MESSAGES/taipai.po``.

    ``TAIPAI_LOCALES_DIR`` when set, else ``locales/`` beside the ``taipai`` package (the repository
    root for an editable install / checkout).
    """
    env = os.environ.get("TAIPAI_LOCALES_DIR")
    if env:
        return Path(env)
    return Path(__file__).resolve().parents[2] / "locales"


def po_path(locale: str) -> Path:
    """Path of the ``.po`` file for ``locale`` (which need not exist)."""
    return locales_dir() / locale / "LC_MESSAGES" / f"{DOMAIN}.po"


def normalize_locale(name: str | None) -> str:
    """Map a language tag to one of :data:`LOCALES`.

    ``en``, ``en_US``, ``en-GB`` → ``en``; ``zh``, ``zh_HK``, ``zh-Hant``, ``zh_TW``, ``yue`` … →
    ``zh_Hant_HK``; one of :data:`LOCALES` exactly (``zh_Hans``) → itself; ``None``, empty or unknown →
    :data:`DEFAULT_LOCALE`.
    """
    if not name:
        return DEFAULT_LOCALE
    if name in LOCALES:
        return name
    tag = name.replace("-", "_").split(".")[0].lower()
    if tag.startswith("en"):
        return "en"
    if tag.startswith(("zh", "yue")):
        return "zh_Hant_HK"
    return DEFAULT_LOCALE


@lru_cache(maxsize=8)
def catalogue(locale: str) -> dict[str, str]:
    """``{msgid: msgstr}`` of the locale's ``.po`` file, without fuzzy or empty entries.

    Returns ``{}`` when the file does not exist (every string then shows its English id).
    """
    path = po_path(locale)
    if not path.exists():
        return {}
    with path.open("rb") as fh:
        cat = read_po(fh, locale=locale, domain=DOMAIN)
    out: dict[str, str] = {}
    for msg in cat:
        if not msg.id or msg.fuzzy or not isinstance(msg.id, str) or not isinstance(msg.string, str):
            continue
        if msg.string:
            out[msg.id] = msg.string
    return out


def current_locale() -> str:
    """The locale ``_`` translates into in this context."""
    return _current.get()


@contextmanager
def use_locale(locale: str | None) -> Iterator[str]:
    """Translate into ``locale`` (normalised with :func:`normalize_locale`) inside the block."""
    loc = normalize_locale(locale)
    token = _current.set(loc)
    try:
        yield loc
    finally:
        _current.reset(token)


def _(msgid: str) -> str:
    """The translation of ``msgid`` in the current locale (the id itself when there is none)."""
    return catalogue(_current.get()).get(msgid, msgid)


def N_(msgid: str) -> str:
    """Mark ``msgid`` for extraction without translating it now (translate later with ``_``)."""
    return msgid


def gettext_in(locale: str, msgid: str) -> str:
    """The translation of ``msgid`` in ``locale`` regardless of the current context."""
    return catalogue(normalize_locale(locale)).get(msgid, msgid)
