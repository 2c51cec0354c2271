"""A deal's score in words: the line under the table for each side, the result, the notes.

Every number comes from the engine's :class:`~tressette_learn.engine.DealResult`; this
module only words it, so the table, the scoreboard and the match widget say the same
thing and what a learner reads adds up. ``label`` names a side (the scoreboard may use the
learners' own names for them).
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable

from ..engine import Deal, DealResult, Rules
from .i18n import side_name, t

Label = Callable[[str], str]


def pile_text(deal: Deal, result: DealResult, side: str, lang: str) -> str:
    """``East–West: 4 tricks, 9 thirds + 3 thirds for the last trick = 12 thirds (4 points)``:
    the cards a side has taken so far, and the last trick once it is won."""
    score = result.sides[side]
    tricks = sum(1 for trick in deal.tricks
                 if trick.winner is not None and deal.side_of(trick.winner) == side)
    if result.penalised is not None:  # the points are the revoke's penalty: see the notes
        return t("table.pile.revoke", lang, side=side, tricks=tricks, thirds=score.thirds)
    key = "table.pile.last" if score.last_trick else "table.pile"
    return t(key, lang, side=side, tricks=tricks, cards=score.taken_thirds,
             last=score.last_trick, thirds=score.thirds, points=score.card_points)


def result_text(result: DealResult, rules: Rules, lang: str) -> str:
    """The end of a deal in sentences: each side's points (and where they come from), who
    the deal goes to a perdere, and the notes (redeal, revoke, cappotto, call)."""
    notes = [text for _css, text in deal_notes(result, rules, lang,
                                               lambda side: side_name(side, lang))]
    if result.redeal_by is not None:
        return " ".join(notes)
    sides = ", ".join(_side_points(result, side, lang) for side in result.sides)
    return " ".join([t("table.result", lang, sides=sides), *notes])


def _side_points(result: DealResult, side: str, lang: str) -> str:
    """``North–South 7 (4 from the cards + 3 for declarations)``, or ``East–West 4``."""
    score = result.sides[side]
    extras = [(key, n) for key, n in (("declared", score.declarations), ("bonus", score.bonus))
              if n]
    if not extras:
        return t("table.result.side", lang, side=side, total=score.total)
    parts = [t("table.result.cards", lang, n=score.card_points)]
    parts += [t(f"table.result.{key}", lang, n=n) for key, n in extras]
    return t("table.result.parts", lang, side=side, total=score.total, parts=" + ".join(parts))


def verdict(result: DealResult, lang: str, label: Label) -> str:
    """A perdere, where fewer points win: who the deal goes to (empty at other tables)."""
    if not result.low_wins or not result.complete or result.redeal_by is not None:
        return ""
    winner = result.winner
    which = (t("scoreboard.deal_level", lang) if winner is None
             else t("scoreboard.deal_to", lang, side=label(winner)))
    return f"{t('scoreboard.low_wins', lang)} {which}"


def deal_notes(result: DealResult, rules: Rules, lang: str, label: Label) -> list[tuple[str, str]]:
    """``(css class, text)`` notes: unfinished deal, redeal, who the deal goes to a perdere,
    revoke, cappotto, call out."""
    notes = []
    if result.redeal_by is not None:
        notes.append(("tl-score-redeal", t("scoreboard.redeal", lang, seat=result.redeal_by)))
    elif not result.complete and result.call is None:
        notes.append(("tl-score-unfinished", t("scoreboard.unfinished", lang)))
    said = verdict(result, lang, label)
    if said:
        notes.append(("tl-score-verdict", said))
    if result.revokes and result.penalised is not None:
        rev = result.revokes[0]
        notes.append(("tl-score-revoke", t("scoreboard.revoke", lang, trick=rev.trick,
                                           seat=rev.seat, card=rev.card,
                                           side=label(result.penalised))))
    if result.cappotto is not None:
        side = label(result.cappotto)
        if rules.reversed_cappotto:
            said = t("scoreboard.cappotto.reversed", lang, side=side, points=rules.deal_points)
        else:
            said = t(f"scoreboard.cappotto.{rules.cappotto_definition}", lang, side=side) + \
                " " + t(f"scoreboard.cappotto.{rules.cappotto_effect}", lang, side=side)
        notes.append(("tl-score-cappotto", said))
    if result.call is not None:
        word = "correct" if result.call.correct else "wrong"
        notes.append(("tl-score-call", t(f"scoreboard.call.{word}", lang,
                                         side=label(result.call.side), points=result.call.points)))
    return notes


@dataclasses.dataclass(frozen=True)
class Verdict:
    """:func:`verdict` as a wording: written again in each language asked for."""

    result: DealResult

    def get(self, lang: str) -> str:
        """Who the deal goes to a perdere, in ``lang`` (empty at other tables)."""
        return verdict(self.result, lang, lambda side: side_name(side, lang))
