"""Small JSON patches: what changed between two views, so a cascade's step-by-step views
cost bytes in proportion to what each step changed, not to the size of the board.

A patch is a list of operations: ``[path, value]`` sets the value at ``path`` (a list of
object keys), ``[path]`` deletes it. Only objects are entered; a changed list or scalar is
replaced whole. ``js/src/kit/patch.ts`` applies the same format in the browser.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

Op = list[Any]


def diff(old: Any, new: Any, path: tuple[str, ...] = ()) -> list[Op]:
    """The operations that turn ``old`` into ``new``."""
    if isinstance(old, dict) and isinstance(new, dict):
        ops: list[Op] = []
        ops.extend([[*path, key]] for key in old if key not in new)
        for key, value in new.items():
            if key not in old:
                ops.append([[*path, key], value])
            elif old[key] != value:
                ops.extend(diff(old[key], value, (*path, key)))
        return ops
    return [] if old == new else [[list(path), new]]


def apply_patch(doc: Any, ops: Sequence[Op]) -> Any:
    """A copy of ``doc`` with the operations applied (``doc`` itself is not changed)."""
    for op in ops:
        path = op[0]
        if not path:
            doc = op[1]
            continue
        doc = dict(doc)
        node = doc
        for key in path[:-1]:
            node[key] = dict(node[key])
            node = node[key]
        if len(op) == 1:
            node.pop(path[-1], None)
        else:
            node[path[-1]] = op[1]
    return doc


def split(view: dict[str, Any],
          paths: Sequence[Sequence[str]]) -> tuple[dict[str, Any], dict[str, Any]]:
    """``(static, dynamic)``: the parts of ``view`` at ``paths`` and the rest.
    ``merge(static, dynamic)`` gives ``view`` back."""
    static: dict[str, Any] = {}
    dynamic = view
    for path in paths:
        node: Any = view
        for key in path:
            node = node[key]
        static = apply_patch(static, [*_ensure(static, path[:-1]), [list(path), node]])
        dynamic = apply_patch(dynamic, [[list(path)]])
    return static, dynamic


def merge(static: Any, dynamic: Any) -> Any:
    """Deep-merge two objects (``dynamic`` wins where both hold a non-object)."""
    if isinstance(static, dict) and isinstance(dynamic, dict):
        out = dict(static)
        for key, value in dynamic.items():
            out[key] = merge(static[key], value) if key in static else value
        return out
    return dynamic


def _ensure(doc: dict[str, Any], path: Sequence[str]) -> list[Op]:
    ops: list[Op] = []
    node: Any = doc
    for i, key in enumerate(path):
        if not isinstance(node, dict) or key not in node:
            ops.append([list(path[: i + 1]), {}])
            node = {}
        else:
            node = node[key]
    return ops
