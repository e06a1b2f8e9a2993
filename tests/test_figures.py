"""Every figure the package draws shows what its text says: no text box on another text, on
an arrowhead, and no legend on the data (measured with the renderer's extents,
``tests/support/figures.py``); no text under 10 pt; narrow enough for a notebook column."""

import matplotlib.pyplot as plt
import pytest

from ecogames.core.plots import place_labels, small_texts
from tests.support.figures import FIGURE_SETS, collisions


@pytest.mark.parametrize("name", sorted(FIGURE_SETS))
def test_every_package_figure_is_readable(name):
    count = 0
    for label, fig in FIGURE_SETS[name]():
        count += 1
        assert collisions(fig) == [], label
        assert small_texts(fig) == [], f"{label}: texts under 10 pt"
        # wider than ~9.5 in, a notebook shrinks the picture to its column, and the text too
        assert fig.get_figwidth() <= 9.5, f"{label} is {fig.get_figwidth()} in wide"
        plt.close(fig)
    assert count >= 2


# -- the check finds what it is for -----------------------------------------------------------

def test_collisions_finds_a_text_on_a_text():
    fig, ax = plt.subplots()
    ax.text(0.5, 0.5, "Native Tree")
    ax.text(0.52, 0.5, "Guinea pig")
    assert any("overlaps text" in c for c in collisions(fig))
    plt.close(fig)


def test_collisions_finds_a_label_on_an_arrowhead():
    fig, ax = plt.subplots()
    ax.annotate("", xy=(0.5, 0.5), xytext=(0.1, 0.1), arrowprops={"arrowstyle": "-|>"})
    ax.text(0.5, 0.5, "Fox", ha="center", va="center")
    assert any("covers an arrowhead" in c for c in collisions(fig))
    plt.close(fig)


def test_collisions_finds_a_legend_on_a_line():
    fig, ax = plt.subplots()
    ax.plot([0, 1, 2, 3], [0, 1, 2, 3], label="Native Tree")  # through the middle
    ax.legend(loc="center")
    assert any("covers data" in c for c in collisions(fig))
    plt.close(fig)


def test_place_labels_moves_a_label_off_an_arrowhead():
    fig, ax = plt.subplots()
    arrow = ax.annotate("", xy=(0.7, 0.5), xytext=(0.95, 0.5),
                        arrowprops={"arrowstyle": "-|>", "shrinkB": 15})
    ax.set_xlim(0, 1)
    ax.set_ylim(0, 1)
    texts = place_labels(ax, {"fox": (0.7, 0.5)}, {"fox": "Fox"}, radius=15,
                         avoid=[arrow.arrow_patch])
    assert texts["fox"].get_position() != (0, 0)
    assert collisions(fig) == []
    plt.close(fig)
