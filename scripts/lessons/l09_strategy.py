"""Lesson 9, strategy: run ``python -m scripts.lessons.l09_strategy`` to rewrite its notebook."""

from scripts.notebook import code, puzzle_cells, try_code, try_md, write

HANDS = ["lead_threes", "guard_aces", "count_suits", "discard", "last_trick"]

CELLS = [
    code('from tressette_learn.classroom import LessonPage\n\n'
         'page = LessonPage("09_strategy")\npage.header()'),
    code('page.section("intro")'),
    code("from tressette_learn.ui.guided import GuidedHand"),
]
for name in HANDS:
    CELLS += [code(f'page.section("{name}")'),
              code(f'GuidedHand("strategy_{name}", start=None)  # opens at your move')]
CELLS += [
    code('page.section("memory")'),
    code("from tressette_learn.ui.memory import MemoryDrill\n\nMemoryDrill(seed=1)"),
    *puzzle_cells("09_strategy"),
    code("page.quiz()"),
    try_md("## Try it in code · Prova nel codice\n\n"
           "Ask the solver about any card of the position (Shift+Enter). · "
           "Chiedi al risolutore di qualsiasi carta della posizione (Maiusc+Invio)."),
    try_code('from tressette_learn.ai.review import judge_play\n'
             'from tressette_learn.engine import Card\n'
             'from tressette_learn.teaching.guided import HandScript, Walkthrough\n\n'
             'deal = Walkthrough(HandScript.load("strategy_lead_threes")).deal_at(8)\n'
             '{card: judge_play(deal, Card.parse(card)).cost for card in ["3c", "2c", "6c"]}'),
    code("page.navigation()"),
]

if __name__ == "__main__":
    write("notebooks/09_strategy.ipynb", CELLS)
