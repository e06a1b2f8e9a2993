"""What a Jupyter server of this environment does to a notebook as it saves it.

A widget lives in the running kernel: the notebook file keeps only a pointer to it
(``application/vnd.jupyter.widget-view+json``). Reopened without that kernel, JupyterLab
shows "Error displaying widget: model not found" and logs a console error. So a widget view
whose model the notebook does not store is saved as one line that says what to do instead.
The page open in the browser keeps its live widgets: only the file changes.

``etc/jupyter/jupyter_server_config.json`` installs :func:`replace_widget_views`
as the server's ``ContentsManager.pre_save_hook`` (``make install`` and Binder's
``postBuild`` link it into the environment).
"""

from __future__ import annotations

from typing import Any

WIDGET_VIEW = "application/vnd.jupyter.widget-view+json"
WIDGET_STATE = "application/vnd.jupyter.widget-state+json"
RUN_TO_PLAY = ("Run this cell to play: the board lives in the running notebook and is not "
               "saved with it.")
"""The line a saved widget view becomes (as plain text and as Markdown)."""


def replace_widget_views(model: dict[str, Any], **_: Any) -> None:
    """Jupyter's pre-save hook: in a notebook ``model`` (the contents API's), replace each
    widget view whose model the notebook's metadata does not store by :data:`RUN_TO_PLAY`.
    Anything that is not a notebook is left as it is."""
    if model.get("type") != "notebook" or not isinstance(model.get("content"), dict):
        return
    notebook = model["content"]
    stored = _stored_models(notebook.get("metadata") or {})
    for cell in notebook.get("cells") or []:
        outputs = cell.get("outputs") if isinstance(cell, dict) else None
        if isinstance(outputs, list):
            cell["outputs"] = [_saved_output(out, stored) for out in outputs]


def _stored_models(metadata: dict[str, Any]) -> set[str]:
    state = (metadata.get("widgets") or {}).get(WIDGET_STATE) or {}
    return set((state.get("state") or {}) if isinstance(state, dict) else ())


def _saved_output(output: Any, stored: set[str]) -> Any:
    data = output.get("data") if isinstance(output, dict) else None
    view = data.get(WIDGET_VIEW) if isinstance(data, dict) else None
    if not isinstance(view, dict) or view.get("model_id") in stored:
        return output
    return {"output_type": "display_data", "metadata": {},
            "data": {"text/plain": RUN_TO_PLAY, "text/markdown": f"▶ *{RUN_TO_PLAY}*"}}
