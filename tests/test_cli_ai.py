"""Tests for the ``hint`` and ``review`` subcommands of ``tressette-learn``."""

from __future__ import annotations

import io
import itertools
import json
import re
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from learner_text import CARD_CODE, check_sentence

from tressette_learn.cli import main
from tressette_learn.engine import Card, Deal, Rules, Seat
from tressette_learn.engine.records import replay, write_record
from tressette_learn.i18n import t

DATA = Path(__file__).parent / "data"
SEED002 = DATA / "seed002.json"
SPLIT14 = DATA / "split14.json"
BLUNDER = DATA / "blunder.json"
WARMING = "warming up the solver...\n"


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    status = main(list(argv))
    out, err = capsys.readouterr()
    return status, out, err


def load(path: Path) -> dict[str, Any]:
    data: dict[str, Any] = json.loads(path.read_text(encoding="utf-8"))
    return data


def partial(tmp_path: Path, source: Path, plays: int, name: str = "partial.json") -> Path:
    data = load(source)
    data["plays"] = data["plays"][:plays]
    path = tmp_path / name
    path.write_text(json.dumps(data), encoding="utf-8")
    return path


def one_error_line(err: str) -> str:
    lines = err.splitlines()
    assert len(lines) == 1 and lines[0].startswith("error: "), err
    assert "Traceback" not in err
    return lines[0]


# -- hint -------------------------------------------------------------------------------------
def test_hint_json_for_the_seat_to_play(capsys: pytest.CaptureFixture[str],
                                        tmp_path: Path) -> None:
    path = partial(tmp_path, SPLIT14, 14)  # trick 4: W, N have played; E has one cup
    deal = replay(load(path))
    assert deal.to_play is Seat.E
    status, out, err = run(capsys, "hint", str(path), "--json")
    assert status == 0 and err in ("", WARMING)
    data = json.loads(out)
    assert (data["seat"], data["side"], data["trick"]) == ("E", "EW", 4)
    assert Card.parse(data["card"]) in deal.legal_cards()
    assert {v["card"] for v in data["values"]} == {str(c) for c in deal.legal_cards()}
    assert data["method"] == "estimated" and 1 <= data["deals"] <= data["possible_deals"]
    assert data["confidence"] == 0.95 and data["evaluation"] == "solved"
    assert data["card"] in data["equal_cards"]
    assert {v["card"] for v in data["values"]} >= set(data["equal_cards"])
    assert all(v["margin"] is None or v["margin"] >= 0 for v in data["values"])
    assert data["en"] and data["it"] and data["reason"]
    assert "exact" not in data["en"].lower() and "esatt" not in data["it"].lower()


def test_hint_json_exact_near_the_end(capsys: pytest.CaptureFixture[str],
                                      tmp_path: Path) -> None:
    path = partial(tmp_path, BLUNDER, 26)  # trick 7: four tricks to go
    status, out, _ = run(capsys, "hint", str(path), "--json")
    data = json.loads(out)
    assert status == 0 and data["method"] == "exact" and data["confidence"] == 1
    assert data["deals"] == data["possible_deals"] > 1
    assert all(v["margin"] == 0 for v in data["values"])
    best = max(v["points"] for v in data["values"])
    assert set(data["equal_cards"]) == {v["card"] for v in data["values"]
                                        if v["points"] == best}


def test_hint_text_many_legal_cards(capsys: pytest.CaptureFixture[str],
                                    tmp_path: Path) -> None:
    path = partial(tmp_path, BLUNDER, 26)  # trick 7: N led 7d, W discarded Rc; S to play
    deal = replay(load(path))
    assert deal.to_play is Seat.S
    status, out, err = run(capsys, "hint", str(path), "--seed", "3")
    assert status == 0 and err in ("", WARMING)
    lines = out.splitlines()
    assert lines[0] == f"South to play, trick 7; hand: {deal.hand(Seat.S)}"
    card = Card.parse(lines[1].removeprefix("Recommended: ").split()[0])
    assert card in deal.legal_cards()
    assert re.match(r"Exact: all \d+ deals that fit what South has seen, each solved to the "
                    r"end; points for North–South, averaged\.$", lines[2])
    assert lines[3].split() == ["card", "points"]
    rows = [line.split() for line in lines[4:-1]]
    assert {Card.parse(r[0]) for r in rows} == set(deal.legal_cards())
    assert all(float(r[1]) >= 0 for r in rows)
    assert [r[0] for r in rows if r[2:] == ["<"]] == [str(card)]
    assert lines[-1].startswith("Why: ")


QUICK = ("estimated.quick", "unseparated.quick", "unseparated.close.quick")
STRINGS = Path(__file__).parent.parent / "lessons" / "strings"


@pytest.mark.parametrize("basis", QUICK)
def test_a_quick_hint_names_its_last_trick_as_the_coach_does(basis: str) -> None:
    """The Italian ordinal in words with its elided article ("fino all'ottava presa"), as
    the coach's hint writes it, not "fino alla 8ª presa"; English "trick 8" as the coach."""
    facts = {"deals": 40, "possible": 900, "seat": Seat.S, "side": "NS", "confidence": 95,
             "min": 30}
    for last, italian in ((3, "fino alla terza presa compresa"),
                          (8, "fino all'ottava presa compresa")):
        assert italian in t(f"cli.{basis}", "it", last=last, **facts)
        assert italian in t(f"coach.{basis}", "it", last=last, **facts)
        english = f"up to the end of trick {last}"
        assert english in t(f"cli.{basis}", "en", last=last, **facts)
        assert english in t(f"coach.{basis}", "en", last=last, **facts)


def test_no_command_line_string_writes_an_ordinal_in_figures() -> None:
    for path in sorted(STRINGS.glob("*/cli*.yaml")):
        assert "ª" not in path.read_text(encoding="utf-8"), path


def test_hint_italian_and_estimated(capsys: pytest.CaptureFixture[str],
                                    tmp_path: Path) -> None:
    path = partial(tmp_path, SEED002, 6)  # trick 2, nine tricks left: searched two tricks
    status, out, err = run(capsys, "hint", str(path), "--lang", "it")  # and played out
    assert status == 0 and err in ("", WARMING)
    assert out.startswith("Tocca a Sud, presa 2")
    assert "giocate al meglio fino alla terza presa compresa e poi con una regola pratica " \
        "veloce" in out and "fino alla fine" not in out.replace("non risolte fino alla fine", "")
    path = partial(tmp_path, SEED002, 20)  # trick 6, five tricks left: estimated
    status, out, err = run(capsys, "hint", str(path), "--lang", "it")
    assert status == 0 and err in ("", WARMING)
    assert out.startswith("Tocca a")
    assert "Carta consigliata: " in out and "Stimato: ho risolto fino in fondo " in out
    assert "sicurezza del 95%" in out and "Perché: " in out
    assert "carta" in out and "margine" in out
    rows = [line.split() for line in out.splitlines() if CARD_CODE.match(line.strip())]
    assert rows and all(re.fullmatch(r"\d+,\d\d", row[1]) for row in rows)
    assert all(re.fullmatch(r"\d+,\d\d|--", row[2]) for row in rows)


def test_hint_on_a_finished_deal_is_refused(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, err = run(capsys, "hint", str(SEED002))
    assert status == 2 and out == ""
    assert one_error_line(err) == "error: The deal is over: all 10 tricks have been played."
    status, out, err = run(capsys, "hint", str(SEED002), "--lang", "it")
    assert status == 2 and out == ""
    assert one_error_line(err) == "error: La smazzata è finita: si sono giocate tutte le 10 prese."


def test_hint_bad_input(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    bad = tmp_path / "bad.json"
    bad.write_text('{"rules": "standard", "dealer": "E"}', encoding="utf-8")
    status, _, err = run(capsys, "hint", str(bad))
    assert status == 2 and one_error_line(err) == "error: record: missing field 'hands'"
    status, _, err = run(capsys, "hint", str(tmp_path / "missing.json"))
    assert status == 2 and "no such file" in one_error_line(err)
    status, _, err = run(capsys, "hint", str(SEED002), "--lang", "fr")
    assert status == 2 and "--lang" in one_error_line(err)
    status, _, err = run(capsys, "hint", str(SEED002), "--seed", "x")
    assert status == 2 and "--seed" in one_error_line(err)


def test_match_records_are_refused(capsys: pytest.CaptureFixture[str],
                                   tmp_path: Path) -> None:
    data = load(SEED002)
    del data["match_scores"]
    rules = data.pop("rules")
    path = tmp_path / "match.json"
    path.write_text(json.dumps({"rules": rules, "deals": [data]}), encoding="utf-8")
    for argv in (["hint", str(path)], ["review", str(path), "--seat", "N"]):
        status, _, err = run(capsys, *argv)
        assert status == 2 and one_error_line(err).startswith("error: record: a match record")


# -- review -----------------------------------------------------------------------------------
def test_review_text(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, err = run(capsys, "review", str(BLUNDER), "--seat", "S")
    assert status == 0 and err == ""  # stderr is not a terminal: no progress
    lines = out.splitlines()
    rows = [line.split() for line in lines if line[:5].strip().isdigit()]
    assert [r[0] for r in rows] == [str(n) for n in range(1, 11)]
    assert rows[8][:6] == ["9", "S", "4s", "7", "8", "1"] and rows[8][7] == "As"
    assert "Total cost: 1 point" in lines
    mistake = lines[lines.index("Mistakes (costliest first):") + 1]
    assert mistake.startswith("  Trick 9, South: the Four of swords cost 1 point. "
                              "Better: the Ace of swords. ")
    turning = lines.index("Turning points (North–South's points before -> after the play):")
    assert lines[turning + 1] == "  Trick 9, South played the Four of swords: North–South 8 -> 7"


def test_review_italian(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = run(capsys, "review", str(BLUNDER), "--seat", "S", "--lang", "it")
    assert status == 0
    assert "Costo totale: 1 punto" in out and "Meglio l'Asso di spade." in out
    assert "  Presa 9, Sud ha giocato il Quattro di spade: Nord–Sud 8 -> 7" in out


@pytest.mark.parametrize("lang", ["en", "it"])
def test_review_sentences_name_cards_and_count_in_the_language(
        capsys: pytest.CaptureFixture[str], lang: str) -> None:
    status, out, _ = run(capsys, "review", str(BLUNDER), "--seat", "S", "--lang", lang)
    assert status == 0
    lines = out.splitlines()
    table = lines.index("") + 1, lines.index("", lines.index("") + 1)  # codes: the table only
    sentences = [line.strip() for n, line in enumerate(lines)
                 if line.strip() and not table[0] <= n < table[1]]
    for line in sentences:
        check_sentence(line)
    assert "1 points" not in out and "1 punti" not in out


def test_review_json(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, err = run(capsys, "review", str(BLUNDER), "--seat", "s", "--json")
    assert status == 0 and err == ""
    data = json.loads(out)
    assert {"seat", "side", "plays", "mistakes", "total_cost", "turning_points",
            "complete", "exact_plays", "estimated_plays"} <= set(data)
    assert data["seat"] == "S" and data["total_cost"] == 1 and len(data["plays"]) == 10
    assert [(m["trick"], m["card"], m["cost"]) for m in data["mistakes"]] == [(9, "4s", 1)]
    assert {"trick", "seat", "card", "best", "played_points", "best_points", "cost",
            "exact", "en", "it"} <= set(data["plays"][0])
    assert [(t["seat"], t["card"], t["before"], t["after"]) for t in
            data["turning_points"]] == [("S", "4s", 8, 7)]


class _Terminal(io.StringIO):
    def isatty(self) -> bool:
        return True


def test_review_progress_on_a_terminal(monkeypatch: pytest.MonkeyPatch,
                                       capsys: pytest.CaptureFixture[str]) -> None:
    fake = _Terminal()
    monkeypatch.setattr(sys, "stderr", fake)
    status = main(["review", str(BLUNDER), "--seat", "N", "--json"])
    assert status == 0
    err = fake.getvalue()
    counts = [part.strip() for part in err.split("\r") if part.strip().startswith("analysing")]
    assert counts == [f"analysing {n}/40" for n in range(1, 41)]
    assert err.endswith("\r") and "\n" not in err
    assert json.loads(capsys.readouterr().out)["seat"] == "N"


def test_review_bad_seat(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    status, _, err = run(capsys, "review", str(BLUNDER))
    assert status == 2 and "--seat" in one_error_line(err)
    status, _, err = run(capsys, "review", str(BLUNDER), "--seat", "X")
    assert status == 2
    assert one_error_line(err) == "error: --seat: unknown seat 'X': use N, E, S or W"
    two = Deal.new(Rules.preset("a_due"), seed=5)
    two.play(two.legal_cards()[0])
    path = tmp_path / "two.json"
    path.write_text(write_record(two), encoding="utf-8")
    status, _, err = run(capsys, "review", str(path), "--seat", "E")
    assert status == 2 and one_error_line(err).startswith(
        "error: --seat: E has no place at a 2-player table")
    morto = Deal.new(Rules.preset("col_morto"), seed=5)
    path = tmp_path / "morto.json"
    path.write_text(write_record(morto), encoding="utf-8")
    assert morto.dummy is not None
    status, _, err = run(capsys, "review", str(path), "--seat", morto.dummy.name)
    assert status == 2 and one_error_line(err).startswith(
        f"error: --seat: {morto.dummy} is the dummy")


def test_review_bad_record(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    data = load(BLUNDER)
    data["plays"][5]["card"] = "Rd"  # N holds it
    path = tmp_path / "bad.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    status, out, err = run(capsys, "review", str(path), "--seat", "S")
    assert status == 2 and out == ""
    assert one_error_line(err).startswith("error: plays[5].card: ")
    assert "the King of coins: North holds it." in err
    status, out, err = run(capsys, "review", str(path), "--seat", "S", "--lang", "it")
    assert status == 2 and out == ""
    assert one_error_line(err).endswith("non può giocare il Re di denari: ce l'ha Nord.")
    path.write_text("{not json", encoding="utf-8")
    status, _, err = run(capsys, "review", str(path), "--seat", "S")
    assert status == 2 and one_error_line(err).startswith("error: record: not valid JSON")


@pytest.mark.parametrize("lang", ["en", "it"])
def test_review_lists_declarations_not_made_and_silent_leads(
        capsys: pytest.CaptureFixture[str], lang: str) -> None:
    status, out, _ = run(capsys, "review", str(BLUNDER), "--seat", "N", "--lang", lang)
    assert status == 0
    lines = out.splitlines()
    heading = {"en": "Declarations not made in time:", "it": "Accusi non fatti in tempo:"}
    missed = lines[lines.index(heading[lang]) + 1]
    assert missed == {"en": "  North held the napoletana of coins (the Three, the Two and the "
                            "Ace of coins) and did not declare it in time: 3 points lost.",
                      "it": "  Nord non ha accusato in tempo la napoletana di denari (il Tre, "
                            "il Due e l'Asso di denari), che aveva in mano: 3 punti persi."}[lang]
    start = next(n for n, line in enumerate(lines)
                 if line.startswith(("Signals (", "Segnali (")))
    signals = list(itertools.takewhile(lambda line: line.startswith("  "), lines[start + 1:]))
    assert len(signals) == 8  # a true busso at North's leads of tricks 1-8
    for line in (lines[start], missed, *signals):
        check_sentence(line.strip())



def test_review_without_such_lines_when_all_was_declared(
        capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    data = load(BLUNDER)
    data["declarations"] = [{"seat": "S", "combo": "napoletana", "suit": "s"}]
    path = tmp_path / "declared.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    status, out, _ = run(capsys, "review", str(path), "--seat", "S")  # S never leads
    assert status == 0 and "Declarations" not in out and "Signals" not in out
    status, out, _ = run(capsys, "review", str(path), "--seat", "S", "--json")
    assert (json.loads(out)["declarations"], json.loads(out)["signals"]) == ([], [])


def test_review_of_a_real_tables_record_with_a_false_signal(
        capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    data = load(BLUNDER)
    data["plays"][0]["signal"] = "volo"  # N led the Three of coins holding eight more coins
    path = tmp_path / "false.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    status, _, err = run(capsys, "score", str(path))
    assert status == 2 and one_error_line(err).startswith("error: plays[0].signal: ")
    status, out, _ = run(capsys, "review", str(path), "--seat", "N", "--json")
    assert status == 0
    first = json.loads(out)["signals"][0]
    assert (first["kind"], first["trick"], first["signal"], first["better"]) == \
        ("false", 1, "volo", "busso")
    assert first["en"].startswith("Trick 1, North: the Three of coins was led with a false "
                                  "signal, a volo: North still held the Two, the Ace, ")
    status, out, _ = run(capsys, "review", str(path), "--seat", "N", "--lang", "it")
    assert status == 0 and "facendo un segnale falso, il volo: Nord aveva ancora il Due, " in out


def test_score_is_still_registered(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = run(capsys, "score", str(BLUNDER))
    assert status == 0 and "Result: NS 7, EW 4" in out


# -- a real process ---------------------------------------------------------------------------
def test_hint_subprocess(tmp_path: Path) -> None:
    path = partial(tmp_path, BLUNDER, 33)  # trick 9: N led 5d; W to play
    done = subprocess.run([sys.executable, "-m", "tressette_learn", "hint", str(path),
                           "--json"], capture_output=True, text=True, timeout=300,
                          check=False)
    assert done.returncode == 0, done.stderr
    assert done.stderr in ("", WARMING)
    data = json.loads(done.stdout)
    assert data["seat"] == "W" and data["card"] in ("3c", "Ac")
    assert data["method"] == "exact"
