"""What both pictures share: a matplotlib figure of an exact pixel size (Agg, never pyplot) turned
into PNG bytes, one figure at a time per process."""

from __future__ import annotations

import io
import threading
from contextlib import AbstractContextManager
from typing import Any

from matplotlib import rc_context
from matplotlib.backends.backend_agg import FigureCanvasAgg
from matplotlib.figure import Figure

from taipai.bot.pictures import fonts

DPI = 100
"""Dots per inch of every picture: a figure of ``w × h`` inches is ``100w × 100h`` pixels."""

_drawing = threading.Lock()  # matplotlib's font and text caches are shared by every figure


def figure(width: int, height: int) -> Figure:
    """A blank figure of ``width × height`` pixels with the Agg canvas attached (no GUI)."""
    fig = Figure(figsize=(width / DPI, height / DPI), dpi=DPI)
    FigureCanvasAgg(fig)
    return fig


def png(fig: Figure) -> bytes:
    """``fig`` as PNG bytes at its own size (no tight bounding box: the size stays exact)."""
    buf = io.BytesIO()
    fig.savefig(buf, format="png", dpi=DPI)
    return buf.getvalue()


def style() -> AbstractContextManager[Any]:
    """The settings every picture is drawn under: the CJK font (:mod:`.fonts`), a minus sign the font
    has, no metadata that changes from run to run."""
    return rc_context(
        {
            "font.family": fonts.families(),
            "axes.unicode_minus": False,
            "svg.hashsalt": "taipai",
        }
    )


def lock() -> threading.Lock:
    """The lock a picture is drawn under (one figure at a time in a process)."""
    return _drawing
