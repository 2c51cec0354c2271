"""JSON's null between the widgets and the page on the static site (docs/lite.md).

The static site's kernel (jupyterlite-pyodide-kernel 0.7) turns comm messages into
JavaScript with Pyodide's defaults: Python's ``None`` reaches the page as ``undefined``, and
the page's ``null`` arrives as ``pyodide.ffi.jsnull``. So a widget trait set back to
``None`` never reached the page (``layout.display = None`` left the scoreboard's chart hidden:
ipywidgets removes a style only for ``null``), and a ``null`` from the page was no ``None``.
:func:`install` (a no-op outside the browser) makes the kernel's comms send ``None`` as
``null`` and hand ``null`` to the widgets as ``None``, as a served kernel does.
"""

from __future__ import annotations

import functools
import sys
from collections.abc import Callable
from typing import Any

from ..runtime import IN_BROWSER

PATCHED = "_tressette_nulls"  # set on the classes once patched


def replace_nulls(value: Any, old: object, new: object) -> Any:
    """``value`` with every ``old`` (by identity) in its dicts, lists and tuples ``new``."""
    if value is old:
        return new
    if isinstance(value, dict):
        return {key: replace_nulls(item, old, new) for key, item in value.items()}
    if isinstance(value, list | tuple):
        return type(value)(replace_nulls(item, old, new) for item in value)
    return value


def patch(comm_class: type, manager_class: type, null: object) -> None:
    """Make ``comm_class.publish_msg`` send ``None`` in its data as ``null``, and
    ``manager_class``'s ``comm_open``/``comm_msg`` receive ``null`` as ``None``."""
    if comm_class.__dict__.get(PATCHED) and manager_class.__dict__.get(PATCHED):
        return
    publish = comm_class.publish_msg  # type: ignore[attr-defined]

    @functools.wraps(publish)
    def publish_msg(self: Any, msg_type: str, data: Any = None, *args: Any, **keys: Any
                    ) -> Any:
        if data is not None:
            data = replace_nulls(data, None, null)
        return publish(self, msg_type, data, *args, **keys)

    def receiving(method: Callable[..., Any]) -> Callable[..., Any]:
        @functools.wraps(method)
        def receive(self: Any, stream: Any, ident: Any, msg: Any) -> Any:
            return method(self, stream, ident, replace_nulls(msg, null, None))
        return receive

    comm_class.publish_msg = publish_msg  # type: ignore[attr-defined]
    manager_class.comm_open = receiving(manager_class.comm_open)  # type: ignore[attr-defined]
    manager_class.comm_msg = receiving(manager_class.comm_msg)  # type: ignore[attr-defined]
    setattr(comm_class, PATCHED, True)
    setattr(manager_class, PATCHED, True)


def install() -> None:
    """Patch the static site's kernel (see the module's text); elsewhere nothing."""
    kernel = sys.modules.get("pyodide_kernel.comm")  # imported as the kernel starts
    if not IN_BROWSER or kernel is None:  # Pyodide with no kernel (scripts/lite_cells.mjs)
        return
    from comm.base_comm import CommManager
    from pyodide.ffi import jsnull  # type: ignore[import-not-found]

    patch(kernel.Comm, CommManager, jsnull)
