"""Lesson 11, the review: run ``python -m scripts.lessons.l11_review`` to rewrite its notebook."""

from scripts.notebook import code, try_code, try_md, write

CELLS = [
    code('from tressette_learn.classroom import LessonPage\n\n'
         'page = LessonPage("11_review")\npage.header()'),
    code('page.section("how")'),
    code("from tressette_learn.classroom.review_page import review_deck\n\nreview_deck()"),
    try_md("## Try it in code · Prova nel codice\n\n"
           "Your partner North leads a card: which signals are true, and which cards of the "
           "suit could North still hold? Change the seed and run the cell (Shift+Enter). · "
           "Il tuo compagno Nord esce con una carta: quali segnali sono veri, e quali carte "
           "del seme potrebbe avere ancora Nord? Cambia il numero `seed` ed esegui la cella "
           "(Maiusc+Invio)."),
    try_code('from tressette_learn.engine import DECK, Deal, Rules\n\n'
             'deal = Deal.new(Rules.preset("standard"), seed=11)  # North leads\n'
             'lead = deal.hand("N")[0]\n'
             'print(lead, deal.true_signals(lead))  # the true signals on this lead\n'
             '# The cards of the suit North may still hold, as South sees them:\n'
             '[card for card in DECK if card.suit == lead.suit and card != lead\n'
             ' and card not in deal.hand("S")]'),
    code("page.navigation()"),
]

if __name__ == "__main__":
    write("notebooks/11_review.ipynb", CELLS)
