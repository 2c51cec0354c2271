"""``tressette-learn hint`` and ``review``: the computer players on a recorded deal."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import TYPE_CHECKING, Any, TextIO

from ..engine.deal import Deal
from ..engine.records import (
    RecordError,
    is_match_record,
    load_json,
    replay,
)
from ..engine.seats import Seat, SeatError
from ..i18n import number, t
from .common import EXIT_OK, UsageError, add_lang, fail, print_json, record_command

if TYPE_CHECKING:
    from ..ai.review import Review

# -- hint and review: the AI on a recorded deal (texts: lessons/strings/*/cli.yaml) ------


def _one_record(args: argparse.Namespace) -> Any:
    """The parsed record argument (a match record is refused)."""
    data = load_json(sys.stdin.read() if args.record == "-" else Path(args.record))
    if is_match_record(data):
        raise RecordError("record", f"a match record: {args.command} takes one deal record "
                                    "(save the deal on its own)")
    return data


def _one_deal(args: argparse.Namespace) -> Deal:
    """The deal of the record argument (a match record is refused)."""
    return replay(_one_record(args))


def add_hint(sub: Any) -> None:
    """Register ``hint RECORD.json [--json] [--lang en|it] [--seed N]``."""
    cmd = record_command(
        sub, "hint", "the hint for the seat to play after a recorded deal's last card",
        "Replay a deal record and show the hint for the seat to play next, from that seat's "
        "view only: the recommended card, what each legal card is worth and why. A finished "
        "deal or a bad record exits with status 2.", "deal record", "hint")
    add_lang(cmd, "the sentence")
    cmd.add_argument("--seed", type=int, default=0,
                     help="seed for the deals sampled from the seat's view (default 0)")
    cmd.set_defaults(run=run_hint, command="hint")


def run_hint(args: argparse.Namespace) -> int:
    """Replay the record and print the hint for the seat to play."""
    from ..ai.comparison import MIN_DEALS
    from ..ai.hints import hint
    from ..ai.solve import batch_ready
    from ..engine_words import refusal_text

    deal = _one_deal(args)
    seat = deal.to_play
    if seat is None:
        return fail(refusal_text(deal.over_reason(), args.lang))
    view = deal.view(seat)
    if len(view.legal) > 1 and not batch_ready():
        print("warming up the solver...", file=sys.stderr, flush=True)
    advice = hint(view, seed=args.seed, block=True)
    trick = len(deal.tricks) + 1
    if args.json:
        print_json({"seat": seat.name, "side": deal.side_of(seat), "trick": trick,
                     **advice.to_json()})
        return EXIT_OK
    lang, side = args.lang, deal.side_of(seat)
    print(t("cli.to_play", lang, seat=seat, trick=trick, hand=str(deal.hand(seat))))
    card = str(advice.card) + (f" ({advice.signal})" if advice.signal else "")
    print(t("cli.recommended", lang, card=card))
    print(t(f"cli.{advice.basis}", lang, deals=advice.deals, possible=advice.possible,
            seat=seat, side=side, confidence=advice.percent, min=MIN_DEALS,
            last=advice.searched_to))
    for note in advice.notes:
        print(note.get(lang))
    margins = not advice.exact
    if advice.shown:
        print(f"  {t('cli.card', lang):<6}{t('cli.points', lang):>8}"
              + (f"{t('cli.margin', lang):>9}" if margins else ""))
    for value, margin in zip(advice.shown, advice.margins, strict=False):
        mark = " <" if value.card == advice.card else (" =" if value.card in advice.equal
                                                       else "")
        shown = ("      --" if margin == float("inf") else number(margin, lang, '>8.2f'))
        print(f"  {value.card!s:<6}{number(value.points, lang, '>8.2f')}"
              + (f" {shown}" if margins else "") + mark)
    print(f"{t('cli.why', lang)}: {advice.explanation.get(lang)}")
    return EXIT_OK


def add_review(sub: Any) -> None:
    """Register ``review RECORD.json --seat S [--json] [--lang en|it]``."""
    cmd = record_command(
        sub, "review", "review one seat's cards in a recorded deal, with the full deal seen",
        "Replay a deal record and judge every card the seat played (at col morto the "
        "dealer's review covers the dummy's cards): what it cost against the best card, the "
        "best cards, why, and the deal's turning points. The solver sees every card: an "
        "after-the-deal analysis. Progress is shown on stderr when it is a terminal. A bad "
        "record or seat exits with status 2.", "deal record", "review")
    cmd.add_argument("--seat", required=True, metavar="S",
                     help="the seat to review: N, E, S or W (S or N with two players)")
    add_lang(cmd, "the explanations")
    cmd.set_defaults(run=run_review, command="review")


def run_review(args: argparse.Namespace) -> int:
    """Replay the record, review the seat and print the table."""
    from ..ai import solve
    from ..ai.review import review
    from ..ai.review_talk import replay_reading_false_signals

    record = _one_record(args)
    deal, _ = replay_reading_false_signals(record)  # a real table's false signal is reviewed
    seat = _review_seat(deal, args.seat)
    tty = sys.stderr.isatty()
    if tty and not solve.is_ready():
        print("warming up the solver...", end="", file=sys.stderr, flush=True)
    progress = _Counter(sys.stderr) if tty else None
    try:
        result = review(record, seat, progress=progress)
    finally:
        if progress is not None:
            progress.clear()
    if args.json:
        print_json(result.to_json())
    else:
        for line in review_lines(result, args.lang):
            print(line)
    return EXIT_OK


def _review_seat(deal: Deal, text: str) -> Seat:
    """The ``--seat`` argument checked against the table; errors name ``--seat``."""
    from ..engine.seats import seats_for

    try:
        seat = Seat.parse(text)
    except SeatError as err:
        raise UsageError(f"--seat: {err}") from None
    players = deal.rules.players
    if seat not in deal.seats:
        raise UsageError(f"--seat: {seat} has no place at a {players}-player table (seats "
                         f"{', '.join(map(str, seats_for(players)))})")
    if deal.controller(seat) != seat:
        dealer = deal.controller(seat)
        raise UsageError(f"--seat: {seat} is the dummy, whose cards the dealer plays: "
                         f"use --seat {dealer}")
    return seat


class _Counter:
    """A one-line ``analysing 12/40`` counter, rewritten in place on a terminal."""

    def __init__(self, out: TextIO):
        self.out = out
        self.width = 0

    def __call__(self, done: int, total: int) -> None:
        text = f"analysing {done}/{total}"
        self.out.write("\r" + text.ljust(self.width))
        self.out.flush()
        self.width = max(self.width, len(text))

    def clear(self) -> None:
        self.out.write("\r" + " " * max(self.width, 30) + "\r")
        self.out.flush()


_ROW = "{:>5} {:<5} {:<5} {:>6} {:>6} {:>6}  {:<10} {}"


def review_lines(result: Review, lang: str = "en") -> list[str]:
    """The text of a :class:`~tressette_learn.ai.review.Review`, in ``en`` or ``it``."""
    lines = [t("cli.review", lang, seat=result.seat, side=result.side), "",
             _ROW.format(*t("cli.columns", lang).split("|")).rstrip()]
    for p in result.plays:
        method = t("cli.exact_method" if p.exact else "cli.estimated_method", lang)
        cards = " ".join(map(str, p.best)) + (t("cli.revoke", lang) if p.revoke else "")
        lines.append(_ROW.format(p.trick, str(p.seat), str(p.card), p.played_points,
                                 p.best_points, p.cost, method, cards))
    if not result.complete:
        lines.append(t("cli.partial", lang, plays=len(result.plays)))
    if result.unjudged is not None:
        lines.append(result.unjudged.get(lang))
    lines += ["", t("cli.total", lang, cost=result.total_cost), t("cli.mistakes", lang)]
    lines += ["  " + p.mistake.get(lang) for p in result.costliest]
    if not result.mistakes:
        lines.append(t("cli.none", lang))
    for what, notes in (("declarations", result.declarations), ("signals", result.signals)):
        if notes:
            lines += [t(f"review.heading.{what}", lang)]
            lines += ["  " + note.phrase.get(lang) for note in notes]
    lines.append(t("cli.turning", lang, side=result.value_side))
    for turn in result.turning_points:
        lines.append(t("cli.turn", lang, trick=turn.play.trick, seat=turn.play.seat,
                       card=turn.play.card, side=turn.side, before=turn.before,
                       after=turn.after))
    if not result.turning_points:
        lines.append(t("cli.none", lang))
    return lines
