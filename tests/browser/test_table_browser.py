"""The card table in real Chromium: computers play, the learner clicks, the kernel answers."""

from __future__ import annotations

import re
from collections.abc import Callable

import pytest
from playwright.sync_api import Locator, Page, expect

MY_CARDS = ".tl-seat.tl-pos-bottom .tl-card"


def open_table(page: Page, open_notebook: Callable[..., Page]) -> None:
    open_notebook(page, "table", ".tl-table")
    # North and West play first, each after the table's short delay
    expect(page.locator('.tl-table[data-status="your_turn"]')).to_be_visible(timeout=20_000)


def play_legal(page: Page, keyboard: bool = False) -> str:
    """Play the learner's first legal card (click, or Tab focus and Enter); its name."""
    legal = page.locator(f"{MY_CARDS}.legal").first
    card = legal.get_attribute("data-card")
    assert card is not None
    if keyboard:
        legal.focus()
        page.keyboard.press("Enter")
    else:
        legal.click()
    expect(page.locator(f'.tl-trick .tl-played[data-seat="S"][data-card="{card}"]')).to_be_visible()
    return card


def test_an_illegal_card_shows_the_rule_and_stays_in_hand(
    page: Page, open_notebook: Callable[..., Page], console_errors: list[str]
) -> None:
    open_table(page, open_notebook)
    illegal = page.locator(f"{MY_CARDS}.illegal").first
    card = illegal.get_attribute("data-card")
    illegal.click(force=True)  # aria-disabled, yet a click explains the rule
    message = page.locator(".tl-message.tl-error")
    expect(message).to_have_text(re.compile(
        r"^You must follow (coins|cups|swords|batons), the suit led: you hold the "
        r"(Ace|Two|Three|Four|Five|Six|Seven|Jack|Knight|King)\b.* of \1\.$"))
    expect(page.locator(f'{MY_CARDS}[data-card="{card}"]')).to_have_count(1)
    expect(page.locator(".tl-trick .tl-played")).to_have_count(2)
    assert console_errors == []


def test_a_refusal_is_worded_again_in_italian_when_the_learner_switches(
    page: Page, open_notebook: Callable[..., Page], console_errors: list[str]
) -> None:
    open_table(page, open_notebook)
    page.locator(f"{MY_CARDS}.illegal").first.click(force=True)  # aria-disabled, yet explained
    message = page.locator(".tl-message.tl-error")
    expect(message).to_contain_text("You must follow")
    page.locator(".tl-lang-switch").get_by_role("button", name="Italiano").click()
    expect(message).to_have_text(re.compile(
        r"^Devi rispondere a (denari|coppe|spade|bastoni), il seme di questa presa: hai "
        r"(il|l')\s?(Asso|Due|Tre|Quattro|Cinque|Sei|Sette|Fante|Cavallo|Re)\b.* di \1\.$"))
    assert console_errors == []


def test_a_legal_card_goes_to_the_trick_and_the_computers_finish_it(
    page: Page, open_notebook: Callable[..., Page], console_errors: list[str]
) -> None:
    open_table(page, open_notebook)
    card = play_legal(page)
    expect(page.locator(f'{MY_CARDS}[data-card="{card}"]')).to_have_count(0)
    # East plays after the delay; the finished trick stays until "Next trick"
    expect(page.locator('.tl-table[data-status="trick_done"]')).to_be_visible(timeout=10_000)
    expect(page.locator(".tl-trick .tl-played")).to_have_count(4)
    expect(page.locator(".tl-trick .tl-winner")).to_have_count(1)
    page.locator(".tl-next").click()
    expect(page.locator('.tl-table[data-status="trick_done"]')).to_have_count(0)
    assert console_errors == []


def test_the_keyboard_plays_a_card(
    page: Page, open_notebook: Callable[..., Page], console_errors: list[str]
) -> None:
    open_table(page, open_notebook)
    play_legal(page, keyboard=True)
    assert console_errors == []


def test_the_table_switches_to_italian(
    page: Page, open_notebook: Callable[..., Page], console_errors: list[str]
) -> None:
    open_table(page, open_notebook)
    page.locator(".tl-lang-switch").get_by_role("button", name="Italiano").click()
    expect(page.locator(".tl-status")).to_contain_text("Tocca a te")
    page.locator(f"{MY_CARDS}.illegal").first.click(force=True)
    expect(page.locator(".tl-message.tl-error")).to_contain_text("Devi rispondere a")
    assert console_errors == []


# A table's tree with its attributes in a fixed order: two drawings of one state compare equal.
TREE = """(table) => {
  const attrs = (node) => [...node.attributes].map((a) => `${a.name}=${a.value}`).sort();
  const text = (node) => node.nodeType === Node.TEXT_NODE ? node.data
    : `<${node.nodeName} ${attrs(node).join(" ")}>${[...node.childNodes].map(text).join("")}</>`;
  return text(table);
}"""


SETTLED = re.compile("your_turn|trick_done|over")  # nothing changes until the learner acts


def assert_same_as_a_fresh_drawing(page: Page) -> None:
    """Draw the table again from scratch and compare it with the one redrawn card by card
    (once the computers have finished playing)."""
    tables = page.locator(".tl-table")
    expect(tables.first).to_have_attribute("data-status", SETTLED)
    page.locator(".tl-test-again").click()
    expect(tables).to_have_count(2)
    step = tables.first.get_attribute("data-step")
    expect(tables.nth(1)).to_have_attribute("data-step", step or "")
    redrawn, fresh = (tables.nth(i).evaluate(TREE) for i in (0, 1))
    assert redrawn == fresh


def act(page: Page, locator: Locator) -> None:
    """Click ``locator`` and wait until the table has moved on (its step changes)."""
    step = page.locator(".tl-table").first.get_attribute("data-step") or ""
    locator.click()
    expect(page.locator(".tl-table").first).not_to_have_attribute("data-step", step)


# Every card on the table is named by its French face (no Italian suit left in a name).
FRENCH_NAMES = """() => {
  const names = [...document.querySelector('.tl-table').querySelectorAll('[data-card]')]
    .map((card) => card.getAttribute('aria-label') || '');
  return names.length > 0 && !names.some((name) => /coppe|denari|bastoni|spade/.test(name));
}"""


def test_every_redraw_matches_a_drawing_from_scratch(
    page: Page, open_notebook: Callable[..., Page], console_errors: list[str]
) -> None:
    """Redraws change only what differs; what they leave must be what a new drawing shows,
    through tricks, a whole deal, a new deal, Italian and French faces."""
    open_notebook(page, "table_redraw", '.tl-table[data-status="your_turn"]')
    table = page.locator(".tl-table").first
    # after three cards the table speaks Italian; after six it shows French faces
    switches = {3: (".tl-lang-switch", "() => document.querySelector('.tl-table').lang === 'it'"),
                6: (".tl-faces-switch", FRENCH_NAMES)}
    plays = 0
    while plays < 12:
        expect(table).to_have_attribute("data-status", SETTLED)
        if table.get_attribute("data-status") != "your_turn":
            act(page, table.locator(".tl-next, .tl-new").first)
            continue
        assert_same_as_a_fresh_drawing(page)
        act(page, table.locator(".tl-pos-bottom .tl-card.legal").first)
        plays += 1
        if plays in switches:
            switch, shown = switches[plays]
            page.locator(f"{switch} button").nth(1).click()
            # the switch redraws the table: wait for it, lest its new step pass for a click's
            page.wait_for_function(shown)
    assert_same_as_a_fresh_drawing(page)
    assert console_errors == []


# -- the keyboard (table_keys.ipynb: seed 0, every hand face up) ----------------------------
HAND = '.tl-seat[data-seat="S"] .tl-cards'
TAB_STOPS = """(table) => [...table.querySelectorAll('button, [tabindex]')]
  .filter((node) => node.tabIndex >= 0 && !node.disabled)
  .map((node) => node.dataset.card || node.className)"""


def open_keys(page: Page, open_notebook: Callable[..., Page]) -> Locator:
    open_notebook(page, "table_keys", '.tl-table[data-status="your_turn"]')
    return page.locator(".tl-table")


def focused(page: Page, selector: str) -> bool:
    """Whether the element with the keyboard focus matches ``selector``."""
    return bool(page.evaluate(f"() => !!document.activeElement?.matches({selector!r})"))


def expect_focus(page: Page, selector: str) -> None:
    page.wait_for_function(f"() => !!document.activeElement?.matches({selector!r})")


def test_tab_reaches_a_playable_card_at_once_and_only_playable_cards_are_stops(
    page: Page, open_notebook: Callable[..., Page], console_errors: list[str]
) -> None:
    table = open_keys(page, open_notebook)
    assert table.evaluate(TAB_STOPS) == ["Ad"]  # one stop for the hand, none for other seats
    page.locator(".tl-faces-switch button").last.focus()  # just before the table
    for _ in range(2):
        page.keyboard.press("Tab")
        if focused(page, f"{HAND} .tl-card"):
            break
    assert focused(page, f'{HAND} .tl-card.legal[data-card="Ad"]')
    assert console_errors == []


def test_arrows_move_among_the_playable_cards_only(
    page: Page, open_notebook: Callable[..., Page], console_errors: list[str]
) -> None:
    open_keys(page, open_notebook)
    page.locator(f'{HAND} .tl-card[data-card="Ad"]').focus()
    page.keyboard.press("ArrowRight")
    assert focused(page, '[data-card="Cd"]')
    page.keyboard.press("ArrowRight")  # past the last playable card, back to the first
    assert focused(page, '[data-card="Ad"]')
    page.keyboard.press("ArrowLeft")
    assert focused(page, '[data-card="Cd"]')
    # the Tab stop went with the focus: Shift+Tab and Tab come back to the same card
    page.keyboard.press("Shift+Tab")
    page.keyboard.press("Tab")
    assert focused(page, '[data-card="Cd"]')
    assert console_errors == []


def test_unplayable_cards_are_aria_disabled_and_named_in_words(
    page: Page, open_notebook: Callable[..., Page], console_errors: list[str]
) -> None:
    open_keys(page, open_notebook)
    cards = page.locator(f"{HAND} .tl-card")
    for card in cards.all():
        legal = card.get_attribute("data-card") in ("Ad", "Cd")
        assert card.get_attribute("aria-disabled") == (None if legal else "true")
    expect(page.locator(f'{HAND} .tl-card[data-card="3c"]')).to_have_attribute(
        "aria-label", "Three of cups")
    page.locator(".tl-lang-switch").get_by_role("button", name="Italiano").click()
    expect(page.locator(f'{HAND} .tl-card[data-card="3c"]')).to_have_attribute(
        "aria-label", "Tre di coppe")
    assert console_errors == []


def test_the_focus_ring_is_not_the_playable_outline(
    page: Page, open_notebook: Callable[..., Page], console_errors: list[str]
) -> None:
    open_keys(page, open_notebook)
    page.locator(".tl-faces-switch button").last.focus()  # just before the table
    page.keyboard.press("Tab")  # keyboard focus: :focus-visible applies
    card = page.locator(f'{HAND} .tl-card[data-card="Ad"]')
    ring = card.evaluate("(c) => getComputedStyle(c).boxShadow")
    playable = card.evaluate("(c) => getComputedStyle(c.querySelector('svg')).outlineColor")
    unfocused = page.locator(f'{HAND} .tl-card[data-card="Cd"]').evaluate(
        "(c) => getComputedStyle(c).boxShadow")
    assert ring != "none" and unfocused == "none"
    assert playable not in ring
    assert console_errors == []


@pytest.mark.parametrize("key", ["Space", "Enter"])
def test_space_and_enter_play_and_the_focus_stays_in_the_hand(
    page: Page, open_notebook: Callable[..., Page], console_errors: list[str], key: str
) -> None:
    table = open_keys(page, open_notebook)
    page.locator(f'{HAND} .tl-card[data-card="Cd"]').focus()
    page.keyboard.press(key)
    expect(page.locator('.tl-trick .tl-played[data-seat="S"][data-card="Cd"]')).to_be_visible()
    expect_focus(page, HAND)  # the card has gone: the hand keeps the focus
    expect(table).to_have_attribute("data-status", "trick_done", timeout=10_000)
    assert focused(page, HAND)
    page.keyboard.press("Tab")  # one stop to "Next trick"
    assert focused(page, ".tl-next")
    page.keyboard.press("Enter")
    # the computers play until it is South's turn; the focus is back on a playable card
    expect(table).to_have_attribute("data-status", "your_turn", timeout=10_000)
    expect_focus(page, f"{HAND} .tl-card.legal")
    again = page.evaluate("() => document.activeElement.dataset.card")
    page.keyboard.press(key)  # and the same key plays the next card
    played = page.locator(f'.tl-trick .tl-played[data-seat="S"][data-card="{again}"]')
    expect(played).to_be_visible()
    assert console_errors == []


def test_after_the_last_card_the_focus_goes_on_to_new_deal_not_the_empty_hand(
    page: Page, open_notebook: Callable[..., Page], console_errors: list[str]
) -> None:
    """A whole deal by the keyboard alone (Enter on the card, Tab and Enter on Next trick):
    once the hand is empty the focus is on the way on, not on an empty dashed box."""
    table = open_keys(page, open_notebook)
    page.locator(f"{HAND} .tl-card.legal").first.focus()
    for _ in range(60):
        status = table.get_attribute("data-status")
        if status == "over":
            break
        if status == "your_turn":
            expect_focus(page, f"{HAND} .tl-card.legal")
            step = table.get_attribute("data-step") or ""
            page.keyboard.press("Enter")
        elif status == "trick_done":
            step = table.get_attribute("data-step") or ""
            expect_focus(page, f"{HAND}, .tl-next")  # the redraw has placed the focus
            if not focused(page, ".tl-next"):
                page.keyboard.press("Tab")  # one stop from the hand to "Next trick"
            expect_focus(page, ".tl-next")
            page.keyboard.press("Enter")
        else:
            step = table.get_attribute("data-step") or ""
        expect(table).not_to_have_attribute("data-step", step, timeout=10_000)
    expect(table).to_have_attribute("data-status", "over", timeout=10_000)
    expect(page.locator(f"{HAND} .tl-card")).to_have_count(0)
    expect_focus(page, ".tl-new")
    page.keyboard.press("Enter")  # and Enter deals again
    expect(table).not_to_have_attribute("data-status", "over", timeout=10_000)
    assert console_errors == []
