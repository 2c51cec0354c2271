"""The classroom: learner progress saved to a database, and the teacher's view of it."""

from ...store import Learner, Record, Store, StoreError
from .lesson import LessonPage
from .progress import CourseProgress
from .recorder import Recorder, recorder
from .signin import SignIn

__all__ = ["CourseProgress", "Learner", "LessonPage", "Record", "Recorder", "SignIn", "Store",
           "StoreError", "recorder"]
