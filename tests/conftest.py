"""Shared test configuration: Hypothesis profiles.

``ci`` is derandomized (the same examples every run) and is selected when the
``CI`` environment variable is set or ``HYPOTHESIS_PROFILE=ci``; ``dev`` is the
default for local runs.
"""

from __future__ import annotations

import os

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
settings.load_profile(
    os.environ.get("HYPOTHESIS_PROFILE") or ("ci" if os.environ.get("CI") else "dev")
)
