"""``tressette-learn score``: a recorded deal's score, trick by trick, in ``--lang``."""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import Any, TextIO

from ..engine.cards import Card, Suit
from ..engine.deal import Deal
from ..engine.match import Match
from ..engine.records import (
    is_match_record,
    load_json,
    match_from_records,
    replay,
    score_breakdown,
)
from ..engine_words import declaration_short, match_reason
from ..i18n import t
from .common import EXIT_OK, add_lang, print_json, record_command


# -- score ---------------------------------------------------------------------------------
def add_score(sub: Any) -> None:
    """Register ``score RECORD.json [--json]``."""
    cmd = record_command(
        sub, "score", "replay a recorded deal and show its score trick by trick",
        "Replay a deal record (or match record) and print each trick, each side's thirds and "
        "points, declarations, revokes, cappotto, calls and the result. A bad record exits "
        "with status 2.", "deal or match record", "breakdown")
    add_lang(cmd, "the breakdown's words")
    cmd.set_defaults(run=run_score)


def run_score(args: argparse.Namespace) -> int:
    """Replay the record and print the breakdown."""
    path = Path(args.record)
    data = load_json(sys.stdin.read() if args.record == "-" else path)
    lang = args.lang
    if is_match_record(data):
        match = match_from_records(data)
        if args.json:
            print_json(match_breakdown(match, lang))
        else:
            print_match(match, path, sys.stdout, lang)
        return EXIT_OK
    deal = replay(data)
    if args.json:
        print_json(worded_breakdown(deal, lang))
    else:
        print(t("cli.score.deal_record", lang, path=str(path)), file=sys.stdout)
        print_deal(worded_breakdown(deal, lang), sys.stdout, lang)
    return EXIT_OK


def worded_breakdown(deal: Deal, lang: str = "en") -> dict[str, Any]:
    """:func:`score_breakdown` with each declaration's ``text`` in ``lang``."""
    breakdown = score_breakdown(deal)
    for item, decl in zip(breakdown["declarations"], deal.result().declarations, strict=True):
        item["text"] = declaration_short(decl).get(lang)
    return breakdown


def _match_deals(match: Match) -> list[Deal]:
    deals = list(match.finished)
    if not match.is_over() and match.deal not in deals and match.deal.actions:
        deals.append(match.deal)
    return deals


def match_breakdown(match: Match, lang: str = "en") -> dict[str, Any]:
    """Every deal's breakdown plus the match totals and outcome (its reason in ``lang``)."""
    outcome = match.result()
    return {"deals": [worded_breakdown(d, lang) for d in _match_deals(match)],
            "totals": dict(match.totals), "complete": outcome is not None,
            "winner": None if outcome is None else outcome.winner,
            "reason": None if outcome is None else match_reason(outcome).get(lang),
            "stake": None if outcome is None else outcome.stake}


def print_match(match: Match, path: Path, out: TextIO, lang: str = "en") -> None:
    """The text breakdown of a match record: each deal, then the totals."""
    print(t("cli.score.match_record", lang, path=str(path)), file=out)
    for number, deal in enumerate(_match_deals(match), 1):
        print("\n" + t("cli.score.deal_heading", lang, number=number), file=out)
        print_deal(worded_breakdown(deal, lang), out, lang)
    outcome = match.result()
    print("\n" + t("cli.score.match_totals", lang, totals=_scores(match.totals)), file=out)
    if outcome is None:
        print(t("cli.score.match_in_progress", lang), file=out)
    else:
        key = "cli.score.match_won" + ("_stake" if outcome.stake != 1 else "")
        print(t(key, lang, winner=outcome.winner, reason=match_reason(outcome),
                stake=outcome.stake), file=out)


# -- text breakdown ----------------------------------------------------------------------------
def print_deal(b: dict[str, Any], out: TextIO, lang: str = "en") -> None:
    """Print a :func:`score_breakdown` for a person, in ``lang``."""
    for line in deal_lines(b, lang):
        print(line, file=out)


def deal_lines(b: dict[str, Any], lang: str = "en") -> list[str]:
    """The text breakdown of one deal, line by line, in ``lang``."""
    say = _Say(b, lang)
    lines = [say.header(), ""]
    for trick in b["tricks"]:
        lines += [say.trick(trick), *say.draws(trick)]
    if b["current"]:
        lines.append(say.current())
    if b["redeal"] is not None:
        lines.append(say("redeal", seat=b["redeal"]))
        return lines
    if b["in_progress"]:
        lines.append(say("in_progress", played=b["tricks_played"], total=b["tricks_per_deal"],
                         seat=b["to_play"]))
    lines += [""] + say.points() + say.last_trick() + say.declarations()
    lines += say.revokes() + say.cappotto() + say.calls() + say.result()
    return lines


def _scores(scores: dict[str, int]) -> str:
    return ", ".join(f"{side} {points}" for side, points in scores.items())


class _Say:
    """The lines of one deal's breakdown ``b``, each a ``cli.score.*`` text in ``lang``."""

    def __init__(self, b: dict[str, Any], lang: str) -> None:
        self.b, self.lang = b, lang

    def __call__(self, key: str, **values: Any) -> str:
        return t(f"cli.score.{key}", self.lang, **values)

    def header(self) -> str:
        b = self.b
        rules = b["rules"] if isinstance(b["rules"], str) else json.dumps(b["rules"])
        if any(b["match_scores"].values()):
            return self("rules_scores", rules=rules, dealer=b["dealer"],
                        scores=_scores(b["match_scores"]))
        return self("rules", rules=rules, dealer=b["dealer"])

    def plays(self, seats: list[str], cards: list[str], signal: str | None,
              revokes: list[str]) -> str:
        parts = []
        for i, (seat, card) in enumerate(zip(seats, cards, strict=True)):
            notes = [signal] if i == 0 and signal else []
            if i > 0 and seat in revokes:
                notes.append(self("revoke_mark"))
            parts.append(f"{seat} {card}" + (f" ({', '.join(notes)})" if notes else ""))
        return ", ".join(parts)

    def trick(self, trick: dict[str, Any]) -> str:
        last = trick["number"] == self.b["tricks_per_deal"]
        return self("trick_last" if last else "trick", number=trick["number"],
                    leader=trick["leader"], winner=trick["winner"], thirds=trick["thirds"],
                    plays=self.plays(trick["seats"], trick["cards"], trick["signal"],
                                     trick["revokes"]))

    def draws(self, trick: dict[str, Any]) -> list[str]:
        if not trick["draws"]:
            return []
        draws = ", ".join(f"{d['seat']} {d['card']}" for d in trick["draws"])
        return [" " * 10 + self("draws", draws=draws)]

    def current(self) -> str:
        current = self.b["current"]
        plays = self.plays([p["seat"] for p in current], [p["card"] for p in current],
                           current[0].get("signal"), [])
        return self("current", number=self.b["tricks_played"] + 1, leader=current[0]["seat"],
                    plays=plays)

    def points(self) -> list[str]:
        lines = [self("points_penalty" if self.b["penalised"] else "points")]
        for side, s in self.b["sides"].items():
            words = [self("side_thirds", side=side, thirds=s["thirds"])]
            if s["thirds"] != s["card_thirds"]:
                words.append(self("with_last", cards=s["card_thirds"]))
            words.append(self("to_points", points=s["thirds"] // 3))
            if s["thirds"] % 3:
                words.append(self("lost", lost=s["thirds"] % 3))
            lines.append("  " + " ".join(words))
        return lines

    def last_trick(self) -> list[str]:
        seat = self.b["last_trick"]
        if seat is None:
            return [self("last_trick_none")]
        return [self("last_trick", seat=seat, side=self._side_of(seat))]

    def _side_of(self, seat: str) -> str:
        if self.b["players"] == 2 or not self.b.get("partners", True):
            return seat
        return "NS" if seat in ("N", "S") else "EW"

    def declarations(self) -> list[str]:
        found = self.b["declarations"]
        if not found:
            return [self("declarations_none")]
        return [self("declarations"), *("  " + self("declaration", text=d["text"],
                                                    side=d["side"]) for d in found)]

    def revokes(self) -> list[str]:
        b = self.b
        if not b["revokes"]:
            return [self("revokes_none")]
        lines = [self("revokes"),
                 *("  " + self("revoke", trick=r["trick"], seat=r["seat"], card=r["card"],
                               suit=self._led_suit(r["trick"])) for r in b["revokes"])]
        offenders = b["penalised"]
        others = tuple(s for s in b["sides"] if s != offenders)
        points = ", ".join(f"{s} {b['sides'][s]['points']}" for s in b["sides"])
        lines.append("  " + self("penalty", offenders=offenders, others=others, points=points))
        return lines

    def _led_suit(self, number: int) -> Suit:
        tricks = [t for t in self.b["tricks"] if t["number"] == number]
        cards = tricks[0]["cards"] if tricks else [p["card"] for p in self.b["current"]]
        return Card.parse(cards[0]).suit

    def cappotto(self) -> list[str]:
        b, effect, side = self.b, self.b["cappotto_effect"], self.b["cappotto"]
        if side is None:
            return [self("cappotto_none" if effect else "cappotto_off")]
        rest = tuple(s for s in b["sides"] if s != side)
        if effect == "reversed":
            return [self("cappotto_reversed", side=side, others=rest,
                         points=b["sides"][rest[0]]["points"])]
        key = "cappotto_double" if effect == "double" else "cappotto_bonus"
        return [self(key, side=side, others=rest)]

    def calls(self) -> list[str]:
        if not self.b["calls"]:
            return [self("calls_none")]
        return [self("calls"), *("  " + self._call(c) for c in self.b["calls"])]

    def _call(self, call: dict[str, Any]) -> str:
        key = "call_right" if call["correct"] else \
            "call_ignored" if call["winner"] is None else "call_wrong"
        return self(key, side=call["side"], trick=call["after_trick"], points=call["points"],
                    target=self.b["target"], winner=call["winner"])

    def result(self) -> list[str]:
        b, parts = self.b, []
        for side, s in b["sides"].items():
            extra = [self("declared", n=s["declarations"])] if s["declarations"] else []
            extra += [self("bonus", n=s["bonus"])] if s["bonus"] else []
            parts.append(self("part_detail", side=side, total=s["total"], points=s["points"],
                              extra=" + ".join(extra)) if extra else
                         self("part", side=side, total=s["total"]))
        lines = [self("result" if b["complete"] else "so_far", parts=", ".join(parts))]
        if b["complete"] and any(b["match_scores"].values()):
            after = {side: b["match_scores"][side] + s["total"] for side, s in b["sides"].items()}
            lines.append(self("after", scores=_scores(after)))
        return lines
