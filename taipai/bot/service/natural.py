"""Table lines said the way people talk, rewritten into the forms :mod:`.parse` and :mod:`.implied` read.

:func:`taipai.bot.service.parse.parse_command` reads the spaced forms (``B 食 A 12番``) and
:func:`taipai.bot.service.implied.spell_out` the forms typed in a hurry (``自摸 12番``, ``B食A 12番``).
Players also say::

    流局啦 / 斬啦 / 自摸 12番啦      a particle (啦 喇 呀 咗) at the end     → 流局 / 斬 / 自摸 12番
    自摸咗 12番 / 食咗阿明 12番      咗 right after the verb                → 自摸 12番 / 食阿明 12番
    我又食阿明 6番 / 又自摸 8番       我, 我又, 又 before 食 / 自摸 / 出銃     → 食阿明 6番 / 自摸 8番
    阿明食我 8番                     我 after 食 or 俾: the speaker          → 阿明食 SPEAKER 8番
    阿明出銃俾我 8番                 俾 after 出銃                           → 阿明出銃 SPEAKER 8番
    出銃俾我 8番                     dealt in to me, nobody named           → 食 8番 (who discarded?)
    阿玲詐糊 / 阿玲暗槓 / 阿玲追      a prize word glued to a table name      → 阿玲 詐糊 / 阿玲 暗槓 / …
    我暗槓 / 我詐糊 / 我圍骰          a prize word after 我                   → SPEAKER 暗槓 / …
    B wins A 12 / B wins on A 12     English                                → B 食 A 12
    C zimo 8 / C self-draw 8         English                                → C 自摸 8
    self-draw 8 / zimo 8             English, the speaker implied           → 自摸 8
    draw                             English                                → 流局
    Zed wins Ben 12 / Zed zimo 8     English, a name not at the table        → Zed 食 Ben 12 (who is Zed?)
    undo / score / false win / kong  an English command word                 → 撤銷 / 計數 / 詐糊 / 暗槓
    Ben kong / falsewin Ben          … with a table name                     → Ben 暗槓 / Ben 詐糊

:func:`rewrite` does all of these, and nothing else: it never guesses a name, and a line that could be
read two ways (an English "on" that is also a player's name) is left as it was, for the hint of
:mod:`.attempt`.  The rewritten line is then read by the usual steps, which check every name against
the table; the original line is what is booked as the message.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Sequence

from taipai.bot.service.parse import (
    CHASE_AGAIN_WORDS,
    CHASE_WORDS,
    DEAL_IN_WORDS,
    EXPORT_WORDS,
    FALSE_WIN_WORDS,
    FLOWER_WIN_WORDS,
    GIVE_WORDS,
    HELP_WORDS,
    HISTORY_WORDS,
    KONG_SELF_DRAW_WORDS,
    PRIZE_WORDS,
    REDO_WORDS,
    ROB_WORDS,
    SCORE_WORDS,
    SELF_DRAW_WORDS,
    SETTLE_WORDS,
    STATS_WORDS,
    UNDO_WORDS,
    WIN_WORDS,
    drop_trailing_emoji,
    is_count_text,
    one_tile,
    own_hand_tests,
    read_count,
)
from taipai.bot.service.speech import DONE, ENGLISH_I, ENGLISH_ME, ME, PARTICLES, SPEAKER_WORDS

_VERBS = tuple(
    sorted({*KONG_SELF_DRAW_WORDS, *SELF_DRAW_WORDS, *WIN_WORDS, *DEAL_IN_WORDS}, key=len, reverse=True)
)
"""The record verbs 我 / 又 may come before and 咗 after, longest first."""

ENGLISH_WIN = frozenset({"win", "wins", "won"})
ENGLISH_TURNED = ("turned",)
"""``B wins on turned <hand>``: the discarder's place names a card turned from the pile, kept as it is
(``B 食 turned …``; 字牌 books it, ChatVocabulary.turned_words; another game says turned is no player)."""
ENGLISH_ON = frozenset({"on", "from", "off"})
ENGLISH_SELF_DRAW = frozenset({"zimo", "tsumo", "self-draw", "self-draws", "self-drew", "self-drawn"})
ENGLISH_DRAW = frozenset({"draw", "draws", "drawn"})
ENGLISH_WORDS = ENGLISH_WIN | ENGLISH_SELF_DRAW | ENGLISH_DRAW
"""The English record words (a line starting with one is an attempt, :mod:`.attempt`)."""
ENGLISH_WINNING_TILE_WORDS = ENGLISH_WORDS | {"self", "drew", "ron", "discard"}
"""English words a player may put before the winning tile inside a hand (``… 中 zimo 中``): the
hand notation has only 摸 and 食 there, so :func:`.render.hand_error` says so instead of 「I can't
read」."""

_SELF_DRAW_SPELLINGS = re.compile(r"\bself[\s_-]?(draws|drawn|drew|draw)\b", re.I)
"""``self draw``, ``selfdraw``, ``self_draw`` … → ``self-draw`` (one word)."""


def rewrite(text: str, names: Sequence[str], me: str | None) -> str:
    """``text`` in the forms the parser reads (see the module's table), or ``text`` itself when none
    of those forms is in it.

    Args:
        text: the line as said.  names: the table's players (``()`` when no table is open: only the
            particles are dropped then).  me: the seated player who said it (on a platform, the seat
            the member holds, never a name match), ``None`` when not seated: a 我 / "me" in a name's
            place is then left as it is and the line does not read.
    """
    line = drop_trailing_emoji(text).strip()
    line = _english_legs(line, names, me) or _english(line, names, me) or line
    line = _english_stranger(line, names, me) or line
    line = english_command(line, names) or line
    line = drop_particles(line, names)
    line = _glued_prize(line, names, me)
    line = _drop_done(line)
    line = _no_discarder(line, names)
    line = _drop_speaker_words(line, names)
    line = _me_as_name(line, names, me)
    line = _drop_give(line)
    return line if line != drop_trailing_emoji(text).strip() else text


def speaks_of_me(text: str) -> bool:
    """Whether ``text`` says 我 or the English "I" / "me" as a word: only then does :func:`rewrite`
    need the speaker's seat (reading it costs a database read on a platform)."""
    words = {_fold(w) for w in text.split()}
    return ME in text or bool(words & (ENGLISH_I | ENGLISH_ME))


def drop_particles(line: str, names: Sequence[str]) -> str:
    """``line`` without the :data:`PARTICLES` glued to its end (``流局啦`` → ``流局``, ``斬啦啦`` →
    ``斬``); a particle said as its own word stays (``自摸 咗 啦``), and so does one that ends a player's
    name (``斬 阿啦``, when 阿啦 is at the table)."""
    while len(line) > 1 and line.endswith(PARTICLES) and not line[-2].isspace():
        if any(n and line.endswith(n) for n in names):
            break
        line = line[:-1]
    return line


OWN_EVENT_WORDS = tuple(
    sorted(
        {*FALSE_WIN_WORDS, *PRIZE_WORDS, *CHASE_WORDS, *CHASE_AGAIN_WORDS, *ROB_WORDS, *FLOWER_WIN_WORDS},
        key=len,
        reverse=True,
    )
)
"""The words of :mod:`.parse` that book one player's own event, said ``B 詐糊`` or alone (``詐糊``):
詐糊, the 現金獎 (``一台花``, ``暗槓``, ``圍骰`` …), 追 / 再追, 七搶一 / 一搶七 and 八仙過海; longest
first (``暗槓錯`` before ``暗槓``)."""

_DICE_WORDS = frozenset(w for w, prize in PRIZE_WORDS.items() if prize in ("dice_triple", "dice_123"))
"""圍骰 / 一二三: the dealer's roll.  Said alone it is booked for the dealer, so ``我圍骰`` from a player
who cannot be read is left alone rather than booked for whoever deals."""


def _glued_prize(line: str, names: Sequence[str], me: str | None) -> str:
    """An own-event word (:data:`OWN_EVENT_WORDS`) run together with a table name or said after 我, as
    its spaced form: ``阿玲詐糊`` → ``阿玲 詐糊``, ``我暗槓`` → ``SPEAKER 暗槓``, ``阿玲追二萬`` →
    ``阿玲 追 二萬``, ``阿玲七搶一 阿明`` → ``阿玲 七搶一 阿明``.

    Only when nothing else follows the word, or what its spaced form takes (one tile after 追, a
    table name after 七搶一, a count after 八仙過海): ``阿玲追巴士`` and ``我暗槓 …`` with more words
    stay as said.  A 我 whose seat cannot be read (``me`` is ``None``) leaves the word said alone
    (``暗槓``: the usual "take a seat first"), except 圍骰 / 一二三, which alone mean the dealer.  A 我
    said as a word of its own (``我 暗槓``) is left as said: that line is talk."""
    readings: list[tuple[str, str, str]] = []
    heads = [n for n in names if n and line.casefold().startswith(n.casefold())]
    if not any(n.startswith(ME) for n in names) and line.startswith(ME):
        heads.append(ME)
    for head in heads:
        rest = line[len(head) :]
        rest = rest if head == ME else rest.lstrip()  # 「我 暗槓」, spaced, stays talk: a word of its own
        word = next((w for w in OWN_EVENT_WORDS if rest.startswith(w)), None)
        if word is not None and _takes(word, rest[len(word) :], names):
            readings.append((head, word, rest[len(word) :].strip()))
    if len(readings) != 1:
        return line
    head, word, after = readings[0]
    if head == ME:
        if me is None and word in _DICE_WORDS:
            return line
        head = me or ""
    return " ".join(x for x in (head, word, after) if x)


def _takes(word: str, after: str, names: Sequence[str]) -> bool:
    """Whether ``after`` (what follows ``word``, as said) is what the spaced form of ``word`` takes."""
    if not after.strip():
        return True
    if word in CHASE_WORDS:
        return one_tile(after.strip()) is not None
    if word in ROB_WORDS:
        return any(after.strip().startswith(n) for n in names if n)
    if word in FLOWER_WIN_WORDS:
        return read_count(after.strip()) is not None
    return False


_NO_DISCARDER = re.compile(
    "^(?:"
    + "|".join(map(re.escape, DEAL_IN_WORDS))
    + r")\s*["
    + "".join(GIVE_WORDS)
    + r"]\s*"
    + ME
    + r"(?=\s|[0-9０-９一二三四五六七八九十廿卅]|$)\s*"
)


def _no_discarder(line: str, names: Sequence[str]) -> str:
    """``出銃俾我 8番`` (someone dealt in to me, nobody named) → ``食 8番``: the speaker won and the
    discarder is missing, which the usual reply asks for; never "I dealt in to myself"."""
    if ME in names:
        return line
    m = _NO_DISCARDER.match(line)
    return f"{WIN_WORDS[0]} {line[m.end() :]}".strip() if m else line


def _drop_done(line: str) -> str:
    """咗 right after a record verb: ``自摸咗 12番`` → ``自摸 12番``, ``食咗阿明`` → ``食阿明``."""
    for verb in _VERBS:
        line = line.replace(verb + DONE, verb)
    return line.replace("出咗銃", "出銃")


def _drop_speaker_words(line: str, names: Sequence[str]) -> str:
    """``我又食阿明 6番`` → ``食阿明 6番``: 我 / 我又 / 又 at the start, before a record verb, when no
    player's name starts that way (a player called 又仔 keeps their name)."""
    for word in SPEAKER_WORDS:
        if not line.startswith(word) or any(n.startswith(word) for n in names):
            continue
        rest = line[len(word) :].lstrip()
        if rest.startswith(_VERBS):
            return rest
    return line


_ME_AFTER = re.compile(
    "("
    + "|".join(map(re.escape, (*_VERBS, *GIVE_WORDS)))
    + r")\s*"
    + ME
    + r"(?=\s|[0-9０-９一二三四五六七八九十廿卅]|$)"
)


def _me_as_name(line: str, names: Sequence[str], me: str | None) -> str:
    """我 after 食 / 俾 (a name's place) → the speaker's name: ``阿明食我 8番`` → ``阿明食 阿強 8番``."""
    if me is None or ME in names:
        return line

    def named(m: re.Match[str]) -> str:
        glued = m.end() < len(line) and not line[m.end()].isspace()
        return f"{m.group(1)} {me}" + (" " if glued else "")

    return _ME_AFTER.sub(named, line)


_GIVE_AFTER = re.compile(
    "(" + "|".join(map(re.escape, DEAL_IN_WORDS)) + r")\s*[" + "".join(GIVE_WORDS) + r"]\s*"
)


def _drop_give(line: str) -> str:
    """``出銃俾 B`` → ``出銃 B`` (dealt in to B)."""
    return _GIVE_AFTER.sub(lambda m: f"{m.group(1)} ", line)


def _english(line: str, names: Sequence[str], me: str | None) -> str | None:
    """An English record in the Cantonese form, or ``None`` when ``line`` is none (or reads two ways).

    ``[X|I] win[s|won] [on|from|off] Y <count or hand>`` → ``X 食 Y …``; ``[X|I] zimo|tsumo|self-draw
    <count or hand>`` → ``X 自摸 …``; ``draw`` alone → ``流局``.  X and Y must be whole words that are
    players' names (any case), or "me" for the speaker; "I" (or no name) leaves the speaker to be put
    in.  A name that is also an English word is read by its place: when "on" is a player and both
    ``B wins on A 12`` readings fit, the line is left alone (the hint asks).  ``B wins [on] 12`` (no
    discarder) → ``B 食 12``, whose reply asks on whose discard."""
    words = _SELF_DRAW_SPELLINGS.sub(lambda m: "self-" + m.group(1).lower(), line).split()
    if not words:
        return None
    folded = [_fold(w) for w in words]
    players = {_fold(n): n for n in names}
    if len(words) == 1 and folded[0] in ENGLISH_DRAW:
        return None if folded[0] in players else "流局"
    at = 0
    who = ""
    if folded[0] in players and len(words) > 1 and folded[1] in ENGLISH_WIN | ENGLISH_SELF_DRAW:
        who, at = players[folded[0]], 1
    elif folded[0] in ENGLISH_I and len(words) > 1 and folded[1] in ENGLISH_WIN | ENGLISH_SELF_DRAW:
        at = 1
    verb = folded[at]
    rest = words[at + 1 :]
    if verb in ENGLISH_SELF_DRAW:
        return " ".join(x for x in (who, "自摸", *rest) if x)
    if verb not in ENGLISH_WIN or not rest:
        return None
    readings = []
    for skip in (0, 1):
        if skip and _fold(rest[0]) not in ENGLISH_ON:
            continue
        if len(rest) <= skip:
            continue
        other = _player(rest[skip], players, me)
        if other is None and _fold(rest[skip]) in ENGLISH_TURNED:  # 字牌's win on a turned card
            other = ENGLISH_TURNED[0]
        tail = rest[skip + 1 :]
        if other is not None and (not tail or _count_or_hand(" ".join(tail))):
            readings.append((other, tail))
    for skip in (0, 1) if not readings else ():  # a hand with a slip: its reply says where (「wins」)
        other = _player(rest[skip], players, me) if len(rest) > skip + 1 else None
        said_on = not skip or _fold(rest[0]) in ENGLISH_ON
        if other is not None and said_on and _slipped_hand(rest[skip + 1 :]):
            readings.append((other, rest[skip + 1 :]))
    for size in (1, 2) if not readings else ():  # 「I won 5 off Bob」, 「Ben won 5 fan on Ann」
        tail = rest[size:]
        if len(tail) == 2 and _fold(tail[0]) in ENGLISH_ON and is_count_text(" ".join(rest[:size])):
            other = _player(tail[1], players, me)
            if other is not None and _fold(tail[0]) not in players:
                readings.append((other, ["".join(rest[:size])]))
    bare = rest[1:] if _fold(rest[0]) in ENGLISH_ON and _fold(rest[0]) not in players else rest
    if not readings and bare and is_count_text(" ".join(bare)):  # 「Ben wins [on] 12」: who discarded?
        return " ".join(x for x in (who, "食", "".join(bare)) if x)  # 12 fan as one word, as a count
    if len(readings) != 1:
        return None
    other, tail = readings[0]
    return " ".join(x for x in (who, "食", other, *tail) if x)


_LEG_SEPARATOR = re.compile(r"\s*[;；，]\s*|\s*,\s*(?!\d)")
"""Between the legs of one English multi-winner line (``B wins A 1; C wins A 2``, ``…, C wins A 2``);
a comma before a digit stays (``1,000``)."""


def _english_legs(line: str, names: Sequence[str], me: str | None) -> str | None:
    """An English line of several wins on one discard in the Cantonese form (``B wins A 8; C wins A 8``
    → ``B 食 A 8; C 食 A 8``, as ``B 食 A 8番; C 食 A 8番`` reads), or ``None`` unless it has two legs or
    more and every leg reads as an English win (:func:`_english`)."""
    parts = _LEG_SEPARATOR.split(line)
    if len(parts) < 2:
        return None
    legs = [_english(part, names, me) for part in parts]
    if any(leg is None or " 食 " not in f" {leg} " for leg in legs):
        return None
    return "; ".join(leg for leg in legs if leg)


_ENGLISH_NAME = r"[^\s\d]\S*"
_STRANGER_WIN = re.compile(
    rf"^(?:(?P<who>{_ENGLISH_NAME})\s+)?(?:{'|'.join(ENGLISH_WIN)})\s+(?:(?:{'|'.join(ENGLISH_ON)})\s+)?"
    rf"(?P<other>{_ENGLISH_NAME})\s+(?P<count>\S.*)$",
    re.I,
)
_STRANGER_SELF_DRAW = re.compile(
    rf"^(?P<who>{_ENGLISH_NAME})\s+(?:{'|'.join(map(re.escape, ENGLISH_SELF_DRAW))})\s+(?P<count>\S.*)$", re.I
)


def _english_stranger(line: str, names: Sequence[str], me: str | None) -> str | None:
    """An English win whose names are not all at the table, in the spaced form that names the
    stranger (``Zed wins Ben 12`` → ``Zed 食 Ben 12``, ``C zimo 8`` → ``C 自摸 8``), so the reply says
    who is not at the table and who is; ``None`` for anything else.

    Only the whole form with a count at its end counts (``[X] wins [on] Y <count>``, ``X zimo
    <count>``; X and Y one word each, "I" / "me" the speaker): ``Tom won 500``, ``Ben won a
    lot tonight`` and ``I won big tonight`` are talk."""
    text = _SELF_DRAW_SPELLINGS.sub(lambda m: "self-" + m.group(1).lower(), line)
    players = {_fold(n): n for n in names}
    m = _STRANGER_WIN.match(text) or _STRANGER_SELF_DRAW.match(text)
    if m is None or not is_count_text(m.group("count")):
        return None
    who = m.group("who")
    other = m.groupdict().get("other")
    if who is not None and _fold(who) in ENGLISH_I:
        who = None
    said = [w for w in (who, other) if w is not None]
    if me is None and (who is None or any(_fold(w) in ENGLISH_ME for w in said)):
        return None  # "I" / "me" from someone not seated: nobody to name
    known = [_player(w, players, me) for w in said]
    if all(k is not None for k in known):
        return None  # every name is at the table: :func:`_english` reads it (or it reads two ways)
    winner = (known[0] or who) if who is not None else me
    if winner is None:
        return None
    if other is None:
        return f"{winner} {SELF_DRAW_WORDS[0]} {m.group('count')}"
    return f"{winner} {WIN_WORDS[0]} {_player(other, players, me) or other} {m.group('count')}"


ENGLISH_COMMANDS: dict[str, str] = {
    "undo": UNDO_WORDS[0],
    "redo": REDO_WORDS[0],
    "score": SCORE_WORDS[0],
    "settle": SETTLE_WORDS[0],
    "help": HELP_WORDS[0],
    "history": HISTORY_WORDS[0],
    "export": EXPORT_WORDS[0],
    "stats": STATS_WORDS[0],
}
"""English command words said alone → the Cantonese word (``undo`` → ``撤銷``): the same command, with
the same permission, as its slash form."""

ENGLISH_SLASH_ALONE = frozenset({"rules", "chart", "leaderboard", "season", "currency"})
"""English command words said alone that are their slash form (``chart`` → ``/chart``): the same
command, with the same permission (``season`` starts a new season only for an admin)."""

ENGLISH_SLASH_WITH = frozenset({"calc", "waits", "shuxin"})
"""English command words that take tiles after them (``calc 一二三萬 …`` → ``/calc 一二三萬 …``; 字牌's
``shuxin 三`` / ``shuxin 2`` → ``/shuxin …``, the card turned or the shares)."""

ENGLISH_SCOPES = frozenset({"month", "season", "all"})
"""What ``leaderboard`` may take after it, as ``/leaderboard`` does."""

_CURRENCY_CODE = re.compile(r"^(?:[A-Z]{3}|[A-Z]{0,3}[$¥])$")


def english_slash(text: str) -> str | None:
    """The slash command an English command word without its slash means, or ``None``.

    ``rules`` / ``chart`` / ``leaderboard`` / ``season`` / ``currency`` said alone (any case, a ``?``
    / ``!`` / ``.`` at the end dropped), ``leaderboard month|season|all``, ``currency HKD`` (an ISO
    code or a sign: ``HK$``, ``¥``), and ``calc`` / ``waits`` followed by tiles (a word with a digit
    or a Chinese character: ``calc 一二三萬 …``, ``waits 123m …``) → ``/rules``, ``/calc 一二三萬 …`` ….
    Anything else is talk (``rules are rules``, ``chart looks fun``, ``calc it later``).  None of
    these words can be a player's name (:data:`taipai.bot.service.parse.ENGLISH_NAME_WORDS`)."""
    plain = unicodedata.normalize("NFKC", text).strip().rstrip("?？!！.。")
    words = plain.split()
    if not words:
        return None
    head, rest = _fold(words[0]), words[1:]
    if head in ENGLISH_SLASH_ALONE and not rest:
        return f"/{head}"
    if head == "leaderboard" and len(rest) == 1 and _fold(rest[0]) in ENGLISH_SCOPES:
        return f"/leaderboard {_fold(rest[0])}"
    if head == "currency" and len(rest) == 1 and _CURRENCY_CODE.match(rest[0]):
        return f"/currency {rest[0]}"
    tiles = any(c.isdigit() or "\u4e00" <= c <= "\u9fff" for w in rest for c in w)
    if head in ENGLISH_SLASH_WITH and rest and tiles:
        return f"/{head} " + " ".join(text.split()[1:])
    return None


ENGLISH_OWN_EVENTS: dict[str, str] = {
    "kong": next(w for w, prize in PRIZE_WORDS.items() if prize == "concealed_kong"),
    "falsewin": FALSE_WIN_WORDS[0],
}
"""English own-event words, alone (the speaker's own, ``暗槓``) or with one table name either side
(``Ben kong``, ``falsewin Ben`` → ``Ben 暗槓``, ``Ben 詐糊``); ``false win`` is ``falsewin``."""

_FALSE_WIN_SPELLINGS = re.compile(r"\bfalse[\s_-]?win\b", re.I)


def english_command(text: str, names: Sequence[str] = ()) -> str | None:
    """The Cantonese command an English command word means (:data:`ENGLISH_COMMANDS`,
    :data:`ENGLISH_OWN_EVENTS`), or ``None``.

    Args:
        text: the line as said; a ``?`` / ``!`` / ``.`` at its end is dropped.  names: the table's
            players (``()`` when none is open): a word that is a player's name is that player, never a
            command (a player called Score); an own-event word may come with one of them.

    Conservative: the word alone, or an own-event word and one table name; ``score was close``,
    ``help me``, ``good game`` are talk (``None``)."""
    plain = unicodedata.normalize("NFKC", text).strip().rstrip("?？!！.。")
    line = _FALSE_WIN_SPELLINGS.sub("falsewin", plain)
    words = [_fold(w) for w in line.split()]
    players = {_fold(n): n for n in names}
    if len(words) == 1 and words[0] not in players:
        return ENGLISH_COMMANDS.get(words[0]) or ENGLISH_OWN_EVENTS.get(words[0])
    if len(words) != 2:
        return None
    for word, name in (words, reversed(words)):
        if word in ENGLISH_OWN_EVENTS and name in players and word not in players:
            return f"{players[name]} {ENGLISH_OWN_EVENTS[word]}"
    return None


def _player(word: str, players: dict[str, str], me: str | None) -> str | None:
    folded = _fold(word)
    if folded in players:
        return players[folded]
    if folded in ENGLISH_ME and me is not None:
        return me
    return None


def _count_or_hand(text: str) -> bool:
    """A count (``12``, ``12 fan``, ``12番``) or text the hand notation reads with the context words of
    one of the games (國標's 和絕張 is no 港式台牌 word, yet ``B wins A … 和絕張`` is a hand), or a hand
    of a game with its own cards (:func:`.parse.own_hand_tests`: 字牌's ``碰 三三三 …``)."""
    if is_count_text(text):
        return True
    from taipai.core.errors import HandError
    from taipai.core.notation import tokenize
    from taipai.core.registry import SYSTEMS

    if any(looks(text) for looks in own_hand_tests()):
        return True

    for system in SYSTEMS.values():
        try:
            if tokenize(text, words=system.words):
                return True
        except HandError:
            continue
    return False


SLIPPED_HAND_TILES = 6
"""Tiles the notation must read before the first piece it cannot for :func:`_slipped_hand` (as many as
:func:`.attempt.judge` takes for a hand): ``B wins A 123m 456m 789m 234s 中 wins 中`` is a hand with a
slip, ``B wins A 中 for sure`` is talk."""


def _slipped_hand(tail: Sequence[str]) -> bool:
    """Whether the words ``tail`` after ``B wins A`` are a hand with a slip in it: no game reads them
    (:func:`_count_or_hand` is false), yet one game's notation reads :data:`SLIPPED_HAND_TILES` tiles
    or more before the piece it cannot read.  Such a line is read as ``B 食 A <tail>``, whose reply
    names the piece and its place, as the Cantonese line's does."""
    from taipai.core.errors import HandError
    from taipai.core.notation import tokenize
    from taipai.core.registry import SYSTEMS

    text = " ".join(tail)
    for system in SYSTEMS.values():
        try:
            tokenize(text, words=system.words)
        except HandError as err:
            if err.position <= 0:
                continue
            try:
                read = tokenize(text[: err.position], words=system.words)
            except HandError:
                continue
            if sum(len(t.tiles) for t in read) >= SLIPPED_HAND_TILES:
                return True
    return False


def _fold(word: str) -> str:
    return unicodedata.normalize("NFKC", word).casefold()
