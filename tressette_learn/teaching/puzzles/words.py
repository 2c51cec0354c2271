"""What a puzzle says: its title, prompt, hint, and the answer to each card tried, as
phrases (``lessons/strings/<lang>/puzzle.yaml`` keyed by theme, facts filled in)."""

from __future__ import annotations

import dataclasses
from typing import Any

from ...ai.explain import explain
from ...ai.solver_line import TAKES_TRICK, consequence, taken_now_against
from ...engine.cards import Card
from ...engine.seats import Seat
from ...i18n import Joined, Phrase, Wording, has
from .bank import Puzzle
from .lead_signals import after_lead

#: Themes whose point is the verdict itself ("reaches 7 points"): with several right cards
#: the verdict, which names them all, is said once, not followed by the point again.
VERDICT_THEMES = ("make_points",)


def facts(puzzle: Puzzle) -> dict[str, Any]:
    """The facts the theme's sentences fill in: the stored ones, the goal as ``n``, the
    suit of a card named, and a signal in words with its meaning."""
    out: dict[str, Any] = dict(puzzle.facts)
    if puzzle.goal is not None:
        out["n"] = puzzle.goal
    card = out.get("card") or out.get("ace")
    if card is not None and "suit" not in out:
        out["suit"] = card.suit
    signal = out.get("signal")
    if signal is not None and card is not None:
        out["signal"] = Phrase.of(f"puzzle.signal.{signal}")
        out["meaning"] = Phrase.of(f"puzzle.meaning.{signal}", card=card, suit=card.suit)
    return out


def _theme(puzzle: Puzzle, part: str) -> Phrase:
    return Phrase.of(f"puzzle.{puzzle.theme}.{part}", **facts(puzzle))


def title(puzzle: Puzzle) -> Phrase:
    """The puzzle's title (its theme's)."""
    return _theme(puzzle, "title")


def prompt(puzzle: Puzzle) -> Wording:
    """The question, then whether the other hands are shown (or, for a signal to lead,
    that the card clicked carries it)."""
    after = "puzzle.lead.signalled" if puzzle.lead_signal else \
        "puzzle.shown" if puzzle.shown else "puzzle.hidden"
    return Joined((_theme(puzzle, "prompt"), Phrase.of(after)))


def hint(puzzle: Puzzle) -> Phrase:
    """The theme's hint, with the facts."""
    return _theme(puzzle, "hint")


def solved(puzzle: Puzzle, card: Card) -> Wording:
    """A right card: said so, why (the theme's point and the reason), and with hidden hands
    that it is sound on every layout. One verdict: when several cards are right, the answer
    names them all as equally good and gives the reason they share, whichever was clicked
    (``card`` only has to be one of them). A lead with a signal: why the signal is true,
    what partner learns, and how sound the lead is."""
    accepted = puzzle.answer.accepted
    if card not in accepted:
        raise ValueError(f"{card} is not a right card of puzzle {puzzle.id}")
    if puzzle.lead_signal:
        return _signal_true(puzzle)
    if len(accepted) > 1:
        if puzzle.theme in VERDICT_THEMES:
            return _equal(puzzle)
        many = f"puzzle.{puzzle.theme}.explain.many"
        point = Phrase.of(many, **facts(puzzle)) if has(many) else _theme(puzzle, "explain")
        return Joined((_equal(puzzle), point))
    said: list[Wording] = [Phrase.of("puzzle.solved", card=card), _theme(puzzle, "explain"),
                           reason(puzzle)]
    if not puzzle.shown:
        said.append(Phrase.of("puzzle.solved.sound", deals=puzzle.answer.deals))
    return Joined(tuple(said))


def reason(puzzle: Puzzle) -> Wording:
    """Why the one right card is right, from the learner's view, every sentence checked
    against the position (:mod:`tressette_learn.ai.reason_check`); every hand is used
    when the puzzle shows them."""
    deal = puzzle.deal()
    (card,) = puzzle.answer.accepted
    why = explain(deal.view(puzzle.seat), card, deal=deal, shown=puzzle.shown)
    if puzzle.shown and deal.rules.a_perdere and why.phrase.key in TAKES_TRICK:
        others = sorted((c for c in deal.view(puzzle.seat).legal if c != card),
                        key=lambda c: puzzle.answer.lost_here(c))
        now = taken_now_against(deal, card, others)
        if now is not None:
            return dataclasses.replace(why, phrase=now)
    return why


def _equal(puzzle: Puzzle) -> Phrase:
    """``Solved! The Four of batons and the King of swords are equally good: ...``"""
    answer = puzzle.answer
    if not puzzle.shown:
        return Phrase.of("puzzle.solved.equal.hidden", cards=answer.accepted,
                         deals=answer.deals)
    key = "puzzle.solved.equal.perdere" if answer.low_wins else "puzzle.solved.equal.shown"
    return Phrase.of(key, cards=answer.accepted, n=answer.best_points)


def wrong(puzzle: Puzzle, card: Card) -> Wording:
    """A wrong card: what it costs (every hand shown: and the tricks that go wrong after it,
    as the solver plays it on) and, with hidden hands, on how many layouts and one
    layout where it goes wrong (or that it works here only by luck). A lead that would make
    the signal false: why, in words."""
    if puzzle.lead_signal:
        return _signal_false(puzzle, card)
    answer = puzzle.answer
    result = answer.result(card)
    if puzzle.shown:
        key = "puzzle.wrong.perdere" if answer.low_wins else "puzzle.wrong.shown"
        said: list[Wording] = [Phrase.of(key, card=card, cost=answer.lost_here(card),
                                         points=result.points, best=answer.best_points)]
        after = consequence(puzzle.deal(), card, answer.accepted)
        if after is not None:
            said.append(after)
    else:
        said = [Phrase.of("puzzle.wrong.lucky", card=card) if answer.lucky(card) else
                Phrase.of("puzzle.wrong.here", card=card, cost=answer.lost_here(card)),
                Phrase.of("puzzle.wrong.unsafe", deals=answer.deals, loss=round(result.loss, 1),
                          worst=result.worst)]
        if result.layout is not None:
            said.append(Phrase.of("puzzle.wrong.layout", **{
                name: result.layout.get(seat, ())
                for name, seat in (("north", Seat.N), ("west", Seat.W), ("east", Seat.E))}))
    said.append(Phrase.of("puzzle.wrong.again"))
    return Joined(tuple(said))


def points_lost(puzzle: Puzzle, card: Card) -> float:
    """What a card tried costs, priced by the solver: on the layout when every hand is
    shown, else on average over the fitting deals."""
    result = puzzle.answer.result(card)
    return float(puzzle.answer.lost_here(card)) if puzzle.shown else round(result.loss, 2)


def _signal_true(puzzle: Puzzle) -> Wording:
    """Why leading each right card makes the signal true, what partner learns (said once),
    how sound the leads are (the same words whichever right card was clicked)."""
    answer = puzzle.answer
    cards = answer.accepted
    said: list[Wording] = [Phrase.of("puzzle.solved", card=cards[0]) if len(cards) == 1 else
                           Phrase.of("puzzle.solved.equal.signal", cards=cards)]
    key = f"puzzle.{puzzle.theme}.explain"
    many = ".many" if len(cards) > 1 else ""
    for card in cards:  # why each card's signal is true, then once what partner learns
        facts = {k: v for k, v in after_lead(puzzle.deal(), card).items() if v is not None}
        said.append(Phrase.of(f"{key}.fact", **facts))
    said.append(Phrase.of(f"{key}.then{many}", **facts))  # .then.many names no card
    extra = round(max(answer.result(c).loss for c in cards) - answer.least_loss, 1)
    if all(answer.result(c).sound for c in cards):
        said.append(Phrase.of(f"puzzle.solved.sound{many}", deals=answer.deals))
    else:
        said.append(Phrase.of(("puzzle.lead.close" if extra else "puzzle.lead.even") + many,
                              deals=answer.deals, loss=extra))
    return Joined(tuple(said))


def _signal_false(puzzle: Puzzle, card: Card) -> Wording:
    """Why the signal would be false if ``card`` were led (the engine's reason, worded), or
    which signal, also true, a good player gives instead."""
    assert puzzle.lead_signal is not None
    deal = puzzle.deal()
    refusal = deal.signal_reason(card, puzzle.lead_signal)
    if refusal is None:
        better = deal.good_signal(card)
        if better == puzzle.lead_signal:
            raise ValueError(f"{card} is led with a {better}: it is no wrong card")
        return Joined((Phrase.of(f"puzzle.lead.better.{better}", **after_lead(deal, card)),
                       Phrase.of("puzzle.wrong.again")))
    facts = refusal.facts
    kind: str = refusal.kind
    if kind == "false_busso" and isinstance(facts["master"], Card) and facts["master"] < card:
        kind = "false_busso_led"  # the card led was the highest one: it gave it up
    return Joined((Phrase.of(f"puzzle.lead.false.{kind}", **facts),
                   Phrase.of("puzzle.wrong.again")))
