"""Each learner's own Jupyter Server on this machine, opening on the Voilà index.

As root the hub never runs a learner's server as root: each learner gets a system user of
their own (``tl-<name>``, made with ``useradd`` on first sign-in, home folder readable by
them only), in the class group that may write the class's SQLite progress file. Not as
root, every server runs as the hub's own user (one user on a laptop: no separation).
"""

from __future__ import annotations

import grp
import os
import pwd
import subprocess
from typing import Any

from jupyterhub.spawner import LocalProcessSpawner, set_user_setuid
from traitlets import Dict, Unicode

from ..classroom.hub_learner import CLASS_VARIABLE, NAME_VARIABLE

SYSTEM_PREFIX = "tl-"
CLASS_GROUP = "tressette-class"


def as_root() -> bool:
    return os.geteuid() == 0


def ensure_group(group: str) -> int:
    """The gid of ``group``, made with ``groupadd`` when missing (as root)."""
    try:
        return grp.getgrnam(group).gr_gid
    except KeyError:
        subprocess.run(["groupadd", "--system", group], check=True, capture_output=True)
        return grp.getgrnam(group).gr_gid


def remove_learner_users(state_dir: str) -> None:
    """Remove the learners' system users a hub with this state folder made (their homes
    are inside it)."""
    homes = os.path.join(state_dir, "homes") + "/"
    for entry in pwd.getpwall():
        if entry.pw_name.startswith(SYSTEM_PREFIX) and entry.pw_dir.startswith(homes):
            subprocess.run(["userdel", entry.pw_name], capture_output=True, check=False)


def ensure_user(name: str, home_base: str, group: str) -> pwd.struct_passwd:
    """The system user ``name`` (made when missing: no login shell, no password, member of
    ``group``) with a home folder of their own that only they can read."""
    os.makedirs(home_base, exist_ok=True)
    os.chmod(home_base, 0o711)  # each learner reaches their home, lists no other
    try:
        entry = pwd.getpwnam(name)
    except KeyError:
        subprocess.run(["useradd", "--no-create-home", "--home-dir", f"{home_base}/{name}",
                        "--shell", "/usr/sbin/nologin", "--user-group", "--groups", group,
                        "--comment", "tressette learner", name],
                       check=True, capture_output=True)
        entry = pwd.getpwnam(name)
    home = entry.pw_dir
    os.makedirs(home, exist_ok=True)  # also when an earlier hub's state folder was removed
    os.chown(home, entry.pw_uid, entry.pw_gid)
    os.chmod(home, 0o700)
    return entry


class LearnerSpawner(LocalProcessSpawner):  # type: ignore[misc]
    """A local Jupyter Server per learner, as their own system user when the hub is root."""

    home_base = Unicode("/home/tressette", config=True,
                        help="Where the learners' system users get their home folders.")
    class_group = Unicode(CLASS_GROUP, config=True,
                          help="The group of every learner (may write the progress file).")
    signed_in = Dict(help="The learner's auth state: the name typed and the class code.")

    @property
    def system_user(self) -> str:
        """The system user this learner's server runs as."""
        return SYSTEM_PREFIX + self.user.name if as_root() else pwd.getpwuid(os.getuid()).pw_name

    async def start(self) -> Any:
        if as_root():
            ensure_group(self.class_group)
            ensure_user(self.system_user, self.home_base, self.class_group)
        self.signed_in = await self.user.get_auth_state() or {}
        return await super().start()

    def make_preexec_fn(self, name: str) -> Any:
        if as_root():
            return set_user_setuid(self.system_user)
        return None

    def user_env(self, env: dict[str, str]) -> dict[str, str]:
        entry = pwd.getpwnam(self.system_user)
        env.update(USER=self.system_user, HOME=entry.pw_dir, SHELL="/bin/sh")
        env[NAME_VARIABLE] = str(self.signed_in.get("display_name", ""))  # the lessons sign in
        env[CLASS_VARIABLE] = str(self.signed_in.get("class_code", ""))  # with these
        return env

    async def move_certs(self, paths: dict[str, str]) -> dict[str, str]:
        return paths  # no internal TLS on one machine
