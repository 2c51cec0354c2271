"""Write the puzzle bank: ``lessons/puzzles/<lesson>.json`` from seeded deals, each position
solved and kept when its answer is clear (see ``tressette_learn.teaching.puzzles``).

    python -m scripts.make_puzzles            # every theme, the default seeds
    python -m scripts.make_puzzles --first 1000 --deals 700
    python -m scripts.make_puzzles --themes lead_busso lead_striscio   # only these, the
                                                                        # rest kept as stored

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
from tressette_learn.teaching.puzzles.themes import LEARNER, THEMES, Theme

#: Puzzles wanted per theme.
WANTED = {"following": 8, "signals": 8, "declarations": 6, "a_perdere": 8, "make_points": 7,
          "last_trick": 7, "guard_ace": 6, "lead_threes": 6, "discarding": 6, "count_suits": 6,
          "return_suit": 5, "second_hand": 5, "long_suit": 5, "bare_two": 5,
          "first_discard": 5, "unblock": 4,
          "lead_busso": 3, "lead_volo": 3, "lead_striscio": 2}


def puzzle_json(found: Found) -> dict[str, Any]:
    """The stored form of a found puzzle."""
    facts = dict(found.facts)
    goal = facts.pop("n", None)
    return {"id": f"{found.theme.name}_{found.seed}", "theme": found.theme.name,
            "seed": found.seed, "seat": LEARNER.name, "shown": found.theme.shown, "goal": goal,
            "facts": {k: fact_text(v) for k, v in facts.items()}, "record": found.record,
            "answer": found.answer.to_json()}


def kept(themes: list[Theme]) -> defaultdict[str, list[dict[str, Any]]]:
    """The stored puzzles of the lessons, but those of ``themes`` (found again)."""
    names = {t.name for t in themes}
    out: defaultdict[str, list[dict[str, Any]]] = defaultdict(list)
    for path in sorted((lessons_dir() / "puzzles").glob("*.json")):
        stored = json.loads(path.read_text(encoding="utf-8"))
        out[stored["lesson"]] = [p for p in stored["puzzles"] if p["theme"] not in names]
    return out


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--first", type=int, default=1000, help="the first seed")
    parser.add_argument("--deals", type=int, default=700, help="seeds tried per theme")
    parser.add_argument("--themes", nargs="+", choices=sorted(WANTED), metavar="THEME",
                        help="find only these themes; the bank's other puzzles stay")
    args = parser.parse_args(argv)
    warm()
    themes = [t for t in THEMES if args.themes is None or t.name in args.themes]
    by_lesson = kept(themes) if args.themes else defaultdict(list)
    taken = {(theme.preset, p["seed"]) for puzzles in by_lesson.values() for p in puzzles
             for theme in THEMES if theme.name == p["theme"]}
    for theme in themes:
        found = find(theme, range(args.first, args.first + args.deals), WANTED[theme.name],
                     taken)
        print(f"{theme.name}: {len(found)} of {WANTED[theme.name]}")
        by_lesson[theme.lesson].extend(puzzle_json(f) for f in found)
    folder = lessons_dir() / "puzzles"
    folder.mkdir(exist_ok=True)
    order = {theme.name: i for i, theme in enumerate(THEMES)}
    for lesson, puzzles in sorted(by_lesson.items()):
        puzzles.sort(key=lambda p: order[p["theme"]])  # the themes' order, found again or kept
        text = json.dumps({"lesson": lesson, "puzzles": puzzles}, ensure_ascii=False, indent=1)
        (folder / f"{lesson}.json").write_text(text + "\n", encoding="utf-8")
        print(f"{folder.name}/{lesson}.json: {len(puzzles)} puzzles")


if __name__ == "__main__":
    main()
