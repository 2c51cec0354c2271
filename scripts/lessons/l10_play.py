"""Lesson 10, play a match: run ``python -m scripts.lessons.l10_play`` to rewrite its notebook."""

from scripts.notebook import code, try_code, try_md, write

CELLS = [
    code('from tressette_learn.classroom import LessonPage\n\n'
         'page = LessonPage("10_play")\npage.header()'),
    code('page.section("match")'),
    code('page.section("levels")'),
    code("from tressette_learn.classroom.class_match import ClassMatchPlay\n\n"
         "ClassMatchPlay()  # the class's deals when the teacher set them"),
    code('page.section("coach")'),
    code("page.quiz()"),
    try_md("## Try it in code · Prova nel codice\n\n"
           "Two club players play a whole match to 11 and the engine scores it: who dealt, "
           "what each deal scored, the totals and the winner. Change the table, the target "
           "or the seed and run the cell (Shift+Enter). · Due giocatori di circolo giocano "
           "una partita intera agli 11 e il motore la conta: chi ha fatto le carte, quanto "
           "ha fatto ogni smazzata, i totali e il vincitore. Cambia il tavolo, il traguardo "
           "o il numero `seed` ed esegui la cella (Maiusc+Invio)."),
    try_code('from tressette_learn.ai import make_player, play_deal\n'
             'from tressette_learn.engine import Match, Rules\n'
             'from tressette_learn.engine_words import result_text\n\n'
             'match = Match(Rules.preset("a_due").with_options(target=11), seed=7)\n'
             'players = {seat: make_player("club", int(seat)) for seat in match.deal.seats}\n'
             'while not match.is_over():\n'
             '    dealer = match.deal.dealer\n'
             '    play_deal(match.deal, players)\n'
             '    result = match.next_deal()\n'
             '    said = result_text(result, "en")\n'
             '    print(f"dealer {dealer}: {said} -> totals {match.totals}")\n'
             'match.result()'),
    code("page.navigation()"),
]

if __name__ == "__main__":
    write("notebooks/10_play.ipynb", CELLS)
