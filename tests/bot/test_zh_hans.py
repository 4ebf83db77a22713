"""Simplified Chinese (``zh_Hans``), the third reply language (issue 18 item 4): chosen by ``/lang 简体`` /
``/lang zh_Hans``, never from a phone's language; its catalogue is written Mandarin, not Cantonese."""

from __future__ import annotations

import re

import pytest
from babel.messages.pofile import read_po
from threeplay import registered

from taipai.bot.i18n import LOCALES, gettext_in, normalize_locale, po_path
from taipai.bot.money_format import babel_locale

from .conftest import opened_table

COMMAND_WORDS = ("唔斩", "叫碰唔碰", "唔坐")
"""Command words the parser reads as typed (Cantonese words a table types), which a reply may quote."""

CANTONESE = re.compile("[咗嘅冇佢啲嚟喺嗰睇攞嘢噉啱咩㗎喎囉嘞吖乜仲撳係]")
"""Characters of written Cantonese that written Mandarin does not use."""


def test_zh_hans_is_a_locale_only_by_its_name() -> None:
    assert "zh_Hans" in LOCALES
    assert normalize_locale("zh_Hans") == "zh_Hans"
    assert normalize_locale("zh-hans") == "zh_Hant_HK"  # a phone's language keeps the Cantonese default
    assert babel_locale("zh_Hans") == "zh_Hans_CN"


def test_the_catalogue_is_written_mandarin() -> None:
    with po_path("zh_Hans").open("rb") as fh:
        cat = read_po(fh, locale="zh_Hans", domain="taipai")
    said = [m.string for m in cat if m.id and isinstance(m.string, str)]
    assert len(said) > 700
    cantonese = []
    for text in said:
        for word in COMMAND_WORDS:
            text = text.replace(word, "")
        if CANTONESE.search(text):
            cantonese.append(text)
    assert cantonese == []
    assert gettext_in("zh_Hans", "Commands:") == "指令："
    assert gettext_in("zh_Hans", "No table is open here. Start one with: 開枱 A B C D") == (
        "这里未开台。开台这么写：开台 A B C D"
    )


@pytest.mark.asyncio
async def test_lang_simplified_and_a_three_player_evening(store, monkeypatch: pytest.MonkeyPatch) -> None:
    registered(monkeypatch)
    talk = await opened_table(store, "開枱 A B C 三人牌")
    assert await talk("A", "/lang 简体") == "语言已切换为简体中文。"
    assert await talk("A", "/lang") == "语言：简体中文。用 /lang en 或者 /lang zh 切换。"
    assert await talk("B", "B 食 C 3翻") == "B 食 C：3翻\nC 给 B HK$3\n下一局：B 做庄；東圈，第2局。"
    assert await talk("A", "开台 A B C D 三人牌") == "三人牌要3个人玩：開枱 A B C 三人牌"
    assert await talk("A", "/lang zh") == "語言轉咗做廣東話。"
