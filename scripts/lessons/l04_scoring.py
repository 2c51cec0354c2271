"""Lesson 4, scoring in thirds: run ``python -m scripts.lessons.l04_scoring`` to rewrite its
notebook."""

from scripts.notebook import code, try_code, try_md, write

CELLS = [
    code('from tressette_learn.classroom import LessonPage\n\n'
         'page = LessonPage("04_scoring")\npage.header()'),
    code('page.section("values")'),
    code('page.section("counting")'),
    code('page.section("eleven")'),
    code("from tressette_learn.ui.thirds_split import ThirdsSplit\n\nThirdsSplit(thirds=14)"),
    code('page.section("mistake")'),
    code('page.section("scoreboard")'),
    code("from tressette_learn.ai import make_player, play_deal\n"
         "from tressette_learn.engine import Deal, Rules\n"
         "from tressette_learn.ui.scoreboard import Scoreboard\n\n"
         "rules = Rules.preset(\"standard\").with_options(declarations=False)\n"
         "deal = Deal.new(rules, seed=4)\n"
         "play_deal(deal, {seat: make_player(\"club\", seed=4) for seat in deal.seats})\n"
         "board = Scoreboard(rules)\nboard.add_deal(deal)\nboard"),
    code('page.section("drill")'),
    code('from tressette_learn.ui.quiz import Quiz\n\n'
         'Quiz.generated(["thirds", "points"], 6, seed=404, lesson="04_scoring",\n'
         '               title="quiz.title.drill")'),
    code("page.quiz()"),
    try_md("## Try it in code · Prova nel codice\n\n"
           "Play a deal with random legal cards and score it; change the seed and run it "
           "again (Shift+Enter): the points always add up to 11. · "
           "Gioca una smazzata con carte regolari a caso e contala; cambia il seed e rieseguila "
           "(Maiusc+Invio): i punti fanno sempre 11."),
    try_code("import random\n\n"
             "from tressette_learn.engine import Deal, Rules\n"
             "from tressette_learn.engine_words import result_text\n\n"
             "seed = 7\n"
             "deal = Deal.new(Rules.preset(\"standard\"), seed=seed)\n"
             "rng = random.Random(seed)\n"
             "while not deal.is_over():\n"
             "    deal.play(rng.choice(list(deal.legal_cards())))\n"
             "result = deal.result()\n"
             "print(result_text(result, \"en\"))\n"
             "print(\"points:\", sum(side.card_points for side in result.sides.values()))"),
    code("page.navigation()"),
]

if __name__ == "__main__":
    write("notebooks/04_scoring.ipynb", CELLS)
