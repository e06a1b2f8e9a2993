"""A notebook saved by a Jupyter server of this environment keeps no widget view it cannot
show again: the pre-save hook (etc/jupyter/jupyter_server_config.json) writes "run this cell
to play" instead, so a reopened lesson shows no "model not found" error."""

from __future__ import annotations

import json
from pathlib import Path

from ecogames.notebook_saving import RUN_TO_PLAY, WIDGET_STATE, WIDGET_VIEW, replace_widget_views

REPO = Path(__file__).resolve().parents[2]


def view(model_id: str) -> dict:
    return {"output_type": "execute_result", "execution_count": 1, "metadata": {},
            "data": {"text/plain": "Widget(...)",
                     WIDGET_VIEW: {"model_id": model_id, "version_major": 2}}}


def notebook(*outputs: dict, stored: tuple[str, ...] = ()) -> dict:
    metadata = {"widgets": {WIDGET_STATE: {"state": {m: {} for m in stored}}}} if stored else {}
    return {"type": "notebook", "content": {
        "metadata": metadata, "nbformat": 4, "nbformat_minor": 5,
        "cells": [{"cell_type": "markdown", "source": "# title", "metadata": {}},
                  {"cell_type": "code", "source": "w", "metadata": {},
                   "outputs": list(outputs), "execution_count": 1}]}}


def test_a_widget_view_is_saved_as_run_this_cell_to_play():
    printed = {"output_type": "stream", "name": "stdout", "text": "hello\n"}
    model = notebook(printed, view("abc"))
    replace_widget_views(model, path="lesson.ipynb", contents_manager=None)
    outputs = model["content"]["cells"][1]["outputs"]
    assert outputs[0] == printed
    assert outputs[1]["output_type"] == "display_data"
    assert outputs[1]["data"]["text/plain"] == RUN_TO_PLAY
    assert not any(WIDGET_VIEW in out.get("data", {}) for out in outputs)


def test_a_view_whose_state_the_notebook_stores_is_kept():
    model = notebook(view("abc"), view("def"), stored=("abc",))
    replace_widget_views(model)
    kept, replaced = model["content"]["cells"][1]["outputs"]
    assert kept == view("abc")
    assert replaced["data"]["text/plain"] == RUN_TO_PLAY


def test_anything_but_a_notebook_is_left_alone():
    for model in [{"type": "file", "content": "text"}, {"type": "notebook", "content": None},
                  {"type": "notebook", "content": {"cells": [{"outputs": "odd"}, "odd"]}}]:
        before = json.dumps(model)
        replace_widget_views(model)
        assert json.dumps(model) == before


def test_every_jupyter_server_of_this_environment_runs_the_hook():
    config = json.loads((REPO / "etc/jupyter/jupyter_server_config.json").read_text())
    assert config["ContentsManager"]["pre_save_hook"] == (
        f"{replace_widget_views.__module__}.{replace_widget_views.__name__}")
    assert config["VoilaConfiguration"]["resources"]["ecogames"]["jupyter_server"] is True
