"""The teacher's own Jupyter Server (JupyterLab and the dashboard) on this machine.

Learners have no server: their pages come from the lessons service (:mod:`.lessons`). The
teacher, the hub's one admin (signed in with the teacher key), gets a server that opens on
``teacher.ipynb``; as root it runs as the lessons service's user, the only one that may open
the class's SQLite store (never as root). Not as root, it runs as the hub's own user.
"""

from __future__ import annotations

import grp
import os
import pwd
import subprocess
from typing import Any

from jupyterhub.spawner import LocalProcessSpawner, set_user_setuid
from traitlets import Unicode
from traitlets import default as default_value

from .lessons import LESSONS_USER

CLASS_GROUP = "tressette-class"  # the solver service's socket is open to it


def as_root() -> bool:
    return os.geteuid() == 0


def ensure_group(group: str) -> int:
    """The gid of ``group``, made with ``groupadd`` when missing (as root)."""
    try:
        return grp.getgrnam(group).gr_gid
    except KeyError:
        subprocess.run(["groupadd", "--system", group], check=True, capture_output=True)
        return grp.getgrnam(group).gr_gid


def ensure_lessons_user(home: str) -> pwd.struct_passwd:
    """The lessons service's system user (no shell, no password, in the class group that
    reaches the solver) with ``home`` (mode 700) as its home folder."""
    try:
        entry = pwd.getpwnam(LESSONS_USER)
    except KeyError:
        subprocess.run(["useradd", "--system", "--no-create-home", "--home-dir", home,
                        "--shell", "/usr/sbin/nologin", "--user-group", "--groups",
                        CLASS_GROUP, "--comment", "tressette lessons", LESSONS_USER],
                       check=True, capture_output=True)
        entry = pwd.getpwnam(LESSONS_USER)
    os.makedirs(home, exist_ok=True)
    os.chown(home, entry.pw_uid, entry.pw_gid)
    os.chmod(home, 0o700)
    return entry


class LearnerRefused(RuntimeError):
    """A learner asked for a server of their own (they have none)."""


class TeacherSpawner(LocalProcessSpawner):  # type: ignore[misc]
    """The teacher's server: as the lessons service's user when the hub is root."""

    home = Unicode(config=True, help="The teacher's server's home folder.")

    @default_value("home")
    def _home_default(self) -> str:
        return os.path.expanduser("~")

    @property
    def system_user(self) -> str:
        """The system user the teacher's server runs as."""
        return LESSONS_USER if as_root() else pwd.getpwuid(os.getuid()).pw_name

    async def start(self) -> Any:
        if not self.user.admin:
            raise LearnerRefused(f"{self.user.name} is a learner: learners have no server")
        return await super().start()

    def make_preexec_fn(self, name: str) -> Any:
        return set_user_setuid(self.system_user) if as_root() else None

    def user_env(self, env: dict[str, str]) -> dict[str, str]:
        env.update(USER=self.system_user, HOME=self.home if as_root()
                   else pwd.getpwnam(self.system_user).pw_dir, SHELL="/bin/sh")
        return env

    async def move_certs(self, paths: dict[str, str]) -> dict[str, str]:
        return paths  # no internal TLS on one machine
