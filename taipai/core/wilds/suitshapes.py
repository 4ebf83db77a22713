"""The complete numbered suits: every count vector of one suit (萬, 筒 or 索) that splits into chows
and pungs, or into them and one pair, shipped as data.

The wildcard search finishes each suit of a hand separately (:func:`taipai.core.wilds.search.
suit_additions`): the ways ``j`` wild tiles complete a suit holding ``base`` are the complete vectors
of ``|base| + j`` tiles that hold ``base``.  Worked out by recursion that costs 20–30 ms of an
eight-皇 hand cold; read from this list it is one subtraction test per complete vector of that size
(:func:`completions`).  Games keep per-vector data aligned with the list (港式台牌's bound summaries,
:mod:`taipai.systems.hk_taiwan.summary_table`) and find a vector's position with :func:`SuitShapes.
position`.

A vector is coded as one int, four bits per count, rank 一 highest (:func:`code_of`): numeric order
is the counts' lexicographic order, and as no count exceeds 4, ``c - base`` has no borrow exactly when
``c`` holds ``base`` (:func:`completions`' test).  The list holds the 53,055 complete vectors of at
most :data:`MAX_TILES` tiles and :data:`MAX_COPIES` copies, ordered by tile count, then code.

``suitshapes.bin`` beside this module, zlib-compressed, little-endian: :data:`MAGIC`, then how many
vectors hold 0, 1, …, :data:`MAX_TILES` tiles (u32 each), then the u64 codes in that order.
:func:`generate` makes the list from the melds themselves; ``tests/core/test_suitshapes.py`` checks
the shipped file against it, and ``python scripts/build_tables.py`` rewrites it.  Reading it is the
engine's one disk read (package data, through :mod:`importlib.resources`), at the first hand that
needs it.
"""

from __future__ import annotations

import hashlib
import logging
import struct
import sys
import zlib
from array import array
from collections.abc import Iterable, Sequence
from importlib import resources

MAGIC = b"TPCS1"
"""The file's first bytes (the format's version is the digit)."""

DATA_FILE = "suitshapes.bin"
"""The list's file name, package data beside this module."""

MAX_TILES = 17
"""Most tiles of one suit in the list: a 16-tile hand's five melds and the eyes."""

MAX_COPIES = 4
"""Most copies of one rank in the list (a table that lets a wildcard be a fifth copy finishes its
suits by recursion, :func:`taipai.core.wilds.search.suit_additions`)."""

GUARDS = sum(8 << (4 * r) for r in range(9))
"""Bit 3 of every four-bit count: ``(c + GUARDS - base) & GUARDS == GUARDS`` exactly when every count
of ``c`` is at least ``base``'s (counts 0..4)."""

_HEADER = struct.Struct(f"<5s{MAX_TILES + 1}I")
_log = logging.getLogger(__name__)


def code_of(counts: Iterable[int]) -> int:
    """Nine counts (each 0..15) as one int, four bits each, the first count highest."""
    code = 0
    for c in counts:
        code = code << 4 | c
    return code


def counts_of(code: int) -> tuple[int, ...]:
    """The nine counts of a :func:`code_of` code."""
    return tuple(code >> (4 * (8 - r)) & 15 for r in range(9))


def generate(max_tiles: int = MAX_TILES, cap: int = MAX_COPIES) -> list[int]:
    """The codes of every complete numbered-suit vector with at most ``max_tiles`` tiles and ``cap``
    copies of a rank (melds, then melds and one pair; the empty suit included), ordered by tile
    count, then code."""
    melds = [(r, r, r) for r in range(9)] + [(r, r + 1, r + 2) for r in range(7)]
    found: set[tuple[int, ...]] = set()
    counts = [0] * 9

    def walk(first: int, tiles: int) -> None:
        found.add(tuple(counts))
        if tiles + 3 > max_tiles:
            return
        for i in range(first, len(melds)):
            for t in melds[i]:
                counts[t] += 1
            if max(counts) <= cap:
                walk(i, tiles + 3)
            for t in melds[i]:
                counts[t] -= 1

    walk(0, 0)
    with_eyes = set(found)
    for vector in found:
        if sum(vector) + 2 <= max_tiles:
            for r in range(9):
                if vector[r] + 2 <= cap:
                    with_eyes.add((*vector[:r], vector[r] + 2, *vector[r + 1 :]))
    return sorted((code_of(v) for v in with_eyes), key=lambda c: (tiles_of(c), c))


def encode(codes: Sequence[int]) -> bytes:
    """The file's bytes for ``codes`` (in :func:`generate`'s order).

    Raises:
        ValueError: codes not ordered by tile count, then code, or with more than :data:`MAX_TILES`
            tiles.
    """
    keys = [(tiles_of(c), c) for c in codes]
    if keys != sorted(set(keys)) or any(n > MAX_TILES for n, _ in keys):
        raise ValueError(
            f"codes must be distinct, of at most {MAX_TILES} tiles, ordered by tile count then code"
        )
    groups = [0] * (MAX_TILES + 1)
    for n, _ in keys:
        groups[n] += 1
    a = array("Q", codes)
    if sys.byteorder != "little":
        a.byteswap()
    return zlib.compress(_HEADER.pack(MAGIC, *groups) + a.tobytes(), 9)


class SuitShapes:
    """The list, read from a file's bytes: codes by tile count and each code's position.

    Raises (constructor): ValueError when ``data`` is not a whole file of this format.
    """

    __slots__ = ("_by_tiles", "_codes", "_high", "_low", "_position", "digest", "size")

    def __init__(self, data: bytes) -> None:
        try:
            raw = zlib.decompress(data)
        except zlib.error as e:
            raise ValueError(f"not a compressed table: {e}") from e
        magic, *groups = _HEADER.unpack_from(raw)
        n = sum(groups)
        if magic != MAGIC or len(raw) != _HEADER.size + 8 * n:
            raise ValueError(f"not a complete-suit list of {n} codes: {magic!r}, {len(raw)} bytes")
        codes = array("Q")
        codes.frombytes(raw[_HEADER.size :])
        if sys.byteorder != "little":
            codes.byteswap()
        self.digest: bytes = hashlib.sha256(raw).digest()
        """Names this list: data aligned with it records the digest it was built against."""
        self.size: int = n
        listed = codes.tolist()
        self._codes = listed
        self._position = {c: i for i, c in enumerate(listed)}
        self._by_tiles: list[list[int]] = []
        at = 0
        for size in groups:
            self._by_tiles.append(listed[at : at + size])
            at += size
        # the tiles of a code's five high ranks and of its four low ones, per suit (萬筒索):
        # tiles_in() is two look-ups and one concatenation
        self._high = [_rank_tiles(range(5), 9 * s) for s in range(3)]
        self._low = [_rank_tiles(range(5, 9), 9 * s) for s in range(3)]

    def codes(self) -> list[int]:
        """Every code, in the list's order (a copy)."""
        return list(self._codes)

    def position(self, code: int) -> int:
        """The position of the vector ``code`` in the list, or -1 when it is not there (it does not
        split, or has more than :data:`MAX_TILES` tiles or :data:`MAX_COPIES` copies)."""
        return self._position.get(code, -1)

    def tiles_in(self, code: int, suit: int) -> tuple[int, ...]:
        """The tiles (kinds ``9 * suit + rank``, ascending) of the vector ``code`` of suit ``suit``
        (0..2 萬筒索), each count at most :data:`MAX_COPIES`."""
        return self._high[suit][code >> 16] + self._low[suit][code & 0xFFFF]

    def completions(self, base: int, tiles: int) -> list[int]:
        """The codes of the complete vectors of ``tiles`` tiles that hold the vector ``base``
        (each count at least ``base``'s), ascending; empty beyond :data:`MAX_TILES`."""
        if tiles > MAX_TILES:
            return []
        shift = GUARDS - base
        return [c for c in self._by_tiles[tiles] if (c + shift) & GUARDS == GUARDS]


def _rank_tiles(ranks: range, first: int) -> dict[int, tuple[int, ...]]:
    """Every count vector over ``ranks`` (0..MAX_COPIES each) coded as those ranks' digits of
    :func:`code_of` (the lowest rank of ``ranks`` at bit 0 when it is rank 8), to its tiles
    ``first + rank`` ascending."""
    out: dict[int, tuple[int, ...]] = {0: ()}
    for r in ranks:
        shift = 4 * (8 - r)
        out = {
            code | c << shift: tiles + (first + r,) * c
            for code, tiles in out.items()
            for c in range(MAX_COPIES + 1)
        }
    if ranks.start >= 5:
        return out
    return {code >> 16: tiles for code, tiles in out.items()}


def tiles_of(code: int) -> int:
    """How many tiles the vector ``code`` holds."""
    return sum(counts_of(code))


_shipped: list[SuitShapes | None] = []


def shipped() -> SuitShapes | None:
    """The list shipped beside this module, read once (a few ms); None, with a warning logged, when
    the file is missing or unreadable (suits are then finished by recursion: slower, the same
    answers)."""
    if not _shipped:
        try:
            data = resources.files("taipai.core.wilds").joinpath(DATA_FILE).read_bytes()
            _shipped.append(SuitShapes(data))
        except (OSError, ValueError, zlib.error, struct.error) as e:
            _log.warning("complete-suit list %s not used (%s): suits are finished by recursion", DATA_FILE, e)
            _shipped.append(None)
    return _shipped[0]


def reload() -> None:
    """Forget the list read by :func:`shipped` (the table builder calls it after rewriting the
    file)."""
    _shipped.clear()
