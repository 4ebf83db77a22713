"""The first words the bot says to a group that added it (issue 15 item 10), on every platform: what
to type first.  The Telegram adapter adds whether privacy mode hides free text
(:func:`taipai.bot.telegram.groups.greeting`); Discord says these lines on joining a server."""

from __future__ import annotations

from taipai.bot.i18n import _


def first_steps() -> list[str]:
    """The greeting's lines in the current locale: hello, 開枱 with four names (a game after them),
    坐 東, a hand and 計數, then /help and /lang."""
    return [
        _("Hello! I keep the score of your mahjong table. To begin:"),
        _("1. 開枱 阿明 阿強 阿珍 阿玲 (four names, the first deals; add 台灣牌 or 廣東牌 for those games)"),
        _("2. Each player takes a seat: 坐 東 (or 坐 南, 坐 西, 坐 北)"),
        _("3. Record each hand: 阿強 食 阿明 3番, 阿珍 自摸 5番; 計數 shows the balances"),
        _("All commands: /help.  Language: /lang en (English) or /lang zh (廣東話)."),
    ]
