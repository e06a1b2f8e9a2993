"""A game's set-up options, declared once: what ``new_game(**options)`` takes, with its legal
values, for the forms that build a game (the widget's new-game form, the experiment widget)
and for the checks made before a sweep runs.

>>> Option("difficulty", "Difficulty", "basic", choices=("basic", "medium", "expert")).values()
('basic', 'medium', 'expert')
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any


@dataclass(frozen=True)
class Option:
    """One set-up option: a menu of ``choices``, or a whole number from ``low`` to ``high``."""

    name: str
    """The keyword of ``new_game``."""
    label: str
    """For people: "Offspring to win"."""
    default: Any
    choices: tuple[Any, ...] = ()
    low: int | None = None
    high: int | None = None
    help: str = ""
    """One sentence: what the option changes, in the rulebook's words where it has them."""
    in_forms: bool = True
    """False for an option a form cannot offer well (a list of cards chosen by hand)."""
    choice_labels: tuple[str, ...] = ()
    """The choices in words, where they differ from the values."""
    counts_seats: bool = False
    """The value is a seat (from 0): forms show it counted from 1, as seats are ("Player 1")."""

    def __post_init__(self) -> None:
        ranged = self.low is not None and self.high is not None
        if bool(self.choices) == ranged:
            raise ValueError(f"option {self.name!r}: give either choices or low and high")
        if self.choice_labels and len(self.choice_labels) != len(self.choices):
            raise ValueError(f"option {self.name!r}: one label per choice")
        if self.in_forms:
            self.check(self.default)

    def values(self) -> tuple[Any, ...]:
        """Every legal value, in order."""
        if self.choices:
            return self.choices
        assert self.low is not None and self.high is not None
        return tuple(range(self.low, self.high + 1))

    def check(self, value: Any) -> None:
        """Raise ValueError, saying what is legal, unless ``value`` is one of the values."""
        legal = self.values()
        if not any(type(value) is type(v) and value == v for v in legal):
            shown = (f"from {self.low} to {self.high}" if not self.choices
                     else "one of " + ", ".join(map(repr, legal)))
            raise ValueError(f"{self.label} ({self.name}) must be {shown}, not {value!r:.40}")

    def to_json(self) -> dict[str, Any]:
        data: dict[str, Any] = {"name": self.name, "label": self.label,
                                "default": self.default, "help": self.help}
        if self.choices:
            labels = self.choice_labels or tuple(str(c) for c in self.choices)
            data["choices"] = [{"value": v, "label": label}
                               for v, label in zip(self.choices, labels)]
        else:
            data["low"], data["high"] = self.low, self.high
        if self.counts_seats:
            data["counts_seats"] = True
        return data
