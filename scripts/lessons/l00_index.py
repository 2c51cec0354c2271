"""Lesson 0, the index: run ``python -m scripts.lessons.l00_index`` to rewrite its notebook.

The list of lessons (``CourseProgress``) is drawn from ``lessons/course.yaml`` in the
learner's language, with their stars once the learner is signed in.
"""

from scripts.notebook import code, try_code, try_md, write

CELLS = [
    code('from tressette_learn.classroom import LessonPage\n\n'
         'page = LessonPage("00_index")\npage.header()'),
    code('page.section("what")'),
    code('page.section("deal")'),
    code('from tressette_learn.ui.table import Table\n\n'
         'Table("standard", seed=2026, show_all=True)'),
    code('page.section("path")'),
    code("from tressette_learn.classroom import CourseProgress\n\n"
         "CourseProgress()  # the lessons; once you are signed in, your stars and the next one"),
    code('page.section("settings")'),
    code("from tressette_learn.ui.glossary import glossary_view\n\nglossary_view()"),
    code("page.quiz()"),
    try_md("## Try it in code · Prova nel codice\n\n"
           "Change the `seed` and run the cell (Shift+Enter). · "
           "Cambia il `seed` ed esegui la cella (Maiusc+Invio)."),
    try_code('from tressette_learn.engine import Deal, Rules, Seat\n\n'
             'deal = Deal.new(Rules.preset("standard"), seed=7)\n'
             'print("dealer:", deal.dealer, "· first to play:", deal.to_play)\n'
             'print("cards per hand:", [len(deal.hand(seat)) for seat in Seat])\n'
             'deal.hand(Seat.S)'),
    code("page.navigation()"),
]

if __name__ == "__main__":
    write("notebooks/00_index.ipynb", CELLS)
