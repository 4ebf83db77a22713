"""The numbered-suit summaries of the wildcard bound, shipped as data for the preset's values.

The branch and bound of the wildcard search (:mod:`taipai.core.wilds.search`) summarises every way
the wildcards could finish each suit (:meth:`taipai.systems.hk_taiwan.scorebound.Bounder.summary`):
an eight-皇 hand asks for 3,700–5,800 of them, 15–35 µs each to work out, most of its time cold.
A numbered suit's summary depends only on its tile counts and the rule table's pattern values when
the suit holds no declared meld and no tile won from a discard, and the suits the search finishes
are complete ones: the 53,055 vectors of :mod:`taipai.core.wilds.suitshapes`.  This module reads
their summaries, worked out offline for the preset's pattern values (seed 004's table,
``preset.toml``), from ``suit_summaries.bin`` beside it, so the bound looks them up instead; a rule
table whose pattern values differ (:func:`values_fingerprint`) works out its own as before.

``python scripts/build_tables.py`` rewrites the file from the code
(:func:`taipai.systems.hk_taiwan.summary_table_build.build`);
``tests/systems/hk_taiwan/test_summary_table.py`` builds it again and fails when the shipped one
differs, so a change to a bound cannot leave stale data behind.

File format (zlib-compressed as a whole, little-endian): :data:`MAGIC`; the number of fields per
summary (u16), of vectors ``n`` (u32), of fields per variant (u16) and of variants ``m`` (u32); the
SHA-256 of the rule values it was built for (:func:`values_fingerprint`) and the digest of the
complete-suit list it is aligned with (:attr:`taipai.core.wilds.suitshapes.SuitShapes.digest`),
32 bytes each.  Then ``n`` summaries of u16 fields, one per vector in the list's order, and ``n``
u16 extras; then ``m`` variant keys (u32, ascending: a vector's position times 16 plus a rank) and
``m`` variants of u16 fields in that order.  What an extra and a variant mean is the bound's
business (:meth:`taipai.systems.hk_taiwan.scorebound.Bounder.shipped`: a win on a discard the suit
holds three or four times).
"""

from __future__ import annotations

import hashlib
import itertools
import logging
import struct
import zlib
from array import array
from bisect import bisect_left
from collections.abc import Sequence
from importlib import resources

from taipai.core.wilds.suitshapes import SuitShapes
from taipai.core.wilds.suitshapes import shipped as shipped_shapes
from taipai.systems.hk_taiwan.rules import RuleSet

MAGIC = b"TPSS2"
"""The file's first bytes (the format's version is the digit)."""

DATA_FILE = "suit_summaries.bin"
"""The table's file name, package data beside this module."""

_HEADER = struct.Struct("<5sHIHI32s32s")
_U32 = "I" if array("I").itemsize == 4 else "L"
_log = logging.getLogger(__name__)


def values_fingerprint(rules: RuleSet) -> bytes:
    """SHA-256 of every pattern row's id, on/off state and values in ``rules``: two rule sets with
    the same fingerprint give every numbered suit the same summary (a summary reads the rule table
    only through its pattern values, :class:`taipai.systems.hk_taiwan.scorebound.RuleTables`)."""
    rows = sorted((pid, p.enabled, sorted(p.values.items())) for pid, p in rules.patterns.items())
    return hashlib.sha256(repr(rows).encode()).digest()


Variant = tuple[int, int, tuple[int, ...]]
"""One variant: (a vector's position in the complete-suit list, a rank, its fields)."""


def encode(
    fingerprint: bytes,
    shapes: SuitShapes,
    summaries: Sequence[tuple[int, ...]],
    extras: Sequence[int],
    variants: Sequence[Variant],
) -> bytes:
    """The file's bytes: one summary and one extra per vector of ``shapes`` in its order, and
    ``variants`` in (position, rank) order.

    Raises:
        ValueError: not one summary and extra per vector, variants out of order, fields of
            different widths, or a value outside 0..65535 (a u16).
    """
    if len(summaries) != shapes.size or len(extras) != shapes.size:
        raise ValueError(f"{len(summaries)} summaries and {len(extras)} extras for {shapes.size} vectors")
    width = len(summaries[0]) if summaries else 0
    vwidth = len(variants[0][2]) if variants else 0
    vkeys = array(_U32, (at << 4 | r for at, r, _ in variants))
    if any(a >= b for a, b in itertools.pairwise(vkeys)):
        raise ValueError("variants must be in ascending (position, rank) order, each once")
    header = _HEADER.pack(MAGIC, width, shapes.size, vwidth, len(vkeys), fingerprint, shapes.digest)
    parts = (
        _u16s(summaries, width),
        _u16s([(x,) for x in extras], 1),
        vkeys,
        _u16s([v for *_, v in variants], vwidth),
    )
    return zlib.compress(header + b"".join(_little(a) for a in parts), 9)


def _u16s(records: Sequence[Sequence[int]], width: int) -> array:
    out = array("H")
    for record in records:
        if len(record) != width or not all(0 <= x <= 0xFFFF for x in record):
            raise ValueError(f"{tuple(record)} is not {width} u16 fields")
        out.extend(record)
    return out


def _little(a: array) -> bytes:
    if struct.pack("=H", 1) != struct.pack("<H", 1):
        a = array(a.typecode, a)
        a.byteswap()
    return a.tobytes()


def _read(typecode: str, data: bytes) -> array:
    out = array(typecode)
    out.frombytes(data)
    if struct.pack("=H", 1) != struct.pack("<H", 1):
        out.byteswap()
    return out


class SummaryTable:
    """The shipped summaries, by a vector's position in the complete-suit list (:meth:`find`,
    :meth:`summary`, :meth:`extra`, :meth:`variant`).  Built by :func:`shipped_table`, or from a
    file's bytes and the list it is aligned with.

    Raises (constructor): ValueError when ``data`` is not a whole table file of this format, or was
    built against another list.
    """

    __slots__ = ("_extras", "_fields", "_record", "_shapes", "_variant", "_vfields", "_vkeys", "fingerprint")

    def __init__(self, data: bytes, shapes: SuitShapes) -> None:
        try:
            raw = zlib.decompress(data)
        except zlib.error as e:
            raise ValueError(f"not a compressed table: {e}") from e
        magic, width, n, vwidth, m, fingerprint, digest = _HEADER.unpack_from(raw)
        if magic != MAGIC:
            raise ValueError(f"not a summary table: starts {magic!r}, expected {MAGIC!r}")
        if digest != shapes.digest or n != shapes.size:
            raise ValueError("summary table built against another complete-suit list: rebuild it")
        sizes = (2 * width * n, 2 * n, 4 * m, 2 * vwidth * m)
        if _HEADER.size + sum(sizes) != len(raw):
            raise ValueError(f"summary table of {len(raw)} bytes does not hold {n} rows and {m} variants")
        parts = []
        at = _HEADER.size
        for size in sizes:
            parts.append(raw[at : at + size])
            at += size
        self._fields = parts[0]
        self._extras = _read("H", parts[1])
        self._vkeys = _read(_U32, parts[2])
        self._vfields = parts[3]
        self._record = struct.Struct(f"<{width}H")
        self._variant = struct.Struct(f"<{vwidth}H")
        self._shapes = shapes
        self.fingerprint: bytes = fingerprint

    def find(self, code: int) -> int:
        """The row of the vector ``code`` (:func:`taipai.core.wilds.suitshapes.code_of`), or -1 when
        the complete-suit list does not hold it."""
        return self._shapes.position(code)

    def summary(self, row: int) -> tuple[int, ...]:
        """The summary of row ``row`` (from :meth:`find`)."""
        return self._record.unpack_from(self._fields, row * self._record.size)

    def extra(self, row: int) -> int:
        """The extra of row ``row`` (from :meth:`find`)."""
        return self._extras[row]

    def variant(self, row: int, rank: int) -> tuple[int, ...] | None:
        """The variant of row ``row`` for ``rank`` (0..8), or None."""
        keys = self._vkeys
        key = row << 4 | rank
        i = bisect_left(keys, key)
        if i == len(keys) or keys[i] != key:
            return None
        return self._variant.unpack_from(self._vfields, i * self._variant.size)


_shipped: list[SummaryTable | None] = []


def shipped_table() -> SummaryTable | None:
    """The table shipped beside this module, read once (a few ms); None, with a warning logged,
    when it or the complete-suit list is missing or unreadable (every summary is then worked out:
    slower, the same answers)."""
    if not _shipped:
        shapes = shipped_shapes()
        try:
            if shapes is None:
                raise ValueError("no complete-suit list")
            data = resources.files("taipai.systems.hk_taiwan").joinpath(DATA_FILE).read_bytes()
            _shipped.append(SummaryTable(data, shapes))
        except (OSError, ValueError, zlib.error, struct.error) as e:
            _log.warning(
                "wildcard summary table %s not used (%s): summaries are worked out instead", DATA_FILE, e
            )
            _shipped.append(None)
    return _shipped[0]


def table_for(rules: RuleSet) -> SummaryTable | None:
    """The shipped table when it was built for ``rules``' pattern values (:func:`values_fingerprint`),
    else None."""
    table = shipped_table()
    if table is None or table.fingerprint != values_fingerprint(rules):
        return None
    return table
