"""Detectors for seed 004, 常用翻數表, 時態類.

One detector per pattern id; values and exclusions are in the system's preset.toml.
"""

from __future__ import annotations

from taipai.core.handspec import MeldKind
from taipai.systems.hk_taiwan.patterns.base import F_TIMING, ONCE, HandView, Hits, by_situation, detector

# Situation words are checked first (they are rare); the tile checks below them only run when the
# word is present.  When a word contradicts the tiles or the way the hand was won (海底 on a discard
# win, 搶槓 on a self-draw, 槓上 without a kong …) the pattern is not scored: the tiles win.


def _kongs(v: HandView) -> int:
    """Declared kongs (明槓, 加槓, 暗槓): each one drew one replacement tile."""
    return sum(1 for m in v.spec.melds if m.kind is MeldKind.KONG)


def _robbable(v: HandView) -> bool:
    """A robbed kong holds the other three copies, so the winner holds none besides the winning tile."""
    w = v.spec.winning_tile
    return not v.self_drawn and w is not None and v.counts[w] == 1


@detector("kong_self_draw", bound=by_situation(lambda s: s.kong_replacements == 1), needs=F_TIMING)
def kong_self_draw(v: HandView) -> Hits:
    """槓上自摸 5: 「明、暗或加槓補牌時，補牌為糊牌」 (seed 004, 時態類, 槓上自摸).

    ``Situation.kong_replacements == 1``, a self-draw, and the hand shows at least one kong.
    (「明槓出銃者全包」 is a payment rule, not a fan.)
    """
    if v.situation.kong_replacements != 1 or not v.self_drawn:
        return []
    return ONCE if _kongs(v) >= 1 else []


@detector("robbing_kong", bound=by_situation(lambda s: s.robbing_kong), needs=F_TIMING)
def robbing_kong(v: HandView) -> Hits:
    """搶槓 5: 「在其中一家槓牌時糊牌，算該家出銃」 (seed 004, 時態類, 搶槓).

    A discard-style win (搶槓不會當作自摸) on a tile of which the winner holds no other copy: the
    konging player has the other three.  (「只有十三幺才能搶暗槓」 needs the kong kind, which the
    hand does not say; not checked.)
    """
    return ONCE if v.situation.robbing_kong and _robbable(v) else []


@detector("kong_on_kong", bound=by_situation(lambda s: 2 <= s.kong_replacements <= 5), needs=F_TIMING)
def kong_on_kong(v: HandView) -> Hits:
    """槓上槓自摸 20/40/80/160: 「補牌同樣為槓牌，再補牌即食糊」 (seed 004, 時態類, 槓上槓自摸).

    「從槓兩次起計為20翻，如此類推。如槓了五次就是160翻」: key ``"2"`` … ``"5"`` from
    ``Situation.kong_replacements``; needs a self-draw and at least that many kongs in the hand.
    """
    n = v.situation.kong_replacements
    if not 2 <= n <= 5 or not v.self_drawn:
        return []
    return [(str(n), 0)] if _kongs(v) >= n else []


@detector("robbing_kong_on_kong", bound=by_situation(lambda s: s.robbing_kong_on_kong), needs=F_TIMING)
def robbing_kong_on_kong(v: HandView) -> Hits:
    """搶槓上槓 30: 「一家在槓上槓牌時糊牌，算該家出銃」 (seed 004, 時態類, 搶槓上槓).

    Same checks as 搶槓 (discard-style win, no other copy held); replaces 搶槓 (preset ``excludes``).
    """
    return ONCE if v.situation.robbing_kong_on_kong and _robbable(v) else []


@detector(
    "flower_self_draw",
    bound=by_situation(lambda s: s.flower_replacements >= 1, n=lambda s: s.flower_replacements),
    needs=F_TIMING,
)
def flower_self_draw(v: HandView) -> Hits:
    """花上自摸 2n+1: 「摸到花牌再補牌的情況下自摸糊牌」, 「n由1起計」 (seed 004, 時態類, 花上自摸).

    ``n = Situation.flower_replacements`` (1 → 3 fan, 2 → 5 …): needs a self-draw, a table that
    plays flowers, and at least ``n`` flowers in the hand.
    """
    n = v.situation.flower_replacements
    if n < 1 or not v.self_drawn or not v.rules.options.flowers:
        return []
    return [("base", n)] if len(v.flowers) >= n else []


@detector(
    "mixed_replacement_draw", bound=by_situation(lambda s: 2 <= s.mixed_replacements <= 7), needs=F_TIMING
)
def mixed_replacement_draw(v: HandView) -> Hits:
    """混花槓自摸 10/20/40/70/100/140: 「摃上槓，花上花，槓上花上，花上槓上自摸等等」 (seed 004, 時態類).

    Key ``"2"`` … ``"7"`` from ``Situation.mixed_replacements`` (the chain length); needs a
    self-draw and at least that many kongs plus flowers in the hand.  「不另計自摸」; the preset also
    drops 槓上自摸, 花上自摸 and 槓上槓自摸 (the chain counts once).
    """
    n = v.situation.mixed_replacements
    if not 2 <= n <= 7 or not v.self_drawn:
        return []
    sources = _kongs(v) + (len(v.flowers) if v.rules.options.flowers else 0)
    return [(str(n), 0)] if sources >= n else []


@detector("last_tile_draw", bound=by_situation(lambda s: s.last_tile_draw), needs=F_TIMING)
def last_tile_draw(v: HandView) -> Hits:
    """海底撈月 5: 「摸最後一張牌自摸食糊。不另計自摸」 (seed 004, 時態類, 海底撈月).

    A self-draw only: 海底 on a discard win is a contradiction and is not scored (河底 is the
    discard row).
    """
    return ONCE if v.situation.last_tile_draw and v.self_drawn else []


@detector("last_discard", bound=by_situation(lambda s: s.last_discard), needs=F_TIMING)
def last_discard(v: HandView) -> Hits:
    """河底撈魚 5: 「打出最後一張牌時放銃」 (seed 004, 時態類, 河底撈魚).  A discard win only."""
    return ONCE if v.situation.last_discard and not v.self_drawn else []


@detector("last_copy", bound=by_situation(lambda s: s.last_copy), needs=F_TIMING)
def last_copy(v: HandView) -> Hits:
    """明四絕 (絕張) 5: 「副露和牌海中已有3張一樣的牌時，糊出最後一張」 (seed 004, 時態類).

    「若然未副露，例如該牌有在自己手牌內，則不是絕張」: not scored when the winner's concealed
    tiles hold another copy of the winning tile (so never on a pair wait).  Self-draw or discard.
    """
    if not v.situation.last_copy:
        return []
    return ONCE if v.spec.winning_tile not in v.spec.concealed else []


@detector("last_copy_eight", bound=by_situation(lambda s: s.last_copy_eight), needs=F_TIMING)
def last_copy_eight(v: HandView) -> Hits:
    """明八絕 10: 「叫兩扉的情況下，副露及牌海已有7張，糊出最後一張」 (seed 004, 時態類, 明八絕).

    The wait set has exactly two kinds and the winner's concealed tiles hold no copy of either
    (all seven others are visible).  Replaces 明四絕 (preset ``excludes``).
    """
    if not v.situation.last_copy_eight or len(v.waits) != 2:
        return []
    concealed = v.spec.concealed
    return [] if any(w in concealed for w in v.waits) else ONCE


def _within(v: HandView, limit: int) -> bool:
    n = v.situation.discards_seen
    return n is not None and 0 <= n <= limit


@detector(
    "within_ten",
    bound=by_situation(lambda s: s.discards_seen is not None and 0 <= s.discards_seen <= 10),
    needs=F_TIMING,
)
def within_ten(v: HandView) -> Hits:
    """十隻内 10: 「牌海只有10隻牌內食糊（算至第10隻）」 (seed 004, 時態類, 十隻内).

    ``Situation.discards_seen <= 10`` (a context word; 「不計上及碰了的牌，不計食糊牌」 is the
    players' count).  七隻內 / 四隻內 / 人糊 replace it.
    """
    return ONCE if _within(v, 10) else []


@detector(
    "within_seven",
    bound=by_situation(lambda s: s.discards_seen is not None and 0 <= s.discards_seen <= 7),
    needs=F_TIMING,
)
def within_seven(v: HandView) -> Hits:
    """七隻内 20: 「牌海只有7隻牌內食糊（算至第7隻）」 (seed 004, 時態類, 七隻内); discards_seen <= 7."""
    return ONCE if _within(v, 7) else []


@detector(
    "within_four",
    bound=by_situation(lambda s: s.discards_seen is not None and 0 <= s.discards_seen <= 4),
    needs=F_TIMING,
)
def within_four(v: HandView) -> Hits:
    """四隻內 40: 「牌海只有4隻牌內食糊（算至第4隻）」 (seed 004, 時態類, 四隻內); discards_seen <= 4."""
    return ONCE if _within(v, 4) else []


@detector("human_win", bound=by_situation(lambda s: s.human), needs=F_TIMING)
def human_win(v: HandView) -> Hits:
    """人糊 80: 「沒人上、碰、槓牌的情況下，牌海只有四隻牌內糊牌」 (seed 004, 時態類, 人糊).

    「若有人副露則為四子內」: the winner's hand must show no meld at all (暗槓 included, 「槓」), and a
    discard count above 4 contradicts the word.  Replaces 十/七/四隻內.
    """
    s = v.situation
    if not s.human or v.spec.melds:
        return []
    n = s.discards_seen
    return ONCE if n is None or n <= 4 else []


@detector("earthly_win", bound=by_situation(lambda s: s.earthly), needs=F_TIMING)
def earthly_win(v: HandView) -> Hits:
    """地糊 100: 「莊家打出第一隻牌出銃給其他家」 (seed 004, 時態類, 地糊).

    A non-dealer winning on a discard with no meld shown; a dealer, a self-draw or a meld
    contradicts the word.
    """
    s = v.situation
    if not s.earthly or s.dealer or v.self_drawn or v.spec.melds:
        return []
    return ONCE


@detector("heavenly_win", bound=by_situation(lambda s: s.heavenly), needs=F_TIMING)
def heavenly_win(v: HandView) -> Hits:
    """天糊 120: 「莊家一開牌補花後即糊牌」, 「有玩家或不計槓牌」 (seed 004, 時態類, 天糊).

    The dealer, on the tiles dealt (a self-draw), 門前清; a concealed kong made at the start is
    allowed (the 「不計槓牌」 note).  A non-dealer, a discard win or a laid-down meld contradicts it.
    """
    s = v.situation
    if not s.heavenly or not s.dealer or not v.self_drawn or not v.concealed_hand:
        return []
    return ONCE
