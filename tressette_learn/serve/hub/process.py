"""Starting and stopping the class hub: ``with Hub(settings) as hub:`` runs JupyterHub (and
the proxy and idle culler it starts) in a process group of its own until the block ends."""

from __future__ import annotations

import dataclasses
import os
import subprocess
import sys
import tempfile
from pathlib import Path
from types import TracebackType

from ...ui.classroom.teacher import KEY_VARIABLE
from ..server import _end, _stop_group, descendants, free_port, wait_until_answers
from .config import HubSettings, crypt_key, write_config
from .node_proxy import ProxyInstallError, ensure_node_proxy
from .runtime import RuntimeBuildError, copy_app, ensure_runtime
from .solver import prepare_folder
from .spawner import CLASS_GROUP, as_root, ensure_group, ensure_lessons_user

APP = "app"  # the lessons' copy in the state folder, as root
CRYPT_VARIABLE = "JUPYTERHUB_CRYPT_KEY"
PORT_TAKEN = ("Address already in use", "is already in use")  # the hub's, Voilà's words


class HubError(RuntimeError):
    """The hub did not start; the message ends with its log."""


def settings_for(state_dir: Path, class_codes: list[str], port: int | None = None,
                 **options: object) -> HubSettings:
    """Settings with free ports for the hub's own API and the proxy's."""
    return HubSettings(state_dir=str(state_dir), class_codes=tuple(class_codes),
                       port=port or free_port(), hub_port=free_port(),
                       proxy_api_port=free_port(), lessons_port=free_port(),
                       **options)  # type: ignore[arg-type]


def prepare_state(settings: HubSettings) -> None:
    """The state folder, the solver service's folder, the lessons service's home and,
    without ``db_url``, the class's SQLite progress file: as root owned by the lessons
    service's user and open to no one else (learners have no users, nor code to run)."""
    state = settings.state
    state.mkdir(parents=True, exist_ok=True)
    state.chmod(0o711)
    gid = ensure_group(CLASS_GROUP) if as_root() else None
    prepare_folder(settings.solver_dir, gid)
    owner = ensure_lessons_user(str(settings.lessons_home)) if as_root() else None
    if not as_root():
        settings.lessons_home.mkdir(mode=0o700, exist_ok=True)
    if settings.db_url:
        return
    folder = state / "progress"
    folder.mkdir(mode=0o700, exist_ok=True)
    database = folder / "progress.sqlite"
    database.touch(mode=0o600, exist_ok=True)
    for path, mode in ((folder, 0o700), (database, 0o600)):
        if owner is not None:
            os.chown(path, owner.pw_uid, owner.pw_gid)
        path.chmod(mode)


def with_runtime(settings: HubSettings) -> HubSettings:
    """As root, ``settings`` with the learners' runtime (built once, cached) and a fresh
    copy of the lessons in ``STATE/app`` (see :mod:`.runtime`); otherwise unchanged (the
    servers run as the hub's own user, with its Python)."""
    if not as_root():
        return settings
    try:
        runtime = ensure_runtime(say=lambda text: print(text, flush=True))
        app = copy_app(settings.state / APP, runtime)
    except RuntimeBuildError as err:
        raise HubError(f"the learners' Python could not be made: {err}") from None
    return dataclasses.replace(settings, runtime=str(runtime), app_dir=str(app))


def with_proxy(settings: HubSettings) -> HubSettings:
    """``settings`` with the Node proxy when npm has it or can install it; otherwise (said
    once) the Python port."""
    try:
        command = ensure_node_proxy(say=lambda text: print(text, flush=True))
    except ProxyInstallError as err:
        print(f"note: {err}; the hub uses the Python proxy", file=sys.stderr, flush=True)
        command = None
    return dataclasses.replace(settings, node_proxy=str(command or ""))


class Hub:
    """JupyterHub for one class, at :attr:`url` while the ``with`` block runs."""

    def __init__(self, settings: HubSettings, timeout: float = 120.0,
                 teacher_key: str | None = None) -> None:
        self.settings = settings
        host = "127.0.0.1" if settings.ip in ("0.0.0.0", "") else settings.ip
        self.url = f"http://{host}:{settings.port}"
        self.timeout = timeout
        self.env = dict(os.environ)
        if teacher_key is not None:
            self.env[KEY_VARIABLE] = teacher_key
        self.log_path = Path(tempfile.mkstemp(prefix="hub-", suffix=".log")[1])
        self.process: subprocess.Popen[bytes] | None = None

    def __enter__(self) -> Hub:
        prepare_state(self.settings)
        self.settings = with_proxy(with_runtime(self.settings))
        self.env[CRYPT_VARIABLE] = crypt_key(self.settings)
        for attempt in range(2):
            # internal ports picked free now (kernels starting elsewhere take free ports too)
            self.settings = dataclasses.replace(self.settings, hub_port=free_port(),
                                                proxy_api_port=free_port(),
                                                lessons_port=free_port())
            try:
                self._start()
                break
            except HubError as err:
                if attempt or not any(words in str(err) for words in PORT_TAKEN):
                    raise
        return self

    def _start(self) -> None:
        command = [sys.executable, "-m", "jupyterhub", "-f", str(write_config(self.settings))]
        try:
            with open(self.log_path, "wb") as log:
                self.process = subprocess.Popen(
                    command, stdout=log, stderr=subprocess.STDOUT, stdin=subprocess.DEVNULL,
                    start_new_session=True, env=self.env, cwd=self.settings.private)
            self._wait()
        except BaseException:
            self.stop()
            raise

    def __exit__(self, kind: type[BaseException] | None, error: BaseException | None,
                 trace: TracebackType | None) -> None:
        self.stop()

    def _wait(self) -> None:
        assert self.process is not None
        trouble = wait_until_answers(self.url + "/hub/api", self.process, self.timeout)
        if trouble:
            self._fail(trouble)

    def _fail(self, state: str) -> None:
        raise HubError(f"JupyterHub {state}; its log:\n{self.log_text()}")

    def log_text(self) -> str:
        """What the hub has printed so far."""
        return self.log_path.read_text(errors="replace")

    def stop(self) -> None:
        """SIGTERM: the hub stops the learners' servers, its proxy and culler; whatever it
        started and left running (each in a session of its own) is ended after it."""
        process, self.process = self.process, None
        if process is not None:
            started = descendants(process.pid)
            _stop_group(process)
            _end(started)
