"""Signing in to the class hub: a learner with a name and the class code, the teacher with
the teacher key (``TRESSETTE_TEACHER_KEY``). A refusal says why, in the hub's language."""

from __future__ import annotations

import hmac
import os
import re
import unicodedata
from typing import Any

from jupyterhub.auth import Authenticator
from tornado import web
from traitlets import List as ListTrait
from traitlets import Unicode, default

from ..classroom.teacher import KEY_VARIABLE
from ..i18n import t

MAX_NAME = 24  # a system user's name is this plus the prefix (at most 32 characters)
NAME = re.compile(r"[a-z0-9][a-z0-9-]*")


def user_name(text: str) -> str:
    """The hub's name for a learner: lower case, accents dropped, spaces as dashes
    ("Nicolò Rossi" -> ``nicolo-rossi``); ValueError (the strings key) when it cannot be."""
    plain = unicodedata.normalize("NFKD", text).encode("ascii", "ignore").decode()
    name = "-".join(plain.lower().split())
    if not name:
        raise ValueError("hub.error.no_name")
    if len(name) > MAX_NAME or not NAME.fullmatch(name):
        raise ValueError("hub.error.bad_name")
    return name


class ClassCodeAuthenticator(Authenticator):  # type: ignore[misc]
    """Name + class code for a learner; any name + the teacher key for the teacher (an
    admin of the hub). Codes are compared without regard to case or spaces around them."""

    class_codes = ListTrait(Unicode(), config=True, help="The class codes open on this hub.")
    teacher_key = Unicode(config=True, help="The teacher's key (default: the environment's).")
    language = Unicode("en", config=True, help="The language of the login page (en, it).")

    @default("teacher_key")
    def _teacher_key_default(self) -> str:
        return os.environ.get(KEY_VARIABLE, "")

    @default("allow_all")
    def _allow_all_default(self) -> bool:
        return True  # anyone who knows a code of this class may come in

    @default("enable_auth_state")
    def _enable_auth_state_default(self) -> bool:
        return True  # the name as typed and the class code, for the learner's server

    async def authenticate(self, handler: Any, data: dict[str, str]) -> dict[str, Any]:
        """The user's model, or HTTP 403 whose reason the login page shows. Its auth
        state keeps the name as the learner typed it (the first time) and the class code."""
        typed = " ".join(data.get("username", "").split())
        try:
            name = user_name(typed)
        except ValueError as err:
            raise self._refuse(str(err)) from None
        secret = data.get("password", "").strip()
        if self.teacher_key and hmac.compare_digest(secret.encode(), self.teacher_key.encode()):
            code, admin = "", True
        elif secret.upper() in {code.strip().upper() for code in self.class_codes}:
            code, admin = secret.upper(), False
        else:
            raise self._refuse("hub.error.bad_code" if self._looks_like_code(secret)
                               else "hub.error.teacher_key")
        shown = await self._known_name(handler, name) or typed
        return {"name": name, "admin": admin,
                "auth_state": {"display_name": shown, "class_code": code}}

    @staticmethod
    async def _known_name(handler: Any, name: str) -> str:
        """The name this hub user typed when first signing in ("" for a new one): the same
        learner keeps one name in the class's progress, however they type it later."""
        user = handler.find_user(name) if handler is not None else None
        state = await user.get_auth_state() if user is not None else None
        return str((state or {}).get("display_name", ""))

    def normalize_username(self, username: str) -> str:
        try:
            return user_name(username)
        except ValueError:
            return str(super().normalize_username(username))

    @staticmethod
    def _looks_like_code(secret: str) -> bool:
        """Class codes are short (a teacher key is a long random text)."""
        return len(secret) <= 16

    def _refuse(self, key: str) -> web.HTTPError:
        error = web.HTTPError(403, log_message=key)
        error.jupyterhub_message = t(key, self.language, most=MAX_NAME)  # type: ignore[attr-defined]
        return error
