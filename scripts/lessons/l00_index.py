"""Lesson 0, the index: run ``python -m scripts.lessons.l00_index`` to rewrite its notebook.

The list of lessons is built from ``lessons/course.yaml`` (numbers, titles and notebook
names), so a title changed there changes here when the script is run again.
"""

from scripts.notebook import code, md, try_code, try_md, write
from tressette_learn.teaching.course import course

#: What each lesson teaches, in one line: English, then Italian.
SUMMARIES = {
    "00_index": ("this page", "questa pagina"),
    "01_deck": ("the 40 cards, their suits and names",
                "le 40 carte, i semi e i nomi"),
    "02_card_order": ("which card wins a trick: 3, 2, Ace, King… and no trumps",
                      "quale carta vince la presa: Tre, Due, Asso, Re… e niente briscole"),
    "03_following_suit": ("the cards you may play, the piombo and the revoke",
                          "le carte che puoi giocare, il piombo e la rinuncia"),
    "04_scoring": ("counting points in thirds: 11 points a deal",
                   "contare i punti in terzi: 11 punti a smazzata"),
    "05_whole_deal": ("a whole deal, from dealing the cards to the score",
                      "una smazzata intera, dalla distribuzione al punteggio"),
    "06_signals": ("busso, volo and striscio: talking to your partner with the lead",
                   "busso, volo e striscio: parlare al compagno con l'uscita"),
    "07_declarations_match": ("napoletana and buon gioco, and a match to 21",
                              "napoletana e buon gioco, e la partita ai 21"),
    "08_variants": ("two players, three with the morto, a perdere and other tables",
                    "in due, in tre col morto, a perdere e altri tavoli"),
    "09_strategy": ("how good players lead, follow and count cards",
                    "come giocano i buoni giocatori: uscite, risposte e conto delle carte"),
    "10_play": ("play a whole match against the computer",
                "gioca una partita intera contro il computer"),
}


def lesson_links() -> str:
    """One line per lesson: its link, titles and summary in both languages."""
    lines = ["## The lessons · Le lezioni", ""]
    for lesson in course():
        english, italian = SUMMARIES[lesson.id]
        lines.append(f"- [{lesson.number} · {lesson.title['en']} · "
                     f"{lesson.title['it']}]({lesson.notebook}): {english} · {italian}")
    return "\n".join(lines)


CELLS = [
    md("# 0 · Learn Tressette · Impara il Tressette"),
    code('from tressette_learn.classroom import LessonPage\n\n'
         'page = LessonPage("00_index")\npage.header()'),
    code('page.section("what")'),
    code('page.section("deal")'),
    code('from tressette_learn.ui.table import Table\n\n'
         'Table("standard", seed=2026, show_all=True)'),
    code('page.section("path")'),
    md(lesson_links()),
    code("from tressette_learn.classroom import CourseProgress\n\n"
         "CourseProgress()  # your lessons: done, and the next one"),
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
    md("[Start: the deck · Inizia: il mazzo →](01_deck.ipynb)"),
]

if __name__ == "__main__":
    write("notebooks/00_index.ipynb", CELLS)
