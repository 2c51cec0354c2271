"""The kernel manager Voilà builds its pre-heated pools on (``notebooks/voila.json``), and
the rule by which a page takes a pooled kernel (:func:`install`, from ``notebooks/voila.py``).

**A page takes a kernel that is ready, never one that waits for its refill.** Voilà puts a
pooled kernel's refill into the pool the moment a page takes a kernel, as a task that waits
``fill_delay`` seconds (120 for a class) and then starts a kernel, and the next page takes the
pool's oldest task, whatever its state. Once a class had taken the index's four pre-heated
kernels, the next four learners each took a refill and waited for its delay: 110 s, while
the learners after them (the pool empty) got a kernel started for them in about 2 s. Here a
page takes the first kernel that is ready, else one already starting (the first fill),
else none: then it starts its own kernel at once, as a page without a pool does.

Voilà never culls a kernel while it waits in a pool, but once it hands one to a page the
culler judges it by its last activity, which dates from when it was pre-heated. A culler run
between the hand-out and the browser's connection then shuts it down and the page never
shows its widgets (seen in the learner walk: "Culling 'idle' kernel ... due to 475 seconds of
inactivity" right after "Using pre-heated kernel"). Here a kernel that has never had a
connection is idle only from the first time the culler sees it outside a pool, so it is
still culled if its page never connects, but never in the moment it is handed out.
"""

from __future__ import annotations

import asyncio
import inspect
import weakref
from collections.abc import Callable, MutableMapping
from datetime import datetime, timezone
from typing import Any

from jupyter_server.services.kernels.kernelmanager import AsyncMappingKernelManager


class HandedOutKernels(AsyncMappingKernelManager):  # type: ignore[misc]
    """Kernels culled when idle, counting a never-connected kernel's idleness from when
    it left its pool."""

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self._connected: set[str] = set()
        self._out_since: dict[str, datetime] = {}

    def notify_connect(self, kernel_id: str) -> None:
        """Remember that a page connected to the kernel."""
        self._connected.add(kernel_id)
        super().notify_connect(kernel_id)

    async def cull_kernel_if_idle(self, kernel_id: str) -> None:
        """Voilà calls this only for kernels outside its pools: a never-connected kernel's
        idleness starts now, at the latest."""
        kernel = self._kernels.get(kernel_id)
        if kernel is not None and kernel_id not in self._connected \
                and hasattr(kernel, "last_activity"):
            since = self._out_since.setdefault(kernel_id, datetime.now(timezone.utc))
            kernel.last_activity = max(kernel.last_activity, since)
        await super().cull_kernel_if_idle(kernel_id)
        if kernel_id not in self._kernels:  # culled: forget it
            self._connected.discard(kernel_id)
            self._out_since.pop(kernel_id, None)


Pool = list["asyncio.Future[Any]"]  # Voilà's pool of a page: kernels pre-heating or ready


def put_ready_first(pool: Pool, due: MutableMapping[Any, float], now: float) -> int:
    """Order ``pool`` in place for Voilà, which hands out its first entry: the kernels that
    are ready, then those starting (``due``: when each entry's wait for its refill ends;
    ``now`` on the same clock), then those still waiting. Failed starts are dropped (the
    pool's next refill replaces them). Returns how many can be handed out without a wait
    for a refill."""
    ready = [task for task in pool if task.done() and not task.cancelled()
             and task.exception() is None]
    starting = [task for task in pool if not task.done() and due.get(task, now) <= now]
    waiting = [task for task in pool if not task.done() and due.get(task, now) > now]
    pool[:] = ready + starting + waiting
    return len(ready) + len(starting)


def ready_first(voila_class: type) -> type:
    """Voilà's pooling kernel manager, telling its page handler only of the kernels that a
    page may take without waiting for a refill (:func:`put_ready_first`)."""

    class ReadyFirstPools(voila_class):  # type: ignore[misc, valid-type]
        def __init__(self, **kwargs: Any) -> None:
            self._due: MutableMapping[Any, float] = weakref.WeakKeyDictionary()
            super().__init__(**kwargs)

        def fill_if_needed(self, delay: float | None = None, notebook_name: str | None = None,
                           **kwargs: Any) -> None:
            """Voilà's refill, remembering when each new entry starts its kernel; a page's
            own ``fill_delay`` in ``kernel_pools_config`` (:mod:`.pools`) overrides the
            pools' one."""
            if delay is None:
                page = self.kernel_pools_config.get(notebook_name) or {}
                delay = float(page.get("fill_delay", self.fill_delay) or 0.0)
            before = set(map(id, self._pools.get(notebook_name, ())))
            super().fill_if_needed(delay, notebook_name, **kwargs)
            starts = asyncio.get_event_loop().time() + delay
            for task in self._pools.get(notebook_name, ()):
                if id(task) not in before:
                    self._due[task] = starts

        def get_pool_size(self, notebook_name: str) -> int:
            """The kernels of the page's pool that a page may take now (Voilà's handler
            then takes the first)."""
            pool = self._pools.get(notebook_name)
            if not pool:
                return 0
            return put_ready_first(pool, self._due, asyncio.get_event_loop().time())

    return ReadyFirstPools


def send_xsrf_cookie(page_class: type) -> None:
    """Make ``page_class`` (a Voilà page handler) set the ``_xsrf`` cookie. Leaving a page,
    Voilà's script asks the server to shut the page's kernel down and sends the cookie's
    value back as the form's ``_xsrf``; the page never set the cookie, so the server
    refused (403) and every page left kept its kernel until the culler came, 15 minutes
    later (38 kernels after one learner's walk through the course)."""
    if getattr(page_class, "sends_xsrf_cookie", False):
        return
    prepare = page_class.prepare  # type: ignore[attr-defined]

    async def prepare_with_cookie(self: Any, *args: Any, **kwargs: Any) -> Any:
        result = prepare(self, *args, **kwargs)
        if inspect.isawaitable(result):
            result = await result
        _ = self.xsrf_token  # Tornado sets the cookie the first time the token is read
        return result

    page_class.prepare = prepare_with_cookie  # type: ignore[attr-defined]
    page_class.sends_xsrf_cookie = True  # type: ignore[attr-defined]


def install() -> None:
    """Make Voilà build its pooling kernel manager as :func:`ready_first` of it (Voilà has
    no setting for the class it derives from ``multi_kernel_manager_class``), and its pages
    set the cookie that lets a page left stop its kernel (:func:`send_xsrf_cookie`)."""
    import voila.app
    import voila.handler

    send_xsrf_cookie(voila.handler.VoilaHandler)

    made: Callable[..., type] = voila.app.voila_kernel_manager_factory
    if getattr(made, "ready_first", False):
        return

    def factory(*args: Any, **kwargs: Any) -> type:
        built = made(*args, **kwargs)
        return ready_first(built) if hasattr(built, "fill_if_needed") else built

    factory.ready_first = True  # type: ignore[attr-defined]
    voila.app.voila_kernel_manager_factory = factory
