"""``tressette-learn score``: a recorded deal's score, trick by trick."""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import Any, TextIO

from ..engine.cards import Suit
from ..engine.deal import Deal
from ..engine.match import Match
from ..engine.records import (
    is_match_record,
    load_json,
    match_from_records,
    replay,
    score_breakdown,
)
from . import EXIT_OK, print_json, record_command


# -- score ---------------------------------------------------------------------------------
def add_score(sub: Any) -> None:
    """Register ``score RECORD.json [--json]``."""
    cmd = record_command(
        sub, "score", "replay a recorded deal and show its score trick by trick",
        "Replay a deal record (or match record) and print each trick, each side's thirds and "
        "points, declarations, revokes, cappotto, calls and the result. A bad record exits "
        "with status 2.", "deal or match record", "breakdown")
    cmd.set_defaults(run=run_score)


def run_score(args: argparse.Namespace) -> int:
    """Replay the record and print the breakdown."""
    path = Path(args.record)
    data = load_json(sys.stdin.read() if args.record == "-" else path)
    if is_match_record(data):
        match = match_from_records(data)
        if args.json:
            print_json(match_breakdown(match))
        else:
            print_match(match, path, sys.stdout)
        return EXIT_OK
    deal = replay(data)
    if args.json:
        print_json(score_breakdown(deal))
    else:
        print(f"Deal record {path}", file=sys.stdout)
        print_deal(score_breakdown(deal), sys.stdout)
    return EXIT_OK


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
    if b["players"] == 2 or not b.get("partners", True):
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
    rest = [s for s in b["sides"] if s != b["cappotto"]]
    others = " and ".join(rest)
    if effect == "reversed":
        return [f"Cappotto, reversed: {b['cappotto']} took all the points and scores 0; "
                f"{others} score {b['sides'][rest[0]]['points']} each"]
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


