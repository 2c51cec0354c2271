"""Write the solver's answers into the guided hands: ``python -m scripts.solve_hands``.

For each "your move" of ``lessons/hands/*.json`` the exact solver values every legal card
(the points it ends the deal with for the learner's side); the values go to
``lessons/hands/solved/<name>.json``, so a lesson judges the learner's card without loading
the compiled solver.
``tests/test_guided.py`` recomputes them and fails if a hand and the solver disagree.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

from tressette_learn.teaching.guided import HandScript, solver_answers

HANDS = Path(__file__).resolve().parent.parent / "lessons" / "hands"


def solved(script: HandScript) -> dict[str, dict[str, int]]:
    """The file ``lessons/hands/solved/<name>.json`` for ``script`` (empty: no your-moves)."""
    return {str(number): {str(v.card): v.points for v in values}
            for number, values in solver_answers(script).items()}


def main() -> int:
    (HANDS / "solved").mkdir(exist_ok=True)
    for path in sorted(HANDS.glob("*.json")):
        answers = solved(HandScript.from_json(path.stem, json.loads(path.read_text("utf-8"))))
        target = HANDS / "solved" / path.name
        text = json.dumps(answers, indent=1) + "\n"
        if answers and (not target.is_file() or target.read_text("utf-8") != text):
            target.write_text(text, encoding="utf-8")
            print(f"{target.name}: {len(answers)} your-moves solved")
    return 0


if __name__ == "__main__":
    sys.exit(main())
