"""Lesson 3, following suit: run ``python -m scripts.lessons.l03_following_suit``."""

import json

from scripts.notebook import code, puzzle_cells, try_code, try_md, write

#: The legal-cards drill (``Quiz.generated``): the same questions for every learner.
DRILL = {"kinds": ["legal"], "n": 6, "seed": 12}
#: The deal at the table: South must follow suit at the first trick.
TABLE_SEED = 5

CELLS = [
    code('from tressette_learn.classroom import LessonPage\n\n'
         'page = LessonPage("03_following_suit")\npage.header()'),
    code('page.section("follow")'),
    code("from tressette_learn.ui.quiz import Quiz\n\n"
         f'Quiz.generated({json.dumps(DRILL["kinds"])}, {DRILL["n"]}, seed={DRILL["seed"]},\n'
         '               title="quiz.title.drill")'),
    code('page.section("piombo")'),
    code("from tressette_learn.ui.table import Table\n\n"
         f'Table("standard", seed={TABLE_SEED})'),
    code('page.section("revoke")'),
    *puzzle_cells("03_following_suit"),
    code("page.quiz()"),
    try_md("## Try it in code · Prova nel codice\n\n"
           "The engine refuses a revoke; a record of a real table may contain one, and the "
           "score punishes it. Change the seed and run the cell (Shift+Enter). · "
           "Il motore rifiuta la rinuncia; la registrazione di un tavolo vero può contenerne "
           "una, e il punteggio la punisce. Cambia il `seed` ed esegui la cella "
           "(Maiusc+Invio)."),
    try_code('from tressette_learn.engine import Deal, IllegalPlay, Rules, Seat\n'
             'from tressette_learn.engine_words import refusal_text, result_text\n\n'
             'deal = Deal.new(Rules.preset("standard"), seed=5)\n'
             'deal.play(deal.hand(Seat.N)[0])  # North leads\n'
             'print("led:", deal.current[0].card, "· West may play:", deal.legal_cards())\n'
             'wrong = next(card for card in deal.hand(Seat.W) '
             'if card not in deal.legal_cards())\n'
             'try:\n'
             '    deal.play(wrong)\n'
             'except IllegalPlay as err:\n'
             '    print("refused:", refusal_text(err.refusal, "en"))\n\n'
             'deal.play(wrong, allow_revoke=True)  # as a record of a real table may show\n'
             'while not deal.is_over():\n'
             '    deal.play(deal.legal_cards()[0])\n'
             'result = deal.result()\n'
             'print("revoke:", result.revokes[0].to_json())\n'
             'print(result_text(result, "en"))'),
    code("page.navigation()"),
]

if __name__ == "__main__":
    write("notebooks/03_following_suit.ipynb", CELLS)
