"""Tests for deal and match records: reading, writing, replaying, and field-named errors."""

from __future__ import annotations

import copy
import json
import random
from collections import Counter
from pathlib import Path
from typing import Any

import pytest

from tressette_learn.engine import Deal, Declaration, Match, Rank, Rules, Seat, Suit
from tressette_learn.engine.records import (
    DealRecord,
    RecordError,
    match_from_records,
    match_record,
    read_record,
    record_from_deal,
    replay,
    score_breakdown,
    write_match_record,
    write_record,
)
from tressette_learn.engine.refusals import Refusal

DATA = Path(__file__).parent / "data"
RECORDS = ("seed002", "split14", "revoke")


def load(name: str) -> dict[str, Any]:
    """A test record as a parsed object."""
    data: dict[str, Any] = json.loads((DATA / f"{name}.json").read_text(encoding="utf-8"))
    return data


def play_randomly(deal: Deal, rng: random.Random, cards: int | None = None) -> None:
    """Play legal cards (with a true signal on some leads) until over or ``cards`` played."""
    while not deal.is_over() and (cards is None or cards > 0):
        card = rng.choice(list(deal.legal_cards()))
        signals = deal.true_signals(card)
        deal.play(card, rng.choice(signals) if signals and rng.random() < 0.5 else None)
        cards = None if cards is None else cards - 1


def error_of(record: Any) -> str:
    """The message of the RecordError that replaying ``record`` raises."""
    with pytest.raises(RecordError) as info:
        replay(record)
    message = str(info.value)
    assert "\n" not in message
    return message


def refusal_of(record: Any) -> tuple[str, Refusal | None]:
    """The field and the engine's refusal of the RecordError that replaying ``record`` raises."""
    with pytest.raises(RecordError) as info:
        replay(record)
    return info.value.where, info.value.refusal


# -- round trips ------------------------------------------------------------------------------
@pytest.mark.parametrize("name", RECORDS)
def test_data_files_round_trip(name: str) -> None:
    text = (DATA / f"{name}.json").read_text(encoding="utf-8")
    deal = replay(text)
    written = write_record(deal)
    assert json.loads(written)["plays"] == load(name)["plays"]
    assert read_record(written) == DealRecord.from_deal(deal)
    assert write_record(replay(written)) == written


def test_canonical_file_is_written_back_byte_for_byte() -> None:
    text = (DATA / "split14.json").read_text(encoding="utf-8")
    assert write_record(replay(text)) == text


@pytest.mark.parametrize("seed", range(8))
@pytest.mark.parametrize("preset", ["standard", "a_due", "col_morto", "romana", "a_perdere"])
def test_random_deals_round_trip(preset: str, seed: int) -> None:
    rng = random.Random(seed)
    deal = Deal.new(Rules.preset(preset), seed=seed, match_scores=None)
    stop = rng.choice([None, 0, 3, 17])
    play_randomly(deal, rng, stop)
    record = record_from_deal(deal)
    again = replay(json.dumps(record))
    assert record_from_deal(again) == record
    assert again.result() == deal.result()
    assert again.to_play == deal.to_play
    assert write_record(again) == write_record(deal)


def test_record_keys_are_in_a_stable_order() -> None:
    deal = replay(load("seed002"))
    keys = list(json.loads(write_record(deal)))
    assert keys == ["rules", "dealer", "hands", "stock", "declarations", "calls", "plays",
                    "match_scores"]
    assert list(json.loads(write_record(replay(load("split14"))))) == keys[:-1]


def test_extra_fields_are_kept() -> None:
    data = load("split14") | {"title": "A split of 14 and 21 thirds"}
    rec = read_record(data)
    assert rec.extras == {"title": "A split of 14 and 21 thirds"}
    assert json.loads(rec.dumps())["title"] == "A split of 14 and 21 thirds"


def test_two_player_stock_and_draws_round_trip() -> None:
    deal = Deal.new(Rules.preset("a_due"), seed=4)
    play_randomly(deal, random.Random(4), 9)
    record = record_from_deal(deal)
    assert len(record["stock"]) == 20 and set(record["hands"]) == {"S", "N"}
    again = replay(record)
    assert again.stock == deal.stock and again.draws == deal.draws
    assert again.hands == deal.hands


# -- seed 002 and the 14/21 split --------------------------------------------------------------
def test_seed002_ns_take_every_trick_eleven_to_nil() -> None:
    deal = replay(load("seed002"))
    result = deal.result()
    assert result.complete and deal.is_over()
    assert [t.winner for t in deal.tricks] == [Seat.N] * 10
    assert result.sides["NS"].thirds == 35 and result.sides["EW"].thirds == 0
    assert (result.total("NS"), result.total("EW")) == (11, 0)
    assert result.last_trick == Seat.N and result.declarations == ()
    assert deal.match_scores == {"NS": 20, "EW": 20}


def test_seed002_is_played_anticlockwise() -> None:
    deal = replay(load("seed002"))
    assert all([p.seat for p in t.plays] == [Seat.N, Seat.W, Seat.S, Seat.E]
               for t in deal.tricks)


def test_split14_gives_four_and_seven() -> None:
    deal = replay(load("split14"))
    result = deal.result()
    assert (result.sides["NS"].thirds, result.sides["EW"].thirds) == (14, 21)
    assert (result.total("NS"), result.total("EW")) == (4, 7)
    assert result.total("NS") + result.total("EW") == 11
    assert deal.side_of(result.last_trick) == "NS"
    taken = Counter(card.rank for trick in deal.tricks if deal.side_of(trick.winner) == "NS"
                    for card in trick.cards if card.thirds)
    assert taken == Counter({Rank.ASSO: 2, Rank.THREE: 1, Rank.RE: 2, Rank.CAVALLO: 1,
                             Rank.FANTE: 1})


# -- revokes --------------------------------------------------------------------------------
def test_revoke_record_is_scored_against_the_offenders() -> None:
    deal = replay(load("revoke"))
    result = deal.result()
    assert [r.to_json() for r in result.revokes] == [{"trick": 4, "seat": "W", "card": "7d"}]
    assert result.penalised == "EW"
    assert result.sides["EW"].thirds // 3 == 9  # EW took most card points...
    assert (result.total("NS"), result.total("EW")) == (11, 0)  # ...and lose the deal


def test_revokes_by_the_side_that_took_every_trick() -> None:
    data = load("seed002")
    plays = data["plays"]
    plays[2]["card"], plays[22]["card"] = "4d", "4c"  # S does not follow coppe, then denari
    result = replay(data).result()
    assert [(r.trick, r.seat) for r in result.revokes] == [(1, Seat.S), (6, Seat.S)]
    assert (result.total("NS"), result.total("EW")) == (0, 11)


# -- declarations, calls, redeal, unfinished deals ------------------------------------------------
def test_declarations_after_the_first_trick() -> None:
    data = load("seed002")
    data["declarations"] = [{"seat": "N", "combo": "napoletana", "suit": "c"},
                            {"seat": "N", "combo": "napoletana", "suit": "d"}]
    result = replay(data).result()
    assert result.sides["NS"].declarations == 6 and result.total("NS") == 17
    assert result.sides["NS"].card_points == 11


def test_declarations_before_the_first_lead() -> None:
    data = load("seed002")
    data["rules"] = {"preset": "standard", "declaration_timing": "before_first_lead"}
    data["declarations"] = [{"seat": "N", "combo": "napoletana", "suit": "d"}]
    deal = replay(data)
    assert deal.result().total("NS") == 14
    assert replay(record_from_deal(deal)).declarations == deal.declarations


def test_compulsory_declarations_are_accepted_listed_or_not() -> None:
    data = load("seed002")
    data["rules"] = {"preset": "standard", "declarations_compulsory": True}
    unlisted = replay(data)
    data["declarations"] = [{"seat": "N", "combo": "napoletana", "suit": "c"}]
    listed = replay(data)
    assert unlisted.declarations == listed.declarations and len(listed.declarations) == 4  # N, E


def test_declarations_need_the_first_trick() -> None:
    data = load("seed002")
    data["plays"] = data["plays"][:3]
    data["declarations"] = [{"seat": "N", "combo": "napoletana", "suit": "c"}]
    assert error_of(data).startswith("declarations[0]: the record stops before trick 1")


def test_a_declaration_not_held_names_its_index() -> None:
    data = load("seed002")
    data["declarations"] = [{"seat": "N", "combo": "napoletana", "suit": "c"},
                            {"seat": "S", "combo": "buon_gioco", "rank": "3", "missing": "b"}]
    decl = Declaration(Seat.S, "buon_gioco", rank=Rank.THREE, missing=Suit.BASTONI)
    assert refusal_of(data) == ("declarations[1]",
                                Refusal.of("not_dealt", seat=Seat.S, declaration=decl))


def test_a_correct_call_ends_the_deal() -> None:
    data = load("seed002")
    data["rules"] = {"preset": "standard", "calling_out": True}
    data["match_scores"] = {"NS": 18, "EW": 5}
    data["calls"] = [{"side": "NS", "after_trick": 4}]
    data["plays"] = data["plays"][:16]
    deal = replay(data)
    assert deal.is_over() and deal.ended_by_call is not None and deal.ended_by_call.correct
    assert deal.ended_by_call.points == 18 + 5  # 15 thirds in four tricks = 5 points
    data["plays"] = load("seed002")["plays"]
    assert refusal_of(data) == ("plays[16]", Refusal.of("deal_called_out", side="NS", trick=4))


def test_a_call_after_the_record_stops_is_an_error() -> None:
    data = load("seed002")
    data["rules"] = {"preset": "standard", "calling_out": True}
    data["calls"] = [{"side": "EW", "after_trick": 6}]
    data["plays"] = data["plays"][:21]
    assert error_of(data).startswith("calls[0].after_trick: the record stops before trick 6")


def test_calls_need_the_option() -> None:
    data = load("seed002")
    data["calls"] = [{"side": "NS", "after_trick": 2}]
    assert refusal_of(data) == ("calls[0]", Refusal.of("no_calling_out", side="NS"))


def poor_hands() -> dict[str, list[str]]:
    """W holds no ace and no card worth a third: a hand that may ask for a redeal."""
    w = ["4d", "5d", "6d", "7d", "4c", "5c", "6c", "7c", "4s", "5s"]
    rest = [f"{r}{s}" for s in "dcsb" for r in "A234567FCR" if f"{r}{s}" not in w]
    return {"N": rest[0:10], "E": rest[10:20], "S": rest[20:30], "W": w}


def test_redeal_record() -> None:
    data = {"rules": {"preset": "standard", "redeal": True}, "dealer": "E",
            "hands": poor_hands(), "redeal": "W"}
    deal = replay(data)
    assert deal.is_over() and deal.redeal_by == Seat.W
    assert record_from_deal(deal)["redeal"] == "W"
    data["plays"] = [{"seat": "N", "card": data["hands"]["N"][0]}]
    assert refusal_of(data) == ("plays[0]", Refusal.of("deal_redealt", seat=Seat.W))
    assert error_of(data) == "plays[0]: deal_redealt(seat=W)"
    data["redeal"] = "N"
    del data["plays"]
    where, refusal = refusal_of(data)
    assert where == "redeal" and refusal is not None and refusal.kind == "redeal_hand_worth"


def test_an_unfinished_record_replays_to_the_seat_to_play() -> None:
    data = load("seed002")
    data["plays"] = data["plays"][:13]
    deal = replay(data)
    assert not deal.is_over() and deal.to_play == Seat.W and len(deal.tricks) == 3
    breakdown = score_breakdown(deal)
    assert breakdown["in_progress"] and not breakdown["complete"]
    assert breakdown["current"] == [{"seat": "N", "card": "Rc"}]


# -- bad records ----------------------------------------------------------------------------------
def mutate(change: Any) -> dict[str, Any]:
    data = copy.deepcopy(load("seed002"))
    change(data)
    return data


BAD = [
    (lambda d: d["hands"]["E"].__setitem__(4, "9x"), "hands.E[4]: unknown card '9x': "),
    (lambda d: d["hands"]["W"].__setitem__(0, "3c"),
     "hands.W[0]: 3c is dealt twice (also hands.N[0])"),
    (lambda d: d["hands"]["N"].pop(), "hands.N: 9 cards, a hand has 10"),
    (lambda d: d["hands"].pop("W"), "hands.W: missing"),
    (lambda d: d["hands"].__setitem__("X", []), "hands.X: unknown seat 'X'"),
    (lambda d: d["plays"][13].__setitem__("card", "3c"),
     "plays[13].card: played_already(seat=W, card=3c, by=N, trick=1)"),
    (lambda d: d["plays"][12].__setitem__("card", "3b"),
     "plays[12].card: held_by(seat=N, card=3b, holder=E)"),
    (lambda d: d["plays"][3].__setitem__("seat", "W"),
     "plays[3].seat: not_your_turn(seat=W, to_play=E)"),
    (lambda d: d["plays"][3].__setitem__("seat", "Z"), "plays[3].seat: unknown seat 'Z'"),
    (lambda d: d["plays"][3].pop("card"), "plays[3]: missing field 'card'"),
    (lambda d: d["plays"][0].__setitem__("signal", "volo"),
     "plays[0].signal: false_volo(card=3c, suit=c, held="),
    (lambda d: d["plays"][1].__setitem__("signal", "striscio"),
     "plays[1].signal: signal_not_leading(signal=striscio)"),
    (lambda d: d["plays"][0].__setitem__("signal", "knock"), "plays[0].signal: unknown signal"),
    (lambda d: d["plays"].append({"seat": "N", "card": "3c"}),
     "plays[40]: deal_over(tricks=10)"),
    (lambda d: d.__setitem__("rules", "foo"), "rules: unknown preset 'foo'"),
    (lambda d: d.__setitem__("rules", {"preset": "foo"}), "rules.preset: unknown preset 'foo'"),
    (lambda d: d.__setitem__("rules", {"preset": "standard", "bogus": 1}),
     "rules.bogus: unknown rules option 'bogus'"),
    (lambda d: d.__setitem__("rules", {"preset": "standard", "target": "x"}),
     "rules.target: rules option 'target' must be a positive number"),
    (lambda d: d.__setitem__("rules", 3), "rules: must be a preset name or an object"),
    (lambda d: d.__setitem__("dealer", "X"), "dealer: unknown seat 'X'"),
    (lambda d: d.pop("hands"), "record: missing field 'hands'"),
    (lambda d: d.__setitem__("play", []), "play: unknown field: did you mean 'plays'?"),
    (lambda d: d.__setitem__("plays", {}), "plays: must be a list, not an object"),
    (lambda d: d.__setitem__("stock", ["4d"]), "stock[0]: 4d is dealt twice (also hands.S[9])"),
    (lambda d: d.__setitem__("declarations", [{"seat": "N", "combo": "tris"}]),
     "declarations[0]: unknown combo 'tris'"),
    (lambda d: d.__setitem__("calls", [{"side": "XY", "after_trick": 2}]),
     "calls[0].side: unknown side 'XY'"),
    (lambda d: d.__setitem__("calls", [{"side": "NS", "after_trick": 11}]),
     "calls[0].after_trick: must be a trick number from 1 to 10"),
    (lambda d: d.__setitem__("match_scores", {"NS": -1}), "match_scores.NS: must be a whole"),
    (lambda d: d.__setitem__("match_scores", {"N": 1}), "match_scores.N: unknown side"),
]


@pytest.mark.parametrize(("change", "message"), BAD, ids=[m.split(":")[0] for _, m in BAD])
def test_bad_records_name_the_field(change: Any, message: str) -> None:
    assert error_of(mutate(change)).startswith(message)


def test_two_player_records_check_the_table() -> None:
    data = {"rules": "a_due", "dealer": "E", "hands": {}}
    assert error_of(data).startswith("dealer: E has no place at a 2-player table")
    deal = Deal.new(Rules.preset("a_due"), seed=1)
    record = record_from_deal(deal)
    record["stock"] = record["stock"][:-1]
    assert error_of(record).startswith("stock: 19 cards, 20 expected with two players")
    record = record_from_deal(deal)
    record["hands"]["E"] = []
    assert error_of(record).startswith("hands.E: E has no place at a 2-player table")


def test_invalid_json_names_line_and_column() -> None:
    assert error_of('{"rules": "standard",\n\n  "dealer": }').startswith(
        "record: not valid JSON (line 3 column 13")
    assert error_of("[1, 2]") == "record: must be a JSON object, not a list"


def test_record_error_is_a_value_error_with_the_field() -> None:
    with pytest.raises(ValueError) as info:
        replay(mutate(lambda d: d["hands"]["N"].pop()))
    assert isinstance(info.value, RecordError) and info.value.where == "hands.N"


# -- match records ---------------------------------------------------------------------------------
def played_match(seed: int, target: int = 11) -> Match:
    rng = random.Random(seed)
    match = Match(Rules.preset("standard").with_options(target=target), seed=seed)
    while not match.is_over():
        play_randomly(match.deal, rng)
        match.next_deal()
    return match


@pytest.mark.parametrize("seed", range(4))
def test_match_records_round_trip(seed: int) -> None:
    match = played_match(seed)
    text = write_match_record(match)
    again = match_from_records(text)
    assert again.totals == match.totals and again.result() == match.result()
    assert write_match_record(again) == text
    assert len(json.loads(text)["deals"]) == len(match.finished)


def test_a_match_in_progress_keeps_its_current_deal() -> None:
    rng = random.Random(9)
    match = Match(Rules.preset("standard"), seed=9)
    play_randomly(match.deal, rng)
    match.next_deal()
    play_randomly(match.deal, rng, 7)
    record = match_record(match)
    assert len(record["deals"]) == 2 and len(record["deals"][1]["plays"]) == 7
    again = match_from_records(record)
    assert not again.is_over() and len(again.deal.plays) == 7
    assert again.totals == match.totals


def test_match_record_errors_name_the_deal() -> None:
    record = match_record(played_match(1))
    wrong = copy.deepcopy(record)
    wrong["deals"][1]["dealer"] = "E"
    with pytest.raises(RecordError, match=r"^deals\[1\]\.dealer: the deal passes to the right"):
        match_from_records(wrong)
    wrong = copy.deepcopy(record)
    wrong["deals"][0]["plays"][5]["seat"] = "Z"
    with pytest.raises(RecordError, match=r"^deals\[0\]\.plays\[5\]\.seat: unknown seat"):
        match_from_records(wrong)
    wrong = copy.deepcopy(record)
    wrong["deals"].append(wrong["deals"][0])
    with pytest.raises(RecordError, match=r"^deals\[\d+\]: the match was already over"):
        match_from_records(wrong)
    wrong = copy.deepcopy(record)
    wrong["deals"][0]["plays"] = wrong["deals"][0]["plays"][:5]
    with pytest.raises(RecordError, match=r"^deals\[0\]: the deal is unfinished"):
        match_from_records(wrong)
    with pytest.raises(RecordError, match=r"^record: missing field 'deals'"):
        match_from_records({"rules": "standard"})


# -- record formats: cappotto's default changed (RULES.md §5) ---------------------------------
def all_points_record(**options: Any) -> dict[str, Any]:
    """EW take a first trick with no points in it, NS every other trick and every point."""
    from conftest import ALL_POINTS_TRICKS, all_points_deal, play_all

    deal = all_points_deal(Rules.preset("standard").with_options(cappotto=True, **options))
    for trick in ALL_POINTS_TRICKS:
        play_all(deal, trick)
    return record_from_deal(deal)


def test_an_old_record_with_cappotto_keeps_meaning_all_tricks() -> None:
    old = all_points_record()
    old.pop("format")
    assert old["rules"] == {"preset": "standard", "cappotto": True}  # as format 1 wrote it
    deal = replay(old)
    assert deal.rules.cappotto_definition == "all_tricks"
    assert deal.result().cappotto is None  # EW took a trick: no cappotto then
    rewritten = json.loads(write_record(deal))
    assert rewritten["format"] == 2
    assert rewritten["rules"]["cappotto_definition"] == "all_tricks"
    assert replay(rewritten).result().cappotto is None


def test_a_new_record_with_cappotto_says_format_2_and_means_all_points() -> None:
    new = all_points_record()
    assert list(new)[:2] == ["format", "rules"]
    assert new["format"] == 2 and new["rules"] == {"preset": "standard", "cappotto": True}
    assert replay(new).result().cappotto == "NS"
    assert replay(json.dumps(new)).rules.cappotto_definition == "all_points"


def test_a_record_that_names_its_definition_reads_the_same_in_both_formats() -> None:
    for definition, cappotto in (("all_tricks", None), ("all_points", "NS")):
        record = all_points_record()
        record["rules"] = {"preset": "standard", "cappotto": True,
                           "cappotto_definition": definition}
        for version in (1, 2):
            assert replay({**record, "format": version}).result().cappotto == cappotto


def test_records_without_cappotto_are_written_as_before() -> None:
    text = (DATA / "split14.json").read_text(encoding="utf-8")
    assert "format" not in json.loads(write_record(replay(text)))


@pytest.mark.parametrize("value", [0, 3, "2", 2.0, True, None])
def test_a_bad_format_is_refused_naming_the_field(value: Any) -> None:
    assert error_of({**load("split14"), "format": value}).startswith("format: must be a record "
                                                                       "format from 1 to 2")


def test_an_old_match_record_with_cappotto_keeps_its_meaning() -> None:
    match = Match(Rules.preset("standard").with_options(cappotto=True, target=31), seed=3)
    while not match.is_over() and len(match.finished) < 2:
        play_randomly(match.deal, random.Random(len(match.finished)))
        match.next_deal()
    record = match_record(match)
    assert record["format"] == 2
    old = {k: v for k, v in record.items() if k != "format"}
    assert match_from_records(old).rules.cappotto_definition == "all_tricks"
    assert match_from_records(write_match_record(match)).rules.cappotto_definition == \
        "all_points"


def test_romana_in_an_old_record_is_read_as_quattro_denari() -> None:
    record = {**load("split14"), "rules": "romana"}
    record.pop("declarations", None)
    deal = replay(record)
    assert deal.rules == Rules.preset("quattro_denari")
    assert json.loads(write_record(deal))["rules"] == "quattro_denari"


# -- each for himself: sides are seats ----------------------------------------------------------
def test_a_traversone_record_round_trips_with_a_side_per_seat() -> None:
    deal = Deal.new(Rules.preset("traversone"), seed=4, match_scores={"N": 3, "E": 9, "S": 0,
                                                                       "W": 12})
    play_randomly(deal, random.Random(4))
    record = json.loads(write_record(deal))
    assert record["format"] == 2 and record["rules"] == "traversone"
    assert record["match_scores"] == {"N": 3, "E": 9, "S": 0, "W": 12}
    again = replay(json.dumps(record))
    assert again.result() == deal.result()
    breakdown = score_breakdown(again)
    assert list(breakdown["sides"]) == ["N", "E", "S", "W"]
    assert sum(s["thirds"] for s in breakdown["sides"].values()) == 65
    assert breakdown["cappotto_effect"] == "reversed"


def test_traversone_match_scores_name_seats_not_partnerships() -> None:
    deal = Deal.new(Rules.preset("traversone"), seed=4)
    record = {**record_from_deal(deal), "match_scores": {"NS": 3, "EW": 0}}
    assert error_of(record) == "match_scores.NS: unknown side: use N, E, S or W"


def traversone_all_points_record() -> dict[str, Any]:
    """Each for himself: W takes a first trick with no points, N every other trick and all
    65 thirds (the Ace of batons worth 11): a cappotto by points, not by tricks."""
    from conftest import ALL_POINTS_TRICKS, all_points_deal, play_all

    deal = all_points_deal(Rules.preset("traversone"))
    for trick in ALL_POINTS_TRICKS:
        play_all(deal, trick)
    return json.loads(write_record(deal))


def test_a_traversone_reversed_cappotto_is_scored_both_ways_by_the_record_format() -> None:
    record = traversone_all_points_record()
    assert record["format"] == 2 and record["rules"] == "traversone"
    now = replay(json.dumps(record))
    assert now.rules.cappotto_definition == "all_points"
    result = now.result()
    assert result.cappotto == "N" and result.reversed_cappotto
    assert {s: x.total for s, x in result.sides.items()} == {"N": 0, "E": 21, "S": 21, "W": 21}
    assert result.winner == "N"  # scappottare: the fewest points
    assert json.loads(write_record(now)) == record  # written back the same
    # format 1: cappotto turned on by the rules object meant all ten tricks; W took one
    old = {**record, "format": 1, "rules": {"preset": "traversone", "cappotto": True}}
    before = replay(old)
    assert before.rules.cappotto_definition == "all_tricks"
    assert before.result().cappotto is None
    assert {s: x.total for s, x in before.result().sides.items()} == \
        {"N": 21, "E": 0, "S": 0, "W": 0}
    rewritten = json.loads(write_record(before))
    assert rewritten["format"] == 2 and rewritten["rules"] == {
        "preset": "traversone", "cappotto_definition": "all_tricks"}
    assert replay(rewritten).result().cappotto is None


def test_a_traversone_without_the_reversed_option_leaves_the_taker_his_points() -> None:
    record = traversone_all_points_record()
    record["rules"] = {"preset": "traversone", "reversed_cappotto": False}
    result = replay(record).result()
    assert result.cappotto == "N" and not result.reversed_cappotto
    assert {s: x.total for s, x in result.sides.items()} == {"N": 21, "E": 0, "S": 0, "W": 0}
    breakdown = score_breakdown(replay(record))
    assert breakdown["cappotto"] == "N" and breakdown["cappotto_effect"] != "reversed"


def test_the_traversone_guided_hand_is_a_record_that_round_trips() -> None:
    hand = json.loads((Path(__file__).parent.parent / "lessons" / "hands" / "traversone.json")
                      .read_text(encoding="utf-8"))
    deal = replay(hand["record"])
    assert deal.is_over() and not deal.rules.partners
    again = replay(write_record(deal))
    assert again.result() == deal.result()
    assert {s: x.total for s, x in again.result().sides.items()} == \
        {"N": 1, "E": 12, "S": 1, "W": 7}
    assert again.result().cappotto is None
