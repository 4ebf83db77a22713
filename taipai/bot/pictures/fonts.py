"""The CJK font every picture is drawn in: Noto Sans CJK, installed with taipai (the PyPI package
``noto-cjk-sans-otc``, a dependency in ``pyproject.toml``), registered with matplotlib's font
manager at first use.

The package ships one OpenType collection (``NotoSansCJK-Regular.ttc``) whose faces are the JP, KR,
SC, TC and HK cuts of one design; matplotlib (3.10 on) lists every face of a collection, and the
pictures ask for the Hong Kong one, :data:`FAMILY`, so 萬 筒 索 發 have the shapes HK players read.
No system font is needed (the container image has none).
"""

from __future__ import annotations

import threading
from functools import cache
from pathlib import Path

import matplotlib

matplotlib.use("Agg")  # no GUI backend, ever: pictures are PNG bytes for a chat

from matplotlib import font_manager
from matplotlib.font_manager import FontProperties
from matplotlib.ft2font import FT2Font

FAMILY = "Noto Sans CJK HK"
"""The face of the collection the pictures use (Traditional Chinese, Hong Kong forms)."""

FALLBACK = "DejaVu Sans"
"""matplotlib's own font, for a glyph the CJK face lacks (matplotlib falls back glyph by glyph)."""

_lock = threading.Lock()


def font_path() -> Path:
    """The installed collection's path (``…/noto_cjk_sans_otc/NotoSansCJK-Regular.ttc``).

    Raises:
        ModuleNotFoundError: ``noto-cjk-sans-otc`` is not installed (``pip install taipai`` brings it).
    """
    import noto_cjk_sans_otc

    return Path(str(noto_cjk_sans_otc.FONT_PATH))


@cache
def _face_index() -> int:
    """The index of :data:`FAMILY` in the collection (4 in Noto's own order JP KR SC TC HK)."""
    path = str(font_path())
    faces = FT2Font(path).num_faces
    for i in range(faces):
        if FT2Font(path, face_index=i).family_name == FAMILY:
            return i
    raise LookupError(f"{FAMILY} is not in {path}")


def register() -> None:
    """Add the collection to matplotlib's font manager once per process (thread-safe); idempotent.

    Raises:
        ModuleNotFoundError: the font package is missing.  LookupError: it has no :data:`FAMILY` face.
    """
    with _lock:
        if any(f.name == FAMILY for f in font_manager.fontManager.ttflist):
            return
        font_manager.fontManager.addfont(str(font_path()))
        if not any(f.name == FAMILY for f in font_manager.fontManager.ttflist):
            raise LookupError(f"{FAMILY} is not in {font_path()}")


def families() -> list[str]:
    """``rcParams["font.family"]`` for a picture: the CJK face first, :data:`FALLBACK` after it
    (registers the font first)."""
    register()
    return [FAMILY, FALLBACK]


def cjk(size: float, *, weight: str = "normal") -> FontProperties:
    """The CJK face at ``size`` points (``weight``: ``"normal"`` or ``"bold"``; the collection has
    one weight, so bold is matplotlib's own emboldening-free fallback to the regular face)."""
    register()
    return FontProperties(family=[FAMILY, FALLBACK], size=size, weight=weight)


def missing_glyphs(text: str) -> str:
    """The characters of ``text`` (spaces aside) that :data:`FAMILY` has no glyph for, in order, each
    once: ``""`` when the face covers all of it (what the tests and the image build check)."""
    face = FT2Font(str(font_path()), face_index=_face_index())
    out: list[str] = []
    for ch in text:
        if not ch.isspace() and ch not in out and face.get_char_index(ord(ch)) == 0:
            out.append(ch)
    return "".join(out)


GLYPHS = (
    "一二三四五六七八九萬筒索東南西北中發白春夏秋冬梅蘭菊竹"  # every tile's face
    "港式台牌台灣廣東番翻底鋪第場月日年埋數俾走勢圖表結算贏輸"  # the charts' titles and notes
    "0123456789+-−$,.:→·HKNT¥"
)
"""The characters the pictures must have glyphs for; :func:`check` looks each up."""


def check() -> str:
    """:func:`missing_glyphs` of :data:`GLYPHS` after registering the font: ``""`` when the
    installed font draws every tile and chart character.  ``python -m taipai.bot.pictures.fonts``
    runs it (the image build does) and exits 1 naming what is missing."""
    register()
    return missing_glyphs(GLYPHS)


if __name__ == "__main__":
    import sys

    missing = check()
    if missing:
        sys.exit(f"{FAMILY} ({font_path()}) has no glyph for: {missing}")
    print(f"{FAMILY}: every glyph of the pictures is there ({font_path()})")
