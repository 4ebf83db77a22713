"""Detectors for seed 004, 常用翻數表, 狀態類.

One detector per pattern id; values and exclusions are in the system's preset.toml.
"""

from __future__ import annotations

from taipai.systems.hk_taiwan.patterns.base import (
    F_CONCEALED,
    F_FOUR_MELDS,
    F_MULTI,
    F_READY,
    F_SELF,
    F_SINGLE_WAIT,
    F_STANDARD,
    ONCE,
    HandView,
    Hits,
    by_situation,
    detector,
)

_CONCEALED: Hits = [("concealed", 0)]


def _all_melded(v: HandView) -> bool:
    """半求人/全求人: every meld of the hand laid down and exposed (「全副牌落地」, 「暗槓不算」).

    Five declared melds (``hand_size // 3``), none of them a concealed kong, and a single wait
    (「獨聽限定」: ``len(v.waits) == 1``).
    """
    melds = v.spec.melds
    if len(melds) != v.rules.options.hand_size // 3 or len(v.waits) != 1:
        return False
    return all(m.exposed for m in melds)


@detector("self_draw", bound=by_situation(), needs=F_SELF)
def self_draw(v: HandView) -> Hits:
    """自摸 1: 「靠自己摸牌糊牌」 (seed 004, 狀態類, 自摸).  Any shape.

    門清自摸, 半求人, 海底撈月 and 混花槓自摸 drop it through the preset's ``excludes``.
    """
    return ONCE if v.self_drawn else []


@detector("concealed_hand", bound=by_situation(), needs=F_CONCEALED | F_STANDARD)
def concealed_hand(v: HandView) -> Hits:
    """門前清 3: 「牌面中無上、碰、明槓，允許暗槓」 (seed 004, 狀態類, 門前清).

    STANDARD readings only: 嚦咕嚦咕, 十六不搭 and 十三幺 must be concealed to win at all, and seed 004
    計法 第三 says a pattern that the winning shape forces is not counted (「由於食糊條件為必須門前清，
    通常就不會加計門前清的3翻」).
    """
    return ONCE if v.concealed_hand and v.standard else []


@detector("concealed_self_draw", bound=by_situation(), needs=F_CONCEALED | F_SELF | F_STANDARD)
def concealed_self_draw(v: HandView) -> Hits:
    """門清自摸 5: 「為門前清3翻加上自摸，再加上1翻作獎勵」 (seed 004, 狀態類, 門清自摸).

    門前清 and 自摸 together; replaces both (preset ``excludes``).  STANDARD readings only, like
    門前清: a self-drawn 嚦咕嚦咕 scores 自摸 1 alone.
    """
    return ONCE if v.concealed_hand and v.self_drawn and v.standard else []


@detector(
    "ready", bound=by_situation(lambda s: s.declared_ready or s.one_shot or s.double_ready), needs=F_READY
)
def ready(v: HandView) -> Hits:
    """叮 5/10: 「當手牌可準備糊牌時可向其餘三家聲明，門前清狀態下叮牌為立直10翻」 (seed 004, 狀態類).

    Scores 10 (key ``concealed``) when the hand is 門前清 (暗槓 allowed), else 5 (key ``base``);
    門前清 still counts on its own (DESIGN §6).  Choices where the seed is silent: 一發 (「宣佈聽牌
    的情況下」) and 天叮 are both declarations, so either word implies 叮 even when 叮 is not
    written; 天叮 then stacks on 叮 (the preset has no exclusion between them).
    """
    s = v.situation
    if not (s.declared_ready or s.one_shot or s.double_ready):
        return []
    return _CONCEALED if v.concealed_hand else ONCE


@detector("one_shot", bound=by_situation(lambda s: s.one_shot), needs=F_READY)
def one_shot(v: HandView) -> Hits:
    """一發 5: 「宣佈聽牌的清況下，在一巡內糊牌，包括自摸」 (seed 004, 狀態類, 一發 (即叮即食)).

    Self-drawn or on a discard.  The word implies the declaration (see 叮).
    """
    return ONCE if v.situation.one_shot else []


@detector("ready_discard_win", bound=by_situation(lambda s: s.ready_discard_win), needs=F_READY)
def ready_discard_win(v: HandView) -> Hits:
    """食聽牌 5: 「一家宣佈聽牌時捨出的牌為出銃牌」 (seed 004, 狀態類, 食聽牌 (出前一叮)).

    The winner took the tile another player discarded while declaring 叮: a discard win only.  On a
    self-draw the word contradicts the win and is not scored.
    """
    return ONCE if v.situation.ready_discard_win and not v.self_drawn else []


@detector("double_ready", bound=by_situation(lambda s: s.double_ready), needs=F_READY)
def double_ready(v: HandView) -> Hits:
    """天叮 40: 「莊家起手聽牌，或閒家摸第一張後聽牌」 (seed 004, 狀態類, 天叮 (雙立直)).

    Declared before any call, and after 叮 the hand may not 上/碰/明槓 (叮 row): a hand with a
    chow, pung or exposed/added kong contradicts 天叮 and does not score it (暗槓 is allowed).
    """
    return ONCE if v.situation.double_ready and v.concealed_hand else []


@detector("half_melded", bound=by_situation(), needs=F_FOUR_MELDS | F_SELF | F_SINGLE_WAIT)
def half_melded(v: HandView) -> Hits:
    """半求人 15: 「全副牌落地（副露），獨獨的情況下自摸（暗槓不算）」 (seed 004, 狀態類, 半求人).

    Five exposed melds (no 暗槓), a single wait and a self-draw; 「獨聽限定，不另計獨獨，自摸」
    (preset ``excludes``).
    """
    return ONCE if v.self_drawn and _all_melded(v) else []


@detector("fully_melded", bound=by_situation(), needs=F_FOUR_MELDS | F_SINGLE_WAIT)
def fully_melded(v: HandView) -> Hits:
    """全求人 30: 「全副牌落地（副露），獨獨的情況下其中一家出銃而糊牌（暗槓不算）」 (seed 004, 狀態類).

    Five exposed melds (no 暗槓), a single wait and a win on a discard; 「獨聽限定，不另計獨獨」.
    """
    return ONCE if not v.self_drawn and _all_melded(v) else []


@detector("double_win", bound=by_situation(lambda s: s.multiple_winners == 2), needs=F_MULTI)
def double_win(v: HandView) -> Hits:
    """一炮雙響 5: 「同時出銃給兩家」 (seed 004, 狀態類, 一炮雙響).

    Scored by each winner (``Situation.multiple_winners == 2``).  A discard win only: with a
    self-draw the word contradicts the win and is not scored.
    """
    return ONCE if v.situation.multiple_winners == 2 and not v.self_drawn else []


@detector("triple_win", bound=by_situation(lambda s: s.multiple_winners == 3), needs=F_MULTI)
def triple_win(v: HandView) -> Hits:
    """一炮三響 10: 「同時出銃給三家」 (seed 004, 狀態類, 一炮三響).

    ``Situation.multiple_winners == 3``; a discard win only (as 一炮雙響).
    """
    return ONCE if v.situation.multiple_winners == 3 and not v.self_drawn else []


@detector("kick_after_multi", bound=by_situation(lambda s: s.kick_on_multi in (2, 3)), needs=F_MULTI)
def kick_after_multi(v: HandView) -> Hits:
    """錦上添花 5/10: 「在出銃一炮雙響或三響的情況下，自摸踢半」 (seed 004, 狀態類, 錦上添花).

    ``Situation.kick_on_multi`` 2 → key ``double`` (5), 3 → ``triple`` (10).  The row is about a
    self-draw: on a discard win the word contradicts the win and is not scored.
    """
    k = v.situation.kick_on_multi
    if not v.self_drawn or k not in (2, 3):
        return []
    return [("double", 0)] if k == 2 else [("triple", 0)]
