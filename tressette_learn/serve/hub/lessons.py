"""The class hub's lessons service: one Voilà with pre-heated kernel pools for every learner,
run by the hub as a managed service behind its own login (``python -m
tressette_learn.serve.hub.lessons``).

Learners have no server of their own and run no code: every page and every kernel
websocket of this service needs the hub's cookie (:class:`HubIdentity`, JupyterHub's
OAuth), a kernel belongs to the learner whose page it rendered and no one else may open,
ask about or stop it (:class:`OwnKernels`), and Voilà passes on no ``execute_request``
from a browser (its kernel manager allows comm and kernel-info messages only).

Who a page is for is said by this service, never by the browser: it puts the learner's id
(from their hub name, ``l<id>-<slug>``) into the request header ``X-Tressette-Learner``,
dropping any the browser sent, and Voilà hands the request's headers to the page's kernel
(at once, or to a pre-heated kernel through its request-info socket, which this service
serves on :data:`INTERNAL` only, a path the hub's proxy never forwards). The kernel reads
it in :mod:`tressette_learn.ui.classroom.hub_learner`.

The hub also signs learners in here (``POST /internal/sign-in`` with the key both share):
the class's store is opened by this service alone.
"""

from __future__ import annotations

import asyncio
import concurrent.futures
import contextvars
import hmac
import json
import os
import re
import unicodedata
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from jupyter_server.auth.authorizer import Authorizer
from jupyter_server.utils import url_path_join
from jupyterhub.singleuser.extension import JupyterHubIdentityProvider
from tornado import web
from voila.app import Voila
from voila.request_info_handler import RequestInfoSocketHandler
from voila.shutdown_kernel_handler import VoilaShutdownKernelHandler
from voila.tornado.handler import TornadoVoilaHandler

from ...ui.classroom.hub_learner import LEARNER_HEADER, SERVICE_VARIABLE
from ...ui.settings import LANG_VARIABLE
from ..kernels import send_xsrf_cookie
from ..pools import CLASS_ENV

if TYPE_CHECKING:
    from .config import HubSettings

NAME = "lessons"
LESSONS_USER = "tressette-lessons"  # as root: the service's (and teacher's server's) user
PREFIX = f"/services/{NAME}/"
INTERNAL = "/internal/"  # served to this machine only: the proxy forwards PREFIX alone
KEY_ENV = "TRESSETTE_HUB_SIGNIN_KEY"  # the hub's key for the sign-in endpoint
TEACHER_PAGES = frozenset({"teacher.ipynb"})  # the teacher's server has them, not this one
LEARNER_NAME = re.compile(r"l(\d+)(?:-[a-z0-9-]*)?")
# kept from the kernels: the hub's token, the sign-in key, the service's own hub user
HIDDEN_ENV = ("JUPYTERHUB_API_TOKEN", "JPY_API_TOKEN", KEY_ENV, "JUPYTERHUB_USER")

_page_user: contextvars.ContextVar[str] = contextvars.ContextVar("page_user", default="")


def learner_id(hub_name: str) -> int | None:
    """The learner id a hub name carries (``l17-ada-rossi`` -> 17); None for the teacher."""
    found = LEARNER_NAME.fullmatch(hub_name)
    return int(found.group(1)) if found else None


def hub_name(learner: int, name: str) -> str:
    """The hub's name for learner ``learner`` called ``name``: ``l<id>-<slug>`` (at most
    32 characters; no learner can have the teacher's name)."""
    slug = "-".join(re.sub(r"[^a-z0-9]+", " ", _ascii(name).lower()).split())
    return f"l{learner}-{slug}"[:32].rstrip("-")


def _ascii(text: str) -> str:
    return unicodedata.normalize("NFKD", text).encode("ascii", "ignore").decode()


class KernelOwners:
    """Which hub user each handed-out kernel belongs to."""

    owners: dict[str, str] = {}

    @classmethod
    def give(cls, kernel_id: str, user: str) -> None:
        if user:
            cls.owners[kernel_id] = user

    @classmethod
    def owns(cls, user: str, kernel_id: str | None) -> bool:
        return bool(kernel_id) and cls.owners.get(str(kernel_id)) == user != ""


class HubIdentity(JupyterHubIdentityProvider):  # type: ignore[misc]
    """The hub's OAuth login; the service's own API token is never shown or accepted."""

    def __init__(self, **kwargs: Any) -> None:
        kwargs.pop("token", None)  # Voilà's own token setting: not used behind the hub
        super().__init__(**kwargs)

    @property
    def token(self) -> str:
        return ""

    @property
    def auth_enabled(self) -> bool:
        return True


class OwnKernels(Authorizer):  # type: ignore[misc]
    """A kernel is reached (its websocket, ``/api/kernels/<id>``) by its learner only."""

    def is_authorized(self, handler: Any, user: Any, action: str, resource: str) -> bool:
        if user is None:
            return False
        if resource != "kernels":
            return True
        kernel = getattr(handler, "kernel_id", None) or handler.path_kwargs.get("kernel_id")
        return KernelOwners.owns(user.username, kernel)


class LessonPage(TornadoVoilaHandler):  # type: ignore[misc]
    """A lesson page: says whose it is to the kernel; the teacher's pages are not here."""

    async def get(self, path: str | None = None) -> None:
        if LEARNER_HEADER in self.request.headers:  # the browser cannot say who it is
            del self.request.headers[LEARNER_HEADER]
        user = self.current_user
        if user is not None:
            learner = learner_id(user.username)
            if learner is not None:
                self.request.headers[LEARNER_HEADER] = str(learner)
            _page_user.set(user.username)
        if path and os.path.basename(path) in TEACHER_PAGES:
            raise web.HTTPError(404)
        await super().get(path)


send_xsrf_cookie(LessonPage)  # a page left stops its kernel (the form's _xsrf is checked)


class OwnKernelShutdown(VoilaShutdownKernelHandler):  # type: ignore[misc]
    """A page's ``beforeunload`` stops its own kernel, no one else's."""

    @web.authenticated
    async def post(self, kernel_id: str) -> None:
        if not KernelOwners.owns(self.current_user.username, kernel_id):
            raise web.HTTPError(403)
        await super().post(kernel_id)


class SignInHandler(web.RequestHandler):
    """``POST /internal/sign-in`` from the hub: name, class code and PIN in, the learner
    (``id``, ``name``, ``class_code``) or the refusal (``error``, ``values``) out."""

    key = ""  # shared with the hub, set when the service starts

    def initialize(self, sign_in: Callable[[dict[str, str]], dict[str, Any]]) -> None:
        self.sign_in = sign_in

    def check_xsrf_cookie(self) -> None:
        """The hub proves itself with the key, not a cookie."""

    async def post(self) -> None:
        key = SignInHandler.key
        given = self.request.headers.get("Authorization", "").removeprefix("key ")
        if not key or not hmac.compare_digest(given.encode(), key.encode()):
            raise web.HTTPError(403)
        try:
            data = {k: str(v) for k, v in json.loads(self.request.body or b"{}").items()}
        except (ValueError, AttributeError):
            raise web.HTTPError(400) from None
        loop = asyncio.get_running_loop()
        self.write(await loop.run_in_executor(STORE_THREAD, self.sign_in, data))


STORE_THREAD = concurrent.futures.ThreadPoolExecutor(max_workers=1)  # one store connection


def store_sign_in(data: dict[str, str]) -> dict[str, Any]:
    """Sign a learner in on the class's store (in :data:`STORE_THREAD`)."""
    from ...store import InputError, open_store
    from ...store.identity import Identities

    global _identities
    if _identities is None:
        _identities = Identities(open_store())  # type: ignore[arg-type]
    try:
        learner = _identities.sign_in(data.get("name", ""), data.get("class_code", ""),
                                      data.get("pin", ""))
    except InputError as err:
        return {"error": err.key, "values": dict(err.values)}
    return {"id": learner.id, "name": learner.name, "class_code": learner.class_code}


_identities: Any = None


class LessonsService(Voila):  # type: ignore[misc]
    """Voilà behind the hub's login, with kernels kept to their learners."""

    def initialize(self, argv: list[str] | None = None) -> None:
        # the hub's token and the sign-in key stay with the service: out of the environment
        # before any kernel starts (the pools fill from here), kept in its own settings
        hidden = {name: os.environ.pop(name, "") for name in HIDDEN_ENV}
        SignInHandler.key = hidden[KEY_ENV]
        os.environ[SERVICE_VARIABLE] = "1"
        os.environ["VOILA_WS_BASE_URL"] = INTERNAL  # pre-heated kernels ask who, here
        self.identity_provider_class = HubIdentity
        self.authorizer_class = OwnKernels
        super().initialize(argv)
        self.config.HubOAuth.api_token = hidden["JUPYTERHUB_API_TOKEN"] or hidden["JPY_API_TOKEN"]
        self.voila_configuration.http_header_envs = [LEARNER_HEADER]
        self.voila_configuration.progressive_rendering = False

    def init_settings(self) -> dict[str, Any]:
        settings = super().init_settings()
        _track_owners(self.kernel_manager)
        return settings

    def init_handlers(self) -> list[Any]:
        replaced = {TornadoVoilaHandler: LessonPage,
                    VoilaShutdownKernelHandler: OwnKernelShutdown}
        handlers = []
        for pattern, handler, *rest in super().init_handlers():
            if handler is RequestInfoSocketHandler:
                pattern = pattern.replace(self.server_url, INTERNAL, 1)
            elif not pattern.startswith(self.server_url):  # the OAuth callback, logout
                pattern = url_path_join(self.server_url, pattern)
            handlers.append((pattern, replaced.get(handler, handler), *rest))
        handlers.append((f"{INTERNAL}sign-in", SignInHandler, {"sign_in": store_sign_in}))
        return handlers


def _track_owners(manager: Any) -> None:
    """Record who each kernel is handed to: a pre-heated one by the page that takes it,
    one started for a page (pools empty) with that page's request."""
    take, start = manager.get_rendered_notebook, manager.start_kernel

    async def get_rendered_notebook(*args: Any, **kwargs: Any) -> Any:
        task, cache, kernel_id = await take(*args, **kwargs)
        KernelOwners.give(kernel_id, _page_user.get())
        return task, cache, kernel_id

    async def start_kernel(*args: Any, **kwargs: Any) -> str:
        kernel_id = str(await start(*args, **kwargs))
        if (kwargs.get("env") or {}).get("VOILA_PREHEAT") == "False":  # for a page, now
            KernelOwners.give(kernel_id, _page_user.get())
        return kernel_id

    if hasattr(manager, "get_rendered_notebook"):
        manager.get_rendered_notebook = get_rendered_notebook
    manager.start_kernel = start_kernel


def service_spec(settings: HubSettings, key: str) -> dict[str, Any]:
    """The JupyterHub-managed service (with the hub's OAuth) that serves every lesson."""
    notebooks, port = settings.server_root / "notebooks", settings.lessons_port
    env = {"TRESSETTE_DB": settings.progress_url, KEY_ENV: key, LANG_VARIABLE: settings.language,
           CLASS_ENV: str(settings.class_size), "HOME": str(settings.lessons_home)}
    if settings.app_dir:
        env["PYTHONPATH"] = settings.app_dir
    command = [str(settings.server_bin / "python"), "-m", __name__, str(notebooks),
               f"--port={port}", "--no-browser", "--Voila.ip=127.0.0.1",
               "--Voila.port_retries=0", f"--Voila.base_url={PREFIX}",
               f"--Voila.config_file_paths={notebooks}"]
    return {"name": NAME, "url": f"http://127.0.0.1:{port}", "command": command,
            "cwd": str(settings.lessons_home), "environment": env, "oauth_no_confirm": True,
            "user": LESSONS_USER if os.geteuid() == 0 else ""}


main = LessonsService.launch_instance

if __name__ == "__main__":
    main()
