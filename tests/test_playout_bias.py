"""The correction of the quick play-out that early hints value the end of a deal by
(``_kernel.playout_bias``, fitted by ``benchmarks/playout_bias.py``)."""

from __future__ import annotations

import statistics
import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "benchmarks"))
from playout_bias import measure  # noqa: E402


@pytest.fixture(scope="module")
def measured() -> dict:
    return measure(400, seed=7)


def test_the_correction_brings_the_play_out_closer_to_exact_play(measured: dict) -> None:
    """On trick starts the weights were not fitted on, the corrected play-out is nearer the
    exact value on average and in the square mean, and no longer short-changes a side."""
    alone, corrected = (measured["held_out_points"][k] for k in ("alone", "corrected"))
    assert corrected["rmse"] < alone["rmse"]
    assert abs(corrected["bias"]) < abs(alone["bias"])


def test_the_kernel_weights_are_those_the_positions_give(measured: dict) -> None:
    """Fitted again on other deals, every weight has the kernel's sign and size (within
    half of the largest), the lead weighing most and the Three more than the Ace."""
    fitted, kernel = measured["weights"], measured["kernel"]
    top = max(kernel.values())
    assert all(abs(fitted[k] - kernel[k]) < top / 2 for k in kernel), fitted
    assert fitted["lead"] == max(fitted.values()) and fitted["three"] > fitted["ace"]
    assert statistics.fmean(fitted.values()) > 0
