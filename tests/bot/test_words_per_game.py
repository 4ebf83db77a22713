"""A context word a hand did not score is named in the table's own game (RuleSystem.words).

The case that showed it: 天聽 is a 台灣牌 word (seed 003 「天聽 8台 : 閒家配牌補花後即宣佈聽牌」), so said by
the dealer it scores nothing, and the note named it by its field, ``heavenly_ready``, because the bot
looked words up in 港式台牌's table only.
"""

from __future__ import annotations

import json

import pytest

from .conftest import Talk
from .test_cli import taipai

# 五 chows-and-pairs reading with a single wait on 東, won on a discard (門清 1, 獨聽 1).
HAND = "一二三萬 四五六萬 七八九筒 二三四索 五六七索 東 食 東"


def test_taipai_score_names_an_unscored_taiwan_word_as_players_write_it() -> None:
    done = taipai("score", HAND, "天聽", "--rules", "taiwan", "--dealer", "--lang", "zh_Hant_HK")
    assert done.returncode == 0
    assert done.stdout.splitlines()[-1] == "冇計（牌面或者枱規唔啱）：天聽"
    as_json = json.loads(taipai("score", HAND, "天聽", "--rules", "taiwan", "--dealer", "--json").stdout)
    assert as_json["ignored"] == ["heavenly_ready"]  # the JSON keeps the stable field name


@pytest.mark.asyncio
async def test_the_chat_names_an_unscored_taiwan_word_as_players_write_it(talk_en: Talk) -> None:
    await talk_en("A", "開枱 A B C D 台灣牌")
    reply = await talk_en("A", f"A 食 B {HAND} 天聽")  # A deals: 天聽 is a non-dealer's (seed 003)
    assert "  Not counted (the tiles or the table rules do not allow it): 天聽" in reply.splitlines()


@pytest.mark.parametrize(
    ("game", "line", "amounts", "balances"),
    [
        # 港式台牌: 3番 + 底 5 + 莊 1 (A deals) = 9 fan units, carried as 拉一 (settled balances stay 0)
        ("港式台牌", "B 食 A 3番", "fan", {"A": 0, "B": 0, "C": 0, "D": 0}),
        # 台灣牌 100/50: 底 100 + 3台 × 50 + 作莊 50 (A deals) = 300, paid at once
        ("台灣牌", "B 食 A 3台", "money", {"A": -300, "B": 300, "C": 0, "D": 0}),
        # 廣東牌 1元一底, 全銃: the discarder pays his portion 2^(3−1) = 4 and the two halves: 8
        ("廣東牌", "B 食 A 3翻", "money", {"A": -8, "B": 8, "C": 0, "D": 0}),
    ],
)
def test_the_ledger_json_says_what_its_balances_count(tmp_path, game, line, amounts, balances) -> None:
    db = str(tmp_path / "t.db")
    chat = taipai("chat", "--db", db, "--lang", "en", stdin=f"A: 開枱 A B C D {game}\nB: {line}\n")
    assert chat.returncode == 0, chat.stderr
    state = json.loads(taipai("ledger", "--db", db, "--json").stdout)
    assert state["amounts"] == amounts
    assert {p["name"]: p["balance"] for p in state["players"]} == balances
