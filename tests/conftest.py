"""Shared test set-up: no windows, no network."""

import os

os.environ.setdefault("MPLBACKEND", "Agg")
