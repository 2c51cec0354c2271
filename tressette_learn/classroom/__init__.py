"""The class computed from stored results (no widgets).

``class_deals.py``, ``class_report.py``, ``dashboard.py``: the class's deals, results and
questions for the teacher; ``mastery.py``, ``quiz_scores.py``, ``schedule.py``: a learner's
stars, quiz scores and spaced review. The widgets that show them are in ``ui/classroom``.

May import: ``engine``, ``ai``, ``teaching``, ``store`` and the shared modules (``i18n``,
``content``, ``runtime``...); never ``ui``, ``serve`` or ``cli``.
"""
