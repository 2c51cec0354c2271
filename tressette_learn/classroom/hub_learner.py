"""Who a lesson page is for when the class hub serves it: the learner signed in to the hub.

The hub starts each learner's server with ``JUPYTERHUB_USER`` (the hub's name for them),
and its spawner adds the name as the learner typed it (``TRESSETTE_LEARNER``) and the class
code they signed in with (``TRESSETTE_CLASS``), so the lessons sign them in without asking.
"""

from __future__ import annotations

import os
from collections.abc import Mapping

HUB_USER = "JUPYTERHUB_USER"
NAME_VARIABLE = "TRESSETTE_LEARNER"
CLASS_VARIABLE = "TRESSETTE_CLASS"


def hub_learner(env: Mapping[str, str] | None = None) -> tuple[str, str] | None:
    """The name and class code of the hub's learner; None when no hub serves this page."""
    env = os.environ if env is None else env
    user = env.get(HUB_USER, "").strip()
    if not user:
        return None
    return env.get(NAME_VARIABLE, "").strip() or user, env.get(CLASS_VARIABLE, "").strip()
