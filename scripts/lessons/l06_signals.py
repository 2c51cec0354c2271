"""Lesson 6, signals: run ``python -m scripts.lessons.l06_signals`` to rewrite its notebook."""

from scripts.notebook import code, puzzle_cells, try_code, try_md, write

CELLS = [
    code('from tressette_learn.classroom import LessonPage\n\n'
         'page = LessonPage("06_signals")\npage.header()'),
    code('page.section("who")'),
    code('page.section("three")'),
    code('page.section("reading")'),
    code('page.section("table")'),
    code('from tressette_learn.ui.table import Table\n\n'
         'Table("standard", seed=5, seat="S", level="club")'),
    *puzzle_cells("06_signals"),
    code("page.quiz()"),
    try_md("## Try it in code · Prova nel codice\n\n"
           "Which signals are true for each card North could lead? Change the seed and run "
           "the cell (Shift+Enter). · Quali segnali sono veri per ogni carta con cui Nord "
           "potrebbe aprire? Cambia il numero `seed` ed esegui la cella (Maiusc+Invio)."),
    try_code('from tressette_learn.engine import Card, Deal, Rules\n'
             'from tressette_learn.engine_words import refusal_text\n\n'
             'deal = Deal.new(Rules.preset("standard"), seed=5)  # North leads\n'
             'print(deal.hand("N"))\n'
             'why = deal.signal_reason(Card.parse("Fd"), "volo")  # a false signal: the facts\n'
             'print(why)\n'
             'print(refusal_text(why, "en"))  # in words ("it": in Italian)\n'
             '{str(card): deal.true_signals(card) for card in deal.legal_cards()}'),
    code("page.navigation()"),
]

if __name__ == "__main__":
    write("notebooks/06_signals.ipynb", CELLS)
