"""Lesson 1, the deck: run ``python -m scripts.lessons.l01_deck`` to rewrite its notebook."""

from scripts.notebook import code, try_code, try_md, write

CELLS = [
    code('from tressette_learn.classroom import LessonPage\n\n'
         'page = LessonPage("01_deck")\npage.header()'),
    code('page.section("suits")'),
    code("from tressette_learn.ui.deck import deck_view\n\ndeck_view()"),
    code('page.section("ranks")'),
    code('page.section("notation")'),
    code("page.quiz()"),
    try_md("## Try it in code · Prova nel codice\n\n"
           "Change the card and run the cell (Shift+Enter). · "
           "Cambia la carta ed esegui la cella (Maiusc+Invio)."),
    try_code('from tressette_learn.engine import Card\n'
             'from tressette_learn.i18n import card_name\n\n'
             'card = Card.parse("Cs")\n'
             'card_name(card, "en", "bare"), card_name(card, "it", "bare")'),
    code("page.navigation()"),
]

if __name__ == "__main__":
    write("notebooks/01_deck.ipynb", CELLS)
