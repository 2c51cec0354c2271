"""The step buttons of a guided hand: presses reach only the actions offered now."""

import pytest

from tressette_learn.ui.stepper import Step, Stepper


def stepper() -> tuple[Stepper, list[str]]:
    done: list[str] = []
    widget = Stepper({"back": lambda: done.append("back"), "next": lambda: done.append("next")})
    widget.show([Step("back", "Back", enabled=False), Step("next", "Next")], "1 of 3")
    return widget, done


def test_a_press_reaches_an_offered_action_only():
    widget, done = stepper()
    assert widget.state == {"steps": [
        {"action": "back", "label": "Back", "enabled": False, "shown": True},
        {"action": "next", "label": "Next", "enabled": True, "shown": True}], "text": "1 of 3"}
    assert widget.offered() == {"next"}
    widget._on_message(widget, {"type": "step", "action": "next"}, None)
    widget._on_message(widget, {"type": "step", "action": "back"}, None)  # not offered now
    assert done == ["next"]


@pytest.mark.parametrize("msg", [
    {"type": "step", "action": "reset"}, {"type": "step"}, {"type": "step", "action": 1},
    {"type": "press", "action": "next"}, {"type": "step", "action": "next", "x": 1}, "next"])
def test_a_forged_message_changes_nothing(msg):
    widget, done = stepper()
    widget._on_message(widget, msg, None)
    assert done == []


def test_an_action_that_fails_does_not_reach_the_kernel():
    widget = Stepper({"next": lambda: 1 / 0})
    widget.show([Step("next", "Next")])
    widget._on_message(widget, {"type": "step", "action": "next"}, None)  # logged only


def test_a_step_without_an_action_is_refused():
    widget, _done = stepper()
    with pytest.raises(ValueError, match="no action for"):
        widget.show([Step("reset", "Reset")])


def test_focus_asks_the_browser(monkeypatch):
    widget, _done = stepper()
    sent: list[dict] = []
    monkeypatch.setattr(widget, "send", sent.append)
    widget.focus("next")
    assert sent == [{"type": "focus", "action": "next"}]
