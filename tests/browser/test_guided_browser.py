"""A guided hand in real Chromium: it opens at the learner's move, a card plays by click
and by keyboard, and the hand's own steps (no table button beside them) go to the end."""

from __future__ import annotations

from collections.abc import Callable

from playwright.sync_api import Page, expect

HAND = ".tl-guided"
SOUTH = f"{HAND} .tl-seat.tl-pos-bottom .tl-card"
PLAYED = f'{HAND} .tl-trick .tl-played[data-seat="S"][data-card="3c"]'  # the advised lead
FOCUSED = "() => document.activeElement && document.activeElement.dataset.%s"


def focused(page: Page, what: str) -> str | None:
    return page.evaluate(FOCUSED % what)


def test_a_guided_hand_opens_at_the_move_and_takes_a_click_and_the_keyboard(
    page: Page, open_notebook: Callable[..., Page], console_errors: list[str]
) -> None:
    open_notebook(page, "guided", f'{HAND} .tl-table[data-status="your_turn"]')
    expect(page.locator(f"{HAND} .tl-next")).to_have_count(0)  # no table button to press
    page.locator(f'{SOUTH}.legal[data-card="3c"]').click()
    expect(page.locator(PLAYED)).to_be_visible()
    expect(page.locator(f"{HAND} .tl-message.tl-good")).to_be_visible()
    expect(page.locator(f'{HAND} .tl-table[data-status="paused"]')).to_be_visible()
    expect(page.locator(f"{HAND} .tl-step-show_me")).to_be_hidden()  # only at a move

    # The played card has left the hand: the focus is on Next trick. Two steps back with
    # Shift+Tab is "Previous card": Enter goes back to the move and focuses South's cards.
    page.wait_for_function(FOCUSED % "action" + ' === "forward_trick"')
    page.keyboard.press("Shift+Tab")
    page.keyboard.press("Shift+Tab")
    assert focused(page, "action") == "back"
    page.keyboard.press("Enter")
    expect(page.locator(PLAYED)).to_have_count(0)
    page.wait_for_function("() => document.activeElement.matches('.tl-card.legal')")
    for _ in range(10):  # the arrows move along the hand to the Three of cups
        if focused(page, "card") == "3c":
            break
        page.keyboard.press("ArrowRight")
    assert focused(page, "card") == "3c"
    page.keyboard.press("Enter")
    expect(page.locator(PLAYED)).to_be_visible()

    # Enter on Next trick, again and again, to the end of the deal: 8 tricks are left.
    page.wait_for_function(FOCUSED % "action" + ' === "forward_trick"')
    last = page.locator(f'{HAND} .tl-step-forward_trick[aria-disabled="true"]')
    presses = 0
    while last.count() == 0 and presses < 12:
        page.keyboard.press("Enter")
        presses += 1
        expect(page.locator(f"{HAND} .tl-stepper-text")).to_contain_text(
            f"Trick {min(presses + 2, 10)} of 10")
    expect(page.locator(f'{HAND} .tl-table[data-status="over"]')).to_be_visible()
    assert presses == 8
    expect(page.locator(f"{HAND} .tl-next")).to_have_count(0)
    # the stars and Try again on one line: the button is centred on the line's text
    again = page.locator(f"{HAND} .tl-guided-again")
    stars = page.locator(f"{HAND} .tl-guided-stars [role=status]")
    expect(again).to_be_visible()
    button, line = again.bounding_box(), stars.bounding_box()
    assert button is not None and line is not None
    middle = lambda box: box["y"] + box["height"] / 2  # noqa: E731
    assert abs(middle(button) - middle(line)) <= 3, (button, line)
    assert console_errors == []
