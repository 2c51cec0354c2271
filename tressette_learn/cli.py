"""The ``tressette-learn`` command line.

``tressette-learn score RECORD.json [--json]`` replays a deal record (or a match record) and
prints the score trick by trick. ``tressette-learn hint RECORD.json`` shows the hint for the
seat to play next (from that seat's view only); ``tressette-learn review RECORD.json --seat S``
judges every card that seat played, with the full deal seen. A bad record (or option) exits
with status 2 and one line on stderr naming the field, never a traceback.

New subcommands register themselves in :data:`COMMANDS`: a function that adds the
subparser (and sets ``run`` with ``set_defaults``) and returns nothing.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any, NoReturn, TextIO

from .engine.cards import CardError, Suit
from .engine.deal import Deal, DealError
from .engine.declarations import DeclarationError
from .engine.match import Match
from .engine.records import (
    RecordError,
    is_match_record,
    load_json,
    match_from_records,
    replay,
    score_breakdown,
)
from .engine.rules import RulesError
from .engine.seats import Seat, SeatError

EXIT_OK = 0
EXIT_BAD_INPUT = 2
ENGINE_ERRORS = (RecordError, CardError, SeatError, RulesError, DealError, DeclarationError)


class UsageError(Exception):
    """A command line that argparse cannot read."""


class _Parser(argparse.ArgumentParser):
    """An ArgumentParser that reports a bad command line as one line (see :func:`main`)."""

    def error(self, message: str) -> NoReturn:
        raise UsageError(f"{message} (try: {self.prog} --help)")


# -- entry point ---------------------------------------------------------------------------
def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line; returns the exit status (2 for bad input)."""
    parser = build_parser()
    try:
        args = parser.parse_args(argv)
        run: Callable[[argparse.Namespace], int] | None = getattr(args, "run", None)
        if run is None:
            parser.print_help()
            return EXIT_OK
        return run(args)
    except SystemExit as done:  # --help and --version
        return done.code if isinstance(done.code, int) else EXIT_OK
    except KeyboardInterrupt:
        return 130
    except (UsageError, *ENGINE_ERRORS) as err:
        return _fail(str(err))
    except BrokenPipeError:
        return EXIT_OK
    except OSError as err:
        return _fail(f"{getattr(err, 'filename', None) or 'output'}: {err.strerror or err}")
    except Exception as err:  # noqa: BLE001 - the promise is: never a traceback
        return _fail(f"unexpected {type(err).__name__}: {err}")


def _fail(message: str) -> int:
    print("error: " + " ".join(message.split()), file=sys.stderr)
    return EXIT_BAD_INPUT


def build_parser() -> argparse.ArgumentParser:
    """The parser with every registered subcommand."""
    parser = _Parser(prog="tressette-learn",
                     description="Learn Tressette: tools around the rules engine.")
    parser.add_argument("--version", action="version", version=f"%(prog)s {_version()}")
    sub = parser.add_subparsers(title="commands", metavar="COMMAND")
    for add in COMMANDS.values():
        add(sub)
    return parser


def _version() -> str:
    try:
        from importlib.metadata import version

        return version("tressette_learn")
    except Exception:  # noqa: BLE001 - not installed: running from a checkout
        return "unknown"


# -- score ---------------------------------------------------------------------------------
def add_score(sub: Any) -> None:
    """Register ``score RECORD.json [--json]``."""
    cmd = sub.add_parser(
        "score", help="replay a recorded deal and show its score trick by trick",
        description="Replay a deal record (or match record) and print each trick, each "
                    "side's thirds and points, declarations, revokes, cappotto, calls and "
                    "the result. A bad record exits with status 2.")
    cmd.add_argument("record", metavar="RECORD.json",
                     help="the deal or match record ('-' reads standard input)")
    cmd.add_argument("--json", action="store_true", help="print the breakdown as JSON")
    cmd.set_defaults(run=run_score)


def run_score(args: argparse.Namespace) -> int:
    """Replay the record and print the breakdown."""
    path = Path(args.record)
    data = load_json(sys.stdin.read() if args.record == "-" else path)
    if is_match_record(data):
        match = match_from_records(data)
        if args.json:
            _print_json(match_breakdown(match))
        else:
            print_match(match, path, sys.stdout)
        return EXIT_OK
    deal = replay(data)
    if args.json:
        _print_json(score_breakdown(deal))
    else:
        print(f"Deal record {path}", file=sys.stdout)
        print_deal(score_breakdown(deal), sys.stdout)
    return EXIT_OK


def _print_json(obj: Any) -> None:
    print(json.dumps(obj, indent=2, ensure_ascii=False))


def _match_deals(match: Match) -> list[Deal]:
    deals = list(match.finished)
    if not match.is_over() and match.deal not in deals and match.deal.actions:
        deals.append(match.deal)
    return deals


def match_breakdown(match: Match) -> dict[str, Any]:
    """Every deal's breakdown plus the match totals and outcome."""
    outcome = match.result()
    return {"deals": [score_breakdown(d) for d in _match_deals(match)],
            "totals": dict(match.totals), "complete": outcome is not None,
            "winner": None if outcome is None else outcome.winner,
            "reason": None if outcome is None else outcome.reason,
            "stake": None if outcome is None else outcome.stake}


def print_match(match: Match, path: Path, out: TextIO) -> None:
    """The text breakdown of a match record: each deal, then the totals."""
    print(f"Match record {path}", file=out)
    for number, deal in enumerate(_match_deals(match), 1):
        print(f"\n== Deal {number} ==", file=out)
        print_deal(score_breakdown(deal), out)
    totals = ", ".join(f"{side} {points}" for side, points in match.totals.items())
    outcome = match.result()
    print(f"\nMatch totals: {totals}", file=out)
    if outcome is None:
        print("Match in progress.", file=out)
    else:
        stake = f" (stake x{outcome.stake})" if outcome.stake != 1 else ""
        print(f"Match won by {outcome.winner}: {outcome.reason}{stake}", file=out)


# -- text breakdown ----------------------------------------------------------------------------
def print_deal(b: dict[str, Any], out: TextIO) -> None:
    """Print a :func:`score_breakdown` for a person."""
    for line in deal_lines(b):
        print(line, file=out)


def deal_lines(b: dict[str, Any]) -> list[str]:
    """The text breakdown of one deal, line by line."""
    lines = [_header(b), ""]
    for trick in b["tricks"]:
        lines += [_trick_line(b, trick), *_draw_lines(trick)]
    if b["current"]:
        lines.append(_current_line(b))
    if b["redeal"] is not None:
        lines.append(f"Redeal: {b['redeal']} asked for a redeal before the first lead; "
                     "the deal is not scored")
        return lines
    if b["in_progress"]:
        lines.append(f"In progress: {b['tricks_played']} of {b['tricks_per_deal']} tricks "
                     f"played, {b['to_play']} to play; scores so far (no last trick yet)")
    lines += [""] + _points_lines(b) + _last_trick_lines(b) + _declaration_lines(b)
    lines += _revoke_lines(b) + _cappotto_lines(b) + _call_lines(b) + _result_lines(b)
    return lines


def _header(b: dict[str, Any]) -> str:
    rules = b["rules"] if isinstance(b["rules"], str) else json.dumps(b["rules"])
    text = f"Rules: {rules}; dealer {b['dealer']}"
    if any(b["match_scores"].values()):
        text += "; match scores before the deal: " + _scores(b["match_scores"])
    return text


def _scores(scores: dict[str, int]) -> str:
    return ", ".join(f"{side} {points}" for side, points in scores.items())


def _plays_text(seats: list[str], cards: list[str], signal: str | None,
                revokes: list[str]) -> str:
    parts = []
    for i, (seat, card) in enumerate(zip(seats, cards, strict=True)):
        notes = [signal] if i == 0 and signal else []
        if i > 0 and seat in revokes:
            notes.append("revoke!")
        parts.append(f"{seat} {card}" + (f" ({', '.join(notes)})" if notes else ""))
    return ", ".join(parts)


def _trick_line(b: dict[str, Any], t: dict[str, Any]) -> str:
    plays = _plays_text(t["seats"], t["cards"], t["signal"], t["revokes"])
    last = t["number"] == b["tricks_per_deal"]
    thirds = f"{t['thirds']} third{'s' if t['thirds'] != 1 else ''}"
    if last:
        thirds += " + 3 for the last trick"
    return f"Trick {t['number']:>2}  {t['leader']} leads: {plays:<44} won by {t['winner']}, " \
           f"{thirds}"


def _draw_lines(trick: dict[str, Any]) -> list[str]:
    if not trick["draws"]:
        return []
    draws = ", ".join(f"{d['seat']} {d['card']}" for d in trick["draws"])
    return [f"{'':10}drawn from the stock and shown: {draws}"]


def _current_line(b: dict[str, Any]) -> str:
    current = b["current"]
    plays = _plays_text([p["seat"] for p in current], [p["card"] for p in current],
                        current[0].get("signal"), [])
    return f"Trick {b['tricks_played'] + 1:>2}  {current[0]['seat']} leads: {plays}  (in play)"


def _points_lines(b: dict[str, Any]) -> list[str]:
    lines = ["Card points, in thirds before rounding (3 thirds = 1 point; a fraction is lost)"
             + (", before the revoke penalty:" if b["penalised"] else ":")]
    for side, s in b["sides"].items():
        text = f"  {side:<2} {s['thirds']:>2} third{'' if s['thirds'] == 1 else 's'}"
        if s["thirds"] != s["card_thirds"]:
            text += f" ({s['card_thirds']} in cards + 3 for the last trick)"
        lost = s["thirds"] % 3
        text += f" -> {s['thirds'] // 3} points" + (f" ({lost}/3 lost)" if lost else "")
        lines.append(text)
    return lines


def _last_trick_lines(b: dict[str, Any]) -> list[str]:
    if b["last_trick"] is None:
        return ["Last trick: not yet played"]
    side = _side_of(b, b["last_trick"])
    return [f"Last trick: {b['last_trick']} ({side}), worth 1 point"]


def _side_of(b: dict[str, Any], seat: str) -> str:
    if b["players"] == 2:
        return seat
    return "NS" if seat in ("N", "S") else "EW"


def _declaration_lines(b: dict[str, Any]) -> list[str]:
    if not b["declarations"]:
        return ["Declarations: none"]
    return ["Declarations (kept apart from card points):",
            *(f"  {d['text']} -> {d['side']}" for d in b["declarations"])]


def _revoke_lines(b: dict[str, Any]) -> list[str]:
    if not b["revokes"]:
        return ["Revokes: none"]
    lines = ["Revokes (a card that did not follow suit while the player could):",
             *(f"  trick {r['trick']}: {r['seat']} played {r['card']} on a "
               f"{_led_suit(b, r['trick'])} lead" for r in b["revokes"])]
    offenders = b["penalised"]
    others = [s for s in b["sides"] if s != offenders]
    points = ", ".join(f"{s} {b['sides'][s]['points']}" for s in b["sides"])
    lines.append(f"  Penalty: {offenders} revoked and lose the deal; {' and '.join(others)} "
                 f"take the card points: {points}")
    return lines


def _led_suit(b: dict[str, Any], number: int) -> str:
    tricks = [t for t in b["tricks"] if t["number"] == number]
    cards = tricks[0]["cards"] if tricks else [p["card"] for p in b["current"]]
    return Suit.parse(cards[0][1:]).italian_name


def _cappotto_lines(b: dict[str, Any]) -> list[str]:
    effect = b["cappotto_effect"]
    if b["cappotto"] is None:
        return ["Cappotto: none" if effect else "Cappotto: not played at this table"]
    others = " and ".join(s for s in b["sides"] if s != b["cappotto"])
    what = "stake doubled" if effect == "double" else f"+11 to {b['cappotto']}"
    return [f"Cappotto: {b['cappotto']} ({what}; {others} declarations do not count)"]


def _call_lines(b: dict[str, Any]) -> list[str]:
    if not b["calls"]:
        return ["Calls: none"]
    return ["Calls (chiamata fuori):", *(_call_text(b, c) for c in b["calls"])]


def _call_text(b: dict[str, Any], call: dict[str, Any]) -> str:
    text = f"  {call['side']} called out after trick {call['after_trick']} with a match " \
           f"total of {call['points']}: "
    if call["correct"]:
        return text + f"correct, {call['side']} win the match"
    text += f"wrong, short of {b['target']}"
    if call["winner"] is None:
        return text + " (the call is ignored and play goes on)"
    return text + f"; {call['winner']} win the match"


def _result_lines(b: dict[str, Any]) -> list[str]:
    parts = []
    for side, s in b["sides"].items():
        extra = []
        if s["declarations"]:
            extra.append(f"{s['declarations']} declared")
        if s["bonus"]:
            extra.append(f"{s['bonus']} cappotto bonus")
        detail = f" ({s['points']} card points + {' + '.join(extra)})" if extra else ""
        parts.append(f"{side} {s['total']}{detail}")
    word = "Result" if b["complete"] else "Score so far"
    lines = [f"{word}: {', '.join(parts)}"]
    if b["complete"] and any(b["match_scores"].values()):
        after = {side: b["match_scores"][side] + s["total"] for side, s in b["sides"].items()}
        lines.append(f"Match scores after the deal: {_scores(after)}")
    return lines


# -- hint and review: the AI on a recorded deal -------------------------------------------------
LABELS: dict[str, dict[str, str]] = {
    "en": {
        "to_play": "{seat} to play, trick {trick}; hand: {hand}",
        "recommended": "Recommended: {card}",
        "exact": "Exact: {deals} deal(s) solved, out of {possible} that fit what {seat} has "
                 "seen; points and thirds for {side}, averaged",
        "estimated": "Estimated: each card played out by club players on {deals} deal(s), "
                     "out of {possible} that fit what {seat} has seen; points and thirds "
                     "for {side}, averaged",
        "card": "card", "points": "points", "thirds": "thirds", "why": "Why",
        "review": "Review of {seat} ({side}): the solver saw every card (an after-the-deal "
                  "analysis); the explanations use only what {seat} could see.",
        "columns": "trick|seat|card|points|best|cost|method|best card(s)",
        "total": "Total cost: {cost}", "mistakes": "Mistakes (costliest first):",
        "none": "  none", "turning": "Turning points ({side}'s points before -> after the play):",
        "mistake": "  trick {trick}, {seat} played {card}: cost {cost} ({played} instead of "
                   "{best}); best: {cards}.",
        "turn": "  trick {trick}, {seat} played {card}: {side} {before} -> {after}",
        "partial": "The deal is not finished: {plays} card(s) reviewed.",
        "exact_m": "exact", "estimated_m": "estimated", "revoke": " (revoke)",
        "about": ", estimated",
    },
    "it": {
        "to_play": "Tocca a {seat}, presa {trick}; mano: {hand}",
        "recommended": "Carta consigliata: {card}",
        "exact": "Esatto: {deals} smazzate risolte, su {possible} compatibili con quello che "
                 "{seat} ha visto; punti e terzi di {side}, in media",
        "estimated": "Stimato: ogni carta giocata fino in fondo da giocatori di circolo su "
                     "{deals} smazzate, su {possible} compatibili con quello che {seat} ha "
                     "visto; punti e terzi di {side}, in media",
        "card": "carta", "points": "punti", "thirds": "terzi", "why": "Perché",
        "review": "Analisi di {seat} ({side}): il risolutore ha visto tutte le carte (analisi "
                  "a smazzata finita); le spiegazioni usano solo quello che {seat} poteva "
                  "vedere.",
        "columns": "presa|posto|carta|punti|migl.|costo|metodo|carte migliori",
        "total": "Costo totale: {cost}", "mistakes": "Errori (dal più costoso):",
        "none": "  nessuno", "turning": "Momenti decisivi (punti di {side} prima -> dopo la "
                                        "giocata):",
        "mistake": "  presa {trick}, {seat} ha giocato {card}: costo {cost} ({played} invece "
                   "di {best}); migliore: {cards}.",
        "turn": "  presa {trick}, {seat} ha giocato {card}: {side} {before} -> {after}",
        "partial": "La smazzata non è finita: {plays} carte analizzate.",
        "exact_m": "esatto", "estimated_m": "stimato", "revoke": " (rinuncia)",
        "about": ", stimato",
    },
}


def _points_word(points: int, lang: str) -> str:
    if lang == "it":
        return "1 punto" if points == 1 else f"{points} punti"
    return "1 point" if points == 1 else f"{points} points"


def _one_deal(args: argparse.Namespace) -> Deal:
    """The deal of the record argument (a match record is refused)."""
    data = load_json(sys.stdin.read() if args.record == "-" else Path(args.record))
    if is_match_record(data):
        raise RecordError("record", f"a match record: {args.command} takes one deal record "
                                    "(save the deal on its own)")
    return replay(data)


def add_hint(sub: Any) -> None:
    """Register ``hint RECORD.json [--json] [--lang en|it] [--seed N]``."""
    cmd = sub.add_parser(
        "hint", help="the hint for the seat to play after a recorded deal's last card",
        description="Replay a deal record and show the hint for the seat to play next, from "
                    "that seat's view only: the recommended card, what each legal card is "
                    "worth and why. A finished deal or a bad record exits with status 2.")
    cmd.add_argument("record", metavar="RECORD.json",
                     help="the deal record ('-' reads standard input)")
    cmd.add_argument("--json", action="store_true", help="print the hint as JSON")
    cmd.add_argument("--lang", choices=("en", "it"), default="en",
                     help="language of the sentence (default en)")
    cmd.add_argument("--seed", type=int, default=0,
                     help="seed for the deals sampled from the seat's view (default 0)")
    cmd.set_defaults(run=run_hint, command="hint")


def run_hint(args: argparse.Namespace) -> int:
    """Replay the record and print the hint for the seat to play."""
    from .ai import fastsolver
    from .ai.hints import EXACT_HORIZON, hint
    from .engine.records import over_reason

    deal = _one_deal(args)
    seat = deal.to_play
    if seat is None:
        return _fail(over_reason(deal))
    view = deal.view(seat)
    left = deal.rules.tricks_per_deal - len(deal.tricks)
    if left <= EXACT_HORIZON and not fastsolver.is_ready():
        print("warming up the solver...", file=sys.stderr, flush=True)
        fastsolver.warm_up(background=False)
    advice = hint(view, seed=args.seed, block=True)
    trick = len(deal.tricks) + 1
    if args.json:
        _print_json({"seat": seat.name, "side": deal.side_of(seat), "trick": trick,
                     **advice.to_json()})
        return EXIT_OK
    words = LABELS[args.lang]
    side = deal.side_of(seat)
    print(words["to_play"].format(seat=seat, trick=trick, hand=deal.hand(seat)))
    card = str(advice.card) + (f" ({advice.signal})" if advice.signal else "")
    print(words["recommended"].format(card=card))
    method = "exact" if advice.exact else "estimated"
    print(words[method].format(deals=advice.deals, possible=advice.possible, seat=seat,
                               side=side))
    print(f"  {words['card']:<6}{words['points']:>8}{words['thirds']:>8}")
    for value in advice.values:
        mark = " <" if value.card == advice.card else ""
        print(f"  {value.card!s:<6}{value.points:>8.2f}{value.thirds:>8.2f}{mark}")
    print(f"{words['why']}: {advice.sentence(args.lang)}")
    return EXIT_OK


def add_review(sub: Any) -> None:
    """Register ``review RECORD.json --seat S [--json] [--lang en|it]``."""
    cmd = sub.add_parser(
        "review", help="review one seat's cards in a recorded deal, with the full deal seen",
        description="Replay a deal record and judge every card the seat played (at col "
                    "morto the dealer's review covers the dummy's cards): what it cost "
                    "against the best card, the best cards, why, and the deal's turning "
                    "points. The solver sees every card: an after-the-deal analysis. Progress "
                    "is shown on stderr when it is a terminal. A bad record or seat exits "
                    "with status 2.")
    cmd.add_argument("record", metavar="RECORD.json",
                     help="the deal record ('-' reads standard input)")
    cmd.add_argument("--seat", required=True, metavar="S",
                     help="the seat to review: N, E, S or W (S or N with two players)")
    cmd.add_argument("--json", action="store_true", help="print the review as JSON")
    cmd.add_argument("--lang", choices=("en", "it"), default="en",
                     help="language of the explanations (default en)")
    cmd.set_defaults(run=run_review, command="review")


def run_review(args: argparse.Namespace) -> int:
    """Replay the record, review the seat and print the table."""
    from .ai import fastsolver
    from .ai.review import review

    deal = _one_deal(args)
    seat = _review_seat(deal, args.seat)
    tty = sys.stderr.isatty()
    if tty and not fastsolver.is_ready():
        print("warming up the solver...", end="", file=sys.stderr, flush=True)
    progress = _Counter(sys.stderr) if tty else None
    try:
        result = review(deal, seat, progress=progress)
    finally:
        if progress is not None:
            progress.clear()
    if args.json:
        _print_json(result.to_json())
    else:
        for line in review_lines(result, args.lang):
            print(line)
    return EXIT_OK


def _review_seat(deal: Deal, text: str) -> Seat:
    """The ``--seat`` argument checked against the table; errors name ``--seat``."""
    from .engine.seats import seats_for

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


def review_lines(result: Any, lang: str = "en") -> list[str]:
    """The text of a :class:`~tressette_learn.ai.review.Review`, in ``en`` or ``it``."""
    words = LABELS[lang]
    lines = [words["review"].format(seat=result.seat, side=result.side), "",
             _ROW.format(*words["columns"].split("|")).rstrip()]
    for p in result.plays:
        method = words["exact_m" if p.exact else "estimated_m"]
        cards = " ".join(map(str, p.best)) + (words["revoke"] if p.revoke else "")
        lines.append(_ROW.format(p.trick, str(p.seat), str(p.card), p.played_points,
                                 p.best_points, p.cost, method, cards))
    if not result.complete:
        lines.append(words["partial"].format(plays=len(result.plays)))
    lines += ["", words["total"].format(cost=_points_word(result.total_cost, lang)),
              words["mistakes"]]
    for p in result.mistakes:
        lines.append(words["mistake"].format(
            trick=p.trick, seat=p.seat, card=p.card,
            cost=_points_word(p.cost, lang) + ("" if p.exact else words["about"]),
            played=p.played_points, best=p.best_points,
            cards=" ".join(map(str, p.best))) + " " + p.sentence(lang))
    if not result.mistakes:
        lines.append(words["none"])
    lines.append(words["turning"].format(side=result.value_side))
    for t in result.turning_points:
        lines.append(words["turn"].format(trick=t.play.trick, seat=t.play.seat,
                                          card=t.play.card, side=t.side, before=t.before,
                                          after=t.after))
    if not result.turning_points:
        lines.append(words["none"])
    return lines


COMMANDS: dict[str, Callable[[Any], None]] = {"score": add_score, "hint": add_hint,
                                               "review": add_review}
