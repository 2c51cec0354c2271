"""Signing in to the class hub: a learner with their name, the class code and their PIN, the
teacher with the teacher key (``TRESSETTE_TEACHER_KEY``). A refusal says why, in the hub's
language.

A learner's name and PIN are checked by the lessons service (``/internal/sign-in``, see
:mod:`.lessons`), which alone opens the class's store; their hub name is ``l<id>-<slug>``
(:func:`.lessons.hub_name`), so no learner can ever sign in as the teacher, whose hub name
is :data:`TEACHER` and who is the hub's only admin.
"""

from __future__ import annotations

import hmac
import json
import os
from typing import Any

from jupyterhub.auth import Authenticator
from tornado import web
from tornado.httpclient import AsyncHTTPClient, HTTPClientError
from traitlets import List as ListTrait
from traitlets import Unicode, default

from ...i18n import t
from ...ui.classroom.teacher import KEY_VARIABLE
from .lessons import INTERNAL, hub_name

TEACHER = "teacher"
MAX_NAME = 60  # as the class's store keeps a name (signin.error.long_name beyond)


class ClassCodeAuthenticator(Authenticator):  # type: ignore[misc]
    """Name + class code + PIN for a learner; the teacher key for the teacher (the hub's
    admin). Codes are compared without regard to case or spaces around them."""

    class_codes = ListTrait(Unicode(), config=True, help="The class codes open on this hub.")
    teacher_key = Unicode(config=True, help="The teacher's key (default: the environment's).")
    language = Unicode("en", config=True,
                       help="The language of the login page (a folder of lessons/strings).")
    lessons_url = Unicode(config=True, help="The lessons service, as this machine reaches it.")
    signin_key = Unicode(config=True, help="The key the lessons service's sign-in asks for.")

    @default("teacher_key")
    def _teacher_key_default(self) -> str:
        return os.environ.get(KEY_VARIABLE, "")

    @default("allow_all")
    def _allow_all_default(self) -> bool:
        return True  # anyone who knows a code of this class (and their PIN) may come in

    @default("enable_auth_state")
    def _enable_auth_state_default(self) -> bool:
        return True  # the learner's name and class, for the teacher's view of the hub

    async def authenticate(self, handler: Any, data: dict[str, str]) -> dict[str, Any]:
        """The user's model, or HTTP 403 whose reason the login page shows."""
        secret = data.get("password", "").strip()
        if self.teacher_key and hmac.compare_digest(secret.encode(), self.teacher_key.encode()):
            return {"name": TEACHER, "admin": True, "auth_state": {}}
        if secret.upper() not in {code.strip().upper() for code in self.class_codes}:
            raise self._refuse("hub.error.bad_code" if self._looks_like_code(secret)
                               else "hub.error.teacher_key")
        learner = await self._sign_in({"name": data.get("username", ""),
                                       "class_code": secret.upper(),
                                       "pin": data.get("pin", "").strip()})
        return {"name": hub_name(int(learner["id"]), str(learner["name"])), "admin": False,
                "auth_state": {"learner_id": learner["id"], "display_name": learner["name"],
                               "class_code": learner["class_code"]}}

    async def _sign_in(self, form: dict[str, str]) -> dict[str, Any]:
        """The learner the lessons service signs in, or its refusal as HTTP 403."""
        try:
            answer = await AsyncHTTPClient().fetch(
                f"{self.lessons_url}{INTERNAL}sign-in", method="POST", body=json.dumps(form),
                headers={"Authorization": f"key {self.signin_key}"}, request_timeout=30)
        except (HTTPClientError, OSError) as err:
            self.log.warning("the lessons service did not sign in: %s", err)
            raise self._refuse("hub.error.service") from None
        learner: dict[str, Any] = json.loads(answer.body)
        if "error" in learner:
            raise self._refuse(str(learner["error"]), **learner.get("values", {}))
        return learner

    def normalize_username(self, username: str) -> str:
        return str(username).strip()  # names are made here (l<id>-<slug>, teacher)

    @staticmethod
    def _looks_like_code(secret: str) -> bool:
        """Class codes are short (a teacher key is a long random text)."""
        return len(secret) <= 16

    def _refuse(self, key: str, **values: Any) -> web.HTTPError:
        error = web.HTTPError(403, log_message=key)
        error.jupyterhub_message = t(key, self.language,  # type: ignore[attr-defined]
                                     **{"most": MAX_NAME, **values})
        return error
