"""fincalc benchmarks: run ``python -m benchmarks`` (see docs/performance.md)."""
