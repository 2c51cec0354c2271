"""The class hub on Kubernetes (Zero to JupyterHub), as ``docs/deploy.md`` sets it up: the
lessons service of :mod:`.lessons` run as several replicas (a StatefulSet's pods
``lessons-0``, ``lessons-1``...), each one a JupyterHub service of its own behind the hub's
OAuth, each learner kept on one of them; the teacher gets a normal single-user server.

- The hub's ``extraConfig`` calls :func:`configure`: the class-code login, one service per
  replica, the learners' role (those services and nothing else), the landing page on
  the learner's replica (:func:`replica_for`) and no server for anyone but the teacher.
- Each replica runs ``python -m tressette_learn.serve.hub.kubernetes``: from its pod's
  name and the one shared secret it makes the environment JupyterHub gives a managed
  service (:func:`replica_environment`), starts a solver service beside it (kernels reach
  it through a Unix socket in the pod) and runs :class:`.lessons.LessonsService`.

One secret (``TRESSETTE_LESSONS_SECRET``), given to the hub and the replicas only, derives
each replica's API token and the sign-in key (:func:`derived`), so adding a replica needs
no new secret. The service drops both from its environment before any kernel starts.
"""

from __future__ import annotations

import hashlib
import hmac
import json
import math
import os
import re
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from ...teaching.course import by_role
from ..pools import CLASS_ENV, index_pool, play_pool
from .lessons import KEY_ENV, NAME, learner_id

SECRET_ENV = "TRESSETTE_LESSONS_SECRET"  # the hub's and the replicas' shared secret
REPLICA_ENV = "TRESSETTE_LESSONS_REPLICA"  # a replica's pod name, lessons-<n>
PORT = 8866
HUB_API = "http://hub:8081/hub/api"  # Zero to JupyterHub's hub, as pods reach it
REPLICA_URL = "http://{name}.lessons:8866"  # a StatefulSet pod behind the headless service
SIGN_IN_URL = "http://lessons:8866"  # any replica signs in (they share the store)
REPLICA = re.compile(rf"{NAME}-(\d+)")
MEMORY_STEP = 256  # MiB: guarantees rounded up to it


def replica_name(index: int) -> str:
    return f"{NAME}-{index}"


def replica_for(hub_name: str, replicas: int) -> int:
    """The replica a hub user's pages come from: chosen from the learner's id (which the
    hub name ``l<id>-<slug>`` carries, so a rename keeps the replica) by a hash, the same
    at every sign-in and on every hub replica, spread evenly over ``replicas``."""
    if replicas < 1:
        raise ValueError("at least one replica")
    learner = learner_id(hub_name)
    key = f"learner {learner}" if learner is not None else f"user {hub_name}"
    return int.from_bytes(hashlib.sha256(key.encode()).digest()[:8], "big") % replicas


def derived(secret: str, purpose: str) -> str:
    """A key for ``purpose`` (a replica's name, ``sign-in``) made from the shared secret."""
    if len(secret) < 32:
        raise ValueError(f"{SECRET_ENV} must be at least 32 characters")
    return hmac.new(secret.encode(), purpose.encode(), hashlib.sha256).hexdigest()


def learner_scopes(replicas: int) -> list[str]:
    """A learner's whole role: the lessons' replicas, and their own name for the login."""
    return [*(f"access:services!service={replica_name(i)}" for i in range(replicas)),
            "read:users:name!user", "read:users:groups!user"]


def landing(replicas: int) -> Callable[[Any], str]:
    """JupyterHub's ``default_url``: a learner lands on their replica's index, the teacher
    (the admin) on their own server."""
    index = by_role("index").notebook

    def url(handler: Any) -> str:
        user = getattr(handler, "_jupyterhub_user", None)
        if user is None or user.admin:
            return ""
        return f"/services/{replica_name(replica_for(user.name, replicas))}/voila/render/{index}"

    return url


def teacher_only(spawner: Any) -> None:
    """``pre_spawn_hook``: only the teacher (the admin) gets a server."""
    if not spawner.user.admin:
        raise RuntimeError(f"{spawner.user.name} is a learner: learners have no server")


def configure(c: Any, replicas: int, *, replica_url: str = REPLICA_URL,
              sign_in_url: str = SIGN_IN_URL, secret: str | None = None) -> None:
    """Configure Zero to JupyterHub's hub (``c``) for the lessons' ``replicas``."""
    from .auth import ClassCodeAuthenticator

    secret = os.environ[SECRET_ENV] if secret is None else secret
    c.JupyterHub.authenticator_class = ClassCodeAuthenticator
    c.ClassCodeAuthenticator.lessons_url = sign_in_url
    c.ClassCodeAuthenticator.signin_key = derived(secret, "sign-in")
    services = list(c.JupyterHub.services) if "services" in c.JupyterHub else []
    c.JupyterHub.services = services + [
        {"name": replica_name(i), "url": replica_url.format(name=replica_name(i)),
         "api_token": derived(secret, replica_name(i)), "oauth_no_confirm": True}
        for i in range(replicas)]
    roles = list(c.JupyterHub.load_roles) if "load_roles" in c.JupyterHub else []
    c.JupyterHub.load_roles = [role for role in roles if role.get("name") != "user"] + [
        {"name": "user", "scopes": learner_scopes(replicas)}]
    c.JupyterHub.default_url = landing(replicas)
    c.Spawner.pre_spawn_hook = teacher_only


def replica_environment(pod: str, secret: str, hub_api: str = HUB_API) -> dict[str, str]:
    """What JupyterHub gives a managed service, for replica ``pod`` (``lessons-<n>``): its
    name, prefix, token, OAuth client and scopes, and the sign-in key."""
    if not REPLICA.fullmatch(pod):
        raise ValueError(f"{REPLICA_ENV} {pod!r}: a replica is named {NAME}-<number>")
    prefix = f"/services/{pod}/"
    scopes = json.dumps(["access:services", f"access:services!service={pod}"])
    return {"JUPYTERHUB_SERVICE_NAME": pod, "JUPYTERHUB_API_TOKEN": derived(secret, pod),
            "JUPYTERHUB_API_URL": hub_api, "JUPYTERHUB_BASE_URL": "/",
            "JUPYTERHUB_SERVICE_PREFIX": prefix,
            "JUPYTERHUB_SERVICE_URL": f"http://0.0.0.0:{PORT}",
            "JUPYTERHUB_CLIENT_ID": f"service-{pod}",
            "JUPYTERHUB_OAUTH_CALLBACK_URL": f"{prefix}oauth_callback",
            "JUPYTERHUB_OAUTH_SCOPES": scopes, "JUPYTERHUB_OAUTH_ACCESS_SCOPES": scopes,
            "JUPYTERHUB_OAUTH_CLIENT_ALLOWED_SCOPES": "[]",
            KEY_ENV: derived(secret, "sign-in")}


@dataclass(frozen=True)
class Measured:
    """Resident MiB measured (``benchmarks/measured/``, ``docs/hub.md``)."""

    service: float  # the lessons service (Voilà) itself
    solver: float  # its solver service under a class
    index_kernel: float  # a learner's index kernel at its peak
    play_kernel: float  # a learner's play kernel at its peak, beside the solver service
    lesson_kernel: float  # another lesson's kernel, one answer given
    waiting_kernel: float  # a pre-heated kernel waiting in a pool


def replica_memory_mib(learners: int, measured: Measured, tabs: int = 0,
                       margin: float = 1.2) -> int:
    """A replica's memory for ``learners`` with the index and the play page open (and
    ``tabs`` more lessons each), its pools for that class full again behind them (refilled
    after the arrival), its service and solver; with ``margin``, rounded up to
    :data:`MEMORY_STEP`. The guarantee is ``tabs=0``, the limit ``tabs=1``."""
    waiting = index_pool(learners) + play_pool(learners)
    total = (measured.service + measured.solver
             + learners * (measured.index_kernel + measured.play_kernel
                           + tabs * measured.lesson_kernel)
             + waiting * measured.waiting_kernel) * margin
    return math.ceil(total / MEMORY_STEP) * MEMORY_STEP


def main() -> None:
    """Run this pod's replica: the solver service beside it, then the lessons service."""
    from ...ai.solve import SolverService
    from ..server import notebooks_dir
    from .lessons import LessonsService

    pod = os.environ.get(REPLICA_ENV, "")
    secret = os.environ.pop(SECRET_ENV, "")
    os.environ.update(replica_environment(pod, secret, os.environ.get("JUPYTERHUB_API_URL",
                                                                       HUB_API)))
    os.environ.setdefault(CLASS_ENV, "30")
    solver = SolverService.start()
    os.environ.update(solver.env())
    notebooks = notebooks_dir()
    try:
        LessonsService.launch_instance([
            str(notebooks), f"--port={PORT}", "--no-browser", "--Voila.ip=0.0.0.0",
            "--Voila.port_retries=0", f"--Voila.base_url=/services/{pod}/",
            f"--Voila.config_file_paths={notebooks}"])
    finally:
        solver.stop()


if __name__ == "__main__":
    main()
