"""Line charts as standalone SVG files: enough for the lab's report (a few series against
time or offered rate) without installing a plotting package on the lab machine."""
import math
from html import escape

COLORS = ["#1f77b4", "#d62728", "#2ca02c", "#ff7f0e", "#9467bd", "#8c564b"]
W, H, LEFT, RIGHT, TOP, BOTTOM = 820, 360, 70, 210, 40, 50


def _ticks(low, high, count=5):
    if high <= low:
        high = low + 1
    raw = (high - low) / count
    magnitude = 10 ** math.floor(math.log10(raw))
    step = next(m * magnitude for m in (1, 2, 2.5, 5, 10) if m * magnitude >= raw)
    first = (low // step) * step
    return [first + i * step for i in range(int((high - first) / step) + 2) if first + i * step <= high + step / 2]


def _fmt(value):
    return f"{value:,.0f}" if abs(value) >= 10 or value == int(value) else f"{value:.2g}"


def line_chart(path, title, x_label, y_label, series, hlines=(), markers=True):
    """series: [(name, [(x, y), ...])]; hlines: [(name, y)] drawn dashed (targets)."""
    points = [p for _, data in series for p in data if p[1] is not None]
    xs = [p[0] for p in points] or [0, 1]
    ys = [p[1] for p in points] + [y for _, y in hlines] or [0, 1]
    x0, x1 = min(xs), max(xs)
    if x1 == x0:
        x1 = x0 + 1
    y_ticks = _ticks(0, max(ys) * 1.05 if max(ys) > 0 else 1)
    y1 = y_ticks[-1]
    plot_w, plot_h = W - LEFT - RIGHT, H - TOP - BOTTOM
    sx = lambda x: LEFT + (x - x0) / (x1 - x0) * plot_w
    sy = lambda y: TOP + plot_h - (y / y1) * plot_h
    out = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{W}" height="{H}" font-family="sans-serif" font-size="12">',
           f'<rect width="{W}" height="{H}" fill="white"/>',
           f'<text x="{W / 2}" y="22" text-anchor="middle" font-size="15">{escape(title)}</text>']
    for y in y_ticks:
        out.append(f'<line x1="{LEFT}" x2="{LEFT + plot_w}" y1="{sy(y):.1f}" y2="{sy(y):.1f}" stroke="#e5e5e5"/>')
        out.append(f'<text x="{LEFT - 6}" y="{sy(y) + 4:.1f}" text-anchor="end">{_fmt(y)}</text>')
    for x in _ticks(x0, x1, 6):
        if x0 <= x <= x1:
            out.append(f'<line x1="{sx(x):.1f}" x2="{sx(x):.1f}" y1="{TOP + plot_h}" y2="{TOP + plot_h + 4}" stroke="black"/>')
            out.append(f'<text x="{sx(x):.1f}" y="{TOP + plot_h + 18}" text-anchor="middle">{_fmt(x)}</text>')
    out.append(f'<rect x="{LEFT}" y="{TOP}" width="{plot_w}" height="{plot_h}" fill="none" stroke="black"/>')
    out.append(f'<text x="{LEFT + plot_w / 2}" y="{H - 10}" text-anchor="middle">{escape(x_label)}</text>')
    out.append(f'<text transform="translate(16,{TOP + plot_h / 2}) rotate(-90)" text-anchor="middle">{escape(y_label)}</text>')
    legend_y = TOP + 10
    for i, (name, data) in enumerate(series):
        color = COLORS[i % len(COLORS)]
        coords = " ".join(f"{sx(x):.1f},{sy(min(y, y1)):.1f}" for x, y in data if y is not None)
        if coords:
            out.append(f'<polyline fill="none" stroke="{color}" stroke-width="1.8" points="{coords}"/>')
            if markers and len(data) <= 40:
                out.extend(f'<circle cx="{sx(x):.1f}" cy="{sy(min(y, y1)):.1f}" r="3" fill="{color}"/>' for x, y in data if y is not None)
        out.append(f'<line x1="{LEFT + plot_w + 10}" x2="{LEFT + plot_w + 30}" y1="{legend_y}" y2="{legend_y}" stroke="{color}" stroke-width="2"/>')
        out.append(f'<text x="{LEFT + plot_w + 35}" y="{legend_y + 4}">{escape(name)}</text>')
        legend_y += 18
    for name, y in hlines:
        if y <= y1:
            out.append(f'<line x1="{LEFT}" x2="{LEFT + plot_w}" y1="{sy(y):.1f}" y2="{sy(y):.1f}" stroke="#555" stroke-dasharray="6,4"/>')
            out.append(f'<text x="{LEFT + plot_w + 10}" y="{sy(y) + 4:.1f}" fill="#555">{escape(name)}</text>')
    out.append("</svg>")
    with open(path, "w") as f:
        f.write("\n".join(out) + "\n")
