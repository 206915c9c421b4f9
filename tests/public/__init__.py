"""Tests of the public surface as a whole.

The public names, the error contract, the CLI, docs, layering, benchmarks, the
fuzz harness and hostile input across every public function.
"""
