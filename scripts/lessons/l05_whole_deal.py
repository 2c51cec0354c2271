"""Lesson 5, a whole deal: run ``python -m scripts.lessons.l05_whole_deal`` to rewrite its
notebook."""

from scripts.notebook import code, try_code, try_md, write

CELLS = [
    code('from tressette_learn.classroom import LessonPage\n\n'
         'page = LessonPage("05_whole_deal")\npage.header()'),
    code('page.section("flow")'),
    code('page.section("eleven_nil")'),
    code('from tressette_learn.ui.guided import GuidedHand\n\nGuidedHand("seed002")'),
    code('page.section("one_trick")'),
    code('GuidedHand("seed001_trick")'),
    code('page.section("your_turn")'),
    code('GuidedHand("find_the_cards")'),
    code("page.quiz()"),
    try_md("## Try it in code · Prova nel codice\n\n"
           "Replay a deal record trick by trick; try another hand file, such as "
           "`find_the_cards`. · Riproduci una registrazione presa per presa; prova un altro "
           "file, per esempio `find_the_cards`."),
    try_code("from tressette_learn.content import load\n"
             "from tressette_learn.engine import replay\n"
             "from tressette_learn.engine_words import result_text\n\n"
             "deal = replay(load(\"hands/seed001_trick.json\")[\"record\"])\n"
             "for number, trick in enumerate(deal.tricks, 1):\n"
             "    cards = \" \".join(f\"{play.seat}:{play.card}\" for play in trick.plays)\n"
             "    print(number, cards, \"->\", trick.winner)\n"
             "print(result_text(deal.result(), \"en\"))"),
    code("page.navigation()"),
]

if __name__ == "__main__":
    write("notebooks/05_whole_deal.ipynb", CELLS)
