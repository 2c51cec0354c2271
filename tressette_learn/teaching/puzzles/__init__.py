"""Puzzles from solved positions: seeded deals stopped where the learner is to play, solved
with every hand shown or over every deal that fits the learner's view (:mod:`.check`),
kept when the answer is clear and fits a theme (:mod:`.themes`, :mod:`.find`), stored
under ``lessons/puzzles`` (:mod:`.bank`) and worded from ``lessons/strings`` (:mod:`.words`).
``scripts/make_puzzles.py`` writes the bank; ``tressette_learn.ui.puzzle`` shows it."""
