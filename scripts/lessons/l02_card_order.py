"""Lesson 2, card order and the trick: run ``python -m scripts.lessons.l02_card_order``."""

import json

from scripts.notebook import code, try_code, try_md, write

#: The practice drill below the text (``Quiz.generated``): the same for every learner.
DRILL = {"kinds": ["order", "winner"], "n": 8, "seed": 2}

CELLS = [
    code('from tressette_learn.classroom import LessonPage\n\n'
         'page = LessonPage("02_card_order")\npage.header()'),
    code('page.section("order")'),
    code('page.section("trick")'),
    code('page.section("no_trumps")'),
    code("from tressette_learn.ui.quiz import Quiz\n\n"
         f'Quiz.generated({json.dumps(DRILL["kinds"])}, {DRILL["n"]}, seed={DRILL["seed"]},\n'
         '               title="quiz.title.drill")'),
    code("page.quiz()"),
    try_md("## Try it in code · Prova nel codice\n\n"
           "Change the cards of the trick and run the cell (Shift+Enter). · "
           "Cambia le carte della presa ed esegui la cella (Maiusc+Invio)."),
    try_code('from tressette_learn.engine import Card, Play, Seat\n'
             'from tressette_learn.engine.tricks import winning_play\n'
             'from tressette_learn.i18n import card_name\n\n'
             'trick = {"N": "Ac", "W": "3s", "S": "3c", "E": "2b"}  # North leads\n'
             'plays = tuple(Play(Seat.parse(seat), Card.parse(card))\n'
             '              for seat, card in trick.items())\n'
             'best = winning_play(plays)\n'
             'print(best.seat, "wins with", card_name(best.card, "en"), "·",\n'
             '      card_name(best.card, "it"))'),
    code("page.navigation()"),
]

if __name__ == "__main__":
    write("notebooks/02_card_order.ipynb", CELLS)
