"""Checking messages from the browser before anything acts on them.

The browser can send any JSON to a widget; a message that does not match the expected
shape is dropped and logged, never raised into the kernel.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from .events import LOG

MAX_TEXT = 64


def checked(widget: str, content: Any, shapes: Mapping[str, Mapping[str, type]],
            max_text: int = MAX_TEXT) -> dict | None:
    """``content`` if it is ``{"type": T, ...}`` with exactly the fields ``shapes[T]`` names.

    Text fields longer than ``max_text`` are refused. Anything else is logged as forged and
    ``None`` is returned.
    """
    problem = _problem(content, shapes, max_text)
    if problem is None:
        return dict(content)
    LOG.warning("%s ignored a forged message (%s): %.200r", widget, problem, content)
    return None


def _problem(content: Any, shapes: Mapping[str, Mapping[str, type]],
             max_text: int) -> str | None:
    if not isinstance(content, dict):
        return "not an object"
    kind = content.get("type")
    if not isinstance(kind, str) or kind not in shapes:
        return f"unknown type {kind!r}"
    fields = shapes[kind]
    extra = set(content) - set(fields) - {"type"}
    if extra:
        return f"unexpected fields {sorted(extra)}"
    for name, kind_of in fields.items():
        if name not in content:
            return f"missing {name}"
        value = content[name]
        if not isinstance(value, kind_of) or (kind_of is int and isinstance(value, bool)):
            return f"{name} is not {kind_of.__name__}"
        if isinstance(value, str) and len(value) > max_text:
            return f"{name} too long"
    return None
