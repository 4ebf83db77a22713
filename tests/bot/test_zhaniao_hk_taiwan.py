"""扎鳥 at a 港式台牌 table (seed 001 「扎鸟」, issue 17 item 3): ``規則 扎鳥 開`` (or ``開枱 … 扎鳥 開``) lets
``鳥 三萬`` / ``/bird 三萬`` follow a win as 歡樂麻將's 鳥 does (the one :class:`~taipai.core.wilds.bird.Bird`
event), and the player it lands on wins or pays that win double, the second share paid at once.

By hand (DESIGN §6 defaults: 底 5, dealer fan 1 + 2n; A deals hand 1, B hand 2):

- B 食 C 10番: C owes B 15 (a 拉 chain).  鳥 三萬 counts 一 A (the dealer), 二 B, 三 C: the discarder, who
  pays B 15 more at once.
- C 自摸 10番 (B deals): A 15, B 16 (10 + 底 5 + dealer 1), D 15 in chains; C kicks back B's chain, paying
  half of 15 (7).  鳥 二萬 counts 一 B, 二 C: the winner, so A 15, B 16 and D 15 are paid once more.
  Settled balances: A −15, B +15 − 16 + 7 = +6, C −15 − 7 + 46 = +24, D −15.
"""

from __future__ import annotations

import pytest

from .conftest import Talk, opened_table


@pytest.mark.asyncio
async def test_zhaniao_doubles_the_leg_of_whom_the_bird_lands_on(store) -> None:
    talk: Talk = await opened_table(store, "開枱 A B C D 扎鳥 開", locale="en")
    assert (await talk.state()).options.bird is True
    await talk("B", "B 食 C 10番")
    assert [line.strip() for line in (await talk("A", "鳥 三萬")).splitlines()[:2]] == [
        "鳥 三萬 (3, counted from the dealer A) lands on C, who dealt in: C pays double",
        "C pays B 15 more (15 → 30)",  # the leg went into a 拉 chain; the 鳥 pays it once more at once
    ]
    await talk("C", "C 自摸 10番")
    assert [line.strip() for line in (await talk("A", "/bird 二萬")).splitlines()[:4]] == [
        "鳥 二萬 (2, counted from the dealer B) lands on C, who self-drew: each of the three pays double",
        "A pays C 15 more (15 → 30)",
        "B pays C 16 more (16 → 32)",
        "D pays C 15 more (15 → 30)",
    ]
    state = await talk.state()
    assert {p.name: p.balance for p in state.players} == {"A": -15, "B": 6, "C": 24, "D": -15}
    assert (await talk("A", "撤銷")).splitlines()[0].startswith("A undid: 鳥 二萬")
    state = await talk.state()
    assert {p.name: p.balance for p in state.players} == {"A": 0, "B": 22, "C": -22, "D": 0}


@pytest.mark.asyncio
@pytest.mark.parametrize("locale", ["en", "zh_Hant_HK"])
async def test_zhaniao_is_off_by_default_and_set_with_its_word(store, locale: str) -> None:
    talk: Talk = await opened_table(store, "開枱 A B C D", locale=locale)
    await talk("B", "B 食 C 10番")
    off = {
        "en": "This table does not play 扎鳥: 規則 扎鳥 開 turns it on, then 鳥 三萬 right after a win.",
        "zh_Hant_HK": "呢張枱冇玩扎鳥：打 規則 扎鳥 開 就開咗，之後食糊即刻講 鳥 三萬。",
    }
    assert await talk("A", "鳥 三萬") == off[locale]
    assert await talk.seq() == 2  # nothing booked
    on = {
        "en": "Rule changed: 扎鳥 = 開 (鳥 三萬 right after a win: the player it lands on wins or pays double).",
        "zh_Hant_HK": "改咗規則：扎鳥 = 開（食糊之後即刻講 鳥 三萬：中鳥嗰家贏或者輸都計雙倍）。",
    }
    assert await talk("A", "規則 扎鳥 開") == on[locale]
    await talk("D", "D 食 B 5番")  # B deals hand 2; 鳥 一萬 lands on B, the discarder: B pays D 11 more
    doubled = {
        "en": [
            "鳥 一萬 (1, counted from the dealer B) lands on B, who dealt in: B pays double",
            "B pays D 11 more (11 → 22)",
        ],
        "zh_Hant_HK": [
            "鳥 一萬（1，由莊家 B 數起）中 B，佢係出銃嗰個：B 俾雙倍",
            "B 再俾 D 11（由 11 變 22）",
        ],
    }
    assert [line.strip() for line in (await talk("A", "鳥 一萬")).splitlines()[:2]] == doubled[locale]
    bad = {
        "en": "「也」 is not a value of 扎鳥: 開, 關. Now: 扎鳥 = 開 (鳥 三萬 right after a win: the player it "
        "lands on wins or pays double).",
        "zh_Hant_HK": "「也」唔係扎鳥用得嘅設定：開、關。而家：扎鳥 = 開（食糊之後即刻講 鳥 三萬：中鳥嗰家贏或者輸都計雙倍）。",
    }
    assert await talk("A", "規則 扎鳥 也") == bad[locale]


@pytest.mark.asyncio
async def test_zhaniao_at_games_that_do_not_take_it(store) -> None:
    qq: Talk = await opened_table(store, "開枱 A B C D 歡樂", locale="en")
    assert await qq("A", "規則 扎鳥 開") == (
        "QQ Happy Mahjong (歡樂麻將) takes no 扎鳥 setting; /help lists what this table books."
    )
    old: Talk = await opened_table(store, "開枱 A B C D 廣東牌", locale="en")
    assert (await old("A", "規則 扎鳥 開")).startswith(
        "Hong Kong 13-tile (廣東牌) plays no wildcards, so it has no 扎鳥 setting (games with wildcards: "
    )
