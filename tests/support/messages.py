"""How the widget tests talk to a widget: as the browser does, through ipywidgets' dispatch."""

from __future__ import annotations

import json
from typing import Any


def send(widget: Any, content: Any) -> None:
    """Through ipywidgets' own dispatch, exactly as a browser's message arrives."""
    widget._handle_msg({"content": {"data": {"method": "custom", "content": content}},
                        "buffers": []})


def snapshot(widget: Any) -> tuple[str, str]:
    """Everything the browser and the engine hold, except the error being tested."""
    traits = widget.traits_json()
    traits.pop("error")
    return json.dumps(traits, sort_keys=True), widget.game.to_json()


def legal_id(widget: Any, **fields: Any) -> int:
    """The id of the legal action (as the browser sees it) whose fields match ``fields``."""
    for entry in widget.legal_entries():
        if all(entry["action"].get(k) == v for k, v in fields.items()):
            return entry["id"]
    raise AssertionError(f"no legal action with {fields}")


def update(widget: Any, state: Any) -> None:
    """A front end's 'update' message (what a browser sends when its code sets a trait),
    through ipywidgets' own dispatch."""
    widget._handle_msg({"content": {"data": {"method": "update", "state": state,
                                             "buffer_paths": []}}, "buffers": []})
