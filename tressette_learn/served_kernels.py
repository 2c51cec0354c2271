"""The kernel manager Voilà builds its pre-heated pools on (``notebooks/voila.json``).

Voilà never culls a kernel while it waits in a pool, but once it hands one to a page the
culler judges it by its last activity, which dates from when it was pre-heated. A culler run
between the hand-out and the browser's connection then shuts it down and the page never
shows its widgets (seen in the learner walk: "Culling 'idle' kernel ... due to 475 seconds of
inactivity" right after "Using pre-heated kernel"). Here a kernel that has never had a
connection is idle only from the first time the culler sees it outside a pool, so it is
still culled if its page never connects, but never in the moment it is handed out.
"""

from __future__ import annotations

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
