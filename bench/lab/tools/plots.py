"""The lab report's line charts, drawn by matplotlib (pinned in bench/lab/run.sh, installed into
the lab's own virtual environment) as standalone SVG files."""
import matplotlib

matplotlib.use("svg")  # no display on a lab machine
import matplotlib.pyplot as plt  # noqa: E402 (the backend is chosen first)

VERSION = matplotlib.__version__


def line_chart(path, title, x_label, y_label, series, hlines=(), markers=True):
    """series: [(name, [(x, y), ...])], points with y None left out; hlines: [(name, y)] dashed (targets)."""
    fig, ax = plt.subplots(figsize=(8.2, 3.6))
    for name, data in series:
        points = [(x, y) for x, y in data if y is not None]
        style = "o-" if markers and len(points) <= 40 else "-"
        ax.plot([x for x, _ in points], [y for _, y in points], style, label=name, linewidth=1.6, markersize=4)
    top = max([y for _, data in series for _, y in data if y is not None] + [y for _, y in hlines] + [1])
    for name, y in hlines:
        ax.axhline(y, color="#555", linestyle="--", linewidth=1, label=name)
    ax.set_ylim(0, top * 1.05)
    ax.set_title(title)
    ax.set_xlabel(x_label)
    ax.set_ylabel(y_label)
    ax.grid(True, color="#e5e5e5")
    ax.legend(loc="upper left", bbox_to_anchor=(1.01, 1), frameon=False, fontsize="small")
    fig.savefig(path, bbox_inches="tight")
    plt.close(fig)
