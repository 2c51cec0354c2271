"""Tests for the ``tressette-learn`` command line (``score``)."""

from __future__ import annotations

import json
import random
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from conftest import random_match

from tressette_learn.cli import main
from tressette_learn.engine import Rules
from tressette_learn.engine.records import write_match_record

DATA = Path(__file__).parent / "data"
SEED002 = DATA / "seed002.json"


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    """Run ``main`` and return (status, stdout, stderr)."""
    status = main(list(argv))
    out, err = capsys.readouterr()
    return status, out, err


def write(tmp_path: Path, data: Any, name: str = "record.json") -> str:
    path = tmp_path / name
    path.write_text(data if isinstance(data, str) else json.dumps(data), encoding="utf-8")
    return str(path)


def seed002() -> dict[str, Any]:
    data: dict[str, Any] = json.loads(SEED002.read_text(encoding="utf-8"))
    return data


# -- the text breakdown -------------------------------------------------------------------------
def test_score_seed002_text(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, err = run(capsys, "score", str(SEED002))
    assert status == 0 and err == ""
    lines = out.splitlines()
    tricks = [line for line in lines if line.startswith("Trick")]
    assert len(tricks) == 10 and all("won by N" in line for line in tricks)
    assert tricks[0].startswith("Trick  1  N leads: N 3c, W 4s, S 4c, E 7s")
    assert "1 third" in tricks[0] and "3 for the last trick" in tricks[-1]
    assert "  NS 35 thirds (32 in cards + 3 for the last trick) -> 11 points (2/3 lost)" in lines
    assert "  EW 0 thirds -> 0 points" in lines
    assert "Last trick: N (NS), worth 1 point" in lines
    assert "Declarations: none" in lines and "Revokes: none" in lines
    assert "Result: NS 11, EW 0" in lines
    assert "Match scores after the deal: NS 31, EW 20" in lines


def test_score_split14_text(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = run(capsys, "score", str(DATA / "split14.json"))
    assert status == 0
    assert "  NS 14 thirds (11 in cards + 3 for the last trick) -> 4 points (2/3 lost)" in out
    assert "  EW 21 thirds -> 7 points\n" in out
    assert "Result: NS 4, EW 7\n" in out
    assert "N Rb (striscio)" in out


def test_score_revoke_text(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = run(capsys, "score", str(DATA / "revoke.json"))
    assert status == 0
    assert "W 7d (revoke!)" in out
    assert "  trick 4: W played 7d on a lead of swords" in out
    assert "Penalty: EW revoked and lose the deal; NS take the card points: NS 11, EW 0" in out
    assert "Result: NS 11, EW 0" in out


def test_declarations_have_their_own_line(capsys: pytest.CaptureFixture[str],
                                          tmp_path: Path) -> None:
    data = seed002()
    data["declarations"] = [{"seat": "N", "combo": "napoletana", "suit": "c"}]
    status, out, _ = run(capsys, "score", write(tmp_path, data))
    assert status == 0
    assert "  North: the napoletana of cups (3) -> NS" in out.splitlines()
    assert "Result: NS 14 (11 card points + 3 declared), EW 0" in out


def test_score_speaks_the_language_asked(capsys: pytest.CaptureFixture[str],
                                         tmp_path: Path) -> None:
    data = seed002()
    data["declarations"] = [{"seat": "N", "combo": "napoletana", "suit": "c"}]
    status, out, _ = run(capsys, "score", write(tmp_path, data), "--lang", "it")
    assert status == 0
    assert "Ultima presa: N (NS), vale 1 punto" in out
    assert "  Nord: la napoletana di coppe (3) -> NS" in out.splitlines()
    assert "Risultato: NS 14 (11 punti delle carte + 3 di accusi), EW 0" in out
    _, out, _ = run(capsys, "score", write(tmp_path, data), "--lang", "it", "--json")
    assert json.loads(out)["declarations"][0]["text"] == "Nord: la napoletana di coppe (3)"
    status, _, err = run(capsys, "score", str(SEED002), "--lang", "fr")
    assert status == 2 and "--lang" in err


def test_an_unfinished_record_says_so(capsys: pytest.CaptureFixture[str],
                                      tmp_path: Path) -> None:
    data = seed002()
    data["plays"] = data["plays"][:14]
    status, out, _ = run(capsys, "score", write(tmp_path, data))
    assert status == 0
    assert "In progress: 3 of 10 tricks played, S to play" in out
    assert "Trick  4  N leads: N Rc, W 6s  (in play)" in out
    assert "Last trick: not yet played" in out and "Score so far: NS" in out


def test_calls_and_cappotto_lines(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    data = seed002()
    data["rules"] = {"preset": "standard", "calling_out": True, "cappotto": True}
    data["match_scores"] = {"NS": 10, "EW": 5}
    status, out, _ = run(capsys, "score", write(tmp_path, data))
    assert status == 0
    assert "Cappotto: NS (stake doubled; EW declarations do not count)" in out
    data["calls"] = [{"side": "NS", "after_trick": 4}]
    data["plays"] = data["plays"][:16]
    status, out, _ = run(capsys, "score", write(tmp_path, data))
    assert status == 0
    assert "  NS called out after trick 4 with a match total of 15: wrong, short of 21; " \
           "EW win the match" in out
    _, out, _ = run(capsys, "score", write(tmp_path, data), "--json")
    assert json.loads(out)["calls"] == [{"side": "NS", "after_trick": 4, "points": 15,
                                         "correct": False, "winner": "EW"}]


# -- --json ------------------------------------------------------------------------------------
def test_score_json_keys(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, err = run(capsys, "score", str(SEED002), "--json")
    assert status == 0 and err == ""
    obj = json.loads(out)
    assert {"sides", "tricks", "revokes", "last_trick", "cappotto", "complete"} <= set(obj)
    assert set(obj["sides"]) == {"NS", "EW"}
    for side in obj["sides"].values():
        assert {"thirds", "points", "declarations", "total"} <= set(side)
    ns = obj["sides"]["NS"]
    assert (ns["thirds"], ns["points"], ns["declarations"], ns["total"]) == (35, 11, 0, 11)
    assert obj["sides"]["EW"]["total"] == 0
    assert len(obj["tricks"]) == 10
    assert {"leader", "cards", "winner", "thirds"} <= set(obj["tricks"][0])
    assert obj["tricks"][0]["cards"] == ["3c", "4s", "4c", "7s"]
    assert all(t["leader"] == "N" and t["winner"] == "N" for t in obj["tricks"])
    assert sum(t["thirds"] for t in obj["tricks"]) == 32
    assert obj["revokes"] == [] and obj["last_trick"] == "N"
    assert obj["cappotto"] is None and obj["complete"] is True


def test_score_json_revokes(capsys: pytest.CaptureFixture[str]) -> None:
    _, out, _ = run(capsys, "score", str(DATA / "revoke.json"), "--json")
    obj = json.loads(out)
    assert obj["revokes"] == [{"trick": 4, "seat": "W", "card": "7d"}]
    assert (obj["sides"]["NS"]["total"], obj["sides"]["EW"]["total"]) == (11, 0)


def test_score_json_two_players_uses_seat_names(capsys: pytest.CaptureFixture[str],
                                                tmp_path: Path) -> None:
    from tressette_learn.engine import Deal
    from tressette_learn.engine.records import write_record

    deal = Deal.new(Rules.preset("a_due"), seed=2)
    rng = random.Random(2)
    while not deal.is_over():
        deal.play(rng.choice(list(deal.legal_cards())))
    _, out, _ = run(capsys, "score", write(tmp_path, write_record(deal)), "--json")
    obj = json.loads(out)
    assert set(obj["sides"]) == {"S", "N"} and len(obj["tricks"]) == 20
    assert obj["sides"]["S"]["points"] + obj["sides"]["N"]["points"] == 11
    _, text, _ = run(capsys, "score", write(tmp_path, write_record(deal)))
    assert "drawn from the stock and shown: " in text


def test_score_match_record(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    match = random_match(Rules.preset("standard").with_options(target=11), 3)
    path = write(tmp_path, write_match_record(match))
    status, out, _ = run(capsys, "score", path)
    assert status == 0 and "== Deal 1 ==" in out
    outcome = match.result()
    assert outcome is not None and f"Match won by {outcome.winner}" in out
    _, out, _ = run(capsys, "score", path, "--json")
    obj = json.loads(out)
    assert obj["totals"] == match.totals and obj["winner"] == outcome.winner
    assert len(obj["deals"]) == len(match.finished)


# -- bad input ---------------------------------------------------------------------------------
def bad_records() -> list[tuple[str, Any, str]]:
    def changed(edit: Any) -> dict[str, Any]:
        data = seed002()
        edit(data)
        return data

    return [
        ("invalid json", '{"rules": "standard",\n  "dealer": "E",\n    ]',
         "error: record: not valid JSON (line 3 column 5"),
        ("unknown card", changed(lambda d: d["hands"]["E"].__setitem__(4, "9x")),
         "error: hands.E[4]: unknown card '9x'"),
        ("card twice", changed(lambda d: d["hands"]["S"].__setitem__(0, "Rb")),
         "error: hands.S[0]: Rb is dealt twice (also hands.E[8])"),
        ("hand size", changed(lambda d: d["hands"]["N"].pop()),
         "error: hands.N: 9 cards, a hand has 10"),
        ("not in hand", changed(lambda d: d["plays"][12].__setitem__("card", "3c")),
         "error: plays[12].card: North cannot play the Three of cups: North already played it "
         "in trick 1.\n"),
        ("out of turn", changed(lambda d: d["plays"][3].__setitem__("seat", "N")),
         "error: plays[3].seat: It is East's turn, not North's.\n"),
        ("false signal", changed(lambda d: d["plays"][0].__setitem__("signal", "volo")),
         "error: plays[0].signal: Volo says this is your last card of cups, but you still hold "
         "the Two, the Ace, the King and the Seven of cups.\n"),
        ("unknown preset", changed(lambda d: d.__setitem__("rules", "foo")),
         "error: rules: unknown preset 'foo'"),
        ("unknown option", changed(lambda d: d.__setitem__("rules", {"bogus": True})),
         "error: rules.bogus: unknown rules option 'bogus'"),
        ("missing field", changed(lambda d: d.pop("hands")),
         "error: record: missing field 'hands'"),
        ("bad dealer", changed(lambda d: d.__setitem__("dealer", 7)),
         "error: dealer: unknown seat 7"),
        ("not an object", "[]", "error: record: must be a JSON object, not a list"),
    ]


@pytest.mark.parametrize(("name", "data", "message"), bad_records(),
                         ids=[case[0] for case in bad_records()])
def test_bad_records_exit_2_with_one_line(capsys: pytest.CaptureFixture[str], tmp_path: Path,
                                          name: str, data: Any, message: str) -> None:
    status, out, err = run(capsys, "score", write(tmp_path, data))
    assert status == 2 and out == ""
    assert err.count("\n") == 1 and err.startswith(message), err
    assert "Traceback" not in err


def test_missing_file(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    missing = tmp_path / "nope.json"
    status, out, err = run(capsys, "score", str(missing))
    assert (status, out, err) == (2, "", f"error: {missing}: no such file\n")


def test_a_directory_is_not_a_record(capsys: pytest.CaptureFixture[str],
                                     tmp_path: Path) -> None:
    status, _, err = run(capsys, "score", str(tmp_path))
    assert status == 2 and err.startswith(f"error: {tmp_path}: cannot read it")
    assert err.count("\n") == 1


def test_usage_errors_are_one_line(capsys: pytest.CaptureFixture[str]) -> None:
    for argv in (["frobnicate"], ["score"], ["score", str(SEED002), "--bogus"]):
        status, out, err = run(capsys, *argv)
        assert status == 2 and out == "" and err.count("\n") == 1, (argv, err)
        assert err.startswith("error: ") and "--help" in err


def test_help_and_no_command(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = run(capsys)
    assert status == 0 and "score" in out
    status, out, _ = run(capsys, "score", "--help")
    assert status == 0 and "RECORD.json" in out and "--json" in out


def test_unexpected_errors_become_one_line(capsys: pytest.CaptureFixture[str],
                                           monkeypatch: pytest.MonkeyPatch) -> None:
    import tressette_learn.cli.score as score_command

    def boom(_: Any) -> Any:
        raise RuntimeError("something\nbroke")

    monkeypatch.setattr(score_command, "replay", boom)
    status, out, err = run(capsys, "score", str(SEED002))
    assert status == 2 and err == "error: unexpected RuntimeError: something broke\n"


# -- as a real process ------------------------------------------------------------------------
def run_module(*argv: str) -> subprocess.CompletedProcess[str]:
    root = Path(__file__).resolve().parent.parent
    return subprocess.run([sys.executable, "-m", "tressette_learn", *argv], cwd=root,
                          capture_output=True, text=True, timeout=60, check=False)


def test_python_dash_m_scores_a_record() -> None:
    done = run_module("score", str(SEED002), "--json")
    assert done.returncode == 0, done.stderr
    obj = json.loads(done.stdout)
    assert obj["sides"]["NS"]["total"] == 11 and obj["sides"]["EW"]["total"] == 0


def test_python_dash_m_reads_standard_input() -> None:
    root = Path(__file__).resolve().parent.parent
    done = subprocess.run([sys.executable, "-m", "tressette_learn", "score", "-"], cwd=root,
                          input=(DATA / "split14.json").read_text(encoding="utf-8"),
                          capture_output=True, text=True, timeout=60, check=False)
    assert done.returncode == 0 and "Result: NS 4, EW 7" in done.stdout


def test_python_dash_m_bad_record(tmp_path: Path) -> None:
    data = seed002()
    data["plays"][12]["card"] = "3c"
    done = run_module("score", write(tmp_path, data))
    assert done.returncode == 2 and done.stdout == ""
    assert done.stderr.startswith("error: plays[12].card: North cannot play the Three of cups")
    assert done.stderr.count("\n") == 1 and "Traceback" not in done.stderr


def test_score_each_for_himself_shows_a_line_per_player(capsys: pytest.CaptureFixture[str],
                                                        tmp_path: Path) -> None:
    data = seed002()  # N takes every trick
    data["rules"] = {"preset": "traversone", "ace_of_bastoni_eleven": False}
    data["declarations"] = []
    data["match_scores"] = {"N": 4, "E": 0, "S": 9, "W": 2}
    data["plays"] = [{k: v for k, v in p.items() if k != "signal"} for p in data["plays"]]
    status, out, _ = run(capsys, "score", write(tmp_path, data))
    assert status == 0
    assert "Match scores after the deal: N 4, E 11, S 20, W 13" in out
    assert "Last trick: N (N), worth 1 point" in out
    assert "Cappotto, reversed: N took all the points and scores 0; E, S and W score 11 " \
           "each" in out
    assert "Result: N 0, E 11, S 11, W 11" in out
    status, out, _ = run(capsys, "score", write(tmp_path, data), "--json")
    obj = json.loads(out)
    assert list(obj["sides"]) == ["N", "E", "S", "W"]
    assert obj["sides"]["N"]["thirds"] == 35 and obj["sides"]["N"]["total"] == 0
    assert obj["cappotto"] == "N" and obj["cappotto_effect"] == "reversed"
    assert obj["partners"] is False


def scored(capsys: pytest.CaptureFixture[str], tmp_path: Path,
           data: dict[str, Any]) -> tuple[str, dict[str, int], dict[str, Any]]:
    """``score``'s text, then each side's total and the whole object from ``--json``."""
    status, out, _ = run(capsys, "score", write(tmp_path, data))
    assert status == 0
    _, text, _ = run(capsys, "score", write(tmp_path, data), "--json")
    obj = json.loads(text)
    return out, {seat: side["total"] for seat, side in obj["sides"].items()}, obj


def test_score_a_traversone_reversed_cappotto_with_the_ace_of_batons_at_11(
        capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    from conftest import ALL_POINTS_TRICKS, all_points_deal, play_all

    from tressette_learn.engine.records import write_record

    deal = all_points_deal(Rules.preset("traversone"))  # N takes every point, W one trick
    for trick in ALL_POINTS_TRICKS:
        play_all(deal, trick)
    data = json.loads(write_record(deal))
    out, totals, obj = scored(capsys, tmp_path, data)
    assert "  N  65 thirds (62 in cards + 3 for the last trick) -> 21 points" in out
    assert "  W  0 thirds -> 0 points" in out
    assert "Cappotto, reversed: N took all the points and scores 0; E, S and W score 21 " \
           "each" in out
    assert "Result: N 0, E 21, S 21, W 21" in out
    assert list(totals) == ["N", "E", "S", "W"]  # a side per seat
    assert totals == {"N": 0, "E": 21, "S": 21, "W": 21}
    assert (obj["cappotto"], obj["cappotto_effect"]) == ("N", "reversed")
    # the same deal in a format-1 record: cappotto meant all the tricks, and W took one
    old = {**data, "format": 1, "rules": {"preset": "traversone", "cappotto": True}}
    out, totals, obj = scored(capsys, tmp_path, old)
    assert "Cappotto: none" in out and obj["cappotto"] is None
    assert totals == {"N": 21, "E": 0, "S": 0, "W": 0}


def test_score_the_traversone_guided_hand(capsys: pytest.CaptureFixture[str],
                                          tmp_path: Path) -> None:
    hand = json.loads((Path(__file__).parent.parent / "lessons" / "hands" / "traversone.json")
                      .read_text(encoding="utf-8"))
    out, totals, _ = scored(capsys, tmp_path, hand["record"])
    assert "Last trick: W (W), worth 1 point" in out
    assert "Cappotto: none" in out and "Result: N 1, E 12, S 1, W 7" in out
    assert totals == {"N": 1, "E": 12, "S": 1, "W": 7}
