"""Lesson 8, variants: run ``python -m scripts.lessons.l08_variants`` to rewrite its notebook."""

from scripts.notebook import code, puzzle_cells, try_code, try_md, write

CELLS = [
    code('from tressette_learn.classroom import LessonPage\n\n'
         'page = LessonPage("08_variants")\npage.header()'),
    code('page.section("two_players")'),
    code('page.section("two_players.must_follow")'),
    code("from tressette_learn.ui.table import Table\n\n"
         "# two players, must follow while the stock lasts · in due, obbligo di rispondere\n"
         'Table("a_due", seed=8)'),
    code('page.section("two_players.free_play")'),
    code("# two players, free play while the stock lasts · in due, gioco libero col mazzo\n"
         'Table("gamelake", seed=8)'),
    code('page.section("col_morto")'),
    code("# you are the dealer (East) and play the dummy (West)\n"
         "# sei il mazziere (Est) e giochi anche il morto (Ovest)\n"
         'Table("col_morto", seat="E", seed=8)'),
    code('page.section("a_perdere")'),
    code('Table("a_perdere", seed=8)'),
    code('page.section("redeal")'),
    code("from tressette_learn.engine import Deal, Rules\n\n"
         "# West deals, South leads; South's hand is worth less than a point\n"
         "# Ovest fa le carte, Sud esce; la mano di Sud vale meno di un punto\n"
         'redeal_rules = Rules.preset("standard").with_options(redeal=True)\n'
         'Table(deal=Deal.new(redeal_rules, dealer="W", seed=16))'),
    *puzzle_cells("08_variants"),
    code("page.quiz()"),
    try_md("## Try it in code · Prova nel codice\n\n"
           "Change the table (`preset`) or the deal number (`seed`) and run the cell "
           "(Shift+Enter). · Cambia il tavolo (`preset`) o il numero della smazzata (`seed`) "
           "ed esegui la cella (Maiusc+Invio)."),
    try_code('from tressette_learn.engine import Deal, Rules\n\n'
             'deal = Deal.new(Rules.preset("a_due"), seed=8)\n'
             'deal.play(deal.legal_cards()[0])\n'
             'deal.play(deal.legal_cards()[0])\n'
             '[(str(d.seat), str(d.card)) for d in deal.draws], len(deal.stock)'),
    code("page.navigation()"),
]

if __name__ == "__main__":
    write("notebooks/08_variants.ipynb", CELLS)
