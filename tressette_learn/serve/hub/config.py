"""The class hub's settings and the JupyterHub configuration made from them.

``tressette-learn hub`` writes ``hub.json`` (the settings, no secret in it) and a
``jupyterhub_config.py`` that applies them (:func:`apply`) into its state folder, and runs
JupyterHub there. The teacher key reaches the hub through its environment only and is
handed to the teacher's own server, never to a learner's.
"""

from __future__ import annotations

import dataclasses
import json
import os
import secrets
import sys
from pathlib import Path
from typing import Any

from ...ai.solve import ADDRESS_ENV
from ...ai.solve import KEY_ENV as KEY_ENV_SOLVER
from ...teaching.course import by_role
from ...ui.classroom.teacher import KEY_VARIABLE
from ...ui.settings import LANG_VARIABLE
from ..server import notebooks_dir
from .lessons import NAME, PREFIX

CONFIG_NAME = "jupyterhub_config.py"
SETTINGS_NAME = "hub.json"
PROXY_WAIT_S = 900  # longest a request through the proxy may wait for its answer
LEARNER_SCOPES = [f"access:services!service={NAME}",  # and who they are, for its login:
                  "read:users:name!user", "read:users:groups!user"]
CULLER_SCOPES = ["list:users", "read:users:activity", "read:servers", "delete:servers"]


@dataclasses.dataclass(frozen=True)
class HubSettings:
    """What a class hub is started with (ports on 127.0.0.1 but the public one)."""

    state_dir: str
    class_codes: tuple[str, ...]
    port: int
    hub_port: int
    proxy_api_port: int
    ip: str = "127.0.0.1"
    language: str = "en"
    db_url: str = ""  # empty: a SQLite file in the state folder
    cull_timeout: int = 3600  # seconds without activity before a learner's server stops
    cull_every: int = 60  # seconds between the culler's checks
    activity_every: int = 300  # seconds between the servers' (and proxy's) activity reports
    start_timeout: int = 180  # a learner's server on a busy 2-core machine
    runtime: str = ""  # the learners' virtual environment ("": the hub's own Python)
    app_dir: str = ""  # the copy of the lessons they run ("": this package where it is)
    node_proxy: str = ""  # the Node proxy's command ("": the Python port, from the hub extra)
    lessons_port: int = 0  # the lessons service's (0: picked when the hub starts)
    class_size: int = 30  # learners the lessons service pre-heats play pages for

    def to_json(self) -> str:
        return json.dumps(dataclasses.asdict(self), indent=2)

    @classmethod
    def from_json(cls, text: str) -> HubSettings:
        values = json.loads(text)
        values["class_codes"] = tuple(values["class_codes"])
        return cls(**values)

    @property
    def state(self) -> Path:
        return Path(self.state_dir)

    @property
    def private(self) -> Path:
        """The hub's own files (its database, cookie secret, configuration): root's only."""
        return self.state / "hub"

    @property
    def server_bin(self) -> Path:
        """Where the learners' servers' commands are (``jupyterhub-singleuser``)."""
        return Path(self.runtime) / "bin" if self.runtime else Path(sys.executable).parent

    @property
    def server_root(self) -> Path:
        """The folder each learner's server starts in (``notebooks/`` is inside)."""
        return Path(self.app_dir) if self.app_dir else lessons_root()

    @property
    def solver_dir(self) -> Path:
        """The solver service's socket (and its compiled core's cache)."""
        return self.state / "solver"

    @property
    def lessons_home(self) -> Path:
        """The home of the lessons service's user (and of the teacher's server)."""
        return self.state / "lessons"

    @property
    def progress_url(self) -> str:
        """The class's one progress database."""
        return self.db_url or f"sqlite:///{self.state / 'progress' / 'progress.sqlite'}"


def lessons_root() -> Path:
    """The folder each learner's server starts in: the notebooks are its ``notebooks/``."""
    return notebooks_dir().parent


def index_url() -> str:
    """The path (under a learner's server) of the Voilà index."""
    return f"/voila/render/{notebooks_dir().name}/{by_role('index').notebook}"


def server_settings_file(root: Path | None = None) -> Path | None:
    """Voilà's settings as a server extension (``binder/jupyter_server_config.json``: try-it
    cells removed, tracebacks hidden, idle kernels culled), in a checkout (or ``root``)."""
    path = (root or lessons_root()) / "binder" / "jupyter_server_config.json"
    return path if path.is_file() else None


def write_config(settings: HubSettings) -> Path:
    """Write ``hub.json`` and ``jupyterhub_config.py`` into the hub's private folder; the
    latter."""
    settings.private.mkdir(mode=0o700, parents=True, exist_ok=True)
    (settings.private / SETTINGS_NAME).write_text(settings.to_json(), encoding="utf-8")
    path = settings.private / CONFIG_NAME
    path.write_text(
        "# Made by `tressette-learn hub` at each start (edits are overwritten).\n"
        "from pathlib import Path\n\n"
        "from tressette_learn.serve.hub.config import HubSettings, apply\n\n"
        f"apply(c, HubSettings.from_json(Path(__file__).with_name({SETTINGS_NAME!r})"
        ".read_text()))  # noqa: F821 - JupyterHub defines c\n", encoding="utf-8")
    return path


def crypt_key(settings: HubSettings) -> str:
    """The key JupyterHub encrypts auth states with (``JUPYTERHUB_CRYPT_KEY``), made once
    and kept in the hub's private folder, so a restarted hub still reads them."""
    path = settings.private / "crypt_key"
    if not path.is_file():
        settings.private.mkdir(mode=0o700, parents=True, exist_ok=True)
        path.touch(mode=0o600)
        path.write_text(secrets.token_hex(32), encoding="utf-8")
    return path.read_text(encoding="utf-8").strip()


def apply(c: Any, settings: HubSettings) -> None:
    """Configure JupyterHub (``c``, its config object) for the class."""
    _hub(c, settings)
    _proxy(c, settings)
    _login(c, settings)
    _servers(c, settings)
    _culler(c, settings)
    _solver(c, settings)
    _lessons(c, settings)


def _hub(c: Any, settings: HubSettings) -> None:
    state = settings.private
    c.JupyterHub.bind_url = f"http://{settings.ip}:{settings.port}/"
    c.JupyterHub.hub_ip = "127.0.0.1"
    c.JupyterHub.hub_port = settings.hub_port
    c.JupyterHub.db_url = f"sqlite:///{state / 'jupyterhub.sqlite'}"
    c.JupyterHub.cookie_secret_file = str(state / "jupyterhub_cookie_secret")
    c.JupyterHub.cleanup_servers = True  # stopping the hub stops every learner's server
    c.JupyterHub.last_activity_interval = settings.activity_every


def _proxy(c: Any, settings: HubSettings) -> None:
    c.ConfigurableHTTPProxy.api_url = f"http://127.0.0.1:{settings.proxy_api_port}"
    # The Python port answers a request only once it has the whole response, and gives up
    # after 20 s by default: a spawn's progress stream, or a lesson page still executing,
    # would then end in a 503 and leave the learner on the "starting" page.
    python_port = [str(_script("configurable-http-proxy")),
                   f"--proxy-timeout={PROXY_WAIT_S * 1000}"]
    c.ConfigurableHTTPProxy.command = [settings.node_proxy] if settings.node_proxy else python_port
    c.ConfigurableHTTPProxy.pid_file = str(settings.private / "proxy.pid")


LOGIN_TEXTS = ("sign_in", "login_help", "name", "code", "pin", "insecure")  # the form's hub.*


def _login(c: Any, settings: HubSettings) -> None:
    from ...i18n import t
    from .auth import ClassCodeAuthenticator

    lang = settings.language
    c.JupyterHub.authenticator_class = ClassCodeAuthenticator
    c.ClassCodeAuthenticator.class_codes = list(settings.class_codes)
    c.ClassCodeAuthenticator.language = lang
    c.JupyterHub.template_paths = [str(Path(__file__).with_name("templates"))]
    c.JupyterHub.template_vars = {f"tressette_{key}": t(f"hub.{key}", lang) for key in LOGIN_TEXTS}


def _servers(c: Any, settings: HubSettings) -> None:
    """The teacher's own Jupyter Server (JupyterLab and the dashboard); learners have
    none (their role cannot start one, and the spawner refuses them too)."""
    from .spawner import TeacherSpawner

    c.JupyterHub.spawner_class = TeacherSpawner
    c.TeacherSpawner.home = str(settings.lessons_home)
    c.Spawner.cmd = [str(settings.server_bin / "jupyterhub-singleuser")]
    c.Spawner.notebook_dir = str(settings.server_root)
    c.Spawner.default_url = f"/voila/render/{notebooks_dir().name}/teacher.ipynb"
    extra = server_settings_file(settings.server_root)
    c.Spawner.args = [f"--config={extra}"] if extra else []
    c.Spawner.start_timeout = c.Spawner.http_timeout = settings.start_timeout
    c.Spawner.environment = {"TRESSETTE_DB": settings.progress_url,
                             KEY_VARIABLE: _teacher_key_for_admins,
                             "JUPYTERHUB_ACTIVITY_INTERVAL": str(settings.activity_every),
                             LANG_VARIABLE: settings.language}
    if settings.app_dir:
        c.Spawner.environment["PYTHONPATH"] = settings.app_dir
    # learners may reach the lessons service and nothing else: no server, no token
    c.JupyterHub.load_roles = [{"name": "user", "scopes": LEARNER_SCOPES}]
    c.JupyterHub.default_url = _landing


def _landing(handler: Any) -> str:
    """Where a signed-in user lands: a learner on the lessons' index, the teacher on
    their own server ("": JupyterHub's default)."""
    user = getattr(handler, "_jupyterhub_user", None)
    return ("" if user is not None and user.admin
            else f"{PREFIX}voila/render/{by_role('index').notebook}")


def _teacher_key_for_admins(spawner: Any) -> str:
    """The teacher key, in the teacher's server only."""
    return os.environ.get(KEY_VARIABLE, "") if spawner.user.admin else ""


def _culler(c: Any, settings: HubSettings) -> None:
    c.JupyterHub.services = [{
        "name": "idle-culler",
        "command": [sys.executable, "-m", "jupyterhub_idle_culler",
                    f"--timeout={settings.cull_timeout}",
                    f"--cull-every={settings.cull_every}"],
    }]
    c.JupyterHub.load_roles.append({"name": "idle-culler", "scopes": CULLER_SCOPES,
                                    "services": ["idle-culler"]})


def _solver(c: Any, settings: HubSettings) -> None:
    """One solver service for the class; every server's kernels ask it."""
    from ...ai.solve import ADDRESS_ENV, KEY_ENV
    from .solver import service_spec

    spec = service_spec(settings.solver_dir, settings.server_bin / "python", settings.app_dir,
                        secrets.token_hex(32))
    c.JupyterHub.services.append(spec)
    c.Spawner.environment.update({name: spec["environment"][name]
                                  for name in (ADDRESS_ENV, KEY_ENV)})


def _lessons(c: Any, settings: HubSettings) -> None:
    """The one Voilà every learner's pages come from, behind the hub's login."""
    from .lessons import service_spec as lessons_spec

    key = secrets.token_hex(32)
    spec = lessons_spec(settings, key)
    spec["environment"].update({name: c.Spawner.environment[name]
                                for name in (ADDRESS_ENV, KEY_ENV_SOLVER)})
    c.JupyterHub.services.append(spec)
    c.ClassCodeAuthenticator.lessons_url = spec["url"]
    c.ClassCodeAuthenticator.signin_key = key


def _script(name: str) -> Path:
    """A command installed beside this Python (the virtual environment's ``bin``)."""
    return Path(sys.executable).with_name(name)
