"""The classroom's widgets: the sign-in bar, the lesson page around it, the course's
progress, the Review page, the class's match, and the teacher's dashboard with its boxes
(learners, class deals, progress files, the class address). ``recorder.py`` writes what
the other widgets report to the learner's store.

May import: as every widget, ``engine``, ``ai``, ``teaching``, ``store``, ``classroom``, the
other widgets and the shared modules; never ``serve`` or ``cli``. A lesson's notebook
needs only ``from tressette_learn.ui.classroom import LessonPage``.
"""

from .lesson import LessonPage
from .progress import CourseProgress
from .recorder import Recorder, recorder
from .signin import SignIn

__all__ = ["CourseProgress", "LessonPage", "Recorder", "SignIn", "recorder"]
