"""Where the lessons run: a Python kernel on a server, or Pyodide in the learner's browser
(the static site, docs/lite.md), whose pages are the HTML files voici made of the notebooks."""

from __future__ import annotations

import sys

IN_BROWSER = sys.platform == "emscripten"  # Pyodide: no server, no numpy, no sqlite3
# the address learners type, set by ``tressette-learn serve`` in its kernels' environment
# (:mod:`tressette_learn.serve.address`) for the teacher's dashboard to show
SERVED_URL_ENV = "TRESSETTE_SERVED_URL"


def page_file(lesson_id: str) -> str:
    """The file a link to a lesson's page names: its notebook, or on the static site the
    page voici rendered from it (``voici/render/<id>.html``, beside the other pages)."""
    return f"{lesson_id}.html" if IN_BROWSER else f"{lesson_id}.ipynb"
