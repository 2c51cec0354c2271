"""Who a lesson page is for when the class hub serves it: the learner signed in to the hub.

The hub starts each learner's server with ``JUPYTERHUB_USER`` (the hub's name for them),
and its spawner adds the name as the learner typed it (``TRESSETTE_LEARNER``) and the class
code they signed in with (``TRESSETTE_CLASS``), so the lessons sign them in without asking.
"""

from __future__ import annotations

import os
import threading
from collections.abc import Callable, Mapping
from typing import Any

HUB_USER = "JUPYTERHUB_USER"
NAME_VARIABLE = "TRESSETTE_LEARNER"
CLASS_VARIABLE = "TRESSETTE_CLASS"


def hub_learner(env: Mapping[str, str] | None = None) -> tuple[str, str] | None:
    """The name and class code of the hub's learner; None when no hub serves this page."""
    env = os.environ if env is None else env
    user = env.get(HUB_USER, "").strip()
    if not user or served(env):  # the lessons service says who, page by page
        return None
    return env.get(NAME_VARIABLE, "").strip() or user, env.get(CLASS_VARIABLE, "").strip()


# -- the class hub's lessons service (tressette_learn.serve.hub.lessons) -------------------------
SERVICE_VARIABLE = "TRESSETTE_LESSONS_SERVICE"  # set by the service for its kernels
LEARNER_HEADER = "X-Tressette-Learner"  # the learner's id, put in by the service only
LEARNER_ENV = "HTTP_X_TRESSETTE_LEARNER"  # the same, as Voilà hands it to the kernel


def served(env: Mapping[str, str] | None = None) -> bool:
    """Whether the hub's lessons service runs this page: the service, never the browser,
    says who the learner is."""
    return bool((os.environ if env is None else env).get(SERVICE_VARIABLE))


def when_served(then: Callable[[tuple[str, str]], None]) -> None:
    """On the lessons service, call ``then`` with the page's learner (name, class code)
    once the service has said who they are: at once for a kernel started for the page, or,
    for a pre-heated kernel, when the page's request reaches it (waited for in a thread,
    ``then`` run on the kernel's own loop). Nothing for a page with no learner."""
    if not served():
        return
    if os.environ.get("VOILA_PREHEAT") != "True" or LEARNER_ENV in os.environ:
        _call_with_learner(then)
        return
    threading.Thread(target=_after_request, args=(then,), daemon=True).start()


def _after_request(then: Callable[[tuple[str, str]], None]) -> None:
    with _WAITING:
        if "SCRIPT_NAME" not in os.environ:  # the request's info, once per kernel
            os.environ.update(_request_info())
    loop = _kernel_loop()
    if loop is None:
        _call_with_learner(then)
    else:
        loop.add_callback(_call_with_learner, then)


def _request_info() -> dict[str, str]:
    """What Voilà tells a pre-heated kernel about the request that took it (as
    ``voila.utils.wait_for_request``, which the lessons' folder cannot import: its
    ``voila.py`` is Voilà's settings)."""
    import asyncio
    import json

    from tornado.websocket import websocket_connect

    env = os.environ
    url = (f"ws://127.0.0.1:{env.get('VOILA_APP_PORT', '')}"
           f"{env.get('VOILA_WS_BASE_URL', '/')}voila/query/{env.get('VOILA_KERNEL_ID', '')}")

    async def ask() -> str:
        socket = await websocket_connect(url)
        try:
            return str(await socket.read_message() or "{}")
        finally:
            socket.close()

    try:
        info = json.loads(asyncio.new_event_loop().run_until_complete(ask()))
    except Exception:  # noqa: BLE001 - no answer: the page stays unsigned, as for a visitor
        return {}
    return {str(key): str(value) for key, value in info.items()}


_WAITING = threading.Lock()


def _kernel_loop() -> Any:
    try:
        from IPython import get_ipython
    except ImportError:
        return None
    shell = get_ipython()
    kernel = getattr(shell, "kernel", None)
    return getattr(kernel, "io_loop", None)


def _call_with_learner(then: Callable[[tuple[str, str]], None]) -> None:
    learner = served_learner()
    if learner is not None:
        then(learner)


def served_learner(env: Mapping[str, str] | None = None) -> tuple[str, str] | None:
    """The name and class code of the learner the service said this page is for."""
    env = os.environ if env is None else env
    text = env.get(LEARNER_ENV, "").strip()
    if not text.isdigit():
        return None
    from ...store import open_store

    store = open_store()
    try:
        found = [one for one in store.learners() if one.id == int(text)]  # type: ignore[union-attr]
    finally:
        store.close()
    return (found[0].name, found[0].class_code) if found else None
