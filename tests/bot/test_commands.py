"""Chat text → commands (DESIGN §5 table), and bare fan counts."""

from __future__ import annotations

import pytest

from taipai.bot.service.parse import (
    NO_ARGUMENT_KINDS,
    SLASH_NAMES,
    CommandError,
    Leg,
    check_names,
    parse_command,
    read_count,
)


@pytest.mark.parametrize(
    ("text", "kind"),
    [
        ("開枱 A B C D", "open"),
        ("/newgame A B C D", "open"),
        ("/newgame@taipai_bot A B C D", "open"),
        ("流局", "draw"),
        ("/draw", "draw"),
        ("計數", "score"),
        ("/score", "score"),
        ("/chains", "chains"),
        ("/chains@taipai_bot", "chains"),
        ("埋數", "settle"),
        ("/settle", "settle"),
        ("撤銷", "undo"),
        ("/undo", "undo"),
        ("重做", "redo"),
        ("/redo", "redo"),
        ("斬", "cut"),
        ("/cut", "cut"),
        ("唔斬", "nocut"),
        ("/nocut", "nocut"),
        ("/help", "help"),
        ("／help", "help"),  # full-width slash
    ],
)
def test_every_command_form(text, kind):
    cmd = parse_command(text)
    assert cmd is not None and cmd.kind == kind
    assert cmd.slash == text.lstrip().startswith(("/", "／"))


def test_open_names_in_seat_order():
    assert parse_command("開枱 阿明 阿強 阿珍 阿玲").players == ("阿明", "阿強", "阿珍", "阿玲")


def test_win_forms_keep_the_hand_text_exactly():
    hand = "一二三萬 四五六萬 七八九筒 二三四索 中中中 東 食 東"
    for text in (f"B 食 A {hand}", f"/win B A {hand}"):
        cmd = parse_command(text)
        assert (cmd.kind, cmd.discarder, cmd.legs) == ("win", "A", (Leg("B", hand),))
    assert parse_command("B 食 A 12番").legs == (Leg("B", "12番"),)
    assert parse_command("/win B A 12").legs == (Leg("B", "12"),)


def test_several_winners_on_one_discard():
    cmd = parse_command("B 食 A 12番; C 食 A 8番")
    assert cmd.discarder == "A" and cmd.legs == (Leg("B", "12番"), Leg("C", "8番"))
    with pytest.raises(CommandError) as err:
        parse_command("B 食 A 12番; C 食 D 8番")  # two discarders
    assert (err.value.code, err.value.args_) == ("two_discarders", {"first": "A", "second": "D"})
    with pytest.raises(CommandError) as err:
        parse_command("/win B A 12; C D 8")
    assert err.value.code == "two_discarders"
    assert parse_command("/win B A 12;").legs == parse_command("B 食 A 12;").legs == (Leg("B", "12"),)


def test_self_draw_forms():
    assert parse_command("B 自摸 12番").legs == (Leg("B", "12番"),)
    assert parse_command("/selfdraw B 12").legs == (Leg("B", "12"),)


def test_cut_may_name_the_creditor():
    assert parse_command("斬 B").target == "B"
    assert parse_command("/nocut B").target == "B"


@pytest.mark.parametrize("name", sorted(n for n, kind in SLASH_NAMES.items() if kind in NO_ARGUMENT_KINDS))
@pytest.mark.parametrize("extra", ["now", "please no", "A B C D"])
def test_a_slash_command_without_arguments_refuses_words_after_it(name, extra):
    """``/settle please no`` must not settle: every argument-less slash command refuses extra words."""
    with pytest.raises(CommandError) as info:
        parse_command(f"/{name} {extra}")
    assert (info.value.code, info.value.args_) == ("no_args", {"command": "/" + name})
    with pytest.raises(CommandError):
        parse_command(f"/{name}@taipai_bot {extra}")
    assert parse_command(f"/{name}").kind == SLASH_NAMES[name]


def test_the_argument_less_kinds_are_the_ones_that_take_nothing():
    assert {"draw", "score", "chains", "settle", "undo", "redo", "history", "export"} == NO_ARGUMENT_KINDS
    assert parse_command("/help me").kind == "help"  # books nothing; /start carries Telegram's payload
    assert parse_command("/start payload").kind == "help"


@pytest.mark.parametrize(
    ("text", "code"),
    [
        ("開枱 A B C", "open_usage"),
        ("/newgame A B C D E", "open_game"),  # a fifth word names the game (issue 14)
        ("/newgame A B C D E F", "open_usage"),
        ("/win B", "win_usage"),
        ("/win B A", "win_usage"),
        ("/selfdraw B", "self_draw_usage"),
        ("B 自摸", "no_hand"),
        ("B 食 A", "no_hand"),
        ("/frobnicate", "unknown_command"),
        ("/cut B C", "cut_usage"),
        ("/nocut B C", "cut_usage"),
    ],
)
def test_malformed_commands_say_what_is_wrong(text, code):
    with pytest.raises(CommandError) as info:
        parse_command(text)
    assert info.value.code == code


@pytest.mark.parametrize("text", ["", "   ", "hello", "今晚打幾圈?", "食飯未", "數"])
def test_ordinary_talk_is_not_a_command(text):
    assert parse_command(text) is None


@pytest.mark.parametrize(
    ("hand", "count"),
    [
        ("12", 12),
        ("12番", 12),
        ("12翻", 12),
        ("12 番", 12),
        ("１２番", 12),
        ("十二番", 12),
        ("二十番", 20),
        ("三十五番", 35),
        ("廿番", 20),  # Cantonese 廿 = 20, 卅 = 30
        ("廿四番", 24),
        ("卅二番", 32),
        ("0番", 0),
        ("8fan", 8),
    ],
)
def test_bare_counts(hand, count):
    assert read_count(hand) == count


@pytest.mark.parametrize("hand", ["一二三萬", "12萬", "一二三", "12番 摸 東", "-3"])
def test_hands_are_not_counts(hand):
    assert read_count(hand) is None


@pytest.mark.parametrize(
    ("text", "kept"),
    [
        ("12番 😂", "12番"),
        ("12番😂", "12番"),
        ("撤銷 🙏🏻", "撤銷"),  # a skin tone (Sk) after the emoji
        ("埋數 ❤️", "埋數"),  # a variation selector (U+FE0F) after the heart
        ("流局 👨‍👩‍👧 ", "流局"),  # a family: emoji glued by zero width joiners
        ("😂", ""),
        ("12番 😂 東", "12番 😂 東"),  # only the end is trimmed
        ("一二三萬", "一二三萬"),
    ],
)
def test_a_trailing_emoji_is_dropped(text: str, kept: str) -> None:
    from taipai.bot.service.parse import drop_trailing_emoji

    assert drop_trailing_emoji(text) == kept


def test_a_complete_command_ending_in_an_emoji_is_the_command() -> None:
    """Tester: 「阿珍 自摸 12番 😂」 was read as a hand whose 「12」 had no suit."""
    assert parse_command("阿珍 自摸 12番 😂") == parse_command("阿珍 自摸 12番")
    assert parse_command("阿珍 自摸 12番 😂").legs == (Leg("阿珍", "12番"),)  # type: ignore[union-attr]
    assert parse_command("😂") is None


def test_deal_in_said_by_the_discarder_is_the_same_win():
    """DESIGN §2: 出銃 / 放銃 is the deal-in.  ``A 出銃 B 12番`` (A discarded, B won) books the win of
    ``B 食 A 12番``; several winners on one discard are legs of one record."""
    same = parse_command("B 食 A 12番")
    for text in ("A 出銃 B 12番", "A 放銃 B 12番", "A 出沖 B 12番", "A 出铳 B 12番"):
        cmd = parse_command(text)
        assert (cmd.kind, cmd.discarder, cmd.legs) == (same.kind, same.discarder, same.legs), text
    hand = "一二三萬 四五六萬 七八九筒 二三四索 中中中 東 食 東"
    assert parse_command(f"A 出銃 B {hand}").legs == (Leg("B", hand),)
    cmd = parse_command("A 出銃 B 12番; A 出銃 C 8番")
    assert cmd.discarder == "A" and cmd.legs == (Leg("B", "12番"), Leg("C", "8番"))
    with pytest.raises(CommandError) as err:
        parse_command("A 出銃 B 12番; D 出銃 C 8番")  # two discarders
    assert (err.value.code, err.value.args_) == ("two_discarders", {"first": "A", "second": "D"})
    mixed = parse_command("A 出銃 B 12番; C 食 A 8番")  # both say A discarded
    assert mixed.discarder == "A" and mixed.legs == (Leg("B", "12番"), Leg("C", "8番"))
    with pytest.raises(CommandError) as err:
        parse_command("A 出銃 B")
    assert err.value.code == "no_hand"
    with pytest.raises(CommandError) as err:
        check_names(("出銃", "B", "C", "D"))  # a command word is no player name
    assert err.value.code == "name_command"


def test_chase_takes_one_tile_or_none():
    """Seed 004 追: 1 底 for an honour or 幺九, 2 底 otherwise, so the prize depends on the one tile
    named.  QA (helper-28): 「A 追 二三萬」 booked 2 底 and 「A 追 123萬」, 「A 追 九九萬」 1 底."""
    assert parse_command("A 追 二萬").prize == "chase_simple"
    assert parse_command("A 追 二").prize == "chase_simple"
    assert parse_command("A 追 九筒").prize == "chase"
    assert parse_command("A 追 東").prize == "chase"
    for text in ("A 追 二三萬", "A 追 123萬", "A 追 九九萬", "/chase A 二三萬"):
        with pytest.raises(CommandError) as err:
            parse_command(text)
        assert err.value.code == "chase_usage", text
    assert parse_command("我 追 佢") is None  # talk


def test_a_count_written_with_a_space_is_still_a_count():
    """QA (helper-28): 「B 食 A 12 番」, 「１２ 番」 and 「12 fan」 were refused as words after a count;
    the count's unit may stand apart."""
    for hand in ("12 番", "１２ 番", "12 fan", "12番"):
        cmd = parse_command(f"B 食 A {hand}")
        assert cmd.legs == (Leg("B", hand),)
        assert read_count(cmd.legs[0].hand) == 12
    with pytest.raises(CommandError) as err:
        parse_command("B 食 A 12 番 多謝")
    assert err.value.code == "count_then_words"


def test_counts_in_tai_and_counts_with_something_stuck_to_them():
    """QA (helper-28): 「12台」 (台, as Taiwanese tables count fan) and 「12番!」 were read as hands and
    pointed at 「12」 for a missing suit.  台 is a unit of the count; an exclamation mark at the end is
    mood, like an emoji; anything else stuck to a count is named as words after it."""
    for hand, fan in (("12台", 12), ("十二台", 12), ("12 台", 12)):
        assert read_count(parse_command(f"B 食 A {hand}").legs[0].hand) == fan
    assert parse_command("B 食 A 12番!").legs == parse_command("B 食 A 12番！！").legs == (Leg("B", "12番"),)
    for text, count, rest in (("B 食 A 12番番", "12番", "番"), ("B 食 A 1e5番", "1", "e5番")):
        with pytest.raises(CommandError) as err:
            parse_command(text)
        assert (err.value.code, err.value.args_) == ("count_then_words", {"count": count, "rest": rest})
    hand = "1 2 3萬 四五六萬 七八九萬 123筒 東東東 南 食 南"  # a hand may start with a number
    assert parse_command(f"B 食 A {hand}").legs == (Leg("B", hand),)


def test_names_that_a_record_would_read_as_the_hand_are_refused():
    """QA (helper-28): a player named 「12番」 made hints like 「B 食 12番 12番」, and 莊 / 上 / 碰 were
    accepted as names though a hand message reads them (DESIGN §4: 莊, 上 chows, 碰 melds)."""
    for bad in ("12番", "12", "十二番", "99999番", "莊", "上", "碰", "槓", "摸"):
        with pytest.raises(CommandError) as err:
            check_names((bad, "B", "C", "D"))
        assert (err.value.code, err.value.args_) == ("name_word", {"name": bad}), bad
    assert check_names(("阿明", "A1", "春", "Bob")) == ("阿明", "A1", "春", "Bob")
