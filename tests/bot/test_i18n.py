"""Every user-visible string of the bot is translated in both catalogues (issue 5 item 5)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from babel.messages.extract import extract_from_dir
from babel.messages.pofile import read_po

from taipai.bot import i18n
from taipai.bot.i18n import LOCALES, _, gettext_in, normalize_locale, use_locale
from taipai.bot.service import render
from taipai.core.errors import ERROR_CODES

ROOT = Path(__file__).resolve().parents[2]
FIELD = re.compile(r"\{(\w*)[^{}]*\}")


def code_msgids() -> set[str]:
    """Every string passed to _() or N_() under taipai/bot, and to N_() under taipai/systems and
    taipai/core (the systems' chat vocabulary, taipai/core/chat.py, and the chat words several systems
    share, taipai/core/wilds/birdchat.py), extracted the way pybabel does with babel.cfg."""
    found = [
        *extract_from_dir(str(ROOT / "taipai" / "bot"), method_map=[("**.py", "python")]),
        *(
            entry
            for part in ("systems", "core")
            for entry in extract_from_dir(
                str(ROOT / "taipai" / part), method_map=[("**.py", "python")], keywords={"N_": None}
            )
        ),
    ]
    return {msg for _file, _line, msg, _comments, _ctx in found if isinstance(msg, str) and msg}


def test_babel_cfg_extracts_the_systems_chat_vocabulary():
    text = (ROOT / "babel.cfg").read_text("utf-8")
    assert "[python: taipai/bot/**.py]" in text
    assert "[python: taipai/systems/**.py]" in text and "keywords = N_" in text
    assert "底 = {value}" in code_msgids()  # a 規則 row written in taipai/systems/taiwan/chat.py


def catalogue_entries(locale: str):
    with (ROOT / "locales" / locale / "LC_MESSAGES" / "taipai.po").open("rb") as fh:
        return {m.id: m for m in read_po(fh, locale=locale) if m.id}


def test_the_code_has_strings_to_translate():
    assert len(code_msgids()) > 50


@pytest.mark.parametrize("locale", LOCALES)
def test_every_msgid_is_translated(locale):
    entries = catalogue_entries(locale)
    missing = sorted(m for m in code_msgids() if m not in entries or not entries[m].string)
    fuzzy = sorted(m for m in code_msgids() if m in entries and entries[m].fuzzy)
    assert not missing, f"untranslated in {locale}: {missing}"
    assert not fuzzy, f"fuzzy in {locale}: {fuzzy}"


@pytest.mark.parametrize("locale", LOCALES)
def test_translations_keep_their_placeholders(locale):
    for msgid, entry in catalogue_entries(locale).items():
        assert sorted(FIELD.findall(entry.string)) == sorted(FIELD.findall(msgid)), msgid


def test_the_pot_template_is_up_to_date():
    with (ROOT / "locales" / "taipai.pot").open("rb") as fh:
        pot = {m.id for m in read_po(fh) if m.id}
    assert pot == code_msgids(), "run the pybabel extract/update commands in locales/README.md"


def test_every_hand_error_code_has_its_own_reply():
    assert set(ERROR_CODES) <= set(render._HAND_ERRORS)


def test_lookup_and_fallback(monkeypatch, tmp_path):
    assert gettext_in("zh_Hant_HK", "Commands:") == "指令："
    assert gettext_in("en", "Commands:") == "Commands:"
    with use_locale("en-GB"):
        assert _("Commands:") == "Commands:"
        with use_locale("zh-HK"):
            assert _("Commands:") == "指令："
        assert _("Commands:") == "Commands:"
    assert _("Commands:") == "指令："  # the default is written Cantonese
    assert _("a string nobody translated") == "a string nobody translated"
    monkeypatch.setenv("TAIPAI_LOCALES_DIR", str(tmp_path))
    i18n.catalogue.cache_clear()
    try:
        assert gettext_in("zh_Hant_HK", "Commands:") == "Commands:"  # no catalogue: the English id
    finally:
        monkeypatch.delenv("TAIPAI_LOCALES_DIR")
        i18n.catalogue.cache_clear()


@pytest.mark.parametrize(
    ("tag", "locale"),
    [
        (None, "zh_Hant_HK"),
        ("", "zh_Hant_HK"),
        ("en", "en"),
        ("en_US.UTF-8", "en"),
        ("zh-Hant", "zh_Hant_HK"),
        ("zh_TW", "zh_Hant_HK"),
        ("yue", "zh_Hant_HK"),
        ("fr", "zh_Hant_HK"),
    ],
)
def test_normalize_locale(tag, locale):
    assert normalize_locale(tag) == locale
