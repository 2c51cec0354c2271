"""Write the puzzle bank: ``lessons/puzzles/<lesson>.json`` from seeded deals, each position
solved and kept when its answer is clear (see ``tressette_learn.teaching.puzzles``).

    python -m scripts.make_puzzles            # every theme, the default seeds
    python -m scripts.make_puzzles --first 1000 --deals 700

The same seeds always give the same bank. ``tests/test_puzzles_content.py`` re-solves it.
"""

from __future__ import annotations

import argparse
import json
from collections import defaultdict
from typing import Any

from tressette_learn.content import lessons_dir
from tressette_learn.teaching.puzzles.bank import fact_text
from tressette_learn.teaching.puzzles.check import warm
from tressette_learn.teaching.puzzles.find import Found, find
from tressette_learn.teaching.puzzles.themes import LEARNER, THEMES

#: Puzzles wanted per theme.
WANTED = {"following": 8, "signals": 8, "declarations": 6, "a_perdere": 8, "make_points": 7,
          "last_trick": 7, "guard_ace": 6, "lead_threes": 6, "discarding": 6, "count_suits": 6,
          "lead_busso": 3, "lead_volo": 3, "lead_striscio": 2}


def puzzle_json(found: Found) -> dict[str, Any]:
    """The stored form of a found puzzle."""
    facts = dict(found.facts)
    goal = facts.pop("n", None)
    return {"id": f"{found.theme.name}_{found.seed}", "theme": found.theme.name,
            "seed": found.seed, "seat": LEARNER.name, "shown": found.theme.shown, "goal": goal,
            "facts": {k: fact_text(v) for k, v in facts.items()}, "record": found.record,
            "answer": found.answer.to_json()}


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--first", type=int, default=1000, help="the first seed")
    parser.add_argument("--deals", type=int, default=700, help="seeds tried per theme")
    args = parser.parse_args(argv)
    warm()
    taken: set[tuple[str, int]] = set()
    by_lesson: dict[str, list[dict[str, Any]]] = defaultdict(list)
    for theme in THEMES:
        found = find(theme, range(args.first, args.first + args.deals), WANTED[theme.name],
                     taken)
        print(f"{theme.name}: {len(found)} of {WANTED[theme.name]}")
        by_lesson[theme.lesson].extend(puzzle_json(f) for f in found)
    folder = lessons_dir() / "puzzles"
    folder.mkdir(exist_ok=True)
    for lesson, puzzles in sorted(by_lesson.items()):
        text = json.dumps({"lesson": lesson, "puzzles": puzzles}, ensure_ascii=False, indent=1)
        (folder / f"{lesson}.json").write_text(text + "\n", encoding="utf-8")
        print(f"{folder.name}/{lesson}.json: {len(puzzles)} puzzles")


if __name__ == "__main__":
    main()
