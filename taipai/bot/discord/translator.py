"""Chinese names and descriptions for the slash commands, read from our gettext catalogues.

Discord shows a command's localised name and description to a user whose client language has one.
The base strings (what every other client sees, and what Discord always sends back in interactions)
are English; :class:`CatalogueTranslator` gives the ``zh-TW`` and ``zh-CN`` clients the written
Cantonese of the ``zh_Hant_HK`` catalogue (there is no Discord locale for Hong Kong, and a Simplified
catalogue does not exist yet, so both get the Traditional text).

Message ids (marked with ``N_`` where the commands are defined, so the i18n test sees them): a
command name is the msgid ``/newgame`` (its translation ``/開枱``); an option name is ``option: winner``
(``贏家``); a choice is ``choice: English``; descriptions are their English text.  Each :class:`locale_str`
made here carries its msgid in ``extras["msgid"]``, so what Discord shows in English and the catalogue
entry can differ.
"""

from __future__ import annotations

import re

import discord
from discord import app_commands
from discord.app_commands import TranslationContextLocation, locale_str

from taipai.bot.i18n import gettext_in

ZH_LOCALES = frozenset({discord.Locale.taiwan_chinese, discord.Locale.chinese})
"""Discord client languages answered from the ``zh_Hant_HK`` catalogue."""

CATALOGUE_FOR_ZH = "zh_Hant_HK"

# Discord's rule for command and option names (any locale): 1-32 letters, digits, '-' or '_', lower case.
_NAME = re.compile(r"^[-_\w]{1,32}$")
_NAME_LOCATIONS = (TranslationContextLocation.command_name, TranslationContextLocation.parameter_name)


COMMAND_PREFIX = "/"
OPTION_PREFIX = "option: "
CHOICE_PREFIX = "choice: "


def command_name(msgid: str) -> locale_str:
    """``"/newgame"`` → the ``locale_str`` of the command ``newgame`` (msgid ``/newgame``)."""
    if not msgid.startswith(COMMAND_PREFIX):
        raise ValueError(f"a command name msgid starts with '/': {msgid!r}")
    return locale_str(msgid.removeprefix(COMMAND_PREFIX), msgid=msgid)


def option_name(msgid: str) -> locale_str:
    """``"option: winner"`` → the ``locale_str`` of the option ``winner``."""
    if not msgid.startswith(OPTION_PREFIX):
        raise ValueError(f"an option name msgid starts with 'option: ': {msgid!r}")
    return locale_str(msgid.removeprefix(OPTION_PREFIX), msgid=msgid)


def choice_name(msgid: str) -> locale_str:
    """``"choice: English"`` → the ``locale_str`` of a choice shown as ``English``."""
    if not msgid.startswith(CHOICE_PREFIX):
        raise ValueError(f"a choice name msgid starts with 'choice: ': {msgid!r}")
    return locale_str(msgid.removeprefix(CHOICE_PREFIX), msgid=msgid)


def text(msgid: str) -> locale_str:
    """A description or choice name: shown in English, translated by its own text."""
    return locale_str(msgid, msgid=msgid)


def valid_name(name: str) -> bool:
    """True when ``name`` is acceptable to Discord as a command or option name."""
    return bool(_NAME.match(name)) and name == name.lower()


class CatalogueTranslator(app_commands.Translator):
    """An :class:`app_commands.Translator` over the ``taipai`` gettext catalogues.

    Returns ``None`` (no localisation) for locales other than :data:`ZH_LOCALES`, for strings without
    a translation, and for a translated name that Discord would refuse (so a bad catalogue entry can
    never stop the commands from syncing).
    """

    async def translate(
        self, string: locale_str, locale: discord.Locale, context: app_commands.TranslationContextTypes
    ) -> str | None:
        """The ``zh_Hant_HK`` text of ``string`` for a Chinese ``locale``, else ``None``."""
        if locale not in ZH_LOCALES:
            return None
        msgid = string.extras.get("msgid", string.message)
        out = gettext_in(CATALOGUE_FOR_ZH, msgid)
        if out == msgid:
            return None
        for prefix in (COMMAND_PREFIX, OPTION_PREFIX, CHOICE_PREFIX):
            if msgid.startswith(prefix):
                out = out.removeprefix(prefix)
        if context.location in _NAME_LOCATIONS and not valid_name(out):
            return None
        return out or None
