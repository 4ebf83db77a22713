"""Test builders: compact hands for pattern tests without going through the Cantonese parser.

Compact notation: ``"123m 456m 789p 234s CCC E"`` — digits then a suit letter (m 萬, p 筒, s 索),
honours as letters E S W N (winds) C F P (中 發 白).  Spaces are ignored.
"""

from __future__ import annotations

from dataclasses import replace

from taipai.core.handspec import HandSpec, KongKind, Meld, MeldKind, Situation
from taipai.core.scoretypes import Score
from taipai.core.tiles import HONOUR_CODES, tile
from taipai.systems.hk_taiwan.rules import RuleSet, apply_overrides, load_rules
from taipai.systems.hk_taiwan.scoring import score_hand

_MELD_WORDS = {
    "chow": (MeldKind.CHOW, None),
    "pung": (MeldKind.PUNG, None),
    "kong": (MeldKind.KONG, KongKind.EXPOSED),
    "added": (MeldKind.KONG, KongKind.ADDED),
    "ckong": (MeldKind.KONG, KongKind.CONCEALED),
}


def tiles(text: str) -> list[int]:
    """Tile kinds of a compact string, in order: ``tiles("12m E")`` -> ``[0, 1, 27]``."""
    out: list[int] = []
    digits: list[int] = []
    for ch in text.replace(" ", ""):
        if ch.isdigit():
            digits.append(int(ch))
        elif ch in "mps":
            if not digits:
                raise ValueError(f"suit {ch} without digits in {text!r}")
            out.extend(tile(ch, d) for d in digits)
            digits = []
        elif ch in HONOUR_CODES:
            out.append(27 + HONOUR_CODES.index(ch))
        else:
            raise ValueError(f"bad character {ch!r} in {text!r}")
    if digits:
        raise ValueError(f"digits without a suit in {text!r}")
    return out


def meld(text: str) -> Meld:
    """A declared meld: ``"pung CCC"``, ``"chow 789p"``, ``"kong 1111m"``, ``"added EEEE"``, ``"ckong NNNN"``."""
    word, _, rest = text.partition(" ")
    kind, kong = _MELD_WORDS[word]
    ts = sorted(tiles(rest))
    return Meld(kind, ts[0], kong)


def hand(
    concealed: str,
    win: str,
    *,
    melds: tuple[str, ...] | list[str] = (),
    self_drawn: bool = False,
    flowers: tuple[int, ...] = (),
    wilds: tuple[str, ...] = (),
    **situation: object,
) -> HandSpec:
    """A HandSpec from compact text.  ``situation`` keywords go to :class:`Situation`.

    ``win`` may be a wildcard kind in brackets (``"[皇]"``); ``wilds`` are wildcard kinds held among
    the concealed tiles.  Checks the 16-tile count (17 with the winning tile, kongs counting 3) so
    a typo fails loudly.
    """
    conc = tuple(sorted(tiles(concealed)))
    ms = tuple(meld(m) for m in melds)
    winning_wild = None
    if win.startswith("["):
        winning_wild, w = win.strip("[]"), None
    else:
        (w,) = tiles(win)
    n = len(conc) + 1 + 3 * len(ms) + len(wilds)
    if n not in (17, 14):
        raise ValueError(f"hand has {n} tiles (kongs as 3), expected 17")
    return HandSpec(
        concealed=conc,
        melds=ms,
        winning_tile=w,
        winning_wild=winning_wild,
        wilds=tuple(wilds),
        self_drawn=self_drawn,
        flowers=tuple(sorted(flowers)),
        situation=Situation(**situation),  # type: ignore[arg-type]
    )


def rules(**overrides: object) -> RuleSet:
    """The hk-taiwan preset, with ``options`` overrides and ``enable=[ids]`` to switch rows on."""
    enable = overrides.pop("enable", ())
    r = load_rules("hk-taiwan")
    data: dict[str, object] = {}
    if overrides:
        data["options"] = overrides
    if enable:
        data["patterns"] = {pid: {"enabled": True} for pid in enable}  # type: ignore[union-attr]
    return apply_overrides(r, data) if data else r


def score(spec: HandSpec, rule_set: RuleSet | None = None) -> Score:
    """Score with the default preset unless given."""
    return score_hand(spec, rule_set or load_rules("hk-taiwan"))


def fan_of(spec: HandSpec, pattern_id: str, rule_set: RuleSet | None = None) -> int:
    """Fan a pattern contributes to the best reading of ``spec`` (0 when absent)."""
    return score(spec, rule_set).pattern_fan(pattern_id)


def ids(spec: HandSpec, rule_set: RuleSet | None = None) -> set[str]:
    """Pattern ids in the best reading."""
    return {p.id for p in score(spec, rule_set).patterns}


__all__ = ["fan_of", "hand", "ids", "meld", "replace", "rules", "score", "tiles"]
