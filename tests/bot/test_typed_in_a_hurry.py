"""What a fresh player types from the README alone, with exact Cantonese replies (the evening in the
terminal chat): the speaker as the implied winner, names run together, a count said alone."""

from __future__ import annotations

import pytest

HAND = "一二三萬 四五六萬 七八九筒 二三四索 中中中 東 食 東"
OPEN = "開枱 阿強 肥波 阿May 細妹"


@pytest.mark.asyncio
async def test_the_speaker_is_the_implied_winner(talk_zh):
    talk = talk_zh
    await talk("阿強", OPEN)
    # 阿強 deals (dealer fan 1 on each leg): 12 + 底 5 + 1 = 18 from each of the three.
    assert await talk("阿強", "自摸 12番") == (
        "阿強 自摸：12番\n"
        "  肥波 → 阿強：18（12番 + 底 5 + 莊 1）\n"
        "  阿May → 阿強：18（12番 + 底 5 + 莊 1）\n"
        "  細妹 → 阿強：18（12番 + 底 5 + 莊 1）\n"
        "拉一：肥波 欠 阿強 18\n"
        "拉一：阿May 欠 阿強 18\n"
        "拉一：細妹 欠 阿強 18\n"
        "下一鋪：阿強 做莊，連1；東圈，第2鋪。"
    )
    await talk("阿強", "撤銷")
    # 食 肥波 <count>: 阿強 wins on 肥波's discard, the same as 「阿強 食 肥波 12番」.
    assert (await talk("阿強", "食 肥波 12番")).splitlines()[:2] == [
        "阿強 食 肥波：12番",
        "  肥波 → 阿強：18（12番 + 底 5 + 莊 1）",
    ]
    await talk("阿強", "撤銷")
    reply = await talk("阿強", f"食 肥波 {HAND}")
    assert reply.splitlines()[0] == "阿強 食 肥波：18番"
    await talk("阿強", "撤銷")
    reply = await talk("阿強", HAND.replace("食 東", "摸 東").join(["自摸 ", ""]))
    assert reply.splitlines()[0] == "阿強 自摸：20番"
    s = await talk.state()
    assert [c.creditor for c in s.chains] == ["阿強"] * 3


@pytest.mark.asyncio
async def test_names_run_together_are_split(talk_zh):
    talk = talk_zh
    await talk("阿強", OPEN)
    assert (await talk("阿May", "阿May自摸12番")).splitlines()[0] == "阿May 自摸：12番"
    await talk("阿May", "撤銷")
    assert (await talk("阿May", f"阿May食肥波 {HAND}")).splitlines()[0] == "阿May 食 肥波：18番"
    await talk("阿May", "撤銷")
    assert (await talk("細妹", "阿強 食 肥波12番")).splitlines()[0] == "阿強 食 肥波：12番"
    await talk("阿May", "撤銷")
    assert (await talk("細妹", "細妹食阿強12番")).splitlines()[0] == "細妹 食 阿強：12番"


@pytest.mark.asyncio
async def test_a_name_that_starts_another_is_read_by_what_follows(talk_zh):
    """阿強 and 阿強仔 at one table: a space, or the verb / hand that must follow a name, tells
    which is meant (a tester's 「阿明: 食 阿明仔 12番」 once got no reply at all)."""
    talk = talk_zh
    await talk("阿強", "開枱 阿強 阿強仔 阿May 細妹")
    assert (await talk("細妹", "阿強仔自摸12番")).splitlines()[0] == "阿強仔 自摸：12番"
    await talk("細妹", "撤銷")
    assert (await talk("細妹", "細妹食阿強仔12番")).splitlines()[0] == "細妹 食 阿強仔：12番"
    await talk("細妹", "撤銷")
    assert (await talk("阿強", "食 阿強仔 12番")).splitlines()[0] == "阿強 食 阿強仔：12番"
    await talk("細妹", "撤銷")
    assert (await talk("細妹", "細妹 食 阿強仔 12番")).splitlines()[0] == "細妹 食 阿強仔：12番"


@pytest.mark.asyncio
async def test_a_name_that_reads_two_ways_is_asked_about_not_guessed(talk_zh):
    """阿一 and 阿一二: 「細妹食阿一二三萬 …」 is 阿一 with 二三萬 or 阿一二 with 三萬; nothing is booked
    and the reply asks which player (it was silence)."""
    talk = talk_zh
    await talk("阿一", "開枱 阿一 阿一二 阿May 細妹")
    reply = await talk("細妹", "細妹食阿一二三萬 四五六萬 七八九筒 二三四索 中中中 東 食 東")
    assert reply == "邊個？阿一 / 阿一二？名後面加個空格，例如 B 食 阿一二 12番。"
    assert await talk.seq() == 1


@pytest.mark.asyncio
async def test_a_count_alone_gets_a_hint_and_talk_stays_silent(talk_zh):
    talk = talk_zh
    assert await talk("阿強", "12番") == ""  # no table: nothing to hint at
    await talk("阿強", OPEN)
    hint = "係咪想寫：阿強 自摸 12番 或者 阿強 食 肥波 12番？"
    assert await talk("阿強", "12番") == hint
    assert await talk("阿強", "阿強 12番") == hint
    assert await talk("細妹", "8番") == "係咪想寫：細妹 自摸 8番 或者 細妹 食 阿強 8番？"
    assert await talk("路人", "12番") == ""  # not seated: not theirs to book
    for talk_line in ("自摸 咗 啦", "食 飯 先", "食咗飯未", "食", "飛"):
        assert await talk("細妹", talk_line) == ""
    assert await talk.seq() == 1


HAND_ONLY = "一二三萬 四五六萬 七八九筒 二三四索 中中中 東"


@pytest.mark.asyncio
async def test_a_whole_hand_without_names_asks_whose_win(talk_zh, talk_en):
    """Tester: 「阿強: 一二三萬 … 食 東」 (a whole hand, no 自摸 and no discarder) got no reply.  A
    seated player's whole hand is a record without its names: the reply says nothing was booked
    and shows the message written as a record (食 with the next seat as an example discarder, or
    自摸 for a hand ending 摸 X).  Talk with 食 or 摸 in it, and hands from someone not at the
    table, stay unanswered; nothing is booked."""
    talk = talk_zh
    await talk("阿強", OPEN)  # 東 阿強, 南 肥波, 西 阿May, 北 細妹
    assert await talk("阿強", f"{HAND_ONLY} 食 東") == (
        f"未記低。食邊個？咁寫：阿強 食 肥波 {HAND_ONLY} 食 東"
    )
    assert await talk("細妹", f"{HAND_ONLY} 摸 東") == (
        f"未記低。係咪你自摸？咁寫：細妹 自摸 {HAND_ONLY} 摸 東"
    )
    assert await talk_en("阿May", f"{HAND_ONLY} 食 東") == (
        f"Nothing booked. On whose discard? Write: 阿May 食 細妹 {HAND_ONLY} 食 東"
    )
    assert await talk("路人", f"{HAND_ONLY} 食 東") == ""
    assert await talk("阿強", "食咗飯未") == ""
    assert await talk("阿強", "我摸吓先") == ""
    assert await talk.seq() == 1


@pytest.mark.asyncio
async def test_a_record_missing_a_part_says_what_is_missing(talk_zh, talk_en):
    """Tester: 「阿強: 自摸」 (no count) and 「阿強 飛」 (no tile) got no reply at all.  A verb taipai
    knows with a seated player and nothing else is a record missing a part: the reply says which
    part and shows the right form, in the chat's language.  Nothing is booked."""
    talk = talk_zh
    await talk("阿強", OPEN)  # 東 阿強, 南 肥波, 西 阿May, 北 細妹
    cases = {
        ("阿強", "自摸"): "阿強 自摸：幾多番？寫數目或者手牌，例如 阿強 自摸 12番。",
        ("細妹", "阿強 自摸"): "阿強 自摸：幾多番？寫數目或者手牌，例如 阿強 自摸 12番。",
        ("細妹", "阿強自摸"): "阿強 自摸：幾多番？寫數目或者手牌，例如 阿強 自摸 12番。",
        ("阿強", "阿強 飛"): "阿強 飛：飛邊隻牌？例如 阿強 飛 九筒。",
        ("阿強", "南 飛"): "肥波 飛：飛邊隻牌？例如 肥波 飛 九筒。",  # 南 is 肥波's seat
        # no discarder: the next seat is the example
        ("細妹", "阿May 食"): "阿May 食：食邊個？例如 阿May 食 細妹 12番。",
        ("阿May", "食 肥波"): "阿May 食 肥波：幾多番？寫數目或者手牌，例如 阿May 食 肥波 12番。",
        ("細妹", "阿May 食 肥波"): "阿May 食 肥波：幾多番？寫數目或者手牌，例如 阿May 食 肥波 12番。",
        ("細妹", "阿May食肥波"): "阿May 食 肥波：幾多番？寫數目或者手牌，例如 阿May 食 肥波 12番。",
        # a count but no discarder (tester: 「阿強: 食 12番」 got no reply)
        ("阿May", "食 12番"): "阿May 食：食邊個？例如 阿May 食 細妹 12番。",
        ("細妹", "阿強 食 12番"): "阿強 食：食邊個？例如 阿強 食 肥波 12番。",
    }
    for (speaker, line), expected in cases.items():
        assert await talk(speaker, line) == expected, line
    assert await talk_en("阿強", "自摸") == (
        "阿強 自摸: how many fan? Write the count or the hand, e.g. 阿強 自摸 12番."
    )
    assert await talk_en("阿強", "阿強 飛") == "阿強 飛: which tile? e.g. 阿強 飛 九筒."
    assert await talk.seq() == 1
    # talk stays talk: a verb said alone or with other words, or by someone not at the table
    for speaker, line in (
        ("細妹", "食"),
        ("細妹", "飛"),
        ("細妹", "佢 飛 咗"),
        ("細妹", "阿強 食飯"),
        ("細妹", "自摸 咗 啦"),
        ("路人", "自摸"),
    ):
        assert await talk(speaker, line) == "", line


@pytest.mark.asyncio
async def test_a_record_missing_a_part_with_no_table_stays_silent(talk_zh):
    assert await talk_zh("阿強", "自摸") == ""
    assert await talk_zh("阿強", "阿強 飛") == ""


@pytest.mark.asyncio
async def test_the_terminal_answers_read_only_lines_without_a_speaker(store, db_url):
    import io

    from taipai.bot.console import database_place, run_console
    from taipai.bot.service import Service

    service = Service(store, locale="zh_Hant_HK")
    lines = "計數\n/score\n幫助\n/help\n開枱 A B C D\n/newgame A B C D\n/frob\nA: 開枱 A B C D\n歷史\n計數\n"
    out = io.StringIO()
    assert await run_console(service, stdin=io.StringIO(lines), stdout=out, interactive=True) == 0
    text = out.getvalue().replace("> ", "")
    path = database_place(service)
    assert path == str(store.engine.url.database) and path.endswith("bot.db")
    assert text.splitlines()[2] == f"（枱嘅紀錄存喺 {path}。㩒 Ctrl-D 離開；枱會留低，下次繼續。）"
    replies = text.split("taipai: ")[2:]
    assert replies[0].startswith("呢度未開枱。")  # 計數 said by nobody yet: answered
    assert replies[1].startswith("呢度未開枱。")  # /score
    assert replies[2].startswith("指令：") and replies[3].startswith("指令：")
    # 開枱 and /newgame without a speaker book something: who is speaking?  (/frob books nothing.)
    who = "（邊個講嘢？請打「講嘢嘅人: 內容」，例如 A: 開枱 A B C D）"
    assert replies[3].count(who) == 2
    assert replies[4] == "唔識 /frob 呢個指令。/help 睇晒所有指令。\n"
    assert replies[5].startswith("開枱：東 A、南 B、西 C、北 D。A 做莊。")
    assert replies[6] == "仲未打過。\n"  # 歷史: A is the speaker now
    assert replies[7].startswith("第1鋪，東圈，A 做莊")


def _taipai(*args: str, stdin: str = "", env: dict[str, str] | None = None):
    import os
    import subprocess
    import sys

    base = {
        k: v
        for k, v in os.environ.items()
        if k not in ("TELEGRAM_BOT_TOKEN", "DISCORD_BOT_TOKEN", "DATABASE_URL", "DEFAULT_LOCALE")
    }
    base["PYTHONIOENCODING"] = "utf-8"
    return subprocess.run(
        [sys.executable, "-m", "taipai.bot.cli", *args],
        input=stdin,
        capture_output=True,
        text=True,
        encoding="utf-8",
        env={**base, **(env or {})},
        timeout=60,
    )


def test_plain_taipai_takes_the_chat_options(tmp_path):
    db = tmp_path / "plain.db"
    run = _taipai("--lang", "en", "--db", str(db), stdin="A: 開枱 A B C D\n")
    assert run.returncode == 0, run.stderr
    assert run.stdout.splitlines()[0] == "taipai: Table open: 東 A, 南 B, 西 C, 北 D. A deals first."
    assert db.exists()
    again = _taipai("--db", str(db), stdin="A: 計數\n")
    assert again.stdout.splitlines()[0] == "taipai: 第1鋪，東圈，A 做莊"
    # A sub-command's own options still win, and still work after it.
    chat = _taipai("--lang", "zh_Hant_HK", "chat", "--db", str(db), "--lang", "en", stdin="A: 計數\n")
    assert chat.stdout.splitlines()[0] == "taipai: Hand 1, 東 round; A deals"


def test_ledger_of_a_missing_file_creates_nothing(tmp_path):
    where = tmp_path / "nonexistent" / "x.db"
    run = _taipai("ledger", "--db", str(where), env={"DEFAULT_LOCALE": "zh_Hant_HK"})
    assert run.returncode == 2
    assert run.stdout == f"{where} 冇枱：冇呢個數據庫檔案。\n"
    assert not where.parent.exists()
    run = _taipai("ledger", "--db", str(where), "--json", "--lang", "en")
    assert run.returncode == 2 and not where.parent.exists()
    assert run.stdout.startswith('{"ok": false, "error": {"code": "no_table"')


def test_score_into_a_closed_pipe_has_no_traceback():
    import os
    import subprocess
    import sys

    hand = "一二三萬 四五六萬 七八九筒 二三四索 中中中 東 摸 東"
    env = {**os.environ, "PYTHONIOENCODING": "utf-8"}
    proc = subprocess.Popen(
        [sys.executable, "-m", "taipai.bot.cli", "score", hand],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        env=env,
    )
    assert proc.stdout is not None and proc.stderr is not None
    proc.stdout.close()  # the reader is gone (``| head`` done) before taipai writes a line
    err = proc.stderr.read().decode("utf-8")
    assert proc.wait(timeout=60) == 1
    assert "Traceback" not in err and "BrokenPipeError" not in err


@pytest.mark.asyncio
async def test_chain_arithmetic_kicks_refunds_and_lapsed_offers(talk_zh):
    talk = talk_zh
    await talk("阿強", "開枱 阿強 肥波 阿May 細妹")
    await talk("阿強", "阿強 食 肥波 12番")  # 拉一 肥波→阿強 18 (dealer 1)
    # 拉二 = 18 + ⌈18×½⌉ (9) + 19 (11 + 底 5 + 連1 dealer 3) = 46, shown once with its arithmetic.
    assert await talk("阿強", "阿強 食 肥波 11番") == (
        "阿強 食 肥波：11番\n"
        "  肥波 → 阿強：19（11番 + 底 5 + 莊 3）\n"
        "拉二：肥波 欠 阿強 46（18 + 18×½→9 + 19）\n"
        "下一鋪：阿強 做莊，連2；東圈，第3鋪。"
    )
    # 踢半: 肥波 pays ⌊46 / 2⌋ = 23, said once (no second 「肥波 俾 阿強 23」 line).
    assert await talk("肥波", "肥波 食 阿強 3番") == (
        "肥波 食 阿強：3番\n"
        "  阿強 → 肥波：13（3番 + 底 5 + 莊 5）\n"
        "踢半：肥波 踢 阿強 嘅拉二，46 一半 → 俾 23\n"
        "拉一：阿強 欠 肥波 13\n"
        "下一鋪：肥波 做莊；東圈，第4鋪。"
    )
    # Undoing it gives the 23 back: a refund, not a new payment; the 拉二 is back, the new 拉一 gone.
    assert await talk("肥波", "撤銷") == (
        "肥波 撤銷咗：肥波 食 阿強：3番。\n拉二返番嚟：肥波 欠 阿強 46\n拉一取消：阿強 唔使再欠 肥波 13\n"
        "阿強 退返 23 俾 肥波\n下一鋪：阿強 做莊，連2；東圈，第3鋪。"
    )
    await talk("肥波", "重做")
    # A chain settled by another win: one line (「拉一找數」), not again as 「阿強 俾 肥波 13」.
    assert await talk("阿May", "阿May 食 細妹 12番") == (
        "阿May 食 細妹：12番\n"
        "  細妹 → 阿May：17（12番 + 底 5）\n"
        "拉一找數：阿強 → 肥波 13\n"
        "拉一：細妹 欠 阿May 17\n"
        "下一鋪：阿May 做莊；東圈，第5鋪。"
    )
    await talk("阿May", "阿May 食 細妹 12番")  # 拉二 17 + 9 + 18 = 44
    offer = await talk("阿May", "阿May 食 細妹 12番")  # 拉三 44 + 22 + 20 = 86: 斬拉 offered
    assert "細妹：阿May 拉緊你拉三（86）。斬唔斬？答「斬」或者「唔斬」。" in offer
    # 細妹 never answers: the next hand makes the offer lapse, and its reply says so.
    reply = await talk("阿強", "阿強 食 肥波 一二三萬 四五六萬 七八九筒 二三四索 中中中 東 食 東 海底")
    assert reply.splitlines() == [
        "阿強 食 肥波：18番",
        "  五門齊：10番",
        "  門前清：3番",
        "  獨獨：2番",
        "  三元牌：2番",
        "  無花：1番",
        "  冇計（牌面或者枱規唔啱）：海底",  # 海底 is a self-drawn last tile: not on a discard
        "  肥波 → 阿強：23（18番 + 底 5）",
        "（細妹 冇答斬拉，當唔斬）",
        "拉三找數：細妹 → 阿May 86",
        "拉一：肥波 欠 阿強 23",
        "下一鋪：細妹 做莊；東圈，第8鋪。",
    ]


def test_a_search_cut_short_says_so():
    from types import SimpleNamespace

    from taipai.bot.i18n import use_locale
    from taipai.bot.service import render

    score = SimpleNamespace(ignored=("robbing_kong", "last_copy"), exact=False)
    with use_locale("zh_Hant_HK"):
        assert render.score_notes(score) == [
            "冇計（牌面或者枱規唔啱）：搶槓、絕張",
            "搭太多，喺搜尋上限內搵到最好嘅拆法，未必係最高番",
        ]
    with use_locale("en"):
        assert render.score_notes(SimpleNamespace(ignored=(), exact=False)) == [
            "Best reading found within the search budget (many wildcards): not proven the maximum"
        ]
    assert render.score_notes(SimpleNamespace(ignored=(), exact=True)) == []


@pytest.mark.asyncio
@pytest.mark.parametrize(
    "line", ["開枱 阿強,肥波,阿May,細妹", "開枱 阿強，肥波，阿May，細妹", "開枱 阿強、肥波、阿May、細妹"]
)
async def test_open_with_commas(talk_zh, line):
    assert await talk_zh("阿強", line) == (
        "開枱：東 阿強、南 肥波、西 阿May、北 細妹。阿強 做莊。\n玩法：港式台牌，計番。\n下一鋪：阿強 做莊；東圈，第1鋪。"
    )


@pytest.mark.asyncio
async def test_error_wording(talk_zh):
    talk = talk_zh
    await talk("阿強", OPEN)
    assert await talk("阿強", "阿強 食 肥波 -3番") == "番數要係 0 或以上嘅整數（例如 B 食 A 12番）。"
    assert await talk("阿強", "阿強 食 肥波 1.5番") == "番數要係 0 或以上嘅整數（例如 B 食 A 12番）。"
    assert await talk("阿強", "阿強 食 阿強 12番") == "唔可以食自己。"
    assert await talk("阿強", "規則 la_mode") == (
        "la_mode 而家係 every_hand。改用「規則 la_mode 值」，可以係：every_hand (鋪鋪拉)、dealer_only (莊家拉)、off。"
    )
    assert await talk("阿強", "規則 cut") == (
        "cut 而家係 every_third。改用「規則 cut 值」，可以係：every_third (三局斬拉)、from_third、none (無限拉)。"
    )
    assert await talk("阿強", "規則 rate") == "rate 而家係 1。改用「規則 rate 數字」，例如 規則 rate 60。"
    assert await talk.seq() == 1


@pytest.mark.asyncio
async def test_the_terminal_speaks_english_with_lang_en(store):
    import io

    from taipai.bot.console import run_console
    from taipai.bot.service import Service

    out = io.StringIO()
    lines = "A: hello\n"
    await run_console(Service(store, locale="en"), stdin=io.StringIO(lines), stdout=out, interactive=True)
    text = out.getvalue()
    assert text.startswith("taipai: taipai keeps score for 港式台牌 (hk-taiwan), 台灣牌 (taiwan), 廣東牌 (hk-old), 國標 (mcr), "
                           "歡樂麻將 (qq), 雞平和 (guangdong)")
    assert "(The table is kept in " in text
    assert "> (no reply: that is not a command; /help lists the commands)" in text


@pytest.mark.asyncio
async def test_the_table_knows_the_dealer_and_the_streak(talk_zh):
    talk = talk_zh
    await talk("阿強", OPEN)
    await talk("阿強", "阿強 食 肥波 12番")  # 阿強 deals on, 連1
    # The message says 連2; the table says 連1: dealer fan 2·1 + 1 = 3, and the reply says why.
    reply = await talk("阿強", f"阿強 食 肥波 {HAND} 莊 連2")
    assert reply.splitlines()[6:8] == ["  連莊以枱為準：連1", "  肥波 → 阿強：26（18番 + 底 5 + 莊 3）"]
    assert reply.count("以枱為準") == 1
    await talk("阿強", "撤銷")
    # 肥波 writes 莊 but 阿強 deals: scored as a non-dealer's hand.
    reply = await talk("肥波", "肥波 自摸 " + HAND.replace("食 東", "摸 東") + " 莊")
    assert "  莊家以枱為準：阿強 做莊" in reply.splitlines()
    assert "  阿May → 肥波：25（20番 + 底 5）" in reply.splitlines()
    await talk("肥波", "撤銷")
    # Words that agree with the table say nothing.
    reply = await talk("阿強", "阿強 自摸 " + HAND.replace("食 東", "摸 東") + " 莊 連1")
    assert "以枱為準" not in reply


@pytest.mark.asyncio
async def test_an_emoji_after_a_complete_message_is_the_mood_not_part_of_it(talk_zh):
    """Tester: 「阿珍 自摸 12番 😂」 was refused with the pointer at 「12」 (read as a hand whose 12 has no
    suit).  A trailing emoji is dropped (commands.drop_trailing_emoji); one inside a hand is named."""
    talk = talk_zh
    await talk("阿強", OPEN)
    # 阿強 deals (n 0): 12 + 底 5 + 莊 1 = 18 from the dealer, 12 + 5 = 17 from the others
    assert (await talk("阿May", "阿May 自摸 12番 😂")).splitlines()[:3] == [
        "阿May 自摸：12番",
        "  阿強 → 阿May：18（12番 + 底 5 + 莊 1）",
        "  肥波 → 阿May：17（12番 + 底 5）",
    ]
    assert (await talk("阿May", "撤銷 🙏")).startswith("阿May 撤銷咗：阿May 自摸：12番。")
    assert (await talk("阿May", "自摸 12番👍🏻")).splitlines()[0] == "阿May 自摸：12番"  # implied winner
    await talk("阿May", "撤銷")
    assert (await talk("肥波", f"肥波 食 阿強 {HAND} 🎉")).splitlines()[0] == "肥波 食 阿強：18番"
    await talk("肥波", "撤銷")
    # inside the hand the emoji is what is wrong: 「肥波 食 阿強 一二三萬 」 is 13 characters
    assert await talk("肥波", f"肥波 食 阿強 {HAND.replace('萬 ', '萬 😂 ', 1)}") == (
        "睇唔明「😂」。牌要咁寫：一二三萬、123筒、東 南 中 發 白。（「😂」喺訊息第 14 個字。）"
    )
    assert await talk.seq() == 7  # 開枱, three hands and their undos; nothing for the bad hand


@pytest.mark.asyncio
async def test_the_table_knows_the_round_and_the_seats(talk_zh):
    """西圈 / 北位 in a hand message: the table's round and seat count, and the reply says so (西圈
    was used silently against the table's 東 round, scoring 西西西 as 正風)."""
    talk = talk_zh
    await talk("阿強", OPEN)  # 東 阿強 (deals), 南 肥波, 西 阿May, 北 細妹; 東 round
    # 肥波 (南) on 阿強's discard: 五門齊 10, 門前清 3, 獨獨 2, 無花 1, 風牌 1 (西西西, neither the
    # round's nor 肥波's wind) = 17番; with the dealer: 17 + 底 5 + 莊 1 = 23
    hand = "一二三萬 四五六萬 七八九筒 二三四索 西西西 中 西圈 食 中"
    assert (await talk("肥波", f"肥波 食 阿強 {hand}")).splitlines()[:8] == [
        "肥波 食 阿強：17番",
        "  五門齊：10番",
        "  門前清：3番",
        "  獨獨：2番",
        "  無花：1番",
        "  風牌：1番",
        "  圈風以枱為準：東圈",
        "  阿強 → 肥波：23（17番 + 底 5 + 莊 1）",
    ]
    await talk("肥波", "撤銷")
    # 北位 said by 肥波, who sits 南: 南南南 is still his own wind (正位 1) → 18番, 18 + 5 + 1 = 24
    hand = "一二三萬 四五六萬 七八九筒 二三四索 南南南 中 北位 食 中"
    reply = (await talk("肥波", f"肥波 食 阿強 {hand}")).splitlines()
    assert reply[0] == "肥波 食 阿強：18番"
    assert reply[-4:-2] == ["  門風以枱為準：肥波 坐南", "  阿強 → 肥波：24（18番 + 底 5 + 莊 1）"]
    await talk("肥波", "撤銷")
    # Words that agree with the table say nothing.
    reply = await talk("肥波", f"肥波 食 阿強 {hand.replace('北位', '南位 東圈')}")
    assert reply.splitlines()[0] == "肥波 食 阿強：18番" and "以枱為準" not in reply


@pytest.mark.asyncio
async def test_implied_winner_with_a_bad_count_or_a_seat_wind_is_answered(talk_zh):
    """「食 阿明 -5番」 said by a seated player is a win with a count that cannot be booked: it gets the
    count error (it was silence); 「食 南 12番」 names the discarder by seat wind, as the spaced form
    may (README: players by name, @mention or seat wind)."""
    talk = talk_zh
    await talk("阿強", OPEN)
    assert await talk("阿強", "食 肥波 -5番") == "番數要係 0 或以上嘅整數（例如 B 食 A 12番）。"
    assert await talk("阿強", "食 肥波 12.5番") == "番數要係 0 或以上嘅整數（例如 B 食 A 12番）。"
    assert await talk.seq() == 1
    assert (await talk("阿May", "食 南 12番")).splitlines()[0] == "阿May 食 肥波：12番"
