"""Lesson 7, declarations and the match: run ``python -m scripts.lessons.l07_declarations_match``
to rewrite its notebook."""

from scripts.notebook import code, puzzle_cells, try_code, try_md, write

CELLS = [
    code('from tressette_learn.classroom import LessonPage\n\n'
         'page = LessonPage("07_declarations_match")\npage.header()'),
    code('page.section("combinations")'),
    code('page.section("timing")'),
    code("import ipywidgets as widgets\n\n"
         "from tressette_learn.ui.scoreboard import Scoreboard\n"
         "from tressette_learn.ui.table import Table\n\n"
         'table = Table("standard", seed=35, seat="S", level="club")\n'
         "score = Scoreboard(table.rules)\n"
         "score.follow(table.deal)\n"
         'table.observe(lambda _change: score.follow(table.deal), "state")\n'
         "widgets.VBox([table, score])"),
    code('page.section("match")'),
    code("from tressette_learn.ai import make_player, play_match\n"
         "from tressette_learn.engine import Match, Rules, Seat\n\n"
         'match = Match(Rules.preset("standard"), seed=29)\n'
         'play_match(match, {seat: make_player("club") for seat in Seat})\n'
         "Scoreboard(match.rules).from_match(match)"),
    code('page.section("calling")'),
    code('page.section("cappotto")'),
    *puzzle_cells("07_declarations_match"),
    code("page.quiz()"),
    try_md("## Try it in code · Prova nel codice\n\n"
           "Play the first trick with any legal cards, then declare what South holds. "
           "Change the seed and run the cell (Shift+Enter). · Gioca la prima presa con carte "
           "qualsiasi, poi accusa quello che ha Sud. Cambia il numero `seed` ed esegui la "
           "cella (Maiusc+Invio)."),
    try_code('from tressette_learn.engine import Deal, Rules, Seat\n'
             'from tressette_learn.engine_words import declaration_short\n\n'
             'deal = Deal.new(Rules.preset("standard"), seed=35)\n'
             "for _ in range(4):  # the first trick\n"
             "    deal.play(deal.legal_cards()[0])\n"
             "for declaration in deal.available_declarations(Seat.S):\n"
             "    deal.declare(declaration)\n"
             "print([declaration_short(d).get(\"en\") for d in deal.declarations])\n"
             'deal.result().sides["NS"]'),
    code("page.navigation()"),
]

if __name__ == "__main__":
    write("notebooks/07_declarations_match.ipynb", CELLS)
