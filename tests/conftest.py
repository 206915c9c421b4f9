"""Shared test configuration: Hypothesis profiles.

``ci`` is derandomized (the same examples every run) and is selected when the
``CI`` environment variable is set or ``HYPOTHESIS_PROFILE=ci``.  ``quick`` is the
edit loop's (``pytest -m "not slow"``, see the root ``conftest.py``): fewer fresh
examples per property, so the loop stays under a minute.  ``dev`` is the default
for any other local run.  ``HYPOTHESIS_PROFILE`` always wins.  A test that sets
its own ``max_examples`` keeps it under every profile.
"""

from __future__ import annotations

import os
from collections.abc import Mapping

import pytest
from hypothesis import HealthCheck, settings

settings.register_profile(
    "ci",
    derandomize=True,
    max_examples=60,
    deadline=None,
    database=None,
    print_blob=True,
    suppress_health_check=[HealthCheck.too_slow],
)
settings.register_profile("dev", max_examples=100, deadline=None)
settings.register_profile("quick", max_examples=20, deadline=None)


def profile_for(environ: Mapping[str, str], markexpr: str) -> str:
    """The Hypothesis profile of a run: the environment's, else CI's, the edit loop's or dev."""
    if environ.get("HYPOTHESIS_PROFILE"):
        return environ["HYPOTHESIS_PROFILE"]
    if environ.get("CI"):
        return "ci"
    if " ".join(markexpr.split()) == "not slow":
        return "quick"
    return "dev"


def pytest_configure(config: pytest.Config) -> None:
    settings.load_profile(profile_for(os.environ, config.getoption("markexpr", "") or ""))
