"""Quiz questions: every generated answer agrees with an independent count, every answer is
explained in both languages, and a malformed answer is a message, never an exception."""

from __future__ import annotations

import string

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tressette_learn.content import load
from tressette_learn.engine import DECK, Card, Rules, Seat, Suit, parse_cards
from tressette_learn.engine.tricks import Play
from tressette_learn.i18n import card_name
from tressette_learn.teaching.answers import Feedback, check
from tressette_learn.teaching.bank import load_bank
from tressette_learn.teaching.generate import KINDS, generate, make_quiz
from tressette_learn.teaching.questions import (
    NOTHING,
    Question,
    QuestionError,
    count_question,
    declarations_question,
    legal_question,
    meaning_question,
    order_question,
    signal_question,
    value_question,
    winner_question,
)

# Independent facts, written out from RULES.md section 1 rather than taken from the engine.
TRICK_ORDER = "4567FCRA23"  # weakest to strongest
THIRDS = {"A": 3, "3": 1, "2": 1, "R": 1, "C": 1, "F": 1}
seeds = st.integers(0, 2**31 - 1)


def strength(card: Card) -> int:
    return TRICK_ORDER.index(str(card)[0])


def brute_thirds(cards: tuple[Card, ...]) -> int:
    return sum(THIRDS.get(str(c)[0], 0) for c in cards)


def trick(text: str, leader: Seat = Seat.N) -> tuple[Play, ...]:
    order = [Seat.N, Seat.W, Seat.S, Seat.E]
    start = order.index(leader)
    return tuple(Play(order[(start + i) % 4], c) for i, c in enumerate(parse_cards(text)))


# --------------------------------------------------------------------------- the strings


def test_quiz_strings_have_the_same_keys_and_placeholders_in_both_languages():
    en, it = load("strings/en/quiz.yaml"), load("strings/it/quiz.yaml")
    assert set(en) == set(it)
    fields = lambda text: {f for _, f, _, _ in string.Formatter().parse(text) if f}  # noqa: E731
    for key in en:
        assert fields(en[key]) == fields(it[key]), key
        assert en[key].strip() and it[key].strip(), key


@pytest.mark.parametrize("kind", KINDS)
def test_every_kind_is_told_in_both_languages(kind):
    for seed in range(5):
        q = generate(kind, seed)
        for text in (q.prompt, q.explanation, q.hint, *(c.label for c in q.choices)):
            assert text.get("en").strip() and text.get("it").strip()
            assert "{" not in text.get("en") + text.get("it")
        assert q.prompt.get("en") != q.prompt.get("it")


# --------------------------------------------------------------------------- seeds


@pytest.mark.parametrize("kind", KINDS)
def test_the_same_seed_gives_the_same_question(kind):
    assert generate(kind, 42) == generate(kind, 42)
    assert generate(kind, 42).id == f"{kind}-42"


def test_a_class_shares_one_quiz():
    one = make_quiz(["winner", "legal", "points", "signal"], 8, seed=2024)
    assert one == make_quiz(["winner", "legal", "points", "signal"], 8, seed=2024)
    assert [q.kind for q in one] == ["winner", "legal", "points", "signal"] * 2
    assert one != make_quiz(["winner", "legal", "points", "signal"], 8, seed=2025)


def test_unknown_kinds_and_tables_without_the_feature_are_refused():
    with pytest.raises(QuestionError, match="unknown kind"):
        generate("poker", 1)
    with pytest.raises(QuestionError, match="gioco muto"):
        generate("signal", 1, Rules.preset("online"))
    with pytest.raises(QuestionError, match="declarations"):
        generate("declarations", 1, Rules.preset("gamelake"))
    with pytest.raises(QuestionError):
        make_quiz([], 3, 1)


# ---------------------------------------------------------- answers against brute force


@settings(max_examples=40, deadline=None)
@given(seeds, st.sampled_from(["standard", "a_due", "col_morto"]))
def test_the_winner_is_the_highest_card_of_the_suit_led(seed, preset):
    q = generate("winner", seed, Rules.preset(preset))
    led = q.trick[0].card.suit
    expected = max((p.card for p in q.trick if p.card.suit == led), key=strength)
    assert q.answer == expected
    assert q.cards == tuple(p.card for p in q.trick)
    assert check(q, str(expected)).correct


@settings(max_examples=40, deadline=None)
@given(seeds)
def test_legal_cards_follow_the_suit_led_when_possible(seed):
    q = generate("legal", seed)
    led = q.trick[0].card.suit
    same = {c for c in q.cards if c.suit == led}
    assert q.answer == (same or set(q.cards))
    assert check(q, sorted(q.answer)).correct


def test_while_the_stock_lasts_a_free_table_makes_every_card_legal():
    rules = Rules.preset("gamelake").with_options(players=2)
    free = [q for q in (generate("legal", s, rules) for s in range(40))
            if q.answer == set(q.cards) and any(c.suit == q.trick[0].card.suit for c in q.cards)]
    assert free, "some position should hold the suit led and still allow every card"
    assert "stock" in free[0].explanation.get("en")


@settings(max_examples=40, deadline=None)
@given(seeds)
def test_trick_order_is_strongest_first(seed):
    q = generate("order", seed)
    assert sorted(q.cards, key=strength, reverse=True) == list(q.answer)
    assert all(a.beats(b) for a, b in zip(q.answer, q.answer[1:], strict=False))
    assert q.cards != q.answer, "the cards are shown out of order"


@settings(max_examples=40, deadline=None)
@given(seeds)
def test_counts_agree_with_a_hand_count(seed):
    thirds, points = generate("thirds", seed), generate("points", seed)
    assert thirds.answer == brute_thirds(thirds.cards)
    assert points.answer == (brute_thirds(points.cards) + 3 * points.last_trick) // 3


def test_a_perdere_the_ace_of_batons_is_worth_eleven_points():
    pile = parse_cards("Ab 3c 4d")
    q = count_question("p", "points", pile, Rules.preset("a_perdere"))
    assert q.answer == (33 + 1) // 3
    value = value_question("v", Card.parse("Ab"), Rules.preset("a_perdere"))
    assert "11" in value.choice(value.answer).label.get("en")
    assert "a perdere" in value.explanation.get("en")


@settings(max_examples=40, deadline=None)
@given(seeds)
def test_declarations_are_found_by_brute_force(seed):
    q = generate("declarations", seed)
    held = {str(c) for c in q.hand}
    expected = {f"napoletana-{s}" for s in "dcsb" if {f"3{s}", f"2{s}", f"A{s}"} <= held}
    for rank in "32A":
        count = sum(f"{rank}{s}" in held for s in "dcsb")
        if count >= 3:
            expected.add(f"buon_gioco-{rank}-{count}")
    assert q.answer == (expected or {NOTHING})
    assert len(q.hand) == 10


def brute_signals(hand: tuple[Card, ...], lead: Card, played: tuple[Card, ...]) -> set[str]:
    left = [c for c in hand if c.suit == lead.suit and c != lead]
    out = [c for c in DECK if c.suit == lead.suit and c != lead and c not in played]
    true = {"striscio"} if left else {"volo"}
    if out and max(out, key=strength) in left:
        true.add("busso")
    return true


@settings(max_examples=40, deadline=None)
@given(seeds)
def test_true_signals_agree_with_the_rule_book(seed):
    q = generate("signal", seed)
    lead = q.trick[0].card
    assert q.answer == brute_signals((*q.hand, lead), lead, q.played)
    for signal in ("busso", "volo", "striscio"):
        assert check(q, signal).correct == (signal in q.answer)


@settings(max_examples=30, deadline=None)
@given(seeds)
def test_partner_signal_is_honest_and_its_meaning_is_the_answer(seed):
    q = generate("meaning", seed)
    play = q.trick[0]
    assert q.answer == play.signal
    assert check(q, play.signal).correct
    if play.signal == "busso":
        out = [c for c in DECK if c.suit == play.card.suit and c not in (*q.played, play.card)]
        top = max(out, key=strength)
        assert card_name(top, "en", "bare") in q.explanation.get("en")


def test_generated_signals_include_busso_volo_and_striscio():
    answers = set().union(*(generate("signal", s).answer for s in range(30)))
    assert answers == {"busso", "volo", "striscio"}


# ------------------------------------------------------------------ the explanations


def test_a_wrong_winner_is_explained_with_the_rule():
    q = winner_question("w", trick("Rc 3c 2s Ac"))
    result = check(q, "2s")
    assert not result.correct and result.valid
    assert "The winner is the Three of cups, the highest card of cups, the suit led." \
        in result.explanation.get("en")
    assert "You picked the Two of swords, not a card of cups: a card off the suit led never " \
           "wins." in result.explanation.get("en")
    assert "Vince il Tre di coppe" in result.explanation.get("it")
    lower = check(q, "Ac").explanation.get("en")
    assert "In trick order the Three of cups beats the Ace of cups" in lower
    right = check(q, Card.parse("3c"))
    assert right.correct and right.explanation.get("en").startswith("Right!")
    assert right.explanation.get("it").startswith("Giusto!")


def test_legal_feedback_names_the_wrong_and_the_missed_cards():
    q = legal_question("l", trick("Ad"), parse_cards("3c 7d 2d Rb"))
    assert q.answer == set(parse_cards("7d 2d"))
    text = check(q, ["7d", "3c"]).explanation
    assert "You may not play the Three of cups" in text.get("en")
    assert "You could also play the Two of coins" in text.get("en")
    assert "Non puoi giocare il Tre di coppe" in text.get("it")
    after = legal_question("a", trick("Ad 4d 5d"), parse_cards("3c 7d")).prompt  # N, W, S
    assert after.get("en") == "It is your turn: you play after South. Pick every card you " \
        "may play."  # you are not South, who has played
    assert after.get("it").startswith("Tocca a te: giochi dopo Sud.")
    two = check(q, ["7d", "3c", "Rb"]).explanation  # either is wrong: "or", not "and"
    assert "You may not play the Three of cups or the King of batons." in two.get("en")
    assert "Non puoi giocare il Tre di coppe o il Re di bastoni." in two.get("it")
    void = legal_question("v", trick("4s"), parse_cards("3c Ad"))
    assert void.answer == set(parse_cards("3c Ad")) and "hold none" in void.explanation.get("en")


def test_order_feedback_names_a_pair_in_the_wrong_order():
    q = order_question("o", parse_cards("Rd 3d Ad"))
    assert q.answer == parse_cards("3d Ad Rd")
    text = check(q, "Ad 3d Rd").explanation.get("en")
    assert "In trick order the Three of coins beats the Ace of coins, so it comes first." in text
    assert "Here: Three, Ace and King of coins." in text


def test_points_explain_the_last_trick_and_the_rounding():
    q = count_question("p", "points", parse_cards("Ad 2c Cs 6d"), last_trick=True)
    assert q.answer == 2
    text = check(q, 3).explanation
    assert "You said 3; the count is 2." in text.get("en")
    assert "The last trick adds 3 thirds: 8 thirds." in text.get("en")
    assert "Divide 8 thirds by 3 and round down: 2 points" in text.get("en")
    assert "Dividi 8 terzi per 3 e arrotonda per difetto: 2 punti" in text.get("it")


def test_declaration_feedback_says_which_card_is_missing():
    hand = parse_cards("3c 2c Ac 3d 3s 7b 5b Fd Rd 6s")
    q = declarations_question("d", hand)
    assert q.answer == {"napoletana-c", "buon_gioco-3-3"}
    text = check(q, ["napoletana-c", "napoletana-d"]).explanation
    assert "No napoletana of coins: the hand does not hold the Two and the Ace of coins." \
        in text.get("en")
    assert "You missed: Buon gioco of three Threes: 3 points." in text.get("en")
    assert "The same card may count" in q.explanation.get("en")
    nothing = declarations_question("n", parse_cards("3c 2c 7c 3d 2d 6s Fs 7b 5b 4b"))
    assert nothing.answer == {NOTHING} and check(nothing, NOTHING).correct


def test_a_false_signal_is_explained_from_the_hand():
    q = signal_question("s", parse_cards("Rc 5c Rd 2s"), Card.parse("5c"))
    assert q.answer == {"striscio"}
    text = check(q, "busso").explanation.get("en")
    assert "the Three of cups, the highest card of cups not yet played, is not yours" in text
    volo = check(q, "volo").explanation
    assert "Volo would be false: you still hold the King of cups." in volo.get("en")
    assert "Il volo sarebbe falso: hai ancora il Re di coppe." in volo.get("it")


def test_busso_is_false_when_no_card_of_the_suit_is_left():
    played = tuple(c for c in DECK if c.suit == Suit.COPPE and str(c) != "4c")
    q = signal_question("s", parse_cards("4c Rd"), Card.parse("4c"), played)
    assert q.answer == {"volo"}
    with pytest.raises(QuestionError):
        meaning_question("m", Seat.N, Card.parse("4c"), "busso", played)


# ------------------------------------------------------------------ malformed answers


MALFORMED = [None, 42, True, "zz", "4s", [], {}, b"3c", 3.5, ["3c", 7], object()]


@pytest.mark.parametrize("kind", KINDS)
def test_malformed_answers_give_a_message_in_both_languages(kind):
    q = generate(kind, 7)
    for answer in MALFORMED:
        result = check(q, answer)
        assert isinstance(result, Feedback)
        if not result.valid:
            assert not result.correct
            assert result.explanation.get("en").strip() and result.explanation.get("it").strip()


def test_specific_malformed_answers_are_refused_with_a_reason():
    q = winner_question("w", trick("Rc 3c 2s Ac"))
    assert "not one of the cards shown" in check(q, "4s").explanation.get("en")
    assert "Not a card: zz" in check(q, "zz").explanation.get("en")
    order = order_question("o", parse_cards("Rd 3d Ad"))
    assert "all 3 cards" in check(order, "3d Ad").explanation.get("en")
    count = count_question("c", "thirds", parse_cards("Ad"))
    for bad in (-1, True, "two", 1.0):
        assert not check(count, bad).valid
    assert check(count, "3").correct
    decl = declarations_question("d", parse_cards("3c 2c Ac 3d 3s 7b 5b Fd Rd 6s"))
    assert "cannot go with" in check(decl, [NOTHING, "napoletana-c"]).explanation.get("en")
    assert not check(decl, 99).valid


answers = st.recursive(
    st.none() | st.booleans() | st.integers() | st.text(max_size=8)
    | st.sampled_from([str(c) for c in DECK] + ["busso", "volo", NOTHING]),
    lambda inner: st.lists(inner, max_size=5) | st.dictionaries(st.text(max_size=3), inner),
    max_leaves=10)


@settings(max_examples=80, deadline=None)
@given(st.sampled_from(KINDS), answers)
def test_no_answer_raises(kind, answer):
    q: Question = generate(kind, 3)
    result = check(q, answer)
    assert result.valid or not result.correct


@pytest.mark.parametrize("seed", range(20))
def test_a_name_question_asks_for_the_card_its_prompt_names(seed):
    question = generate("name", seed)
    prompt = question.prompt.get("en").lower()
    named = [c for c in question.cards if card_name(c, "en", "bare").lower() in prompt]
    assert named == [question.answer]
    assert card_name(question.answer, "it", "bare") in question.prompt.get("it")
    assert check(question, question.answer).correct
    other = next(c for c in question.cards if c != question.answer)
    assert not check(question, other).correct



def wrong_answer(q: Question) -> object:
    """Some readable answer that is not right."""
    if q.input in ("choice", "choices"):
        key = next(c.key for c in q.choices
                   if c.key not in (q.answer if isinstance(q.answer, frozenset) else {q.answer}))
        return key if q.input == "choice" else [key]
    if q.input == "number":
        return q.answer + 1  # type: ignore[operator]
    if q.input == "order":
        return list(q.cards)
    return next(c if q.input == "card" else [c] for c in q.cards
                if not check(q, c if q.input == "card" else [c]).correct)


@pytest.mark.parametrize("kind", [kind for kind in KINDS if kind != "choice"])
def test_a_wrong_answer_gets_the_answer_once_from_the_explanation(kind):
    """The engine's explanation names the answer: no "The answer: ..." repeats it."""
    for seed in range(5):
        q = generate(kind, seed)
        result = check(q, wrong_answer(q))
        assert result.valid and not result.correct
        for lang, said in (("en", "The answer:"), ("it", "La risposta:")):
            text = result.explanation.get(lang)
            assert said not in text and text.startswith(("Not quite.", "Non proprio.")), text


def test_a_hand_written_choice_says_its_answer():
    q = next(q for q in load_bank("00_index") if q.id == "index-partner")
    assert check(q, "0").explanation.get("en").startswith("Not quite. The answer: North.")


def test_a_question_at_a_perdere_says_so_in_its_prompt():
    """Lesson 8: a pile with the Ace of batons is counted at 11 points only at a perdere."""
    perdere = Rules.preset("a_perdere")
    for q in (count_question("p", "points", parse_cards("Ab 3c"), perdere),
              count_question("t", "thirds", parse_cards("Ab 3c"), perdere),
              value_question("v", Card.parse("Rd"), perdere)):
        assert q.prompt.get("en").startswith("At this table (a perdere) the Ace of batons is "
                                             "worth 11 points.")
        assert q.prompt.get("it").startswith("A questo tavolo (a perdere) l'Asso di bastoni")
    plain = count_question("q", "points", parse_cards("Ab 3c"), perdere.with_options(
        ace_of_bastoni_eleven=False))
    assert "usual values" in plain.prompt.get("en") and plain.answer == 1
    assert "perdere" not in count_question("s", "points", parse_cards("Ab 3c")).prompt.get("en")


@pytest.mark.parametrize("preset, words", [("a_due", "must follow suit even while the stock"),
                                           ("gamelake", "free play while the stock lasts")])
def test_a_two_player_legal_question_says_the_rule_of_the_stock(preset, words):
    rules = Rules.preset(preset).with_options(players=2)
    for seed in range(5):
        assert words in generate("legal", seed, rules).prompt.get("en")
    assert "stock" not in generate("legal", 1).prompt.get("en")


@pytest.mark.parametrize("seed", range(8))
def test_generated_signals_are_yours_and_meanings_your_partners(seed):
    signal, meaning = generate("signal", seed), generate("meaning", seed)
    assert signal.trick[0].seat == Seat.S and meaning.trick[0].seat == Seat.N
    assert meaning.prompt.get("en").startswith("Your partner (North) leads")
