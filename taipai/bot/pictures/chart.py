"""Each player's running balance over a session, hand by hand, as a PNG (埋數, ``/chart``).

The data comes in ready to draw (:class:`ChartData`, built from the event log by
:func:`taipai.bot.service.chart.chart_data`, texts in the chat's language): this module only draws
it, one line per player labelled with the name and the final figure, the settling transfers written
under the plot, a title with the table's game and date.
"""

from __future__ import annotations

from dataclasses import dataclass

from matplotlib.figure import Figure
from matplotlib.ticker import FuncFormatter, MaxNLocator

from taipai.bot.pictures import draw, fonts
from taipai.core.table.amounts import Amount

WIDTH, HEIGHT = 1200, 800
"""Every chart's size in pixels."""

COLOURS = ("#d62728", "#1f77b4", "#2ca02c", "#9467bd")
"""One colour per seat, 東 南 西 北 order of 開枱 (red, blue, green, purple)."""

MAX_NOTES = 8
"""Lines written under the plot at most (a heading and up to three transfers fit many times over)."""


@dataclass(frozen=True, slots=True)
class Series:
    """One player's line: ``name``, ``values`` (the running balance after hand 0, 1, 2 …: money or
    the table's amounts, exact) and ``label`` (the legend's text, e.g. ``阿明 +HK$1,080``)."""

    name: str
    values: tuple[Amount, ...]
    label: str


@dataclass(frozen=True, slots=True)
class ChartData:
    """What a chart draws.

    Attributes:
        title: the heading (``港式台牌 · 2026年12月1日``).
        x_label, y_label: the axes' names (``鋪`` / ``錢 (HK$)``).
        hands: the x values, ``0`` (the start, everyone at 0) then each hand played, ``1 … n``, then
            ``n + 1`` when :attr:`last_tick` is set.
        series: one :class:`Series` per player, seat order; each has ``len(hands)`` values.
        notes: the lines under the plot (the settling transfers, as 埋數's reply lists them).
        last_tick: ``""``, or the last x value is no hand but the money moved after the last one (a
            詐糊, a prize) and its tick reads this (``埋數`` / ``settled``, ``而家`` / ``now``).
    """

    title: str
    x_label: str
    y_label: str
    hands: tuple[int, ...]
    series: tuple[Series, ...]
    notes: tuple[str, ...] = ()
    last_tick: str = ""

    def finals(self) -> dict[str, Amount]:
        """``{name: the last value plotted}``: each player's balance at the end."""
        return {s.name: s.values[-1] for s in self.series}


def tick(value: float, _pos: object = None) -> str:
    """An axis figure grouped in thousands, without needless decimals: ``1,000``, ``-2.5``, ``0``."""
    text = f"{value:,.2f}".rstrip("0").rstrip(".")
    return "0" if text in ("-0", "") else text


def end_labels(data: ChartData, ylim: tuple[float, float]) -> list[tuple[int, float]]:
    """Where each player's name goes at the end of their line: ``(series index, y)``, lowest first,
    at the line's last value but at least 4.5% of the axis apart, so equal or close balances do not
    write one name over another."""
    gap = (ylim[1] - ylim[0]) * 0.045
    ends = sorted((float(s.values[-1]), i) for i, s in enumerate(data.series))
    out: list[tuple[int, float]] = []
    for y, i in ends:
        if out and y < out[-1][1] + gap:
            y = out[-1][1] + gap
        out.append((i, y))
    return out


def chart_figure(data: ChartData) -> Figure:
    """The figure :func:`balance_chart` saves (tests read its lines' data).

    Raises:
        ValueError: a series whose length is not ``len(data.hands)``.
    """
    for s in data.series:
        if len(s.values) != len(data.hands):
            raise ValueError(f"{s.name}: {len(s.values)} values for {len(data.hands)} hands")
    notes = list(data.notes[:MAX_NOTES])
    fig = draw.figure(WIDTH, HEIGHT)
    fig.patch.set_facecolor("white")
    bottom = 0.10 + 0.035 * len(notes)
    ax = fig.add_axes((0.08, bottom, 0.70, 0.86 - bottom))  # the legend on the right
    ax.axhline(0, color="#888888", linewidth=1)
    for i, s in enumerate(data.series):
        ax.plot(
            data.hands,
            [float(v) for v in s.values],
            color=COLOURS[i % len(COLOURS)],
            linewidth=2.5,
            marker="o",
            markersize=5,
            label=s.label,
        )
    last = data.hands[-1]
    span = last - data.hands[0]
    ax.set_xlim(data.hands[0], last + max(0.6, span * 0.12))  # room for the names at the line ends
    last_hand = data.hands[-2] if data.last_tick and len(data.hands) > 1 else last
    found = MaxNLocator(integer=True).tick_values(data.hands[0], last_hand)
    ticks = [int(t) for t in found if data.hands[0] <= t <= last_hand]
    labels = [str(t) for t in ticks]
    if data.last_tick:
        ticks.append(last)
        labels.append(data.last_tick)
    ax.set_xticks(ticks, labels)
    for label in ax.get_xticklabels():
        label.set_fontproperties(fonts.cjk(12))
    for i, y in end_labels(data, ax.get_ylim()):
        s = data.series[i]
        ax.text(
            last + max(0.08, span * 0.012),
            y,
            s.name,
            va="center",
            color=COLOURS[i % len(COLOURS)],
            fontproperties=fonts.cjk(13),
        )
    ax.yaxis.set_major_formatter(FuncFormatter(tick))
    ax.grid(True, color="#e5e5e5")
    ax.set_xlabel(data.x_label, fontproperties=fonts.cjk(13))
    ax.set_ylabel(data.y_label, fontproperties=fonts.cjk(13))
    ax.set_title(data.title, fontproperties=fonts.cjk(18), pad=14)
    ax.legend(loc="upper left", bbox_to_anchor=(1.01, 1.0), prop=fonts.cjk(13), frameon=False)
    for n, line in enumerate(notes):
        fig.text(0.08, 0.035 * (len(notes) - n) + 0.005, line, fontproperties=fonts.cjk(14), va="bottom")
    return fig


def balance_chart(data: ChartData) -> bytes:
    """A PNG of ``data`` (:class:`ChartData`), :data:`WIDTH` × :data:`HEIGHT` pixels.

    Pure (no I/O) and thread-safe (drawn under :func:`draw.lock`); the service draws it on a worker
    thread.  Raises ``ValueError`` as :func:`chart_figure`.
    """
    with draw.lock(), draw.style():
        return draw.png(chart_figure(data))


def line_ends(fig: Figure) -> dict[str, float]:
    """``{legend label: the y value the line ends at}`` of a chart figure (for tests and checks)."""
    lines = fig.axes[0].get_lines()
    return {
        str(ln.get_label()): float(ln.get_ydata()[-1])
        for ln in lines
        if not str(ln.get_label()).startswith("_")
    }
