"""Buttons under the bot's messages (Undo, 斬 / 唔斬, 記牌) as persistent, restart-proof components.

A service :class:`~taipai.bot.service.Button` carries stateless ``data`` (ids only, no game state);
on Discord it becomes a button whose ``custom_id`` is ``tp:<data>``.  :class:`ServiceButton` is a
:class:`discord.ui.DynamicItem`: the client registers its template once at start-up
(``client.add_dynamic_items``), and from then on a press on *any* message the bot ever posted, before
or after a restart, is routed by the ``custom_id`` alone to :meth:`TaipaiDiscord.press`, which hands
the data to the service.  No view needs to be kept in memory, and nothing about the game lives here.

A row of buttons that is one choice (:data:`~taipai.bot.service.buttons.CHOICE_ROW`: the 記牌 flow's
winner and discarder) becomes a select menu, :class:`ServiceSelect` (``custom_id`` ``tps:<the first
option's data>``), whose options' values are the buttons' data: choosing one is the press of that
button.  A press the service answers with an edit (:attr:`~taipai.bot.service.buttons.Pressed.edit`)
edits the pressed message (:func:`edit_payload`).
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any, Protocol, cast

import discord

if TYPE_CHECKING:
    from taipai.bot.service import Button, Reply


class Presser(Protocol):
    """The part of :class:`~taipai.bot.discord.client.TaipaiDiscord` a button press calls (the
    client imports this module, so it is named by what it does)."""

    async def press(self, interaction: discord.Interaction, data: str) -> None:
        """Hand a press's ``data`` to the service and answer the interaction."""
        ...


CUSTOM_ID_PREFIX = "tp:"
MAX_CUSTOM_ID = 100
"""Discord's limit on a ``custom_id`` (characters)."""
MAX_BUTTONS = 25
"""Five rows of five."""


class ServiceButton(discord.ui.DynamicItem[discord.ui.Button[Any]], template=r"tp:(?P<data>\S{1,97})"):
    """A button whose ``custom_id`` is ``tp:<data>``; pressing it calls :meth:`TaipaiDiscord.press`.

    Args:
        data: the service's button data (at most 97 characters, no spaces).
        label: the text on the button.
        style: the Discord button style (default grey).

    Raises:
        ValueError: ``data`` too long or containing whitespace.
    """

    def __init__(
        self, data: str, label: str = "", style: discord.ButtonStyle = discord.ButtonStyle.secondary
    ) -> None:
        custom_id = CUSTOM_ID_PREFIX + data
        if len(custom_id) > MAX_CUSTOM_ID or re.search(r"\s", data):
            raise ValueError(f"button data must be at most 97 characters without spaces: {data!r}")
        super().__init__(discord.ui.Button(label=label, custom_id=custom_id, style=style))
        self.data = data

    def with_row(self, row: int) -> ServiceButton:
        """This button placed in row ``row`` (0-4)."""
        self.row = row
        return self

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str], /
    ) -> ServiceButton:
        """Rebuild the button from a press (discord.py calls this for every matching ``custom_id``)."""
        button = cast("discord.ui.Button[Any]", item)
        return cls(match["data"], button.label or "", button.style)

    async def callback(self, interaction: discord.Interaction) -> None:
        """Hand the press to the client, which asks the service and answers."""
        client = cast(Presser, interaction.client)
        await client.press(interaction, self.data)


class ServiceSelect(discord.ui.DynamicItem[discord.ui.Select[Any]], template=r"tps:(?P<first>\S{1,96})"):
    """A select menu of service buttons (a choice row): each option's value is a button's data;
    choosing one calls :meth:`TaipaiDiscord.press` with it, as a press of that button.

    Args:
        options: ``(label, data)`` of each choice (at most 25; data at most 96 characters).

    Raises:
        ValueError: no options, too many, or data too long or containing whitespace.
    """

    def __init__(self, options: Sequence[tuple[str, str]]) -> None:
        if not 0 < len(options) <= MAX_OPTIONS:
            raise ValueError(f"a select menu takes 1 to {MAX_OPTIONS} options, not {len(options)}")
        for _label, data in options:
            if len(data) > MAX_CUSTOM_ID - len(SELECT_PREFIX) or re.search(r"\s", data):
                raise ValueError(f"option data must be at most 96 characters without spaces: {data!r}")
        select: discord.ui.Select[Any] = discord.ui.Select(
            custom_id=SELECT_PREFIX + options[0][1],
            options=[discord.SelectOption(label=label[:100], value=data) for label, data in options],
        )
        super().__init__(select)
        self.options = list(options)

    def with_row(self, row: int) -> ServiceSelect:
        """This menu placed in row ``row`` (0-4)."""
        self.row = row
        return self

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str], /
    ) -> ServiceSelect:
        """Rebuild the menu from a choice (discord.py calls this for every matching ``custom_id``)."""
        select = cast("discord.ui.Select[Any]", item)
        return cls([(o.label, o.value) for o in select.options] or [("", match["first"])])

    async def callback(self, interaction: discord.Interaction) -> None:
        """Hand the chosen option's data to the client, as a press of that button."""
        values = (interaction.data or {}).get("values") or []  # type: ignore[union-attr]
        if values:
            await cast(Presser, interaction.client).press(interaction, str(values[0]))


SELECT_PREFIX = "tps:"
MAX_OPTIONS = 25
CHOICE = "choice"
"""The third element of a stored ``[label, data, "choice"]``: the row is one choice (a select menu)."""


def button_rows(buttons: Sequence[Button]) -> list[list[list[str]]]:
    """The rows of ``[label, data]`` an outbox payload stores for ``buttons``
    (:func:`taipai.bot.service.buttons.rows`); a choice row's entries are ``[label, data, "choice"]``."""
    from taipai.bot.service.buttons import is_choice, rows

    out: list[list[list[str]]] = []
    for row in rows(buttons):
        mark = [CHOICE] if is_choice(row) else []
        out.append([[b.label, b.data, *mark] for b in row])
    return out


def edit_payload(reply: Reply, message_id: str) -> dict[str, Any]:
    """The outbox payload that edits message ``message_id`` (the pressed one) to ``reply``'s text and
    components: ``text``, ``buttons`` (:func:`button_rows`), ``edit`` (the message id)."""
    return {"text": reply.text, "buttons": button_rows(reply.buttons), "edit": message_id}


MAX_ROWS = 5


def style_of(button: Button) -> discord.ButtonStyle:
    """Red for 斬 and for applying a correction (they move money), grey for the rest."""
    return discord.ButtonStyle.danger if button.data.endswith(":y") else discord.ButtonStyle.secondary


def view_for(buttons: Sequence[Button]) -> discord.ui.View | None:
    """A ``View(timeout=None)`` holding one :class:`ServiceButton` per service button (a
    :class:`ServiceSelect` per choice row), or ``None``.

    Rows follow the service's layout (:func:`taipai.bot.service.buttons.rows`: 斬 beside 唔斬 of the
    same offer); past Discord's five rows (or 25 buttons) the rest are dropped.
    """
    if not buttons:
        return None

    return view_of_rows(button_rows(buttons))


def view_of_rows(button_rows: Sequence[Sequence[Sequence[str]]]) -> discord.ui.View | None:
    """The view of buttons stored in an outbox payload: rows of ``[label, data]`` (as
    :func:`view_for` lays them out), or ``None`` when there are none."""
    if not button_rows:
        return None
    view = discord.ui.View(timeout=None)
    for r, row in enumerate(list(button_rows)[:MAX_ROWS]):
        entries = list(row)
        if entries and len(entries[0]) > 2 and entries[0][2] == CHOICE:
            view.add_item(ServiceSelect([(e[0], e[1]) for e in entries[:MAX_OPTIONS]]).with_row(r))
            continue
        for label, data, *_mark in entries[: MAX_BUTTONS // MAX_ROWS]:
            style = discord.ButtonStyle.danger if data.endswith(":y") else discord.ButtonStyle.secondary
            view.add_item(ServiceButton(data, label, style).with_row(r))
    return view
