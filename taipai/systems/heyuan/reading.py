"""河源百搭 hand messages: 雞平和's notation (13 tiles) with the flowers as 保, scored in 番.

A 保 is typed as the flower it is (``春`` … ``竹``, ``花:春梅``) or as ``保``; the search decides what each
stands for (:mod:`~taipai.systems.heyuan.scoring`).  ``摸 春`` wins on a 保 (保釣保 when the hand's lone 保
waited as the eyes).  :func:`score_message` is :meth:`taipai.core.system.RuleSystem.score` for ``heyuan``.
"""

from __future__ import annotations

from typing import Any, Final

from taipai.core.budget import Budget, BudgetExhausted, budget_scope, over_budget_error
from taipai.core.errors import HandError
from taipai.core.hand import waits
from taipai.core.notation import Token, tokenize
from taipai.core.notation_words import TokenKind
from taipai.core.scoretypes import PatternScore, Score, WildReading
from taipai.core.system import ScoredHand, Seat
from taipai.core.tiles import ORPHANS, name_zh
from taipai.core.wilds.search import score_wild_hand
from taipai.systems.guangdong.reading import HAND_SIZE, best_of, check_context, orphan_waits, read_spec
from taipai.systems.guangdong.rules import GuangdongRules
from taipai.systems.guangdong.words import GUANGDONG_WORDS
from taipai.systems.heyuan.options import HeyuanOptions
from taipai.systems.heyuan.scoring import BAO, FLYING_FAN, PROPER_ROWS, HeyuanScorer, flying, proper_refusal

GAME_ZH: Final = "河源百搭"
"""The game's name in replies."""

BAO_TOKEN: Final = f"[{BAO}]"
"""How a 保 is handed to the notation: the engine's any-tile wildcard."""

BAO_NAME: Final = "保"
"""A 保's name in a score's ``wilds`` (what replies show: 保 當 四索)."""


def _replace(text: str, spans: dict[int, tuple[int, str]]) -> tuple[str, list[int]]:
    """``text`` with each span ``start: (end, piece)`` replaced, and the source position of each new
    character."""
    out: list[str] = []
    where: list[int] = []
    i = 0
    while i < len(text):
        if i in spans:
            end, piece = spans[i]
            out.append(piece)
            where.extend([i] * len(piece))
            i = max(end, i + 1)
        else:
            out.append(text[i])
            where.append(i)
            i += 1
    return "".join(out), where


def refuse_typed_wilds(text: str, first: str, where: list[int], tokens: list[Token]) -> None:
    """Refuse what :func:`bao_text` would otherwise read as a 保: a typed joker (``[皇]``, ``[搭]``, ``[元]``
    …: 河源百搭's only wildcards are its flowers, seed 001 「八张花牌作为"保"」) and a flower written twice
    (the pack has one of each).  ``tokens`` are ``first``'s (``text`` with each ``保`` as ``[皇]``) and
    ``where`` maps ``first``'s characters to ``text``'s.

    Raises:
        HandError: ``wild_unsupported`` (``reason`` ``flowers_only``, the joker as typed),
            ``duplicate_flower`` (the flower's second copy), each at its position in ``text``.
    """
    flowers: set[object] = set()
    for t in tokens:
        at = where[t.start]
        typed = first[t.start : t.end]
        if t.kind is TokenKind.WILD and text[at] != BAO_NAME:
            raise HandError(
                "wild_unsupported",
                f"{typed!r} at {at}: {GAME_ZH}'s wildcards are its flowers (保), not typed jokers",
                token=typed,
                position=at,
                hint="write a 保 as 保 or as the flower it is (春 … 竹)",
                hint_args={"token": typed, "reason": "flowers_only", "table_kinds": (BAO_NAME,)},
            )
        if t.kind is TokenKind.FLOWER:
            if t.value in flowers:
                raise HandError(
                    "duplicate_flower",
                    f"{typed!r} at {at}: each flower exists once; it is written twice",
                    token=typed,
                    position=at,
                    hint="each flower exists once; it is written twice",
                    hint_args={"token": typed},
                )
            flowers.add(t.value)


def bao_text(text: str) -> tuple[str, list[int]]:
    """``text`` with each flower (and ``保``) written as the wildcard ``[皇]`` and a ``花:`` label dropped,
    and, for each character of the new text, the position in ``text`` it came from (to point a refusal
    at what the player typed).  Flowers are found by the notation's tokens; a text it cannot tokenise
    keeps its flowers (its parse gives the error).

    Raises:
        HandError: :func:`refuse_typed_wilds`'s codes (a typed joker, a flower written twice).
    """
    first, where1 = _replace(text, {i: (i + 1, BAO_TOKEN) for i, c in enumerate(text) if c == "保"})
    try:
        tokens = tokenize(first, words=GUANGDONG_WORDS)
    except HandError:
        tokens = []
    refuse_typed_wilds(text, first, where1, tokens)
    spans = {
        t.start: (t.end, BAO_TOKEN if t.kind is TokenKind.FLOWER else " ")
        for t in tokens
        if t.kind in (TokenKind.FLOWER, TokenKind.FLOWER_LABEL)
    }
    second, where2 = _replace(first, spans)
    return second, [where1[i] for i in where2]


def _back(err: HandError, where: list[int]) -> HandError:
    """``err`` pointing at what the player typed: its position in the message as written, and a 保 named
    保 (the notation saw the wildcard ``[皇]``)."""
    if 0 <= err.position < len(where):
        err.position = where[err.position]
    if err.token in (BAO, BAO_TOKEN):
        err.token = BAO_NAME
    return err


def settings(options: Any) -> HeyuanOptions:
    """``options`` when it is a 河源百搭 table's settings, else the defaults."""
    return options if isinstance(options, HeyuanOptions) else HeyuanOptions()


def score_message(
    text: str,
    seat: Seat,
    rules: GuangdongRules,
    options: Any = None,
    *,
    budget: Budget | None = None,
    table_seat: bool = True,
) -> ScoredHand:
    """Parse a 河源百搭 hand message and score it in 番 (雞平和's table, 保 wildcards, 飛牌 / 保釣保).

    Args:
        text: the hand as typed, e.g. ``一二三萬 四五六萬 七八九筒 二三四索 春 摸 五索``.
        seat: the winner's seat and round wind.
        rules: 雞平和's table.
        options: the table's :class:`HeyuanOptions`; defaults when None.
        budget: the work the 保 search may cost (a fresh :class:`Budget` when None).
        table_seat: True: ``seat`` overrules the message's winds.

    Returns:
        :class:`ScoredHand` whose ``score.fan`` is the hand's 番 after 爆和 and the floors, plus 1 for
        飛牌 or 2 for 保釣保; ``score.wilds`` says what each 保 stood for.

    Raises:
        HandError: the notation's codes; ``not_in_this_game``; ``bad_context``; ``wild_unsupported``
            (a 保 in a meld laid down); ``not_a_win`` (at 正百搭: none of its hands); ``over_budget``.
    """
    opts = settings(options)
    typed, where = bao_text(text)
    try:
        spec, said, overruled = read_spec(
            typed, seat, table_seat=table_seat, game=GAME_ZH, table_kinds=(BAO,)
        )
        ignored = check_context(spec, GAME_ZH)
    except HandError as err:
        raise _back(err, where) from None
    proper = opts.patterns == "proper"
    if spec.wild_count == 0:
        value, rows, reading = best_of(spec, rules, opts)
        if proper and not any(p.id in PROPER_ROWS for p in rows):
            raise proper_refusal()
        shown = reading.describe_zh() if reading is not None else ("十三幺", *(name_zh(t) for t in ORPHANS))
        wait = set(waits(spec, hand_size=HAND_SIZE)) | orphan_waits(spec.concealed, spec.melds)
        score = Score(value, 1, 0, value, tuple(rows), shown, tuple(sorted(wait)), ignored=tuple(ignored))
    else:
        spent = Budget() if budget is None else budget
        try:
            with budget_scope(spent):
                found = score_wild_hand(spec, HeyuanScorer(rules, opts, proper))
        except BudgetExhausted:
            raise over_budget_error(spent) from None
        except HandError as err:
            if proper and err.code == "not_a_win":  # say what 正百搭 takes, not only that it does not win
                raise proper_refusal(formed=False) from None
            raise _back(err, where) from None
        if not found.exact:
            raise over_budget_error(spent)
        shown_as = tuple(WildReading(BAO_NAME, w.tile) for w in found.wilds)  # what each 保 stood for
        score = Score(
            found.fan,
            1,
            0,
            found.total,
            found.patterns,
            found.reading,
            found.waits,
            wilds=shown_as,
            ignored=tuple(ignored),
        )
        fly = flying(spec)
        if fly is not None:
            name, extra = FLYING_FAN[fly]
            score = Score(
                score.fan + extra,
                1,
                0,
                score.total + extra,
                (*score.patterns, PatternScore(fly, name, extra, 1)),
                score.reading,
                score.waits,
                wilds=score.wilds,
                ignored=score.ignored,
            )
    s = spec.situation
    return ScoredHand(
        score=score,
        said=Seat(said.dealer, said.streak, said.seat_wind, said.round_wind),
        overruled=overruled,
        self_drawn=spec.self_drawn,
        robbed_kong=s.robbing_kong,
        kongs=tuple(m.kong.name.lower() for m in spec.melds if m.kong is not None),
    )
